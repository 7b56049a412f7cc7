// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff

import (
	"errors"
	"net/http"
	"strconv"
)

// A Destination is a request's destination in the Fetch Standard: what the
// response will be used for, such as a document, an image or a script. Its
// String is Fetch's string for it. The zero value is the empty destination,
// as for fetch() and XMLHttpRequest.
// See https://fetch.spec.whatwg.org/#concept-request-destination.
type Destination uint8

// The destinations of the Fetch Standard, in its order.
const (
	DestinationEmpty         Destination = iota // "": fetch(), XMLHttpRequest, navigator.sendBeacon
	DestinationAudio                            // "audio": audio elements
	DestinationAudioWorklet                     // "audioworklet": audioWorklet.addModule()
	DestinationDocument                         // "document": a navigation of a top-level traversable
	DestinationEmbed                            // "embed": embed elements
	DestinationFont                             // "font": CSS @font-face
	DestinationFrame                            // "frame": frame elements
	DestinationIFrame                           // "iframe": iframe elements
	DestinationImage                            // "image": img elements, CSS images, favicons
	DestinationJSON                             // "json": JSON module scripts
	DestinationManifest                         // "manifest": web app manifests
	DestinationObject                           // "object": object elements
	DestinationPaintWorklet                     // "paintworklet": CSS.paintWorklet.addModule()
	DestinationReport                           // "report": CSP and other reports
	DestinationScript                           // "script": script elements, importScripts(), module scripts
	DestinationServiceWorker                    // "serviceworker": navigator.serviceWorker.register()
	DestinationSharedWorker                     // "sharedworker": SharedWorker
	DestinationStyle                            // "style": style sheets, CSS module scripts
	DestinationTrack                            // "track": track elements
	DestinationVideo                            // "video": video elements
	DestinationWebIdentity                      // "webidentity": FedCM
	DestinationWorker                           // "worker": Worker
	DestinationXSLT                             // "xslt": the xml-stylesheet processing instruction

	numDestinations = iota
)

// destinationNames are Fetch's strings for the destinations.
var destinationNames = [numDestinations]string{
	DestinationEmpty:         "",
	DestinationAudio:         "audio",
	DestinationAudioWorklet:  "audioworklet",
	DestinationDocument:      "document",
	DestinationEmbed:         "embed",
	DestinationFont:          "font",
	DestinationFrame:         "frame",
	DestinationIFrame:        "iframe",
	DestinationImage:         "image",
	DestinationJSON:          "json",
	DestinationManifest:      "manifest",
	DestinationObject:        "object",
	DestinationPaintWorklet:  "paintworklet",
	DestinationReport:        "report",
	DestinationScript:        "script",
	DestinationServiceWorker: "serviceworker",
	DestinationSharedWorker:  "sharedworker",
	DestinationStyle:         "style",
	DestinationTrack:         "track",
	DestinationVideo:         "video",
	DestinationWebIdentity:   "webidentity",
	DestinationWorker:        "worker",
	DestinationXSLT:          "xslt",
}

// String returns Fetch's string for d, such as "script" or "" for
// DestinationEmpty, or "Invalid(n)" for a value that is none of the
// constants.
func (d Destination) String() string {
	if int(d) < len(destinationNames) {
		return destinationNames[d]
	}
	return "Invalid(" + strconv.Itoa(int(d)) + ")"
}

// MarshalText returns Fetch's string for d, so that a Destination is a JSON
// string. It fails for a value that is none of the constants.
func (d Destination) MarshalText() ([]byte, error) {
	if int(d) >= len(destinationNames) {
		return nil, errors.New("mimesniff: invalid Destination " + strconv.Itoa(int(d)))
	}
	return []byte(destinationNames[d]), nil
}

// IsScriptLike reports whether d is script-like: "audioworklet",
// "paintworklet", "script", "serviceworker", "sharedworker" or "worker".
//
// Fetch warns that "xslt" can cause script execution too but is not in the
// list; IsScriptLike follows the list, and [ReportFor] treats XSLT on its
// own.
// See https://fetch.spec.whatwg.org/#request-destination-script-like.
func (d Destination) IsScriptLike() bool {
	switch d {
	case DestinationAudioWorklet, DestinationPaintWorklet, DestinationScript,
		DestinationServiceWorker, DestinationSharedWorker, DestinationWorker:
		return true
	}
	return false
}

// BlockedDueToNoSniff implements "should response to request be blocked due
// to nosniff?" for a response with header list h to a request with
// destination d.
//
// With nosniff ([DetermineNoSniff]), a script-like destination is blocked
// unless the type extracted from h ([ExtractMIMEType]) is a JavaScript MIME
// type, and a style sheet unless its essence is text/css. A missing or
// unparsable Content-Type is blocked too. Other destinations are never
// blocked: only scripts and style sheets had exploits, and blocking images
// broke deployed content.
// See https://fetch.spec.whatwg.org/#should-response-to-request-be-blocked-due-to-nosniff?.
func BlockedDueToNoSniff(h http.Header, d Destination) bool {
	// 1. If determine nosniff with response's header list is false, then
	// return allowed.
	if !DetermineNoSniff(h) {
		return false
	}
	// 2. Let mimeType be the result of extracting a MIME type from
	// response's header list.
	mimeType, ok := ExtractMIMEType(h)
	return blockedNoSniff(true, mimeType, ok, d)
}

// blockedNoSniff is steps 3 to 6 of BlockedDueToNoSniff, for a response
// with the nosniff flag nosniff and extracted type mimeType (ok false for
// failure), so that a report extracts the type once for every destination.
func blockedNoSniff(nosniff bool, mimeType MIMEType, ok bool, d Destination) bool {
	if !nosniff {
		return false
	}
	// 3. Let destination be request's destination.
	// 4. If destination is script-like and mimeType is failure or is not a
	// JavaScript MIME type, then return blocked.
	if d.IsScriptLike() && (!ok || !mimeType.IsJavaScript()) {
		return true
	}
	// 5. If destination is "style" and mimeType is failure or its essence
	// is not "text/css", then return blocked.
	if d == DestinationStyle && (!ok || mimeType.Essence() != "text/css") {
		return true
	}
	// 6. Return allowed.
	return false
}

// BlockedDueToMIMEType implements "should response to request be blocked
// due to its MIME type?" for a response with header list h to a request with
// destination d: a script-like destination is blocked when the type
// extracted from h ([ExtractMIMEType]) is audio, image, video or text/csv,
// whatever nosniff says. A missing or unparsable Content-Type is allowed.
// See https://fetch.spec.whatwg.org/#should-response-to-request-be-blocked-due-to-mime-type?.
func BlockedDueToMIMEType(h http.Header, d Destination) bool {
	// 1. Let mimeType be the result of extracting a MIME type from
	// response's header list.
	mimeType, ok := ExtractMIMEType(h)
	return blockedMIMEType(mimeType, ok, d)
}

// blockedMIMEType is steps 2 to 5 of BlockedDueToMIMEType, for the extracted
// type mimeType (ok false for failure).
func blockedMIMEType(mimeType MIMEType, ok bool, d Destination) bool {
	// 2. If mimeType is failure, then return allowed.
	if !ok {
		return false
	}
	// 3. Let destination be request's destination.
	// 4. If destination is script-like and one of the following is true,
	// then return blocked: mimeType's essence starts with "audio/",
	// "image/", or "video/"; mimeType's essence is "text/csv".
	if !d.IsScriptLike() {
		return false
	}
	e := mimeType.Essence()
	switch typeOf(e) {
	case "audio", "image", "video":
		return true
	}
	if e == "text/csv" {
		return true
	}
	// 5. Return allowed.
	return false
}

// ScriptTypeAllowed reports whether HTML accepts a script of type t (the
// type extracted from the response's header list, [ExtractMIMEType]) for
// destination d; module tells a module script from a classic one for
// DestinationScript and the workers, and a CSS module script from a style
// sheet for DestinationStyle. It applies after Fetch, which may already
// have blocked the response ([BlockedDueToNoSniff], [BlockedDueToMIMEType]).
//
//   - A classic script (DestinationScript, module false) runs whatever its
//     type: only Fetch's blocking stops it.
//   - A JavaScript module script, on any script-like destination, needs a
//     JavaScript MIME type; a JSON module script (DestinationJSON) a JSON
//     MIME type; a CSS module script (DestinationStyle, module true) the
//     essence text/css. See
//     https://html.spec.whatwg.org/multipage/webappapis.html#fetch-a-single-module-script.
//     Worklets (DestinationAudioWorklet, DestinationPaintWorklet) only load
//     module scripts.
//   - A classic worker or shared worker script needs a JavaScript MIME type,
//     as HTML's "fetch a classic worker script" checks for HTTP(S) URLs. See
//     https://html.spec.whatwg.org/multipage/webappapis.html#fetch-a-classic-worker-script.
//   - A service worker script needs a JavaScript MIME type, classic or
//     module: the Update algorithm rejects any other with a SecurityError.
//     See https://w3c.github.io/ServiceWorker/#update-algorithm.
//
// A style sheet (DestinationStyle, module false) also needs text/css,
// except for a same-origin style sheet of a quirks-mode document (see
// https://html.spec.whatwg.org/multipage/links.html#link-type-stylesheet);
// ScriptTypeAllowed reports true for it, as for every other destination,
// on which HTML makes no such check.
func ScriptTypeAllowed(t MIMEType, d Destination, module bool) bool {
	switch d {
	case DestinationScript:
		return !module || t.IsJavaScript()
	case DestinationWorker, DestinationSharedWorker, DestinationServiceWorker,
		DestinationAudioWorklet, DestinationPaintWorklet:
		return t.IsJavaScript()
	case DestinationJSON:
		return t.IsJSON()
	case DestinationStyle:
		return !module || t.Essence() == "text/css"
	}
	return true
}
