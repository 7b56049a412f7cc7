// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff_test

import (
	"net/http"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mimesniff/mimesniff"
)

// TestReadStatus checks the class of status every code is read as, and what
// decides a 3xx: Fetch's ok, null body and redirect statuses, a Location
// every engine follows, and the recorded codes that the ones no wire
// carries stand for (ReportForStatus's doc).
func TestReadStatus(t *testing.T) {
	loc := header("Location", "/next")
	tests := []struct {
		name string
		code int
		h    http.Header
		want string
	}{
		{"200", 200, nil, "ok"},
		{"203, an ok status", 203, nil, "ok"},
		{"206, an ok status", 206, nil, "ok"},
		{"299, the last ok status", 299, nil, "ok"},
		{"204, a null body status", 204, nil, "no content"},
		{"205, a null body status", 205, nil, "reset content"},
		{"304, a null body status", 304, nil, "not modified"},
		{"304 with a Location", 304, loc, "not modified"},
		{"301 with a Location", 301, loc, "redirect"},
		{"302 with a Location", 302, loc, "redirect"},
		{"303 with a Location", 303, loc, "redirect"},
		{"307 with a Location", 307, loc, "redirect"},
		{"308 with a Location", 308, loc, "redirect"},
		{"301, Location under another spelling", 301, header("location", "http://a.example/"), "redirect"},
		{"301 without a Location", 301, nil, "no location"},
		{"301, empty Location", 301, header("Location", ""), "no location"},
		{"301, two Locations", 301, header("Location", "/a", "Location", "/b"), "no location"},
		{"301, two spellings of Location", 301, header("Location", "/a", "location", "/a"), "no location"},
		{"301, a Location with a space", 301, header("Location", "/a b"), "no location"},
		{"301, a Location net/url refuses", 301, header("Location", "http://[::1"), "no location"},
		{"301, a Location with a control byte", 301, header("Location", "/a\x7f"), "no location"},
		{"300 with a Location, no redirect status", 300, loc, "no location"},
		{"305 with a Location", 305, loc, "no location"},
		{"306", 306, loc, "no location"},
		{"399", 399, nil, "no location"},
		{"400", 400, nil, "error"},
		{"404", 404, nil, "error"},
		{"599", 599, nil, "error"},
		{"600, above RFC 9110's range", 600, nil, "above range"},
		{"999", 999, nil, "above range"},
		{"1000, four digits", 1000, nil, "above range"},
		{"the largest int", int(^uint(0) >> 1), nil, "above range"},
		{"99, below the range", 99, nil, "below range"},
		{"0", 0, nil, "below range"},
		{"-1", -1, nil, "below range"},
		{"the smallest int", -int(^uint(0)>>1) - 1, nil, "below range"},
		{"100 as a final status", 100, nil, "informational"},
		{"101", 101, nil, "informational"},
		{"103", 103, nil, "informational"},
		{"199", 199, nil, "informational"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := mimesniff.StatusClass(tc.code, tc.h); got != tc.want {
				t.Errorf("readStatus(%d, %v) = %q, want %q", tc.code, tc.h, got, tc.want)
			}
		})
	}
}

// An engineAnswer is what an engine's code does with a Content-Range, as
// read from its source: it blocks, lets through, or the package does not
// follow its parser there (unread).
type engineAnswer int

const (
	lets engineAnswer = iota
	blocks
	unread
)

// TestRangeRules checks the partial-response rules' reading of a 206's
// Content-Range against the engines' code: Chromium's ORB blocks a range
// whose first byte is after 0 (orb_impl.cc, IsRangeResponseWithMiddleOfResource,
// with http_util.cc, ParseContentRangeHeaderFor206: "bytes" in any case,
// first <= last < a complete length of digits, "*" refused); Firefox's
// blocks a 206 that is no first partial response
// (OpaqueResponseUtils.cpp, IsFirstPartialResponse: its parser cuts the
// value at the first space, dash and slash, and refuses first >= last and
// last >= complete, "*" accepted). The package must never block where the
// engine does not, and must block where it does for the form servers send
// ("bytes first-last/complete"); elsewhere it may let through what the
// engine blocks. The standard's column is the ORB proposal's "validate a
// partial response" given 0.
func TestRangeRules(t *testing.T) {
	tests := []struct {
		name              string
		values            []string
		chromium, firefox engineAnswer
		standardValid     bool
		exact             bool // the form servers send: read as the engines read it
	}{
		{"none", nil, lets, blocks, false, true},
		{"the whole body", []string{"bytes 0-548/549"}, lets, lets, true, true},
		{"from 0, part of the resource", []string{"bytes 0-548/1549"}, lets, lets, true, true},
		{"from byte 1000", []string{"bytes 1000-1548/1549"}, blocks, blocks, false, true},
		{"from byte 1", []string{"bytes 1-9/10"}, blocks, blocks, false, true},
		{"one byte from 0", []string{"bytes 0-0/1"}, lets, blocks, true, true},
		{"reversed", []string{"bytes 19-10/20"}, lets, blocks, false, true},
		{"past the complete length", []string{"bytes 0-19/10"}, lets, blocks, false, true},
		{"last byte at the complete length", []string{"bytes 0-10/10"}, lets, blocks, false, true},
		{"from 0, complete length unknown", []string{"bytes 0-9/*"}, lets, lets, true, true},
		{"from 10, complete length unknown", []string{"bytes 10-19/*"}, lets, blocks, false, true},
		{"18 digits", []string{"bytes 100000000000000000-100000000000000001/100000000000000002"}, blocks, blocks, false, true},
		{"unsatisfied, */length", []string{"bytes */20"}, lets, unread, false, false},
		{"upper-case unit", []string{"Bytes 10-19/20"}, blocks, blocks, false, false},
		{"another unit", []string{"items 10-19/20"}, lets, blocks, false, false},
		{"two spaces", []string{"bytes  10-19/20"}, blocks, unread, false, false},
		{"space at the end", []string{"bytes 10-19/20 "}, blocks, unread, false, false},
		{"a sign", []string{"bytes +10-19/20"}, unread, unread, false, false},
		{"19 digits", []string{"bytes 1000000000000000000-1000000000000000001/1000000000000000002"}, blocks, blocks, false, false},
		{"huge numbers", []string{"bytes 99999999999999999999-99999999999999999999/99999999999999999999"}, lets, unread, false, false},
		{"empty", []string{""}, lets, unread, false, false},
		{"two values, the first from 0", []string{"bytes 0-9/20", "bytes 10-19/20"}, lets, unread, false, false},
		{"two values, both from 10", []string{"bytes 10-19/20", "bytes 10-19/20"}, lets, unread, false, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := http.Header{}
			for _, v := range tc.values {
				h.Add("Content-Range", v)
			}
			later, notFirst, valid := mimesniff.RangeRules(h)
			check := func(engine string, blocked bool, want engineAnswer) {
				switch {
				case blocked && want != blocks:
					t.Errorf("%s: the package blocks %q, which the engine does not", engine, tc.values)
				case !blocked && want == blocks && tc.exact:
					t.Errorf("%s: the package lets %q through, which the engine blocks", engine, tc.values)
				}
			}
			check("Chromium", later, tc.chromium)
			check("Firefox", notFirst, tc.firefox)
			if valid != tc.standardValid {
				t.Errorf("standard: valid first partial response %v, want %v", valid, tc.standardValid)
			}
		})
	}
}

// TestStatusScriptRules checks statusScriptRules as a table: an ok status
// runs every kind of destination in every profile, as at 200; no row repeats
// a class and kind; a row lets run only profiles; every row cites its
// evidence.
func TestStatusScriptRules(t *testing.T) {
	all := set(inS, inC, inF, inW)
	seen := map[string]bool{}
	ok := map[string]bool{}
	for _, r := range mimesniff.StatusScriptRules() {
		k := r.Class + ", " + r.Kind
		if seen[k] {
			t.Errorf("%s: two rows", k)
		}
		seen[k] = true
		if !within(r.Runs, all) || r.Runs.IsEmpty() {
			t.Errorf("%s: runs %v: a row lets some profile run script", k, r.Runs)
		}
		if r.Evidence == "" {
			t.Errorf("%s: no evidence", k)
		}
		if r.Class == "ok" {
			if r.Runs != all {
				t.Errorf("%s: runs %v, want every profile, as at 200", k, r.Runs)
			}
			ok[r.Kind] = true
		}
	}
	for d := range destinationCount() {
		if kind := mimesniff.ScriptKindOf(d); kind != "none" && !ok[kind] {
			t.Errorf("destination %q, kind %s: no row for an ok status", d, kind)
		}
	}
}

// destinationCount returns how many destinations there are: Verdict answers
// for each, and for no more.
func destinationCount() mimesniff.Destination {
	var rep mimesniff.Report
	d := mimesniff.Destination(0)
	for {
		if _, ok := rep.Verdict(d); !ok {
			return d
		}
		d++
	}
}

// statusBodies are responses the status tests answer at every status: a
// script, a page, a style sheet, an image, JSON with and without a type, and
// a page under the headers SafeHeaders chooses.
var statusBodies = []struct {
	name string
	h    http.Header
	body []byte
}{
	{"script", header("Content-Type", "text/javascript"), []byte("window.probe = 1;\n")},
	{"page", header("Content-Type", "text/html"), []byte("<!DOCTYPE html><script>alert(1)</script>")},
	{"untyped page", http.Header{}, []byte("<!DOCTYPE html><script>alert(1)</script>")},
	{"style sheet", header("Content-Type", "text/css"), []byte(".a { color: red }")},
	{"image", header("Content-Type", "image/png"), []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")},
	{"JSON", header("Content-Type", "application/json"), []byte(`{"user":"alice"}`)},
	{"untyped JSON", http.Header{}, []byte(`{"user":"alice"}`)},
	{"safe page", header("Content-Type", "text/html", "X-Content-Type-Options", "nosniff",
		"Content-Disposition", "attachment", "Content-Security-Policy", "sandbox"), []byte("<script>alert(1)</script>")},
	{"range of a page", header("Content-Type", "text/html", "Content-Range", "bytes 10-19/20"), []byte("<script>alert(1)</script>")},
	{"redirect", header("Content-Type", "text/html", "Location", "/next"), []byte("<script>alert(1)</script>")},
}

// statusCodes are a code of every class, and the edges between classes.
var statusCodes = []int{-1, 0, 99, 100, 101, 103, 199, 200, 203, 204, 205, 206, 299, 300, 301, 302, 303, 304, 305,
	307, 308, 399, 400, 404, 500, 599, 600, 999, 1000}

// TestStatusNeverAddsScript checks that no status lets script run that a 200
// would not, under the same headers and body: every status class's rules
// only take profiles away (statusScriptRules), and a final 1xx is every
// class at once.
func TestStatusNeverAddsScript(t *testing.T) {
	for _, tc := range statusBodies {
		at200 := mimesniff.ReportForStatus(http.StatusOK, tc.h, tc.body)
		for code := -2; code <= 1001; code++ {
			rep := mimesniff.ReportForStatus(code, tc.h, tc.body)
			for d := range destinationCount() {
				v, _ := rep.Verdict(d)
				w, _ := at200.Verdict(d)
				if !within(v.Script, w.Script) {
					t.Errorf("%s, status %d, %q: script runs in %v, at 200 in %v", tc.name, code, d, v.Script, w.Script)
				}
			}
			if rep.DocumentScript && !at200.DocumentScript || rep.ScriptInclusion && !at200.ScriptInclusion {
				t.Errorf("%s, status %d: DocumentScript %v, ScriptInclusion %v; at 200 %v, %v", tc.name, code,
					rep.DocumentScript, rep.ScriptInclusion, at200.DocumentScript, at200.ScriptInclusion)
			}
		}
	}
}

// TestSafeHeadersHoldAtEveryStatus checks SafeHeaders' promise at every
// class of status: served with the headers it chooses, with a 206's
// Content-Range or a redirect's Location too, no body under any declared
// type runs script, for any code.
func TestSafeHeadersHoldAtEveryStatus(t *testing.T) {
	bodies := attackBodies(t)
	types := []mimesniff.MIMEType{{}}
	for _, s := range knownTypes() {
		types = append(types, mimesniff.MustParse(s))
	}
	// A code of every class, the 206s with a range from 0 and from the
	// middle, and a redirect with its Location.
	statuses := []struct {
		code  int
		extra http.Header
	}{
		{-1, nil}, {99, nil}, {150, nil}, {200, nil}, {204, nil}, {205, nil}, {300, nil}, {304, nil},
		{404, nil}, {500, nil}, {600, nil}, {999, nil},
		{206, header("Content-Range", "bytes 0-9/100")}, {206, header("Content-Range", "bytes 10-19/100")},
		{301, header("Location", "/next")},
	}
	for _, d := range types {
		for _, body := range bodies {
			h := http.Header{}
			mimesniff.SafeHeaders(d, body).Set(h)
			for _, st := range statuses {
				hh := h.Clone()
				for k, v := range st.extra {
					hh[k] = v
				}
				if rep := mimesniff.ReportForStatus(st.code, hh, body); rep.DocumentScript || rep.ScriptInclusion {
					t.Fatalf("declared %q, body %.40q, status %d: served with %v, script runs through %v", d, body, st.code, hh, verdicts(rep))
				}
			}
		}
	}
}

// TestReportForStatusBadInput answers responses no wire should carry, or
// that lie: never a panic, and each as the recorded status it stands for,
// which is never less cautious than the engines.
func TestReportForStatusBadInput(t *testing.T) {
	js := header("Content-Type", "text/javascript")
	html := header("Content-Type", "text/html")
	jsBody := []byte("window.probe = 1;\n")
	htmlBody := []byte("<!DOCTYPE html><script>alert(1)</script>")
	withRange := func(h http.Header, values ...string) http.Header {
		h = h.Clone()
		for _, v := range values {
			h.Add("Content-Range", v)
		}
		return h
	}
	tests := []struct {
		name string
		code int
		h    http.Header
		body []byte
		// as is the status and body whose report this one must be:
		// the recorded status the code stands for.
		as     int
		asBody []byte
	}{
		{"code 0, as 099", 0, js, jsBody, 99, jsBody},
		{"code -1, as 099", -1, js, jsBody, 99, jsBody},
		{"code 50, as 099", 50, html, htmlBody, 99, htmlBody},
		{"code 600, as 4xx and 5xx", 600, js, jsBody, 404, jsBody},
		{"code 999, as 4xx and 5xx", 999, html, htmlBody, 500, htmlBody},
		{"code 1000, as 600 and 999", 1000, html, htmlBody, 999, htmlBody},
		{"a 204 with a body, as without", 204, html, htmlBody, 204, nil},
		{"a 304 with a body, as without", 304, html, htmlBody, 304, nil},
		{"a 304 with a script body", 304, js, jsBody, 304, nil},
		{"a 206 without Content-Range, as from 0 in Chromium", 206, js, jsBody, 206, jsBody},
		{"Content-Range past the body, as from 0", 206, withRange(js, "bytes 0-99999/100000"), jsBody, 206, jsBody},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := mimesniff.ReportForStatus(tc.code, tc.h, tc.body)
			want := mimesniff.ReportForStatus(tc.as, tc.h, tc.asBody)
			if diff := cmp.Diff(verdicts(want), verdicts(got), sameSet); diff != "" {
				t.Errorf("ReportForStatus(%d) differs from ReportForStatus(%d) (-want +got):\n%s", tc.code, tc.as, diff)
			}
		})
	}
	// A final 1xx is every class at once: at least as cautious as each.
	for _, code := range []int{100, 101, 103, 150, 199} {
		for _, tc := range statusBodies {
			got := mimesniff.ReportForStatus(code, tc.h, tc.body)
			for _, other := range statusCodes {
				if other >= 100 && other < 200 {
					continue
				}
				r := mimesniff.ReportForStatus(other, tc.h, tc.body)
				for d := range destinationCount() {
					v, _ := got.Verdict(d)
					w, _ := r.Verdict(d)
					if !within(w.Script, v.Script) || !within(w.CrossOrigin, v.CrossOrigin) {
						t.Errorf("%s, status %d, %q: %+v; less than at %d: %+v", tc.name, code, d, v, other, w)
					}
				}
			}
		}
	}
}

// The profiles of the sets the cross-origin status tests expect (set).
const (
	inS = mimesniff.Standard
	inC = mimesniff.Chromium
	inF = mimesniff.Firefox
	inW = mimesniff.WebKit
)

// TestContentRangeLies answers a 206 of JSON with no type (which every
// engine's ORB lets through at 200: case s206+none/json-object) under a
// Content-Range that lies or is missing: for each, the profiles a page of
// another site gets the bytes in by fetch(). Chromium blocks only a range
// surely after byte 0 (case s206-mid+t-application-json/json-array),
// Firefox any 206 it cannot read as a first part, none included (case
// s206-norange+none/json-object), and the ORB proposal any that is not a
// valid first part; WebKitGTK has no ORB. Where the package cannot read a
// value as the engine does, it lets the bytes through (TestRangeRules).
func TestContentRangeLies(t *testing.T) {
	body := []byte(`{"user":"alice","token":"s3cr3t"}`) // 34 bytes
	tests := []struct {
		name   string
		values []string
		want   mimesniff.BrowserSet
	}{
		{"the whole body", []string{"bytes 0-33/34"}, set(inS, inC, inF, inW)},
		{"from byte 10", []string{"bytes 10-33/34"}, set(inW)},
		{"none", nil, set(inC, inW)},
		{"past the body", []string{"bytes 0-99999/100000"}, set(inS, inC, inF, inW)},
		{"last byte past the complete length", []string{"bytes 0-40/34"}, set(inC, inW)},
		{"reversed", []string{"bytes 33-10/34"}, set(inC, inW)},
		{"unsatisfied, *", []string{"bytes */34"}, set(inC, inF, inW)},
		{"complete length *, from 0", []string{"bytes 0-33/*"}, set(inS, inC, inF, inW)},
		{"complete length *, from 10", []string{"bytes 10-33/*"}, set(inC, inW)},
		{"huge", []string{"bytes 99999999999999999999-99999999999999999999/99999999999999999999"}, set(inC, inF, inW)},
		// 19 digits, past int64: no engine is sure to read it, and
		// read as int64 it would wrap below 0 (first >= last).
		{"last byte past 64 bits", []string{"bytes 0-9999999999999999999/34"}, set(inC, inF, inW)},
		{"two values, from 0 then 10", []string{"bytes 0-9/34", "bytes 10-33/34"}, set(inC, inF, inW)},
		{"two values, both from 10", []string{"bytes 10-33/34", "bytes 10-33/34"}, set(inC, inF, inW)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := http.Header{}
			for _, v := range tc.values {
				h.Add("Content-Range", v)
			}
			v, _ := mimesniff.ReportForStatus(http.StatusPartialContent, h, body).Verdict(mimesniff.DestinationEmpty)
			if diff := cmp.Diff(tc.want, v.CrossOrigin, sameSet); diff != "" {
				t.Errorf("ReportForStatus(206, Content-Range %q) fetch CrossOrigin mismatch (-want +got):\n%s", tc.values, diff)
			}
		})
	}
}

// TestPartialBlocklistedType answers JSONP served as text/html, which the
// proposal's and Firefox's last step let through at 200 as a script that is
// no JSON (case t-text-html/orb/jsonp), at 206 from byte 0 (case
// s206+t-text-html/orb/jsonp): both block a partial response of an HTML,
// JSON or XML type before they sniff, Chromium sniffs no HTML in it and lets
// it through, and WebKitGTK has no ORB.
func TestPartialBlocklistedType(t *testing.T) {
	body := []byte(`mimesniffCallback({"user":"alice","token":"s3cr3t"});`) // 53 bytes
	tests := []struct {
		name string
		code int
		h    http.Header
		want mimesniff.BrowserSet
	}{
		{"200", http.StatusOK, header("Content-Type", "text/html"), set(inS, inC, inF, inW)},
		{"206 from byte 0", http.StatusPartialContent, header("Content-Type", "text/html", "Content-Range", "bytes 0-52/53"), set(inC, inW)},
		{"206 from byte 0, no type", http.StatusPartialContent, header("Content-Range", "bytes 0-52/53"), set(inS, inC, inF, inW)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v, _ := mimesniff.ReportForStatus(tc.code, tc.h, body).Verdict(mimesniff.DestinationEmpty)
			if diff := cmp.Diff(tc.want, v.CrossOrigin, sameSet); diff != "" {
				t.Errorf("ReportForStatus(%d, %v) fetch CrossOrigin mismatch (-want +got):\n%s", tc.code, tc.h, diff)
			}
		})
	}
}

// TestRedirectBodyReachesNoPage answers untyped JSON, which every engine
// delivers to another site at 200 (case s200+none/json-object), in the body
// of a redirect: Fetch follows a redirect status's Location, so the
// redirect's own body reaches no page in any profile (the recorded loads of
// s301+none/json-object are its target's); without a Location, or at 300,
// which is no redirect status, the response is the answer, and Firefox
// blocks it as a status that is not ok (case s301-noloc+none/json-object).
func TestRedirectBodyReachesNoPage(t *testing.T) {
	body := []byte(`{"user":"alice","token":"s3cr3t"}`)
	tests := []struct {
		name string
		code int
		h    http.Header
		want mimesniff.BrowserSet
	}{
		{"301 with a Location", 301, header("Location", "/next"), set()},
		{"302 with a Location", 302, header("Location", "https://example.com/next"), set()},
		{"303 with a Location", 303, header("Location", "/next"), set()},
		{"307 with a Location", 307, header("Location", "/next"), set()},
		{"308 with a Location", 308, header("Location", "/next"), set()},
		{"301 without a Location", 301, http.Header{}, set(inC, inW)},
		{"300 with a Location", 300, header("Location", "/next"), set(inC, inW)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rep := mimesniff.ReportForStatus(tc.code, tc.h, body)
			for _, d := range []mimesniff.Destination{mimesniff.DestinationEmpty, mimesniff.DestinationImage, mimesniff.DestinationScript} {
				v, _ := rep.Verdict(d)
				if diff := cmp.Diff(tc.want, v.CrossOrigin, sameSet); diff != "" {
					t.Errorf("ReportForStatus(%d, %v) %q CrossOrigin mismatch (-want +got):\n%s", tc.code, tc.h, d, diff)
				}
			}
		})
	}
}

// set returns the set of profiles bs.
func set(bs ...mimesniff.Browser) mimesniff.BrowserSet { return mimesniff.SetOf(bs...) }
