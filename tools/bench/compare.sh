#!/bin/sh
# compare.sh BEFORE AFTER: sniffing speed at two commits, interleaved, against
# what a user would run instead.
#
# It builds the package's test binary at each commit (from git archive, in a
# temporary directory) and this module's at AFTER, then runs, ROUNDS times in
# turn, BenchmarkSniff of BEFORE, of AFTER (both with impl=mimesniff and
# impl=nethttp, net/http's DetectContentType) and this module's BenchmarkSniff
# (impl=mimetype, gabriel-vasile/mimetype's Detect), each with -benchtime
# BENCHTIME and -count 1, so that a load that comes and goes falls on all of
# them alike. It prints the load (uptime) before and after, benchstat's
# tables, and one table of medians per file: before, after, DetectContentType,
# after/DetectContentType, mimetype, after/mimetype, and the geometric means.
# Raw results stay in OUT (default: a new temporary directory).
#
# With MODE=instructions it counts instead the instructions of one sniff of
# each file (callgrind, two runs of different lengths, subtracted), which the
# load of the machine does not change: use it when the machine is busy.
#
#	tools/bench/compare.sh main speed
#	ROUNDS=20 BENCHTIME=200ms tools/bench/compare.sh HEAD~3 HEAD
#	MODE=instructions tools/bench/compare.sh main speed
#	MIMESNIFF_BENCH_FILES=/tmp/corpus tools/bench/compare.sh main speed
set -eu
before=${1:?usage: compare.sh BEFORE AFTER}
after=${2:?usage: compare.sh BEFORE AFTER}
rounds=${ROUNDS:-10}
benchtime=${BENCHTIME:-100ms}
mode=${MODE:-time}
out=${OUT:-$(mktemp -d)}
. "$(dirname "$0")/build.sh"
if [ -d "$out/after/tools/bench" ]; then
	(cd "$out/after/tools/bench" && CGO_ENABLED=0 go test -c -o "$out/others.test" .)
else
	echo "compare.sh: no tools/bench at $after: no mimetype column" >&2
fi
echo "before: $before ($(git -C "$repo" rev-parse --short "$before")), after: $after ($(git -C "$repo" rev-parse --short "$after"))"
echo "files: ${MIMESNIFF_BENCH_FILES:-testdata/files}"

# run BINARY DIR ARGS...: run a test binary in DIR, where it finds testdata.
run() {
	bin=$1
	dir=$2
	shift 2
	(cd "$dir" && "$bin" -test.run '^$' "$@")
}

if [ "$mode" = instructions ]; then
	files=${MIMESNIFF_BENCH_FILES:-$out/after/testdata/files}
	printf "%-24s %8s %8s %8s %7s\n" file before after nethttp ratio
	for f in "$files"/*; do
		name=$(basename "$f")
		re="BenchmarkSniff\$/file=$name/impl="
		b=$(instructions "$out/before.test" "$out/before" "${re}mimesniff\$")
		a=$(instructions "$out/after.test" "$out/after" "${re}mimesniff\$")
		n=$(instructions "$out/after.test" "$out/after" "${re}nethttp\$")
		echo "$name $b $a $n"
	done | awk '{ r = $3 / $4; s += log(r); k++; printf "%-24s %8d %8d %8d %7.3f\n", $1, $2, $3, $4, r }
		END { printf "%-24s %8s %8s %8s %7.3f\n", "geomean", "", "", "", exp(s / k) }'
	exit 0
fi

echo "load before: $(uptime)"
: >"$out/before.txt"
: >"$out/after.txt"
: >"$out/others.txt"
for r in $(seq "$rounds"); do
	for c in before after; do
		run "$out/$c.test" "$out/$c" -test.bench 'BenchmarkSniff$' -test.benchtime "$benchtime" -test.count 1 >>"$out/$c.txt"
	done
	if [ -x "$out/others.test" ]; then
		run "$out/others.test" "$out/after/tools/bench" -test.bench 'BenchmarkSniff$' -test.benchtime "$benchtime" -test.count 1 >>"$out/others.txt"
	fi
	echo "round $r: $(uptime)" >&2
done
echo "load after: $(uptime)"

echo
echo "## Sniff, before and after"
grep -v 'impl=\(nethttp\|byteloop\|indexbyte\)' "$out/before.txt" >"$out/before-sniff.txt"
grep -v 'impl=\(nethttp\|byteloop\|indexbyte\)' "$out/after.txt" >"$out/after-sniff.txt"
$benchstat "$out/before-sniff.txt" "$out/after-sniff.txt"
echo
echo "## After: Sniff against DetectContentType"
$benchstat -col /impl "$out/after.txt"
if [ -s "$out/others.txt" ]; then
	echo
	echo "## After: Sniff against DetectContentType and mimetype.Detect"
	$benchstat -col /impl "$out/others.txt"
fi

echo
echo "## Medians (ns/op), ratios and allocations"
# Lines: source, benchmark name, ns/op, allocs/op.
{
	awk '/^Benchmark/ {print "before", $1, $3, $7}' "$out/before.txt"
	awk '/^Benchmark/ {print "after", $1, $3, $7}' "$out/after.txt"
	awk '/^Benchmark/ {print "others", $1, $3, $7}' "$out/others.txt"
} | awk '
	function median(key,    n, i, j, t, v) {
		n = split(vals[key], v, " ")
		for (i = 2; i <= n; i++)
			for (j = i; j > 1 && v[j-1] + 0 > v[j] + 0; j--) { t = v[j]; v[j] = v[j-1]; v[j-1] = t }
		return n % 2 ? v[(n+1)/2] : (v[n/2] + v[n/2+1]) / 2
	}
	{
		name = $2; sub(/^BenchmarkSniff\/file=/, "", name); sub(/-[0-9]+$/, "", name)
		split(name, p, "/impl="); file = p[1]; impl = p[2]
		key = $1 " " file " " impl
		vals[key] = vals[key] " " $3
		allocs[key] = $4
		files[file] = 1
	}
	END {
		printf "%-24s %9s %9s %9s %7s %9s %7s %6s\n", "file", "before", "after", "nethttp", "ratio", "mimetype", "ratio", "allocs"
		for (f in files) {
			b = median("before " f " mimesniff"); a = median("after " f " mimesniff")
			n = median("after " f " nethttp"); m = ("others " f " mimetype") in vals ? median("others " f " mimetype") : 0
			line = sprintf("%-24s %9.2f %9.2f %9.2f %7.3f", f, b, a, n, a / n)
			if (m > 0) { line = line sprintf(" %9.2f %7.3f", m, a / m); lm += log(a / m); km++ } else line = line sprintf(" %9s %7s", "-", "-")
			print line sprintf(" %6s", allocs["after " f " mimesniff"]) | "sort"
			lb += log(b); la += log(a); ln += log(n); lr += log(a / n); k++
		}
		close("sort")
		printf "%-24s %9.2f %9.2f %9.2f %7.3f %9s %7s\n", "geomean", exp(lb / k), exp(la / k), exp(ln / k), exp(lr / k), "", km ? sprintf("%.3f", exp(lm / km)) : "-"
	}'
echo
echo "raw results: $out"
