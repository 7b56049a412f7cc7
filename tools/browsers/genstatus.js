#!/usr/bin/env node
// genstatus.js writes the status corpus into testdata/browsers/status:
// bodies.jsonl.gz (every body, stored whole), headers.jsonl (the header
// sets: a status variant over a declared type, with their split) and
// cases.jsonl.gz (a body under a header set, with its status line, its
// Content-Range, its redirect and which recorder loads it). It is
// deterministic (no clock, no randomness); see
// testdata/browsers/status/FORMAT.md.
//
//	node genstatus.js
//
// Every body runs or renders at 200 under its own type (an HTML page and an
// SVG image that run the probe, a script that runs it and says so to the
// ORB recorder's page, a style sheet with one rule, a PNG, a WebM video, an
// Ogg audio file, a WebVTT track, a WOFF font), and JSON for the ORB rules.
// The plan is a cross product: every status variant over every type. Cases
// of kind "destinations" are loaded by destinations.js in every destination
// from a page of the response's origin and of another origin; cases of kind
// "crossorigin" by crossorigin.js in its seven no-cors ways from a page of
// another site; cases without a kind by both.
'use strict';
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');
const { probeJS } = require('./attack');
const { slug, sha } = require('./corpus');
const { writeAtomic } = require('./files');

const root = path.resolve(__dirname, '..', '..');
const outDir = path.join(root, 'testdata', 'browsers', 'status');
const filesDir = path.join(root, 'testdata', 'files');
const HEAD = 1445;

// ---------------------------------------------------------------------------
// Bodies.

const bodies = new Map(); // name -> bytes
const body = (name, bytes) => {
  if (bodies.has(name)) throw new Error('duplicate body ' + name);
  bodies.set(name, Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes, 'latin1'));
};
const file = (f) => fs.readFileSync(path.join(filesDir, f));
const P = probeJS;
// The script tells both recorders that it ran: the probe reports to the
// response's server (destinations.js), mimesniffRan to the ORB recorder's
// page (crossharness.js); each is a no-op where the other recorder runs it.
const RAN = 'self.mimesniffRan && mimesniffRan(document.currentScript && document.currentScript.src);';

body('html', `<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>probe</title></head>\n<body><p>An HTML page.</p>\n<script>${P}</script>\n</body></html>\n`);
body('js', `${P}\n${RAN}\n`);
body('css', '.mimesniff-probe { color: rgb(1, 2, 3) }\n');
body('png', file('image.png'));
body('svg', `<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" viewBox="0 0 40 40">\n<rect width="40" height="40" fill="teal"/>\n<script>${P}</script>\n</svg>\n`);
body('webm', file('video.webm'));
body('ogg', file('audio.ogg'));
body('vtt', 'WEBVTT\n\n00:00.000 --> 00:01.000\nA caption.\n');
body('woff', file('font.woff'));
body('json-object', '{"user":"alice","token":"s3cr3t"}');
body('json-array', '[1,2]');

// The declared types, in the order their header sets are made, and the
// bodies each goes over: [set name, Content-Type or null, [[body, kind]]].
// kind: "" for both recorders, "destinations" or "crossorigin".
const types = [
  ['text/html', [['html', '']]],
  ['text/javascript', [['js', '']]],
  ['text/css', [['css', '']]],
  ['image/png', [['png', '']]],
  ['image/svg+xml', [['svg', '']]],
  ['video/webm', [['webm', '']]],
  ['audio/ogg', [['ogg', '']]],
  ['text/vtt', [['vtt', '']]],
  ['font/woff', [['woff', 'destinations']]],
  ['application/json', [['json-object', 'crossorigin'], ['json-array', 'crossorigin']]],
  [null, [['json-object', 'crossorigin']]],
].map(([t, bs]) => [t === null ? 'none' : 't-' + slug(t), t, bs]);

// multipart/byteranges: a body cut in two parts at its middle, each part
// with the declared type (none for no type) and its Content-Range, starting
// at byte `at` of a resource `at` bytes longer than the body.
const BOUNDARY = 'mimesniffStatusRanges';
function multipart(name, type, at) {
  const b = bodies.get(name);
  const n = b.length;
  const k = Math.floor(n / 2);
  const part = (first, last) => Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\n${type ? `Content-Type: ${type}\r\n` : ''}Content-Range: bytes ${at + first}-${at + last}/${at + n}\r\n\r\n`, 'latin1'),
    b.subarray(first, last + 1),
    Buffer.from('\r\n', 'latin1'),
  ]);
  return Buffer.concat([part(0, k - 1), part(k, n - 1), Buffer.from(`--${BOUNDARY}--\r\n`, 'latin1')]);
}

// ---------------------------------------------------------------------------
// Status variants: [name, fields of the case (a function of the body's
// length)]. status is the status line (code and reason); contentRange a
// Content-Range value the server adds after the header set's lines;
// redirect the status line of a first answer whose only header is
// Location: <the same path>/final, which serves the case; multi makes the
// body multipart/byteranges from that byte on.
const R = (redirect) => () => ({ status: '200 OK', redirect });
const S = (status) => () => ({ status });
const variants = [
  ['s200', S('200 OK')],
  ['s203', S('203 Non-Authoritative Information')],
  ['s204', S('204 No Content')],
  ['s205', S('205 Reset Content')],
  // 206 with Content-Range over the whole body; from byte 0 of a longer
  // resource; from byte 1000 (the body is the whole script, page or image:
  // only the label says it is a later part); without Content-Range; and
  // multipart/byteranges from byte 0 and from byte 1000.
  ['s206', (n) => ({ status: '206 Partial Content', contentRange: `bytes 0-${n - 1}/${n}` })],
  ['s206-start', (n) => ({ status: '206 Partial Content', contentRange: `bytes 0-${n - 1}/${n + 1000}` })],
  ['s206-mid', (n) => ({ status: '206 Partial Content', contentRange: `bytes 1000-${1000 + n - 1}/${1000 + n}` })],
  ['s206-norange', S('206 Partial Content')],
  ['s206-multi', () => ({ status: '206 Partial Content', multi: 0 })],
  ['s206-multi-mid', () => ({ status: '206 Partial Content', multi: 1000 })],
  ['s299', S('299 Unassigned')],
  ['s300', S('300 Multiple Choices')],
  ['s301', R('301 Moved Permanently')],
  ['s302', R('302 Found')],
  ['s303', R('303 See Other')],
  ['s307', R('307 Temporary Redirect')],
  ['s308', R('308 Permanent Redirect')],
  ['s301-noloc', S('301 Moved Permanently')],
  ['s302-noloc', S('302 Found')],
  ['s303-noloc', S('303 See Other')],
  ['s307-noloc', S('307 Temporary Redirect')],
  ['s308-noloc', S('308 Permanent Redirect')],
  ['s304', S('304 Not Modified')],
  ['s400', S('400 Bad Request')],
  ['s401', S('401 Unauthorized')],
  ['s403', S('403 Forbidden')],
  ['s404', S('404 Not Found')],
  ['s410', S('410 Gone')],
  ['s451', S('451 Unavailable For Legal Reasons')],
  ['s500', S('500 Internal Server Error')],
  ['s502', S('502 Bad Gateway')],
  ['s503', S('503 Service Unavailable')],
  ['s599', S('599 Unassigned')],
  // Out of HTTP's range (RFC 9110 15: three digits, 100 to 599): what
  // each engine does with a code its parser may refuse.
  ['s099', S('099 Below Range')],
  ['s600', S('600 Above Range')],
  ['s999', S('999 Above Range')],
];

// ---------------------------------------------------------------------------
// Header sets and cases. Sets are numbered in the order they are made
// (variant by variant, type by type); every seventh (index 6, 13, ...) is
// held out: no rule is to be fitted to its cases.

const sets = []; // {name, split, headers}
const cases = [];
const CT = 'Content-Type';
for (const [vn, fields] of variants) {
  for (const [tn, type, bs] of types) {
    const f0 = fields(0);
    const name = `${vn}+${tn}`;
    const headers = f0.multi !== undefined ? [[CT, `multipart/byteranges; boundary=${BOUNDARY}`]] : type ? [[CT, type]] : [];
    const split = sets.length % 7 === 6 ? 'heldout' : 'train';
    sets.push({ name, split, headers });
    for (const [bn, kind] of bs) {
      let bodyName = bn;
      if (f0.multi !== undefined) {
        bodyName = `multi${f0.multi ? '-mid' : ''}/${bn}`;
        if (!bodies.has(bodyName)) body(bodyName, multipart(bn, type, f0.multi));
      }
      const f = fields(bodies.get(bn).length);
      const c = { id: `${name}/${bodyName}`, body: bodyName, headers: name, status: f.status };
      if (f.contentRange) c.contentRange = f.contentRange;
      if (f.redirect) c.redirect = f.redirect;
      if (kind) c.kind = kind;
      c.split = split;
      cases.push(c);
    }
  }
}

// ---------------------------------------------------------------------------
// Write.

fs.mkdirSync(outDir, { recursive: true });
const gz = (lines) => zlib.gzipSync(Buffer.from(lines.join('\n') + '\n'), { level: 9 });
const bodyLines = [...bodies].map(([name, b]) => JSON.stringify({ name, sha256: sha(b), size: b.length, head: b.subarray(0, HEAD).toString('base64'), body: b.toString('base64') }));
writeAtomic(path.join(outDir, 'bodies.jsonl.gz'), gz(bodyLines));
writeAtomic(path.join(outDir, 'headers.jsonl'), sets.map((s) => JSON.stringify(s)).join('\n') + '\n');
writeAtomic(path.join(outDir, 'cases.jsonl.gz'), gz(cases.map((c) => JSON.stringify(c))));
const held = cases.filter((c) => c.split === 'heldout').length;
const byKind = (k) => cases.filter((c) => !c.kind || c.kind === k).length;
console.error(`${bodies.size} bodies, ${sets.length} header sets (${sets.filter((s) => s.split === 'heldout').length} held out), ${cases.length} cases (${held} held out): ${byKind('destinations')} for destinations.js, ${byKind('crossorigin')} for crossorigin.js`);
