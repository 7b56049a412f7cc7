#!/usr/bin/env node
// gencross.js writes the cross-origin corpus into
// testdata/browsers/crossorigin: bodies.jsonl.gz (every body once),
// headers.jsonl (the named header sets, with their split) and cases.jsonl.gz
// (a body under a header set, with a status, a range or a redirect). It is
// deterministic (no clock, no randomness). crossorigin.js loads each case from
// a page of another site in seven no-cors ways; see
// testdata/browsers/crossorigin/FORMAT.md.
//
//	node ../corpus/gen.js        # makes the real bodies in tools/corpus/out
//	node gencross.js [-v]
//
// The bodies are the real files of tools/corpus (checked against its
// manifest.tsv), the 52 files of testdata/files, the edge bodies of
// gencorpus.js (the navigation corpus' bodies), and the bodies below, made for
// Opaque Response Blocking: JSON and its script-breaking prefixes, JSONP,
// JavaScript that starts like JSON or HTML, HTML, XML, PDF, CSS, CSV, WebVTT
// and media heads, whole and cut before their signature completes, with and
// without byte order marks. It is not a cross product: see "Plan".
'use strict';
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');
const old = require('./gencorpus.js');
const { slug, selfType, realBodies, sha } = require('./corpus');

const root = path.resolve(__dirname, '..', '..');
const outDir = path.join(root, 'testdata', 'browsers', 'crossorigin');
const HEAD = 1445;


// ---------------------------------------------------------------------------
// Bodies. source: "orb" (made here, stored whole), "files" (testdata/files),
// "edge" (gencorpus.js), "real" (tools/corpus/out).

const bodies = new Map(); // name -> {name, source, type, sha256, size, bytes}
function body(name, bytes, source, type) {
  if (bodies.has(name)) throw new Error('duplicate body ' + name);
  bodies.set(name, { name, source, type, sha256: sha(bytes), size: bytes.length, bytes });
}
const latin1 = (s) => Buffer.from(s, 'latin1');
const utf16le = (s) => Buffer.concat([Buffer.from([0xFF, 0xFE]), Buffer.from(s, 'utf16le')]);
const BOM8 = '\xEF\xBB\xBF';

// A script that says it ran: the page defines mimesniffRan (crossharness.js).
const RAN = 'self.mimesniffRan && mimesniffRan(document.currentScript && document.currentScript.src);';
// The callback the page defines for JSONP.
const CB = 'mimesniffCallback';
// The JSON and the secret the bodies carry.
const OBJ = '{"user":"alice","token":"s3cr3t"}';

const orb = (name, s, type, enc) => body('orb/' + name, enc === 'utf16' ? utf16le(s) : latin1(s), 'orb', type);
const JSON_T = 'application/json';
const JS_T = 'text/javascript';
const HTML_T = 'text/html';
const XML_T = 'application/xml';

// JSON, that is also JavaScript or not.
orb('json-object', OBJ, JSON_T);
orb('json-object-ws', '\n  ' + OBJ, JSON_T);
orb('json-object-spaced', '{ "user" : "alice" }', JSON_T);
orb('json-empty-object', '{}', JSON_T);
orb('json-array', '[1,2]', JSON_T); // also a valid script
orb('json-array-objects', '[{"user":"alice"},{"user":"bob"}]', JSON_T); // also a valid script
orb('json-string', '"x"', JSON_T); // also a valid script
orb('json-number', '42', JSON_T); // also a valid script
orb('json-null', 'null', JSON_T); // also a valid script
orb('json-nested', '{"a":{"b":[1,2,{"c":"d"}]},"token":"s3cr3t"}', JSON_T);
orb('json-long-key', '{"' + 'k'.repeat(1100) + '":1}', JSON_T); // the key runs past 1,024 bytes
orb('json-after-1100-ws', ' '.repeat(1100) + OBJ, JSON_T); // JSON only after 1,100 spaces
orb('json-bom', BOM8 + OBJ, JSON_T);
orb('json-utf16le-bom', OBJ, JSON_T, 'utf16');
orb('json-big', '{"rows":[' + Array.from({ length: 400 }, (_, i) => `{"id":${i},"name":"user${i}"}`).join(',') + ']}', JSON_T);
// Script-breaking prefixes (XSSI guards).
orb('xssi-parens', ")]}'\n" + OBJ, JSON_T);
orb('xssi-parens-comma', ")]}',\n" + OBJ, JSON_T);
orb('xssi-and', '{}&&' + OBJ, JSON_T);
orb('xssi-and-space', '{} &&' + OBJ, JSON_T);
orb('xssi-for', 'for(;;);' + OBJ, JSON_T); // loops for ever as a script
orb('xssi-for-space', 'for (;;);' + OBJ, JSON_T); // loops for ever as a script
orb('xssi-while', 'while(1);' + OBJ, JSON_T); // loops for ever as a script
orb('xssi-while-space', 'while (1);[1,2]', JSON_T); // loops for ever as a script
orb('xssi-ws-parens', "  )]}'\n" + OBJ, JSON_T); // whitespace before the prefix
orb('xssi-parens-cut', ')]}', JSON_T); // cut before the prefix completes
orb('xssi-for-cut', 'for(;;', JSON_T); // cut before the prefix completes
// JSONP and JavaScript.
orb('jsonp', `${CB}(${OBJ});`, JS_T);
orb('jsonp-comment', `/**/${CB}(${OBJ});`, JS_T);
orb('jsonp-array', `${CB}([1,2]);`, JS_T);
orb('js-plain', `var mimesniffX = 1;\n${RAN}\n`, JS_T);
orb('js-use-strict', `"use strict";\n${RAN}\n`, JS_T); // starts like a JSON string
orb('js-array-start', `[1,2].forEach(function () {});\n${RAN}\n`, JS_T); // starts like a JSON array
orb('js-empty-block', `{}\n${RAN}\n`, JS_T); // starts like a JSON object
orb('js-label-block', `{ user: 1 }\n${RAN}\n`, JS_T); // a block with a label: starts like an object
orb('js-object-paren', `({"user":"alice"});\n${RAN}\n`, JS_T);
orb('js-html-comment', `<!-- hidden from old browsers\n${RAN}\n// -->\n`, JS_T);
orb('js-html-comment-closed', `<!-- a comment -->\n${RAN}\n`, JS_T);
orb('js-html-comment-open', `<!-- never closed\n${RAN}\n`, JS_T);
orb('js-html-comment-then-html', '<!-- a comment -->\n<html><body>secret</body></html>\n', HTML_T);
orb('js-bom', BOM8 + RAN + '\n', JS_T);
orb('js-utf16le-bom', RAN + '\n', JS_T, 'utf16');
orb('js-module', 'export const mimesniffX = 1;\n', JS_T); // a syntax error as a classic script
orb('js-long-comment', '/*' + ' '.repeat(1100) + '*/\n' + RAN + '\n', JS_T);
orb('js-lt-html-string', `var s = "<html>";\n${RAN}\n`, JS_T);
orb('not-js', 'this is not { JavaScript', 'text/plain');
// HTML: each of Chromium's CORB HTML signatures, and near misses.
const htmlBodies = [
  ['html-doctype', '<!DOCTYPE html><html><body>secret</body></html>'],
  ['html-html', '<html><body>secret</body></html>'],
  ['html-head', '<head><title>secret</title></head>'],
  ['html-script', '<script>var secret = 1;</script>'],
  ['html-iframe', '<iframe src="about:blank"></iframe>'],
  ['html-h1', '<h1>secret</h1>'],
  ['html-div', '<div>secret</div>'],
  ['html-font', '<font>secret</font>'],
  ['html-table', '<table><tr><td>secret</td></tr></table>'],
  ['html-a', '<a href="x">secret</a>'],
  ['html-style', '<style>p{}</style>'],
  ['html-title', '<title>secret</title>'],
  ['html-b', '<b>secret</b>'],
  ['html-br', '<br>secret'],
  ['html-p', '<p>secret</p>'],
  ['html-upper', '<HTML><BODY>secret</BODY></HTML>'],
  ['html-section', '<section>secret</section>'], // a tag in no sniffing table
  ['html-comment-first', '<!-- a comment -->\n<html><body>secret</body></html>'],
  ['html-comment-then-text', '<!-- a comment -->\nsecret'],
  ['html-ws', '\n\n   <html><body>secret</body></html>'],
  ['html-bom', BOM8 + '<html><body>secret</body></html>'],
  ['html-cut-doctype', '<!doctyp'],
  ['html-cut-html', '<htm'],
  ['html-lt', '<'],
];
for (const [n, s] of htmlBodies) orb(n, s, HTML_T);
orb('html-utf16le-bom', '<html><body>secret</body></html>', HTML_T, 'utf16');
// XML, SVG, PDF.
orb('xml-decl', '<?xml version="1.0"?>\n<root><token>s3cr3t</token></root>\n', XML_T);
orb('xml-ws', '\n  <?xml version="1.0"?>\n<root/>\n', XML_T);
orb('xml-bom', BOM8 + '<?xml version="1.0"?>\n<root/>\n', XML_T);
orb('xml-upper', '<?XML version="1.0"?>\n<root/>\n', XML_T);
orb('xml-cut', '<?xm', XML_T);
orb('xml-nodecl', '<root><token>s3cr3t</token></root>\n', XML_T);
orb('svg-doc', '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8"/></svg>\n', 'image/svg+xml');
orb('svg-decl', '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8"/></svg>\n', 'image/svg+xml');
orb('rss', '<?xml version="1.0"?>\n<rss version="2.0"><channel><title>t</title></channel></rss>\n', 'application/rss+xml');
{
  const objs = ['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 100 100] >>'];
  let s = '%PDF-1.4\n';
  const offs = [];
  objs.forEach((o, i) => { offs.push(s.length); s += `${i + 1} 0 obj\n${o}\nendobj\n`; });
  const x = s.length;
  s += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n` + offs.map((o) => String(o).padStart(10, '0') + ' 00000 n \n').join('');
  s += `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R >>\nstartxref\n${x}\n%%EOF\n`;
  orb('pdf', s, 'application/pdf');
}
orb('pdf-cut', '%PD', 'application/pdf');
// CSS, CSV, text.
orb('css', '.mimesniff-css { color: rgb(1, 2, 3) }\n', 'text/css');
orb('css-charset', '@charset "utf-8";\n.mimesniff-css { color: rgb(1, 2, 3) }\n', 'text/css');
orb('csv', 'name,email,token\nalice,alice@example.com,s3cr3t\n', 'text/csv');
orb('text', 'A secret note: s3cr3t.\n', 'text/plain');
orb('text-utf16le-bom', 'A secret note: s3cr3t.\n', 'text/plain', 'utf16');
orb('empty', '', 'text/plain');
orb('space', ' ', 'text/plain');
orb('ws-only', '\n\n  \t\n', 'text/plain');
// WebVTT.
orb('vtt', 'WEBVTT\n\n00:00.000 --> 00:01.000\nA caption.\n', 'text/vtt');
orb('vtt-bom', BOM8 + 'WEBVTT\n\n00:00.000 --> 00:01.000\nA caption.\n', 'text/vtt');
orb('vtt-cut', 'WEBVT', 'text/vtt');
// Image, media, font and archive heads: a whole signature with nothing
// after it, and one cut before it completes.
orb('gif-sig', 'GIF89a', 'image/gif');
orb('gif-cut', 'GIF8', 'image/gif');
orb('png-sig', '\x89PNG\r\n\x1A\n', 'image/png');
orb('png-cut', '\x89PN', 'image/png');
orb('jpeg-sig', '\xFF\xD8\xFF', 'image/jpeg');
orb('jpeg-cut', '\xFF\xD8', 'image/jpeg');
orb('webp-cut', 'RIFF\x00\x00\x00\x00WEB', 'image/webp');
orb('ogg-sig', 'OggS\x00', 'audio/ogg');
orb('ogg-cut', 'Ogg', 'audio/ogg');
orb('id3-sig', 'ID3\x03\x00\x00\x00\x00\x00\x00', 'audio/mpeg');
orb('id3-cut', 'ID', 'audio/mpeg');
orb('webm-sig', '\x1A\x45\xDF\xA3\x9F\x42\x86\x81\x01\x42\xF7\x81\x01\x42\xF2\x81\x04\x42\xF3\x81\x08\x42\x82\x84webm\x42\x87\x81\x02\x42\x85\x81\x02', 'video/webm');
orb('webm-cut', '\x1A\x45\xDF', 'video/webm');
orb('mp4-cut', '\x00\x00\x00\x18ftyp', 'video/mp4');
orb('wav-cut', 'RIFF\x24\x00\x00\x00WAV', 'audio/wav');
orb('zip-sig', 'PK\x03\x04\x14\x00\x00\x00\x00\x00', 'application/zip');
orb('gzip-sig', '\x1F\x8B\x08\x00\x00\x00\x00\x00\x00\x03', 'application/gzip');
orb('woff-cut', 'wOF', 'font/woff');
orb('byteranges', `--B\r\nContent-Type: application/json\r\nContent-Range: bytes 0-${OBJ.length - 1}/${OBJ.length}\r\n\r\n${OBJ}\r\n--B--\r\n`, 'multipart/byteranges; boundary=B');

for (const f of fs.readdirSync(old.filesDir).sort()) {
  const p = path.join(old.filesDir, f);
  if (fs.statSync(p).isFile()) body('files/' + f, fs.readFileSync(p), 'files', f.endsWith('.bin') ? null : selfType(f));
}
for (const [n, b] of old.edges) body('edge/' + n, b, 'edge', null);
const real = realBodies();
for (const r of real) body(r.name, r.bytes, 'real', selfType(r.name));

// ---------------------------------------------------------------------------
// Header sets. A name is given once; the same headers under a second name
// keep the first name. Sets are numbered in the order they are made; every
// seventh (index 6, 13, ...) is held out: no rule is to be fitted to it.

const CT = 'Content-Type';
const XCTO = 'X-Content-Type-Options';
const CORP = 'Cross-Origin-Resource-Policy';
const ct = (v) => [CT, v];
const NS = [XCTO, 'nosniff'];
const sets = new Map(); // name -> headers
const byHeaders = new Map(); // JSON -> name
function set(name, headers) {
  const k = JSON.stringify(headers);
  if (byHeaders.has(k)) return byHeaders.get(k);
  if (sets.has(name)) throw new Error('header set name reused: ' + name);
  sets.set(name, headers);
  byHeaders.set(k, name);
  return name;
}
// typeSet returns the name of the set that declares type t (null: none),
// with nosniff when ns.
const typeSet = (t, ns) => (t === null ? set(ns ? 'ns' : 'none', ns ? [NS] : []) : set('t-' + slug(t) + (ns ? '-ns' : ''), ns ? [ct(t), NS] : [ct(t)]));

// The declared types ORB tells apart: its safelist (JavaScript, CSS, SVG),
// its blocklist (HTML, JSON, XML), the never-sniffed list (CSV, zip, PDF,
// Word), text/plain (blocked with nosniff), and the rest (sniffed).
const mainTypes = [null, 'text/plain', 'text/html', 'application/json', 'application/xml', 'application/octet-stream', 'text/javascript',
  'text/css', 'text/csv', 'application/zip', 'application/pdf', 'application/msword', 'image/png', 'video/mp4', 'image/svg+xml', 'text/vtt'];
// Fewer, for the real bodies of "reps".
const repTypes = [null, 'text/plain', 'text/html', 'application/json', 'application/octet-stream', 'text/javascript', 'text/css',
  'application/zip', 'image/png', 'video/mp4'];
// Other spellings of the same classes, each once, without nosniff.
const moreTypes = ['text/json', 'application/ld+json', 'application/vnd.api+json', 'text/xml', 'application/rss+xml', 'application/xhtml+xml',
  'application/x-javascript', 'application/ecmascript', 'text/mimesniff-js', 'application/gzip', 'application/x-protobuf', 'text/event-stream',
  'multipart/byteranges', 'multipart/signed', 'application/vnd.ms-excel', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'text/pdf', 'application/dash+xml', 'application/vnd.apple.mpegurl', 'audio/mpegurl', 'audio/mpeg', 'image/gif', 'image/x-mimesniff',
  'application/ogg', 'font/woff', 'multipart/x-mixed-replace', 'unknown/unknown', 'application/unknown', 'text/markdown'];
// Parameters, case, invalid values and several types.
const oddTypes = [
  ['html-charset', [ct('text/html; charset=utf-8')]],
  ['html-upper', [ct('TEXT/HTML')]],
  ['json-charset', [ct('application/json; charset=utf-8')]],
  ['tp-charset', [ct('text/plain; charset=utf-8')]],
  ['tp-charset-ns', [ct('text/plain; charset=utf-8'), NS]],
  ['js-charset', [ct('text/javascript; charset=utf-8')]],
  ['empty-ct', [ct('')]],
  ['bogus-slash', [ct('text/')]],
  ['bogus-word', [ct('bogus')]],
  ['star-star', [ct('*/*')]],
  ['comma-tp-html', [ct('text/plain, text/html')]],
  ['comma-html-js', [ct('text/html, text/javascript')]],
  ['comma-js-html', [ct('text/javascript, text/html')]],
  ['two-tp-html', [ct('text/plain'), ct('text/html')]],
  ['two-html-tp', [ct('text/html'), ct('text/plain')]],
  ['two-html-js', [ct('text/html'), ct('text/javascript')]],
  ['two-js-html', [ct('text/javascript'), ct('text/html')]],
  ['two-json-png', [ct('application/json'), ct('image/png')]],
  ['two-png-json', [ct('image/png'), ct('application/json')]],
  ['two-html-empty', [ct('text/html'), ct('')]],
];
// nosniff spelled otherwise, over a JSON, an HTML and a plain-text type and
// none.
const nsSpell = [['ns-upper', [[XCTO, 'NOSNIFF']]], ['ns-list-foo', [[XCTO, 'nosniff, foo']]], ['ns-foo-list', [[XCTO, 'foo, nosniff']]],
  ['ns-twice', [NS, NS]], ['ns-foo-then', [[XCTO, 'foo'], NS]], ['ns-then-foo', [NS, [XCTO, 'foo']]], ['ns-space', [[XCTO, ' nosniff ']]]];
// Cross-Origin-Resource-Policy.
const corps = [['corp-same-origin', [[CORP, 'same-origin']]], ['corp-same-site', [[CORP, 'same-site']]], ['corp-cross-origin', [[CORP, 'cross-origin']]],
  ['corp-two-so-co', [[CORP, 'same-origin'], [CORP, 'cross-origin']]], ['corp-two-co-so', [[CORP, 'cross-origin'], [CORP, 'same-origin']]],
  ['corp-list', [[CORP, 'same-origin, cross-origin']]], ['corp-typo', [[CORP, 'same_origin']]], ['corp-upper', [[CORP, 'Same-Origin']]],
  ['corp-empty', [[CORP, '']]], ['corp-two-co', [[CORP, 'cross-origin'], [CORP, 'cross-origin']]]];

// ---------------------------------------------------------------------------
// Plan: [set, [bodies], extra case members]. "status" is the status line
// (default 200 OK); "range" [first, last] serves those bytes with
// Content-Range (a 206); "redirect" answers first with that status and a
// Location to the same URL with /final, which serves the case.

const orbNames = [...bodies.values()].filter((b) => b.source === 'orb').map((b) => b.name);
const realNames = real.map((r) => r.name);
const fileNames = [...bodies.values()].filter((b) => b.source === 'files').map((b) => b.name);
const edgeNames = [...bodies.values()].filter((b) => b.source === 'edge').map((b) => b.name);
const reps = [...new Set([
  'image/png-rgb8.png', 'image/gif89a.gif', 'image/jpeg-baseline.jpg', 'image/bmp-v3.bmp', 'image/ico-32.ico', 'image/webp-lossy.webp',
  'image/avif-still.avif', 'image/tiff-le.tif', 'image/psd.psd', 'svg/plain.svg', 'svg/xmldecl.svg', 'audio/mp3-cbr128.mp3', 'audio/mp3-noinfo.mp3',
  'audio/ogg-vorbis.ogg', 'audio/ogg-opus.opus', 'audio/flac.flac', 'audio/wav-pcm16.wav', 'audio/aac-adts.aac', 'audio/aac-m4a.m4a',
  'audio/midi-format0.mid', 'video/mp4-isom.mp4', 'video/mp4-frag.mp4', 'video/webm-vp8.webm', 'video/mkv-h264.mkv', 'video/ogg-theora.ogv',
  'video/mpeg-ts.ts', 'video/avi-mpeg4.avi', 'font/box.woff', 'font/box.woff2', 'font/box.ttf', 'archive/zip-deflate.zip', 'archive/gzip.gz',
  'pdf/gs-default.pdf', 'pdf/ps-hand.ps', 'html/html5.html', 'html/legacy-body.html', 'html/comment-first.html', 'html/bom-utf8.html',
  'xml/xhtml10.xhtml', 'xml/rss20.rss', 'xml/atom.atom', 'xml/plain.xml', 'attack/gif-html-comment.gif', 'attack/png-text-html.png',
  'attack/pdf-html.pdf', 'attack/ws512-html.html', 'attack/js-html.js', 'attack/json-html.json', 'attack/css-html.css', 'attack/xml-html.xml',
  'attack/text-html-script.txt', 'attack/webm-then-html.webm', 'attack/mp3-id3-html.mp3',
  ...realNames.filter((n) => n.startsWith('text/')),
])];
for (const r of reps) if (!bodies.has(r)) throw new Error('unknown rep ' + r);
// The ORB bodies that stand for each class, for the rarer header sets.
const core = ['orb/json-object', 'orb/json-array', 'orb/json-string', 'orb/xssi-parens', 'orb/xssi-for', 'orb/jsonp', 'orb/js-plain',
  'orb/js-html-comment', 'orb/html-doctype', 'orb/html-b', 'orb/html-comment-then-text', 'orb/xml-decl', 'orb/svg-doc', 'orb/pdf', 'orb/css',
  'orb/csv', 'orb/text', 'orb/empty', 'orb/vtt', 'orb/gif-sig', 'files/image.png', 'files/video.webm', 'files/audio.ogg', 'files/font.woff',
  'files/archive.zip'];
for (const r of core) if (!bodies.has(r)) throw new Error('unknown core body ' + r);
// Bodies that keep their own type for the CORP, status and range sets.
const typed = ['orb/json-object', 'orb/jsonp', 'orb/js-plain', 'orb/html-doctype', 'orb/xml-decl', 'orb/css', 'orb/text', 'orb/vtt',
  'files/image.png', 'files/image.svg', 'files/video.webm', 'files/video.mp4', 'files/audio-id3.mp3',
  'files/font.woff', 'files/doc.pdf', 'files/archive.zip'];

const plan = [];
const over = (setName, names, extra) => plan.push([setName, names, extra || null]);
const ownType = (n) => bodies.get(n).type;

// The ORB bodies under every main type, with and without nosniff, and under
// their own type.
for (const t of mainTypes) for (const ns of [false, true]) over(typeSet(t, ns), orbNames);
for (const ns of [false, true]) for (const n of orbNames) over(typeSet(ownType(n), ns), [n]);
// Real bodies of every format and all text bodies, under fewer types and
// their own.
for (const t of repTypes) for (const ns of [false, true]) over(typeSet(t, ns), reps);
for (const ns of [false, true]) for (const n of reps) over(typeSet(ownType(n), ns), [n]);
// Every other body: none, nosniff, its own type, text/plain, octet-stream.
const rest = [...realNames, ...fileNames, ...edgeNames].filter((n) => !reps.includes(n));
over(typeSet(null, false), rest);
over(typeSet(null, true), rest);
over(typeSet('text/plain', false), rest);
over(typeSet('application/octet-stream', false), rest);
for (const n of rest) if (ownType(n)) over(typeSet(ownType(n), false), [n]);
// Other spellings of the types, odd values, nosniff spellings.
for (const t of moreTypes) over(typeSet(t, false), core);
for (const [n, hs] of oddTypes) over(set(n, hs), core);
for (const [n, hs] of nsSpell) {
  over(set(n, hs), core);
  for (const t of ['application/json', 'text/html', 'text/plain']) over(set(`t-${slug(t)}-${n}`, [ct(t), ...hs]), core);
}
// CORP alone, with the body's own type, and with the own type and nosniff.
for (const [n, hs] of corps) {
  over(set(n, hs), typed);
  for (const b of typed) {
    over(set(`t-${slug(ownType(b))}-${n}`, [ct(ownType(b)), ...hs]), [b]);
    if (n === 'corp-same-origin' || n === 'corp-cross-origin' || n === 'corp-same-site') {
      over(set(`t-${slug(ownType(b))}-ns-${n}`, [ct(ownType(b)), NS, ...hs]), [b]);
    }
  }
}
// Statuses, ranges and redirects, untyped, with the own type, and as JSON
// and HTML.
const statusVariants = [
  ['s206', (b) => ({ status: '206 Partial Content', range: [0, b.size - 1] })],
  ['s206-mid', (b) => ({ status: '206 Partial Content', range: [Math.min(16, Math.max(0, b.size - 1)), b.size - 1] })],
  ['s206-norange', () => ({ status: '206 Partial Content' })],
  ['s404', () => ({ status: '404 Not Found' })],
  ['s500', () => ({ status: '500 Internal Server Error' })],
  ['s300', () => ({ status: '300 Multiple Choices' })],
  ['s302', () => ({ redirect: '302 Found' })],
  ['s301', () => ({ redirect: '301 Moved Permanently' })],
];
const statusBodies = [...typed, 'orb/json-array', 'orb/xssi-parens', 'orb/html-b', 'orb/empty'];
for (const [sv, extra] of statusVariants) {
  for (const b of statusBodies) {
    const bb = bodies.get(b);
    if (bb.size === 0 && /206/.test(sv)) continue;
    for (const t of [null, ownType(b), 'application/json', 'text/html']) over(typeSet(t, false), [b], { sv, ...extra(bb) });
    over(typeSet(ownType(b), true), [b], { sv, ...extra(bb) });
  }
}

// ---------------------------------------------------------------------------
// Cases.

const cases = [];
const ids = new Set();
for (const [setName, names, extra] of plan) {
  for (const n of names) {
    const id = `${extra ? extra.sv + '+' : ''}${setName}/${n}`;
    if (ids.has(id)) continue;
    ids.add(id);
    const c = { id, body: n, headers: setName };
    if (extra) {
      if (extra.status) c.status = extra.status;
      if (extra.range) c.range = extra.range;
      if (extra.redirect) c.redirect = extra.redirect;
    }
    cases.push(c);
  }
}
const setIndex = new Map([...sets.keys()].map((n, i) => [n, i]));
const split = (name) => (setIndex.get(name) % 7 === 6 ? 'heldout' : 'train');

// ---------------------------------------------------------------------------
// Write. Only the sets and bodies some case uses.

const usedSets = new Set(cases.map((c) => c.headers));
const usedBodies = new Set(cases.map((c) => c.body));
fs.mkdirSync(outDir, { recursive: true });
const gz = (lines) => zlib.gzipSync(Buffer.from(lines.join('\n') + '\n'), { level: 9 });
const bodyLines = [...bodies.values()].filter((b) => usedBodies.has(b.name)).map((b) => {
  const o = { name: b.name, source: b.source, type: b.type, sha256: b.sha256, size: b.size, head: b.bytes.subarray(0, HEAD).toString('base64') };
  if (b.source === 'orb' && b.size > HEAD) o.body = b.bytes.toString('base64');
  return JSON.stringify(o);
});
fs.writeFileSync(path.join(outDir, 'bodies.jsonl.gz'), gz(bodyLines));
fs.writeFileSync(path.join(outDir, 'headers.jsonl'), [...sets].filter(([n]) => usedSets.has(n))
  .map(([name, headers]) => JSON.stringify({ name, split: split(name), headers })).join('\n') + '\n');
fs.writeFileSync(path.join(outDir, 'cases.jsonl.gz'), gz(cases.map((c) => JSON.stringify({ ...c, split: split(c.headers) }))));
if (process.argv.includes('-v')) {
  const per = {};
  for (const c of cases) per[c.headers] = (per[c.headers] || 0) + 1;
  console.error(Object.entries(per).sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${v}`).join('\n'));
}
const held = cases.filter((c) => split(c.headers) === 'heldout').length;
console.error(`${usedBodies.size} bodies (${orbNames.length} made here), ${usedSets.size} header sets, ${cases.length} cases (${held} held out)`);
