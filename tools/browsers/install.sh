#!/bin/sh
# install.sh installs what the recorder needs: Chromium and Firefox ESR from
# Debian's packages (run as root), and puppeteer-core from npm into this
# folder. puppeteer-core downloads no browser.
set -eu
cd "$(dirname "$0")"
if [ "$(id -u)" = 0 ]; then
	apt-get update
	apt-get -o DPkg::Lock::Timeout=900 install -y chromium firefox-esr nodejs npm
else
	echo "install.sh: not root; skipping apt-get (needs chromium, firefox-esr, nodejs, npm)" >&2
fi
PUPPETEER_SKIP_DOWNLOAD=1 npm ci --no-audit --no-fund
/usr/bin/chromium --version
/usr/lib/firefox-esr/firefox-esr --version
