#!/usr/bin/env node
// crossorigin.js records what one browser hands to a page of another site
// when that page loads a response without CORS (Opaque Response Blocking):
// every case of the cross-origin corpus (testdata/browsers/crossorigin,
// written by gencross.js) is loaded from http://127.0.0.2 as an image, a
// classic script, a style sheet, audio, video, a text track and a no-cors
// fetch, all served by http://127.0.0.1.
//
//	node crossorigin.js chromium|firefox|webkit [-j N] [-batch N] [-budget S] [-only REGEXP [-redo]] [-limit N] [-fresh] [-out FILE]
//	node crossorigin.js merge [chromium|firefox|webkit ...]
//	node crossorigin.js BROWSER -corpus DIR -out FILE   # another corpus (testdata/browsers/status)
//	node crossorigin.js BROWSER -ids FILE -out FILE -fresh   # the cases named in FILE, one id a line (drift.js)
//
// Recording appends raw observations to out/cross-<browser>.jsonl (one line
// per case) and resumes from there: a run stops starting batches after
// -budget seconds (default 840, so that other users of /tmp/browsers.lock
// can interleave) and exits 3 while cases remain. -fresh starts over; -out
// writes elsewhere (a trial). merge turns the raw observations into
// results-<browser>.jsonl.gz (one verdict per case and way) and the
// browser's entry of recordings.json. See testdata/browsers/crossorigin/
// FORMAT.md for the verdicts and what each rests on, and README.md.
'use strict';
const fs = require('fs');
const os = require('os');
const net = require('net');
const path = require('path');
const vm = require('vm');
const zlib = require('zlib');
const crypto = require('crypto');
const lib = require('./lib');
const wk = require('./webkit');
const { WebKitAttacker } = require('./webkitattack');

const root = path.resolve(__dirname, '..', '..');
const args = process.argv.slice(2);
const opt = (name, def) => (args.indexOf(name) < 0 ? def : args[args.indexOf(name) + 1]);
// -corpus DIR reads another corpus (testdata/browsers/status): its cases
// whose kind is absent or "crossorigin".
const dataDir = opt('-corpus', '') ? path.resolve(opt('-corpus', '')) : path.join(root, 'testdata', 'browsers', 'crossorigin');
const corpusDir = process.env.CORPUS_DIR || path.join(root, 'tools', 'corpus', 'out');
const outDir = path.join(__dirname, 'out');

// ways are the seven no-cors loads, in the order they are recorded.
const ways = ['image', 'script', 'style', 'audio', 'video', 'track', 'fetch'];
// The response origin and the page's origin: two sites.
const RESPONSE_HOST = '127.0.0.1';
const PAGE_HOST = '127.0.0.2';

const sleep = (ms) => new Promise((res) => setTimeout(res, ms));
const withTimeout = (p, ms, what) => Promise.race([p, new Promise((_, rej) => setTimeout(() => rej(new Error(`${what || 'operation'} timed out after ${ms} ms`)), ms))]);

// ---------------------------------------------------------------------------
// The corpus: bodies are rebuilt by source and checked by hash.

const gunzipLines = (f) => zlib.gunzipSync(fs.readFileSync(f)).toString('utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));

// parses reports whether bytes compile as a classic script.
function parses(bytes) {
  try {
    new vm.Script(bytes.toString('utf8'));
    return true;
  } catch (_) {
    return false;
  }
}

// loadCorpus returns the corpus' cases with their bytes. A body that is
// missing or does not hash as bodies.jsonl.gz says throws, unless lenient:
// then its cases have no bytes and say why in missing.
function loadCorpus(lenient) {
  const edges = new Map(require('./gencorpus.js').edges.map(([n, b]) => ['edge/' + n, b]));
  const bodies = new Map();
  for (const b of gunzipLines(path.join(dataDir, 'bodies.jsonl.gz'))) {
    let bytes;
    if (b.body !== undefined) bytes = Buffer.from(b.body, 'base64');
    else if (b.source === 'orb') bytes = Buffer.from(b.head, 'base64');
    else if (b.source === 'files') bytes = fs.readFileSync(path.join(root, 'testdata', 'files', b.name.slice('files/'.length)));
    else if (b.source === 'edge') bytes = edges.get(b.name);
    else bytes = fs.readFileSync(path.join(corpusDir, b.name));
    if (!bytes || crypto.createHash('sha256').update(bytes).digest('hex') !== b.sha256) {
      const why = `body ${b.name} is missing or does not hash as bodies.jsonl.gz says (run node ../corpus/gen.js)`;
      if (!lenient) throw new Error(why);
      bodies.set(b.name, why);
      continue;
    }
    bodies.set(b.name, bytes);
  }
  const headers = new Map(fs.readFileSync(path.join(dataDir, 'headers.jsonl'), 'utf8').split('\n').filter(Boolean)
    .map((l) => JSON.parse(l)).map((h) => [h.name, h.headers]));
  const cases = gunzipLines(path.join(dataDir, 'cases.jsonl.gz')).filter((c) => !c.kind || c.kind === 'crossorigin');
  for (const c of cases) {
    c.bytes = bodies.get(c.body);
    c.headerLines = headers.get(c.headers);
    if (!c.bytes || !c.headerLines) throw new Error('bad case ' + c.id);
    if (typeof c.bytes === 'string') {
      c.missing = c.bytes;
      c.bytes = null;
      continue;
    }
    // Bodies that loop for ever when they run as a script (an infinite-loop
    // prefix, and the whole parses as a classic script): their script is
    // loaded last (see crossharness.js).
    c.late = loopsForever(c.bytes);
  }
  return cases;
}

// loopsForever reports whether bytes loop for ever when they run as a
// classic script: an infinite-loop prefix, and the whole parses.
function loopsForever(bytes) {
  return /^\s*(for\s*\(\s*;\s*;\s*\)|while\s*\(\s*1\s*\))/.test(bytes.subarray(0, 64).toString('latin1')) && parses(bytes);
}

// ---------------------------------------------------------------------------
// The servers. Responses are served by 127.0.0.1 at /r/<run>.<i>.<way>: the
// case's status line, its header lines byte for byte, Content-Range (when
// the case has a range: those bytes of the body; or the case's own
// contentRange value, the body whole), Timing-Allow-Origin: *,
// Content-Length, Connection: close, and the body. A case with a redirect
// answers first with that status and Location: <same path>/final, which
// serves the case. The page and its script are served by 127.0.0.2. Every
// request for a response is logged (the way, Range and Sec-Fetch-* request
// headers); anything else is a stray request (an empty 404, counted).

const TOKEN_RE = /\/r\/([0-9a-z]+)\.(\d+)\.([a-z]+)(\/final)?/;
const harnessJS = fs.readFileSync(path.join(__dirname, 'crossharness.js'));
const pageHTML = '<!DOCTYPE html><meta charset="utf-8"><title>another site</title><body><script src="/__cross.js"></script>';

function head(status, lines) {
  let h = `HTTP/1.1 ${status}\r\n`;
  for (const [k, v] of lines) h += `${k}: ${v}\r\n`;
  return h;
}

function startServers(cases, run, serverLog, stray) {
  const respond = (sock, status, lines, body) => {
    const h = head(status, lines) + `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n`;
    sock.end(Buffer.concat([Buffer.from(h, 'latin1'), body]));
  };
  const mk = (which) => net.createServer((sock) => {
    let buf = Buffer.alloc(0);
    sock.on('error', () => {});
    sock.on('data', (d) => {
      if (buf === null) return;
      buf = Buffer.concat([buf, d]);
      const end = buf.indexOf('\r\n\r\n');
      if (end < 0) return;
      const reqHead = buf.subarray(0, end).toString('latin1').split('\r\n');
      buf = null;
      const m = /^(GET|HEAD) (\S+) HTTP/.exec(reqHead[0]);
      const target = m ? m[2] : '';
      const hdr = (n) => {
        const l = reqHead.find((x) => x.toLowerCase().startsWith(n + ':'));
        return l ? l.slice(n.length + 1).trim() : undefined;
      };
      const t = TOKEN_RE.exec(target);
      if (which === 'response' && t && t[1] === run && cases[Number(t[2])]) {
        const c = cases[Number(t[2])];
        const final = Boolean(t[4]);
        const entry = { final, dest: hdr('sec-fetch-dest'), mode: hdr('sec-fetch-mode'), site: hdr('sec-fetch-site') };
        if (hdr('range')) entry.range = hdr('range');
        const key = `${t[2]}.${t[3]}`;
        if (!serverLog.has(key)) serverLog.set(key, []);
        serverLog.get(key).push(entry);
        if (c.redirect && !final) {
          respond(sock, c.redirect, [['Location', target.split('?')[0] + '/final']], Buffer.alloc(0));
          return;
        }
        let lines = c.headerLines;
        let bytes = c.bytes;
        if (c.range) {
          const [a, b] = c.range;
          lines = [...lines, ['Content-Range', `bytes ${a}-${b}/${c.bytes.length}`]];
          bytes = c.bytes.subarray(a, b + 1);
        }
        if (c.contentRange) lines = [...lines, ['Content-Range', c.contentRange]];
        respond(sock, c.status || '200 OK', [...lines, ['Timing-Allow-Origin', '*']], bytes);
      } else if (which === 'page' && target.startsWith('/__page/')) {
        respond(sock, '200 OK', [['Content-Type', 'text/html; charset=utf-8']], Buffer.from(pageHTML));
      } else if (which === 'page' && target === '/__cross.js') {
        respond(sock, '200 OK', [['Content-Type', 'text/javascript']], harnessJS);
      } else if (which === 'page' && target.startsWith('/__probe?')) {
        // The status corpus' script also carries destinations.js's probe,
        // which reports to the origin it runs in: here, the page's.
        respond(sock, '204 No Content', [], Buffer.alloc(0));
      } else {
        stray.push(`${which} ${reqHead[0]}`);
        respond(sock, '404 Not Found', [], Buffer.alloc(0));
      }
    });
  });
  const resp = mk('response');
  const page = mk('page');
  return Promise.all([[resp, RESPONSE_HOST], [page, PAGE_HOST]].map(([s, h]) => new Promise((res, rej) => {
    s.on('error', rej);
    s.listen(0, h, res);
  }))).then(() => ({
    responseOrigin: `http://${RESPONSE_HOST}:${resp.address().port}`,
    pageOrigin: `http://${PAGE_HOST}:${page.address().port}`,
    close: () => { resp.close(); page.close(); },
  }));
}

// ---------------------------------------------------------------------------
// Network-level evidence, by response token ("<i>.<way>"): one record per
// request the browser made for it (a redirect and its /final are one record
// in Chromium, two in Firefox).

class Evidence {
  constructor(run) {
    this.run = run;
    this.byId = new Map(); // driver's request id -> record
    this.byKey = new Map(); // "<i>.<way>" -> [records]
    this.logs = new Map(); // "<i>.<way>" -> [console texts]
  }
  key(url) {
    const t = TOKEN_RE.exec(String(url || ''));
    return t && t[1] === this.run ? `${t[2]}.${t[3]}` : null;
  }
  // rec returns the record of request id (made when url is a response's).
  rec(id, url) {
    let r = this.byId.get(id);
    if (r) return r;
    const k = this.key(url);
    if (!k) return null;
    r = {};
    this.byId.set(id, r);
    if (!this.byKey.has(k)) this.byKey.set(k, []);
    this.byKey.get(k).push(r);
    return r;
  }
  get(id) { return this.byId.get(id) || null; }
  log(text, prefix) {
    const s = String(text || '');
    const re = new RegExp(TOKEN_RE.source, 'g');
    for (const m of s.matchAll(re)) {
      if (m[1] !== this.run) continue;
      const k = `${m[2]}.${m[3]}`;
      if (!this.logs.has(k)) this.logs.set(k, []);
      const short = (prefix + s.replace(/https?:\/\/127\.0\.0\.[12]:\d+\/r\/[0-9a-z]+\.\d+\.[a-z]+(\/final)?/g, 'URL').replace(/https?:\/\/127\.0\.0\.[12]:\d+/g, 'ORIGIN')).slice(0, 240);
      if (!this.logs.get(k).includes(short)) this.logs.get(k).push(short);
    }
  }
  take(k) {
    const v = { net: this.byKey.get(k) || [], logs: this.logs.get(k) || [] };
    this.byKey.delete(k);
    this.logs.delete(k);
    return v;
  }
}

// watchChromium records CDP Network and Log events of one page into ev.
async function watchChromium(page, ev) {
  const cdp = await page.createCDPSession();
  cdp.on('Network.requestWillBeSent', (e) => {
    const r = ev.rec(e.requestId, e.request.url);
    if (!r) return;
    if (e.redirectResponse) r.redirect = e.redirectResponse.status;
    r.type = e.type;
  });
  cdp.on('Network.responseReceived', (e) => {
    const r = ev.get(e.requestId);
    if (!r) return;
    r.status = e.response.status;
    r.mime = e.response.mimeType;
    r.headers = Object.keys(e.response.headers || {}).length;
  });
  cdp.on('Network.dataReceived', (e) => {
    const r = ev.get(e.requestId);
    if (r) r.data = (r.data || 0) + e.dataLength;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = ev.get(e.requestId);
    if (r) { r.finished = true; r.encoded = e.encodedDataLength; }
  });
  cdp.on('Network.loadingFailed', (e) => {
    const r = ev.get(e.requestId);
    if (!r) return;
    r.failed = e.errorText;
    if (e.blockedReason) r.blockedReason = e.blockedReason;
    if (e.corsErrorStatus) r.cors = e.corsErrorStatus.corsError;
    if (e.canceled) r.canceled = true;
  });
  cdp.on('Log.entryAdded', (e) => ev.log(`${e.entry.text} ${e.entry.url || ''}`, `${e.entry.source}: `));
  cdp.on('Runtime.consoleAPICalled', () => {});
  await cdp.send('Network.enable');
  await cdp.send('Log.enable');
  return cdp;
}

// watchFirefox records WebDriver BiDi network and log events of the whole
// browser into ev (the tokens tell the pages apart).
function watchFirefox(browser, ev) {
  const c = browser.connection;
  c.on('network.beforeRequestSent', (e) => {
    const r = ev.rec(e.request.request, e.request.url);
    if (!r || !e.redirectCount || e.redirectCount === r.redirectCount) return;
    // A redirect keeps the request's id: what was seen so far was the
    // redirect's response.
    r.redirect = r.status;
    r.redirectCount = e.redirectCount;
    for (const k of ['started', 'completed', 'failed', 'status', 'mime', 'bytes', 'size', 'bodySize', 'headers']) delete r[k];
  });
  const resp = (e, what) => {
    const r = ev.get(e.request.request);
    if (!r) return;
    r[what] = true;
    r.status = e.response.status;
    r.mime = e.response.mimeType;
    if (e.response.bytesReceived !== undefined) r.bytes = e.response.bytesReceived;
    if (e.response.content && e.response.content.size !== undefined) r.size = e.response.content.size;
    if (e.response.bodySize !== undefined && e.response.bodySize !== null) r.bodySize = e.response.bodySize;
    r.headers = (e.response.headers || []).length;
  };
  c.on('network.responseStarted', (e) => resp(e, 'started'));
  c.on('network.responseCompleted', (e) => resp(e, 'completed'));
  c.on('network.fetchError', (e) => {
    const r = ev.get(e.request.request);
    if (r) r.failed = e.errorText;
  });
  c.on('log.entryAdded', (e) => ev.log(e.text, `${e.type}/${e.level}: `));
}

// FirefoxLog reads Firefox's own ORB log (MOZ_LOG=ORB:5, with nsHttp:1 for
// the lines that tie a channel to its URL) as Firefox writes it, and passes
// each ORB decision to ev as a log line "orb: <function>: <message>" of the
// response it is about. Firefox's web console does not report ORB's blocks
// through WebDriver BiDi; this log does.
class FirefoxLog {
  constructor(file, ev) {
    Object.assign(this, { file, ev });
    this.at = 0;
    this.rest = '';
    this.url = new Map(); // channel or blocker pointer -> URL
    this.init = null; // the channel whose uri= line comes next
  }
  read() {
    let fd;
    try { fd = fs.openSync(this.file, 'r'); } catch (_) { return; }
    const size = fs.fstatSync(fd).size;
    if (size < this.at) { this.at = 0; this.rest = ''; } // a relaunched Firefox started the file again
    const buf = Buffer.alloc(Math.max(0, size - this.at));
    fs.readSync(fd, buf, 0, buf.length, this.at);
    fs.closeSync(fd);
    this.at = size;
    const lines = (this.rest + buf.toString('latin1')).split('\n');
    this.rest = lines.pop();
    for (const l of lines) this.line(l);
  }
  line(l) {
    if (!l.includes('Main Thread')) return;
    let m;
    if ((m = /E\/nsHttp HttpBaseChannel::Init \[this=([0-9a-f]+)\]/.exec(l))) { this.init = m[1]; return; }
    if ((m = /E\/nsHttp uri=(\S+)/.exec(l))) {
      if (this.init) this.url.set(this.init, m[1]);
      this.init = null;
      return;
    }
    if (!(m = /D\/ORB (\w+): ([0-9a-f]+) (.*)$/.exec(l))) return;
    const [, fn, ptr, msg] = m;
    let u;
    const b = /channel=([0-9a-f]+), uri=(\S+)/.exec(msg);
    if (b) {
      this.url.set(ptr, b[2]);
      this.url.set(b[1], b[2]);
      u = b[2];
    } else {
      u = this.url.get(ptr) || (/for (\S+) with/.exec(msg) || [])[1] || (/Send (\S+) to/.exec(msg) || [])[1];
    }
    const text = msg.replace(/, this=[0-9a-f]+/, '').trim();
    if (!u || !text || /^(channel=|Send )/.test(text)) return;
    this.ev.log(`${fn}: ${text.replace(u, 'URL')} ${u}`, 'orb: ');
  }
}

// ---------------------------------------------------------------------------
// One batch in Chromium or Firefox: a fresh tab per batch.

async function runBatchPuppeteer(ctx, slot, batch) {
  const { browserName, browsers, ev, pageURL, timeout } = ctx;
  const browser = await browsers.get();
  // Chromium defers media loads in a tab that is not shown: each slot has a
  // browser context of its own, a window whose only tab is the batch's.
  if (browserName === 'chromium' && (!slot.context || slot.browser !== browser)) {
    slot.context = await browser.createBrowserContext();
    slot.browser = browser;
  }
  const page = await lib.newPage(browserName === 'chromium' ? slot.context : browser);
  let cdp = null;
  const out = {};
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await withTimeout(page.close(), 5000, 'close').catch(async () => {
      // A tab that does not close (its script loops): start the browser afresh.
      ctx.relaunches++;
      await browsers.close().catch(() => {});
      browsers.browser = null;
    });
  };
  try {
    if (browserName === 'chromium') cdp = await watchChromium(page, ev);
    await page.goto(pageURL(batch), { waitUntil: 'domcontentloaded', timeout: 15000 });
    const want = batch.loads.flatMap((l) => ways.filter((w) => !(w === 'script' && l.late)).map((w) => [l.k, w]));
    const t0 = Date.now();
    let st = { results: {} };
    for (;;) {
      await sleep(200);
      st = await withTimeout(page.evaluate(() => window.__read && window.__read()), 4000, 'read').catch(() => st) || st;
      const pending = want.filter(([k, w]) => !(st.results[k] && st.results[k][w]));
      if (!pending.length || Date.now() - t0 > timeout) break;
    }
    await sleep(300); // network events that follow the page's
    st = await withTimeout(page.evaluate(() => window.__read()), 4000, 'read').catch(() => st) || st;
    if (ctx.firefoxLog) ctx.firefoxLog.read();
    const late = batch.loads.filter((l) => l.late);
    const hung = new Set();
    if (late.length) {
      // Scripts that loop for ever when they run: a page that stops
      // answering ran one.
      await withTimeout(page.evaluate(() => window.__startLate()), 3000, 'startLate').catch(() => {});
      const t1 = Date.now();
      for (;;) {
        await sleep(200);
        let v = null;
        try { v = await withTimeout(page.evaluate(() => window.__read()), 2500, 'read'); } catch (_) {}
        if (!v) {
          for (const l of late) if (!(st.results[l.k] && st.results[l.k].script)) hung.add(l.k);
          if (cdp) await withTimeout(cdp.send('Runtime.terminateExecution'), 3000).catch(() => {});
          break;
        }
        st = v;
        if (late.every((l) => st.results[l.k] && st.results[l.k].script) || Date.now() - t1 > timeout) break;
      }
      await sleep(300);
    }
    if (ctx.firefoxLog) ctx.firefoxLog.read();
    // A CDP session that saw none of the batch's requests (4 batches of
    // the first full run): the batch is recorded again.
    if (cdp && !batch.loads.some((l) => ways.some((w) => ev.byKey.has(`${l.k}.${w}`)))) throw new Error('CDP reported none of the batch\'s requests');
    for (const l of batch.loads) {
      out[l.k] = { page: st.results[l.k] || {}, ran: st.ran || {}, timing: st.timing || [], hung: hung.has(l.k) };
    }
  } finally {
    if (cdp) cdp.detach().catch(() => {});
    await close();
  }
  return out;
}

// ---------------------------------------------------------------------------
// One batch in WebKit: MiniBrowser through WebKitWebDriver, page-load
// strategy none; the page is read with "execute script".

async function runBatchWebKit(ctx, slot, batch) {
  const { pageURL, timeout, wka } = ctx;
  const w = await wka.worker(slot);
  const exec = (script) => wka.exec(w, script);
  const nav = await w.cmd('POST', '/url', { url: pageURL(batch) }, 15000);
  if (nav.value && nav.value.error) throw new Error('navigate: ' + nav.value.error);
  const want = batch.loads.flatMap((l) => ways.filter((x) => !(x === 'script' && l.late)).map((x) => [l.k, x]));
  const t0 = Date.now();
  let st = null;
  for (;;) {
    await sleep(200);
    try {
      // A MiniBrowser that did not leave the last page (one left loading
      // multipart/x-mixed-replace) still answers from it: only this batch's
      // page counts.
      const v = await exec('return window.__read ? window.__read() : null');
      if (v && v.ready && v.id === batch.n) st = v;
    } catch (e) {
      if (/invalid session id/.test(e.message)) throw e;
    }
    const pending = st ? want.filter(([k, x]) => !(st.results[k] && st.results[k][x])) : want;
    if (st && !pending.length) break;
    if (Date.now() - t0 > timeout + (st ? 0 : 4000)) break;
  }
  if (!st) throw new Error('the batch\'s page did not run');
  await sleep(300);
  try { const v = await exec('return window.__read()'); if (v && v.ready && v.id === batch.n) st = v; } catch (_) {}
  const late = batch.loads.filter((l) => l.late);
  const hung = new Set();
  if (late.length) {
    await exec('return window.__startLate()').catch(() => {});
    const t1 = Date.now();
    for (;;) {
      await sleep(200);
      let v = null;
      try { v = await exec('return window.__read()'); } catch (_) {}
      if (!v || !v.ready) {
        for (const l of late) if (!(st.results[l.k] && st.results[l.k].script)) hung.add(l.k);
        await wka.reset(slot);
        break;
      }
      st = v;
      if (late.every((l) => st.results[l.k] && st.results[l.k].script) || Date.now() - t1 > timeout) break;
    }
  }
  if (!hung.size) await w.cmd('POST', '/url', { url: 'about:blank' }, 10000).catch(() => {});
  const out = {};
  for (const l of batch.loads) out[l.k] = { page: st.results[l.k] || {}, ran: st.ran || {}, timing: st.timing || [], hung: hung.has(l.k) };
  return out;
}

// openBrowser starts ctx.browserName for a recording into ctx (its ev and
// tmp): for WebKit, webkitattack.js's driver (a MiniBrowser per slot,
// page-load strategy none, started afresh every 40 batches; alerts are
// dismissed) under Xvfb, in ctx.wka; for Chromium and Firefox, a
// lib.Relauncher in ctx.browsers whose browsers have Firefox's network
// watchers and ORB log. It resolves to {close}, and close to the browser's
// version.
async function openBrowser(ctx) {
  const { browserName, ev, tmp } = ctx;
  if (browserName === 'webkit') {
    const xvfb = await wk.startXvfb();
    ctx.wka = new WebKitAttacker({ display: xvfb.display, tmp });
    return {
      close: async () => {
        const version = `WebKitGTK ${(await ctx.wka.version()) || '?'} (MiniBrowser)`;
        await ctx.wka.close();
        xvfb.stop();
        return version;
      },
    };
  }
  const downloadDir = path.join(tmp, 'downloads');
  fs.mkdirSync(downloadDir);
  if (browserName === 'firefox') {
    process.env.MOZ_LOG = 'ORB:5,nsHttp:1,sync';
    process.env.MOZ_LOG_FILE = path.join(tmp, 'firefox.log');
    ctx.firefoxLog = new FirefoxLog(path.join(tmp, 'firefox.log.moz_log'), ev);
  }
  ctx.browsers = new lib.Relauncher(browserName, tmp, downloadDir, () => {});
  const b = await ctx.browsers.get();
  const version = lib.versionName(browserName, await b.version());
  if (browserName === 'firefox') watchFirefox(b, ev);
  // A relaunched Firefox needs its listeners again.
  const get = ctx.browsers.get.bind(ctx.browsers);
  let seen = b;
  ctx.browsers.get = async () => {
    const x = await get();
    if (x !== seen) { seen = x; ctx.relaunches++; if (browserName === 'firefox') watchFirefox(x, ev); }
    return x;
  };
  return {
    close: async () => {
      await ctx.browsers.close();
      return version;
    },
  };
}

// ---------------------------------------------------------------------------
// Recording.

async function record(browserName) {
  const isWebKit = browserName === 'webkit';
  const parallel = Number(opt('-j', isWebKit ? 3 : 4));
  const batchSize = Number(opt('-batch', isWebKit ? 4 : 8));
  const budget = Number(opt('-budget', 840));
  const only = opt('-only', '') ? new RegExp(opt('-only', '')) : null;
  const ids = opt('-ids', '') ? new Set(fs.readFileSync(opt('-ids', ''), 'utf8').split('\n').filter(Boolean)) : null;
  const limit = Number(opt('-limit', 0));
  const timeout = Number(opt('-timeout', 12000));
  const partFile = opt('-out', path.join(outDir, `cross-${browserName}.jsonl`));
  fs.mkdirSync(path.dirname(partFile), { recursive: true });
  if (args.includes('-fresh')) fs.rmSync(partFile, { force: true });

  const cases = loadCorpus(true);
  const done = new Set();
  if (fs.existsSync(partFile)) {
    for (const l of fs.readFileSync(partFile, 'utf8').split('\n').filter(Boolean)) {
      const o = JSON.parse(l);
      if (!o.meta) done.add(o.case);
    }
  }
  let todo = [];
  // -redo records the -only cases again even when they are done (merge
  // keeps a case's last line).
  const redo = args.includes('-redo');
  cases.forEach((c, i) => { if ((!only || only.test(c.id)) && (!ids || ids.has(c.id)) && (redo || !done.has(c.id))) todo.push(i); });
  if (limit) todo = todo.slice(0, limit);
  const unusable = todo.find((i) => !cases[i].bytes);
  if (unusable !== undefined) throw new Error(`${cases[unusable].id}: ${cases[unusable].missing}`);
  if (!todo.length) {
    console.error(`${browserName}: nothing left to record (${done.size} cases in ${partFile})`);
    return 0;
  }
  // Batches of consecutive cases; a body that loops for ever as a script is
  // never in a batch with another such body.
  const batches = [];
  let cur = [];
  for (const i of todo) {
    if (cur.length >= batchSize || (cases[i].late && cur.some((j) => cases[j].late))) { batches.push(cur); cur = []; }
    cur.push(i);
  }
  if (cur.length) batches.push(cur);

  const run = Date.now().toString(36);
  const serverLog = new Map();
  const stray = [];
  const srv = await startServers(cases, run, serverLog, stray);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `cross-${browserName}-`));
  const ev = new Evidence(run);
  const urlOf = (i, way) => `${srv.responseOrigin}/r/${run}.${i}.${way}`;
  const pageURL = (b) => `${srv.pageOrigin}/__page/${run}.${b.n}#${encodeURIComponent(JSON.stringify({ id: b.n, loads: b.loads.map(({ k, urls, late }) => ({ k, urls, late })) }))}`;
  const ctx = { browserName, ev, pageURL, timeout, tmp, relaunches: 0 };
  const browser = await openBrowser(ctx);
  const runBatch = isWebKit ? runBatchWebKit : runBatchPuppeteer;

  const t0 = Date.now();
  let next = 0;
  let n = 0;
  const counts = { errors: 0, hung: 0 };
  const evidenceOf = (i, k, obs) => {
    const rows = {};
    for (const way of ways) {
      const url = urlOf(i, way);
      const e = ev.take(`${i}.${way}`);
      const r = { page: obs.page[way] || null, net: e.net, logs: e.logs, server: serverLog.get(`${i}.${way}`) || [] };
      serverLog.delete(`${i}.${way}`);
      const ran = (obs.ran[url] || 0) + (obs.ran[url + '/final'] || 0);
      if (way === 'script' && ran) r.ran = ran;
      if (way === 'script' && obs.hung) r.hung = true;
      r.timing = obs.timing.filter((t) => t[0] === url || t[0] === url + '/final').map((t) => t.slice(1));
      if (obs.error) r.error = obs.error;
      rows[way] = r;
    }
    return rows;
  };
  // forget drops what a failed try of cases idx left in the logs.
  const forget = (idx) => {
    for (const i of idx) {
      for (const way of ways) {
        ev.take(`${i}.${way}`);
        serverLog.delete(`${i}.${way}`);
      }
    }
  };
  async function worker(n0) {
    const slot = { n: n0 };
    while (next < batches.length && (Date.now() - t0) / 1000 < budget) {
      const idx = batches[next++];
      const mk = (is) => ({ n: `${is[0]}`, loads: is.map((i) => ({ k: String(i), late: cases[i].late, urls: Object.fromEntries(ways.map((w) => [w, urlOf(i, w)])) })) });
      let obs = null;
      try {
        obs = await runBatch(ctx, slot, mk(idx));
      } catch (e) {
        if (process.env.CROSS_DEBUG) console.error('DEBUG batch failed', idx, e);
        forget(idx);
        if (isWebKit) await ctx.wka.reset(slot);
        // Again, one case at a time, so that a failure names its case.
        obs = {};
        for (const i of idx) {
          try {
            Object.assign(obs, await runBatch(ctx, slot, mk([i])));
          } catch (e2) {
            forget([i]);
            obs[String(i)] = { page: {}, ran: {}, timing: [], error: 'recorder: ' + String(e2.message || e2).split('\n')[0].slice(0, 200) };
            counts.errors++;
            if (isWebKit) await ctx.wka.reset(slot);
          }
        }
      }
      await sleep(100); // late network events
      const lines = [];
      for (const i of idx) {
        const o = obs[String(i)] || { page: {}, ran: {}, timing: [], error: 'recorder: no observation' };
        if (o.hung) counts.hung++;
        lines.push(JSON.stringify({ case: cases[i].id, browser: browserName, ways: evidenceOf(i, String(i), o) }));
      }
      fs.appendFileSync(partFile, lines.join('\n') + '\n');
      n += idx.length;
      if (Math.floor(n / 200) !== Math.floor((n - idx.length) / 200)) {
        console.error(`${browserName}: ${n}/${todo.length} cases ${((Date.now() - t0) / 1000).toFixed(0)}s`);
      }
    }
  }
  await Promise.all(Array.from({ length: parallel }, (_, k) => worker(k)));
  const secs = (Date.now() - t0) / 1000;
  const version = await browser.close();
  srv.close();
  const meta = {
    browser: browserName,
    version,
    driver: isWebKit ? 'WebKitWebDriver (WebDriver classic over loopback), MiniBrowser --automation under Xvfb, page-load strategy none' : lib.driverName(browserName),
    recorded: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    cases: n,
    wallSeconds: Math.round(secs),
    parallel,
    batch: batchSize,
    recorderErrors: counts.errors,
    hungPages: counts.hung,
    stray: stray.length,
    strayRequests: [...new Set(stray)].slice(0, 20),
    relaunches: ctx.relaunches,
  };
  if (isWebKit) Object.assign(meta, { restarts: ctx.wka.restarts, recycles: ctx.wka.recycles, alerts: ctx.wka.alerts });
  fs.appendFileSync(partFile, JSON.stringify({ meta }) + '\n');
  if (!process.env.CROSS_KEEP_TMP) fs.rmSync(tmp, { recursive: true, force: true });
  const left = todo.length - n;
  console.error(`${browserName} ${version}: ${n} cases in ${secs.toFixed(0)}s`, counts, `stray ${stray.length}`, left ? `; ${left} cases left: run again` : '; done');
  return left;
}

// orbattack.js drives the same batches against its own server.
module.exports = { ways, loadCorpus, loopsForever, TOKEN_RE, Evidence, openBrowser, runBatchPuppeteer, runBatchWebKit };

if (require.main === module) {
  const mode = args[0];
  if (['chromium', 'firefox', 'webkit'].includes(mode)) {
    record(mode).then((left) => process.exit(left ? 3 : 0), (e) => { console.error(e); process.exit(1); });
  } else if (mode === 'merge') {
    require('./crossverdict').merge(args.slice(1));
  } else {
    console.error('usage: node crossorigin.js chromium|firefox|webkit [-j N] [-batch N] [-budget S] [-only RE] [-limit N] [-fresh] [-out FILE] | merge [BROWSER...]');
    process.exit(2);
  }
}
