// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff_test

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/mimesniff/mimesniff"
)

// The conformance tests read web-platform-tests data from the directory named
// by MIMESNIFF_WPT_DIR, laid out as WPT's own tree (mimesniff/...,
// fetch/...). The data is not part of this repository. .ci/run points the
// variable at ../shared/conformance/wpt; its README says what every file
// means, and these tests check each file as it says.

// wptDir returns the WPT data directory, or skips the test.
func wptDir(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("MIMESNIFF_WPT_DIR")
	if dir == "" {
		t.Skip("MIMESNIFF_WPT_DIR is not set: set it to a web-platform-tests data directory " +
			"(such as ../shared/conformance/wpt) to run the WPT conformance tests")
	}
	return dir
}

// readWPT decodes the JSON file at WPT path name into v, failing the test on
// any error: a missing or undecodable file is a failure, not a skip.
func readWPT(t *testing.T, name string, v any) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(wptDir(t), filepath.FromSlash(name)))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

// objects returns the objects of a WPT JSON array, dropping the strings,
// which are comments and headings.
func objects[T any](t *testing.T, name string) []T {
	t.Helper()
	var raw []json.RawMessage
	readWPT(t, name, &raw)
	var out []T
	for _, r := range raw {
		if len(r) > 0 && r[0] == '"' {
			continue
		}
		var v T
		dec := json.NewDecoder(bytes.NewReader(r))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&v); err != nil {
			t.Fatalf("%s: %s: %v", name, r, err)
		}
		out = append(out, v)
	}
	if len(out) == 0 {
		t.Fatalf("%s: no test cases", name)
	}
	return out
}

// isomorphicEncode returns s with every code point as one byte, and false if
// s holds a code point above U+00FF.
func isomorphicEncode(s string) ([]byte, bool) {
	var b []byte
	for _, r := range s {
		if r > 0xFF {
			return nil, false
		}
		b = append(b, byte(r))
	}
	return b, true
}

// wptSupported is "supported by the user agent" as the WPT minimization data
// assumes it (see the README): image/png and text/html are, others are not.
func wptSupported(t mimesniff.MIMEType) bool {
	return t.Essence() == "image/png" || t.Essence() == "text/html"
}

// mimeTypeCase is an object of mime-types.json and generated-mime-types.json.
type mimeTypeCase struct {
	Input     string  `json:"input"`
	Output    *string `json:"output"`
	Navigable *bool   `json:"navigable"`
	// Encoding is set (possibly to nil) only alongside Navigable.
	Encoding  *string `json:"encoding"`
	Minimized *string `json:"minimizedMIMEType"`
}

func TestWPTMIMETypes(t *testing.T) {
	for _, file := range []string{
		"mimesniff/mime-types/resources/mime-types.json",
		"mimesniff/mime-types/resources/generated-mime-types.json",
	} {
		t.Run(filepath.Base(file), func(t *testing.T) {
			cases := objects[mimeTypeCase](t, file)
			var parsed, fromBytes, minimized, encodings int
			for _, c := range cases {
				want := "" // "" stands for failure: no MIME type serializes to ""
				if c.Output != nil {
					want = *c.Output
				}
				got, err := mimesniff.Parse(c.Input)
				if got.String() != want || (err == nil) != (c.Output != nil) {
					t.Errorf("Parse(%q) = %q, %v; want %q", c.Input, got, err, want)
				}
				parsed++
				// The byte path of WPT's Request/Response checks:
				// the same result from the isomorphic encoding.
				if b, ok := isomorphicEncode(c.Input); ok {
					got, err := mimesniff.ParseBytes(b)
					if got.String() != want || (err == nil) != (c.Output != nil) {
						t.Errorf("ParseBytes(%q) = %q, %v; want %q", b, got, err, want)
					}
					if c.Output != nil && !bytes.Equal(got.Bytes(), mustIsomorphic(t, want)) {
						t.Errorf("ParseBytes(%q).Bytes() = %q, want %q", b, got.Bytes(), mustIsomorphic(t, want))
					}
					fromBytes++
				}
				if c.Minimized != nil {
					if got := mimesniff.Minimize(got, wptSupported); got != *c.Minimized {
						t.Errorf("Minimize(Parse(%q)) = %q, want %q", c.Input, got, *c.Minimized)
					}
					minimized++
				}
				if c.Navigable != nil {
					want := ""
					if c.Encoding != nil {
						want = *c.Encoding
					}
					if got := mimesniff.LegacyExtractEncoding(got, ""); got != want {
						t.Errorf("LegacyExtractEncoding(Parse(%q)) = %q, want %q", c.Input, got, want)
					}
					encodings++
				}
			}
			t.Logf("%d cases: %d parsed, %d parsed from bytes, %d minimized, %d encodings", len(cases), parsed, fromBytes, minimized, encodings)
		})
	}
}

func mustIsomorphic(t *testing.T, s string) []byte {
	b, ok := isomorphicEncode(s)
	if !ok {
		t.Fatalf("%q has a code point above U+00FF", s)
	}
	return b
}

// groupsOf returns the mime-groups.json names of the groups t is in, sorted.
func groupsOf(t mimesniff.MIMEType) []string {
	var out []string
	for _, g := range recordGroups {
		if g.is(t) {
			out = append(out, g.wpt)
		}
	}
	slices.Sort(out)
	return out
}

func TestWPTMIMEGroups(t *testing.T) {
	type groupCase struct {
		Input  string   `json:"input"`
		Groups []string `json:"groups"`
	}
	cases := objects[groupCase](t, "mimesniff/mime-types/resources/mime-groups.json")
	for _, c := range cases {
		mt, err := mimesniff.Parse(c.Input)
		if err != nil {
			t.Errorf("Parse(%q): %v", c.Input, err)
			continue
		}
		want := slices.Sorted(slices.Values(c.Groups))
		if diff := cmp.Diff(want, groupsOf(mt), cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("groups of %q mismatch (-want +got):\n%s", c.Input, diff)
		}
	}
	t.Logf("%d cases", len(cases))
}

func TestWPTMinimized(t *testing.T) {
	type minimizedCase struct {
		Input  string `json:"input"`
		Output string `json:"output"`
	}
	cases := objects[minimizedCase](t, "mimesniff/mime-types/resources/mime-types-minimized.json")
	for _, c := range cases {
		mt, _ := mimesniff.Parse(c.Input) // failure is the zero MIMEType, which minimizes to ""
		if got := mimesniff.Minimize(mt, wptSupported); got != c.Output {
			t.Errorf("Minimize(Parse(%q)) = %q, want %q", c.Input, got, c.Output)
		}
	}
	t.Logf("%d cases", len(cases))
}

func TestWPTContentTypes(t *testing.T) {
	type contentTypeCase struct {
		ContentType         []string `json:"contentType"`
		Encoding            *string  `json:"encoding"`
		MIMEType            string   `json:"mimeType"`
		DocumentContentType string   `json:"documentContentType"`
	}
	cases := objects[contentTypeCase](t, "fetch/content-type/resources/content-types.json")
	for _, c := range cases {
		wantEncoding := ""
		if c.Encoding != nil {
			wantEncoding = *c.Encoding
		}
		// Separate header lines, and the same values as one line
		// joined with ", ", as Fetch's "get" combines them.
		for _, h := range []http.Header{
			{"Content-Type": c.ContentType},
			{"Content-Type": {strings.Join(c.ContentType, ", ")}},
		} {
			mt, ok := mimesniff.ExtractMIMEType(h)
			if !ok || mt.String() != c.MIMEType || mt.Essence() != c.DocumentContentType {
				t.Errorf("ExtractMIMEType(%q) = %q, %v; want %q (essence %q)", h["Content-Type"], mt, ok, c.MIMEType, c.DocumentContentType)
			}
			if got := mimesniff.LegacyExtractEncoding(mt, ""); got != wantEncoding {
				t.Errorf("LegacyExtractEncoding(ExtractMIMEType(%q)) = %q, want %q", h["Content-Type"], got, wantEncoding)
			}
		}
	}
	t.Logf("%d cases, each as separate and as combined header lines", len(cases))
}

func TestWPTScriptContentTypes(t *testing.T) {
	type scriptCase struct {
		ContentType []string `json:"contentType"`
		Executes    bool     `json:"executes"`
		Encoding    *string  `json:"encoding"`
	}
	cases := objects[scriptCase](t, "fetch/content-type/resources/script-content-types.json")
	for _, c := range cases {
		h := http.Header{"Content-Type": c.ContentType}
		mt, _ := mimesniff.ExtractMIMEType(h)
		if got := mt.IsJavaScript(); got != c.Executes {
			t.Errorf("ExtractMIMEType(%q).IsJavaScript() = %v, want %v (type %q)", c.ContentType, got, c.Executes, mt)
		}
		if !c.Executes {
			continue
		}
		want := ""
		if c.Encoding != nil {
			want = *c.Encoding
		}
		if got := mimesniff.LegacyExtractEncoding(mt, ""); got != want {
			t.Errorf("LegacyExtractEncoding(ExtractMIMEType(%q)) = %q, want %q", c.ContentType, got, want)
		}
	}
	t.Logf("%d cases", len(cases))
}

func TestWPTNoSniff(t *testing.T) {
	type noSniffCase struct {
		Input   string `json:"input"`
		NoSniff bool   `json:"nosniff"`
	}
	cases := objects[noSniffCase](t, "fetch/nosniff/resources/x-content-type-options.json")
	for _, c := range cases {
		h, err := rawHeader(c.Input)
		if err != nil {
			t.Fatal(err)
		}
		if got := mimesniff.DetermineNoSniff(h); got != c.NoSniff {
			t.Errorf("DetermineNoSniff(%q) = %v, want %v", c.Input, got, c.NoSniff)
		}
	}
	t.Logf("%d cases", len(cases))
}

// rawHeader parses CRLF-separated header lines "Name: value" into an
// http.Header, removing leading and trailing tabs and spaces from values as
// HTTP does (and nothing else: a trailing FF or VT stays).
func rawHeader(s string) (http.Header, error) {
	h := http.Header{}
	for _, line := range strings.Split(s, "\r\n") {
		name, value, ok := strings.Cut(line, ":")
		if !ok {
			return nil, fmt.Errorf("header line %q has no colon", line)
		}
		h.Add(name, strings.Trim(value, " \t"))
	}
	return h, nil
}

// wptMedia is what the standard's audio or video type pattern matching gives
// for each WPT media file, derived in the WPT data's README (the WPT test
// itself only checks that the file plays whatever its Content-Type).
var wptMedia = []struct {
	file string
	want string // "" for no match
}{
	{"mp3-with-id3.mp3", "audio/mpeg"}, // "ID3" row
	{"ogg.ogg", "application/ogg"},     // "OggS" NUL row
	{"wav.wav", "audio/wave"},          // "RIFF" .... "WAVE" row
	{"mp4.mp4", "video/mp4"},           // ftyp box, compatible brand mp41
	{"webm.webm", "video/webm"},        // DocType "webm", vint read at iter (B4)
	{"flac.flac", ""},                  // the standard has no FLAC signature
	{"mp3-raw.mp3", "audio/mpeg"},      // MP3 without ID3, two frames 208 bytes apart (B5)
}

func TestWPTMedia(t *testing.T) {
	dir := filepath.Join(wptDir(t), "mimesniff", "media", "resources")
	for _, m := range wptMedia {
		t.Run(m.file, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join(dir, m.file))
			if err != nil {
				t.Fatal(err)
			}
			got, _ := mimesniff.MatchAudioOrVideoTypePattern(data)
			if got.String() != m.want {
				t.Errorf("MatchAudioOrVideoTypePattern(%s) = %q, want %q", m.file, got, m.want)
			}
			// In an audio or video context, whatever the supplied type
			// WPT serves the file with, a matching file gets its own
			// type; a file that does not match keeps the supplied one.
			for _, ct := range []string{"", "bogus/mime", "application/octet-stream", "text/html", "audio/ogg; codec=vorbis", "application/pdf"} {
				supplied, _ := mimesniff.Parse(ct)
				r := mimesniff.Resource{Supplied: supplied, Header: data}
				want := m.want
				if want == "" {
					want = supplied.String()
				}
				if got := r.SniffAudioOrVideo(); got.String() != want {
					t.Errorf("Resource{Supplied: %q}.SniffAudioOrVideo() = %q, want %q", ct, got, want)
				}
			}
		})
	}
}

// wptSniffingCase is an object of extracted-sniffing-cases.json.
type wptSniffingCase struct {
	Source       string  `json:"source"`
	InputHex     *string `json:"input_hex"` // nil: not given; "": an empty body
	InputFile    string  `json:"input_file"`
	InputWPTPath string  `json:"input_wpt_path"`
	Supplied     *string `json:"supplied_type"` // nil: no Content-Type header
	NoSniff      bool    `json:"no_sniff"`
	Context      string  `json:"context"`
	Expected     string  `json:"expected"`
	ExpectedKind string  `json:"expected_kind"`
	Notes        string  `json:"notes"`
}

// name returns a name for the case that tells it from every other: the
// test, the body, the Content-Type and nosniff.
func (c wptSniffingCase) name() string {
	body := path.Base(c.InputFile)
	if c.InputFile == "" {
		p, _, _ := strings.Cut(c.InputWPTPath, "?") // the query repeats the type
		body = path.Base(p)
	}
	if c.InputHex != nil && *c.InputHex == "" {
		body += " (empty)"
	}
	ct := "no Content-Type"
	if c.Supplied != nil {
		ct = fmt.Sprintf("Content-Type %q", *c.Supplied)
	}
	if c.NoSniff {
		ct += ", nosniff"
	}
	return path.Base(c.Source) + ": " + body + ", " + ct
}

// wptContexts maps each context of extracted-sniffing-cases.json to the
// Fetch destination of its request. importScripts() fetches with the
// destination "script", as a classic script does (HTML, "import scripts
// into worker global scope").
var wptContexts = map[string]mimesniff.Destination{
	"browsing (top-level document opened with window.open)":   mimesniff.DestinationDocument,
	"audio or video (<audio> element src)":                    mimesniff.DestinationAudio,
	"script (classic <script src>)":                           mimesniff.DestinationScript,
	"script (importScripts() in a dedicated worker)":          mimesniff.DestinationScript,
	"worker script (new Worker(url))":                         mimesniff.DestinationWorker,
	"style (<link rel=stylesheet> in a quirks-mode document)": mimesniff.DestinationStyle,
	"image (<img>)": mimesniff.DestinationImage,
}

// wptVerdict is what a case's expectation says of the report's verdict for
// its destination.
type wptVerdict struct {
	blocked bool
	// runs: script from the response runs there, in every profile (a
	// script that loads, a worker that posts its message); checked only
	// where Script can say so (the script-like destinations), and only
	// when the response is not blocked. Blocked means it runs in none.
	runs bool
	typ  string // the verdict's Type, when the case asserts one
}

// wptExpectations maps each expectation of extracted-sniffing-cases.json to
// the verdict it asserts; a computed-mime-type case asserts the verdict's
// Type, its expected value (document.contentType). For media and images WPT asserts decoding too
// (loadedmetadata, an image 96 pixels wide), which a Report does not
// express: what it can say is that Fetch does not block the response; for
// style sheets each case also runs as a 304 revalidation with the same
// headers and the same expectation, the same verdict.
var wptExpectations = map[string]wptVerdict{
	"loadedmetadata event fires and no error event": {},
	"blocked (error event, script does not run)":    {blocked: true},
	"blocked (error event)":                         {blocked: true},
	"blocked (error event, no message)":             {blocked: true},
	"importScripts throws NetworkError":             {blocked: true},
	"allowed (load event)":                          {runs: true},
	"allowed (script runs)":                         {runs: true},
	"allowed (worker posts 'hi')":                   {runs: true},
	"loads (load event, width 96)":                  {},
}

// wptSniffingSkip lists the cases of extracted-sniffing-cases.json (by
// name) that TestWPTSniffingCases does not replay, with the reason: an
// assertion a Report cannot express at all. It is empty: every case asserts
// a verdict (blocked or not, script or not, a type) that a Report holds.
var wptSniffingSkip = map[string]string{}

// allProfiles are the browser profiles a Report's Script sets hold.
var allProfiles = []mimesniff.Browser{mimesniff.Standard, mimesniff.Chromium, mimesniff.Firefox, mimesniff.WebKit}

// lacking returns the profiles of allProfiles that s does not hold.
func lacking(s mimesniff.BrowserSet) []mimesniff.Browser {
	var out []mimesniff.Browser
	for _, b := range allProfiles {
		if !s.Has(b) {
			out = append(out, b)
		}
	}
	return out
}

// TestWPTSniffingCases replays every case of extracted-sniffing-cases.json
// through ReportFor, the headers as WPT's server sends them and the body
// where the data has it (a body it does not copy, WPT's /images/ and the
// script and worker generators, is empty: the verdicts those cases assert,
// blocked and script in script-like destinations, do not read it), and
// checks the verdict for the case's destination: blocked or not, script
// running or not, and the type where the case observes one. The cases that
// assert a computed MIME type go through Resource.Sniff too.
func TestWPTSniffingCases(t *testing.T) {
	var file struct {
		Cases []wptSniffingCase `json:"cases"`
	}
	readWPT(t, "extracted-sniffing-cases.json", &file)
	seen := map[string]bool{}
	checked, computed := 0, 0
	for _, c := range file.Cases {
		name := c.name()
		if seen[name] {
			t.Fatalf("two cases named %s", name)
		}
		seen[name] = true
		d, ok := wptContexts[c.Context]
		want, ok2 := wptExpectations[c.Expected]
		if c.ExpectedKind == "computed-mime-type" {
			want, ok2 = wptVerdict{typ: c.Expected}, true
		}
		if !ok || !ok2 {
			t.Fatalf("%s: unknown context %q or expectation %q", name, c.Context, c.Expected)
		}
		if reason, ok := wptSniffingSkip[name]; ok {
			t.Logf("not replayed: %s: %s", name, reason)
			continue
		}
		var body []byte
		switch {
		case c.InputFile != "":
			b, err := os.ReadFile(filepath.Join(wptDir(t), filepath.FromSlash(c.InputFile)))
			if err != nil {
				t.Fatal(err)
			}
			body = b
		case c.InputHex != nil:
			b, err := hex.DecodeString(*c.InputHex)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			body = b
		}
		h := http.Header{}
		if c.Supplied != nil {
			h.Set("Content-Type", *c.Supplied)
		}
		if c.NoSniff {
			h.Set("X-Content-Type-Options", "nosniff")
		}
		v, _ := mimesniff.ReportFor(h, body[:min(len(body), mimesniff.HeaderSize)]).Verdict(d)
		if v.Blocked != want.blocked {
			t.Errorf("%s: ReportFor: %s blocked = %v, want %v (WPT: %s)", name, d, v.Blocked, want.blocked, c.Expected)
		}
		switch {
		case want.blocked && !v.Script.IsEmpty():
			t.Errorf("%s: ReportFor: %s is blocked, and script runs in %s; want none (WPT: %s)", name, d, v.Script, c.Expected)
		case want.runs && mimesniff.IsScriptLike(d) && len(lacking(v.Script)) > 0:
			t.Errorf("%s: ReportFor: script runs as %s in %q, not in %v (WPT: %s)", name, d, v.Script, lacking(v.Script), c.Expected)
		}
		if want.typ != "" && v.Type.String() != want.typ {
			t.Errorf("%s: ReportFor: %s type = %q, want %q", name, d, v.Type, want.typ)
		}
		checked++
		if c.ExpectedKind != "computed-mime-type" {
			continue
		}
		// The type the standard computes for a document.
		if d != mimesniff.DestinationDocument || c.InputHex == nil {
			t.Fatalf("%s: unexpected computed-mime-type case: %+v", name, c)
		}
		r := mimesniff.Resource{Header: body, NoSniff: c.NoSniff}
		if c.Supplied != nil {
			r.Supplied, _ = mimesniff.ParseBytes([]byte(*c.Supplied))
		}
		if got := r.Sniff(); got.String() != c.Expected {
			t.Errorf("%s: Sniff() = %q, want %q", name, got, c.Expected)
		}
		computed++
	}
	if checked != len(file.Cases)-len(wptSniffingSkip) || computed == 0 {
		t.Fatalf("replayed %d cases (%d computed types) of %d, %d skipped", checked, computed, len(file.Cases), len(wptSniffingSkip))
	}
	t.Logf("%d cases replayed through ReportFor, %d of them through Sniff too; %d skipped", checked, computed, len(wptSniffingSkip))
}
