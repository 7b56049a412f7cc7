// crossharness.js runs in the page of another site that crossorigin.js
// serves at http://127.0.0.2:<port>/__page/<id> (with this file at
// /__cross.js). It loads each response of a batch in seven no-cors ways at
// once and records, per way, what the page could see:
//
//	image   new Image(): load (naturalWidth, naturalHeight) or error
//	script  <script src> (classic): load or error
//	style   <link rel=stylesheet>: load or error
//	audio   <audio preload=auto muted>: loadedmetadata (duration) or error
//	video   <video preload=auto muted>: loadedmetadata or error (MediaError
//	        code and message)
//	track   <track kind=subtitles> in a <video>, mode "hidden": load (the
//	        number of cues) or error
//	fetch   fetch(url, {mode: "no-cors"}): resolved (response type and
//	        status) or rejected (the error's message)
//
// A way with no event stays unanswered; the recorder calls it a timeout.
// Bodies that run as scripts report it: mimesniffRan(src) (the corpus's
// JavaScript bodies) and mimesniffCallback(...) (its JSONP bodies) count the
// runs per script URL. Scripts marked "late" (bodies that loop for ever when
// they run) are loaded only when the recorder calls __startLate(), after
// it has read everything else. __read() returns the results, the runs and
// the page's Resource Timing entries for the responses ([url, transferSize,
// encodedBodySize, decodedBodySize, responseStatus]; the server sends
// Timing-Allow-Origin: * so that the sizes are not zeroed).
//
// The configuration is the page URL's fragment: a JSON object {id, loads:
// [{k, urls: {way: url}, late?}]}; __read returns the id, so that the
// recorder knows it reads the batch's page and not the one before.
'use strict';
(function () {
  const cfg = JSON.parse(decodeURIComponent(location.hash.slice(1)));
  const results = {};
  const ran = {};
  const t0 = performance.now();
  try { performance.setResourceTimingBufferSize(10000); } catch (_) {}
  window.mimesniffRan = (src) => { ran[src || '?'] = (ran[src || '?'] || 0) + 1; };
  window.mimesniffCallback = function () {
    const s = document.currentScript ? document.currentScript.src : '?';
    ran[s] = (ran[s] || 0) + 1;
  };
  const set = (k, way, ev, extra) => {
    const r = results[k] || (results[k] = {});
    if (r[way]) return;
    r[way] = Object.assign({ ev, ms: Math.round(performance.now() - t0) }, extra || {});
  };
  const errText = (e) => String((e && (e.message || e.name)) || e).slice(0, 200);

  function load(k, way, u) {
    try {
      switch (way) {
        case 'image': {
          const el = new Image();
          el.onload = () => set(k, way, 'load', { w: el.naturalWidth, h: el.naturalHeight });
          el.onerror = () => set(k, way, 'error');
          el.src = u;
          break;
        }
        case 'script': {
          const el = document.createElement('script');
          el.onload = () => set(k, way, 'load');
          el.onerror = () => set(k, way, 'error');
          el.src = u;
          document.head.appendChild(el);
          break;
        }
        case 'style': {
          const el = document.createElement('link');
          el.rel = 'stylesheet';
          el.onload = () => set(k, way, 'load', { sheet: !!el.sheet });
          el.onerror = () => set(k, way, 'error');
          el.href = u;
          document.head.appendChild(el);
          break;
        }
        case 'audio': case 'video': {
          const el = document.createElement(way);
          el.preload = 'auto';
          el.muted = true;
          el.onloadedmetadata = () => set(k, way, 'loadedmetadata', { d: Number.isFinite(el.duration) ? Math.round(el.duration * 1000) / 1000 : String(el.duration) });
          el.onerror = () => set(k, way, 'error', el.error ? { code: el.error.code, msg: String(el.error.message || '').slice(0, 160) } : {});
          el.src = u;
          document.body.appendChild(el);
          break;
        }
        case 'track': {
          const v = document.createElement('video');
          const el = document.createElement('track');
          el.kind = 'subtitles';
          el.srclang = 'en';
          el.onload = () => set(k, way, 'load', { cues: el.track && el.track.cues ? el.track.cues.length : -1 });
          el.onerror = () => set(k, way, 'error');
          el.src = u;
          v.appendChild(el);
          document.body.appendChild(v);
          el.track.mode = 'hidden';
          break;
        }
        case 'fetch': {
          fetch(u, { mode: 'no-cors', credentials: 'include', cache: 'no-store' })
            .then((r) => set(k, way, 'resolved', { type: r.type, status: r.status }), (e) => set(k, way, 'rejected', { err: errText(e) }));
          break;
        }
        default:
          set(k, way, 'unsupported');
      }
    } catch (e) {
      set(k, way, 'threw', { err: errText(e) });
    }
  }

  for (const l of cfg.loads) {
    for (const way of Object.keys(l.urls)) if (!(way === 'script' && l.late)) load(l.k, way, l.urls[way]);
  }
  window.__startLate = () => {
    for (const l of cfg.loads) if (l.late && l.urls.script) load(l.k, 'script', l.urls.script);
    return true;
  };
  window.__read = () => ({
    ready: true,
    id: cfg.id,
    results,
    ran,
    timing: performance.getEntriesByType('resource').filter((e) => e.name.includes('/r/'))
      .map((e) => [e.name, e.transferSize, e.encodedBodySize, e.decodedBodySize, e.responseStatus === undefined ? -1 : e.responseStatus]),
  });
})();
