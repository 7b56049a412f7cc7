// lib.js holds what the recorders share: launching a headless browser that
// never leaves loopback (record.js, destinations.js, redteam.js), and telling
// downloads apart (CDP Browser.downloadWillBegin in Chromium, WebDriver BiDi
// browsingContext.downloadWillBegin in Firefox; both fire for a download
// started by a frame too).
'use strict';
const fs = require('fs');
const path = require('path');
// puppeteer-core is loaded when a browser is launched: the WebKit recorders
// (webkit.js) do not need it.
const puppeteer = () => require('puppeteer-core');

const executables = {
  chromium: '/usr/bin/chromium',
  firefox: '/usr/lib/firefox-esr/firefox-esr',
};

// launch starts browserName ('chromium' or 'firefox') headless with a fresh
// profile in tmp/<profile> (default "profile"); Firefox saves downloads
// silently into downloadDir. With opts.insecureCerts it accepts any TLS
// certificate (the red team's self-signed HTTP/2 server on loopback).
function launch(browserName, tmp, downloadDir, profile = 'profile', opts = {}) {
  const insecure = opts.insecureCerts ? { acceptInsecureCerts: true } : {};
  if (browserName === 'chromium') {
    return puppeteer().launch({
      ...insecure,
      browser: 'chrome',
      executablePath: executables.chromium,
      headless: true,
      userDataDir: path.join(tmp, profile),
      args: [
        ...(opts.insecureCerts ? ['--ignore-certificate-errors'] : []),
        '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
        '--disable-background-networking', '--disable-component-update', '--disable-sync',
        '--disable-default-apps', '--disable-extensions', '--no-default-browser-check',
        '--disable-features=Translate,OptimizationHints,MediaRouter,DialMediaRouteProvider',
        '--metrics-recording-only', '--no-pings', '--password-store=basic',
      ],
    });
  }
  return puppeteer().launch({
    ...insecure,
    browser: 'firefox',
    executablePath: executables.firefox,
    headless: true,
    userDataDir: path.join(tmp, profile),
    extraPrefsFirefox: {
      // Downloads: save silently to downloadDir, never ask.
      'browser.download.folderList': 2,
      'browser.download.dir': downloadDir,
      'browser.download.useDownloadDir': true,
      'browser.download.always_ask_before_handling_new_types': false,
      'browser.download.manager.showWhenStarting': false,
      'browser.download.alwaysOpenPanel': false,
      'browser.download.panel.shown': true,
      'browser.download.start_downloads_in_tmp_dir': false,
      'browser.helperApps.deleteTempFileOnExit': true,
      // Do not phone home.
      'app.update.enabled': false,
      'app.update.auto': false,
      'app.normandy.enabled': false,
      'app.shield.optoutstudies.enabled': false,
      'browser.safebrowsing.malware.enabled': false,
      'browser.safebrowsing.phishing.enabled': false,
      'browser.safebrowsing.downloads.enabled': false,
      'browser.safebrowsing.downloads.remote.enabled': false,
      'browser.safebrowsing.blockedURIs.enabled': false,
      'browser.safebrowsing.provider.mozilla.updateURL': '',
      'browser.search.update': false,
      'browser.ping-centre.telemetry': false,
      'browser.newtabpage.enabled': false,
      'browser.startup.homepage_override.mstone': 'ignore',
      'datareporting.healthreport.uploadEnabled': false,
      'datareporting.policy.dataSubmissionEnabled': false,
      'toolkit.telemetry.enabled': false,
      'toolkit.telemetry.unified': false,
      'toolkit.telemetry.server': '',
      'extensions.update.enabled': false,
      'extensions.getAddons.cache.enabled': false,
      'extensions.blocklist.enabled': false,
      'network.captive-portal-service.enabled': false,
      'network.connectivity-service.enabled': false,
      'network.dns.disablePrefetch': true,
      'network.prefetch-next': false,
      'network.http.speculative-parallel-limit': 0,
      'services.settings.server': 'http://127.0.0.1:9/',
      'media.gmp-manager.updateEnabled': false,
      'media.gmp-gmpopenh264.enabled': false,
      'media.autoplay.default': 5,
      'browser.shell.checkDefaultBrowser': false,
      'browser.tabs.warnOnClose': false,
      'dom.disable_open_during_load': false,
    },
  });
}

// watchDownloads calls onDownload(url) for every download the browser
// begins, in any tab or frame. In Chromium it also allows downloads into
// downloadDir (puppeteer's default denies them, which would hide them).
async function watchDownloads(browserName, browser, downloadDir, onDownload) {
  if (browserName !== 'chromium') {
    browser.connection.on('browsingContext.downloadWillBegin', (e) => onDownload(e.url));
    return;
  }
  const cdp = await browser.target().createCDPSession();
  cdp.on('Browser.downloadWillBegin', (e) => onDownload(e.url));
  await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: downloadDir, eventsEnabled: true });
}

// newPage opens a tab whose dialogs (alert from an XSS example) are
// dismissed, so that they never block a load event; onDialog, if given, is
// called for each (a dialog means the page ran script).
async function newPage(browser, onDialog) {
  for (let t = 0; ; t++) {
    try {
      const page = await browser.newPage();
      page.on('dialog', (d) => { if (onDialog) onDialog(d); d.dismiss().catch(() => {}); });
      return page;
    } catch (e) {
      if (t >= 5) throw e;
      await new Promise((res) => setTimeout(res, 200));
    }
  }
}

// versionName turns puppeteer's browser.version() into "Chromium N" or
// "Firefox N".
function versionName(browserName, version) {
  return browserName === 'chromium'
    ? version.replace(/^HeadlessChrome\//, 'Chromium ').replace(/^Chrome\//, 'Chromium ')
    : version.replace(/^firefox\//, 'Firefox ');
}

function driverName(browserName) {
  return `puppeteer-core ${require('puppeteer-core/package.json').version}, ${browserName === 'chromium' ? 'CDP' : 'WebDriver BiDi'}`;
}

// emptyDir removes what is inside dir.
function emptyDir(dir) {
  for (const f of fs.readdirSync(dir)) fs.rmSync(path.join(dir, f), { force: true, recursive: true });
}

// A Relauncher keeps one browser running: get() returns it, launching a new
// one (with a new profile) when there is none or the last one crashed or
// disconnected. Several callers waiting at once share one launch.
class Relauncher {
  // launchOpts are launch's opts.
  constructor(browserName, tmp, downloadDir, onDownload, launchOpts = {}) {
    Object.assign(this, { browserName, tmp, downloadDir, onDownload, launchOpts });
    this.browser = null;
    this.launches = 0;
    this.pending = null;
  }
  async get() {
    if (this.browser && this.browser.connected) return this.browser;
    if (!this.pending) {
      this.pending = (async () => {
        if (this.browser) await this.browser.close().catch(() => {});
        this.launches++;
        const b = await launch(this.browserName, this.tmp, this.downloadDir, `profile-${this.launches}`, this.launchOpts);
        await watchDownloads(this.browserName, b, this.downloadDir, this.onDownload);
        this.browser = b;
      })().finally(() => { this.pending = null; });
    }
    await this.pending;
    return this.browser;
  }
  async close() {
    if (this.browser) await this.browser.close().catch(() => {});
  }
}

module.exports = {
  Relauncher, launch, watchDownloads, newPage, versionName, driverName, emptyDir, executables };
