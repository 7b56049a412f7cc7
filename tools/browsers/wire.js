#!/usr/bin/env node
// wire.js records the availability cases of the wire corpus
// (testdata/browsers/wire, written by genwire.js) and merges the three
// parts of the corpus into its results-<browser>.jsonl.gz and
// recordings.json. The other two parts are recorded by record.js and
// destinations.js with -corpus (record-wire.sh runs all three).
//
//	node wire.js avail chromium|firefox|webkit [-only REGEXP] [-fresh]
//	node wire.js merge
//
// avail: for each case of kind "availability", a server of its own on a
// free loopback port (a connection closed after each response, or kept
// alive, as the case's "conn" says) and a browser of its own (a fresh
// profile, or for WebKit a fresh MiniBrowser and HOME) run availability.js's
// check: a page of the server loads the case's response in six iframes,
// then a fresh page of the same server is loaded in a new iframe and as a
// top-level navigation, each within 5 s. The server also counts the
// requests, the probes the parts ran, and what became of the connections
// that carried the response. Rows are appended to out/wire-avail-<browser>.jsonl;
// a case recorded there is not recorded again (-fresh starts over).
'use strict';
const fs = require('fs');
const os = require('os');
const net = require('net');
const path = require('path');
const zlib = require('zlib');
const lib = require('./lib');
const webkit = require('./webkit');
const { checkAvailability, puppeteerTab, webkitTab } = require('./availability');

const root = path.resolve(__dirname, '..', '..');
const dataDir = path.join(root, 'testdata', 'browsers', 'wire');
const outDir = path.join(__dirname, 'out');
const browserNames = ['chromium', 'firefox', 'webkit'];

const args = process.argv.slice(2);
const opt = (name, def) => {
  const i = args.indexOf(name);
  return i < 0 ? def : args[i + 1];
};
const sleep = (ms) => new Promise((res) => setTimeout(res, ms));

const readLines = (f) => fs.readFileSync(f, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
const readGz = (f) => zlib.gunzipSync(fs.readFileSync(f)).toString('utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));

function loadCorpus() {
  const bodies = new Map(readGz(path.join(dataDir, 'bodies.jsonl.gz')).map((b) => [b.name, Buffer.from(b.body, 'base64')]));
  const headers = new Map(readLines(path.join(dataDir, 'headers.jsonl')).map((h) => [h.name, h.headers]));
  const cases = readGz(path.join(dataDir, 'cases.jsonl.gz'));
  for (const c of cases) {
    c.bytes = bodies.get(c.body);
    c.headerLines = headers.get(c.headers);
  }
  return cases;
}

// ---------------------------------------------------------------------------
// The server of one availability case. Paths: /c/<k> the case's response
// (frame k), /p/<name> a small HTML page (the starting page and the fresh
// pages), /__probe?<JSON> the probe's report (probe.js); anything else is
// an empty 404, counted as stray. Every response has Content-Length; with
// conn "close" also Connection: close, and the server closes its side after
// it. With "keep" the connection stays open for the next request until the
// browser closes it.

const page = (name) => Buffer.from(`<!DOCTYPE html><meta charset="utf-8"><title>${name}</title><body><p>${name}</p>`);

function startServer(c) {
  const st = { requests: 0, sockets: [], probes: [], stray: [] };
  const server = net.createServer((sock) => {
    const info = { candidate: 0, reused: false, closed: false, sock };
    st.sockets.push(info);
    let buf = Buffer.alloc(0);
    sock.on('error', () => {});
    sock.on('close', () => { info.closed = true; });
    const respond = (status, headers, body) => {
      let head = `HTTP/1.1 ${status}\r\n`;
      for (const [k, v] of headers) head += `${k}: ${v}\r\n`;
      head += `Content-Length: ${body.length}\r\n`;
      if (c.conn === 'close') head += 'Connection: close\r\n';
      head += '\r\n';
      const bytes = Buffer.concat([Buffer.from(head, 'latin1'), body]);
      if (c.conn === 'close') sock.end(bytes); else sock.write(bytes);
    };
    sock.on('data', (d) => {
      buf = Buffer.concat([buf, d]);
      for (let i; (i = buf.indexOf('\r\n\r\n')) >= 0;) {
        const line = buf.subarray(0, buf.indexOf('\r\n')).toString('latin1');
        buf = buf.subarray(i + 4);
        if (info.candidate) info.reused = true;
        const target = (/^(?:GET|HEAD) (\S+) HTTP/.exec(line) || [])[1] || '';
        const p = target.split('?')[0];
        if (/^\/c\/\d+$/.test(p)) {
          st.requests++;
          info.candidate++;
          respond('200 OK', c.headerLines, c.bytes);
        } else if (p.startsWith('/p/')) {
          respond('200 OK', [['Content-Type', 'text/html; charset=utf-8']], page(p.slice(3)));
        } else if (p === '/__probe') {
          try { st.probes.push(JSON.parse(decodeURIComponent(target.slice(target.indexOf('?') + 1)))); } catch (_) { st.probes.push({ bad: true }); }
          respond('204 No Content', [], Buffer.alloc(0));
        } else {
          st.stray.push(line);
          respond('404 Not Found', [], Buffer.alloc(0));
        }
      }
    });
  });
  return new Promise((res) => server.listen(0, '127.0.0.1', () => {
    st.origin = `http://127.0.0.1:${server.address().port}`;
    st.close = () => {
      for (const s of st.sockets) s.sock.destroy();
      server.close();
    };
    res(st);
  }));
}

// ---------------------------------------------------------------------------
// Recording.

async function avail(browserName) {
  const partFile = path.join(outDir, `wire-avail-${browserName}.jsonl`);
  fs.mkdirSync(outDir, { recursive: true });
  if (args.includes('-fresh')) fs.rmSync(partFile, { force: true });
  const done = new Set(fs.existsSync(partFile) ? readLines(partFile).filter((o) => o.id).map((o) => o.id) : []);
  const only = opt('-only', '') ? new RegExp(opt('-only', '')) : null;
  const cases = loadCorpus().filter((c) => c.kind === 'availability' && !done.has(c.id) && (!only || only.test(c.id)));
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `wire-${browserName}-`));
  const t0 = Date.now();
  let xvfb = null;
  let version = '';
  let n = 0;
  if (browserName === 'webkit') xvfb = await webkit.startXvfb();
  for (const c of cases) {
    const srv = await startServer(c);
    const downloads = [];
    let browser = null;
    let wk = null;
    let tab;
    const dir = path.join(tmp, `b${n}`);
    fs.mkdirSync(path.join(dir, 'downloads'), { recursive: true });
    let row;
    try {
      if (browserName === 'webkit') {
        wk = new webkit.Worker(xvfb.display, path.join(dir, 'home'), 10000, { pageLoadStrategy: 'none' });
        await wk.start();
        version = `WebKitGTK ${wk.version} (MiniBrowser)`;
        tab = webkitTab(wk);
      } else {
        browser = await lib.launch(browserName, dir, path.join(dir, 'downloads'));
        await lib.watchDownloads(browserName, browser, path.join(dir, 'downloads'), (u) => downloads.push(u));
        version = lib.versionName(browserName, await browser.version());
        tab = puppeteerTab(await lib.newPage(browser));
      }
      const r = await checkAvailability(tab, {
        pageURL: `${srv.origin}/p/start`,
        frameURL: (k) => `${srv.origin}/c/${k}`,
        freshURL: (what) => `${srv.origin}/p/fresh-${what}`,
        frames: c.frames || 6,
      });
      await sleep(1000); // let the browser close what it is done with
      row = { id: c.id, kind: c.kind, conn: c.conn, available: r.available, inPage: r.inPage, navigation: r.navigation };
      row.frames = summarizeFrames(r.frames, srv.origin);
      if (wk) {
        // MiniBrowser writes a download into NAME.wkdownload and renames it
        // NAME when it finishes; downloadFiles has each file's size.
        const files = wk.downloads().sort();
        row.downloads = files.filter((f) => !f.endsWith('.wkdownload')).length;
        row.unfinished = files.filter((f) => f.endsWith('.wkdownload')).length;
        row.downloadFiles = Object.fromEntries(files.map((f) => [f, fs.statSync(path.join(wk.home, f)).size]));
      } else row.downloads = new Set(downloads.filter((u) => u.includes('/c/'))).size; // Firefox may report one twice
    } catch (e) {
      row = { id: c.id, kind: c.kind, conn: c.conn, error: 'recorder: ' + String(e.message || e).split('\n')[0].slice(0, 200) };
    }
    const cand = srv.sockets.filter((s) => s.candidate);
    row.requests = srv.requests;
    row.sockets = { used: cand.length, closedByBrowser: cand.filter((s) => s.closed).length, reused: cand.filter((s) => s.reused).length };
    row.probes = { server: srv.probes.filter((p) => p.o === srv.origin).length, opaque: srv.probes.filter((p) => p.o === 'null').length };
    const other = srv.probes.length - row.probes.server - row.probes.opaque;
    if (other) row.probes.other = other;
    row.stray = srv.stray.length;
    if (browser) await browser.close().catch(() => {});
    if (wk) await wk.stop();
    srv.close();
    fs.appendFileSync(partFile, JSON.stringify(row) + '\n');
    console.error(`${browserName} ${c.id}: available ${row.available} (frame ${fmt(row.inPage)}, top ${fmt(row.navigation)}), requests ${row.requests}, sockets ${JSON.stringify(row.sockets)}, downloads ${row.downloads}, probes ${JSON.stringify(row.probes)}${row.error ? ' ' + row.error : ''}`);
    n++;
  }
  if (xvfb) xvfb.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
  const meta = { browser: browserName, version, recorded: new Date().toISOString().replace(/\.\d+Z$/, 'Z'), cases: n, wallSeconds: Math.round((Date.now() - t0) / 1000) };
  if (n) fs.appendFileSync(partFile, JSON.stringify({ meta }) + '\n');
  console.error(`${browserName}: ${n} availability cases in ${meta.wallSeconds}s`);
}

const fmt = (x) => (x ? (x.ok ? `${x.ms}ms` : `no (${x.error || ''} ${x.ms || ''})`) : '?');

// summarizeFrames counts what the six frames held after the settle time:
// load events, documents at the response's URL by type, frames left at
// about:blank, frames the page could not read.
function summarizeFrames(frames, origin) {
  const s = { load: 0, documents: {}, blank: 0, unreadable: 0 };
  for (const f of frames || []) {
    if (f.load) s.load++;
    if (f.cross) s.unreadable++;
    else if (f.href === 'about:blank') s.blank++;
    else if (f.href && f.href.startsWith(origin + '/c/')) s.documents[f.contentType] = (s.documents[f.contentType] || 0) + 1;
    else if (f.href) s.other = (s.other || 0) + 1;
    if (f.error) s.errors = (s.errors || 0) + 1;
  }
  if (!Object.keys(s.documents).length) delete s.documents;
  return s;
}

// ---------------------------------------------------------------------------
// Merging. Inputs (tools/browsers/out, not committed): wire-nav-<browser>*.jsonl
// (record.js -out: a chunk line, then rows), wire-dest-<browser>.jsonl
// (destinations.js -out: rows and meta lines), wire-avail-<browser>.jsonl.

// clean drops the run's ports and URLs from a browser's message.
const clean = (e) => String(e).trim().replace(/https?:\/\/127\.0\.0\.1:\d+\/[^\s'")]*/g, 'URL').replace(/https?:\/\/127\.0\.0\.1:\d+/g, 'ORIGIN').slice(0, 200);

function merge() {
  const cases = loadCorpus();
  const recs = { corpus: {} };
  for (const c of cases) recs.corpus[c.kind] = (recs.corpus[c.kind] || 0) + 1;
  for (const b of browserNames) {
    const rows = new Map();
    const entry = {};
    // Navigation.
    const navFiles = fs.existsSync(outDir) ? fs.readdirSync(outDir).filter((f) => f.startsWith(`wire-nav-${b}`) && f.endsWith('.jsonl')).sort() : [];
    const chunks = [];
    for (const f of navFiles) {
      const [chunk, ...rs] = readLines(path.join(outDir, f));
      chunks.push(chunk);
      for (const r of rs) {
        const o = { id: r.id, kind: 'navigation', ...r };
        if (o.error) o.error = clean(o.error);
        rows.set(r.id, [o]);
      }
    }
    // Destinations.
    const destFile = path.join(outDir, `wire-dest-${b}.jsonl`);
    const destMeta = [];
    if (fs.existsSync(destFile)) {
      for (const r of readLines(destFile)) {
        if (r.meta) { destMeta.push(r.meta); continue; }
        const o = { id: r.case, kind: 'destinations', origin: r.origin, dest: r.dest, outcome: r.outcome, probe: r.probe || '' };
        for (const k of ['contentType', 'rules', 'note']) if (r[k] !== undefined) o[k] = r[k];
        if (r.alone) o.note = (o.note ? o.note + '; ' : '') + 'loaded alone';
        if (r.error) o.error = clean(r.error);
        if (!rows.has(r.case)) rows.set(r.case, []);
        rows.get(r.case).push(o);
      }
    }
    // Availability.
    const availFile = path.join(outDir, `wire-avail-${b}.jsonl`);
    const availMeta = [];
    if (fs.existsSync(availFile)) {
      for (const r of readLines(availFile)) {
        if (r.meta) { availMeta.push(r.meta); continue; }
        if (r.inPage && r.inPage.error) r.inPage.error = clean(r.inPage.error);
        if (r.navigation && r.navigation.error) r.navigation.error = clean(r.navigation.error);
        rows.set(r.id, [r]);
      }
    }
    const out = [];
    const missing = [];
    for (const c of cases) {
      const rs = rows.get(c.id);
      if (!rs) { missing.push(c.id); continue; }
      out.push(...rs);
    }
    if (!out.length) continue;
    const count = (rs, f) => {
      const m = {};
      for (const r of rs) m[f(r)] = (m[f(r)] || 0) + 1;
      return m;
    };
    const nav = out.filter((r) => r.kind === 'navigation');
    const dest = out.filter((r) => r.kind === 'destinations');
    const av = out.filter((r) => r.kind === 'availability');
    const lastChunk = chunks[chunks.length - 1] || {};
    entry.version = lastChunk.version || (destMeta[0] || {}).version || (availMeta[0] || {}).version;
    entry.navigation = {
      driver: lastChunk.driver,
      recorded: chunks.map((c) => c.recorded).sort().join(' .. '),
      cases: nav.length,
      outcomes: count(nav, (r) => r.outcome),
      script: nav.filter((r) => r.script).length,
      wallSeconds: chunks.reduce((s, c) => s + c.wallSeconds, 0),
      parallel: lastChunk.parallel,
      restarts: chunks.reduce((s, c) => s + (c.restarts || 0), 0),
      stray: chunks.reduce((s, c) => s + c.stray, 0),
      acceptEncoding: [...new Set(chunks.flatMap((c) => c.acceptEncoding || []))],
    };
    entry.destinations = {
      driver: (destMeta[destMeta.length - 1] || {}).driver,
      recorded: (destMeta[destMeta.length - 1] || {}).recorded,
      cases: new Set(dest.map((r) => r.id)).size,
      results: dest.length,
      outcomes: count(dest, (r) => r.outcome),
      wallSeconds: destMeta.reduce((s, m) => s + m.wallSeconds, 0),
      stray: destMeta.reduce((s, m) => s + m.stray, 0),
      unmatchedProbes: destMeta.reduce((s, m) => s + (m.unmatchedProbes || 0), 0),
    };
    entry.availability = {
      recorded: (availMeta[availMeta.length - 1] || {}).recorded,
      cases: av.length,
      available: av.filter((r) => r.available).length,
      errors: av.filter((r) => r.error).length,
      wallSeconds: availMeta.reduce((s, m) => s + m.wallSeconds, 0),
    };
    if (missing.length) entry.missing = missing;
    recs[b] = entry;
    fs.writeFileSync(path.join(dataDir, `results-${b}.jsonl.gz`), zlib.gzipSync(out.map((r) => JSON.stringify(r)).join('\n') + '\n', { level: 9 }));
    console.error(`${b}: ${out.length} rows (${nav.length} navigation, ${dest.length} destinations, ${av.length} availability), ${missing.length} cases missing`);
  }
  fs.writeFileSync(path.join(dataDir, 'recordings.json'), JSON.stringify(recs, null, 1) + '\n');
}

if (args[0] === 'avail' && browserNames.includes(args[1])) {
  avail(args[1]).catch((e) => { console.error(e); process.exit(1); });
} else if (args[0] === 'merge') {
  merge();
} else {
  console.error('usage: node wire.js avail chromium|firefox|webkit [-only REGEXP] [-fresh] | merge');
  process.exit(2);
}
