// availability.js checks that a site's responses cannot make a browser stop
// loading from the site: a page of the site loads one response in several
// frames at once (six by default: a browser keeps about six connections per
// host), then the check measures whether a fresh page of the same site still
// loads within a few seconds, first in a new frame of that page (the frames
// are still there), then as a top-level navigation away from it.
//
// WebKitGTK 2.50 is why: a response it streams as a download and never
// finishes (multipart/x-mixed-replace with Content-Disposition: attachment)
// holds its connection, and six of them leave it unable to load anything
// more from the host (testdata/browsers/wire, cases mixed/...).
//
// It is driver-agnostic: checkAvailability takes a "tab" with two methods,
// made by puppeteerTab (Chromium, Firefox) or webkitTab (webkit.js's
// Worker), and URLs the caller's server answers. wire.js runs it on the wire
// corpus; the red team (redteam.js, tools/redteam) can run it on its own
// targets with its attacker page as pageURL and any fresh page of its
// server (a new /__attack/<id>) as freshURL:
//
//	const { checkAvailability, puppeteerTab } = require('./availability');
//	const r = await checkAvailability(puppeteerTab(page), {
//	  pageURL: `${a}/__attack/avail`,
//	  frameURL: (k) => `${a}/some/target?frame=${k}`,
//	  freshURL: (what) => `${a}/__attack/fresh-${what}-${Date.now()}`,
//	});
//	// r.available is false when the fresh page did not load in time in
//	// either way; the browser is then unusable for the site: start it afresh.
//
// What it returns:
//
//	{available, inPage: {ok, ms, error?}, navigation: {ok, ms, error?},
//	 frames: [{load, href?, contentType?, readyState?, error?}], elapsedMs}
//
// frames are read by the page after settle ms (a cross-origin or
// downloaded frame has no readable document: only load). A frame whose
// response became a download stays at about:blank (WebKit, Firefox) or
// fires load with an empty document; the caller tells downloads apart by
// its own means (download events, files), and probes by its server.
'use strict';

const sleep = (ms) => new Promise((res) => setTimeout(res, ms));

// The page-side parts: each is a function body run with the given
// arguments (WebDriver's "execute script" semantics).
const INSTALL = `
const urls = arguments[0], element = arguments[1];
const st = window.__avail = {frames: [], els: [], fresh: null};
urls.forEach((u) => {
  const f = {load: false};
  st.frames.push(f);
  if (element === 'fetch') {
    st.els.push(null);
    fetch(u, {cache: 'no-store'}).then((r) => r.arrayBuffer()).then(() => { f.load = true; }, (e) => { f.error = String(e); });
    return;
  }
  const el = document.createElement(element === 'img' ? 'img' : element);
  if (element === 'object') el.data = u; else el.src = u;
  el.width = 40; el.height = 40;
  el.onload = () => { f.load = true; f.ms = Math.round(performance.now()); };
  el.onerror = () => { f.error = 'error event'; };
  st.els.push(el);
  document.body.appendChild(el);
});
return urls.length;`;

const READ_FRAMES = `
const st = window.__avail;
if (!st) return null;
return st.frames.map((f, i) => {
  const o = {load: f.load};
  if (f.error) o.error = f.error;
  const el = st.els && st.els[i];
  if (el) {
    try {
      const d = el.contentDocument || (el.getSVGDocument && el.getSVGDocument());
      if (d) { o.href = String(d.location && d.location.href); o.contentType = d.contentType; o.readyState = d.readyState; }
    } catch (e) { o.cross = true; }
  }
  return o;
});`;

const START_FRESH = `
const st = window.__avail, u = arguments[0];
const el = document.createElement('iframe');
const t0 = performance.now();
st.fresh = {load: false};
el.onload = () => {
  let at = '';
  try { at = String(el.contentDocument.location.href); } catch (e) { at = 'cross'; }
  st.fresh = {load: true, ms: Math.round(performance.now() - t0), at};
};
el.src = u;
document.body.appendChild(el);
return true;`;

const READ_FRESH = 'return window.__avail ? window.__avail.fresh : null;';

// checkAvailability runs the check in tab. opts: pageURL (a page of the
// site to start from), frameURL(k) (the response under test, a distinct URL
// per frame), freshURL(what) (a page of the same site not loaded before,
// what is "frame" or "top"), frames (6), element ("iframe"; or "object",
// "embed", "img", "fetch"), settle (ms the frames get before the check,
// 3000), timeout (ms a fresh page gets, 5000).
async function checkAvailability(tab, opts) {
  const o = { frames: 6, element: 'iframe', settle: 3000, timeout: 5000, ...opts };
  const t0 = Date.now();
  const start = await tab.goto(o.pageURL, 15000);
  if (!start.ok) throw new Error(`availability: the starting page did not load: ${start.error || 'timeout'}`);
  const urls = Array.from({ length: o.frames }, (_, k) => o.frameURL(k));
  await tab.exec(INSTALL, [urls, o.element]);
  await sleep(o.settle);
  const frames = (await tab.exec(READ_FRAMES, []).catch((e) => [{ error: 'read: ' + e.message }])) || [];

  // A fresh page in a new frame of the same page.
  const inPage = { ok: false };
  const freshFrame = o.freshURL('frame');
  const f0 = Date.now();
  try {
    await tab.exec(START_FRESH, [freshFrame]);
    for (;;) {
      await sleep(100);
      const f = await tab.exec(READ_FRESH, []);
      if (f && f.load) {
        inPage.ms = Date.now() - f0;
        inPage.ok = f.at === freshFrame && inPage.ms <= o.timeout;
        if (f.at !== freshFrame) inPage.error = 'frame at ' + String(f.at).slice(0, 100);
        break;
      }
      if (Date.now() - f0 > o.timeout) { inPage.error = 'timeout'; break; }
    }
  } catch (e) {
    inPage.error = String(e.message || e).split('\n')[0].slice(0, 200);
  }

  // A fresh page as a top-level navigation (the page and its frames go).
  const navigation = await tab.goto(o.freshURL('top'), o.timeout);
  return { available: inPage.ok && navigation.ok, inPage, navigation, frames, elapsedMs: Date.now() - t0 };
}

// puppeteerTab adapts a puppeteer Page.
function puppeteerTab(page) {
  return {
    async goto(url, timeout) {
      const t0 = Date.now();
      try {
        await page.goto(url, { waitUntil: 'load', timeout });
        const at = page.url();
        return at === url ? { ok: true, ms: Date.now() - t0 } : { ok: false, ms: Date.now() - t0, error: 'tab at ' + at.slice(0, 100) };
      } catch (e) {
        const m = String(e.message || e).split('\n')[0].slice(0, 200);
        return { ok: false, ms: Date.now() - t0, error: /timeout/i.test(String(e.name) + m) ? 'timeout' : m };
      }
    },
    exec(body, args) {
      return Promise.race([
        page.evaluate((b, a) => (new Function(b)).apply(null, a), body, args),
        sleep(5000).then(() => { throw new Error('evaluate timed out'); }),
      ]);
    },
  };
}

// webkitTab adapts a webkit.js Worker, best started with page-load strategy
// "none" (so that "navigate to" returns at once; the tab polls the document).
function webkitTab(w) {
  const exec = async (body, args) => {
    for (let t = 0; t < 5; t++) {
      const r = await w.cmd('POST', '/execute/sync', { script: body, args }, 8000);
      const v = r && r.value;
      if (v && typeof v === 'object' && !Array.isArray(v) && typeof v.error === 'string' && typeof v.message === 'string') {
        if (v.error === 'unexpected alert open') continue;
        throw new Error(`execute: ${v.error}: ${v.message.slice(0, 150)}`);
      }
      return v;
    }
    throw new Error('execute: alerts kept opening');
  };
  return {
    exec,
    async goto(url, timeout) {
      const t0 = Date.now();
      const nav = await w.cmd('POST', '/url', { url }, timeout + 5000).catch((e) => ({ value: { error: e.message } }));
      if (nav.value && nav.value.error && nav.value.error !== 'timeout') return { ok: false, ms: Date.now() - t0, error: 'navigate: ' + nav.value.error };
      while (Date.now() - t0 <= timeout) {
        const v = await exec('return [String(location.href), document.readyState]', []).catch(() => null);
        if (Array.isArray(v) && v[0] === url && v[1] === 'complete') {
          const ms = Date.now() - t0;
          return ms <= timeout ? { ok: true, ms } : { ok: false, ms, error: 'timeout' };
        }
        await sleep(100);
      }
      return { ok: false, ms: Date.now() - t0, error: 'timeout' };
    },
  };
}

module.exports = { checkAvailability, puppeteerTab, webkitTab };
