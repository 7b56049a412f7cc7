#!/usr/bin/env node
// import-old.js takes the old corpus's cases over from the old recordings
// (testdata/browsers/chromium.jsonl, firefox.jsonl: the same browser builds,
// recorded by the earlier record.js) into state/<browser>.jsonl, so that
// record.js records only the new cases. Each imported row says so in its
// note; it has no "script" field (the old recorder had no probe, and the old
// bodies carry none but the alert of edge/tag-body-onload).
//
//	node import-old.js chromium|firefox
'use strict';
const fs = require('fs');
const path = require('path');

const b = process.argv[2];
if (!['chromium', 'firefox'].includes(b)) { console.error('usage: node import-old.js chromium|firefox'); process.exit(2); }
const oldFile = path.resolve(__dirname, '..', '..', 'testdata', 'browsers', `${b}.jsonl`);
const [meta, ...rows] = fs.readFileSync(oldFile, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
const stateDir = path.join(__dirname, 'state');
fs.mkdirSync(stateDir, { recursive: true });
const progress = path.join(stateDir, `${b}.jsonl`);
const have = new Set(fs.existsSync(progress) ? fs.readFileSync(progress, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l).id) : []);
const tag = `imported from testdata/browsers/${b}.jsonl (${meta.version}, recorded ${meta.recorded}, no probe)`;
let n = 0;
const out = [];
for (const r of rows) {
  if (have.has(r.id)) continue;
  const o = { id: r.id, outcome: r.outcome };
  if (r.contentType !== undefined) o.contentType = r.contentType;
  if (r.error !== undefined) o.error = r.error;
  o.note = r.note ? `${tag}; ${r.note}` : tag;
  out.push(JSON.stringify(o));
  n++;
}
fs.appendFileSync(progress, out.length ? out.join('\n') + '\n' : '');
console.error(`${b}: imported ${n} rows into ${progress}`);
