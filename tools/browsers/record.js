#!/usr/bin/env node
// record.js serves every case of testdata/browsers/corpus.jsonl from a raw
// loopback server and records what one headless browser did when navigated to
// it in a top-level browsing context: the rendered document's
// document.contentType, a download, an error or a timeout.
//
//	node record.js chromium [-j 4] [-limit N] [-only REGEXP] [-out FILE]
//	node record.js firefox  [-j 4] ...
//
// See README.md for the configuration and testdata/browsers/FORMAT.md for
// the output.
'use strict';
const fs = require('fs');
const os = require('os');
const net = require('net');
const path = require('path');

const root = path.resolve(__dirname, '..', '..');
const corpusFile = path.join(root, 'testdata', 'browsers', 'corpus.jsonl');
const filesDir = path.join(root, 'testdata', 'files');

const args = process.argv.slice(2);
const browserName = args[0];
if (browserName !== 'chromium' && browserName !== 'firefox') {
  console.error('usage: node record.js chromium|firefox [-j N] [-limit N] [-only REGEXP] [-out FILE]');
  process.exit(2);
}
const opt = (name, def) => {
  const i = args.indexOf(name);
  return i < 0 ? def : args[i + 1];
};
const parallel = Number(opt('-j', 4));
const limit = Number(opt('-limit', 0));
const only = opt('-only', '') ? new RegExp(opt('-only', '')) : null;
const outFile = opt('-out', path.join(root, 'testdata', 'browsers', `${browserName}.jsonl`));
const caseTimeout = Number(opt('-timeout', 10000));
const shard = opt('-shard', ''); // "k/n": only the cases whose corpus index is k mod n

// ---------------------------------------------------------------------------
// The cases.

let cases = fs.readFileSync(corpusFile, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
if (shard) {
  const [k, n] = shard.split('/').map(Number);
  cases = cases.filter((_, i) => i % n === k);
}
if (only) cases = cases.filter((c) => only.test(c.id));
if (limit) cases = cases.slice(0, limit);
for (const c of cases) {
  c.bytes = c.file !== undefined ? fs.readFileSync(path.join(filesDir, c.file)) : Buffer.from(c.body, 'base64');
}

// ---------------------------------------------------------------------------
// The server: a raw TCP server on 127.0.0.1 that writes the status line, the
// case's header lines byte for byte, Content-Length and Connection: close,
// then the body. Case i is served at /<run>/<i>; every other path (favicon,
// anything the browser asks for on its own) gets an empty 404 and is logged.

const run = Date.now().toString(36); // a fresh path per run: nothing is cached across runs
const stray = [];

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
    const end = buf.indexOf('\r\n\r\n');
    if (end < 0) return;
    const line = buf.slice(0, buf.indexOf('\r\n')).toString('latin1');
    const m = /^GET \/([0-9a-z]+)\/(\d+) HTTP/.exec(line);
    if (m && m[1] === run && cases[Number(m[2])]) {
      const c = cases[Number(m[2])];
      c.requests = (c.requests || 0) + 1;
      respond(sock, '200 OK', c.headers, c.bytes);
    } else {
      stray.push(line);
      respond(sock, '404 Not Found', [], Buffer.alloc(0));
    }
  });
});

// ---------------------------------------------------------------------------
// The browsers.

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `rec-${browserName}-`));
const downloadDir = path.join(tmp, 'downloads');
fs.mkdirSync(downloadDir);

const lib = require('./lib');
const launch = () => lib.launch(browserName, tmp, downloadDir);

// Chromium: downloads are allowed into downloadDir with events on, so a
// download is told apart by Browser.downloadWillBegin for the case's URL (the
// navigation itself then fails with net::ERR_ABORTED).
// Firefox: a navigation that becomes a download fails (the BiDi navigation is
// aborted: NS_BINDING_ABORTED) and the page stays at about:blank; a file
// appears in downloadDir. The download is told by the abort with the page
// never leaving about:blank.
const downloaded = new Set();
const downloadWaiters = new Map(); // url -> resolve

function sawDownload(url) {
  downloaded.add(url);
  const w = downloadWaiters.get(url);
  if (w) w();
}

const setupDownloads = (browser) => lib.watchDownloads(browserName, browser, downloadDir, sawDownload);
const newPage = lib.newPage;

// recordOne navigates a page to case i. Chromium gets a fresh page per case;
// Firefox keeps one page per worker (creating and closing many BiDi contexts
// in parallel races in Firefox) and goes back to about:blank between cases.
async function recordOne(browser, port, i, slot) {
  const c = cases[i];
  const url = `http://127.0.0.1:${port}/${run}/${i}`;
  const fresh = browserName === 'chromium' || !slot.page;
  const page = fresh ? await newPage(browser) : slot.page;
  const r = { id: c.id };
  try {
    let navErr = null;
    const dl = new Promise((res) => downloadWaiters.set(url, res));
    try {
      await Promise.race([page.goto(url, { waitUntil: 'load', timeout: caseTimeout }), dl]);
    } catch (e) {
      navErr = e;
    }
    downloadWaiters.delete(url);
    // Give a download event a moment to arrive.
    if (navErr && browserName === 'chromium' && !downloaded.has(url)) await new Promise((res) => setTimeout(res, 1000));
    if (downloaded.has(url)) {
      r.outcome = 'download';
    } else if (navErr) {
      const msg = String(navErr.message || navErr).split('\n')[0];
      let cur = '';
      try { cur = page.url(); } catch (_) {}
      if (/timeout/i.test(navErr.name || '') || /Navigation timeout/i.test(msg)) {
        // A navigation that never loaded: perhaps it did render a document.
        const ct = await contentTypeAt(page, url);
        if (ct) { r.outcome = 'document'; r.contentType = ct; r.note = 'load event timed out'; } else r.outcome = 'timeout';
      } else if (browserName === 'firefox' && /NS_BINDING_ABORTED/.test(msg) && cur !== url) {
        r.outcome = 'download';
      } else {
        const ct = await contentTypeAt(page, url);
        if (ct) { r.outcome = 'document'; r.contentType = ct; r.note = msg; } else { r.outcome = 'error'; r.error = msg; }
      }
    } else {
      const ct = await contentTypeAt(page, url);
      if (ct) { r.outcome = 'document'; r.contentType = ct; } else { r.outcome = 'error'; r.error = 'loaded but not at the case URL: ' + page.url(); }
    }
  } finally {
    if (browserName === 'chromium') await page.close().catch(() => {});
    else if (r.outcome === 'download' || r.outcome === 'timeout') {
      // The tab's navigation never completes after a download: going back
      // to about:blank would wait for it. Drop the tab instead.
      page.close().catch(() => {});
      slot.page = null;
    } else {
      try {
        await page.goto('about:blank', { timeout: 5000 });
        slot.page = page;
      } catch (_) {
        await page.close().catch(() => {});
        slot.page = null;
      }
    }
  }
  if (!c.requests) r.note = (r.note ? r.note + '; ' : '') + 'server saw no request';
  return r;
}

async function contentTypeAt(page, url) {
  try {
    if (page.url() !== url) return null;
    return await Promise.race([
      page.evaluate(() => document.contentType),
      new Promise((_, rej) => setTimeout(() => rej(new Error('evaluate timeout')), 3000)),
    ]);
  } catch (_) {
    return null;
  }
}

async function main() {
  await new Promise((res) => server.listen(0, '127.0.0.1', res));
  const port = server.address().port;
  const t0 = Date.now();
  let browser = await launch();
  const version = await browser.version();
  await setupDownloads(browser);
  const results = new Array(cases.length);
  let next = 0;
  let done = 0;
  async function worker() {
    const slot = { page: null };
    while (next < cases.length) {
      const i = next++;
      let r;
      // A failure of the recorder itself (not of the navigation) is tried
      // again once on a new page, then recorded as an error.
      for (let t = 0; t < 2; t++) {
        try {
          r = await recordOne(browser, port, i, slot);
          break;
        } catch (e) {
          if (slot.page) await slot.page.close().catch(() => {});
          slot.page = null;
          r = { id: cases[i].id, outcome: 'error', error: 'recorder: ' + String(e.message || e).split('\n')[0] };
        }
      }
      results[i] = r;
      fs.appendFileSync(outFile + '.part', JSON.stringify(r) + '\n');
      done++;
      if (done % 200 === 0) {
        console.error(`${done}/${cases.length} ${((Date.now() - t0) / 1000).toFixed(0)}s`);
        // Empty the download folder now and then.
        for (const f of fs.readdirSync(downloadDir)) fs.rmSync(path.join(downloadDir, f), { force: true, recursive: true });
      }
    }
  }
  await Promise.all(Array.from({ length: parallel }, worker));
  const secs = (Date.now() - t0) / 1000;
  await browser.close();
  server.close();
  const meta = {
    browser: browserName,
    version: browserName === 'chromium' ? version.replace(/^HeadlessChrome\//, 'Chromium ').replace(/^Chrome\//, 'Chromium ') : version.replace(/^firefox\//, 'Firefox '),
    headless: true,
    pdfViewer: null,
    recorded: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    driver: `puppeteer-core ${require('puppeteer-core/package.json').version}, ${browserName === 'chromium' ? 'CDP' : 'WebDriver BiDi'}`,
    cases: cases.length,
    wallSeconds: Math.round(secs),
    parallel,
  };
  // The PDF viewer is on when a supplied application/pdf renders as a document.
  const pdf = results.find((r, i) => cases[i].id === 'pdf/doc.pdf');
  meta.pdfViewer = pdf ? pdf.outcome === 'document' : null;
  if (shard) meta.shard = shard;
  fs.writeFileSync(outFile, [meta, ...results].map((o) => JSON.stringify(o)).join('\n') + '\n');
  const counts = {};
  for (const r of results) counts[r.outcome] = (counts[r.outcome] || 0) + 1;
  console.error(`${browserName} ${version}: ${cases.length} cases in ${secs.toFixed(0)}s`, counts);
  if (stray.length) console.error(`stray requests (${stray.length}):`, [...new Set(stray)].slice(0, 10));
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.rmSync(outFile + '.part', { force: true });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
