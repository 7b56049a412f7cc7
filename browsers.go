// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff

import (
	"bytes"
	"errors"
	"math/bits"
	"net/http"
	"slices"
	"strconv"
	"strings"
)

// A Browser is a browser profile: the rules for the type of a navigated
// document.
//
// The profile is the standard's, or a browser's own. Each profile but
// Standard is the standard's algorithm with the browser's departures from
// it, each a function below that reads like the browser's rule and names the
// recorded cases that show it. The cases are those of
// testdata/browsers/navigation: 15,015 responses (826 bodies, 507 of them
// real files made by Debian's tools, under 304 header sets) served over
// loopback with exact header bytes to headless Chromium 156, Firefox ESR 153
// and WebKitGTK 2.50 from Debian's packages (PDF viewers on, as shipped,
// and Debian's codecs), navigated to in a top-level browsing context, with
// what each did recorded; a case named "slash/image/png-rgb8.png" is header
// set "slash" over body "image/png-rgb8.png". testdata/browsers/destinations
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

// UnmarshalText sets b to the browser named by text: standard, chromium or
// firefox.
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
// in b (a type b runs script in, then one it displays). SniffAs allocates
// nothing for the header lists servers send.
func (r Resource) SniffAs(b Browser) MIMEType {
	if b == Standard || r.HeaderList == nil {
		return r.sniffAs(b)
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

// sniffRead is SniffAs for a browser b reading v, a reading of r's header
// list.
func (r *Resource) sniffRead(b Browser, v *headerValues) MIMEType {
	rr := *r
	t, _ := extractMIMEType(v[hdrContentType])
	rr.http = readHTTPWith(v, t, t.Essence())
	if rr.http.attachment.Has(b) {
		return applicationOctet
	}
	return rr.sniffAs(b)
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
func (r *Resource) sniffAs(b Browser) MIMEType {
	switch b {
	case Chromium:
		return r.sniffChromium()
	case Firefox:
		return r.sniffFirefox()
	case WebKit:
		return r.sniffWebKit()
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

// readHTTP returns how the browser profiles read header list h.
func readHTTP(h http.Header) httpReading {
	v, _ := readHeaders(h)
	t, _ := extractMIMEType(v[hdrContentType])
	return readHTTPWith(&v, t, t.Essence())
}

// readHTTPWith is readHTTP on the values v of a header list, for the type t
// already extracted from them, of essence e.
func readHTTPWith(v *headerValues, t MIMEType, e string) httpReading {
	values := v[hdrContentType]
	// A last value that is t's essence, with parameters or without, as
	// most are, is libsoup's media type as it stands: ReportFor is 150
	// instructions cheaper without reading it again for slashes and
	// spaces (BenchmarkProfiles, impl=report: image.png 4,558 against
	// 4,740).
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
func (r *Resource) fetchSupplied() (t MIMEType, essence string) {
	if !r.http.fromHTTP {
		return r.Supplied, r.Supplied.Essence()
	}
	return r.http.fetchType, r.http.fetchEssence
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
// own tables say, recorded type by type (browserDisplays).
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
		// Atom are shown as text (chromiumFeedIsText), and as themselves
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
// scripts. A browser adds the types it renders as one of those
// (xslIsXML, mixedReplaceParts). A type a profile only shows as
// text, an image or media, or downloads, runs nothing.
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

// xslIsXML reports whether the essence e is that of a type Chromium and
// WebKit render as an XML document although it is no XML MIME type:
// text/xsl.
//
// Their XML types are the standard's and text/xsl, so an upload declared
// text/xsl renders as XML and runs the script of an XHTML or SVG element in
// it, even under nosniff (destinations xsl-ns/xhtml, xsl-ns/svg,
// xsl-ns/xslt, xsl-ns/html, both browsers, by navigation, iframe, object
// and embed, from either origin). Firefox downloads it.
func xslIsXML(e string) bool { return e == "text/xsl" }

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

// chromiumWorkerAnyType is Chromium's rule for the type of a classic worker
// or shared worker script: any type runs that Fetch has not blocked.
//
// HTML's "fetch a classic worker script" accepts only a JavaScript MIME
// type; Chromium starts a dedicated and a shared worker from a same-origin
// response with no Content-Type, text/plain, application/octet-stream,
// unknown/unknown or text/html (issue 20).
func chromiumWorkerAnyType() bool { return true }

// sniffChromium is Chromium's computed type for a navigation.
//
// Chromium sniffs only a response with no type, an unknown type
// (unknown/unknown, application/unknown; "*/*" is no type to Fetch), or
// text/plain, and looks at text/xml and application/xml only for feeds;
// every other type is kept. Under nosniff it sniffs nothing, and a response
// with no type is shown as text/plain (chromiumNoSniffIsText).
func (r *Resource) sniffChromium() MIMEType {
	t, e := r.fetchSupplied()
	h := resourceHeader(r.Header)
	if e == "application/rss+xml" || e == "application/atom+xml" {
		return chromiumFeedIsText()
	}
	if s := r.http.slashType; s.IsValid() {
		return s
	}
	if r.NoSniff {
		return chromiumNoSniffIsText(t)
	}
	switch {
	case !t.IsValid() || isUnknownEssence(e):
		return chromiumUnknown(h)
	case e == "text/plain":
		return chromiumTextPlain(h, t)
	case e == "text/xml" || e == "application/xml":
		return chromiumFeed(h, t)
	}
	return t
}

// chromiumFeedIsText is Chromium's rule for a declared RSS or Atom feed: it
// shows it as text/plain, under nosniff too, so its markup never runs (cases
// t-application-rss-xml/xml/rss20.rss, t-application-atom-xml-ns/xml/atom.atom),
// where a feed it finds in text/xml keeps its feed type (chromiumFeed).
func chromiumFeedIsText() MIMEType { return textPlain }

// chromiumNoSniffIsText is Chromium's rule under nosniff.
//
// The supplied type is final, and a response without one is text/plain,
// even for binary bytes, where the standard sniffs it without the
// scriptable types (cases ns/binary.bin, ns/image.png, ns/audio-id3.mp3).
func chromiumNoSniffIsText(t MIMEType) MIMEType {
	if !t.IsValid() {
		return textPlain
	}
	return t
}

// chromiumUnknown is Chromium's sniffing of a response with no type.
//
// It looks for HTML tags (chromiumHTML), then magic numbers
// (chromiumMagic), then XML, then text or binary (chromiumBinary).
func chromiumUnknown(h []byte) MIMEType {
	if chromiumHTML(h) {
		return textHTML
	}
	if t, ok := chromiumMagic(h); ok {
		return t
	}
	if chromiumXML(h) {
		return textXML
	}
	if chromiumBinary(h) {
		return applicationOctet
	}
	return textPlain
}

// chromiumTextPlain is Chromium's sniffing of text/plain.
//
// Text stays text/plain (the Apache-bug values and every other text/plain
// alike). Binary bytes are a download unless a magic number names an image,
// MP3 with ID3 or WebM, which it becomes (cases tp-apache/image.png,
// tp-utf8lower/binary.bin, tp-apache/video.webm); a binary PDF or
// PostScript, a type Chromium never upgrades text/plain to, stays text/plain
// (cases tp-apache/pdf/gs-14.pdf, tp-apache/pdf/cairo.pdf).
func chromiumTextPlain(h []byte, t MIMEType) MIMEType {
	if !chromiumBinary(h) {
		return t
	}
	m, ok := chromiumMagic(h)
	switch {
	case m == applicationPDF || m == applicationPS:
		return t
	case ok:
		return m
	}
	return applicationOctet
}

// chromiumHTMLTags are the prefixes Chromium takes for HTML, compared
// without case.
//
// They are the standard's tags without its terminating byte, so "<HTML" at
// the end of the input, "<body/onload=...>" and "<bx" are HTML (cases
// none/edge/tag-html-eof, tag-body-onload, tag-b-x).
var chromiumHTMLTags = []string{
	"<!DOCTYPE HTML", "<SCRIPT", "<HTML", "<!--", "<HEAD", "<IFRAME", "<H1", "<DIV",
	"<FONT", "<TABLE", "<A", "<STYLE", "<TITLE", "<B", "<BODY", "<BR", "<P",
}

// chromiumTagIndex indexes chromiumHTMLTags by the byte after "<".
var chromiumTagIndex = indexTags(chromiumHTMLTags)

// A tagIndex has, for each byte, a bit for each tag of a list whose byte
// after "<" it is (bit i for the list's tag i): the tags are in upper case,
// and looking up the header's byte after "<" in upper case gives the tags
// it can start, in the list's order. The byte rules most tags out before a
// whole compare (BenchmarkProfiles: doc.xml 305 instructions against 599
// in Chromium, where every tag was tried, fragment.html 389 against 906 in
// Firefox).
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

// chromiumHTMLBytes is how far Chromium looks for an HTML tag.
//
// The tag must lie wholly within the first 512 bytes (cases
// none/edge/ws507-html, ws508-html; the standard reads 1445).
const chromiumHTMLBytes = 512

// chromiumHTML reports whether h starts with one of chromiumHTMLTags.
//
// The tag may follow ASCII whitespace (0x0B included: case
// none/edge/ws-vt-html) and must lie within the first chromiumHTMLBytes
// bytes of h.
func chromiumHTML(h []byte) bool {
	h = h[:min(len(h), chromiumHTMLBytes)]
	i := 0
	for i < len(h) && (isWhitespaceByte(h[i]) || h[i] == 0x0B) {
		i++
	}
	if i+1 >= len(h) || h[i] != '<' {
		return false // every tag starts with "<" and has a byte after it
	}
	for m := chromiumTagIndex[upperASCII(h[i+1])]; m != 0; m &= m - 1 {
		if hasPrefixFold(h[i:], chromiumHTMLTags[bits.TrailingZeros32(m)]) {
			return true
		}
	}
	return false
}

// upperASCII returns c in upper case if it is an ASCII lower-case letter,
// else c.
func upperASCII(c byte) byte {
	if 'a' <= c && c <= 'z' {
		return c - ('a' - 'A')
	}
	return c
}

// chromiumXML reports whether h starts with "<?xml" after whitespace.
//
// It is Chromium's XML check for a response with no type. Unlike the
// standard, both browsers compare it with case (case none/edge/xml-upper:
// "<?XML" is text/plain).
func chromiumXML(h []byte) bool {
	h = h[:min(len(h), chromiumHTMLBytes)]
	i := 0
	for i < len(h) && (isWhitespaceByte(h[i]) || h[i] == 0x0B) {
		i++
	}
	return bytes.HasPrefix(h[i:], []byte("<?xml"))
}

// chromiumMagic is Chromium's magic-number table for navigations.
//
// It holds the standard's images but the icon, PDF, PostScript, MP3 with an
// ID3 tag, and any EBML file as video/webm (Matroska too: case
// none/video.mkv); no other audio or video (cases none/audio.ogg,
// none/video.mp4, none/audio-raw.mp3 are downloads) and no icons
// (none/icon.ico).
func chromiumMagic(h []byte) (MIMEType, bool) {
	return chromiumMagicTable.match(h)
}

// chromiumMagicRows are the rows of Chromium's magic-number table for
// navigations besides the standard's images (net/base/mime_sniffer.cc,
// kMagicNumbers).
var chromiumMagicRows = []sigRow{
	{"25 50 44 46 2D", "FF FF FF FF FF", noBytes, applicationPDF},                                    // "%PDF-"
	{"25 21 50 53 2D 41 64 6F 62 65 2D", "FF FF FF FF FF FF FF FF FF FF FF", noBytes, applicationPS}, // "%!PS-Adobe-"
	{"49 44 33", "FF FF FF", noBytes, audioMPEG},                                                     // "ID3"
	{"1A 45 DF A3", "FF FF FF FF", noBytes, videoWebM},                                               // EBML
}

// chromiumMagicTable is chromiumMagic's table compiled as one: the standard's
// image rows but the icon and cursor, then chromiumMagicRows. No other row
// matches an icon's or a cursor's first bytes, so leaving them out gives
// what falling through them to the rows after does, and matching one table
// instead of the image table and then each row makes Chromium's sniffing
// of a resource of unknown type that is no image a sixth to a quarter
// cheaper (BenchmarkProfiles, impl=chromium: binary.bin 382 instructions
// against 508, text.txt 654 against 775).
var chromiumMagicTable = compileTable(withoutType(imageRows, imageXIcon), chromiumMagicRows)

// withoutType returns the rows of table whose type is not t.
func withoutType(table []sigRow, t MIMEType) []sigRow {
	var rows []sigRow
	for _, r := range table {
		if r.mimeType != t {
			rows = append(rows, r)
		}
	}
	return rows
}

// chromiumBinaryBytes is how far Chromium looks for binary bytes.
//
// It looks in the first 1024 (cases none/edge/bin00-at1023, bin00-at1024;
// the standard reads 1445).
const chromiumBinaryBytes = 1024

// chromiumBinary reports whether h looks binary to Chromium.
//
// It does when h has no BOM and a binary data byte, as the standard counts
// them, in the first chromiumBinaryBytes bytes: 0x0B (VT) is one (case
// none/edge/byte-0b), 0x1B (ESC) is not (none/edge/byte-1b).
func chromiumBinary(h []byte) bool {
	return !hasBOM(h) && hasBinaryData(h[:min(len(h), chromiumBinaryBytes)])
}

// hasBOM reports whether h starts with a UTF-16 or UTF-8 byte order mark.
func hasBOM(h []byte) bool {
	return len(h) >= 2 && (h[0] == 0xFE && h[1] == 0xFF || h[0] == 0xFF && h[1] == 0xFE) ||
		len(h) >= 3 && h[0] == 0xEF && h[1] == 0xBB && h[2] == 0xBF
}

// chromiumFeed is Chromium's look at text/xml and application/xml: the
// first tag within chromiumFeedBytes may name a feed.
//
// Of the first chromiumFeedTags tag-looking '<', those of an XML
// declaration or processing instruction ("<?xml", so a style sheet's too)
// and of a DOCTYPE ("<!DOCTYPE"), in any case, are skipped; the next is the
// first tag. "<rss" makes application/rss+xml and "<feed"
// application/atom+xml, in any case (cases xml/xml/rss20.rss,
// xml/xml/rss20-stylesheet.rss, xml/xml/rss091.rss with a DOCTYPE,
// xml/xml/atom-nodecl.atom); any other first tag keeps the type: RDF
// (xml/xml/rdf-rss10.rdf) and a comment before the root
// (xml/xml/rss20-comment.rss is text/xml), where the standard's feed rules
// skip comments. See Chromium's net/base/mime_sniffer.cc, SniffXML.
func chromiumFeed(h []byte, t MIMEType) MIMEType {
	h = h[:min(len(h), chromiumFeedBytes)]
	pos := 0
	for range chromiumFeedTags {
		i := bytes.IndexByte(h[pos:], '<')
		if i < 0 {
			break
		}
		tag := h[pos+i:]
		switch {
		case hasPrefixFold(tag, "<?XML"), hasPrefixFold(tag, "<!DOCTYPE"):
			pos += i + 1
			continue
		case hasPrefixFold(tag, "<RSS"):
			return applicationRSS
		case hasPrefixFold(tag, "<FEED"):
			return applicationAtom
		}
		break
	}
	return t
}

// Chromium's limits on its look for a feed (chromiumFeed).
const (
	chromiumFeedBytes = 300
	chromiumFeedTags  = 5
)

// sniffFirefox is Firefox's computed type for a navigation.
//
// Firefox's media sniffer runs on every response but one declared
// application/octet-stream (cases octet/audio-id3.mp3, octet/video.mp4 are
// downloads), whatever its type, and wins when the bytes are audio or video
// (firefoxMedia). Then it keeps
// every supplied type but the Apache-bug ones (checked only for a single
// Content-Type header) and unknown/unknown and application/unknown, which
// it downloads (firefoxUnknownIsDownload); a response with no type is
// sniffed by its unknown decoder (firefoxUnknown), which under nosniff only
// tells text from binary.
func (r *Resource) sniffFirefox() MIMEType {
	t, e := r.fetchSupplied() // e is "" for no type
	h := resourceHeader(r.Header)
	if !(r.NoSniff && t.IsValid()) && t != applicationOctet {
		if m, ok := firefoxMedia(h); ok {
			return m
		}
	}
	switch {
	case r.http.slashType.IsValid():
		return r.http.slashType
	case e == "" || e == "*/*":
		if r.NoSniff {
			return firefoxTextOrBinary(h)
		}
		return firefoxUnknown(h)
	case e == "unknown/unknown" || e == "application/unknown":
		return firefoxUnknownIsDownload()
	case r.CheckForApacheBug && r.http.contentTypes <= 1 && !r.NoSniff:
		return firefoxTextOrBinary(h)
	}
	return t
}

// firefoxUnknownIsDownload is Firefox's rule for unknown/unknown and
// application/unknown.
//
// Firefox does not sniff them but downloads them (cases
// unknown-unknown/page.html, app-unknown/page.html), where the standard
// sniffs them as no type at all.
func firefoxUnknownIsDownload() MIMEType { return applicationOctet }

// firefoxMedia is Firefox's media sniffer.
//
// In its order, within 512 bytes (1445 for MP3): Ogg, WAVE, an ID3 tag and
// FLAC's "fLaC" by their magic (firefoxMediaMagic); the MP4 family by the
// brands of its ftyp box (firefoxFtyp), AVIF included; WebM and Matroska by
// the EBML DocType; MP3 frames (cases html/audio-id3.mp3, pdf/video.mp4,
// none/audio-raw.mp3, none/video.mkv, none/audio/flac.flac,
// none/image/avif-still.avif); and AAC in ADTS frames (firefoxADTS).
// See Firefox's toolkit/components/mediasniffer/nsMediaSniffer.cpp.
//
// Each pattern needs its own first bytes: the magic's, "ftyp" at byte 4,
// EBML's 0x1A, or the 0xFF of an MP3 or ADTS frame. Trying a pattern only
// where they are spares the others, as Firefox runs the media sniffer on
// most responses (BenchmarkProfiles, impl=firefox: image.jpg 385
// instructions against 654, image.webp 536 against 687).
func firefoxMedia(h []byte) (MIMEType, bool) {
	if len(h) == 0 {
		return MIMEType{}, false
	}
	short := h[:min(len(h), firefoxHTMLBytes)]
	if firefoxMagicStarts[h[0]] {
		for i := range firefoxMediaMagic {
			if m := &firefoxMediaMagic[i]; m.magic[0] == h[0] && hasPrefixAt(short, 0, m.magic) && (m.at == "" || hasPrefixAt(short, 8, m.at)) {
				return m.typ, true
			}
		}
	}
	if hasPrefixAt(short, 4, "ftyp") {
		if t, ok := firefoxFtyp(short); ok {
			return t, true
		}
	}
	switch h[0] {
	case 0x1A:
		switch {
		case MatchesWebMSignature(short):
			return videoWebM, true
		case hasPrefixAt(short, 0, "\x1A\x45\xDF\xA3") && hasMatroskaDocType(short):
			return videoMatroska, true
		}
	case 0xFF:
		switch {
		case MatchesMP3WithoutID3Signature(h):
			return audioMPEG, true
		case firefoxADTS(short):
			return audioAAC, true
		}
	}
	return MIMEType{}, false
}

// firefoxMagicStarts is true for the first byte of each row of
// firefoxMediaMagic: one lookup rules out most headers, where trying each
// row's first byte costs a fifth of the sniff (BenchmarkProfiles,
// impl=firefox: image.png 297 instructions against 393, image.jpg 358
// against 451).
var firefoxMagicStarts = func() (starts [256]bool) {
	for _, m := range firefoxMediaMagic {
		starts[m.magic[0]] = true
	}
	return starts
}()

// Types only the Firefox profile computes.
var (
	audioFLAC      = MIMEType{"audio/flac"}
	audioAAC       = MIMEType{"audio/aac"}
	audioMP4       = MIMEType{"audio/mp4"}
	videoQuickTime = MIMEType{"video/quicktime"}
	imageAVIF      = MIMEType{"image/avif"}
)

// firefoxMediaMagic are the media sniffer's patterns, in its order: magic at
// the start, and at byte 8 where at is set.
var firefoxMediaMagic = []struct {
	magic, at string
	typ       MIMEType
}{
	{"OggS\x00", "", applicationOgg},
	{"RIFF", "WAVE", audioWave},
	{"ID3", "", audioMPEG},
	{"fLaC", "", audioFLAC},
}

// firefoxBrands are the ftyp brands Firefox's media sniffer knows, in its
// order, each a prefix of the four-byte brand.
//
// 3gp4 is MP4 (case none/video/3gp.3gp) where other 3GP brands are 3GPP
// (none/files/video-3gp.3gp: a download); M4A is audio/mp4, qt QuickTime,
// and avif, which Firefox 153 adds, image/avif (none/image/avif-still.avif).
var firefoxBrands = []struct {
	brand string
	typ   MIMEType
}{
	{"mp4", videoMP4},
	{"avc", videoMP4},
	{"3gp4", videoMP4},
	{"3gp", video3GPP},
	{"M4V ", videoMP4},
	{"M4A ", audioMP4},
	{"M4P ", audioMP4},
	{"qt  ", videoQuickTime},
	{"iso", videoMP4},
	{"mmp4", videoMP4},
	{"avif", imageAVIF},
}

// firefoxFtyp is the media sniffer's check of the MP4 family.
//
// h must be longer than 12 bytes and hold the first box whole; the box size
// must be a multiple of 4 and its type "ftyp". The major brand, then every
// compatible brand after the minor version, is looked up in firefoxBrands:
// the first that matches gives the type.
func firefoxFtyp(h []byte) (MIMEType, bool) {
	if len(h) <= 12 {
		return MIMEType{}, false
	}
	size := int(h[0])<<24 | int(h[1])<<16 | int(h[2])<<8 | int(h[3])
	if size%4 != 0 || len(h) < size || !hasPrefixAt(h, 4, "ftyp") {
		return MIMEType{}, false
	}
	brand := func(at int) (MIMEType, bool) {
		for _, b := range firefoxBrands {
			if hasPrefixAt(h, at, b.brand) {
				return b.typ, true
			}
		}
		return MIMEType{}, false
	}
	if t, ok := brand(8); ok {
		return t, true
	}
	for at := 16; at < size; at += 4 {
		if t, ok := brand(at); ok {
			return t, true
		}
	}
	return MIMEType{}, false
}

// firefoxADTS reports whether h starts with an AAC frame in ADTS whose end
// is followed by another frame's sync word, as Firefox's ADTS sniffer checks
// (case none/audio/aac-adts.aac).
func firefoxADTS(h []byte) bool {
	isSync := func(b []byte) bool { return len(b) >= 2 && b[0] == 0xFF && b[1]&0xF6 == 0xF0 }
	if len(h) < 7 || !isSync(h) {
		return false
	}
	n := int(h[3]&0x03)<<11 | int(h[4])<<3 | int(h[5])>>5
	return n >= 7 && n < len(h) && isSync(h[n:])
}

// hasMatroskaDocType reports whether the EBML header of h names the
// matroska DocType within its first bytes.
func hasMatroskaDocType(h []byte) bool {
	h = h[:min(len(h), 64)]
	for i := 0; i+8 <= len(h); i++ {
		if string(h[i:i+8]) == "matroska" {
			return true
		}
	}
	return false
}

// firefoxHTMLBytes is how far Firefox's unknown decoder reads.
//
// It reads the first 512 bytes; an HTML tag with its terminating byte must
// lie within them (cases none/edge/ws506-html, ws507-html), and only they
// are looked at for binary bytes (none/edge/bin00-at511, bin00-at512).
const firefoxHTMLBytes = 512

// firefoxUnknown is Firefox's unknown decoder, for a response with no type.
//
// It runs Firefox's HTML and XML check (firefoxHTML) in place of the
// standard's scriptable table (so no whitespace but space, tab, CR and LF
// is skipped: cases none/edge/ws-ff-html, ws-mix-html), then PDF, then the
// standard's other rules for an unknown type, all in the first 512 bytes,
// but for audio and video, which are the media sniffer's alone (case
// none/edge/mp4-ftyp-short).
func firefoxUnknown(h []byte) MIMEType {
	h = h[:min(len(h), firefoxHTMLBytes)]
	if t, ok := firefoxHTML(h); ok {
		return t
	}
	// PDF, then the standard's patterns without audio and video
	// (firefoxPatterns) and without its text-or-binary step, which
	// Firefox's replaces (BenchmarkProfiles, impl=firefox: looking for
	// binary bytes once: 650 instructions a file against 758, the mean
	// over testdata/files).
	t, ok := firefoxPatterns.match(h)
	if !ok || t == textPlain {
		return firefoxTextOrBinary(h)
	}
	return t
}

// firefoxPatterns are the unknown decoder's check for PDF and the standard's
// patterns for a resource of unknown type that it keeps: the table after
// the scriptable one, then the image and archive tables, compiled as one.
//
// The audio and video rows and signatures between them are left out: what
// they match is text or binary to the decoder, as no archive pattern
// matches it (their first bytes differ; FuzzProfilesAgainstSlow checks it),
// and so is a byte order mark, which gives text/plain. Matching one table
// instead of the standard's, then the signatures, then the archive table
// makes Firefox's sniffing of a resource of unknown type that is no HTML a
// third cheaper (BenchmarkProfiles, impl=firefox: binary.bin 374
// instructions against 514, image.png 315 against 511).
var firefoxPatterns = compileTable(firefoxPDFRows, unknownRows, imageRows, archiveRows)

// firefoxPDFRows is the unknown decoder's check for PDF, which it makes
// after HTML and before the standard's patterns.
var firefoxPDFRows = []sigRow{
	{"25 50 44 46 2D", "FF FF FF FF FF", noBytes, applicationPDF}, // "%PDF-"
}

// firefoxHTML is Firefox's check for HTML and XML.
//
// It looks, after spaces, tabs, CR and LF only (not 0x0C or 0x0B: cases
// none/edge/ws-ff-html, ws-vt-html), for one of the standard's tags
// followed by a space or ">" (not a tab or a newline:
// none/edge/tag-html-tab, tag-html-nl), or "<!--" followed by anything
// (none/edge/tag-comment-x), or "<?xml" with case (none/edge/xml-upper).
func firefoxHTML(h []byte) (MIMEType, bool) {
	i := 0
	for i < len(h) && (h[i] == ' ' || h[i] == '\t' || h[i] == '\n' || h[i] == '\r') {
		i++
	}
	h = h[i:]
	if len(h) == 0 || h[0] != '<' {
		return MIMEType{}, false // every pattern starts with "<"
	}
	if hasPrefixFold(h, "<!--") {
		return textHTML, true
	}
	if bytes.HasPrefix(h, []byte("<?xml")) {
		return textXML, true
	}
	if len(h) < 2 {
		return MIMEType{}, false // every tag has a byte after "<"
	}
	for m := chromiumTagIndex[upperASCII(h[1])]; m != 0; m &= m - 1 {
		tag := chromiumHTMLTags[bits.TrailingZeros32(m)]
		if tag != "<!--" && len(h) > len(tag) && hasPrefixFold(h, tag) && (h[len(tag)] == ' ' || h[len(tag)] == '>') {
			return textHTML, true
		}
	}
	return MIMEType{}, false
}

// firefoxTextOrBinary is Firefox's text-or-binary check.
//
// Binary bytes are looked for only in the first 512 bytes, and 0x0B (VT) is
// not one, where the standard counts it (cases none/edge/bin00-at512,
// byte-0b).
func firefoxTextOrBinary(h []byte) MIMEType {
	if hasBOM(h) || !hasControlIn(h[:min(len(h), firefoxHTMLBytes)], firefoxBinaryControls) {
		return textPlain
	}
	return applicationOctet
}

// firefoxBinaryControls are the bytes Firefox's text-or-binary check takes
// for binary: the standard's binary data bytes but 0x0B.
const firefoxBinaryControls = binaryControls &^ (1 << 0x0B)

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

// WebKit's profile is WebKitGTK's: its network process loads through libsoup
// 3 and takes the type libsoup's content sniffer computes, an implementation
// of the standard as of June 2013 (GNOME/libsoup,
// libsoup/content-sniffer/soup-content-sniffer.c), before WebCore decides to
// render or download. Safari loads through Apple's CFNetwork instead, whose
// sniffer is not public: the rules below are WebKitGTK's, not Safari's.

// webkitWindow is how far WebKitGTK's sniffer reads: every rule looks at the
// first 512 bytes only.
const webkitWindow = 512

// sniffWebKit is WebKitGTK's computed type for a navigation.
//
// It is libsoup's algorithm: an unknown type is sniffed (webkitUnknown);
// under nosniff the type is kept; every text/plain, whatever its
// parameters, is told text or binary (webkitTextPlain); XML types are
// kept; text/html runs the feed-or-HTML rule the standard removed in 2024
// (webkitFeedOrHTML); image, audio and video types are matched among their
// signatures.
func (r *Resource) sniffWebKit() MIMEType {
	t, e := r.webkitSupplied()
	h := r.Header[:min(len(r.Header), webkitWindow)]
	switch {
	case e == "" || asciiEqualFold(e, "unknown/unknown") || asciiEqualFold(e, "application/unknown") || e == "*/*":
		return webkitUnknown(h, !r.webkitNoSniff())
	case r.webkitNoSniff():
		return t
	case e == "text/plain":
		return webkitTextPlain(h)
	case strings.HasSuffix(e, "+xml") || asciiEqualFold(e, "text/xml") || asciiEqualFold(e, "application/xml"):
		return t
	case asciiEqualFold(e, "text/html"):
		return webkitFeedOrHTML(h)
	case hasPrefixFold([]byte(e), "IMAGE/"):
		if m, ok := MatchImageTypePattern(h); ok {
			return m
		}
	case hasPrefixFold([]byte(e), "AUDIO/") || hasPrefixFold([]byte(e), "VIDEO/") || asciiEqualFold(e, "application/ogg"):
		if m, ok := webkitAudioVideo(h); ok {
			return m
		}
	}
	return t
}

// webkitSupplied returns the supplied type as WebKitGTK reads the
// Content-Type headers, and the media type libsoup compares, as sent.
//
// libsoup takes the last Content-Type value, cuts it at its first ";" and
// keeps it when it holds one "/" and no space, so "text/plain, text/html"
// is no type at all. Its comparisons are on the media type as sent: "*/*",
// "text/plain" and a "+xml" suffix with case, the rest without. A resource
// not built from HTTP has one supplied type.
func (r *Resource) webkitSupplied() (MIMEType, string) {
	if !r.http.fromHTTP {
		return r.Supplied, r.Supplied.Essence()
	}
	return r.http.webkitDoc, r.http.webkitType
}

// webkitNoSniff reports whether WebKitGTK reads the response's
// X-Content-Type-Options as nosniff: only when its last value, without the
// spaces around it, is exactly "nosniff", so "NOSNIFF" and "nosniff, foo"
// sniff (cases ns-upper/..., ns-list-foo/...).
func (r *Resource) webkitNoSniff() bool {
	if !r.http.fromHTTP {
		return r.NoSniff
	}
	return r.http.webkitNoSniff
}

// webkitDocType returns the type WebCore gives a document whose media type
// libsoup read as v: v up to its first comma, without spaces or tabs, so
// "text/html," is text/html. It is the zero MIMEType for no type, and for
// one no MIMEType holds, such as "text/".
func webkitDocType(v string) MIMEType {
	if i := strings.IndexByte(v, ','); i >= 0 {
		v = v[:i]
	}
	t, f := parse(trimTabOrSpace(v), true)
	if f.kind != noFailure {
		return MIMEType{}
	}
	return t
}

// hasEssence reports whether the Content-Type value v is the essence e,
// followed by nothing or by parameters.
func hasEssence(v, e string) bool {
	return strings.HasPrefix(v, e) && (len(v) == len(e) || v[len(e)] == ';')
}

// webkitMediaType returns the media type libsoup reads from the
// Content-Type values, or "" when it reads none (webkitSupplied).
func webkitMediaType(values []string) string {
	if len(values) == 0 {
		return ""
	}
	v, _, _ := strings.Cut(values[len(values)-1], ";")
	v = trimTabOrSpace(v)
	// One slash, and no space.
	slash := strings.IndexByte(v, '/')
	if slash < 0 || strings.IndexByte(v[slash+1:], '/') >= 0 || strings.IndexByte(v, ' ') >= 0 {
		return ""
	}
	return v
}

// A webkitRow is a row of libsoup's table for a resource of unknown type.
type webkitRow struct {
	// pattern is matched byte by byte, letters without case where fold
	// is set. With ws set, whitespace bytes may come first, and a space
	// in the pattern stands for any whitespace, none included.
	pattern string
	ws      bool
	fold    bool
	tt      bool // a tag-terminating byte must follow
	typ     MIMEType
}

// webkitScriptableRows and webkitOtherRows are libsoup's table for a
// resource of unknown type, in its order: the first only when sniffing
// scriptable types.
//
// The space in " DOCTYPE HTML" matches no whitespace too, so
// "<!DOCTYPEhtml>" and "<!DOCTYPE\thtml>" are HTML; "<?xml" is compared with
// case; the BOM rows need four bytes.
var (
	webkitScriptableRows = []webkitRow{
		{"<!DOCTYPE HTML", true, true, true, textHTML},
		{"<HTML", true, true, true, textHTML},
		{"<HEAD", true, true, true, textHTML},
		{"<SCRIPT", true, true, true, textHTML},
		{"<IFRAME", true, true, true, textHTML},
		{"<H1", true, true, true, textHTML},
		{"<DIV", true, true, true, textHTML},
		{"<FONT", true, true, true, textHTML},
		{"<TABLE", true, true, true, textHTML},
		{"<A", true, true, true, textHTML},
		{"<STYLE", true, true, true, textHTML},
		{"<TITLE", true, true, true, textHTML},
		{"<B", true, true, true, textHTML},
		{"<BODY", true, true, true, textHTML},
		{"<BR", true, true, true, textHTML},
		{"<P", true, true, true, textHTML},
		{"<!--", true, false, true, textHTML}, // a tag-terminating byte too
		{"<?xml", true, false, false, textXML},
		{"%PDF-", false, false, false, applicationPDF},
	}
	webkitOtherRows = []webkitRow{
		{"%!PS-Adobe-", false, false, false, applicationPS},
		{"\xFE\xFF??", false, false, false, textPlain},
		{"\xFF\xFE??", false, false, false, textPlain},
		{"\xEF\xBB\xBF?", false, false, false, textPlain},
	}
)

// webkitTagRows is how many rows of webkitScriptableRows, from the first,
// have ws; each starts with "<", and no row after them has ws
// (TestWebKitRows). Without a "<" after the whitespace, sniffing skips them
// all at once (BenchmarkProfiles, impl=webkit: with this and the tests of
// the first bytes in webkitUnknown, 564 instructions a file against 1,112,
// the mean over testdata/files).
var webkitTagRows = func() int {
	n := 0
	for n < len(webkitScriptableRows) && webkitScriptableRows[n].ws {
		n++
	}
	return n
}()

// webkitTagIndex indexes the patterns of the tag rows of
// webkitScriptableRows by the byte after "<".
var webkitTagIndex = func() tagIndex {
	var patterns []string
	for _, row := range webkitScriptableRows[:webkitTagRows] {
		patterns = append(patterns, row.pattern)
	}
	return indexTags(patterns)
}()

// webkitRowStarts is true for each byte that a row without ws starts with
// (no row starts with "?", TestWebKitRows). After the tag rows, a header
// whose first byte is none of them matches no row, and skips them at once
// (BenchmarkProfiles, impl=webkit: image.png 245 instructions against 402,
// audio.ogg 277 against 422).
var webkitRowStarts = func() (starts [256]bool) {
	for _, rows := range [][]webkitRow{webkitScriptableRows[webkitTagRows:], webkitOtherRows} {
		for _, row := range rows {
			starts[row.pattern[0]] = true
		}
	}
	return starts
}()

// match reports whether h matches the row, as libsoup matches it, where
// start is where the whitespace that a row with ws skips ends
// (webkitSpaceEnd).
//
// A "?" in a row without ws stands for any byte. A row with ws must match
// before the last byte of h, which it never reads ("<?xml" alone is not XML),
// and a tag must be followed by a tag-terminating byte.
func (row *webkitRow) match(h []byte, start int) bool {
	p := row.pattern
	if !row.ws {
		if len(h) < len(p) {
			return false
		}
		for i := 0; i < len(p); i++ {
			if p[i] != '?' && h[i] != p[i] {
				return false
			}
		}
		return true
	}
	end := len(h) - 1 // the last byte is never part of the pattern
	i := start
	for j := 0; j < len(p); j++ {
		if p[j] == ' ' {
			for i < end && isWhitespaceByte(h[i]) {
				i++
			}
			continue
		}
		if i >= end {
			return false
		}
		c := h[i]
		if row.fold {
			c = upperASCII(c)
		}
		if c != p[j] {
			return false
		}
		i++
	}
	return !row.tt || isTagTerminatingByte(h[i])
}

// webkitSpaceEnd returns where the whitespace at the start of h ends for
// libsoup, which never reads the last byte: its whitespace is the
// standard's whitespace bytes.
func webkitSpaceEnd(h []byte) int {
	i := 0
	for i < len(h)-1 && isWhitespaceByte(h[i]) {
		i++
	}
	return i
}

// webkitUnknown is libsoup's sniffing of a resource of unknown type.
//
// It is the standard's algorithm of 2013 over 512 bytes: its table
// (webkitScriptableRows when scriptable, then webkitOtherRows), the image
// signatures, WebKit's audio and video signatures (webkitAudioVideo), then
// text or binary (isWebKitBinary).
func webkitUnknown(h []byte, scriptable bool) MIMEType {
	if start := webkitSpaceEnd(h); scriptable && start < len(h)-1 && h[start] == '<' {
		// A tag row has no whitespace and no lower-case letter second
		// (TestWebKitRows): that byte rules most out (tagIndex).
		for m := webkitTagIndex[upperASCII(h[start+1])]; m != 0; m &= m - 1 {
			if row := &webkitScriptableRows[bits.TrailingZeros32(m)]; row.match(h, start) {
				return row.typ
			}
		}
	}
	if len(h) > 0 && webkitRowStarts[h[0]] {
		if scriptable {
			rows := webkitScriptableRows[webkitTagRows:]
			for i := range rows {
				if row := &rows[i]; row.match(h, 0) {
					return row.typ
				}
			}
		}
		for i := range webkitOtherRows {
			if row := &webkitOtherRows[i]; row.match(h, 0) {
				return row.typ
			}
		}
	}
	if t, ok := MatchImageTypePattern(h); ok {
		return t
	}
	if t, ok := webkitAudioVideo(h); ok {
		return t
	}
	if webkitBinary(h) {
		return applicationOctet
	}
	return textPlain
}

// audioBasic is the type libsoup gives a Sun audio file (".snd"), which the
// standard no longer sniffs.
var audioBasic = MIMEType{"audio/basic"}

// webkitAudioVideo is libsoup's audio and video table, then its MP4 check.
//
// Any EBML file is video/webm (Matroska too), Ogg is application/ogg, ".snd"
// is audio/basic, and an MP3 needs an ID3 tag (no frame sync is looked for).
// An MP4 needs a box whose major brand and one compatible brand from its
// fifth word on start with "mp4" (webkitMP4), so isom and 3GP files are not
// MP4 to WebKit. AVI is never matched (webkitNoAVI).
func webkitAudioVideo(h []byte) (MIMEType, bool) {
	switch {
	case hasPrefixAt(h, 0, "\x1A\x45\xDF\xA3"):
		return videoWebM, true
	case hasPrefixAt(h, 0, ".snd"):
		return audioBasic, true
	case hasPrefixAt(h, 0, "FORM") && hasPrefixAt(h, 8, "AIFF"):
		return audioAIFF, true
	case hasPrefixAt(h, 0, "ID3"):
		return audioMPEG, true
	case hasPrefixAt(h, 0, "OggS\x00"):
		return applicationOgg, true
	case hasPrefixAt(h, 0, "MThd\x00\x00\x00\x06"):
		return audioMIDI, true
	case hasPrefixAt(h, 0, "RIFF") && hasPrefixAt(h, 8, "AVI ") && !webkitNoAVI():
		return videoAVI, true
	case hasPrefixAt(h, 0, "RIFF") && hasPrefixAt(h, 8, "WAVE"):
		return audioWave, true
	case webkitMP4(h):
		return videoMP4, true
	}
	return MIMEType{}, false
}

// webkitNoAVI is why libsoup's AVI row never matches: its pattern is the C
// string "RIFF\x00\x00\x00\x00AVI ", in which "\x00A" is one hex escape,
// the byte 0x0A, so the row wants a newline at byte 8 of an AVI file.
//
// An AVI served as audio/mpeg or video/mp4 keeps the declared type (cases
// audio-mpeg/video.avi, video-mp4/video.avi), where the WAVE row of the same
// table, written alike but for "\x00W", turns a WAVE file into audio/wave
// (audio-mpeg/audio.wav: a download).
func webkitNoAVI() bool { return true }

// webkitMP4 is libsoup's MP4 check.
//
// The first box's size, big-endian, must be a multiple of 4 and within h
// (of at least 12 bytes), its type "ftyp", its major brand start with
// "mp4", and one of the words from byte 16 to the box's end start with
// "mp4".
func webkitMP4(h []byte) bool {
	if len(h) < 12 {
		return false
	}
	size := int(h[0])<<24 | int(h[1])<<16 | int(h[2])<<8 | int(h[3])
	if len(h) < size || size%4 != 0 || !hasPrefixAt(h, 4, "ftyp") || !hasPrefixAt(h, 8, "mp4") {
		return false
	}
	for i := 16; i < size && i < len(h); i += 4 {
		if hasPrefixAt(h, i, "mp4") {
			return true
		}
	}
	return false
}

// webkitBinary reports whether h has a byte libsoup takes for binary: a
// binary data byte, as the standard counts them.
func webkitBinary(h []byte) bool { return hasBinaryData(h) }

// webkitTextPlain is libsoup's text-or-binary rule, which WebKitGTK runs for
// every text/plain, not only the Apache values.
//
// A BOM is text. Otherwise, a binary byte in the first 512 bytes sends the
// resource to the rules for an unknown type with the scriptable types
// included (libsoup's "TODO: sniff-scriptable needs to be unset"), so
// "<html>" then a NUL, served as text/plain, is HTML.
func webkitTextPlain(h []byte) MIMEType {
	if hasBOM(h) || !webkitBinary(h) {
		return textPlain
	}
	return webkitUnknown(h, true)
}

// webkitFeedOrHTML is libsoup's feed-or-HTML rule, which WebKitGTK runs for
// every text/html although the standard removed it in 2024.
//
// Within 512 bytes, after a UTF-8 BOM, whitespace, comments, "<!...>" and
// "<?...?>" declarations, a root element rss is application/rss+xml, feed
// application/atom+xml, and rdf:RDF followed by the RSS 1.0 and RDF
// namespace declarations, in either order and nothing else between them,
// application/rss+xml. Everything else, and running out of bytes, is
// text/html.
func webkitFeedOrHTML(h []byte) MIMEType {
	const (
		rss1 = `xmlns="http://purl.org/rss/1.0/"`
		rdf  = `xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"`
	)
	n := len(h)
	if n < 3 {
		return textHTML
	}
	pos := 0
	if hasPrefixAt(h, 0, "\xEF\xBB\xBF") {
		pos = 3
	}
	skipSpace := func() {
		for pos < n && (h[pos] == '\t' || h[pos] == ' ' || h[pos] == '\n' || h[pos] == '\r') {
			pos++
		}
	}
	for {
		skipSpace()
		if pos >= n || h[pos] != '<' {
			return textHTML
		}
		pos++
		if pos+2 > n {
			return textHTML
		}
		switch {
		case hasPrefixAt(h, pos, "!--"):
			end := bytes.Index(h[pos+3:], []byte("-->"))
			if end < 0 {
				return textHTML
			}
			pos += 3 + end + 3
			continue
		case h[pos] == '!':
			end := bytes.IndexByte(h[pos:], '>')
			if end < 0 {
				return textHTML
			}
			pos += end + 1
			continue
		case h[pos] == '?':
			end := bytes.Index(h[pos+1:], []byte("?>"))
			if end < 0 {
				return textHTML
			}
			pos += 1 + end + 2
			continue
		case hasPrefixAt(h, pos, "rss"):
			return applicationRSS
		case hasPrefixAt(h, pos, "feed"):
			return applicationAtom
		case hasPrefixAt(h, pos, "rdf:RDF"):
			pos += len("rdf:RDF")
			skipSpace()
			if hasPrefixAt(h, pos, rss1) {
				pos += len(rss1)
				skipSpace()
				if hasPrefixAt(h, pos, rdf) {
					return applicationRSS
				}
			} else if hasPrefixAt(h, pos, rdf) {
				pos += len(rdf)
				skipSpace()
				if hasPrefixAt(h, pos, rss1) {
					return applicationRSS
				}
			}
		}
		return textHTML
	}
}
