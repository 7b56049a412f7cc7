// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
)

// A Destination is a request's destination in the Fetch Standard.
//
// It is what the response will be used for, such as a document, an image or
// a script. Its String is Fetch's string for it. The zero value is the empty
// destination, as for fetch() and XMLHttpRequest.
// See https://fetch.spec.whatwg.org/#concept-request-destination.
type Destination uint8

// The destinations of the Fetch Standard.
//
// The values are append-only: the first 23 are in the Fetch Standard's order
// of 2025, and a destination Fetch adds later is appended, so that no value
// ever changes meaning. [Report.Verdict] answers for each.
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
	DestinationText                             // "text": import ... with { type: "text" }

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
	DestinationText:          "text",
}

// String returns Fetch's string for d, such as "script".
//
// It returns "" for DestinationEmpty, and "Invalid(n)" for a value that is
// none of the constants.
func (d Destination) String() string { return enumName(destinationNames[:], int(d)) }

// MarshalText returns Fetch's string for d, so that a Destination is a JSON
// string.
//
// It fails for a value that is none of the constants.
func (d Destination) MarshalText() ([]byte, error) {
	return enumText(destinationNames[:], int(d), "Destination")
}

// UnmarshalText sets d to the destination that text names, as String names
// it ("" is DestinationEmpty), so that a Destination can be a JSON string or
// a command-line flag (flag.TextVar).
func (d *Destination) UnmarshalText(text []byte) error {
	if i, ok := enumIndex(destinationNames[:], text); ok {
		*d = Destination(i)
		return nil
	}
	return fmt.Errorf("mimesniff: unknown destination %q", text)
}

// isScriptLike reports whether d is script-like: "audioworklet",
// "paintworklet", "script", "serviceworker", "sharedworker" or "worker".
//
// It follows Fetch's list, which leaves out "xslt" though Fetch warns that
// it can run script too; [ReportFor] treats XSLT on its own.
// See https://fetch.spec.whatwg.org/#request-destination-script-like.
func (d Destination) isScriptLike() bool {
	switch d {
	case DestinationAudioWorklet, DestinationPaintWorklet, DestinationScript,
		DestinationServiceWorker, DestinationSharedWorker, DestinationWorker:
		return true
	}
	return false
}

// blockedNoSniff reports whether nosniff blocks a response whose type has
// essence essence for destination d.
//
// It implements "should response to request be blocked due to nosniff?"
// for a response with the nosniff flag nosniff ([DetermineNoSniff]) and the
// essence of the type extracted from its header list ([ExtractMIMEType]; ok
// false for failure), which a report computes once for every destination:
// both of the algorithm's tests read mimeType's essence only.
// With nosniff, a script-like destination is blocked unless the type is a
// JavaScript MIME type, and a style sheet unless its essence is text/css; a
// missing or unparsable Content-Type is blocked too. Other destinations are
// never blocked: only scripts and style sheets had exploits, and blocking
// images broke deployed content.
// See https://fetch.spec.whatwg.org/#should-response-to-request-be-blocked-due-to-nosniff?.
func blockedNoSniff(nosniff bool, essence string, ok bool, d Destination) bool {
	// 1. If determine nosniff with response's header list is false, then
	// return allowed.
	if !nosniff {
		return false
	}
	// 2. Let mimeType be the result of extracting a MIME type from
	// response's header list.
	// 3. Let destination be request's destination.
	// 4. If destination is script-like and mimeType is failure or is not a
	// JavaScript MIME type, then return blocked.
	if d.isScriptLike() && (!ok || !isJavaScriptEssence(essence)) {
		return true
	}
	// 5. If destination is "style" and mimeType is failure or its essence
	// is not "text/css", then return blocked.
	if d == DestinationStyle && (!ok || essence != "text/css") {
		return true
	}
	// 6. Return allowed.
	return false
}

// blockedMIMEType reports whether its MIME type blocks a response whose type
// has essence essence for destination d.
//
// It implements "should response to request be blocked due to its MIME
// type?" for the essence of the type extracted from the response's header
// list ([ExtractMIMEType]; ok false for failure): a script-like destination is
// blocked when the type is audio, image, video or text/csv, whatever
// nosniff says. A missing or unparsable Content-Type is allowed.
// See https://fetch.spec.whatwg.org/#should-response-to-request-be-blocked-due-to-mime-type?.
func blockedMIMEType(essence string, ok bool, d Destination) bool {
	// 1. Let mimeType be the result of extracting a MIME type from
	// response's header list.
	// 2. If mimeType is failure, then return allowed.
	if !ok {
		return false
	}
	// 3. Let destination be request's destination.
	// 4. If destination is script-like and one of the following is true,
	// then return blocked: mimeType's essence starts with "audio/",
	// "image/", or "video/"; mimeType's essence is "text/csv".
	if !d.isScriptLike() {
		return false
	}
	switch typeOf(essence) {
	case "audio", "image", "video":
		return true
	}
	if essence == "text/csv" {
		return true
	}
	// 5. Return allowed.
	return false
}

// ExtractMIMEType implements Fetch's "extract a MIME type" on the
// Content-Type values of h.
//
// Every value, split at commas outside quoted strings, is parsed from bytes;
// the last that parses and is not */* wins, and takes the charset of an
// earlier value with the same essence if it has none. It reports false, with
// the zero MIMEType, when there is no Content-Type or no value parses, so
// r.Supplied, _ = ExtractMIMEType(h) sets a [Resource]'s supplied type the
// Fetch way. h is read as the header list a browser receives from net/http
// over HTTP/1.1: Content-Type under any spelling, in the order net/http sends
// the spellings, a CR or LF in a value as the space net/http writes.
// See https://fetch.spec.whatwg.org/#concept-header-extract-mime-type.
func ExtractMIMEType(h http.Header) (MIMEType, bool) {
	v, _ := readHeaders(h)
	return extractMIMEType(v[hdrContentType])
}

// extractMIMEType is ExtractMIMEType on the values of Content-Type.
func extractMIMEType(values []string) (MIMEType, bool) {
	// 2. Let values be the result of getting, decoding, and splitting
	// `Content-Type` from headers. If values is null, return failure.
	list, ok := getHeader(values)
	if !ok {
		return MIMEType{}, false
	}
	// 1. Let charset be null, essence be null and mimeType be null.
	var (
		mimeType   MIMEType
		essence    string
		charset    string
		hasCharset bool
	)
	// 4. For each value of values:
	for rest, more := list, true; more; {
		var value string
		value, rest, more = splitNext(rest)
		// 4.1. Let temporaryMimeType be the result of parsing value.
		// 4.2. If temporaryMimeType is failure or its essence is
		// "*/*", then continue.
		t, f := parse(value, true)
		if f.kind != noFailure || t.Essence() == "*/*" {
			continue
		}
		// 4.3. Set mimeType to temporaryMimeType.
		mimeType = t
		// 4.4. If mimeType's essence is not essence, then set charset
		// to null, to mimeType's charset parameter if it exists, and
		// essence to mimeType's essence.
		if t.Essence() != essence {
			charset, hasCharset = t.Param("charset")
			essence = t.Essence()
			continue
		}
		// 4.5. Otherwise, if mimeType's parameters["charset"] does not
		// exist, and charset is non-null, set mimeType's
		// parameters["charset"] to charset.
		if _, ok := t.Param("charset"); !ok && hasCharset {
			mimeType = t.withParam("charset", charset)
		}
	}
	// 5. If mimeType is null, then return failure.
	// 6. Return mimeType.
	return mimeType, mimeType.IsValid()
}

// DetermineNoSniff implements Fetch's "determine nosniff" on h.
//
// It reports whether the first value of X-Content-Type-Options, split at
// commas outside quoted strings and trimmed of tabs and spaces, is "nosniff"
// in any case: "NoSniff, x" counts and ", nosniff" does not. h is read as
// [ExtractMIMEType] reads it, as a browser receives it over HTTP/1.1, so
// "\rnosniff" counts: net/http sends " nosniff". (Over HTTP/2, net/http
// drops a value with a control byte; [ReportFor] answers both readings.)
// The result is a [Resource]'s NoSniff flag.
// See https://fetch.spec.whatwg.org/#determine-nosniff.
func DetermineNoSniff(h http.Header) bool {
	v, _ := readHeaders(h)
	return determineNoSniff(v[hdrNoSniff])
}

// determineNoSniff is DetermineNoSniff on the values of
// X-Content-Type-Options.
func determineNoSniff(values []string) bool {
	// The value nearly every server sends is answered without splitting
	// (docs/speed.md, "What each trick saves").
	if len(values) == 1 && values[0] == "nosniff" {
		return true
	}
	// 1. Let values be the result of getting, decoding, and splitting
	// `X-Content-Type-Options` from headers.
	// 2. If values is null, then return false.
	list, ok := getHeader(values)
	if !ok {
		return false
	}
	// 3. If values[0] is an ASCII case-insensitive match for "nosniff",
	// then return true.
	first, _, _ := splitNext(list)
	return asciiEqualFold(first, "nosniff")
}

// getHeader implements the "get" of a header list, given the values of the
// name in it.
//
// It returns values, each trimmed of tabs and spaces, joined with ", ", or
// false when there are none. It allocates only when there are several.
//
// A header value in a browser's header list has no leading or trailing tab
// or space (https://fetch.spec.whatwg.org/#header-value): net/http trims them when it writes a value in
// HTTP/1.1, and the browser's parser when it reads one (RFC 9112, section
// 5). A trailing space inside an unterminated quoted string would otherwise
// reach the next value. The functions of the package that take an
// [http.Header] read a name under any spelling, as a browser compares names
// without case (readHeaders).
// See https://fetch.spec.whatwg.org/#concept-header-list-get.
func getHeader(values []string) (string, bool) {
	switch len(values) {
	case 0:
		return "", false
	case 1:
		return trimTabOrSpace(values[0]), true
	}
	n := len(", ") * (len(values) - 1)
	for _, v := range values {
		n += len(v)
	}
	var b strings.Builder
	b.Grow(n)
	for i, v := range values {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(trimTabOrSpace(v))
	}
	return b.String(), true
}

// splitNext implements one round of Fetch's "get, decode, and split" on a
// header value list.
//
// It returns the first value of list, with leading and trailing tabs and
// spaces removed, the rest of the list after the comma that ends it, and
// whether there was such a comma (so more values follow, the last possibly
// empty). A quoted string, unterminated or not, is part of the value around
// it, quotes included, and commas inside it do not split. Decoding is
// isomorphic: list is read byte by byte.
// See https://fetch.spec.whatwg.org/#header-value-get-decode-and-split.
func splitNext(list string) (value, rest string, more bool) {
	pos := 0
	for {
		// 4.1. Append the result of collecting a sequence of code
		// points that are not U+0022 (") or U+002C (,) to temporaryValue.
		for pos < len(list) && list[pos] != '"' && list[pos] != ',' {
			pos++
		}
		// 4.2. If position is not past the end and the code point at
		// position is U+0022 ("): append the result of collecting an
		// HTTP quoted string, and continue if position is not past the
		// end.
		if pos < len(list) && list[pos] == '"' {
			pos, _ = quotedStringEnd(list, pos, len(list))
			if pos < len(list) {
				continue
			}
		}
		break
	}
	// 4.3. Remove all HTTP tab or space from the start and end of
	// temporaryValue. 4.4. Append temporaryValue to values.
	value = trimTabOrSpace(list[:pos])
	// 4.6. If position is past the end of input, then return values.
	if pos >= len(list) {
		return value, "", false
	}
	// 4.7. Assert: the code point at position is U+002C (,).
	// 4.8. Advance position by 1.
	return value, list[pos+1:], true
}

// LegacyExtractEncoding implements Fetch's "legacy extract an encoding".
//
// It returns the Encoding Standard's name (such as "UTF-8", "windows-1252"
// or "replacement") of the encoding that t's charset parameter labels, so
// text/html;charset=ISO-8859-1 gives "windows-1252", and fallback when t has
// no charset or an unknown label. Labels are matched with ASCII whitespace
// trimmed and case ignored. A computed type from sniffing never has a
// charset: take t from the supplied MIME type or [ExtractMIMEType].
// See https://fetch.spec.whatwg.org/#legacy-extract-an-encoding and
// https://encoding.spec.whatwg.org/#concept-encoding-get.
func LegacyExtractEncoding(t MIMEType, fallback string) string {
	label, ok := t.Param("charset")
	if !ok {
		return fallback
	}
	if name := encodingName(label); name != "" {
		return name
	}
	return fallback
}

// encodingName returns the name of the encoding with the given label, or "".
// See https://encoding.spec.whatwg.org/#concept-encoding-get.
func encodingName(label string) string {
	for label != "" && isASCIIWhitespace(label[0]) {
		label = label[1:]
	}
	for label != "" && isASCIIWhitespace(label[len(label)-1]) {
		label = label[:len(label)-1]
	}
	var buf [32]byte
	if len(label) > len(buf) {
		return ""
	}
	for i := 0; i < len(label); i++ {
		buf[i] = lower(label[i])
	}
	return encodingLabels[string(buf[:len(label)])]
}

// encodingLabels maps every label of the Encoding Standard to the name of
// its encoding.
//
// It is filled in the order of
// https://encoding.spec.whatwg.org/#names-and-labels.
var encodingLabels = func() map[string]string {
	m := make(map[string]string)
	for _, e := range encodings {
		for _, l := range strings.Fields(e.labels) {
			m[l] = e.name
		}
	}
	return m
}()

// encodings is the table of https://encoding.spec.whatwg.org/#names-and-labels.
//
// It has one row per encoding, its name and its labels separated by spaces.
var encodings = []struct{ name, labels string }{
	{"UTF-8", "unicode-1-1-utf-8 unicode11utf8 unicode20utf8 utf-8 utf8 x-unicode20utf8"},
	{"IBM866", "866 cp866 csibm866 ibm866"},
	{"ISO-8859-2", "csisolatin2 iso-8859-2 iso-ir-101 iso8859-2 iso88592 iso_8859-2 iso_8859-2:1987 l2 latin2"},
	{"ISO-8859-3", "csisolatin3 iso-8859-3 iso-ir-109 iso8859-3 iso88593 iso_8859-3 iso_8859-3:1988 l3 latin3"},
	{"ISO-8859-4", "csisolatin4 iso-8859-4 iso-ir-110 iso8859-4 iso88594 iso_8859-4 iso_8859-4:1988 l4 latin4"},
	{"ISO-8859-5", "csisolatincyrillic cyrillic iso-8859-5 iso-ir-144 iso8859-5 iso88595 iso_8859-5 iso_8859-5:1988"},
	{"ISO-8859-6", "arabic asmo-708 csiso88596e csiso88596i csisolatinarabic ecma-114 iso-8859-6 iso-8859-6-e iso-8859-6-i iso-ir-127 iso8859-6 iso88596 iso_8859-6 iso_8859-6:1987"},
	{"ISO-8859-7", "csisolatingreek ecma-118 elot_928 greek greek8 iso-8859-7 iso-ir-126 iso8859-7 iso88597 iso_8859-7 iso_8859-7:1987 sun_eu_greek"},
	{"ISO-8859-8", "csiso88598e csisolatinhebrew hebrew iso-8859-8 iso-8859-8-e iso-ir-138 iso8859-8 iso88598 iso_8859-8 iso_8859-8:1988 visual"},
	{"ISO-8859-8-I", "csiso88598i iso-8859-8-i logical"},
	{"ISO-8859-10", "csisolatin6 iso-8859-10 iso-ir-157 iso8859-10 iso885910 l6 latin6"},
	{"ISO-8859-13", "iso-8859-13 iso8859-13 iso885913"},
	{"ISO-8859-14", "iso-8859-14 iso8859-14 iso885914"},
	{"ISO-8859-15", "csisolatin9 iso-8859-15 iso8859-15 iso885915 iso_8859-15 l9"},
	{"ISO-8859-16", "iso-8859-16"},
	{"KOI8-R", "cskoi8r koi koi8 koi8-r koi8_r"},
	{"KOI8-U", "koi8-ru koi8-u"},
	{"macintosh", "csmacintosh mac macintosh x-mac-roman"},
	{"windows-874", "dos-874 iso-8859-11 iso8859-11 iso885911 tis-620 windows-874"},
	{"windows-1250", "cp1250 windows-1250 x-cp1250"},
	{"windows-1251", "cp1251 windows-1251 x-cp1251"},
	{"windows-1252", "ansi_x3.4-1968 ascii cp1252 cp819 csisolatin1 ibm819 iso-8859-1 iso-ir-100 iso8859-1 iso88591 iso_8859-1 iso_8859-1:1987 l1 latin1 us-ascii windows-1252 x-cp1252"},
	{"windows-1253", "cp1253 windows-1253 x-cp1253"},
	{"windows-1254", "cp1254 csisolatin5 iso-8859-9 iso-ir-148 iso8859-9 iso88599 iso_8859-9 iso_8859-9:1989 l5 latin5 windows-1254 x-cp1254"},
	{"windows-1255", "cp1255 windows-1255 x-cp1255"},
	{"windows-1256", "cp1256 windows-1256 x-cp1256"},
	{"windows-1257", "cp1257 windows-1257 x-cp1257"},
	{"windows-1258", "cp1258 windows-1258 x-cp1258"},
	{"x-mac-cyrillic", "x-mac-cyrillic x-mac-ukrainian"},
	{"GBK", "chinese csgb2312 csiso58gb231280 gb2312 gb_2312 gb_2312-80 gbk iso-ir-58 x-gbk"},
	{"gb18030", "gb18030"},
	{"Big5", "big5 big5-hkscs cn-big5 csbig5 x-x-big5"},
	{"EUC-JP", "cseucpkdfmtjapanese euc-jp x-euc-jp"},
	{"ISO-2022-JP", "csiso2022jp iso-2022-jp"},
	{"Shift_JIS", "csshiftjis ms932 ms_kanji shift-jis shift_jis sjis windows-31j x-sjis"},
	{"EUC-KR", "cseuckr csksc56011987 euc-kr iso-ir-149 korean ks_c_5601-1987 ks_c_5601-1989 ksc5601 ksc_5601 windows-949"},
	{"replacement", "csiso2022kr hz-gb-2312 iso-2022-cn iso-2022-cn-ext iso-2022-kr replacement"},
	{"UTF-16BE", "unicodefffe utf-16be"},
	{"UTF-16LE", "csunicode iso-10646-ucs-2 ucs-2 unicode unicodefeff utf-16 utf-16le"},
	{"x-user-defined", "x-user-defined"},
}

// Statuses. What the engines do with a response depends on its status code
// only through a few classes of codes (statusClass), a 206's Content-Range
// (contentRange) and a redirect's Location: the report reads them here, and
// the engines' rules read the classes (statusScriptRules in browser.go, the
// partial-response rules of Opaque Response Blocking in crossorigin.go,
// chromium.go and firefox.go). They are fitted to testdata/browsers/status:
// 432 responses of 36 status variants over 11 declared types, each loaded
// in 13 destinations from pages of its origin and of another origin of its
// site, and in the seven no-cors ways from a page of another site, in
// Chromium 156, Firefox ESR 153.8 and WebKitGTK 2.50.6 (docs/engines.md,
// "Status codes"). Every seventh header set is held out; the rules cite
// only the others.

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

// ok reports whether the status is an ok status: 200 to 299.
// See https://fetch.spec.whatwg.org/#ok-status.
func (st *statusReading) ok() bool {
	return st.code >= 200 && st.code <= 299
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
	rest, ok := strings.CutPrefix(v, "bytes ")
	if !ok {
		return cr
	}
	var first, last, complete int64
	if first, rest, ok = cutDigits(rest); !ok {
		return cr
	}
	if rest, ok = strings.CutPrefix(rest, "-"); !ok {
		return cr
	}
	if last, rest, ok = cutDigits(rest); !ok {
		return cr
	}
	if rest, ok = strings.CutPrefix(rest, "/"); !ok {
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

// validFirst reports whether cr makes a valid first partial response, as
// the ORB proposal's "validate a partial response" given 0 reads it: one
// range from byte 0, its last byte within the complete length.
// See https://github.com/annevk/orb#processing-model.
func (cr contentRange) validFirst() bool {
	return cr.ok && cr.first == 0 && (cr.complete < 0 || cr.last < cr.complete)
}
