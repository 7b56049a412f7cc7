# build.sh, sourced by compare.sh and profiles.sh with $before, $after and
# $out set: it finds benchstat (the one installed, or through the module
# proxy) and builds the package's test binary at each commit, from git
# archive, into $out/before.test and $out/after.test, the trees beside them
# in $out/before and $out/after, where the binaries find testdata.
repo=$(git rev-parse --show-toplevel)
if command -v benchstat >/dev/null; then
	benchstat=benchstat
elif [ -x "$(go env GOPATH)/bin/benchstat" ]; then
	benchstat=$(go env GOPATH)/bin/benchstat
else
	benchstat="go run golang.org/x/perf/cmd/benchstat@latest"
fi

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
