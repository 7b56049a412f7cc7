// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mimesniff/mimesniff"
)

// recordGroups are the group predicates of
// https://mimesniff.spec.whatwg.org/#mime-type-groups, by the short name this
// package's tests use and by the name WPT's mime-groups.json uses.
var recordGroups = []struct {
	name, wpt string
	is        func(mimesniff.MIMEType) bool
}{
	{"image", "image", mimesniff.MIMEType.IsImage},
	{"audio-video", "audio or video", mimesniff.MIMEType.IsAudioOrVideo},
	{"font", "font", mimesniff.MIMEType.IsFont},
	{"zip", "ZIP-based", mimesniff.MIMEType.IsZIPBased},
	{"archive", "archive", mimesniff.MIMEType.IsArchive},
	{"xml", "XML", mimesniff.MIMEType.IsXML},
	{"html", "HTML", mimesniff.MIMEType.IsHTML},
	{"scriptable", "scriptable", mimesniff.MIMEType.IsScriptable},
	{"javascript", "JavaScript", mimesniff.MIMEType.IsJavaScript},
	{"json", "JSON", mimesniff.MIMEType.IsJSON},
}

// groupsOfRecord returns the short names of the groups m belongs to.
func groupsOfRecord(m mimesniff.MIMEType) []string {
	var gs []string
	for _, g := range recordGroups {
		if g.is(m) {
			gs = append(gs, g.name)
		}
	}
	return gs
}

// javaScriptEssences are the 16 essences of
// https://mimesniff.spec.whatwg.org/#javascript-mime-type.
var javaScriptEssences = []string{
	"application/ecmascript",
	"application/javascript",
	"application/x-ecmascript",
	"application/x-javascript",
	"text/ecmascript",
	"text/javascript",
	"text/javascript1.0",
	"text/javascript1.1",
	"text/javascript1.2",
	"text/javascript1.3",
	"text/javascript1.4",
	"text/javascript1.5",
	"text/jscript",
	"text/livescript",
	"text/x-ecmascript",
	"text/x-javascript",
}

func TestGroups(t *testing.T) {
	type row struct {
		name string
		in   string
		want []string // short names of recordGroups
	}
	rows := []row{
		// Image: type "image".
		{"image", "image/png", []string{"image"}},
		{"image, any subtype", "image/x", []string{"image"}},
		{"image, upper case", "IMAGE/X", []string{"image"}},
		{"image with parameters", "image/png;x=y", []string{"image"}},
		{"not image: type prefix", "ximage/x", nil},
		{"not image: subtype", "x/image", nil},
		{"not image: parameter", "x/x;type=image", nil},

		// Audio or video: type "audio" or "video", or application/ogg.
		{"audio", "audio/x", []string{"audio-video"}},
		{"video", "video/x", []string{"audio-video"}},
		{"application/ogg", "application/ogg", []string{"audio-video"}},
		{"application/ogg with parameters", "application/ogg;codecs=opus", []string{"audio-video"}},
		{"not audio: type prefix", "audiox/x", nil},
		{"not audio or video: application/oggx", "application/oggx", nil},
		{"not audio or video: text/ogg", "text/ogg", nil},
		{"not audio or video: x/audio", "x/audio", nil},

		// Font: type "font", or one of the listed essences.
		{"font type", "font/x", []string{"font"}},
		{"font/woff2", "font/woff2", []string{"font"}},
		{"application/font-cff", "application/font-cff", []string{"font"}},
		{"application/font-off", "application/font-off", []string{"font"}},
		{"application/font-otf", "application/font-otf", []string{"font"}},
		{"application/font-sfnt", "application/font-sfnt", []string{"font"}},
		{"application/font-ttf", "application/font-ttf", []string{"font"}},
		{"application/font-woff", "application/font-woff", []string{"font"}},
		{"application/vnd.ms-fontobject", "application/vnd.ms-fontobject", []string{"font"}},
		{"application/vnd.ms-opentype", "application/vnd.ms-opentype", []string{"font"}},
		{"font essence, upper case", "Application/Font-WOFF", []string{"font"}},
		{"not font: application/font-woff2", "application/font-woff2", nil},
		{"not font: application/font", "application/font", nil},
		{"not font: text/font-ttf", "text/font-ttf", nil},
		{"not font: fonts/x", "fonts/x", nil},

		// ZIP-based: subtype ends in "+zip", or application/zip.
		// Archive: application/x-rar-compressed, application/zip,
		// application/x-gzip.
		{"application/zip", "application/zip", []string{"zip", "archive"}},
		{"+zip suffix", "x/x+zip", []string{"zip"}},
		{"application/epub+zip", "application/epub+zip", []string{"zip"}},
		{"+zip subtype", "x/+zip", []string{"zip"}},
		{"not ZIP-based: x/zip", "x/zip", nil},
		{"not ZIP-based: +zip2", "x/x+zip2", nil},
		{"not ZIP-based: xzip", "x/xzip", nil},
		{"not ZIP-based: +zip in the type", "x+zip/x", nil},
		{"not ZIP-based: parameter", "x/x;a=b+zip", nil},
		{"application/x-rar-compressed", "application/x-rar-compressed", []string{"archive"}},
		{"application/x-gzip", "application/x-gzip", []string{"archive"}},
		{"not archive: application/gzip", "application/gzip", nil},
		{"not archive: application/x-zip-compressed", "application/x-zip-compressed", nil},

		// XML: subtype ends in "+xml", or text/xml or application/xml.
		// Scriptable: XML, HTML, or application/pdf.
		{"text/xml", "text/xml", []string{"xml", "scriptable"}},
		{"application/xml", "application/xml", []string{"xml", "scriptable"}},
		{"+xml suffix", "x/x+xml", []string{"xml", "scriptable"}},
		{"+xml subtype", "x/+xml", []string{"xml", "scriptable"}},
		{"image/svg+xml", "image/svg+xml", []string{"image", "xml", "scriptable"}},
		{"application/xhtml+xml is XML, not HTML", "application/xhtml+xml", []string{"xml", "scriptable"}},
		{"XML, upper case", "TEXT/XML", []string{"xml", "scriptable"}},
		{"not XML: x/xml", "x/xml", nil},
		{"not XML: +xml2", "x/x+xml2", nil},
		{"not XML: xml type", "xml/x", nil},
		{"not XML: image/xml", "image/xml", []string{"image"}},
		{"not XML: parameter", "x/x;a=b+xml", nil},

		// HTML: text/html.
		{"text/html", "text/html", []string{"html", "scriptable"}},
		{"text/html with parameters", "text/html;charset=utf-8", []string{"html", "scriptable"}},
		{"HTML, upper case", "TEXT/HTML", []string{"html", "scriptable"}},
		{"not HTML: text/htm", "text/htm", nil},
		{"not HTML: text/xhtml", "text/xhtml", nil},
		{"not HTML: application/html", "application/html", nil},
		{"application/pdf", "application/pdf", []string{"scriptable"}},
		{"application/pdf with parameters", "application/pdf;x=y", []string{"scriptable"}},
		{"not scriptable: application/x-pdf", "application/x-pdf", nil},

		// JavaScript (the 16 essences are below).
		{"JavaScript with parameters", "text/javascript;charset=utf-8", []string{"javascript"}},
		{"JavaScript module", "text/javascript;goal=module", []string{"javascript"}},
		{"JavaScript, upper case", "Text/JavaScript", []string{"javascript"}},
		{"not JavaScript: text/javascript1.6", "text/javascript1.6", nil},
		{"not JavaScript: text/javascript1", "text/javascript1", nil},
		{"not JavaScript: text/x-jscript", "text/x-jscript", nil},
		{"not JavaScript: application/jscript", "application/jscript", nil},
		{"not JavaScript: text/jsx", "text/jsx", nil},
		{"not JavaScript: application/x-javascript+xml", "application/x-javascript+xml", []string{"xml", "scriptable"}},

		// JSON: subtype ends in "+json", or application/json or text/json.
		{"application/json", "application/json", []string{"json"}},
		{"text/json", "text/json", []string{"json"}},
		{"+json suffix", "x/x+json", []string{"json"}},
		{"application/ld+json", "application/ld+json", []string{"json"}},
		{"JSON with parameters", "application/json;charset=utf-8", []string{"json"}},
		{"not JSON: application/x-json", "application/x-json", nil},
		{"not JSON: +json2", "x/x+json2", nil},
		{"not JSON: x/json", "x/json", nil},
		{"not JSON: json type", "json/x", nil},

		// No group.
		{"text/plain", "text/plain", nil},
		{"application/octet-stream", "application/octet-stream", nil},
		{"star/star", "*/*", nil},
	}
	for _, e := range javaScriptEssences {
		rows = append(rows, row{"JavaScript " + e, e, []string{"javascript"}})
	}
	for _, tc := range rows {
		t.Run(tc.name, func(t *testing.T) {
			m := mimesniff.MustParse(tc.in)
			if diff := cmp.Diff(tc.want, groupsOfRecord(m)); diff != "" {
				t.Errorf("groups of %q mismatch (-want +got):\n%s", tc.in, diff)
			}
		})
	}
}

func TestIsJavaScriptEssenceMatch(t *testing.T) {
	type row struct {
		name string
		in   string
		want bool
	}
	rows := []row{
		{"mixed case", "Text/JavaScript", true},
		{"upper case", "TEXT/JAVASCRIPT1.5", true},
		{"upper case application", "APPLICATION/X-JAVASCRIPT", true},
		{"empty", "", false},
		{"parameter", "text/javascript;charset=utf-8", false},
		{"trailing semicolon", "text/javascript;", false},
		{"leading space", " text/javascript", false},
		{"trailing space", "text/javascript ", false},
		{"trailing tab", "text/javascript\t", false},
		{"not listed: text/javascript1.6", "text/javascript1.6", false},
		{"prefix", "text/livescrip", false},
		{"longer than any essence", "application/x-javascriptx", false},
		{"long", strings.Repeat("text/javascript", 10), false},
		{"Unicode folding is not ASCII folding", "text/java\u017fcript", false}, // U+017F folds to s in Unicode only
		{"JSON", "application/json", false},
		{"type only", "text", false},
	}
	for _, e := range javaScriptEssences {
		rows = append(rows, row{e, e, true}, row{strings.ToUpper(e), strings.ToUpper(e), true})
	}
	for _, tc := range rows {
		t.Run(tc.name, func(t *testing.T) {
			if got := mimesniff.IsJavaScriptEssenceMatch(tc.in); got != tc.want {
				t.Errorf("IsJavaScriptEssenceMatch(%q) = %v, want %v", tc.in, got, tc.want)
			}
		})
	}
}

func TestMinimize(t *testing.T) {
	none := func(mimesniff.MIMEType) bool { return false }
	images := func(m mimesniff.MIMEType) bool { return m.IsImage() }
	for _, tc := range []struct {
		name      string
		in        string // "" for the zero MIMEType
		supported func(mimesniff.MIMEType) bool
		want      string
	}{
		// Step 1: JavaScript, even if supported (nil) and even if not.
		{"JavaScript", "text/javascript", nil, "text/javascript"},
		{"JavaScript with parameters", "text/javascript;charset=utf-8", nil, "text/javascript"},
		{"JavaScript, other essence, not its essence", "application/x-javascript", nil, "text/javascript"},
		{"JavaScript, not supported", "text/ecmascript", none, "text/javascript"},
		// Step 2: JSON.
		{"JSON", "application/json;charset=utf-8", nil, "application/json"},
		{"text/json", "text/json", nil, "application/json"},
		{"+json, not its essence", "application/ld+json", nil, "application/json"},
		{"JSON, not supported", "x/x+json", none, "application/json"},
		// Step 3: image/svg+xml, before XML and before supported.
		{"svg", "image/svg+xml", nil, "image/svg+xml"},
		{"svg with parameters", "IMAGE/SVG+XML;charset=utf-8", nil, "image/svg+xml"},
		{"svg, not supported", "image/svg+xml", none, "image/svg+xml"},
		// Step 4: XML, before supported.
		{"XML", "text/xml", nil, "application/xml"},
		{"+xml, not its essence", "application/xhtml+xml", nil, "application/xml"},
		{"XML, not supported", "application/atom+xml", none, "application/xml"},
		{"XML image, not svg", "image/x+xml", images, "application/xml"},
		// Step 5: supported gives the essence; nil supports everything.
		{"nil supports everything", "image/png;x=y", nil, "image/png"},
		{"nil supports anything", "x/y;charset=utf-8", nil, "x/y"},
		{"HTML is not XML", "text/html;charset=utf-8", nil, "text/html"},
		{"supported", "image/png", images, "image/png"},
		{"upper case", "IMAGE/PNG", images, "image/png"},
		// Step 6: the empty string.
		{"not supported", "image/png", none, ""},
		{"not supported by this predicate", "text/html", images, ""},
		{"zero MIMEType", "", nil, ""},
		{"zero MIMEType, everything supported", "", func(mimesniff.MIMEType) bool { return true }, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var m mimesniff.MIMEType
			if tc.in != "" {
				m = mimesniff.MustParse(tc.in)
			}
			if got := mimesniff.Minimize(m, tc.supported); got != tc.want {
				t.Errorf("Minimize(%q) = %q, want %q", m, got, tc.want)
			}
		})
	}
}

// TestMinimizeSupportedGetsRecord checks that the predicate is asked about
// the record itself, parameters included.
func TestMinimizeSupportedGetsRecord(t *testing.T) {
	m := mimesniff.MustParse("video/mp4;codecs=avc1")
	var asked []string
	supported := func(u mimesniff.MIMEType) bool {
		asked = append(asked, u.String())
		codecs, _ := u.Param("codecs")
		return codecs == "avc1"
	}
	if got := mimesniff.Minimize(m, supported); got != "video/mp4" {
		t.Errorf("Minimize(%q) = %q, want %q", m, got, "video/mp4")
	}
	if diff := cmp.Diff([]string{"video/mp4;codecs=avc1"}, asked); diff != "" {
		t.Errorf("supported asked about (-want +got):\n%s", diff)
	}
	asked = nil
	if got := mimesniff.Minimize(mimesniff.MustParse("video/mp4;codecs=hev1"), supported); got != "" {
		t.Errorf("Minimize(video/mp4;codecs=hev1) = %q, want \"\"", got)
	}
}
