#!/bin/sh
# record-all.sh records one browser on the whole navigation corpus, in chunks
# of about 14 minutes each under the shared browser lock, so that other users
# of the machine's browsers can interleave. It resumes where a stopped run
# left off (state/<browser>.jsonl) and ends when results-<browser>.jsonl.gz
# is written.
#
#	./record-all.sh webkit|chromium|firefox [record.js options]
set -u
cd "$(dirname "$0")"
b=$1
shift
out=../../testdata/browsers/navigation/results-$b.jsonl.gz
rm -f "$out"
for i in $(seq 1 30); do
	flock /tmp/browsers.lock node record.js "$b" -minutes 14 "$@" || exit 1
	[ -f "$out" ] && exit 0
done
echo "record-all.sh: $b not finished after 30 chunks" >&2
exit 1
