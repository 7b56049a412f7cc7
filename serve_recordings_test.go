// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff_test

import (
	"bufio"
	"compress/gzip"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/mimesniff/mimesniff"
)

// destinationsDir holds what Chromium and Firefox did with each response of
// a corpus in every destination (tools/browsers/destinations.js; its
// FORMAT.md says how).
const destinationsDir = "testdata/browsers/destinations"

// recordingsDir holds the browser recordings. Its own go.mod keeps it out
// of the module that go get downloads; a test that needs it skips where it
// is absent as a whole (a copy of the module, not a clone of the
// repository), and fails where a file of it is missing.
const recordingsDir = "testdata/browsers"

// openRecording opens the recording file name, gunzipping it when its name
// ends in .gz; it is closed when the test ends. It skips t where the
// recordings are not in this copy of the module.
func openRecording(t testing.TB, name string) io.Reader {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		if _, dirErr := os.Stat(recordingsDir); errors.Is(dirErr, fs.ErrNotExist) {
			t.Skipf("%s is not in this copy of the module (it ships only with the repository)", recordingsDir)
		}
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	if !strings.HasSuffix(name, ".gz") {
		return f
	}
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return zr
}

// readJSONLines decodes one JSON value a line from name, gunzipping it when
// its name ends in .gz.
func readJSONLines[T any](t testing.TB, name string) []T {
	t.Helper()
	var out []T
	s := bufio.NewScanner(openRecording(t, name))
	s.Buffer(nil, 1<<24)
	for s.Scan() {
		var v T
		if err := json.Unmarshal(s.Bytes(), &v); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out = append(out, v)
	}
	if err := s.Err(); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return out
}

// latin1Bytes returns the bytes a latin1 string of the recordings stands
// for: one byte per character.
func latin1Bytes(s string) string {
	b := make([]byte, 0, len(s))
	for _, r := range s {
		b = append(b, byte(r))
	}
	return string(b)
}

// recordedBody is a body of a recorded corpus.
type recordedBody struct {
	Name string `json:"name"`
	Head string `json:"head"` // base64 of its first bytes
	File string `json:"file"`
	Size int    `json:"size"` // of the whole body, where the corpus says
}

// recordedHeaders is a header set of a recorded corpus: the header lines in
// the order they were sent.
type recordedHeaders struct {
	Name    string     `json:"name"`
	Headers [][]string `json:"headers"`
}

// header returns the header list as a client reads it from the wire.
func (rh recordedHeaders) header() http.Header {
	h := http.Header{}
	for _, kv := range rh.Headers {
		h.Add(latin1Bytes(kv[0]), latin1Bytes(kv[1]))
	}
	return h
}

// destinationCase is one response of the destinations corpus.
type destinationCase struct {
	ID      string `json:"id"`
	Body    string `json:"body"`
	Headers string `json:"headers"`
}

// destinationResult is what one browser did with one response in one
// destination, from a page of one origin.
type destinationResult struct {
	Case    string `json:"case"`
	Browser string `json:"browser"`
	Origin  string `json:"origin"`
	Dest    string `json:"dest"`
	Outcome string `json:"outcome"`
	Probe   string `json:"probe"`
	// ContentType is the rendered document's document.contentType, in
	// document-like destinations, where it could be read.
	ContentType string `json:"contentType"`
}

// recordedDestinations maps the recorder's destination names to Fetch's.
var recordedDestinations = map[string]mimesniff.Destination{
	"document": mimesniff.DestinationDocument, "iframe": mimesniff.DestinationIFrame,
	"object": mimesniff.DestinationObject, "embed": mimesniff.DestinationEmbed,
	"script": mimesniff.DestinationScript, "module": mimesniff.DestinationScript,
	"worker": mimesniff.DestinationWorker, "sharedworker": mimesniff.DestinationSharedWorker,
	"serviceworker": mimesniff.DestinationServiceWorker, "style": mimesniff.DestinationStyle,
	"image": mimesniff.DestinationImage, "video": mimesniff.DestinationVideo,
	"audio": mimesniff.DestinationAudio, "font": mimesniff.DestinationFont,
	"track": mimesniff.DestinationTrack, "xslt": mimesniff.DestinationXSLT,
	"text": mimesniff.DestinationText,
}

// ranScript reports whether a recorded probe shows script that the report's
// Script must cover: in a document with the server's origin, or run by a
// page as a script, a worker or a style sheet transformation. A probe in an
// opaque origin (a CSP sandbox) is not the server's.
func ranScript(dest, probe string) bool {
	switch probe {
	case "server":
		return true
	case "page":
		return dest != "document" && dest != "iframe" && dest != "object" && dest != "embed"
	}
	return false
}

// rowCheck checks that a recording has exactly one row for every key its
// corpus asks for (a case, or a case with a browser, origin and
// destination): none missing, which a replay would silently skip, none
// repeated, and none for a key the corpus does not have. Call add for every
// row, then want for every key, then check.
type rowCheck struct {
	file    string
	seen    map[string]int // rows by key
	wanted  map[string]bool
	missing []string // in the corpus's order
}

func (c *rowCheck) add(key string) {
	if c.seen == nil {
		c.seen = map[string]int{}
	}
	c.seen[key]++
}

func (c *rowCheck) want(key string) {
	if c.wanted == nil {
		c.wanted = map[string]bool{}
	}
	c.wanted[key] = true
	if c.seen[key] == 0 {
		c.missing = append(c.missing, key)
	}
}

// check fails t for each kind of mismatch, with the first keys of it.
func (c *rowCheck) check(t *testing.T) {
	t.Helper()
	var repeated, unknown []string
	for key, n := range c.seen {
		if n > 1 {
			repeated = append(repeated, key)
		}
		if !c.wanted[key] {
			unknown = append(unknown, key)
		}
	}
	sort.Strings(repeated)
	sort.Strings(unknown)
	for _, m := range []struct {
		what string
		keys []string
	}{{"missing", c.missing}, {"repeated", repeated}, {"not in the corpus", unknown}} {
		if len(m.keys) > 0 {
			t.Errorf("%s: %d of %d rows %s, such as %q", c.file, len(m.keys), len(c.wanted), m.what, m.keys[:min(len(m.keys), 3)])
		}
	}
}

// destinationFiles are the destinations recordings, each with the browsers
// it holds.
var destinationFiles = []struct {
	name     string
	browsers []string
}{
	{"results.jsonl.gz", []string{"chromium", "firefox"}},
	{"results-webkit.jsonl.gz", []string{"webkit"}},
}

// readDestinationResults returns the rows of every destinations recording.
// It fails t unless each file has exactly one row for every case of the
// corpus, browser of the file, origin and destination, and no other.
func readDestinationResults(t *testing.T) []destinationResult {
	t.Helper()
	var ids []string
	for _, c := range readJSONLines[destinationCase](t, filepath.Join(destinationsDir, "cases.jsonl.gz")) {
		ids = append(ids, c.ID)
	}
	dests := make([]string, 0, len(recordedDestinations))
	for d := range recordedDestinations {
		dests = append(dests, d)
	}
	sort.Strings(dests)
	key := func(id, browser, origin, dest string) string {
		return id + " " + browser + " " + origin + " " + dest
	}
	var out []destinationResult
	for _, f := range destinationFiles {
		rows := &rowCheck{file: filepath.Join(destinationsDir, f.name)}
		results := readJSONLines[destinationResult](t, rows.file)
		for _, r := range results {
			rows.add(key(r.Case, r.Browser, r.Origin, r.Dest))
		}
		for _, id := range ids {
			for _, b := range f.browsers {
				for _, origin := range []string{"same", "cross"} {
					for _, d := range dests {
						rows.want(key(id, b, origin, d))
					}
				}
			}
		}
		rows.check(t)
		out = append(out, results...)
	}
	return out
}

// readDestinationBodies returns the first bytes of every body of the
// destinations corpus, by name.
func readDestinationBodies(t *testing.T) map[string][]byte {
	t.Helper()
	return readBodyHeads(t, destinationsDir)
}

// readBodyHeads returns the first bytes of every body of the corpus in dir
// (its bodies.jsonl.gz), by name.
func readBodyHeads(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	bodies := map[string][]byte{}
	for _, b := range readJSONLines[recordedBody](t, filepath.Join(dir, "bodies.jsonl.gz")) {
		head, err := base64.StdEncoding.DecodeString(b.Head)
		if err != nil {
			t.Fatalf("%s: body %s: %v", dir, b.Name, err)
		}
		bodies[b.Name] = head
	}
	return bodies
}

// TestReportRecordings replays every recorded (response, destination,
// origin, browser) through ReportFor: where the browser ran script, the
// report must say so for that browser (no false "safe"). Every case must
// have its rows (readDestinationResults). It logs, per
// destination, how often the report is more cautious than the browser.
func TestReportRecordings(t *testing.T) {
	bodies := readDestinationBodies(t)
	headers := map[string]http.Header{}
	for _, h := range readJSONLines[recordedHeaders](t, filepath.Join(destinationsDir, "headers.jsonl")) {
		headers[h.Name] = h.header()
	}
	reports := map[string]mimesniff.Report{}
	for _, c := range readJSONLines[destinationCase](t, filepath.Join(destinationsDir, "cases.jsonl.gz")) {
		body, ok := bodies[c.Body]
		h, ok2 := headers[c.Headers]
		if !ok || !ok2 {
			t.Fatalf("case %s: no body %q or header set %q", c.ID, c.Body, c.Headers)
		}
		reports[c.ID] = mimesniff.ReportFor(h, body)
	}
	browsers := map[string]mimesniff.Browser{"chromium": mimesniff.Chromium, "firefox": mimesniff.Firefox, "webkit": mimesniff.WebKit}
	type count struct{ loads, ran, cautious int }
	counts := map[string]*count{}
	falseSafe := 0
	for _, r := range readDestinationResults(t) {
		rep, ok := reports[r.Case]
		d, ok2 := recordedDestinations[r.Dest]
		b, ok3 := browsers[r.Browser]
		if !ok || !ok2 || !ok3 {
			t.Fatalf("result %+v: unknown case, destination or browser", r)
		}
		v, _ := rep.Verdict(d)
		said := v.Script.Has(b)
		key := r.Browser + " " + r.Dest
		if counts[key] == nil {
			counts[key] = &count{}
		}
		c := counts[key]
		c.loads++
		switch ran := ranScript(r.Dest, r.Probe); {
		case ran && !said:
			falseSafe++
			t.Errorf("%s, %s, %s page, %s: the probe ran (%s, %s); the report says no script", r.Case, r.Browser, r.Origin, r.Dest, r.Outcome, r.Probe)
		case ran:
			c.ran++
		case said:
			c.cautious++
		}
	}
	keys := make([]string, 0, len(counts))
	for k := range counts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	for _, k := range keys {
		c := counts[k]
		fmt.Fprintf(&b, "\n%-22s %5d loads, script ran in %4d, report more cautious in %4d", k, c.loads, c.ran, c.cautious)
	}
	t.Logf("%d false safe; per browser and destination:%s", falseSafe, b.String())
}

// TestSafeHeadersRecorded checks SafeHeaders against every document the
// browsers were recorded rendering with script running, or as a type that
// runs script (HTML, XML, SVG, PDF): declared as the type the browser
// rendered, the response gets attachment and sandbox. It is the recorded
// side of TestSafeHeadersHold, which checks the policy against the
// profiles' own answers.
func TestSafeHeadersRecorded(t *testing.T) {
	seen := map[string]bool{}
	check := func(id, browser, rendered string, body []byte) {
		typ, err := mimesniff.Parse(rendered)
		if err != nil {
			t.Errorf("%s, %s: rendered as %q, which SafeHeaders cannot be given: %v", id, browser, rendered, err)
			return
		}
		seen[typ.Essence()] = true
		if hs := mimesniff.SafeHeaders(typ, body); hs.ContentDisposition != "attachment" || hs.ContentSecurityPolicy != "sandbox" {
			t.Errorf("%s, %s: rendered as %s and ran script; SafeHeaders(%s) = %+v", id, browser, rendered, typ, hs)
		}
	}
	for _, c := range readNavigation(t) {
		for _, b := range recordedBrowsers {
			res := c.results[b]
			rec, err := mimesniff.Parse(res.ContentType)
			if res.Outcome == "document" && (res.Script || err == nil && rec.IsScriptable()) {
				check(c.ID, b.String(), res.ContentType, c.r.Header)
			}
		}
	}
	bodies := readDestinationBodies(t)
	cases := map[string]string{}
	for _, c := range readJSONLines[destinationCase](t, filepath.Join(destinationsDir, "cases.jsonl.gz")) {
		cases[c.ID] = c.Body
	}
	for _, r := range readDestinationResults(t) {
		if r.Probe == "server" && r.ContentType != "" && !mimesniff.IsScriptLike(recordedDestinations[r.Dest]) {
			check(r.Case, r.Browser, r.ContentType, bodies[cases[r.Case]])
		}
	}
	types := make([]string, 0, len(seen))
	for e := range seen {
		types = append(types, e)
	}
	sort.Strings(types)
	t.Logf("rendered with script, or as a scriptable type: %s", strings.Join(types, ", "))
}

// TestReportSeveralTypes checks the report for responses with several
// Content-Type values, in one line or in two, against what the browsers did
// in the script-like destinations, from a page of the response's origin: the
// destinations cases types/<header set>/jshtml and types/ct-png-then-html/pnghtml
// of the wire corpus (testdata/browsers/wire, results-<browser>.jsonl.gz,
// recorded 2026-11-26), where "loaded" is script that ran or was not blocked
// and "blocked" a script Fetch or the browser refused. WebKit reads its own
// way: it blocks a script by the first value of the lines joined, and types a
// worker by the last line cut at its first ";" or ",", for a service worker
// too.
func TestReportSeveralTypes(t *testing.T) {
	const (
		ct = "Content-Type"
		ns = "X-Content-Type-Options"
	)
	// loaded is, per destination, the browsers whose script loaded.
	type loaded map[string]string
	tests := []struct {
		name   string
		h      http.Header
		loaded loaded
		// cautious are the cells where a browser blocked the script and
		// the report, more cautious, says it runs: "destination browser".
		cautious []string
	}{
		{"ct-js-then-html", header(ct, "text/javascript", ct, "text/html"),
			loaded{"script": "chromium,firefox,webkit", "worker": "chromium", "sharedworker": "chromium", "serviceworker": ""}, nil},
		{"ct-js-then-html-ns", header(ct, "text/javascript", ct, "text/html", ns, "nosniff"),
			loaded{"script": "webkit", "worker": "", "sharedworker": "", "serviceworker": ""}, nil},
		{"ct-html-then-js", header(ct, "text/html", ct, "text/javascript"),
			loaded{"script": "chromium,firefox,webkit", "worker": "chromium,firefox,webkit", "sharedworker": "chromium,firefox,webkit", "serviceworker": "chromium,firefox,webkit"}, nil},
		{"ct-html-then-js-ns", header(ct, "text/html", ct, "text/javascript", ns, "nosniff"),
			loaded{"script": "chromium,firefox", "worker": "chromium,firefox", "sharedworker": "chromium,firefox", "serviceworker": "chromium,firefox"}, nil},
		{"ct-js,html", header(ct, "text/javascript, text/html"),
			loaded{"script": "chromium,firefox,webkit", "worker": "chromium,webkit", "sharedworker": "chromium,webkit", "serviceworker": "webkit"}, nil},
		{"ct-js,html-ns", header(ct, "text/javascript, text/html", ns, "nosniff"),
			loaded{"script": "webkit", "worker": "webkit", "sharedworker": "webkit", "serviceworker": "webkit"}, nil},
		// WebKit's service worker reads the type as its worker does;
		// the report lets Fetch's reading count there too.
		{"ct-html,js", header(ct, "text/html, text/javascript"),
			loaded{"script": "chromium,firefox,webkit", "worker": "chromium,firefox", "sharedworker": "chromium,firefox", "serviceworker": "chromium,firefox"},
			[]string{"serviceworker webkit"}},
		{"ct-html,js-ns", header(ct, "text/html, text/javascript", ns, "nosniff"),
			loaded{"script": "chromium,firefox", "worker": "chromium,firefox", "sharedworker": "chromium,firefox", "serviceworker": "chromium,firefox"}, nil},
		// Chromium's shared worker refused image/png then text/html,
		// where its dedicated worker loaded it.
		{"ct-png-then-html", header(ct, "image/png", ct, "text/html"),
			loaded{"script": "chromium,firefox", "worker": "chromium", "sharedworker": "", "serviceworker": ""},
			[]string{"sharedworker chromium"}},
		{"ct-png-then-html-ns", header(ct, "image/png", ct, "text/html", ns, "nosniff"),
			loaded{"script": "", "worker": "", "sharedworker": "", "serviceworker": ""}, nil},
	}
	browsers := []mimesniff.Browser{mimesniff.Chromium, mimesniff.Firefox, mimesniff.WebKit}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rep := mimesniff.ReportFor(tc.h, []byte("<!-- a comment line to a script\nwindow.probe = 1;"))
			for dest, want := range tc.loaded {
				v, _ := rep.Verdict(recordedDestinations[dest])
				for _, b := range browsers {
					ran := strings.Contains(","+want+",", ","+b.String()+",")
					said := v.Script.Has(b)
					cautious := slices.Contains(tc.cautious, dest+" "+b.String())
					if said != ran && !(said && cautious) || ran && cautious {
						t.Errorf("%s, %s: the report says script runs: %v; recorded: %v", dest, b, said, ran)
					}
				}
			}
		})
	}
}
