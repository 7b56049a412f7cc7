// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff_test

import (
	"bytes"
	"compress/gzip"
	"errors"
	"math/rand/v2"
	"net/http"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mimesniff/mimesniff"
)

// reading is one reading of a header list, by name; nil values are left out.
type reading map[string][]string

// TestHeaderReadings checks the readings of header maps against what net/http
// sends for them (keys sorted byte by byte, CR and LF as spaces over
// HTTP/1.1, values with a control byte dropped over HTTP/2; header.go's
// writeSubset and h2_bundle.go's http2encodeHeaders) and what a recorder or
// net/http adds after them (the other orders).
func TestHeaderReadings(t *testing.T) {
	tests := []struct {
		name string
		h    http.Header
		want []reading // nil with ok false: too many
	}{
		{"empty", http.Header{}, []reading{{}}},
		{"canonical keys", http.Header{"Content-Type": {"text/html", "*/*"}, "X-Content-Type-Options": {"nosniff"}},
			[]reading{{"Content-Type": {"text/html", "*/*"}, "X-Content-Type-Options": {"nosniff"}}}},
		{"one lower-case spelling", http.Header{"content-type": {"text/html"}, "content-encoding": {"gzip"}},
			[]reading{{"Content-Type": {"text/html"}, "Content-Encoding": {"gzip"}}}},
		{"every name read", http.Header{"content-type": {"a/b"}, "content-encoding": {"gzip"}, "x-content-type-options": {"nosniff"},
			"content-disposition": {"inline"}, "content-security-policy": {"sandbox"}, "cross-origin-resource-policy": {"same-origin"}},
			[]reading{{"Content-Type": {"a/b"}, "Content-Encoding": {"gzip"}, "X-Content-Type-Options": {"nosniff"},
				"Content-Disposition": {"inline"}, "Content-Security-Policy": {"sandbox"}, "Cross-Origin-Resource-Policy": {"same-origin"}}}},
		{"other headers", http.Header{"Content-Length": {"3"}, "Content-Type ": {"text/html"}, "": {"x"}}, []reading{{}}},
		{"a key with no values", http.Header{"Content-Type": nil, "content-type": {"text/html"}},
			[]reading{{"Content-Type": {"text/html"}}}},
		// A recorder's map: sorted, "Content-Type" comes first, but the
		// recorder's own came last on the wire.
		{"two spellings", http.Header{"content-type": {"image/png"}, "Content-Type": {"text/html; charset=utf-8"}},
			[]reading{
				{"Content-Type": {"text/html; charset=utf-8", "image/png"}},
				{"Content-Type": {"image/png", "text/html; charset=utf-8"}},
			}},
		{"three spellings", http.Header{"content-type": {"a/b"}, "Content-Type": {"c/d"}, "CONTENT-TYPE": {"e/f"}},
			[]reading{
				{"Content-Type": {"e/f", "c/d", "a/b"}},
				{"Content-Type": {"e/f", "a/b", "c/d"}},
				{"Content-Type": {"c/d", "e/f", "a/b"}},
				{"Content-Type": {"c/d", "a/b", "e/f"}},
				{"Content-Type": {"a/b", "c/d", "e/f"}},
				{"Content-Type": {"a/b", "e/f", "c/d"}},
			}},
		{"two names of two spellings", http.Header{"content-type": {"a/b"}, "Content-Type": {"c/d"}, "x-content-type-options": {"x"}, "X-Content-Type-Options": {"nosniff"}},
			[]reading{
				{"Content-Type": {"c/d", "a/b"}, "X-Content-Type-Options": {"nosniff", "x"}},
				{"Content-Type": {"c/d", "a/b"}, "X-Content-Type-Options": {"x", "nosniff"}},
				{"Content-Type": {"a/b", "c/d"}, "X-Content-Type-Options": {"nosniff", "x"}},
				{"Content-Type": {"a/b", "c/d"}, "X-Content-Type-Options": {"x", "nosniff"}},
			}},
		// Over HTTP/1.1 CR and LF become spaces and the value is trimmed;
		// over HTTP/2 the value is dropped. NUL stays over HTTP/1.1.
		{"CR LF", http.Header{"X-Content-Type-Options": {"nosniff\r\n"}, "Content-Type": {"text/html"}},
			[]reading{
				{"Content-Type": {"text/html"}, "X-Content-Type-Options": {"nosniff"}},
				{"Content-Type": {"text/html"}},
			}},
		{"CR LF inside", http.Header{"Content-Type": {"text/plain\r\nX-A: b", "image/png"}},
			[]reading{
				{"Content-Type": {"text/plain  X-A: b", "image/png"}},
				{"Content-Type": {"image/png"}},
			}},
		{"NUL", http.Header{"Content-Type": {"text/html\x00"}},
			[]reading{{"Content-Type": {"text/html\x00"}}, {}}},
		// DEL is a control byte too (httpguts.ValidHeaderFieldValue,
		// isCTL: "b < ' ' || b == del"): HTTP/2 drops the value, HTTP/1.1
		// carries it.
		{"DEL", http.Header{"Content-Disposition": {"attachment; filename=\"a\x7f.html\""}},
			[]reading{{"Content-Disposition": {"attachment; filename=\"a\x7f.html\""}}, {}}},
		{"tab and bytes over 0x7F are carried", http.Header{"Content-Type": {"text/html;\tcharset=\xe9"}},
			[]reading{{"Content-Type": {"text/html;\tcharset=\xe9"}}}},
		// 5! orders of one name are 120: too many.
		{"five spellings", http.Header{"content-type": {"a/b"}, "Content-Type": {"a/b"}, "CONTENT-TYPE": {"a/b"}, "Content-type": {"a/b"}, "content-Type": {"a/b"}}, nil},
		// 4! = 24 orders, twice for a control byte: 48, tried.
		{"four spellings and a control byte", http.Header{"content-type": {"a/b"}, "Content-Type": {"a/b"}, "CONTENT-TYPE": {"a/b"}, "Content-type": {"a/b\n"}}, make([]reading, 48)},
		// Two spellings of each of the five names, and a control byte:
		// 2^5 orders, twice, 64 readings, the most tried.
		{"five names of two spellings and a control byte", http.Header{
			"Content-Type": {"a/b"}, "content-type": {"a/b"},
			"Content-Encoding": {"identity"}, "content-encoding": {"identity\r\n"},
			"X-Content-Type-Options": {"nosniff"}, "x-content-type-options": {"nosniff"},
			"Content-Disposition": {"attachment"}, "content-disposition": {"attachment"},
			"Content-Security-Policy": {"sandbox"}, "content-security-policy": {"sandbox"},
		}, make([]reading, 64)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := mimesniff.HeaderReadings(tc.h)
			if ok != (tc.want != nil) {
				t.Fatalf("HeaderReadings ok = %v, want %v", ok, tc.want != nil)
			}
			if tc.want != nil && tc.want[0] == nil {
				if len(got) != len(tc.want) {
					t.Errorf("%d readings, want %d", len(got), len(tc.want))
				}
				return
			}
			var readings []reading
			for _, r := range got {
				readings = append(readings, r)
			}
			if diff := cmp.Diff(tc.want, readings); diff != "" {
				t.Errorf("readings (-want +got):\n%s", diff)
			}
		})
	}
}

// TestAnySpelling checks that every function that reads a header list reads
// each name under any spelling: a lower-case key is the header.
func TestAnySpelling(t *testing.T) {
	lower := http.Header{"content-type": {"text/html"}, "x-content-type-options": {"nosniff"}}
	if got, _ := mimesniff.SuppliedFromHTTP(lower); got.Essence() != "text/html" {
		t.Errorf("SuppliedFromHTTP = %v, want text/html", got)
	}
	if got, _ := mimesniff.ExtractMIMEType(lower); got.Essence() != "text/html" {
		t.Errorf("ExtractMIMEType = %v, want text/html", got)
	}
	if !mimesniff.DetermineNoSniff(lower) {
		t.Errorf("DetermineNoSniff = false, want true")
	}
	r, _, err := mimesniff.ResourceFromHTTP(http.Header{"content-encoding": {"gzip"}}, bytes.NewReader(gzipped(htmlBytes)))
	if err != nil || !bytes.Equal(r.Header, htmlBytes) {
		t.Errorf("ResourceFromHTTP with content-encoding: %v, Header %q, want the page decoded", err, r.Header)
	}
	for _, b := range []mimesniff.Browser{mimesniff.Chromium, mimesniff.Firefox, mimesniff.WebKit} {
		r := mimesniff.Resource{HeaderList: http.Header{"content-type": {"image/png"}, "x-content-type-options": {"nosniff"}}, Header: htmlBytes}
		if got := r.SniffAs(b); got.Essence() != "image/png" {
			t.Errorf("%v: SniffAs = %v, want image/png", b, got)
		}
	}
	h := http.Header{"content-type": {"text/html"}, "Content-Disposition": {"inline"}}
	mimesniff.SafeHeaders(mimesniff.MustParse("image/png"), nil).Set(h)
	want := http.Header{"Content-Type": {"image/png"}, "X-Content-Type-Options": {"nosniff"}, "Content-Disposition": {"inline"}}
	if diff := cmp.Diff(want, h); diff != "" {
		t.Errorf("Headers.Set over a map with content-type (-want +got):\n%s", diff)
	}
}

// TestWorstReading checks that where a map cannot tell the order of two
// spellings, every answer is that of the reading worst for script: a
// recorder's map of a handler that set content-type: image/png and wrote a
// page holds the recorder's own Content-Type: text/html, which the wire
// carries last.
func TestWorstReading(t *testing.T) {
	h := http.Header{"content-type": {"image/png"}, "Content-Type": {"text/html; charset=utf-8"}}
	if rep := mimesniff.ReportFor(h, htmlBytes); !rep.DocumentScript {
		t.Errorf("ReportFor: DocumentScript false, want true (the wire can carry text/html last)")
	}
	for _, order := range [][]string{{"image/png", "text/html; charset=utf-8"}, {"text/html; charset=utf-8", "image/png"}} {
		wire := http.Header{"Content-Type": order}
		if !mimesniff.ReportFor(h, htmlBytes).DocumentScript && mimesniff.ReportFor(wire, htmlBytes).DocumentScript {
			t.Errorf("ReportFor is less cautious than the wire %q", order)
		}
	}
	r, _, err := mimesniff.ResourceFromHTTP(h, bytes.NewReader(htmlBytes))
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range []mimesniff.Browser{mimesniff.Standard, mimesniff.Chromium, mimesniff.Firefox, mimesniff.WebKit} {
		if got := r.SniffAs(b); !b.Scriptable(got) {
			t.Errorf("%v: SniffAs = %v, want the type of the worst reading, text/html", b, got)
		}
	}
	// Codings in another order in another reading: no decoding to trust.
	_, _, err = mimesniff.ResourceFromHTTP(http.Header{"content-encoding": {"gzip"}, "Content-Encoding": {"deflate"}}, bytes.NewReader(gzipped(htmlBytes)))
	var ce *mimesniff.ContentCodingError
	if !errors.As(err, &ce) || !strings.Contains(err.Error(), "a map cannot tell") {
		t.Errorf("two spellings of Content-Encoding: %v, want a ContentCodingError", err)
	}
	// Too many readings: the most cautious answer, script in every
	// profile wherever a response can run script: a navigable's document,
	// an object or embed element's, every script-like destination
	// (Fetch's "script-like": audioworklet, paintworklet, script,
	// serviceworker, sharedworker, worker) and an XSLT style sheet.
	many := http.Header{}
	for _, k := range []string{"content-type", "Content-Type", "CONTENT-TYPE", "Content-type", "content-Type"} {
		many[k] = []string{"image/png"}
	}
	rep := mimesniff.ReportFor(many, pngBytes)
	if !rep.DocumentScript || !rep.ScriptInclusion {
		t.Errorf("ReportFor with five spellings: %+v, want script everywhere", rep)
	}
	// A resource all the same, when no spelling lists a content coding;
	// with one, no decoding to trust.
	if _, _, err := mimesniff.ResourceFromHTTP(many, bytes.NewReader(pngBytes)); err != nil {
		t.Errorf("ResourceFromHTTP with five spellings and no coding: %v, want no error", err)
	}
	withCoding := many.Clone()
	withCoding.Set("Content-Encoding", "gzip")
	if _, _, err := mimesniff.ResourceFromHTTP(withCoding, bytes.NewReader(gzipped(pngBytes))); !errors.As(err, &ce) {
		t.Errorf("ResourceFromHTTP with five spellings and a coding: %v, want a ContentCodingError", err)
	}
	script := map[mimesniff.Destination]bool{
		mimesniff.DestinationDocument: true, mimesniff.DestinationFrame: true, mimesniff.DestinationIFrame: true,
		mimesniff.DestinationObject: true, mimesniff.DestinationEmbed: true,
		mimesniff.DestinationAudioWorklet: true, mimesniff.DestinationPaintWorklet: true, mimesniff.DestinationScript: true,
		mimesniff.DestinationServiceWorker: true, mimesniff.DestinationSharedWorker: true, mimesniff.DestinationWorker: true,
		mimesniff.DestinationXSLT: true,
	}
	// And another site reads it in every profile wherever a page can load
	// it without CORS (the no-cors destinations), since the map cannot say
	// which type or which Cross-Origin-Resource-Policy the wire carries.
	noCORS := map[mimesniff.Destination]bool{
		mimesniff.DestinationEmpty: true, mimesniff.DestinationImage: true, mimesniff.DestinationScript: true,
		mimesniff.DestinationStyle: true, mimesniff.DestinationAudio: true, mimesniff.DestinationVideo: true,
		mimesniff.DestinationTrack: true,
	}
	every := func(s mimesniff.BrowserSet) bool {
		for _, b := range []mimesniff.Browser{mimesniff.Standard, mimesniff.Chromium, mimesniff.Firefox, mimesniff.WebKit} {
			if !s.Has(b) {
				return false
			}
		}
		return true
	}
	for d := mimesniff.Destination(0); ; d++ {
		v, ok := rep.Verdict(d)
		if !ok {
			break
		}
		if script[d] && !every(v.Script) || !script[d] && !v.Script.IsEmpty() || v.Blocked {
			t.Errorf("ReportFor with five spellings, %s: script in %q, blocked %v; want script in every profile %v, nothing blocked", d, v.Script, v.Blocked, script[d])
		}
		if noCORS[d] && !every(v.CrossOrigin) || !noCORS[d] && !v.CrossOrigin.IsEmpty() {
			t.Errorf("ReportFor with five spellings, %s: another site reads it in %q; want every profile %v", d, v.CrossOrigin, noCORS[d])
		}
	}
	if !rep.CrossOriginRead {
		t.Errorf("ReportFor with five spellings: CrossOriginRead false, want true")
	}
}

// TestMergeSpellingsOrder checks that Handler's merged copy of a map holds
// the values of a name's spellings in the order net/http writes them to the
// wire, which Fetch's last-value rules depend on: the order Header.Write
// itself gives the lines, whatever order the map iterates in.
func TestMergeSpellingsOrder(t *testing.T) {
	for range 20 { // map iteration order differs from run to run
		h := http.Header{
			"content-type": {"text/html"},
			"Content-Type": {"image/png"},
			"CONTENT-TYPE": {"text/plain", "text/css"},
			"Content-type": {"image/gif"},
		}
		var wire bytes.Buffer
		if err := h.Write(&wire); err != nil {
			t.Fatal(err)
		}
		var want []string
		for _, line := range strings.Split(strings.TrimSpace(wire.String()), "\r\n") {
			if name, value, ok := strings.Cut(line, ": "); ok && strings.EqualFold(name, "Content-Type") {
				want = append(want, value)
			}
		}
		mimesniff.MergeSpellings(h)
		if diff := cmp.Diff(want, h["Content-Type"]); diff != "" {
			t.Fatalf("merged Content-Type values, against the wire's order (-want +got):\n%s", diff)
		}
		if len(h) != 1 {
			t.Fatalf("after merging, the map holds %v, want the canonical key alone", h)
		}
	}
}

// TestReportCodings checks that ReportFor reads the body as the wire carries
// it: coded bytes are decoded as a browser does, and where they cannot be,
// the report is the worst over every body.
func TestReportCodings(t *testing.T) {
	// A PNG of noise, as the recorded one, but shorter than the resource
	// header: its coded stream is as long as it, and the first half of
	// the stream gives about half of it, then breaks.
	noise := rand.New(rand.NewPCG(1, 2))
	png := append([]byte{}, pngBytes...)
	for range 1024 {
		png = append(png, byte(noise.Uint32()))
	}
	gzPNG := gzipped(png)
	halfPNG := gzPNG[:len(gzPNG)/2]
	tests := []struct {
		name     string
		h        http.Header
		body     []byte
		document bool
	}{
		{"gzip, untyped, nosniff", http.Header{"Content-Encoding": {"gzip"}, "X-Content-Type-Options": {"nosniff"}}, gzipped(htmlBytes), false},
		{"gzip, untyped", http.Header{"Content-Encoding": {"gzip"}}, gzipped(htmlBytes), true},
		{"gzip of text, untyped", http.Header{"Content-Encoding": {"gzip"}}, gzipped([]byte("hello")), false},
		{"gzip, cut short", http.Header{"Content-Encoding": {"gzip"}}, gzipped(htmlBytes)[:30], true},
		// The bytes a cut stream gives are rendered: Chromium, Firefox and
		// WebKit show the first half of a gzip stream of a PNG as an image
		// (case coding/none/gzip-cut-half/png of the wire recordings).
		{"gzip of a PNG, cut in half", http.Header{"Content-Encoding": {"gzip"}}, halfPNG, false},
		// The coded bytes are not what a browser sniffs.
		{"gzip of a PNG, untyped", http.Header{"Content-Encoding": {"gzip"}}, gzipped(pngBytes), false},
		// br cannot be decoded here, and a lie tells nothing: any body.
		{"br, untyped", http.Header{"Content-Encoding": {"br"}}, pngBytes, true},
		{"a lie, untyped", http.Header{"Content-Encoding": {"gzip"}}, pngBytes, true},
		{"a lie, image/png and nosniff", http.Header{"Content-Encoding": {"gzip"}, "Content-Type": {"image/png"}, "X-Content-Type-Options": {"nosniff"}}, htmlBytes, false},
		{"identity", http.Header{"Content-Encoding": {"identity"}}, pngBytes, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := mimesniff.ReportFor(tc.h, tc.body).DocumentScript; got != tc.document {
				t.Errorf("ReportFor(%v, %.20q).DocumentScript = %v, want %v", tc.h, tc.body, got, tc.document)
			}
		})
	}
}

// TestResourceFields checks that every answer is a function of a Resource's
// exported fields: two Resources with equal fields answer alike, and editing
// a field changes the answers that read it.
func TestResourceFields(t *testing.T) {
	h := http.Header{"Content-Type": {"text/html"}, "X-Content-Type-Options": {"nosniff"}}
	built, _, err := mimesniff.ResourceFromHTTP(h, bytes.NewReader(htmlBytes))
	if err != nil {
		t.Fatal(err)
	}
	byHand := mimesniff.Resource{Supplied: mimesniff.MustParse("text/html"), NoSniff: true, Header: htmlBytes, HeaderList: h}
	browsers := []mimesniff.Browser{mimesniff.Standard, mimesniff.Chromium, mimesniff.Firefox, mimesniff.WebKit}
	for _, b := range browsers {
		if got, want := built.SniffAs(b), byHand.SniffAs(b); got != want {
			t.Errorf("%v: ResourceFromHTTP's answer %v, the same fields by hand %v", b, got, want)
		}
	}
	edited := built
	edited.Supplied = mimesniff.MustParse("text/plain")
	if got := edited.SniffAs(mimesniff.Standard); got.Essence() != "text/plain" {
		t.Errorf("Standard after editing Supplied: %v, want text/plain", got)
	}
	edited.HeaderList = http.Header{"Content-Type": {"text/plain"}, "X-Content-Type-Options": {"nosniff"}}
	for _, b := range browsers[1:] {
		if got := edited.SniffAs(b); got.Essence() != "text/plain" {
			t.Errorf("%v after editing HeaderList: %v, want text/plain", b, got)
		}
	}
	// Without a header list, the browsers read the fields.
	edited.HeaderList = nil
	edited.Supplied = mimesniff.MustParse("image/png")
	for _, b := range browsers {
		if got := edited.SniffAs(b); got.Essence() != "image/png" {
			t.Errorf("%v with no header list, Supplied image/png: %v", b, got)
		}
	}
}

// gzipped returns b coded with gzip.
func gzipped(b []byte) []byte {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Write(b)
	zw.Close()
	return buf.Bytes()
}

// TestHeaderBadInput gives every reader of a header list the maps the
// issue lists as bad input: keys that differ only in case, empty keys,
// keys with spaces or colons, a million values, values with CR, LF, NUL and
// bytes over 0x7F. Each must answer (no panic, no hang) with the most
// cautious reading where the map cannot tell what the wire carries.
func TestHeaderBadInput(t *testing.T) {
	million := make([]string, 1_000_000)
	for i := range million {
		million[i] = "text/plain"
	}
	million[len(million)-1] = "text/html"
	maps := []struct {
		name     string
		h        http.Header
		document bool // DocumentScript over a page, where a reading lets it run
	}{
		{"case only", http.Header{"content-type": {"image/png"}, "CONTENT-TYPE": {"text/html"}, "Content-Type": {"image/png"}}, true},
		{"empty key", http.Header{"": {"text/html"}, "Content-Type": {"image/png"}, "X-Content-Type-Options": {"nosniff"}}, false},
		{"key with a space", http.Header{"Content-Type ": {"text/html"}, "Content-Type": {"image/png"}, "X-Content-Type-Options": {"nosniff"}}, false},
		{"key with a colon", http.Header{"Content-Type:": {"text/html"}, "Content-Type": {"image/png"}, "X-Content-Type-Options": {"nosniff"}}, false},
		{"a million values", http.Header{"Content-Type": million}, true},
		{"CR LF", http.Header{"Content-Type": {"image/png\r\nX: y"}, "X-Content-Type-Options": {"nosniff"}}, false},
		{"NUL, over HTTP/2 dropped", http.Header{"Content-Type": {"image/png"}, "X-Content-Type-Options": {"nosniff\x00"}}, false},
		{"byte over 0x7F", http.Header{"Content-Type": {"text/html; charset=\xe9"}}, true},
	}
	for _, tc := range maps {
		t.Run(tc.name, func(t *testing.T) {
			if got := mimesniff.ReportFor(tc.h, htmlBytes).DocumentScript; got != tc.document {
				t.Errorf("ReportFor: DocumentScript = %v, want %v", got, tc.document)
			}
			r, _, err := mimesniff.ResourceFromHTTP(tc.h, bytes.NewReader(htmlBytes))
			if err != nil {
				t.Fatal(err)
			}
			for _, b := range []mimesniff.Browser{mimesniff.Standard, mimesniff.Chromium, mimesniff.Firefox, mimesniff.WebKit} {
				if got := r.SniffAs(b); !got.IsValid() {
					t.Errorf("%v: the zero MIMEType", b)
				}
			}
			h := tc.h.Clone()
			mimesniff.SafeHeaders(mimesniff.MustParse("image/png"), pngBytes).Set(h)
			if rep := mimesniff.ReportFor(h, htmlBytes); rep.DocumentScript || rep.ScriptInclusion {
				t.Errorf("after SafeHeaders(image/png).Set, the report still lets script run: %v", h)
			}
		})
	}
}
