// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff_test

import (
	"bytes"
	"net/http"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/mimesniff/mimesniff"
)

// Expected values in this file come from the standard's steps and tables
// (https://mimesniff.spec.whatwg.org/) and, where the standard is wrong, from
// the decisions B1 to B13 of the implementation notes, each cited with its
// upstream issue.

// mt parses a MIME type for a test table; "" is the undefined type.
func mt(s string) mimesniff.MIMEType {
	if s == "" {
		return mimesniff.MIMEType{}
	}
	return mimesniff.MustParse(s)
}

// cat concatenates byte strings.
func cat(parts ...string) []byte { return []byte(strings.Join(parts, "")) }

// mp3 returns n bytes holding the 4-byte MPEG audio frame header h at offset
// 0 and again at offset next (if next+4 <= n), and zeros elsewhere.
func mp3(h string, next, n int) []byte {
	b := make([]byte, n)
	copy(b, h)
	if next+4 <= n {
		copy(b[next:], h)
	}
	return b
}

// ebml returns a WebM-like EBML header: the magic, a header size byte, and
// rest.
func ebml(rest string) []byte { return cat("\x1A\x45\xDF\xA3", rest) }

// ftyp returns an ISO BMFF ftyp box of the given size field, major brand,
// minor version 0 and compatible brands, padded with zeros to pad bytes.
func ftyp(size uint32, major string, pad int, compatible ...string) []byte {
	b := []byte{byte(size >> 24), byte(size >> 16), byte(size >> 8), byte(size)}
	b = append(b, "ftyp"+major+"\x00\x00\x00\x00"...)
	for _, c := range compatible {
		b = append(b, c...)
	}
	for len(b) < pad {
		b = append(b, 0)
	}
	return b
}

func TestSniff(t *testing.T) {
	png := cat("\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR")
	gif := cat("GIF89a\x01\x00\x01\x00")
	html := cat("<!DOCTYPE html><title>x</title>")
	tests := []struct {
		name string
		r    mimesniff.Resource
		want string
	}{
		// Step 1: a supplied XML or HTML type is never changed.
		{"html supplied, png bytes", mimesniff.Resource{Supplied: mt("text/html;charset=utf-8"), Header: png}, "text/html;charset=utf-8"},
		{"svg supplied, png bytes", mimesniff.Resource{Supplied: mt("image/svg+xml"), Header: png}, "image/svg+xml"},
		{"text/xml supplied, html bytes", mimesniff.Resource{Supplied: mt("text/xml"), Header: html}, "text/xml"},
		{"rss supplied, gif bytes", mimesniff.Resource{Supplied: mt("application/rss+xml"), Header: gif}, "application/rss+xml"},
		{"xhtml supplied, apache flag", mimesniff.Resource{Supplied: mt("application/xhtml+xml"), CheckForApacheBug: true, Header: []byte{0}}, "application/xhtml+xml"},
		{"html supplied, feed bytes", mimesniff.Resource{Supplied: mt("text/html"), Header: cat("<rss version='2.0'>")}, "text/html"},

		// Step 2: undefined, unknown/unknown, application/unknown, */*.
		{"undefined, html", mimesniff.Resource{Header: html}, "text/html"},
		{"unknown/unknown, png", mimesniff.Resource{Supplied: mt("unknown/unknown"), Header: png}, "image/png"},
		{"application/unknown, html", mimesniff.Resource{Supplied: mt("application/unknown"), Header: html}, "text/html"},
		{"*/*, gif", mimesniff.Resource{Supplied: mt("*/*"), Header: gif}, "image/gif"},
		{"UNKNOWN/Unknown with params", mimesniff.Resource{Supplied: mt("UNKNOWN/Unknown;x=y"), Header: gif}, "image/gif"},
		{"near miss: unknown/x is a type", mimesniff.Resource{Supplied: mt("unknown/x"), Header: gif}, "unknown/x"},
		{"undefined, nosniff, html", mimesniff.Resource{NoSniff: true, Header: html}, "text/plain"},
		{"undefined, nosniff, pdf", mimesniff.Resource{NoSniff: true, Header: cat("%PDF-1.7")}, "text/plain"},
		{"undefined, nosniff, png", mimesniff.Resource{NoSniff: true, Header: png}, "image/png"},
		{"*/*, nosniff, html", mimesniff.Resource{Supplied: mt("*/*"), NoSniff: true, Header: html}, "text/plain"},
		{"undefined, empty", mimesniff.Resource{}, "text/plain"},

		// Step 3: no-sniff keeps a defined type.
		{"nosniff, image/gif, png bytes", mimesniff.Resource{Supplied: mt("image/gif"), NoSniff: true, Header: png}, "image/gif"},
		{"nosniff beats apache", mimesniff.Resource{Supplied: mt("text/plain"), NoSniff: true, CheckForApacheBug: true, Header: []byte{0, 1, 2}}, "text/plain"},

		// Step 4: the apache bug: text or binary only.
		{"apache, binary", mimesniff.Resource{Supplied: mt("text/plain"), CheckForApacheBug: true, Header: []byte{0, 1, 2}}, "application/octet-stream"},
		{"apache, text", mimesniff.Resource{Supplied: mt("text/plain"), CheckForApacheBug: true, Header: cat("hello")}, "text/plain"},
		{"apache, html is never upgraded", mimesniff.Resource{Supplied: mt("text/plain"), CheckForApacheBug: true, Header: html}, "text/plain"},
		{"apache, png is binary", mimesniff.Resource{Supplied: mt("text/plain"), CheckForApacheBug: true, Header: png}, "application/octet-stream"},
		// B9: the result has no charset; take it from the supplied type.
		{"apache, charset dropped", mimesniff.Resource{Supplied: mt("text/plain; charset=UTF-8"), CheckForApacheBug: true, Header: cat("hi")}, "text/plain"},

		// Steps 5 and 6: a supplied image type.
		{"image/gif, png bytes", mimesniff.Resource{Supplied: mt("image/gif"), Header: png}, "image/png"},
		{"image/png, text bytes", mimesniff.Resource{Supplied: mt("image/png;x=1"), Header: cat("hello")}, "image/png;x=1"},
		{"image/x, webm bytes: no audio table", mimesniff.Resource{Supplied: mt("image/x"), Header: ebml("\x81\x42\x82\x84webm")}, "image/x"},
		{"image/gif, html bytes: never scriptable", mimesniff.Resource{Supplied: mt("image/gif"), Header: html}, "image/gif"},
		// B10: "supported by the user agent" is the caller's predicate
		// (w3c/preload#113); an unsupported image type is not sniffed.
		{"unsupported image/gif", mimesniff.Resource{Supplied: mt("image/gif"), Header: png, Supported: func(t mimesniff.MIMEType) bool { return t.Essence() != "image/gif" }}, "image/gif"},
		{"supported image/gif", mimesniff.Resource{Supplied: mt("image/gif"), Header: png, Supported: func(t mimesniff.MIMEType) bool { return true }}, "image/png"},

		// Steps 7 and 8: a supplied audio or video type.
		{"audio/mpeg, webm bytes", mimesniff.Resource{Supplied: mt("audio/mpeg"), Header: ebml("\x81\x42\x82\x84webm")}, "video/webm"},
		{"application/ogg, wav bytes", mimesniff.Resource{Supplied: mt("application/ogg"), Header: cat("RIFF\x00\x00\x00\x00WAVE")}, "audio/wave"},
		{"video/mp4, png bytes: no image table", mimesniff.Resource{Supplied: mt("video/mp4"), Header: png}, "video/mp4"},
		{"unsupported video/x", mimesniff.Resource{Supplied: mt("video/x"), Header: cat("OggS\x00"), Supported: func(mimesniff.MIMEType) bool { return false }}, "video/x"},

		// Step 9: any other type stays.
		{"application/octet-stream, html", mimesniff.Resource{Supplied: mt("application/octet-stream"), Header: html}, "application/octet-stream"},
		{"text/plain without apache, png", mimesniff.Resource{Supplied: mt("text/plain"), Header: png}, "text/plain"},
		{"font/woff, png", mimesniff.Resource{Supplied: mt("font/woff"), Header: png}, "font/woff"},
		{"application/zip, gzip bytes", mimesniff.Resource{Supplied: mt("application/zip"), Header: cat("\x1f\x8b\x08")}, "application/zip"},

		// Only HeaderSize bytes count.
		{"binary byte past the header", mimesniff.Resource{Header: append(bytes.Repeat([]byte("a"), mimesniff.HeaderSize), 0)}, "text/plain"},
		{"binary byte ends the header", mimesniff.Resource{Header: append(bytes.Repeat([]byte("a"), mimesniff.HeaderSize-1), 0)}, "application/octet-stream"},

		// The legacy feed rules are opt-in, for text/html only.
		{"feeds, html supplied, rss", mimesniff.Resource{Supplied: mt("text/html"), SniffFeeds: true, Header: cat("<rss version='2.0'>")}, "application/rss+xml"},
		{"feeds, html supplied, html", mimesniff.Resource{Supplied: mt("text/html;charset=utf-8"), SniffFeeds: true, Header: html}, "text/html;charset=utf-8"},
		{"feeds, nosniff", mimesniff.Resource{Supplied: mt("text/html"), SniffFeeds: true, NoSniff: true, Header: cat("<rss>")}, "text/html"},
		{"feeds, text/plain supplied", mimesniff.Resource{Supplied: mt("text/plain"), SniffFeeds: true, Header: cat("<rss>")}, "text/plain"},
		{"feeds, undefined", mimesniff.Resource{SniffFeeds: true, Header: cat("<rss>")}, "text/plain"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.r.Sniff(); got.String() != tc.want {
				t.Errorf("Sniff() = %q, want %q", got, tc.want)
			}
		})
	}
}

func TestSniffUnknown(t *testing.T) {
	tests := []struct {
		name       string
		in         []byte
		scriptable string // result with the sniff-scriptable flag set
		plain      string // result with it unset
	}{
		// The scriptable table, with leading whitespace bytes skipped.
		{"doctype", cat("<!DOCTYPE HTML>"), "text/html", "text/plain"},
		{"doctype lower case", cat("<!doctype html "), "text/html", "text/plain"},
		{"doctype after whitespace", cat("\t\n\x0c\r <!DOCTYPE html>"), "text/html", "text/plain"},
		{"near miss: doctype after VT, a binary byte", cat("\x0b<!DOCTYPE html>"), "application/octet-stream", "application/octet-stream"},
		{"near miss: doctype without space", cat("<!DOCTYPEHTML>"), "text/plain", "text/plain"},
		{"html", cat("<html>"), "text/html", "text/plain"},
		{"head", cat("<HEAD "), "text/html", "text/plain"},
		{"script", cat("<script>"), "text/html", "text/plain"},
		{"iframe", cat("<iframe "), "text/html", "text/plain"},
		{"h1", cat("<h1>"), "text/html", "text/plain"},
		{"near miss: h2", cat("<h2>"), "text/plain", "text/plain"},
		{"div", cat("<div>"), "text/html", "text/plain"},
		{"font", cat("<font>"), "text/html", "text/plain"},
		{"table", cat("<table>"), "text/html", "text/plain"},
		{"a", cat("<a href=x>"), "text/html", "text/plain"},
		{"near miss: abbr", cat("<abbr>"), "text/plain", "text/plain"},
		{"style", cat("<style>"), "text/html", "text/plain"},
		{"title", cat("<title>"), "text/html", "text/plain"},
		{"b", cat("<b>"), "text/html", "text/plain"},
		{"body", cat("<body>"), "text/html", "text/plain"},
		{"br", cat("<br>"), "text/html", "text/plain"},
		{"p", cat("<p>"), "text/html", "text/plain"},
		{"comment", cat("<!-- x -->"), "text/html", "text/plain"},
		{"near miss: comment without TT", cat("<!--x-->"), "text/plain", "text/plain"},
		{"xml", cat("<?xml version='1.0'?>"), "text/xml", "text/plain"},
		{"xml after whitespace", cat("  <?xml"), "text/xml", "text/plain"},
		{"near miss: XML upper case", cat("<?XML"), "text/plain", "text/plain"},
		{"pdf", cat("%PDF-1.4"), "application/pdf", "text/plain"},
		{"near miss: pdf after space", cat(" %PDF-1.4"), "text/plain", "text/plain"},
		// B2: TT is 0x20 or 0x3E only, and never the end of input. (Chrome
		// and Firefox ignore TT, whatwg/mimesniff#154; the standard does
		// not.)
		{"B2 html at end of input", cat("<HTML"), "text/plain", "text/plain"},
		{"B2 html then tab", cat("<HTML\t"), "text/plain", "text/plain"},
		{"B2 p then <", cat("<P<"), "text/plain", "text/plain"},
		{"B2 b then 0", cat("<B0"), "text/plain", "text/plain"},
		// B1: whitespace as long as a pattern is not an out-of-bounds
		// read (the text's matcher reads past the end here; Ladybird
		// #11930 was a crash from it).
		// read.
		{"B1 15 spaces", bytes.Repeat([]byte(" "), 15), "text/plain", "text/plain"},
		{"B1 14 spaces then <", cat(strings.Repeat(" ", 14), "<"), "text/plain", "text/plain"},
		{"B1 whitespace then <p", cat("  <p"), "text/plain", "text/plain"},

		// The table that does not depend on the flag.
		{"postscript", cat("%!PS-Adobe-3.0"), "application/postscript", "application/postscript"},
		{"utf-16be bom", cat("\xfe\xff\x00h"), "text/plain", "text/plain"},
		{"utf-16le bom", cat("\xff\xfeh\x00"), "text/plain", "text/plain"},
		{"utf-8 bom", cat("\xef\xbb\xbf\x01"), "text/plain", "text/plain"},
		// B12: a BOM row is 4 bytes long; shorter inputs (as in WPT's
		// vectors) fall through to
		// the binary check.
		{"B12 utf-16be bom, 3 bytes", cat("\xfe\xff\x00"), "application/octet-stream", "application/octet-stream"},
		{"B12 utf-16be bom, 2 bytes", cat("\xfe\xff"), "text/plain", "text/plain"},
		{"B12 ogg without NUL", cat("OggS"), "text/plain", "text/plain"},
		// The scriptable table comes first.
		{"html before postscript", cat("<p>%!PS-Adobe-"), "text/html", "text/plain"},
		{"bom then html is not html", cat("\xef\xbb\xbf<html>"), "text/plain", "text/plain"},

		// Images, audio and video, archives.
		{"png", cat("\x89PNG\r\n\x1a\n"), "image/png", "image/png"},
		{"jpeg", cat("\xff\xd8\xff\xe0"), "image/jpeg", "image/jpeg"},
		{"webp", cat("RIFF\x10\x00\x00\x00WEBPVP8 "), "image/webp", "image/webp"},
		{"near miss: webp without VP", cat("RIFF\x10\x00\x00\x00WEBPxx"), "application/octet-stream", "application/octet-stream"},
		{"near miss: webp without VP, text", cat("RIFF____WEBPxx"), "text/plain", "text/plain"},
		{"wave", cat("RIFF\x10\x00\x00\x00WAVEfmt "), "audio/wave", "audio/wave"},
		{"midi", cat("MThd\x00\x00\x00\x06\x00\x01"), "audio/midi", "audio/midi"},
		{"mp4", ftyp(16, "mp42", 16), "video/mp4", "video/mp4"},
		{"webm", ebml("\x81\x42\x82\x84webm"), "video/webm", "video/webm"},
		{"mp3 without id3", mp3("\xff\xfb\x90\x00", 417, 421), "audio/mpeg", "audio/mpeg"},
		{"gzip", cat("\x1f\x8b\x08\x00"), "application/x-gzip", "application/x-gzip"},
		{"zip", cat("PK\x03\x04\x14\x00"), "application/zip", "application/zip"},
		{"rar", cat("Rar!\x1a\x07\x00"), "application/x-rar-compressed", "application/x-rar-compressed"},
		{"near miss: old rar", cat("Rar \x1a\x07\x00"), "application/octet-stream", "application/octet-stream"},
		// Fonts are not sniffed by these rules.
		{"woff is not sniffed", cat("wOFF\x00\x01\x00\x00"), "application/octet-stream", "application/octet-stream"},
		{"otf text is text", cat("OTTO"), "text/plain", "text/plain"},

		// Text or binary.
		{"empty", nil, "text/plain", "text/plain"},
		{"text with tab, lf, ff, cr, esc", cat("a\tb\nc\x0cd\re\x1bf"), "text/plain", "text/plain"},
		{"vt is binary", cat("a\x0bb"), "application/octet-stream", "application/octet-stream"},
		{"nul is binary", cat("abc\x00"), "application/octet-stream", "application/octet-stream"},
		{"0x1f is binary", cat("abc\x1f"), "application/octet-stream", "application/octet-stream"},
		{"0x7f and high bytes are not", cat("\x7f\x80\xff"), "text/plain", "text/plain"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := mimesniff.Resource{Header: tc.in}
			if got := r.SniffUnknown(true); got.String() != tc.scriptable {
				t.Errorf("SniffUnknown(true) = %q, want %q", got, tc.scriptable)
			}
			if got := r.SniffUnknown(false); got.String() != tc.plain {
				t.Errorf("SniffUnknown(false) = %q, want %q", got, tc.plain)
			}
		})
	}
}

func TestSniffTextOrBinary(t *testing.T) {
	tests := []struct {
		name string
		in   []byte
		want string
	}{
		{"empty", nil, "text/plain"},
		{"utf-16be bom then binary", cat("\xfe\xff\x00\x01"), "text/plain"},
		{"utf-16le bom then binary", cat("\xff\xfe\x01\x00"), "text/plain"},
		{"utf-16be bom alone", cat("\xfe\xff"), "text/plain"},
		{"utf-8 bom then binary", cat("\xef\xbb\xbf\x00"), "text/plain"},
		{"near miss: utf-8 bom cut short", cat("\xef\xbb\x00"), "application/octet-stream"},
		{"near miss: utf-32be bom", cat("\x00\x00\xfe\xff"), "application/octet-stream"},
		{"html is text", cat("<html>"), "text/plain"},
		{"png is binary", cat("\x89PNG\r\n\x1a\n\x00"), "application/octet-stream"},
		{"every binary byte", nil, ""}, // rows below
	}
	for _, tc := range tests[:len(tests)-1] {
		t.Run(tc.name, func(t *testing.T) {
			if got := (mimesniff.Resource{Header: tc.in}).SniffTextOrBinary(); got.String() != tc.want {
				t.Errorf("SniffTextOrBinary(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
	// Every byte value, alone and at each position of a 16-byte text: a
	// binary data byte is 00-08, 0B, 0E-1A or 1C-1F.
	for b := range 256 {
		binary := b <= 0x08 || b == 0x0B || (0x0E <= b && b <= 0x1A) || (0x1C <= b && b <= 0x1F)
		want := "text/plain"
		if binary {
			want = "application/octet-stream"
		}
		for pos := range 17 {
			in := bytes.Repeat([]byte("x"), 16)
			if pos < 16 {
				in[pos] = byte(b)
			} else {
				in = []byte{byte(b)}
			}
			if got := (mimesniff.Resource{Header: in}).SniffTextOrBinary(); got.String() != want {
				t.Fatalf("SniffTextOrBinary(%q) = %q, want %q", in, got, want)
			}
		}
	}
}

func TestMP4(t *testing.T) {
	tests := []struct {
		name string
		in   []byte
		want bool
	}{
		{"major mp42", ftyp(16, "mp42", 16), true},
		{"major mp41", ftyp(16, "mp41", 16), true},
		{"major mp4 space", ftyp(16, "mp4 ", 16), true},
		{"major mp4 NUL", ftyp(16, "mp4\x00", 16), true},
		// B3: only "mp4" brands count, major or compatible.
		{"isom with compatible mp41", ftyp(24, "isom", 24, "isom", "mp41"), true},
		{"compatible mp4 in the last slot", ftyp(28, "isom", 28, "iso2", "avc1", "mp42"), true},
		{"B3 isom only", ftyp(24, "isom", 24, "isom", "iso2"), false},
		{"B3 avc1", ftyp(20, "avc1", 20, "avc1"), false},
		{"B3 3gp5", ftyp(20, "3gp5", 20, "3gp5"), false},
		{"B3 M4V", ftyp(20, "M4V ", 20, "M4V "), false},
		{"B3 M4A", ftyp(20, "M4A ", 20, "M4A "), false},
		{"B3 qt", ftyp(20, "qt  ", 20, "qt  "), false},
		{"B3 mmp4", ftyp(20, "mmp4", 20, "mmp4"), false},
		{"B3 avif", ftyp(20, "avif", 20, "avif"), false},
		{"near miss: mp4 in the minor version", cat("\x00\x00\x00\x14ftypisom", "mp41", "isom"), false},
		{"near miss: mp4 past the box", append(ftyp(20, "isom", 20, "isom"), "mp41"...), false},
		{"near miss: mp4 not at a multiple of 4", append(ftyp(24, "isom", 17), "mp41xxx"...), false},
		{"box size not a multiple of 4", ftyp(17, "mp42", 17), false},
		{"box size larger than input", ftyp(20, "mp42", 16), false},
		// B3: box size is unsigned; sizes 0, 4 and 8 are not rejected.
		{"B3 box size 0xFFFFFFF0", ftyp(0xFFFFFFF0, "mp42", 16), false},
		{"B3 box size 0", ftyp(0, "mp42", 12), true},
		{"B3 box size 4", ftyp(4, "mp42", 12), true},
		{"B3 box size 8", ftyp(8, "mp42", 12), true},
		{"not ftyp", cat("\x00\x00\x00\x10moovmp42\x00\x00\x00\x00"), false},
		{"11 bytes", ftyp(16, "mp42", 16)[:11], false},
		{"12 bytes, box size 12", ftyp(12, "mp42", 12), true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := mimesniff.MatchesMP4Signature(tc.in); got != tc.want {
				t.Errorf("MatchesMP4Signature(%q) = %v, want %v", tc.in, got, tc.want)
			}
		})
	}
}

func TestWebM(t *testing.T) {
	tests := []struct {
		name string
		in   []byte
		want bool
	}{
		// B4.a (#185): the WPT vector, whose "webm" ends the input.
		{"B4.a 12 bytes ending in webm", ebml("\x81\x42\x82\x84webm"), true},
		{"webm then more", ebml("\x81\x42\x82\x84webm\x42\x87\x81\x02"), true},
		{"near miss: matroska", ebml("\x81\x42\x82\x88matroska"), false},
		{"near miss: cut short", ebml("\x81\x42\x82\x84web"), false},
		// B4.b (#167, #93) and B4.c (#146): the vint is read at iter, not
		// at sequence[0], and only its size is used: a 2-byte
		// size 40 04 is skipped as 2 bytes.
		{"B4.b two-byte vint", ebml("\x81\x42\x82\x40\x04webm"), true},
		{"B4.b eight-byte vint", ebml("\x81\x42\x82\x01\x00\x00\x00\x00\x00\x00\x04webm"), true},
		{"B4.b NUL vint is 8 bytes", ebml("\x81\x42\x82\x00\x00\x00\x00\x00\x00\x00\x04webm"), true},
		// B4.f (WebKit PR 66346): NUL bytes may precede the value; the
		// padded match reads nothing past the input.
		{"B4.f padded", ebml("\x81\x42\x82\x86\x00\x00webm"), true},
		{"B4.f padding to the end", ebml("\x81\x42\x82\x86\x00\x00\x00\x00"), false},
		// B4.e (WebKit PR 70514): 42 at the end of input, its pair not
		// there.
		{"B4.e 1A 45 DF A3 42", ebml("\x42"), false},
		{"ID at the end", ebml("\x42\x82"), false},
		{"vint at the end", ebml("\x42\x82\x84"), false},
		// B4.g: the DocType ID must start before offset 38.
		{"B4.g ID at 37", ebml(strings.Repeat("\x00", 33) + "\x42\x82\x84webm"), true},
		{"B4.g ID at 38", ebml(strings.Repeat("\x00", 34) + "\x42\x82\x84webm"), false},
		{"second DocType after a miss", ebml("\x42\x82\x84xxxx\x42\x82\x84webm"), true},
		{"no magic", cat("\x1A\x45\xDF\xA4\x42\x82\x84webm"), false},
		{"3 bytes", cat("\x1A\x45\xDF"), false},
		{"magic only", ebml(""), false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := mimesniff.MatchesWebMSignature(tc.in); got != tc.want {
				t.Errorf("MatchesWebMSignature(% x) = %v, want %v", tc.in, got, tc.want)
			}
		})
	}
}

func TestMP3WithoutID3(t *testing.T) {
	tests := []struct {
		name string
		in   []byte
		want bool
	}{
		// B5 (#70, #208, #81): the intended, Gecko, reading.
		// B5.i: the worked examples, with the second header at the
		// frame size Gecko computes.
		{"B5.i MPEG-1 L3 128k 44.1k: 417", mp3("\xff\xfb\x90\x00", 417, 500), true},
		{"B5.i MPEG-1 L3 128k 44.1k padded: 418", mp3("\xff\xfb\x92\x00", 418, 500), true},
		{"B5.i MPEG-2 L3 64k 22.05k: 208", mp3("\xff\xf3\x80\x00", 208, 300), true},
		{"B5.i MPEG-2.5 L3 64k 11.025k: 417", mp3("\xff\xe3\x80\x00", 417, 500), true},
		// The sizes the literal text computes (B5.f, g, h) do not find
		// the second header.
		{"B5.i literal size 261 for MPEG-1", mp3("\xff\xfb\x90\x00", 261, 500), false},
		{"B5.i literal size 365 for MPEG-2", mp3("\xff\xf3\x80\x00", 365, 500), false},
		{"B5.i literal size 365 for MPEG-2.5", mp3("\xff\xe3\x80\x00", 365, 500), false},
		// B5.d: bit fields are (b & mask) >> shift: FF FA (Layer III,
		// CRC-protected) is Layer III, where 0xFA & (0x06 >> 1) is 2.
		{"B5.d FF FA is Layer III", mp3("\xff\xfa\x90\x00", 417, 500), true},
		// B5.f: MPEG-1 (odd version bits) uses the MPEG-1 rates: index 9
		// is 128 kbit/s (417 bytes), not the MPEG-2 table's 80 (261).
		{"B5.f MPEG-1 rates", mp3("\xff\xfb\x90\x00", 261, 300), false},
		// B5.g: the MPEG-2 sample rate is halved: 22.05 kHz gives 208
		// bytes, where 44.1 kHz would give 104.
		{"B5.g MPEG-2 at 22.05 kHz, not 44.1", mp3("\xff\xf3\x80\x00", 104, 300), false},
		// B5.h: MPEG-2 frames use a scale of 72, not 144 (which would
		// give 417).
		{"B5.h MPEG-2 scale 72, not 144", mp3("\xff\xf3\x80\x00", 417, 500), false},
		// Other rates: MPEG-1 320k 32k padded is the largest frame,
		// 144*320000/32000+1 = 1441 bytes; with the next header it fills
		// a 1445-byte resource header exactly (B5.a).
		// B5.a: the second header must fit, size+4 <= length (the
		// text's bound, s - length, is never positive).
		{"B5.a largest frame in 1445 bytes", mp3("\xff\xfb\xea\x00", 1441, 1445), true},
		{"B5.a largest frame, 1444 bytes", mp3("\xff\xfb\xea\x00", 1441, 1444), false},
		{"MPEG-1 32k 48k: 96", mp3("\xff\xfb\x14\x00", 96, 100), true},
		{"second header at the very end", mp3("\xff\xfb\x90\x00", 417, 421), true},
		{"second header cut short", mp3("\xff\xfb\x90\x00", 417, 420), false},
		// B5.c (#70): both sync conditions must hold ("and" means "or").
		{"B5.c FF then 00", mp3("\xff\x1b\x90\x00", 417, 500), false},
		{"B5.c FE then FB", mp3("\xfe\xfb\x90\x00", 417, 500), false},
		// B5.e (#208): Layer III only: 4 - layer is 3.
		{"B5.e layer I", mp3("\xff\xff\x90\x00", 417, 500), false},
		{"B5.e layer II", mp3("\xff\xfd\x90\x00", 417, 500), false},
		{"layer bits 00", mp3("\xff\xf9\x90\x00", 417, 500), false},
		{"bit rate index 15", mp3("\xff\xfb\xf0\x00", 417, 500), false},
		{"sample rate index 3", mp3("\xff\xfb\x9c\x00", 417, 500), false},
		{"free format: bit rate 0", mp3("\xff\xfb\x00\x00", 4, 100), false},
		// B5.k: only offset 0; ID3-tagged files match the table's ID3 row.
		{"B5.k frame at offset 1", append([]byte{0}, mp3("\xff\xfb\x90\x00", 417, 500)...), false},
		{"second header invalid", append(mp3("\xff\xfb\x90\x00", 600, 600)[:417], "\xff\xfb\xf0\x00"...), false},
		// B5.b: short inputs.
		{"B5.b 3 bytes", cat("\xff\xfb\x90"), false},
		{"B5.b 4 bytes", cat("\xff\xfb\x90\x00"), false},
		{"empty", nil, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := mimesniff.MatchesMP3WithoutID3Signature(tc.in); got != tc.want {
				t.Errorf("MatchesMP3WithoutID3Signature(% x...) = %v, want %v", tc.in[:min(len(tc.in), 8)], got, tc.want)
			}
		})
	}
	// B5: every truncation of a valid pair is safe, and only the whole
	// second header matches.
	full := mp3("\xff\xf3\x80\x00", 208, 212)
	for n := range len(full) {
		if mimesniff.MatchesMP3WithoutID3Signature(full[:n]) {
			t.Errorf("MatchesMP3WithoutID3Signature(%d of 212 bytes) = true, want false", n)
		}
	}
}

func TestImageAudioVideoFontArchiveTables(t *testing.T) {
	type match func([]byte) (mimesniff.MIMEType, bool)
	tests := []struct {
		name  string
		match match
		in    []byte
		want  string // "" for no match
	}{
		{"ico", mimesniff.MatchImageTypePattern, cat("\x00\x00\x01\x00"), "image/x-icon"},
		{"cur", mimesniff.MatchImageTypePattern, cat("\x00\x00\x02\x00"), "image/x-icon"},
		{"near miss: 00 00 03 00", mimesniff.MatchImageTypePattern, cat("\x00\x00\x03\x00"), ""},
		{"bmp", mimesniff.MatchImageTypePattern, cat("BM"), "image/bmp"},
		{"near miss: bm", mimesniff.MatchImageTypePattern, cat("bm"), ""},
		{"gif87a", mimesniff.MatchImageTypePattern, cat("GIF87a"), "image/gif"},
		{"gif89a", mimesniff.MatchImageTypePattern, cat("GIF89a"), "image/gif"},
		{"near miss: gif88a", mimesniff.MatchImageTypePattern, cat("GIF88a"), ""},
		{"webp", mimesniff.MatchImageTypePattern, cat("RIFF\xff\xff\xff\xffWEBPVP"), "image/webp"},
		{"png", mimesniff.MatchImageTypePattern, cat("\x89PNG\r\n\x1a\n"), "image/png"},
		{"near miss: png cut short", mimesniff.MatchImageTypePattern, cat("\x89PNG\r\n\x1a"), ""},
		{"jpeg", mimesniff.MatchImageTypePattern, cat("\xff\xd8\xff"), "image/jpeg"},
		{"image table has no audio", mimesniff.MatchImageTypePattern, cat("OggS\x00"), ""},
		{"aiff", mimesniff.MatchAudioOrVideoTypePattern, cat("FORM\x00\x00\x00\x00AIFF"), "audio/aiff"},
		{"near miss: aifc", mimesniff.MatchAudioOrVideoTypePattern, cat("FORM\x00\x00\x00\x00AIFC"), ""},
		{"id3", mimesniff.MatchAudioOrVideoTypePattern, cat("ID3"), "audio/mpeg"},
		{"ogg", mimesniff.MatchAudioOrVideoTypePattern, cat("OggS\x00"), "application/ogg"},
		{"midi", mimesniff.MatchAudioOrVideoTypePattern, cat("MThd\x00\x00\x00\x06"), "audio/midi"},
		{"near miss: midi length 7", mimesniff.MatchAudioOrVideoTypePattern, cat("MThd\x00\x00\x00\x07"), ""},
		{"avi", mimesniff.MatchAudioOrVideoTypePattern, cat("RIFF\x00\x00\x00\x00AVI "), "video/avi"},
		{"wave", mimesniff.MatchAudioOrVideoTypePattern, cat("RIFF\x00\x00\x00\x00WAVE"), "audio/wave"},
		{"basic audio is gone (#151)", mimesniff.MatchAudioOrVideoTypePattern, cat(".snd\x00\x00\x00\x18"), ""},
		{"eot", mimesniff.MatchFontTypePattern, cat(strings.Repeat("\xee", 34), "LP"), "application/vnd.ms-fontobject"},
		{"near miss: eot 35 bytes", mimesniff.MatchFontTypePattern, cat(strings.Repeat("\xee", 34), "L"), ""},
		{"ttf", mimesniff.MatchFontTypePattern, cat("\x00\x01\x00\x00"), "font/ttf"},
		{"otf", mimesniff.MatchFontTypePattern, cat("OTTO"), "font/otf"},
		{"ttc", mimesniff.MatchFontTypePattern, cat("ttcf"), "font/collection"},
		{"woff", mimesniff.MatchFontTypePattern, cat("wOFF"), "font/woff"},
		{"woff2", mimesniff.MatchFontTypePattern, cat("wOF2"), "font/woff2"},
		{"near miss: WOFF", mimesniff.MatchFontTypePattern, cat("WOFF"), ""},
		{"gzip", mimesniff.MatchArchiveTypePattern, cat("\x1f\x8b\x08"), "application/x-gzip"},
		{"near miss: gzip method 7", mimesniff.MatchArchiveTypePattern, cat("\x1f\x8b\x07"), ""},
		{"zip", mimesniff.MatchArchiveTypePattern, cat("PK\x03\x04"), "application/zip"},
		{"near miss: empty zip", mimesniff.MatchArchiveTypePattern, cat("PK\x05\x06"), ""},
		{"rar (#63)", mimesniff.MatchArchiveTypePattern, cat("Rar!\x1a\x07\x00"), "application/x-rar-compressed"},
		{"near miss: rar 5", mimesniff.MatchArchiveTypePattern, cat("Rar!\x1a\x07\x01\x00"), ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := tc.match(tc.in)
			if got.String() != tc.want || ok != (tc.want != "") {
				t.Errorf("match(%q) = %q, %v; want %q", tc.in, got, ok, tc.want)
			}
		})
	}
}

func TestContexts(t *testing.T) {
	png := cat("\x89PNG\r\n\x1a\n")
	webm := ebml("\x81\x42\x82\x84webm")
	woff := cat("wOFF\x00\x01\x00\x00")
	tests := []struct {
		name string
		ctx  sniffingContext
		r    mimesniff.Resource
		want string
	}{
		{"image: png under gif", imageContext, mimesniff.Resource{Supplied: mt("image/gif"), Header: png}, "image/png"},
		{"image: png under text/html", imageContext, mimesniff.Resource{Supplied: mt("text/html"), Header: png}, "image/png"},
		{"image: svg kept", imageContext, mimesniff.Resource{Supplied: mt("image/svg+xml"), Header: png}, "image/svg+xml"},
		{"image: no match keeps supplied", imageContext, mimesniff.Resource{Supplied: mt("image/gif;x=y"), Header: webm}, "image/gif;x=y"},
		{"image: no match, undefined", imageContext, mimesniff.Resource{Header: webm}, ""},
		// B11: no-sniff and Supported are not looked at.
		{"B11 image: nosniff", imageContext, mimesniff.Resource{Supplied: mt("image/gif"), NoSniff: true, Header: png}, "image/png"},
		{"B11 image: unsupported", imageContext, mimesniff.Resource{Supplied: mt("image/gif"), Supported: func(mimesniff.MIMEType) bool { return false }, Header: png}, "image/png"},
		{"audio-video: webm under ogg", audioOrVideoContext, mimesniff.Resource{Supplied: mt("audio/ogg"), Header: webm}, "video/webm"},
		{"audio-video: webm under octet-stream", audioOrVideoContext, mimesniff.Resource{Supplied: mt("application/octet-stream"), NoSniff: true, Header: webm}, "video/webm"},
		{"audio-video: xml kept", audioOrVideoContext, mimesniff.Resource{Supplied: mt("application/smil+xml"), Header: webm}, "application/smil+xml"},
		{"audio-video: png is not audio", audioOrVideoContext, mimesniff.Resource{Supplied: mt("audio/ogg"), Header: png}, "audio/ogg"},
		{"font: woff", fontContext, mimesniff.Resource{Supplied: mt("text/plain"), Header: woff}, "font/woff"},
		{"font: woff, undefined", fontContext, mimesniff.Resource{Header: woff}, "font/woff"},
		{"font: xml kept", fontContext, mimesniff.Resource{Supplied: mt("image/svg+xml"), Header: woff}, "image/svg+xml"},
		{"font: png is not a font", fontContext, mimesniff.Resource{Supplied: mt("font/ttf"), Header: png}, "font/ttf"},
		{"plugin: undefined", pluginContext, mimesniff.Resource{Header: png}, "application/octet-stream"},
		{"plugin: supplied", pluginContext, mimesniff.Resource{Supplied: mt("application/x-shockwave-flash"), Header: png}, "application/x-shockwave-flash"},
		{"style: supplied", styleContext, mimesniff.Resource{Supplied: mt("text/css;charset=utf-8"), Header: png}, "text/css;charset=utf-8"},
		{"style: undefined stays undefined", styleContext, mimesniff.Resource{Header: cat("body{}")}, ""},
		{"script: supplied", scriptContext, mimesniff.Resource{Supplied: mt("text/plain"), Header: cat("alert(1)")}, "text/plain"},
		{"script: undefined stays undefined", scriptContext, mimesniff.Resource{Header: cat("alert(1)")}, ""},
		{"text-track", textTrackContext, mimesniff.Resource{Supplied: mt("text/plain"), Header: png}, "text/vtt"},
		{"cache-manifest", cacheManifestContext, mimesniff.Resource{Header: png}, "text/cache-manifest"},
		{"browsing", browsingContext, mimesniff.Resource{Supplied: mt("image/gif"), Header: png}, "image/png"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := sniffIn(tc.r, tc.ctx); got.String() != tc.want {
				t.Errorf("%v context: %q, want %q", tc.ctx, got, tc.want)
			}
		})
	}
}

// TestApacheBugValuesParse is B8: the standard sets the check-for-apache-bug
// flag before it asks whether the value is a MIME type, which is harmless
// because all four values are.
func TestApacheBugValuesParse(t *testing.T) {
	for _, v := range []string{"text/plain", "text/plain; charset=ISO-8859-1", "text/plain; charset=iso-8859-1", "text/plain; charset=UTF-8"} {
		supplied, apache := mimesniff.SuppliedFromHTTP(http.Header{"Content-Type": {v}})
		if !apache || supplied.Essence() != "text/plain" {
			t.Errorf("SuppliedFromHTTP(%q) = %q, %v; want text/plain, true", v, supplied, apache)
		}
	}
}

// TestDeterministic is B6: the standard lets a user agent stop reading
// after "a reasonable amount of time", so its answer may depend on timing.
// Sniffing here depends on the bytes given and nothing else: the same
// resource gives the same answers, whether its bytes are read in one go or
// arrive in pieces through ReadHeader.
func TestDeterministic(t *testing.T) {
	for _, h := range securityHeaders(t) {
		r := mimesniff.Resource{Header: h}
		want := allResults(r)
		header, _, err := mimesniff.ReadHeader(iotest.OneByteReader(bytes.NewReader(h)))
		if err != nil {
			t.Fatal(err)
		}
		if got := allResults(mimesniff.Resource{Header: header}); got != want || allResults(r) != want {
			t.Fatalf("sniffing %q: %v, then %v", h[:min(len(h), 16)], want, got)
		}
	}
}
