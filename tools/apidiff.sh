#!/bin/sh
# apidiff.sh prints the changes to the package's API between two commits, as
# golang.org/x/exp/cmd/apidiff (a tool of this module) reads them; with
# -incompatible, only the changes that can break a caller:
#
#	tools/apidiff.sh 7067fb9 HEAD
#	tools/apidiff.sh -incompatible 7067fb9 HEAD
set -eu
cd "$(dirname "$0")/.."
flags=
if [ "${1:-}" = -incompatible ]; then
	flags=-incompatible
	shift
fi
old=$1
new=${2:-HEAD}
dir=$(mktemp -d)
trap 'git worktree remove --force "$dir/old" >/dev/null 2>&1 || true; git worktree remove --force "$dir/new" >/dev/null 2>&1 || true; rm -rf "$dir"' EXIT
(cd tools && go build -o "$dir/apidiff" golang.org/x/exp/cmd/apidiff)
git worktree add -q "$dir/old" "$old"
git worktree add -q "$dir/new" "$new"
(cd "$dir/old" && "$dir/apidiff" -w "$dir/old.exp" github.com/mimesniff/mimesniff)
(cd "$dir/new" && "$dir/apidiff" $flags "$dir/old.exp" github.com/mimesniff/mimesniff)
