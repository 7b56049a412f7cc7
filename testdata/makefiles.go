//go:build ignore

// Makefiles writes the test inputs in testdata/files: one small file for each
// format named in a table of the WHATWG MIME Sniffing Standard
// (https://mimesniff.spec.whatwg.org/), plus text, markup, script and feed
// files for the unknown-type rules, the text-or-binary rules and the legacy
// feed-or-HTML rules. The expected sniffing results are in testdata/files.txt.
// That table was written by hand from the standard. It was not computed.
//
// Run it from the module root:
//
//	go run testdata/makefiles.go
//
// Every file is built here from the published layout of its format. Where Go
// has an encoder for the format (image/png, image/gif, image/jpeg,
// compress/gzip, archive/zip, compress/zlib) that encoder writes the file.
// Otherwise the file is assembled byte by byte. Nothing is read from outside.
// The output is deterministic: it uses no clock and no randomness, and every
// timestamp is fixed. Each file is smaller than 2048 bytes.
package main

import (
	"archive/zip"
	"bytes"
	"compress/gzip"
	"compress/zlib"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"log"
	"math"
	"math/bits"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
	"unicode/utf16"
)

// outDir is where the files go, relative to the module root.
const outDir = "testdata/files"

// maxSize is the size limit for every file: each must be smaller.
const maxSize = 2048

// fixedTime is the timestamp written wherever a format stores one.
var fixedTime = time.Date(2024, time.January, 1, 0, 0, 0, 0, time.UTC)

// files lists every output file and the function that makes it, grouped by
// the table of the standard that is meant to identify it.
var files = []struct {
	name string
	make func() []byte
}{
	// Image type pattern matching.
	{"icon.ico", makeICO},
	{"cursor.cur", makeCUR},
	{"image.bmp", makeBMP},
	{"image87a.gif", makeGIF87a},
	{"image89a.gif", makeGIF89a},
	{"image.webp", makeWebP},
	{"image.png", makePNG},
	{"image.jpg", makeJPEG},

	// Audio or video type pattern matching.
	{"audio.aiff", makeAIFF},
	{"audio-id3.mp3", makeMP3ID3},
	{"audio-raw.mp3", makeMP3Raw},
	{"audio-mpeg2.mp3", makeMP3MPEG2},
	{"audio-mpeg25.mp3", makeMP3MPEG25},
	{"audio.ogg", makeOgg},
	{"audio.mid", makeMIDI},
	{"video.avi", makeAVI},
	{"audio.wav", makeWAV},
	{"video.mp4", makeMP4},
	{"video-isom.mp4", makeMP4ISOM},
	{"video-3gp.3gp", make3GP},
	{"video.webm", makeWebM},
	{"video.mkv", makeMKV},

	// Font type pattern matching.
	{"font.eot", makeEOT},
	{"font.ttf", makeTTF},
	{"font.otf", makeOTF},
	{"font.ttc", makeTTC},
	{"font.woff", makeWOFF},
	{"font.woff2", makeWOFF2},

	// Archive type pattern matching.
	{"archive.gz", makeGzip},
	{"archive.zip", makeZIP},
	{"archive.rar", makeRAR},

	// The unknown-type rules (markup, PDF, PostScript, BOMs, text and
	// binary), the text-or-binary rules and the legacy feed rules.
	{"page.html", makePageHTML},
	{"page-leading-ws.html", makeLeadingWSHTML},
	{"fragment.html", makeFragmentHTML},
	{"comment.html", makeCommentHTML},
	{"doc.xml", makeXML},
	{"image.svg", makeSVG},
	{"doc.pdf", makePDF},
	{"doc.ps", makePS},
	{"text.txt", makeText},
	{"text-utf8bom.txt", makeTextUTF8BOM},
	{"text-utf16be.txt", makeTextUTF16BE},
	{"text-utf16le.txt", makeTextUTF16LE},
	{"text-1445.txt", makeText1445},
	{"text-long.txt", makeTextLong},
	{"binary.bin", makeBinary},
	{"feed.rss", makeRSS},
	{"feed.atom", makeAtom},
	{"feed.rdf", makeRDF},
	{"feed-rss.html", makeRSSNoDecl},
	{"json.json", makeJSON},
	{"script.js", makeScript},
}

func main() {
	log.SetFlags(0)
	log.SetPrefix("makefiles: ")
	if _, err := os.Stat("go.mod"); err != nil {
		log.Fatal("run from the module root: go run testdata/makefiles.go")
	}
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		log.Fatal(err)
	}
	for _, f := range files {
		b := f.make()
		if len(b) >= maxSize {
			log.Fatalf("%s is %d bytes, want fewer than %d", f.name, len(b), maxSize)
		}
		if err := writeFile(filepath.Join(outDir, f.name), b); err != nil {
			log.Fatal(err)
		}
	}
}

// writeFile writes data to name whole or not at all: to a temporary file,
// renamed over name, so that a test or a fuzz run reading testdata/files
// meanwhile sees the old file or the new one, never a part. The temporary
// file is in testdata, beside testdata/files rather than in it, where the
// tests list every file with a glob; a rename is atomic on one file system,
// and fails rather than copies across two.
func writeFile(name string, data []byte) error {
	tmp := filepath.Join(filepath.Dir(filepath.Dir(name)), "."+filepath.Base(name)+".tmp")
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		os.Remove(tmp)
		return err
	}
	return os.Rename(tmp, name)
}

// Byte-order helpers: each appends v to b and returns the extended slice.

func le16(b []byte, v uint16) []byte { return binary.LittleEndian.AppendUint16(b, v) }
func le32(b []byte, v uint32) []byte { return binary.LittleEndian.AppendUint32(b, v) }
func be16(b []byte, v uint16) []byte { return binary.BigEndian.AppendUint16(b, v) }
func be32(b []byte, v uint32) []byte { return binary.BigEndian.AppendUint32(b, v) }
func be64(b []byte, v uint64) []byte { return binary.BigEndian.AppendUint64(b, v) }

// pad4 returns b padded with zero bytes to a multiple of 4 bytes.
func pad4(b []byte) []byte {
	for len(b)%4 != 0 {
		b = append(b, 0)
	}
	return b
}

// bitWriter packs bit fields least significant bit first, the bit order of
// both the WebP lossless bitstream and Brotli.
type bitWriter struct {
	buf   []byte
	nbits uint // bits used in the last byte of buf; 0 means a new byte is needed
}

// write appends the n low bits of v, low bit first.
func (w *bitWriter) write(v uint32, n uint) {
	for i := uint(0); i < n; i++ {
		if w.nbits == 0 {
			w.buf = append(w.buf, 0)
		}
		w.buf[len(w.buf)-1] |= byte(v>>i&1) << w.nbits
		w.nbits = (w.nbits + 1) % 8
	}
}

// align pads with zero bits to the next byte boundary.
func (w *bitWriter) align() { w.nbits = 0 }

// ---------------------------------------------------------------------------
// Images
// ---------------------------------------------------------------------------

// iconImage returns the image data of a 1×1 icon or cursor in the BMP form
// that ICO and CUR files store (Microsoft, "Icons", ICONIMAGE): a 40-byte
// BITMAPINFOHEADER whose height counts both masks (2 × 1 rows), one 32-bit
// BGRA pixel (the XOR mask), and the 1-bit AND mask padded to 32 bits.
func iconImage() []byte {
	b := le32(nil, 40)                    // biSize
	b = le32(b, 1)                        // biWidth
	b = le32(b, 2)                        // biHeight: XOR rows + AND rows
	b = le16(b, 1)                        // biPlanes
	b = le16(b, 32)                       // biBitCount
	b = le32(b, 0)                        // biCompression: BI_RGB
	b = le32(b, 8)                        // biSizeImage: 4 bytes XOR + 4 bytes AND
	b = le32(b, 0)                        // biXPelsPerMeter
	b = le32(b, 0)                        // biYPelsPerMeter
	b = le32(b, 0)                        // biClrUsed
	b = le32(b, 0)                        // biClrImportant
	b = append(b, 0x00, 0x00, 0xFF, 0xFF) // XOR mask: one opaque red pixel (B, G, R, A)
	b = append(b, 0x00, 0x00, 0x00, 0x00) // AND mask: 1 bit, row padded to 32 bits
	return b
}

// iconFile returns an ICONDIR with one ICONDIRENTRY and its image. For an
// icon (idType 1) the two 16-bit entry fields are the color planes and the
// bit count; for a cursor (idType 2) they are the hotspot x and y.
func iconFile(idType, field1, field2 uint16) []byte {
	img := iconImage()
	b := le16(nil, 0)             // idReserved
	b = le16(b, idType)           // idType
	b = le16(b, 1)                // idCount
	b = append(b, 1, 1, 0, 0)     // bWidth, bHeight, bColorCount, bReserved
	b = le16(b, field1)           // wPlanes or hotspot x
	b = le16(b, field2)           // wBitCount or hotspot y
	b = le32(b, uint32(len(img))) // dwBytesInRes
	b = le32(b, 6+16)             // dwImageOffset: after the ICONDIR and the one entry
	return append(b, img...)
}

// makeICO writes a Windows icon: ICONDIR 00 00 01 00 (reserved 0, type 1),
// one 16-byte ICONDIRENTRY, then a 1×1 32-bit BMP image (Microsoft, "Icons").
func makeICO() []byte { return iconFile(1, 1, 32) }

// makeCUR writes a Windows cursor: the ICO layout with type 2 (00 00 02 00)
// and a hotspot at (0, 0) in place of planes and bit count.
func makeCUR() []byte { return iconFile(2, 0, 0) }

// makeBMP writes a 2×2 24-bit Windows bitmap: a 14-byte BITMAPFILEHEADER
// ("BM", file size, pixel offset 54), a 40-byte BITMAPINFOHEADER, then the
// pixel rows bottom-up, 3 bytes BGR a pixel, each row padded to 4 bytes
// (Microsoft, "Bitmap Storage").
func makeBMP() []byte {
	pixels := []byte{
		0xFF, 0x00, 0x00, 0x00, 0xFF, 0x00, 0, 0, // bottom row: blue, green, padding
		0x00, 0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0, 0, // top row: red, white, padding
	}
	b := []byte("BM")
	b = le32(b, uint32(14+40+len(pixels))) // bfSize
	b = le16(b, 0)                         // bfReserved1
	b = le16(b, 0)                         // bfReserved2
	b = le32(b, 14+40)                     // bfOffBits
	b = le32(b, 40)                        // biSize
	b = le32(b, 2)                         // biWidth
	b = le32(b, 2)                         // biHeight: positive, bottom-up
	b = le16(b, 1)                         // biPlanes
	b = le16(b, 24)                        // biBitCount
	b = le32(b, 0)                         // biCompression: BI_RGB
	b = le32(b, uint32(len(pixels)))       // biSizeImage
	b = le32(b, 2835)                      // biXPelsPerMeter: 72 dpi
	b = le32(b, 2835)                      // biYPelsPerMeter
	b = le32(b, 0)                         // biClrUsed
	b = le32(b, 0)                         // biClrImportant
	return append(b, pixels...)
}

// makeGIF87a assembles a 1×1 GIF87a byte by byte, per the GIF87a
// specification (CompuServe, 1987): signature and version, logical screen
// descriptor with a 2-entry global color table, image descriptor, the LZW
// image data (minimum code size 2, then one sub-block holding the 3-bit codes
// clear=4, 0, end=5 packed low bit first: 0x44 0x01), a zero-length block
// terminator and the trailer 0x3B.
func makeGIF87a() []byte {
	b := []byte("GIF87a")
	b = le16(b, 1)                           // logical screen width
	b = le16(b, 1)                           // logical screen height
	b = append(b, 0x80, 0, 0)                // global color table, 2 entries; background 0; aspect 0
	b = append(b, 0, 0, 0, 0xFF, 0xFF, 0xFF) // global color table: black, white
	b = append(b, 0x2C)                      // image separator
	b = le16(b, 0)                           // image left
	b = le16(b, 0)                           // image top
	b = le16(b, 1)                           // image width
	b = le16(b, 1)                           // image height
	b = append(b, 0)                         // no local color table, not interlaced
	b = append(b, 2)                         // LZW minimum code size
	b = append(b, 2, 0x44, 0x01)             // one 2-byte sub-block: codes 4, 0, 5
	b = append(b, 0)                         // block terminator
	return append(b, 0x3B)                   // trailer
}

// makeGIF89a writes a 4×4 paletted image with image/gif, which writes the
// GIF89a version of the format.
func makeGIF89a() []byte {
	pal := color.Palette{
		color.RGBA{0x00, 0x00, 0x00, 0xFF},
		color.RGBA{0xFF, 0xFF, 0xFF, 0xFF},
		color.RGBA{0xFF, 0x00, 0x00, 0xFF},
		color.RGBA{0x00, 0x00, 0xFF, 0xFF},
	}
	img := image.NewPaletted(image.Rect(0, 0, 4, 4), pal)
	for y := 0; y < 4; y++ {
		for x := 0; x < 4; x++ {
			img.SetColorIndex(x, y, uint8((x+y)%4))
		}
	}
	var buf bytes.Buffer
	if err := gif.Encode(&buf, img, nil); err != nil {
		log.Fatal(err)
	}
	return buf.Bytes()
}

// makeWebP assembles a 1×1 lossless WebP by hand (RFC 9649, "WebP Image
// Format"): a RIFF header ("RIFF", size, "WEBP") and one "VP8L" chunk. The
// VP8L bitstream, packed low bit first, is: the signature byte 0x2F; 14 bits
// width−1 = 0, 14 bits height−1 = 0, alpha_is_used = 0, 3 bits version = 0;
// no transform; no color cache; no meta prefix codes; then five "simple"
// prefix codes of one symbol each (green 0, red 0, blue 0, alpha 255,
// distance 0). One-symbol codes take zero bits a pixel, so the single black
// pixel needs no further bits. The chunk is padded to an even size.
func makeWebP() []byte {
	var w bitWriter
	w.write(0x2F, 8) // signature
	w.write(0, 14)   // image_width - 1
	w.write(0, 14)   // image_height - 1
	w.write(0, 1)    // alpha_is_used
	w.write(0, 3)    // version_number
	w.write(0, 1)    // transform present: no
	w.write(0, 1)    // color cache: no
	w.write(0, 1)    // meta prefix codes: no
	simple := func(symbol uint32) {
		w.write(1, 1) // simple code length code
		w.write(0, 1) // num_symbols - 1
		if symbol < 2 {
			w.write(0, 1) // is_first_8bits: no
			w.write(symbol, 1)
		} else {
			w.write(1, 1) // is_first_8bits: yes
			w.write(symbol, 8)
		}
	}
	simple(0)   // green, length and cache codes: symbol 0 (green 0)
	simple(0)   // red
	simple(0)   // blue
	simple(255) // alpha
	simple(0)   // distance
	vp8l := w.buf

	chunk := []byte("VP8L")
	chunk = le32(chunk, uint32(len(vp8l)))
	chunk = append(chunk, vp8l...)
	if len(vp8l)%2 == 1 {
		chunk = append(chunk, 0) // RIFF chunks are padded to an even size
	}
	b := []byte("RIFF")
	b = le32(b, uint32(4+len(chunk)))
	b = append(b, "WEBP"...)
	return append(b, chunk...)
}

// makePNG writes a 4×4 RGBA image with image/png: the PNG signature, then
// IHDR, IDAT and IEND chunks (PNG specification, W3C).
func makePNG() []byte {
	img := image.NewNRGBA(image.Rect(0, 0, 4, 4))
	for y := 0; y < 4; y++ {
		for x := 0; x < 4; x++ {
			img.SetNRGBA(x, y, color.NRGBA{uint8(x * 64), uint8(y * 64), 0x80, 0xFF})
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		log.Fatal(err)
	}
	return buf.Bytes()
}

// makeJPEG writes an 8×8 baseline JPEG with image/jpeg at quality 75: SOI
// (FF D8), DQT, SOF0, DHT, SOS, the entropy-coded data and EOI (ITU-T T.81).
func makeJPEG() []byte {
	img := image.NewRGBA(image.Rect(0, 0, 8, 8))
	for y := 0; y < 8; y++ {
		for x := 0; x < 8; x++ {
			img.SetRGBA(x, y, color.RGBA{uint8(x * 32), uint8(y * 32), 0x80, 0xFF})
		}
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 75}); err != nil {
		log.Fatal(err)
	}
	return buf.Bytes()
}

// ---------------------------------------------------------------------------
// Audio and video
// ---------------------------------------------------------------------------

// ieee80 returns the positive integer v as an 80-bit IEEE 754 extended
// precision number, big-endian, as AIFF stores its sample rate: a 15-bit
// biased exponent (bias 16383) and a 64-bit mantissa with an explicit
// leading one.
func ieee80(v uint32) []byte {
	n := bits.Len32(v) - 1
	b := be16(nil, uint16(16383+n))
	return be64(b, uint64(v)<<(63-n))
}

// makeAIFF writes an AIFF file per Apple's "Audio Interchange File Format"
// 1.3: a "FORM" chunk of type "AIFF" holding a "COMM" chunk (1 channel,
// 8 sample frames, 16 bits, 44100 Hz as an 80-bit float) and an "SSND" chunk
// (offset 0, block size 0, then 8 big-endian 16-bit samples).
func makeAIFF() []byte {
	comm := be16(nil, 1)                  // numChannels
	comm = be32(comm, 8)                  // numSampleFrames
	comm = be16(comm, 16)                 // sampleSize
	comm = append(comm, ieee80(44100)...) // sampleRate
	ssnd := be32(nil, 0)                  // offset
	ssnd = be32(ssnd, 0)                  // blockSize
	for _, s := range []int16{0, 1000, 2000, 1000, 0, -1000, -2000, -1000} {
		ssnd = be16(ssnd, uint16(s))
	}
	body := []byte("AIFF")
	body = append(body, "COMM"...)
	body = be32(body, uint32(len(comm)))
	body = append(body, comm...)
	body = append(body, "SSND"...)
	body = be32(body, uint32(len(ssnd)))
	body = append(body, ssnd...)
	b := []byte("FORM")
	b = be32(b, uint32(len(body)))
	return append(b, body...)
}

// mpegFrames returns count MPEG audio frames of size bytes each: the 4-byte
// frame header, then zeros. With no CRC (protection bit set) a Layer III
// frame of zeros has empty side information and decodes as silence.
func mpegFrames(header [4]byte, size, count int) []byte {
	var b []byte
	for i := 0; i < count; i++ {
		frame := make([]byte, size)
		copy(frame, header[:])
		b = append(b, frame...)
	}
	return b
}

// mpeg1L3Header is an MPEG-1 Layer III frame header (ISO/IEC 11172-3
// §2.4.1.3): sync FFF, ID 1, layer 01, no CRC (FF FB); bitrate index 9 =
// 128 kbit/s, sampling frequency 00 = 44.1 kHz, no padding (90); joint
// stereo, original (44). Frame size 144 × 128000 / 44100 = 417 bytes.
var mpeg1L3Header = [4]byte{0xFF, 0xFB, 0x90, 0x44}

// makeMP3ID3 writes an ID3v2.4 tag (id3.org, "ID3 tag version 2.4.0 - Main
// Structure"): header "ID3", version 4.0, no flags, a syncsafe size; one TIT2
// text frame (UTF-8, "mimesniff"). Then two MPEG-1 Layer III frames of 417
// bytes each (header FF FB 90 44).
func makeMP3ID3() []byte {
	text := append([]byte{3}, "mimesniff"...) // encoding 3 = UTF-8
	frame := []byte("TIT2")
	frame = append(frame, syncsafe(len(text))...)
	frame = append(frame, 0, 0) // frame flags
	frame = append(frame, text...)
	b := []byte("ID3")
	b = append(b, 4, 0, 0) // version 2.4.0, flags
	b = append(b, syncsafe(len(frame))...)
	b = append(b, frame...)
	return append(b, mpegFrames(mpeg1L3Header, 417, 2)...)
}

// syncsafe returns n as a 4-byte ID3v2 syncsafe integer (7 bits a byte).
func syncsafe(n int) []byte {
	return []byte{byte(n >> 21 & 0x7F), byte(n >> 14 & 0x7F), byte(n >> 7 & 0x7F), byte(n & 0x7F)}
}

// makeMP3Raw writes an MPEG-1 Layer III stream with no ID3 tag: two frames
// with header FF FB 90 44 (128 kbit/s, 44.1 kHz, no padding), each 417 =
// 144 × 128000 / 44100 bytes, so the second header is at offset 417.
func makeMP3Raw() []byte { return mpegFrames(mpeg1L3Header, 417, 2) }

// makeMP3MPEG2 writes an MPEG-2 Layer III stream (ISO/IEC 13818-3), no ID3
// tag: two frames with header FF F3 80 C4 (ID 0 with the sync's low bit set
// = version bits 10, layer 01, no CRC; bitrate index 8 = 64 kbit/s in the
// MPEG-2 table; 22.05 kHz; no padding; mono, original). Frame size
// 72 × 64000 / 22050 = 208, so the second header is at offset 208.
func makeMP3MPEG2() []byte { return mpegFrames([4]byte{0xFF, 0xF3, 0x80, 0xC4}, 208, 2) }

// makeMP3MPEG25 writes an MPEG-2.5 Layer III stream (the unofficial
// extension with version bits 00), no ID3 tag: two frames with header
// FF E3 80 C4 (64 kbit/s, 11.025 kHz, no padding, mono). Frame size
// 72 × 64000 / 11025 = 417, so the second header is at offset 417.
func makeMP3MPEG25() []byte { return mpegFrames([4]byte{0xFF, 0xE3, 0x80, 0xC4}, 417, 2) }

// oggCRC is the CRC-32 of Ogg pages (RFC 3533 §6): polynomial 0x04C11DB7,
// initial value 0, no bit reflection, no final XOR.
func oggCRC(b []byte) uint32 {
	var crc uint32
	for _, c := range b {
		crc ^= uint32(c) << 24
		for i := 0; i < 8; i++ {
			if crc&0x80000000 != 0 {
				crc = crc<<1 ^ 0x04C11DB7
			} else {
				crc <<= 1
			}
		}
	}
	return crc
}

// oggPage returns one Ogg page holding one packet shorter than 255 bytes
// (RFC 3533 §6): "OggS", version 0, header type, granule position, stream
// serial number, page sequence number, CRC, one lacing value, the packet.
func oggPage(headerType byte, granule uint64, seq uint32, packet []byte) []byte {
	b := []byte("OggS")
	b = append(b, 0, headerType)
	b = binary.LittleEndian.AppendUint64(b, granule)
	b = le32(b, 0x6D696D65) // bitstream serial number
	b = le32(b, seq)
	b = le32(b, 0) // CRC, filled in below
	b = append(b, 1, byte(len(packet)))
	b = append(b, packet...)
	binary.LittleEndian.PutUint32(b[22:], oggCRC(b))
	return b
}

// opusHead returns the Opus identification header (RFC 7845 §5.1):
// "OpusHead", version 1, mono, pre-skip 312, input sample rate 48 kHz,
// output gain 0, channel mapping family 0.
func opusHead() []byte {
	head := []byte("OpusHead")
	head = append(head, 1, 1) // version, channel count
	head = le16(head, 312)    // pre-skip
	head = le32(head, 48000)  // input sample rate
	head = le16(head, 0)      // output gain
	return append(head, 0)    // channel mapping family
}

// opusPacket is one Opus packet (RFC 6716 §3.1): TOC byte F8 (configuration
// 31, CELT fullband 20 ms, mono, one frame), then the frame bytes FF FE.
var opusPacket = []byte{0xF8, 0xFF, 0xFE}

// makeOgg writes an Ogg Opus stream (RFC 3533, RFC 7845) of three pages: a
// beginning-of-stream page with the "OpusHead" identification header (version
// 1, mono, pre-skip 312, 48 kHz, gain 0, mapping family 0); a page with the
// "OpusTags" comment header (vendor "mimesniff", no comments); and an
// end-of-stream page with one 20 ms packet, opusPacket, at granule
// position 960.
func makeOgg() []byte {
	head := opusHead()
	tags := []byte("OpusTags")
	tags = le32(tags, uint32(len("mimesniff")))
	tags = append(tags, "mimesniff"...)
	tags = le32(tags, 0) // user comment list length
	b := oggPage(0x02, 0, 0, head)
	b = append(b, oggPage(0x00, 0, 1, tags)...)
	return append(b, oggPage(0x04, 960, 2, opusPacket)...)
}

// makeMIDI writes a Standard MIDI File (MIDI Manufacturers Association,
// "Standard MIDI Files 1.0"): the header chunk "MThd", length 6, format 0,
// one track, 96 ticks a quarter note; then one "MTrk" chunk with a tempo
// meta event, a note on, a note off 96 ticks later and the end of track.
func makeMIDI() []byte {
	track := []byte{
		0x00, 0xFF, 0x51, 0x03, 0x07, 0xA1, 0x20, // tempo: 500000 µs a quarter note
		0x00, 0x90, 0x3C, 0x40, // note on, middle C, velocity 64
		0x60, 0x80, 0x3C, 0x40, // 96 ticks later: note off
		0x00, 0xFF, 0x2F, 0x00, // end of track
	}
	b := []byte("MThd")
	b = be32(b, 6)
	b = be16(b, 0)  // format 0
	b = be16(b, 1)  // one track
	b = be16(b, 96) // division: ticks a quarter note
	b = append(b, "MTrk"...)
	b = be32(b, uint32(len(track)))
	return append(b, track...)
}

// riffChunk returns a RIFF chunk: a four-character code, a little-endian
// size and the data, padded to an even size.
func riffChunk(fourCC string, data ...[]byte) []byte {
	body := slices.Concat(data...)
	b := append([]byte(fourCC), le32(nil, uint32(len(body)))...)
	b = append(b, body...)
	if len(body)%2 == 1 {
		b = append(b, 0)
	}
	return b
}

// riffList returns a RIFF "LIST" chunk of the given list type.
func riffList(listType string, chunks ...[]byte) []byte {
	return riffChunk("LIST", append([][]byte{[]byte(listType)}, chunks...)...)
}

// makeAVI writes a one-frame uncompressed AVI (Microsoft, "AVI RIFF File
// Reference"): RIFF "AVI " holding LIST "hdrl" (the 56-byte MainAVIHeader
// "avih", and LIST "strl" with a 56-byte AVIStreamHeader "strh" for a video
// stream and a BITMAPINFOHEADER "strf" for 2×2 24-bit RGB), LIST "movi" with
// one "00db" frame of 16 bytes, and an "idx1" index with one key frame.
func makeAVI() []byte {
	frame := []byte{
		0xFF, 0x00, 0x00, 0x00, 0xFF, 0x00, 0, 0, // bottom row: blue, green, padding
		0x00, 0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0, 0, // top row: red, white, padding
	}
	avih := le32(nil, 1000000)               // dwMicroSecPerFrame: 1 frame a second
	avih = le32(avih, uint32(len(frame)))    // dwMaxBytesPerSec
	avih = le32(avih, 0)                     // dwPaddingGranularity
	avih = le32(avih, 0x10)                  // dwFlags: AVIF_HASINDEX
	avih = le32(avih, 1)                     // dwTotalFrames
	avih = le32(avih, 0)                     // dwInitialFrames
	avih = le32(avih, 1)                     // dwStreams
	avih = le32(avih, uint32(len(frame)))    // dwSuggestedBufferSize
	avih = le32(avih, 2)                     // dwWidth
	avih = le32(avih, 2)                     // dwHeight
	avih = append(avih, make([]byte, 16)...) // dwReserved[4]

	strh := []byte("vids")                // fccType
	strh = append(strh, "DIB "...)        // fccHandler: uncompressed
	strh = le32(strh, 0)                  // dwFlags
	strh = le16(strh, 0)                  // wPriority
	strh = le16(strh, 0)                  // wLanguage
	strh = le32(strh, 0)                  // dwInitialFrames
	strh = le32(strh, 1)                  // dwScale
	strh = le32(strh, 1)                  // dwRate: 1 frame a second
	strh = le32(strh, 0)                  // dwStart
	strh = le32(strh, 1)                  // dwLength
	strh = le32(strh, uint32(len(frame))) // dwSuggestedBufferSize
	strh = le32(strh, 0xFFFFFFFF)         // dwQuality: default
	strh = le32(strh, 0)                  // dwSampleSize
	strh = le16(strh, 0)                  // rcFrame.left
	strh = le16(strh, 0)                  // rcFrame.top
	strh = le16(strh, 2)                  // rcFrame.right
	strh = le16(strh, 2)                  // rcFrame.bottom

	strf := le32(nil, 40)                    // biSize
	strf = le32(strf, 2)                     // biWidth
	strf = le32(strf, 2)                     // biHeight
	strf = le16(strf, 1)                     // biPlanes
	strf = le16(strf, 24)                    // biBitCount
	strf = le32(strf, 0)                     // biCompression: BI_RGB
	strf = le32(strf, uint32(len(frame)))    // biSizeImage
	strf = append(strf, make([]byte, 16)...) // resolution and color counts

	idx1 := []byte("00db")
	idx1 = le32(idx1, 0x10) // AVIIF_KEYFRAME
	idx1 = le32(idx1, 4)    // offset of the chunk from the "movi" list type
	idx1 = le32(idx1, uint32(len(frame)))

	return riffChunk("RIFF",
		[]byte("AVI "),
		riffList("hdrl",
			riffChunk("avih", avih),
			riffList("strl", riffChunk("strh", strh), riffChunk("strf", strf)),
		),
		riffList("movi", riffChunk("00db", frame)),
		riffChunk("idx1", idx1),
	)
}

// makeWAV writes a RIFF/WAVE file per the WAVE specification (Microsoft and
// IBM, "Multimedia Programming Interface and Data Specifications 1.0"): RIFF
// "WAVE", a 16-byte "fmt " chunk (PCM, mono, 8000 Hz, 16 bits) and a "data"
// chunk of 8 little-endian 16-bit samples.
func makeWAV() []byte {
	fmtChunk := le16(nil, 1)         // wFormatTag: PCM
	fmtChunk = le16(fmtChunk, 1)     // nChannels
	fmtChunk = le32(fmtChunk, 8000)  // nSamplesPerSec
	fmtChunk = le32(fmtChunk, 16000) // nAvgBytesPerSec
	fmtChunk = le16(fmtChunk, 2)     // nBlockAlign
	fmtChunk = le16(fmtChunk, 16)    // wBitsPerSample
	var data []byte
	for _, s := range []int16{0, 1000, 2000, 1000, 0, -1000, -2000, -1000} {
		data = le16(data, uint16(s))
	}
	return riffChunk("RIFF", []byte("WAVE"), riffChunk("fmt ", fmtChunk), riffChunk("data", data))
}

// box returns an ISO base media file format box (ISO/IEC 14496-12 §4.2): a
// 32-bit big-endian size that counts the 8-byte header, the type, the payload.
func box(boxType string, payload ...[]byte) []byte {
	body := slices.Concat(payload...)
	b := be32(nil, uint32(8+len(body)))
	b = append(b, boxType...)
	return append(b, body...)
}

// ftyp returns a file type box: major brand, minor version, compatible brands.
func ftyp(major string, minor uint32, compatible ...string) []byte {
	b := []byte(major)
	b = be32(b, minor)
	for _, c := range compatible {
		b = append(b, c...)
	}
	return box("ftyp", b)
}

// moovMVHD returns a "moov" box holding only a version 0 movie header box
// "mvhd" (ISO/IEC 14496-12 §8.2.2): timescale 1000, duration 0, rate 1.0,
// volume 1.0, the identity matrix, next track ID 1. A movie with no tracks.
func moovMVHD() []byte {
	b := be32(nil, 0)                  // version 0, flags 0
	b = be32(b, 0)                     // creation_time
	b = be32(b, 0)                     // modification_time
	b = be32(b, 1000)                  // timescale
	b = be32(b, 0)                     // duration
	b = be32(b, 0x00010000)            // rate 1.0
	b = be16(b, 0x0100)                // volume 1.0
	b = append(b, make([]byte, 10)...) // reserved
	for _, m := range []uint32{0x00010000, 0, 0, 0, 0x00010000, 0, 0, 0, 0x40000000} {
		b = be32(b, m) // matrix
	}
	b = append(b, make([]byte, 24)...) // pre_defined
	b = be32(b, 1)                     // next_track_ID
	return box("moov", box("mvhd", b))
}

// makeMP4 writes an ISO BMFF file: an "ftyp" box of 24 bytes, major brand
// "mp42", minor version 0, compatible brands "isom" "mp41"; a "moov" box with
// a movie header and no tracks; an empty "mdat" box.
func makeMP4() []byte {
	return slices.Concat(ftyp("mp42", 0, "isom", "mp41"), moovMVHD(), box("mdat"))
}

// makeMP4ISOM writes an ISO BMFF file whose "ftyp" box (28 bytes) has major
// brand "isom", minor version 0x200 and compatible brands "isom" "iso2"
// "mp41": "mp4" only appears as the third compatible brand, at offset 24,
// inside the box. Then "moov" (movie header only) and an empty "mdat".
func makeMP4ISOM() []byte {
	return slices.Concat(ftyp("isom", 0x200, "isom", "iso2", "mp41"), moovMVHD(), box("mdat"))
}

// make3GP writes a 3GPP file (3GPP TS 26.244, ISO BMFF): an "ftyp" box of 24
// bytes, major brand "3gp5", minor version 0, compatible brands "3gp5"
// "isom" (no brand starts with "mp4"); "moov" (movie header only); an empty
// "mdat".
func make3GP() []byte {
	return slices.Concat(ftyp("3gp5", 0, "3gp5", "isom"), moovMVHD(), box("mdat"))
}

// ebml returns an EBML element (RFC 8794 §4): the ID bytes, the data size as
// a 1- or 2-byte variable-size integer, the data.
func ebml(id []byte, data ...[]byte) []byte {
	body := slices.Concat(data...)
	b := slices.Clone(id)
	switch n := len(body); {
	case n < 0x7F:
		b = append(b, 0x80|byte(n))
	case n < 0x3FFF:
		b = append(b, 0x40|byte(n>>8), byte(n))
	default:
		log.Fatalf("EBML element too long: %d", n)
	}
	return append(b, body...)
}

// ebmlUint returns an EBML element holding a 1-byte unsigned integer.
func ebmlUint(id []byte, v byte) []byte { return ebml(id, []byte{v}) }

// matroska returns an EBML document of the given DocType (RFC 8794 §11.2,
// RFC 9559 §4): the EBML header 1A 45 DF A3 with EBMLVersion 1,
// EBMLReadVersion 1, EBMLMaxIDLength 4, EBMLMaxSizeLength 8, DocType (42 82),
// DocTypeVersion and DocTypeReadVersion; then a Segment (18 53 80 67) that
// holds an Info element (TimestampScale 1000000, MuxingApp, WritingApp), a
// Tracks element with one Opus audio track (TrackNumber 1, TrackType 2,
// CodecID "A_OPUS", the OpusHead as CodecPrivate, 48 kHz mono) and a Cluster
// (Timestamp 0) with one SimpleBlock (track 1, time 0, key frame) holding
// opusPacket.
func matroska(docType string, version, readVersion byte) []byte {
	header := ebml([]byte{0x1A, 0x45, 0xDF, 0xA3},
		ebmlUint([]byte{0x42, 0x86}, 1), // EBMLVersion
		ebmlUint([]byte{0x42, 0xF7}, 1), // EBMLReadVersion
		ebmlUint([]byte{0x42, 0xF2}, 4), // EBMLMaxIDLength
		ebmlUint([]byte{0x42, 0xF3}, 8), // EBMLMaxSizeLength
		ebml([]byte{0x42, 0x82}, []byte(docType)),
		ebmlUint([]byte{0x42, 0x87}, version),     // DocTypeVersion
		ebmlUint([]byte{0x42, 0x85}, readVersion), // DocTypeReadVersion
	)
	info := ebml([]byte{0x15, 0x49, 0xA9, 0x66},
		ebml([]byte{0x2A, 0xD7, 0xB1}, []byte{0x0F, 0x42, 0x40}), // TimestampScale
		ebml([]byte{0x4D, 0x80}, []byte("mimesniff")),            // MuxingApp
		ebml([]byte{0x57, 0x41}, []byte("mimesniff")),            // WritingApp
	)
	tracks := ebml([]byte{0x16, 0x54, 0xAE, 0x6B},
		ebml([]byte{0xAE}, // TrackEntry
			ebmlUint([]byte{0xD7}, 1),       // TrackNumber
			ebmlUint([]byte{0x73, 0xC5}, 1), // TrackUID
			ebmlUint([]byte{0x83}, 2),       // TrackType: audio
			ebml([]byte{0x86}, []byte("A_OPUS")),
			ebml([]byte{0x63, 0xA2}, opusHead()), // CodecPrivate
			ebml([]byte{0xE1}, // Audio
				ebml([]byte{0xB5}, be32(nil, math.Float32bits(48000))), // SamplingFrequency
				ebmlUint([]byte{0x9F}, 1),                              // Channels
			),
		),
	)
	block := append([]byte{0x81, 0x00, 0x00, 0x80}, opusPacket...) // track 1, time 0, key frame
	cluster := ebml([]byte{0x1F, 0x43, 0xB6, 0x75},
		ebmlUint([]byte{0xE7}, 0), // Timestamp
		ebml([]byte{0xA3}, block), // SimpleBlock
	)
	segment := ebml([]byte{0x18, 0x53, 0x80, 0x67}, info, tracks, cluster)
	return append(header, segment...)
}

// makeWebM writes a WebM EBML document (DocType "webm", DocTypeVersion 4,
// DocTypeReadVersion 2): the DocType element 42 82 84 "webm" starts at offset
// 21, then a Segment with one Opus track.
func makeWebM() []byte { return matroska("webm", 4, 2) }

// makeMKV writes the same document with DocType "matroska" (42 82 88
// "matroska"): Matroska, not WebM.
func makeMKV() []byte { return matroska("matroska", 4, 2) }

// ---------------------------------------------------------------------------
// Fonts
// ---------------------------------------------------------------------------

// sfntTable is one table of an OpenType font.
type sfntTable struct {
	tag  string
	data []byte
}

// sfntChecksum is the OpenType table checksum: the sum of the big-endian
// uint32 words of the table, zero-padded to a multiple of 4 bytes.
func sfntChecksum(b []byte) uint32 {
	b = pad4(slices.Clone(b))
	var sum uint32
	for i := 0; i < len(b); i += 4 {
		sum += binary.BigEndian.Uint32(b[i:])
	}
	return sum
}

// sfnt assembles an OpenType font (OpenType specification, "Organization of
// an OpenType font"): the table directory (sfntVersion, numTables,
// searchRange, entrySelector, rangeShift, then a 16-byte record for each
// table in ascending tag order: tag, checksum, offset, length) and the
// tables, each starting on a 4-byte boundary. base is the offset of the
// table directory in the file (16 inside a one-font TTC), since table
// offsets count from the start of the file. The "head" table's checksum is
// taken with checkSumAdjustment 0; checkSumAdjustment is then set to
// 0xB1B0AFBA minus the checksum of the assembled bytes.
func sfnt(version uint32, tables []sfntTable, base int) []byte {
	tables = slices.Clone(tables)
	slices.SortFunc(tables, func(a, b sfntTable) int { return strings.Compare(a.tag, b.tag) })
	n := len(tables)
	entrySelector := bits.Len(uint(n)) - 1
	searchRange := (1 << entrySelector) * 16
	b := be32(nil, version)
	b = be16(b, uint16(n))
	b = be16(b, uint16(searchRange))
	b = be16(b, uint16(entrySelector))
	b = be16(b, uint16(n*16-searchRange))
	offset := base + 12 + 16*n
	var data []byte
	headAt := -1
	for _, t := range tables {
		if t.tag == "head" {
			headAt = offset + len(data) - base
		}
		b = append(b, t.tag...)
		b = be32(b, sfntChecksum(t.data))
		b = be32(b, uint32(offset+len(data)))
		b = be32(b, uint32(len(t.data)))
		data = append(data, pad4(slices.Clone(t.data))...)
	}
	b = append(b, data...)
	if headAt >= 0 {
		binary.BigEndian.PutUint32(b[headAt+8:], 0xB1B0AFBA-sfntChecksum(b))
	}
	return b
}

// Glyph metrics shared by the fonts: 1000 units per em, one glyph (.notdef),
// a rectangle from (100, 0) to (400, 600) with advance width 500.
const (
	unitsPerEm = 1000
	glyphXMin  = 100
	glyphYMin  = 0
	glyphXMax  = 400
	glyphYMax  = 600
	advance    = 500
)

// macTime returns t as an OpenType LONGDATETIME: seconds since 1904-01-01.
func macTime(t time.Time) uint64 {
	epoch := time.Date(1904, time.January, 1, 0, 0, 0, 0, time.UTC)
	return uint64(t.Unix() - epoch.Unix())
}

// headTable returns a 54-byte "head" table (font header): version 1.0,
// revision 1.0, checkSumAdjustment 0 (set by sfnt), the magic number
// 0x5F0F3CF5, 1000 units per em, fixed dates, the glyph bounding box,
// short "loca" offsets.
func headTable() []byte {
	b := be32(nil, 0x00010000)      // majorVersion 1, minorVersion 0
	b = be32(b, 0x00010000)         // fontRevision 1.0
	b = be32(b, 0)                  // checkSumAdjustment
	b = be32(b, 0x5F0F3CF5)         // magicNumber
	b = be16(b, 0x0003)             // flags: baseline at y=0, left sidebearing at x=0
	b = be16(b, unitsPerEm)         // unitsPerEm
	b = be64(b, macTime(fixedTime)) // created
	b = be64(b, macTime(fixedTime)) // modified
	b = be16(b, glyphXMin)          // xMin
	b = be16(b, glyphYMin)          // yMin
	b = be16(b, glyphXMax)          // xMax
	b = be16(b, glyphYMax)          // yMax
	b = be16(b, 0)                  // macStyle
	b = be16(b, 8)                  // lowestRecPPEM
	b = be16(b, 2)                  // fontDirectionHint
	b = be16(b, 0)                  // indexToLocFormat: short offsets
	return be16(b, 0)               // glyphDataFormat
}

// hheaTable returns a 36-byte "hhea" table (horizontal header) for one
// horizontal metric.
func hheaTable() []byte {
	b := be32(nil, 0x00010000)        // version 1.0
	b = be16(b, 800)                  // ascender
	b = be16(b, uint16(0xFFFF-200+1)) // descender: -200
	b = be16(b, 0)                    // lineGap
	b = be16(b, advance)              // advanceWidthMax
	b = be16(b, glyphXMin)            // minLeftSideBearing
	b = be16(b, advance-glyphXMax)    // minRightSideBearing
	b = be16(b, glyphXMax)            // xMaxExtent
	b = be16(b, 1)                    // caretSlopeRise
	b = be16(b, 0)                    // caretSlopeRun
	b = be16(b, 0)                    // caretOffset
	b = append(b, make([]byte, 8)...) // reserved
	b = be16(b, 0)                    // metricDataFormat
	return be16(b, 1)                 // numberOfHMetrics
}

// hmtxTable returns the "hmtx" table: advance width and left side bearing
// of the one glyph.
func hmtxTable() []byte { return be16(be16(nil, advance), glyphXMin) }

// cmapTable returns a "cmap" table with one subtable, platform 3 encoding 1
// (Windows Unicode BMP), format 4 with only the required final segment
// 0xFFFF–0xFFFF (mapped to glyph 0 by idDelta 1).
func cmapTable() []byte {
	sub := be16(nil, 4)     // format
	sub = be16(sub, 24)     // length
	sub = be16(sub, 0)      // language
	sub = be16(sub, 2)      // segCountX2
	sub = be16(sub, 2)      // searchRange
	sub = be16(sub, 0)      // entrySelector
	sub = be16(sub, 0)      // rangeShift
	sub = be16(sub, 0xFFFF) // endCode[0]
	sub = be16(sub, 0)      // reservedPad
	sub = be16(sub, 0xFFFF) // startCode[0]
	sub = be16(sub, 1)      // idDelta[0]
	sub = be16(sub, 0)      // idRangeOffset[0]
	b := be16(nil, 0)       // version
	b = be16(b, 1)          // numTables
	b = be16(b, 3)          // platformID: Windows
	b = be16(b, 1)          // encodingID: Unicode BMP
	b = be32(b, 12)         // subtable offset
	return append(b, sub...)
}

// fontNames are the name table strings, by name ID.
var fontNames = []struct {
	id   uint16
	text string
}{
	{1, "Sniff"},         // font family
	{2, "Regular"},       // subfamily
	{4, "Sniff Regular"}, // full name
	{5, "Version 1.0"},   // version string
	{6, "Sniff-Regular"}, // PostScript name
}

// nameTable returns a format 0 "name" table with Windows (3, 1, 0x409)
// records in UTF-16BE.
func nameTable() []byte {
	var strs []byte
	b := be16(nil, 0)                        // format
	b = be16(b, uint16(len(fontNames)))      // count
	b = be16(b, uint16(6+12*len(fontNames))) // storageOffset
	for _, n := range fontNames {
		s := utf16.Encode([]rune(n.text))
		b = be16(b, 3)     // platformID: Windows
		b = be16(b, 1)     // encodingID: Unicode BMP
		b = be16(b, 0x409) // languageID: en-US
		b = be16(b, n.id)  // nameID
		b = be16(b, uint16(2*len(s)))
		b = be16(b, uint16(len(strs)))
		for _, u := range s {
			strs = be16(strs, u)
		}
	}
	return append(b, strs...)
}

// postTable returns a 32-byte version 3.0 "post" table (no glyph names).
func postTable() []byte {
	b := be32(nil, 0x00030000)            // version 3.0
	b = be32(b, 0)                        // italicAngle
	b = be16(b, uint16(0xFFFF-75+1))      // underlinePosition: -75
	b = be16(b, 50)                       // underlineThickness
	b = be32(b, 0)                        // isFixedPitch
	return append(b, make([]byte, 16)...) // min/max memory usage
}

// os2Table returns a 96-byte version 4 "OS/2" table.
func os2Table() []byte {
	b := be16(nil, 4)    // version
	b = be16(b, advance) // xAvgCharWidth
	b = be16(b, 400)     // usWeightClass: regular
	b = be16(b, 5)       // usWidthClass: medium
	b = be16(b, 0)       // fsType: installable
	for _, v := range []uint16{650, 600, 0, 75, 650, 600, 0, 350, 50, 300} {
		b = be16(b, v) // subscript, superscript and strikeout sizes and offsets
	}
	b = be16(b, 0)                     // sFamilyClass
	b = append(b, make([]byte, 10)...) // panose
	b = append(b, make([]byte, 16)...) // ulUnicodeRange1-4
	b = append(b, "NONE"...)           // achVendID
	b = be16(b, 0x0040)                // fsSelection: REGULAR
	b = be16(b, 0xFFFF)                // usFirstCharIndex
	b = be16(b, 0xFFFF)                // usLastCharIndex
	b = be16(b, 800)                   // sTypoAscender
	b = be16(b, uint16(0xFFFF-200+1))  // sTypoDescender: -200
	b = be16(b, 0)                     // sTypoLineGap
	b = be16(b, 800)                   // usWinAscent
	b = be16(b, 200)                   // usWinDescent
	b = be32(b, 1)                     // ulCodePageRange1: Latin 1
	b = be32(b, 0)                     // ulCodePageRange2
	b = be16(b, 500)                   // sxHeight
	b = be16(b, 600)                   // sCapHeight
	b = be16(b, 0)                     // usDefaultChar
	b = be16(b, 0x20)                  // usBreakChar
	return be16(b, 0)                  // usMaxContext
}

// ttfTables returns the tables of a TrueType-outline font with one glyph:
// "glyf" holds .notdef as a simple glyph (one contour of four on-curve
// points, 34 bytes), "loca" its short offsets (0 and 34/2), "maxp" version
// 1.0, and the shared head, hhea, hmtx, cmap, name, post and OS/2 tables.
func ttfTables() []sfntTable {
	glyf := be16(nil, 1) // numberOfContours
	glyf = be16(glyf, glyphXMin)
	glyf = be16(glyf, glyphYMin)
	glyf = be16(glyf, glyphXMax)
	glyf = be16(glyf, glyphYMax)
	glyf = be16(glyf, 3)            // endPtsOfContours[0]
	glyf = be16(glyf, 0)            // instructionLength
	glyf = append(glyf, 1, 1, 1, 1) // flags: on curve, 16-bit coordinate deltas
	for _, dx := range []int16{glyphXMin, 0, glyphXMax - glyphXMin, 0} {
		glyf = be16(glyf, uint16(dx))
	}
	for _, dy := range []int16{0, glyphYMax, 0, -glyphYMax} {
		glyf = be16(glyf, uint16(dy))
	}
	loca := be16(be16(nil, 0), uint16(len(glyf)/2))
	maxp := be32(nil, 0x00010000)            // version 1.0
	maxp = be16(maxp, 1)                     // numGlyphs
	maxp = be16(maxp, 4)                     // maxPoints
	maxp = be16(maxp, 1)                     // maxContours
	maxp = be16(maxp, 0)                     // maxCompositePoints
	maxp = be16(maxp, 0)                     // maxCompositeContours
	maxp = be16(maxp, 2)                     // maxZones
	maxp = append(maxp, make([]byte, 16)...) // twilight points .. component depth: 0
	return []sfntTable{
		{"OS/2", os2Table()},
		{"cmap", cmapTable()},
		{"glyf", glyf},
		{"head", headTable()},
		{"hhea", hheaTable()},
		{"hmtx", hmtxTable()},
		{"loca", loca},
		{"maxp", maxp},
		{"name", nameTable()},
		{"post", postTable()},
	}
}

// makeTTF writes a TrueType font: sfnt version 00 01 00 00, a table
// directory of 10 tables (OS/2, cmap, glyf, head, hhea, hmtx, loca, maxp,
// name, post), then the tables.
func makeTTF() []byte { return sfnt(0x00010000, ttfTables(), 0) }

// cffInt appends v in the CFF DICT and Type 2 charstring integer encoding
// (Adobe TN 5176 Table 3, TN 5177 §3.2), for -1131 ≤ v ≤ 1131.
func cffInt(b []byte, v int) []byte {
	switch {
	case v >= -107 && v <= 107:
		return append(b, byte(v+139))
	case v >= 108 && v <= 1131:
		return append(b, byte((v-108)>>8+247), byte(v-108))
	case v >= -1131 && v <= -108:
		return append(b, byte((-v-108)>>8+251), byte(-v-108))
	}
	log.Fatalf("cffInt: %d out of range", v)
	return nil
}

// cffInt32 appends v as a 5-byte CFF DICT integer (29, then int32).
func cffInt32(b []byte, v int) []byte { return be32(append(b, 29), uint32(v)) }

// cffIndex returns a CFF INDEX (Adobe TN 5176 §5): count, offSize 1, the
// count+1 offsets (from 1), the data. An empty INDEX is only its count.
func cffIndex(items ...[]byte) []byte {
	b := be16(nil, uint16(len(items)))
	if len(items) == 0 {
		return b
	}
	b = append(b, 1, 1) // offSize, first offset
	off := 1
	for _, it := range items {
		off += len(it)
		b = append(b, byte(off))
	}
	return append(b, slices.Concat(items...)...)
}

// cffTable returns a CFF table (Adobe Technical Note 5176) for one glyph:
// header (1.0, hdrSize 4, offSize 1), Name INDEX ("Sniff-Regular"), Top DICT
// INDEX (FontBBox, charset, CharStrings offset, Private size and offset), empty String
// and Global Subr INDEXes, a CharStrings INDEX with .notdef as a Type 2
// charstring drawing the rectangle (rmoveto, rlineto, endchar), and a
// Private DICT with defaultWidthX 500.
func cffTable() []byte {
	header := []byte{1, 0, 4, 1}
	names := cffIndex([]byte("Sniff-Regular"))
	var cs []byte
	cs = cffInt(cffInt(cs, glyphXMin), glyphYMin)
	cs = append(cs, 21) // rmoveto
	for _, v := range []int{glyphXMax - glyphXMin, 0, 0, glyphYMax, glyphXMin - glyphXMax, 0} {
		cs = cffInt(cs, v)
	}
	cs = append(cs, 5, 14)                      // rlineto, endchar
	private := append(cffInt(nil, advance), 20) // defaultWidthX
	topDict := func(charStrings, privateOffset int) []byte {
		var d []byte
		for _, v := range []int{glyphXMin, glyphYMin, glyphXMax, glyphYMax} {
			d = cffInt(d, v)
		}
		d = append(d, 5)             // FontBBox
		d = append(cffInt(d, 0), 15) // charset 0: ISOAdobe (only .notdef is used)
		d = append(cffInt32(d, charStrings), 17)
		d = cffInt32(d, len(private))
		d = append(cffInt32(d, privateOffset), 18)
		return d
	}
	topLen := len(cffIndex(topDict(0, 0)))
	charStrings := len(header) + len(names) + topLen + len(cffIndex()) + len(cffIndex())
	charStringsIndex := cffIndex(cs)
	privateOffset := charStrings + len(charStringsIndex)
	return slices.Concat(header, names, cffIndex(topDict(charStrings, privateOffset)),
		cffIndex(), cffIndex(), charStringsIndex, private)
}

// makeOTF writes an OpenType font with CFF outlines: sfnt version "OTTO",
// a table directory of 9 tables (CFF, OS/2, cmap, head, hhea, hmtx, maxp
// version 0.5, name, post), then the tables.
func makeOTF() []byte {
	maxp := be16(be32(nil, 0x00005000), 1) // version 0.5, numGlyphs 1
	return sfnt(0x4F54544F, []sfntTable{
		{"CFF ", cffTable()},
		{"OS/2", os2Table()},
		{"cmap", cmapTable()},
		{"head", headTable()},
		{"hhea", hheaTable()},
		{"hmtx", hmtxTable()},
		{"maxp", maxp},
		{"name", nameTable()},
		{"post", postTable()},
	}, 0)
}

// makeTTC writes a TrueType collection of one font (OpenType specification,
// "Font Collections"): the TTC header "ttcf", version 1.0, numFonts 1, the
// offset of the one table directory (16), then that font, whose table
// offsets count from the start of the collection.
func makeTTC() []byte {
	b := []byte("ttcf")
	b = be32(b, 0x00010000) // version 1.0
	b = be32(b, 1)          // numFonts
	b = be32(b, 16)         // tableDirectoryOffsets[0]
	return append(b, sfnt(0x00010000, ttfTables(), 16)...)
}

// sfntEntry is a table record read back from a font's table directory.
type sfntEntry struct {
	tag            string
	checksum       uint32
	offset, length int
}

// sfntDirectory reads the table directory of a font made by sfnt.
func sfntDirectory(font []byte) []sfntEntry {
	n := int(binary.BigEndian.Uint16(font[4:]))
	var es []sfntEntry
	for i := 0; i < n; i++ {
		r := font[12+16*i:]
		es = append(es, sfntEntry{
			tag:      string(r[:4]),
			checksum: binary.BigEndian.Uint32(r[4:]),
			offset:   int(binary.BigEndian.Uint32(r[8:])),
			length:   int(binary.BigEndian.Uint32(r[12:])),
		})
	}
	return es
}

// makeWOFF wraps the TrueType font in WOFF 1.0 (W3C, "WOFF File Format
// 1.0"): a 44-byte header ("wOFF", flavor 00 01 00 00, length, numTables,
// totalSfntSize, version 1.0, no metadata, no private data), a 20-byte
// directory entry per table (tag, offset, compLength, origLength,
// origChecksum), then the tables, each compressed with compress/zlib when
// that is smaller and stored as is otherwise, each padded to 4 bytes.
func makeWOFF() []byte {
	ttf := makeTTF()
	es := sfntDirectory(ttf)
	n := len(es)
	var dir, data []byte
	offset := 44 + 20*n
	sfntSize := 12 + 16*n
	for _, e := range es {
		orig := ttf[e.offset : e.offset+e.length]
		stored := orig
		var z bytes.Buffer
		zw, _ := zlib.NewWriterLevel(&z, zlib.BestCompression)
		zw.Write(orig)
		zw.Close()
		if z.Len() < len(orig) {
			stored = z.Bytes()
		}
		dir = append(dir, e.tag...)
		dir = be32(dir, uint32(offset+len(data)))
		dir = be32(dir, uint32(len(stored)))
		dir = be32(dir, uint32(e.length))
		dir = be32(dir, e.checksum)
		data = append(data, pad4(slices.Clone(stored))...)
		sfntSize += (e.length + 3) &^ 3
	}
	b := []byte("wOFF")
	b = be32(b, 0x00010000)                    // flavor: TrueType
	b = be32(b, uint32(44+len(dir)+len(data))) // length
	b = be16(b, uint16(n))                     // numTables
	b = be16(b, 0)                             // reserved
	b = be32(b, uint32(sfntSize))              // totalSfntSize
	b = be16(b, 1)                             // majorVersion
	b = be16(b, 0)                             // minorVersion
	b = append(b, make([]byte, 20)...)         // metadata and private block: none
	return slices.Concat(b, dir, data)
}

// woff2TagIndex is the WOFF2 known-table-tag index (WOFF 2.0 §5.1, Table 1)
// of the tags used here.
var woff2TagIndex = map[string]byte{
	"cmap": 0, "head": 1, "hhea": 2, "hmtx": 3, "maxp": 4, "name": 5,
	"OS/2": 6, "post": 7, "glyf": 10, "loca": 11,
}

// uintBase128 appends v as a WOFF2 UIntBase128: 7 bits a byte, most
// significant group first, high bit set on all bytes but the last.
func uintBase128(b []byte, v uint32) []byte {
	var groups []byte
	for {
		groups = append([]byte{byte(v & 0x7F)}, groups...)
		v >>= 7
		if v == 0 {
			break
		}
	}
	for i := range groups[:len(groups)-1] {
		groups[i] |= 0x80
	}
	return append(b, groups...)
}

// brotliStored returns data as a Brotli stream (RFC 7932) without
// compression: WBITS = 16 (one 0 bit); one meta-block with ISLAST 0,
// MNIBBLES 4 (bits 00), MLEN−1 in 16 bits, ISUNCOMPRESSED 1, zero bits to the
// byte boundary and the MLEN raw bytes; then an empty last meta-block
// (ISLAST 1, ISLASTEMPTY 1).
func brotliStored(data []byte) []byte {
	if len(data) == 0 || len(data) > 1<<16 {
		log.Fatalf("brotliStored: %d bytes", len(data))
	}
	var w bitWriter
	w.write(0, 1) // WBITS: 16
	w.write(0, 1) // ISLAST
	w.write(0, 2) // MNIBBLES: 4
	w.write(uint32(len(data)-1), 16)
	w.write(1, 1) // ISUNCOMPRESSED
	w.align()
	b := append(w.buf, data...)
	return append(b, 0x03) // ISLAST, ISLASTEMPTY, zero padding bits
}

// makeWOFF2 wraps the TrueType font in WOFF 2.0 (W3C, "WOFF File Format
// 2.0"): a 48-byte header ("wOF2", flavor 00 01 00 00, length, numTables,
// totalSfntSize, totalCompressedSize, version 1.0, no metadata, no private
// data); a table directory with one entry per table (a flags byte holding the
// known-tag index and the transform version, then origLength as a
// UIntBase128; glyf and loca use the null transform, version 3, so no
// transformLength follows); then the tables, concatenated in directory order
// and stored in an uncompressed Brotli stream (Go has no Brotli encoder), padded
// to 4 bytes.
func makeWOFF2() []byte {
	ttf := makeTTF()
	es := sfntDirectory(ttf)
	var dir, stream []byte
	for _, e := range es {
		flags := woff2TagIndex[e.tag]
		if e.tag == "glyf" || e.tag == "loca" {
			flags |= 3 << 6 // null transform
		}
		dir = append(dir, flags)
		dir = uintBase128(dir, uint32(e.length))
		stream = append(stream, ttf[e.offset:e.offset+e.length]...)
	}
	compressed := brotliStored(stream)
	total := (48 + len(dir) + len(compressed) + 3) &^ 3
	b := []byte("wOF2")
	b = be32(b, 0x00010000)              // flavor: TrueType
	b = be32(b, uint32(total))           // length
	b = be16(b, uint16(len(es)))         // numTables
	b = be16(b, 0)                       // reserved
	b = be32(b, uint32(len(ttf)))        // totalSfntSize
	b = be32(b, uint32(len(compressed))) // totalCompressedSize
	b = be16(b, 1)                       // majorVersion
	b = be16(b, 0)                       // minorVersion
	b = append(b, make([]byte, 20)...)   // metadata and private block: none
	b = slices.Concat(b, dir, compressed)
	for len(b) < total {
		b = append(b, 0)
	}
	return b
}

// utf16LE returns s in UTF-16LE.
func utf16LE(s string) []byte {
	var b []byte
	for _, u := range utf16.Encode([]rune(s)) {
		b = le16(b, u)
	}
	return b
}

// makeEOT wraps the TrueType font in an Embedded OpenType file, version
// 0x00010000 (W3C Member Submission "Embedded OpenType (EOT) File Format",
// 2008): EOTSize, FontDataSize, Version, Flags (0: not compressed, not
// XORed), the 10-byte PANOSE, Charset, Italic, Weight, fsType, then the magic
// number 0x504C at offset 34 (bytes 4C 50, "LP"), Unicode and code page
// ranges, CheckSumAdjustment, four reserved words, then the family, style,
// version and full names (UTF-16LE, each after a 2-byte padding and a 2-byte
// size), then the font data. All fields are little-endian.
func makeEOT() []byte {
	ttf := makeTTF()
	var head sfntEntry
	for _, e := range sfntDirectory(ttf) {
		if e.tag == "head" {
			head = e
		}
	}
	var names []byte
	for _, s := range []string{"Sniff", "Regular", "Version 1.0", "Sniff Regular"} {
		u := utf16LE(s)
		names = le16(names, 0) // padding
		names = le16(names, uint16(len(u)))
		names = append(names, u...)
	}
	body := le32(nil, uint32(len(ttf)))                             // FontDataSize
	body = le32(body, 0x00010000)                                   // Version
	body = le32(body, 0)                                            // Flags
	body = append(body, make([]byte, 10)...)                        // FontPANOSE
	body = append(body, 1, 0)                                       // Charset: DEFAULT_CHARSET; Italic: no
	body = le32(body, 400)                                          // Weight
	body = le16(body, 0)                                            // fsType
	body = le16(body, 0x504C)                                       // MagicNumber
	body = append(body, make([]byte, 16)...)                        // UnicodeRange1-4
	body = le32(body, 1)                                            // CodePageRange1: Latin 1
	body = le32(body, 0)                                            // CodePageRange2
	body = le32(body, binary.BigEndian.Uint32(ttf[head.offset+8:])) // CheckSumAdjustment
	body = append(body, make([]byte, 16)...)                        // Reserved1-4
	body = append(body, names...)
	body = append(body, ttf...)
	return append(le32(nil, uint32(4+len(body))), body...) // EOTSize first
}

// ---------------------------------------------------------------------------
// Archives
// ---------------------------------------------------------------------------

// archiveText is the content of the one file in each archive.
const archiveText = "hello, world\nhello, world\nhello, world\n"

// makeGzip writes a gzip member with compress/gzip (RFC 1952: ID1 1F, ID2
// 8B, CM 08 = deflate, the FNAME field "hello.txt", MTIME 0, the deflate
// data, CRC-32 and ISIZE).
func makeGzip() []byte {
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	zw.Name = "hello.txt"
	zw.Write([]byte(archiveText))
	if err := zw.Close(); err != nil {
		log.Fatal(err)
	}
	return buf.Bytes()
}

// makeZIP writes a ZIP archive with archive/zip (PKWARE APPNOTE.TXT: local
// file header "PK\x03\x04", the deflated data, a central directory header,
// the end of central directory record) holding one file, "hello.txt", with a
// fixed modification time.
func makeZIP() []byte {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	w, err := zw.CreateHeader(&zip.FileHeader{Name: "hello.txt", Method: zip.Deflate, Modified: fixedTime})
	if err != nil {
		log.Fatal(err)
	}
	w.Write([]byte(archiveText))
	if err := zw.Close(); err != nil {
		log.Fatal(err)
	}
	return buf.Bytes()
}

// rarBlock returns a RAR 4.x block (RARLAB "RAR 4.x archive format",
// technote.txt): HEAD_CRC (the low 16 bits of the CRC-32 of the rest of the
// header), HEAD_TYPE, HEAD_FLAGS, HEAD_SIZE, then the type-specific fields.
func rarBlock(headType byte, flags uint16, fields []byte) []byte {
	h := []byte{headType}
	h = le16(h, flags)
	h = le16(h, uint16(2+len(h)+2+len(fields)))
	h = append(h, fields...)
	return append(le16(nil, uint16(crc32.ChecksumIEEE(h))), h...)
}

// makeRAR assembles a RAR 4.x archive byte by byte (RARLAB technote.txt):
// the marker block 52 61 72 21 1A 07 00 ("Rar!" SUB BEL NUL); the archive
// header (type 0x73, 13 bytes, reserved fields zero); a file header (type
// 0x74, flag 0x8000 = sizes follow, host OS Win32, a DOS date and time,
// version 2.0, method 0x30 = stored, the name "hello.txt") followed by the
// stored file data; and the end-of-archive block (type 0x7B).
func makeRAR() []byte {
	data := []byte(archiveText)
	name := "hello.txt"
	dosDate := uint32((fixedTime.Year()-1980)<<9 | int(fixedTime.Month())<<5 | fixedTime.Day())
	dosTime := uint32(fixedTime.Hour()<<11 | fixedTime.Minute()<<5 | fixedTime.Second()/2)
	file := le32(nil, uint32(len(data)))        // PACK_SIZE
	file = le32(file, uint32(len(data)))        // UNP_SIZE
	file = append(file, 2)                      // HOST_OS: Win32
	file = le32(file, crc32.ChecksumIEEE(data)) // FILE_CRC
	file = le32(file, dosDate<<16|dosTime)      // FTIME
	file = append(file, 20, 0x30)               // UNP_VER 2.0, METHOD: store
	file = le16(file, uint16(len(name)))        // NAME_SIZE
	file = le32(file, 0x20)                     // ATTR: archive
	file = append(file, name...)
	b := []byte{0x52, 0x61, 0x72, 0x21, 0x1A, 0x07, 0x00} // marker block
	b = append(b, rarBlock(0x73, 0, make([]byte, 6))...)  // archive header
	b = append(b, rarBlock(0x74, 0x8000, file)...)
	b = append(b, data...)
	return append(b, rarBlock(0x7B, 0x4000, nil)...) // end of archive
}

// ---------------------------------------------------------------------------
// Markup, text and other files for the unknown-type rules
// ---------------------------------------------------------------------------

// makePageHTML writes an HTML document that starts with "<!DOCTYPE html>".
func makePageHTML() []byte {
	return []byte(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>A test page</title>
</head>
<body>
<p>Hello, world.</p>
</body>
</html>
`)
}

// makeLeadingWSHTML writes an HTML document that starts with whitespace
// bytes (spaces, CR, LF) before "<html>".
func makeLeadingWSHTML() []byte {
	return []byte("   \r\n\n  <html>\n<head><title>Leading whitespace</title></head>\n<body><p>Hello.</p></body>\n</html>\n")
}

// makeFragmentHTML writes an HTML fragment that starts with "<p>".
func makeFragmentHTML() []byte {
	return []byte("<p>Hello, <b>world</b>.</p>\n<p>A fragment, with no document element.</p>\n")
}

// makeCommentHTML writes HTML that starts with the comment "<!-- x -->".
func makeCommentHTML() []byte {
	return []byte("<!-- x -->\n<p>A comment comes first.</p>\n")
}

// makeXML writes an XML document that starts with the XML declaration
// `<?xml version="1.0"?>` (XML 1.0 §2.8).
func makeXML() []byte {
	return []byte(`<?xml version="1.0"?>
<note>
  <to>Reader</to>
  <body>A plain XML document.</body>
</note>
`)
}

// makeSVG writes an SVG image that starts with the "<svg" element itself, with
// no XML declaration.
func makeSVG() []byte {
	return []byte(`<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8" viewBox="0 0 8 8">
  <rect x="2" y="2" width="4" height="4" fill="#08f"/>
</svg>
`)
}

// makePDF writes a one-page PDF 1.4 document (ISO 32000-1 §7.5): the header
// "%PDF-1.4", four objects (catalog, page tree, page, content stream drawing
// a filled square), the cross-reference table with the byte offset of each
// object, the trailer, startxref and "%%EOF". It is all ASCII.
func makePDF() []byte {
	content := "0 0.5 1 rg 18 18 36 36 re f\n"
	objs := []string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 72 72] /Resources << >> /Contents 4 0 R >>",
		fmt.Sprintf("<< /Length %d >>\nstream\n%sendstream", len(content), content),
	}
	b := []byte("%PDF-1.4\n")
	var offsets []int
	for i, o := range objs {
		offsets = append(offsets, len(b))
		b = fmt.Appendf(b, "%d 0 obj\n%s\nendobj\n", i+1, o)
	}
	xref := len(b)
	b = fmt.Appendf(b, "xref\n0 %d\n0000000000 65535 f \n", len(objs)+1)
	for _, off := range offsets {
		b = fmt.Appendf(b, "%010d 00000 n \n", off)
	}
	return fmt.Appendf(b, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(objs)+1, xref)
}

// makePS writes a PostScript document that follows the Document Structuring
// Conventions 3.0 (Adobe TN 5001): the header "%!PS-Adobe-3.0", a bounding
// box, one page drawing a line, showpage and "%%EOF".
func makePS() []byte {
	return []byte(`%!PS-Adobe-3.0
%%BoundingBox: 0 0 72 72
%%Pages: 1
%%EndComments
%%Page: 1 1
newpath 10 10 moveto 62 62 lineto 2 setlinewidth stroke
showpage
%%EOF
`)
}

// makeText writes a few lines of plain ASCII text.
func makeText() []byte {
	return []byte(`This is a plain text file.
It has several lines of ASCII,
no markup and no signature.
The end.
`)
}

// makeTextUTF8BOM writes the UTF-8 byte order mark EF BB BF, then UTF-8 text.
func makeTextUTF8BOM() []byte {
	return append([]byte{0xEF, 0xBB, 0xBF}, "UTF-8 text with a byte order mark: café, naïve.\n"...)
}

// utf16Text is the text of the two UTF-16 files.
const utf16Text = "UTF-16 text with a byte order mark: café.\n"

// makeTextUTF16BE writes the UTF-16BE byte order mark FE FF, then the text in
// UTF-16BE: every ASCII character has a 0x00 high byte.
func makeTextUTF16BE() []byte {
	b := []byte{0xFE, 0xFF}
	for _, u := range utf16.Encode([]rune(utf16Text)) {
		b = be16(b, u)
	}
	return b
}

// makeTextUTF16LE writes the UTF-16LE byte order mark FF FE, then the text in
// UTF-16LE.
func makeTextUTF16LE() []byte {
	return append([]byte{0xFF, 0xFE}, utf16LE(utf16Text)...)
}

// filler returns n bytes of numbered lines of printable ASCII, ending in a
// newline.
func filler(n int) []byte {
	var b []byte
	for i := 1; len(b) < n; i++ {
		b = fmt.Appendf(b, "%04d the quick brown fox jumps over the lazy dog.\n", i)
	}
	b = b[:n]
	b[n-1] = '\n'
	return b
}

// makeText1445 writes exactly 1445 bytes of printable ASCII and newlines: the
// whole of a resource header.
func makeText1445() []byte { return filler(1445) }

// makeTextLong writes 1800 bytes of printable ASCII and newlines, except for
// one 0x00 byte at offset 1500, past the 1445-byte resource header.
func makeTextLong() []byte {
	b := filler(1800)
	b[1500] = 0x00
	return b
}

// makeBinary writes the 16 bytes 00 01 02 … 0F: binary data bytes that match
// no signature.
func makeBinary() []byte {
	b := make([]byte, 16)
	for i := range b {
		b[i] = byte(i)
	}
	return b
}

// makeRSS writes an RSS 2.0 feed (RSS Advisory Board, "RSS 2.0
// Specification"): the XML declaration, then the "rss" element.
func makeRSS() []byte {
	return []byte(`<?xml version="1.0"?>
<rss version="2.0">
<channel>
<title>A test feed</title>
<link>https://example.com/</link>
<description>An RSS 2.0 feed.</description>
<item><title>First</title><link>https://example.com/1</link></item>
</channel>
</rss>
`)
}

// makeAtom writes an Atom feed (RFC 4287): the XML declaration, then the
// "feed" element in the Atom namespace.
func makeAtom() []byte {
	return []byte(`<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
<title>A test feed</title>
<id>urn:uuid:00000000-0000-4000-8000-000000000000</id>
<updated>2024-01-01T00:00:00Z</updated>
<author><name>mimesniff</name></author>
<entry>
<title>First</title>
<id>urn:uuid:00000000-0000-4000-8000-000000000001</id>
<updated>2024-01-01T00:00:00Z</updated>
</entry>
</feed>
`)
}

// makeRDF writes an RSS 1.0 feed (RSS-DEV, "RDF Site Summary (RSS) 1.0"):
// the XML declaration, then "rdf:RDF" declaring the RDF namespace first and
// the RSS 1.0 namespace second.
func makeRDF() []byte {
	return []byte(`<?xml version="1.0"?>
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/">
<channel rdf:about="https://example.com/">
<title>A test feed</title>
<link>https://example.com/</link>
<description>An RSS 1.0 feed.</description>
</channel>
</rdf:RDF>
`)
}

// makeRSSNoDecl writes an RSS 2.0 feed with no XML declaration: it starts
// with `<rss version="2.0">`.
func makeRSSNoDecl() []byte {
	return []byte(`<rss version="2.0">
<channel>
<title>A feed with no XML declaration</title>
<link>https://example.com/</link>
<description>An RSS 2.0 feed.</description>
</channel>
</rss>
`)
}

// makeJSON writes a JSON object (RFC 8259).
func makeJSON() []byte { return []byte("{\"a\": 1}\n") }

// makeScript writes a plain JavaScript file.
func makeScript() []byte {
	return []byte(`// A plain script: no markup and no signature.
function greet(name) {
  return "Hello, " + name + "!";
}
console.log(greet("world"));
`)
}
