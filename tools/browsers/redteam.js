#!/usr/bin/env node
// redteam.js attacks the mimesniff serving code in real browsers. It builds
// and starts the Go red-team server (tools/redteam), which serves a hostile
// upload corpus through mimesniff.Handler(http.FileServer), through
// SafeHeaders for every declared type, through Handler around handlers that
// misuse the header map or change it around the moment net/http takes its
// copy (issue 32: an empty copy, an empty Write, a Flush, trailers, several
// spellings), and through plain http.FileServer and other bare handlers
// (the baselines). It loads every target in every destination (attack.js)
// from a same-origin and a cross-origin attacker page, in Chromium, Firefox
// and WebKitGTK, and counts the probes that ran.
//
//	node redteam.js                    # both browsers, from scratch, then the report
//	node redteam.js run chromium|firefox|webkit [-budget S] [-j N] [-fresh] [-only REGEXP]
//	node redteam.js report             # prints the counts, writes redteam.json
//	node redteam.js webkit             # WebKit only, in locked chunks, then report webkit
//	node redteam.js report webkit      # replaces only WebKit's parts of redteam.json
//
// The first form runs each browser in chunks of at most -budget seconds
// (default 840), each under flock /tmp/browsers.lock, resuming from
// tools/browsers/out/redteam-<browser>.jsonl until every target is done.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const http = require('http');
const readline = require('readline');
const { spawn, execFileSync } = require('child_process');
const lib = require('./lib');
const { Attacker, Probes, dests } = require('./attack');
const { WebKitAttacker } = require('./webkitattack');
const webkit = require('./webkit');

const root = path.resolve(__dirname, '..', '..');
const outDir = path.join(__dirname, 'out');
const redteamDir = path.join(root, 'tools', 'redteam');
const reportFile = path.join(root, 'testdata', 'browsers', 'destinations', 'redteam.json');
const browserNames = ['chromium', 'firefox'];

const args = process.argv.slice(2);
const opt = (name, def) => {
  const i = args.indexOf(name);
  return i < 0 ? def : args[i + 1];
};
const partFile = (b) => path.join(outDir, `redteam-${b}.jsonl`);

// startServer builds and starts the Go server; it resolves to {a, b, c,
// targets, headcheck, protos, stop}: c is the origin of the h2- modes
// (HTTP/2 over TLS, a self-signed certificate the browsers are told to
// accept), and protos() the count of requests for them by protocol.
async function startServer(probes) {
  fs.mkdirSync(outDir, { recursive: true });
  const bin = path.join(outDir, 'redteam');
  execFileSync('go', ['build', '-o', bin, '.'], { cwd: redteamDir, stdio: 'inherit' });
  const p = spawn(bin, ['-probe', path.join(__dirname, 'probe.js'), '-harness', path.join(__dirname, 'harness.js')], { stdio: ['pipe', 'pipe', 'inherit'] });
  const rl = readline.createInterface({ input: p.stdout });
  const first = await new Promise((res, rej) => {
    p.on('exit', (c) => rej(new Error('redteam server exited: ' + c)));
    rl.once('line', (l) => res(JSON.parse(l)));
  });
  rl.on('line', (l) => {
    const m = /^PROBE (\S+) (.*)$/.exec(l);
    if (m) probes.add(m[2], m[1]);
  });
  const get = (u) => new Promise((res, rej) => http.get(u, (r) => {
    let s = '';
    r.on('data', (d) => { s += d; });
    r.on('end', () => res(JSON.parse(s)));
  }).on('error', rej));
  const targets = await get(first.a + '/__targets');
  const headcheck = await get(first.a + '/__headcheck');
  return { a: first.a, b: first.b, c: first.c, targets, headcheck, protos: () => get(first.a + '/__protos'), stop: () => { p.stdin.end(); p.kill(); } };
}

async function run(browserName) {
  const isWebKit = browserName === 'webkit';
  const parallel = Number(opt('-j', isWebKit ? 3 : 4));
  const budget = Number(opt('-budget', 840));
  if (args.includes('-fresh')) fs.rmSync(partFile(browserName), { force: true });
  const done = new Set();
  if (fs.existsSync(partFile(browserName))) {
    for (const l of fs.readFileSync(partFile(browserName), 'utf8').split('\n').filter(Boolean)) {
      const o = JSON.parse(l);
      if (!o.meta) done.add(`${o.path}\t${o.origin}`);
    }
  }
  const probes = new Probes();
  const srv = await startServer(probes);
  const only = opt('-only', '') ? new RegExp(opt('-only', '')) : null;
  const jobs = [];
  srv.targets.forEach((t, i) => {
    if (only && !only.test(t.path)) return;
    for (const origin of ['same', 'cross']) if (!done.has(`${t.path}\t${origin}`)) jobs.push({ i, origin });
  });
  if (!jobs.length) { srv.stop(); return 0; }
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `redteam-${browserName}-`));
  const downloadDir = path.join(tmp, 'downloads');
  fs.mkdirSync(downloadDir);
  const t0 = Date.now();
  const downloaded = new Set();
  let att = null;
  let browsers = null;
  let xvfb = null;
  if (isWebKit) {
    xvfb = await webkit.startXvfb();
    att = new WebKitAttacker({ display: xvfb.display, tmp, probes, timeout: Number(opt('-timeout', 6000)), acceptInsecureCerts: true });
  } else {
    browsers = new lib.Relauncher(browserName, tmp, downloadDir, (u) => att.sawDownload(u), { insecureCerts: true });
    att = new Attacker({ browserName, browsers, probes, downloaded, timeout: Number(opt('-timeout', 6000)) });
  }
  const version = isWebKit ? '' : await (await browsers.get()).version();
  const runId = Date.now().toString(36);
  let next = 0;
  let n = 0;
  async function worker() {
    const slot = { page: null };
    while (next < jobs.length && (Date.now() - t0) / 1000 < budget) {
      const { i, origin } = jobs[next++];
      const t = srv.targets[i];
      const server = t.proto === 'h2' ? srv.c : srv.a;
      const job = {
        key: `${runId}.${i}`,
        origin,
        pageOrigin: origin === 'same' ? server : srv.b,
        serverOrigin: server,
        url: (token) => server + t.path.replace('{token}', token),
      };
      let out = null;
      for (let k = 0; k < 2 && !out; k++) {
        try {
          out = await att.run(slot, job);
        } catch (e) {
          if (isWebKit) await att.reset(slot);
          if (slot.page) await slot.page.close().catch(() => {});
          slot.page = null;
          if (k === 1) {
            out = {};
            for (const d of dests) out[d] = { outcome: 'error', probe: '', error: 'recorder: ' + String(e.message || e).split('\n')[0] };
          }
        }
      }
      const row = { path: t.path, origin, r: {} };
      for (const d of dests) {
        const o = out[d];
        row.r[d] = [o.outcome, o.probe || '', o.contentType || ''];
      }
      fs.appendFileSync(partFile(browserName), JSON.stringify(row) + '\n');
      n++;
      if (n % 100 === 0) {
        console.error(`redteam ${browserName}: ${n}/${jobs.length} ${((Date.now() - t0) / 1000).toFixed(0)}s`);
        lib.emptyDir(downloadDir);
      }
    }
  }
  await Promise.all(Array.from({ length: parallel }, worker));
  const secs = Math.round((Date.now() - t0) / 1000);
  const protos = await srv.protos().catch(() => ({}));
  const wkVersion = isWebKit ? await att.version() : '';
  if (isWebKit) {
    await att.close();
    xvfb.stop();
  } else await browsers.close();
  srv.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
  const meta = { browser: browserName, version: isWebKit ? `WebKitGTK ${wkVersion} (MiniBrowser)` : lib.versionName(browserName, version), driver: isWebKit ? 'WebKitWebDriver (WebDriver classic), MiniBrowser --automation under Xvfb' : lib.driverName(browserName), recorded: new Date().toISOString().replace(/\.\d+Z$/, 'Z'), jobs: n, wallSeconds: secs, parallel, unmatchedProbes: probes.unmatched, h2Requests: protos };
  fs.appendFileSync(partFile(browserName), JSON.stringify({ meta }) + '\n');
  const left = jobs.length - n;
  console.error(`redteam ${browserName}: ${n} jobs in ${secs}s${left ? `, ${left} left` : ', done'}`);
  return left;
}

// report reads both browsers' results and writes redteam.json; report
// webkit reads WebKit's and replaces only WebKit's parts of it.
async function report(only) {
  const probes = new Probes();
  const srv = await startServer(probes); // for the target list and the HEAD check
  srv.stop();
  const byPath = new Map(srv.targets.map((t) => [t.path, t]));
  const modes = [...new Set(srv.targets.map((t) => t.mode))];
  const rep = {
    date: new Date().toISOString().slice(0, 10),
    about: 'Script that ran in the server\'s origin, per browser and serving mode. serverLoads counts loads (target x origin x destination) whose probe ran in a global created for the upload in the server\'s origin (a document: navigation, iframe, object, embed; or a worker); pageSame and pageCross count probes that ran in the attacker page\'s own global (classic or module script, xslt output), from a same-origin and a cross-origin page; opaque counts probes in an opaque origin (CSP sandbox).',
    browsers: {},
    headCheck: { checked: srv.headcheck.checked, differ: srv.headcheck.differ, looser: srv.headcheck.looser, diffs: (srv.headcheck.diffs || []).slice(0, 10) },
    totals: {},
    serverLoads: [],
  };
  let old = null;
  if (fs.existsSync(reportFile)) old = JSON.parse(fs.readFileSync(reportFile, 'utf8'));
  if (only && old) {
    for (const k of ['browsers', 'totals']) rep[k] = Object.fromEntries(Object.entries(old[k] || {}).filter(([b]) => b !== only));
    rep.serverLoads = (old.serverLoads || []).filter((e) => e.browser !== only);
    if (old.carried) rep.carried = Object.fromEntries(Object.entries(old.carried).filter(([b]) => b !== only));
    rep.date = old.date;
    rep.dates = Object.assign({}, old.dates || {}, { [only]: new Date().toISOString().slice(0, 10) });
  } else if (old && old.browsers && old.browsers.webkit && !fs.existsSync(partFile('webkit'))) {
    // Keep WebKit's parts when the others are reported again without it.
    rep.browsers.webkit = old.browsers.webkit;
    rep.totals.webkit = old.totals.webkit;
    rep.serverLoads.push(...(old.serverLoads || []).filter((e) => e.browser === 'webkit'));
    if (old.carried && old.carried.webkit) rep.carried = { webkit: old.carried.webkit };
    if (old.dates) rep.dates = old.dates;
  }
  for (const b of only ? [only] : [...browserNames, 'webkit']) {
    const f = partFile(b);
    if (!fs.existsSync(f)) continue;
    const metas = [];
    const rows = new Map();
    for (const l of fs.readFileSync(f, 'utf8').split('\n').filter(Boolean)) {
      const o = JSON.parse(l);
      if (o.meta) metas.push(o.meta); else rows.set(`${o.path}\t${o.origin}`, o);
    }
    // h2Requests: the requests for the h2- modes, by the protocol the
    // browser spoke (the proof that it spoke HTTP/2).
    const h2Requests = {};
    for (const m of metas) for (const [p, k] of Object.entries(m.h2Requests || {})) h2Requests[p] = (h2Requests[p] || 0) + k;
    rep.browsers[b] = { version: metas.length ? metas[metas.length - 1].version : '', driver: metas.length ? metas[metas.length - 1].driver : '', wallSeconds: metas.reduce((s, m) => s + m.wallSeconds, 0), runs: metas.length, jobs: rows.size, h2Requests };
    const tot = {};
    for (const m of modes) tot[m] = { targets: 0, jobs: 0, serverLoads: 0, serverUploads: 0, serverByDest: {}, pageSame: 0, pageCross: 0, opaque: 0, outcomes: {} };
    const affected = new Map();
    const byTarget = new Map();
    for (const o of rows.values()) {
      const t = byPath.get(o.path);
      if (!t) continue;
      const T = tot[t.mode];
      T.jobs++;
      for (const d of dests) {
        const [outcome, probe, ct] = o.r[d];
        T.outcomes[outcome] = (T.outcomes[outcome] || 0) + 1;
        if (probe === 'server') {
          T.serverLoads++;
          T.serverByDest[d] = (T.serverByDest[d] || 0) + 1;
          affected.set(t.path, t.mode);
          const k = `${b}\t${t.path}`;
          if (t.baseline) continue; // a baseline (plain, rangeplain, mixedplain): counted, not listed
          if (!byTarget.has(k)) {
            byTarget.set(k, { browser: b, mode: t.mode, upload: t.upload, declared: t.mode === 'safe' || t.mode === 'safedirty' ? t.declared : undefined, loads: 0, same: [], cross: [], contentType: ct || undefined });
            rep.serverLoads.push(byTarget.get(k));
          }
          const e = byTarget.get(k);
          e.loads++;
          e[o.origin].push(d);
        } else if (probe === 'page') {
          if (o.origin === 'same') T.pageSame++; else T.pageCross++;
        } else if (probe === 'opaque') T.opaque++;
      }
    }
    for (const t of srv.targets) tot[t.mode].targets++;
    for (const m of affected.values()) tot[m].serverUploads++;
    rep.totals[b] = tot;
    // A mode not recorded whole this time keeps the counts of the
    // report before, whole, in carried (with that report's date), where
    // it had the same targets: the counts hold where the servers of the
    // two runs answer alike (go run . -answers, then diff).
    // A report written so carries them on as they were.
    for (const [m, T] of Object.entries(tot)) {
      if (T.jobs === 2 * T.targets || !old) continue;
      const again = old.carried && old.carried[b] && old.carried[b][m];
      const o = again || (old.totals && old.totals[b] && old.totals[b][m]);
      if (!o || o.targets !== T.targets) continue;
      const from = again ? o.carriedFrom : (old.dates && old.dates[b]) || old.date;
      rep.carried = rep.carried || {};
      rep.carried[b] = rep.carried[b] || {};
      rep.carried[b][m] = Object.assign({}, o, { carriedFrom: from });
      for (const e of old.serverLoads || []) {
        if (e.browser === b && e.mode === m && !e.carriedFrom === !again) rep.serverLoads.push(Object.assign({}, e, { carriedFrom: from }));
      }
    }
  }
  // Compact, one line per member and per serverLoads entry.
  const lines = Object.entries(rep).map(([k, v]) => k === 'serverLoads'
    ? `"serverLoads":[\n${v.map((e) => JSON.stringify(e)).join(',\n')}\n]`
    : `${JSON.stringify(k)}:${JSON.stringify(v)}`);
  fs.writeFileSync(reportFile, '{\n' + lines.join(',\n') + '\n}\n');
  // Print.
  console.log('script in the server\'s origin (loads / targets), page-global runs same|cross, opaque');
  for (const b of Object.keys(rep.totals)) {
    console.log(`${b} (${rep.browsers[b].version}, ${rep.browsers[b].wallSeconds}s):`);
    for (const [m, T] of Object.entries(rep.totals[b])) {
      const by = Object.entries(T.serverByDest).map(([d, n]) => `${d} ${n}`).join(', ');
      console.log(`  ${m.padEnd(18)} ${String(T.serverLoads).padStart(4)} loads of ${String(T.serverUploads).padStart(3)}/${T.targets} targets` +
        `  page ${T.pageSame}|${T.pageCross}  opaque ${T.opaque}${by ? '  [' + by + ']' : ''}${T.jobs < 2 * T.targets ? `  (only ${T.jobs}/${2 * T.targets} jobs recorded)` : ''}`);
      const C = rep.carried && rep.carried[b] && rep.carried[b][m];
      if (C) console.log(`  ${''.padEnd(18)} ${String(C.serverLoads).padStart(4)} loads of ${String(C.serverUploads).padStart(3)}/${C.targets} targets  page ${C.pageSame}|${C.pageCross}  opaque ${C.opaque}  (carried from ${C.carriedFrom}, ${C.jobs} jobs)`);
    }
    const h2 = rep.browsers[b].h2Requests;
    if (h2) console.log(`  requests for the h2- modes by protocol: ${JSON.stringify(h2)}`);
  }
  console.log(`HEAD vs GET: ${rep.headCheck.differ} of ${rep.headCheck.checked} differ, ${rep.headCheck.looser} with HEAD less cautious`);
  console.log('wrote ' + path.relative(process.cwd(), reportFile));
}

async function all() {
  const t0 = Date.now();
  const fresh = !args.includes('-resume');
  for (const b of browserNames) {
    if (fresh) fs.rmSync(partFile(b), { force: true });
    for (let k = 0; k < 20; k++) {
      // Firefox spends much of a job waiting (an embed of a download gets
      // no event), so it gets more pages at once.
      const extra = ['-budget', opt('-budget', '840'), '-j', opt('-j', b === 'firefox' ? '6' : '4')];
      execFileSync('flock', ['/tmp/browsers.lock', process.execPath, __filename, 'run', b, ...extra], { stdio: 'inherit' });
      if (jobsLeft(b) === 0) break;
    }
  }
  await report();
  console.log(`red team: ${Math.round((Date.now() - t0) / 1000)}s in all`);
}

// jobsLeft counts the jobs of browser b not yet recorded.
function jobsLeft(b) {
  const out = execFileSync(process.execPath, [__filename, 'left', b], { encoding: 'utf8' });
  return Number(out.trim());
}

async function left(b) {
  const probes = new Probes();
  const srv = await startServer(probes);
  srv.stop();
  const done = new Set();
  if (fs.existsSync(partFile(b))) {
    for (const l of fs.readFileSync(partFile(b), 'utf8').split('\n').filter(Boolean)) {
      const o = JSON.parse(l);
      if (!o.meta) done.add(`${o.path}\t${o.origin}`);
    }
  }
  let n = 0;
  for (const t of srv.targets) for (const o of ['same', 'cross']) if (!done.has(`${t.path}\t${o}`)) n++;
  console.log(n);
}

// webkitAll records WebKit in locked chunks (resuming), then reports it.
async function webkitAll() {
  for (let k = 0; k < 20; k++) {
    execFileSync('flock', ['/tmp/browsers.lock', process.execPath, __filename, 'run', 'webkit', '-budget', opt('-budget', '780'), '-j', opt('-j', '3')], { stdio: 'inherit' });
    if (jobsLeft('webkit') === 0) break;
  }
  await report('webkit');
}

const cmd = args[0];
const fail = (e) => { console.error(e); process.exit(1); };
if (cmd === 'run' && (browserNames.includes(args[1]) || args[1] === 'webkit')) run(args[1]).then(() => process.exit(0), fail);
else if (cmd === 'report') report(args[1] === 'webkit' ? 'webkit' : undefined).then(() => process.exit(0), fail);
else if (cmd === 'webkit') webkitAll().then(() => process.exit(0), fail);
else if (cmd === 'left') left(args[1]).then(() => process.exit(0), fail);
else if (!cmd || cmd.startsWith('-')) all().then(() => process.exit(0), fail);
else {
  console.error('usage: node redteam.js [-budget S] [-j N] [-resume] | run chromium|firefox [-budget S] [-j N] [-fresh] | report');
  process.exit(2);
}
