#!/usr/bin/env bash
# readme-setup.sh does what the README's "Install" section tells a new user
# to do, line for line: in a new, empty module beside a clone of this
# checkout, with the README's first program as main.go, it runs the first
# indented block under "## Install" as it is written (the clone's URL
# replaced by this checkout), and checks that the program prints what its
# comments say. .ci/run runs it, so that the README's set-up cannot stop
# working unseen.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
readme="$repo/README.md"
tmp=$(mktemp -d)
trap 'chmod -R u+w "$tmp"; rm -rf "$tmp"' EXIT
mkdir "$tmp/hello"
cd "$tmp/hello"
go mod init example.com/hello

# The program: the README's first ```go block.
awk '/^```go$/ { f = 1; next } /^```$/ { if (f) exit } f' "$readme" >main.go
grep -q '^package main$' main.go || { echo "readme-setup: the README's first Go block is no program"; exit 1; }
# What it must print: the comment ending each line that prints.
want=$(sed -nE 's|^[[:space:]]*fmt\.Println\(.*\) // (.*)$|\1|p' main.go)

# The lines: the first indented block under "## Install".
lines=$(awk '/^## Install/ { f = 1; next } f && /^    / { print substr($0, 5); b = 1; next } b { exit }' "$readme")
[ -n "$lines" ] || { echo "readme-setup: no indented block under ## Install"; exit 1; }
export GOBIN="$tmp/bin"
export PATH="$GOBIN:$PATH"
out="$tmp/out"
while IFS= read -r line; do
	line=${line//https:\/\/github.com\/mimesniff\/mimesniff/$repo}
	echo "\$ $line"
	eval "$line" | tee -a "$out"
done <<<"$lines"

got=$(grep -v '^\.\./mimesniff/testdata' "$out" || true)
if [ "$got" != "$want" ]; then
	printf 'readme-setup: the program printed\n%s\nwhere its comments say\n%s\n' "$got" "$want"
	exit 1
fi
grep -qx '../mimesniff/testdata/files/page.html: text/html' "$out" || { echo "readme-setup: the command did not print page.html's type"; exit 1; }
echo "readme-setup: ok"
