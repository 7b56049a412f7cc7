#!/usr/bin/env bash
# beam-tested.sh: archive/beam is tested only when what it is built from
# changed. Its first build compiles Apache Beam's Go SDK and downloads its
# dependencies (docs/archives.md, "The Beam pipeline"): most of a cold
# .ci/run, for a module that most changes do not reach. archive/beam/TESTED
# holds the hash of its inputs at which its vet and tests last passed.
#
#	tools/beam-tested.sh hash	print the hash of the inputs as they are now
#	tools/beam-tested.sh check	exit 0 if TESTED holds that hash, 1 if not
#	tools/beam-tested.sh update	run archive/beam's vet and tests and, if
#					they pass, write the hash to TESTED
#
# The inputs are the files, tracked or new (not ignored), that the module's
# build and tests read from this repository:
#   - archive/beam/ (its code, tests, go.mod and go.sum), but TESTED;
#   - internal/archive/ and internal/warc/, which it imports, with their
#     testdata (its tests read internal/warc/testdata);
#   - the non-test Go files of cmd/mimesniff, whose lines its tests compare
#     the pipeline's with;
#   - the root go.mod and go.sum;
#   - tools/mutants/mutants_archive.go, which holds the module's mutants:
#     update type-checks them (TestMutantsApply, which otherwise skips them,
#     as type-checking them needs Beam's SDK built).
# Not the root package, which it imports through internal/archive: its
# exported names are frozen by TestAPI (api/), so a change there cannot
# break Beam's build without failing go test ./... first, and its answers
# reach both sides of the tests' comparison (pipeline and command) alike.
# Nor the Go toolchain: a new Go version is a change to go.mod's go line or
# to the machine, for which update is run by hand.
set -euo pipefail
cd "$(dirname "$0")/.."

tested=archive/beam/TESTED

# inputs lists the input files, one a line, in a fixed order.
inputs() {
	git ls-files --cached --others --exclude-standard -- \
		archive/beam internal/archive internal/warc go.mod go.sum \
		'cmd/mimesniff/*.go' ':!cmd/mimesniff/*_test.go' ":!$tested" \
		tools/mutants/mutants_archive.go |
		LC_ALL=C sort -u |
		while IFS= read -r f; do
			if [ -f "$f" ]; then echo "$f"; fi # a deleted file is not an input
		done
}

# hash prints the SHA-256 of the inputs' names and contents.
hash() {
	inputs | while IFS= read -r f; do sha256sum -- "$f"; done | sha256sum | cut -d' ' -f1
}

# recorded prints the hash TESTED holds (its one line that is no comment).
recorded() {
	if [ -f "$tested" ]; then grep -v '^#' "$tested" | head -1; fi
}

case "${1:-}" in
hash)
	hash
	;;
check)
	[ "$(hash)" = "$(recorded)" ]
	;;
update)
	h=$(hash)
	(cd archive/beam && go vet ./... && go test ./...)
	(cd tools && go test -count=1 -run '^TestMutantsApply$/^archive$/^beam$' ./mutants)
	if [ "$(hash)" != "$h" ]; then
		echo "beam-tested.sh: the inputs changed while the tests ran: run it again" >&2
		exit 1
	fi
	{
		echo "# The hash of archive/beam's inputs at which its vet and tests last"
		echo "# passed, written by tools/beam-tested.sh update after they did:"
		echo "# .ci/run runs them only when the inputs' hash is another."
		echo "$h"
	} >"$tested"
	echo "beam-tested.sh: archive/beam passed at $h: wrote $tested (commit it)"
	;;
*)
	echo "usage: tools/beam-tested.sh hash|check|update" >&2
	exit 2
	;;
esac
