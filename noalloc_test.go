// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff_test

import (
	"net/http"
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
			for c := range mimesniff.CacheManifestContext + 1 {
				(mimesniff.Resource{Header: h}).SniffIn(c)
			}
		})
		if n != 0 {
			t.Fatalf("matching %q allocates %v times", h[:min(len(h), 16)], n)
		}
	}
	t.Logf("%d resources from %d headers", count, len(headers))

	html := mimesniff.MustParse("text/html;charset=utf-8")
	header := http.Header{"Content-Type": {"text/html;charset=utf-8"}, "X-Content-Type-Options": {"nosniff"}}
	for _, f := range []struct {
		name string
		f    func()
	}{
		{"Parse canonical", func() { mimesniff.Parse("text/html;charset=utf-8") }},
		{"Parse canonical, no parameters", func() { mimesniff.Parse("application/json") }},
		{"String", func() { _ = html.String() }},
		{"Essence, Type, Subtype", func() { _, _, _ = html.Essence(), html.Type(), html.Subtype() }},
		{"Param", func() { html.Param("CHARSET") }},
		{"groups", func() {
			_ = html.IsImage() || html.IsAudioOrVideo() || html.IsFont() || html.IsZIPBased() || html.IsArchive() ||
				html.IsXML() || html.IsHTML() || html.IsScriptable() || html.IsJavaScript() || html.IsJSON()
		}},
		{"IsJavaScriptEssenceMatch", func() { mimesniff.IsJavaScriptEssenceMatch("Text/JavaScript") }},
		{"Minimize", func() { mimesniff.Minimize(html, nil) }},
		{"LegacyExtractEncoding", func() { mimesniff.LegacyExtractEncoding(html, "windows-1252") }},
		{"SuppliedFromHTTP", func() { mimesniff.SuppliedFromHTTP(header) }},
		{"DetermineNoSniff", func() { mimesniff.DetermineNoSniff(header) }},
		{"ExtractMIMEType, one value", func() { mimesniff.ExtractMIMEType(header) }},
	} {
		if n := testing.AllocsPerRun(100, f.f); n != 0 {
			t.Errorf("%s allocates %v times", f.name, n)
		}
	}
}
