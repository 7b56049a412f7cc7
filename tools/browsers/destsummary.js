#!/usr/bin/env node
// destsummary.js prints what the destinations recordings say, grouped the
// way the report needs it: per browser, per destination, the header sets
// under which a probe ran (and in which origin), and the outcome counts.
//
//	node destsummary.js [-from out|data] [-dest iframe] [-probe server] [-origin same] [-case REGEXP] [-rows]
//
// -from out reads tools/browsers/out/dest-<browser>.jsonl (while recording);
// the default reads testdata/browsers/destinations/results.jsonl.gz and
// results-webkit.jsonl.gz. -rows prints matching rows instead of the grouped
// summary.
'use strict';
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');

const args = process.argv.slice(2);
const opt = (name, def) => {
  const i = args.indexOf(name);
  return i < 0 ? def : args[i + 1];
};
const root = path.resolve(__dirname, '..', '..');
let rows = [];
if (opt('-from', 'data') === 'out') {
  for (const b of ['chromium', 'firefox', 'webkit']) {
    const f = path.join(__dirname, 'out', `dest-${b}.jsonl`);
    if (!fs.existsSync(f)) continue;
    for (const l of fs.readFileSync(f, 'utf8').split('\n').filter(Boolean)) {
      const o = JSON.parse(l);
      if (!o.meta) rows.push(o);
    }
  }
} else {
  for (const name of ['results.jsonl.gz', 'results-webkit.jsonl.gz']) {
    const f = path.join(root, 'testdata', 'browsers', 'destinations', name);
    if (!fs.existsSync(f)) continue;
    rows.push(...zlib.gunzipSync(fs.readFileSync(f)).toString('utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l)));
  }
}
const want = (k, v) => !opt(k, '') || new RegExp('^(' + opt(k) + ')$').test(v);
const cre = opt('-case', '') ? new RegExp(opt('-case')) : null;
rows = rows.filter((r) => want('-dest', r.dest) && want('-probe', r.probe) && want('-origin', r.origin) && want('-browser', r.browser) && want('-outcome', r.outcome) && (!cre || cre.test(r.case)));

if (args.includes('-rows')) {
  for (const r of rows) console.log([r.browser, r.origin, r.dest, r.case, r.outcome, r.probe || '-', r.contentType || '', (r.error || '').slice(0, 80)].join('\t'));
  process.exit(0);
}
const g = new Map();
for (const r of rows) {
  const k = `${r.browser}\t${r.dest}\t${r.outcome}\t${r.probe || '-'}`;
  if (!g.has(k)) g.set(k, []);
  g.get(k).push(`${r.case}@${r.origin}`);
}
for (const [k, v] of [...g].sort()) {
  console.log(`${k}\t${v.length}\t${v.slice(0, 6).join(' ')}${v.length > 6 ? ' ...' : ''}`);
}
