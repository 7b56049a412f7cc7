#!/usr/bin/env node
// crossrules.js states, as code, the rule each browser's recordings of the
// cross-origin corpus follow (what decides delivered, blocked or emptied),
// and checks it against them: per browser and way, how many loads the
// statement predicts, and the loads it does not, grouped by the step that
// decided, with example cases. It is a check of docs/crossorigin.md's
// statements, written from the recordings and from reading Chromium's
// services/network/orb and Firefox's OpaqueResponseUtils; it is not the
// library's model.
//
//	node crossrules.js [-browser B] [-way W] [-examples N] [-split heldout]
//	node crossrules.js -explain chromium,firefox [-way W] [-examples N]
//
// -explain groups the loads where two browsers' recorded verdicts differ
// by the step of each one's rule that decided them (where both rules
// predict their browser's verdict), so that each disagreement has a reason.
//
// Loads that are not ORB's to decide are left out of the check and counted
// apart: a <track> of another origin (never requested by Chromium and
// Firefox), a script or style sheet that Firefox refuses by its MIME type
// (blocked by "mime"), timeouts and recorder errors.
'use strict';
const fs = require('fs');
const path = require('path');
const vm = require('vm');
const zlib = require('zlib');
const { loadCorpus } = require('./crossorigin');

const dataDir = path.resolve(__dirname, '..', '..', 'testdata', 'browsers', 'crossorigin');
const args = process.argv.slice(2);
const opt = (name, def) => (args.indexOf(name) < 0 ? def : args[args.indexOf(name) + 1]);
const lines = (f) => zlib.gunzipSync(fs.readFileSync(f)).toString('utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));

// ---------------------------------------------------------------------------
// Headers.

const values = (c, name) => c.headerLines.filter(([k]) => k.toLowerCase() === name).map(([, v]) => v);
const TOKEN = /^[!#$%&'*+.^_`|~0-9a-z-]+$/;

// essence parses one media type: its lower-cased type/subtype, or "". An
// empty subtype is a type to Chromium ("text/": bogus-slash/orb/json-object
// is sniffed as JSON and blocked).
function essence(v, emptySubtype) {
  const e = v.split(';')[0].trim().toLowerCase();
  const [t, s, more] = e.split('/');
  if (more !== undefined || !t || s === undefined || !TOKEN.test(t) || (s === '' ? !emptySubtype : !TOKEN.test(s)) || e === '*/*') return '';
  return e;
}

// mimeType is the type an engine takes from the header list: every
// Content-Type value, split at commas, the last one that parses.
function mimeType(c, emptySubtype) {
  let m = '';
  for (const v of values(c, 'content-type')) for (const item of v.split(',')) if (essence(item, emptySubtype)) m = essence(item, emptySubtype);
  return m;
}

// nosniff: the first value of X-Content-Type-Options, before a comma and
// without spaces, is "nosniff" in any case (Chromium: ns-upper, ns-list-foo,
// ns-twice, ns-then-foo and ns-space are nosniff, ns-foo-list and
// ns-foo-then are not).
const nosniff = (c) => {
  const v = values(c, 'x-content-type-options');
  return v.length > 0 && v[0].split(',')[0].trim().toLowerCase() === 'nosniff';
};

// corpBlocks reports whether Cross-Origin-Resource-Policy stops a response
// of 127.0.0.1 to a page of 127.0.0.2 (another site): the header's values
// joined by ", " are "same-origin" or "same-site", exactly.
function corpBlocks(c) {
  const v = values(c, 'cross-origin-resource-policy');
  if (!v.length) return false;
  const j = v.join(', ');
  return j === 'same-origin' || j === 'same-site';
}

// served is the body as served (a range serves part of it).
const served = (c) => (c.range ? c.bytes.subarray(c.range[0], c.range[1] + 1) : c.bytes);
const status = (c) => Number((c.status || '200').split(' ')[0]);
const rangeStart = (c) => (c.range ? c.range[0] : -1); // -1: no Content-Range

// ---------------------------------------------------------------------------
// Byte signatures.

const at = (b, i, s) => b.length >= i + s.length && b.subarray(i, i + s.length).toString('latin1') === s;
const wild = (b, pat) => b.length >= pat.length && [...pat].every((ch, i) => ch === '.' || b[i] === ch.charCodeAt(0));

// The MIME Sniffing Standard's image patterns.
function stdImage(b) {
  return at(b, 0, '\x00\x00\x01\x00') || at(b, 0, '\x00\x00\x02\x00') || at(b, 0, 'BM') || at(b, 0, 'GIF87a') || at(b, 0, 'GIF89a') ||
    wild(b, 'RIFF....WEBPVP') || at(b, 0, '\x89PNG\r\n\x1A\n') || at(b, 0, '\xFF\xD8\xFF');
}

// mp4Box reports whether b starts with an ISO BMFF ftyp box whose brands
// name mp4 (the standard's check, in short).
function mp4Box(b) {
  if (b.length < 12) return false;
  const size = b.readUInt32BE(0);
  if (!at(b, 4, 'ftyp') || size > b.length || size % 4 !== 0) return false;
  for (let i = 8; i + 4 <= size; i += 4) {
    if (i === 12) continue;
    if (b.subarray(i, i + 3).toString('latin1') === 'mp4') return true;
  }
  return false;
}

// The standard's audio and video patterns (MP3 without ID3 left out).
function stdMedia(b) {
  return wild(b, 'FORM....AIFF') || at(b, 0, 'ID3') || at(b, 0, 'OggS\x00') || at(b, 0, 'MThd\x00\x00\x00\x06') || wild(b, 'RIFF....AVI ') ||
    wild(b, 'RIFF....WAVE') || mp4Box(b) || at(b, 0, '\x1A\x45\xDF\xA3');
}

// Chromium's ORB asks its network sniffer, which knows more: TIFF and XBM
// images, and FLAC, FLV, ASF, MPEG video and audio frames, any ftyp or moov
// box, AMR (services/network/orb, net's SniffMimeTypeFromLocalData). Only
// what the recordings show is written here.
const chromiumImage = (b) => stdImage(b) || at(b, 0, 'II*') || at(b, 0, 'MM\x00*') || at(b, 0, 'I I') || at(b, 0, '#define');
const chromiumMedia = (b) => stdMedia(b) || at(b, 0, 'fLaC') || at(b, 0, 'FLV') || wild(b, '....ftyp') || wild(b, '....moov') ||
  (b.length >= 2 && b[0] === 0xFF && (b[1] & 0xE0) === 0xE0) || (b.length >= 4 && b[0] === 0 && b[1] === 0 && b[2] === 1 && (b[3] & 0xF0) === 0xB0) ||
  at(b, 0, '\x30\x26\xB2\x75\x8E\x66\xCF\x11') || at(b, 0, '.RMF') || at(b, 0, '#!AMR\n');

// Chromium's CORB sniffers over the first 1,024 bytes.
const WS = ' \t\r\n\f'; // with form feed: t-text-plain/edge/ws-ff-html is blocked
const skipWS = (s) => { let i = 0; while (i < s.length && WS.includes(s[i])) i++; return s.slice(i); };
const htmlTags = ['<!doctype html', '<script', '<html', '<head', '<iframe', '<h1', '<div', '<font', '<table', '<a', '<style', '<title', '<b', '<p'];
function sniffHTML(s) {
  for (;;) {
    s = skipWS(s);
    if (!s.length) return 'maybe';
    const low = s.toLowerCase();
    for (const t of htmlTags) {
      if (low.startsWith(t)) return 'yes';
      if (t.startsWith(low)) return 'maybe';
    }
    if (!s.startsWith('<!--')) return '<!--'.startsWith(s) ? 'maybe' : 'no';
    const end = s.indexOf('-->', 4);
    if (end < 0) return 'maybe';
    const nl = s.slice(end + 3).search(/[\r\n\u2028\u2029]/);
    if (nl < 0) return 'maybe';
    s = s.slice(end + 3 + nl);
  }
}
const sniffXML = (s) => skipWS(s).startsWith('<?xml');
const breakers = [")]}'", '{}&&', '{} &&', 'for(;;);', 'while(1);', 'for (;;);', 'while (1);'];
function sniffJSONObject(s) {
  let st = 0;
  for (const ch of s) {
    if (st !== 2 && st !== 3 && WS.includes(ch)) continue;
    if (st === 0) { if (ch !== '{') return false; st = 1; } else if (st === 1) { if (ch !== '"') return false; st = 2; } else if (st === 2) { if (ch === '"') st = 4; else if (ch === '\\') st = 3; } else if (st === 3) st = 2; else return ch === ':';
  }
  return false;
}
const sniffFetchOnly = (s) => breakers.some((p) => s.startsWith(p)) || sniffJSONObject(s);

// Chromium's type classes (services/network/orb/orb_mimetypes).
const chromiumSafelisted = (m) => m === 'text/css' || m === 'image/svg+xml' || /^(audio|video)\//.test(m) ||
  ['application/ogg', 'application/dash+xml', 'application/vnd.apple.mpegurl', 'text/vtt'].includes(m);
const neverSniffed = new Set(['application/gzip', 'application/x-gzip', 'application/x-protobuf', 'application/zip', 'text/event-stream',
  'application/msexcel', 'application/mspowerpoint', 'application/msword', 'application/msword-template', 'application/pdf',
  'application/vnd.ces-quickpoint', 'application/vnd.ces-quicksheet', 'application/vnd.ces-quickword', 'application/vnd.ms-excel',
  'application/vnd.ms-excel.sheet.macroenabled.12', 'application/vnd.ms-powerpoint', 'application/vnd.ms-powerpoint.presentation.macroenabled.12',
  'application/vnd.ms-word', 'application/vnd.ms-word.document.12', 'application/vnd.ms-word.document.macroenabled.12', 'application/vnd.msword',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation', 'application/vnd.openxmlformats-officedocument.presentationml.template',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/vnd.openxmlformats-officedocument.spreadsheetml.template',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'application/vnd.openxmlformats-officedocument.wordprocessingml.template',
  'application/vnd.presentation-openxml', 'application/vnd.presentation-openxmlm', 'application/vnd.spreadsheet-openxml',
  'application/vnd.wordprocessing-openxml', 'text/csv', 'text/pdf', 'multipart/signed', 'multipart/byteranges']);
const isHTML = (m) => m === 'text/html';
const isJSON = (m) => m === 'application/json' || m === 'text/json' || m.endsWith('+json') || m === 'application/json+protobuf';
const isXML = (m) => (m === 'application/xml' || m === 'text/xml' || m.endsWith('+xml')) && m !== 'image/svg+xml' && m !== 'application/dash+xml';

// chromium returns [verdict class, step] for a load (way) of case c.
function chromium(c) {
  if (corpBlocks(c)) return ['blocked/corp', 'corp'];
  const m = mimeType(c, true);
  const ns = nosniff(c);
  if (m && chromiumSafelisted(m)) return ['delivered', 'safelisted type'];
  if (neverSniffed.has(m)) return ['blocked/orb', 'never-sniffed type'];
  if (ns && (isHTML(m) || isJSON(m) || isXML(m) || m === 'text/plain')) return ['blocked/orb', 'nosniff and HTML/JSON/XML/text/plain'];
  if (status(c) === 206 && rangeStart(c) > 0) return ['blocked/orb', '206 not at byte 0'];
  let b = served(c).subarray(0, 1024);
  if (chromiumMedia(b)) return ['delivered', 'sniffed media'];
  if (chromiumImage(b)) return ['delivered', 'sniffed image'];
  if (!m) return ['delivered', 'no type'];
  // A UTF-8 byte order mark is skipped (t-text-plain/orb/json-bom,
  // html-bom and xml-bom are blocked).
  if (at(b, 0, '\xEF\xBB\xBF')) b = b.subarray(3);
  const s = b.toString('latin1');
  if (sniffHTML(s) === 'yes') return ['blocked/orb', 'sniffed HTML'];
  if (sniffXML(s)) return ['blocked/orb', 'sniffed XML'];
  if (sniffFetchOnly(s)) return ['blocked/orb', 'sniffed JSON or a script breaker'];
  return ['delivered', 'nothing sniffed'];
}

// Firefox's classes (netwerk/protocol/http/OpaqueResponseUtils).
const jsTypes = new Set(['application/ecmascript', 'application/javascript', 'application/x-ecmascript', 'application/x-javascript',
  'text/ecmascript', 'text/javascript', 'text/javascript1.0', 'text/javascript1.1', 'text/javascript1.2', 'text/javascript1.3',
  'text/javascript1.4', 'text/javascript1.5', 'text/jscript', 'text/livescript', 'text/x-ecmascript', 'text/x-javascript']);
const firefoxSafelisted = (m) => m === 'text/css' || m === 'image/svg+xml' || jsTypes.has(m);
const firefoxSpecBreaking = (m, ns) => ['application/dash+xml', 'application/vnd.apple.mpegurl', 'audio/mpegurl', 'text/vtt'].includes(m) ||
  (m === 'text/plain' && ns) || ['audio/mpeg', 'audio/aac', 'audio/aacp', 'multipart/x-mixed-replace'].includes(m);
const firefoxNeverSniffed = (m) => neverSniffed.has(m) && m !== 'text/pdf' && m !== 'application/x-gzip' || m === 'audio/mpegurl' ||
  m === 'application/vnd.apple.mpegurl' || m === 'text/vtt' || m === 'application/dash+xml' || m === 'application/x-protobuffer';
const firefoxBlocklisted = (m) => m === 'text/html' || m.endsWith('+json') || m === 'application/json' || m === 'text/json' ||
  m.endsWith('+xml') || m === 'application/xml' || m === 'text/xml';

// parsesAsScriptNotJSON is Firefox's last step: the body, decoded (a BOM
// decides, else UTF-8), is JavaScript and is not JSON.
function parsesAsScriptNotJSON(bytes) {
  let text;
  if (bytes[0] === 0xFF && bytes[1] === 0xFE) text = bytes.subarray(2).toString('utf16le');
  else if (bytes[0] === 0xFE && bytes[1] === 0xFF) text = Buffer.from(bytes.subarray(2)).swap16().toString('utf16le');
  else if (bytes[0] === 0xEF && bytes[1] === 0xBB && bytes[2] === 0xBF) text = bytes.subarray(3).toString('utf8');
  else text = bytes.toString('utf8');
  try { JSON.parse(text); return false; } catch (_) {}
  try { new vm.Script(text); return true; } catch (_) { return false; }
}

// Firefox's sniffers that allow: the standard's images (stdImage), and its
// media sniffer: a whole ISO BMFF ftyp box of at least 16 bytes (also AVIF), EBML
// with a "webm" or "matroska" doc type in the 512 bytes it reads, Ogg, WAVE, ID3, MPEG layer III and
// ADTS frames, FLAC. Not MIDI, AVI or MPEG-TS (none/audio/midi-format0.mid,
// none/video/avi-mpeg4.avi, none/video/mpeg-ts.ts are blocked as audio),
// not layer II (none/audio/mp2-layer2.mp2), not the UTF-16LE byte order
// mark FF FE (none/orb/json-utf16le-bom), not a bare EBML magic or a
// 12-byte ftyp box (none/edge/ebml-sig, none/edge/mp4-ftyp-short), not a
// cut one (none/orb/mp4-cut).
const ftypBox = (b) => wild(b, '....ftyp') && b.readUInt32BE(0) >= 16 && b.readUInt32BE(0) <= b.length;
const ebml = (b) => at(b, 0, '\x1A\x45\xDF\xA3') && /webm|matroska/.test(b.subarray(0, 512).toString('latin1'));
const mpegFrame = (b) => b.length >= 2 && b[0] === 0xFF && (b[1] & 0xE0) === 0xE0 && ((b[1] & 0x06) === 0x02 || (b[1] & 0x06) === 0x00);
const firefoxMediaSniffed = (b) => ftypBox(b) || ebml(b) || at(b, 0, 'OggS\x00') || wild(b, 'RIFF....WAVE') || at(b, 0, 'ID3') ||
  mpegFrame(b) || at(b, 0, 'fLaC');

function firefox(c, way) {
  if (corpBlocks(c)) return ['blocked/corp', 'corp'];
  const m = mimeType(c, true);
  const ns = nosniff(c);
  const media = way === 'audio' || way === 'video';
  if (m) {
    if (firefoxSafelisted(m)) return ['delivered', 'safelisted type'];
    if (firefoxSpecBreaking(m, ns)) return ['delivered', 'allowed type (spec-breaking)'];
    if (firefoxNeverSniffed(m)) return ['blocked/orb', 'never-sniffed type'];
    if (status(c) === 206 && firefoxBlocklisted(m)) return ['blocked/orb', '206 and HTML/JSON/XML'];
    if (ns && firefoxBlocklisted(m)) return ['blocked/orb', 'nosniff and HTML/JSON/XML'];
  }
  if (status(c) === 206 && rangeStart(c) !== 0) return ['blocked/orb', '206 not at byte 0'];
  const b = served(c);
  if (stdImage(b)) return ['delivered', 'sniffed image'];
  // A media body of a non-ok status is blocked for audio and video (an
  // image is not): s404+none/files/video.webm, s404+none/files/image.png.
  if (media && (status(c) < 200 || status(c) > 299)) return ['blocked/orb', 'media request, status not ok'];
  if (firefoxMediaSniffed(b)) return ['delivered', 'sniffed media'];
  if (media) return ['blocked/orb', 'media request, not media'];
  if (ns) return ['blocked/orb', 'nosniff after sniffing'];
  if (status(c) < 200 || status(c) > 299) return ['blocked/orb', 'status not ok'];
  if (!m) return ['delivered', 'no type'];
  if (/^(image|audio|video)\//.test(m)) return ['blocked/orb', 'image/audio/video type, not sniffed as one'];
  if (parsesAsScriptNotJSON(b)) return ['delivered', 'parses as a script, not JSON'];
  return ['blocked/orb', 'not a script, or JSON'];
}

function webkit(c) {
  if (corpBlocks(c)) return ['blocked/network', 'corp'];
  return ['delivered', 'no ORB'];
}

const rules = { chromium, firefox, webkit };

// ---------------------------------------------------------------------------
// The check.

function main() {
  const cases = new Map(loadCorpus().map((c) => [c.id, c]));
  const nEx = Number(opt('-examples', 3));
  const split = opt('-split', '');
  for (const b of opt('-browser', 'chromium,firefox,webkit').split(',')) {
    const f = path.join(dataDir, `results-${b}.jsonl.gz`);
    if (!fs.existsSync(f)) continue;
    const tally = {};
    const misses = new Map();
    const skipped = {};
    for (const r of lines(f)) {
      if (opt('-way', '') && r.way !== opt('-way', '')) continue;
      const c = cases.get(r.case);
      if (split && c.split !== split) continue;
      const got = r.verdict + (r.by ? '/' + r.by : '');
      if (r.way === 'track' || r.verdict === 'timeout' || r.verdict === 'error' || r.verdict === 'unknown' || r.by === 'mime') {
        skipped[got] = (skipped[got] || 0) + 1;
        continue;
      }
      let [want, step] = rules[b](c, r.way);
      if (r.way === 'fetch' && want === 'blocked/orb' && b !== 'webkit') want = 'emptied/orb';
      const t = tally[r.way] || (tally[r.way] = { ok: 0, n: 0 });
      t.n++;
      if (want === got) { t.ok++; continue; }
      const k = `rule ${want} (${step}), recorded ${got}`;
      if (!misses.has(k)) misses.set(k, new Map());
      const m = misses.get(k);
      if (!m.has(r.case)) m.set(r.case, []);
      m.get(r.case).push(r.way);
    }
    const all = Object.values(tally).reduce((s, t) => ({ ok: s.ok + t.ok, n: s.n + t.n }), { ok: 0, n: 0 });
    console.log(`${b}: the rule predicts ${all.ok} of ${all.n} loads (${(100 * all.ok / all.n).toFixed(2)} %); ` +
      Object.entries(tally).map(([w, t]) => `${w} ${t.ok}/${t.n}`).join(', '));
    console.log(`  left out: ${JSON.stringify(skipped)}`);
    for (const [k, m] of [...misses].sort((x, y) => y[1].size - x[1].size)) {
      const loads = [...m.values()].reduce((s, w) => s + w.length, 0);
      console.log(`  ${String(m.size).padStart(5)} cases (${loads} loads) ${k}`);
      for (const [c, w] of [...m].slice(0, nEx)) console.log(`          ${c} (${w.join(' ')})`);
    }
  }
}

function explain() {
  const [a, b] = opt('-explain', 'chromium,firefox').split(',');
  const cases = new Map(loadCorpus().map((c) => [c.id, c]));
  const nEx = Number(opt('-examples', 3));
  const rec = (x) => {
    const m = new Map();
    for (const r of lines(path.join(dataDir, `results-${x}.jsonl.gz`))) m.set(`${r.case}\t${r.way}`, r.verdict + (r.by ? '/' + r.by : ''));
    return m;
  };
  const ra = rec(a);
  const rb = rec(b);
  const groups = new Map();
  let unexplained = 0;
  for (const [k, va] of ra) {
    const vb = rb.get(k);
    if (!vb || va.split('/')[0] === vb.split('/')[0]) continue;
    const [id, way] = k.split('\t');
    if (opt('-way', '') && way !== opt('-way', '')) continue;
    const c = cases.get(id);
    const pa = rules[a](c, way);
    const pb = rules[b](c, way);
    const norm = (v) => v.replace(/^emptied/, 'blocked');
    if (norm(pa[0]) !== norm(va) || norm(pb[0]) !== norm(vb)) { unexplained++; continue; }
    const g = `${a}: ${va} (${pa[1]}); ${b}: ${vb} (${pb[1]})`;
    if (!groups.has(g)) groups.set(g, new Map());
    const m = groups.get(g);
    if (!m.has(id)) m.set(id, []);
    m.get(id).push(way);
  }
  for (const [g, m] of [...groups].sort((x, y) => y[1].size - x[1].size)) {
    const loads = [...m.values()].reduce((s, w) => s + w.length, 0);
    console.log(`${String(m.size).padStart(5)} cases (${loads} loads) ${g}`);
    for (const [c, w] of [...m].slice(0, nEx)) console.log(`          ${c} (${w.join(' ')})`);
  }
  console.log(`${unexplained} disagreeing loads where a rule does not predict its browser (track, mime, errors)`);
}

module.exports = { chromium, firefox, webkit, mimeType };
if (require.main === module) {
  if (args.includes('-explain')) explain();
  else main();
}
