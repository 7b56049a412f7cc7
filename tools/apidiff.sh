#!/bin/sh
# apidiff.sh prints the changes to the package's API between two commits, as
# golang.org/x/exp/cmd/apidiff (a tool of this module) reads them:
#
#	tools/apidiff.sh 7067fb9 HEAD
set -eu
cd "$(dirname "$0")/.."
old=$1
new=${2:-HEAD}
dir=$(mktemp -d)
trap 'git worktree remove --force "$dir/old" >/dev/null 2>&1 || true; git worktree remove --force "$dir/new" >/dev/null 2>&1 || true; rm -rf "$dir"' EXIT
(cd tools && go build -o "$dir/apidiff" golang.org/x/exp/cmd/apidiff)
git worktree add -q "$dir/old" "$old"
git worktree add -q "$dir/new" "$new"
(cd "$dir/old" && "$dir/apidiff" -w "$dir/old.exp" github.com/mimesniff/mimesniff)
(cd "$dir/new" && "$dir/apidiff" "$dir/old.exp" github.com/mimesniff/mimesniff)
