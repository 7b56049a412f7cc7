// crossverdict.js turns what crossorigin.js observed of one load (the page's
// events, the driver's network events, the server's log, the page's Resource
// Timing entries) into the browser's verdict, and writes the recordings
// (merge). What each verdict rests on, per browser, is in
// testdata/browsers/crossorigin/FORMAT.md; the rules below are its code.
'use strict';
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');

const root = path.resolve(__dirname, '..', '..');
const dataDir = path.join(root, 'testdata', 'browsers', 'crossorigin');
const outDir = path.join(__dirname, 'out');
const ways = ['image', 'script', 'style', 'audio', 'video', 'track', 'fetch'];
const browsers = ['chromium', 'firefox', 'webkit'];

const success = new Set(['load', 'loadedmetadata', 'resolved']);

// pageText says in a few words what the page saw.
function pageText(r) {
  if (r.hung) return 'hung';
  const p = r.page;
  if (!p) return 'none';
  switch (p.ev) {
    case 'load':
      if (p.w !== undefined) return `load ${p.w}x${p.h}`;
      if (p.cues !== undefined) return `load ${p.cues} cues`;
      return 'load';
    case 'loadedmetadata': return 'loadedmetadata';
    case 'error': return p.code ? `error ${p.code}${p.msg ? ': ' + p.msg : ''}` : 'error';
    case 'resolved': return `resolved ${p.type} ${p.status}`;
    case 'rejected': return `rejected: ${p.err}`;
    default: return p.ev + (p.err ? ': ' + p.err : '');
  }
}

// netText says in a few words what the driver saw of each request.
function netText(browser, net) {
  return net.map((n) => {
    const s = [];
    if (n.redirect) s.push(`redirect ${n.redirect}`);
    if (n.redirectCount) s.push(`redirects ${n.redirectCount}`);
    if (n.status !== undefined) s.push(String(n.status));
    if (n.headers === 0) s.push('no headers');
    if (browser === 'chromium') {
      if (n.finished) s.push(`finished ${n.data || 0}B`);
      if (n.failed !== undefined) s.push(`failed ${n.failed || '""'}${n.blockedReason ? ' ' + n.blockedReason : ''}${n.canceled ? ' canceled' : ''}`);
    } else {
      if (n.completed) s.push(`completed ${n.bodySize === undefined ? '?' : n.bodySize}B`);
      if (n.failed !== undefined) s.push(`fetchError ${n.failed}`);
      if (!n.completed && n.failed === undefined) s.push(n.started ? 'started' : 'sent');
    }
    return s.join(' ');
  }).join(' | ');
}

// Verdicts. Each returns {verdict, by?, evidence}.

function chromiumVerdict(way, r) {
  const net = r.net;
  const failed = (re) => net.find((n) => re.test(n.failed || ''));
  const refused = r.logs.find((l) => /Refused to (apply style|execute script)/.test(l));
  let n;
  if ((n = failed(/^net::ERR_BLOCKED_BY_ORB$/))) return { verdict: 'blocked', by: 'orb', evidence: 'CDP loadingFailed net::ERR_BLOCKED_BY_ORB' };
  if ((n = failed(/^net::ERR_BLOCKED_BY_RESPONSE/))) return { verdict: 'blocked', by: 'corp', evidence: `CDP loadingFailed ${n.failed}${n.blockedReason ? ' (' + n.blockedReason + ')' : ''}` };
  if (net.some((x) => x.blockedReason === 'origin') && !r.server.length) return { verdict: 'unrequested', evidence: 'CDP loadingFailed blockedReason origin; no request reached the server' };
  if (r.hung) return { verdict: 'delivered', evidence: 'the script looped for ever: it ran' };
  if (way === 'fetch' && r.page && r.page.ev === 'resolved' && net.some((x) => x.headers === 0)) {
    return { verdict: 'emptied', by: 'orb', evidence: 'fetch resolved; CDP responseReceived without headers, then loadingFailed net::ERR_ABORTED' };
  }
  if ((n = net.find((x) => x.finished))) return { verdict: 'delivered', evidence: `CDP loadingFinished ${n.data || 0} body bytes` };
  if (r.page && success.has(r.page.ev)) return { verdict: 'delivered', evidence: `page: ${r.page.ev}` };
  // The renderer cancels a load it refuses (a style sheet or script of a
  // MIME type it does not take, a script, style sheet or media of a non-ok
  // status): the response was handed to it.
  if (refused && net.some((x) => x.canceled)) return { verdict: 'delivered', evidence: 'CDP loadingFailed net::ERR_ABORTED (canceled); console: "Refused to ..." (the renderer refused it)' };
  if ((n = net.find((x) => x.canceled && x.status !== undefined && x.headers > 0))) {
    return { verdict: 'delivered', evidence: `CDP responseReceived ${n.status} with its headers, then loadingFailed net::ERR_ABORTED (canceled by the renderer)` };
  }
  if ((n = net.find((x) => x.failed !== undefined))) return { verdict: 'blocked', by: 'other', evidence: `CDP loadingFailed ${n.failed}` };
  return null;
}

function firefoxVerdict(way, r) {
  const net = r.net;
  const ok = r.page && success.has(r.page.ev);
  const failed = (re) => net.find((n) => re.test(n.failed || ''));
  const orbLog = r.logs.filter((l) => l.startsWith('orb: '));
  const orbBlock = orbLog.find((l) => /: Blocked: |block response/.test(l));
  const orbFilter = orbLog.find((l) => /: Filtered: /.test(l));
  const logText = (l) => l.replace(/^orb: /, '').replace(/ URL$/, '');
  let n;
  if ((n = failed(/^NS_ERROR_DOM_CORP_FAILED$/))) return { verdict: 'blocked', by: 'corp', evidence: 'BiDi fetchError NS_ERROR_DOM_CORP_FAILED' };
  if (r.hung) return { verdict: 'delivered', evidence: 'the script looped for ever: it ran' };
  if (orbBlock && !ok) return { verdict: 'blocked', by: 'orb', evidence: `Firefox's ORB log: ${logText(orbBlock)}` };
  if ((n = failed(/^NS_ERROR_CORRUPTED_CONTENT$/))) return { verdict: 'blocked', by: 'mime', evidence: 'BiDi fetchError NS_ERROR_CORRUPTED_CONTENT (a MIME type check)' };
  if (!net.length && !r.server.length && r.page && r.page.ev === 'error' && r.logs.some((l) => /Security Error: Content at/.test(l))) {
    return { verdict: 'unrequested', evidence: 'no request; console: "Security Error: Content at ... may not load data from ..."' };
  }
  if (way === 'fetch' && r.page && r.page.ev === 'resolved' && (orbFilter || net.some((x) => x.completed && x.headers === 0))) {
    return { verdict: 'emptied', by: 'orb', evidence: orbFilter ? `fetch resolved; Firefox's ORB log: ${logText(orbFilter)}` : 'fetch resolved; BiDi responseCompleted with its headers cleared' };
  }
  if (ok) return { verdict: 'delivered', evidence: `page: ${r.page.ev}` };
  if ((n = failed(/^NS_ERROR_FAILURE$/))) return { verdict: 'blocked', by: 'orb', evidence: 'BiDi fetchError NS_ERROR_FAILURE (no ORB log line)' };
  if ((n = net.find((x) => x.completed))) return { verdict: 'delivered', evidence: `BiDi responseCompleted ${n.bodySize === undefined ? '?' : n.bodySize} body bytes` };
  if ((n = failed(/^NS_BINDING_ABORTED$/)) && n.status !== undefined) {
    return { verdict: 'delivered', evidence: `BiDi responseStarted ${n.status}, then fetchError NS_BINDING_ABORTED with no ORB block in Firefox's ORB log (the element stopped the load)` };
  }
  if ((n = net.find((x) => x.failed !== undefined))) return { verdict: 'blocked', by: 'other', evidence: `BiDi fetchError ${n.failed}` };
  return null;
}

// webkitVerdict has no network events to read (WebDriver classic has
// none, and MiniBrowser does not write the automation session's console
// out): it rests on the page's events and its Resource Timing entries, and
// for an error event without an entry on whether the no-cors fetch of the
// same response was rejected (all is the case's observations by way).
function webkitVerdict(way, r, all) {
  const ok = r.page && success.has(r.page.ev);
  if (r.hung) return { verdict: 'delivered', evidence: 'the script looped for ever: it ran' };
  if (ok) return { verdict: 'delivered', evidence: `page: ${r.page.ev}` };
  if (!r.server.length) return null;
  if (r.timing.length) return { verdict: 'delivered', evidence: `page: ${r.page ? r.page.ev : 'no event'}, with a Resource Timing entry (the response completed)` };
  if (r.page && r.page.ev === 'rejected') return { verdict: 'blocked', by: 'network', evidence: `page: fetch rejected (${r.page.err}), and no Resource Timing entry` };
  // An error event without a Resource Timing entry: a network error, or an
  // element that gave up on the bytes before they were all read (WebKit's
  // <img> does so with video); the page cannot tell which.
  const f = all && all.fetch;
  if (r.page && r.page.ev === 'error' && f && f.page && f.page.ev === 'rejected' && !f.timing.length) {
    return { verdict: 'blocked', by: 'network', evidence: `page: ${pageText(r)}, no Resource Timing entry, and the no-cors fetch of the same response was rejected` };
  }
  if (r.page && r.page.ev === 'error') {
    return { verdict: 'unknown', evidence: `page: ${pageText(r)}, and no Resource Timing entry (a network error, or the element stopped reading), while the no-cors fetch of the same response resolved` };
  }
  return null;
}

const verdictOf = { chromium: chromiumVerdict, firefox: firefoxVerdict, webkit: webkitVerdict };

// verdict returns the result row's verdict members for one load; all is the
// case's observations by way.
function verdict(browser, way, r, all) {
  if (r.error) return { verdict: 'error', evidence: r.error };
  const v = verdictOf[browser](way, r, all);
  if (v) return v;
  if (!r.page && !r.hung) return { verdict: 'timeout', evidence: r.server.length ? 'no event within the timeout' : 'no event and no request within the timeout' };
  return { verdict: 'error', evidence: `no verdict: page ${pageText(r)}` };
}

// ---------------------------------------------------------------------------
// Merging.

const gunzipLines = (f) => zlib.gunzipSync(fs.readFileSync(f)).toString('utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));

// row makes one result line.
function row(caseId, browser, way, r, all) {
  const v = verdict(browser, way, r, all);
  const o = { case: caseId, browser, way, verdict: v.verdict };
  if (v.by) o.by = v.by;
  o.page = pageText(r);
  if (browser !== 'webkit') o.net = netText(browser, r.net);
  o.requests = r.server.length;
  if (r.server.some((s) => s.range)) o.range = r.server.filter((s) => s.range).map((s) => s.range).join(' ');
  if (browser === 'webkit') o.timing = r.timing.length;
  if (r.ran) o.ran = r.ran;
  const refused = r.logs.find((l) => /Refused to|was not loaded because|blocked due to|was blocked because/.test(l));
  if (refused) o.console = refused.replace(/^[a-z/]+: /, '').replace(/ ORIGIN\/__page\/\S*/, '').slice(0, 160);
  const orb = r.logs.filter((l) => l.startsWith('orb: ')).map((l) => l.replace(/^orb: /, '').replace(/ URL$/, ''));
  if (orb.length) o.orb = orb.join('; ').slice(0, 240);
  o.evidence = v.evidence;
  return o;
}

function merge(which) {
  const list = which && which.length ? which : browsers;
  const cases = gunzipLines(path.join(dataDir, 'cases.jsonl.gz'));
  const metaFile = path.join(dataDir, 'recordings.json');
  const meta = fs.existsSync(metaFile) ? JSON.parse(fs.readFileSync(metaFile, 'utf8')) : { browsers: {} };
  meta.ways = ways;
  meta.cases = cases.length;
  meta.heldout = cases.filter((c) => c.split === 'heldout').length;
  for (const b of list) {
    const f = path.join(outDir, `cross-${b}.jsonl`);
    if (!fs.existsSync(f)) { console.error('missing ' + f); continue; }
    const byCase = new Map();
    const metas = [];
    for (const l of fs.readFileSync(f, 'utf8').split('\n').filter(Boolean)) {
      const o = JSON.parse(l);
      if (o.meta) metas.push(o.meta);
      else byCase.set(o.case, o);
    }
    const rows = [];
    const counts = {};
    const missing = [];
    for (const c of cases) {
      const o = byCase.get(c.id);
      if (!o) { missing.push(c.id); continue; }
      for (const w of ways) {
        const r = row(c.id, b, w, o.ways[w], o.ways);
        rows.push(r);
        counts[w] = counts[w] || {};
        counts[w][r.verdict] = (counts[w][r.verdict] || 0) + 1;
      }
    }
    const last = metas[metas.length - 1] || {};
    meta.browsers[b] = {
      version: last.version,
      driver: last.driver,
      recorded: last.recorded,
      file: `results-${b}.jsonl.gz`,
      cases: cases.length - missing.length,
      wallSeconds: metas.reduce((s, m) => s + m.wallSeconds, 0),
      runs: metas.length,
      parallel: last.parallel,
      batch: last.batch,
      counts,
      recorderErrors: metas.reduce((s, m) => s + (m.recorderErrors || 0), 0),
      hungPages: metas.reduce((s, m) => s + (m.hungPages || 0), 0),
      relaunches: metas.reduce((s, m) => s + (m.relaunches || 0), 0),
      stray: metas.reduce((s, m) => s + m.stray, 0),
      strayRequests: [...new Set(metas.flatMap((m) => m.strayRequests))].slice(0, 20),
    };
    if (b === 'webkit') {
      for (const k of ['restarts', 'recycles', 'alerts']) meta.browsers[b][k] = metas.reduce((s, m) => s + (m[k] || 0), 0);
    }
    if (missing.length) {
      meta.browsers[b].missing = missing.length;
      meta.browsers[b].missingCases = missing.slice(0, 50);
    }
    fs.writeFileSync(path.join(dataDir, `results-${b}.jsonl.gz`), zlib.gzipSync(rows.map((r) => JSON.stringify(r)).join('\n') + '\n', { level: 9 }));
    console.error(`${b}: ${rows.length} results, ${missing.length} cases missing`, JSON.stringify(counts));
  }
  meta.date = new Date().toISOString().slice(0, 10);
  const ordered = { date: meta.date, cases: meta.cases, heldout: meta.heldout, ways: meta.ways, browsers: {} };
  for (const b of browsers) if (meta.browsers[b]) ordered.browsers[b] = meta.browsers[b];
  fs.writeFileSync(metaFile, JSON.stringify(ordered, null, 1) + '\n');
}

module.exports = { verdict, row, pageText, netText, merge, ways, browsers };
