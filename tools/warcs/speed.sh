#!/usr/bin/env bash
# Measures, on one core, how fast a ~1 GB .warc.gz is read: gzip -dc, Go's
# compress/gzip alone, internal/warc reading every record and draining its
# block, and nlnwa/gowarc doing the same. Prints one line per run: the
# tool, input bytes, wall seconds, CPU seconds (user+sys), input MB per CPU
# second, records per CPU second and peak RSS (kB), from /usr/bin/time -v.
# Speeds are per CPU second, which other processes on a shared machine
# change less than wall time. Run from the tools directory:
#
#	bash warcs/speed.sh [file.warc.gz] [runs]
#
# The file is made by warcs/cmd/bigwarc when it does not exist.
set -euo pipefail
cd "$(dirname "$0")/.."
file=${1:-/tmp/warcs/big.warc.gz}
runs=${2:-3}
mkdir -p "$(dirname "$file")"
[ -f "$file" ] || go run ./warcs/cmd/bigwarc -out "$file" -size 1GB
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
go build -o "$bin/warcspeed" ./warcs/cmd/warcspeed
size=$(stat -c %s "$file")
one() { # name, stdout file, command...
	local name=$1 stdout=$2
	shift 2
	local out
	: >"$bin/stdout"
	out=$( { taskset -c 0 env GOMAXPROCS=1 /usr/bin/time -v "$@" >"$stdout"; } 2>&1)
	local wall cpu rss
	wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {n=split($2,a,":"); s=0; for(i=1;i<=n;i++) s=s*60+a[i]; print s}' <<<"$out")
	cpu=$(awk -F': ' '/User time|System time/ {s+=$2} END {print s}' <<<"$out")
	rss=$(awk -F': ' '/Maximum resident set size/ {print $2}' <<<"$out")
	local records
	records=$(awk -F'\t' '{print $4}' "$bin/stdout")
	awk -v n="$name" -v b="$size" -v w="$wall" -v s="$cpu" -v r="${records:-0}" -v m="$rss" \
		'BEGIN { printf "%-16s %12d %8.2f s wall %8.2f s cpu %7.1f MB/s %9s records/s %7d kB\n", n, b, w, s, b/1e6/s, (r>0 ? sprintf("%.0f", r/s) : "-"), m }'
}
for _ in $(seq "$runs"); do
	one "gzip -dc" /dev/null gzip -dc "$file"
	one "compress/gzip" "$bin/stdout" "$bin/warcspeed" -mode gunzip "$file"
	one "internal/warc" "$bin/stdout" "$bin/warcspeed" -mode warc "$file"
	one "nlnwa/gowarc" "$bin/stdout" "$bin/warcspeed" -mode gowarc "$file"
done
