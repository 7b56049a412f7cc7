#!/usr/bin/env bash
# Measures, on one core, how fast a ~1 GB .warc.gz is read: gzip -dc,
# Go's compress/gzip alone, internal/warc reading every record and
# draining its block, nlnwa/gowarc doing the same, internal/archive
# answering every record (the per-record code alone), and the command,
# mimesniff -warc -json and -warc -summary, writing to /dev/null; and
# compress/gzip fed as internal/warc feeds it (warc.Gunzip), which takes
# fewer instructions than compress/gzip's default reading: the stricter
# floor. Prints one line per run: the tool, input bytes, wall seconds,
# CPU seconds (user+sys), input MB per CPU second, records per CPU
# second, peak RSS (kB), the ratio of compress/gzip's CPU seconds (of
# the same round) to the tool's, and the one-minute load average when
# the run started. Speeds are per CPU second, which other processes on a
# shared machine change less than wall time; rounds interleave the
# tools, so that a change in the load falls on all.
# With SPEED_BENCH=FILE, each run is also appended to FILE as a Go
# benchmark line (CPU ns/op, MB/s per CPU second), for benchstat's medians.
# Run from the tools directory:
#
#	bash warcs/speed.sh [file.warc.gz] [runs] [modes]
#
# modes is a space-separated list of gzip, gunzip, gunzip-member, warc,
# gowarc, answer, json, summary (default: all). The file is made by warcs/cmd/bigwarc
# (with the whole bodies of warcs/bodies.sh, in $MIMESNIFF_BODIES, when
# set) when it does not exist.
set -euo pipefail
cd "$(dirname "$0")/.."
file=${1:-/tmp/warcs/big.warc.gz}
runs=${2:-3}
modes=${3:-gzip gunzip gunzip-member warc gowarc answer json summary}
mkdir -p "$(dirname "$file")"
if [ ! -f "$file" ]; then
	go run ./warcs/cmd/bigwarc -out "$file" -size 1GB ${MIMESNIFF_BODIES:+-bodies "$MIMESNIFF_BODIES"}
fi
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
go build -o "$bin/warcspeed" ./warcs/cmd/warcspeed
go build -o "$bin/mimesniff" ../cmd/mimesniff
size=$(stat -c %s "$file")
records=$("$bin/warcspeed" -mode warc "$file" | awk -F'\t' '{print $4}')
gunzip_cpu=
one() { # name, command...
	local name=$1
	shift
	local out load
	load=$(cut -d' ' -f1 /proc/loadavg)
	out=$( { taskset -c 0 env GOMAXPROCS=1 /usr/bin/time -v "$@" >/dev/null; } 2>&1)
	local wall cpu rss
	wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {n=split($2,a,":"); s=0; for(i=1;i<=n;i++) s=s*60+a[i]; print s}' <<<"$out")
	cpu=$(awk -F': ' '/User time|System time/ {s+=$2} END {print s}' <<<"$out")
	rss=$(awk -F': ' '/Maximum resident set size/ {print $2}' <<<"$out")
	[ "$name" = compress/gzip ] && gunzip_cpu=$cpu
	awk -v n="$name" -v b="$size" -v w="$wall" -v s="$cpu" -v r="$records" -v m="$rss" -v g="${gunzip_cpu:-0}" -v l="$load" \
		'BEGIN { printf "%-26s %12d %8.2f s wall %8.2f s cpu %7.1f MB/s %9.0f records/s %7d kB %s load %s\n", n, b, w, s, b/1e6/s, r/s, m, (g>0 ? sprintf("%.3f", g/s) : "-"), l }'
	if [ -n "${SPEED_BENCH:-}" ]; then
		awk -v n="$name" -v b="$size" -v s="$cpu" -v m="$rss" \
			'BEGIN { gsub(/[^A-Za-z0-9]+/, "_", n); printf "BenchmarkSpeed/%s 1 %.0f ns/op %.2f MB/s %d peak-RSS-kB\n", n, s*1e9, b/1e6/s, m }' >>"$SPEED_BENCH"
	fi
}
for _ in $(seq "$runs"); do
	for mode in $modes; do
		case $mode in
		gzip) one "gzip -dc" gzip -dc "$file" ;;
		gunzip) one "compress/gzip" "$bin/warcspeed" -mode gunzip "$file" ;;
		gunzip-member) one "warc.Gunzip" "$bin/warcspeed" -mode gunzip-member "$file" ;;
		warc) one "internal/warc" "$bin/warcspeed" -mode warc "$file" ;;
		gowarc) one "nlnwa/gowarc" "$bin/warcspeed" -mode gowarc "$file" ;;
		answer) one "internal/archive" "$bin/warcspeed" -mode answer "$file" ;;
		json) one "mimesniff -warc -json" "$bin/mimesniff" -warc -json "$file" ;;
		summary) one "mimesniff -warc -summary" "$bin/mimesniff" -warc -summary "$file" ;;
		esac
	done
done
