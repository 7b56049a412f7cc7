#!/usr/bin/env bash
# Makes the whole bodies of the navigation corpus in DIR, by their corpus
# names, for warcs.WholeBodies (the record and bigwarc commands' -bodies,
# the tests' MIMESNIFF_BODIES): the real files of tools/corpus/gen.js
# (which needs Debian's media tools, see tools/corpus/README.md), the files
# of testdata/files as files/<name>, and the edge bodies of
# tools/browsers/gencorpus.js as edge/<name>. Run from anywhere:
#
#	bash tools/warcs/bodies.sh /tmp/warcs/bodies
set -euo pipefail
out=$(realpath -m "${1:?usage: bodies.sh DIR}")
root=$(cd "$(dirname "$0")/../.." && pwd)
node "$root/tools/corpus/gen.js" -out "$out" # it empties $out first
mkdir -p "$out/files" "$out/edge"
find "$root/testdata/files" -maxdepth 1 -type f -exec cp {} "$out/files/" \;
node -e '
const fs = require("fs"), path = require("path");
const { edges } = require(process.argv[1]);
for (const [name, bytes] of edges) fs.writeFileSync(path.join(process.argv[2], name), bytes);
' "$root/tools/browsers/gencorpus.js" "$out/edge"
echo "bodies in $out"
