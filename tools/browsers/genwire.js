#!/usr/bin/env node
// genwire.js writes the wire corpus, testdata/browsers/wire/{bodies.jsonl.gz,
// headers.jsonl, cases.jsonl.gz}: responses whose bytes on the wire are not
// what a type's reader sees (content codings, several Content-Type lines,
// multipart/x-mixed-replace). It is deterministic: no clock, no randomness
// (a fixed linear congruential generator makes the filler), and br and zstd
// come from Debian's brotli 1.0.9 and zstd 1.5.4 commands (another version
// may compress otherwise; the recorders serve the stored bytes, so only a
// regenerated corpus would differ). See testdata/browsers/wire/FORMAT.md.
//
//	node genwire.js
//
// Three kinds of cases (each case's "kind"):
//   - navigation (ids coding/...): a body under a content coding, navigated
//     to as a document by record.js -corpus;
//   - destinations (ids types/...): a polyglot body under several
//     Content-Type values, loaded in every destination by destinations.js
//     -corpus from a same-origin page;
//   - availability (ids mixed/...): multipart/x-mixed-replace bytes under
//     candidate types, six frames of each, then a load from the same site
//     (wire.js avail, availability.js).
'use strict';
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');
const crypto = require('crypto');
const { execFileSync } = require('child_process');
const { probeJS } = require('./attack');

const root = path.resolve(__dirname, '..', '..');
const outDir = path.join(root, 'testdata', 'browsers', 'wire');

// ---------------------------------------------------------------------------
// Deterministic filler.

function lcg(seed) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s;
  };
}
const words = ['sniff', 'byte', 'wire', 'gzip', 'member', 'stream', 'trailer', 'header', 'browser', 'render',
  'document', 'script', 'deflate', 'window', 'probe', 'chunk', 'length', 'check', 'plain', 'type', 'server',
  'client', 'frame', 'boundary', 'part', 'coding', 'decode', 'error', 'junk', 'padding'];
function filler(seed, n) {
  const r = lcg(seed);
  const out = [];
  let len = 0;
  while (len < n) {
    const line = [];
    for (let i = 0; i < 12; i++) line.push(words[r() % words.length] + (r() % 7 === 0 ? String(r() % 1000) : ''));
    const l = line.join(' ') + '.';
    out.push(l);
    len += l.length + 1;
  }
  return out;
}

// ---------------------------------------------------------------------------
// PNG.

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xEDB88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xFFFFFFFF;
  for (const b of buf) c = crcTable[(c ^ b) & 0xFF] ^ (c >>> 8);
  return (c ^ 0xFFFFFFFF) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}
// png makes a w x h RGB image of noise (so that its IDAT does not shrink to
// nothing), with extra chunks before IDAT.
function png(w, h, seed, extra = []) {
  const r = lcg(seed);
  const raw = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) {
    raw[y * (w * 3 + 1)] = 0;
    for (let x = 0; x < w * 3; x++) raw[y * (w * 3 + 1) + 1 + x] = (r() >>> 24) & 0xF0;
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), chunk('IHDR', ihdr), ...extra,
    chunk('IDAT', zlib.deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

// ---------------------------------------------------------------------------
// Bodies.

const bodies = new Map(); // name -> Buffer
const body = (name, bytes) => {
  if (bodies.has(name)) throw new Error('duplicate body ' + name);
  bodies.set(name, Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes, 'latin1'));
  return name;
};

// The navigation bases. The HTML page's probe (record.js reads
// window.mimesniffProbe) is at its start, so that a browser that renders
// the decoded part of a cut stream shows it; about 8 KB of filler follow.
const PROBE = '<script>window.mimesniffProbe=1</script>';
const pageHead = '<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>wire</title>\n';
const pageBody = '</head><body>\n' + filler(1, 8000).map((l) => `<p>${l}</p>`).join('\n') + '\n</body></html>\n';
const bases = {
  html: Buffer.from(pageHead + PROBE + '\n' + pageBody, 'latin1'),
  png: png(32, 32, 2),
  text: Buffer.from(filler(3, 4000).join('\n') + '\n', 'latin1'),
};
// For the two-member cases of the HTML page: the first member is the page
// without its probe, the second the probe alone, so that the probe runs
// only where the second member is decoded and appended.
const htmlNoProbe = Buffer.from(pageHead + pageBody, 'latin1');

const gz = (b) => zlib.gzipSync(b, { level: 9 });
const zl = (b) => zlib.deflateSync(b, { level: 9 });
const raw = (b) => zlib.deflateRawSync(b, { level: 9 });
const tool = (cmd, argv, input) => {
  try {
    return execFileSync(cmd, argv, { input, maxBuffer: 1 << 24 });
  } catch (e) {
    throw new Error(`${cmd} failed (is Debian's ${cmd} package installed?): ${e.message}`);
  }
};
const br = (b) => tool('brotli', ['-c', '-q', '11'], b);
const zstd = (b) => tool('zstd', ['-c', '-q', '-19', '--no-progress'], b);
const cutHalf = (b) => b.subarray(0, Math.floor(b.length / 2));
// A gzip member ends with CRC32 (4 bytes) and ISIZE (4 bytes), little endian.
const flip = (b, at) => {
  const c = Buffer.from(b);
  c[c.length + at] ^= 0xFF;
  return c;
};
const badLen = (b) => {
  const c = Buffer.from(b);
  c.writeUInt32LE((c.readUInt32LE(c.length - 4) + 1) >>> 0, c.length - 4);
  return c;
};
const second = (base) => (base === 'html' ? Buffer.from(PROBE + '\n', 'latin1') : bases[base]);

// codings: [name, Content-Encoding header lines, (base name) -> bytes, note].
// The header lines are [name, value] pairs, sent after Content-Type.
const CE = (v) => ['Content-Encoding', v];
const codings = [
  ['gzip', [CE('gzip')], (b) => gz(bases[b])],
  ['x-gzip', [CE('x-gzip')], (b) => gz(bases[b])],
  ['deflate-zlib', [CE('deflate')], (b) => zl(bases[b])],
  ['deflate-raw', [CE('deflate')], (b) => raw(bases[b])],
  // gzip applied first, then deflate (zlib): the header lists the codings
  // in the order they were applied (RFC 9110 8.4), then the wrong order.
  ['gzip-deflate', [CE('gzip, deflate')], (b) => zl(gz(bases[b]))],
  ['gzip-deflate-wrongorder', [CE('deflate, gzip')], (b) => zl(gz(bases[b]))],
  ['gzip-gzip', [CE('gzip, gzip')], (b) => gz(gz(bases[b]))],
  ['gzip-gzip-onename', [CE('gzip')], (b) => gz(gz(bases[b]))],
  ['gzip-cut-half', [CE('gzip')], (b) => cutHalf(gz(bases[b]))],
  ['gzip-cut-trailer', [CE('gzip')], (b) => gz(bases[b]).subarray(0, gz(bases[b]).length - 8)],
  ['gzip-bad-crc', [CE('gzip')], (b) => flip(gz(bases[b]), -8)],
  ['gzip-bad-length', [CE('gzip')], (b) => badLen(gz(bases[b]))],
  ['gzip-junk', [CE('gzip')], (b) => Buffer.concat([gz(bases[b]), Buffer.from('JUNK\n')])],
  ['gzip-member2', [CE('gzip')], (b) => Buffer.concat([gz(b === 'html' ? htmlNoProbe : bases[b]), gz(second(b))])],
  ['gzip-member2-cut', [CE('gzip')], (b) => Buffer.concat([gz(bases[b]), cutHalf(gz(bases[b]))])],
  ['gzip-nul-pad', [CE('gzip')], (b) => Buffer.concat([gz(bases[b]), Buffer.alloc(512)])],
  ['lie-gzip', [CE('gzip')], (b) => bases[b]],
  ['lie-deflate', [CE('deflate')], (b) => bases[b]],
  ['br', [CE('br')], (b) => br(bases[b])],
  ['zstd', [CE('zstd')], (b) => zstd(bases[b])],
  ['foo', [CE('foo')], (b) => bases[b]],
  ['identity', [CE('identity')], (b) => bases[b]],
  // Two header lines: combined they say "gzip, deflate", which these bytes are.
  ['two-lines', [CE('gzip'), CE('deflate')], (b) => zl(gz(bases[b]))],
  ['lc-name', [['content-encoding', 'gzip']], (b) => gz(bases[b])],
];

// ---------------------------------------------------------------------------
// Header sets.

const headerSets = new Map(); // name -> [[name, value], ...]
const hs = (name, headers) => {
  const prev = headerSets.get(name);
  if (prev && JSON.stringify(prev) !== JSON.stringify(headers)) throw new Error('header set name reused: ' + name);
  headerSets.set(name, headers);
  return name;
};
const CT = (v) => ['Content-Type', v];
const NS = ['X-Content-Type-Options', 'nosniff'];
const CD = (v) => ['Content-Disposition', v];
const CSP = (v) => ['Content-Security-Policy', v];

const cases = [];
const ids = new Set();
const add = (kind, id, b, h, extra) => {
  if (ids.has(id)) throw new Error('duplicate case ' + id);
  if (!bodies.has(b)) throw new Error('no body ' + b);
  if (!headerSets.has(h)) throw new Error('no header set ' + h);
  ids.add(id);
  cases.push({ id, kind, body: b, headers: h, ...extra });
};

// 1. Content codings, navigated to. The type variants: text/html, none,
// each with and without nosniff. Header order: Content-Type, the coding's
// lines, nosniff.
const typeVariants = [
  ['html', [CT('text/html')], []],
  ['html-ns', [CT('text/html')], [NS]],
  ['none', [], []],
  ['none-ns', [], [NS]],
];
for (const [cn, ceLines, make] of codings) {
  for (const base of Object.keys(bases)) body(`coding/${cn}/${base}`, make(base));
}
body('coding/empty', Buffer.alloc(0));
for (const [tv, before, after] of typeVariants) {
  for (const [cn, ceLines] of codings) {
    const h = hs(`${tv}+ce-${cn}`, [...before, ...ceLines, ...after]);
    for (const base of Object.keys(bases)) add('navigation', `coding/${tv}/${cn}/${base}`, `coding/${cn}/${base}`, h);
  }
  add('navigation', `coding/${tv}/empty-gzip/empty`, 'coding/empty', hs(`${tv}+ce-gzip`, [...before, CE('gzip'), ...after]));
}

// 2. Several Content-Type values, in every destination. Each type X gets a
// polyglot that is an X resource and an HTML page that runs the probe
// (attack.js's probeJS, which reports to /__probe).
const P = probeJS;
// HTML/JS: to a classic script, an HTML-like comment line, the probe, then
// a comment; to HTML, a comment then a script.
body('types/jshtml', `<!--\n${P}\n//--><script>${P}</script>\n`);
// CSS/HTML: CDO and CDC are ignored by CSS, then one rule; the script
// element is an invalid rule to CSS.
body('types/csshtml', `<!-- -->\n.mimesniff-probe { color: rgb(1, 2, 3) }\n<script>${P}</script>\n`);
// PNG/HTML: a PNG whose tEXt chunk holds the script element.
body('types/pnghtml', png(8, 8, 4, [chunk('tEXt', Buffer.from(`Comment\0<script>${P}</script>`, 'latin1'))]));
const typePairs = [
  ['js', 'text/javascript', 'types/jshtml'],
  ['css', 'text/css', 'types/csshtml'],
  ['png', 'image/png', 'types/pnghtml'],
];
const HTML = 'text/html';
for (const [x, t, b] of typePairs) {
  const sets = [
    [x, [CT(t)]],
    ['html', [CT(HTML)]],
    [`${x}-then-html`, [CT(t), CT(HTML)]],
    [`html-then-${x}`, [CT(HTML), CT(t)]],
    [`${x},html`, [CT(`${t}, ${HTML}`)]],
    [`html,${x}`, [CT(`${HTML}, ${t}`)]],
    [`${x}-then-lc-html`, [CT(t), ['content-type', HTML]]],
    [`html-then-lc-${x}`, [CT(HTML), ['content-type', t]]],
  ];
  for (const [n, h] of sets) {
    for (const ns of ['', '-ns']) {
      const name = hs('ct-' + n + ns, ns ? [...h, NS] : h);
      add('destinations', `types/${name}/${b.slice(6)}`, b, name);
    }
  }
}

// 3. multipart/x-mixed-replace: an upload of two HTML parts that run the
// probe, under candidate types, over a connection the server closes after
// each response ("close") and over a kept-alive one ("keep", as Go's
// net/http and most servers answer); a plain HTML page is the control.
const BOUNDARY = 'mimesniffBoundary7d3';
const part = (n) => `<!DOCTYPE html><html><head><title>part ${n}</title></head><body><p>Part ${n}.</p><script>${P}</script></body></html>`;
body('mixed/upload', `--${BOUNDARY}\r\nContent-Type: text/html\r\n\r\n${part(1)}\r\n--${BOUNDARY}\r\nContent-Type: text/html\r\n\r\n${part(2)}\r\n--${BOUNDARY}--\r\n`);
body('mixed/page', `<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>control</title></head><body><p>A page.</p><script>${P}</script></body></html>\n`);
const MIXED = `multipart/x-mixed-replace; boundary=${BOUNDARY}`;
const ATT = CD('attachment');
const SB = CSP('sandbox');
const candidates = [
  ['mixed', [CT(MIXED)]],
  ['mixed+att', [CT(MIXED), ATT]],
  ['mixed+att-sb', [CT(MIXED), ATT, SB]],
  ['mixed-ns+att-sb', [CT(MIXED), NS, ATT, SB]],
  ['octet', [CT('application/octet-stream')]],
  ['octet+att', [CT('application/octet-stream'), ATT]],
  ['octet+att-sb', [CT('application/octet-stream'), ATT, SB]],
  ['octet-ns+att-sb', [CT('application/octet-stream'), NS, ATT, SB]],
  ['tp-ns', [CT('text/plain'), NS]],
  ['tp-ns+sb', [CT('text/plain'), NS, SB]],
  ['tp+att', [CT('text/plain'), ATT]],
  ['tp+att-sb', [CT('text/plain'), ATT, SB]],
  ['tp-ns+att-sb', [CT('text/plain'), NS, ATT, SB]],
  ['tp-utf8-ns+att-sb', [CT('text/plain; charset=utf-8'), NS, ATT, SB]],
];
for (const conn of ['keep', 'close']) {
  for (const [n, h] of candidates) add('availability', `mixed/${hs('av-' + n, h)}/${conn}`, 'mixed/upload', 'av-' + n, { conn });
  add('availability', `mixed/${hs('av-html', [CT(HTML)])}-control/${conn}`, 'mixed/page', 'av-html', { conn });
}
// Five frames of the stalling candidate: one connection short of the six a
// browser keeps per host.
add('availability', 'mixed/av-mixed+att/keep-5frames', 'mixed/upload', 'av-mixed+att', { conn: 'keep', frames: 5 });

// ---------------------------------------------------------------------------
// Write. Every body is stored whole (base64, "body"), so that the recorders
// need no other file; "head" is its first 1445 bytes, as in the other corpora.

fs.mkdirSync(outDir, { recursive: true });
const used = new Set(cases.map((c) => c.headers));
const usedBodies = new Set(cases.map((c) => c.body));
const gzLines = (lines) => zlib.gzipSync(lines.join('\n') + '\n', { level: 9 });
const bodyLines = [...bodies].filter(([n]) => usedBodies.has(n)).map(([name, b]) => JSON.stringify({
  name,
  sha256: crypto.createHash('sha256').update(b).digest('hex'),
  size: b.length,
  head: b.subarray(0, 1445).toString('base64'),
  body: b.toString('base64'),
}));
fs.writeFileSync(path.join(outDir, 'bodies.jsonl.gz'), gzLines(bodyLines));
fs.writeFileSync(path.join(outDir, 'headers.jsonl'),
  [...headerSets].filter(([n]) => used.has(n)).map(([name, headers]) => JSON.stringify({ name, headers })).join('\n') + '\n');
fs.writeFileSync(path.join(outDir, 'cases.jsonl.gz'), gzLines(cases.map((c) => JSON.stringify(c))));
const byKind = {};
for (const c of cases) byKind[c.kind] = (byKind[c.kind] || 0) + 1;
console.error(`${usedBodies.size} bodies, ${used.size} header sets, ${cases.length} cases`, byKind);
