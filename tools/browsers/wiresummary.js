#!/usr/bin/env node
// wiresummary.js prints the wire recordings (testdata/browsers/wire) as
// tables, one per browser and part.
//
//	node wiresummary.js [navigation|destinations|availability] [-browser NAME]
//
// navigation: a row per coding, a column per type variant and base body;
// a cell is the outcome: the document's type (h text/html, p text/plain,
// i image/png, or the type), then "*" when the probe ran, "0" when the
// document was empty (textLength 0), and "~N" ("+N") when its text was
// shorter (longer) than that of the same body sent plain under the same
// type, N its textLength (gzip-member2's first member of the html body
// alone is 8,067, the whole page 8,091); DL a
// download, ERR an error (its messages are listed under the table), TO a
// timeout. destinations: a row per case, a column per destination that
// differs across the corpus; a cell is the outcome (L loaded, B blocked,
// DL, ERR, TO, U unsupported), then the probe's place (s server, p page,
// o opaque) and for frames the document's type. availability: a row per
// case.
'use strict';
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');

const dataDir = path.join(__dirname, '..', '..', 'testdata', 'browsers', 'wire');
const args = process.argv.slice(2);
const part = args.find((a) => !a.startsWith('-') && args[args.indexOf(a) - 1] !== '-browser');
const onlyBrowser = args.includes('-browser') ? args[args.indexOf('-browser') + 1] : null;
const browsers = ['chromium', 'firefox', 'webkit'].filter((b) => !onlyBrowser || b === onlyBrowser);

const rowsOf = (b) => {
  const f = path.join(dataDir, `results-${b}.jsonl.gz`);
  if (!fs.existsSync(f)) return [];
  return zlib.gunzipSync(fs.readFileSync(f)).toString('utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
};
const shortType = { 'text/html': 'h', 'text/plain': 'p', 'image/png': 'i' };
const pad = (s, n) => String(s).padEnd(n);

function navigation(b, rows) {
  const nav = rows.filter((r) => r.kind === 'navigation');
  if (!nav.length) return;
  const byId = new Map(nav.map((r) => [r.id, r]));
  const variants = ['html', 'html-ns', 'none', 'none-ns'];
  const bases = ['html', 'png', 'text'];
  const codings = [...new Set(nav.map((r) => r.id.split('/')[2]))].filter((c) => c !== 'empty-gzip');
  const errors = new Map();
  const cell = (r, plain) => {
    if (!r) return '?';
    if (r.outcome === 'download') return 'DL';
    if (r.outcome === 'timeout') return 'TO';
    if (r.outcome === 'error') {
      const e = r.error.replace(/ at URL.*$/, '');
      if (!errors.has(e)) errors.set(e, errors.size + 1);
      return 'ERR' + errors.get(e);
    }
    let s = shortType[r.contentType] || r.contentType;
    if (r.script) s += '*';
    if (r.textLength === 0 && !(plain && plain.textLength === 0)) s += '0';
    else if (plain && plain.contentType === r.contentType && r.textLength !== plain.textLength) s += (r.textLength < plain.textLength ? '~' : '+') + r.textLength;
    return s;
  };
  console.log(`\n## ${b}: content codings, navigated to\n`);
  const cols = [];
  for (const v of variants) for (const base of bases) cols.push([v, base]);
  console.log('| coding | ' + cols.map(([v, base]) => `${v} ${base}`).join(' | ') + ' |');
  console.log('| --- |' + cols.map(() => ' --- |').join(''));
  for (const c of codings) {
    const cells = cols.map(([v, base]) => cell(byId.get(`coding/${v}/${c}/${base}`), byId.get(`coding/${v}/identity/${base}`)));
    console.log(`| ${c} | ${cells.join(' | ')} |`);
  }
  const e = variants.map((v) => cell(byId.get(`coding/${v}/empty-gzip/empty`))).join(', ');
  console.log(`\nempty body, Content-Encoding: gzip (${variants.join(', ')}): ${e}`);
  for (const [m, n] of errors) console.log(`ERR${n}: ${m}`);
}

function destinations(b, rows) {
  const dest = rows.filter((r) => r.kind === 'destinations');
  if (!dest.length) return;
  const ids = [...new Set(dest.map((r) => r.id))];
  const cellOf = (r) => {
    if (!r) return '?';
    let s = { loaded: 'L', blocked: 'B', download: 'DL', error: 'ERR', timeout: 'TO', unsupported: 'U' }[r.outcome] || r.outcome;
    if (r.probe) s += ({ server: 's', page: 'p', opaque: 'o' }[r.probe] || r.probe);
    if (r.contentType && ['document', 'iframe', 'object', 'embed'].includes(r.dest)) s += ':' + (shortType[r.contentType] || r.contentType);
    if (r.rules !== undefined) s += `(${r.rules})`;
    return s;
  };
  const all = new Map();
  for (const r of dest) all.set(`${r.id}\t${r.dest}`, r);
  const dests = [...new Set(dest.map((r) => r.dest))];
  const interesting = dests.filter((d) => new Set(ids.map((id) => cellOf(all.get(`${id}\t${d}`)))).size > 1);
  console.log(`\n## ${b}: several Content-Type values (same origin)\n`);
  console.log('| case | ' + interesting.join(' | ') + ' |');
  console.log('| --- |' + interesting.map(() => ' --- |').join(''));
  for (const id of ids) console.log(`| ${id.replace(/^types\//, '')} | ${interesting.map((d) => cellOf(all.get(`${id}\t${d}`))).join(' | ')} |`);
  const same = dests.filter((d) => !interesting.includes(d)).map((d) => `${d} ${cellOf(all.get(`${ids[0]}\t${d}`))}`);
  if (same.length) console.log(`\nthe same in every case: ${same.join(', ')}`);
}

function availability(b, rows) {
  const av = rows.filter((r) => r.kind === 'availability');
  if (!av.length) return;
  console.log(`\n## ${b}: six frames, then a fresh page of the same site\n`);
  console.log('| case | available | frame | top | frames | downloads | probes | sockets used/closed/reused |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  const t = (x) => (x ? (x.ok ? `${x.ms} ms` : x.error || 'no') : '?');
  for (const r of av) {
    if (r.error) { console.log(`| ${r.id} | ${r.error} |`); continue; }
    const f = r.frames || {};
    const docs = Object.entries(f.documents || {}).map(([k, v]) => `${v} ${k}`).join(', ');
    const fr = [docs, f.blank ? `${f.blank} blank` : '', `${f.load} load`].filter(Boolean).join('; ');
    const dl = r.unfinished ? `${r.downloads} (${r.unfinished} unfinished)` : r.downloads;
    const pr = [r.probes.server ? `${r.probes.server} server` : '', r.probes.opaque ? `${r.probes.opaque} opaque` : ''].filter(Boolean).join(', ') || '0';
    console.log(`| ${r.id.replace(/^mixed\//, '')} | ${r.available ? 'yes' : '**no**'} | ${t(r.inPage)} | ${t(r.navigation)} | ${fr} | ${dl} | ${pr} | ${r.sockets.used}/${r.sockets.closedByBrowser}/${r.sockets.reused} |`);
  }
}

for (const b of browsers) {
  const rows = rowsOf(b);
  if (!part || part === 'navigation') navigation(b, rows);
  if (!part || part === 'destinations') destinations(b, rows);
  if (!part || part === 'availability') availability(b, rows);
}
