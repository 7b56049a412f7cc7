#!/usr/bin/env node
// gencorpus.js writes testdata/browsers/corpus.jsonl: the responses the
// recorder serves to each browser. It is deterministic (no clock, no
// randomness), so re-running it gives the same file.
//
// A case is a header combination ("combo") over a body. Bodies are every file
// in testdata/files (by name) and the edge bodies built below (inlined as
// base64). Combos are not a full cross product: every body gets the basic
// combos (no type, the Apache text/plain, octet-stream, unknown/unknown, */*,
// nosniff without a type, a non-Apache text/plain); the files get the supplied
// type combos of §7; a chosen set of edge bodies gets the Apache values, near
// misses and two-header combos.
//
//	node gencorpus.js            # writes ../../testdata/browsers/corpus.jsonl
'use strict';
const fs = require('fs');
const path = require('path');
const { writeAtomic } = require('./files');

const root = path.resolve(__dirname, '..', '..');
const filesDir = path.join(root, 'testdata', 'files');
const out = path.join(root, 'testdata', 'browsers', 'corpus.jsonl');

const CT = 'Content-Type';
const NS = ['X-Content-Type-Options', 'nosniff'];
const ct = (v) => [CT, v];

// ---------------------------------------------------------------------------
// Header combos. The name is the id's first segment.

const basic = [
  ['none', []],
  ['ns', [NS]],
  ['tp-apache', [ct('text/plain')]],
  ['tp-utf8lower', [ct('text/plain; charset=utf-8')]],
  ['octet', [ct('application/octet-stream')]],
  ['unknown-unknown', [ct('unknown/unknown')]],
  ['star-star', [ct('*/*')]],
];

// The four Apache-bug values and near misses.
const apache = [
  ['tp-iso-upper', [ct('text/plain; charset=ISO-8859-1')]],
  ['tp-iso-lower', [ct('text/plain; charset=iso-8859-1')]],
  ['tp-utf8', [ct('text/plain; charset=UTF-8')]],
  ['tp-iso-nospace', [ct('text/plain;charset=ISO-8859-1')]],
  ['tp-upper', [ct('Text/Plain')]],
  ['tp-utf8-quoted', [ct('text/plain; charset="UTF-8"')]],
  ['tp-ns', [ct('text/plain'), NS]],
];

const unknownish = [
  ['app-unknown', [ct('application/unknown')]],
  ['bogus', [ct('bogus')]],
  ['bogus-slash', [ct('text/')]],
  ['empty-ct', [ct('')]],
  ['star-star-ns', [ct('*/*'), NS]],
  ['unknown-unknown-ns', [ct('unknown/unknown'), NS]],
];

const twoHeaders = [
  ['two-html-star', [ct('text/html'), ct('*/*')]],
  ['two-star-html', [ct('*/*'), ct('text/html')]],
  ['two-html-star-ns', [ct('text/html'), ct('*/*'), NS]],
  ['two-tpiso-twice', [ct('text/plain;charset=ISO-8859-1'), ct('text/plain;charset=ISO-8859-1')]],
  ['two-tp-tp', [ct('text/plain'), ct('text/plain')]],
  ['two-html-tp', [ct('text/html'), ct('text/plain')]],
  ['two-tp-bogus', [ct('text/plain'), ct('bogus')]],
  ['one-comma-html-star', [ct('text/html, */*')]],
];

const supplied = [
  ['html', [ct('text/html')]],
  ['html-ns', [ct('text/html'), NS]],
  ['html-upper', [ct('TEXT/HTML; charset=utf-8')]],
  ['xml', [ct('text/xml')]],
  ['appxml', [ct('application/xml')]],
  ['xhtml', [ct('application/xhtml+xml')]],
  ['svg', [ct('image/svg+xml')]],
  ['pdf', [ct('application/pdf')]],
  ['json', [ct('application/json')]],
  ['js', [ct('text/javascript')]],
  ['css', [ct('text/css')]],
  ['img-png', [ct('image/png')]],
  ['img-gif-ns', [ct('image/gif'), NS]],
  ['img-jpeg', [ct('image/jpeg')]],
  ['img-foo', [ct('image/foo')]],
  ['audio-mpeg', [ct('audio/mpeg')]],
  ['audio-ns', [ct('audio/mpeg'), NS]],
  ['video-mp4', [ct('video/mp4')]],
  ['video-webm', [ct('video/webm')]],
  ['octet-ns', [ct('application/octet-stream'), NS]],
  ['zip', [ct('application/zip')]],
  ['font', [ct('font/woff')]],
];

// ---------------------------------------------------------------------------
// Edge bodies.

const edges = []; // [name, Buffer, note]
const edge = (name, bytes, note) => edges.push([name, Buffer.from(bytes), note]);
const B = (...parts) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

edge('empty', B(''), 'empty body');

// Each HTML tag of the unknown-type table with each terminating byte and near misses.
const tags = ['!DOCTYPE HTML', 'HTML', 'HEAD', 'SCRIPT', 'IFRAME', 'H1', 'DIV', 'FONT', 'TABLE', 'A', 'STYLE', 'TITLE', 'B', 'BODY', 'BR', 'P', '!--'];
const tagSlug = (t) => t.replace('!DOCTYPE HTML', 'doctype').replace('!--', 'comment').toLowerCase();
for (const t of tags) {
  const s = tagSlug(t);
  const rest = 'hello</p>\n';
  edge(`tag-${s}-gt`, B('<' + t + '>' + rest), `<${t} then >`);
  edge(`tag-${s}-sp`, B('<' + t + ' ' + rest), `<${t} then space`);
  edge(`tag-${s}-eof`, B('<' + t), `<${t} at end of input`);
  edge(`tag-${s}-slash`, B('<' + t + '/' + rest), `<${t} then /`);
  edge(`tag-${s}-x`, B('<' + t + 'x' + rest), `<${t} then x`);
  edge(`tag-${s}-tab`, B('<' + t + '\t' + rest), `<${t} then tab (not a terminator)`);
  edge(`tag-${s}-lower-gt`, B('<' + t.toLowerCase() + '>' + rest), `lower-case <${t} then >`);
}
edge('tag-html-mixed-gt', B('<hTmL>hi'), 'mixed case <HTML>');
edge('tag-body-onload', B('<body/onload=alert(1)>'), 'the XSS example');
edge('tag-comment-nl', B('<!--\nhi -->'), '<!-- then newline');
edge('tag-html-nl', B('<html\nlang=en>hi'), '<html then newline');
edge('tag-unknown-gt', B('<foo>hello</foo>'), 'an unlisted tag');
edge('tag-lt-only', B('<'), 'a lone <');

// Leading whitespace before a tag.
const wss = [['sp', ' '], ['tab', '\t'], ['lf', '\n'], ['cr', '\r'], ['ff', '\x0C'], ['vt', '\x0B'], ['mix', ' \t\n\x0C\r '], ['nbsp', '\xA0']];
for (const [n, w] of wss) {
  edge(`ws-${n}-html`, B(w + '<html>hi'), `leading ${JSON.stringify(w)} before <html>`);
  edge(`ws-${n}-xml`, B(w + '<?xml version="1.0"?><a/>'), `leading ${JSON.stringify(w)} before <?xml`);
}

// How far the HTML tag is looked for.
for (const n of [100, 500, 505, 506, 507, 508, 510, 511, 512, 1000, 1023, 1024, 1440, 1445, 2000]) {
  edge(`ws${n}-html`, B(' '.repeat(n) + '<html>hi'), `<html> after ${n} spaces`);
}
for (const n of [500, 506, 507, 512, 1024, 1445]) {
  edge(`text${n}-html`, B('a'.repeat(n) + '<html>hi'), `<html> after ${n} text bytes (not leading)`);
}

// XML, PDF, PostScript and near misses.
edge('xml', B('<?xml version="1.0"?><a/>'), '<?xml');
edge('xml-upper', B('<?XML version="1.0"?><a/>'), '<?XML (case-sensitive)');
edge('xml-short', B('<?xm'), '<?xm near miss');
edge('xml-svg', B('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'), 'SVG with an XML declaration');
edge('svg-bare', B('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'SVG without declaration');
edge('xml-rss', B('<?xml version="1.0"?><rss version="2.0"><channel></channel></rss>'), 'RSS');
edge('pdf', B('%PDF-1.4\n%\xE2\xE3\n'), '%PDF-');
edge('pdf-short', B('%PDF'), '%PDF near miss');
edge('pdf-ws', B(' %PDF-1.4\n'), 'leading space before %PDF-');
edge('ps', B('%!PS-Adobe-3.0\n'), '%!PS-Adobe-');
edge('ps-short', B('%!PS-Adob'), '%!PS-Adob near miss');

// BOMs.
edge('bom-utf16be', B([0xFE, 0xFF, 0, 0x68, 0, 0x69]), 'UTF-16BE BOM');
edge('bom-utf16le', B([0xFF, 0xFE, 0x68, 0, 0x69, 0]), 'UTF-16LE BOM');
edge('bom-utf8', B([0xEF, 0xBB, 0xBF], 'hi\x01'), 'UTF-8 BOM, then a binary byte');
edge('bom-utf8-short', B([0xEF, 0xBB], 'hi\x01'), 'UTF-8 BOM near miss');
edge('bom-utf8-html', B([0xEF, 0xBB, 0xBF], '<html>hi'), 'UTF-8 BOM then <html>');
edge('bom-utf16le-html', B([0xFF, 0xFE], '<\0h\0t\0m\0l\0>\0'), 'UTF-16LE BOM then <html>');

// Images, audio/video, archives and near misses (the real files are in testdata/files).
edge('gif87', B('GIF87a\x01\x00\x01\x00'), 'GIF87a');
edge('gif88', B('GIF88a\x01\x00\x01\x00'), 'GIF88a near miss');
edge('png-sig', B([0x89], 'PNG\r\n\x1A\n'), 'PNG signature only');
edge('png-short', B([0x89], 'PNG\r\n\x1A'), 'PNG signature near miss');
edge('jpeg-sig', B([0xFF, 0xD8, 0xFF, 0xE0]), 'JPEG signature');
edge('jpeg-short', B([0xFF, 0xD8]), 'JPEG near miss');
edge('bmp-sig', B('BM\x00\x00'), 'BMP signature');
edge('webp-sig', B('RIFF\x00\x00\x00\x00WEBPVP8 '), 'WebP signature');
edge('ico-sig', B([0, 0, 1, 0, 1, 0]), 'ICO signature');
edge('cur-sig', B([0, 0, 2, 0, 1, 0]), 'CUR signature');
edge('id3-only', B('ID3\x03\x00\x00\x00\x00\x00\x00'), 'ID3 header only');
edge('ogg-sig', B('OggS\x00\x02'), 'OggS');
edge('wav-sig', B('RIFF\x00\x00\x00\x00WAVE'), 'WAVE');
edge('avi-sig', B('RIFF\x00\x00\x00\x00AVI '), 'AVI');
edge('aiff-sig', B('FORM\x00\x00\x00\x00AIFF'), 'AIFF');
edge('midi-sig', B('MThd\x00\x00\x00\x06'), 'MIDI');
edge('ebml-sig', B([0x1A, 0x45, 0xDF, 0xA3]), 'EBML header only');
edge('mp4-ftyp-short', B([0, 0, 0, 0x0C], 'ftypmp42'), 'ftyp box too short');
edge('gzip-sig', B([0x1F, 0x8B, 0x08, 0]), 'gzip');
edge('zip-sig', B('PK\x03\x04'), 'zip');
edge('zip-short', B('PK\x03'), 'zip near miss');
edge('rar-sig', B('Rar!\x1A\x07\x00'), 'RAR');
edge('woff-sig', B('wOFF\x00\x01\x00\x00'), 'WOFF (fonts are not sniffed)');

// Text or binary: each byte class at offset 10.
const textBase = 'hello world, some text. ';
for (let b = 0; b < 0x20; b++) {
  const h = b.toString(16).padStart(2, '0');
  edge(`byte-${h}`, B(textBase.slice(0, 10), [b], textBase.slice(10)), `byte 0x${h} at offset 10`);
}
for (const b of [0x7F, 0x80, 0xFF]) {
  const h = b.toString(16);
  edge(`byte-${h}`, B(textBase.slice(0, 10), [b], textBase.slice(10)), `byte 0x${h} at offset 10`);
}
// A binary byte at offsets around 512, 1024 and 1445, in a body of 2000 text bytes.
const filler = (n) => {
  const s = 'The quick brown fox jumps over the lazy dog.\n';
  return s.repeat(Math.ceil(n / s.length)).slice(0, n);
};
for (const off of [0, 510, 511, 512, 513, 1022, 1023, 1024, 1025, 1443, 1444, 1445, 1446, 1900]) {
  for (const [bn, b] of [['00', 0x00], ['1b', 0x1B], ['0b', 0x0B]]) {
    if (bn !== '00' && ![511, 512, 1023, 1024, 1444, 1445].includes(off)) continue;
    const buf = Buffer.from(filler(2000), 'latin1');
    buf[off] = b;
    edge(`bin${bn}-at${off}`, buf, `byte 0x${bn} at offset ${off} of 2000 text bytes`);
  }
}
edge('text-2000', B(filler(2000)), '2000 text bytes, no binary byte');
edge('text-short', B('hi'), 'two text bytes');
// A tag after binary bytes: binary before a late <html>.
edge('bin-then-html', B([0x01], '<html>hi'), 'binary byte before <html>');

// ---------------------------------------------------------------------------
// Which edges get the extra combos.

const probe = new Set([
  'tag-html-gt', 'tag-html-eof', 'tag-comment-x', 'tag-body-slash', 'tag-body-onload', 'ws-ff-html', 'ws-vt-html',
  'ws510-html', 'ws1024-html', 'xml', 'pdf', 'ps', 'bom-utf16le', 'bom-utf8', 'gif87', 'png-sig', 'ogg-sig', 'ebml-sig',
  'zip-sig', 'gzip-sig', 'byte-00', 'byte-0b', 'byte-1b', 'byte-0c', 'bin00-at511', 'bin00-at512', 'bin00-at1023',
  'bin00-at1024', 'bin00-at1444', 'bin00-at1445', 'text-2000', 'empty', 'xml-rss', 'svg-bare', 'wav-sig',
]);

// ---------------------------------------------------------------------------

const files = fs.readdirSync(filesDir).filter((f) => fs.statSync(path.join(filesDir, f)).isFile()).sort();
const cases = []; // {id, headers, combo, body: 'files/<name>' | 'edge/<name>', note?}
const lines = [];
const ids = new Set();
const add = (combo, headers, name, body, note) => {
  const id = `${combo}/${name}`;
  if (ids.has(id)) throw new Error('duplicate id ' + id);
  ids.add(id);
  const c = { id, headers };
  if (body.file) c.file = body.file;
  else c.body = body.b.toString('base64');
  if (note) c.note = note;
  cases.push({ id, headers, combo, body: body.file ? 'files/' + body.file : name, note });
  lines.push(JSON.stringify(c));
};

for (const [combo, headers] of basic) {
  for (const f of files) add(combo, headers, f, { file: f });
  for (const [n, b, note] of edges) add(combo, headers, 'edge/' + n, { b }, note);
}
for (const [combo, headers] of [...apache, ...unknownish, ...twoHeaders, ...supplied]) {
  for (const f of files) add(combo, headers, f, { file: f });
}
for (const [combo, headers] of [...apache, ...unknownish, ...twoHeaders, ...supplied.slice(0, 12)]) {
  for (const [n, b, note] of edges) if (probe.has(n)) add(combo, headers, 'edge/' + n, { b }, note);
}
for (const n of probe) if (!edges.some((e) => e[0] === n)) throw new Error('unknown probe edge ' + n);

// The navigation corpus (gencases.js) takes these cases over as they are.
module.exports = { cases, edges, combos: [...basic, ...apache, ...unknownish, ...twoHeaders, ...supplied], filesDir };

if (require.main === module) {
  writeAtomic(out, lines.join('\n') + '\n');
  console.error(`${lines.length} cases (${files.length} files, ${edges.length} edge bodies) -> ${path.relative(process.cwd(), out)}`);
}
