#!/bin/sh
# record-dest-webkit.sh records WebKitGTK on the whole destinations corpus in
# chunks of about 14 minutes under the shared browser lock, resuming from
# out/dest-webkit.jsonl, then merges it into
# testdata/browsers/destinations/results-webkit.jsonl.gz and recordings.json.
#
#	./record-dest-webkit.sh [destinations.js options]
set -u
cd "$(dirname "$0")"
for i in $(seq 1 20); do
	flock /tmp/browsers.lock node destinations.js webkit -budget 780 "$@"
	rc=$?
	[ "$rc" = 0 ] && break
	[ "$rc" = 3 ] || exit "$rc"
done
node destinations.js merge webkit
