// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff

import (
	"net/http"
	"strings"

	"github.com/mimesniff/mimesniff/internal/jsscan"
)

// This file answers whether a page of another site gets a response's bytes
// when it loads the response without CORS: as an image, a classic script, a
// style sheet, audio, video, a text track, or a fetch with mode "no-cors".
// Such a request carries the user's cookies, and its response reaches the
// requesting page's process unless the browser stops it on the way; a page
// cannot read an opaque response, but a process that holds its bytes can
// leak them (Spectre-class side channels, a compromised renderer).
//
// Two mechanisms stop it. Cross-Origin-Resource-Policy is the server's own
// (corpBlocks). Opaque Response Blocking (ORB) is the browser's: a filter
// that keeps JSON, HTML, XML, PDF, plain text and the like out of another
// site's page while letting through the images, media, scripts and style
// sheets the web loads this way. ORB is a proposal for Fetch
// (https://github.com/whatwg/fetch/pull/1442, https://github.com/annevk/orb)
// that Chromium and Firefox each implement in their own version, and
// WebKitGTK not at all; the Standard profile is the proposal
// (fetchORBAllows), Chromium's and Firefox's rules are in their engines'
// files (chromiumORBAllows, firefoxORBAllows), and the report puts them
// together per destination, WebKit's "always" beside them
// (response.crossOrigin, in serve.go).
//
// The rules are fitted to testdata/browsers/crossorigin: 12,048 responses
// served by 127.0.0.1, each loaded in the seven ways above by a page of
// 127.0.0.2, another site to all three browsers, with each browser's own
// network-level verdict recorded (docs/crossorigin.md).

// A readKind is a way a page of another site can load a response without
// CORS: the kind of a destination for the cross-origin verdict.
type readKind uint8

const (
	readNone   readKind = iota // not without CORS: a document, a worker, a font, ...
	readFetch                  // fetch() with mode "no-cors": destination ""
	readImage                  // an image
	readScript                 // a classic script (a module script needs CORS)
	readStyle                  // a style sheet
	readMedia                  // audio or video
	readTrack                  // a text track
	numReadKinds
)

// A crossOriginResponse is a response as the cross-origin rules read it.
//
// It is made only for a response that Cross-Origin-Resource-Policy lets
// through (corpBlocks), so it has no field for that policy.
type crossOriginResponse struct {
	// essence is the essence of the type Fetch extracts, "" where it
	// fails; engineEssence the essence Chromium and Firefox extract,
	// which differs where a value has an empty subtype
	// (orbEngineEssence).
	essence, engineEssence string

	// noSniff is Fetch's determine nosniff.
	noSniff bool

	// h is the start of the body, as Resource.Header holds it, and
	// complete reports whether it is the whole body: whether it is
	// shorter than HeaderSize.
	h        []byte
	complete bool

	// status is the response's status: the partial-response and ok
	// status steps read it.
	status statusReading

	// neverSniffed and engineNeverSniffed report whether essence and
	// engineEssence are among orbNeverSniffed, looked up once for every
	// profile's rule.
	neverSniffed, engineNeverSniffed bool

	// script caches jsscan.MayParseAsScript(h, complete), which the
	// standard's and Firefox's last steps both ask: scriptUnknown until
	// asked.
	script scriptVerdict
}

// A scriptVerdict is a cached answer of jsscan.MayParseAsScript.
type scriptVerdict uint8

const (
	scriptUnknown scriptVerdict = iota
	scriptMay
	scriptNot
)

// mayParseAsScript is jsscan.MayParseAsScript of the response's body,
// computed once.
func (o *crossOriginResponse) mayParseAsScript() bool {
	if o.script == scriptUnknown {
		o.script = scriptNot
		if jsscan.MayParseAsScript(o.h, o.complete) {
			o.script = scriptMay
		}
	}
	return o.script == scriptMay
}

// corpBlocks reports whether the Cross-Origin-Resource-Policy values keep a
// response from a page of another site.
//
// It follows Fetch's cross-origin resource policy internal check: the
// header's value, the values joined by ", ", must be exactly "same-origin"
// or "same-site"; any other value, two headers, a list, another case
// (Same-Origin) is ignored, as all three browsers ignore them (cases
// corp-two-co-so/..., corp-list/..., corp-upper/... of the cross-origin
// recordings). A value reaches the browser's header list without leading
// or trailing tabs and spaces (Fetch's header value has none; net/http
// trims them as it writes the line), so " same-origin" is same-origin, but
// no other byte is trimmed: "same-origin\f" is no policy.
// See https://fetch.spec.whatwg.org/#cross-origin-resource-policy-internal-check.
func corpBlocks(values []string) bool {
	if len(values) != 1 {
		return false // two values join with ", ": neither policy
	}
	v := trimTabOrSpace(values[0])
	return v == "same-origin" || v == "same-site"
}

// orbEngineEssence returns the essence Chromium and Firefox take from the
// Content-Type values for ORB, given Fetch's, e.
//
// Both extract the type as Fetch does (the last value that parses, split at
// commas, */* skipped) but take a value with an empty subtype, such as
// "text/", as a type: a JSON body under "text/" is sniffed and blocked where
// one with no type is delivered (case bogus-slash/orb/json-object). Only a
// value with a slash before its end, a semicolon, a comma or whitespace can
// be one, so the others are answered with e.
//
// The engines take more for a type: any first word of a value with a slash
// in it (net/base/mime_util.cc, ParseMimeType; Firefox's nsURLHelper.cpp,
// net_ParseMediaType), so "a@b/c", no type to Fetch, is one to them. The
// package adds only the empty subtypes the recordings show: a response it
// takes for one with no type is delivered more often, never less.
func orbEngineEssence(values []string, e string) string {
	if !anyEmptySubtype(values) {
		return e
	}
	list, _ := getHeader(values)
	var last string
	for rest, more := list, true; more; {
		var value string
		value, rest, more = splitNext(rest)
		if t, f := parse(value, true); f.kind == noFailure {
			if te := t.Essence(); te != "*/*" {
				last = te
			}
		} else if es, ok := emptySubtypeEssence(value); ok {
			last = es
		}
	}
	return last
}

// anyEmptySubtype reports whether some value of values has a slash followed
// by its end, a semicolon, a comma, a tab or a space.
func anyEmptySubtype(values []string) bool {
	for _, v := range values {
		for i := strings.IndexByte(v, '/'); i >= 0; {
			if i+1 == len(v) {
				return true
			}
			switch v[i+1] {
			case ';', ',', ' ', '\t':
				return true
			}
			j := strings.IndexByte(v[i+1:], '/')
			if j < 0 {
				break
			}
			i += 1 + j
		}
	}
	return false
}

// emptySubtypeEssence returns "type/", in lower case, for a value whose
// part before any semicolon is a slash after a token or after nothing, with
// tabs and spaces around it. A bare slash is a type to both engines (their
// parsers ask only for a slash in the value's first word).
func emptySubtypeEssence(v string) (string, bool) {
	v, _, _ = strings.Cut(v, ";")
	v = trimTabOrSpace(v)
	typ, ok := strings.CutSuffix(v, "/")
	if !ok {
		return "", false
	}
	for i := 0; i < len(typ); i++ {
		if !isToken(typ[i]) {
			return "", false
		}
	}
	return lowerString(v), true
}

// orbSniffBytes is how much of the body ORB reads before it decides.
const orbSniffBytes = 1024

// isORBSafelisted reports whether e is an opaque-response-safelisted MIME
// type's essence: a JavaScript MIME type, text/css or image/svg+xml.
func isORBSafelisted(e string) bool {
	return e == "text/css" || e == "image/svg+xml" || isJavaScriptEssence(e)
}

// isORBBlocklisted reports whether e is an opaque-response-blocklisted MIME
// type's essence: an HTML, JSON or XML MIME type.
func isORBBlocklisted(e string) bool {
	return e == "text/html" || isJSONEssence(e) || isXMLEssence(e)
}

// orbNeverSniffed are the proposal's opaque-response-blocklisted
// never-sniffed MIME types, in its order: types whose responses ORB blocks
// whatever their bytes. The manifest-based media and text track types are
// among them (https://github.com/annevk/orb/pull/26), which Chromium and
// Firefox both let through instead.
var orbNeverSniffed = []string{
	"application/dash+xml",
	"application/gzip",
	"application/msexcel",
	"application/mspowerpoint",
	"application/msword",
	"application/msword-template",
	"application/pdf",
	"application/vnd.apple.mpegurl",
	"application/vnd.ces-quickpoint",
	"application/vnd.ces-quicksheet",
	"application/vnd.ces-quickword",
	"application/vnd.ms-excel",
	"application/vnd.ms-excel.sheet.macroenabled.12",
	"application/vnd.ms-powerpoint",
	"application/vnd.ms-powerpoint.presentation.macroenabled.12",
	"application/vnd.ms-word",
	"application/vnd.ms-word.document.12",
	"application/vnd.ms-word.document.macroenabled.12",
	"application/vnd.msword",
	"application/vnd.openxmlformats-officedocument.presentationml.presentation",
	"application/vnd.openxmlformats-officedocument.presentationml.template",
	"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
	"application/vnd.openxmlformats-officedocument.spreadsheetml.template",
	"application/vnd.openxmlformats-officedocument.wordprocessingml.document",
	"application/vnd.openxmlformats-officedocument.wordprocessingml.template",
	"application/vnd.presentation-openxml",
	"application/vnd.presentation-openxmlm",
	"application/vnd.spreadsheet-openxml",
	"application/vnd.wordprocessing-openxml",
	"application/x-gzip",
	"application/x-protobuf",
	"application/x-protobuffer",
	"application/zip",
	"audio/mpegurl",
	"multipart/byteranges",
	"multipart/signed",
	"text/event-stream",
	"text/csv",
	"text/vtt",
}

// fetchORBAllows reports whether the ORB proposal lets a response through
// to a page of another site: allows for a request that is not a media
// element's, media for one that is (audio or video).
//
// It follows the proposal's "opaque-response-safelisted check" for a first
// request, at the response's status: a 206 with a blocklisted type, or one
// that is no valid first partial response, is blocked before sniffing, and
// a status that is not ok after it. An earlier request of the same media
// element's is outside what the report is asked. Its last step, "the body
// parses as JavaScript and does not parse as JSON", is mayParseAsScript,
// which errs towards letting a response through.
// See https://github.com/annevk/orb#processing-model.
func fetchORBAllows(o *crossOriginResponse) (allows, media bool) {
	if e := o.essence; e != "" {
		switch {
		case isORBSafelisted(e):
			return true, true
		case o.neverSniffed:
			return false, false
		case o.status.code == http.StatusPartialContent && isORBBlocklisted(e):
			return false, false
		case o.noSniff && (isORBBlocklisted(e) || e == "text/plain"):
			return false, false
		}
	}
	if o.status.code == http.StatusPartialContent && !o.status.rng.validFirst() {
		return false, false
	}
	h := o.h[:min(len(o.h), orbSniffBytes)]
	if _, ok := MatchImageTypePattern(h); ok {
		return true, true
	}
	if _, ok := MatchAudioOrVideoTypePattern(h); ok {
		return true, true
	}
	return orbLastSteps(o, o.essence), false
}

// orbLastSteps are the proposal's steps after it sniffed neither an image
// nor media, for a response of essence e ("" for failure), for a request
// that is not a media element's (which these steps block first): nosniff
// is blocked, a status that is not ok is blocked, no type is let through, an image, audio or video type is
// blocked, and the rest is let through where the body can be a script that
// is no JSON.
func orbLastSteps(o *crossOriginResponse, e string) bool {
	switch {
	case o.noSniff, !o.status.ok():
		return false
	case e == "":
		return true
	case strings.HasPrefix(e, "audio/"), strings.HasPrefix(e, "image/"), strings.HasPrefix(e, "video/"):
		return false
	}
	return o.mayParseAsScript()
}
