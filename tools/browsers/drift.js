#!/usr/bin/env node
// drift.js replays a stratified sample of every recorded corpus in the
// browsers installed on this machine, and prints their versions and every
// load whose answer differs from the recording the profiles are fitted to
// and tested against. It installs nothing and writes nothing in the
// repository (its work files go to a temporary folder).
//
//	node drift.js [-engines chromium,firefox,webkit] [-corpora navigation,destinations,crossorigin,status]
//	              [-seed S] [-scale F] [-minutes M] [-keep]
//
// The corpora and what a load is:
//   navigation    a top-level navigation (record.js): outcome, document type, whether the probe ran
//   destinations  a response in one of 17 destinations from a same- or cross-origin page
//                 (destinations.js): outcome and where the probe ran
//   crossorigin   a response in one of seven no-cors ways from another site's page
//                 (crossorigin.js, crossverdict.js): the verdict and what made it
//   status        the status corpus, both of the above (13 destinations, 7 ways)
//
// The sample is the same for every engine: cases are grouped into strata
// (for navigation, a body group and what the three engines did; for
// destinations, a header set family and a body; for crossorigin, a body's
// source and what the three engines did as an image and a script; for
// status, a status variant and a type), each stratum's cases are ordered
// by a hash of the seed and the id, and one case is taken from each stratum
// in turn until the corpus' share is reached (-scale multiplies the
// shares). Every part runs under the recorders' lock (/tmp/browsers.lock)
// with a time budget, so that the whole stays under -minutes (default 14)
// on this machine; a case a part had no time for is counted "not replayed".
// The run takes /tmp/browsers.lock once, for all its parts (it re-runs
// itself under flock), so its time is its own and not the lock's waits.
// The cases of a load that differs, or that timed out on either side, are
// loaded once more: a difference seen twice is "confirmed", one seen once
// "unstable"; a timeout or error on either side is "inconclusive". Every one
// of them is listed.
//
// Exit status: 0 when no difference is confirmed, 1 when one is, 2 on a
// usage error or when a recorder failed.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const zlib = require('zlib');
const crypto = require('crypto');
const { spawnSync, execFileSync } = require('child_process');
const { row: crossRow, ways } = require('./crossverdict');

const root = path.resolve(__dirname, '..', '..');
const data = path.join(root, 'testdata', 'browsers');
const corpusOut = process.env.CORPUS_DIR || path.join(root, 'tools', 'corpus', 'out');

const args = process.argv.slice(2);
const opt = (name, def) => (args.indexOf(name) < 0 ? def : args[args.indexOf(name) + 1]);
const engines = opt('-engines', 'chromium,firefox,webkit').split(',');
const corpora = opt('-corpora', 'navigation,destinations,crossorigin,status').split(',');
const seed = opt('-seed', '1');
const scale = Number(opt('-scale', 1));
const minutes = Number(opt('-minutes', 14));
for (const e of engines) if (!['chromium', 'firefox', 'webkit'].includes(e)) usage(`unknown engine ${e}`);
for (const c of corpora) if (!['navigation', 'destinations', 'crossorigin', 'status'].includes(c)) usage(`unknown corpus ${c}`);
function usage(msg) {
  console.error(`drift.js: ${msg}\nusage: node drift.js [-engines LIST] [-corpora LIST] [-seed S] [-scale F] [-minutes M] [-keep]`);
  process.exit(2);
}

// The status corpus' destinations (record-status.sh's -dests).
const statusDests = 'document,iframe,script,module,worker,sharedworker,serviceworker,style,image,audio,video,track,font';
// How many cases of each corpus, and each part's share of an engine's
// time: the run's -minutes (less a tenth, for the second loads) are shared
// among the engines (by weight), and an engine's among its parts, what a
// part leaves going to the next ones. A navigation case is one load, a destinations
// job 17 (13 in status), a cross-origin case 7.
const plan = {
  navigation: { cases: 200, share: 0.25 },
  destinations: { cases: 10, share: 0.25 },
  crossorigin: { cases: 160, share: 0.25 },
  'status-dest': { cases: 8, share: 0.15 },
  'status-cross': { cases: 100, share: 0.1 },
};
// WebKit (MiniBrowser through WebDriver) loads about 1.5 times slower than
// the others: its share of the run's time is larger.
const weight = { chromium: 1, firefox: 1, webkit: 1.5 };

const gunzipLines = (f) => zlib.gunzipSync(fs.readFileSync(f)).toString('utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
const readLines = (f) => (fs.existsSync(f) ? fs.readFileSync(f, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l)) : []);
const sha = (b) => crypto.createHash('sha256').update(b).digest('hex');
const rank = (id) => sha(`${seed}\n${id}`);

// sample takes n items, one from each stratum in turn (strata in key order,
// each in hash order), so that every stratum has one before any has two.
function sample(items, key, n) {
  const groups = new Map();
  for (const it of items) {
    const k = key(it);
    if (!groups.has(k)) groups.set(k, []);
    groups.get(k).push(it);
  }
  // Strata in hash order too, so that a sample smaller than the number of
  // strata is spread over them.
  const lists = [...groups.keys()].sort((a, b) => (rank(a) < rank(b) ? -1 : 1)).map((k) => groups.get(k).sort((a, b) => (rank(a.id) < rank(b.id) ? -1 : 1)));
  const out = [];
  for (let i = 0; out.length < n; i++) {
    let took = false;
    for (const l of lists) {
      if (i < l.length && out.length < n) { out.push(l[i]); took = true; }
    }
    if (!took) break;
  }
  return { picked: out, strata: lists.length };
}

// ---------------------------------------------------------------------------
// The recordings, by corpus: the cases, and each engine's rows by load key.

function realBodyOK(name, want) {
  const p = path.join(corpusOut, name);
  return fs.existsSync(p) && sha(fs.readFileSync(p)) === want;
}

function navigationCorpus() {
  const dir = path.join(data, 'navigation');
  const bodies = new Map(gunzipLines(path.join(dir, 'bodies.jsonl.gz')).map((b) => [b.name, b]));
  const ok = (n) => n.startsWith('files/') || n.startsWith('edge/') || realBodyOK(n, bodies.get(n).sha256);
  const cases = gunzipLines(path.join(dir, 'cases.jsonl.gz'));
  const rec = {};
  for (const e of ['chromium', 'firefox', 'webkit']) rec[e] = new Map(gunzipLines(path.join(dir, `results-${e}.jsonl.gz`)).map((r) => [r.id, r]));
  const sig = (id) => ['chromium', 'firefox', 'webkit'].map((e) => { const r = rec[e].get(id); return `${r.outcome}:${r.contentType || ''}:${r.script ? 's' : ''}`; }).join(',');
  const usable = cases.filter((c) => ok(c.body));
  return {
    name: 'navigation',
    unusable: cases.length - usable.length,
    cases: usable,
    key: (c) => `${c.body.split('/')[0]}|${sig(c.id)}`,
    recorded: (e, id) => [[id, rec[e].get(id)]],
    compare: (r, n) => {
      const a = { outcome: r.outcome, contentType: r.contentType || '' };
      const b = { outcome: n.outcome, contentType: n.contentType || '' };
      // The old corpus' rows were imported from a recording without the probe.
      if (!/imported/.test(r.note || '')) { a.script = Boolean(r.script); b.script = Boolean(n.script); }
      return [a, b];
    },
    version: (e) => JSON.parse(fs.readFileSync(path.join(dir, 'recordings.json'), 'utf8'))[e].version,
  };
}

function destinationsCorpus() {
  const dir = path.join(data, 'destinations');
  const cases = gunzipLines(path.join(dir, 'cases.jsonl.gz'));
  const rows = [...gunzipLines(path.join(dir, 'results.jsonl.gz')), ...gunzipLines(path.join(dir, 'results-webkit.jsonl.gz'))];
  const rec = { chromium: new Map(), firefox: new Map(), webkit: new Map() };
  for (const r of rows) rec[r.browser].set(`${r.case}\t${r.origin}\t${r.dest}`, r);
  const meta = JSON.parse(fs.readFileSync(path.join(dir, 'recordings.json'), 'utf8'));
  return {
    name: 'destinations',
    unusable: 0,
    cases,
    key: (c) => `${c.headers.replace(/-ns$/, '').split('+')[0]}|${c.body}`,
    recorded: (e, id) => [...rec[e]].filter(([k]) => k.startsWith(id + '\t')),
    compare: (r, n) => [{ outcome: r.outcome, probe: r.probe || '' }, { outcome: n.outcome, probe: n.probe || '' }],
    version: (e) => meta.browsers[e].version,
  };
}

function crossoriginCorpus() {
  const dir = path.join(data, 'crossorigin');
  const bodies = new Map(gunzipLines(path.join(dir, 'bodies.jsonl.gz')).map((b) => [b.name, b]));
  const ok = (n) => bodies.get(n).source !== 'real' || realBodyOK(n, bodies.get(n).sha256);
  const cases = gunzipLines(path.join(dir, 'cases.jsonl.gz'));
  const rec = {};
  for (const e of ['chromium', 'firefox', 'webkit']) {
    rec[e] = new Map();
    for (const r of gunzipLines(path.join(dir, `results-${e}.jsonl.gz`))) rec[e].set(`${r.case}\t${r.way}`, r);
  }
  const sig = (id) => ['chromium', 'firefox', 'webkit'].map((e) => ['image', 'script'].map((w) => rec[e].get(`${id}\t${w}`).verdict).join('/')).join(',');
  const usable = cases.filter((c) => ok(c.body));
  const meta = JSON.parse(fs.readFileSync(path.join(dir, 'recordings.json'), 'utf8'));
  return {
    name: 'crossorigin',
    unusable: cases.length - usable.length,
    cases: usable,
    key: (c) => `${bodies.get(c.body).source}|${sig(c.id)}`,
    recorded: (e, id) => ways.map((w) => [`${id}\t${w}`, rec[e].get(`${id}\t${w}`)]),
    compare: (r, n) => [{ verdict: r.verdict, by: r.by || '' }, { verdict: n.verdict, by: n.by || '' }],
    version: (e) => meta.browsers[e].version,
  };
}

function statusCorpus(kind) {
  const dir = path.join(data, 'status');
  const metaFile = path.join(dir, 'recordings.json');
  const meta = fs.existsSync(metaFile) ? JSON.parse(fs.readFileSync(metaFile, 'utf8')) : { browsers: {} };
  const cases = gunzipLines(path.join(dir, 'cases.jsonl.gz')).filter((c) => !c.kind || c.kind === kind);
  const rec = {};
  for (const e of ['chromium', 'firefox', 'webkit']) {
    rec[e] = new Map();
    const f = path.join(dir, `results-${e}.jsonl.gz`);
    if (!fs.existsSync(f)) continue;
    for (const r of gunzipLines(f)) {
      if (r.kind !== kind) continue;
      rec[e].set(kind === 'destinations' ? `${r.id}\t${r.origin}\t${r.dest}` : `${r.id}\t${r.way}`, r);
    }
  }
  const dest = kind === 'destinations';
  return {
    name: dest ? 'status-dest' : 'status-cross',
    unusable: 0,
    cases,
    key: (c) => c.headers,
    recorded: (e, id) => (dest ? [...rec[e]].filter(([k]) => k.startsWith(id + '\t')) : ways.map((w) => [`${id}\t${w}`, rec[e].get(`${id}\t${w}`)])),
    compare: dest
      ? (r, n) => [{ outcome: r.outcome, probe: r.probe || '' }, { outcome: n.outcome, probe: n.probe || '' }]
      : (r, n) => [{ verdict: r.verdict, by: r.by || '' }, { verdict: n.verdict, by: n.by || '' }],
    version: (e) => (meta.browsers[e] || {}).version,
    hasRecording: (e) => rec[e].size > 0,
  };
}

// ---------------------------------------------------------------------------
// Replaying: each part runs one recorder on the sampled ids, under the
// lock, and returns the replayed rows by load key.

function runRecorder(argv, budgetSeconds) {
  const t0 = Date.now();
  // The whole run holds the lock (main), so a recorder runs at once; the
  // timeout only stops one that hangs.
  const r = spawnSync('node', argv, { cwd: __dirname, encoding: 'utf8', timeout: (budgetSeconds + 300) * 1000, killSignal: 'SIGTERM' });
  const seconds = (Date.now() - t0) / 1000;
  if (r.error || (r.status !== 0 && r.status !== 3)) {
    return { error: `${argv.slice(0, 2).join(' ')}: ${r.error ? r.error.message : 'exit ' + r.status}: ${String(r.stderr || '').trim().split('\n').slice(-3).join(' | ')}`, seconds };
  }
  return { seconds };
}

// replay runs corpus c's cases ids in engine e and returns {rows: Map(key
// -> replayed row), version, seconds, error?}.
function replay(tmp, c, e, ids, budget, pass) {
  const idFile = path.join(tmp, `${c.name}-${e}-${pass}.ids`);
  const out = path.join(tmp, `${c.name}-${e}-${pass}.jsonl`);
  fs.writeFileSync(idFile, ids.join('\n') + '\n');
  fs.rmSync(out, { force: true });
  const j = e === 'webkit' ? '3' : '2';
  let argv;
  if (c.name === 'navigation') argv = ['record.js', e, '-ids', idFile, '-out', out, '-j', j, '-minutes', String(budget / 60)];
  else if (c.name === 'destinations') argv = ['destinations.js', e, '-ids', idFile, '-out', out, '-fresh', '-j', j, '-budget', String(budget)];
  else if (c.name === 'crossorigin') argv = ['crossorigin.js', e, '-ids', idFile, '-out', out, '-fresh', '-j', j, '-budget', String(budget)];
  else if (c.name === 'status-dest') argv = ['destinations.js', e, '-corpus', path.join(data, 'status'), '-dests', statusDests, '-ids', idFile, '-out', out, '-fresh', '-j', j, '-budget', String(budget)];
  else argv = ['crossorigin.js', e, '-corpus', path.join(data, 'status'), '-ids', idFile, '-out', out, '-fresh', '-j', j, '-budget', String(budget)];
  const run = runRecorder(argv, budget);
  const rows = new Map();
  let version = '';
  for (const o of readLines(out)) {
    if (o.meta) { version = o.meta.version || version; continue; }
    if (o.version && !o.id) { version = o.version; continue; } // record.js' chunk line
    if (c.name === 'navigation') rows.set(o.id, o);
    else if (c.name === 'destinations' || c.name === 'status-dest') rows.set(`${o.case}\t${o.origin}\t${o.dest}`, o);
    else for (const w of ways) rows.set(`${o.case}\t${w}`, crossRow(o.case, e, w, o.ways[w], o.ways));
  }
  return { rows, version, seconds: run.seconds, error: run.error };
}

const inconclusive = (r) => /^(timeout|error)$/.test(r.outcome || r.verdict);
const show = (o) => Object.entries(o).filter(([, v]) => v !== '' && v !== false).map(([k, v]) => (k === 'outcome' || k === 'verdict' ? v : k === 'script' ? 'script ran' : `${k} ${v}`)).join(', ');

// ---------------------------------------------------------------------------

function installed() {
  const v = {};
  const run = (cmd, a) => { try { return execFileSync(cmd, a, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim(); } catch (_) { return null; } };
  v.chromium = run('/usr/bin/chromium', ['--version']);
  v.firefox = run('/usr/lib/firefox-esr/firefox-esr', ['--version']);
  const wk = run('dpkg-query', ['-W', '-f', '${Version}', 'libwebkit2gtk-4.1-0']);
  v.webkit = wk && fs.existsSync('/usr/bin/WebKitWebDriver') ? `WebKitGTK (libwebkit2gtk-4.1-0 ${wk}, webkit2gtk-driver ${run('dpkg-query', ['-W', '-f', '${Version}', 'webkit2gtk-driver']) || 'not installed'})` : null;
  return v;
}

function main() {
  const t0 = Date.now();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'drift-'));
  const inst = installed();
  const cs = [];
  for (const name of corpora) {
    if (name === 'navigation') cs.push(navigationCorpus());
    else if (name === 'destinations') cs.push(destinationsCorpus());
    else if (name === 'crossorigin') cs.push(crossoriginCorpus());
    else cs.push(statusCorpus('destinations'), statusCorpus('crossorigin'));
  }
  const lines = [];
  const say = (s) => { lines.push(s); console.log(s); };
  const date = new Date().toISOString().slice(0, 10);
  say(`mimesniff drift check, ${date}: a stratified sample of the recordings replayed in the browsers installed (seed ${seed}, scale ${scale})`);
  console.error(`drift: took /tmp/browsers.lock`);
  say('');
  say('Engines installed (and the versions each corpus was recorded with):');
  for (const e of engines) {
    const rec = cs.map((c) => `${c.name} ${c.version(e) || 'not recorded'}`).join('; ');
    say(`  ${e.padEnd(9)} ${inst[e] || 'NOT INSTALLED'}`);
    say(`  ${''.padEnd(9)} recorded: ${rec}`);
  }
  say('');
  const deadline = t0 + minutes * 60 * 0.9 * 1000;
  const samples = new Map();
  for (const c of cs) {
    const s = sample(c.cases, c.key, Math.round(plan[c.name].cases * scale));
    samples.set(c.name, s);
    if (c.unusable) say(`  ${c.name}: ${c.unusable} cases left out: their real bodies (tools/corpus/out) do not hash as recorded (another tool version; node ../corpus/gen.js says which)`);
  }
  const summary = [];
  const listed = [];
  let confirmed = 0;
  let failed = false;
  for (const [ei, e] of engines.entries()) {
    if (!inst[e]) { say(`${e}: not installed; skipped`); continue; }
    const left = engines.slice(ei).reduce((s, x) => s + weight[x], 0);
    const engineEnd = Date.now() + ((deadline - Date.now()) * weight[e]) / left;
    for (const [ci, c] of cs.entries()) {
      const { picked, strata } = samples.get(c.name);
      if (c.hasRecording && !c.hasRecording(e)) { summary.push({ c: c.name, e, note: 'no recording' }); continue; }
      const shares = cs.slice(ci).reduce((s, x) => s + plan[x.name].share, 0);
      const budget = Math.max(30, Math.round(((engineEnd - Date.now()) / 1000) * (plan[c.name].share / shares)));
      const first = replay(tmp, c, e, picked.map((x) => x.id), budget, 1);
      if (first.error) { failed = true; say(`  ${c.name} ${e}: ${first.error}`); }
      // Compare; the cases with a difference or a timeout go again.
      const judge = (rows) => {
        const res = [];
        for (const x of picked) {
          for (const [k, r] of c.recorded(e, x.id)) {
            const n = rows.get(k);
            if (!r) continue;
            if (!n) { res.push({ id: x.id, k, state: 'missing' }); continue; }
            const [a, b] = c.compare(r, n);
            const same = JSON.stringify(a) === JSON.stringify(b);
            res.push({ id: x.id, k, state: same ? 'same' : inconclusive(r) || inconclusive(n) ? 'inconclusive' : 'differ', a, b });
          }
        }
        return res;
      };
      const res1 = judge(first.rows);
      const again = [...new Set(res1.filter((r) => r.state === 'differ' || r.state === 'inconclusive').map((r) => r.id))];
      let res2 = new Map();
      let secs = first.seconds;
      if (again.length) {
        const second = replay(tmp, c, e, again, Math.max(30, Math.round(budget / 3)), 2);
        secs += second.seconds;
        if (second.error) { failed = true; say(`  ${c.name} ${e} (second loads): ${second.error}`); }
        res2 = new Map(judge(second.rows).map((r) => [r.k, r]));
      }
      const counts = { loads: 0, same: 0, confirmed: 0, unstable: 0, inconclusive: 0, missing: 0 };
      for (const r of res1) {
        if (r.state === 'missing') { counts.missing++; continue; }
        counts.loads++;
        if (r.state === 'same') { counts.same++; continue; }
        const r2 = res2.get(r.k);
        let state;
        if (r.state === 'inconclusive') {
          state = r2 && r2.state === 'same' ? 'same' : r2 && r2.state === 'differ' ? 'confirmed' : 'inconclusive';
        } else state = !r2 || r2.state === 'missing' ? 'unstable' : r2.state === 'same' ? 'unstable' : 'confirmed';
        counts[state]++;
        if (state === 'confirmed') confirmed++;
        if (state !== 'same') listed.push({ c: c.name, e, state, k: r.k, a: r.a, b: r2 && r2.b ? r2.b : r.b, b1: r.b });
      }
      summary.push({ c: c.name, e, strata, cases: picked.length, ...counts, secs: Math.round(secs), version: first.version });
      console.error(`drift: ${c.name} ${e} done (${Math.round((Date.now() - t0) / 1000)} s so far)`);
    }
  }
  say('');
  say('Per corpus and engine (a load: one navigation, one destination from one page, or one no-cors way):');
  say('  corpus        engine    cases  strata  loads  same   confirmed  unstable  inconclusive  not replayed  seconds');
  for (const s of summary) {
    if (s.note) { say(`  ${s.c.padEnd(13)} ${s.e.padEnd(9)} ${s.note}`); continue; }
    say(`  ${s.c.padEnd(13)} ${s.e.padEnd(9)} ${String(s.cases).padStart(5)}  ${String(s.strata).padStart(6)}  ${String(s.loads).padStart(5)}  ${String(s.same).padStart(5)}  ${String(s.confirmed).padStart(9)}  ${String(s.unstable).padStart(8)}  ${String(s.inconclusive).padStart(12)}  ${String(s.missing).padStart(12)}  ${String(s.secs).padStart(7)}`);
  }
  const tot = (e) => summary.filter((s) => s.e === e && !s.note).reduce((a, s) => ({ loads: a.loads + s.loads, same: a.same + s.same, confirmed: a.confirmed + s.confirmed }), { loads: 0, same: 0, confirmed: 0 });
  for (const e of engines) {
    const t = tot(e);
    if (t.loads) say(`  ${'all'.padEnd(13)} ${e.padEnd(9)} ${''.padStart(5)}  ${''.padStart(6)}  ${String(t.loads).padStart(5)}  ${String(t.same).padStart(5)}  ${String(t.confirmed).padStart(9)}   (${(100 * t.same / t.loads).toFixed(2)} % the same)`);
  }
  say('');
  if (!listed.length) say('No load differs from its recording.');
  else {
    say('Every load that differs from its recording (recorded -> now; "unstable": the second load agreed with the recording; "inconclusive": a timeout or error on one side):');
    for (const l of listed.sort((x, y) => (x.c + x.e + x.state + x.k < y.c + y.e + y.state + y.k ? -1 : 1))) {
      const load = l.k.replace(/\t/g, ' ');
      const now = l.state === 'unstable' ? `${show(l.b1)} once, then as recorded` : show(l.b);
      say(`  ${l.c} ${l.e} ${l.state}: ${load}: ${show(l.a)} -> ${now}`);
    }
  }
  say('');
  say(`Wall time ${Math.round((Date.now() - t0) / 1000)} s.`);
  if (args.includes('-keep')) console.error(`drift: work files kept in ${tmp}`);
  else fs.rmSync(tmp, { recursive: true, force: true });
  process.exitCode = failed ? 2 : confirmed ? 1 : 0;
}

// The whole run holds the recorders' lock, taken once: run again under
// flock unless this is that run.
if (process.env.DRIFT_LOCKED !== '1') {
  process.stderr.write('drift: waiting for /tmp/browsers.lock\n');
  const r = spawnSync('flock', ['/tmp/browsers.lock', process.execPath, __filename, ...args], { stdio: 'inherit', env: { ...process.env, DRIFT_LOCKED: '1' } });
  process.exit(r.status === null ? 2 : r.status);
} else {
  main();
}
