#!/bin/sh
# record-wire.sh records one browser on the wire corpus (testdata/browsers/wire,
# written by genwire.js), each part in chunks of a few minutes under the
# shared browser lock, then merges what every browser has recorded so far
# into results-<browser>.jsonl.gz and recordings.json (wire.js merge).
#
#	./record-wire.sh chromium|firefox|webkit
#
# The parts: the content codings, navigated to (record.js -corpus, one run
# per body); the Content-Type values in every destination from a
# same-origin page (destinations.js -corpus); the availability checks
# (wire.js avail). Each starts over.
set -eu
cd "$(dirname "$0")"
b=$1
corpus=../../testdata/browsers/wire
mkdir -p out
# Firefox one page at a time: a failed download makes record.js relaunch it.
j=4
[ "$b" = firefox ] && j=1
[ "$b" = webkit ] && j=3
for base in html png text empty; do
	flock /tmp/browsers.lock node record.js "$b" -j "$j" -corpus "$corpus" -textlength -only "^coding/[^/]+/[^/]+/$base\$" -out "out/wire-nav-$b-$base.jsonl"
done
flock /tmp/browsers.lock node destinations.js "$b" -corpus "$corpus" -origins same -out "out/wire-dest-$b.jsonl" -fresh
flock /tmp/browsers.lock node wire.js avail "$b" -fresh
node wire.js merge
