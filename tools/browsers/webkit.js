// webkit.js drives WebKitGTK for record.js: WebKitWebDriver (WebDriver
// classic, plain HTTP on loopback, no dependency) starting MiniBrowser with
// --automation under an Xvfb display this module starts itself.
//
// How a navigation is told apart (checked on known cases, see README.md):
//   - document: after "navigate to" returns, the top-level document's
//     location.href is the case's URL;
//   - download: the page never commits (the current URL stays about:blank)
//     and a file appears in the worker's download folder: MiniBrowser saves
//     downloads into $HOME when there is no XDG download folder, so each
//     worker runs its driver and browser with its own empty HOME;
//   - error: WebKit commits its error page (the current URL is the case's,
//     but location.href is about:blank and the body says why), or nothing
//     commits and no file appears;
//   - timeout: "navigate to" times out (WebDriver's page-load timeout). The
//     session is then stuck on the pending load, so the worker's driver and
//     browser are stopped and started again, and the case says so.
'use strict';
const fs = require('fs');
const path = require('path');
const http = require('http');
const net = require('net');
const { spawn } = require('child_process');

const DRIVER = '/usr/bin/WebKitWebDriver';
const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

const sleep = (ms) => new Promise((res) => setTimeout(res, ms));

function freePort() {
  return new Promise((res, rej) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => { const p = s.address().port; s.close(() => res(p)); });
    s.on('error', rej);
  });
}

// startXvfb starts a display for the run and returns {display, stop}.
async function startXvfb() {
  for (let n = 90; n < 140; n++) {
    if (fs.existsSync(`/tmp/.X${n}-lock`)) continue;
    const p = spawn('Xvfb', [`:${n}`, '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], { stdio: 'ignore' });
    await sleep(800);
    if (p.exitCode === null) return { display: `:${n}`, stop: () => p.kill('SIGTERM'), pid: p.pid };
  }
  throw new Error('no free X display');
}

// A Worker owns one WebKitWebDriver, one session (one MiniBrowser) and one
// download folder. opts.pageLoadStrategy (default "normal") is the
// session's; destinations.js uses "none", so that "navigate to" never waits
// for a load that may not come. opts.acceptInsecureCerts asks the session to
// accept any TLS certificate (the red team's self-signed HTTP/2 server).
class Worker {
  constructor(display, dir, caseTimeout, opts = {}) {
    this.display = display;
    this.home = dir;
    this.caseTimeout = caseTimeout;
    this.pageLoadStrategy = opts.pageLoadStrategy || 'normal';
    this.acceptInsecureCerts = !!opts.acceptInsecureCerts;
    this.textLength = Boolean(opts.textLength); // record() adds textLength to a document
    this.restarts = 0;
    this.recycles = 0;
    this.count = 0;
  }

  req(method, p, body, timeout) {
    return new Promise((res, rej) => {
      const d = body ? JSON.stringify(body) : null;
      const r = http.request({ host: '127.0.0.1', port: this.port, path: p, method, headers: d ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(d) } : {} }, (resp) => {
        let s = '';
        resp.setEncoding('utf8');
        resp.on('data', (c) => { s += c; });
        resp.on('end', () => { try { res(JSON.parse(s)); } catch (_) { res({ value: { error: 'bad reply', message: s.slice(0, 200) } }); } });
      });
      r.setTimeout(timeout || 15000, () => r.destroy(new Error('driver did not answer in time')));
      r.on('error', rej);
      if (d) r.write(d);
      r.end();
    });
  }

  cmd(method, p, body, timeout) {
    return this.req(method, `/session/${this.sid}${p}`, body, timeout);
  }

  async start() {
    fs.rmSync(this.home, { recursive: true, force: true });
    fs.mkdirSync(this.home, { recursive: true });
    this.port = await freePort();
    this.proc = spawn(DRIVER, [`--port=${this.port}`], {
      env: { ...process.env, DISPLAY: this.display, HOME: this.home, XDG_CONFIG_HOME: path.join(this.home, '.config'), XDG_CACHE_HOME: path.join(this.home, '.cache'), XDG_DATA_HOME: path.join(this.home, '.local') },
      stdio: 'ignore',
      detached: true, // its own process group: stop() ends the browser it started too
    });
    for (let t = 0; t < 50; t++) {
      await sleep(100);
      try { const s = await this.req('GET', '/status', null, 2000); if (s && s.value) break; } catch (_) {}
    }
    const s = await this.req('POST', '/session', {
      capabilities: {
        alwaysMatch: {
          'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
          pageLoadStrategy: this.pageLoadStrategy,
          unhandledPromptBehavior: 'dismiss and notify',
          timeouts: { pageLoad: this.caseTimeout, script: 3000, implicit: 0 },
          ...(this.acceptInsecureCerts ? { acceptInsecureCerts: true } : {}),
        },
      },
    }, 60000);
    if (!s.value || !s.value.sessionId) throw new Error('no session: ' + JSON.stringify(s).slice(0, 300));
    this.sid = s.value.sessionId;
    this.version = s.value.capabilities.browserVersion;
  }

  async stop() {
    if (this.sid) await this.req('DELETE', `/session/${this.sid}`, null, 5000).catch(() => {});
    this.sid = null;
    if (this.proc && this.proc.exitCode === null) {
      try { process.kill(-this.proc.pid, 'SIGTERM'); } catch (_) {}
      await sleep(300);
      try { process.kill(-this.proc.pid, 'SIGKILL'); } catch (_) {}
    }
    this.proc = null;
  }

  async restart() {
    this.restarts++;
    await this.stop();
    await this.start();
  }

  downloads() {
    try { return fs.readdirSync(this.home).filter((f) => !f.startsWith('.')); } catch (_) { return []; }
  }

  clearDownloads() {
    for (const f of this.downloads()) fs.rmSync(path.join(this.home, f), { recursive: true, force: true });
  }

  // probe reads the top-level document. An open alert (the page ran script)
  // is dismissed by the driver and reported as an error; it is read again.
  async probe() {
    let alert = false;
    for (let t = 0; t < 3; t++) {
      const r = await this.cmd('POST', '/execute/sync', {
        script: 'return [location.href, document.contentType, window.mimesniffProbe === 1, document.body ? String(document.body.innerText).slice(0, 200) : "", document.documentElement ? document.documentElement.textContent.length : 0]',
        args: [],
      }, 8000);
      if (Array.isArray(r.value)) return { href: r.value[0], contentType: r.value[1], script: r.value[2] || alert, text: r.value[3], textLength: r.value[4] };
      if (r.value && r.value.error === 'unexpected alert open') { alert = true; continue; }
      throw new Error('execute: ' + JSON.stringify(r.value).slice(0, 200));
    }
    throw new Error('execute: alerts kept opening');
  }

  // record navigates to url and returns {outcome, contentType?, script?, error?, note?}.
  // Every 100 cases the browser is started afresh: MiniBrowser keeps a bar
  // listing every download and its history grows, and it slows down with them.
  async record(url) {
    if (++this.count % 100 === 0) {
      this.recycles++;
      await this.stop();
      await this.start();
    }
    this.clearDownloads();
    const r = {};
    let nav;
    try {
      nav = await this.cmd('POST', '/url', { url }, this.caseTimeout + 10000);
    } catch (e) {
      nav = { value: { error: 'driver', message: e.message } };
    }
    const navErr = nav && nav.value && nav.value.error;
    if (navErr === 'timeout' || navErr === 'driver') {
      const files = this.downloads();
      if (files.length) { r.outcome = 'download'; r.note = `navigation ${navErr === 'driver' ? 'hung' : 'timed out'}, file saved; driver restarted`; } else { r.outcome = 'timeout'; r.note = 'driver restarted'; if (navErr === 'driver') r.error = nav.value.message; }
      await this.restart();
      return r;
    }
    let cur = await this.cmd('GET', '/url', null, 8000);
    cur = cur && typeof cur.value === 'string' ? cur.value : '';
    let p = null;
    try { p = await this.probe(); } catch (e) { if (cur === url) { r.outcome = 'error'; r.error = 'recorder: ' + e.message; return r; } }
    if (p && p.href === url) {
      r.outcome = 'document';
      r.contentType = p.contentType;
      if (p.script) r.script = true;
      if (this.textLength) r.textLength = p.textLength;
      if (navErr) r.note = `navigate: ${navErr}`;
    } else if (cur === url) {
      r.outcome = 'error';
      r.error = (p && p.text) || navErr || 'error page';
    } else {
      // Not committed: a download, or nothing. The file may lag the command.
      for (let t = 0; t < 15 && !this.downloads().length; t++) await sleep(100);
      if (this.downloads().length) r.outcome = 'download';
      else { r.outcome = 'error'; r.error = `no document and no download (current URL ${cur || '?'}${navErr ? ', ' + navErr : ''})`; }
    }
    // Back to about:blank. If that hangs (a media document that keeps the
    // load busy), this case's browser is stuck: restart now, so that the
    // next case does not time out for this one, and say so here.
    let blank;
    try { blank = await this.cmd('POST', '/url', { url: 'about:blank' }, this.caseTimeout + 5000); } catch (e) { blank = { value: { error: e.message } }; }
    if (blank && blank.value && blank.value.error) {
      r.note = (r.note ? r.note + '; ' : '') + `driver restarted after this case (about:blank: ${blank.value.error})`;
      await this.restart();
    }
    return r;
  }
}

module.exports = { startXvfb, Worker };
