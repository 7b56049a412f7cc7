#!/bin/sh
# record-status.sh records one browser on the status corpus
# (testdata/browsers/status, written by genstatus.js): every case in the
# destinations of the issue's matrix from a page of the response's origin
# and of another origin (destinations.js -corpus), and in the seven no-cors
# ways from a page of another site (crossorigin.js -corpus), each in chunks
# of about 13 minutes under the shared browser lock, two pages at once (the
# machine's two cores are shared). Then the cases with a timeout are
# recorded once more into out/status-*-<browser>.retry.jsonl,
# and status.js merges what every browser has recorded so far (a retried
# row keeps its second recording). It resumes from out/status-*-<browser>*.jsonl;
# -fresh starts the browser over.
#
#	./record-status.sh chromium|firefox|webkit [-fresh]
set -u
cd "$(dirname "$0")"
b=$1
corpus=../../testdata/browsers/status
dests=document,iframe,script,module,worker,sharedworker,serviceworker,style,image,audio,video,track,font
mkdir -p out
if [ "${2:-}" = -fresh ]; then
	rm -f "out/status-dest-$b.jsonl" "out/status-cross-$b.jsonl" "out/status-dest-$b.retry.jsonl" "out/status-cross-$b.retry.jsonl"
fi
# chunk runs one recorder in locked chunks until it says done (exit 0; 3
# while cases remain).
chunk() {
	for i in $(seq 1 30); do
		flock /tmp/browsers.lock node "$@" -budget 780
		rc=$?
		[ "$rc" = 0 ] && return 0
		[ "$rc" = 3 ] || return "$rc"
		sleep 5 # let another user of the lock take it
	done
	return 1
}
chunk destinations.js "$b" -corpus "$corpus" -dests "$dests" -j 2 -out "out/status-dest-$b.jsonl" || exit $?
chunk crossorigin.js "$b" -corpus "$corpus" -j 2 -out "out/status-cross-$b.jsonl" || exit $?
# The timeouts again, one page at a time, so that a load that timed out
# because the machine was busy is not taken for the browser's answer.
node status.js retry "$b" > "out/status-retry-$b.txt"
if [ -s "out/status-retry-$b.txt" ]; then
	echo "record-status.sh: $(wc -l < "out/status-retry-$b.txt") cases with a timeout: recording them again" >&2
	chunk destinations.js "$b" -corpus "$corpus" -dests "$dests" -j 2 -ids "out/status-retry-$b.txt" -out "out/status-dest-$b.retry.jsonl" || exit $?
	chunk crossorigin.js "$b" -corpus "$corpus" -j 2 -ids "out/status-retry-$b.txt" -out "out/status-cross-$b.retry.jsonl" || exit $?
fi
node status.js merge "$b"
