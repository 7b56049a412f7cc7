// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff

import (
	"encoding/json"
	"errors"
	"iter"
	"slices"
	"strconv"
	"strings"
)

// A Browser is a browser profile: the rules for the type of a navigated
// document.
//
// The profile is the standard's, or a browser's own. Each profile but
// Standard is the browser's own algorithm, written from its source where
// that is public (Chromium's mime_sniffer.cc, Firefox's nsUnknownDecoder and
// media sniffer, libsoup's sniffer for WebKitGTK) and fitted to what the
// browser did, in chromium.go, firefox.go and webkit.go; each rule names the
// recorded cases that show it, and docs/browsers.md lists where each
// departs from the standard. The cases are those of
// testdata/browsers/navigation: 15,015 responses (826 bodies, 507 of them
// real files made by Debian's tools, under 304 header sets) served over
// loopback with exact header bytes to headless Chromium 156, Firefox ESR 153
// and WebKitGTK 2.50 from Debian's packages (PDF viewers on, as shipped,
// and Debian's codecs), navigated to in a top-level browsing context, with
// what each did recorded; a case named "slash/image/png-palette.png" is header
// set "slash" over body "image/png-palette.png". testdata/browsers/destinations
// records the other destinations. tools/browsers re-runs the recordings;
// see its README.
type Browser uint8

// The browser profiles.
const (
	Standard Browser = iota // the standard: Resource.Sniff
	Chromium                // Chromium 156 (and Chrome, Edge, ...), recorded headless
	Firefox                 // Firefox ESR 153, recorded headless
	WebKit                  // WebKitGTK 2.50 (libsoup's sniffer, not Safari's CFNetwork), recorded under Xvfb
)

var browserNames = [...]string{
	Standard: "standard",
	Chromium: "chromium",
	Firefox:  "firefox",
	WebKit:   "webkit",
}

// String returns the browser's lower-case name, or "Invalid(n)".
func (b Browser) String() string { return enumName(browserNames[:], int(b)) }

// MarshalText returns the browser's name; it fails for an invalid value.
func (b Browser) MarshalText() ([]byte, error) {
	return enumText(browserNames[:], int(b), "Browser")
}

// UnmarshalText sets b to the profile that text names, as String names it:
// standard, chromium, firefox or webkit.
func (b *Browser) UnmarshalText(text []byte) error {
	if i, ok := enumIndex(browserNames[:], text); ok {
		*b = Browser(i)
		return nil
	}
	return errors.New("mimesniff: unknown browser " + strconv.Quote(string(text)))
}

// SniffAs returns the computed MIME type of r in b's browsing context.
//
// For Standard it is [Resource.Sniff]. For a browser it is the type the
// browser gives a document it is navigated to: document.contentType where
// it renders one; where it downloads, a type for which [Browser.Displays]
// is false, such as application/octet-stream for a response that
// Content-Disposition makes an attachment. A browser reads r.HeaderList
// where it is not nil, as each reads a header list (Fetch's extraction of
// every Content-Type value for Chromium and Firefox, libsoup's last value for
// WebKit), and r's Supplied, NoSniff and CheckForApacheBug otherwise; where
// r.HeaderList holds one name under several spellings, whose order on the
// wire a map cannot tell, the answer is that of the reading most dangerous
// in b (a type b runs script in, then one it displays). SniffAs never
// returns the zero MIMEType, and allocates nothing for the header lists
// servers send.
func (r Resource) SniffAs(b Browser) MIMEType {
	if b == Standard || r.HeaderList == nil {
		return r.sniffAs(b, &httpReading{})
	}
	v, ambiguous := readHeaders(r.HeaderList)
	if !ambiguous {
		return r.sniffRead(b, &v)
	}
	var worst MIMEType
	if !eachReading(r.HeaderList, func(v *headerValues) bool {
		if t := r.sniffRead(b, v); !worst.IsValid() || b.danger(t) > b.danger(worst) {
			worst = t
		}
		return true
	}) {
		return textHTML // no reading to answer for: the most dangerous type
	}
	return worst
}

// SniffWorst returns the most dangerous type a browser profile computes for r
// in a browsing context ([Resource.SniffAs]), and the profile that computes
// it: the first, in the order of the Browser constants, among those whose
// type ranks highest.
//
// A type the profile renders as a document that runs script
// ([Browser.Scriptable]) ranks highest, then one it displays
// ([Browser.Displays]), then a download. It answers "what could a browser
// make of it", which no one profile does: the profiles depart from the
// standard and from each other, so that a body the standard shows as text
// can render as HTML in Chromium and Firefox.
func (r Resource) SniffWorst() (MIMEType, Browser) {
	var worst MIMEType
	var by Browser
	rank := -1
	for _, b := range profiles {
		if t := r.SniffAs(b); b.danger(t) > rank {
			worst, by, rank = t, b, b.danger(t)
		}
	}
	return worst, by
}

// sniffRead is SniffAs for a browser b reading v, a reading of r's header
// list.
func (r *Resource) sniffRead(b Browser, v *headerValues) MIMEType {
	t, _ := extractMIMEType(v[hdrContentType])
	rd := readHTTPWith(v, t, t.Essence())
	if rd.attachment.Has(b) {
		return applicationOctet
	}
	return r.sniffAs(b, &rd)
}

// danger ranks what b does with a document of type t: 2 for one that runs
// script (Browser.Scriptable), 1 for a type it displays, 0 for a download.
func (b Browser) danger(t MIMEType) int {
	switch {
	case b.Scriptable(t):
		return 2
	case b.Displays(t):
		return 1
	}
	return 0
}

// sniffAs is SniffAs without Content-Disposition: the type b renders the
// response as where it does not download it, as an object or embed element
// does.
func (r *Resource) sniffAs(b Browser, rd *httpReading) MIMEType {
	switch b {
	case Chromium:
		return r.sniffChromium(rd)
	case Firefox:
		return r.sniffFirefox(rd)
	case WebKit:
		return r.sniffWebKit(rd)
	}
	return r.sniff()
}

// An httpReading is how the browser profiles read an HTTP response's header
// list, where a browser departs from the standard's reading.
//
// Its zero value is that of a resource not built from HTTP.
type httpReading struct {
	// fromHTTP reports whether the resource was built from a header list.
	fromHTTP bool

	// fetchType is the type extracted from the Content-Type values, as
	// Chromium and Firefox read them (fetchSupplied), and fetchEssence
	// its essence, which both read on every sniff.
	fetchType    MIMEType
	fetchEssence string

	// contentTypes is the number of Content-Type header lines (Firefox's
	// Apache-bug check needs one).
	contentTypes int

	// slashType is the type Chromium and Firefox take from a last
	// Content-Type value that Fetch cannot parse but that has a slash
	// (fetchSlashType), or the zero MIMEType.
	slashType MIMEType

	// attachment is the set of profiles for which Content-Disposition
	// makes a navigation a download.
	attachment BrowserSet

	// webkitType is the media type WebKitGTK reads from the last
	// Content-Type value (webkitMediaType), webkitDoc the type of a
	// document of it (webkitDocType), and webkitNoSniff whether it reads
	// X-Content-Type-Options as nosniff (webkitNoSniff).
	webkitType    string
	webkitDoc     MIMEType
	webkitNoSniff bool
}

// readHTTPWith is readHTTP on the values v of a header list, for the type t
// already extracted from them, of essence e.
func readHTTPWith(v *headerValues, t MIMEType, e string) httpReading {
	values := v[hdrContentType]
	// A last value that is t's essence, with parameters or without, as
	// most are, is libsoup's media type as it stands: it is not read
	// again for slashes and spaces (docs/speed.md, "What each trick
	// saves").
	wt := e
	if n := len(values); n == 0 || e == "" || !hasEssence(values[n-1], e) {
		wt = webkitMediaType(values)
	}
	doc := MIMEType{e} // parsed already, as t, when wt is t's essence
	if !asciiEqualFold(wt, e) {
		doc = webkitDocType(wt)
	}
	xcto := v[hdrNoSniff]
	var slash MIMEType
	if !t.IsValid() && len(values) > 0 {
		slash = fetchSlashType(values[len(values)-1])
	}
	return httpReading{
		fromHTTP:      true,
		fetchType:     t,
		fetchEssence:  e,
		contentTypes:  len(values),
		slashType:     slash,
		attachment:    dispositionAttachment(v[hdrDisposition]),
		webkitType:    wt,
		webkitDoc:     doc,
		webkitNoSniff: len(xcto) > 0 && trimTabOrSpace(xcto[len(xcto)-1]) == "nosniff",
	}
}

// fetchSlashType is Chromium's and Firefox's rule for a Content-Type value v
// that Fetch cannot parse but that has a slash, such as "/" or "text/": they
// take it as a type, which they do not sniff.
//
// Chromium sniffs only a value without a slash, and "", unknown/unknown,
// application/unknown and */* (mime_sniffer.cc, IsUnknownMimeType), so
// "bogus" is sniffed (cases bogus/...) where "/" is downloaded whatever the
// body (slash/..., 69 of 69); Firefox downloads "/" too but for the audio
// and video its media sniffer finds first (slash/audio/..., slash/video/...).
// Both show "text/" as text (bogus-slash/..., document.contentType
// "text/"). As no MIMEType holds such a value, the profile stands text/plain
// in for one under text/ and application/octet-stream for any other; it
// returns the zero MIMEType when v has no slash, and for */* (cases
// star-star/..., sniffed).
func fetchSlashType(v string) MIMEType {
	v, _, _ = strings.Cut(v, ";")
	v = lowerString(trimTabOrSpace(v))
	switch {
	case !strings.Contains(v, "/") || v == "*/*": // sniffed (Fetch skips */*)
		return MIMEType{}
	case strings.HasPrefix(v, "text/"):
		return textPlain
	}
	return applicationOctet
}

// fetchSupplied returns the supplied MIME type as Chromium and Firefox read
// the Content-Type headers.
//
// Both take Fetch's "extract a MIME type" over all Content-Type headers, so
// "text/html" then "*/*" is text/html, in either order, for any body and
// under nosniff too (cases two-html-star/binary.bin,
// two-star-html/binary.bin, two-html-star-ns/binary.bin), where the
// standard takes the last value. A resource not built from HTTP has one
// supplied type, Supplied. It returns the type's essence too, found once
// when the header list was read.
// https://fetch.spec.whatwg.org/#concept-header-extract-mime-type
func (r *Resource) fetchSupplied(rd *httpReading) (t MIMEType, essence string) {
	if !rd.fromHTTP {
		return r.Supplied, r.Supplied.Essence()
	}
	return rd.fetchType, rd.fetchEssence
}

// Types only the browser profiles compute.
var (
	videoMatroska = MIMEType{"video/matroska"} // Firefox's Matroska that is not WebM
	video3GPP     = MIMEType{"video/3gpp"}
)

// isUnknownEssence reports whether e is a type the standard treats as no type.
//
// The standard treats unknown/unknown, application/unknown and */* as no
// type at all.
func isUnknownEssence(e string) bool {
	return e == "unknown/unknown" || e == "application/unknown" || e == "*/*"
}

// Displays reports whether b shows a resource of type t in a document
// rather than downloading it.
//
// The standard profile shows every type it can render: HTML, XML, JSON,
// JavaScript, text, PDF, images, audio and video. A browser shows what its
// own tables say, recorded type by type: see docs/browsers.md.
func (b Browser) Displays(t MIMEType) bool {
	if !t.IsValid() {
		return false
	}
	if b == Standard {
		switch {
		case t.IsScriptable(), t.IsJSON(), t.IsJavaScript(), t.Type() == "text", t.IsImage(), t.IsAudioOrVideo():
			return true
		}
		return false
	}
	return browserDisplays(b, t)
}

// A displayRule is what one browser shows in a document, by type.
type displayRule struct {
	// xml are the XML types rendered as documents; other XML types are
	// downloaded.
	xml []string
	// textDownloads are the text types downloaded; other text types are
	// shown.
	textDownloads []string
	// anyJSON reports whether every JSON MIME type is shown, or only
	// application/json.
	anyJSON bool
	// media are the image, audio and video types shown.
	media []string
	// other are the other types shown besides HTML, PDF and JavaScript.
	other []string
}

// displayRules are the browsers' display rules, recorded type by type: each
// type declared with nosniff over its own files (header sets t-<type>-ns) or,
// for a type only a profile computes, sniffed (cases none/...).
var displayRules = map[Browser]*displayRule{
	Chromium: {
		// Other XML types download: application/rdf+xml,
		// application/mathml+xml, application/xslt+xml,
		// application/vnd.wap.xhtml+xml (destinations sv-*); RSS and
		// Atom are shown as text (sniffChromium), and as themselves
		// when sniffed from text/xml (chromiumFeed).
		xml:           []string{"text/xml", "application/xml", "application/xhtml+xml", "image/svg+xml", "application/rss+xml", "application/atom+xml"},
		textDownloads: []string{"text/csv", "text/tab-separated-values", "text/calendar", "text/vcard"},
		anyJSON:       true, // application/manifest+json shows
		media: []string{"image/png", "image/gif", "image/jpeg", "image/bmp", "image/webp", "image/x-icon",
			"image/avif", "image/apng", "image/x-xbitmap",
			"audio/aac", "audio/flac", "audio/mp4", "audio/mpeg", "audio/ogg", "audio/wav", "audio/webm", "audio/x-matroska",
			"video/3gpp", "video/mp4", "video/ogg", "video/webm", "video/x-m4v", "video/x-matroska"},
		// Shown as such, its parts not rendered (destinations
		// mixed-ns/mixed).
		other: []string{"multipart/x-mixed-replace"},
	},
	Firefox: {
		// RSS, Atom, XSLT and KML download (cases
		// t-application-rss-xml-ns/xml/rss20.rss, ...); MathML, RDF and
		// WAP XHTML render (destinations sv-*).
		xml: []string{"text/xml", "application/xml", "application/xhtml+xml", "image/svg+xml",
			"application/mathml+xml", "application/rdf+xml", "application/vnd.wap.xhtml+xml"},
		textDownloads: []string{"text/csv", "text/tab-separated-values", "text/calendar", "text/vcard"},
		media: []string{"image/png", "image/gif", "image/jpeg", "image/bmp", "image/webp", "image/x-icon",
			"image/avif", "image/apng",
			"audio/aac", "audio/flac", "audio/mp4", "audio/mpeg", "audio/ogg", "audio/webm", "audio/x-matroska",
			"application/ogg", "video/mp4", "video/quicktime", "video/webm", "video/x-m4v", "video/x-matroska",
			"video/matroska"},
		// Its parts render (mixedReplaceParts).
		other: []string{"multipart/x-mixed-replace"},
	},
	WebKit: {
		// Other XML types download (cases
		// t-application-rdf-xml/xml/rdf-plain.rdf,
		// t-application-xslt-xml/xml/xslt.xsl, ...).
		xml:           []string{"text/xml", "application/xml", "application/xhtml+xml", "image/svg+xml", "application/rss+xml", "application/atom+xml"},
		textDownloads: []string{"text/calendar", "text/vcard"}, // text/csv shows
		anyJSON:       true,
		// libsoup's own audio/wave, audio/aiff, audio/basic and
		// video/avi download (cases none/audio.wav, none/audio.aiff).
		media: []string{"image/png", "image/gif", "image/jpeg", "image/bmp", "image/webp", "image/x-icon",
			"image/avif", "image/apng", "image/x-xbitmap",
			"audio/aac", "audio/flac", "audio/midi", "audio/mp4", "audio/mpeg", "audio/ogg", "audio/wav", "audio/webm",
			"application/ogg", "video/3gpp", "video/mp4", "video/mpeg", "video/ogg", "video/quicktime", "video/webm",
			"video/x-flv", "video/x-m4v", "video/x-matroska", "video/x-msvideo"},
		// Its parts render (mixedReplaceParts).
		other: []string{"multipart/x-mixed-replace"},
	},
}

// browserDisplays is Displays for a browser profile.
func browserDisplays(b Browser, t MIMEType) bool {
	rule := displayRules[b]
	e := t.Essence()
	switch {
	case t.IsHTML(), e == "application/pdf", t.IsJavaScript():
		return true
	case t.IsXML():
		return slices.Contains(rule.xml, e)
	case t.IsJSON():
		return rule.anyJSON || e == "application/json"
	case t.Type() == "text":
		return !slices.Contains(rule.textDownloads, e)
	}
	return slices.Contains(rule.media, e) || slices.Contains(rule.other, e)
}

// Scriptable reports whether b, rendering a document of type t, can run
// script in it.
//
// For every profile these are the standard's scriptable MIME types: HTML,
// XML (SVG and XHTML included) and PDF, whose viewer runs the document's own
// scripts. A browser adds the types it renders as one of those: Chromium
// and WebKit text/xsl, which they render as XML, and Firefox and WebKit
// multipart/x-mixed-replace, whose parts they render each as its own type. A
// type a profile only shows as text, an image or media, or downloads, runs
// nothing.
// See https://mimesniff.spec.whatwg.org/#scriptable-mime-type.
func (b Browser) Scriptable(t MIMEType) bool { return b.scriptableEssence(t.Essence()) }

// scriptableEssence is Scriptable for a type of essence e.
func (b Browser) scriptableEssence(e string) bool {
	if isScriptableEssence(e) {
		return true
	}
	switch b {
	case Chromium:
		return xslIsXML(e)
	case Firefox:
		return mixedReplaceParts(e)
	case WebKit:
		return xslIsXML(e) || mixedReplaceParts(e)
	}
	return false
}

// mixedReplaceParts reports whether the essence e is that of a multipart
// type whose parts Firefox and WebKit render, each as the document its own
// Content-Type says.
//
// A body of type multipart/x-mixed-replace whose parts are text/html renders
// as HTML and runs script, even under nosniff (destinations mixed-ns/mixed
// and mixed-ns/byteranges, in both browsers, by navigation, iframe, object
// and embed); a body that is no multipart is downloaded (mixed-ns/html).
// Chromium shows the parts without running them. multipart/mixed and
// multipart/byteranges are downloaded (destinations sv-mp-mixed/...,
// byteranges/...).
func mixedReplaceParts(e string) bool { return e == "multipart/x-mixed-replace" }

// A tagIndex has, for each byte, a bit for each tag of a list whose byte
// after "<" it is (bit i for the list's tag i): the tags are in upper case,
// and looking up the header's byte after "<" in upper case gives the tags
// it can start, in the list's order. The byte rules most tags out before a
// whole compare, where trying every tag cost Chromium and Firefox about
// twice as much (docs/speed.md, "What each trick saves").
type tagIndex [256]uint32

// indexTags returns the tagIndex of tags, each at least two bytes long.
// It panics on a list of more than 32: the tag lists are constants of the
// package.
func indexTags(tags []string) (x tagIndex) {
	if len(tags) > 32 {
		panic("mimesniff: more than 32 tags")
	}
	for i, tag := range tags {
		x[tag[1]] |= 1 << i
	}
	return x
}

// upperASCII returns c in upper case if it is an ASCII lower-case letter,
// else c.
func upperASCII(c byte) byte {
	if 'a' <= c && c <= 'z' {
		return c - ('a' - 'A')
	}
	return c
}

// hasBOM reports whether h starts with a UTF-16 or UTF-8 byte order mark.
func hasBOM(h []byte) bool {
	return len(h) >= 2 && (h[0] == 0xFE && h[1] == 0xFF || h[0] == 0xFF && h[1] == 0xFE) ||
		len(h) >= 3 && h[0] == 0xEF && h[1] == 0xBB && h[2] == 0xBF
}

// hasPrefixFold reports whether b starts with the upper-case ASCII string
// prefix, comparing letters without case.
func hasPrefixFold(b []byte, prefix string) bool {
	if len(b) < len(prefix) {
		return false
	}
	for i := 0; i < len(prefix); i++ {
		if upperASCII(b[i]) != prefix[i] {
			return false
		}
	}
	return true
}

// profiles are the browser profiles a [Report] covers, in the order of the
// Browser constants.
var profiles = [...]Browser{Standard, Chromium, Firefox, WebKit}

// A BrowserSet is a set of browser profiles; the zero value is empty.
//
// Compare sets with == or with their String forms; its layout is no part
// of the API, so the package can add profiles.
type BrowserSet struct {
	bits uint64 // bit b is profile b
}

// Has reports whether b is in s.
func (s BrowserSet) Has(b Browser) bool { return b < 64 && s.bits&(1<<b) != 0 }

// IsEmpty reports whether s holds no profile.
func (s BrowserSet) IsEmpty() bool { return s.bits == 0 }

// Browsers returns s without the [Standard] profile: the real browsers in
// it.
func (s BrowserSet) Browsers() BrowserSet { return BrowserSet{s.bits &^ (1 << Standard)} }

// All returns an iterator over the profiles in s, in the order of the
// Browser constants.
func (s BrowserSet) All() iter.Seq[Browser] {
	return func(yield func(Browser) bool) {
		for _, p := range profiles {
			if s.Has(p) && !yield(p) {
				return
			}
		}
	}
}

// String returns the names of the profiles in s, separated by commas
// ("chromium,webkit"), or "none" for the empty set.
func (s BrowserSet) String() string {
	if s.IsEmpty() {
		return "none"
	}
	return strings.Join(s.names(), ",")
}

// MarshalJSON encodes s as an array of its profiles' names, [] for the
// empty set, as [Report]'s JSON form does.
func (s BrowserSet) MarshalJSON() ([]byte, error) { return json.Marshal(s.names()) }

// setOf returns the set of profiles bs.
func setOf(bs ...Browser) BrowserSet {
	var s BrowserSet
	for _, b := range bs {
		s = s.with(b)
	}
	return s
}

// with returns s with b added.
func (s BrowserSet) with(b Browser) BrowserSet { return BrowserSet{s.bits | 1<<b} }

// intersect returns the profiles in both s and t.
func (s BrowserSet) intersect(t BrowserSet) BrowserSet { return BrowserSet{s.bits & t.bits} }

// union returns the profiles in s or t.
func (s BrowserSet) union(t BrowserSet) BrowserSet { return BrowserSet{s.bits | t.bits} }

// names returns the names of the profiles in s, in the order of the Browser
// constants, and an empty slice for the empty set.
func (s BrowserSet) names() []string {
	names := []string{}
	for p := range s.All() {
		names = append(names, p.String())
	}
	return names
}

// workerTypeAllowed reports whether b runs a classic worker or shared
// worker script that Fetch has not blocked, whose type is a JavaScript MIME
// type or not (javaScript).
//
// HTML's "fetch a classic worker script" accepts only a JavaScript MIME
// type, and Firefox and WebKit follow it (destinations none/js, tp/js,
// octet/js, unknown/js, html/htmljs: blocked; js-ns/js: runs). Chromium
// runs any type: it starts a dedicated and a shared worker from a
// same-origin response with no Content-Type, text/plain,
// application/octet-stream, unknown/unknown or text/html (issue 20).
func (b Browser) workerTypeAllowed(javaScript bool) bool {
	return b == Chromium || javaScript
}

// downloadsAttachment reports whether b downloads a response of type t to d
// that Content-Disposition marks as an attachment, rather than rendering it.
//
// A navigation or a frame downloads it, as HTML says. HTML does not say what
// an object or embed element does with one, so the standard profile renders
// it there; Chromium and WebKit download it there too, and Firefox renders
// nothing (the object element fires error, the embed element nothing)
// (cases html+cd-att/html, pdf-ns+cd-att/pdfjs, destinations object and
// embed, same and cross origin), but for a PDF, which its viewer renders
// there (cases pdf-ns+cd-att/pdfjs, destinations object and embed).
func (b Browser) downloadsAttachment(d Destination, t MIMEType) bool {
	switch d {
	case DestinationDocument, DestinationFrame, DestinationIFrame:
		return true
	}
	return b != Standard && !(b == Firefox && t.Essence() == "application/pdf")
}

// dispositionAttachment returns the profiles for which the Content-Disposition
// header, with values, asks to download the response.
//
// The disposition type is the value's first token: "attachment", in any
// case, asks every profile. An unknown type asks the standard too, which
// treats it as attachment as RFC 6266 says, but not WebKit, which renders it
// (cases cd-unknown/..., html-cd-unknown/...). "inline", no type, and a
// value that starts with a parameter ask none.
// See https://www.rfc-editor.org/rfc/rfc6266#section-4.2 and
// https://html.spec.whatwg.org/multipage/browsing-the-web.html#navigate-fetch.
func dispositionAttachment(values []string) BrowserSet {
	v, ok := getHeader(values)
	if !ok {
		return BrowserSet{}
	}
	typ, _, _ := strings.Cut(v, ";")
	typ = trimTabOrSpace(typ)
	if typ == "" || strings.ContainsRune(typ, '=') || asciiEqualFold(typ, "inline") {
		return BrowserSet{}
	}
	var s BrowserSet
	for _, b := range profiles {
		if b != WebKit || asciiEqualFold(typ, "attachment") {
			s = s.with(b)
		}
	}
	return s
}

// A scriptKind is how script from a response to a destination runs.
type scriptKind uint8

const (
	scriptNone           scriptKind = iota // never: an image, a font, a manifest
	scriptNavigable                        // a document in a navigable
	scriptPlugin                           // an object or embed element's document
	scriptClassic                          // a classic or module script: any type
	scriptWorker                           // a classic worker: workerTypeAllowed
	scriptJavaScriptOnly                   // a service worker: a JavaScript type
	scriptWorklet                          // a worklet's module script: a JavaScript type
	scriptXSLT                             // an XSLT style sheet: any type
	numScriptKinds
)

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

// allProfiles is the set of every profile, which the rules use.
var allProfiles = setOf(Standard, Chromium, Firefox, WebKit)

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
	{statusResetContent, scriptClassic, setOf(WebKit), "s205+t-text-css/css, s205+t-image-png/png, s205+t-text-vtt/vtt, s205+t-audio-ogg/ogg: WebKitGTK reads a 205's body"},
	{statusResetContent, scriptWorker, setOf(WebKit), "as its classic script"},
	{statusResetContent, scriptJavaScriptOnly, setOf(WebKit), "as its classic script"},
	{statusResetContent, scriptWorklet, setOf(WebKit), "as its classic script"},
	{statusResetContent, scriptXSLT, setOf(WebKit), "as its style sheets: s205+t-text-css/css applies"},

	// A 3xx without a Location is the response itself: documents render
	// it in every engine; Chromium and WebKitGTK run it as a classic
	// script, WebKitGTK as a module script too (and so, presumably, as a
	// worklet's module); workers and service workers refuse it.
	{statusNoLocation, scriptNavigable, allProfiles, "s300+t-text-html/html, s302-noloc+t-text-html/html, s308-noloc+t-image-svg-xml/svg render and run in every engine"},
	{statusNoLocation, scriptPlugin, allProfiles, "as a frame"},
	{statusNoLocation, scriptClassic, setOf(Chromium, WebKit), "s300+t-text-javascript/js, s302-noloc+t-text-javascript/js: a classic script runs in Chromium and WebKitGTK, a module in WebKitGTK"},
	{statusNoLocation, scriptWorklet, setOf(WebKit), "as WebKitGTK's module script: s300+t-text-javascript/js"},
	{statusNoLocation, scriptXSLT, allProfiles, "unrecorded: as at 200"},

	// 4xx and 5xx: documents render, scripts never run (HTML's ok
	// status).
	{statusError, scriptNavigable, allProfiles, "s400+t-text-html/html, s500+t-image-svg-xml/svg, s503+t-text-html/html render and run in every engine"},
	{statusError, scriptPlugin, allProfiles, "as a frame"},
	{statusError, scriptXSLT, allProfiles, "unrecorded: as at 200"},

	// Below 100: Chromium renders and runs a classic script, Firefox
	// renders, WebKitGTK fails (libsoup/soup-headers.c,
	// soup_headers_parse_status_line, refuses a code below 100).
	{statusBelowRange, scriptNavigable, setOf(Standard, Chromium, Firefox), "s099+t-image-svg-xml/svg renders and runs in Chromium and Firefox; WebKitGTK shows an error page"},
	{statusBelowRange, scriptPlugin, setOf(Standard, Chromium, Firefox), "as a frame"},
	{statusBelowRange, scriptClassic, setOf(Chromium), "s099+t-text-javascript/js runs in Chromium only"},
	{statusBelowRange, scriptXSLT, setOf(Standard, Chromium, Firefox), "unrecorded: as at 200, but in WebKitGTK, which fails the response"},

	// 600 and above: as a 4xx or 5xx (RFC 9110, section 15).
	{statusAboveRange, scriptNavigable, allProfiles, "s600+t-text-html/html, s999+t-image-svg-xml/svg render and run in every engine"},
	{statusAboveRange, scriptPlugin, allProfiles, "as a frame"},
	{statusAboveRange, scriptXSLT, allProfiles, "unrecorded: as at 200"},
}

// statusScriptRuns is statusScriptRules by class and kind: the profiles in
// which script from a response of the class may still run for the kind.
var statusScriptRuns = func() (runs [numStatusClasses][numScriptKinds]BrowserSet) {
	for _, r := range statusScriptRules {
		runs[r.class][r.kind] = runs[r.class][r.kind].union(r.runs)
	}
	return runs
}()
