// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff_test

import (
	"bytes"
	"net/http"
	"os"
	"path/filepath"
	"testing"

	"github.com/mimesniff/mimesniff"
)

// TestNoAllocs proves that sniffing never allocates: every sniffing method,
// context and match function, on every testdata file and the generated
// headers of the security tests, under every supplied type and flag; and the
// record accessors and predicates that sniffing uses.
func TestNoAllocs(t *testing.T) {
	headers := securityHeaders(t)
	count := 0
	for i, h := range headers {
		// Every supplied type, and the 16 combinations of flags in turn.
		rs := resources(h)
		for j := (i % 16); j < len(rs); j += 16 {
			r := rs[j]
			if n := testing.AllocsPerRun(3, func() { allResults(r) }); n != 0 {
				t.Fatalf("sniffing %q with supplied %q allocates %v times", h[:min(len(h), 16)], r.Supplied, n)
			}
			count++
		}
		n := testing.AllocsPerRun(3, func() {
			mimesniff.MatchImageTypePattern(h)
			mimesniff.MatchAudioOrVideoTypePattern(h)
			mimesniff.MatchFontTypePattern(h)
			mimesniff.MatchArchiveTypePattern(h)
			mimesniff.MatchesMP4Signature(h)
			mimesniff.MatchesWebMSignature(h)
			mimesniff.MatchesMP3WithoutID3Signature(h)
			mimesniff.MatchPattern(h, []byte("<HTML"), []byte{0xFF, 0xDF, 0xDF, 0xDF, 0xDF}, []byte(" \t"))
			for c := range numContexts {
				sniffIn(mimesniff.Resource{Header: h}, c)
			}
		})
		if n != 0 {
			t.Fatalf("matching %q allocates %v times", h[:min(len(h), 16)], n)
		}
	}
	t.Logf("%d resources from %d headers", count, len(headers))
}

// TestAPIAllocs checks the allocations of the parser, the serializer, the
// record accessors and predicates, the Fetch header algorithms and the
// report: none, except that Parse allocates the one string it returns when
// its input is not already canonical.
func TestAPIAllocs(t *testing.T) {
	html := mimesniff.MustParse("text/html;charset=utf-8")
	header := http.Header{"Content-Type": {"text/html;charset=utf-8"}, "X-Content-Type-Options": {"nosniff"}}
	png := http.Header{"Content-Type": {"image/png"}}
	plain := http.Header{"Content-Type": {"text/plain"}, "X-Content-Type-Options": {"nosniff"}}
	spaced := http.Header{"Content-Type": {"text/html; charset=utf-8"}}
	rare := http.Header{"Content-Type": {"text/html; charset=koi8-r"}}
	upper := http.Header{"Content-Type": {"Text/HTML"}}
	lowerKey := http.Header{"content-type": {"text/html"}, "x-content-type-options": {"nosniff"}}
	policy := http.Header{"Content-Type": {"text/html"}, "Content-Security-Policy": {"default-src 'self'; sandbox allow-scripts, img-src *"}}
	htmlBody := []byte("<!DOCTYPE html><script>alert(1)</script>")
	textPlain := http.Header{"Content-Type": {"text/plain"}}
	prose := []byte("A secret note: the instanceof word, then \"a string\" and 3 numbers.\n")
	json := http.Header{"Content-Type": {"text/plain"}}
	jsonBody := []byte(`{"user": "alice", "list": [1, 2.5e3, true, null]}`)
	body := new(closingReader)
	resp := &http.Response{StatusCode: http.StatusOK, Header: header}
	for _, tc := range []struct {
		name string
		max  float64
		f    func()
	}{
		{"Parse canonical, no parameters", 0, func() { mimesniff.Parse("application/json") }},
		{"Parse canonical", 0, func() { mimesniff.Parse("text/html;charset=utf-8") }},
		{"Parse to lower-case, a common value", 0, func() { mimesniff.Parse("Text/HTML; Charset=UTF-8") }},
		{"Parse to lower-case", 1, func() { mimesniff.Parse("Text/HTML; Charset=Shift_JIS") }},
		{"Parse of four parameters", 1, func() { mimesniff.Parse(`Text/Plain; A=1; b="2"; C="x y"; d=4`) }},
		{"String", 0, func() { _ = html.String() }},
		{"Essence, Type, Subtype", 0, func() { _, _, _ = html.Essence(), html.Type(), html.Subtype() }},
		{"Param", 0, func() { html.Param("CHARSET") }},
		{"groups", 0, func() {
			_ = html.IsImage() || html.IsAudioOrVideo() || html.IsFont() || html.IsZIPBased() || html.IsArchive() ||
				html.IsXML() || html.IsHTML() || html.IsScriptable() || html.IsJavaScript() || html.IsJSON()
		}},
		{"IsJavaScriptEssenceMatch", 0, func() { mimesniff.IsJavaScriptEssenceMatch("Text/JavaScript") }},
		{"Minimize", 0, func() { mimesniff.Minimize(html, nil) }},
		{"LegacyExtractEncoding", 0, func() { mimesniff.LegacyExtractEncoding(html, "windows-1252") }},
		{"SuppliedFromHTTP", 0, func() { mimesniff.SuppliedFromHTTP(header) }},
		{"SuppliedFromHTTP, no parameters", 0, func() { mimesniff.SuppliedFromHTTP(png) }},
		{"DetermineNoSniff", 0, func() { mimesniff.DetermineNoSniff(header) }},
		{"ExtractMIMEType, one value", 0, func() { mimesniff.ExtractMIMEType(header) }},
		{"ReportFor", 0, func() { _ = mimesniff.ReportFor(plain, htmlBody) }},
		{"ReportFor, serialized type", 0, func() { _ = mimesniff.ReportFor(header, htmlBody) }},
		{"ReportFor, a common type not serialized", 0, func() { _ = mimesniff.ReportFor(spaced, htmlBody) }},
		{"ReportFor, type not serialized", 1, func() { _ = mimesniff.ReportFor(rare, htmlBody) }},
		{"ReportFor, type not in lower case", 1, func() { _ = mimesniff.ReportFor(upper, htmlBody) }},
		{"ReportFor, a lower-case key", 0, func() { _ = mimesniff.ReportFor(lowerKey, htmlBody) }},
		{"ReportFor, a policy", 0, func() { _ = mimesniff.ReportFor(policy, htmlBody) }},
		// Firefox's cross-origin rule reads plain text for JavaScript.
		{"ReportFor, plain text read for script", 0, func() { _ = mimesniff.ReportFor(textPlain, prose) }},
		{"ReportFor, JSON", 0, func() { _ = mimesniff.ReportFor(json, jsonBody) }},
		// The resource header and the body that replays it.
		{"ResourceFromResponse", 1, func() {
			body.Reset(htmlBody)
			resp.Body = body
			mimesniff.ResourceFromResponse(resp)
		}},
		{"SniffAs with a header list", 0, func() {
			r := mimesniff.Resource{HeaderList: lowerKey, Header: htmlBody}
			_ = r.SniffAs(mimesniff.Chromium).IsValid() || r.SniffAs(mimesniff.Firefox).IsValid() || r.SniffAs(mimesniff.WebKit).IsValid()
		}},
	} {
		if n := testing.AllocsPerRun(100, tc.f); n > tc.max {
			t.Errorf("%s allocates %v times, want at most %v", tc.name, n, tc.max)
		}
	}
}

// A closingReader is a response body that a test can reset.
type closingReader struct{ bytes.Reader }

func (*closingReader) Close() error { return nil }

// TestSniffAsAllocs checks that no profile allocates, for every testdata
// file under several supplied types.
func TestSniffAsAllocs(t *testing.T) {
	files, err := filepath.Glob("testdata/files/*")
	if err != nil || len(files) == 0 {
		t.Fatalf("testdata files: %v", err)
	}
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, supplied := range []string{"", "text/plain", "text/html", "unknown/unknown", "text/xml", "application/octet-stream"} {
			r := mimesniff.Resource{Header: data, CheckForApacheBug: supplied == "text/plain"}
			if supplied != "" {
				r.Supplied = mimesniff.MustParse(supplied)
			}
			for _, b := range []mimesniff.Browser{mimesniff.Standard, mimesniff.Chromium, mimesniff.Firefox, mimesniff.WebKit} {
				if n := testing.AllocsPerRun(10, func() { b.Displays(r.SniffAs(b)) }); n != 0 {
					t.Errorf("%s, %q, %s: SniffAs allocates %v times", name, supplied, b, n)
				}
			}
		}
	}
}

// TestFindMimeFromDataNoAllocs checks that FindMimeFromData does not allocate
// when registry does not.
func TestFindMimeFromDataNoAllocs(t *testing.T) {
	registry := func(ext string) string { return windowsContentTypes[ext] }
	for _, data := range ieInputs() {
		for _, proposed := range ieProposals {
			n := testing.AllocsPerRun(3, func() {
				mimesniff.FindMimeFromData(data, proposed, "", nil)
				mimesniff.FindMimeFromData(data, proposed, "https://example.com/a.css?x#y", registry)
				mimesniff.FindMimeFromData(nil, proposed, "a.htm", registry)
			})
			if n != 0 {
				t.Fatalf("FindMimeFromData(%q, %q) allocates %v times", data[:min(len(data), 16)], proposed, n)
			}
		}
	}
}
