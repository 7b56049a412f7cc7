#!/usr/bin/env node
// crosssummary.js prints the cross-origin recordings
// (testdata/browsers/crossorigin/results-<browser>.jsonl.gz): per browser and
// way of loading, how many loads were delivered, blocked, emptied,
// unrequested, unknown (WebKit), timed out or failed; then the loads where the browsers'
// verdicts differ, grouped by pattern, with example cases.
//
//	node crosssummary.js                          # counts, then disagreements
//	node crosssummary.js -by                      # blocked loads by cause
//	node crosssummary.js -disagree [-way W] [-pair a,b] [-examples N] [-all]
//	node crosssummary.js -case REGEXP [-way W]    # the rows of chosen cases
//	node crosssummary.js -split heldout           # only held-out (or train) cases
//	node crosssummary.js -matrix -way W [-sets RE] [-bodies RE]
//	                                  # bodies x header sets, one letter per browser
//
// A disagreement compares verdicts (delivered, blocked, emptied, ...), not
// causes; -pair compares two browsers only. -all lists every case of each
// pattern.
'use strict';
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');

const dataDir = path.resolve(__dirname, '..', '..', 'testdata', 'browsers', 'crossorigin');
const ways = ['image', 'script', 'style', 'audio', 'video', 'track', 'fetch'];
const verdicts = ['delivered', 'blocked', 'emptied', 'unrequested', 'unknown', 'timeout', 'error'];
const args = process.argv.slice(2);
const opt = (name, def) => (args.indexOf(name) < 0 ? def : args[args.indexOf(name) + 1]);
const lines = (f) => zlib.gunzipSync(fs.readFileSync(f)).toString('utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));

const split = opt('-split', '');
const splitOf = new Map(lines(path.join(dataDir, 'cases.jsonl.gz')).map((c) => [c.id, c.split]));
const wayFilter = opt('-way', '');
const rows = {}; // browser -> [rows]
for (const b of ['chromium', 'firefox', 'webkit']) {
  const f = path.join(dataDir, `results-${b}.jsonl.gz`);
  if (!fs.existsSync(f)) continue;
  rows[b] = lines(f).filter((r) => (!split || splitOf.get(r.case) === split) && (!wayFilter || r.way === wayFilter));
}
const browsers = Object.keys(rows);
const pad = (s, n) => String(s).padEnd(n);
const padl = (s, n) => String(s).padStart(n);

function counts() {
  console.log(`${pad('browser', 9)} ${pad('way', 7)} ${verdicts.map((v) => padl(v, 11)).join(' ')}`);
  for (const b of browsers) {
    const c = {};
    for (const r of rows[b]) {
      c[r.way] = c[r.way] || {};
      c[r.way][r.verdict] = (c[r.way][r.verdict] || 0) + 1;
    }
    for (const w of ways) {
      if (!c[w]) continue;
      console.log(`${pad(b, 9)} ${pad(w, 7)} ${verdicts.map((v) => padl(c[w][v] || 0, 11)).join(' ')}`);
    }
  }
}

function byCause() {
  for (const b of browsers) {
    const c = {};
    for (const r of rows[b]) if (r.verdict === 'blocked' || r.verdict === 'emptied') {
      const k = `${r.way} ${r.verdict} by ${r.by}`;
      c[k] = (c[k] || 0) + 1;
    }
    console.log(b);
    for (const k of Object.keys(c).sort()) console.log(`  ${pad(k, 32)} ${padl(c[k], 6)}`);
  }
}

function disagree() {
  const pair = opt('-pair', '') ? opt('-pair', '').split(',') : browsers;
  const nEx = Number(opt('-examples', 4));
  const all = args.includes('-all');
  const by = new Map(); // "case\tway" -> {browser: verdict}
  for (const b of pair) {
    for (const r of rows[b] || []) {
      const k = `${r.case}\t${r.way}`;
      if (!by.has(k)) by.set(k, {});
      by.get(k)[b] = r.verdict + (r.by ? `/${r.by}` : '');
    }
  }
  const groups = new Map();
  let n = 0;
  for (const [k, v] of by) {
    if (pair.some((b) => !v[b])) continue;
    const classes = new Set(pair.map((b) => v[b].split('/')[0]));
    if (classes.size < 2) continue;
    n++;
    const [c, w] = k.split('\t');
    const pat = `${pad(w, 6)} ${pair.map((b) => `${b}=${v[b]}`).join(' ')}`;
    if (!groups.has(pat)) groups.set(pat, []);
    groups.get(pat).push(c);
  }
  console.log(`\n${n} loads where ${pair.join(', ')} disagree, in ${groups.size} patterns:`);
  for (const [pat, cs] of [...groups].sort((a, b) => b[1].length - a[1].length)) {
    console.log(`${padl(cs.length, 6)}  ${pat}`);
    for (const c of all ? cs : cs.slice(0, nEx)) console.log(`          ${c}`);
  }
}

function show() {
  const re = new RegExp(opt('-case', ''));
  for (const b of browsers) {
    for (const r of rows[b]) {
      if (!re.test(r.case)) continue;
      console.log(JSON.stringify(r));
    }
  }
}

// matrix prints, for one way, a grid of bodies (rows) by header sets
// (columns, numbered in a legend) of plain cases (no status variant), each cell one letter per
// browser in the order chromium, firefox, webkit: D delivered, B blocked by
// ORB, C by CORP, M by a MIME check, N by a network error (WebKit), X by
// something else, E emptied, U unrequested, ? unknown, T timeout, ! error,
// . not recorded.
function matrix() {
  const setRe = new RegExp(opt('-sets', '.'));
  const bodyRe = new RegExp(opt('-bodies', '^orb/'));
  const letter = (r) => {
    if (!r) return '.';
    if (r.verdict === 'blocked') return { orb: 'B', corp: 'C', mime: 'M', network: 'N' }[r.by] || 'X';
    return { delivered: 'D', emptied: 'E', unrequested: 'U', unknown: '?', timeout: 'T', error: '!' }[r.verdict] || '!';
  };
  const cell = new Map();
  const sets = [];
  const bodies = [];
  for (const b of ['chromium', 'firefox', 'webkit']) {
    for (const r of rows[b] || []) {
      if (r.case.includes('+')) continue;
      const i = r.case.indexOf('/');
      const set = r.case.slice(0, i);
      const body = r.case.slice(i + 1);
      if (!setRe.test(set) || !bodyRe.test(body)) continue;
      if (!sets.includes(set)) sets.push(set);
      if (!bodies.includes(body)) bodies.push(body);
      cell.set(`${set}\t${body}\t${b}`, letter(r));
    }
  }
  // Columns are the header sets, numbered; a legend first.
  sets.forEach((set, k) => console.log(`${padl(k + 1, 3)} ${set}`));
  const w = Math.max(...bodies.map((b) => b.length));
  console.log(pad('', w) + ' ' + sets.map((_, k) => pad(k + 1, 4)).join(''));
  for (const b of bodies) {
    console.log(pad(b, w) + ' ' + sets.map((set) => ['chromium', 'firefox', 'webkit'].map((x) => cell.get(`${set}\t${b}\t${x}`) || '.').join('') + ' ').join(''));
  }
}

if (args.includes('-matrix')) matrix();
else if (args.includes('-case')) show();
else if (args.includes('-by')) byCause();
else if (args.includes('-disagree')) disagree();
else {
  counts();
  disagree();
}
