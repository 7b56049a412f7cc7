#!/bin/sh
# makecorpus.sh DIR: write a corpus of real files into DIR, made by the Debian
# tools the machine has (imagemagick, ffmpeg, lame, vorbis-tools, opus-tools,
# flac, sox, webp, libavif-bin, ghostscript, fonttools, woff2, zip, p7zip,
# gzip, bzip2, xz), for
#
#	MIMESNIFF_BENCH_FILES=DIR go test -run '^$' -bench Sniff
#
# Every file is written by a tool from nothing, so nothing outside is copied.
# A tool that is missing or fails is skipped with a note on stderr.
set -u
dir=${1:?usage: makecorpus.sh DIR}
mkdir -p "$dir"
cd "$dir" || exit 1

try() { # try NAME COMMAND...: run COMMAND, which writes NAME, and say if it did not
	name=$1
	shift
	"$@" >/dev/null 2>&1 && [ -s "$name" ] || { echo "makecorpus: no $name" >&2; rm -f "$name"; }
}

# Images.
try image.png convert -size 64x48 gradient:red-blue image.png
try image.jpg convert -size 64x48 plasma:fractal -seed 1 image.jpg
try image.gif convert -size 64x48 gradient:white-black image.gif
try image.bmp convert -size 16x16 xc:green image.bmp
try image.ico convert -size 16x16 xc:blue image.ico
try image.tiff convert -size 16x16 xc:yellow image.tiff
try image.webp cwebp -quiet image.png -o image.webp
try image.avif avifenc -s 10 image.png image.avif
try image.svg sh -c 'printf "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"4\" height=\"4\"><rect width=\"4\" height=\"4\"/></svg>\n" > image.svg'

# Audio and video, from one second of a generated tone or picture.
try tone.wav sox -n -r 44100 -b 16 -e signed-integer -c 1 tone.wav synth 1 sine 440
try tone.aiff sox -n -r 44100 -b 16 -c 1 tone.aiff synth 1 sine 440
try tone-id3.mp3 lame --quiet --tt corpus tone.wav tone-id3.mp3
try tone.mp3 lame --quiet -t tone.wav tone.mp3
try tone.ogg oggenc -Q tone.wav -o tone.ogg
try tone.opus opusenc --quiet tone.wav tone.opus
try tone.flac flac -s tone.wav -o tone.flac
try tone.m4a ffmpeg -v error -i tone.wav -c:a aac tone.m4a
try clip.mp4 ffmpeg -v error -f lavfi -i testsrc=size=64x48:rate=5 -t 1 -pix_fmt yuv420p clip.mp4
try clip.webm ffmpeg -v error -f lavfi -i testsrc=size=64x48:rate=5 -t 1 -c:v libvpx clip.webm
try clip.mkv ffmpeg -v error -f lavfi -i testsrc=size=64x48:rate=5 -t 1 clip.mkv
try clip.avi ffmpeg -v error -f lavfi -i testsrc=size=64x48:rate=5 -t 1 clip.avi
try clip.mov ffmpeg -v error -f lavfi -i testsrc=size=64x48:rate=5 -t 1 clip.mov
try clip.mid sh -c 'printf "MThd\000\000\000\006\000\000\000\001\000\140MTrk\000\000\000\004\000\377\057\000" > clip.mid'

# Documents and text.
try doc.ps gs -q -dNOPAUSE -dBATCH -sDEVICE=ps2write -sOutputFile=doc.ps -c "/Helvetica findfont 12 scalefont setfont 72 720 moveto (corpus) show showpage"
try doc.pdf gs -q -dNOPAUSE -dBATCH -sDEVICE=pdfwrite -sOutputFile=doc.pdf doc.ps
try page.html sh -c 'printf "<!DOCTYPE html>\n<html><head><title>corpus</title></head><body><p>corpus</p></body></html>\n" > page.html'
try page-bom.html sh -c 'printf "\357\273\277<html><body>corpus</body></html>\n" > page-bom.html'
try doc.xml sh -c 'printf "<?xml version=\"1.0\"?>\n<corpus/>\n" > doc.xml'
try data.json sh -c 'printf "{\"corpus\": [1, 2, 3]}\n" > data.json'
try text.txt sh -c 'seq 1 400 > text.txt'
try script.js sh -c 'printf "function corpus() { return 1; }\n" > script.js'
try style.css sh -c 'printf "body { color: red; }\n" > style.css'

# Fonts.
try font.ttf cp /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf font.ttf
try font.woff2 sh -c 'cp font.ttf woff2src.ttf && woff2_compress woff2src.ttf && mv woff2src.woff2 font.woff2; rm -f woff2src.ttf'
try font.woff ttx -q --flavor woff -o font.woff font.ttf

# Archives.
try archive.zip zip -q archive.zip text.txt
try archive.gz sh -c 'gzip -c text.txt > archive.gz'
try archive.bz2 sh -c 'bzip2 -c text.txt > archive.bz2'
try archive.xz sh -c 'xz -c text.txt > archive.xz'
try archive.tar tar -cf archive.tar text.txt
try archive.7z 7z a -bd archive.7z text.txt
try binary.bin sh -c 'head -c 600 /dev/zero | tr "\000" "\001" > binary.bin'
ls | wc -l | sed 's/^/makecorpus: files: /' >&2
