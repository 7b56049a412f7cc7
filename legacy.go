// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Rules from older documents, never used by Sniff: the feed-or-HTML rules the
// standard dropped in 2024 (Sniff runs them only when Resource.SniffFeeds is
// set), and Internet Explorer's FindMimeFromData, which Sniff never runs.
//
// FindMimeFromData answers "what would IE have made of this?", the question
// behind the "chameleon upload" attacks that the MIME Sniffing Standard was
// written to end. It follows Wine's implementation and Microsoft's
// description; where they leave something out, so does it (see ieFilters),
// and where they disagree it says why (see ieWindow). The differential test
// in tools/wine, which calls Wine's FindMimeFromData under Wine, finds the
// same answers on 20,000 generated calls but for the ";" cut of proposed
// types, which Wine 8.0 does not make yet.

package mimesniff

import (
	"bytes"
	"strings"
)

// SniffFeedOrHTML implements the rules for distinguishing if a resource is a
// feed or HTML, as last published (July 2024).
//
// Past a UTF-8 byte order mark, whitespace, comments, "<!...>" declarations
// and "<?...?>" processing instructions, the first element gives
// application/rss+xml for "<rss", application/atom+xml for "<feed", and
// application/rss+xml for "<rdf:RDF" followed by both the RSS 1.0 and the RDF
// namespaces; otherwise, or when the header ends first, r.Supplied. Like the
// text, the rules are fragile (https://github.com/whatwg/mimesniff/issues/67):
// "<rss" also matches "<rssfoo>".
//
// The standard removed them (https://github.com/whatwg/mimesniff/pull/192,
// issue #173) as no browser ran them any more, but a crawler looking for feeds
// served as text/html may want them; [Resource.Sniff] runs them when
// r.SniffFeeds is set.
func (r Resource) SniffFeedOrHTML() MIMEType {
	t, ok := sniffFeed(resourceHeader(r.Header))
	if !ok {
		return r.Supplied
	}
	return t
}

// The byte strings of the feed-or-HTML rules.
const (
	rdfNamespace = "http://www.w3.org/1999/02/22-rdf-syntax-ns#" // 43 bytes
	rssNamespace = "http://purl.org/rss/1.0/"                    // 24 bytes
)

// sniffFeed runs the feed-or-HTML rules on h.
//
// It returns false where they say "the computed MIME type is the supplied
// MIME type". The namespaces after "<rdf:RDF" are RSS 1.0's
// (http://purl.org/rss/1.0/) and RDF's
// (http://www.w3.org/1999/02/22-rdf-syntax-ns#).
//
// Two fixes to the text: in the branch that finds the RDF namespace first,
// the text compares 24 bytes with the 43-byte namespace and then 43 bytes
// with the 24-byte one; the lengths are swapped back
// (https://github.com/whatwg/mimesniff/issues/65). And no byte past the
// header is read: where the text reads "sequence[s] is undefined", the
// header has ended.
func sniffFeed(h []byte) (MIMEType, bool) {
	// 1. Let sequence be the resource header. 2. Let length be its length.
	// 3. Initialize s to 0.
	// 4. If length >= 3 and sequence[0..2] are 0xEF 0xBB 0xBF (UTF-8 BOM),
	// increment s by 3.
	s := 0
	if hasPrefixAt(h, 0, "\xEF\xBB\xBF") {
		s = 3
	}
	// 5. While s is less than length:
	for s < len(h) {
		// 5.1. Loop L: skip whitespace bytes up to a "<", past which s
		// moves; at anything else, or at the end, it is the supplied
		// type.
		for {
			if s >= len(h) {
				return MIMEType{}, false
			}
			if h[s] == '<' {
				s++
				break
			}
			if !isWhitespaceByte(h[s]) {
				return MIMEType{}, false
			}
			s++
		}
		// 5.2. Loop L, which always either exits to step 5 or ends the
		// algorithm:
		// 5.2.1. If sequence[s] is undefined, the supplied type.
		if s >= len(h) {
			return MIMEType{}, false
		}
		switch {
		// 5.2.2. "!--": skip to after the next "-->".
		case hasPrefixAt(h, s, "!--"):
			var ok bool
			if s, ok = skipPast(h, s+3, "-->"); !ok {
				return MIMEType{}, false
			}
		// 5.2.3. "!": skip to after the next ">".
		case h[s] == '!':
			var ok bool
			if s, ok = skipPast(h, s+1, ">"); !ok {
				return MIMEType{}, false
			}
		// 5.2.4. "?": skip to after the next "?>".
		case h[s] == '?':
			var ok bool
			if s, ok = skipPast(h, s+1, "?>"); !ok {
				return MIMEType{}, false
			}
		// 5.2.5. "rss": application/rss+xml.
		case hasPrefixAt(h, s, "rss"):
			return applicationRSS, true
		// 5.2.6. "feed": application/atom+xml.
		case hasPrefixAt(h, s, "feed"):
			return applicationAtom, true
		// 5.2.7. "rdf:RDF": look for both namespaces, in either order.
		// (Loop M only ends the algorithm.)
		case hasPrefixAt(h, s, "rdf:RDF"):
			for s += 7; s < len(h); s++ {
				if hasPrefixAt(h, s, rssNamespace) {
					if containsFrom(h, s+len(rssNamespace), rdfNamespace) {
						return applicationRSS, true
					}
					return MIMEType{}, false
				}
				if hasPrefixAt(h, s, rdfNamespace) {
					// The text advances 24 bytes and looks for 43
					// (issue #65); the lengths are swapped back.
					if containsFrom(h, s+len(rdfNamespace), rssNamespace) {
						return applicationRSS, true
					}
					return MIMEType{}, false
				}
			}
			return MIMEType{}, false
		// 5.2.8. Otherwise, the supplied type.
		default:
			return MIMEType{}, false
		}
	}
	// 6. The computed MIME type is the supplied MIME type.
	return MIMEType{}, false
}

// hasPrefixAt reports whether h[s:] starts with prefix, without reading past
// h.
func hasPrefixAt(h []byte, s int, prefix string) bool {
	return s <= len(h) && len(h)-s >= len(prefix) && string(h[s:s+len(prefix)]) == prefix
}

// skipPast implements the feed rules' loop M for a terminator.
//
// It returns the position just past the first end at or after s, and false
// if the header ends first.
func skipPast(h []byte, s int, end string) (int, bool) {
	for ; s < len(h); s++ {
		if hasPrefixAt(h, s, end) {
			return s + len(end), true
		}
	}
	return s, false
}

// containsFrom reports whether s occurs in h at or after position from.
//
// It implements the feed rules' loop N.
func containsFrom(h []byte, from int, s string) bool {
	_, ok := skipPast(h, from, s)
	return ok
}

// FindMimeFromData returns the MIME type Internet Explorer's FindMimeFromData
// gives for data served as proposed from url, or "" where it fails.
//
// It is for tools that audit uploads and for readers of old crawls, never part
// of [Resource.Sniff], and answers IE's names (image/pjpeg, image/x-png),
// hence a string. It does not allocate unless registry does, and never
// panics. The arguments are the Windows function's, strings ending at a NUL
// as C strings do; registry returns the "Content Type" of
// HKEY_CLASSES_ROOT\<ext> for an extension (".htm"), or "", and nil is an
// empty registry. It follows Wine's implementation and Microsoft's "MIME
// Type Detection in Internet Explorer"; docs/legacy.md says how, where it
// fails, and what no source defines.
func FindMimeFromData(data []byte, proposed, url string, registry func(ext string) string) string {
	proposed, url = cString(proposed), cString(url)
	// 0. "No URL and no buffer, or no output pointer: E_INVALIDARG."
	if url == "" && data == nil {
		return ""
	}
	// "except that with a URL, no buffer and no proposed type, only the
	// extension lookup (step 6) is done." Wine returns the registry's
	// value as it is: not checked against the known types, not cut at
	// ";".
	if data == nil && proposed == "" {
		return ieTypeFromURL(url, registry)
	}
	// "No buffer (or size 0): return the proposed type cut at its first
	// ;, or, with no proposed type, fail (E_FAIL)".
	if len(data) == 0 {
		return cutAtSemicolon(proposed)
	}
	// Microsoft: "a pointer to a buffer containing up to the first 256
	// bytes of the content".
	b := data[:min(len(data), ieWindow)]

	// 1. "A proposed text/plain or application/octet-stream counts as no
	// proposal (Microsoft's "ambiguous"). Comparisons are exact and
	// case-sensitive on the whole string".
	if proposed == ieTextPlain || proposed == ieOctetStream {
		proposed = ""
	}
	answer := ""
	anyPos := -1 // the any-position filter of a proposed text/html or text/xml
	// 2. "With a proposal: the answer starts as the proposal."
	if proposed != "" {
		answer = proposed
		if i := ieFilterFor(ieAnyPosFilters, proposed); i >= 0 {
			// "If it is text/html or text/xml, its filter must match
			// at some offset, else the answer is dropped."
			anyPos = i
			if _, ok := ieScan(b, ieAnyPosFilters[i:i+1]); !ok {
				answer = ""
			}
		} else if i := ieFilterFor(ieFilters, proposed); i >= 0 {
			// "If it is another known type, its filter must match at
			// offset 0, else it is dropped."
			if !ieFilters[i].match(b) {
				answer = ""
			}
		}
		// "An unknown proposed type is kept as it is: that is the
		// answer (cut at ;)."
	}
	// 3. "With no proposal, or a proposal of text/html/text/xml, and no
	// answer yet: try the HTML and XML filters at offset 0, 1, 2, …
	// (HTML first at each offset); the first hit is the answer."
	if answer == "" && (proposed == "" || anyPos >= 0) {
		if i, ok := ieScan(b, ieAnyPosFilters); ok {
			answer = ieAnyPosFilters[i].mime
		}
	}
	// 4. "Still no answer: the first of filters 1–18 that matches."
	// Filter 18 matches every buffer.
	if answer == "" {
		for _, f := range ieFilters {
			if f.match(b) {
				answer = f.mime
				break
			}
		}
	}
	// 5. "Adjustments: if the proposal was HTML/XML and the answer is
	// text/plain, the proposal wins."
	if anyPos >= 0 && answer == ieTextPlain {
		answer = proposed
	} else if proposed != "" && answer == ieOctetStream {
		// "If there was a (known, rejected) proposal and the answer is
		// application/octet-stream: walk the buffer from the start
		// while bytes are text characters; if the HTML or XML filter
		// matches at one of those offsets the answer becomes
		// text/plain; otherwise the proposal wins".
		answer = proposed
		for i := 0; i < len(b) && isIETextByte(b[i]); i++ {
			if _, ok := ieMatchAt(b, i, ieAnyPosFilters); ok {
				answer = ieTextPlain
				break
			}
		}
	}
	// 6. "If a URL was given and the answer is text/plain or
	// application/octet-stream: take the extension (…), read
	// HKEY_CLASSES_ROOT\<ext>\Content Type from the registry, and return
	// that type if it is not one of Wine's known types." Wine returns it
	// as the registry holds it, not cut at ";".
	if url != "" && (answer == ieTextPlain || answer == ieOctetStream) {
		if t := ieTypeFromURL(url, registry); t != "" && !isIEKnown(t) {
			return t
		}
	}
	// 7. "The answer is cut at its first ;."
	return cutAtSemicolon(answer)
}

// ieWindow is how much of the buffer FindMimeFromData reads.
//
// It is Microsoft's "up to the first 256 bytes of the content" that
// FindMimeFromData receives. Wine departs from it: it scans whatever buffer
// it is given, but its tests never pass more than 20 bytes, so they cannot
// tell. Bytes past the 256th change nothing; the 256th is the buffer's last
// byte, which the text test skips.
const ieWindow = 256

// The two types FindMimeFromData calls ambiguous.
const (
	ieTextPlain   = "text/plain"
	ieOctetStream = "application/octet-stream"
)

// An ieFilter is one of FindMimeFromData's filters as Wine writes it.
//
// It holds the type it answers, the buffer sizes it accepts, and its test on
// the buffer.
//
// The test is that the buffer starts with one of sigs under mask: byte i of
// the buffer ANDed with mask[i] is sig[i], where mask 0xFF (or an empty mask)
// makes a byte significant, 0xDF makes an upper-case letter match in either
// case, and 0x00 skips a byte. A filter with no sigs matches every buffer of
// its size, except that a text filter (text/plain) requires every byte but
// the last to be a text byte (see isIETextByte).
type ieFilter struct {
	mime string
	cond ieSize
	n    int
	mask string
	sigs []string
	text bool
}

// ieSize is how a filter bounds the buffer's size n.
type ieSize uint8

const (
	ieAnySize  ieSize = iota // any size
	ieAtLeast                // size >= n
	ieMoreThan               // size > n: the signature must be followed by a byte
)

// ieAnyPosFilters are the filters FindMimeFromData tries at every offset of
// the buffer.
//
// They are Wine's mime_filters_any_pos, in its order, each tried on the
// bytes from that offset to the end.
var ieAnyPosFilters = []ieFilter{
	// text_html_filter: size >= 6; "<html", "<head" or "<body", letters
	// in either case.
	{"text/html", ieAtLeast, 6, "\xFF\xDF\xDF\xDF\xDF", []string{"<HTML", "<HEAD", "<BODY"}, false},
	// text_xml_filter: size >= 7; "<?xml " with "xml" in either case.
	{"text/xml", ieAtLeast, 7, "\xFF\xFF\xDF\xDF\xDF\xFF", []string{"<?XML "}, false},
}

// ieFilters are the filters FindMimeFromData tries on the buffer from offset 0.
//
// They are Wine's mime_filters, in its order; the first match wins. What
// cannot be reproduced is left out, as Wine leaves it out: the eight known
// types no source gives a signature for (audio/x-aiff, image/x-xbitmap,
// image/x-jg, image/x-emf, image/x-wmf, application/base64,
// application/macbinhex40, application/x-compressed), which Wine comments
// out in Microsoft's order; the per-type text or binary format records
// (every known type but HTML and XML counts as binary); dwMimeFlags; and
// Microsoft's last step, which answers application/octet-stream for an
// extension with a registered application but no Content Type.
var ieFilters = []ieFilter{
	// 1. text_richtext_filter: size > 5; "{\rtf".
	{"text/richtext", ieMoreThan, 5, "", []string{`{\rtf`}, false},
	// 2. audio_basic_filter: size > 4; ".snd", lower case only.
	{"audio/basic", ieMoreThan, 4, "", []string{".snd"}, false},
	// 3. audio_wav_filter: size > 12; "RIFF" at 0, "WAVE" at 8.
	{"audio/wav", ieMoreThan, 12, riffMask, []string{"RIFF\x00\x00\x00\x00WAVE"}, false},
	// 4. image_gif_filter: size >= 6; "GIF8", then "7" or "9", then "a",
	// letters in either case.
	{"image/gif", ieAtLeast, 6, "\xDF\xDF\xDF\xFF\xFF\xDF", []string{"GIF87A", "GIF89A"}, false},
	// 5. image_pjpeg_filter: size > 2; FF D8.
	{"image/pjpeg", ieMoreThan, 2, "", []string{"\xFF\xD8"}, false},
	// 6. image_tiff_filter: size >= 4; 4D 4D 00 2A or 49 49 2A FF (sic:
	// FF, not the 00 of a little-endian TIFF file).
	{"image/tiff", ieAtLeast, 4, "", []string{"MM\x00\x2A", "II\x2A\xFF"}, false},
	// 7. image_xpng_filter: size > 8; 89 "PNG" 0D 0A 1A 0A.
	{"image/x-png", ieMoreThan, 8, "", []string{"\x89PNG\r\n\x1A\n"}, false},
	// 8. image_bmp_filter: size >= 14; "BM", and bytes 6 to 9 (the
	// reserved fields) zero.
	{"image/bmp", ieAtLeast, 14, "\xFF\xFF\x00\x00\x00\x00\xFF\xFF\xFF\xFF", []string{"BM\x00\x00\x00\x00\x00\x00\x00\x00"}, false},
	// 9. video_avi_filter: size > 12; "RIFF" at 0, "AVI " at 8.
	{"video/avi", ieMoreThan, 12, riffMask, []string{"RIFF\x00\x00\x00\x00AVI "}, false},
	// 10. video_mpeg_filter: size > 4; 00 00 01 B3 or 00 00 01 BA.
	{"video/mpeg", ieMoreThan, 4, "", []string{"\x00\x00\x01\xB3", "\x00\x00\x01\xBA"}, false},
	// 11. application_postscript_filter: size > 2; "%!".
	{"application/postscript", ieMoreThan, 2, "", []string{"%!"}, false},
	// 12. application_pdf_filter: size > 4; "%PDF".
	{"application/pdf", ieMoreThan, 4, "", []string{"%PDF"}, false},
	// 13. application_xzip_filter: size > 2; "PK".
	{"application/x-zip-compressed", ieMoreThan, 2, "", []string{"PK"}, false},
	// 14. application_xgzip_filter: size > 2; 1F 8B.
	{"application/x-gzip-compressed", ieMoreThan, 2, "", []string{"\x1F\x8B"}, false},
	// 15. application_java_filter: size > 4; CA FE BA BE.
	{"application/java", ieMoreThan, 4, "", []string{"\xCA\xFE\xBA\xBE"}, false},
	// 16. application_xmsdownload: size > 2; "MZ".
	{"application/x-msdownload", ieMoreThan, 2, "", []string{"MZ"}, false},
	// 17. text_plain_filter: every byte but the last is a text byte.
	{ieTextPlain, ieAnySize, 0, "", nil, true},
	// 18. application_octet_stream_filter: always.
	{ieOctetStream, ieAnySize, 0, "", nil, false},
}

// riffMask is the mask of the RIFF rows: "RIFF", four bytes of size, and a
// four-byte form type.
const riffMask = "\xFF\xFF\xFF\xFF\x00\x00\x00\x00\xFF\xFF\xFF\xFF"

// match reports whether f matches the buffer b.
func (f *ieFilter) match(b []byte) bool {
	switch f.cond {
	case ieAtLeast:
		if len(b) < f.n {
			return false
		}
	case ieMoreThan:
		if len(b) <= f.n {
			return false
		}
	}
	if f.text {
		// Wine's loop runs to b+size-1: the last byte is not read.
		for _, c := range b[:len(b)-1] {
			if !isIETextByte(c) {
				return false
			}
		}
		return true
	}
	if len(f.sigs) == 0 {
		return true
	}
	for _, s := range f.sigs {
		if ieHasMaskedPrefix(b, s, f.mask) {
			return true
		}
	}
	return false
}

// ieHasMaskedPrefix reports whether b starts with sig under mask (all 0xFF
// when empty).
func ieHasMaskedPrefix(b []byte, sig, mask string) bool {
	if len(b) < len(sig) {
		return false
	}
	for i := 0; i < len(sig); i++ {
		m := byte(0xFF)
		if mask != "" {
			m = mask[i]
		}
		if b[i]&m != sig[i] {
			return false
		}
	}
	return true
}

// ieScan returns the index of the first of filters that matches at an offset
// of b.
//
// It tries the any-position filters at every offset of b, from 0, and
// returns the index of the first that matches, filters in order at each
// offset. Their patterns all start with "<" (TestIEFilterTables checks it),
// so it only stops at the offsets of a "<".
func ieScan(b []byte, filters []ieFilter) (int, bool) {
	for off := 0; off < len(b); off++ {
		next := bytes.IndexByte(b[off:], '<')
		if next < 0 {
			break
		}
		off += next
		if i, ok := ieMatchAt(b, off, filters); ok {
			return i, true
		}
	}
	return 0, false
}

// ieMatchAt returns the index of the first of filters that matches b from off.
//
// It tries filters in order on the bytes of b from off to the end.
func ieMatchAt(b []byte, off int, filters []ieFilter) (int, bool) {
	for i := range filters {
		if filters[i].match(b[off:]) {
			return i, true
		}
	}
	return 0, false
}

// isIETextByte reports whether FindMimeFromData counts c as text
// (is_text_plain_char).
//
// Text is anything but a byte below 0x20 other than TAB, LF and CR. Bytes
// from 0x80 up are text.
func isIETextByte(c byte) bool {
	return c >= 0x20 || c == '\t' || c == '\n' || c == '\r'
}

// ieFilterFor returns the index of the filter for the type t in filters, or
// -1.
func ieFilterFor(filters []ieFilter, t string) int {
	for i := range filters {
		if filters[i].mime == t {
			return i
		}
	}
	return -1
}

// isIEKnown reports whether t is one of the types FindMimeFromData has a
// filter for.
//
// These are Wine's is_known_mime_type: the 20 types of its two tables,
// text/plain and application/octet-stream included.
func isIEKnown(t string) bool {
	return ieFilterFor(ieAnyPosFilters, t) >= 0 || ieFilterFor(ieFilters, t) >= 0
}

// ieTypeFromURL returns the registry's Content Type for url's extension.
//
// It is Wine's find_mime_from_url: the extension runs from the last "."
// before the first "?" or "#" to that character (or the end), and "" is
// returned where there is no "." or no registry. "%2e" is not a dot.
// Non-ASCII text gives the answer IE gives for the same text in UTF-16: no
// byte of a multi-byte UTF-8 sequence is one of the characters IE looks
// for (".", "?", "#", ";").
func ieTypeFromURL(url string, registry func(ext string) string) string {
	end := strings.IndexAny(url, "?#")
	if end < 0 {
		end = len(url)
	}
	dot := strings.LastIndexByte(url[:end], '.')
	if dot < 0 || registry == nil {
		return ""
	}
	return registry(url[dot:end])
}

// cutAtSemicolon returns s up to its first ";".
//
// An answer that IE gives as an empty string (a proposed type that starts
// with ";") is "" too, as where IE fails.
func cutAtSemicolon(s string) string {
	if i := strings.IndexByte(s, ';'); i >= 0 {
		return s[:i]
	}
	return s
}

// cString returns s up to its first NUL byte, where Windows would see the end
// of the string.
func cString(s string) string {
	if i := strings.IndexByte(s, 0); i >= 0 {
		return s[:i]
	}
	return s
}
