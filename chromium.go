// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff

import (
	"bytes"
	"math/bits"
	"net/http"
	"strings"
)

// Chromium's profile: the rules of its MIME sniffer
// (net/base/mime_sniffer.cc) and of its navigations, as recorded, each where
// it departs from the standard.

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

// sniffChromium is Chromium's computed type for a navigation.
//
// Chromium sniffs only a response with no type, an unknown type
// (unknown/unknown, application/unknown; "*/*" is no type to Fetch), or
// text/plain, and looks at text/xml and application/xml only for feeds;
// every other type is kept. Under nosniff it sniffs nothing, and a response
// with no type is shown as text/plain (chromiumNoSniffIsText).
func (r *Resource) sniffChromium(rd *httpReading) MIMEType {
	t, e := r.fetchSupplied(rd)
	h := resourceHeader(r.Header)
	if e == "application/rss+xml" || e == "application/atom+xml" {
		// A declared RSS or Atom feed is shown as text/plain, under
		// nosniff too, so its markup never runs (cases
		// t-application-rss-xml/xml/rss20.rss,
		// t-application-atom-xml-ns/xml/atom.atom), where a feed found in
		// text/xml keeps its feed type (chromiumFeed).
		return textPlain
	}
	if s := rd.slashType; s.IsValid() {
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
// cheaper (docs/speed.md, "What each trick saves").
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

// chromiumFeed is Chromium's look at text/xml and application/xml: the
// first tag within chromiumFeedBytes may name a feed.
//
// Of the first chromiumFeedTags tag-looking '<', those of an XML
// declaration or processing instruction ("<?xml", so a style sheet's too)
// and of a DOCTYPE ("<!DOCTYPE"), in any case, are skipped; the next is the
// first tag. "<rss" makes application/rss+xml and "<feed"
// application/atom+xml, in any case (cases xml/xml/rss20.rss,
// xml/xml/rss20-stylesheet.rss, xml/xml/rss091.rss with a DOCTYPE,
// xml/xml/atom.atom); any other first tag keeps the type: RDF
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

// chromiumORBAllows reports whether Chromium's Opaque Response Blocking lets
// a response through to a page of another site, the same for every way
// the page loads it.
//
// It is ORB as Chromium 156 ships it (services/network/orb/orb_impl.cc),
// which departs from the proposal (fetchORBAllows), as its recordings show:
//
//   - Any audio or video type, application/ogg, and the manifest-based
//     media and text track types are let through whatever the body
//     (chromiumORBSafelisted: t-video-mp4/orb/json-object,
//     t-text-vtt/orb/html-doctype), and text/pdf is never sniffed
//     (chromiumNeverSniffed: t-text-pdf/orb/gif-sig).
//   - A JavaScript type is sniffed like any other: HTML or JSON under
//     text/javascript is blocked (t-text-javascript/orb/html-doctype),
//     and nosniff does not block it before sniffing
//     (t-text-javascript-ns-corp-cross-origin/orb/js-plain is let
//     through; orb_impl.cc leaves JavaScript to the last step).
//   - Its own sniffers decide where the proposal parses JavaScript:
//     media and images by its network sniffer, wider than the standard's
//     patterns (chromiumORBMedia, chromiumORBImage), then a body with no
//     type is let through, and one with a type is blocked where CORB's
//     sniffers find HTML, XML, JSON or a script-breaking prefix
//     (chromiumCORBSniff); everything else is let through, JSON that is
//     also a script ([1,2]) and plain text among it
//     (t-text-json/orb/json-array, t-text-plain/orb/text).
//   - A status that is not ok is not read (s404+t-text-html/orb/jsonp is
//     let through; orb_impl.cc skips the proposal's step on the status),
//     nor a 206's blocklisted type (s206+t-text-html/orb/jsonp). Of the
//     partial-response step only a range surely after byte 0 is read, and
//     blocked before sniffing (laterPart: s206-mid+t-text-javascript/js,
//     s206-mid+t-application-json/json-array); a 206 without a
//     Content-Range is let through (s206-norange+none/json-object).
//
// A fetch whose response ORB blocks resolves with an empty body, and
// every other way gets a network error: in both the page gets none of the
// bytes.
func chromiumORBAllows(o *crossOriginResponse) bool {
	e := o.engineEssence
	switch {
	case chromiumORBSafelisted(e): // not "", which starts with neither audio/ nor video/
		return true
	case chromiumNeverSniffed(e, o.engineNeverSniffed):
		return false
	case o.noSniff && (isORBBlocklisted(e) || e == "application/json+protobuf" || e == "text/plain"):
		return false
	case o.status.code == http.StatusPartialContent && o.status.rng.laterPart():
		return false
	}
	h := o.h[:min(len(o.h), orbSniffBytes)]
	if chromiumORBMedia(h) || chromiumORBImage(h) || e == "" {
		return true
	}
	return !chromiumCORBSniff(h)
}

// chromiumORBSafelisted reports whether Chromium lets every response of
// essence e through: JavaScript is not among them, but CSS, SVG, audio and
// video, and the types of media that a manifest describes are
// (services/network/orb/orb_mimetypes.cc).
func chromiumORBSafelisted(e string) bool {
	switch e {
	case "text/css", "image/svg+xml", "application/ogg", "application/dash+xml", "application/vnd.apple.mpegurl", "text/vtt":
		return true
	}
	return strings.HasPrefix(e, "audio/") || strings.HasPrefix(e, "video/")
}

// chromiumNeverSniffed reports whether Chromium blocks every response of
// essence e, given whether e is listed in orbNeverSniffed: the proposal's
// never-sniffed types but application/x-protobuffer and those
// chromiumORBSafelisted lets through, and text/pdf.
func chromiumNeverSniffed(e string, listed bool) bool {
	return e == "text/pdf" || listed && e != "application/x-protobuffer" && !chromiumORBSafelisted(e)
}

// chromiumORBImage reports whether Chromium's network sniffer finds an
// image in h: the standard's patterns, TIFF and XBM (net/base/mime_sniffer.cc).
func chromiumORBImage(h []byte) bool {
	if _, ok := MatchImageTypePattern(h); ok {
		return true
	}
	return hasPrefixAt(h, 0, "II*") || hasPrefixAt(h, 0, "MM\x00*") || hasPrefixAt(h, 0, "I I") || hasPrefixAt(h, 0, "#define")
}

// chromiumORBMedia reports whether Chromium's network sniffer finds audio or
// video in h: the standard's patterns, and Matroska by its EBML magic, any
// ISO BMFF file by its ftyp or moov box, FLAC, FLV, an MPEG audio frame's
// sync bits (so a UTF-16LE byte order mark, FF FE, counts), an MPEG video
// start code, ASF, RealMedia and AMR (net/base/mime_sniffer.cc,
// kExtraMagicNumbers and kMagicNumbers, which SniffMimeTypeFromLocalData
// reads).
//
// Media and images (chromiumORBImage) are let through before CORB's
// sniffers look, but only a box type at byte 4 can change a verdict by it:
// every other signature starts with a byte that none of those sniffers
// starts with (whitespace, "<", "{", ")", "f" of "for", "w" of "while", a
// UTF-8 byte order mark), so CORB would let its body through anyway, where
// "ftyp" and "moov" follow any four bytes, "{\"\":" among them.
func chromiumORBMedia(h []byte) bool {
	if _, ok := MatchAudioOrVideoTypePattern(h); ok {
		return true
	}
	switch {
	case hasPrefixAt(h, 0, "\x1A\x45\xDF\xA3"), hasPrefixAt(h, 4, "ftyp"), hasPrefixAt(h, 4, "moov"),
		hasPrefixAt(h, 0, "fLaC"), hasPrefixAt(h, 0, "FLV"),
		hasPrefixAt(h, 0, "\x30\x26\xB2\x75\x8E\x66\xCF\x11"), hasPrefixAt(h, 0, ".RMF"), hasPrefixAt(h, 0, "#!AMR\n"):
		return true
	case len(h) >= 2 && h[0] == 0xFF && h[1]&0xE0 == 0xE0:
		return true // an MPEG audio frame
	case len(h) >= 4 && h[0] == 0 && h[1] == 0 && h[2] == 1 && h[3]&0xF0 == 0xB0:
		return true // an MPEG video start code
	}
	return false
}

// chromiumCORBSniff reports whether Chromium's CORB sniffers find in h, the
// first bytes of a body after a UTF-8 byte order mark, what a page of
// another site must not get: HTML (chromiumCORBHTML), an XML declaration
// after whitespace ("<?xml", with case), a prefix that breaks a script
// (chromiumScriptBreakers), or a JSON object's first member
// (services/network/orb/orb_sniffers.cc). A UTF-8 byte order mark is
// skipped (t-text-plain/orb/json-bom is blocked).
func chromiumCORBSniff(h []byte) bool {
	h = bytes.TrimPrefix(h, []byte("\xEF\xBB\xBF"))
	if chromiumCORBHTML(h) {
		return true
	}
	if i := chromiumCORBSpaceEnd(h, 0); hasPrefixAt(h, i, "<?xml") {
		return true
	}
	for _, p := range chromiumScriptBreakers {
		if hasPrefixAt(h, 0, p) {
			return true
		}
	}
	i := chromiumCORBSpaceEnd(h, 0)
	return i < len(h) && h[i] == '{' && chromiumJSONMember(h[i+1:])
}

// chromiumScriptBreakers are the prefixes CORB's sniffer blocks: each makes
// a script of the JSON after it fail or never end (cases
// t-text-plain/orb/xssi-parens, xssi-for, xssi-while-space).
var chromiumScriptBreakers = []string{")]}'", "{}&&", "{} &&", "for(;;);", "while(1);", "for (;;);", "while (1);"}

// chromiumCORBTags are the tags CORB's HTML sniffer looks for, in its order,
// each compared without case (so written in upper case, for hasPrefixFold)
// and with nothing required after it ("<B" matches "<body", "<br" and
// "<bogus").
var chromiumCORBTags = []string{
	"<!DOCTYPE HTML", "<SCRIPT", "<HTML", "<HEAD", "<IFRAME", "<H1", "<DIV", "<FONT",
	"<TABLE", "<A", "<STYLE", "<TITLE", "<B", "<P",
}

// chromiumCORBHTML reports whether CORB's HTML sniffer finds HTML in h: one
// of chromiumCORBTags after whitespace and HTML comments
// (t-text-plain/edge/ws-ff-html: a form feed is whitespace to it;
// t-text-plain/orb/html-comment-first).
//
// A comment is skipped with the rest of its line, to the first line
// terminator after its "-->", as a script reads "<!--" and "-->" as line
// comments; where none follows, the sniffer answers "maybe", which blocks
// nothing (services/network/orb/orb_sniffers.cc, MaybeSkipHtmlComment): a
// tag on the comment's line is not looked at (t-text-plain/orb/html-comment-then-text
// is delivered, t-text-plain/orb/js-html-comment-then-html blocked).
func chromiumCORBHTML(h []byte) bool {
	i := 0
	for {
		i = chromiumCORBSpaceEnd(h, i)
		for _, tag := range chromiumCORBTags {
			if hasPrefixFold(h[i:], tag) {
				return true
			}
		}
		if !hasPrefixAt(h, i, "<!--") {
			return false
		}
		end := bytes.Index(h[i+4:], []byte("-->"))
		if end < 0 {
			return false
		}
		i = chromiumLineTerminator(h, i+4+end+3)
		if i < 0 {
			return false
		}
	}
}

// chromiumLineTerminator returns the index of the first line terminator of
// h at or after i, or -1: CR, LF, or U+2028 or U+2029 in UTF-8, looked for
// byte by byte as Chromium does (orb_sniffers.cc,
// FindFirstJavascriptLineTerminator). CORB's whitespace is CR and LF but
// not the other two, so a tag after U+2028 is not looked at.
func chromiumLineTerminator(h []byte, i int) int {
	for ; i < len(h); i++ {
		switch {
		case h[i] == '\r' || h[i] == '\n':
			return i
		case h[i] == 0xE2 && i+2 < len(h) && h[i+1] == 0x80 && (h[i+2] == 0xA8 || h[i+2] == 0xA9):
			return i
		}
	}
	return -1
}

// chromiumCORBSpaceEnd returns the index of the first byte of h at or after
// i that is not whitespace to CORB's sniffers: space, tab, CR, LF, form
// feed.
func chromiumCORBSpaceEnd(h []byte, i int) int {
	for i < len(h) && (h[i] == ' ' || h[i] == '\t' || h[i] == '\r' || h[i] == '\n' || h[i] == '\f') {
		i++
	}
	return i
}

// chromiumJSONMember reports whether h, after a JSON object's opening brace,
// starts with a string and a colon, with CORB's whitespace between them.
func chromiumJSONMember(h []byte) bool {
	i := chromiumCORBSpaceEnd(h, 0)
	if i == len(h) || h[i] != '"' {
		return false
	}
	for i++; i < len(h) && h[i] != '"'; i++ {
		if h[i] == '\\' {
			i++
		}
	}
	i = chromiumCORBSpaceEnd(h, i+1) // past the end where the key runs to it
	return i < len(h) && h[i] == ':'
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
