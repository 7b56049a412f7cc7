#!/usr/bin/env node
// destinations.js records what one browser does with every response of the
// destinations corpus (testdata/browsers/destinations/, written by
// gendest.js) in every destination, from an attacker page on the response's
// own origin and from one on another origin.
//
//	node destinations.js chromium|firefox|webkit [-j 4] [-budget SECONDS] [-only REGEXP] [-limit N] [-fresh]
//	node destinations.js merge        # writes results.jsonl.gz and recordings.json
//	node destinations.js merge webkit # writes results-webkit.jsonl.gz and recordings.json's webkit entry
//	node destinations.js BROWSER -corpus DIR -origins same -out FILE   # another corpus (testdata/browsers/wire)
//	node destinations.js BROWSER -ids FILE -out FILE -fresh   # the cases named in FILE, one id a line (drift.js)
//	node destinations.js BROWSER ... -dests document,iframe,script   # only these destinations
//	node destinations.js BROWSER -only REGEXP -redo   # record those jobs again (a merge keeps the last line)
//
// Recording appends to tools/browsers/out/dest-<browser>.jsonl and resumes
// from it: a run stops starting new cases after -budget seconds (default
// 840), and the next run goes on where it stopped. -fresh starts over. See
// README.md ("Destinations") for what each outcome means. WebKit (WebKitGTK's
// MiniBrowser through WebKitWebDriver under an Xvfb display of the run's
// own) is driven by webkitattack.js, with -j 3 by default; a run exits 3
// while jobs remain. -corpus DIR reads the corpus from DIR instead of
// testdata/browsers/destinations, and only its cases whose "kind" is absent
// or "destinations"; -origins same (or cross) records one attacker origin.
'use strict';
const fs = require('fs');
const os = require('os');
const net = require('net');
const path = require('path');
const zlib = require('zlib');
const lib = require('./lib');
const { writeAtomic, updateManifest } = require('./files');
const { Attacker, Probes, dests, attackerPage, xmlDoc, probeJS, FINAL } = require('./attack');
const { WebKitAttacker } = require('./webkitattack');
const webkit = require('./webkit');

const root = path.resolve(__dirname, '..', '..');
const filesDir = path.join(root, 'testdata', 'files');
const outDir = path.join(__dirname, 'out');

const args = process.argv.slice(2);
const mode = args[0];
const opt = (name, def) => {
  const i = args.indexOf(name);
  return i < 0 ? def : args[i + 1];
};
const dataDir = opt('-corpus', '') ? path.resolve(opt('-corpus', '')) : path.join(root, 'testdata', 'browsers', 'destinations');
const origins = opt('-origins', 'same,cross').split(',');

// ---------------------------------------------------------------------------
// The corpus.

const readGz = (f) => zlib.gunzipSync(fs.readFileSync(path.join(dataDir, f))).toString('utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
const readJsonl = (f) => fs.readFileSync(path.join(dataDir, f), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));

function loadCorpus() {
  const bodies = new Map();
  for (const b of readGz('bodies.jsonl.gz')) {
    let bytes;
    if (b.body) bytes = Buffer.from(b.body, 'base64');
    else if (b.size <= 1445) bytes = Buffer.from(b.head, 'base64');
    else bytes = fs.readFileSync(path.join(filesDir, b.file));
    bodies.set(b.name, bytes);
  }
  const headers = new Map(readJsonl('headers.jsonl').map((h) => [h.name, h.headers]));
  const cases = readGz('cases.jsonl.gz').filter((c) => !c.kind || c.kind === 'destinations');
  for (const c of cases) {
    c.bytes = bodies.get(c.body);
    c.headerLines = headers.get(c.headers);
    if (!c.bytes || !c.headerLines) throw new Error('bad case ' + c.id);
  }
  return cases;
}

// ---------------------------------------------------------------------------
// The server: a raw TCP server on two loopback ports. Port A is the
// response's origin (it serves the cases, and the same-origin attacker
// page); port B is the other origin (the cross-origin attacker page). Both
// serve /__attack/<id> (the attacker page), /__harness.js, /__xml/<token>
// (the XML document of the xslt destination), /__xsl (a style sheet that
// outputs the probe, for the xml-pi body) and /__probe (the probe's report).
// A case is served at /r/<token>: the status line, the case's header lines
// byte for byte, its Content-Range (when the case has one), Content-Length
// and Connection: close, then the body. A case with a redirect answers
// first with that status line and Location: /r/<token>.final, which serves
// the case. The requests for each token are counted (requests: a row's
// "requests").

const harnessJS = fs.readFileSync(path.join(__dirname, 'harness.js'));
const xslProbe = Buffer.from(`<?xml version="1.0"?>\n<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform" xmlns="http://www.w3.org/1999/xhtml">\n<xsl:output method="html"/>\n<xsl:template match="/"><html><head><title>t</title></head><body><script>${probeJS}</script></body></html></xsl:template>\n</xsl:stylesheet>\n`);

function respond(sock, status, headers, body) {
  let head = `HTTP/1.1 ${status}\r\n`;
  for (const [k, v] of headers) head += `${k}: ${v}\r\n`;
  head += `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n`;
  sock.end(Buffer.concat([Buffer.from(head, 'latin1'), body]));
}

function startServers(cases, run, probes, stray, requests) {
  const origins = {};
  const mk = (which) => net.createServer((sock) => {
    let buf = Buffer.alloc(0);
    sock.on('error', () => {});
    sock.on('data', (d) => {
      buf = Buffer.concat([buf, d]);
      if (buf.indexOf('\r\n\r\n') < 0) return;
      const line = buf.slice(0, buf.indexOf('\r\n')).toString('latin1');
      const m = /^(GET|HEAD) (\S+) HTTP/.exec(line);
      const target = m ? m[2] : '';
      const p = target.split('?')[0];
      let r;
      if (which === 'A' && (r = /^\/r\/([0-9a-z]+)\.(\d+)\.(same|cross)\.([a-z]+)(\.final)?$/.exec(p)) && r[1] === run && cases[Number(r[2])]) {
        const c = cases[Number(r[2])];
        c.requests = (c.requests || 0) + 1;
        const token = `${r[2]}.${r[3]}.${r[4]}`;
        requests.set(token, (requests.get(token) || 0) + 1);
        if (c.redirect && !r[5]) {
          respond(sock, c.redirect, [['Location', p + FINAL]], Buffer.alloc(0));
          return;
        }
        respond(sock, c.status || '200 OK', c.contentRange ? [...c.headerLines, ['Content-Range', c.contentRange]] : c.headerLines, c.bytes);
      } else if (p.startsWith('/__attack/')) {
        respond(sock, '200 OK', [['Content-Type', 'text/html; charset=utf-8']], Buffer.from(attackerPage));
      } else if (p === '/__harness.js') {
        respond(sock, '200 OK', [['Content-Type', 'text/javascript']], harnessJS);
      } else if (p.startsWith('/__xml/')) {
        const href = new URLSearchParams(target.split('?')[1] || '').get('href') || '';
        respond(sock, '200 OK', [['Content-Type', 'application/xml']], Buffer.from(xmlDoc(href)));
      } else if (p === '/__xsl') {
        respond(sock, '200 OK', [['Content-Type', 'text/xsl']], xslProbe);
      } else if (p === '/__probe') {
        probes.add(target.slice(target.indexOf('?') + 1), origins[which]);
        respond(sock, '204 No Content', [], Buffer.alloc(0));
      } else {
        stray.push(`${which} ${line}`);
        respond(sock, '404 Not Found', [], Buffer.alloc(0));
      }
    });
  });
  const a = mk('A');
  const b = mk('B');
  return Promise.all([a, b].map((s) => new Promise((res) => s.listen(0, '127.0.0.1', res)))).then(() => {
    origins.A = `http://127.0.0.1:${a.address().port}`;
    origins.B = `http://127.0.0.1:${b.address().port}`;
    return { origins, close: () => { a.close(); b.close(); } };
  });
}

// ---------------------------------------------------------------------------
// Recording.

async function record(browserName) {
  const isWebKit = browserName === 'webkit';
  const parallel = Number(opt('-j', isWebKit ? 3 : 4));
  const budget = Number(opt('-budget', 840));
  const only = opt('-only', '') ? new RegExp(opt('-only', '')) : null;
  const ids = opt('-ids', '') ? new Set(fs.readFileSync(opt('-ids', ''), 'utf8').split('\n').filter(Boolean)) : null;
  const limit = Number(opt('-limit', 0));
  const partFile = opt('-out', path.join(outDir, `dest-${browserName}.jsonl`));
  fs.mkdirSync(path.dirname(partFile), { recursive: true });
  if (args.includes('-fresh')) fs.rmSync(partFile, { force: true });
  // -dests a,b,c: only those destinations (the status corpus leaves out
  // object, embed, xslt and text).
  const want = opt('-dests', '') ? opt('-dests', '').split(',') : dests;
  for (const d of want) if (!dests.includes(d)) throw new Error('unknown destination ' + d);
  // -redo records the -only or -ids jobs again even when they are done (a
  // merge keeps a row's last line).
  const redo = args.includes('-redo');

  const cases = loadCorpus();
  const done = new Set();
  const prevMeta = [];
  if (fs.existsSync(partFile)) {
    for (const l of fs.readFileSync(partFile, 'utf8').split('\n').filter(Boolean)) {
      const o = JSON.parse(l);
      if (o.meta) prevMeta.push(o.meta);
      else done.add(`${o.case}\t${o.origin}`);
    }
  }
  let jobs = [];
  cases.forEach((c, i) => {
    if (only && !only.test(c.id)) return;
    if (ids && !ids.has(c.id)) return;
    for (const origin of origins) if (redo || !done.has(`${c.id}\t${origin}`)) jobs.push({ i, origin });
  });
  if (limit) jobs = jobs.slice(0, limit);
  if (!jobs.length) {
    console.error(`${browserName}: nothing left to record (${done.size} jobs in ${partFile})`);
    return;
  }

  const run = Date.now().toString(36);
  const probes = new Probes();
  const stray = [];
  const requests = new Map(); // "<i>.<origin>.<dest>" -> requests for it
  const srv = await startServers(cases, run, probes, stray, requests);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `dest-${browserName}-`));
  const downloadDir = path.join(tmp, 'downloads');
  fs.mkdirSync(downloadDir);
  const t0 = Date.now();
  const downloaded = new Set();
  let att = null;
  let browsers = null;
  let xvfb = null;
  if (isWebKit) {
    xvfb = await webkit.startXvfb();
    att = new WebKitAttacker({ display: xvfb.display, tmp, probes, timeout: Number(opt('-timeout', 6000)) });
  } else {
    browsers = new lib.Relauncher(browserName, tmp, downloadDir, (u) => att.sawDownload(u));
    att = new Attacker({ browserName, browsers, probes, downloaded, timeout: Number(opt('-timeout', 6000)) });
  }
  const version = isWebKit ? '' : await (await browsers.get()).version();

  let next = 0;
  let n = 0;
  const counts = {};
  async function worker() {
    const slot = { page: null };
    while (next < jobs.length && (Date.now() - t0) / 1000 < budget) {
      const { i, origin } = jobs[next++];
      const c = cases[i];
      const job = {
        key: `${run}.${i}`,
        origin,
        pageOrigin: origin === 'same' ? srv.origins.A : srv.origins.B,
        serverOrigin: srv.origins.A,
        url: (token) => `${srv.origins.A}/r/${token}`,
        dests: want,
      };
      let out;
      for (let t = 0; t < 2; t++) {
        try {
          out = await att.run(slot, job);
          break;
        } catch (e) {
          if (process.env.WKD_DEBUG) console.error('DEBUG job failed', c.id, origin, e);
          if (isWebKit) await att.reset(slot);
          if (slot.page) await slot.page.close().catch(() => {});
          slot.page = null;
          out = null;
          if (t === 1) {
            out = {};
            for (const d of want) out[d] = { outcome: 'error', probe: '', error: 'recorder: ' + String(e.message || e).split('\n')[0] };
            // WebKit: some responses end the session (multipart/x-mixed-replace
            // in some destinations): load the response in one destination
            // at a time, so that only those that do it say so.
            if (isWebKit) {
              for (const d of want) {
                try {
                  out[d] = { ...(await att.run(slot, { ...job, dests: [d] }))[d], alone: true };
                } catch (e2) {
                  const m = String(e2.message || e2).split('\n')[0];
                  out[d] = { outcome: 'error', probe: '', error: /page crash/.test(m) ? 'page crash (WebDriver: session deleted because of page crash)' : 'recorder: ' + m, alone: true };
                  await att.reset(slot);
                }
              }
            }
          }
        }
      }
      const rows = want.map((d) => ({ case: c.id, browser: browserName, origin, dest: d, ...out[d], requests: requests.get(`${i}.${origin}.${d}`) || 0 }));
      for (const d of want) requests.delete(`${i}.${origin}.${d}`);
      for (const r of rows) counts[r.outcome] = (counts[r.outcome] || 0) + 1;
      fs.appendFileSync(partFile, rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
      n++;
      if (n % 50 === 0) {
        console.error(`${browserName}: ${n}/${jobs.length} jobs ${((Date.now() - t0) / 1000).toFixed(0)}s`);
        lib.emptyDir(downloadDir);
      }
    }
  }
  await Promise.all(Array.from({ length: parallel }, worker));
  const secs = (Date.now() - t0) / 1000;
  const wkVersion = isWebKit ? await att.version() : '';
  if (isWebKit) {
    await att.close();
    xvfb.stop();
  } else await browsers.close();
  srv.close();
  const meta = {
    browser: browserName,
    version: isWebKit ? `WebKitGTK ${wkVersion} (MiniBrowser)` : lib.versionName(browserName, version),
    driver: isWebKit ? 'WebKitWebDriver (WebDriver classic over loopback), MiniBrowser --automation under Xvfb, page-load strategy none' : lib.driverName(browserName),
    recorded: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    jobs: n,
    wallSeconds: Math.round(secs),
    parallel,
    counts,
    stray: stray.length,
    strayRequests: [...new Set(stray)].slice(0, 20),
    unmatchedProbes: probes.unmatched,
  };
  if (isWebKit) Object.assign(meta, { restarts: att.restarts, recycles: att.recycles, alerts: att.alerts });
  fs.appendFileSync(partFile, JSON.stringify({ meta }) + '\n');
  fs.rmSync(tmp, { recursive: true, force: true });
  const left = jobs.length - n;
  console.error(`${browserName} ${meta.version}: ${n} jobs in ${secs.toFixed(0)}s`, counts, `stray ${stray.length}`, left ? `; ${left} jobs left: run again` : '; done');
  return left;
}

// shortError returns a browser's message without the run's URLs and ports
// (which would make every line unique), or "" for the messages that say no
// more than the outcome (an element's bare error event, a media or font
// network error, an untransformed XML document).
function shortError(e) {
  if (!e) return '';
  e = e.trim().replace(/https?:\/\/127\.0\.0\.1:\d+\/[^\s'")]*/g, 'URL').replace(/https?:\/\/127\.0\.0\.1:\d+/g, 'ORIGIN');
  if (/^(error event|A network error occurred\.|empty document|not transformed|MediaError \d+(: .*)?)$/.test(e)) return '';
  return e.length > 160 ? e.slice(0, 157) + '...' : e;
}

// ---------------------------------------------------------------------------
// Merging: one line per (case, browser, origin, destination), in corpus
// order, browsers and origins and destinations in a fixed order.

// merge webkit writes WebKit's rows into results-webkit.jsonl.gz (the Go
// tests read results.jsonl.gz for the browsers they model) and replaces
// only WebKit's entry of recordings.json.
function merge(which) {
  const cases = loadCorpus();
  const only = which === 'webkit';
  const metaFile = path.join(dataDir, 'recordings.json');
  const meta = only ? JSON.parse(fs.readFileSync(metaFile, 'utf8')) : { browsers: {}, date: new Date().toISOString().slice(0, 10), destinations: dests };
  if (!only && fs.existsSync(metaFile)) {
    const old = JSON.parse(fs.readFileSync(metaFile, 'utf8'));
    if (old.browsers && old.browsers.webkit) meta.webkitPending = old.browsers.webkit;
  }
  const rows = [];
  for (const b of only ? ['webkit'] : ['chromium', 'firefox']) {
    const f = path.join(outDir, `dest-${b}.jsonl`);
    if (!fs.existsSync(f)) { console.error('missing ' + f); continue; }
    const byKey = new Map();
    const metas = [];
    for (const l of fs.readFileSync(f, 'utf8').split('\n').filter(Boolean)) {
      const o = JSON.parse(l);
      if (o.meta) { metas.push(o.meta); continue; }
      byKey.set(`${o.case}\t${o.origin}\t${o.dest}`, o);
    }
    const counts = {};
    let n = 0;
    for (const c of cases) {
      for (const origin of ['same', 'cross']) {
        for (const d of dests) {
          const o = byKey.get(`${c.id}\t${origin}\t${d}`);
          if (!o) continue;
          n++;
          counts[o.outcome] = (counts[o.outcome] || 0) + 1;
          const r = { case: o.case, browser: b, origin, dest: d, outcome: o.outcome, probe: o.probe || '' };
          if (o.contentType) r.contentType = o.contentType;
          const e = shortError(o.error);
          if (e) r.error = e;
          if (o.rules !== undefined) r.rules = o.rules;
          if (o.note) r.note = o.note;
          if (o.alone) r.note = (r.note ? r.note + '; ' : '') + 'loaded alone';
          rows.push(r);
        }
      }
    }
    const last = metas[metas.length - 1] || {};
    const missing = [];
    let missingJobs = 0;
    for (const c of cases) {
      const left = ['same', 'cross'].filter((origin) => !byKey.has(`${c.id}\t${origin}\tdocument`));
      missingJobs += left.length;
      if (left.length) missing.push(left.length === 2 ? c.id : `${c.id} (${left[0]})`);
    }
    meta.browsers[b] = {
      version: last.version,
      driver: last.driver,
      recorded: last.recorded,
      wallSeconds: metas.reduce((s, m) => s + m.wallSeconds, 0),
      runs: metas.length,
      parallel: last.parallel,
      results: n,
      counts,
      stray: metas.reduce((s, m) => s + m.stray, 0),
      strayRequests: [...new Set(metas.flatMap((m) => m.strayRequests))].slice(0, 20),
      unmatchedProbes: metas.reduce((s, m) => s + (m.unmatchedProbes || 0), 0),
    };
    if (b === 'webkit') {
      Object.assign(meta.browsers[b], {
        file: 'results-webkit.jsonl.gz',
        restarts: metas.reduce((s, m) => s + (m.restarts || 0), 0),
        recycles: metas.reduce((s, m) => s + (m.recycles || 0), 0),
        alerts: metas.reduce((s, m) => s + (m.alerts || 0), 0),
        complete: missing.length === 0,
      });
      if (missing.length) {
        meta.browsers[b].missingJobs = missingJobs;
        meta.browsers[b].missingCases = missing.length;
        meta.browsers[b].missing = missing;
      }
    }
  }
  if (meta.webkitPending) {
    meta.browsers.webkit = meta.webkitPending;
    delete meta.webkitPending;
  }
  meta.cases = cases.length;
  writeAtomic(path.join(dataDir, only ? 'results-webkit.jsonl.gz' : 'results.jsonl.gz'), zlib.gzipSync(rows.map((r) => JSON.stringify(r)).join('\n') + '\n', { level: 9 }));
  writeAtomic(metaFile, JSON.stringify(meta, null, 1) + '\n');
  console.error(`${rows.length} results`, Object.fromEntries(Object.entries(meta.browsers).map(([k, v]) => [k, v.counts])));
  updateManifest();
}

// status.js merges the status corpus' rows with shortError too.
module.exports = { shortError };

if (require.main !== module) {
  // required for its exports
} else if (mode === 'chromium' || mode === 'firefox' || mode === 'webkit') {
  record(mode).then((left) => process.exit(left ? 3 : 0), (e) => { console.error(e); process.exit(1); });
} else if (mode === 'merge') {
  merge(args[1]);
} else {
  console.error('usage: node destinations.js chromium|firefox|webkit [-j N] [-budget S] [-only RE | -ids FILE] [-redo] [-dests LIST] [-limit N] [-fresh] [-corpus DIR] [-origins LIST] [-out FILE] | merge');
  process.exit(2);
}
