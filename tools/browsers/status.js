#!/usr/bin/env node
// status.js writes the status corpus' recordings (testdata/browsers/status,
// made by genstatus.js and recorded by record-status.sh) from what the
// recorders left in out/: status-dest-<browser>.jsonl (destinations.js
// -corpus, every destination from a page of the response's origin and of
// another origin) and status-cross-<browser>.jsonl (crossorigin.js -corpus,
// the seven no-cors ways from a page of another site), then the same with
// .retry.jsonl (the cases recorded again).
//
//	node status.js merge [chromium|firefox|webkit ...]   # results-<browser>.jsonl.gz, recordings.json
//	node status.js retry BROWSER                         # the ids of the cases with a timeout, one a line
//
// A row recorded more than once (record-status.sh records the cases with a
// timeout again, one page at a time) keeps its last line; when an earlier
// line of it was a timeout and the last is not, its note says so. See
// testdata/browsers/status/FORMAT.md.
'use strict';
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');
const { dests } = require('./attack');
const { shortError } = require('./destinations');
const { row: crossRow, ways } = require('./crossverdict');
const { writeAtomic } = require('./files');

const root = path.resolve(__dirname, '..', '..');
const dataDir = path.join(root, 'testdata', 'browsers', 'status');
const outDir = path.join(__dirname, 'out');
const browsers = ['chromium', 'firefox', 'webkit'];
// The destinations the status corpus is recorded in (record-status.sh's
// -dests): the matrix, without object, embed, xslt and text.
const statusDests = ['document', 'iframe', 'script', 'module', 'worker', 'sharedworker', 'serviceworker', 'style', 'image', 'audio', 'video', 'track', 'font'];
for (const d of statusDests) if (!dests.includes(d)) throw new Error('unknown destination ' + d);

const gunzipLines = (f) => zlib.gunzipSync(fs.readFileSync(f)).toString('utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
const readLines = (f) => (fs.existsSync(f) ? fs.readFileSync(f, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l)) : []);
const count = (rows, f) => {
  const m = {};
  for (const r of rows) m[f(r)] = (m[f(r)] || 0) + 1;
  return m;
};
const sum = (ms, k) => ms.reduce((s, m) => s + (m[k] || 0), 0);

function loadCases() {
  return gunzipLines(path.join(dataDir, 'cases.jsonl.gz'));
}
const recordsDest = (c) => !c.kind || c.kind === 'destinations';
const recordsCross = (c) => !c.kind || c.kind === 'crossorigin';

// destRows reads out/status-dest-<b>.jsonl: the rows by "case\torigin\tdest"
// (the last line of each, with a note when an earlier one timed out) and
// the runs' meta lines.
function destRows(b) {
  const byKey = new Map();
  const timedOut = new Set();
  const metas = [];
  for (const o of [...readLines(path.join(outDir, `status-dest-${b}.jsonl`)), ...readLines(path.join(outDir, `status-dest-${b}.retry.jsonl`))]) {
    if (o.meta) { metas.push(o.meta); continue; }
    const k = `${o.case}\t${o.origin}\t${o.dest}`;
    const prev = byKey.get(k);
    if (prev && prev.outcome === 'timeout') timedOut.add(k);
    byKey.set(k, o);
  }
  const out = new Map();
  for (const [k, o] of byKey) {
    const r = { id: o.case, kind: 'destinations', origin: o.origin, dest: o.dest, outcome: o.outcome, probe: o.probe || '' };
    if (o.contentType) r.contentType = o.contentType;
    if (o.rules !== undefined) r.rules = o.rules;
    const e = shortError(o.error);
    if (e) r.error = e;
    const notes = [];
    if (o.note) notes.push(o.note);
    if (o.alone) notes.push('loaded alone');
    if (timedOut.has(k) && o.outcome !== 'timeout') notes.push('timed out at first; recorded again');
    if (notes.length) r.note = notes.join('; ');
    r.requests = o.requests || 0;
    out.set(k, r);
  }
  return { rows: out, metas };
}

// crossRows reads out/status-cross-<b>.jsonl and gives each load its
// verdict (crossverdict.js): the rows by "case\tway".
function crossRows(b) {
  const byCase = new Map();
  const timedOut = new Set();
  const metas = [];
  for (const o of [...readLines(path.join(outDir, `status-cross-${b}.jsonl`)), ...readLines(path.join(outDir, `status-cross-${b}.retry.jsonl`))]) {
    if (o.meta) { metas.push(o.meta); continue; }
    const prev = byCase.get(o.case);
    if (prev) {
      for (const w of ways) if (crossRow(o.case, b, w, prev.ways[w], prev.ways).verdict === 'timeout') timedOut.add(`${o.case}\t${w}`);
    }
    byCase.set(o.case, o);
  }
  const out = new Map();
  for (const [id, o] of byCase) {
    for (const w of ways) {
      const r = crossRow(id, b, w, o.ways[w], o.ways);
      delete r.case;
      delete r.browser;
      const k = `${id}\t${w}`;
      const row = { id, kind: 'crossorigin', ...r };
      if (timedOut.has(k) && r.verdict !== 'timeout') row.note = 'timed out at first; recorded again';
      out.set(k, row);
    }
  }
  return { rows: out, metas };
}

function merge(which) {
  const list = which && which.length ? which : browsers;
  const cases = loadCases();
  const sets = fs.readFileSync(path.join(dataDir, 'headers.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
  const metaFile = path.join(dataDir, 'recordings.json');
  const old = fs.existsSync(metaFile) ? JSON.parse(fs.readFileSync(metaFile, 'utf8')) : { browsers: {} };
  const meta = {
    date: new Date().toISOString().slice(0, 10),
    corpus: {
      cases: cases.length,
      heldoutCases: cases.filter((c) => c.split === 'heldout').length,
      headerSets: sets.length,
      heldoutSets: sets.filter((s) => s.split === 'heldout').length,
      destinationsCases: cases.filter(recordsDest).length,
      crossoriginCases: cases.filter(recordsCross).length,
    },
    destinations: statusDests,
    origins: ['same', 'cross'],
    ways,
    browsers: {},
  };
  for (const b of browsers) if (old.browsers && old.browsers[b] && !list.includes(b)) meta.browsers[b] = old.browsers[b];
  for (const b of list) {
    const d = destRows(b);
    const x = crossRows(b);
    if (!d.metas.length && !x.metas.length) { console.error(`${b}: nothing in out/`); continue; }
    const out = [];
    const missing = [];
    for (const c of cases) {
      let miss = false;
      if (recordsDest(c)) {
        for (const origin of ['same', 'cross']) {
          for (const dest of statusDests) {
            const r = d.rows.get(`${c.id}\t${origin}\t${dest}`);
            if (r) out.push(r); else miss = true;
          }
        }
      }
      if (recordsCross(c)) {
        for (const w of ways) {
          const r = x.rows.get(`${c.id}\t${w}`);
          if (r) out.push(r); else miss = true;
        }
      }
      if (miss) missing.push(c.id);
    }
    const dr = out.filter((r) => r.kind === 'destinations');
    const xr = out.filter((r) => r.kind === 'crossorigin');
    const dl = d.metas[d.metas.length - 1] || {};
    const xl = x.metas[x.metas.length - 1] || {};
    const e = {
      version: dl.version || xl.version,
      destinations: {
        driver: dl.driver,
        recorded: d.metas.map((m) => m.recorded).sort().join(' .. '),
        cases: new Set(dr.map((r) => r.id)).size,
        results: dr.length,
        outcomes: count(dr, (r) => r.outcome),
        probes: count(dr.filter((r) => r.probe), (r) => r.probe),
        recordedAgain: dr.filter((r) => /recorded again/.test(r.note || '')).length,
        wallSeconds: sum(d.metas, 'wallSeconds'),
        runs: d.metas.length,
        parallel: dl.parallel,
        stray: sum(d.metas, 'stray'),
        strayRequests: [...new Set(d.metas.flatMap((m) => m.strayRequests || []))].slice(0, 10),
        unmatchedProbes: sum(d.metas, 'unmatchedProbes'),
      },
      crossorigin: {
        driver: xl.driver,
        recorded: x.metas.map((m) => m.recorded).sort().join(' .. '),
        cases: new Set(xr.map((r) => r.id)).size,
        results: xr.length,
        verdicts: count(xr, (r) => r.verdict),
        recordedAgain: xr.filter((r) => /recorded again/.test(r.note || '')).length,
        wallSeconds: sum(x.metas, 'wallSeconds'),
        runs: x.metas.length,
        parallel: xl.parallel,
        batch: xl.batch,
        recorderErrors: sum(x.metas, 'recorderErrors'),
        hungPages: sum(x.metas, 'hungPages'),
        relaunches: sum(x.metas, 'relaunches'),
        stray: sum(x.metas, 'stray'),
      },
    };
    if (b === 'webkit') {
      for (const k of ['restarts', 'recycles', 'alerts']) e.destinations[k] = sum(d.metas, k);
      for (const k of ['restarts', 'recycles', 'alerts']) e.crossorigin[k] = sum(x.metas, k);
    }
    if (missing.length) {
      e.missing = missing.length;
      e.missingCases = missing.slice(0, 50);
    }
    meta.browsers[b] = e;
    writeAtomic(path.join(dataDir, `results-${b}.jsonl.gz`), zlib.gzipSync(out.map((r) => JSON.stringify(r)).join('\n') + '\n', { level: 9 }));
    console.error(`${b} (${e.version}): ${dr.length} destination rows ${JSON.stringify(e.destinations.outcomes)}, ${xr.length} cross-origin rows ${JSON.stringify(e.crossorigin.verdicts)}, ${missing.length} cases missing`);
  }
  const ordered = { ...meta, browsers: {} };
  for (const b of browsers) if (meta.browsers[b]) ordered.browsers[b] = meta.browsers[b];
  writeAtomic(metaFile, JSON.stringify(ordered, null, 1) + '\n');
}

// retry prints the ids of the cases of browser b that have a timeout in
// out/ (the last line of a row), for record-status.sh to record again.
function retry(b) {
  const ids = new Set();
  for (const r of destRows(b).rows.values()) if (r.outcome === 'timeout' && !/stayed at the attacker page/.test(r.note || '')) ids.add(r.id);
  for (const r of crossRows(b).rows.values()) if (r.verdict === 'timeout' || r.verdict === 'error') ids.add(r.id);
  process.stdout.write([...ids].map((i) => i + '\n').join(''));
}

module.exports = { statusDests, loadCases };

if (require.main === module) {
  const args = process.argv.slice(2);
  if (args[0] === 'merge') merge(args.slice(1));
  else if (args[0] === 'retry' && browsers.includes(args[1])) retry(args[1]);
  else {
    console.error('usage: node status.js merge [BROWSER...] | retry BROWSER');
    process.exit(2);
  }
}
