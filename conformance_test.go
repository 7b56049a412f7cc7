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

// TestWPTSniffingCases checks the cases of extracted-sniffing-cases.json
// that assert a computed MIME type; the others assert load or block outcomes
// of Fetch and HTML, not sniffing results.
func TestWPTSniffingCases(t *testing.T) {
	var file struct {
		Cases []struct {
			Source       string  `json:"source"`
			InputHex     string  `json:"input_hex"`
			InputFile    string  `json:"input_file"`
			InputWPTPath string  `json:"input_wpt_path"`
			Supplied     *string `json:"supplied_type"`
			NoSniff      bool    `json:"no_sniff"`
			Context      string  `json:"context"`
			Expected     string  `json:"expected"`
			ExpectedKind string  `json:"expected_kind"`
			Notes        string  `json:"notes"`
		} `json:"cases"`
	}
	readWPT(t, "extracted-sniffing-cases.json", &file)
	checked := 0
	for _, c := range file.Cases {
		if c.ExpectedKind != "computed-mime-type" {
			continue
		}
		if !strings.HasPrefix(c.Context, "browsing") || c.InputHex == "" {
			t.Fatalf("unexpected computed-mime-type case: %+v", c)
		}
		data, err := hex.DecodeString(c.InputHex)
		if err != nil {
			t.Fatal(err)
		}
		var r mimesniff.Resource
		r.Header, r.NoSniff = data, c.NoSniff
		if c.Supplied != nil {
			r.Supplied, _ = mimesniff.ParseBytes([]byte(*c.Supplied))
		}
		if got := r.Sniff(); got.String() != c.Expected {
			t.Errorf("%s (%s): Sniff() = %q, want %q", c.Source, c.InputWPTPath, got, c.Expected)
		}
		checked++
	}
	if checked == 0 {
		t.Fatal("no computed-mime-type cases")
	}
	t.Logf("%d computed-mime-type cases of %d", checked, len(file.Cases))
}
