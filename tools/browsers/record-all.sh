#!/bin/sh
# record-all.sh records one browser on the whole navigation corpus, in chunks
# of about 14 minutes each under the shared browser lock, so that other users
# of the machine's browsers can interleave. It resumes where a stopped run
# left off (state/<browser>.jsonl) and ends when every case is recorded
# (record.js exits 0; it exits 3 while cases remain).
#
#	./record-all.sh webkit|chromium|firefox [record.js options]
set -u
cd "$(dirname "$0")"
b=$1
shift
for i in $(seq 1 30); do
	flock /tmp/browsers.lock node record.js "$b" -minutes 14 "$@"
	rc=$?
	[ "$rc" = 0 ] && exit 0
	[ "$rc" = 3 ] || exit "$rc"
done
echo "record-all.sh: $b not finished after 30 chunks" >&2
exit 1
