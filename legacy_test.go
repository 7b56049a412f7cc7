// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff_test

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"math/rand/v2"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mimesniff/mimesniff"
)

// The expectations of the FindMimeFromData tests come from the description of
// the algorithm in shared/spec/ie-findmimefromdata.md (Wine's
// dlls/urlmon/mimefilter.c and the conformance tests of
// dlls/urlmon/tests/misc.c, which also pass on Windows), worked out by hand
// for vectors written for this project. A row's comment names the step or
// condition that gives its answer.

// ieCase is one call of FindMimeFromData with the windowsRegistry of the
// example.
type ieCase struct {
	name     string
	data     string
	noBuffer bool // data is nil (IE's pBuffer NULL), not a buffer of size 0
	proposed string
	url      string
	want     string
}

func (tc ieCase) buffer() []byte {
	if tc.noBuffer {
		return nil
	}
	return append([]byte{}, tc.data...)
}

func runIECases(t *testing.T, cases []ieCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := mimesniff.FindMimeFromData(tc.buffer(), tc.proposed, tc.url, windowsRegistry)
			if got != tc.want {
				t.Errorf("FindMimeFromData(%q, %q, %q) = %q, want %q", tc.data, tc.proposed, tc.url, got, tc.want)
			}
		})
	}
}

const (
	textPlain   = "text/plain"
	octetStream = "application/octet-stream"
)

// ieFilterCases has every filter at its size boundary on both sides (the
// filter's signature alone, and then followed by one byte, for the strict
// "size > n" filters; one byte short and exactly the size for the "size >= n"
// ones), beside near misses, with no proposed type and no URL. A buffer no
// filter 1-16 matches is text/plain when every byte but the last is a text
// byte (filter 17), else application/octet-stream (filter 18).
var ieFilterCases = []ieCase{
	// 1. text/richtext: "{\rtf", size > 5.
	{name: "richtext/signature alone", data: `{\rtf`, want: textPlain},
	{name: "richtext/one more byte", data: `{\rtf1`, want: "text/richtext"},
	{name: "richtext/upper case", data: `{\RTF1`, want: textPlain},
	{name: "richtext/after a space", data: ` {\rtf1`, want: textPlain},
	// 2. audio/basic: ".snd" (lower case only), size > 4.
	{name: "basic/signature alone", data: ".snd", want: textPlain},
	{name: "basic/one more byte", data: ".snd\x00", want: "audio/basic"},
	{name: "basic/upper case, NUL last", data: ".SND\x00", want: textPlain},
	{name: "basic/upper case, binary", data: ".SND\x00\x00", want: octetStream},
	// 3. audio/wav: "RIFF" at 0, "WAVE" at 8, size > 12.
	{name: "wav/signature alone", data: "RIFF\x24\x00\x00\x00WAVE", want: octetStream},
	{name: "wav/one more byte", data: "RIFF\x24\x00\x00\x00WAVEf", want: "audio/wav"},
	{name: "wav/WAVf", data: "RIFF\x24\x00\x00\x00WAVff", want: octetStream},
	{name: "wav/lower-case form type", data: "RIFF\x24\x00\x00\x00wavef", want: octetStream},
	{name: "wav/WebP is not audio", data: "RIFF\x24\x00\x00\x00WEBPVP8 ", want: octetStream},
	// 4. image/gif: G I F 8, 7 or 9, A, letters in either case, size >= 6.
	{name: "gif/one byte short", data: "GIF89", want: textPlain},
	{name: "gif/89a", data: "GIF89a", want: "image/gif"},
	{name: "gif/87a", data: "GIF87a", want: "image/gif"},
	{name: "gif/mixed case", data: "gIf87A", want: "image/gif"},
	{name: "gif/88a", data: "GIF88a", want: textPlain},
	{name: "gif/89b", data: "GIF89b", want: textPlain},
	{name: "gif/after a byte", data: "0GIF89a", want: textPlain},
	// 5. image/pjpeg: FF D8, size > 2.
	{name: "pjpeg/signature alone", data: "\xFF\xD8", want: textPlain},
	{name: "pjpeg/one more byte", data: "\xFF\xD8\xFF", want: "image/pjpeg"},
	{name: "pjpeg/after a NUL", data: "\x00\xFF\xD8", want: octetStream},
	{name: "pjpeg/FF D9", data: "\xFF\xD9\xFF", want: textPlain},
	// 6. image/tiff: 4D 4D 00 2A or 49 49 2A FF, size >= 4.
	{name: "tiff/one byte short", data: "MM\x00", want: textPlain},
	{name: "tiff/big-endian", data: "MM\x00\x2A", want: "image/tiff"},
	{name: "tiff/49 49 2A FF", data: "II\x2A\xFF", want: "image/tiff"},
	{name: "tiff/a real little-endian header", data: "II\x2A\x00\x08\x00\x00\x00", want: octetStream},
	// 7. image/x-png: 89 50 4E 47 0D 0A 1A 0A, size > 8.
	{name: "png/signature alone", data: "\x89PNG\r\n\x1A\n", want: octetStream},
	{name: "png/one more byte", data: "\x89PNG\r\n\x1A\n\x00", want: "image/x-png"},
	{name: "png/7 bytes of it", data: "\x89PNG\r\n\x1Ax\x00", want: octetStream},
	// 8. image/bmp: "BM", bytes 6-9 zero, size >= 14.
	{name: "bmp/one byte short", data: "BM\x36\x00\x0C\x00\x00\x00\x00\x00\x36\x00\x00", want: octetStream},
	{name: "bmp/14 bytes", data: "BM\x36\x00\x0C\x00\x00\x00\x00\x00\x36\x00\x00\x00", want: "image/bmp"},
	{name: "bmp/any file size", data: "BMxxxx\x00\x00\x00\x00xxxx", want: "image/bmp"},
	{name: "bmp/reserved byte set", data: "BM\x36\x00\x0C\x00\x00\x01\x00\x00\x36\x00\x00\x00", want: octetStream},
	// 9. video/avi: "RIFF" at 0, "AVI " at 8, size > 12.
	{name: "avi/signature alone", data: "RIFF\x24\x00\x00\x00AVI ", want: octetStream},
	{name: "avi/one more byte", data: "RIFF\x24\x00\x00\x00AVI L", want: "video/avi"},
	{name: "avi/AVI!", data: "RIFF\x24\x00\x00\x00AVI!L", want: octetStream},
	// 10. video/mpeg: 00 00 01 B3 or 00 00 01 BA, size > 4.
	{name: "mpeg/signature alone", data: "\x00\x00\x01\xBA", want: octetStream},
	{name: "mpeg/pack header", data: "\x00\x00\x01\xBA\x44", want: "video/mpeg"},
	{name: "mpeg/sequence header", data: "\x00\x00\x01\xB3\x14", want: "video/mpeg"},
	{name: "mpeg/00 00 01 B8", data: "\x00\x00\x01\xB8\x44", want: octetStream},
	// 11. application/postscript: "%!", size > 2.
	{name: "postscript/signature alone", data: "%!", want: textPlain},
	{name: "postscript/one more byte", data: "%!P", want: "application/postscript"},
	{name: "postscript/%?", data: "%?PS", want: textPlain},
	// 12. application/pdf: "%PDF", size > 4.
	{name: "pdf/signature alone", data: "%PDF", want: textPlain},
	{name: "pdf/one more byte", data: "%PDF-", want: "application/pdf"},
	{name: "pdf/lower case", data: "%pdf-", want: textPlain},
	// 13. application/x-zip-compressed: "PK", size > 2.
	{name: "zip/signature alone", data: "PK", want: textPlain},
	{name: "zip/one more byte", data: "PK\x03", want: "application/x-zip-compressed"},
	{name: "zip/lower case", data: "pk\x03", want: textPlain},
	// 14. application/x-gzip-compressed: 1F 8B, size > 2.
	{name: "gzip/signature alone", data: "\x1F\x8B", want: octetStream},
	{name: "gzip/one more byte", data: "\x1F\x8B\x08", want: "application/x-gzip-compressed"},
	{name: "gzip/1F alone", data: "\x1F", want: textPlain},
	// 15. application/java: CA FE BA BE, size > 4.
	{name: "java/signature alone", data: "\xCA\xFE\xBA\xBE", want: textPlain},
	{name: "java/one more byte", data: "\xCA\xFE\xBA\xBE\x00", want: "application/java"},
	{name: "java/CA FE BA BF", data: "\xCA\xFE\xBA\xBF\x00", want: textPlain},
	// 16. application/x-msdownload: "MZ", size > 2.
	{name: "msdownload/signature alone", data: "MZ", want: textPlain},
	{name: "msdownload/one more byte", data: "MZ\x90", want: "application/x-msdownload"},
	{name: "msdownload/ZM", data: "ZM\x90", want: textPlain},
	// 17. text/plain: every byte but the last is >= 0x20, TAB, LF or CR.
	{name: "text/plain text", data: "plain text\n", want: textPlain},
	{name: "text/TAB CR LF", data: "a\tb\rc\nd", want: textPlain},
	{name: "text/NUL last", data: "plain text\x00", want: textPlain},
	{name: "text/one NUL", data: "\x00", want: textPlain},
	{name: "text/bytes from 0x80", data: "caf\xC3\xA9 \xFF\xFE\x80", want: textPlain},
	// 18. application/octet-stream: anything else.
	{name: "binary/NUL inside", data: "plain\x00text", want: octetStream},
	{name: "binary/two NULs", data: "\x00\x00", want: octetStream},
	{name: "binary/ESC", data: "\x1B[1mbold", want: octetStream},
	{name: "binary/form feed", data: "page\x0Cbreak", want: octetStream},
	{name: "binary/DEL is text", data: "a\x7Fb", want: textPlain},
	// The order: the first match wins, and the any-position scan (step
	// 3) comes before filters 1-18 (step 4).
	{name: "order/zip before text", data: "PK!", want: "application/x-zip-compressed"},
	{name: "order/%!PDF is postscript", data: "%!PDF", want: "application/postscript"},
	{name: "order/HTML after a GIF signature", data: "GIF89a<html>", want: "text/html"},
	{name: "order/HTML after MZ", data: "MZ<body>", want: "text/html"},
	{name: "order/XML after a PNG signature", data: "\x89PNG\r\n\x1A\n<?xml v", want: "text/xml"},
}

func TestFindMimeFromDataFilters(t *testing.T) {
	runIECases(t, ieFilterCases)
}

// TestFindMimeFromDataAmbiguous runs every filter row again with each
// ambiguous proposed type, which counts as none (step 1): the same answer.
// With a proposed text/html (Wine's tests do the same) the answer is
// text/html where the plain answer is text/plain (step 5: the proposal wins)
// or application/octet-stream (step 5: no HTML in the text prefix, else the
// HTML filter would have matched in step 2; the proposal wins); any other
// answer is the same, as the HTML filter matches nowhere in those rows that
// do not already answer text/html.
func TestFindMimeFromDataAmbiguous(t *testing.T) {
	for _, tc := range ieFilterCases {
		for _, proposed := range []string{textPlain, octetStream, "text/html"} {
			tc := tc
			tc.name += "/" + proposed
			tc.proposed = proposed
			if proposed == "text/html" && (tc.want == textPlain || tc.want == octetStream) {
				tc.want = "text/html"
			}
			runIECases(t, []ieCase{tc})
		}
	}
}

func TestFindMimeFromDataAnyPosition(t *testing.T) {
	a := func(n int) string { return strings.Repeat("a", n) }
	runIECases(t, []ieCase{
		// text/html: "<html", "<head" or "<body", any case, with at
		// least 6 bytes from there to the end of the buffer.
		{name: "html/5 bytes", data: "<html", want: textPlain},
		{name: "html/6 bytes", data: "<html>", want: "text/html"},
		{name: "html/any case", data: "<HtMl>", want: "text/html"},
		{name: "html/any sixth byte", data: "<htmlfoo", want: "text/html"},
		{name: "html/head", data: "<head>", want: "text/html"},
		{name: "html/HEAD and a space", data: "<HEAD ", want: "text/html"},
		{name: "html/body", data: "<body>", want: "text/html"},
		{name: "html/BoDy alone", data: "<BoDy", want: textPlain},
		{name: "html/at the end, 5 bytes", data: "some text <html", want: textPlain},
		{name: "html/at the end, 6 bytes", data: "some text <html>", want: "text/html"},
		{name: "html/after binary bytes", data: "\x00\x01<html>", want: "text/html"},
		{name: "html/htm", data: "<htm>", want: textPlain},
		{name: "html/space after <", data: "< html>", want: textPlain},
		{name: "html/title", data: "<title>x</title>", want: textPlain},
		{name: "html/doctype alone", data: "<!DOCTYPE html>", want: textPlain},
		{name: "html/doctype and html", data: "<!DOCTYPE html><html>", want: "text/html"},
		// text/xml: "<?xml " with xml in any case, with at least 7
		// bytes from there.
		{name: "xml/6 bytes", data: "<?xml ", want: textPlain},
		{name: "xml/7 bytes", data: "<?xml v", want: "text/xml"},
		{name: "xml/upper case", data: "<?XML v", want: "text/xml"},
		{name: "xml/TAB for space", data: "<?xml\tv", want: textPlain},
		{name: "xml/no space", data: "<?xmlv=1", want: textPlain},
		{name: "xml/space after ?", data: "<? xml v", want: textPlain},
		{name: "xml/after text", data: "abc<?xml v", want: "text/xml"},
		// The earliest offset wins; at one offset, HTML first.
		{name: "xml then html", data: "<?xml v?><html>", want: "text/xml"},
		{name: "html then xml", data: "<html><?xml v", want: "text/html"},
		// The 256-byte window: 6 bytes are left for "<html>" at offset
		// 250, only 5 at 251.
		{name: "window/html at 250", data: a(250) + "<html>", want: "text/html"},
		{name: "window/html at 251", data: a(251) + "<html>", want: textPlain},
		{name: "window/html past 256", data: a(256) + "<html>", want: textPlain},
		{name: "window/xml at 249", data: a(249) + "<?xml v", want: "text/xml"},
		{name: "window/xml at 250", data: a(250) + "<?xml v", want: textPlain},
	})
}

// TestFindMimeFromDataWindow checks that only the first 256 bytes count, the
// 256th being the buffer's last byte, which the text filter skips.
func TestFindMimeFromDataWindow(t *testing.T) {
	a := func(n int) string { return strings.Repeat("a", n) }
	runIECases(t, []ieCase{
		{name: "NUL at 254", data: a(254) + "\x00a", want: octetStream},
		{name: "NUL at 255 of 256", data: a(255) + "\x00", want: textPlain},
		{name: "NUL at 255 of 400", data: a(255) + "\x00" + a(144), want: textPlain},
		{name: "NUL at 256", data: a(256) + "\x00a", want: textPlain},
		{name: "NUL at 300", data: a(300) + "\x00\x00", want: textPlain},
		{name: "text proposed html, binary past 256", data: a(256) + "\x00\x00", proposed: "text/html", want: "text/html"},
		{name: "gif, binary past 256", data: "GIF89a" + a(250) + "\x00\x00", want: "image/gif"},
	})
}

func TestFindMimeFromDataSteps(t *testing.T) {
	const (
		gif = "GIF89a\x01\x00\x01\x00"
		png = "\x89PNG\r\n\x1A\n\x00\x00\x00\rIHDR"
		bin = "\x00\x01\x02\x03"
	)
	runIECases(t, []ieCase{
		// Step 1: ambiguous proposals count as none, compared exactly.
		{name: "1/text/plain is none", data: gif, proposed: textPlain, want: "image/gif"},
		{name: "1/octet-stream is none", data: gif, proposed: octetStream, want: "image/gif"},
		{name: "1/text/plain with a charset is unknown", data: gif, proposed: "text/plain; charset=utf-8", want: textPlain},
		{name: "1/Text/Plain is unknown", data: gif, proposed: "Text/Plain", want: "Text/Plain"},
		// Step 2: a known proposal is confirmed by its filter at offset
		// 0...
		{name: "2/gif confirmed", data: gif, proposed: "image/gif", want: "image/gif"},
		{name: "2/pjpeg confirmed", data: "\xFF\xD8\xFF\xE0", proposed: "image/pjpeg", want: "image/pjpeg"},
		{name: "2/pdf confirmed", data: "%PDF-1.7", proposed: "application/pdf", want: "application/pdf"},
		{name: "2/gif confirmed despite HTML", data: "GIF89a<html>", proposed: "image/gif", want: "image/gif"},
		// ...or dropped, and then the filters decide (step 4), with no
		// HTML or XML scan (step 3 runs only with no proposal or an
		// HTML or XML one).
		{name: "2/gif rejected by PNG", data: png, proposed: "image/gif", want: "image/x-png"},
		{name: "2/gif rejected by a short signature", data: "GIF89", proposed: "image/gif", want: textPlain},
		{name: "2/msdownload rejected by size", data: "MZ", proposed: "application/x-msdownload", want: textPlain},
		{name: "2/no HTML scan for a known proposal", data: "<html><body>hi", proposed: "image/gif", want: textPlain},
		{name: "2/no HTML scan for pjpeg", data: "<html>", proposed: "image/pjpeg", want: textPlain},
		// Step 5: text vs binary. Text data gives text/plain (above);
		// binary data keeps the proposal, unless the HTML or XML filter
		// matches within the text bytes at the start.
		{name: "5/binary keeps gif", data: bin, proposed: "image/gif", want: "image/gif"},
		{name: "5/binary keeps gif, 1F 8B", data: "\x1F\x8B", proposed: "image/gif", want: "image/gif"},
		{name: "5/html in the text prefix", data: "ab<html>\x00\x01", proposed: "image/gif", want: textPlain},
		{name: "5/xml in the text prefix", data: "ab<?xml v\x00\x01", proposed: "image/gif", want: textPlain},
		{name: "5/html after a binary byte", data: "\x00<html>\x01\x02", proposed: "image/gif", want: "image/gif"},
		// Steps 2, 3 and 5 with an HTML or XML proposal: its filter
		// anywhere confirms it; else the scan and the filters run, and
		// text/plain or a binary answer gives the proposal back.
		{name: "html/anywhere", data: "GIF89a<html>", proposed: "text/html", want: "text/html"},
		{name: "html/text", data: "hello", proposed: "text/html", want: "text/html"},
		{name: "html/binary", data: bin, proposed: "text/html", want: "text/html"},
		{name: "html/two NULs", data: "\x00\x00", proposed: "text/html", want: "text/html"},
		{name: "html/gif", data: gif, proposed: "text/html", want: "image/gif"},
		{name: "html/xml found instead", data: "<?xml v", proposed: "text/html", want: "text/xml"},
		{name: "html/after xml", data: "<?xml v <html>", proposed: "text/html", want: "text/html"},
		{name: "xml/text", data: "hello", proposed: "text/xml", want: "text/xml"},
		{name: "xml/html found instead", data: "<html>", proposed: "text/xml", want: "text/html"},
		{name: "xml/png", data: png, proposed: "text/xml", want: "image/x-png"},
		{name: "html/with a charset is unknown", data: gif, proposed: "text/html; charset=utf-8", want: "text/html"},
		// Step 2: an unknown proposal is the answer, whatever the data.
		{name: "unknown/text/test", data: png, proposed: "text/test", want: "text/test"},
		{name: "unknown/image/png", data: gif, proposed: "image/png", want: "image/png"},
		{name: "unknown/image/jpeg", data: "\xFF\xD8\xFF", proposed: "image/jpeg", want: "image/jpeg"},
		{name: "unknown/json over HTML", data: "<html>", proposed: "application/json", want: "application/json"},
		{name: "unknown/IMAGE/GIF", data: png, proposed: "IMAGE/GIF", want: "IMAGE/GIF"},
		{name: "unknown/gif with a parameter", data: png, proposed: "image/gif;x=1", want: "image/gif"},
		// Step 7: the ";" cut.
		{name: "7/cut", data: "a", proposed: "text/test;x=1", want: "text/test"},
		{name: "7/cut with spaces", data: "a", proposed: "text/test ; x=1", want: "text/test "},
		{name: "7/nothing before ;", data: "a", proposed: ";x=1", want: ""},
	})
}

func TestFindMimeFromDataExtension(t *testing.T) {
	const css = "https://example.com/site.css"
	runIECases(t, []ieCase{
		// Step 6: only a text/plain or application/octet-stream answer
		// asks the registry, and only a type Wine does not know is
		// taken.
		{name: "text from .css", data: "hello", url: css, want: "text/css"},
		{name: "binary from .css", data: "\x00\x01\x02", url: css, want: "text/css"},
		{name: "html from .css", data: "<html>", url: css, want: "text/html"},
		{name: "gif from .css", data: "GIF89a", url: css, want: "image/gif"},
		{name: ".htm is known", data: "hello", url: "a.htm", want: textPlain},
		{name: ".html is known", data: "hello", url: "a.html", want: textPlain},
		{name: ".txt is known", data: "hello", url: "a.txt", want: textPlain},
		{name: ".gif is known", data: "\x00\x01", url: "a.gif", want: octetStream},
		{name: ".xml is known", data: "hello", url: "a.xml", want: textPlain},
		{name: ".png is not known", data: "hello", url: "a.png", want: "image/png"},
		{name: ".jpg is not known", data: "\x00\x01", url: "a.jpg", want: "image/jpeg"},
		{name: "not in the registry", data: "hello", url: "a.js", want: textPlain},
		{name: "upper-case extension", data: "hello", url: "A.CSS", want: "text/css"},
		{name: "ambiguous text/plain", data: "hello", proposed: textPlain, url: css, want: "text/css"},
		{name: "ambiguous octet-stream", data: "hello", proposed: octetStream, url: css, want: "text/css"},
		{name: "unknown proposal", data: "hello", proposed: "text/test", url: css, want: "text/test"},
		{name: "known proposal, binary data", data: "\x00\x01\x02", proposed: "image/gif", url: css, want: "image/gif"},
		{name: "known proposal, text data", data: "hello", proposed: "image/gif", url: css, want: "text/css"},
		{name: "html proposal, text data", data: "hello", proposed: "text/html", url: css, want: "text/html"},
		// The extension runs from the last "." before any "?" or "#".
		{name: "query", data: "hello", url: css + "?v=1.htm", want: "text/css"},
		{name: "fragment", data: "hello", url: css + "#x.htm", want: "text/css"},
		{name: "extension in the query", data: "hello", url: "a.htm?x.css", want: textPlain},
		{name: "extension in the fragment", data: "hello", url: "a.htm#x.css", want: textPlain},
		{name: "no dot before ?", data: "hello", url: "a?b.css", want: textPlain},
		{name: "%2e is no dot", data: "hello", url: "file:some%20file%2ecss", want: textPlain},
		{name: "%2e after a host", data: "hello", url: "https://example.com/file%2ecss", want: textPlain},
		{name: "a dot in a directory", data: "hello", url: "https://example.com/a.css/file", want: textPlain},
		{name: "dot alone", data: "hello", url: ".", want: textPlain},
		{name: "trailing ?", data: "hello", url: "a.css?", want: "text/css"},
	})
}

func TestFindMimeFromDataNoBuffer(t *testing.T) {
	runIECases(t, []ieCase{
		// Step 0: with a URL, no buffer and no proposal, the registry's
		// answer is returned as it is, known or not; no extension or no
		// registry entry fails (E_FAIL, ERROR_FILE_NOT_FOUND).
		{name: "url/htm", noBuffer: true, url: "index.htm", want: "text/html"},
		{name: "url/file path with query", noBuffer: true, url: `file://c:\Index.htm?q=1`, want: "text/html"},
		{name: "url/fragment with a dot", noBuffer: true, url: "x.htm#part.txt", want: "text/html"},
		{name: "url/txt, known", noBuffer: true, url: "x.txt", want: textPlain},
		{name: "url/%2e", noBuffer: true, url: "file:some%20file%2ejpg", want: ""},
		{name: "url/host only", noBuffer: true, url: "http://www.example.org", want: ""},
		{name: "url/no dot", noBuffer: true, url: "about:blank", want: ""},
		{name: "url/not in the registry", noBuffer: true, url: "x.js", want: ""},
		// With a proposal: the proposal, cut at ";".
		{name: "proposal/text/plain", noBuffer: true, proposed: textPlain, url: "x.htm", want: textPlain},
		{name: "proposal/octet-stream", noBuffer: true, proposed: octetStream, url: "x.htm", want: octetStream},
		{name: "proposal/cut", noBuffer: true, proposed: "image/gif; q=1", url: "x", want: "image/gif"},
		// The error cases: no buffer and no URL is E_INVALIDARG, even
		// with a proposal; an empty buffer with no proposal is E_FAIL,
		// even with a URL (no registry lookup).
		{name: "error/nothing", noBuffer: true, want: ""},
		{name: "error/proposal only", noBuffer: true, proposed: textPlain, want: ""},
		{name: "error/empty buffer", data: "", want: ""},
		{name: "error/empty buffer and url", data: "", url: "x.htm", want: ""},
		{name: "empty buffer/proposal", data: "", proposed: textPlain, want: textPlain},
		{name: "empty buffer/proposal and url", data: "", proposed: textPlain, url: "x.css", want: textPlain},
		{name: "empty buffer/cut", data: "", proposed: "a/b;c=d", want: "a/b"},
	})
}

func TestFindMimeFromDataBadInput(t *testing.T) {
	runIECases(t, []ieCase{
		{name: "non-ASCII proposal", data: "<html>", proposed: "tëxt/html", want: "tëxt/html"},
		{name: "invalid UTF-8 proposal", data: "<html>", proposed: "text/\xFFhtml", want: "text/\xFFhtml"},
		{name: "control byte in proposal", data: "\x89PNG\r\n\x1A\n\x00", proposed: "image/\x01gif", want: "image/\x01gif"},
		{name: "NUL ends the proposal", data: "GIF89a", proposed: "text/plain\x00junk", want: "image/gif"},
		{name: "NUL proposal is none", data: "GIF89a", proposed: "\x00image/png", want: "image/gif"},
		{name: "NUL proposal, no buffer", noBuffer: true, proposed: "\x00", url: "x.htm", want: "text/html"},
		{name: "NUL ends the url", data: "hello", url: "a.css\x00.htm", want: "text/css"},
		{name: "NUL url is none", data: "hello", url: "\x00a.css", want: textPlain},
		{name: "NUL url, no buffer", noBuffer: true, url: "\x00a.css", want: ""},
		{name: "non-ASCII url", data: "hello", url: "https://example.com/é.css", want: "text/css"},
		{name: "control byte in extension", data: "hello", url: "a.c\x01ss", want: textPlain},
		{name: "query and fragment only", data: "hello", url: "?#", want: textPlain},
	})
}

// TestFindMimeFromDataRegistry checks what the registry function gets and
// when it is asked.
func TestFindMimeFromDataRegistry(t *testing.T) {
	for _, tc := range []struct {
		name, url string
		want      []string // the extensions asked, in order
	}{
		{"simple", "index.htm", []string{".htm"}},
		{"query", "index.htm?a=b.c", []string{".htm"}},
		{"fragment", "index.htm#a.b", []string{".htm"}},
		{"after a host", "http://www.example.org/test", []string{".org/test"}},
		{"case kept", "INDEX.HTM", []string{".HTM"}},
		{"no dot", "about:blank", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var asked []string
			registry := func(ext string) string {
				asked = append(asked, ext)
				return ""
			}
			mimesniff.FindMimeFromData([]byte("hello"), "", tc.url, registry)
			if diff := cmp.Diff(tc.want, asked); diff != "" {
				t.Errorf("FindMimeFromData(%q, ...) asked the registry (-want +got):\n%s", tc.url, diff)
			}
		})
	}

	t.Run("not asked for a type", func(t *testing.T) {
		never := func(ext string) string {
			t.Errorf("registry(%q) called", ext)
			return ""
		}
		for _, tc := range []struct{ data, proposed string }{
			{"<html>", ""},            // text/html
			{"GIF89a", ""},            // image/gif
			{"GIF89a", "text/html"},   // image/gif
			{"<html>", "text/test"},   // unknown, kept
			{"\x00\x01", "image/gif"}, // binary keeps the proposal
			{"hello", "text/html"},    // text gives the HTML proposal back
		} {
			mimesniff.FindMimeFromData([]byte(tc.data), tc.proposed, "a.css", never)
		}
	})

	// Wine returns the registry's value as it is: not cut at ";".
	withCharset := func(string) string { return "text/css; charset=utf-8" }
	for _, tc := range []struct {
		name     string
		data     []byte
		registry func(string) string
		want     string
	}{
		{"nil registry", []byte("hello"), nil, textPlain},
		{"nil registry, no buffer", nil, nil, ""},
		{"value with parameters", []byte("hello"), withCharset, "text/css; charset=utf-8"},
		{"value with parameters, no buffer", nil, withCharset, "text/css; charset=utf-8"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := mimesniff.FindMimeFromData(tc.data, "", "a.css", tc.registry); got != tc.want {
				t.Errorf("FindMimeFromData(%q, \"\", \"a.css\") = %q, want %q", tc.data, got, tc.want)
			}
		})
	}
}

// TestFindMimeFromDataFiles runs the testdata files, whose first bytes give
// IE's legacy names.
func TestFindMimeFromDataFiles(t *testing.T) {
	for _, tc := range []struct{ file, want string }{
		{"image.png", "image/x-png"},
		{"image.jpg", "image/pjpeg"},
		{"image87a.gif", "image/gif"},
		{"image89a.gif", "image/gif"},
		{"image.bmp", "image/bmp"},
		{"audio.wav", "audio/wav"},
		{"video.avi", "video/avi"},
		{"archive.zip", "application/x-zip-compressed"},
		{"archive.gz", "application/x-gzip-compressed"},
		{"doc.pdf", "application/pdf"},
		{"doc.ps", "application/postscript"},
		{"doc.xml", "text/xml"},
		{"feed.rss", "text/xml"},
		{"page.html", "text/html"},
		{"page-leading-ws.html", "text/html"},
		{"fragment.html", textPlain}, // no <html, <head or <body
		{"text.txt", textPlain},
		{"text-utf8bom.txt", textPlain},
		{"text-utf16le.txt", octetStream},
		{"binary.bin", octetStream},
		{"image.webp", octetStream},
		{"video.mp4", octetStream},
		{"audio.aiff", octetStream}, // no filter for audio/x-aiff
	} {
		t.Run(tc.file, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join("testdata", "files", tc.file))
			if err != nil {
				t.Fatal(err)
			}
			if got := mimesniff.FindMimeFromData(data, "", "", nil); got != tc.want {
				t.Errorf("FindMimeFromData(%s) = %q, want %q", tc.file, got, tc.want)
			}
		})
	}
}

// ieInputs returns buffers for the property tests: the filter rows, each
// with HTML after it, and random bytes of every length up to 300.
func ieInputs() [][]byte {
	var out [][]byte
	for _, tc := range ieFilterCases {
		out = append(out, []byte(tc.data), []byte(tc.data+"<html>"))
	}
	rng := rand.New(rand.NewPCG(13, 256))
	for n := range 300 {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(rng.UintN(256))
			if rng.IntN(2) == 0 {
				const markup = "ab <>?xmlhtMLbodyHEAD\n"
				b[i] = markup[rng.IntN(len(markup))]
			}
		}
		out = append(out, b)
	}
	return out
}

// ieProposals are proposed types for the property tests.
var ieProposals = []string{"", textPlain, octetStream, "text/html", "text/xml", "image/gif", "image/pjpeg", "text/test", "image/png;x=y"}

// TestFindMimeFromDataLeavesSniffAlone checks that FindMimeFromData changes
// nothing that Sniff sees: the data it is given, and every answer of the
// standard's algorithms on many inputs, before and after calling it.
func TestFindMimeFromDataLeavesSniffAlone(t *testing.T) {
	supplied := []string{"", "text/plain", "text/html", "image/gif", "application/octet-stream", "unknown/unknown"}
	standard := func(b []byte) []string {
		var out []string
		for _, s := range supplied {
			var typ mimesniff.MIMEType
			if s != "" {
				typ = mimesniff.MustParse(s)
			}
			for _, apache := range []bool{false, true} {
				r := mimesniff.Resource{Supplied: typ, Header: b, CheckForApacheBug: apache, SniffFeeds: true}
				for _, m := range []mimesniff.MIMEType{r.Sniff(), r.SniffUnknown(true), r.SniffTextOrBinary(), r.SniffFeedOrHTML(), r.SniffImage()} {
					out = append(out, m.String())
				}
			}
		}
		return out
	}
	inputs := ieInputs()
	before := make([][]string, len(inputs))
	for i, b := range inputs {
		before[i] = standard(b)
	}
	for _, b := range inputs {
		saved := bytes.Clone(b)
		for _, proposed := range ieProposals {
			mimesniff.FindMimeFromData(b, proposed, "a.css", windowsRegistry)
		}
		if !bytes.Equal(b, saved) {
			t.Fatalf("FindMimeFromData changed its data %q to %q", saved, b)
		}
	}
	for i, b := range inputs {
		if diff := cmp.Diff(before[i], standard(b)); diff != "" {
			t.Fatalf("Sniff of %q changed after FindMimeFromData (-before +after):\n%s", b, diff)
		}
	}
}

// TestSniffNeverCallsFindMimeFromData checks statically that no file of the
// package but legacy.go names FindMimeFromData or the declarations of
// legacy.go that it uses (ie..., isIE...), so that Sniff cannot reach them.
func TestSniffNeverCallsFindMimeFromData(t *testing.T) {
	fset := token.NewFileSet()
	legacy, err := parser.ParseFile(fset, "legacy.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	ieNames := map[string]bool{"FindMimeFromData": true}
	for _, d := range legacy.Decls {
		var names []string
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Recv == nil {
				names = append(names, d.Name.Name)
			}
		case *ast.GenDecl:
			for _, s := range d.Specs {
				switch s := s.(type) {
				case *ast.ValueSpec:
					for _, n := range s.Names {
						names = append(names, n.Name)
					}
				case *ast.TypeSpec:
					names = append(names, s.Name.Name)
				}
			}
		}
		for _, n := range names {
			if strings.HasPrefix(n, "ie") || strings.HasPrefix(n, "isIE") {
				ieNames[n] = true
			}
		}
	}
	if len(ieNames) < 5 {
		t.Fatalf("found only %v in legacy.go", ieNames)
	}
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, name := range files {
		if name == "legacy.go" || strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && ieNames[id.Name] {
				t.Errorf("%s names %s", fset.Position(id.Pos()), id.Name)
			}
			return true
		})
		checked++
	}
	// The feed rules in legacy.go do not use it either.
	for _, d := range legacy.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || !(fd.Name.Name == "SniffFeedOrHTML" || fd.Name.Name == "sniffFeed") {
			continue
		}
		ast.Inspect(fd, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && ieNames[id.Name] {
				t.Errorf("%s names %s", fset.Position(id.Pos()), id.Name)
			}
			return true
		})
	}
	if checked < 5 {
		t.Fatalf("checked only %d files", checked)
	}
}

// knownIETypes are the 20 types FindMimeFromData has a filter for.
var knownIETypes = map[string]bool{
	"text/html": true, "text/xml": true, "text/richtext": true, "audio/basic": true, "audio/wav": true,
	"image/gif": true, "image/pjpeg": true, "image/tiff": true, "image/x-png": true, "image/bmp": true,
	"video/avi": true, "video/mpeg": true, "application/postscript": true, "application/pdf": true,
	"application/x-zip-compressed": true, "application/x-gzip-compressed": true, "application/java": true,
	"application/x-msdownload": true, textPlain: true, octetStream: true,
}

func FuzzFindMimeFromData(f *testing.F) {
	for _, tc := range ieFilterCases {
		f.Add([]byte(tc.data), tc.proposed, tc.url, false)
	}
	f.Add([]byte(nil), "", "index.htm", true)
	f.Add([]byte("GIF89a<html>"), "text/html;x", "a.css?b#c", false)
	f.Fuzz(func(t *testing.T, data []byte, proposed, url string, noBuffer bool) {
		if noBuffer {
			data = nil
		} else if data == nil {
			data = []byte{}
		}
		got := mimesniff.FindMimeFromData(data, proposed, url, windowsRegistry)
		// The answer is "", a type IE knows, the proposed type (up to
		// its first NUL, cut at ";"), or a registry value.
		p, _, _ := strings.Cut(proposed, "\x00")
		p, _, _ = strings.Cut(p, ";")
		registered := false
		for _, v := range windowsContentTypes {
			registered = registered || got == v
		}
		if got != "" && !knownIETypes[got] && got != p && !registered {
			t.Fatalf("FindMimeFromData(%q, %q, %q) = %q: not a known, proposed or registered type", data, proposed, url, got)
		}
		// Bytes past the 256th change nothing.
		if len(data) > 256 {
			if cut := mimesniff.FindMimeFromData(data[:256], proposed, url, windowsRegistry); cut != got {
				t.Fatalf("FindMimeFromData(%q, %q, %q) = %q, but %q on the first 256 bytes", data, proposed, url, got, cut)
			}
		}
	})
}

// TestDocsLegacyTable runs the examples of docs/legacy.md's table of the ways
// IE differs from the standard: each row's bytes, Content-Type and URL give
// its IE answer (FindMimeFromData with windowsRegistry) and its standard one
// (Resource.Sniff, with the supplied type and apache-bug flag of that
// Content-Type).
func TestDocsLegacyTable(t *testing.T) {
	section, err := os.ReadFile("docs/legacy.md")
	if err != nil {
		t.Fatal(err)
	}
	cell := func(s string) string {
		s = strings.TrimSpace(s)
		return strings.TrimSuffix(strings.TrimPrefix(s, "`"), "`")
	}
	rows := 0
	for _, line := range strings.Split(string(section), "\n") {
		cells := strings.Split(line, "|")
		if len(cells) != 8 || !strings.HasPrefix(cell(cells[2]), `"`) {
			continue
		}
		rows++
		what := cell(cells[1])
		data, err := strconv.Unquote(cell(cells[2]))
		if err != nil {
			t.Errorf("%s: bytes %s: %v", what, cells[2], err)
			continue
		}
		contentType, url, wantIE, wantStandard := cell(cells[3]), cell(cells[4]), cell(cells[5]), cell(cells[6])
		if contentType == "none" {
			contentType = ""
		}
		if url == "none" {
			url = ""
		}
		h := http.Header{}
		if contentType != "" {
			h.Set("Content-Type", contentType)
		}
		supplied, apache := mimesniff.SuppliedFromHTTP(h)
		r := mimesniff.Resource{Supplied: supplied, CheckForApacheBug: apache, Header: []byte(data)}
		gotIE := mimesniff.FindMimeFromData([]byte(data), contentType, url, windowsRegistry)
		gotStandard := r.Sniff().Essence()
		if gotIE != wantIE || gotStandard != wantStandard {
			t.Errorf("docs/legacy.md row %q: IE %q, standard %q; the table says %q, %q", what, gotIE, gotStandard, wantIE, wantStandard)
		}
	}
	if rows < 6 {
		t.Errorf("found %d rows in the legacy table of docs/legacy.md, want at least 6", rows)
	}
}

// BenchmarkFindMimeFromData measures a signature at offset 0, HTML at the
// start, and the slowest case, 256 bytes of text with no HTML, which the
// any-position scan reads at every offset.
func BenchmarkFindMimeFromData(b *testing.B) {
	text := bytes.Repeat([]byte("The quick brown fox. "), 13)[:256]
	for _, bc := range []struct {
		name, proposed, url string
		data                []byte
	}{
		{name: "gif", data: []byte("GIF89a\x01\x00\x01\x00\x80\x00\x00")},
		{name: "html", data: []byte("<html><head><title>x</title></head>")},
		{name: "text-256", data: text},
		{name: "text-256-css", proposed: textPlain, url: "https://example.com/site.css", data: text},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(min(len(bc.data), 256)))
			for b.Loop() {
				mimesniff.FindMimeFromData(bc.data, bc.proposed, bc.url, windowsRegistry)
			}
		})
	}
}

func TestSniffFeedOrHTML(t *testing.T) {
	const rdfNS = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
	const rssNS = "http://purl.org/rss/1.0/"
	tests := []struct {
		name string
		in   string
		want string // "" for the supplied type
	}{
		{"rss", "<rss version='2.0'>", "application/rss+xml"},
		{"atom", "<feed xmlns='http://www.w3.org/2005/Atom'>", "application/atom+xml"},
		{"xml declaration then rss", "<?xml version='1.0'?>\n<rss>", "application/rss+xml"},
		{"bom, whitespace, comment, doctype, pi, then feed", "\xef\xbb\xbf \t\n\x0c\r<!-- <rss> --><!DOCTYPE x><?pi ?><feed>", "application/atom+xml"},
		{"rdf, rss namespace first", "<rdf:RDF xmlns='" + rssNS + "' xmlns:rdf='" + rdfNS + "'>", "application/rss+xml"},
		// B13 (#65): the RDF namespace first; the text swaps the
		// lengths.
		{"B13 rdf, rdf namespace first", "<rdf:RDF xmlns:rdf='" + rdfNS + "' xmlns='" + rssNS + "'>", "application/rss+xml"},
		{"rdf, rss namespace only", "<rdf:RDF xmlns='" + rssNS + "'>", ""},
		{"rdf, rdf namespace only", "<rdf:RDF xmlns:rdf='" + rdfNS + "'>", ""},
		{"rdf, namespaces before rdf:RDF", "<!-- " + rssNS + rdfNS + " --><rdf:RDF>", ""},
		// B13 (#67): fragile on purpose.
		{"B13 feedback element", "<feedback>", "application/atom+xml"},
		{"B13 rss-x element", "<rss-x>", "application/rss+xml"},
		{"html", "<!DOCTYPE html><html>", ""},
		{"html element first", "<html><rss>", ""},
		{"text first", "hello <rss>", ""},
		{"upper case RSS", "<RSS>", ""},
		{"unterminated comment", "<!-- <rss>", ""},
		{"unterminated pi", "<?xml <rss>", ""},
		{"unterminated declaration", "<!DOCTYPE <rss", ""},
		{"< at the end", "  <", ""},
		{"empty", "", ""},
		{"only whitespace", " \n ", ""},
		{"VT is not whitespace", "\x0b<rss>", ""},
		{"cut short: rs", "<rs", ""},
	}
	supplied := mt("text/html;charset=utf-8")
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			want := tc.want
			if want == "" {
				want = supplied.String()
			}
			r := mimesniff.Resource{Supplied: supplied, Header: []byte(tc.in)}
			if got := r.SniffFeedOrHTML(); got.String() != want {
				t.Errorf("SniffFeedOrHTML(%q) = %q, want %q", tc.in, got, want)
			}
		})
	}
	// The rules only look at the resource header.
	long := append(bytes.Repeat([]byte(" "), mimesniff.HeaderSize), "<rss>"...)
	if got := (mimesniff.Resource{Supplied: supplied, Header: long}).SniffFeedOrHTML(); got != supplied {
		t.Errorf("SniffFeedOrHTML(<rss> past the header) = %q, want the supplied type", got)
	}
}

// TestIEFilterTables checks the FindMimeFromData tables: the rows in the order
// of shared/spec/ie-findmimefromdata.md (Wine's), and each row well formed: a
// mask as long as each pattern, patterns already masked, no pattern longer
// than the smallest buffer the size condition lets through, and only the last
// two rows with no pattern.
func TestIEFilterTables(t *testing.T) {
	names := func(fs []mimesniff.IEFilter) []string {
		var out []string
		for _, f := range fs {
			out = append(out, f.MIME)
		}
		return out
	}
	wantAnyPos := []string{"text/html", "text/xml"}
	want := []string{
		"text/richtext", "audio/basic", "audio/wav", "image/gif", "image/pjpeg", "image/tiff",
		"image/x-png", "image/bmp", "video/avi", "video/mpeg", "application/postscript",
		"application/pdf", "application/x-zip-compressed", "application/x-gzip-compressed",
		"application/java", "application/x-msdownload", "text/plain", "application/octet-stream",
	}
	if diff := cmp.Diff(wantAnyPos, names(mimesniff.IEAnyPosFilters)); diff != "" {
		t.Errorf("IEAnyPosFilters (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(want, names(mimesniff.IEFilters)); diff != "" {
		t.Errorf("IEFilters (-want +got):\n%s", diff)
	}

	// ieScan stops only at a "<".
	for _, f := range mimesniff.IEAnyPosFilters {
		for _, s := range f.Sigs {
			if s[0] != '<' || (f.Mask != "" && f.Mask[0] != 0xFF) {
				t.Errorf("%s: pattern %q does not start with \"<\"", f.MIME, s)
			}
		}
	}

	all := append(append([]mimesniff.IEFilter{}, mimesniff.IEAnyPosFilters...), mimesniff.IEFilters...)
	for i, f := range all {
		smallest := f.N
		if f.MoreThan {
			smallest++
		}
		last := i >= len(all)-2
		if (len(f.Sigs) == 0) != last {
			t.Errorf("%s: %d patterns", f.MIME, len(f.Sigs))
		}
		if f.Text != (f.MIME == "text/plain") {
			t.Errorf("%s: text = %v", f.MIME, f.Text)
		}
		for _, s := range f.Sigs {
			if s == "" || len(s) > smallest {
				t.Errorf("%s: pattern %q for buffers of %d bytes or more", f.MIME, s, smallest)
			}
			if f.Mask == "" {
				continue
			}
			if len(f.Mask) != len(s) {
				t.Errorf("%s: pattern %q and mask %q differ in length", f.MIME, s, f.Mask)
				continue
			}
			for j := range len(s) {
				if s[j]&f.Mask[j] != s[j] {
					t.Errorf("%s: pattern %q byte %d not masked by %#x", f.MIME, s, j, f.Mask[j])
				}
			}
		}
	}
}
