// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff_test

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mimesniff/mimesniff"
)

// allDestinations are Fetch's destination strings, in the order of
// https://fetch.spec.whatwg.org/#concept-request-destination, written out
// here rather than taken from the package.
var allDestinations = []string{
	"", "audio", "audioworklet", "document", "embed", "font", "frame",
	"iframe", "image", "json", "manifest", "object", "paintworklet",
	"report", "script", "serviceworker", "sharedworker", "style", "track",
	"video", "webidentity", "worker", "xslt",
}

// scriptLike are the script-like destinations, from
// https://fetch.spec.whatwg.org/#request-destination-script-like.
var scriptLike = map[string]bool{
	"audioworklet": true, "paintworklet": true, "script": true,
	"serviceworker": true, "sharedworker": true, "worker": true,
}

func TestDestinationStrings(t *testing.T) {
	var got []string
	for d := mimesniff.DestinationEmpty; d <= mimesniff.DestinationXSLT; d++ {
		got = append(got, d.String())
		if d.IsScriptLike() != scriptLike[d.String()] {
			t.Errorf("%q.IsScriptLike() = %v, want %v", d, d.IsScriptLike(), scriptLike[d.String()])
		}
	}
	if diff := cmp.Diff(allDestinations, got); diff != "" {
		t.Errorf("destinations (-want +got):\n%s", diff)
	}
	if s := mimesniff.Destination(200).String(); s != "Invalid(200)" {
		t.Errorf("Destination(200).String() = %q", s)
	}
	if _, err := mimesniff.Destination(200).MarshalText(); err == nil {
		t.Error("Destination(200).MarshalText() did not fail")
	}
	b, err := json.Marshal(mimesniff.DestinationServiceWorker)
	if err != nil || string(b) != `"serviceworker"` {
		t.Errorf("json.Marshal(DestinationServiceWorker) = %s, %v", b, err)
	}
}

// header builds a header list from name, value pairs, in order.
func header(kv ...string) http.Header {
	h := http.Header{}
	for i := 0; i < len(kv); i += 2 {
		h.Add(kv[i], kv[i+1])
	}
	return h
}

// blockCase is a response and, for each group of destinations, whether
// Fetch blocks it: script-like ones, style, and all others.
type blockCase struct {
	name                  string
	h                     http.Header
	script, style, others bool
}

// TestBlockedDueToNoSniff follows
// https://fetch.spec.whatwg.org/#should-response-to-request-be-blocked-due-to-nosniff?
// for every destination.
func TestBlockedDueToNoSniff(t *testing.T) {
	ns := "X-Content-Type-Options"
	tests := []blockCase{
		// Step 1: without nosniff, nothing is blocked.
		{"no nosniff, image", header("Content-Type", "image/png"), false, false, false},
		{"no nosniff, no type", header(), false, false, false},
		{"nosniff not first", header(ns, "foo, nosniff", "Content-Type", "text/plain"), false, false, false},
		// Step 4: script-like needs a JavaScript MIME type.
		{"text/javascript", header(ns, "nosniff", "Content-Type", "text/javascript"), false, true, false},
		{"text/javascript;charset=x", header(ns, "nosniff", "Content-Type", "text/javascript;charset=x"), false, true, false},
		{"legacy application/x-javascript", header(ns, "NoSniff", "Content-Type", "application/x-javascript"), false, true, false},
		{"JSON is not JavaScript", header(ns, "nosniff", "Content-Type", "application/json"), true, true, false},
		{"text/plain", header(ns, "nosniff", "Content-Type", "text/plain"), true, true, false},
		{"no Content-Type", header(ns, "nosniff"), true, true, false},
		{"failing Content-Type", header(ns, "nosniff", "Content-Type", "javascript"), true, true, false},
		// Step 5: style needs essence text/css.
		{"text/css", header(ns, "nosniff", "Content-Type", "text/css"), true, false, false},
		{"TEXT/CSS", header(ns, "nosniff", "Content-Type", "TEXT/CSS"), true, false, false},
		{"text/css;charset=utf-8", header(ns, "nosniff", "Content-Type", "text/css;charset=utf-8"), true, false, false},
		// Extract a MIME type takes the last value that parses.
		{"text/css, text/plain", header(ns, "nosniff", "Content-Type", "text/css, text/plain"), true, true, false},
		{"text/plain, text/css", header(ns, "nosniff", "Content-Type", "text/plain", "Content-Type", "text/css"), true, false, false},
		{"text/css, */*", header(ns, "nosniff", "Content-Type", "text/css, */*"), true, false, false},
		{"text/javascript, broken", header(ns, "nosniff", "Content-Type", "text/javascript, x"), false, true, false},
	}
	testBlocked(t, tests, mimesniff.BlockedDueToNoSniff)
}

// TestBlockedDueToMIMEType follows
// https://fetch.spec.whatwg.org/#should-response-to-request-be-blocked-due-to-mime-type?
// for every destination.
func TestBlockedDueToMIMEType(t *testing.T) {
	tests := []blockCase{
		{"image/png", header("Content-Type", "image/png"), true, false, false},
		{"IMAGE/SVG+XML", header("Content-Type", "IMAGE/SVG+XML"), true, false, false},
		{"audio/mpeg", header("Content-Type", "audio/mpeg"), true, false, false},
		{"video/mp4;codecs=x", header("Content-Type", "video/mp4;codecs=x"), true, false, false},
		{"text/csv", header("Content-Type", "text/csv"), true, false, false},
		{"text/csv with nosniff", header("Content-Type", "text/csv", "X-Content-Type-Options", "nosniff"), true, false, false},
		// Near misses.
		{"text/csv-schema", header("Content-Type", "text/csv-schema"), false, false, false},
		{"application/ogg", header("Content-Type", "application/ogg"), false, false, false},
		{"imagex/png", header("Content-Type", "imagex/png"), false, false, false},
		{"text/plain", header("Content-Type", "text/plain"), false, false, false},
		{"text/javascript", header("Content-Type", "text/javascript;charset=x"), false, false, false},
		{"no Content-Type", header(), false, false, false},
		{"failing Content-Type", header("Content-Type", "image"), false, false, false},
		{"image/png, text/plain", header("Content-Type", "image/png, text/plain"), false, false, false},
		{"text/plain, image/png", header("Content-Type", "text/plain, image/png"), true, false, false},
	}
	testBlocked(t, tests, mimesniff.BlockedDueToMIMEType)
}

func testBlocked(t *testing.T, tests []blockCase, f func(http.Header, mimesniff.Destination) bool) {
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for d := mimesniff.DestinationEmpty; d <= mimesniff.DestinationXSLT; d++ {
				want := tc.others
				switch {
				case scriptLike[d.String()]:
					want = tc.script
				case d.String() == "style":
					want = tc.style
				}
				if got := f(tc.h, d); got != want {
					t.Errorf("destination %q: blocked = %v, want %v", d, got, want)
				}
			}
		})
	}
}

// TestScriptTypeAllowed follows HTML's checks on script types: fetch a
// single module script, fetch a classic worker script, and the service
// worker Update algorithm.
func TestScriptTypeAllowed(t *testing.T) {
	js := mimesniff.MustParse("text/javascript;charset=x")
	json := mimesniff.MustParse("application/ld+json")
	css := mimesniff.MustParse("TEXT/CSS")
	plain := mimesniff.MustParse("text/plain")
	tests := []struct {
		name   string
		t      mimesniff.MIMEType
		d      mimesniff.Destination
		module bool
		want   bool
	}{
		{"classic script, text/plain", plain, mimesniff.DestinationScript, false, true},
		{"classic script, undefined", mimesniff.MIMEType{}, mimesniff.DestinationScript, false, true},
		{"module script, JavaScript", js, mimesniff.DestinationScript, true, true},
		{"module script, text/plain", plain, mimesniff.DestinationScript, true, false},
		{"module script, undefined", mimesniff.MIMEType{}, mimesniff.DestinationScript, true, false},
		{"classic worker, JavaScript", js, mimesniff.DestinationWorker, false, true},
		{"classic worker, text/plain", plain, mimesniff.DestinationWorker, false, false},
		{"shared worker, JSON", json, mimesniff.DestinationSharedWorker, false, false},
		{"service worker, JavaScript", js, mimesniff.DestinationServiceWorker, false, true},
		{"service worker module, text/css", css, mimesniff.DestinationServiceWorker, true, false},
		{"audio worklet, JavaScript", js, mimesniff.DestinationAudioWorklet, true, true},
		{"paint worklet, text/plain", plain, mimesniff.DestinationPaintWorklet, true, false},
		{"JSON module, +json", json, mimesniff.DestinationJSON, true, true},
		{"JSON module, JavaScript", js, mimesniff.DestinationJSON, true, false},
		{"CSS module, TEXT/CSS", css, mimesniff.DestinationStyle, true, true},
		{"CSS module, text/plain", plain, mimesniff.DestinationStyle, true, false},
		{"image, text/plain", plain, mimesniff.DestinationImage, false, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := mimesniff.ScriptTypeAllowed(tc.t, tc.d, tc.module); got != tc.want {
				t.Errorf("ScriptTypeAllowed(%q, %q, %v) = %v, want %v", tc.t, tc.d, tc.module, got, tc.want)
			}
		})
	}
}
