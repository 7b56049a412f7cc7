# build.sh, sourced by compare.sh, profiles.sh and corpus.sh with $before,
# $after and $out set: it finds benchstat (the one installed, or through the
# module proxy), defines instructions, and builds the package's test binary
# at each commit, from git archive, into $out/before.test and
# $out/after.test, the trees beside them in $out/before and $out/after,
# where the binaries find testdata.
repo=$(git rev-parse --show-toplevel)
if command -v benchstat >/dev/null; then
	benchstat=benchstat
elif [ -x "$(go env GOPATH)/bin/benchstat" ]; then
	benchstat=$(go env GOPATH)/bin/benchstat
else
	benchstat="go run golang.org/x/perf/cmd/benchstat@latest"
fi

# instructions BINARY DIR REGEXP [N]: the instructions of one iteration of
# the benchmark REGEXP names, run in DIR: callgrind counts runs of N and 6N
# iterations (N is 10,000 unless given), subtracted so that setup cancels
# out. The garbage collector is off: its background work after a
# benchmark's setup (BenchmarkCorpus decodes the corpus) lands in the timed
# runs differently each time, and moved a call's count by a third from run
# to run; without it two runs agree within 1 %.
instructions() {
	_n=${4:-10000}
	for _k in "$_n" $((6 * _n)); do
		(cd "$2" && GOGC=off GODEBUG=asyncpreemptoff=1 valgrind --tool=callgrind --callgrind-out-file=/dev/null \
			"$1" -test.run '^$' -test.bench "$3" -test.benchtime "${_k}x" -test.cpu 1 2>&1) |
			sed -n 's/.*Collected : //p'
	done | awk -v n=$((5 * _n)) 'NR == 1 {a = $1} NR == 2 {printf "%d\n", ($1 - a) / n}'
}

mkdir -p "$out"
for c in before after; do
	rm -rf "${out:?}/$c"
	mkdir "$out/$c"
	eval "commit=\$$c"
	git -C "$repo" archive "$commit" | tar -x -C "$out/$c"
	# With BENCHFILE set (corpus.sh), both trees run AFTER's benchmarks.
	if [ -n "${BENCHFILE:-}" ]; then
		git -C "$repo" show "$after:$BENCHFILE" >"$out/$c/$BENCHFILE"
	fi
	# Callgrind cannot follow the signals of cgo's threads.
	(cd "$out/$c" && CGO_ENABLED=0 go test -c -o "$out/$c.test" .)
done
