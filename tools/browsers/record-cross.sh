#!/bin/sh
# record-cross.sh records one browser on the whole cross-origin corpus in
# chunks of about 13 minutes under the shared browser lock, resuming from
# out/cross-<browser>.jsonl, then merges it into
# testdata/browsers/crossorigin/results-<browser>.jsonl.gz and recordings.json.
#
#	./record-cross.sh chromium|firefox|webkit [crossorigin.js options]
set -u
cd "$(dirname "$0")"
b=$1
shift
for i in $(seq 1 30); do
	flock /tmp/browsers.lock node crossorigin.js "$b" -budget 780 "$@"
	rc=$?
	[ "$rc" = 0 ] && break
	[ "$rc" = 3 ] || exit "$rc"
	sleep 5 # let another user of the lock take it
done
node crossorigin.js merge "$b"
