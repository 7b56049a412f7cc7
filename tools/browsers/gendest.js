#!/usr/bin/env node
// gendest.js writes the destinations corpus, testdata/browsers/destinations/
// bodies.jsonl.gz, headers.jsonl and cases.jsonl.gz: the responses that
// destinations.js loads in every destination. It is deterministic (no clock,
// no randomness); see testdata/browsers/destinations/FORMAT.md.
//
// A case is a body under a header set. It is not a cross product: the
// script-bearing bodies get every type header set with and without nosniff;
// Content-Disposition, Content-Security-Policy and header-spelling variants
// are applied to a body that matches the type (an SVG under image/svg+xml);
// the document-type survey puts HTML, XHTML, SVG and XSLT bodies under every
// XML-ish, multipart and other candidate type.
//
//	node gendest.js
'use strict';
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');
const crypto = require('crypto');
const { probeJS } = require('./attack');
const { writeAtomic, updateManifest } = require('./files');

const root = path.resolve(__dirname, '..', '..');
const outDir = path.join(root, 'testdata', 'browsers', 'destinations');
const filesDir = path.join(root, 'testdata', 'files');
const HEAD = 1445;

// ---------------------------------------------------------------------------
// Bodies. Each script-bearing body runs the probe (attack.js's probeJS) where
// it can: as a document, a script, a worker or a transform's output.

const P = probeJS;
const bodies = []; // {name, bytes, file?}
const body = (name, bytes) => bodies.push({ name, bytes: Buffer.from(bytes, 'latin1') });
const BOUNDARY = 'mimesniffBoundary7d3';

body('html', `<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>probe</title></head>\n<body><p>An HTML page.</p>\n<script>${P}</script>\n</body></html>\n`);
body('xhtml', `<?xml version="1.0" encoding="utf-8"?>\n<html xmlns="http://www.w3.org/1999/xhtml"><head><title>probe</title></head>\n<body><p>An XHTML page.</p>\n<script>${P}</script>\n</body></html>\n`);
body('svg', `<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" viewBox="0 0 40 40">\n<rect width="40" height="40" fill="teal"/>\n<script>${P}</script>\n</svg>\n`);
// An XML document whose style sheet (/__xsl on the same server) outputs a
// page that runs the probe.
body('xml-pi', `<?xml version="1.0"?>\n<?xml-stylesheet type="text/xsl" href="/__xsl"?>\n<doc><item>An XML document with a style sheet.</item></doc>\n`);
// An XSLT style sheet whose output runs the probe. Rendered as an XML
// document itself, its literal result elements are XHTML elements, and its
// script element is an XHTML script.
const xslt = `<?xml version="1.0"?>\n<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform" xmlns="http://www.w3.org/1999/xhtml">\n<xsl:output method="html"/>\n<xsl:template match="/">\n<html><head><title>transformed</title></head><body><p>Transformed.</p>\n<script>${P}</script>\n</body></html>\n</xsl:template>\n</xsl:stylesheet>\n`;
body('xslt', xslt);
// An HTML page that is also well-formed XHTML (no XML declaration).
body('polyglot', `<!DOCTYPE html>\n<html xmlns="http://www.w3.org/1999/xhtml"><head><meta charset="utf-8"/><title>probe</title></head>\n<body><p>HTML and XHTML.</p>\n<script>//<![CDATA[\n${P}\n//]]></script>\n</body></html>\n`);
body('js', `${P}\n`);
// HTML/JS: to HTML, a comment then a script; to a classic script, an
// HTML-like comment line, the probe, then a comment.
body('htmljs', `<!--\n${P}\n//--><script>${P}</script>\n`);
// GIF/JS: a 1x1 GIF whose width bytes open a JavaScript comment that closes
// after the GIF trailer; "GIF89a" is assigned.
{
  const gif = Buffer.from([
    0x2F, 0x2A, // width "/*"
    0x01, 0x00, // height 1
    0x80, 0x00, 0x00, // global colour table of 2, background 0, aspect 0
    0x00, 0x00, 0x00, 0xFF, 0xFF, 0xFF, // palette
    0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, // image descriptor 1x1
    0x02, 0x02, 0x44, 0x01, 0x00, // LZW data
    0x3B, // trailer
  ]);
  bodies.push({ name: 'gifjs', bytes: Buffer.concat([Buffer.from('GIF89a'), gif, Buffer.from(`*/=0;\n${P}\n`)]) });
}
// JSON/JS: a JSON array, then the probe (the whole is JavaScript; it starts
// as JSON does).
body('jsonjs', `["mimesniff",{"k":1}]\n;${P}\n`);
// CSS/JS: a comment to both, the probe (an invalid rule to CSS), a rule.
body('cssjs', `/* */ ${P} /*\n*/\n.mimesniff-probe { color: rgb(1, 2, 3) }\n`);
// A PDF whose OpenAction is JavaScript (no probe can report from a PDF
// viewer's JavaScript; it records whether the PDF renders).
{
  const objs = [
    '<< /Type /Catalog /Pages 2 0 R /OpenAction 4 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
    '<< /Type /Action /S /JavaScript /JS (app.alert\\("mimesniff"\\);) >>',
  ];
  let s = '%PDF-1.4\n%\xE2\xE3\xCF\xD3\n';
  const offs = [];
  objs.forEach((o, i) => { offs.push(Buffer.byteLength(s, 'latin1')); s += `${i + 1} 0 obj\n${o}\nendobj\n`; });
  const x = Buffer.byteLength(s, 'latin1');
  s += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n` + offs.map((o) => String(o).padStart(10, '0') + ' 00000 n \n').join('');
  s += `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R >>\nstartxref\n${x}\n%%EOF\n`;
  body('pdfjs', s);
}
// multipart/x-mixed-replace: two HTML parts that run the probe.
const part = (n) => `<!DOCTYPE html><html><head><title>part ${n}</title></head><body><p>Part ${n}.</p><script>${P}</script></body></html>`;
body('mixed', `--${BOUNDARY}\r\nContent-Type: text/html\r\n\r\n${part(1)}\r\n--${BOUNDARY}\r\nContent-Type: text/html\r\n\r\n${part(2)}\r\n--${BOUNDARY}--\r\n`);
// multipart/byteranges: two ranges of an HTML page.
{
  const page = part(1);
  const a = page.slice(0, 60);
  const b = page.slice(60);
  body('byteranges', `--${BOUNDARY}\r\nContent-Type: text/html\r\nContent-Range: bytes 0-59/${page.length}\r\n\r\n${a}\r\n--${BOUNDARY}\r\nContent-Type: text/html\r\nContent-Range: bytes 60-${page.length - 1}/${page.length}\r\n\r\n${b}\r\n--${BOUNDARY}--\r\n`);
}
body('vtt', 'WEBVTT\n\n00:00.000 --> 00:01.000\nA caption.\n');
for (const f of ['image.png', 'video.webm', 'font.woff', 'text.txt', 'page.html']) {
  bodies.push({ name: 'file-' + f, bytes: fs.readFileSync(path.join(filesDir, f)), file: f });
}

// ---------------------------------------------------------------------------
// Header sets. Values are latin1 strings sent byte for byte, in order.

const headerSets = new Map(); // name -> [[name, value], ...]
const hs = (name, headers) => {
  if (headerSets.has(name)) throw new Error('duplicate header set ' + name);
  headerSets.set(name, headers);
  return name;
};
const CT = (v) => ['Content-Type', v];
const NS = ['X-Content-Type-Options', 'nosniff'];
const CD = (v) => ['Content-Disposition', v];
const CSP = (v) => ['Content-Security-Policy', v];

// Types, each with and without nosniff.
const types = [
  ['none', null],
  ['tp', 'text/plain'],
  ['tp-iso', 'text/plain; charset=ISO-8859-1'],
  ['tp-utf8', 'text/plain; charset=utf-8'],
  ['octet', 'application/octet-stream'],
  ['unknown', 'unknown/unknown'],
  ['appunknown', 'application/unknown'],
  ['starstar', '*/*'],
  ['html', 'text/html'],
  ['xsl', 'text/xsl'],
  ['xslt', 'application/xslt+xml'],
  ['textxml', 'text/xml'],
  ['appxml', 'application/xml'],
  ['xhtml', 'application/xhtml+xml'],
  ['svg', 'image/svg+xml'],
  ['pdf', 'application/pdf'],
  ['mixed', `multipart/x-mixed-replace;boundary=${BOUNDARY}`],
  ['byteranges', `multipart/byteranges; boundary=${BOUNDARY}`],
  ['js', 'text/javascript'],
  ['json', 'application/json'],
  ['css', 'text/css'],
  ['png', 'image/png'],
];
const typeHeaders = (t) => (t === null ? [] : [CT(t)]);
for (const [n, t] of types) {
  hs(n, typeHeaders(t));
  hs(n + '-ns', [...typeHeaders(t), NS]);
}
const typeOf = new Map(types);

// ---------------------------------------------------------------------------
// Cases.

const cases = []; // {id, body, headers, status?}
const ids = new Set();
const add = (h, b, status) => {
  const id = `${h}/${b}`;
  if (ids.has(id)) return;
  if (!headerSets.has(h)) throw new Error('no header set ' + h);
  if (!bodies.some((x) => x.name === b)) throw new Error('no body ' + b);
  ids.add(id);
  const c = { id, body: b, headers: h };
  if (status) c.status = status;
  cases.push(c);
};

// A. Every type, with and without nosniff, over the script-bearing bodies;
// the GIF, JSON and CSS polyglots and the rarer text/plain and unknown
// values only where they can make a difference (the results must stay
// small: every case is 68 result lines).
const scriptBodies = ['html', 'xhtml', 'svg', 'xslt', 'polyglot', 'js', 'htmljs', 'gifjs', 'jsonjs', 'cssjs'];
const polyglotTypes = new Set(['none', 'tp', 'octet', 'unknown', 'html', 'js', 'png', 'json', 'css']);
const fewBodies = new Set(['tp-utf8', 'appunknown']);
for (const [n] of types) {
  for (const ns of ['', '-ns']) {
    for (const b of scriptBodies) {
      if (['gifjs', 'jsonjs', 'cssjs'].includes(b) && !polyglotTypes.has(n)) continue;
      if (fewBodies.has(n) && !['html', 'js', 'htmljs', 'polyglot', 'xhtml'].includes(b)) continue;
      if (['xhtml', 'svg', 'xslt', 'polyglot'].includes(b) && ['js', 'json', 'css', 'png'].includes(n)) continue;
      add(n + ns, b);
    }
  }
}

// B. Bodies that belong to one kind of type.
for (const ns of ['', '-ns']) {
  for (const t of ['none', 'textxml', 'appxml', 'xsl', 'xslt', 'xhtml', 'html', 'tp', 'octet']) add(t + ns, 'xml-pi');
  for (const t of ['none', 'pdf', 'octet', 'tp', 'html', 'unknown', 'xsl']) add(t + ns, 'pdfjs');
  for (const t of ['none', 'mixed', 'html', 'tp', 'octet', 'byteranges']) add(t + ns, 'mixed');
  for (const t of ['none', 'byteranges', 'mixed', 'html', 'tp']) add(t + ns, 'byteranges');
  for (const t of ['none', 'tp', 'octet']) add(t + ns, 'vtt');
  for (const [f, t] of [['image.png', 'png'], ['video.webm', 'octet'], ['font.woff', 'octet'], ['text.txt', 'tp'], ['page.html', 'html']]) {
    for (const u of ['none', t, 'tp', 'html']) add(u + ns, 'file-' + f);
  }
}
hs('vtt', [CT('text/vtt')]);
hs('vtt-ns', [CT('text/vtt'), NS]);
add('vtt', 'vtt');
add('vtt-ns', 'vtt');
hs('video-webm-ns', [CT('video/webm'), NS]);
hs('font-woff-ns', [CT('font/woff'), NS]);
add('video-webm-ns', 'file-video.webm');
add('font-woff-ns', 'file-font.woff');
// A multi-range 206 as a server sends it for a Range request.
hs('byteranges-206', headerSets.get('byteranges'));
hs('byteranges-206-ns', headerSets.get('byteranges-ns'));
add('byteranges-206', 'byteranges', '206 Partial Content');
add('byteranges-206-ns', 'byteranges', '206 Partial Content');
add('byteranges-206-ns', 'html', '206 Partial Content');

// C. Content-Disposition, on a type and a body that runs script as a document.
const docBases = [
  ['html', 'html'], ['html-ns', 'html'], ['svg-ns', 'svg'], ['xhtml-ns', 'xhtml'], ['xsl-ns', 'xhtml'],
  ['xsl-ns', 'xslt'], ['textxml-ns', 'xhtml'], ['pdf-ns', 'pdfjs'], ['mixed-ns', 'mixed'],
  ['none', 'html'], ['js-ns', 'js'],
];
const dispositions = [
  ['att', 'attachment'],
  ['inline', 'inline'],
  ['attname', 'attachment; filename=x.html'],
  ['unknowntok', 'mimesniff-unknown'],
  ['attfilename-txt', 'attachment; filename="x.txt"'],
];
for (const [base, b] of docBases) {
  for (const [dn, dv] of dispositions) {
    const name = `${base}+cd-${dn}`;
    if (!headerSets.has(name)) hs(name, [...headerSets.get(base), CD(dv)]);
    add(name, b);
  }
}

// D. Content-Security-Policy sandbox variants, and attachment + sandbox (what
// SafeHeaders sends for an active type).
const csps = [
  ['sb', [CSP('sandbox')]],
  ['sb-scripts', [CSP('sandbox allow-scripts')]],
  ['sb-scripts-same', [CSP('sandbox allow-scripts allow-same-origin')]],
  ['sb-same', [CSP('sandbox allow-same-origin')]],
  ['sb-two', [CSP('sandbox allow-scripts allow-same-origin'), CSP('sandbox allow-scripts')]],
  ['att-sb', [CD('attachment'), CSP('sandbox')]],
];
for (const [base, b] of docBases) {
  for (const [cn, ch] of csps) {
    const name = `${base}+${cn}`;
    if (!headerSets.has(name)) hs(name, [...headerSets.get(base), ...ch]);
    add(name, b);
  }
}

// E. Header spelling: lower-case and duplicated names, two Content-Types.
const quirks = [
  ['lc-ct-html', [['content-type', 'text/html']]],
  ['uc-ct-html', [['CONTENT-TYPE', 'text/html']]],
  ['dup-ct-html', [CT('text/html'), CT('text/html')]],
  ['two-html-star', [CT('text/html'), CT('*/*')]],
  ['two-html-star-ns', [CT('text/html'), CT('*/*'), NS]],
  ['two-octet-html-ns', [CT('application/octet-stream'), CT('text/html'), NS]],
  ['two-html-octet-ns', [CT('text/html'), CT('application/octet-stream'), NS]],
  ['two-tp-xsl-ns', [CT('text/plain'), CT('text/xsl'), NS]],
  ['lc-ct-html-ns', [['content-type', 'text/html'], ['x-content-type-options', 'nosniff']]],
  ['lc-ns-tp', [CT('text/plain'), ['x-content-type-options', 'nosniff']]],
  ['ns-twice', [CT('text/plain'), NS, NS]],
  ['ns-comma', [CT('text/plain'), ['X-Content-Type-Options', 'nosniff, nosniff']]],
  ['ns-bogus-first', [CT('text/plain'), ['X-Content-Type-Options', 'bogus, nosniff']]],
  ['html-lc-cd-att', [CT('text/html'), NS, ['content-disposition', 'attachment']]],
  ['html-lc-csp-sb', [CT('text/html'), NS, ['content-security-policy', 'sandbox']]],
  ['html-two-cd', [CT('text/html'), NS, CD('inline'), CD('attachment')]],
  ['html-octet-lc', [['content-type', 'text/html'], CT('application/octet-stream'), NS]],
];
for (const [n, h] of quirks) {
  hs(n, h);
  add(n, 'html');
  if (/tp|ns-/.test(n)) add(n, 'js');
}

// F. The document-type survey: which types render a document that runs
// script, for XHTML (which is also HTML), SVG and XSLT bodies, and an HTML
// body where a type might be parsed as HTML, with nosniff (as an upload is
// served; these types are not sniffed for a document anyway).
const survey = [
  ['text/xsl', 'xsl'], ['application/xslt+xml', 'xslt'], ['text/x-xsl', 'x-xsl'], ['application/x-xsl', 'app-x-xsl'],
  ['application/xsl+xml', 'xsl-xml'], ['text/rdf', 'text-rdf'], ['application/rdf+xml', 'rdf'],
  ['application/xml-dtd', 'dtd'], ['text/xml-external-parsed-entity', 'xml-ent'],
  ['application/xml-external-parsed-entity', 'app-xml-ent'], ['application/mathml+xml', 'mathml'],
  ['application/vnd.wap.xhtml+xml', 'wap-xhtml'], ['multipart/mixed', 'mp-mixed'], ['multipart/related', 'mp-related'],
  ['message/rfc822', 'rfc822'], ['application/rss+xml', 'rss'], ['application/atom+xml', 'atom'],
  ['application/x-mimesniff+xml', 'any-plus-xml'], ['text/x-mimesniff+xml', 'text-plus-xml'],
  ['image/svg+xml; charset=utf-8', 'svg-charset'], ['text/xml; charset=utf-8', 'textxml-charset'],
  ['application/xhtml+xml; q=1', 'xhtml-param'], ['text/html; charset=bogus', 'html-badcharset'],
  ['application/vnd.mozilla.xul+xml', 'xul'], ['text/vnd.wap.wml', 'wml'], ['application/x-httpd-php', 'php'],
  ['text/x-web-markdown', 'markdown'], ['multipart/x-mixed-replace', 'mixed-noboundary'],
  ['application/ecmascript', 'ecmascript'], ['text/ecmascript', 'text-ecmascript'], ['application/x-javascript', 'x-javascript'],
  ['text/json', 'text-json'], ['application/ld+json', 'ld-json'], ['application/manifest+json', 'manifest'],
  ['text/mimesniff', 'text-other'], ['application/x-sh', 'x-sh'], ['application/javascript; charset=utf-8', 'appjs-charset'],
];
for (const [t, n] of survey) {
  hs('sv-' + n, [CT(t)]);
  hs('sv-' + n + '-ns', [CT(t), NS]);
  for (const b of ['xhtml', 'svg', 'xslt']) add('sv-' + n + '-ns', b);
  // An HTML body (not well-formed XML) only where a browser might parse
  // as HTML: text/*, multipart/*, message/*.
  if (/^(text|multipart|message)\//.test(t)) add('sv-' + n + '-ns', 'html');
}
// The JavaScript-ish types matter for workers and modules: add the probe.
for (const n of ['ecmascript', 'text-ecmascript', 'x-javascript', 'text-json', 'ld-json', 'text-other', 'x-sh', 'appjs-charset']) {
  add('sv-' + n + '-ns', 'js');
  add('sv-' + n, 'js');
}
for (const n of ['mp-mixed', 'mp-related', 'rfc822', 'mixed-noboundary']) {
  add('sv-' + n, 'mixed');
  add('sv-' + n + '-ns', 'mixed');
}

// ---------------------------------------------------------------------------
// Write.

fs.mkdirSync(outDir, { recursive: true });
const used = new Set(cases.map((c) => c.headers));
const bodyLines = bodies.map((b) => {
  const o = {
    name: b.name,
    sha256: crypto.createHash('sha256').update(b.bytes).digest('hex'),
    size: b.bytes.length,
    head: b.bytes.subarray(0, HEAD).toString('base64'),
  };
  if (b.bytes.length > HEAD && b.bytes.length < 8192) o.body = b.bytes.toString('base64');
  if (b.file) o.file = b.file;
  return JSON.stringify(o);
});
const gz = (lines) => zlib.gzipSync(lines.join('\n') + '\n', { level: 9 });
writeAtomic(path.join(outDir, 'bodies.jsonl.gz'), gz(bodyLines));
writeAtomic(path.join(outDir, 'headers.jsonl'),
  [...headerSets].filter(([n]) => used.has(n)).map(([name, headers]) => JSON.stringify({ name, headers })).join('\n') + '\n');
writeAtomic(path.join(outDir, 'cases.jsonl.gz'), gz(cases.map((c) => JSON.stringify(c))));
updateManifest();
console.error(`${bodies.length} bodies, ${used.size} header sets, ${cases.length} cases`);
