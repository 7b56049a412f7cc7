// harness.js runs in the attacker page (served at /__attack/<id> by
// destinations.js and by the red-team server, with this file at
// /__harness.js). It loads one response in every sub-resource destination at
// once and records, per destination, what the page could see:
//
//	loaded:  the element's load event (img, script, link, object, embed,
//	         iframe), loadedmetadata (video, audio), a track's load event,
//	         a resolved FontFace.load / register / import(), a worker that
//	         raised no error within workerQuiet ms (note "quiet": weak
//	         evidence, a late error event looks the same), an XML document whose
//	         xml-stylesheet PI was applied;
//	blocked: the error event, a rejected promise, a worker error event, a
//	         constructor that threw, an XML document left untransformed;
//	         a worker whose error is the script's own (an ErrorEvent with a
//	         message: a syntax error) or a service worker whose script
//	         failed to evaluate is "loaded" with error "script error: ...",
//	         because the response was accepted as a script;
//	unsupported: the browser lacks the feature.
//
// A destination with no event at all stays pending; the recorder decides
// (a download it saw, a probe, or a timeout). The configuration is the page
// URL's fragment: a JSON object {dests: {name: url}, workerQuiet: ms}.
// Results are in window.__results as {dest: {outcome, error?, contentType?}}.
'use strict';
(function () {
  const cfg = JSON.parse(decodeURIComponent(location.hash.slice(1)));
  const results = {};
  window.__results = results;
  const set = (d, outcome, extra) => {
    if (results[d]) return;
    results[d] = Object.assign({ outcome }, extra || {});
  };
  const errText = (e) => {
    if (!e) return 'error';
    if (e.message) return String(e.message).slice(0, 200);
    if (e.name) return e.name;
    if (e.type) return e.type + ' event';
    return String(e).slice(0, 200);
  };
  const frameType = (el) => {
    try {
      const doc = el.contentDocument || (el.getSVGDocument && el.getSVGDocument());
      if (doc) return { contentType: doc.contentType, href: String(doc.location && doc.location.href) };
    } catch (_) {}
    return {};
  };
  const body = document.body;
  const D = cfg.dests;
  const quiet = cfg.workerQuiet || 5000;

  for (const d of Object.keys(D)) {
    const u = D[d];
    try {
      switch (d) {
        case 'iframe': case 'object': case 'embed': {
          const el = document.createElement(d);
          if (d === 'iframe') el.src = u; else if (d === 'object') el.data = u; else el.src = u;
          el.width = 50; el.height = 50;
          el.onload = () => set(d, 'loaded', frameType(el));
          el.onerror = (e) => set(d, 'blocked', { error: errText(e) });
          body.appendChild(el);
          break;
        }
        case 'script': case 'module': {
          const el = document.createElement('script');
          if (d === 'module') el.type = 'module';
          el.onload = () => set(d, 'loaded');
          el.onerror = (e) => set(d, 'blocked', { error: errText(e) });
          el.src = u;
          body.appendChild(el);
          break;
        }
        case 'worker': case 'sharedworker': {
          const w = d === 'worker' ? new Worker(u) : new SharedWorker(u);
          // An ErrorEvent with a message is the script's own error (it
          // was fetched and accepted: a parse error); a plain error event
          // is a failed fetch or a refused MIME type.
          w.onerror = (e) => {
            if (e && e.message) set(d, 'loaded', { error: 'script error: ' + errText(e) });
            else set(d, 'blocked', { error: errText(e) });
          };
          setTimeout(() => set(d, 'loaded', { note: 'quiet' }), quiet);
          break;
        }
        case 'serviceworker': {
          if (!navigator.serviceWorker) { set(d, 'unsupported'); break; }
          navigator.serviceWorker.register(u, { scope: u }).then((reg) => {
            set(d, 'loaded');
            reg.unregister().catch(() => {});
          }, (e) => {
            // Registration fails after an accepted fetch when the script
            // does not evaluate.
            const m = errText(e);
            if (/evaluation failed|script evaluation/i.test(m)) set(d, 'loaded', { error: 'script error: ' + m });
            else set(d, 'blocked', { error: m });
          });
          break;
        }
        case 'style': {
          const el = document.createElement('link');
          el.rel = 'stylesheet';
          el.onload = () => {
            let rules;
            try { rules = el.sheet.cssRules.length; } catch (_) {}
            set(d, 'loaded', rules === undefined ? {} : { rules });
          };
          el.onerror = (e) => set(d, 'blocked', { error: errText(e) });
          el.href = u;
          document.head.appendChild(el);
          break;
        }
        case 'image': {
          const el = new Image();
          el.onload = () => set(d, 'loaded');
          el.onerror = (e) => set(d, 'blocked', { error: errText(e) });
          el.src = u;
          break;
        }
        case 'video': case 'audio': {
          const el = document.createElement(d);
          el.preload = 'auto';
          el.muted = true;
          el.onloadedmetadata = () => set(d, 'loaded');
          el.onerror = () => set(d, 'blocked', { error: el.error ? 'MediaError ' + el.error.code + (el.error.message ? ': ' + el.error.message : '') : 'error event' });
          el.src = u;
          body.appendChild(el);
          break;
        }
        case 'font': {
          const f = new FontFace('f' + Math.random().toString(36).slice(2), 'url("' + u + '")');
          f.load().then(() => set(d, 'loaded'), (e) => set(d, 'blocked', { error: errText(e) }));
          break;
        }
        case 'track': {
          const v = document.createElement('video');
          const el = document.createElement('track');
          el.kind = 'subtitles';
          el.srclang = 'en';
          el.onload = () => set(d, 'loaded');
          el.onerror = () => set(d, 'blocked', { error: 'error event' });
          el.src = u;
          v.appendChild(el);
          body.appendChild(v);
          el.track.mode = 'hidden';
          break;
        }
        case 'xslt': {
          if (typeof XSLTProcessor === 'undefined') { set(d, 'unsupported'); break; }
          // An XML document of the page's own origin whose xml-stylesheet
          // processing instruction names u; untransformed, its root is
          // <source xmlns="urn:mimesniff:source">.
          const el = document.createElement('iframe');
          el.width = 50; el.height = 50;
          el.onload = () => {
            let doc = null;
            try { doc = el.contentDocument; } catch (_) {}
            if (!doc || !doc.documentElement) { set(d, 'blocked', { error: 'empty document' }); return; }
            const root = doc.documentElement;
            if (root.namespaceURI === 'urn:mimesniff:source') set(d, 'blocked', { error: 'not transformed' });
            else if (root.localName === 'parsererror' || (root.namespaceURI || '').includes('mozilla.org/newlayout/xml/parsererror') || doc.getElementsByTagName('parsererror').length)
              set(d, 'blocked', { error: 'error document: ' + root.textContent.slice(0, 120) });
            else set(d, 'loaded', { contentType: doc.contentType });
          };
          el.src = cfg.xmlDoc;
          body.appendChild(el);
          break;
        }
        case 'text': {
          // Fetch's "text" destination: import ... with { type: "text" }.
          // A browser that does not know the type rejects a data: URL too.
          import('data:text/plain,x', { with: { type: 'text' } }).then(() => {
            import(u, { with: { type: 'text' } }).then(() => set(d, 'loaded'), (e) => set(d, 'blocked', { error: errText(e) }));
          }, (e) => set(d, 'unsupported', { error: errText(e) }));
          break;
        }
        default:
          set(d, 'unsupported', { error: 'unknown destination' });
      }
    } catch (e) {
      set(d, 'blocked', { error: 'threw: ' + errText(e) });
    }
  }
  window.__harnessReady = true;
})();
