// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff

import (
	"bytes"
	"math/bits"
	"net/http"
)

// Firefox's profile: the rules of its unknown decoder
// (netwerk/streamconv/converters/nsUnknownDecoder.cpp), its media sniffer
// and its navigations, as recorded, each where it departs from the standard.

// sniffFirefox is Firefox's computed type for a navigation.
//
// Firefox's media sniffer runs on every response but one declared
// application/octet-stream (cases octet/audio-id3.mp3, octet/video.mp4 are
// downloads), whatever its type, and wins when the bytes are audio or video
// (firefoxMedia). Then it keeps
// every supplied type but the Apache-bug ones (checked only for a single
// Content-Type header) and unknown/unknown and application/unknown, which
// it downloads; a response with no type is
// sniffed by its unknown decoder (firefoxUnknown), which under nosniff only
// tells text from binary.
func (r *Resource) sniffFirefox(rd *httpReading) MIMEType {
	t, e := r.fetchSupplied(rd) // e is "" for no type
	h := resourceHeader(r.Header)
	if !(r.NoSniff && t.IsValid()) && t != applicationOctet {
		if m, ok := firefoxMedia(h); ok {
			return m
		}
	}
	switch {
	case rd.slashType.IsValid():
		return rd.slashType
	case e == "" || e == "*/*":
		if r.NoSniff {
			return firefoxTextOrBinary(h)
		}
		return firefoxUnknown(h)
	case e == "unknown/unknown" || e == "application/unknown":
		// Firefox does not sniff them but downloads them (cases
		// unknown-unknown/page.html, app-unknown/page.html), where the
		// standard sniffs them as no type at all.
		return applicationOctet
	case r.CheckForApacheBug && rd.contentTypes <= 1 && !r.NoSniff:
		return firefoxTextOrBinary(h)
	}
	return t
}

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
// most responses (docs/speed.md, "What each trick saves").
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
// row's first byte costs a fifth of the sniff (docs/speed.md, "What each
// trick saves").
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
	// Firefox's replaces, so that binary bytes are looked for once.
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
// third cheaper (docs/speed.md, "What each trick saves").
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

// firefoxORBAllows reports whether Firefox's Opaque Response Blocking lets a
// response through to a page of another site: allows for a request that is
// not a media element's, media for one that is (audio or video).
//
// It is the proposal (fetchORBAllows) as Firefox 153 implements it
// (netwerk/protocol/http/OpaqueResponseUtils.cpp), with the departures its
// recordings show:
//
//   - The manifest-based media and text track types, text/plain under
//     nosniff, audio/mpeg, audio/aac, audio/aacp and
//     multipart/x-mixed-replace are let through whatever the body, before
//     the never-sniffed types are blocked (firefoxORBAllowed:
//     t-text-vtt/orb/json-object, t-text-plain-ns/orb/text,
//     t-audio-mpeg/orb/json-object), and application/x-gzip is not among
//     those (firefoxNeverSniffed).
//   - A value with an empty subtype is a type (orbEngineEssence).
//   - Media is its media sniffer's (firefoxORBMedia), narrower than the
//     standard's patterns for some formats (none/audio/midi-format0.mid is
//     blocked as audio) and wider for others.
//   - Its last step parses the whole body as JavaScript, which
//     mayParseAsScript approximates towards letting the response through.
//   - A 206 it cannot read as a first partial response is blocked before
//     sniffing (surelyNotFirst: s206-norange+t-image-png/png,
//     s206-mid+t-audio-ogg/ogg), a 206 with a blocklisted type too
//     (s206+t-text-html/orb/jsonp), and a status that is not ok after it
//     (s404+none/json-object), as the proposal says. Audio or video that
//     its media sniffer finds reaches a media element only at 200 and 206:
//     at any other status, 203 and 299 included, the element drops the
//     load (s203+t-audio-ogg/ogg, s404+t-video-webm/webm are blocked as
//     audio and video, delivered as images), where an image still reaches
//     it (s404+t-image-png/png).
//
// A fetch whose response ORB blocks resolves with an empty body, and every
// other way gets a network error: in both the page gets none of the bytes.
func firefoxORBAllows(o *crossOriginResponse) (allows, media bool) {
	e := o.engineEssence
	if e != "" {
		switch {
		case isORBSafelisted(e), firefoxORBAllowed(e, o.noSniff):
			return true, true
		case firefoxNeverSniffed(e, o.engineNeverSniffed):
			return false, false
		case o.status.code == http.StatusPartialContent && isORBBlocklisted(e):
			return false, false
		case o.noSniff && isORBBlocklisted(e):
			return false, false
		}
	}
	if o.status.code == http.StatusPartialContent && o.status.rng.surelyNotFirst() {
		return false, false
	}
	if _, ok := MatchImageTypePattern(o.h); ok {
		return true, true
	}
	if firefoxORBMedia(o.h) {
		return true, o.status.code == http.StatusOK || o.status.code == http.StatusPartialContent
	}
	return orbLastSteps(o, e), false
}

// firefoxORBAllowed reports whether Firefox lets every response of essence e
// through, under nosniff where noSniff is set: the types its source calls
// "spec-breaking allowed".
func firefoxORBAllowed(e string, noSniff bool) bool {
	switch e {
	case "application/dash+xml", "application/vnd.apple.mpegurl", "audio/mpegurl", "text/vtt",
		"audio/mpeg", "audio/aac", "audio/aacp", "multipart/x-mixed-replace":
		return true
	}
	return noSniff && e == "text/plain"
}

// firefoxNeverSniffed reports whether Firefox blocks every response of
// essence e, given whether e is listed in orbNeverSniffed: the proposal's
// never-sniffed types but application/x-gzip (t-application-x-gzip/... is
// sniffed).
func firefoxNeverSniffed(e string, listed bool) bool {
	return listed && e != "application/x-gzip"
}

// firefoxMediaBytes is how much of a body Firefox's media sniffer reads for
// an EBML header (toolkit/components/mediasniffer/nsMediaSniffer.cpp,
// MAX_BYTES_SNIFFED).
const firefoxMediaBytes = 512

// firefoxORBMedia reports whether Firefox's media sniffer, as ORB asks it,
// finds audio or video in h: an ISO BMFF ftyp box of at least 16 bytes held
// whole, whatever its brands (an AVIF image too), EBML naming "webm" or
// "matroska" within the bytes the sniffer reads (firefoxMediaBytes), Ogg,
// WAVE, an ID3 tag, an MPEG layer III frame or ADTS sync bits, and FLAC.
// The sniffer parses the EBML header for its DocType (nestegg_sniff), which
// may lie after other elements anywhere in those bytes; looking for the
// name errs towards delivering. A bare EBML magic, a 12-byte ftyp
// box or one cut short is not (none/edge/ebml-sig, none/edge/mp4-ftyp-short,
// none/orb/mp4-cut), nor MIDI, AVI, MPEG-TS, MPEG layer II or a UTF-16LE
// byte order mark (none/audio/midi-format0.mid, none/video/avi-mpeg4.avi,
// none/audio/mp2-layer2.mp2, none/orb/json-utf16le-bom).
func firefoxORBMedia(h []byte) bool {
	if len(h) >= 8 && hasPrefixAt(h, 4, "ftyp") {
		size := int(h[0])<<24 | int(h[1])<<16 | int(h[2])<<8 | int(h[3])
		if size >= 16 && size <= len(h) {
			return true
		}
	}
	switch {
	case hasPrefixAt(h, 0, "\x1A\x45\xDF\xA3"):
		head := h[:min(len(h), firefoxMediaBytes)]
		return bytes.Contains(head, []byte("webm")) || bytes.Contains(head, []byte("matroska"))
	case hasPrefixAt(h, 0, "OggS\x00"), hasPrefixAt(h, 0, "RIFF") && hasPrefixAt(h, 8, "WAVE"),
		hasPrefixAt(h, 0, "ID3"), hasPrefixAt(h, 0, "fLaC"):
		return true
	case len(h) >= 2 && h[0] == 0xFF && h[1]&0xE0 == 0xE0:
		layer := h[1] & 0x06
		return layer == 0x02 || layer == 0x00 // layer III, or ADTS
	}
	return false
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
