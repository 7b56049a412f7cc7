#!/bin/sh
# profiles.sh BEFORE AFTER: what the browser profiles, the report and the
# middleware cost beside Sniff at two commits, file by file.
#
# It builds the package's test binary at each commit (from git archive, in a
# temporary directory). By default it counts, with callgrind, the
# instructions of one call of each sub-benchmark of BenchmarkProfiles
# (impl=sniff, chromium, firefox, webkit, report) for every file of
# testdata/files, two runs of different lengths subtracted so that setup
# cancels out, and prints per file each call's count at AFTER and its ratio
# to Sniff's, then the geometric mean and the largest of each ratio, and the
# same means at BEFORE. The load of the machine does not change the counts.
#
# With MODE=time it runs instead, ROUNDS times in turn, BenchmarkProfiles and
# BenchmarkHandler of BEFORE and of AFTER, each with -benchtime BENCHTIME and
# -count 1, and prints benchstat's before/after tables (time and
# allocations) and AFTER's tables by impl. Run it on an idle machine.
# FILES, a pattern, picks the files (default: all). Raw results stay in OUT
# (default: a new temporary directory).
#
#	tools/bench/profiles.sh a129e03 HEAD
#	MODE=time ROUNDS=10 tools/bench/profiles.sh a129e03 HEAD
set -eu
before=${1:?usage: profiles.sh BEFORE AFTER}
after=${2:?usage: profiles.sh BEFORE AFTER}
mode=${MODE:-instructions}
rounds=${ROUNDS:-10}
benchtime=${BENCHTIME:-50ms}
files=${FILES:-*}
out=${OUT:-$(mktemp -d)}
impls="sniff chromium firefox webkit report"
. "$(dirname "$0")/build.sh"
echo "before: $before ($(git -C "$repo" rev-parse --short "$before")), after: $after ($(git -C "$repo" rev-parse --short "$after"))"

if [ "$mode" = time ]; then
	echo "load before: $(uptime)"
	for r in $(seq "$rounds"); do
		for c in before after; do
			(cd "$out/$c" && "$out/$c.test" -test.run '^$' -test.bench 'BenchmarkProfiles|BenchmarkHandler' \
				-test.benchtime "$benchtime" -test.count 1 >>"$out/$c.txt")
		done
		echo "round $r: $(uptime)" >&2
	done
	echo "load after: $(uptime)"
	$benchstat "$out/before.txt" "$out/after.txt"
	echo
	$benchstat -col /impl "$out/after.txt"
	echo "raw results: $out"
	exit 0
fi

# count C FILE IMPL: instructions of one call of a sub-benchmark at C.
count() {
	instructions "$out/$1.test" "$out/$1" "BenchmarkProfiles/file=$2/impl=$3\$"
}
for c in before after; do
	for f in "$out/after/testdata/files"/$files; do
		name=$(basename "$f")
		for impl in $impls; do
			echo "$c $name $impl $(count "$c" "$name" "$impl")"
		done
	done
done >"$out/counts.txt"
awk -v impls="$impls" '
	{ n[$1, $2, $3] = $4; files[$2] = 1 }
	END {
		k = split(impls, im, " ")
		printf "%-24s", "file"
		for (i = 1; i <= k; i++) printf " %9s", im[i]
		for (i = 2; i <= k; i++) printf " %9s", im[i] "/sniff"
		print ""
		for (f in files) {
			line = sprintf("%-24s", f)
			for (i = 1; i <= k; i++) line = line sprintf(" %9d", n["after", f, im[i]])
			for (i = 2; i <= k; i++) {
				for (c = 0; c < 2; c++) {
					s = c ? "after" : "before"
					r = n[s, f, im[i]] / n[s, f, "sniff"]
					lr[s, i] += log(r); if (r > mx[s, i]) mx[s, i] = r
				}
				line = line sprintf(" %9.2f", n["after", f, im[i]] / n["after", f, "sniff"])
			}
			print line | "sort"
			m++
		}
		close("sort")
		for (c = 0; c < 2; c++) {
			s = c ? "after" : "before"
			printf "%-24s", "geomean, " s
			for (i = 1; i <= k; i++) printf " %9s", ""
			for (i = 2; i <= k; i++) printf " %9.2f", exp(lr[s, i] / m)
			print ""
			printf "%-24s", "largest, " s
			for (i = 1; i <= k; i++) printf " %9s", ""
			for (i = 2; i <= k; i++) printf " %9.2f", mx[s, i]
			print ""
		}
	}' "$out/counts.txt"
echo "raw results: $out"
