#!/usr/bin/env node
// merge.js joins recordings of parts of the corpus (shards run side by side
// with record.js -shard k/n, or a re-run of some cases with -only) into one
// recording in corpus order. A later file's row for an id replaces an
// earlier one's; the metadata line is the first file's, with the case count
// of the result and the wall time of each part.
//
//	node merge.js OUT PART.jsonl [PART.jsonl ...]
'use strict';
const fs = require('fs');
const path = require('path');

const [out, ...parts] = process.argv.slice(2);
if (!out || parts.length === 0) {
  console.error('usage: node merge.js OUT PART.jsonl [PART.jsonl ...]');
  process.exit(2);
}
const read = (f) => fs.readFileSync(f, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
const corpus = read(path.resolve(__dirname, '..', '..', 'testdata', 'browsers', 'corpus.jsonl'));
const rows = new Map();
const metas = [];
for (const p of parts) {
  const [meta, ...rs] = read(p);
  metas.push(meta);
  for (const r of rs) rows.set(r.id, r);
}
const result = corpus.filter((c) => rows.has(c.id)).map((c) => rows.get(c.id));
const meta = { ...metas[0], cases: result.length };
delete meta.shard;
if (metas.length > 1) meta.parts = metas.map((m) => ({ shard: m.shard, cases: m.cases, wallSeconds: m.wallSeconds, parallel: m.parallel, recorded: m.recorded }));
if (metas.some((m) => m.pdfViewer === true)) meta.pdfViewer = true;
fs.writeFileSync(out, [meta, ...result].map((o) => JSON.stringify(o)).join('\n') + '\n');
console.error(`${result.length} of ${corpus.length} corpus cases -> ${out}`);
