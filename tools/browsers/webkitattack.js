// webkitattack.js is attack.js's Attacker for WebKitGTK: the same attacker
// page (harness.js) and the same observations, driven through
// WebKitWebDriver (webkit.js's Worker, WebDriver classic over loopback)
// instead of puppeteer. destinations.js uses it for "webkit".
//
// Per job, in one MiniBrowser (a slot's webkit.js Worker, page-load strategy
// "none" so that no command waits for a load that may never come):
//   - sub-resource destinations: "navigate to" the attacker page, then read
//     window.__results with "execute script" every 150 ms until every
//     destination has an answer, a probe or a download, or -timeout passes;
//     then the nested documents' location.href and document.contentType,
//     read by the page where it can and else by switching the driver into
//     the frame (iframe; object and embed where the driver allows it);
//   - document: the attacker page's script sets location.href, then the
//     driver polls location.href and document.readyState.
// Downloads: WebKit's automation reports none; MiniBrowser saves each into
// the worker's own $HOME (webkit.js). A file whose name holds a token is
// that destination's; a file named by Content-Disposition's filename goes to
// the first frame destination (iframe, object, embed) that did not load a
// document at its URL, or to the document destination when it is the
// navigation's.
// Dialogs: the session's unhandledPromptBehavior is "dismiss and notify";
// a command that meets an alert is answered "unexpected alert open", the
// alert is dismissed and the command is sent again.
'use strict';
const path = require('path');
const wk = require('./webkit');
const { dests, classify, TOKEN_RE, atURL, sleep } = require('./attack');

const frameDests = ['iframe', 'object', 'embed'];
const probeRank = { server: 3, page: 2, opaque: 1 };
const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';

// The page-side reader: the harness's results, and per frame destination
// the nested document's URL and type where the page can read them.
const readScript = `
const out = {ready: !!window.__harnessReady, results: window.__results || {}, frames: {}};
const pick = {iframe: 'iframe:not([src*="/__xml/"])', object: 'object', embed: 'embed'};
for (const d of Object.keys(pick)) {
  const el = document.querySelector(pick[d]);
  if (!el) continue;
  const f = {};
  try {
    const doc = el.contentDocument || (el.getSVGDocument && el.getSVGDocument());
    if (doc) { f.href = String(doc.location && doc.location.href); f.contentType = doc.contentType; } else f.cross = true;
  } catch (e) { f.cross = true; }
  out.frames[d] = f;
}
return out;`;

class WebKitAttacker {
  // display is an Xvfb display (webkit.startXvfb); tmp a folder for the
  // workers' homes.
  // acceptInsecureCerts: the sessions accept any TLS certificate.
  constructor({ display, tmp, probes, timeout, navTimeout, workerQuiet, acceptInsecureCerts }) {
    Object.assign(this, { display, tmp, probes, acceptInsecureCerts });
    this.timeout = timeout || 6000;
    this.navTimeout = navTimeout || 8000;
    this.workerQuiet = workerQuiet || 5000;
    this.workers = [];
    this.restarts = 0;
    this.recycles = 0;
    this.alerts = 0;
  }

  async worker(slot) {
    if (!slot.wk) {
      slot.wk = new wk.Worker(this.display, path.join(this.tmp, `home-${this.workers.length}`), this.navTimeout, { pageLoadStrategy: 'none', acceptInsecureCerts: !!this.acceptInsecureCerts });
      this.workers.push(slot.wk);
      await slot.wk.start();
      slot.jobs = 0;
    } else if (++slot.jobs % 40 === 0) {
      // MiniBrowser lists every download and keeps its history; start it
      // afresh now and then (see webkit.js).
      this.recycles++;
      await slot.wk.stop();
      await slot.wk.start();
    }
    return slot.wk;
  }

  // reset restarts a slot's browser after a failed job.
  async reset(slot) {
    if (!slot.wk) return;
    this.restarts++;
    await slot.wk.restart().catch(() => {});
  }

  async version() {
    const w = this.workers[0];
    return w ? w.version : '';
  }

  async close() {
    for (const w of this.workers) await w.stop().catch(() => {});
  }

  // exec runs script in the current browsing context and returns its value;
  // an alert is dismissed by the driver and the script is sent again.
  async exec(w, script, args = []) {
    for (let t = 0; t < 5; t++) {
      const r = await w.cmd('POST', '/execute/sync', { script, args }, 8000);
      const v = r && r.value;
      if (v && typeof v === 'object' && !Array.isArray(v) && typeof v.error === 'string' && typeof v.message === 'string' && !('ready' in v)) {
        if (v.error === 'unexpected alert open') { this.alerts++; continue; }
        throw new Error(`execute: ${v.error}: ${v.message.slice(0, 150)}`);
      }
      return v;
    }
    throw new Error('execute: alerts kept opening');
  }

  // downloads maps the files in the worker's download folder to
  // destinations: {dest: true}, and the names it could not attribute.
  downloads(w, key) {
    const byDest = {};
    const unnamed = [];
    for (const f of w.downloads()) {
      let hit = false;
      for (const m of f.matchAll(TOKEN_RE)) {
        if (`${m[1]}.${m[2]}.${m[3]}` === key) { byDest[m[4]] = true; hit = true; }
      }
      if (!hit && !/\.(part|download)$/.test(f)) unnamed.push(f);
    }
    return { byDest, unnamed };
  }

  // frameInfo reads the nested documents the page could not read (cross
  // origin) by switching the driver into each frame element.
  async frameInfo(w, frames) {
    const pick = { iframe: 'iframe:not([src*="/__xml/"])', object: 'object', embed: 'embed' };
    for (const d of frameDests) {
      const f = frames[d];
      if (!f || !f.cross) continue;
      try {
        const el = await w.cmd('POST', '/element', { using: 'css selector', value: pick[d] }, 4000);
        if (process.env.WKD_DEBUG) console.error('DEBUG element', d, JSON.stringify(el).slice(0, 300));
        if (!el.value || !el.value[ELEMENT]) continue;
        const sw = await w.cmd('POST', '/frame', { id: el.value }, 4000);
        if (process.env.WKD_DEBUG) console.error('DEBUG frame', d, JSON.stringify(sw).slice(0, 300));
        if (sw.value && sw.value.error) { f.driver = sw.value.error; continue; }
        try {
          const v = await this.exec(w, 'return [String(location.href), document.contentType]');
          if (Array.isArray(v)) { f.href = v[0]; f.contentType = v[1]; }
        } finally {
          await w.cmd('POST', '/frame/parent', {}, 4000);
        }
      } catch (_) {}
    }
  }

  // run loads one response; job and the result are attack.js's.
  async run(slot, job) {
    const w = await this.worker(slot);
    const key = `${job.key}.${job.origin}`;
    const want = job.dests || dests;
    const urls = {};
    for (const d of want) urls[d] = job.url(`${key}.${d}`);
    const cfg = {
      dests: Object.fromEntries(want.filter((d) => d !== 'document').map((d) => [d, urls[d]])),
      xmlDoc: `${job.pageOrigin}/__xml/${key}.xslt?href=${encodeURIComponent(urls.xslt || '')}`,
      workerQuiet: this.workerQuiet,
    };
    w.clearDownloads();
    const out = {};

    // Sub-resource destinations, all at once.
    const attackURL = `${job.pageOrigin}/__attack/${key}#${encodeURIComponent(JSON.stringify(cfg))}`;
    const nav = await w.cmd('POST', '/url', { url: attackURL }, 15000);
    if (nav.value && nav.value.error) throw new Error('navigate: ' + nav.value.error);
    const t0 = Date.now();
    let st = { ready: false, results: {}, frames: {} };
    for (;;) {
      await sleep(150);
      try {
        const v = await this.exec(w, readScript);
        if (v && v.ready) st = v;
      } catch (e) {
        if (/invalid session id/.test(e.message)) throw e;
      }
      const dl = this.downloads(w, key).byDest;
      const pending = Object.keys(cfg.dests).filter((d) => !st.results[d] && !dl[d] && !this.probes.has(key, d));
      if (st.ready && !pending.length) break;
      if (Date.now() - t0 > this.timeout + (st.ready ? 0 : 4000)) break;
    }
    if (!st.ready) throw new Error('the attacker page did not run');
    await sleep(300); // late probes and downloads
    try { const v = await this.exec(w, readScript); if (v && v.ready) st = v; } catch (_) {}
    await this.frameInfo(w, st.frames);
    // A frame whose navigation became a download stays at about:blank, and
    // the file may come a little after the frame's load event.
    const undecided = () => {
      const files = this.downloads(w, key);
      return frameDests.filter((d) => cfg.dests[d] && !files.byDest[d] && !(st.frames[d] && atURL(st.frames[d].href, urls[d])) && !(st.results[d] && st.results[d].outcome === 'blocked')).length > files.unnamed.length;
    };
    for (let t = 0; t < 10 && undecided(); t++) await sleep(150);
    const dl = this.downloads(w, key);
    if (process.env.WKD_DEBUG) console.error('DEBUG', key, JSON.stringify({ frames: st.frames, files: w.downloads(), xslt: st.results.xslt }));
    let unnamed = dl.unnamed.length;
    for (const d of Object.keys(cfg.dests)) {
      const r = st.results[d] ? { ...st.results[d] } : null;
      const f = st.frames[d];
      let o;
      if (dl.byDest[d]) o = { outcome: 'download' };
      else if (r) o = r;
      else if (this.probes.has(key, d)) o = { outcome: 'loaded' };
      else o = { outcome: 'timeout' };
      if (frameDests.includes(d) && o.outcome !== 'download') {
        if (f && f.contentType && !o.contentType) o.contentType = f.contentType;
        const at = f && atURL(f.href, urls[d]);
        if (!at && unnamed > 0 && o.outcome !== 'blocked') {
          unnamed--;
          o = { outcome: 'download', note: 'file named by the response' };
        } else if (f && f.href && !at && o.outcome !== 'blocked') {
          o.outcome = 'error';
          o.error = 'frame at ' + f.href.slice(0, 100);
          delete o.contentType;
        } else if (o.outcome === 'timeout' && at) o.outcome = 'loaded';
      }
      delete o.href;
      out[d] = o;
    }

    // The document destination: the attacker page navigates the tab.
    if (want.includes('document')) {
      w.clearDownloads();
      try {
        out.document = await this.navigate(w, key, urls.document);
      } catch (e) {
        // multipart/x-mixed-replace ends the session (MiniBrowser's web
        // process goes away): record it, restart, keep the other results.
        const m = String(e.message || e).split('\n')[0].slice(0, 150);
        out.document = { outcome: 'error', error: 'recorder: ' + m, note: 'driver restarted' };
        await this.reset(slot);
      }
      for (let t = 0; out.document.outcome === 'loaded' && t < 10 && !this.probes.has(key, 'document'); t++) await sleep(100);
    }
    // Leave the page (stops media and workers of this job).
    await w.cmd('POST', '/url', { url: 'about:blank' }, 10000).catch(() => {});

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

  // navigate has the page's own script navigate the tab to url, and
  // returns {outcome: loaded|download|error|timeout, contentType?, error?, note?}.
  async navigate(w, key, url) {
    await this.exec(w, 'const u = arguments[0]; setTimeout(() => { location.href = u; }, 0); return true;', [url]);
    const t0 = Date.now();
    let last = null;
    let errPage = null;
    while (Date.now() - t0 < this.navTimeout) {
      await sleep(150);
      const dl = this.downloads(w, key);
      if (dl.byDest.document || dl.unnamed.length) return { outcome: 'download' };
      let v = null;
      try { v = await this.exec(w, 'return [String(location.href), document.readyState, document.contentType, document.body ? String(document.body.innerText).slice(0, 200) : ""]'); } catch (_) {}
      if (!Array.isArray(v)) continue;
      last = v;
      if (atURL(v[0], url) && v[1] === 'complete') return { outcome: 'loaded', contentType: v[2] };
      if (v[0] === 'about:blank') {
        // WebKit's error page: the session's URL is the case's, the
        // document is about:blank with the reason in its text.
        const cur = await w.cmd('GET', '/url', null, 4000).catch(() => ({}));
        if (atURL(cur.value, url)) { errPage = v[3] || 'error page'; if (Date.now() - t0 > 1500) break; }
      }
    }
    const dl = this.downloads(w, key);
    if (dl.byDest.document || dl.unnamed.length) return { outcome: 'download' };
    if (last && atURL(last[0], url)) return { outcome: 'loaded', contentType: last[2], note: 'no load event' };
    if (errPage) return { outcome: 'error', error: errPage };
    // A navigation the browser dropped (a 204) leaves the tab where it was.
    if (last && last[0].includes('/__attack/')) return { outcome: 'timeout', note: 'the tab stayed at the attacker page' };
    return { outcome: 'timeout' };
  }
}

module.exports = { WebKitAttacker };
