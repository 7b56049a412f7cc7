#!/usr/bin/env node
// destcompare.js compares one browser's destinations recording with the
// others': per destination and attacker origin, the responses whose probe
// ran ("server", or "page" outside the document-like destinations: what
// serve_recordings_test.go's ranScript counts) in that browser and in none
// of the others, and those that ran in another browser but not in it.
//
//	node destcompare.js [-browser webkit] [-from out|data] [-dest REGEXP] [-origin same|cross] [-all]
//
// -from out reads tools/browsers/out/dest-<browser>.jsonl (while recording);
// the default reads testdata/browsers/destinations/results*.jsonl.gz. Only
// (case, origin, destination) triples recorded in every browser are
// compared. -all lists every case id instead of the first 12.
'use strict';
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');

const args = process.argv.slice(2);
const opt = (name, def) => {
  const i = args.indexOf(name);
  return i < 0 ? def : args[i + 1];
};
const me = opt('-browser', 'webkit');
const browsers = ['chromium', 'firefox', 'webkit'];
const dataDir = path.resolve(__dirname, '..', '..', 'testdata', 'browsers', 'destinations');
const rows = [];
if (opt('-from', 'data') === 'out') {
  for (const b of browsers) {
    const f = path.join(__dirname, 'out', `dest-${b}.jsonl`);
    if (fs.existsSync(f)) for (const l of fs.readFileSync(f, 'utf8').split('\n').filter(Boolean)) { const o = JSON.parse(l); if (!o.meta) rows.push(o); }
  }
}
const fromOut = new Set(rows.map((r) => r.browser));
for (const name of ['results.jsonl.gz', 'results-webkit.jsonl.gz']) {
  const f = path.join(dataDir, name);
  if (!fs.existsSync(f)) continue;
  for (const l of zlib.gunzipSync(fs.readFileSync(f)).toString('utf8').split('\n').filter(Boolean)) {
    const o = JSON.parse(l);
    if (fromOut.has(o.browser)) continue;
    rows.push(o);
  }
}

const present = browsers.filter((b) => rows.some((r) => r.browser === b));
const ran = (dest, probe) => probe === 'server' || (probe === 'page' && !['document', 'iframe', 'object', 'embed'].includes(dest));
const by = new Map();
for (const r of rows) {
  const k = `${r.dest}\t${r.origin}\t${r.case}`;
  if (!by.has(k)) by.set(k, {});
  by.get(k)[r.browser] = r;
}
const dre = opt('-dest', '') ? new RegExp('^(' + opt('-dest') + ')$') : null;
const others = present.filter((b) => b !== me);
const groups = new Map();
for (const [k, v] of by) {
  const [dest, origin] = k.split('\t');
  if (dre && !dre.test(dest)) continue;
  if (opt('-origin', '') && origin !== opt('-origin')) continue;
  if (!present.every((b) => v[b])) continue;
  const mine = ran(dest, v[me].probe);
  const theirs = others.filter((b) => ran(dest, v[b].probe));
  let g = null;
  if (mine && !theirs.length) g = `${me} only`;
  else if (!mine && theirs.length) g = `not ${me}, ran in ${theirs.join('+')}`;
  if (!g) continue;
  const gk = `${dest}\t${origin}\t${g}`;
  if (!groups.has(gk)) groups.set(gk, []);
  groups.get(gk).push(`${v[me].case} (${me}: ${v[me].outcome}${v[me].probe ? '/' + v[me].probe : ''})`);
}
const order = ['document', 'iframe', 'object', 'embed', 'script', 'module', 'worker', 'sharedworker', 'serviceworker', 'style', 'image', 'video', 'audio', 'font', 'track', 'xslt', 'text'];
for (const [k, v] of [...groups].sort((a, b) => order.indexOf(a[0].split('\t')[0]) - order.indexOf(b[0].split('\t')[0]) || a[0].localeCompare(b[0]))) {
  const list = args.includes('-all') ? v : v.slice(0, 12);
  console.log(`${k}\t${v.length}\t${list.join(', ')}${list.length < v.length ? ', ...' : ''}`);
}
