// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff_test

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
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

// update rewrites testdata/browsers/MANIFEST from the recordings' files
// (TestManifest) instead of checking it.
var update = flag.Bool("update", false, "rewrite testdata/browsers/MANIFEST from the recordings")

// manifestName is the manifest of the recordings: a line per JSON Lines file
// of testdata/browsers/navigation and testdata/browsers/destinations, with
// its number of rows and the SHA-256 of its lines. The navigation FORMAT.md
// describes it.
var manifestName = filepath.Join(recordingsDir, "MANIFEST")

// manifestHead opens the manifest; every line of it is a comment.
const manifestHead = `# The recordings' JSON Lines files, checked by TestManifest (testdata_test.go):
# path (below testdata/browsers), rows (lines), SHA-256 of the lines (of the
# text after gunzip for a .gz file), separated by tabs. A row lost or changed
# fails the test. After recording, rewrite it with
#	go test -run TestManifest -update
# (the recorders and corpus generators of tools/browsers run that).
`

// manifestEntry is a line of the manifest.
type manifestEntry struct {
	Path   string // below recordingsDir, with slashes
	Rows   int
	SHA256 string
}

// recordingFiles returns the JSON Lines files of the recordings, below
// recordingsDir, sorted.
func recordingFiles(t *testing.T) []string {
	t.Helper()
	var names []string
	for _, dir := range []string{"navigation", "destinations"} {
		for _, pattern := range []string{"*.jsonl", "*.jsonl.gz"} {
			m, err := filepath.Glob(filepath.Join(recordingsDir, dir, pattern))
			if err != nil {
				t.Fatal(err)
			}
			for _, name := range m {
				rel, err := filepath.Rel(recordingsDir, name)
				if err != nil {
					t.Fatal(err)
				}
				names = append(names, filepath.ToSlash(rel))
			}
		}
	}
	slices.Sort(names)
	return names
}

// measure returns the manifest entry of the recording file rel.
func measure(t *testing.T, rel string) manifestEntry {
	t.Helper()
	name := filepath.Join(recordingsDir, filepath.FromSlash(rel))
	text, err := io.ReadAll(openRecording(t, name))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	sum := sha256.Sum256(text)
	return manifestEntry{Path: rel, Rows: bytes.Count(text, []byte("\n")), SHA256: hex.EncodeToString(sum[:])}
}

// readManifest returns the entries of the manifest.
func readManifest(t *testing.T) []manifestEntry {
	t.Helper()
	data, err := os.ReadFile(manifestName)
	if err != nil {
		t.Fatal(err)
	}
	var out []manifestEntry
	for n, line := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		cols := strings.Split(line, "\t")
		rows, err := 0, error(nil)
		if len(cols) == 3 {
			rows, err = strconv.Atoi(cols[1])
		}
		if len(cols) != 3 || err != nil {
			t.Fatalf("%s:%d: want path, rows and SHA-256 separated by tabs: %q", manifestName, n+1, line)
		}
		out = append(out, manifestEntry{Path: cols[0], Rows: rows, SHA256: cols[2]})
	}
	return out
}

// TestManifest checks the recordings' files against testdata/browsers/MANIFEST:
// every JSON Lines file is listed, with its number of rows and the SHA-256
// of its lines, so that a row lost, added or changed fails here even where
// a replay would not notice. With -update it rewrites the manifest instead.
func TestManifest(t *testing.T) {
	if _, err := os.Stat(recordingsDir); errors.Is(err, fs.ErrNotExist) {
		t.Skipf("%s is not in this copy of the module (it ships only with the repository)", recordingsDir)
	}
	var got []manifestEntry
	for _, rel := range recordingFiles(t) {
		got = append(got, measure(t, rel))
	}
	if len(got) == 0 {
		t.Fatalf("no JSON Lines files below %s", recordingsDir)
	}
	if *update {
		var b strings.Builder
		b.WriteString(manifestHead)
		for _, e := range got {
			fmt.Fprintf(&b, "%s\t%d\t%s\n", e.Path, e.Rows, e.SHA256)
		}
		if err := writeFileAtomic(manifestName, []byte(b.String())); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s: %d files", manifestName, len(got))
		return
	}
	if diff := cmp.Diff(readManifest(t), got); diff != "" {
		t.Errorf("the recordings differ from %s (-manifest +files); if they were recorded again, run go test -run TestManifest -update:\n%s", manifestName, diff)
	}
}

// writeFileAtomic writes data to name through a temporary file in the same
// directory, renamed over name, so that a reader sees the old file or the
// new one, never a part.
func writeFileAtomic(name string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+".*")
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(f.Name(), 0o644)
	}
	if err == nil {
		err = os.Rename(f.Name(), name)
	}
	if err != nil {
		os.Remove(f.Name())
	}
	return err
}
