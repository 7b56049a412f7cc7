#!/usr/bin/env node
// summarize.js prints what the recordings in testdata/browsers show: outcome
// counts per browser, Chromium-vs-Firefox agreement, and each browser's
// answer for the case ids given on the command line (or matching -only).
//
//	node summarize.js [-only REGEXP] [ID ...]
'use strict';
const fs = require('fs');
const path = require('path');

const dir = path.resolve(__dirname, '..', '..', 'testdata', 'browsers');
const read = (f) => fs.readFileSync(path.join(dir, f), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
const corpus = read('corpus.jsonl');
const recs = {};
for (const b of ['chromium', 'firefox']) {
  if (!fs.existsSync(path.join(dir, b + '.jsonl'))) continue;
  const [meta, ...rows] = read(b + '.jsonl');
  recs[b] = { meta, byId: new Map(rows.map((r) => [r.id, r])) };
}
const show = (r) => (!r ? '-' : r.outcome === 'document' ? r.contentType : r.outcome === 'error' ? 'error:' + r.error : r.outcome);

for (const [b, { meta, byId }] of Object.entries(recs)) {
  const counts = {};
  for (const r of byId.values()) counts[r.outcome] = (counts[r.outcome] || 0) + 1;
  console.log(`${b}: ${meta.version}, ${byId.size} cases, ${meta.wallSeconds}s wall, j=${meta.parallel}:`, JSON.stringify(counts));
  if (byId.size !== corpus.length) console.log(`  ${corpus.length - byId.size} corpus cases missing`);
}

if (recs.chromium && recs.firefox) {
  let both = 0, agree = 0, excluded = 0;
  const kinds = {};
  for (const c of corpus) {
    const a = recs.chromium.byId.get(c.id), b = recs.firefox.byId.get(c.id);
    if (!a || !b) continue;
    if (['error', 'timeout'].includes(a.outcome) || ['error', 'timeout'].includes(b.outcome)) { excluded++; continue; }
    both++;
    if (show(a) === show(b)) agree++;
    else { const k = `${show(a)} | ${show(b)}`; kinds[k] = (kinds[k] || 0) + 1; }
  }
  console.log(`chromium vs firefox: ${agree}/${both} agree (${(100 * agree / both).toFixed(1)} %), ${excluded} excluded (error or timeout in either)`);
  console.log('disagreements (chromium | firefox): count');
  for (const [k, n] of Object.entries(kinds).sort((x, y) => y[1] - x[1])) console.log(`  ${k}: ${n}`);
}

const args = process.argv.slice(2);
const oi = args.indexOf('-only');
const only = oi >= 0 ? new RegExp(args.splice(oi, 2)[1]) : null;
const ids = new Set(args);
for (const c of corpus) {
  if (!ids.has(c.id) && !(only && only.test(c.id))) continue;
  console.log(`${c.id.padEnd(44)} chromium=${show(recs.chromium && recs.chromium.byId.get(c.id)).padEnd(24)} firefox=${show(recs.firefox && recs.firefox.byId.get(c.id))}`);
}
