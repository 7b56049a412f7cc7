#!/bin/sh
# apicheck.sh fails when the package's API has changed incompatibly since
# the commit that released it: the one that added api/v1.txt, whose lines
# TestAPI holds the package to. apidiff reads the packages themselves, so
# it also sees what a line of api/v1.txt cannot say (a method set a type
# loses through an embedded field, a type made uncomparable).
set -eu
cd "$(dirname "$0")/.."
base=$(git log --format=%H --diff-filter=A -1 -- api/v1.txt 2>/dev/null || true)
if [ -z "$base" ]; then
	echo "apicheck: no commit of this clone adds api/v1.txt (a shallow clone?): skipped; TestAPI still checks the list"
	exit 0
fi
out=$(tools/apidiff.sh -incompatible "$base" HEAD)
if [ -n "$out" ]; then
	echo "incompatible changes to the API released at $base (api/v1.txt):"
	echo "$out"
	exit 1
fi
echo "apicheck: no incompatible change since $base"
