#!/usr/bin/env node
// gen.js makes the real-file corpus: bodies of every format the MIME Sniffing
// standard and the browsers know, written by the Debian tools on this machine
// (ImageMagick, ffmpeg, lame, oggenc, opusenc, flac, sox, cwebp, img2webp,
// avifenc, ghostscript, fontTools, zip, 7z, gzip, bzip2, xz, tar, iconv) and
// by this script (documents, upload attacks, seeded mutations of document
// heads). Nothing is downloaded and nothing is copied from elsewhere: every
// picture, sound and glyph is synthesized here.
//
//	node gen.js [-out DIR] [-only REGEXP] [-update]
//
// The bodies go to DIR (default tools/corpus/out, not committed). manifest.tsv
// beside this script lists every body: name, split, size, sha256, maker. A run
// compares what it made with manifest.tsv and reports every body whose hash
// differs (another tool version), that is missing or that is new; it exits 1
// then, unless -update is given, which rewrites manifest.tsv.
//
// Names are stable: "<group>/<file>", e.g. "image/png-palette.png". The split
// is by hash of the name within each group: the bodies of a group sorted by
// sha256(name), every fifth is "heldout", the rest "train". So every format has
// held-out bodies and a body's split never depends on its bytes.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const crypto = require('crypto');
const zlib = require('zlib');
const { execFileSync } = require('child_process');

const args = process.argv.slice(2);
const opt = (n, d) => (args.indexOf(n) < 0 ? d : args[args.indexOf(n) + 1]);
const outDir = path.resolve(opt('-out', path.join(__dirname, 'out')));
const update = args.includes('-update');
const manifestFile = path.join(__dirname, 'manifest.tsv');

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'corpus-'));
const env = { ...process.env, SOURCE_DATE_EPOCH: '1262304000', TZ: 'UTC', LC_ALL: 'C', HOME: work };
const W = (f) => path.join(work, f);

function sh(cmd, argv, opts = {}) {
  return execFileSync(cmd, argv, { cwd: work, env, stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 28, ...opts });
}

const bodies = new Map(); // name -> {bytes, maker}
function add(name, bytes, maker) {
  if (bodies.has(name)) throw new Error('duplicate body ' + name);
  if (!/^[a-z0-9]+\/[A-Za-z0-9._+-]+$/.test(name)) throw new Error('bad name ' + name);
  bodies.set(name, { bytes: Buffer.from(bytes), maker });
}
// file runs a tool that writes W(tmp), then adds it under name.
function file(name, maker, cmd, argv, tmp) {
  const t = tmp || path.basename(name);
  fs.rmSync(W(t), { force: true });
  try {
    sh(cmd, argv);
  } catch (e) {
    console.error(`gen: ${name}: ${cmd} ${argv.join(' ')} failed: ${String(e.stderr || e.message).trim().split('\n').slice(-2).join(' | ')}`);
    return null;
  }
  const b = fs.readFileSync(W(t));
  add(name, b, maker);
  return b;
}
const B = (...parts) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));
const U = (s) => Buffer.from(s, 'utf8');

// The probe every document body carries: a browser that runs script in the
// rendered document sets this global, and the recorder reads it.
const PROBE = '<script>window.mimesniffProbe=1</script>';

// ---------------------------------------------------------------------------
// Sources: a picture, a short sound, a short video, all synthesized.

const IM = 'convert';
const noDate = ['-define', 'png:exclude-chunk=date,time,tIME'];
sh(IM, ['-size', '64x48', 'gradient:#c04020-#2040c0', '-fill', 'white', '-draw', 'circle 32,24 40,30', ...noDate, 'png24:src.png']);
sh(IM, ['-size', '64x48', 'gradient:#20c040-#c0c020', '-fill', 'black', '-draw', 'rectangle 8,8 30,30', ...noDate, 'png24:src2.png']);
sh('sox', ['-R', '-n', '-r', '44100', '-c', '2', '-b', '16', 'src.wav', 'synth', '0.6', 'sine', '440', 'sine', '660']);
const FF = ['-hide_banner', '-loglevel', 'error', '-y'];
const BX = ['-fflags', '+bitexact', '-flags:v', '+bitexact', '-flags:a', '+bitexact', '-map_metadata', '-1'];
const vsrc = ['-f', 'lavfi', '-i', 'testsrc=size=64x48:rate=10:duration=0.5'];
const asrc = ['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100:duration=0.5'];
const av = [...vsrc, ...asrc, '-shortest'];
const x264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-threads', '1', '-x264-params', 'threads=1'];

// ---------------------------------------------------------------------------
// Images.

const ff = (name, argv, tmp) => file(name, 'ffmpeg', 'ffmpeg', [...FF, ...argv, ...BX, tmp || path.basename(name)], tmp);
const im = (name, argv, spec) => file(name, 'imagemagick', IM, [...argv, ...noDate, spec], spec.replace(/^[a-z0-9]+:/, ''));

im('image/png-rgb8.png', ['src.png', '-strip'], 'png24:png-rgb8.png');
im('image/png-rgba8.png', ['src.png', '-alpha', 'set', '-channel', 'A', '-evaluate', 'set', '60%', '+channel', '-strip'], 'png32:png-rgba8.png');
im('image/png-palette.png', ['src.png', '-strip', '-colors', '16'], 'png8:png-palette.png');
im('image/png-rgb16.png', ['src.png', '-strip', '-depth', '16'], 'png48:png-rgb16.png');
im('image/png-gray.png', ['src.png', '-strip', '-colorspace', 'Gray'], 'png:png-gray.png');
im('image/png-interlaced.png', ['src.png', '-strip', '-interlace', 'PNG'], 'png:png-interlaced.png');
im('image/png-chunks.png', ['src.png', '-set', 'comment', 'made for the mimesniff corpus'], 'png:png-chunks.png');
ff('image/png-ffmpeg.png', [...vsrc, '-frames:v', '1', '-f', 'image2']);
ff('image/apng-anim.png', [...vsrc, '-plays', '0', '-f', 'apng']);
ff('image/apng-ffmpeg.apng', [...vsrc, '-frames:v', '3', '-f', 'apng']);
im('image/gif87a.gif', ['src.png', '-colors', '32'], 'gif87:gif87a.gif');
im('image/gif89a.gif', ['src.png', '-colors', '32'], 'gif:gif89a.gif');
im('image/gif89a-transparent.gif', ['src.png', '-colors', '32', '-transparent', 'white'], 'gif:gif89a-transparent.gif');
im('image/gif-anim.gif', ['-delay', '20', '-loop', '0', 'src.png', 'src2.png', '-colors', '32'], 'gif:gif-anim.gif');
ff('image/gif-ffmpeg.gif', [...vsrc, '-f', 'gif']);
im('image/jpeg-baseline.jpg', ['src.png', '-quality', '85'], 'jpg:jpeg-baseline.jpg');
im('image/jpeg-progressive.jpg', ['src.png', '-quality', '85', '-interlace', 'JPEG'], 'jpg:jpeg-progressive.jpg');
im('image/jpeg-gray.jpg', ['src.png', '-colorspace', 'Gray'], 'jpg:jpeg-gray.jpg');
im('image/jpeg-cmyk.jpg', ['src.png', '-colorspace', 'CMYK'], 'jpg:jpeg-cmyk.jpg');
const stripped = im('image/jpeg-nojfif.jpg', ['src.png', '-strip'], 'jpg:jpeg-nojfif.jpg');
ff('image/jpeg-ffmpeg.jpg', [...vsrc, '-frames:v', '1', '-f', 'image2', '-c:v', 'mjpeg']);
if (stripped) {
  // A camera's layout: SOI, then an APP1 "Exif" segment (a little TIFF header
  // with one IFD entry: the orientation), then the rest of the stream.
  const tiff = B('II*\0', [8, 0, 0, 0], [1, 0], [0x12, 0x01, 3, 0, 1, 0, 0, 0, 1, 0, 0, 0], [0, 0, 0, 0]);
  const app1 = B([0xff, 0xe1], [0, 0], 'Exif\0\0', tiff);
  app1.writeUInt16BE(app1.length - 2, 2);
  let rest = stripped.subarray(2);
  if (rest[0] === 0xff && rest[1] === 0xe0) rest = rest.subarray(2 + rest.readUInt16BE(2));
  add('image/jpeg-exif.jpg', B([0xff, 0xd8], app1, rest), 'imagemagick+gen.js');
}
im('image/bmp-v3.bmp', ['src.png'], 'bmp3:bmp-v3.bmp');
im('image/bmp-v2.bmp', ['src.png'], 'bmp2:bmp-v2.bmp');
im('image/bmp-v5.bmp', ['src.png'], 'bmp:bmp-v5.bmp');
im('image/bmp-palette.bmp', ['src.png', '-colors', '16', '-type', 'Palette'], 'bmp3:bmp-palette.bmp');
im('image/bmp-rle8.bmp', ['src.png', '-colors', '16', '-type', 'Palette', '-compress', 'RLE'], 'bmp3:bmp-rle8.bmp');
ff('image/bmp-ffmpeg.bmp', [...vsrc, '-frames:v', '1', '-f', 'image2']);
im('image/ico-32.ico', ['src.png', '-resize', '32x32!'], 'ico:ico-32.ico');
const icoMulti = im('image/ico-multi.ico', ['src.png', '-define', 'icon:auto-resize=48,32,16'], 'ico:ico-multi.ico');
im('image/ico-png256.ico', ['src.png', '-resize', '256x256!'], 'ico:ico-png256.ico');
if (icoMulti) {
  // A cursor is an icon directory of type 2 whose entries hold a hotspot.
  const cur = Buffer.from(bodies.get('image/ico-32.ico').bytes);
  cur.writeUInt16LE(2, 2);
  cur.writeUInt16LE(16, 6 + 4);
  cur.writeUInt16LE(16, 6 + 6);
  add('image/cur-32.cur', cur, 'imagemagick+gen.js');
}
file('image/webp-lossy.webp', 'cwebp', 'cwebp', ['-quiet', '-q', '75', 'src.png', '-o', 'webp-lossy.webp']);
file('image/webp-lossless.webp', 'cwebp', 'cwebp', ['-quiet', '-lossless', 'src.png', '-o', 'webp-lossless.webp']);
sh(IM, ['src.png', '-alpha', 'set', '-channel', 'A', '-evaluate', 'set', '60%', '+channel', ...noDate, 'png32:alpha.png']);
file('image/webp-alpha.webp', 'cwebp', 'cwebp', ['-quiet', '-q', '75', 'alpha.png', '-o', 'webp-alpha.webp']);
file('image/webp-anim.webp', 'img2webp', 'img2webp', ['-loop', '0', '-d', '200', 'src.png', 'src2.png', '-o', 'webp-anim.webp']);
im('image/gif-src.gif', ['-delay', '20', 'src.png', 'src2.png', '-colors', '32'], 'gif:gif-src.gif');
bodies.delete('image/gif-src.gif');
file('image/webp-gif2webp.webp', 'gif2webp', 'gif2webp', ['-quiet', 'gif-src.gif', '-o', 'webp-gif2webp.webp']);
im('image/webp-im.webp', ['src.png'], 'webp:webp-im.webp');
file('image/avif-still.avif', 'avifenc', 'avifenc', ['-j', '1', '-s', '10', 'src.png', 'avif-still.avif']);
file('image/avif-lossless.avif', 'avifenc', 'avifenc', ['-j', '1', '-s', '10', '-l', 'src.png', 'avif-lossless.avif']);
ff('image/avif-ffmpeg.avif', [...vsrc, '-frames:v', '1', '-c:v', 'libaom-av1', '-cpu-used', '8', '-still-picture', '1', '-f', 'avif']);
ff('image/avif-anim.avif', [...vsrc, '-c:v', 'libaom-av1', '-cpu-used', '8', '-f', 'avif']);
im('image/tiff-le.tif', ['src.png', '-endian', 'LSB'], 'tiff:tiff-le.tif');
im('image/tiff-be.tif', ['src.png', '-endian', 'MSB', '-compress', 'LZW'], 'tiff:tiff-be.tif');
im('image/psd.psd', ['src.png'], 'psd:psd.psd');
im('image/pcx.pcx', ['src.png'], 'pcx:pcx.pcx');
im('image/tga.tga', ['src.png'], 'tga:tga.tga');
im('image/xbm.xbm', ['src.png', '-resize', '16x16'], 'xbm:xbm.xbm');
im('image/pnm.ppm', ['src.png'], 'ppm:pnm.ppm');
im('image/jp2.jp2', ['src.png'], 'jp2:jp2.jp2');

// SVG, written here, with and without the XML declaration, a doctype, comments.
const svgBody = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="48" viewBox="0 0 64 48"><rect width="64" height="48" fill="#c04020"/><circle cx="32" cy="24" r="10" fill="white"/>${PROBE}</svg>\n`;
const svgs = {
  'plain.svg': svgBody,
  'xmldecl.svg': `<?xml version="1.0" encoding="UTF-8"?>\n${svgBody}`,
  'doctype.svg': `<?xml version="1.0" standalone="no"?>\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n${svgBody}`,
  'comment.svg': `<!-- drawn for the mimesniff corpus -->\n${svgBody}`,
  'xmldecl-comment.svg': `<?xml version="1.0"?>\n<!-- Generator: hand -->\n${svgBody}`,
  'leading-ws.svg': `\n\n  ${svgBody}`,
  'bom.svg': `\uFEFF<?xml version="1.0" encoding="UTF-8"?>\n${svgBody}`,
  'prefixed.svg': `<svg:svg xmlns:svg="http://www.w3.org/2000/svg" width="10" height="10"><svg:rect width="10" height="10"/><svg:script>window.mimesniffProbe=1</svg:script></svg:svg>\n`,
  'inkscape-like.svg': `<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n<!-- Created with a vector editor -->\n\n<svg\n   width="64"\n   height="48"\n   version="1.1"\n   xmlns="http://www.w3.org/2000/svg"\n   xmlns:xlink="http://www.w3.org/1999/xlink">\n  <g id="layer1"><rect width="64" height="48" fill="#2040c0"/></g>\n  ${PROBE}\n</svg>\n`,
};
for (const [n, s] of Object.entries(svgs)) add('svg/' + n, U(s), 'gen.js');
add('svg/svgz.svgz', zlib.gzipSync(U(svgs['xmldecl.svg']), { level: 9 }), 'gen.js+zlib');

// ---------------------------------------------------------------------------
// Audio.

for (const [n, a] of [
  ['cbr32', ['-b', '32']], ['cbr128', ['-b', '128']], ['cbr320', ['-b', '320']],
  ['vbr-xing', ['-V', '2']], ['abr', ['--abr', '96']], ['mono', ['-m', 'm', '-b', '64']],
  ['noinfo', ['-t', '-b', '128']],
]) {
  file(`audio/mp3-${n}.mp3`, 'lame', 'lame', ['--quiet', ...a, 'src.wav', `mp3-${n}.mp3`]);
}
file('audio/mp3-id3v2.mp3', 'lame', 'lame', ['--quiet', '-b', '128', '--id3v2-only', '--tt', 'Corpus tone', '--ta', 'mimesniff', 'src.wav', 'mp3-id3v2.mp3']);
file('audio/mp3-id3v1.mp3', 'lame', 'lame', ['--quiet', '-b', '128', '--id3v1-only', '--tt', 'Corpus tone', 'src.wav', 'mp3-id3v1.mp3']);
file('audio/mp3-id3both.mp3', 'lame', 'lame', ['--quiet', '-b', '128', '--add-id3v2', '--tt', 'Corpus tone', 'src.wav', 'mp3-id3both.mp3']);
file('audio/mp3-id3v2-noinfo.mp3', 'lame', 'lame', ['--quiet', '-t', '-b', '128', '--id3v2-only', '--tt', 'Corpus tone', 'src.wav', 'mp3-id3v2-noinfo.mp3']);
for (const [n, r] of [['22k', '22.05'], ['16k', '16'], ['11k', '11.025'], ['8k', '8']]) {
  file(`audio/mp3-${n}.mp3`, 'lame', 'lame', ['--quiet', '--resample', r, '-b', '32', 'src.wav', `mp3-${n}.mp3`]);
}
ff('audio/mp3-ffmpeg.mp3', [...asrc, '-c:a', 'libmp3lame', '-b:a', '96k', '-f', 'mp3']);
ff('audio/mp3-ffmpeg-noid3.mp3', [...asrc, '-c:a', 'libmp3lame', '-b:a', '96k', '-id3v2_version', '0', '-write_xing', '0', '-f', 'mp3']);
ff('audio/mp2-layer2.mp2', [...asrc, '-c:a', 'mp2', '-b:a', '128k', '-f', 'mp2']);
ff('audio/mp2-layer2-22k.mp2', [...asrc, '-ar', '22050', '-c:a', 'mp2', '-b:a', '64k', '-f', 'mp2']);
file('audio/ogg-vorbis.ogg', 'oggenc', 'oggenc', ['-Q', '-q', '2', '-s', '1234', 'src.wav', '-o', 'ogg-vorbis.ogg']);
ff('audio/ogg-vorbis-ffmpeg.oga', [...asrc, '-c:a', 'libvorbis', '-f', 'ogg']);
file('audio/ogg-opus.opus', 'opusenc', 'opusenc', ['--quiet', '--serial', '1234', '--bitrate', '32', 'src.wav', 'ogg-opus.opus']);
ff('audio/ogg-opus-ffmpeg.ogg', [...asrc, '-c:a', 'libopus', '-b:a', '32k', '-f', 'ogg']);
file('audio/ogg-flac.oga', 'flac', 'flac', ['--silent', '--ogg', '--serial-number=1234', '-o', 'ogg-flac.oga', 'src.wav']);
file('audio/flac.flac', 'flac', 'flac', ['--silent', '-o', 'flac.flac', 'src.wav']);
ff('audio/flac-ffmpeg.flac', [...asrc, '-c:a', 'flac', '-f', 'flac']);
file('audio/flac-id3.flac', 'ffmpeg', 'ffmpeg', [...FF, ...asrc, '-c:a', 'flac', '-f', 'flac', '-metadata', 'title=tone', 'flac-id3.flac']);
bodies.delete('audio/flac-id3.flac');
if (fs.existsSync(W('flac.flac'))) {
  // FLAC with an ID3v2 tag in front, as some taggers write it.
  const id3 = B('ID3', [3, 0, 0], [0, 0, 0, 10], 'TIT2', [0, 0, 0, 0], [0, 0]);
  add('audio/flac-id3v2.flac', B(id3, fs.readFileSync(W('flac.flac'))), 'flac+gen.js');
}
file('audio/wav-pcm16.wav', 'sox', 'sox', ['-R', 'src.wav', '-b', '16', 'wav-pcm16.wav']);
file('audio/wav-pcm8.wav', 'sox', 'sox', ['-R', 'src.wav', '-b', '8', '-D', 'wav-pcm8.wav']);
file('audio/wav-float.wav', 'sox', 'sox', ['-R', 'src.wav', '-e', 'floating-point', '-b', '32', 'wav-float.wav']);
file('audio/wav-pcm24.wav', 'sox', 'sox', ['-R', 'src.wav', '-b', '24', 'wav-pcm24.wav']);
file('audio/wav-ulaw.wav', 'sox', 'sox', ['-R', 'src.wav', '-e', 'u-law', '-r', '8000', 'wav-ulaw.wav']);
ff('audio/wav-ffmpeg.wav', [...asrc, '-c:a', 'pcm_s16le', '-f', 'wav']);
file('audio/aiff.aiff', 'sox', 'sox', ['-R', 'src.wav', 'aiff.aiff']);
file('audio/aifc.aifc', 'sox', 'sox', ['-R', 'src.wav', 'aifc.aifc']);
ff('audio/aiff-ffmpeg.aif', [...asrc, '-c:a', 'pcm_s16be', '-f', 'aiff']);
file('audio/au.au', 'sox', 'sox', ['-R', 'src.wav', 'au.au']);
ff('audio/aac-adts.aac', [...asrc, '-c:a', 'aac', '-b:a', '64k', '-f', 'adts']);
ff('audio/aac-m4a.m4a', [...asrc, '-c:a', 'aac', '-b:a', '64k', '-f', 'ipod']);
ff('audio/alac-m4a.m4a', [...asrc, '-c:a', 'alac', '-f', 'ipod']);
ff('audio/aac-mp4.mp4', [...asrc, '-c:a', 'aac', '-b:a', '64k', '-f', 'mp4']);
ff('audio/wma.wma', [...asrc, '-c:a', 'wmav2', '-b:a', '64k', '-f', 'asf']);
ff('audio/webm-opus.weba', [...asrc, '-c:a', 'libopus', '-b:a', '32k', '-f', 'webm']);
ff('audio/mka.mka', [...asrc, '-c:a', 'libvorbis', '-f', 'matroska']);
// MIDI files written byte by byte: format 0 and format 1.
{
  const trk = (ev) => { const h = B('MTrk', [0, 0, 0, 0]); h.writeUInt32BE(ev.length, 4); return B(h, ev); };
  const notes = B([0x00, 0x90, 0x3c, 0x40, 0x60, 0x80, 0x3c, 0x40, 0x00, 0x90, 0x40, 0x40, 0x60, 0x80, 0x40, 0x40, 0x00, 0xff, 0x2f, 0x00]);
  const tempo = B([0x00, 0xff, 0x51, 0x03, 0x07, 0xa1, 0x20, 0x00, 0xff, 0x2f, 0x00]);
  add('audio/midi-format0.mid', B('MThd', [0, 0, 0, 6, 0, 0, 0, 1, 0, 0x60], trk(notes)), 'gen.js');
  add('audio/midi-format1.mid', B('MThd', [0, 0, 0, 6, 0, 1, 0, 2, 0, 0x60], trk(tempo), trk(notes)), 'gen.js');
  const riff = B('RIFF', [0, 0, 0, 0], 'RMIDdata', [0, 0, 0, 0], bodies.get('audio/midi-format0.mid').bytes);
  riff.writeUInt32LE(riff.length - 8, 4);
  riff.writeUInt32LE(riff.length - 20, 16);
  add('audio/midi-rmid.rmi', riff, 'gen.js');
}

// ---------------------------------------------------------------------------
// Video.

ff('video/mp4-isom.mp4', [...av, ...x264, '-c:a', 'aac', '-f', 'mp4']);
ff('video/mp4-mp42.mp4', [...av, ...x264, '-c:a', 'aac', '-brand', 'mp42', '-f', 'mp4']);
ff('video/mp4-avc1.mp4', [...av, ...x264, '-c:a', 'aac', '-brand', 'avc1', '-f', 'mp4']);
ff('video/mp4-dash.mp4', [...av, ...x264, '-c:a', 'aac', '-brand', 'dash', '-movflags', 'frag_keyframe+empty_moov+default_base_moof', '-f', 'mp4']);
ff('video/mp4-faststart.mp4', [...av, ...x264, '-c:a', 'aac', '-movflags', '+faststart', '-f', 'mp4']);
ff('video/mp4-frag.mp4', [...av, ...x264, '-c:a', 'aac', '-movflags', 'frag_keyframe+empty_moov', '-f', 'mp4']);
ff('video/mp4-hevc.mp4', [...vsrc, '-c:v', 'libx265', '-preset', 'ultrafast', '-x265-params', 'log-level=none:pools=1:frame-threads=1', '-tag:v', 'hvc1', '-f', 'mp4']);
ff('video/mp4-av1.mp4', [...vsrc, '-c:v', 'libaom-av1', '-cpu-used', '8', '-f', 'mp4']);
ff('video/mp4-mpeg4.mp4', [...vsrc, '-c:v', 'mpeg4', '-f', 'mp4']);
ff('video/m4v.m4v', [...av, ...x264, '-c:a', 'aac', '-brand', 'M4V ', '-f', 'ipod']);
ff('video/3gp.3gp', [...vsrc, ...asrc, '-shortest', '-c:v', 'h263', '-s', '128x96', '-c:a', 'aac', '-ar', '8000', '-f', '3gp']);
ff('video/3g2.3g2', [...vsrc, ...asrc, '-shortest', '-c:v', 'h263', '-s', '128x96', '-c:a', 'aac', '-ar', '8000', '-f', '3g2']);
ff('video/mov.mov', [...av, ...x264, '-c:a', 'aac', '-f', 'mov']);
ff('video/mov-mjpeg.mov', [...vsrc, '-c:v', 'mjpeg', '-f', 'mov']);
ff('video/webm-vp8.webm', [...av, '-c:v', 'libvpx', '-threads', '1', '-c:a', 'libvorbis', '-f', 'webm']);
ff('video/webm-vp9.webm', [...av, '-c:v', 'libvpx-vp9', '-threads', '1', '-deadline', 'realtime', '-cpu-used', '8', '-c:a', 'libopus', '-f', 'webm']);
ff('video/webm-av1.webm', [...av, '-c:v', 'libaom-av1', '-cpu-used', '8', '-threads', '1', '-c:a', 'libopus', '-f', 'webm']);
ff('video/mkv-h264.mkv', [...av, ...x264, '-c:a', 'aac', '-f', 'matroska']);
ff('video/mkv-vp9.mkv', [...vsrc, '-c:v', 'libvpx-vp9', '-threads', '1', '-deadline', 'realtime', '-cpu-used', '8', '-f', 'matroska']);
ff('video/avi-mpeg4.avi', [...av, '-c:v', 'mpeg4', '-c:a', 'libmp3lame', '-f', 'avi']);
ff('video/avi-mjpeg.avi', [...vsrc, '-c:v', 'mjpeg', '-f', 'avi']);
ff('video/mpeg-ps.mpg', [...av, '-r', '25', '-c:v', 'mpeg1video', '-c:a', 'mp2', '-f', 'mpeg']);
ff('video/mpeg-vob.vob', [...av, '-r', '25', '-c:v', 'mpeg2video', '-c:a', 'mp2', '-f', 'vob']);
ff('video/mpeg-ts.ts', [...av, ...x264, '-c:a', 'aac', '-f', 'mpegts']);
ff('video/mpeg-es.m1v', [...vsrc, '-r', '25', '-c:v', 'mpeg1video', '-f', 'mpeg1video']);
ff('video/ogg-theora.ogv', [...av, '-c:v', 'libtheora', '-c:a', 'libvorbis', '-f', 'ogg']);
ff('video/flv.flv', [...av, '-c:v', 'flv1', '-c:a', 'libmp3lame', '-ar', '44100', '-f', 'flv']);
ff('video/asf-wmv.wmv', [...av, '-c:v', 'msmpeg4', '-c:a', 'wmav2', '-f', 'asf']);
ff('video/h264-raw.h264', [...vsrc, ...x264, '-f', 'h264']);

// ---------------------------------------------------------------------------
// Fonts (drawn by fonts.py).

fs.mkdirSync(W('fonts'));
sh('/usr/bin/python3', [path.join(__dirname, 'fonts.py'), W('fonts')]);
for (const f of fs.readdirSync(W('fonts')).sort()) add('font/' + f, fs.readFileSync(W('fonts/' + f)), 'fonttools');
file('font/box-woff2cli.woff2', 'woff2_compress', 'woff2_compress', [W('fonts/box.ttf')], 'fonts/box.woff2');

// ---------------------------------------------------------------------------
// Archives. Files get a fixed time so the archives do not change.

fs.mkdirSync(W('arc'));
fs.writeFileSync(W('arc/readme.txt'), 'A text file inside an archive.\n'.repeat(20));
fs.copyFileSync(W('src.png'), W('arc/picture.png'));
fs.writeFileSync(W('arc/index.html'), `<!DOCTYPE html><title>inside</title>${PROBE}\n`);
for (const f of fs.readdirSync(W('arc'))) fs.utimesSync(W('arc/' + f), 1262304000, 1262304000);
const arc = { cwd: W('arc') };
const afile = (name, cmd, argv, tmp) => {
  fs.rmSync(W(tmp), { force: true });
  try { sh(cmd, argv, arc); } catch (e) { console.error(`gen: ${name}: ${cmd} failed: ${e.message.split('\n')[0]}`); return; }
  add(name, fs.readFileSync(W(tmp)), cmd);
};
afile('archive/zip-deflate.zip', 'zip', ['-q', '-X', '-9', W('zip-deflate.zip'), 'readme.txt', 'picture.png', 'index.html'], 'zip-deflate.zip');
afile('archive/zip-store.zip', 'zip', ['-q', '-X', '-0', W('zip-store.zip'), 'readme.txt', 'picture.png'], 'zip-store.zip');
afile('archive/zip-html-first.zip', 'zip', ['-q', '-X', '-0', W('zip-html-first.zip'), 'index.html', 'readme.txt'], 'zip-html-first.zip');
fs.writeFileSync(W('arc/mimetype'), 'application/epub+zip');
fs.utimesSync(W('arc/mimetype'), 1262304000, 1262304000);
afile('archive/epub-like.epub', 'zip', ['-q', '-X', '-0', W('epub-like.epub'), 'mimetype', 'index.html'], 'epub-like.epub');
fs.rmSync(W('arc/mimetype'));
afile('archive/7z.7z', '7z', ['a', '-bd', '-bso0', '-mtm=off', '-mtc=off', '-mta=off', '-mmt=1', W('7z.7z'), 'readme.txt', 'picture.png'], '7z.7z');
afile('archive/7z-zip.zip', '7z', ['a', '-bd', '-bso0', '-tzip', '-mtm=off', '-mtc=off', '-mta=off', '-mmt=1', W('7z-zip.zip'), 'readme.txt'], '7z-zip.zip');
afile('archive/tar-ustar.tar', 'tar', ['--format=ustar', '--sort=name', '--owner=0', '--group=0', '--numeric-owner', '--mtime=@1262304000', '-cf', W('tar-ustar.tar'), 'readme.txt', 'picture.png'], 'tar-ustar.tar');
afile('archive/tar-gnu.tar', 'tar', ['--format=gnu', '--sort=name', '--owner=0', '--group=0', '--numeric-owner', '--mtime=@1262304000', '-cf', W('tar-gnu.tar'), 'readme.txt'], 'tar-gnu.tar');
const txt = fs.readFileSync(W('arc/readme.txt'));
add('archive/gzip.gz', execFileSync('gzip', ['-n', '-9', '-c'], { input: txt }), 'gzip');
add('archive/tar-gz.tgz', execFileSync('gzip', ['-n', '-9', '-c'], { input: bodies.get('archive/tar-ustar.tar').bytes }), 'gzip');
add('archive/gzip-named.gz', zlib.gzipSync(txt), 'zlib');
add('archive/bzip2.bz2', execFileSync('bzip2', ['-9', '-c'], { input: txt }), 'bzip2');
add('archive/xz.xz', execFileSync('xz', ['-c', '-T1'], { input: txt }), 'xz');
add('archive/lzma.lzma', execFileSync('xz', ['--format=lzma', '-c'], { input: txt }), 'xz');
add('archive/zstd.zst', execFileSync('zstd', ['-q', '-c', '--no-check'], { input: txt }), 'zstd');
add('archive/lz4.lz4', execFileSync('lz4', ['-q', '-c'], { input: txt }), 'lz4');
add('archive/zlib.zz', zlib.deflateSync(txt), 'zlib');
// RAR: no free Debian tool writes it; a RAR 5 signature and main header by hand.
add('archive/rar5-header.rar', B('Rar!\x1a\x07\x01\x00', [0x33, 0x92, 0xb5, 0xe5, 0x0a, 0x01, 0x05, 0x06, 0x00, 0x05, 0x01, 0x01, 0x80, 0x80, 0x00]), 'gen.js');

// ---------------------------------------------------------------------------
// PDF and PostScript.

const ps = `%!PS-Adobe-3.0\n%%Title: corpus page\n%%BoundingBox: 0 0 200 100\n%%Pages: 1\n%%EndComments\n/Helvetica findfont 14 scalefont setfont\n20 50 moveto (A page for the mimesniff corpus) show\nshowpage\n%%EOF\n`;
fs.writeFileSync(W('page.ps'), ps);
add('pdf/ps-hand.ps', U(ps), 'gen.js');
const gs = (name, dev, extra, tmp) => file(name, 'ghostscript', 'gs', ['-q', '-dBATCH', '-dNOPAUSE', '-dSAFER', `-sDEVICE=${dev}`, ...extra, `-sOutputFile=${tmp}`, 'page.ps'], tmp);
gs('pdf/gs-default.pdf', 'pdfwrite', [], 'gs-default.pdf');
gs('pdf/gs-14.pdf', 'pdfwrite', ['-dCompatibilityLevel=1.4'], 'gs-14.pdf');
gs('pdf/gs-linearized.pdf', 'pdfwrite', ['-dFastWebView=true'], 'gs-linearized.pdf');
gs('pdf/gs-ps2write.ps', 'ps2write', [], 'gs-ps2write.ps');
gs('pdf/gs-eps.eps', 'eps2write', [], 'gs-eps.eps');
// Debian's ImageMagick policy forbids writing PDF and PostScript; other
// producers: img2pdf (an image in a PDF), cairo (pdftocairo), qpdf (object
// streams, linearization).
file('pdf/img2pdf.pdf', 'img2pdf', 'img2pdf', ['--engine', 'internal', '--creationdate', '2010-01-01', '--moddate', '2010-01-01', '-o', 'img2pdf.pdf', 'src.png']);
file('pdf/cairo.pdf', 'pdftocairo', 'pdftocairo', ['-pdf', 'gs-default.pdf', 'cairo.pdf']);
file('pdf/cairo.ps', 'pdftocairo', 'pdftocairo', ['-ps', 'gs-default.pdf', 'cairo.ps']);
file('pdf/cairo.eps', 'pdftocairo', 'pdftocairo', ['-eps', 'gs-default.pdf', 'cairo.eps']);
// cairo stamps the time of the run: set it to 2010-01-01 (same length).
for (const n of ['pdf/cairo.pdf', 'pdf/cairo.ps', 'pdf/cairo.eps']) {
  const b = bodies.get(n);
  if (!b) continue;
  let t = b.bytes.toString('latin1');
  t = t.replace(/\/CreationDate \(D:\d{14}(Z|[+-]\d\d'\d\d'?)?\)/g, (m) => m.replace(/\d{14}/, '20100101000000'));
  t = t.replace(/%%CreationDate: [^\n]*/g, (m) => '%%CreationDate: ' + 'Fri Jan  1 00:00:00 2010'.padEnd(m.length - 16).slice(0, m.length - 16));
  b.bytes = Buffer.from(t, 'latin1');
}
file('pdf/qpdf-objstreams.pdf', 'qpdf', 'qpdf', ['--static-id', '--object-streams=generate', 'gs-default.pdf', 'qpdf-objstreams.pdf']);
file('pdf/qpdf-linearized.pdf', 'qpdf', 'qpdf', ['--static-id', '--linearize', 'gs-default.pdf', 'qpdf-linearized.pdf']);
file('pdf/qpdf-qdf.pdf', 'qpdf', 'qpdf', ['--static-id', '--qdf', 'gs-default.pdf', 'qpdf-qdf.pdf']);
{
  // A minimal PDF written by hand, with a correct cross-reference table.
  const objs = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    null,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const stream = 'BT /F1 14 Tf 20 50 Td (Hand-written PDF) Tj ET';
  objs[3] = `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
  const mk = (version, binaryComment) => {
    let s = `%PDF-${version}\n` + (binaryComment ? '%\xE2\xE3\xCF\xD3\n' : '');
    const offs = [];
    objs.forEach((o, i) => { offs.push(s.length); s += `${i + 1} 0 obj\n${o}\nendobj\n`; });
    const x = s.length;
    s += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n` + offs.map((o) => String(o).padStart(10, '0') + ' 00000 n \n').join('');
    s += `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R >>\nstartxref\n${x}\n%%EOF\n`;
    return Buffer.from(s, 'latin1');
  };
  add('pdf/hand-14.pdf', mk('1.4', true), 'gen.js');
  add('pdf/hand-17-ascii.pdf', mk('1.7', false), 'gen.js');
  add('pdf/hand-20.pdf', mk('2.0', true), 'gen.js');
  add('pdf/hand-lf-crlf.pdf', Buffer.from(mk('1.4', true).toString('latin1').replace(/\n/g, '\r\n'), 'latin1'), 'gen.js');
  const eps = fs.readFileSync(W('page.ps'));
  const dos = B([0xc5, 0xd0, 0xd3, 0xc6], [30, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0xff, 0xff]);
  dos.writeUInt32LE(eps.length, 8);
  add('pdf/eps-dos-binary.eps', B(dos, eps), 'gen.js');
}

// ---------------------------------------------------------------------------
// Documents.

const htmlDocs = {
  'html5.html': `<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>HTML5 page</title>\n${PROBE}\n</head>\n<body>\n<h1>Hello</h1>\n<p>A page.</p>\n</body>\n</html>\n`,
  'html5-lower.html': `<!doctype html><html><head><title>lower doctype</title>${PROBE}</head><body>hi</body></html>\n`,
  'html5-nohead.html': `<!DOCTYPE html>\n<title>no head</title>\n${PROBE}\n<p>Just a paragraph.\n`,
  'html401-strict.html': `<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01//EN" "http://www.w3.org/TR/html4/strict.dtd">\n<HTML>\n<HEAD>\n<TITLE>HTML 4.01</TITLE>\n${PROBE}\n</HEAD>\n<BODY>\n<P>Old page.\n</BODY>\n</HTML>\n`,
  'html401-trans.html': `<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN">\n<html><head><title>t</title>${PROBE}</head><body bgcolor="white"><font face="Arial">old</font></body></html>\n`,
  'html32.html': `<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 3.2 Final//EN">\n<HTML><HEAD><TITLE>3.2</TITLE>${PROBE}</HEAD><BODY><CENTER>centered</CENTER></BODY></HTML>\n`,
  'legacy-html.html': `<html>\n<head><title>no doctype</title>${PROBE}</head>\n<body>page</body>\n</html>\n`,
  'legacy-head.html': `<head><title>starts with head</title>${PROBE}</head><body>x</body>\n`,
  'legacy-body.html': `<body>\n${PROBE}\n<p>starts with body</p>\n</body>\n`,
  'legacy-script.html': `${PROBE}\n<p>starts with a script element</p>\n`,
  'legacy-iframe.html': `<iframe src="about:blank"></iframe>\n${PROBE}\n`,
  'legacy-h1.html': `<h1>Heading first</h1>\n${PROBE}\n`,
  'legacy-div.html': `<div class="x">div first</div>\n${PROBE}\n`,
  'legacy-font.html': `<font color="red">font first</font>\n${PROBE}\n`,
  'legacy-table.html': `<table><tr><td>table first</td></tr></table>\n${PROBE}\n`,
  'legacy-a.html': `<a href="#x">link first</a>\n${PROBE}\n`,
  'legacy-style.html': `<style>p{color:red}</style>\n${PROBE}\n<p>style first\n`,
  'legacy-title.html': `<title>title first</title>\n${PROBE}\n`,
  'legacy-b.html': `<b>bold first</b>\n${PROBE}\n`,
  'legacy-br.html': `<br>\n${PROBE}\nbr first\n`,
  'legacy-p.html': `<p>paragraph first</p>\n${PROBE}\n`,
  'legacy-center.html': `<center>center first (not in the table)</center>\n${PROBE}\n`,
  'legacy-span.html': `<span>span first (not in the table)</span>\n${PROBE}\n`,
  'legacy-meta.html': `<meta charset="utf-8">\n<title>meta first</title>\n${PROBE}\n`,
  'legacy-link.html': `<link rel="stylesheet" href="data:text/css,">\n${PROBE}\n`,
  'legacy-img.html': `<img alt="x">\n${PROBE}\n`,
  'legacy-form.html': `<form><input name=q></form>\n${PROBE}\n`,
  'comment-first.html': `<!-- saved from url=(0014)about:internet -->\n<html><head><title>comment first</title>${PROBE}</head><body>x</body></html>\n`,
  'comment-then-doctype.html': `<!-- generated -->\n<!DOCTYPE html>\n<html><head>${PROBE}</head><body>x</body></html>\n`,
  'comment-long.html': `<!--\n${'  a long licence comment line\n'.repeat(30)}-->\n<!DOCTYPE html>\n<html><head>${PROBE}</head><body>x</body></html>\n`,
  'php-like.html': `<?php echo "x"; ?>\n<html><head>${PROBE}</head><body>x</body></html>\n`,
  'xml-decl-html.html': `<?xml version="1.0" encoding="UTF-8"?>\n<html><head>${PROBE}</head><body>xml declaration then html</body></html>\n`,
  'leading-ws.html': `\n\n   \t<!DOCTYPE html>\n<html><head>${PROBE}</head><body>x</body></html>\n`,
  'bom-utf8.html': `\uFEFF<!DOCTYPE html>\n<html><head><meta charset="utf-8">${PROBE}</head><body>bom</body></html>\n`,
  'text-then-html.html': `Some text before any markup.\n<html><head>${PROBE}</head><body>x</body></html>\n`,
  'fragment.html': `<p>A fragment with <em>markup</em> and ${PROBE}</p>\n`,
  'framed.html': `<!DOCTYPE html><html><head>${PROBE}</head><frameset cols="50%,50%"><frame src="about:blank"><frame src="about:blank"></frameset></html>\n`,
  'js-in-body-onload.html': `<!DOCTYPE html><html><body onload="window.mimesniffProbe=1">onload</body></html>\n`,
  'big.html': `<!DOCTYPE html>\n<html><head><title>big</title>${PROBE}</head><body>\n${'<p>Lorem ipsum dolor sit amet, consectetur adipiscing elit.</p>\n'.repeat(60)}</body></html>\n`,
};
for (const [n, s] of Object.entries(htmlDocs)) add('html/' + n, U(s), 'gen.js');

const xhtml = `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd">\n<html xmlns="http://www.w3.org/1999/xhtml" xml:lang="en"><head><title>XHTML</title>${PROBE}</head><body><p>XHTML 1.0</p></body></html>\n`;
const xmlDocs = {
  'xhtml10.xhtml': xhtml,
  'xhtml-nodecl.xhtml': `<html xmlns="http://www.w3.org/1999/xhtml"><head><title>x</title>${PROBE}</head><body><p>no declaration</p></body></html>\n`,
  'xhtml11.xhtml': `<?xml version="1.0"?>\n<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.1//EN" "http://www.w3.org/TR/xhtml11/DTD/xhtml11.dtd">\n<html xmlns="http://www.w3.org/1999/xhtml"><head><title>1.1</title>${PROBE}</head><body><p>x</p></body></html>\n`,
  'rss20.rss': `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0">\n<channel>\n<title>Corpus feed</title>\n<link>http://127.0.0.1/</link>\n<description>A feed</description>\n<item><title>One</title><link>http://127.0.0.1/1</link></item>\n</channel>\n</rss>\n`,
  'rss20-nodecl.rss': `<rss version="2.0"><channel><title>no declaration</title><item><title>One</title></item></channel></rss>\n`,
  'rss20-comment.rss': `<?xml version="1.0"?>\n<!-- generator="blog" -->\n<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><title>c</title></channel></rss>\n`,
  'rss20-stylesheet.rss': `<?xml version="1.0"?>\n<?xml-stylesheet type="text/css" href="data:text/css,"?>\n<rss version="2.0"><channel><title>styled</title></channel></rss>\n`,
  'rss20-probe.rss': `<?xml version="1.0"?>\n<rss version="2.0"><channel><title>p</title><h:script xmlns:h="http://www.w3.org/1999/xhtml">window.mimesniffProbe=1</h:script></channel></rss>\n`,
  'rss091.rss': `<?xml version="1.0" encoding="ISO-8859-1"?>\n<!DOCTYPE rss PUBLIC "-//Netscape Communications//DTD RSS 0.91//EN" "http://my.netscape.com/publish/formats/rss-0.91.dtd">\n<rss version="0.91"><channel><title>old</title></channel></rss>\n`,
  'rdf-rss10.rdf': `<?xml version="1.0"?>\n<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/">\n<channel rdf:about="http://127.0.0.1/"><title>RSS 1.0</title><link>http://127.0.0.1/</link><description>d</description></channel>\n</rdf:RDF>\n`,
  'rdf-reversed.rdf': `<?xml version="1.0"?>\n<rdf:RDF xmlns="http://purl.org/rss/1.0/" xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><channel><title>namespaces in the other order</title></channel></rdf:RDF>\n`,
  'rdf-plain.rdf': `<?xml version="1.0"?>\n<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="x"/></rdf:RDF>\n`,
  'atom.atom': `<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom">\n<title>Corpus Atom</title>\n<id>urn:x:1</id>\n<updated>2010-01-01T00:00:00Z</updated>\n<entry><title>One</title><id>urn:x:2</id><updated>2010-01-01T00:00:00Z</updated></entry>\n</feed>\n`,
  'atom-nodecl.atom': `<feed xmlns="http://www.w3.org/2005/Atom"><title>no declaration</title></feed>\n`,
  'atom-probe.atom': `<?xml version="1.0"?>\n<feed xmlns="http://www.w3.org/2005/Atom"><title>p</title><h:script xmlns:h="http://www.w3.org/1999/xhtml">window.mimesniffProbe=1</h:script></feed>\n`,
  'plain.xml': `<?xml version="1.0" encoding="UTF-8"?>\n<note><to>A</to><from>B</from><body>Plain XML.</body></note>\n`,
  'plain-nodecl.xml': `<note><to>A</to><body>no declaration</body></note>\n`,
  'xml-stylesheet.xml': `<?xml version="1.0"?>\n<?xml-stylesheet type="text/xsl" href="data:,"?>\n<doc/>\n`,
  'xml-probe.xml': `<?xml version="1.0"?>\n<doc><h:script xmlns:h="http://www.w3.org/1999/xhtml">window.mimesniffProbe=1</h:script></doc>\n`,
  'xml-utf16.xml': null,
  'sitemap.xml': `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>http://127.0.0.1/</loc></url></urlset>\n`,
  'xslt.xsl': `<?xml version="1.0"?>\n<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"><xsl:template match="/"><p>x</p></xsl:template></xsl:stylesheet>\n`,
  'mathml.mml': `<math xmlns="http://www.w3.org/1998/Math/MathML"><mi>x</mi><mo>=</mo><mn>1</mn></math>\n`,
  'kml.kml': `<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="http://www.opengis.net/kml/2.2"><Placemark><name>x</name></Placemark></kml>\n`,
};
for (const [n, s] of Object.entries(xmlDocs)) {
  if (s === null) add('xml/' + n, B([0xff, 0xfe], Buffer.from('<?xml version="1.0" encoding="UTF-16"?>\n<doc>utf-16</doc>\n', 'utf16le')), 'gen.js');
  else add('xml/' + n, U(s), 'gen.js');
}

const textDocs = {
  'json-object.json': `{"name": "corpus", "values": [1, 2, 3], "nested": {"ok": true}}\n`,
  'json-array.json': `[{"id": 1}, {"id": 2}]\n`,
  'json-html.json': `{"html": "<html><script>window.mimesniffProbe=1</script></html>"}\n`,
  'json-xssi.json': `)]}'\n{"guarded": true}\n`,
  'jsonp.js': `callback({"a": 1});\n`,
  'script.js': `'use strict';\nfunction add(a, b) {\n  return a + b;\n}\nconsole.log(add(1, 2));\n`,
  'script-module.mjs': `export const x = 1;\nimport('./y.js').catch(() => {});\n`,
  'script-comment-html.js': `/* <html><body> */\nvar s = "<script>";\n`,
  'script-minified.js': `!function(e){var t={};function n(r){return t[r]}n.m=e}([]);\n`,
  'style.css': `body {\n  margin: 0;\n  font: 14px sans-serif;\n}\n.x::before { content: "<html>"; }\n`,
  'style-charset.css': `@charset "utf-8";\n@import url(data:text/css,);\nh1 { color: red }\n`,
  'data.csv': `id,name,value\n1,alpha,3.5\n2,beta,"a, quoted"\n`,
  'data-semicolon.csv': `id;name\r\n1;alpha\r\n`,
  'data.tsv': `id\tname\n1\talpha\n`,
  'markdown.md': `# Title\n\nSome *markdown* text and <b>inline html</b>.\n`,
  'plain-ascii.txt': `Just plain ASCII text.\nSecond line.\n`,
  'plain-long.txt': 'A long plain text file line.\n'.repeat(100),
  'plain-utf8.txt': `Plain UTF-8 text: caf\u00e9, na\u00efve, \u65e5\u672c\u8a9e, \u{1F600}.\n`,
  'plain-utf8-bom.txt': `\uFEFFUTF-8 with a byte order mark: caf\u00e9.\n`,
  'plain-tabs.txt': `col1\tcol2\tcol3\nvalue\tvalue\tvalue\n`,
  'plain-crlf.txt': `Windows line endings\r\nsecond line\r\n`,
  'plain-formfeed.txt': `Page one\n\x0cPage two\n`,
  'plain-html-like.txt': `Text that mentions <html> in the middle of a line.\n`,
  'ini.ini': `[section]\nkey=value\n`,
  'yaml.yaml': `---\nkey: value\nlist:\n  - a\n  - b\n`,
  'vtt.vtt': `WEBVTT\n\n00:00.000 --> 00:01.000\nHello\n`,
  'srt.srt': `1\n00:00:00,000 --> 00:00:01,000\nHello\n`,
  'ics.ics': `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n`,
  'vcf.vcf': `BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Corpus\r\nEND:VCARD\r\n`,
  'manifest.webmanifest': `{"name": "corpus", "start_url": "/"}\n`,
  'shell.sh': `#!/bin/sh\necho hello\n`,
  'rtf.rtf': `{\\rtf1\\ansi{\\fonttbl\\f0\\fswiss Helvetica;}\\f0\\pard Hello.\\par}\n`,
};
for (const [n, s] of Object.entries(textDocs)) add('text/' + n, U(s), 'gen.js');
// Encodings, by iconv.
const sample = 'Text in several encodings: caf\u00e9, \u00fcber, \u00e5ngstr\u00f6m, \u00a3 and \u20ac.\nA second line.\n';
const cjk = '\u65e5\u672c\u8a9e\u306e\u30c6\u30ad\u30b9\u30c8\u3002\u4e2d\u6587\u6587\u672c\u3002\n';
const iconv = (name, to, s) => {
  try {
    add(name, execFileSync('iconv', ['-f', 'UTF-8', '-t', to], { input: U(s) }), 'iconv');
  } catch (e) {
    console.error(`gen: ${name}: iconv to ${to} failed`);
  }
};
iconv('text/enc-latin1.txt', 'ISO-8859-1', sample.replace('\u20ac', 'E'));
iconv('text/enc-cp1252.txt', 'CP1252', sample);
iconv('text/enc-utf16le-nobom.txt', 'UTF-16LE', sample);
iconv('text/enc-utf16be-nobom.txt', 'UTF-16BE', sample);
iconv('text/enc-utf16le-bom.txt', 'UTF-16LE', '\uFEFF' + sample);
iconv('text/enc-utf16be-bom.txt', 'UTF-16BE', '\uFEFF' + sample);
iconv('text/enc-utf32le-bom.txt', 'UTF-32LE', '\uFEFF' + sample);
iconv('text/enc-shiftjis.txt', 'SHIFT_JIS', '\u65e5\u672c\u8a9e\u306e\u30c6\u30ad\u30b9\u30c8\u3002\n');
iconv('text/enc-eucjp.txt', 'EUC-JP', '\u65e5\u672c\u8a9e\u306e\u30c6\u30ad\u30b9\u30c8\u3002\n');
iconv('text/enc-gb18030.txt', 'GB18030', cjk);
iconv('text/enc-big5.txt', 'BIG5', '\u4e2d\u6587\u6587\u672c\u3002\n');
iconv('text/enc-koi8r.txt', 'KOI8-R', '\u0422\u0435\u043a\u0441\u0442 \u043f\u043e-\u0440\u0443\u0441\u0441\u043a\u0438.\n');
iconv('text/enc-iso2022jp.txt', 'ISO-2022-JP', '\u65e5\u672c\u8a9e\u3002\n');
iconv('html/utf16le-bom.html', 'UTF-16LE', `\uFEFF<!DOCTYPE html><html><head>${PROBE}</head><body>UTF-16LE</body></html>\n`);
iconv('html/utf16be-bom.html', 'UTF-16BE', `\uFEFF<!DOCTYPE html><html><head>${PROBE}</head><body>UTF-16BE</body></html>\n`);
iconv('html/utf16le-nobom.html', 'UTF-16LE', `<html><head>${PROBE}</head><body>UTF-16LE without BOM</body></html>\n`);
iconv('html/shiftjis.html', 'SHIFT_JIS', `<html><head><meta charset="shift_jis">${PROBE}</head><body>\u65e5\u672c\u8a9e</body></html>\n`);

// ---------------------------------------------------------------------------
// Upload attacks: files that are two formats at once, and HTML behind padding.

const html = `<html><head><title>polyglot</title>${PROBE}</head><body>polyglot</body></html>`;
const crcTable = (() => { const t = []; for (let n = 0; n < 256; n++) { let c = n; for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1; t.push(c >>> 0); } return t; })();
const crc32 = (buf) => { let c = 0xffffffff; for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8); return (c ^ 0xffffffff) >>> 0; };
const pngChunk = (type, data) => {
  const len = Buffer.alloc(4); len.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4); crc.writeUInt32BE(crc32(B(type, data)));
  return B(len, type, data, crc);
};
{
  const png = bodies.get('image/png-rgb8.png').bytes;
  const ihdrEnd = 8 + 8 + 13 + 4;
  add('attack/png-text-html.png', B(png.subarray(0, ihdrEnd), pngChunk('tEXt', B('Comment\0', html)), png.subarray(ihdrEnd)), 'gen.js');
  add('attack/png-then-html.png', B(png, html), 'gen.js');
  const gif = bodies.get('image/gif89a.gif').bytes;
  // GIF89a/*: the logical-screen width is 0x2a2f ("/*"): a classic GIF/JS/HTML polyglot.
  add('attack/gif-html-comment.gif', B('GIF89a/*', gif.subarray(8), '*/=1;', html), 'gen.js');
  add('attack/gif-then-html.gif', B(gif, html), 'gen.js');
  add('attack/gif-html-header.gif', B('GIF89a', html), 'gen.js');
  const jpg = bodies.get('image/jpeg-baseline.jpg').bytes;
  const com = B([0xff, 0xfe, 0, 0], html);
  com.writeUInt16BE(com.length - 2, 2);
  add('attack/jpeg-com-html.jpg', B(jpg.subarray(0, 2), com, jpg.subarray(2)), 'gen.js');
  add('attack/jpeg-then-html.jpg', B(jpg, html), 'gen.js');
  const pdf = bodies.get('pdf/hand-14.pdf').bytes;
  add('attack/pdf-html.pdf', B(pdf.subarray(0, 9), `%${html}\n`, pdf.subarray(9)), 'gen.js');
  add('attack/html-then-pdf.html', B(html, '\n', pdf), 'gen.js');
  const zip = bodies.get('archive/zip-deflate.zip').bytes;
  add('attack/html-then-zip.zip', B(html, '\n', zip), 'gen.js');
  add('attack/zip-then-html.zip', B(zip, html), 'gen.js');
  const mp3 = bodies.get('audio/mp3-id3v2.mp3').bytes;
  add('attack/mp3-id3-html.mp3', B(mp3.subarray(0, 10), html, mp3.subarray(10 + html.length)), 'gen.js');
  const webm = bodies.get('video/webm-vp8.webm');
  if (webm) add('attack/webm-then-html.webm', B(webm.bytes.subarray(0, 200), html), 'gen.js');
  add('attack/svg-script.svg', U(`<svg xmlns="http://www.w3.org/2000/svg"><script>window.mimesniffProbe=1</script><foreignObject><body xmlns="http://www.w3.org/1999/xhtml">x</body></foreignObject></svg>\n`), 'gen.js');
  add('attack/svg-onload.svg', U(`<svg xmlns="http://www.w3.org/2000/svg" onload="window.mimesniffProbe=1"/>\n`), 'gen.js');
  add('attack/bmp-html.bmp', B('BM', html), 'gen.js');
  add('attack/ico-html.ico', B([0, 0, 1, 0, 1, 0], html), 'gen.js');
  add('attack/riff-html.wav', B('RIFF\0\0\0\0WAVE', html), 'gen.js');
  add('attack/ogg-html.ogg', B('OggS\0', html), 'gen.js');
  add('attack/ps-html.ps', B('%!PS-Adobe-3.0\n', html), 'gen.js');
  add('attack/xml-html.xml', B('<?xml version="1.0"?>', html), 'gen.js');
  add('attack/text-html-script.txt', B('Not HTML at first.\n', html), 'gen.js');
  add('attack/css-html.css', B('body{}\n', html), 'gen.js');
  add('attack/js-html.js', B('var x=1;//', html), 'gen.js');
  add('attack/json-html.json', B('{"a":"', html, '"}'), 'gen.js');
  for (const n of [512, 1024, 1445]) {
    add(`attack/ws${n}-html.html`, B(' '.repeat(n), html), 'gen.js');
    add(`attack/ws${n - 1}-html.html`, B(' '.repeat(n - 1), html), 'gen.js');
    add(`attack/nl${n}-html.html`, B('\n'.repeat(n), html), 'gen.js');
    add(`attack/text${n}-html.html`, B('x'.repeat(n), html), 'gen.js');
  }
  add('attack/ws511-nul-html.html', B(' '.repeat(511), '\0', html), 'gen.js');
  add('attack/html-nul600.html', B(html, '\0'.repeat(600)), 'gen.js');
  add('attack/text600-nul-html.html', B('t'.repeat(600), '\0', html), 'gen.js');
  add('attack/html-nul-at-0.html', B('\0', html), 'gen.js');
  add('attack/html-binary-tail.html', B(html, [1, 2, 3, 0xff, 0xfe]), 'gen.js');
}

// ---------------------------------------------------------------------------
// Seeded mutations of document heads. mulberry32 with a fixed seed, so the
// same bodies every run.

let seed = 0x5eed2026;
const rnd = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = (a) => a[Math.floor(rnd() * a.length)];
const tail = `<html><head><title>m</title>${PROBE}</head><body>mutated</body></html>\n`;
const heads = {
  doctype: '<!DOCTYPE html>', doctypeHTML: '<!DOCTYPE HTML>', html: '<html>', head: '<head>', script: '<script>', body: '<body>',
  comment: '<!-- c -->', xml: '<?xml version="1.0"?>', pdf: '%PDF-1.4', ps: '%!PS-Adobe-3.0', feed: '<rss version="2.0">',
  atom: '<feed xmlns="http://www.w3.org/2005/Atom">', rdf: '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/">',
  iframe: '<iframe>', table: '<table>', p: '<p>', b: '<b>', br: '<br>', a: '<a>', div: '<div>', h1: '<h1>', font: '<font>', style: '<style>', title: '<title>',
};
const fixed = [
  ['doctypehtml', '<!DOCTYPEhtml>'], ['doctype-tab', '<!DOCTYPE\thtml>'], ['doctype-nl', '<!DOCTYPE\nhtml>'], ['doctype-ff', '<!DOCTYPE\x0chtml>'],
  ['doctype-cr', '<!DOCTYPE\rhtml>'], ['doctype-2sp', '<!DOCTYPE  html>'], ['doctype-mixed', '<!dOcTyPe HtMl>'], ['doctype-nobang', '<DOCTYPE html>'],
  ['doctype-space-lt', '< !DOCTYPE html>'], ['doctype-short', '<!DOCTYP html>'], ['doctype-gt', '<!DOCTYPE>'], ['doctype-html5x', '<!DOCTYPE htmlx>'],
  ['html-upper', '<HTML>'], ['html-mixed', '<hTmL>'], ['html-slash', '<html/>'], ['html-attr', '<html lang="en">'], ['html-tab', '<html\t>'],
  ['html-nl', '<html\n>'], ['html-nul', '<html\0>'], ['html-nul-before', '\0<html>'], ['head-upper', '<HEAD>'], ['script-upper', '<SCRIPT>'],
  ['body-slash-onload', '<body/onload=window.mimesniffProbe=1>'], ['comment-nospace', '<!---->'], ['comment-bang', '<!>'], ['pi', '<?foo?>'],
  ['xml-upper', '<?XML version="1.0"?>'], ['xml-space', '<? xml version="1.0"?>'], ['pdf-lower', '%pdf-1.4'], ['pdf-space', ' %PDF-1.4'],
  ['lt-space-html', '< html>'], ['cdata', '<![CDATA[x]]>'],
];
for (const [n, h] of fixed) add(`mutate/fixed-${n}.html`, U(h + '\n' + tail), 'gen.js');
const prefixes = [
  ['bom8', '\uFEFF'], ['bom16le', null], ['sp', ' '], ['tab', '\t'], ['lf', '\n'], ['cr', '\r'], ['crlf', '\r\n'], ['ff', '\x0c'], ['vt', '\x0b'],
  ['nul', '\0'], ['nbsp', '\u00a0'], ['zwsp', '\u200b'], ['x1f', '\x1f'], ['sp3', '   '],
];
const ops = ['prefix', 'case', 'nul', 'truncate', 'ws-inside', 'dup', 'prefix-case'];
const headNames = Object.keys(heads);
for (let i = 0; i < 140; i++) {
  const hn = pick(headNames);
  let h = heads[hn];
  const op = pick(ops);
  let label = `${String(i).padStart(3, '0')}-${hn}-${op}`;
  let pre = '';
  let tailBytes = U(tail);
  switch (op) {
    case 'prefix': case 'prefix-case': {
      const [pn, p] = pick(prefixes);
      label += '-' + pn;
      if (p === null) pre = '\uFEFF'; else pre = p.repeat(1 + Math.floor(rnd() * 3));
      if (op === 'prefix-case') h = [...h].map((c) => (rnd() < 0.5 ? c.toUpperCase() : c.toLowerCase())).join('');
      break;
    }
    case 'case': h = [...h].map((c) => (rnd() < 0.5 ? c.toUpperCase() : c.toLowerCase())).join(''); break;
    case 'nul': { const k = 1 + Math.floor(rnd() * (h.length - 1)); h = h.slice(0, k) + '\0' + h.slice(k); label += '-at' + k; break; }
    case 'truncate': { const k = 1 + Math.floor(rnd() * h.length); h = h.slice(0, k); label += '-' + k; tailBytes = rnd() < 0.5 ? Buffer.alloc(0) : U('\n' + tail); break; }
    case 'ws-inside': { const k = 1 + Math.floor(rnd() * (h.length - 1)); const w = pick([' ', '\t', '\n', '\x0c', '\r']); h = h.slice(0, k) + w + h.slice(k); label += '-at' + k; break; }
    case 'dup': h = h + h; break;
  }
  let body = B(U(pre + h + '\n'), tailBytes);
  if (pre === '\uFEFF' && label.endsWith('bom16le')) body = B([0xff, 0xfe], Buffer.from(h + '\n' + tail, 'utf16le'));
  add(`mutate/${label}.html`, body, 'gen.js');
}

// ---------------------------------------------------------------------------
// The manifest.

const sha = (b) => crypto.createHash('sha256').update(b).digest('hex');
const byGroup = new Map();
for (const name of bodies.keys()) {
  const g = name.split('/')[0];
  if (!byGroup.has(g)) byGroup.set(g, []);
  byGroup.get(g).push(name);
}
const split = new Map();
for (const names of byGroup.values()) {
  names.sort((a, b) => (sha(a) < sha(b) ? -1 : 1)).forEach((n, i) => split.set(n, i % 5 === 2 ? 'heldout' : 'train'));
}
fs.rmSync(outDir, { recursive: true, force: true });
const rows = [];
for (const name of [...bodies.keys()].sort()) {
  const { bytes, maker } = bodies.get(name);
  fs.mkdirSync(path.join(outDir, path.dirname(name)), { recursive: true });
  fs.writeFileSync(path.join(outDir, name), bytes);
  rows.push([name, split.get(name), bytes.length, sha(bytes), maker]);
}
fs.rmSync(work, { recursive: true, force: true });

const header = '# name\tsplit\tsize\tsha256\tmaker (made by tools/corpus/gen.js; see README.md)';
const text = [header, ...rows.map((r) => r.join('\t'))].join('\n') + '\n';
let bad = 0;
if (fs.existsSync(manifestFile)) {
  const old = new Map(fs.readFileSync(manifestFile, 'utf8').split('\n').filter((l) => l && !l.startsWith('#')).map((l) => { const f = l.split('\t'); return [f[0], f]; }));
  for (const r of rows) {
    const o = old.get(r[0]);
    if (!o) { console.error(`new:     ${r[0]}`); bad++; } else if (o[3] !== r[3]) { console.error(`differs: ${r[0]} (size ${o[2]} -> ${r[2]}, ${r[4]}: another tool version?)`); bad++; }
    old.delete(r[0]);
  }
  for (const n of old.keys()) { console.error(`missing: ${n}`); bad++; }
}
const counts = {};
for (const r of rows) counts[r[0].split('/')[0]] = (counts[r[0].split('/')[0]] || 0) + 1;
console.error(`${rows.length} bodies in ${outDir}:`, counts, `heldout ${rows.filter((r) => r[1] === 'heldout').length}`);
if (!fs.existsSync(manifestFile) || update) {
  fs.writeFileSync(manifestFile, text);
  console.error(`wrote ${manifestFile}`);
} else if (bad) {
  console.error(`${bad} bodies differ from manifest.tsv; the recordings were made of the manifest's bytes. Run with -update to accept.`);
  process.exit(1);
} else {
  console.error('every body matches manifest.tsv');
}
