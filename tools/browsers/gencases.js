#!/usr/bin/env node
// gencases.js writes the navigation corpus into testdata/browsers/navigation:
// bodies.jsonl.gz (every body once: name, split, sha256, size, head),
// headers.jsonl (the named header sets) and cases.jsonl.gz (body x header
// set). It is deterministic. See testdata/browsers/navigation/FORMAT.md.
//
//	node ../corpus/gen.js        # makes the real bodies in tools/corpus/out
//	node gencases.js
//
// The bodies are the real files of tools/corpus (checked against its
// manifest.tsv), the 52 files of testdata/files and the edge bodies of
// gencorpus.js. The old corpus (gencorpus.js: 5,624 cases under 50 header
// sets) is taken over whole, with its ids. The real bodies get a core of header
// sets each and the other sets over chosen subsets (see "Plan" below).
'use strict';
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');
const old = require('./gencorpus.js');
const { writeAtomic, updateManifest } = require('./files');
const { slug, selfType, realBodies, sha } = require('./corpus');

const root = path.resolve(__dirname, '..', '..');
const outDir = path.join(root, 'testdata', 'browsers', 'navigation');
const HEAD = 1445;


// ---------------------------------------------------------------------------
// Bodies.

const bodies = new Map(); // name -> {name, split, sha256, size, head, bytes}
function body(name, bytes, split) {
  if (bodies.has(name)) throw new Error('duplicate body ' + name);
  bodies.set(name, { name, split, sha256: sha(bytes), size: bytes.length, bytes });
}
for (const f of fs.readdirSync(old.filesDir).sort()) {
  const p = path.join(old.filesDir, f);
  if (fs.statSync(p).isFile()) body('files/' + f, fs.readFileSync(p), 'train');
}
for (const [n, b] of old.edges) body('edge/' + n, b, 'train');
const real = realBodies();
for (const r of real) body(r.name, r.bytes, r.split);
const realNames = real.map((r) => r.name);

// ---------------------------------------------------------------------------
// Header sets. The old corpus's 50 sets keep their names; a new set with the
// same headers as an old one takes the old name.

const CT = 'Content-Type';
const XCTO = 'X-Content-Type-Options';
const CD = 'Content-Disposition';
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
for (const [name, headers] of old.combos) set(name, headers);


// ---------------------------------------------------------------------------
// Plan.
//
// core: every real body under no headers, nosniff alone, the Apache
// text/plain, application/octet-stream, unknown/unknown, its own type and its
// own type with nosniff ("t-<type>", "t-<type>-ns": one set per type).
//
// The rest go over chosen subsets: "reps" (one or two bodies of each format,
// the polyglots and some mutations) and "docs" (HTML, XML, SVG, text, attacks).

const reps = [
  'image/png-rgb8.png', 'image/apng-anim.png', 'image/gif89a.gif', 'image/gif87a.gif', 'image/jpeg-baseline.jpg', 'image/jpeg-exif.jpg',
  'image/bmp-v3.bmp', 'image/ico-32.ico', 'image/webp-lossy.webp', 'image/webp-anim.webp', 'image/avif-still.avif', 'image/tiff-le.tif',
  'svg/plain.svg', 'svg/xmldecl.svg', 'audio/mp3-cbr128.mp3', 'audio/mp3-id3v2.mp3', 'audio/mp3-noinfo.mp3', 'audio/ogg-vorbis.ogg',
  'audio/ogg-opus.opus', 'audio/flac.flac', 'audio/wav-pcm16.wav', 'audio/aiff.aiff', 'audio/aac-adts.aac', 'audio/aac-m4a.m4a',
  'audio/midi-format0.mid', 'video/mp4-isom.mp4', 'video/mp4-mp42.mp4', 'video/mov.mov', 'video/3gp.3gp', 'video/webm-vp8.webm',
  'video/mkv-h264.mkv', 'video/avi-mpeg4.avi', 'video/mpeg-ps.mpg', 'video/mpeg-ts.ts', 'video/ogg-theora.ogv', 'font/box.woff',
  'font/box.ttf', 'archive/zip-deflate.zip', 'archive/gzip.gz', 'archive/7z.7z', 'pdf/gs-default.pdf', 'pdf/hand-14.pdf',
  'pdf/ps-hand.ps', 'html/html5.html', 'html/legacy-body.html', 'html/legacy-p.html', 'html/comment-first.html', 'xml/xhtml10.xhtml',
  'xml/rss20.rss', 'xml/rdf-rss10.rdf', 'xml/atom.atom', 'xml/plain.xml', 'text/json-object.json', 'text/script.js', 'text/style.css',
  'text/data.csv', 'text/plain-ascii.txt', 'text/enc-utf16le-bom.txt', 'text/enc-latin1.txt', 'attack/gif-html-comment.gif',
  'attack/png-text-html.png', 'attack/jpeg-com-html.jpg', 'attack/pdf-html.pdf', 'attack/html-then-zip.zip', 'attack/ws512-html.html',
  'attack/text600-nul-html.html', 'mutate/fixed-doctypehtml.html', 'mutate/fixed-doctype-tab.html', 'mutate/fixed-html-nul-before.html',
];
for (const r of reps) if (!bodies.has(r)) throw new Error('unknown rep ' + r);
const docs = realNames.filter((n) => /^(html|xml|svg|text)\//.test(n) || /^attack\/.*\.html$/.test(n));
const htmlish = ['html/html5.html', 'html/legacy-html.html', 'html/legacy-body.html', 'html/legacy-script.html', 'html/comment-first.html',
  'html/fragment.html', 'html/bom-utf8.html', 'mutate/fixed-doctypehtml.html', 'attack/ws512-html.html', 'attack/gif-html-comment.gif',
  'pdf/hand-14.pdf', 'xml/rss20.rss', 'xml/atom.atom', 'svg/plain.svg', 'image/png-rgb8.png', 'audio/mp3-cbr128.mp3', 'video/mp4-isom.mp4',
  'archive/zip-deflate.zip', 'text/plain-ascii.txt', 'text/json-object.json'];
const xmlish = [...new Set([...realNames.filter((n) => /^(xml|svg)\//.test(n)), 'html/html5.html', 'html/legacy-html.html',
  'html/legacy-body.html', 'html/xml-decl-html.html', 'html/comment-first.html', 'html/fragment.html', 'text/json-object.json',
  'text/json-html.json', 'text/script.js', 'text/style.css', 'text/data.csv', 'text/plain-ascii.txt', 'text/markdown.md', ...reps])];
// A smaller set for the header variants that matter most for documents.
const small = [...new Set([...htmlish, 'image/gif89a.gif', 'audio/ogg-vorbis.ogg', 'video/webm-vp8.webm', 'audio/wav-pcm16.wav',
  'font/box.woff', 'archive/gzip.gz', 'text/script.js', 'xml/xhtml10.xhtml', 'pdf/ps-hand.ps', 'attack/text600-nul-html.html'])];

const plan = []; // [setName, [bodyNames]]
const over = (name, headers, names) => plan.push([set(name, headers), names]);
const ct = (v) => [CT, v];
const NS = [XCTO, 'nosniff'];

// core
over('none', [], realNames);
over('ns', [NS], realNames);
over('tp-apache', [ct('text/plain')], realNames);
over('octet', [ct('application/octet-stream')], realNames);
over('unknown-unknown', [ct('unknown/unknown')], realNames);
const bySelf = new Map();
for (const n of realNames) {
  const t = selfType(n);
  if (!bySelf.has(t)) bySelf.set(t, []);
  bySelf.get(t).push(n);
}
for (const [t, names] of [...bySelf].sort()) {
  over('t-' + slug(t), [ct(t)], names);
  over('t-' + slug(t) + '-ns', [ct(t), NS], names);
}
for (const n of reps) over('att-' + slug(selfType(n)), [ct(selfType(n)), [CD, 'attachment']], [n]);

// The Apache values, near misses, parameters and case.
const tpVariants = [
  ['tp-iso-lower', 'text/plain; charset=iso-8859-1'], ['tp-iso-upper', 'text/plain; charset=ISO-8859-1'], ['tp-utf8', 'text/plain; charset=UTF-8'],
  ['tp-iso-nospace', 'text/plain;charset=ISO-8859-1'], ['tp-upper', 'Text/Plain'], ['tp-utf8-quoted', 'text/plain; charset="UTF-8"'],
  ['tp-utf8lower', 'text/plain; charset=utf-8'], ['tp-win1252', 'text/plain; charset=windows-1252'], ['tp-flowed', 'text/plain; format=flowed'],
  ['tp-caps-charset', 'TEXT/PLAIN; CHARSET=UTF-8'],
];
over(tpVariants[0][0], [ct(tpVariants[0][1])], [...reps, ...docs.filter((n) => !reps.includes(n))]);
for (const [n, v] of tpVariants.slice(1)) over(n, [ct(v)], reps);
for (const [n, v] of [['html-caps-charset', 'TEXT/HTML; Charset=UTF-8'], ['html-charset-quoted-x', 'text/html;charset="x"'],
  ['html-utf8', 'text/html; charset=utf-8'], ['html-space-semicolon', 'text/html ;charset=utf-8'], ['html-bad-param', 'text/html; foo']]) {
  over(n, [ct(v)], htmlish);
}

// Every media type declared over other bodies.
const declared = ['audio/ogg', 'audio/mpeg', 'audio/wav', 'audio/mp4', 'audio/flac', 'video/mp4', 'video/webm', 'video/ogg', 'image/png',
  'image/gif', 'image/jpeg', 'image/webp', 'image/avif', 'image/bmp', 'image/x-icon', 'image/svg+xml', 'font/woff', 'font/ttf',
  'application/pdf', 'text/html', 'application/zip', 'application/postscript'];
for (const t of declared) over('t-' + slug(t), [ct(t)], reps);
over('img-foo', [ct('image/foo')], reps);
over('audio-foo', [ct('audio/foo')], reps);
over('video-foo', [ct('video/foo')], reps);

// XML, JSON, JS, CSS and CSV types over documents.
for (const t of ['text/xml', 'application/xml', 'application/rss+xml', 'application/atom+xml', 'application/xhtml+xml',
  'application/json', 'text/javascript', 'application/javascript', 'text/css', 'text/csv']) {
  over('t-' + slug(t), [ct(t)], xmlish);
}

// Comma lists in one value, two headers.
for (const [n, v] of [['comma-tp-html', 'text/plain, text/html'], ['comma-html-star', 'text/html, */*'], ['comma-html-tp', 'text/html, text/plain'],
  ['comma-png-html', 'image/png, text/html'], ['comma-html-charset-tp', 'text/html;charset=utf-8, text/plain'], ['comma-empty-html', ', text/html'],
  ['comma-html-empty', 'text/html,']]) {
  over(n, [ct(v)], small);
}
for (const [n, hs] of [['two-tp-html', [ct('text/plain'), ct('text/html')]], ['two-html-tp', [ct('text/html'), ct('text/plain')]],
  ['two-png-html', [ct('image/png'), ct('text/html')]], ['two-html-empty', [ct('text/html'), ct('')]],
  ['two-empty-html', [ct(''), ct('text/html')]]]) {
  over(n, hs, small);
}

// Empty and odd values.
for (const [n, v] of [['empty-ct', ''], ['bogus-slash', 'text/'], ['slash', '/'], ['bogus', 'bogus'], ['star-star', '*/*'],
  ['app-unknown', 'application/unknown'], ['sp-ct', ' '], ['tp-trailing-semicolon', 'text/plain;'], ['star-plain', '*/plain']]) {
  over(n, [ct(v)], reps);
}

// nosniff spellings and repeats, untyped and over text/plain.
const nsSpell = [['ns-upper', [[XCTO, 'NOSNIFF']]], ['ns-list-foo', [[XCTO, 'nosniff, foo']]], ['ns-foo-list', [[XCTO, 'foo, nosniff']]],
  ['ns-lead-space', [[XCTO, ' nosniff']]], ['ns-twice', [NS, NS]], ['ns-foo-then', [[XCTO, 'foo'], NS]], ['ns-then-foo', [NS, [XCTO, 'foo']]],
  ['ns-semicolon', [[XCTO, 'nosniff;']]], ['ns-quoted', [[XCTO, '"nosniff"']]]];
for (const [n, hs] of nsSpell) over(n, hs, small);
for (const [n, hs] of nsSpell.slice(0, 5)) over('tp-' + n, [ct('text/plain'), ...hs], htmlish);
for (const [n, hs] of nsSpell.slice(0, 3)) over('html-' + n, [ct('text/html'), ...hs], htmlish);

// Content-Disposition.
const cds = [['cd-attach', 'attachment'], ['cd-inline', 'inline'], ['cd-attach-fn-html', 'attachment; filename=x.html'],
  ['cd-fn-only', 'filename=x'], ['cd-unknown', 'foo'], ['cd-attach-upper', 'ATTACHMENT'], ['cd-inline-fn-html', 'inline; filename=x.html'],
  ['cd-empty', ''], ['cd-attach-semicolon', 'attachment;'], ['cd-fn-txt', 'attachment; filename="x.txt"']];
for (const [n, v] of cds) over(n, [[CD, v]], reps);
for (const [n, v] of cds.slice(0, 6)) over('html-' + n, [ct('text/html'), [CD, v]], htmlish);
over('pdf-cd-inline', [ct('application/pdf'), [CD, 'inline']], ['pdf/gs-default.pdf', 'pdf/hand-14.pdf', 'attack/pdf-html.pdf']);

// ---------------------------------------------------------------------------
// Cases: the old corpus first (ids as they were), then the plan.

const cases = [];
const ids = new Set();
for (const c of old.cases) {
  const setName = byHeaders.get(JSON.stringify(c.headers));
  if (setName !== c.combo) throw new Error(`old case ${c.id}: set ${setName} != ${c.combo}`);
  const b = c.body.startsWith('files/') ? c.body : c.body; // 'files/x' or 'edge/x'
  if (!bodies.has(b)) throw new Error('old case body ' + b);
  cases.push({ id: c.id, body: b, headers: setName });
  ids.add(c.id);
}
for (const [setName, names] of plan) {
  for (const n of names) {
    const id = `${setName}/${n}`;
    if (ids.has(id)) continue; // a set listed twice over the same body
    ids.add(id);
    cases.push({ id, body: n, headers: setName });
  }
}

// ---------------------------------------------------------------------------
// Write.

fs.mkdirSync(outDir, { recursive: true });
const gz = (lines) => zlib.gzipSync(Buffer.from(lines.join('\n') + '\n'), { level: 9 });
const bodyLines = [...bodies.values()].map((b) => JSON.stringify({ name: b.name, split: b.split, sha256: b.sha256, size: b.size, head: b.bytes.subarray(0, HEAD).toString('base64') }));
writeAtomic(path.join(outDir, 'bodies.jsonl.gz'), gz(bodyLines));
writeAtomic(path.join(outDir, 'headers.jsonl'), [...sets].map(([name, headers]) => JSON.stringify({ name, headers })).join('\n') + '\n');
writeAtomic(path.join(outDir, 'cases.jsonl.gz'), gz(cases.map((c) => JSON.stringify(c))));
updateManifest();
const splitCount = (s) => [...bodies.values()].filter((b) => b.split === s).length;
if (process.argv.includes('-v')) {
  const per = {};
  for (const c of cases) per[c.headers] = (per[c.headers] || 0) + 1;
  console.error(Object.entries(per).sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${v}`).join('\n'));
}
console.error(`${bodies.size} bodies (${realNames.length} real, train ${splitCount('train')}, heldout ${splitCount('heldout')}), ${sets.size} header sets, ${cases.length} cases (${old.cases.length} from the old corpus)`);
