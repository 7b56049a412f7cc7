// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff_test

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mimesniff/mimesniff"
)

// expectation is a row of testdata/files.txt: what the standard computes for
// a testdata file under a supplied type, flags and context. The rows were
// written by hand from the standard; see the file's header.
type expectation struct {
	line     int
	file     string
	supplied string // "-" for undefined
	flags    string // "-" or a comma list of nosniff, apache, feeds
	context  sniffingContext
	expected string // "-" for undefined
}

func readExpectations(t *testing.T) []expectation {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "files.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows []expectation
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		cols := strings.Split(line, "\t")
		if len(cols) != 5 {
			t.Fatalf("files.txt:%d: %d columns, want 5: %q", n, len(cols), line)
		}
		e := expectation{line: n, file: cols[0], supplied: cols[1], flags: cols[2], expected: cols[4]}
		e.context = numContexts
		for c := range numContexts {
			if contexts[c].name == cols[3] {
				e.context = c
			}
		}
		if e.context == numContexts {
			t.Fatalf("files.txt:%d: unknown context %q", n, cols[3])
		}
		rows = append(rows, e)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return rows
}

// resource returns the resource that e describes.
func (e expectation) resource(t *testing.T, data []byte) mimesniff.Resource {
	r := mimesniff.Resource{Header: data}
	if e.supplied != "-" {
		var err error
		if r.Supplied, err = mimesniff.Parse(e.supplied); err != nil {
			t.Fatalf("files.txt:%d: %v", e.line, err)
		}
	}
	if e.flags != "-" {
		for _, flag := range strings.Split(e.flags, ",") {
			switch flag {
			case "nosniff":
				r.NoSniff = true
			case "apache":
				r.CheckForApacheBug = true
			case "feeds":
				r.SniffFeeds = true
			default:
				t.Fatalf("files.txt:%d: unknown flag %q", e.line, flag)
			}
		}
	}
	return r
}

// constantContext reports whether the rules of context c ignore the
// resource's bytes and depend only on the supplied MIME type.
func constantContext(c sniffingContext) bool {
	switch c {
	case pluginContext, styleContext, scriptContext, textTrackContext, cacheManifestContext:
		return true
	}
	return false
}

// TestTestdataFiles runs every testdata file through Sniff and the context
// rules under the supplied types and flags of testdata/files.txt, and checks
// the table covers every file with what the issue asks: no supplied type,
// text/plain with the apache flag, image/png, text/html and
// application/octet-stream, with and without no-sniff, and every context
// that reads the resource.
func TestTestdataFiles(t *testing.T) {
	rows := readExpectations(t)
	files, err := filepath.Glob(filepath.Join("testdata", "files", "*"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no testdata files: %v", err)
	}
	data := map[string][]byte{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if len(b) >= 2048 {
			t.Errorf("%s is %d bytes; testdata files are under 2 KB", f, len(b))
		}
		data[filepath.Base(f)] = b
	}

	type key struct{ file, supplied, flags string }
	seen := map[key]bool{}
	seenContexts := map[string]map[sniffingContext]bool{}
	for _, e := range rows {
		b, ok := data[e.file]
		if !ok {
			t.Fatalf("files.txt:%d: no file testdata/files/%s", e.line, e.file)
		}
		got := sniffIn(e.resource(t, b), e.context)
		want := e.expected
		if want == "-" {
			want = ""
		}
		if got.String() != want {
			t.Errorf("files.txt:%d: %s supplied %s flags %s in the %v context: got %q, want %q",
				e.line, e.file, e.supplied, e.flags, e.context, got, want)
		}
		if e.context == browsingContext {
			seen[key{e.file, e.supplied, e.flags}] = true
		}
		if seenContexts[e.file] == nil {
			seenContexts[e.file] = map[sniffingContext]bool{}
		}
		seenContexts[e.file][e.context] = true
	}

	for name := range data {
		for _, k := range []key{
			{name, "-", "-"},
			{name, "-", "nosniff"},
			{name, "text/plain", "apache"},
			{name, "image/png", "-"},
			{name, "image/png", "nosniff"},
			{name, "text/html", "-"},
			{name, "application/octet-stream", "-"},
		} {
			if !seen[k] {
				t.Errorf("files.txt has no browsing-context row for %s supplied %s flags %s", k.file, k.supplied, k.flags)
			}
		}
		for c := range numContexts {
			if !constantContext(c) && !seenContexts[name][c] {
				t.Errorf("files.txt has no %v-context row for %s", c, name)
			}
		}
	}
	// The plugin, style, script, text-track and cache-manifest rules never
	// read the resource, so a few rows each are enough.
	for c := range numContexts {
		n := 0
		for _, ctx := range seenContexts {
			if ctx[c] {
				n++
			}
		}
		if constantContext(c) && n < 3 {
			t.Errorf("files.txt has %v-context rows for %d files, want at least 3", c, n)
		}
	}
	t.Logf("%d rows for %d files", len(rows), len(data))
}
