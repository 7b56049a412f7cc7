#!/usr/bin/env node
// orbattack.js attacks an application's private responses from a page of
// another site, in one browser, and checks every load against
// mimesniff.ReportFor. It builds and starts the Go server of
// tools/orbattack (the application on http://127.0.0.1, with its sign-in
// cookie, and the attacker's site on http://127.0.0.2), signs the browser
// in on the application's own site, then loads every target (a secret
// under a header set) from the attacker's page in crossorigin.js's seven
// no-cors ways, with crossorigin.js's batches and network watchers and
// crossverdict.js's verdicts. The server keeps the bytes it wrote for each
// request; `go run ../orbattack -compare` judges each verdict against
// ReportFor over those bytes.
//
//	node orbattack.js chromium|firefox|webkit [-auth require|any] [-j N] [-batch N] [-timeout MS] [-only REGEXP]
//	node orbattack.js compare [BROWSER...]
//
// The application serves a secret only with its session cookie under
// -auth require; Chromium and Firefox send none of its cookies with a load
// from a page of another site over http (WebKitGTK does; the server logs,
// per request, which of the cookies /login set came with it, and the run
// lists those the browser stored), so the attack asks the bytes question
// with -auth any (the default): the server serves the secret to every
// request, as it would to a browser that sent the cookie.
//
// A run writes out/orbattack-<name>.jsonl (one line per load), the
// server's wire captures out/orbattack-<name>-wire.jsonl, and the results
// without the captures (each response by its SHA-256) to
// tools/orbattack/testdata/results-<name>.jsonl.gz with the run's
// description in tools/orbattack/testdata/attack.json, which
// TestAttackRecordings replays without a browser; name is the browser's,
// with -require for -auth require. Take /tmp/browsers.lock around a run:
// flock /tmp/browsers.lock node orbattack.js chromium.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const zlib = require('zlib');
const readline = require('readline');
const { spawn, execFileSync } = require('child_process');
const lib = require('./lib');
const co = require('./crossorigin');
const { verdict, pageText } = require('./crossverdict');

const root = path.resolve(__dirname, '..', '..');
const outDir = path.join(__dirname, 'out');
const serverDir = path.join(root, 'tools', 'orbattack');
const dataDir = path.join(serverDir, 'testdata');
const { ways } = co;

const args = process.argv.slice(2);
const opt = (name, def) => (args.indexOf(name) < 0 ? def : args[args.indexOf(name) + 1]);
const sleep = (ms) => new Promise((res) => setTimeout(res, ms));

// startServer builds and starts the Go server; it resolves to its origins
// and a stop function.
async function startServer(auth, wireFile) {
  fs.mkdirSync(outDir, { recursive: true });
  const bin = path.join(outDir, 'orbattack');
  execFileSync('go', ['build', '-o', bin, '.'], { cwd: serverDir, stdio: 'inherit' });
  const p = spawn(bin, ['-auth', auth, '-wire', wireFile, '-root', root, '-harness', path.join(__dirname, 'crossharness.js')], { stdio: ['ignore', 'pipe', 'inherit'] });
  const first = await new Promise((res, rej) => {
    p.on('exit', (c) => rej(new Error('orbattack server exited: ' + c)));
    readline.createInterface({ input: p.stdout }).once('line', (l) => res(JSON.parse(l)));
  });
  return { ...first, stop: () => p.kill() };
}

async function getJSON(url) {
  const r = await fetch(url);
  if (!r.ok) throw new Error(`${url}: ${r.status}`);
  return r.json();
}

async function attack(browserName) {
  const isWebKit = browserName === 'webkit';
  const auth = opt('-auth', 'any');
  const parallel = Number(opt('-j', isWebKit ? 3 : 3));
  const batchSize = Number(opt('-batch', isWebKit ? 4 : 8));
  const timeout = Number(opt('-timeout', 12000));
  const only = opt('-only', '') ? new RegExp(opt('-only', '')) : null;
  const name = auth === 'any' ? browserName : `${browserName}-${auth}`;
  const wireFile = path.join(outDir, `orbattack-${name}-wire.jsonl`);
  const partFile = path.join(outDir, `orbattack-${name}.jsonl`);
  fs.mkdirSync(outDir, { recursive: true });
  fs.rmSync(wireFile, { force: true });
  fs.rmSync(partFile, { force: true });

  const srv = await startServer(auth, wireFile);
  const targets = (await getJSON(`${srv.app}/__targets`)).map((t, i) => ({ ...t, i, late: co.loopsForever(Buffer.from(t.body, 'base64')) }));
  const todo = targets.filter((t) => !only || only.test(t.id));
  const batches = [];
  for (let k = 0; k < todo.length; k += batchSize) batches.push(todo.slice(k, k + batchSize));

  const run = Date.now().toString(36);
  const ev = new co.Evidence(run);
  const urlOf = (t, way) => `${srv.app}/r/${run}.${t.i}.${way}${t.path}`;
  const pageURL = (b) => `${srv.attacker}/__page/${run}.${b.n}#${encodeURIComponent(JSON.stringify({ id: b.n, loads: b.loads.map(({ k, urls, late }) => ({ k, urls, late })) }))}`;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `orbattack-${browserName}-`));
  const ctx = { browserName, ev, pageURL, timeout, tmp, relaunches: 0 };
  const loginURL = `${srv.app}/login`;
  let logins = 0;
  const stored = new Set(); // the cookies the browser kept from /login
  const browser = await co.openBrowser(ctx);
  if (isWebKit) {
    // Sign in each MiniBrowser session before its first batch: a restarted
    // or recycled one is a new session with no cookies.
    const worker = ctx.wka.worker.bind(ctx.wka);
    ctx.wka.worker = async (slot) => {
      const w = await worker(slot);
      if (slot.signedIn !== w.sid) {
        await w.cmd('POST', '/url', { url: loginURL }, 15000);
        for (let t = 0; t < 50; t++) {
          await sleep(100);
          const title = await ctx.wka.exec(w, 'return document.readyState === "complete" ? document.title : ""').catch(() => '');
          if (title === 'signed in') break;
        }
        slot.signedIn = w.sid;
        logins++;
        const c = await w.cmd('GET', '/cookie', undefined, 5000).catch(() => null);
        if (c && Array.isArray(c.value)) for (const x of c.value) stored.add(x.name);
      }
      return w;
    };
  }
  // signIn visits the application's sign-in page in the browser context
  // the slot's next batch runs in (Chromium: the slot's own, which
  // crossorigin.js makes; Firefox: the browser's).
  const signIn = async (slot) => {
    if (isWebKit) return;
    const browser = await ctx.browsers.get();
    let where = browser;
    if (browserName === 'chromium') {
      if (!slot.context || slot.browser !== browser) {
        slot.context = await browser.createBrowserContext();
        slot.browser = browser;
      }
      where = slot.context;
    }
    if (slot.signedIn === where || (browserName === 'firefox' && ctx.signedIn === browser)) return;
    const p = await lib.newPage(where);
    await p.goto(loginURL, { waitUntil: 'load', timeout: 15000 });
    for (const x of await p.cookies().catch(() => [])) stored.add(x.name);
    await p.close();
    slot.signedIn = where;
    if (browserName === 'firefox') ctx.signedIn = browser;
    logins++;
  };
  const runBatch = isWebKit ? co.runBatchWebKit : co.runBatchPuppeteer;

  // The server's log, by "<i>.<way>" of this run. Workers read it at
  // once: an entry is taken once, by its number.
  const serverLog = new Map();
  const taken = new Set();
  let logAt = 0;
  const readLog = async () => {
    const entries = (await getJSON(`${srv.app}/__log?from=${logAt}`)) || [];
    for (const e of entries) {
      if (taken.has(e.seq)) continue;
      taken.add(e.seq);
      logAt = Math.max(logAt, e.seq + 1);
      if (e.run !== run) continue;
      if (!serverLog.has(e.key)) serverLog.set(e.key, []);
      serverLog.get(e.key).push(e);
    }
  };

  const t0 = Date.now();
  const rows = [];
  const counts = { errors: 0, hung: 0 };
  let next = 0;
  const mk = (ts) => ({ n: `${ts[0].i}`, loads: ts.map((t) => ({ k: String(t.i), late: t.late, urls: Object.fromEntries(ways.map((w) => [w, urlOf(t, w)])) })) });
  async function worker(n0) {
    const slot = { n: n0 };
    while (next < batches.length) {
      const ts = batches[next++];
      let obs = {};
      try {
        await signIn(slot);
        obs = await runBatch(ctx, slot, mk(ts));
      } catch (e) {
        // Again, one target at a time, so that a failure names its target.
        if (isWebKit) await ctx.wka.reset(slot);
        for (const t of ts) {
          for (const w of ways) ev.take(`${t.i}.${w}`);
          try {
            await signIn(slot);
            Object.assign(obs, await runBatch(ctx, slot, mk([t])));
          } catch (e2) {
            obs[String(t.i)] = { page: {}, ran: {}, timing: [], error: 'recorder: ' + String(e2.message || e2).split('\n')[0].slice(0, 200) };
            counts.errors++;
            if (isWebKit) await ctx.wka.reset(slot);
          }
        }
      }
      await sleep(300); // late network events, and the server's captures
      await readLog();
      for (const t of ts) {
        const o = obs[String(t.i)] || { page: {}, ran: {}, timing: [], error: 'recorder: no observation' };
        if (o.hung) counts.hung++;
        const all = {};
        for (const way of ways) {
          const url = urlOf(t, way);
          const e = ev.take(`${t.i}.${way}`);
          const server = serverLog.get(`${t.i}.${way}`) || [];
          serverLog.delete(`${t.i}.${way}`);
          const r = { page: o.page[way] || null, net: e.net, logs: e.logs, server, timing: o.timing.filter((x) => x[0] === url).map((x) => x.slice(1)) };
          const ran = o.ran[url] || 0;
          if (way === 'script' && ran) r.ran = ran;
          if (way === 'script' && o.hung) r.hung = true;
          if (o.error) r.error = o.error;
          all[way] = r;
        }
        for (const way of ways) {
          const r = all[way];
          const v = verdict(browserName, way, r, all);
          const row = { run, target: t.id, browser: browserName, way, verdict: v.verdict };
          if (v.by) row.by = v.by;
          row.page = pageText(r);
          row.evidence = v.evidence;
          if (r.ran) row.ran = r.ran;
          row.seqs = r.server.map((s) => s.seq);
          row.sha256 = r.server.map((s) => s.sha256 || '');
          row.cookies = [...new Set(r.server.flatMap((s) => s.cookies))].sort();
          row.status = r.server.map((s) => s.status);
          row.site = [...new Set(r.server.map((s) => s.site))].join(',');
          rows.push(row);
        }
      }
    }
  }
  await Promise.all(Array.from({ length: parallel }, (_, k) => worker(k)));
  const secs = Math.round((Date.now() - t0) / 1000);
  const version = await browser.close();
  // A response whose connection closed after its batch was read (a load
  // the browser aborted) had no SHA-256 yet: take it from the whole log.
  await sleep(500);
  const sums = new Map(((await getJSON(`${srv.app}/__log?from=0`)) || []).map((e) => [e.seq, e.sha256 || '']));
  for (const r of rows) {
    r.version = version;
    r.sha256 = r.seqs.map((q) => sums.get(q) || '');
  }
  const order = new Map(targets.map((t) => [t.id, t.i]));
  rows.sort((a, b) => order.get(a.target) - order.get(b.target) || ways.indexOf(a.way) - ways.indexOf(b.way));
  srv.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.writeFileSync(partFile, rows.map((r) => JSON.stringify(r)).join('\n') + '\n');

  const verdicts = {};
  for (const r of rows) verdicts[r.verdict] = (verdicts[r.verdict] || 0) + 1;
  const cookies = {};
  for (const r of rows) for (const c of r.cookies) cookies[c] = (cookies[c] || 0) + 1;
  const meta = {
    version,
    driver: isWebKit ? 'WebKitWebDriver, MiniBrowser --automation under Xvfb' : lib.driverName(browserName),
    date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    auth,
    targets: todo.length,
    loads: rows.length,
    wallSeconds: secs,
    parallel,
    batch: batchSize,
    verdicts,
    recorderErrors: counts.errors,
    hungPages: counts.hung,
    relaunches: ctx.relaunches,
    signIns: logins,
    cookiesStored: [...stored].sort(),
    loadsWithCookie: rows.filter((r) => r.cookies.length).length,
    cookies,
  };
  if (!only) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(path.join(dataDir, `results-${name}.jsonl.gz`), zlib.gzipSync(rows.map((r) => JSON.stringify(r)).join('\n') + '\n', { level: 9 }));
    const metaFile = path.join(dataDir, 'attack.json');
    const all = fs.existsSync(metaFile) ? JSON.parse(fs.readFileSync(metaFile, 'utf8')) : {};
    all[name] = meta;
    const ordered = {};
    for (const b of ['chromium', 'firefox', 'webkit']) for (const k of [b, `${b}-require`]) if (all[k]) ordered[k] = all[k];
    fs.writeFileSync(metaFile, JSON.stringify(ordered, null, 1) + '\n');
  }
  console.error(`${name} ${version}: ${rows.length} loads of ${todo.length} targets in ${secs}s`, JSON.stringify(meta.verdicts), `errors ${counts.errors}, cookies ${JSON.stringify(cookies)}`);
}

// compare runs the Go judge over the last runs' results and captures.
function compare(which) {
  const list = which.length ? which : ['chromium', 'firefox', 'webkit'];
  for (const name of list.flatMap((b) => [b, `${b}-require`])) {
    const res = path.join(outDir, `orbattack-${name}.jsonl`);
    if (!fs.existsSync(res)) continue;
    console.log(`\n### ${name}`);
    execFileSync('go', ['run', '.', '-root', root, '-compare', '-wire', path.join(outDir, `orbattack-${name}-wire.jsonl`), res], { cwd: serverDir, stdio: 'inherit' });
  }
}

if (require.main === module) {
  const mode = args[0];
  if (['chromium', 'firefox', 'webkit'].includes(mode)) {
    attack(mode).then(() => process.exit(0), (e) => { console.error(e); process.exit(1); });
  } else if (mode === 'compare') {
    compare(args.slice(1).filter((a) => !a.startsWith('-')));
  } else {
    console.error('usage: node orbattack.js chromium|firefox|webkit [-auth require|any] [-j N] [-batch N] [-timeout MS] [-only REGEXP] | compare [BROWSER...]');
    process.exit(2);
  }
}
