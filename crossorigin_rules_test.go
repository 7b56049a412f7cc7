// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/mimesniff/mimesniff"
)

// Bodies of the cross-origin rules' rows.
const (
	orbPNG  = "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89"
	orbJSON = `{"user":"alice","token":"s3cr3t"}`
	orbText = "A secret note, for alice only.\n"
)

// ebmlDocType returns an EBML header whose DocType element, naming
// docType, follows a Void element of void bytes: its name starts at byte
// 12+void. Firefox's media sniffer parses the header (nestegg_sniff, over the
// 512 bytes nsMediaSniffer reads) and skips an element of no known ID, Void
// among them (nestegg.c, ne_parse), so the DocType counts wherever it lies in
// those bytes.
func ebmlDocType(void int, docType string) string {
	vint := func(n int) string { return string([]byte{0x40 | byte(n>>8), byte(n)}) } // a two-byte size
	elements := "\xEC" + vint(void) + strings.Repeat("\x00", void) + "\x42\x82" + string([]byte{0x80 | byte(len(docType))}) + docType
	return "\x1A\x45\xDF\xA3" + vint(len(elements)) + elements
}

// TestCrossOriginRules checks the report's cross-origin verdicts at the
// edges of each rule of crossorigin.go, chromium.go, firefox.go and the
// per-way verdicts of serve.go, on responses the recordings do not hold
// (TestCrossOriginRecordings replays those), each beside its near miss.
// Each row's expectation is taken from its source, named in the comment
// above it: the engine's code (file and function), the Fetch standard, or
// the ORB proposal (https://github.com/annevk/orb, the Standard profile);
// a row states only the profiles its source speaks for.
func TestCrossOriginRules(t *testing.T) {
	const (
		S = mimesniff.Standard
		C = mimesniff.Chromium
		F = mimesniff.Firefox
		W = mimesniff.WebKit
	)
	ct := func(v string) []string { return []string{"Content-Type", v} }
	ns := []string{"X-Content-Type-Options", "nosniff"}
	corp := func(v string) []string { return []string{"Cross-Origin-Resource-Policy", v} }
	every := func(delivered bool) map[mimesniff.Browser]bool {
		return map[mimesniff.Browser]bool{S: delivered, C: delivered, F: delivered, W: delivered}
	}
	for _, tc := range []struct {
		name   string
		header []string // name, value, ... in order
		body   string
		dest   mimesniff.Destination // DestinationEmpty: a no-cors fetch
		want   map[mimesniff.Browser]bool
	}{
		// Fetch's cross-origin resource policy internal check, over the
		// header list, whose values have no leading or trailing tab or
		// space (Fetch's "header value"; net/http trims them as it
		// writes the line), joined by ", ".
		{"corp same-origin padded with spaces", corp(" same-origin "), orbPNG, mimesniff.DestinationImage, every(false)},
		{"corp same-site padded with tabs", corp("\tsame-site\t"), orbPNG, mimesniff.DestinationImage, every(false)},
		{"corp same-origin after a form feed", corp("\fsame-origin"), orbPNG, mimesniff.DestinationImage, every(true)},
		{"corp same-origin before a vertical tab", corp("same-origin\v"), orbPNG, mimesniff.DestinationImage, every(true)},
		{"corp same-origin before a no-break space", corp("same-origin\u00a0"), orbPNG, mimesniff.DestinationImage, every(true)},
		{"corp same-origin then an empty line", slices.Concat(corp("same-origin"), corp("")), orbPNG, mimesniff.DestinationImage, every(true)},
		{"corp an empty line then same-origin", slices.Concat(corp(""), corp("same-origin")), orbPNG, mimesniff.DestinationImage, every(true)},
		{"corp Same-Site", corp("Same-Site"), orbPNG, mimesniff.DestinationImage, every(true)},

		// Firefox lets every body of these types through before it
		// blocks or sniffs (OpaqueResponseUtils.cpp,
		// IsOpaqueSafeListedSpecBreakingMIMEType, with the media
		// exceptions of its default "AllowSome": AUDIO_MP3, AUDIO_AAC,
		// AUDIO_AACP, MULTIPART_MIXED_REPLACE).
		{"firefox audio/aacp", ct("audio/aacp"), orbJSON, mimesniff.DestinationImage, map[mimesniff.Browser]bool{F: true}},
		{"firefox audio/aac", ct("audio/aac"), orbJSON, mimesniff.DestinationImage, map[mimesniff.Browser]bool{F: true}},
		{"firefox audio/x-aacp is sniffed", ct("audio/x-aacp"), orbJSON, mimesniff.DestinationImage, map[mimesniff.Browser]bool{F: false}},
		{"firefox multipart/x-mixed-replace", ct("multipart/x-mixed-replace; boundary=b"), orbJSON, mimesniff.DestinationEmpty, map[mimesniff.Browser]bool{F: true}},
		{"firefox application/dash+xml", ct("application/dash+xml"), orbJSON, mimesniff.DestinationEmpty, map[mimesniff.Browser]bool{F: true}},
		{"firefox application/vnd.apple.mpegurl", ct("application/vnd.apple.mpegurl"), orbJSON, mimesniff.DestinationEmpty, map[mimesniff.Browser]bool{F: true}},
		{"firefox audio/mpegurl", ct("audio/mpegurl"), orbJSON, mimesniff.DestinationEmpty, map[mimesniff.Browser]bool{F: true}},

		// Firefox's media sniffer (nsMediaSniffer.cpp, MatchesWebM and
		// MatchesMatroska) finds an EBML DocType wherever the header
		// puts it within the 512 bytes it reads (MAX_BYTES_SNIFFED).
		{"firefox webm doctype at byte 60", ct("text/plain"), ebmlDocType(48, "webm"), mimesniff.DestinationVideo, map[mimesniff.Browser]bool{F: true}},
		{"firefox webm doctype at byte 400", ct("text/plain"), ebmlDocType(388, "webm"), mimesniff.DestinationImage, map[mimesniff.Browser]bool{F: true}},
		{"firefox matroska doctype at byte 300", ct("text/plain"), ebmlDocType(288, "matroska"), mimesniff.DestinationAudio, map[mimesniff.Browser]bool{F: true}},
		{"firefox webm doctype at byte 600, unread", ct("text/plain"), ebmlDocType(588, "webm"), mimesniff.DestinationImage, map[mimesniff.Browser]bool{F: false}},
		{"firefox webm doctype without the EBML magic", ct("text/plain"), "\x1B" + ebmlDocType(48, "webm")[1:], mimesniff.DestinationImage, map[mimesniff.Browser]bool{F: false}},

		// Chromium's CORB HTML sniffer skips an HTML comment with the
		// rest of its line, to the first CR, LF, U+2028 or U+2029
		// (orb_sniffers.cc, MaybeSkipHtmlComment and
		// FindFirstJavascriptLineTerminator); with none after the
		// comment it answers "maybe", and ORB blocks only on "yes"
		// (orb_impl.cc, Sniff).
		{"chromium comment then a tag on its line", ct("text/plain"), "<!-- a --><html>secret", mimesniff.DestinationImage, map[mimesniff.Browser]bool{C: true}},
		{"chromium comment, text, then a tag on the next line", ct("text/plain"), "<!-- a --> x\n<html>secret", mimesniff.DestinationImage, map[mimesniff.Browser]bool{C: false}},
		{"chromium comment, CR, then a tag", ct("text/plain"), "<!-- a -->\r<p>secret", mimesniff.DestinationImage, map[mimesniff.Browser]bool{C: false}},
		{"chromium comment, U+2028, then a tag", ct("text/plain"), "<!-- a -->\u2028\n<html>secret", mimesniff.DestinationImage, map[mimesniff.Browser]bool{C: true}},
		{"chromium comment, U+2029, then a tag", ct("text/plain"), "<!-- a -->\u2029\n<html>secret", mimesniff.DestinationImage, map[mimesniff.Browser]bool{C: true}},
		{"chromium comment whose end is looked for after its start", ct("text/plain"), "<!-->\n<html> -->", mimesniff.DestinationImage, map[mimesniff.Browser]bool{C: true}},
		{"chromium two comment lines, then a tag", ct("text/plain"), "<!-- a -->\n<!-- b -->\n<b>secret", mimesniff.DestinationImage, map[mimesniff.Browser]bool{C: false}},

		// Chromium's CORB JSON sniffer: a brace, a string, a colon,
		// with space, tab, CR and LF between, and a backslash escaping
		// the next byte in the string (orb_sniffers.cc, SniffForJSON).
		{"chromium json key with an escaped quote", ct("text/plain"), `{"a\"b": 1}`, mimesniff.DestinationImage, map[mimesniff.Browser]bool{C: false}},
		{"chromium json key with an escaped backslash", ct("text/plain"), `{"a\\": 1}`, mimesniff.DestinationImage, map[mimesniff.Browser]bool{C: false}},
		{"chromium json key then no colon", ct("text/plain"), `{"a\"b" 1}`, mimesniff.DestinationImage, map[mimesniff.Browser]bool{C: true}},
		{"chromium json after whitespace", ct("text/plain"), " \t\r\n{ \"a\" :1}", mimesniff.DestinationImage, map[mimesniff.Browser]bool{C: false}},
		// Its script-breaking prefixes count at the very start only
		// (orb_sniffers.cc, SniffForFetchOnlyResource, MatchesSignature
		// with no whitespace skipped).
		{"chromium script breaker after a space", ct("text/plain"), " )]}'\n[1]", mimesniff.DestinationImage, map[mimesniff.Browser]bool{C: true}},
		{"chromium while (1);", ct("text/plain"), "while (1);[1,2]", mimesniff.DestinationImage, map[mimesniff.Browser]bool{C: false}},
		// Its XML sniffer: <?xml with case, after whitespace
		// (SniffForXML).
		{"chromium <?xml after spaces", ct("text/plain"), "  <?xml version=\"1.0\"?><a/>", mimesniff.DestinationImage, map[mimesniff.Browser]bool{C: false}},
		{"chromium <?XML", ct("text/plain"), "<?XML version=\"1.0\"?><a/>", mimesniff.DestinationImage, map[mimesniff.Browser]bool{C: true}},
		// Its HTML tags, without case, after whitespace; a tab is one.
		{"chromium tab then <BODY>", ct("text/plain"), "\t<BODY>secret", mimesniff.DestinationImage, map[mimesniff.Browser]bool{C: false}},
		// ORB reads the first 1024 bytes (orb_impl.cc: "Wait for 1024
		// bytes"): a tag after them is not seen.
		{"chromium tag after 1024 spaces", ct("text/plain"), strings.Repeat(" ", 1024) + "<html>secret", mimesniff.DestinationImage, map[mimesniff.Browser]bool{C: true}},
		{"chromium tag after 1018 spaces", ct("text/plain"), strings.Repeat(" ", 1018) + "<html>secret", mimesniff.DestinationImage, map[mimesniff.Browser]bool{C: false}},
		// Its network sniffer finds video/mp4 and video/quicktime in
		// any four bytes then ftyp or moov (mime_sniffer.cc,
		// kExtraMagicNumbers, "....ftyp", "....moov"), and ORB lets
		// media through before CORB's sniffers look (orb_impl.cc, Sniff).
		{"chromium four bytes then ftyp", ct("text/plain"), `{"":ftyp"}`, mimesniff.DestinationImage, map[mimesniff.Browser]bool{C: true}},
		{"chromium four bytes then moov", ct("text/plain"), `{"":moov"}`, mimesniff.DestinationImage, map[mimesniff.Browser]bool{C: true}},
		{"chromium four bytes then neither", ct("text/plain"), `{"":ftyx"}`, mimesniff.DestinationImage, map[mimesniff.Browser]bool{C: false}},

		// Chromium's types (orb_mimetypes.cc, GetCanonicalMimeType and
		// GetNeverSniffedMimeTypes; orb_impl.cc, IsAudioOrVideoMimeType).
		{"chromium application/json+protobuf under nosniff", slices.Concat(ct("application/json+protobuf"), ns), orbPNG, mimesniff.DestinationImage, map[mimesniff.Browser]bool{C: false}},
		{"chromium application/json+protobuf sniffed", ct("application/json+protobuf"), orbPNG, mimesniff.DestinationImage, map[mimesniff.Browser]bool{C: true}},
		{"chromium application/x-protobuffer is sniffed", ct("application/x-protobuffer"), orbPNG, mimesniff.DestinationImage, map[mimesniff.Browser]bool{C: true}},
		{"chromium application/x-protobuf is never sniffed", ct("application/x-protobuf"), orbPNG, mimesniff.DestinationImage, map[mimesniff.Browser]bool{C: false}},
		{"chromium multipart/signed is never sniffed", ct("multipart/signed"), orbPNG, mimesniff.DestinationImage, map[mimesniff.Browser]bool{C: false}},
		{"chromium application/ogg", ct("application/ogg"), orbJSON, mimesniff.DestinationImage, map[mimesniff.Browser]bool{C: true}},
		{"chromium application/dash+xml", ct("application/dash+xml"), orbJSON, mimesniff.DestinationImage, map[mimesniff.Browser]bool{C: true}},
		{"chromium application/vnd.apple.mpegurl", ct("application/vnd.apple.mpegurl"), orbJSON, mimesniff.DestinationImage, map[mimesniff.Browser]bool{C: true}},
		{"chromium audio/wav", ct("audio/wav"), orbJSON, mimesniff.DestinationImage, map[mimesniff.Browser]bool{C: true}},

		// Both engines take a value with an empty subtype for a type
		// (bogus-slash/orb/json-object: JSON under text/ is sniffed and
		// blocked), the last type of the list (comma-tp-html/...,
		// two-html-js/...), */* skipped (star-star/...); Chromium lets
		// any audio/ type through (IsAudioOrVideoMimeType: audio/ is
		// one), Firefox blocks a body of one that is no media
		// (PerformOpaqueResponseSafelistCheckAfterSniff).
		{"empty subtype audio/", ct("audio/"), orbJSON, mimesniff.DestinationImage, map[mimesniff.Browser]bool{C: true, F: false}},
		{"empty subtype AUDIO/", ct("AUDIO/"), orbJSON, mimesniff.DestinationImage, map[mimesniff.Browser]bool{C: true, F: false}},
		{"empty subtype after a tab", ct("\taudio/"), orbJSON, mimesniff.DestinationImage, map[mimesniff.Browser]bool{C: true, F: false}},
		{"empty subtype before a tab", ct("audio/\t"), orbJSON, mimesniff.DestinationImage, map[mimesniff.Browser]bool{C: true, F: false}},
		{"empty subtype before a space and parameters", ct("text/ ;charset=utf-8"), orbJSON, mimesniff.DestinationImage, map[mimesniff.Browser]bool{C: false}},
		{"empty subtype before a tab and parameters", ct("text/\t;charset=utf-8"), orbJSON, mimesniff.DestinationImage, map[mimesniff.Browser]bool{C: false}},
		{"empty subtype before parameters", ct("text/;charset=utf-8"), orbJSON, mimesniff.DestinationImage, map[mimesniff.Browser]bool{C: false}},
		{"empty subtype last in a list", ct("text/html, audio/"), orbJSON, mimesniff.DestinationImage, map[mimesniff.Browser]bool{C: true, F: false}},
		{"empty subtype last, before */*", ct("audio/,*/*"), orbJSON, mimesniff.DestinationImage, map[mimesniff.Browser]bool{C: true, F: false}},
		{"empty subtype then a type", ct("audio/, application/json"), orbJSON, mimesniff.DestinationImage, map[mimesniff.Browser]bool{C: false}},
		{"a type then an empty subtype, two lines", slices.Concat(ct("application/json"), ct("audio/")), orbJSON, mimesniff.DestinationImage, map[mimesniff.Browser]bool{C: true, F: false}},
		// The engines take any first word with a slash for a type
		// (mime_util.cc, ParseMimeType; nsURLHelper.cpp,
		// net_ParseMediaType): a bare slash is one, "te xt/", whose
		// first word is "te", is none.
		{"a bare slash is a type", ct("/"), orbJSON, mimesniff.DestinationImage, map[mimesniff.Browser]bool{C: false, F: false}},
		{"a slash after the first word is no type", ct("te xt/"), orbJSON, mimesniff.DestinationImage, map[mimesniff.Browser]bool{C: true, F: true}},
		{"never-sniffed then an empty subtype", ct("application/pdf, text/"), orbText, mimesniff.DestinationImage, map[mimesniff.Browser]bool{C: true}},

		// The ORB proposal (the Standard profile), step by step.
		{"standard text/css", ct("text/css"), orbJSON, mimesniff.DestinationImage, map[mimesniff.Browser]bool{S: true}},
		{"standard image/svg+xml", ct("image/svg+xml"), orbJSON, mimesniff.DestinationImage, map[mimesniff.Browser]bool{S: true}},
		{"standard text/javascript", ct("text/javascript"), "<!doctype html><p>secret", mimesniff.DestinationImage, map[mimesniff.Browser]bool{S: true}},
		{"standard never-sniffed application/pdf", ct("application/pdf"), orbPNG, mimesniff.DestinationImage, map[mimesniff.Browser]bool{S: false}},
		{"standard nosniff text/plain", slices.Concat(ct("text/plain"), ns), orbPNG, mimesniff.DestinationImage, map[mimesniff.Browser]bool{S: false}},
		{"standard nosniff text/html", slices.Concat(ct("text/html"), ns), orbPNG, mimesniff.DestinationImage, map[mimesniff.Browser]bool{S: false}},
		{"standard nosniff application/octet-stream, an image", slices.Concat(ct("application/octet-stream"), ns), orbPNG, mimesniff.DestinationImage, map[mimesniff.Browser]bool{S: true}},
		{"standard an image under text/plain", ct("text/plain"), orbPNG, mimesniff.DestinationImage, map[mimesniff.Browser]bool{S: true}},
		{"standard media under text/plain, to a media element", ct("text/plain"), "ID3\x04\x00\x00\x00\x00\x00\x00", mimesniff.DestinationAudio, map[mimesniff.Browser]bool{S: true}},
		{"standard JSON to a media element", ct("text/plain"), "[1,2]", mimesniff.DestinationAudio, map[mimesniff.Browser]bool{S: false}},
		{"standard no type, nosniff", ns, orbJSON, mimesniff.DestinationEmpty, map[mimesniff.Browser]bool{S: false}},
		{"standard no type", nil, orbJSON, mimesniff.DestinationEmpty, map[mimesniff.Browser]bool{S: true}},
		{"standard image/png, a script", ct("image/png"), "var a = 1;", mimesniff.DestinationEmpty, map[mimesniff.Browser]bool{S: false}},
		{"standard video/mp4, a script", ct("video/mp4"), "var a = 1;", mimesniff.DestinationEmpty, map[mimesniff.Browser]bool{S: false}},
		{"standard audio/mpeg, a script", ct("audio/mpeg"), "var a = 1;", mimesniff.DestinationEmpty, map[mimesniff.Browser]bool{S: false}},
		{"standard text/plain, a script", ct("text/plain"), "var a = 1;", mimesniff.DestinationEmpty, map[mimesniff.Browser]bool{S: true}},
		{"standard text/plain, JSON", ct("text/plain"), "[1,2]", mimesniff.DestinationEmpty, map[mimesniff.Browser]bool{S: false}},
		// Fetch blocks a script of an image/ type, and under nosniff a
		// style sheet of another type than text/css ("should response
		// to request be blocked due to its MIME type?", "... due to
		// nosniff?"), before ORB hands anything over in the standard and
		// in Firefox's network process; Chromium checks them in the
		// page's process (serve.go, crossOrigin), after ORB let the
		// image through.
		{"an image as a script", ct("image/png"), orbPNG, mimesniff.DestinationScript, map[mimesniff.Browser]bool{S: false, C: true, F: false}},
		{"an image as a style sheet, nosniff", slices.Concat(ct("image/png"), ns), orbPNG, mimesniff.DestinationStyle, map[mimesniff.Browser]bool{S: false, C: true, F: false}},
		{"an image as an image, nosniff", slices.Concat(ct("image/png"), ns), orbPNG, mimesniff.DestinationImage, map[mimesniff.Browser]bool{S: true, C: true, F: true}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rep := mimesniff.ReportFor(header(tc.header...), []byte(tc.body))
			v, ok := rep.Verdict(tc.dest)
			if !ok {
				t.Fatalf("Verdict(%v): no verdict", tc.dest)
			}
			for _, b := range []mimesniff.Browser{S, C, F, W} {
				want, ok := tc.want[b]
				if !ok {
					continue
				}
				if got := v.CrossOrigin.Has(b); got != want {
					t.Errorf("ReportFor(%q, %.40q).Verdict(%v): another site gets the bytes in %v: %v, want %v",
						tc.header, tc.body, tc.dest, b, got, want)
				}
			}
		})
	}
}
