// attack.js drives one browser through attacker pages: for one response URL
// base, it opens the attacker page (harness.js) on a given origin, which
// loads the response in every sub-resource destination, then navigates the
// tab itself to the response (the document destination). It is shared by
// destinations.js (responses from a raw server) and redteam.js (responses
// from the Go red-team server).
//
// Every destination gets its own URL, base + "/" + token, where the token
// names the run, the job, the attacker origin and the destination
// (TOKEN_RE). A probe in a body reports itself with a request to
// /__probe?<JSON {h, o, c, s, t}>: h is the URL of the global it runs in
// (location without fragment), o its origin (self.origin), c
// document.currentScript.src, s an Error stack (which names the script's URL
// in classic scripts, modules and workers alike), t document.contentType.
'use strict';
const fs = require('fs');
const path = require('path');
const lib = require('./lib');

const TOKEN_RE = /([0-9a-z]{4,})\.(\d+)\.(same|cross)\.([a-z]+)/g;

// A response that redirects (the status corpus) sends the browser to its
// URL with FINAL appended, which keeps the token in the URL's last segment
// (a file WebKit downloads is named after it). atURL reports whether href is
// the destination's url, or where its redirect led.
const FINAL = '.final';
const atURL = (href, url) => href === url || href === url + FINAL;

// dests are the destinations in the order they are recorded.
const subDests = ['iframe', 'object', 'embed', 'script', 'module', 'worker', 'sharedworker', 'serviceworker',
  'style', 'image', 'video', 'audio', 'font', 'track', 'xslt', 'text'];
const dests = ['document', ...subDests];
const frameDests = new Set(['iframe', 'object', 'embed']);

// probeJS is the probe (probe.js's last line): JavaScript with no "&", "<"
// or ">" so that it can sit in HTML, XML and XSLT bodies unescaped.
const probeJS = fs.readFileSync(path.join(__dirname, 'probe.js'), 'utf8').trim().split('\n').pop();

// attackerPage is the HTML of /__attack/<id>.
const attackerPage = '<!DOCTYPE html><meta charset="utf-8"><title>attacker</title><body><script src="/__harness.js"></script>';

// xmlDoc is the XML document of /__xml/<token>?href=URL: its style sheet is
// the response under test.
function xmlDoc(href) {
  const esc = href.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return '<?xml version="1.0"?>\n<?xml-stylesheet type="text/xsl" href="' + esc + '"?>\n' +
    '<source xmlns="urn:mimesniff:source"><item>mimesniff</item></source>\n';
}

// Probes collects probe reports by job key ("run.job.origin").
class Probes {
  constructor() { this.byKey = new Map(); this.unmatched = 0; }
  // add records the query of a /__probe request received by origin.
  add(query, receivedBy) {
    let r;
    try { r = JSON.parse(decodeURIComponent(query)); } catch (_) { this.unmatched++; return; }
    r.receivedBy = receivedBy;
    const seen = new Set();
    for (const f of [r.h, r.c, r.s]) {
      for (const m of String(f || '').matchAll(TOKEN_RE)) {
        const key = `${m[1]}.${m[2]}.${m[3]}`;
        const id = key + '.' + m[4];
        if (seen.has(id)) continue;
        seen.add(id);
        if (!this.byKey.has(key)) this.byKey.set(key, []);
        this.byKey.get(key).push({ dest: m[4], token: m[0], ...r });
      }
    }
    if (!seen.size) this.unmatched++;
  }
  take(key) {
    const v = this.byKey.get(key) || [];
    this.byKey.delete(key);
    return v;
  }
  has(key, dest) {
    return (this.byKey.get(key) || []).some((p) => p.dest === dest);
  }
}

// classify says in which origin a probe ran: "server" (a global created for
// the response, in the response's origin: a document or a worker), "page"
// (the attacker page's global: a classic or module script, or the XML
// document of the xslt destination), "opaque" (self.origin is "null": a CSP
// sandbox without allow-same-origin), or "other:<origin>".
function classify(p, serverOrigin) {
  if (p.o === 'null') return 'opaque';
  const inGlobal = String(p.h || '').includes(p.token);
  if (!inGlobal || String(p.h).includes('/__xml/')) return 'page';
  if (p.o === serverOrigin) return 'server';
  return 'other:' + p.o;
}
const probeRank = { server: 3, page: 2, opaque: 1 };

// Attacker drives one browser.
class Attacker {
  // browsers is a lib.Relauncher.
  constructor({ browserName, browsers, probes, downloaded, timeout, navTimeout, workerQuiet }) {
    Object.assign(this, { browserName, browsers, probes, downloaded });
    this.timeout = timeout || 6000;
    this.navTimeout = navTimeout || 8000;
    this.workerQuiet = workerQuiet || 5000;
    this.downloadWaiters = new Map();
  }

  sawDownload(url) {
    if (url.endsWith(FINAL)) url = url.slice(0, -FINAL.length);
    this.downloaded.add(url);
    const w = this.downloadWaiters.get(url);
    if (w) w();
  }

  // run loads one response. job: {key ("run.i"), origin ("same"|"cross"),
  // pageOrigin (the attacker page's origin), serverOrigin, base (the
  // response URL without the token part: url = base(token)), dests}.
  // It returns {dest: {outcome, probe, contentType?, error?}}.
  async run(slot, job) {
    const key = `${job.key}.${job.origin}`;
    const want = job.dests || dests;
    const urls = {};
    for (const d of want) urls[d] = job.url(`${key}.${d}`);
    const out = {};
    const cfg = {
      dests: Object.fromEntries(want.filter((d) => d !== 'document').map((d) => [d, urls[d]])),
      xmlDoc: `${job.pageOrigin}/__xml/${key}.xslt?href=${encodeURIComponent(urls.xslt || '')}`,
      workerQuiet: this.workerQuiet,
    };
    const browser = await this.browsers.get();
    if (slot.page && slot.browser !== browser) slot.page = null; // the browser was relaunched
    const fresh = this.browserName === 'chromium' || !slot.page;
    const page = fresh ? await lib.newPage(browser) : slot.page;
    slot.browser = browser;
    let keepPage = this.browserName !== 'chromium';
    try {
      // Sub-resource destinations, all at once.
      const attackURL = `${job.pageOrigin}/__attack/${key}#${encodeURIComponent(JSON.stringify(cfg))}`;
      await page.goto(attackURL, { waitUntil: 'domcontentloaded', timeout: 10000 });
      const t0 = Date.now();
      let res = {};
      for (;;) {
        await sleep(150);
        res = await evalTimeout(page, () => window.__results || {}, 3000).catch(() => res);
        const pending = Object.keys(cfg.dests).filter((d) => !res[d] && !this.downloaded.has(urls[d]) && !this.probes.has(key, d));
        if (!pending.length || Date.now() - t0 > this.timeout) break;
      }
      await sleep(300); // let late probes arrive
      res = await evalTimeout(page, () => window.__results || {}, 3000).catch(() => res);
      const frames = await this.frameInfo(page, urls);
      for (const d of Object.keys(cfg.dests)) {
        const r = res[d] ? { ...res[d] } : null;
        let o;
        if (this.downloaded.has(urls[d])) o = { outcome: 'download' };
        else if (r) o = r;
        else if (this.probes.has(key, d)) o = { outcome: 'loaded' }; // a worker whose probe ran
        else o = { outcome: 'timeout' };
        if (frameDests.has(d) && o.outcome !== 'download') {
          const f = frames[d];
          if (f && f.contentType && !o.contentType) o.contentType = f.contentType;
          if (f && f.href && !atURL(f.href, urls[d]) && o.outcome !== 'blocked') {
            o.outcome = 'error';
            o.error = 'frame at ' + f.href.slice(0, 100);
          }
          if (o.outcome === 'timeout' && f && atURL(f.href, urls[d])) o.outcome = 'loaded';
        }
        delete o.href;
        out[d] = o;
      }

      // The document destination: the attacker page navigates the tab.
      if (want.includes('document')) {
        out.document = await this.navigate(page, urls.document);
        // A probe's request may still be on its way when the load event
        // comes: wait for it a little before the tab moves on.
        for (let t = 0; out.document.outcome === 'loaded' && t < 10 && !this.probes.has(key, 'document'); t++) await sleep(100);
        if (out.document.outcome === 'download' || out.document.outcome === 'timeout') keepPage = false;
      }
    } finally {
      if (keepPage) {
        try {
          await page.goto('about:blank', { timeout: 5000 });
          slot.page = page;
        } catch (_) {
          page.close().catch(() => {});
          slot.page = null;
        }
      } else {
        page.close().catch(() => {});
        slot.page = null;
      }
    }

    // Probes.
    await sleep(50);
    for (const p of this.probes.take(key)) {
      if (!out[p.dest]) continue;
      const c = classify(p, job.serverOrigin);
      const prev = out[p.dest].probe;
      if (!prev || (probeRank[c] || 0) > (probeRank[prev] || 0)) out[p.dest].probe = c;
    }
    for (const d of Object.keys(out)) if (!out[d].probe) out[d].probe = '';
    return out;
  }

  // frameInfo reads, through the driver, document.contentType and the URL of
  // the documents nested by the iframe, object and embed elements (a
  // cross-origin page cannot read them itself).
  async frameInfo(page, urls) {
    const info = {};
    let frames = [];
    try { frames = page.frames(); } catch (_) { return info; }
    for (const f of frames) {
      if (f === page.mainFrame()) continue;
      let tag = '';
      try {
        const el = await withTimeout(f.frameElement(), 1500);
        if (el) tag = await withTimeout(el.evaluate((e) => e.localName), 1500);
      } catch (_) {}
      let d = { iframe: 'iframe', object: 'object', embed: 'embed' }[tag];
      if (!d) d = Object.keys(urls).find((k) => frameDests.has(k) && atURL(f.url(), urls[k]));
      if (!d || info[d]) continue;
      info[d] = { href: f.url() };
      try {
        info[d].contentType = await withTimeout(f.evaluate(() => document.contentType), 1500);
      } catch (_) {}
    }
    return info;
  }

  // navigate has the page's own script navigate the tab to url, and
  // returns {outcome: loaded|download|error|timeout, contentType?, error?}.
  async navigate(page, url) {
    const dl = new Promise((res) => this.downloadWaiters.set(url, () => res('download')));
    let err = null;
    try {
      const nav = page.waitForNavigation({ waitUntil: 'load', timeout: this.navTimeout });
      nav.catch(() => {});
      await evalTimeout(page, (u) => { setTimeout(() => { location.href = u; }, 0); }, 3000, url);
      await Promise.race([nav, dl]);
    } catch (e) {
      err = e;
    }
    this.downloadWaiters.delete(url);
    if (err && !this.downloaded.has(url)) await sleep(800);
    if (this.downloaded.has(url)) return { outcome: 'download' };
    let at = '';
    try { at = page.url(); } catch (_) {}
    if (atURL(at, url)) {
      const ct = await evalTimeout(page, () => document.contentType, 3000).catch(() => null);
      if (ct) return err ? { outcome: 'loaded', contentType: ct, note: 'no load event' } : { outcome: 'loaded', contentType: ct };
    }
    if (err && /timeout/i.test(String(err.name) + String(err.message))) {
      // A navigation the browser dropped (a 204) leaves the tab where it was.
      return at.includes('/__attack/') ? { outcome: 'timeout', note: 'the tab stayed at the attacker page' } : { outcome: 'timeout' };
    }
    if (err) return { outcome: 'error', error: String(err.message || err).split('\n')[0].slice(0, 200) };
    return { outcome: 'error', error: 'tab at ' + at.slice(0, 100) };
  }
}

const sleep = (ms) => new Promise((res) => setTimeout(res, ms));
function withTimeout(p, ms) {
  return Promise.race([p, new Promise((_, rej) => setTimeout(() => rej(new Error('timeout')), ms))]);
}
function evalTimeout(page, fn, ms, ...args) {
  return withTimeout(page.evaluate(fn, ...args), ms);
}

module.exports = { Attacker, Probes, classify, dests, subDests, probeJS, attackerPage, xmlDoc, TOKEN_RE, FINAL, atURL, sleep };
