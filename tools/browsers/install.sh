#!/bin/sh
# install.sh installs what the recorder and the corpus generator need:
# Chromium, Firefox ESR, WebKitGTK's WebDriver (with MiniBrowser) and Xvfb,
# and the tools tools/corpus/gen.js runs, from Debian's packages (run as
# root), and puppeteer-core from npm into this folder. puppeteer-core
# downloads no browser.
set -eu
cd "$(dirname "$0")"
if [ "$(id -u)" = 0 ]; then
	apt-get update
	# Node.js and npm only when missing: a machine with NodeSource's nodejs
	# (which bundles npm) cannot take Debian's npm beside it.
	node=""
	command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1 || node="nodejs npm"
	apt-get -o DPkg::Lock::Timeout=900 install -y chromium firefox-esr webkit2gtk-driver xvfb $node \
		imagemagick ffmpeg lame vorbis-tools opus-tools flac sox webp libavif-bin ghostscript \
		python3-fonttools python3-brotli woff2 zip p7zip-full zstd lz4 xz-utils bzip2 qpdf img2pdf poppler-utils
else
	echo "install.sh: not root; skipping apt-get (see the package list in this file)" >&2
fi
PUPPETEER_SKIP_DOWNLOAD=1 npm ci --no-audit --no-fund
/usr/bin/chromium --version
/usr/lib/firefox-esr/firefox-esr --version
dpkg-query -W libwebkit2gtk-4.1-0 webkit2gtk-driver
