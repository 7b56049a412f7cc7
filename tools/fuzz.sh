#!/usr/bin/env bash
# fuzz.sh runs every fuzz target of the library, of the command and of the
# web archive readers (internal/warc, internal/archive) and of the
# JavaScript scanner (internal/jsscan), one after
# the other, for a while each, and prints what each did.
#
#	tools/fuzz.sh [DURATION [TARGETS]]  # default 60s a target, every target
#
# TARGETS is an extended regular expression matched against
# "package/target" (".//FuzzSniff", "./internal/warc/FuzzReader"): .ci/run
# fuzzes the readers of outside bytes this way, a few seconds each, so that
# a target gone red is seen on the next change.
#
# Each target runs with -fuzzminimizetime 10x (FUZZMINIMIZETIME overrides
# it): go test's default spends up to 60 s minimizing every new interesting
# input, which took 60 s of a 90 s run of FuzzDifferential (1,256 execs).
# Failing inputs still go to the package's testdata/fuzz/<target>, as go
# test writes them; the new interesting ones to go's cache, from which the
# next run starts. It prints a line a target (package, target, execs,
# execs a second, new interesting inputs, ok or FAIL), then the failures
# with their logs, and exits 1 when a target failed.
set -euo pipefail
cd "$(dirname "$0")/.."

duration=${1:-60s}
targets=${2:-.}
minimize=${FUZZMINIMIZETIME:-10x}
logs=$(mktemp -d)
failed=()

# seconds converts go's elapsed time ("1m0s", "59s", "1h2m3s") to seconds.
seconds() {
	awk -v t="$1" 'BEGIN {
		s = 0
		while (match(t, /^[0-9.]+[hms]/)) {
			n = substr(t, 1, RLENGTH - 1); u = substr(t, RLENGTH, 1)
			s += n * (u == "h" ? 3600 : u == "m" ? 60 : 1)
			t = substr(t, RLENGTH + 1)
		}
		print s
	}'
}

printf '%-16s %-26s %12s %9s %11s  %s\n' package target execs execs/s interesting result
for pkg in . ./cmd/mimesniff ./internal/archive ./internal/jsscan ./internal/warc; do
	for target in $(go test -list '^Fuzz' "$pkg" | grep '^Fuzz'); do
		if ! grep -qE -- "$targets" <<<"$pkg/$target"; then
			continue
		fi
		log="$logs/${pkg//[.\/]/_}-$target.log"
		result=ok
		go test -run '^$' -fuzz "^$target\$" -fuzztime "$duration" -fuzzminimizetime "$minimize" "$pkg" >"$log" 2>&1 || result=FAIL
		# The last progress line: "fuzz: elapsed: 1m0s, execs: 123 (2/sec), new interesting: 4 (total: 56)".
		last=$(grep -E '^fuzz: elapsed: [^,]+, execs: ' "$log" | tail -1 || true)
		elapsed=$(sed -E 's/^fuzz: elapsed: ([^,]+),.*/\1/' <<<"$last")
		execs=$(sed -E 's/.*execs: ([0-9]+).*/\1/' <<<"$last")
		interesting=$(sed -nE 's/.*new interesting: ([0-9]+).*/\1/p' <<<"$last")
		rate=$(awk -v n="${execs:-0}" -v s="$(seconds "${elapsed:-0s}")" 'BEGIN { printf "%d", (s > 0 ? n / s : 0) }')
		printf '%-16s %-26s %12s %9s %11s  %s\n' "$pkg" "$target" "${execs:-0}" "$rate" "${interesting:--}" "$result"
		if [ "$result" = FAIL ]; then
			failed+=("$log")
		fi
	done
done

if [ ${#failed[@]} -eq 0 ]; then
	rm -r "$logs"
	exit 0
fi
for log in "${failed[@]}"; do
	echo
	echo "== $log"
	grep -v '^fuzz: elapsed' "$log"
done
exit 1
