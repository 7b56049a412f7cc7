#!/bin/sh
# corpus.sh BEFORE AFTER: what Sniff, each profile and the report cost on
# real files at two commits, as means per call over the whole corpus.
#
# It counts with callgrind the instructions of one call of each sub-benchmark
# of BenchmarkCorpus with group=all, which cycles through the 507 real
# bodies of the navigation corpus: two runs of 10 and 60 cycles, subtracted,
# so that setup cancels out and each body counts once a cycle. That is the
# measure issue 24 states its bounds in (a mean per call over a corpus of
# real formats). Both commits are built with AFTER's bench_test.go, so a
# commit older than group=all can be measured. It prints, per impl, the
# count at BEFORE and at AFTER and each one's ratio to Sniff's.
#
#	tools/bench/corpus.sh a129e03 HEAD
set -eu
before=${1:?usage: corpus.sh BEFORE AFTER}
after=${2:?usage: corpus.sh BEFORE AFTER}
out=${OUT:-$(mktemp -d)}
bodies=507
BENCHFILE=bench_test.go
. "$(dirname "$0")/build.sh"
echo "before: $before ($(git -C "$repo" rev-parse --short "$before")), after: $after ($(git -C "$repo" rev-parse --short "$after"))"
for c in before after; do
	for impl in sniff standard chromium firefox webkit report report-none; do
		echo "$c $impl $(instructions "$out/$c.test" "$out/$c" "BenchmarkCorpus/group=all/impl=$impl\$" $((10 * bodies)))"
	done
done | awk '
	{ n[$1, $2] = $3; if (!($2 in seen)) { seen[$2] = 1; order[++k] = $2 } }
	END {
		printf "%-12s %9s %9s %12s %12s\n", "impl", "before", "after", "before/sniff", "after/sniff"
		for (i = 1; i <= k; i++) {
			m = order[i]
			printf "%-12s %9d %9d %12.2f %12.2f\n", m, n["before", m], n["after", m], n["before", m] / n["before", "sniff"], n["after", m] / n["after", "sniff"]
		}
	}'
