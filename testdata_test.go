// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff_test

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
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
// of every corpus below testdata/browsers, with its number of rows and the
// SHA-256 of its lines. The navigation FORMAT.md describes it.
var manifestName = filepath.Join(recordingsDir, "MANIFEST")

// manifestHead opens the manifest; every line of it is a comment.
const manifestHead = `# The recordings' JSON Lines files, and V8's verdicts on JavaScript bodies
# (javascript/, written by tools/jscheck/gen.js), checked by TestManifest (testdata_test.go):
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

// recordingFiles returns the JSON Lines files of every corpus (every
// directory of recordingsDir), below recordingsDir, sorted.
func recordingFiles(t *testing.T) []string {
	t.Helper()
	var names []string
	for _, pattern := range []string{"*/*.jsonl", "*/*.jsonl.gz"} {
		m, err := filepath.Glob(filepath.Join(recordingsDir, pattern))
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
	slices.Sort(names)
	return names
}

// corpusDirs returns the directories of the recording files, sorted: every
// corpus, whatever its name.
func corpusDirs(files []string) []string {
	var dirs []string
	for _, f := range files {
		if dir := path.Dir(f); !slices.Contains(dirs, dir) {
			dirs = append(dirs, dir)
		}
	}
	return dirs
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

// TestManifest checks every corpus of recordings below testdata/browsers
// (navigation, destinations, cross-origin, wire, and any added later), and
// V8's verdicts beside them (javascript), two ways, so that a row lost,
// added or changed fails here even where a replay would not notice:
//   - against testdata/browsers/MANIFEST: every JSON Lines file is listed,
//     with its number of rows and the SHA-256 of its lines;
//   - row for row (recordingLayouts): each browser's results hold exactly
//     the rows the corpus's cases ask for, in order, and their counts are
//     those the corpus's recordings.json says the recorder wrote, so that
//     cases dropped with their results, or a manifest rewritten over a
//     partial recording, fail too (the verdicts: as many rows of each
//     kind as their header line says).
//
// With -update it rewrites the manifest instead, and checks nothing.
func TestManifest(t *testing.T) {
	if _, err := os.Stat(recordingsDir); errors.Is(err, fs.ErrNotExist) {
		t.Skipf("%s is not in this copy of the module (it ships only with the repository)", recordingsDir)
	}
	files := recordingFiles(t)
	var got []manifestEntry
	for _, rel := range files {
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
	for _, dir := range corpusDirs(files) {
		t.Run(dir, func(t *testing.T) {
			check, ok := recordingLayouts[dir]
			if !ok {
				t.Fatalf("%s has no layout in recordingLayouts: say which rows its results hold", filepath.Join(recordingsDir, dir))
			}
			check(t, filepath.Join(recordingsDir, dir))
		})
	}
}

// recordedCase is the part of a case of any corpus that says which rows
// its results hold.
type recordedCase struct {
	ID    string `json:"id"`
	Kind  string `json:"kind"`  // wire: navigation, destinations, availability
	Split string `json:"split"` // cross-origin: train or heldout
}

// recordedRow is the part of a results row of any corpus that says which
// case, browser and way of loading it the row is for, and what came of it.
type recordedRow struct {
	ID      string `json:"id"`   // navigation, wire
	Case    string `json:"case"` // destinations, cross-origin
	Kind    string `json:"kind"`
	Browser string `json:"browser"`
	Origin  string `json:"origin"`
	Dest    string `json:"dest"`
	Way     string `json:"way"`
	Outcome string `json:"outcome"`
	Verdict string `json:"verdict"`
}

// key is what the row is for.
func (r recordedRow) key() string {
	return strings.Join([]string{r.ID, r.Case, r.Kind, r.Browser, r.Origin, r.Dest, r.Way}, "|")
}

// recordingLayouts check the results of each corpus below recordingsDir,
// by directory, row for row: the rows its cases ask for, in the order its
// FORMAT.md gives, and the counts its recordings.json has of them.
var recordingLayouts = map[string]func(t *testing.T, dir string){
	"navigation":   checkNavigationRows,
	"destinations": checkDestinationRows,
	"crossorigin":  checkCrossOriginRows,
	"wire":         checkWireRows,
	"status":       checkStatusRows,
	"javascript":   checkJavaScriptRows,
}

// verdictDirs are the directories below recordingsDir that hold no browser
// recordings but a JavaScript engine's verdicts, which internal/jsscan's
// tests replay: listed in the manifest, but with no cases, bodies or
// header sets, so no split to hold a case out.
var verdictDirs = []string{"javascript"}

// checkJavaScriptRows: V8's verdicts (tools/jscheck/gen.js), a header line
// that counts the rows by kind, then one row per body; the rows of each
// kind are as many as the header says.
func checkJavaScriptRows(t *testing.T, dir string) {
	sc := bufio.NewScanner(openRecording(t, filepath.Join(dir, "verdicts.jsonl.gz")))
	sc.Buffer(nil, 1<<20)
	var header struct {
		Rows  int            `json:"rows"`
		Kinds map[string]int `json:"kinds"`
	}
	if !sc.Scan() || json.Unmarshal(sc.Bytes(), &header) != nil {
		t.Fatalf("verdicts.jsonl.gz: no header line")
	}
	got := map[string]int{}
	rows := 0
	for sc.Scan() {
		var row struct {
			Kind string `json:"k"`
		}
		if err := json.Unmarshal(sc.Bytes(), &row); err != nil {
			t.Fatalf("verdicts.jsonl.gz row %d: %v", rows+1, err)
		}
		got[row.Kind]++
		rows++
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if rows != header.Rows {
		t.Errorf("verdicts.jsonl.gz: %d rows, its header says %d", rows, header.Rows)
	}
	if diff := cmp.Diff(header.Kinds, got); diff != "" {
		t.Errorf("verdicts.jsonl.gz: rows by kind (-header +rows):\n%s", diff)
	}
}

// checkRows fails t unless the rows of the results file name are exactly
// want, in order; it names the first row out of place and how many are
// missing and extra.
func checkRows(t *testing.T, name string, want []recordedRow, got []recordedRow) {
	t.Helper()
	if len(want) == 0 {
		t.Errorf("%s: the corpus asks for no rows", name)
	}
	wantKeys := map[string]int{}
	for _, r := range want {
		wantKeys[r.key()]++
	}
	for _, r := range got {
		wantKeys[r.key()]--
	}
	var missing, extra int
	for _, n := range wantKeys {
		if n > 0 {
			missing += n
		} else {
			extra -= n
		}
	}
	for i := range max(len(want), len(got)) {
		switch {
		case i >= len(got):
			t.Errorf("%s: %d rows, want %d (%d missing, %d extra): row %d, for %s, is missing", name, len(got), len(want), missing, extra, i+1, want[i].key())
		case i >= len(want):
			t.Errorf("%s: %d rows, want %d (%d missing, %d extra): row %d, for %s, is extra", name, len(got), len(want), missing, extra, i+1, got[i].key())
		case got[i].key() != want[i].key():
			t.Errorf("%s: row %d is for %s, want %s (%d rows, want %d; %d missing, %d extra)", name, i+1, got[i].key(), want[i].key(), len(got), len(want), missing, extra)
		default:
			continue
		}
		return
	}
}

// checkCounts fails t unless the counts a recordings.json gives are those
// of the rows.
func checkCounts(t *testing.T, what string, recorded, rows map[string]int) {
	t.Helper()
	if diff := cmp.Diff(recorded, rows); diff != "" {
		t.Errorf("%s: recordings.json's counts differ from the rows' (-recordings.json +rows):\n%s", what, diff)
	}
}

// readRecordingsJSON decodes dir's recordings.json into v.
func readRecordingsJSON(t *testing.T, dir string, v any) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, "recordings.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("%s: %v", filepath.Join(dir, "recordings.json"), err)
	}
}

// recordedBrowserNames are the browsers every corpus recorded.
var recordedBrowserNames = []string{"chromium", "firefox", "webkit"}

// checkNavigationRows: one row a case, in case order, in each browser's
// file; recordings.json counts the cases and outcomes of each.
func checkNavigationRows(t *testing.T, dir string) {
	cases := readJSONLines[recordedCase](t, filepath.Join(dir, "cases.jsonl.gz"))
	var rec map[string]struct {
		Cases    int            `json:"cases"`
		Outcomes map[string]int `json:"outcomes"`
	}
	readRecordingsJSON(t, dir, &rec)
	for _, b := range recordedBrowserNames {
		name := filepath.Join(dir, "results-"+b+".jsonl.gz")
		var want []recordedRow
		for _, c := range cases {
			want = append(want, recordedRow{ID: c.ID})
		}
		rows := readJSONLines[recordedRow](t, name)
		checkRows(t, name, want, rows)
		outcomes := map[string]int{}
		for _, r := range rows {
			outcomes[r.Outcome]++
		}
		checkCounts(t, b+" cases", map[string]int{"cases": rec[b].Cases}, map[string]int{"cases": len(rows)})
		checkCounts(t, b+" outcomes", rec[b].Outcomes, outcomes)
	}
}

// checkDestinationRows: a row for each browser (chromium, firefox), case,
// origin (same, cross) and destination (recordings.json's), in that order,
// in results.jsonl.gz, and the same for webkit in results-webkit.jsonl.gz;
// recordings.json counts each browser's rows and outcomes.
func checkDestinationRows(t *testing.T, dir string) {
	cases := readJSONLines[recordedCase](t, filepath.Join(dir, "cases.jsonl.gz"))
	var rec struct {
		Destinations []string `json:"destinations"`
		Cases        int      `json:"cases"`
		Browsers     map[string]struct {
			Results int            `json:"results"`
			Counts  map[string]int `json:"counts"`
		} `json:"browsers"`
	}
	readRecordingsJSON(t, dir, &rec)
	checkCounts(t, "cases", map[string]int{"cases": rec.Cases}, map[string]int{"cases": len(cases)})
	outcomes := map[string]map[string]int{}
	for file, browsers := range map[string][]string{"results.jsonl.gz": {"chromium", "firefox"}, "results-webkit.jsonl.gz": {"webkit"}} {
		name := filepath.Join(dir, file)
		var want []recordedRow
		for _, b := range browsers {
			for _, c := range cases {
				for _, origin := range []string{"same", "cross"} {
					for _, d := range rec.Destinations {
						want = append(want, recordedRow{Case: c.ID, Browser: b, Origin: origin, Dest: d})
					}
				}
			}
		}
		rows := readJSONLines[recordedRow](t, name)
		checkRows(t, name, want, rows)
		for _, r := range rows {
			if outcomes[r.Browser] == nil {
				outcomes[r.Browser] = map[string]int{}
			}
			outcomes[r.Browser][r.Outcome]++
		}
	}
	for _, b := range recordedBrowserNames {
		checkCounts(t, b+" results", map[string]int{"results": rec.Browsers[b].Results}, map[string]int{"results": sumCounts(outcomes[b])})
		checkCounts(t, b+" outcomes", rec.Browsers[b].Counts, outcomes[b])
	}
}

// checkCrossOriginRows: a row for each case and way (recordings.json's), in
// that order, in each browser's file; recordings.json counts the cases, the
// held-out ones, and each browser's verdicts by way.
func checkCrossOriginRows(t *testing.T, dir string) {
	cases := readJSONLines[recordedCase](t, filepath.Join(dir, "cases.jsonl.gz"))
	var rec struct {
		Cases    int      `json:"cases"`
		HeldOut  int      `json:"heldout"`
		Ways     []string `json:"ways"`
		Browsers map[string]struct {
			Cases  int                       `json:"cases"`
			Counts map[string]map[string]int `json:"counts"`
		} `json:"browsers"`
	}
	readRecordingsJSON(t, dir, &rec)
	held := heldOutCount(cases)
	checkCounts(t, "cases", map[string]int{"cases": rec.Cases, "heldout": rec.HeldOut}, map[string]int{"cases": len(cases), "heldout": held})
	for _, b := range recordedBrowserNames {
		name := filepath.Join(dir, "results-"+b+".jsonl.gz")
		var want []recordedRow
		for _, c := range cases {
			for _, w := range rec.Ways {
				want = append(want, recordedRow{Case: c.ID, Browser: b, Way: w})
			}
		}
		rows := readJSONLines[recordedRow](t, name)
		checkRows(t, name, want, rows)
		verdicts := map[string]int{}
		for _, r := range rows {
			verdicts[r.Way+" "+r.Verdict]++
		}
		recorded := map[string]int{}
		for way, counts := range rec.Browsers[b].Counts {
			for verdict, n := range counts {
				recorded[way+" "+verdict] = n
			}
		}
		checkCounts(t, b+" cases", map[string]int{"cases": rec.Browsers[b].Cases}, map[string]int{"cases": len(rows) / max(len(rec.Ways), 1)})
		checkCounts(t, b+" verdicts by way", recorded, verdicts)
	}
}

// checkWireRows: in each browser's file, in case order, a row for each
// navigation and availability case and one for each destination of a
// destinations case (from a page of the same origin); recordings.json
// counts the cases of each kind and each browser's rows and outcomes.
func checkWireRows(t *testing.T, dir string) {
	cases := readJSONLines[recordedCase](t, filepath.Join(dir, "cases.jsonl.gz"))
	type part struct {
		Cases    int            `json:"cases"`
		Results  int            `json:"results"`
		Outcomes map[string]int `json:"outcomes"`
	}
	var rec struct {
		Corpus   map[string]int `json:"corpus"`
		Chromium struct{ Navigation, Destinations, Availability part }
		Firefox  struct{ Navigation, Destinations, Availability part }
		WebKit   struct{ Navigation, Destinations, Availability part }
	}
	readRecordingsJSON(t, dir, &rec)
	kinds := map[string]int{}
	for _, c := range cases {
		kinds[c.Kind]++
	}
	checkCounts(t, "cases by kind", rec.Corpus, kinds)
	for _, b := range recordedBrowserNames {
		name := filepath.Join(dir, "results-"+b+".jsonl.gz")
		var want []recordedRow
		for _, c := range cases {
			if c.Kind != "destinations" {
				want = append(want, recordedRow{ID: c.ID, Kind: c.Kind})
				continue
			}
			for _, d := range wireDestinations {
				want = append(want, recordedRow{ID: c.ID, Kind: c.Kind, Origin: "same", Dest: d})
			}
		}
		rows := readJSONLines[recordedRow](t, name)
		checkRows(t, name, want, rows)
		got := map[string]map[string]int{}
		for _, r := range rows {
			if got[r.Kind] == nil {
				got[r.Kind] = map[string]int{}
			}
			got[r.Kind]["rows"]++
			if r.Kind != "availability" {
				got[r.Kind]["outcome "+r.Outcome]++
			}
		}
		parts := map[string]struct{ Navigation, Destinations, Availability part }{
			"chromium": rec.Chromium, "firefox": rec.Firefox, "webkit": rec.WebKit,
		}[b]
		for kind, p := range map[string]part{"navigation": parts.Navigation, "destinations": parts.Destinations, "availability": parts.Availability} {
			recorded := map[string]int{"rows": p.Cases}
			if kind == "destinations" {
				recorded["rows"] = p.Results
			}
			for o, n := range p.Outcomes {
				recorded["outcome "+o] = n
			}
			checkCounts(t, b+" "+kind, recorded, got[kind])
		}
	}
}

// wireDestinations are the destinations of the wire corpus's destinations
// cases, in the order of its rows: the destinations corpus's, whose
// recorder (destinations.js) records them.
var wireDestinations = strings.Fields(`document iframe object embed script module worker sharedworker serviceworker
	style image video audio font track xslt text`)

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

// checkStatusRows: in each browser's file, for each case in order, a row
// for each origin and destination (recordings.json's) unless the case is
// for the cross-origin recorder only, then a row for each way unless it is
// for the destinations recorder only; recordings.json counts the cases, the
// held-out ones, and each browser's rows by outcome and by verdict.
func checkStatusRows(t *testing.T, dir string) {
	cases := readJSONLines[recordedCase](t, filepath.Join(dir, "cases.jsonl.gz"))
	type part struct {
		Results  int            `json:"results"`
		Outcomes map[string]int `json:"outcomes"`
		Verdicts map[string]int `json:"verdicts"`
	}
	var rec struct {
		Corpus       map[string]int `json:"corpus"`
		Destinations []string       `json:"destinations"`
		Origins      []string       `json:"origins"`
		Ways         []string       `json:"ways"`
		Browsers     map[string]struct {
			Destinations part `json:"destinations"`
			CrossOrigin  part `json:"crossorigin"`
		} `json:"browsers"`
	}
	readRecordingsJSON(t, dir, &rec)
	held := heldOutCount(cases)
	checkCounts(t, "cases",
		map[string]int{"cases": rec.Corpus["cases"], "heldout": rec.Corpus["heldoutCases"]},
		map[string]int{"cases": len(cases), "heldout": held})
	for _, b := range recordedBrowserNames {
		name := filepath.Join(dir, "results-"+b+".jsonl.gz")
		var want []recordedRow
		for _, c := range cases {
			if c.Kind != "crossorigin" {
				for _, o := range rec.Origins {
					for _, d := range rec.Destinations {
						want = append(want, recordedRow{ID: c.ID, Kind: "destinations", Origin: o, Dest: d})
					}
				}
			}
			if c.Kind != "destinations" {
				for _, w := range rec.Ways {
					want = append(want, recordedRow{ID: c.ID, Kind: "crossorigin", Way: w})
				}
			}
		}
		rows := readJSONLines[recordedRow](t, name)
		checkRows(t, name, want, rows)
		outcomes, verdicts := map[string]int{}, map[string]int{}
		for _, r := range rows {
			if r.Kind == "destinations" {
				outcomes[r.Outcome]++
			} else {
				verdicts[r.Verdict]++
			}
		}
		p := rec.Browsers[b]
		checkCounts(t, b+" destinations", map[string]int{"results": p.Destinations.Results}, map[string]int{"results": sumCounts(outcomes)})
		checkCounts(t, b+" outcomes", p.Destinations.Outcomes, outcomes)
		checkCounts(t, b+" cross-origin", map[string]int{"results": p.CrossOrigin.Results}, map[string]int{"results": sumCounts(verdicts)})
		checkCounts(t, b+" verdicts", p.CrossOrigin.Verdicts, verdicts)
	}
}

// heldOutCount is how many of cases are held out.
func heldOutCount(cases []recordedCase) int {
	n := 0
	for _, c := range cases {
		if c.Split == "heldout" {
			n++
		}
	}
	return n
}

// sumCounts is the sum of m's counts.
func sumCounts(m map[string]int) int {
	n := 0
	for _, k := range m {
		n += k
	}
	return n
}
