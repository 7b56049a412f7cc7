// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff

import (
	"bytes"
	"math/bits"
	"strings"
)

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
func (r *Resource) sniffWebKit(rd *httpReading) MIMEType {
	t, e := r.webkitSupplied(rd)
	h := r.Header[:min(len(r.Header), webkitWindow)]
	switch {
	case e == "" || asciiEqualFold(e, "unknown/unknown") || asciiEqualFold(e, "application/unknown") || e == "*/*":
		return webkitUnknown(h, !r.webkitNoSniff(rd))
	case !t.IsValid():
		// libsoup read a media type that no MIMEType holds, such as
		// "text/" or "/": WebCore shows one under text/ as text,
		// whatever the body and under nosniff too (document.contentType
		// "text/", cases bogus-slash/page.html, bogus-slash/archive.zip),
		// and downloads any other (slash/archive/gzip.gz). The profile
		// stands text/plain in for the first, as Chromium's and Firefox's
		// do (fetchSlashType).
		if hasPrefixFold([]byte(e), "TEXT/") {
			return textPlain
		}
		return applicationOctet
	case r.webkitNoSniff(rd):
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
func (r *Resource) webkitSupplied(rd *httpReading) (MIMEType, string) {
	if !rd.fromHTTP {
		return r.Supplied, r.Supplied.Essence()
	}
	return rd.webkitDoc, rd.webkitType
}

// webkitNoSniff reports whether WebKitGTK reads the response's
// X-Content-Type-Options as nosniff: only when its last value, without the
// spaces around it, is exactly "nosniff", so "NOSNIFF" and "nosniff, foo"
// sniff (cases ns-upper/..., ns-list-foo/...).
func (r *Resource) webkitNoSniff(rd *httpReading) bool {
	if !rd.fromHTTP {
		return r.NoSniff
	}
	return rd.webkitNoSniff
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
// all at once (docs/speed.md, "What each trick saves").
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
// (docs/speed.md, "What each trick saves").
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
// MP4 to WebKit. AVI is never matched: libsoup's AVI row is the C string
// "RIFF\x00\x00\x00\x00AVI ", in which "\x00A" is one hex escape, the byte
// 0x0A, so the row wants a newline at byte 8 of an AVI file. An AVI served as
// audio/mpeg or video/mp4 keeps the declared type (cases
// audio-mpeg/video.avi, video-mp4/video.avi), where the WAVE row of the same
// table, written alike but for "\x00W", turns a WAVE file into audio/wave
// (audio-mpeg/audio.wav: a download).
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
	case hasPrefixAt(h, 0, "RIFF") && hasPrefixAt(h, 8, "WAVE"):
		return audioWave, true
	case webkitMP4(h):
		return videoMP4, true
	}
	return MIMEType{}, false
}

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

// webkitScriptBlocked reports whether WebKitGTK blocks a response with the
// Content-Type values for a script-like destination: Fetch's blocking, for
// nosniff (as WebKitGTK reads it, webkitNoSniff) and for the type, with the
// type of the first value of the lines joined, as WebCore reads it. A
// script with text/javascript then text/html under nosniff runs (case
// types/ct-js-then-html-ns/jshtml of testdata/browsers/wire, in the script
// destination), where Chromium and Firefox, which read the last, block it;
// text/html then text/javascript is blocked (types/ct-html-then-js-ns),
// where they run it; image/png then text/html is blocked as an image
// (types/ct-png-then-html/pnghtml).
//
// fetchEssence and fetchOK are Fetch's reading of values, which is the
// first value's where there is one value without a comma.
func webkitScriptBlocked(values []string, noSniff bool, fetchEssence string, fetchOK bool) bool {
	essence, ok := fetchEssence, fetchOK
	if len(values) > 1 || len(values) == 1 && strings.IndexByte(values[0], ',') >= 0 {
		essence, ok = "", false
		list, _ := getHeader(values)
		first, _, _ := splitNext(list)
		if t, f := parse(first, true); f.kind == noFailure {
			essence, ok = t.Essence(), true
		}
	}
	return blockedNoSniff(noSniff, essence, ok, DestinationScript) || blockedMIMEType(essence, ok, DestinationScript)
}

// webkitWorkerJavaScript reports whether the type WebKitGTK gives a worker
// script with the Content-Type values is a JavaScript MIME type: the last
// line, cut at its first ";" or "," (cases types/ct-html-then-js/jshtml and
// types/ct-js,html/jshtml of testdata/browsers/wire run as a worker,
// types/ct-js-then-html/jshtml and types/ct-html,js/jshtml do not).
func webkitWorkerJavaScript(values []string) bool {
	if len(values) == 0 {
		return false
	}
	v := values[len(values)-1]
	if i := strings.IndexAny(v, ";,"); i >= 0 {
		v = v[:i]
	}
	return isJavaScriptEssence(lowerString(trimTabOrSpace(v)))
}
