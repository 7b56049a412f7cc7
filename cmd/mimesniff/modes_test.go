// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// chameleon is a GIF whose first 256 bytes hold a script: a GIF to the
// standard, a page to Internet Explorer wherever it is not told image/gif
// (shared/spec/ie-findmimefromdata.md: text/html found anywhere in the
// buffer wins over an unconfirmed or missing proposal).
const chameleon = "GIF89a/*<html><script>alert(1)</script>*/"

// TestBrowserIE checks the text and JSON forms of ie in -browser, alone and
// in a list.
func TestBrowserIE(t *testing.T) {
	dir := t.TempDir()
	gif := writeFile(t, dir, "a.gif", []byte(chameleon))
	empty := writeFile(t, dir, "empty", nil)
	tests := []struct {
		name string
		args []string
		want string
	}{
		// IE confirms a proposed image/gif from the GIF signature.
		{"proposal confirmed", []string{"-browser", "ie", "-type", "image/gif", gif}, lines(gif, "image/gif")},
		// No proposal: the HTML filter finds <html> in the buffer.
		{"no proposal", []string{"-browser", "ie", gif}, lines(gif, "text/html")},
		// text/plain counts as no proposal for IE.
		{"text/plain proposal", []string{"-browser", "ie", "-type", "text/plain", gif}, lines(gif, "text/html")},
		// The standard's answer is the GIF signature's, which it
		// displays.
		{"ie beside the standard", []string{"-browser", "ie,standard", gif}, lines(gif, "ie text/html, standard image/gif")},
		{"in the order given", []string{"-browser", "standard,ie", gif}, lines(gif, "standard image/gif, ie text/html")},
		// all is the four profiles, where it stands; each takes the
		// GIF signature (see TestBrowserMode for where they differ).
		{"ie and all", []string{"-browser", "ie,all", gif},
			lines(gif, "ie text/html, standard image/gif, chromium image/gif, firefox image/gif, webkit image/gif")},
		// No data, no proposal, no URL: IE fails.
		{"empty file", []string{"-browser", "ie", empty}, lines(empty, "error")},
		// No bytes are no binary bytes: text/plain to the standard.
		{"empty file beside the standard", []string{"-browser", "ie,standard", empty}, lines(empty, "ie error, standard text/plain")},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := runCmd(nil, tc.args...)
			want := runResult{Stdout: tc.want}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("mimesniff %s mismatch (-want +got):\n%s", strings.Join(tc.args, " "), diff)
			}
		})
	}

	for _, tc := range []struct {
		name string
		args []string
		want map[string]any
	}{
		{"ie alone", []string{"-browser", "ie", "-type", "image/gif", gif},
			map[string]any{"name": gif, "proposed": "image/gif", "url": "", "ie": "image/gif"}},
		{"ie alone fails", []string{"-browser", "ie", empty},
			map[string]any{"name": empty, "proposed": "", "url": "", "ie": nil}},
		// The URL's extension is not looked up: the bytes say HTML.
		{"list", []string{"-browser", "ie,standard", "-url", "http://h/x.gif?a=b", gif}, map[string]any{
			"name":     gif,
			"ie":       map[string]any{"computed": "text/html", "proposed": "", "url": "http://h/x.gif?a=b"},
			"standard": map[string]any{"computed": "image/gif", "displayed": true},
		}},
		{"list where ie fails", []string{"-browser", "ie,standard", empty}, map[string]any{
			"name":     empty,
			"ie":       map[string]any{"computed": nil, "proposed": "", "url": ""},
			"standard": map[string]any{"computed": "text/plain", "displayed": true},
		}},
	} {
		t.Run("json/"+tc.name, func(t *testing.T) {
			got := runCmd(nil, append(tc.args, "-json")...)
			var obj map[string]any
			if err := json.Unmarshal([]byte(got.Stdout), &obj); err != nil {
				t.Fatalf("-json output %q: %v", got.Stdout, err)
			}
			if diff := cmp.Diff(tc.want, obj); diff != "" {
				t.Errorf("mimesniff %s -json mismatch (-want +got):\n%s", strings.Join(tc.args, " "), diff)
			}
		})
	}
}

// TestReport checks -report: a page with no type can run script in a
// document in every profile; the same bytes under an image type with nosniff
// cannot run anywhere (Fetch blocks the script destinations, the document is
// an image).
func TestReport(t *testing.T) {
	dir := t.TempDir()
	page := writeFile(t, dir, "page", []byte("<html><script>alert(1)</script>"))

	type dest struct {
		Destination string   `json:"destination"`
		Blocked     bool     `json:"blocked"`
		Type        *string  `json:"type"`
		Script      []string `json:"script"`
		CrossOrigin []string `json:"crossOrigin"`
	}
	type report struct {
		DocumentScript  bool   `json:"documentScript"`
		ScriptInclusion bool   `json:"scriptInclusion"`
		CrossOriginRead bool   `json:"crossOriginRead"`
		Destinations    []dest `json:"destinations"`
	}
	run := func(args ...string) (rep report, dests map[string]dest) {
		t.Helper()
		got := runCmd(nil, append(args, "-report", "-json", page)...)
		if got.Code != 0 {
			t.Fatalf("mimesniff %v: %+v", args, got)
		}
		if err := json.Unmarshal([]byte(got.Stdout), &rep); err != nil {
			t.Fatalf("-report -json output %q: %v", got.Stdout, err)
		}
		dests = map[string]dest{}
		for _, d := range rep.Destinations {
			dests[d.Destination] = d
		}
		return rep, dests
	}

	rep, dests := run()
	doc := dests["document"]
	if !rep.DocumentScript || !rep.ScriptInclusion || doc.Type == nil || *doc.Type != "text/html" ||
		strings.Join(doc.Script, ",") != "standard,chromium,firefox,webkit" {
		t.Errorf("untyped page: %+v, document %+v; want script through a text/html document in every profile", rep, doc)
	}
	if len(dests) != 24 {
		t.Errorf("untyped page: %d destinations, want 24", len(dests))
	}

	// A page of another site gets an untyped HTML page as audio in
	// Chromium (it lets every untyped response through) and WebKitGTK (no
	// ORB); the standard and Firefox let through to a media element only
	// what sniffs as an image or media (cases none/orb/json-object of the
	// cross-origin recordings).
	if audio := dests["audio"]; !rep.CrossOriginRead || strings.Join(audio.CrossOrigin, ",") != "chromium,webkit" {
		t.Errorf("untyped page: crossOriginRead %v, audio %+v; want a cross-site read as audio in chromium,webkit", rep.CrossOriginRead, audio)
	}

	rep, dests = run("-type", "image/png", "-nosniff")
	if rep.DocumentScript || rep.ScriptInclusion {
		t.Errorf("image/png with nosniff: %+v, want script nowhere", rep)
	}
	if !dests["script"].Blocked {
		t.Errorf("image/png with nosniff: script destination %+v, want blocked (Fetch blocks nosniff non-JavaScript scripts)", dests["script"])
	}

	got := runCmd(nil, "-report", page)
	for _, want := range []string{page + ": \n", "\ndocument      allowed text/html  script in standard,chromium,firefox,webkit\n",
		"\ndocument script (stored XSS): document embed frame iframe object\n",
		"\nscript inclusion: script sharedworker worker\n",
		"\naudio         allowed -  cross-site read in chromium,webkit\n",
		"\ncross-site read: \"\" audio image script style track video\n"} {
		if !strings.Contains(got.Stdout, want) {
			t.Errorf("-report text output:\n%s\nwant it to hold %q", got.Stdout, want)
		}
	}
}

// TestModeUsage checks the values of -browser, the removed flags, and the
// values for which a flag rule holds or not (TestFlagCombinations runs every
// combination with one value each).
func TestModeUsage(t *testing.T) {
	for _, tc := range []struct {
		args    []string
		wantErr string // the usage error; "" for none
	}{
		{[]string{"-legacy", "ie"}, "-legacy has been removed: use -browser ie"},
		{[]string{"-legacy=netscape"}, "-legacy has been removed: use -browser ie"},
		{[]string{"-compare"}, "-compare has been removed: use -browser ie,standard"},
		{[]string{"--compare=false"}, "-compare has been removed: use -browser ie,standard"},
		{[]string{"-browser", "netscape"}, `-browser "netscape": want worst, all, or a comma-separated list of standard, chromium, firefox, webkit, ie`},
		{[]string{"-browser", ""}, `-browser "": want worst, all, or a comma-separated list of standard, chromium, firefox, webkit, ie`},
		{[]string{"-browser", "ie,"}, `-browser "ie,": want worst, all, or a comma-separated list of standard, chromium, firefox, webkit, ie`},
		{[]string{"-browser", "worst,ie"}, `-browser "worst,ie": want worst, all, or a comma-separated list of standard, chromium, firefox, webkit, ie`},
		{[]string{"-browser", "ie,ie"}, `-browser "ie,ie": ie named twice`},
		{[]string{"-browser", "all,firefox"}, `-browser "all,firefox": firefox named twice`},
		{[]string{"-browser", "all,ie"}, ""},
		{[]string{"-report", "-browser", "worst"}, "-report and -browser cannot be used together"},
		{[]string{"-report", "-context", "browsing"}, ""},
		{[]string{"-context", "image", "-browser", "standard"}, ""},
		{[]string{"-context", "browsing", "-browser", "chromium"}, ""},
		{[]string{"-context", "image", "-browser", "worst"}, "-context other than browsing and -browser other than standard cannot be used together"},
		{[]string{"-context", "image", "-browser", "standard,chromium"}, "-context other than browsing and -browser other than standard cannot be used together"},
		{[]string{"-url", "http://h/a.htm", "-browser", "chromium"}, "-url needs ie in -browser"},
		{[]string{"-url", "http://h/a.htm", "-browser", "firefox,ie"}, ""},
	} {
		got := runCmd(nil, append(tc.args, pageHTML)...)
		switch {
		case tc.wantErr == "" && (got.Code != 0 || got.Stderr != ""):
			t.Errorf("mimesniff %q: exit %d, stderr %q, want it to run", tc.args, got.Code, got.Stderr)
		case tc.wantErr != "" && (got.Code != exitUsage || !strings.HasPrefix(got.Stderr, "mimesniff: "+tc.wantErr+"\n"+usageLine)):
			t.Errorf("mimesniff %q: exit %d, stderr %q, want %d and %q", tc.args, got.Code, got.Stderr, exitUsage, tc.wantErr)
		}
	}
}

// TestBrowserMode checks -browser on a recorded case: "<body/onload=...>"
// with no type is text/plain to the standard, Firefox and WebKit, and
// text/html to Chromium (none/edge/tag-body-onload); Firefox downloads
// unknown/unknown (unknown-unknown/page.html).
func TestBrowserMode(t *testing.T) {
	dir := t.TempDir()
	page := writeFile(t, dir, "page", []byte("<body/onload=alert(1)>"))
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"all", []string{"-browser", "all", page}, lines(page, "standard text/plain, chromium text/html, firefox text/plain, webkit text/plain")},
		{"chromium", []string{"-browser", "chromium", page}, lines(page, "text/html")},
		{"firefox unknown/unknown", []string{"-browser", "firefox", "-type", "unknown/unknown", page}, lines(page, "application/octet-stream (download)")},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := runCmd(nil, tc.args...)
			if diff := cmp.Diff(runResult{Stdout: tc.want}, got); diff != "" {
				t.Errorf("mimesniff %s mismatch (-want +got):\n%s", strings.Join(tc.args, " "), diff)
			}
		})
	}
	got := runCmd(nil, "-browser", "all", "-json", page)
	var obj map[string]any
	if err := json.Unmarshal([]byte(got.Stdout), &obj); err != nil {
		t.Fatalf("-json output %q: %v", got.Stdout, err)
	}
	want := map[string]any{
		"name":     page,
		"standard": map[string]any{"computed": "text/plain", "displayed": true},
		"chromium": map[string]any{"computed": "text/html", "displayed": true},
		"firefox":  map[string]any{"computed": "text/plain", "displayed": true},
		"webkit":   map[string]any{"computed": "text/plain", "displayed": true},
	}
	if diff := cmp.Diff(want, obj); diff != "" {
		t.Errorf("-browser all -json mismatch (-want +got):\n%s", diff)
	}
}

// TestDefaultBrowser checks the default answer, -browser worst: the most
// dangerous type the profiles compute. Each row's comment gives what the
// standard, Chromium and Firefox compute, ranked 2 for an active document
// (HTML, XML, PDF), 1 for a type that profile displays, 0 for a download;
// the first profile of the highest rank wins.
func TestDefaultBrowser(t *testing.T) {
	dir := t.TempDir()
	// The SVG files: a comment, then a newline.
	svg := writeFile(t, dir, "comment.svg", []byte("<!--\n<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n"))
	onload := writeFile(t, dir, "onload", []byte("<body/onload=alert(1)>"))
	const mkv = "../../testdata/files/video.mkv" // EBML with the matroska DocType
	tests := []struct {
		name string
		args []string
		want string
	}{
		// text/html (2), text/html (2), text/html (2).
		{"all agree", []string{pageHTML}, lines(pageHTML, "text/html")},
		// text/plain (1): "<!--" needs a tag-terminating byte after
		// it; text/html (2): Chromium takes the prefix; text/html (2):
		// Firefox takes "<!--" before anything.
		{"comment then newline", []string{svg}, lines(svg, "text/html")},
		{"-browser worst is the default", []string{"-browser", "worst", svg}, lines(svg, "text/html")},
		// text/plain (1); text/html (2), a tag needs nothing after
		// it; text/plain (1), Firefox wants a space or ">" after it.
		{"tag without terminator", []string{onload}, lines(onload, "text/html")},
		// application/octet-stream (0), binary under an Apache type;
		// image/png (1), Chromium looks for a magic number in binary
		// text/plain; application/octet-stream (0).
		{"PNG as Apache text/plain", []string{"-type", "text/plain", pixelPNG}, lines(pixelPNG, "image/png")},
		// application/octet-stream (0); text/plain (1), Chromium shows
		// a response without a type as text under nosniff;
		// application/octet-stream (0).
		{"binary under nosniff", []string{"-nosniff", dataBin}, lines(dataBin, "text/plain")},
		// application/octet-stream (0), no webm DocType; video/webm
		// (1), any EBML file; video/matroska (1): a tie, to Chromium,
		// the earlier.
		{"tie between displayed types", []string{mkv}, lines(mkv, "video/webm")},
		// text/plain (1), unknown/unknown is sniffed; text/plain (1);
		// application/octet-stream (0), Firefox downloads
		// unknown/unknown: the standard's, the first.
		{"a download does not win", []string{"-type", "unknown/unknown", notesTXT}, lines(notesTXT, "text/plain")},
		// application/octet-stream (0) everywhere, printed without
		// "(download)".
		{"every profile downloads", []string{dataBin}, lines(dataBin, "application/octet-stream")},
		// application/rss+xml (2, XML) by the legacy feed rules;
		// text/html (2); text/html (2): the standard's, the first.
		{"feeds", []string{"-type", "text/html", "-feeds", feedRSS}, lines(feedRSS, "application/rss+xml")},
		// The profiles are for documents: another context is the
		// standard's.
		{"image context", []string{"-context", "image", "-type", "text/plain", pixelPNG}, lines(pixelPNG, "image/png")},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := runCmd(nil, tc.args...)
			if diff := cmp.Diff(runResult{Stdout: tc.want}, got); diff != "" {
				t.Errorf("mimesniff %s mismatch (-want +got):\n%s", strings.Join(tc.args, " "), diff)
			}
		})
	}
}
