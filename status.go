// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff

import (
	"net/http"
	"net/url"
)

// This file reads a response's status code as the report needs it
// (ReportForStatus): what the engines do with a response depends on its
// status only through a few classes of codes (statusClass), on a 206's
// Content-Range (contentRange) and on a redirect's Location. The rules are
// fitted to testdata/browsers/status: 432 responses of 36 status variants
// over 11 declared types, each loaded in 13 destinations from pages of its
// origin and of another origin of its site, and in the seven no-cors ways
// from a page of another site, in Chromium 156, Firefox ESR 153.8 and
// WebKitGTK 2.50.6 (docs/engines.md, "Status codes"). Every seventh header
// set is held out; the rules cite only the others.

// A statusClass is a class of status codes that every profile treats
// alike, but for a 206's Content-Range, which readStatus reads apart.
type statusClass uint8

const (
	statusOK            statusClass = iota // 200 to 299 but 204 and 205: Fetch's ok status, with a body
	statusNoContent                        // 204: a null body status, never navigated to
	statusResetContent                     // 205: a null body status to Fetch, whose body WebKitGTK reads
	statusNotModified                      // 304: a null body status
	statusRedirect                         // 301, 302, 303, 307 or 308 with a Location: followed
	statusNoLocation                       // 300 to 399 but 304 and followed redirects: the response itself
	statusError                            // 400 to 599
	statusBelowRange                       // below 100, as the recorded 099
	statusAboveRange                       // 600 and above, as the recorded 600 and 999
	statusInformational                    // 100 to 199 as a final status: no engine was recorded with one
	numStatusClasses
)

// A statusReading is a response's status as the report reads it: its
// class, and for a 206 its Content-Range.
type statusReading struct {
	code  int
	class statusClass
	rng   contentRange // for a 206 only
}

// readStatus returns the reading of status code with header list h.
//
// A code no wire carries is read as the nearest one the engines were
// recorded with, in the direction that hides nothing: codes below 100 (the
// negative ones and 0 included) as 099, which libsoup's status line parser
// refuses (WebKitGTK fails every load of it) and Chromium runs as a script;
// 600 and above as 600 and 999, which every engine treats as a 4xx or 5xx.
// A final 1xx, which an engine takes for an interim response, is read as
// every class at once (statusInformational).
func readStatus(code int, h http.Header) statusReading {
	st := statusReading{code: code}
	switch {
	case code < 100:
		st.class = statusBelowRange
	case code < 200:
		st.class = statusInformational
	case code == http.StatusNoContent:
		st.class = statusNoContent
	case code == http.StatusResetContent:
		st.class = statusResetContent
	case code < 300:
		st.class = statusOK
		if code == http.StatusPartialContent {
			st.rng = readContentRange(h)
		}
	case code == http.StatusNotModified:
		st.class = statusNotModified
	case code < 400:
		st.class = statusNoLocation
		if isRedirectStatus(code) && followedLocation(h) {
			st.class = statusRedirect
		}
	case code < 600:
		st.class = statusError
	default:
		st.class = statusAboveRange
	}
	return st
}

// nullBody reports whether Fetch gives the response a null body: whether
// its status is 204, 205 or 304 (101 and 103, also null body statuses, are
// statusInformational).
// See https://fetch.spec.whatwg.org/#null-body-status.
func (st *statusReading) nullBody() bool {
	switch st.class {
	case statusNoContent, statusResetContent, statusNotModified:
		return true
	}
	return false
}

// isRedirectStatus reports whether code is a redirect status: 301, 302,
// 303, 307 or 308.
// See https://fetch.spec.whatwg.org/#redirect-status.
func isRedirectStatus(code int) bool {
	switch code {
	case http.StatusMovedPermanently, http.StatusFound, http.StatusSeeOther,
		http.StatusTemporaryRedirect, http.StatusPermanentRedirect:
		return true
	}
	return false
}

// followedLocation reports whether every engine follows the Location of a
// redirect with header list h, so that none uses the redirect's own body:
// h has one Location value, under any spelling, that is a URL reference
// with no whitespace or control byte.
//
// Fetch follows a redirect status's Location, and makes a network error of
// one that does not parse; either way the body runs and renders nowhere
// (cases s301+..., s308+..., each the same as its 200 after the redirect).
// Without a Location the response is the answer (cases s301-noloc+...):
// documents render, and Chromium and WebKit run a classic script. A value
// the package cannot be sure every engine reads as one URL (two values, an
// empty one, one that net/url does not parse) is read as no Location,
// which is the more cautious reading.
// See https://fetch.spec.whatwg.org/#concept-response-location-url.
func followedLocation(h http.Header) bool {
	var loc string
	n := 0
	for k, values := range h {
		if len(k) == len("Location") && asciiEqualFold(k, "Location") {
			n += len(values)
			if len(values) > 0 {
				loc = values[0]
			}
		}
	}
	if n != 1 || loc == "" {
		return false
	}
	for i := 0; i < len(loc); i++ {
		if c := loc[i]; c <= ' ' || c == 0x7F {
			return false
		}
	}
	_, err := url.Parse(loc)
	return err == nil
}

// A contentRange is the Content-Range of a 206 response as the engines'
// partial-response rules read it.
type contentRange struct {
	// values is the number of Content-Range values, under any spelling.
	values int

	// ok reports whether the one value is "bytes first-last/complete" or
	// "bytes first-last/*", with each number a run of at most 18 ASCII
	// digits: the form every engine's parser reads the same way. first,
	// last and complete are its numbers, complete -1 for "*".
	ok                    bool
	first, last, complete int64
}

// readContentRange returns the Content-Range of header list h.
//
// The form it reads is the strictest of the engines' parsers; a value in
// any other form (spaces around it, a sign, a number too long for 64 bits,
// another unit) is not ok, and the rules that read it take it the way that
// blocks nothing.
// See https://www.rfc-editor.org/rfc/rfc9110#section-14.4.
func readContentRange(h http.Header) contentRange {
	var cr contentRange
	var v string
	for k, values := range h {
		if len(k) == len("Content-Range") && asciiEqualFold(k, "Content-Range") {
			cr.values += len(values)
			if len(values) > 0 {
				v = values[0]
			}
		}
	}
	if cr.values != 1 {
		return cr
	}
	rest, ok := cutPrefix(v, "bytes ")
	if !ok {
		return cr
	}
	var first, last, complete int64
	if first, rest, ok = cutDigits(rest); !ok {
		return cr
	}
	if rest, ok = cutPrefix(rest, "-"); !ok {
		return cr
	}
	if last, rest, ok = cutDigits(rest); !ok {
		return cr
	}
	if rest, ok = cutPrefix(rest, "/"); !ok {
		return cr
	}
	if rest == "*" {
		complete = -1
	} else if complete, rest, ok = cutDigits(rest); !ok || rest != "" {
		return cr
	}
	cr.ok, cr.first, cr.last, cr.complete = true, first, last, complete
	return cr
}

// cutPrefix is strings.CutPrefix.
func cutPrefix(s, prefix string) (string, bool) {
	if len(s) < len(prefix) || s[:len(prefix)] != prefix {
		return s, false
	}
	return s[len(prefix):], true
}

// cutDigits returns the number that the ASCII digits at the start of s
// spell, and the rest of s; ok is false where there are none, or more than
// 18 (which could overflow an engine's 64-bit integer).
func cutDigits(s string) (n int64, rest string, ok bool) {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		if i == 18 {
			return 0, s, false
		}
		n = n*10 + int64(s[i]-'0')
		i++
	}
	return n, s[i:], i > 0
}

// laterPart reports whether cr is surely a part that starts after the
// resource's first byte, as Chromium's ORB reads it: one valid range, first
// byte after 0, last byte within the complete length
// (services/network/orb/orb_impl.cc, IsRangeResponseWithMiddleOfResource,
// with net/http/http_util.cc, ParseContentRangeHeaderFor206, which reads
// "*" as no valid range).
func (cr contentRange) laterPart() bool {
	return cr.ok && cr.complete >= 0 && cr.first > 0 && cr.first <= cr.last && cr.last < cr.complete
}

// surelyNotFirst reports whether Firefox's ORB surely reads cr as no first
// partial response: no Content-Range, or one in the common form whose
// first byte is not 0, whose first byte is not before its last (Firefox
// refuses a one-byte range), or whose last byte is not within the complete
// length (netwerk/protocol/http/OpaqueResponseUtils.cpp,
// IsFirstPartialResponse and ParseContentRangeHeaderString). Another form
// is not read: Firefox's parser finds its numbers by the first space, dash
// and slash, and the package does not follow it there.
func (cr contentRange) surelyNotFirst() bool {
	return cr.values == 0 ||
		cr.ok && (cr.first > 0 || cr.first >= cr.last || cr.complete >= 0 && cr.last >= cr.complete)
}

// validFirst reports whether cr makes a valid first partial response, as
// the ORB proposal's "validate a partial response" given 0 reads it: one
// range from byte 0, its last byte within the complete length.
// See https://github.com/annevk/orb#processing-model.
func (cr contentRange) validFirst() bool {
	return cr.ok && cr.first == 0 && (cr.complete < 0 || cr.last < cr.complete)
}

// statusScriptRule says, for a class of status codes and a kind of
// destination, in which profiles script from a response still runs there,
// of those in which it runs at 200 under the same headers: a status never
// lets script run that a 200 would not.
type statusScriptRule struct {
	class statusClass
	kind  scriptKind
	runs  BrowserSet

	// evidence names the fitted cases that show the rule, or the
	// engine's code or standard that does.
	evidence string
}

// Sets of profiles the rules use.
const (
	allProfiles = 1<<Standard | 1<<Chromium | 1<<Firefox | 1<<WebKit
	allEngines  = 1<<Chromium | 1<<Firefox | 1<<WebKit
)

// statusScriptRules are the classes and kinds of destination in which
// script still runs at a status that is not an ok status with a body;
// every class and kind not listed runs none. An ok status with a body runs
// as at 200 (the first row), and a followed redirect's own body runs
// nowhere, as the engines load its target instead.
//
// HTML runs a classic or module script, a worker and a service worker only
// for an ok status, and a null body status (204, 205, 304) gives them
// nothing to run; Chromium and WebKitGTK run more (the rows say where).
// A document renders at any status with a body but 204 and 205, which
// navigate nowhere, and 304, which renders empty.
// See https://html.spec.whatwg.org/multipage/webappapis.html#fetch-a-classic-script,
// https://html.spec.whatwg.org/multipage/browsing-the-web.html#populating-a-session-history-entry
// and https://fetch.spec.whatwg.org/#null-body-status.
var statusScriptRules = []statusScriptRule{
	{statusOK, scriptNavigable, allProfiles, "Fetch's ok status: s203+t-text-html/html, s299+t-image-svg-xml/svg, s206-mid+t-text-html/html run in every engine"},
	{statusOK, scriptPlugin, allProfiles, "as a frame: object and embed elements were not recorded by status"},
	{statusOK, scriptClassic, allProfiles, "HTML's fetch a classic script: s203+t-text-javascript/js, s206+t-text-javascript/js run in every engine"},
	{statusOK, scriptWorker, allProfiles, "HTML's fetch a classic worker script: s203+t-text-javascript/js, s206-norange+t-text-javascript/js run in every engine"},
	{statusOK, scriptJavaScriptOnly, allProfiles, "Service Workers' Update: s203+t-text-javascript/js, s206-start+t-text-javascript/js register in every engine"},
	{statusOK, scriptWorklet, allProfiles, "HTML's fetch a single module script, which a worklet loads"},
	{statusOK, scriptXSLT, allProfiles, "as at 200: XSLT was not recorded by status"},

	// WebKitGTK reads the body of a 205 (libsoup gives only a 204 and a
	// 304 no body) and treats the response as a 200 everywhere but in a
	// navigation: s205+t-text-css/css applies, s205+t-image-png/png and
	// s205+t-audio-ogg/ogg load, s205+t-text-vtt/vtt parses, where
	// Chromium and Firefox read a null body.
	{statusResetContent, scriptClassic, 1 << WebKit, "s205+t-text-css/css, s205+t-image-png/png, s205+t-text-vtt/vtt, s205+t-audio-ogg/ogg: WebKitGTK reads a 205's body"},
	{statusResetContent, scriptWorker, 1 << WebKit, "as its classic script"},
	{statusResetContent, scriptJavaScriptOnly, 1 << WebKit, "as its classic script"},
	{statusResetContent, scriptWorklet, 1 << WebKit, "as its classic script"},
	{statusResetContent, scriptXSLT, 1 << WebKit, "as its style sheets: s205+t-text-css/css applies"},

	// A 3xx without a Location is the response itself: documents render
	// it in every engine; Chromium and WebKitGTK run it as a classic
	// script, WebKitGTK as a module script too (and so, presumably, as a
	// worklet's module); workers and service workers refuse it.
	{statusNoLocation, scriptNavigable, allProfiles, "s300+t-text-html/html, s302-noloc+t-text-html/html, s308-noloc+t-image-svg-xml/svg render and run in every engine"},
	{statusNoLocation, scriptPlugin, allProfiles, "as a frame"},
	{statusNoLocation, scriptClassic, 1<<Chromium | 1<<WebKit, "s300+t-text-javascript/js, s302-noloc+t-text-javascript/js: a classic script runs in Chromium and WebKitGTK, a module in WebKitGTK"},
	{statusNoLocation, scriptWorklet, 1 << WebKit, "as WebKitGTK's module script: s300+t-text-javascript/js"},
	{statusNoLocation, scriptXSLT, allProfiles, "unrecorded: as at 200"},

	// 4xx and 5xx: documents render, scripts never run (HTML's ok
	// status).
	{statusError, scriptNavigable, allProfiles, "s400+t-text-html/html, s500+t-image-svg-xml/svg, s503+t-text-html/html render and run in every engine"},
	{statusError, scriptPlugin, allProfiles, "as a frame"},
	{statusError, scriptXSLT, allProfiles, "unrecorded: as at 200"},

	// Below 100: Chromium renders and runs a classic script, Firefox
	// renders, WebKitGTK fails (libsoup/soup-headers.c,
	// soup_headers_parse_status_line, refuses a code below 100).
	{statusBelowRange, scriptNavigable, 1<<Standard | 1<<Chromium | 1<<Firefox, "s099+t-image-svg-xml/svg renders and runs in Chromium and Firefox; WebKitGTK shows an error page"},
	{statusBelowRange, scriptPlugin, 1<<Standard | 1<<Chromium | 1<<Firefox, "as a frame"},
	{statusBelowRange, scriptClassic, 1 << Chromium, "s099+t-text-javascript/js runs in Chromium only"},
	{statusBelowRange, scriptXSLT, 1<<Standard | 1<<Chromium | 1<<Firefox, "unrecorded: as at 200, but in WebKitGTK, which fails the response"},

	// 600 and above: as a 4xx or 5xx (RFC 9110, section 15).
	{statusAboveRange, scriptNavigable, allProfiles, "s600+t-text-html/html, s999+t-image-svg-xml/svg render and run in every engine"},
	{statusAboveRange, scriptPlugin, allProfiles, "as a frame"},
	{statusAboveRange, scriptXSLT, allProfiles, "unrecorded: as at 200"},
}

// statusScriptRuns is statusScriptRules by class and kind: the profiles in
// which script from a response of the class may still run for the kind.
var statusScriptRuns = func() (runs [numStatusClasses][numScriptKinds]BrowserSet) {
	for _, r := range statusScriptRules {
		runs[r.class][r.kind] |= r.runs
	}
	return runs
}()
