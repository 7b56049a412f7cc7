#!/usr/bin/env node
// summarize.js prints what the recordings in testdata/browsers/navigation
// show: outcome counts per browser, agreement between each pair of browsers,
// and each browser's answer for the cases whose id matches -only.
//
//	node summarize.js [-only REGEXP] [-diff a,b]
//
// -diff chromium,webkit lists the cases where the two browsers differ
// (errors and timeouts left out), grouped by the pair of answers.
'use strict';
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');

const dir = path.resolve(__dirname, '..', '..', 'testdata', 'browsers', 'navigation');
const gz = (f) => zlib.gunzipSync(fs.readFileSync(path.join(dir, f))).toString('utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
const cases = gz('cases.jsonl.gz');
const browsers = ['chromium', 'firefox', 'webkit'].filter((b) => fs.existsSync(path.join(dir, `results-${b}.jsonl.gz`)));
const rec = {};
for (const b of browsers) rec[b] = new Map(gz(`results-${b}.jsonl.gz`).map((r) => [r.id, r]));
const show = (r) => (!r ? '-' : r.outcome === 'document' ? r.contentType + (r.script ? '+script' : '') : r.outcome === 'error' ? 'error:' + r.error : r.outcome);
const bad = (r) => !r || r.outcome === 'error' || r.outcome === 'timeout';

const args = process.argv.slice(2);
const opt = (n) => (args.indexOf(n) < 0 ? null : args[args.indexOf(n) + 1]);

for (const b of browsers) {
  const counts = {};
  let script = 0;
  for (const r of rec[b].values()) { counts[r.outcome] = (counts[r.outcome] || 0) + 1; if (r.script) script++; }
  console.log(`${b}: ${rec[b].size} cases`, JSON.stringify(counts), `script ran in ${script}`);
}
for (let i = 0; i < browsers.length; i++) {
  for (let j = i + 1; j < browsers.length; j++) {
    const [a, b] = [browsers[i], browsers[j]];
    let n = 0, agree = 0;
    for (const c of cases) {
      const x = rec[a].get(c.id), y = rec[b].get(c.id);
      if (bad(x) || bad(y)) continue;
      n++;
      if (show(x) === show(y)) agree++;
    }
    console.log(`${a} vs ${b}: ${agree}/${n} agree (${(100 * agree / n).toFixed(1)} %)`);
  }
}

const diff = opt('-diff');
if (diff) {
  const [a, b] = diff.split(',');
  const kinds = new Map();
  for (const c of cases) {
    const x = rec[a].get(c.id), y = rec[b].get(c.id);
    if (bad(x) || bad(y) || show(x) === show(y)) continue;
    const k = `${show(x)} | ${show(y)}`;
    if (!kinds.has(k)) kinds.set(k, []);
    kinds.get(k).push(c.id);
  }
  console.log(`\n${a} | ${b}: count, examples`);
  for (const [k, ids] of [...kinds].sort((p, q) => q[1].length - p[1].length)) console.log(`  ${k}: ${ids.length}  ${ids.slice(0, 4).join('  ')}`);
}

const only = opt('-only');
if (only) {
  const re = new RegExp(only);
  for (const c of cases) {
    if (!re.test(c.id)) continue;
    console.log(c.id.padEnd(56), browsers.map((b) => `${b}=${show(rec[b].get(c.id))}`.padEnd(36)).join(' '));
  }
}
