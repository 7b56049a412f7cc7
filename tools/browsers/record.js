#!/usr/bin/env node
// record.js serves every case of the navigation corpus
// (testdata/browsers/navigation, written by gencases.js) from a raw loopback
// server and records what one browser did when navigated to it in a
// top-level browsing context: a rendered document (its document.contentType,
// and whether the body's probe script ran), a download, an error or a timeout.
//
//	node record.js chromium|firefox|webkit [-j N] [-minutes M] [-timeout MS]
//	node record.js BROWSER -only REGEXP [-limit N] [-out FILE]   # a trial run
//	node record.js BROWSER -ids FILE [-out FILE]   # a trial run of the cases named in FILE (drift.js)
//	node record.js BROWSER -partial     # write what is recorded so far
//	node record.js BROWSER -corpus DIR -only REGEXP -out FILE   # another corpus (testdata/browsers/wire)
//	node record.js BROWSER ... -textlength   # documents also record textLength
//
// A full run records in chunks: it stops taking cases after -minutes (default
// 14) and keeps what it recorded in state/<browser>.jsonl; the next run goes
// on from there. When every case is recorded it writes
// results-<browser>.jsonl.gz and the browser's entry of recordings.json. A
// trial run (-only, -ids or -limit) writes FILE (default /tmp/record-<browser>.jsonl)
// and touches neither. -corpus DIR reads the corpus (and keeps the state
// and results) in DIR instead of testdata/browsers/navigation; there, a body
// whose line has "body" is those bytes (base64), and only the cases whose
// "kind" is absent or "navigation" are recorded. See README.md and
// testdata/browsers/navigation/FORMAT.md.
'use strict';
const fs = require('fs');
const os = require('os');
const net = require('net');
const path = require('path');
const zlib = require('zlib');
const crypto = require('crypto');
const { writeAtomic, updateManifest } = require('./files');

const root = path.resolve(__dirname, '..', '..');
const corpusDir = process.env.CORPUS_DIR || path.join(root, 'tools', 'corpus', 'out');
const stateDir = path.join(__dirname, 'state');

const args = process.argv.slice(2);
const browserName = args[0];
if (!['chromium', 'firefox', 'webkit'].includes(browserName)) {
  console.error('usage: node record.js chromium|firefox|webkit [-j N] [-minutes M] [-timeout MS] [-only REGEXP] [-limit N] [-out FILE]');
  process.exit(2);
}
const opt = (name, def) => (args.indexOf(name) < 0 ? def : args[args.indexOf(name) + 1]);
const parallel = Number(opt('-j', browserName === 'webkit' ? 3 : 4));
const limit = Number(opt('-limit', 0));
const only = opt('-only', '') ? new RegExp(opt('-only', '')) : null;
// -ids FILE: the cases named in FILE, one id a line (drift.js); a trial.
const ids = opt('-ids', '') ? new Set(fs.readFileSync(opt('-ids', ''), 'utf8').split('\n').filter(Boolean)) : null;
const trial = Boolean(only || limit || ids);
const trialOut = opt('-out', `/tmp/record-${browserName}.jsonl`);
const caseTimeout = Number(opt('-timeout', 10000));
const minutes = Number(opt('-minutes', 14));
const navDir = opt('-corpus', '') ? path.resolve(opt('-corpus', '')) : path.join(root, 'testdata', 'browsers', 'navigation');
// -textlength: a document's row also has textLength, the length of its
// document.documentElement.textContent (0 for an empty document).
const textLength = args.includes('-textlength');
const statePrefix = opt('-corpus', '') ? path.basename(navDir) + '-' : '';

// ---------------------------------------------------------------------------
// The corpus: bodies are rebuilt (files/ from testdata/files, edge/ from
// gencorpus.js, the rest from tools/corpus/out) and checked by hash.

const gunzipLines = (f) => zlib.gunzipSync(fs.readFileSync(f)).toString('utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
const headerSets = new Map(fs.readFileSync(path.join(navDir, 'headers.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => { const h = JSON.parse(l); return [h.name, h.headers]; }));
const bodyMeta = new Map(gunzipLines(path.join(navDir, 'bodies.jsonl.gz')).map((b) => [b.name, b]));
const allCases = gunzipLines(path.join(navDir, 'cases.jsonl.gz')).filter((c) => !c.kind || c.kind === 'navigation');
const edges = new Map(require('./gencorpus.js').edges.map(([n, b]) => ['edge/' + n, b]));
const bodyBytes = new Map();
function bytesOf(name) {
  if (bodyBytes.has(name)) return bodyBytes.get(name);
  let b;
  if (bodyMeta.get(name).body !== undefined) b = Buffer.from(bodyMeta.get(name).body, 'base64');
  else if (name.startsWith('files/')) b = fs.readFileSync(path.join(root, 'testdata', 'files', name.slice(6)));
  else if (name.startsWith('edge/')) b = edges.get(name);
  else {
    const p = path.join(corpusDir, name);
    if (!fs.existsSync(p)) throw new Error(`body ${name} is missing: run node tools/corpus/gen.js`);
    b = fs.readFileSync(p);
  }
  const h = crypto.createHash('sha256').update(b).digest('hex');
  if (h !== bodyMeta.get(name).sha256) throw new Error(`body ${name} does not hash as bodies.jsonl.gz says (tools/corpus/gen.js reports why)`);
  bodyBytes.set(name, b);
  return b;
}

let cases = allCases.map((c, index) => ({ ...c, index }));
if (only) cases = cases.filter((c) => only.test(c.id));
if (ids) cases = cases.filter((c) => ids.has(c.id));
if (limit) cases = cases.slice(0, limit);
for (const c of cases) { c.bytes = bytesOf(c.body); c.headerList = headerSets.get(c.headers); }

// Progress of a full run.
fs.mkdirSync(stateDir, { recursive: true });
const progressFile = trial ? trialOut + '.part' : path.join(stateDir, `${statePrefix}${browserName}.jsonl`);
const chunksFile = path.join(stateDir, `${statePrefix}${browserName}.chunks.json`);
const done = new Map();
// A checkout without state/ goes on from the committed (partial) results.
const resultsFile = path.join(navDir, `results-${browserName}.jsonl.gz`);
if (!trial && !fs.existsSync(progressFile) && fs.existsSync(resultsFile)) {
  fs.writeFileSync(progressFile, zlib.gunzipSync(fs.readFileSync(resultsFile)));
  const recs = fs.existsSync(path.join(navDir, 'recordings.json')) ? JSON.parse(fs.readFileSync(path.join(navDir, 'recordings.json'), 'utf8')) : {};
  const prev = recs[browserName] || {};
  const chunks = (prev.chunks || []).map((c) => ({ ...c, version: prev.version, driver: prev.driver }));
  fs.writeFileSync(chunksFile, JSON.stringify(chunks, null, 1) + '\n');
}
if (!trial && fs.existsSync(progressFile)) {
  for (const l of fs.readFileSync(progressFile, 'utf8').split('\n')) {
    if (!l) continue;
    try { const r = JSON.parse(l); done.set(r.id, r); } catch (_) { /* a line cut by a stop */ }
  }
}
if (trial) fs.rmSync(progressFile, { force: true });
const todo = cases.filter((c) => !done.has(c.id));

// ---------------------------------------------------------------------------
// The server: a raw TCP server on 127.0.0.1 that writes the status line, the
// case's header lines byte for byte, Content-Length and Connection: close,
// then the body. Case i is served at /<run>/<i>; every other path gets an
// empty 404 and is counted as stray.

const run = Date.now().toString(36);
const stray = [];
const acceptEncoding = new Set(); // the Accept-Encoding values of the case requests
const byIndex = new Map(cases.map((c) => [c.index, c]));

function respond(sock, status, headers, body) {
  let head = `HTTP/1.1 ${status}\r\n`;
  for (const [k, v] of headers) head += `${k}: ${v}\r\n`;
  head += `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n`;
  sock.end(Buffer.concat([Buffer.from(head, 'latin1'), body]));
}

const server = net.createServer((sock) => {
  let buf = Buffer.alloc(0);
  sock.on('error', () => {});
  sock.on('data', (d) => {
    buf = Buffer.concat([buf, d]);
    if (buf.indexOf('\r\n\r\n') < 0) return;
    const line = buf.slice(0, buf.indexOf('\r\n')).toString('latin1');
    const m = /^GET \/([0-9a-z]+)\/(\d+) HTTP/.exec(line);
    const c = m && m[1] === run ? byIndex.get(Number(m[2])) : null;
    if (c) {
      c.requests = (c.requests || 0) + 1;
      const ae = /\r\naccept-encoding: *([^\r]*)/i.exec(buf.slice(0, buf.indexOf('\r\n\r\n')).toString('latin1'));
      acceptEncoding.add(ae ? ae[1] : '');
      respond(sock, '200 OK', c.headerList, c.bytes);
    } else {
      stray.push(line);
      respond(sock, '404 Not Found', [], Buffer.alloc(0));
    }
  });
});

// ---------------------------------------------------------------------------
// Chromium and Firefox, through puppeteer-core.

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `rec-${browserName}-`));
const downloadDir = path.join(tmp, 'downloads');
fs.mkdirSync(downloadDir);

// The launch flags and prefs that keep the browsers on loopback are lib.js's
// (shared with destinations.js and redteam.js).
const lib = require('./lib');
const launchPuppeteer = () => lib.launch(browserName, tmp, downloadDir);

// Chromium: downloads are allowed into downloadDir with events on, so a
// download is told by Browser.downloadWillBegin for the case's URL (the
// navigation itself fails with net::ERR_ABORTED). Firefox: WebDriver BiDi's
// browsingContext.downloadWillBegin, or an aborted navigation that never
// left about:blank.
const downloaded = new Set();
const downloadWaiters = new Map();
function sawDownload(url) {
  downloaded.add(url);
  const w = downloadWaiters.get(url);
  if (w) w();
}

const setupDownloads = (browser) => lib.watchDownloads(browserName, browser, downloadDir, sawDownload);
// A dialog (alert) means the page ran script: lib.newPage dismisses it, so
// that it does not block the load event, and the slot remembers it.
const newPage = (browser, slot) => lib.newPage(browser, () => { slot.dialog = true; });

// probe reads the document at url: its contentType and whether the probe
// script ran. null when the tab is not at url.
async function probeAt(page, url) {
  try {
    if (page.url() !== url) return null;
    return await Promise.race([
      page.evaluate(() => [document.contentType, window.mimesniffProbe === 1, document.documentElement ? document.documentElement.textContent.length : 0]),
      new Promise((_, rej) => setTimeout(() => rej(new Error('evaluate timeout')), 3000)),
    ]);
  } catch (_) {
    return null;
  }
}

// recordPuppeteer navigates a page to url. Chromium gets a fresh page per
// case; Firefox keeps one page per worker (creating and closing many BiDi
// contexts in parallel races in Firefox) and goes back to about:blank.
async function recordPuppeteer(browser, url, slot) {
  const fresh = browserName === 'chromium' || !slot.page;
  if (fresh) slot.page = await newPage(browser, slot);
  const page = slot.page;
  slot.dialog = false;
  const r = {};
  const doc = (p, note) => { r.outcome = 'document'; r.contentType = p[0]; if (p[1] || slot.dialog) r.script = true; if (textLength) r.textLength = p[2]; if (note) r.note = note; };
  try {
    let navErr = null;
    const dl = new Promise((res) => downloadWaiters.set(url, res));
    try {
      await Promise.race([page.goto(url, { waitUntil: 'load', timeout: caseTimeout }), dl]);
    } catch (e) {
      navErr = e;
    }
    downloadWaiters.delete(url);
    if (navErr && browserName === 'chromium' && !downloaded.has(url)) await new Promise((res) => setTimeout(res, 1000));
    if (downloaded.has(url)) {
      r.outcome = 'download';
    } else if (navErr) {
      const msg = String(navErr.message || navErr).split('\n')[0];
      let cur = '';
      try { cur = page.url(); } catch (_) {}
      if (/timeout/i.test(navErr.name || '') || /Navigation timeout/i.test(msg)) {
        const p = await probeAt(page, url);
        if (p) doc(p, 'load event timed out');
        else if (cur.startsWith('about:neterror')) {
          // Firefox's error page, whose load event does not come.
          r.outcome = 'error';
          r.error = 'error page: ' + new URLSearchParams(cur.slice(cur.indexOf('?') + 1)).get('e');
          r.note = 'load event timed out';
        } else r.outcome = 'timeout';
      } else if (browserName === 'firefox' && /NS_BINDING_ABORTED/.test(msg) && cur !== url) {
        r.outcome = 'download';
      } else {
        const p = await probeAt(page, url);
        if (p) doc(p, msg); else { r.outcome = 'error'; r.error = msg; }
      }
    } else {
      const p = await probeAt(page, url);
      if (p) doc(p); else { r.outcome = 'error'; r.error = 'loaded but not at the case URL: ' + page.url(); }
    }
  } finally {
    if (browserName === 'chromium') {
      await page.close().catch(() => {});
      slot.page = null;
    } else if (r.outcome === 'download' || r.outcome === 'timeout') {
      // The tab's navigation never completes after a download: drop the tab.
      page.close().catch(() => {});
      slot.page = null;
    } else {
      try {
        await page.goto('about:blank', { timeout: 5000 });
      } catch (_) {
        await page.close().catch(() => {});
        slot.page = null;
      }
    }
  }
  return r;
}

// ---------------------------------------------------------------------------

async function main() {
  if (args.includes('-partial')) return finish(true);
  if (!todo.length && !trial) return finish();
  await new Promise((res) => server.listen(0, '127.0.0.1', res));
  const port = server.address().port;
  const t0 = Date.now();
  // A trial has no deadline unless -minutes is given (drift.js gives one).
  const deadline = trial && !args.includes('-minutes') ? Infinity : t0 + minutes * 60000;
  let version;
  let driver;
  let browser;
  let xvfb;
  const wkWorkers = [];
  if (browserName === 'webkit') {
    const wk = require('./webkit.js');
    xvfb = await wk.startXvfb();
    for (let k = 0; k < parallel; k++) {
      const w = new wk.Worker(xvfb.display, path.join(tmp, `home${k}`), caseTimeout, { textLength });
      await w.start();
      wkWorkers.push(w);
    }
    version = `WebKitGTK ${wkWorkers[0].version} (MiniBrowser)`;
    driver = `WebKitWebDriver (WebDriver classic over loopback), MiniBrowser --automation under Xvfb ${xvfb.display}`;
  } else {
    browser = await launchPuppeteer();
    const v = await browser.version();
    version = lib.versionName(browserName, v);
    driver = lib.driverName(browserName);
    await setupDownloads(browser);
  }
  // Firefox: a download that fails (a coding that does not decode) can
  // leave it unable to open tabs ("browsingContext.create: ...
  // getBrowserForTab(...) is null"); a case that fails so is tried again in
  // a browser launched afresh. Workers that fail on the same browser share
  // one relaunch; the cases other workers had under way then may fail
  // (recorded as errors), so record such a corpus with -j 1.
  let relaunches = 0;
  let relaunching = null;
  const relaunch = async (old) => {
    if (browser !== old) return;
    if (!relaunching) {
      relaunching = (async () => {
        await old.close().catch(() => {});
        browser = await lib.launch(browserName, tmp, downloadDir, `profile-${++relaunches}`);
        await setupDownloads(browser);
      })().finally(() => { relaunching = null; });
    }
    await relaunching;
  };
  let next = 0;
  let n = 0;
  const out = fs.openSync(progressFile, 'a');
  async function worker(k) {
    const slot = { page: null };
    while (next < todo.length && Date.now() < deadline) {
      const c = todo[next++];
      const url = `http://127.0.0.1:${port}/${run}/${c.index}`;
      c.requests = 0;
      let r;
      // A failure of the recorder itself (not of the navigation) is tried
      // again once on a new page (WebKit: a restarted driver), then recorded.
      for (let t = 0; t < 2; t++) {
        const used = browser;
        try {
          r = browserName === 'webkit' ? await wkWorkers[k].record(url) : await recordPuppeteer(used, url, slot);
          break;
        } catch (e) {
          if (slot.page) await slot.page.close().catch(() => {});
          slot.page = null;
          r = { outcome: 'error', error: 'recorder: ' + String(e.message || e).split('\n')[0] };
          if (browserName === 'webkit') {
            try { await wkWorkers[k].restart(); r.note = 'driver restarted'; } catch (e2) { r.error += '; restart failed: ' + e2.message; }
          } else if (browserName === 'firefox' && /browsingContext\.create/.test(r.error)) {
            await relaunch(used);
          } else if (relaunching) {
            await relaunching;
          }
        }
      }
      // WebKit: a timeout before the server saw the request means the
      // browser was stuck (and has been restarted): record the case again.
      if (browserName === 'webkit' && r.outcome === 'timeout' && !c.requests) {
        try { r = await wkWorkers[k].record(url); r.note = (r.note ? r.note + '; ' : '') + 'second try after a stuck browser'; } catch (e) { r = { outcome: 'error', error: 'recorder: ' + String(e.message || e).split('\n')[0] }; }
      }
      r = { id: c.id, ...r };
      if (!c.requests) r.note = (r.note ? r.note + '; ' : '') + 'server saw no request';
      fs.writeSync(out, JSON.stringify(r) + '\n');
      done.set(c.id, r);
      if (++n % 200 === 0) {
        console.error(`${browserName}: ${n} this run, ${done.size}/${cases.length} in all, ${((Date.now() - t0) / 1000).toFixed(0)}s`);
        for (const f of fs.readdirSync(downloadDir)) fs.rmSync(path.join(downloadDir, f), { force: true, recursive: true });
      }
    }
  }
  await Promise.all(Array.from({ length: parallel }, (_, k) => worker(k)));
  fs.closeSync(out);
  const secs = (Date.now() - t0) / 1000;
  const restarts = wkWorkers.reduce((a, w) => a + w.restarts, 0) + relaunches;
  const recycles = wkWorkers.reduce((a, w) => a + w.recycles, 0);
  if (browser) await browser.close().catch(() => {});
  for (const w of wkWorkers) await w.stop();
  if (xvfb) xvfb.stop();
  server.close();
  fs.rmSync(tmp, { recursive: true, force: true });
  const chunk = { recorded: new Date().toISOString().replace(/\.\d+Z$/, 'Z'), version, driver, cases: n, wallSeconds: Math.round(secs), parallel, restarts, recycles, stray: stray.length, strayRequests: [...new Set(stray)].slice(0, 5), acceptEncoding: [...acceptEncoding] };
  console.error(`${browserName}: ${n} cases in ${secs.toFixed(0)}s; ${done.size}/${cases.length} recorded; restarts ${restarts}; stray ${stray.length}`);
  if (trial) {
    const rows = cases.filter((c) => done.has(c.id)).map((c) => done.get(c.id));
    fs.writeFileSync(trialOut, [chunk, ...rows].map((o) => JSON.stringify(o)).join('\n') + '\n');
    fs.rmSync(progressFile, { force: true });
    return;
  }
  const chunks = fs.existsSync(chunksFile) ? JSON.parse(fs.readFileSync(chunksFile, 'utf8')) : [];
  chunks.push(chunk);
  fs.writeFileSync(chunksFile, JSON.stringify(chunks, null, 1) + '\n');
  if (done.size >= allCases.length) finish();
  else process.exitCode = 3; // more to record
}

// finish writes results-<browser>.jsonl.gz in corpus order and the browser's
// entry in recordings.json. With partial (-partial), a recording not yet
// complete is written too: the missing cases have no line, and
// recordings.json says how many are missing.
function finish(partial) {
  const all = allCases.map((c) => done.get(c.id));
  const missing = all.filter((r) => !r).length;
  if (missing && !partial) { console.error('not every case is recorded yet'); return; }
  const rows = all.filter(Boolean);
  const chunks = fs.existsSync(chunksFile) ? JSON.parse(fs.readFileSync(chunksFile, 'utf8')) : [];
  writeAtomic(path.join(navDir, `results-${browserName}.jsonl.gz`), zlib.gzipSync(Buffer.from(rows.map((r) => JSON.stringify(r)).join('\n') + '\n'), { level: 9 }));
  const counts = {};
  for (const r of rows) counts[r.outcome] = (counts[r.outcome] || 0) + 1;
  const recFile = path.join(navDir, 'recordings.json');
  const recs = fs.existsSync(recFile) ? JSON.parse(fs.readFileSync(recFile, 'utf8')) : {};
  const last = chunks[chunks.length - 1] || {};
  recs[browserName] = {
    version: last.version,
    driver: last.driver,
    recorded: chunks.length ? `${chunks[0].recorded} .. ${last.recorded}` : undefined,
    cases: rows.length,
    missing: missing || undefined,
    outcomes: counts,
    script: rows.filter((r) => r.script).length,
    wallSeconds: chunks.reduce((a, c) => a + c.wallSeconds, 0),
    parallel: last.parallel,
    restarts: chunks.reduce((a, c) => a + c.restarts, 0),
    recycles: chunks.reduce((a, c) => a + (c.recycles || 0), 0),
    stray: chunks.reduce((a, c) => a + c.stray, 0),
    imported: rows.filter((r) => r.note && r.note.startsWith('imported')).length || undefined,
    chunks: chunks.map((c) => ({ recorded: c.recorded, cases: c.cases, wallSeconds: c.wallSeconds, parallel: c.parallel, restarts: c.restarts, stray: c.stray })),
  };
  const sorted = {};
  for (const k of Object.keys(recs).sort()) sorted[k] = recs[k];
  writeAtomic(recFile, JSON.stringify(sorted, null, 1) + '\n');
  console.error(`wrote results-${browserName}.jsonl.gz and recordings.json:`, counts);
  updateManifest();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
