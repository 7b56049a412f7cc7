// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"bufio"
	"bytes"
	"compress/flate"
	"compress/gzip"
	"compress/zlib"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"image/png"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mimesniff/mimesniff"
)

// The inputs in testdata, written for these tests (see TestTestdata):
//
//	files/    one small file of each kind, named for what it holds
//	http/     raw HTTP responses as "curl -si" prints them
const (
	dataBin   = "testdata/files/data.bin"  // bytes that are binary data bytes
	docPDF    = "testdata/files/doc.pdf"   // "%PDF-1.4", ASCII text
	feedRSS   = "testdata/files/feed.rss"  // "<?xml ...?>" then an RSS 2.0 "<rss" element
	fontWOFF  = "testdata/files/font.woff" // "wOFF" then NUL bytes
	longTXT   = "testdata/files/long.txt"  // 1445 bytes of text, then binary data bytes
	notesTXT  = "testdata/files/notes.txt" // plain text
	pageHTML  = "testdata/files/page.html" // "<!DOCTYPE html>..."
	pixelGIF  = "testdata/files/pixel.gif" // a 1x1 GIF89a
	pixelPNG  = "testdata/files/pixel.png" // a 1x1 PNG
	tuneMP3   = "testdata/files/tune.mp3"  // an ID3 tag header, then NUL bytes
	httpDir   = "testdata/http/"           // the saved HTTP responses
	missing   = "testdata/files/missing"   // does not exist
	directory = "testdata/files"           // a directory
	undefined = "undefined"                // the text output for the undefined MIME type
	pngMagic  = "\x89PNG\r\n\x1a\n"        // the PNG signature
	gzipMagic = "\x1f\x8b"                 // the gzip signature
)

var (
	binDir    string    // where the command is built
	buildOnce sync.Once // builds it once, for the tests that need it
	buildErr  error
)

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "mimesniff-cmd-test")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	binDir = dir
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// binary returns the path of the command, built with "go build" the first
// time it is needed.
func binary(t *testing.T) string {
	t.Helper()
	path := filepath.Join(binDir, "mimesniff")
	buildOnce.Do(func() {
		out, err := exec.Command("go", "build", "-o", path, ".").CombinedOutput()
		if err != nil {
			buildErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return path
}

// runResult is what a run of the command did.
type runResult struct {
	Stdout, Stderr string
	Code           int
}

// runCmd calls run in-process with args and stdin.
func runCmd(stdin io.Reader, args ...string) runResult {
	if stdin == nil {
		stdin = strings.NewReader("")
	}
	var stdout, stderr bytes.Buffer
	code := run(args, stdin, &stdout, &stderr)
	return runResult{stdout.String(), stderr.String(), code}
}

// runBinary runs the built command with args and stdin.
func runBinary(t *testing.T, stdin io.Reader, args ...string) runResult {
	t.Helper()
	cmd := exec.Command(binary(t), args...)
	cmd.Stdin = stdin
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	var exitErr *exec.ExitError
	if err != nil && !errors.As(err, &exitErr) {
		t.Fatalf("running %v: %v", args, err)
	}
	return runResult{stdout.String(), stderr.String(), cmd.ProcessState.ExitCode()}
}

// lines returns "name: type" lines, in pairs of arguments.
func lines(nameType ...string) string {
	var b strings.Builder
	for i := 0; i < len(nameType); i += 2 {
		fmt.Fprintf(&b, "%s: %s\n", nameType[i], nameType[i+1])
	}
	return b.String()
}

// readFile returns the contents of a test input.
func readFile(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// writeFile writes data to a file called name in dir and returns its path.
func writeFile(t *testing.T, dir, name string, data []byte) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// The expected types below follow from the standard's rules
// (https://mimesniff.spec.whatwg.org/#mime-type-sniffing-algorithm and
// #context-specific-sniffing), as the comments say: TestSniff runs them with
// -browser standard. (The default answer, the worst of the browser profiles,
// is TestDefaultBrowser's.)
var sniffTests = []struct {
	name string
	args []string
	want string // standard output; the exit status is 0 and stderr empty
}{
	// No supplied type: the rules for identifying an unknown MIME type.
	{"html", []string{pageHTML}, lines(pageHTML, "text/html")},
	{"html nosniff is text", []string{"-nosniff", pageHTML}, lines(pageHTML, "text/plain")},
	{"png", []string{pixelPNG}, lines(pixelPNG, "image/png")},
	{"gif", []string{pixelGIF}, lines(pixelGIF, "image/gif")},
	{"pdf", []string{docPDF}, lines(docPDF, "application/pdf")},
	{"pdf nosniff is text", []string{"-nosniff", docPDF}, lines(docPDF, "text/plain")},
	{"xml", []string{feedRSS}, lines(feedRSS, "text/xml")},
	{"xml nosniff is text", []string{"-nosniff", feedRSS}, lines(feedRSS, "text/plain")},
	{"text", []string{notesTXT}, lines(notesTXT, "text/plain")},
	{"binary", []string{dataBin}, lines(dataBin, "application/octet-stream")},
	{"mp3 with ID3", []string{tuneMP3}, lines(tuneMP3, "audio/mpeg")},
	{"fonts are not sniffed in a document", []string{fontWOFF}, lines(fontWOFF, "application/octet-stream")},
	{"binary past the header is not seen", []string{longTXT}, lines(longTXT, "text/plain")},
	{"several files, in order", []string{pixelPNG, pageHTML, dataBin},
		lines(pixelPNG, "image/png", pageHTML, "text/html", dataBin, "application/octet-stream")},
	{"unknown/unknown is sniffed", []string{"-type", "unknown/unknown", pixelPNG}, lines(pixelPNG, "image/png")},
	{"application/unknown is sniffed", []string{"-type", "application/unknown", pageHTML}, lines(pageHTML, "text/html")},
	{"*/* is sniffed", []string{"-type", "*/*", pageHTML}, lines(pageHTML, "text/html")},
	{"unparsable type is undefined", []string{"-type", "not a type", pageHTML}, lines(pageHTML, "text/html")},
	{"empty type is undefined", []string{"-type", "", pageHTML}, lines(pageHTML, "text/html")},

	// A supplied type.
	{"supplied html is final", []string{"-type", "text/html; charset=utf-8", pixelPNG}, lines(pixelPNG, "text/html;charset=utf-8")},
	{"supplied xml is final", []string{"-type", "text/xml", pageHTML}, lines(pageHTML, "text/xml")},
	{"supplied octet-stream is final", []string{"-type", "application/octet-stream", pageHTML}, lines(pageHTML, "application/octet-stream")},
	{"image type: image sniffed", []string{"-type", "image/gif", pixelPNG}, lines(pixelPNG, "image/png")},
	{"image type: no match keeps it", []string{"-type", "image/gif", notesTXT}, lines(notesTXT, "image/gif")},
	{"image type nosniff is final", []string{"-type", "image/gif", "-nosniff", pixelPNG}, lines(pixelPNG, "image/gif")},
	{"video type: audio sniffed", []string{"-type", "video/mp4", tuneMP3}, lines(tuneMP3, "audio/mpeg")},
	{"other type is final", []string{"-type", "application/json", pixelPNG}, lines(pixelPNG, "application/json")},

	// The check-for-apache-bug flag: text or binary.
	{"apache text/plain binary", []string{"-type", "text/plain", dataBin}, lines(dataBin, "application/octet-stream")},
	{"apache text/plain png", []string{"-type", "text/plain", pixelPNG}, lines(pixelPNG, "application/octet-stream")},
	{"apache text/plain text", []string{"-type", "text/plain", notesTXT}, lines(notesTXT, "text/plain")},
	{"apache text/plain html is text", []string{"-type", "text/plain", pageHTML}, lines(pageHTML, "text/plain")},
	{"apache ISO-8859-1", []string{"-type", "text/plain; charset=ISO-8859-1", dataBin}, lines(dataBin, "application/octet-stream")},
	{"apache iso-8859-1", []string{"-type", "text/plain; charset=iso-8859-1", dataBin}, lines(dataBin, "application/octet-stream")},
	{"apache UTF-8", []string{"-type", "text/plain; charset=UTF-8", dataBin}, lines(dataBin, "application/octet-stream")},
	{"apache UTF-8 on text keeps no charset", []string{"-type", "text/plain; charset=UTF-8", notesTXT}, lines(notesTXT, "text/plain")},
	{"not apache: no space", []string{"-type", "text/plain;charset=UTF-8", dataBin}, lines(dataBin, "text/plain;charset=UTF-8")},
	{"not apache: utf-8", []string{"-type", "text/plain; charset=utf-8", dataBin}, lines(dataBin, "text/plain;charset=utf-8")},
	{"not apache: upper case", []string{"-type", "TEXT/PLAIN", dataBin}, lines(dataBin, "text/plain")},
	{"not apache: trailing space", []string{"-type", "text/plain ", dataBin}, lines(dataBin, "text/plain")},
	{"apache nosniff is final", []string{"-type", "text/plain", "-nosniff", dataBin}, lines(dataBin, "text/plain")},

	// Feeds, opt-in, for a supplied text/html.
	{"rss as html", []string{"-type", "text/html", feedRSS}, lines(feedRSS, "text/html")},
	{"rss as html -feeds", []string{"-type", "text/html", "-feeds", feedRSS}, lines(feedRSS, "application/rss+xml")},
	{"rss as html -feeds nosniff", []string{"-type", "text/html", "-feeds", "-nosniff", feedRSS}, lines(feedRSS, "text/html")},
	{"html as html -feeds", []string{"-type", "text/html", "-feeds", pageHTML}, lines(pageHTML, "text/html")},
	{"rss undefined -feeds", []string{"-feeds", feedRSS}, lines(feedRSS, "text/xml")},

	// Contexts.
	{"browsing context", []string{"-context", "browsing", pageHTML}, lines(pageHTML, "text/html")},
	{"image: png as html", []string{"-context", "image", "-type", "text/html", pixelPNG}, lines(pixelPNG, "image/png")},
	{"image: png nosniff", []string{"-context", "image", "-type", "text/plain", "-nosniff", pixelPNG}, lines(pixelPNG, "image/png")},
	{"image: svg is xml", []string{"-context", "image", "-type", "image/svg+xml", pixelPNG}, lines(pixelPNG, "image/svg+xml")},
	{"image: html undefined", []string{"-context", "image", pageHTML}, lines(pageHTML, undefined)},
	{"image: html as html", []string{"-context", "image", "-type", "text/html", pageHTML}, lines(pageHTML, "text/html")},
	{"audio-video: mp3", []string{"-context", "audio-video", "-type", "text/plain", tuneMP3}, lines(tuneMP3, "audio/mpeg")},
	{"audio-video: png undefined", []string{"-context", "audio-video", pixelPNG}, lines(pixelPNG, undefined)},
	{"font: woff", []string{"-context", "font", "-type", "application/octet-stream", fontWOFF}, lines(fontWOFF, "font/woff")},
	{"font: png undefined", []string{"-context", "font", pixelPNG}, lines(pixelPNG, undefined)},
	{"plugin: undefined is octet-stream", []string{"-context", "plugin", pageHTML}, lines(pageHTML, "application/octet-stream")},
	{"plugin: supplied", []string{"-context", "plugin", "-type", "application/x-shockwave-flash", dataBin}, lines(dataBin, "application/x-shockwave-flash")},
	{"style: undefined", []string{"-context", "style", pageHTML}, lines(pageHTML, undefined)},
	{"style: supplied", []string{"-context", "style", "-type", "text/css", pageHTML}, lines(pageHTML, "text/css")},
	{"script: undefined", []string{"-context", "script", notesTXT}, lines(notesTXT, undefined)},
	{"script: supplied", []string{"-context", "script", "-type", "text/javascript", notesTXT}, lines(notesTXT, "text/javascript")},
	{"text-track", []string{"-context", "text-track", notesTXT}, lines(notesTXT, "text/vtt")},
	{"cache-manifest", []string{"-context", "cache-manifest", "-type", "text/plain", notesTXT}, lines(notesTXT, "text/cache-manifest")},

	// Saved HTTP responses.
	{"http plain", []string{"-http", httpDir + "plain.http"}, lines(httpDir+"plain.http", "text/html;charset=UTF-8")},
	{"http two content types: last", []string{"-http", httpDir + "two-content-types.http"}, lines(httpDir+"two-content-types.http", "text/html")},
	{"http nosniff", []string{"-http", httpDir + "nosniff.http"}, lines(httpDir+"nosniff.http", "text/plain")},
	{"http nosniff overridden", []string{"-http", "-nosniff=false", httpDir + "nosniff.http"}, lines(httpDir+"nosniff.http", "text/html")},
	{"http apache bug", []string{"-http", httpDir + "apache-bug.http"}, lines(httpDir+"apache-bug.http", "application/octet-stream")},
	{"http apache bug with nosniff", []string{"-http", "-nosniff", httpDir + "apache-bug.http"}, lines(httpDir+"apache-bug.http", "text/plain")},
	{"http type overridden", []string{"-http", "-type", "image/gif", httpDir + "apache-bug.http"}, lines(httpDir+"apache-bug.http", "image/png")},
	{"http type overridden to undefined", []string{"-http", "-type", "", httpDir + "plain.http"}, lines(httpDir+"plain.http", "text/html")},
	{"http chunked", []string{"-http", httpDir + "chunked.http"}, lines(httpDir+"chunked.http", "text/html")},
	{"http gzip", []string{"-http", httpDir + "gzip.http"}, lines(httpDir+"gzip.http", "text/html")},
	{"http deflate", []string{"-http", httpDir + "deflate.http"}, lines(httpDir+"deflate.http", "text/html")},
	{"http 100 continue", []string{"-http", httpDir + "continue.http"}, lines(httpDir+"continue.http", "application/json")},
	{"http HTTP/2", []string{"-http", httpDir + "http2.http"}, lines(httpDir+"http2.http", "image/png")},
	{"http HTTP/2 nosniff", []string{"-http", "-nosniff", httpDir + "http2.http"}, lines(httpDir+"http2.http", "image/gif")},
	{"http HTTP/2 image context", []string{"-http", "-context", "image", httpDir + "http2.http"}, lines(httpDir+"http2.http", "image/png")},
	{"http redirect: last response", []string{"-http", httpDir + "redirect.http"}, lines(httpDir+"redirect.http", "text/plain")},
	{"http LF line ends", []string{"-http", httpDir + "lf.http"}, lines(httpDir+"lf.http", "application/pdf")},
}

func TestSniff(t *testing.T) {
	for _, tt := range sniffTests {
		t.Run(tt.name, func(t *testing.T) {
			args := append([]string{"-browser", "standard"}, tt.args...)
			if slices.Contains(tt.args, "-context") {
				args = tt.args // the profiles are for the browsing context only
			}
			got := runCmd(nil, args...)
			want := runResult{Stdout: tt.want}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("mimesniff %q mismatch (-want +got):\n%s", tt.args, diff)
			}
		})
	}
}

func TestStdin(t *testing.T) {
	for _, tt := range []struct {
		name  string
		args  []string
		stdin string
		want  string
	}{
		{"png", []string{"-"}, pngMagic + "\x00\x00\x00\x0dIHDR", lines("-", "image/png")},
		{"html", []string{"-"}, "<p>hi", lines("-", "text/html")},
		{"empty", []string{"-"}, "", lines("-", "text/plain")},
		{"with a file", []string{pixelGIF, "-", pageHTML}, "abc", lines(pixelGIF, "image/gif", "-", "text/plain", pageHTML, "text/html")},
		{"http", []string{"-http", "-"}, "HTTP/1.1 200 OK\r\nContent-Type: image/x-icon\r\n\r\n" + pngMagic, lines("-", "image/png")},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := runCmd(strings.NewReader(tt.stdin), tt.args...)
			want := runResult{Stdout: tt.want}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("mimesniff %q mismatch (-want +got):\n%s", tt.args, diff)
			}
		})
	}
}

func TestExt(t *testing.T) {
	dir := t.TempDir()
	gifAsPNG := writeFile(t, dir, "gif.png", readFile(t, pixelGIF))
	htmlUnknownExt := writeFile(t, dir, "page.mimesniff-test-unknown", readFile(t, pageHTML))
	htmlNoExt := writeFile(t, dir, "page", readFile(t, pageHTML))
	htmlAsTXT := writeFile(t, dir, "page.txt", readFile(t, pageHTML))
	for _, tt := range []struct {
		name string
		args []string
		want string
	}{
		// .png is image/png: an image type, sniffed as an image.
		{"image extension", []string{"-ext", gifAsPNG}, lines(gifAsPNG, "image/gif")},
		{"image extension nosniff", []string{"-ext", "-nosniff", gifAsPNG}, lines(gifAsPNG, "image/png")},
		// The standard's answer: text/plain, an Apache value, wins over
		// .png, and the GIF is binary. (Chromium's profile finds the GIF
		// in binary text/plain: see TestDefaultBrowser.)
		{"type wins", []string{"-browser", "standard", "-ext", "-type", "text/plain", gifAsPNG}, lines(gifAsPNG, "application/octet-stream")},
		{"unknown extension", []string{"-ext", htmlUnknownExt}, lines(htmlUnknownExt, "text/html")},
		{"no extension", []string{"-ext", htmlNoExt}, lines(htmlNoExt, "text/html")},
		{"stdin has no extension", []string{"-ext", "-"}, lines("-", "text/html")},
		{"without -ext", []string{htmlAsTXT}, lines(htmlAsTXT, "text/html")},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := runCmd(bytes.NewReader(readFile(t, pageHTML)), tt.args...)
			want := runResult{Stdout: tt.want}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("mimesniff %q mismatch (-want +got):\n%s", tt.args, diff)
			}
		})
	}

	// .txt is text/plain, with or without a charset depending on the
	// system's mime.types: a supplied text/plain that is not byte for
	// byte an apache value (it comes from a file system) is final.
	t.Run("text extension", func(t *testing.T) {
		got := runCmd(nil, "-ext", htmlAsTXT)
		name, typ, _ := strings.Cut(strings.TrimSuffix(got.Stdout, "\n"), ": ")
		computed, err := mimesniff.Parse(typ)
		if name != htmlAsTXT || err != nil || computed.Essence() != "text/plain" || got.Code != 0 {
			t.Errorf("mimesniff -ext %s = %+v, want %s: text/plain (with any parameters)", htmlAsTXT, got, htmlAsTXT)
		}
	})
}

// TestHTTPInline checks -http on responses written here: variants of the
// saved ones, and responses that are errors.
func TestHTTPInline(t *testing.T) {
	html := readFile(t, pageHTML)
	compress := func(w io.WriteCloser, buf *bytes.Buffer) []byte {
		w.Write(html)
		w.Close()
		return buf.Bytes()
	}
	var gz, zl, raw, gzgz bytes.Buffer
	gzipped := compress(gzip.NewWriter(&gz), &gz)
	zlibbed := compress(zlib.NewWriter(&zl), &zl)
	fw, _ := flate.NewWriter(&raw, flate.BestCompression)
	rawDeflated := compress(fw, &raw)
	gw := gzip.NewWriter(&gzgz)
	gw.Write(gzipped)
	gw.Close()
	var gzOfDeflate []byte // gzip over deflate, the order "gzip, deflate" does not say
	{
		var b bytes.Buffer
		zw := gzip.NewWriter(&b)
		zw.Write(rawDeflated)
		zw.Close()
		gzOfDeflate = b.Bytes()
	}
	response := func(headers string, body []byte) []byte {
		head := strings.ReplaceAll(headers, "\n", "\r\n") + "\r\n"
		return append([]byte(head), body...)
	}
	chunk := func(body []byte) []byte {
		var b bytes.Buffer
		for len(body) > 0 {
			n := min(len(body), 7)
			fmt.Fprintf(&b, "%x\r\n%s\r\n", n, body[:n])
			body = body[n:]
		}
		b.WriteString("0\r\n\r\n")
		return b.Bytes()
	}
	rss := readFile(t, feedRSS)
	badCRC := bytes.Clone(gzipped)
	badCRC[len(badCRC)-8] ^= 1

	dir := t.TempDir()
	for _, tt := range []struct {
		name    string
		input   []byte
		args    []string // before the file
		want    string   // the type, or "" for an error
		wantErr string   // the error message after "mimesniff: FILE: "
	}{
		{"x-gzip", response("HTTP/1.1 200 OK\nContent-Encoding: x-gzip\n", gzipped), nil, "text/html", ""},
		{"GZIP upper case", response("HTTP/1.1 200 OK\nContent-Encoding: GZIP\n", gzipped), nil, "text/html", ""},
		{"gzip and chunked", response("HTTP/1.1 200 OK\nContent-Encoding: gzip\nTransfer-Encoding: chunked\n", chunk(gzipped)), nil, "text/html", ""},
		{"gzip twice, one header", response("HTTP/1.1 200 OK\nContent-Encoding: gzip, gzip\n", gzgz.Bytes()), nil, "text/html", ""},
		{"gzip twice, two headers", response("HTTP/1.1 200 OK\nContent-Encoding: gzip\nContent-Encoding: gzip\n", gzgz.Bytes()), nil, "text/html", ""},
		{"gzip and identity", response("HTTP/1.1 200 OK\nContent-Encoding: identity, gzip\n", gzipped), nil, "text/html", ""},
		{"identity", response("HTTP/1.1 200 OK\nContent-Encoding: identity\n", html), nil, "text/html", ""},
		// A coding no browser knows is no coding: browsers render the
		// bytes as they are (case coding/html/foo/html of the wire
		// recordings).
		{"unknown coding", response("HTTP/1.1 200 OK\nContent-Encoding: x-squash\n", html), nil, "text/html", ""},
		// A 304 has no body to decode: the supplied type stands in
		// every profile.
		{"304 has no body to decode", response("HTTP/1.1 304 Not Modified\nContent-Encoding: gzip\nContent-Type: image/png\n", nil), nil, "image/png", ""},
		{"deflate zlib", response("HTTP/1.1 200 OK\nContent-Encoding: deflate\n", zlibbed), nil, "text/html", ""},
		{"deflate raw", response("HTTP/1.1 200 OK\nContent-Encoding: deflate\n", rawDeflated), nil, "text/html", ""},
		{"gzip undecoded would be gzip", response("HTTP/1.1 200 OK\n", gzipped), nil, "application/x-gzip", ""},
		{"br", response("HTTP/1.1 200 OK\nContent-Encoding: br\n", []byte("\x1b\x00")), nil, "", `content coding "br" is not supported`},
		{"zstd after gzip", response("HTTP/1.1 200 OK\nContent-Encoding: gzip, zstd\n", gzipped), nil, "", `content coding "zstd" is not supported`},
		// No gzip magic and no Content-Length: nothing tells curl
		// --compressed from a server whose coding lies, and the body is
		// read as curl's decoding, in which a browser renders it.
		{"gzip decoded by curl", response("HTTP/1.1 200 OK\nContent-Encoding: gzip\n", html), nil, "text/html", ""},
		// A Content-Length other than the printed length: curl decoded.
		{"gzip decoded by curl, Content-Length", response(fmt.Sprintf("HTTP/1.1 200 OK\nContent-Encoding: gzip\nContent-Length: %d\n", len(gzipped)), html), nil, "text/html", ""},
		// The printed length is the Content-Length: curl printed the
		// body as sent, and a browser shows a decoding error.
		{"gzip that lies", response(fmt.Sprintf("HTTP/1.1 200 OK\nContent-Encoding: gzip\nContent-Length: %d\n", len(html)), html), nil, "", "gzip body: gzip: invalid header"},
		{"deflate that lies", response(fmt.Sprintf("HTTP/1.1 200 OK\nContent-Encoding: deflate\nContent-Length: %d\n", len(html)), html), nil, "", "deflate body: flate: corrupt input before offset 4"},
		{"gzip, deflate applied the other way", response(fmt.Sprintf("HTTP/1.1 200 OK\nContent-Encoding: gzip, deflate\nContent-Length: %d\n", len(gzOfDeflate)), gzOfDeflate), nil, "", "deflate body: flate: corrupt input before offset 1"},
		{"gzip, deflate applied the other way, chunked by curl --raw", response("HTTP/1.1 200 OK\nContent-Encoding: gzip, deflate\nTransfer-Encoding: chunked\n", chunk(gzOfDeflate)), nil, "", "deflate body: flate: corrupt input before offset 1"},
		{"gzip with a bad checksum", response("HTTP/1.1 200 OK\nContent-Encoding: gzip\n", badCRC), nil, "", "gzip body: gzip: invalid checksum"},
		{"HTTP/3", response("HTTP/3 200\ncontent-type: text/html\n", []byte("<rss>")), nil, "text/html", ""},
		{"HTTP/2 feed -feeds", response("HTTP/2 200\ncontent-type: text/html; charset=utf-8\n", rss), []string{"-feeds"}, "application/rss+xml", ""},
		{"HTTP/1.0 no reason", response("HTTP/1.0 200\nContent-Type: image/gif\n", []byte(pngMagic)), nil, "image/png", ""},
		{"proxy CONNECT then response", response("HTTP/1.1 200 Connection established\n", response("HTTP/2 200\n", html)), nil, "text/html", ""},
		{"103 early hints then 100", response("HTTP/1.1 103 Early Hints\nLink: </s.css>; rel=preload\n", response("HTTP/1.1 100 Continue\n", response("HTTP/1.1 200 OK\nContent-Type: text/plain\n", html))), nil, "text/plain", ""},
		{"two redirects", response("HTTP/1.1 302 Found\nContent-Type: text/html\nContent-Length: 5\n", response("HTTP/1.1 301 Moved\nContent-Type: text/html\n", response("HTTP/1.1 200 OK\nContent-Type: image/gif\n", []byte(pngMagic)))), nil, "image/png", ""},
		// "<html" at the end of the input: text/plain to the standard
		// (the end is not a tag-terminating byte) and Firefox (which
		// wants a space or ">" after the tag), text/html to Chromium
		// (which wants nothing after it): the worst is text/html.
		{"redirect not followed: body", response("HTTP/1.1 301 Moved\nContent-Length: 5\n", []byte("<html")), nil, "text/html", ""},
		{"body starting HTTP/", response("HTTP/1.1 200 OK\n", []byte("HTTP/1.1 is a protocol.\n")), nil, "text/plain", ""},
		// Content-Length is not used: with --compressed it is the encoded length.
		{"content-length shorter than body", response("HTTP/1.1 200 OK\nContent-Length: 3\n", []byte("abc\x00\x00")), nil, "application/octet-stream", ""},
		{"body cut short", response("HTTP/1.1 200 OK\nContent-Length: 1000\n", []byte("<p>")), nil, "text/html", ""},
		{"chunked body cut short", response("HTTP/1.1 200 OK\nTransfer-Encoding: chunked\n", []byte("3\r\n<p>\r\n")), nil, "", "chunked body: no chunk-size line at byte 8"},
		{"gzip body cut short", response("HTTP/1.1 200 OK\nContent-Encoding: gzip\n", gzipped[:len(gzipped)-20]), nil, "", "gzip body cut short: the compressed stream does not end"},
		{"HEAD response", response("HTTP/1.1 200 OK\nContent-Type: image/png\nContent-Length: 1000\n", nil), nil, "image/png", ""},
		{"HEAD response with Content-Encoding", response("HTTP/1.1 200 OK\nContent-Type: image/png\nContent-Encoding: gzip\n", nil), nil, "", "empty body with Content-Encoding: gzip"},
		// Fetch's nosniff (the standard, Chromium, Firefox) takes the
		// first value without case; WebKit only an exact "nosniff", so
		// it sniffs the page as HTML: the worst is text/html.
		{"several nosniff values", response("HTTP/1.1 200 OK\nX-Content-Type-Options: NoSniff, other\n", html), nil, "text/html", ""},
		{"several nosniff values, -browser standard", response("HTTP/1.1 200 OK\nX-Content-Type-Options: NoSniff, other\n", html), []string{"-browser", "standard"}, "text/plain", ""},
		{"nosniff not first", response("HTTP/1.1 200 OK\nX-Content-Type-Options: , nosniff\n", html), nil, "text/html", ""},
		// The last value is parsed whole, and fails: undefined.
		{"content type list does not parse", response("HTTP/1.1 200 OK\nContent-Type: text/plain, image/gif\n", []byte("<p>")), nil, "text/html", ""},
		{"100 continue alone", response("HTTP/1.1 100 Continue\n", nil), nil, "", "no final response after the interim 100"},
		{"empty", nil, nil, "", "not an HTTP response: empty input"},
		{"html", html, nil, "", `not an HTTP response: status line "<!DOCTYPE html>\n"`},
		{"long line", bytes.Repeat([]byte("a"), 5000), nil, "", "not an HTTP response: no status line in the first 4096 bytes"},
		{"bad header", []byte("HTTP/1.1 200 OK\r\nno colon\r\n\r\n"), nil, "", "malformed HTTP response: malformed MIME header"},
		// Not a chunk-size line: curl unchunked it already.
		{"unchunked by curl", response("HTTP/1.1 200 OK\nTransfer-Encoding: chunked\n", []byte("zz\r\n")), nil, "text/plain", ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			name := writeFile(t, dir, strings.NewReplacer(" ", "-", "/", "-").Replace(tt.name)+".http", tt.input)
			got := runCmd(nil, append(append([]string{"-http"}, tt.args...), name)...)
			want := runResult{Stdout: lines(name, tt.want)}
			if tt.want == "" {
				want = runResult{Stderr: "mimesniff: " + name + ": " + tt.wantErr + "\n", Code: httpExit(tt.wantErr)}
				// net/http's messages go on after their start,
				// differently in different Go versions.
				if prefix := want.Stderr[:len(want.Stderr)-1]; strings.HasPrefix(got.Stderr, prefix) && strings.Contains(tt.wantErr, "malformed") {
					got.Stderr = prefix + "\n"
				}
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("mimesniff -http %q mismatch (-want +got):\n%s", tt.input, diff)
			}
		})
	}
}

// httpExit returns the exit status of -http on one input whose error is
// msg: 1 for an input that is no HTTP response, which -http cannot read;
// 0 for an HTTP response whose answer is an error, which is an answer
// (doc.go, "Exit status").
func httpExit(msg string) int {
	if strings.HasPrefix(msg, "not an HTTP response: ") {
		return exitError
	}
	return exitOK
}

// jsonLine is an output line of -json, with the MIME types as pointers so
// that null can be told from "".
type jsonLine struct {
	Name      string  `json:"name"`
	Status    *int    `json:"status"` // with -http only
	Supplied  *string `json:"supplied"`
	NoSniff   bool    `json:"nosniff"`
	ApacheBug bool    `json:"apacheBug"`
	Feeds     bool    `json:"feeds"`
	Context   string  `json:"context"`
	Computed  *string `json:"computed"`
	Browser   string  `json:"browser,omitempty"` // the profile of the default answer
	Error     string  `json:"error,omitempty"`
}

// decodeJSONLines decodes every line of out as a jsonLine, strictly.
func decodeJSONLines(t *testing.T, out string) []jsonLine {
	t.Helper()
	var got []jsonLine
	for line := range strings.Lines(out) {
		dec := json.NewDecoder(strings.NewReader(line))
		dec.DisallowUnknownFields()
		var l jsonLine
		if err := dec.Decode(&l); err != nil {
			t.Fatalf("decoding %q: %v", line, err)
		}
		if !strings.HasSuffix(line, "}\n") {
			t.Errorf("line %q: not one JSON object ending the line", line)
		}
		got = append(got, l)
	}
	return got
}

func ptr(s string) *string { return &s }

func status(code int) *int { return &code }

// jsonTests are the JSON records of the default answer, the worst of the
// browser profiles, which names the profile that gave it: the first of
// standard, chromium and firefox among those that rank highest (see
// TestDefaultBrowser), and of -context, which has none.
var jsonTests = []struct {
	name string
	args []string
	want []jsonLine
}{
	// Every profile computes text/html.
	{"undefined supplied", []string{"-json", pageHTML}, []jsonLine{
		{Name: pageHTML, Context: "browsing", Computed: ptr("text/html"), Browser: "standard"},
	}},
	// Binary under an Apache text/plain is a download everywhere, and
	// text is text/plain everywhere.
	{"apache bug", []string{"-json", "-type", "text/plain", dataBin, notesTXT}, []jsonLine{
		{Name: dataBin, Supplied: ptr("text/plain"), ApacheBug: true, Context: "browsing", Computed: ptr("application/octet-stream"), Browser: "standard"},
		{Name: notesTXT, Supplied: ptr("text/plain"), ApacheBug: true, Context: "browsing", Computed: ptr("text/plain"), Browser: "standard"},
	}},
	// A supplied HTML type is final everywhere.
	{"nosniff, feeds, parameters", []string{"-json", "-nosniff", "-feeds", "-type", "text/html; Charset=\"UTF-8\"", feedRSS}, []jsonLine{
		{Name: feedRSS, Supplied: ptr("text/html;charset=UTF-8"), NoSniff: true, Feeds: true, Context: "browsing", Computed: ptr("text/html;charset=UTF-8"), Browser: "standard"},
	}},
	// "text" does not parse: no type, and a PNG everywhere.
	{"unparsable supplied is null", []string{"-json", "-type", "text", pixelPNG}, []jsonLine{
		{Name: pixelPNG, Context: "browsing", Computed: ptr("image/png"), Browser: "standard"},
	}},
	{"undefined computed is null", []string{"-json", "-context", "style", pageHTML}, []jsonLine{
		{Name: pageHTML, Context: "style"},
	}},
	{"image context", []string{"-json", "-context", "image", "-type", "text/html", pixelPNG}, []jsonLine{
		{Name: pixelPNG, Supplied: ptr("text/html"), Context: "image", Computed: ptr("image/png")},
	}},
	{"audio-video context", []string{"-json", "-context", "audio-video", tuneMP3}, []jsonLine{
		{Name: tuneMP3, Context: "audio-video", Computed: ptr("audio/mpeg")},
	}},
	// nosniff.http: HTML with nosniff and no type is text/plain
	// everywhere. apache-bug.http: a PNG as text/plain is a download
	// to the standard and Firefox, and an image to Chromium, which
	// looks for a magic number in binary text/plain. http2.http: a PNG
	// as image/gif is image/png to the standard, image/gif to both
	// browsers; all displayed, so the standard's.
	{"http", []string{"-json", "-http", httpDir + "nosniff.http", httpDir + "apache-bug.http", httpDir + "http2.http"}, []jsonLine{
		{Name: httpDir + "nosniff.http", Status: status(200), NoSniff: true, Context: "browsing", Computed: ptr("text/plain"), Browser: "standard"},
		{Name: httpDir + "apache-bug.http", Status: status(200), Supplied: ptr("text/plain"), ApacheBug: true, Context: "browsing", Computed: ptr("image/png"), Browser: "chromium"},
		{Name: httpDir + "http2.http", Status: status(200), Supplied: ptr("image/gif"), Context: "browsing", Computed: ptr("image/png"), Browser: "standard"},
	}},
	// An Apache value over HTML: text to every profile (Chromium keeps
	// the value with its charset, the others text/plain).
	{"http overridden", []string{"-json", "-http", "-nosniff=false", "-type", "text/plain; charset=UTF-8", httpDir + "nosniff.http"}, []jsonLine{
		{Name: httpDir + "nosniff.http", Status: status(200), Supplied: ptr("text/plain;charset=UTF-8"), ApacheBug: true, Context: "browsing", Computed: ptr("text/plain"), Browser: "standard"},
	}},
}

func TestJSON(t *testing.T) {
	for _, tt := range jsonTests {
		t.Run(tt.name, func(t *testing.T) {
			res := runCmd(nil, tt.args...)
			if res.Code != 0 || res.Stderr != "" {
				t.Fatalf("mimesniff %q: exit status %d, stderr %q; want 0 and none", tt.args, res.Code, res.Stderr)
			}
			got := decodeJSONLines(t, res.Stdout)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("mimesniff %q mismatch (-want +got):\n%s", tt.args, diff)
			}
		})
	}
}

func TestErrors(t *testing.T) {
	dir := t.TempDir()
	unreadable := writeFile(t, dir, "unreadable", []byte("<p>"))
	if err := os.Chmod(unreadable, 0); err != nil {
		t.Fatal(err)
	}
	_, openErr := os.Open(unreadable)
	for _, tt := range []struct {
		name string
		args []string
		want runResult
	}{
		{"missing file among good ones", []string{pixelPNG, missing, pageHTML}, runResult{
			Stdout: lines(pixelPNG, "image/png", pageHTML, "text/html"),
			Stderr: "mimesniff: " + missing + ": no such file or directory\n",
			Code:   1,
		}},
		{"directory", []string{directory, pixelGIF}, runResult{
			Stdout: lines(pixelGIF, "image/gif"),
			Stderr: "mimesniff: " + directory + ": is a directory (use -r to walk it)\n",
			Code:   1,
		}},
		{"directory with -http", []string{"-http", directory}, runResult{
			Stderr: "mimesniff: " + directory + ": is a directory (use -r to walk it)\n",
			Code:   1,
		}},
		// Every input has a JSON record, a failed one too.
		{"missing, json", []string{"-json", missing, pixelGIF, missing + "2"}, runResult{
			Stdout: `{"name":"` + missing + `","error":"no such file or directory"}` + "\n" +
				`{"name":"` + pixelGIF + `","supplied":null,"nosniff":false,"apacheBug":false,"feeds":false,"context":"browsing","computed":"image/gif","browser":"standard"}` + "\n" +
				`{"name":"` + missing + `2","error":"no such file or directory"}` + "\n",
			Stderr: "mimesniff: " + missing + ": no such file or directory\n" +
				"mimesniff: " + missing + "2: no such file or directory\n",
			Code: 1,
		}},
		{"not an HTTP response", []string{"-http", pixelPNG, httpDir + "plain.http"}, runResult{
			Stdout: lines(httpDir+"plain.http", "text/html;charset=UTF-8"),
			Stderr: "mimesniff: " + pixelPNG + `: not an HTTP response: status line "\x89PNG\r\n"` + "\n",
			Code:   1,
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := runCmd(nil, tt.args...)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("mimesniff %q mismatch (-want +got):\n%s", tt.args, diff)
			}
		})
	}
	t.Run("unreadable file", func(t *testing.T) {
		if openErr == nil {
			t.Skip("running with permission to read a file with mode 0 (root?)")
		}
		got := runCmd(nil, unreadable)
		want := runResult{Stderr: "mimesniff: " + unreadable + ": permission denied\n", Code: 1}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("mimesniff %s mismatch (-want +got):\n%s", unreadable, diff)
		}
	})
	t.Run("read error on stdin", func(t *testing.T) {
		stdin := io.MultiReader(strings.NewReader("<p>"), errReader{errors.New("disk on fire")})
		got := runCmd(stdin, "-", pageHTML)
		want := runResult{Stdout: lines(pageHTML, "text/html"), Stderr: "mimesniff: -: disk on fire\n", Code: 1}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("mimesniff - mismatch (-want +got):\n%s", diff)
		}
	})
	t.Run("write error", func(t *testing.T) {
		var stderr bytes.Buffer
		code := run([]string{pageHTML, pixelPNG}, strings.NewReader(""), errWriter{errors.New("pipe closed")}, &stderr)
		want := runResult{Stderr: "mimesniff: writing output: pipe closed\n", Code: 1}
		if diff := cmp.Diff(want, runResult{Stderr: stderr.String(), Code: code}); diff != "" {
			t.Errorf("mimesniff to a failing writer mismatch (-want +got):\n%s", diff)
		}
	})
}

type errReader struct{ err error }

func (r errReader) Read([]byte) (int, error) { return 0, r.err }

type errWriter struct{ err error }

func (w errWriter) Write([]byte) (int, error) { return 0, w.err }

// allFlags are the flags the usage message must list.
var allFlags = []string{"-type", "-nosniff", "-ext", "-context", "-feeds", "-http", "-json", "-r", "-report", "-browser", "-url", "-warc", "-summary"}

func TestUsage(t *testing.T) {
	for _, tt := range []struct {
		name       string
		args       []string
		wantCode   int
		wantStdout bool   // the usage is on stdout, not stderr
		wantError  string // the message before the usage, on stderr
	}{
		{"-h", []string{"-h"}, 0, true, ""},
		{"-help", []string{"-help"}, 0, true, ""},
		{"--help", []string{"--help", pageHTML}, 0, true, ""},
		{"-h after a file", []string{pageHTML, "-h"}, 0, true, ""},
		{"no inputs", nil, 2, false, "mimesniff: no input files\n"},
		{"flags and no inputs", []string{"-json", "-nosniff"}, 2, false, "mimesniff: no input files\n"},
		{"unknown flag", []string{"-x", pageHTML}, 2, false, "mimesniff: flag provided but not defined: -x\n"},
		{"unknown flag after a file", []string{pageHTML, "-x"}, 2, false, "mimesniff: flag provided but not defined: -x\n"},
		{"bad context", []string{"-context", "video", pageHTML}, 2, false,
			`mimesniff: invalid value "video" for flag -context: unknown sniffing context "video" (want one of browsing, image, audio-video, font, plugin, style, script, text-track, cache-manifest)` + "\n"},
		{"missing flag value", []string{"-type"}, 2, false, "mimesniff: flag needs an argument: -type\n"},
		{"missing flag value after a file", []string{pageHTML, "-type"}, 2, false, "mimesniff: flag needs an argument: -type\n"},
		{"bad bool", []string{"-json=maybe", pageHTML}, 2, false, `mimesniff: invalid boolean value "maybe" for -json: parse error` + "\n"},
		{"-http with -ext", []string{"-http", "-ext", pageHTML}, 2, false, "mimesniff: -http and -ext cannot be used together\n"},
		{"removed -legacy", []string{"-legacy", "ie", pageHTML}, 2, false, "mimesniff: -legacy has been removed: use -browser ie\n"},
		{"removed -compare", []string{pageHTML, "-compare"}, 2, false, "mimesniff: -compare has been removed: use -browser ie,standard\n"},
		{"stdin twice", []string{"-", pageHTML, "-"}, 2, false, "mimesniff: standard input (\"-\") given more than once\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := runCmd(nil, tt.args...)
			usage, other := got.Stderr, got.Stdout
			if tt.wantStdout {
				usage, other = got.Stdout, got.Stderr
			}
			if got.Code != tt.wantCode {
				t.Errorf("mimesniff %q: exit status %d, want %d", tt.args, got.Code, tt.wantCode)
			}
			if other != "" {
				t.Errorf("mimesniff %q: other output %q, want none", tt.args, other)
			}
			msg, usage, ok := strings.Cut(usage, usageLine)
			if !ok {
				t.Fatalf("mimesniff %q: no usage message in %q", tt.args, usage)
			}
			if msg != tt.wantError {
				t.Errorf("mimesniff %q: message %q, want %q", tt.args, msg, tt.wantError)
			}
			for _, f := range allFlags {
				if strings.Count(usage, "  "+f+" ")+strings.Count(usage, "  "+f+"\n")+strings.Count(usage, "  "+f+"\t") != 1 {
					t.Errorf("mimesniff %q: usage does not list %s once:\n%s", tt.args, f, usage)
				}
			}
		})
	}
}

// TestDocumented checks that every flag is explained in the package
// documentation (doc.go), once, in its list of flags, and that its one-line
// help string is one line; and that the documentation lists each flag rule
// with its message, once.
func TestDocumented(t *testing.T) {
	doc := string(readFile(t, "doc.go"))
	_, list, _ := strings.Cut(doc, "The flags are:\n")
	list, _, _ = strings.Cut(list, "\n# ")
	var o options
	flags := newFlagSet(&o)
	flags.VisitAll(func(f *flag.Flag) {
		if n := strings.Count(list, "\n\t-"+f.Name+" ") + strings.Count(list, "\n\t-"+f.Name+"\n"); n != 1 {
			t.Errorf("doc.go explains -%s %d times in its list of flags, want once", f.Name, n)
		}
		if strings.Contains(f.Usage, "\n") {
			t.Errorf("-%s: help string %q is more than one line", f.Name, f.Usage)
		}
	})
	for _, f := range allFlags {
		if flags.Lookup(f[1:]) == nil {
			t.Errorf("allFlags lists %s, which is not a flag", f)
		}
	}
	_, together, _ := strings.Cut(doc, "\n# Flags together\n")
	together, _, _ = strings.Cut(together, "\n# ")
	for _, rule := range flagRules {
		if n := strings.Count(together, "\n\t"+rule.msg+"\n"); n != 1 {
			t.Errorf("doc.go lists %q %d times under Flags together, want once", rule.msg, n)
		}
	}
	if n := strings.Count(together, "\n\t-"); n != len(flagRules) {
		t.Errorf("doc.go lists %d combinations under Flags together, flagRules has %d", n, len(flagRules))
	}
}

// TestFlagCombinations runs the command with every subset of its flags, each
// with one value, on a file that is also an HTTP response: exactly the
// subsets that break a rule of flagRules (with these values: one that
// excludes its other flag when both are given, one that needs it when it is
// not) are usage errors, with that rule's message, and every other runs.
func TestFlagCombinations(t *testing.T) {
	dir := t.TempDir()
	dump := writeFile(t, dir, "dump.html", []byte("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\n<html><script>alert(1)</script>"))
	values := map[string][]string{
		"type":    {"-type", "image/gif"},
		"nosniff": {"-nosniff"},
		"ext":     {"-ext"},
		"context": {"-context", "image"},
		"feeds":   {"-feeds"},
		"http":    {"-http"},
		"json":    {"-json"},
		"r":       {"-r"},
		"report":  {"-report"},
		"browser": {"-browser", "ie,standard"},
		"url":     {"-url", "http://example.com/a.gif"},
		"warc":    {"-warc"},
		"summary": {"-summary"},
	}
	// With -warc, the input is an archive of the same response.
	const uri = "http://example.test/dump"
	warcFile := writeFile(t, dir, "dump.warc", []byte("WARC/1.1\r\nWARC-Type: response\r\nWARC-Record-ID: <urn:uuid:1>\r\n"+
		"WARC-Date: 2026-11-26T12:00:00Z\r\nWARC-Target-URI: "+uri+"\r\nContent-Length: 76\r\n\r\n"+
		"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\n<html><script>alert(1)</script>\r\n\r\n"))
	var o options
	var names []string
	newFlagSet(&o).VisitAll(func(f *flag.Flag) {
		if values[f.Name] == nil {
			t.Fatalf("no value for -%s", f.Name)
		}
		names = append(names, f.Name)
	})
	if len(names) != len(values) {
		t.Fatalf("values for %d flags, the command has %d", len(values), len(names))
	}
	for _, rule := range flagRules {
		for _, f := range []string{rule.flag, rule.other} {
			if values[f] == nil || !strings.Contains(rule.msg+" ", "-"+f+" ") {
				t.Errorf("rule %q: -%s is no flag, or the message does not name it", rule.msg, f)
			}
		}
	}

	ran, refused := 0, 0
	for set := range 1 << len(names) {
		given := map[string]bool{}
		var args []string
		for i, name := range names {
			if set&(1<<i) != 0 {
				given[name] = true
				args = append(args, values[name]...)
			}
		}
		wantErr := ""
		for _, rule := range flagRules {
			if given[rule.flag] && given[rule.other] != rule.needs {
				wantErr = rule.msg
				break
			}
		}
		file := dump
		if given["warc"] {
			file = warcFile
		}
		got := runCmd(nil, append(args, file)...)
		if wantErr != "" {
			refused++
			if want := "mimesniff: " + wantErr + "\n" + usageLine; got.Code != exitUsage || got.Stdout != "" || !strings.HasPrefix(got.Stderr, want) {
				t.Errorf("mimesniff %s: exit %d, stdout %q, stderr %q; want exit %d and %q", strings.Join(args, " "), got.Code, got.Stdout, got.Stderr, exitUsage, want)
			}
			continue
		}
		ran++
		ok := strings.HasPrefix(got.Stdout, dump+": ") || strings.HasPrefix(got.Stdout, `{"name":"`+file+`",`) ||
			given["warc"] && strings.HasPrefix(got.Stdout, uri+": ") || given["summary"] && strings.Contains(got.Stdout, "\ntotal\tread 1\t")
		if !ok || got.Code != exitOK || got.Stderr != "" {
			t.Errorf("mimesniff %s: exit %d, stdout %q, stderr %q; want it to run", strings.Join(args, " "), got.Code, got.Stdout, got.Stderr)
		}
	}
	t.Logf("%d combinations run, %d are usage errors", ran, refused)
}

// TestFlagsAfterFiles checks that flags after file names are flags, and
// that "--" ends them.
func TestFlagsAfterFiles(t *testing.T) {
	dir := t.TempDir()
	dashFile := writeFile(t, dir, "-nosniff", readFile(t, pageHTML))
	for _, tt := range []struct {
		name string
		args []string
		want string
	}{
		{"flag after a file", []string{pageHTML, "-nosniff"}, lines(pageHTML, "text/plain")},
		{"flags between files", []string{pageHTML, "-type", "text/plain", dataBin}, lines(pageHTML, "text/plain", dataBin, "application/octet-stream")},
		{"-- ends the flags", []string{"-json=false", "--", dashFile}, lines(dashFile, "text/html")},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := runCmd(nil, tt.args...)
			if diff := cmp.Diff(runResult{Stdout: tt.want}, got); diff != "" {
				t.Errorf("mimesniff %q mismatch (-want +got):\n%s", tt.args, diff)
			}
		})
	}
}

// headerOnlyReader is an endless text resource that fails the test when it
// is asked for a byte past the resource header. It delivers at most 100
// bytes a call, so that the reader of the header must loop.
type headerOnlyReader struct {
	t *testing.T
	n int // bytes delivered
}

func (r *headerOnlyReader) Read(p []byte) (int, error) {
	if r.n+len(p) > mimesniff.HeaderSize {
		r.t.Errorf("Read of %d bytes after %d: asks for more than the %d bytes of the resource header", len(p), r.n, mimesniff.HeaderSize)
		return 0, errors.New("read past the resource header")
	}
	k := min(len(p), 100)
	for i := range p[:k] {
		p[i] = 'a'
	}
	r.n += k
	return k, nil
}

// recordingWriter records how many bytes in had delivered when the first
// output was written.
type recordingWriter struct {
	bytes.Buffer
	in      *headerOnlyReader
	atWrite int // -1 before the first write
}

func (w *recordingWriter) Write(p []byte) (int, error) {
	if w.atWrite < 0 {
		w.atWrite = w.in.n
	}
	return w.Buffer.Write(p)
}

func TestReadsOnlyTheHeader(t *testing.T) {
	for _, args := range [][]string{{"-"}, {"-json", "-"}, {"-nosniff", "-type", "text/plain", "-"}} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			in := &headerOnlyReader{t: t}
			out := &recordingWriter{in: in, atWrite: -1}
			var stderr bytes.Buffer
			code := run(args, in, out, &stderr)
			if code != 0 || stderr.Len() != 0 {
				t.Fatalf("mimesniff %q: exit status %d, stderr %q", args, code, stderr.String())
			}
			if out.atWrite != mimesniff.HeaderSize {
				t.Errorf("mimesniff %q had read %d bytes when it wrote its output, want %d", args, out.atWrite, mimesniff.HeaderSize)
			}
			if in.n != mimesniff.HeaderSize {
				t.Errorf("mimesniff %q read %d bytes, want %d", args, in.n, mimesniff.HeaderSize)
			}
			if !strings.Contains(out.String(), "text/plain") {
				t.Errorf("mimesniff %q = %q, want text/plain", args, out.String())
			}
		})
	}
}

// boundedReader is an endless input after prefix that fails the test when
// more than max bytes are read from it.
type boundedReader struct {
	t      *testing.T
	prefix io.Reader
	fill   []byte // the endless part, repeated
	off    int    // the offset in fill of the next byte
	n, max int    // bytes read, and the most allowed
}

func (r *boundedReader) Read(p []byte) (int, error) {
	if n, err := r.prefix.Read(p); n > 0 || err != io.EOF {
		r.n += n
		return n, err
	}
	if r.n >= r.max {
		r.t.Errorf("read %d bytes, more than the %d expected", r.n, r.max)
		return 0, errors.New("read too much")
	}
	k := min(len(p), r.max-r.n)
	for i := range p[:k] {
		p[i] = r.fill[r.off]
		r.off = (r.off + 1) % len(r.fill)
	}
	r.n += k
	return k, nil
}

// TestHTTPReadsBounded checks that -http reads the headers and as little of
// an endless body as it needs (allowing for bufio's read-ahead), and gives
// up on an endless header section.
func TestHTTPReadsBounded(t *testing.T) {
	const readAhead = 3 * 4096
	for _, tt := range []struct {
		name, head, fill string
		max              int
		want             runResult
	}{
		{"endless body", "HTTP/1.1 200 OK\r\n\r\n", "<p>", readAhead + mimesniff.HeaderSize,
			runResult{Stdout: lines("-", "text/html")}},
		// A body curl decoded has nothing to check after its header.
		{"endless gzip body decoded by curl", "HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\n\r\n", "<p>", 2*readAhead + mimesniff.HeaderSize,
			runResult{Stdout: lines("-", "text/html")}},
		{"endless deflate body decoded by curl", "HTTP/1.1 200 OK\r\nContent-Encoding: deflate\r\n\r\n", "<p>", 2*readAhead + mimesniff.HeaderSize,
			runResult{Stdout: lines("-", "text/html")}},
		// A coded body must be read to its end to be checked. Answered
		// with an error, each of these: exit status 0 (doc.go).
		{"endless chunked body", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n", "3\r\nabc\r\n", maxBodyBytes + 2*readAhead,
			runResult{Stderr: "mimesniff: -: body longer than 67108864 bytes: too long to check its coding\n"}},
		{"endless gzip body", "HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\n\r\n" + gzipPrefix(), strings.Repeat("\x00", 65535) + storedBlock, maxBodyBytes + 2*readAhead,
			runResult{Stderr: "mimesniff: -: body longer than 67108864 bytes: too long to check its coding\n"}},
		{"endless headers", "HTTP/1.1 200 OK\r\n", "X-A: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\r\n", maxHeaderBytes + readAhead,
			runResult{Stderr: "mimesniff: -: " + errHeaderTooLong.Error() + "\n"}},
		{"endless interim responses", "", "HTTP/1.1 100 Continue\r\n\r\n", maxResponses*25 + readAhead,
			runResult{Stderr: "mimesniff: -: more than 100 HTTP responses\n"}},
		{"endless redirects", "", "HTTP/1.1 302 Found\r\nLocation: /\r\n\r\n", maxResponses*35 + readAhead,
			runResult{Stderr: "mimesniff: -: more than 100 HTTP responses\n"}},
		{"endless HTTP/2 redirects", "", "HTTP/2 302 \r\nlocation: /\r\n\r\n", maxResponses*(30+4096) + readAhead,
			runResult{Stderr: "mimesniff: -: more than 100 HTTP responses\n"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			in := &boundedReader{t: t, prefix: strings.NewReader(tt.head), fill: []byte(tt.fill), max: tt.max}
			got := runCmd(in, "-http", "-")
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("mimesniff -http - mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

// storedBlock is the header of a deflate stored block of 65535 bytes, not
// the last.
const storedBlock = "\x00\xff\xff\x00\x00"

// gzipPrefix returns the start of a gzip stream: its header, an empty
// block, and the header of a stored block of 65535 bytes, for the NUL bytes
// that follow, and then more stored blocks of them, without end.
func gzipPrefix() string {
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Flush() // the header and an empty sync block
	return b.String() + storedBlock
}

// TestTestdata checks that the saved inputs are what the tests say: a
// decodable PNG, HTTP responses whose bodies decode to page.html, and the
// apache-bug response carrying the PNG.
func TestTestdata(t *testing.T) {
	if _, err := png.Decode(bytes.NewReader(readFile(t, pixelPNG))); err != nil {
		t.Errorf("%s: %v", pixelPNG, err)
	}
	if b := readFile(t, longTXT); len(b) <= mimesniff.HeaderSize || bytes.IndexByte(b[:mimesniff.HeaderSize], 0) >= 0 || bytes.IndexByte(b[mimesniff.HeaderSize:], 0) < 0 {
		t.Errorf("%s: want text for %d bytes, then a NUL byte", longTXT, mimesniff.HeaderSize)
	}
	html := readFile(t, pageHTML)
	for _, tt := range []struct {
		file      string
		wantStart string // the start of the body on the wire
		wantBody  []byte // the decoded body
	}{
		{"plain.http", "<!DOCTYPE", html},
		{"chunked.http", "5\r\n<!DOC", html},
		{"gzip.http", gzipMagic, html},
		{"deflate.http", "\x78", html},
		{"apache-bug.http", pngMagic, readFile(t, pixelPNG)},
		{"http2.http", pngMagic, readFile(t, pixelPNG)},
	} {
		t.Run(tt.file, func(t *testing.T) {
			raw := readFile(t, httpDir+tt.file)
			_, body, ok := bytes.Cut(raw, []byte("\r\n\r\n"))
			if !ok || !bytes.HasPrefix(body, []byte(tt.wantStart)) {
				t.Errorf("body starts %q, want %q", body[:min(len(body), 10)], tt.wantStart)
			}
			raw = bytes.Replace(raw, []byte("HTTP/2 "), []byte("HTTP/2.0 "), 1)
			resp, err := http.ReadResponse(bufio.NewReader(bytes.NewReader(raw)), nil)
			if err != nil {
				t.Fatal(err)
			}
			var r io.Reader = resp.Body
			switch resp.Header.Get("Content-Encoding") {
			case "gzip":
				r, err = gzip.NewReader(r)
			case "deflate":
				r, err = zlib.NewReader(r)
			}
			if err != nil {
				t.Fatal(err)
			}
			got, err := io.ReadAll(r)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, tt.wantBody) {
				t.Errorf("decoded body %q, want %q", got, tt.wantBody)
			}
		})
	}
}

// TestBinary runs the built command.
func TestBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command")
	}
	png := readFile(t, pixelPNG)
	for _, tt := range []struct {
		name  string
		args  []string
		stdin []byte
		want  runResult
	}{
		{"files", []string{pixelPNG, pageHTML, notesTXT, dataBin}, nil, runResult{
			Stdout: lines(pixelPNG, "image/png", pageHTML, "text/html", notesTXT, "text/plain", dataBin, "application/octet-stream"),
		}},
		{"flags", []string{"-type", "text/plain", "-nosniff", dataBin}, nil, runResult{Stdout: lines(dataBin, "text/plain")}},
		{"stdin from a pipe", []string{"-type", "image/gif", "-"}, png, runResult{Stdout: lines("-", "image/png")}},
		{"stdin and files", []string{pixelGIF, "-"}, png, runResult{Stdout: lines(pixelGIF, "image/gif", "-", "image/png")}},
		{"http", []string{"-http", httpDir + "gzip.http", httpDir + "continue.http"}, nil, runResult{
			Stdout: lines(httpDir+"gzip.http", "text/html", httpDir+"continue.http", "application/json"),
		}},
		{"http from a pipe", []string{"-http", "-"}, readFile(t, httpDir+"http2.http"), runResult{Stdout: lines("-", "image/png")}},
		{"missing file", []string{pixelPNG, missing, pageHTML}, nil, runResult{
			Stdout: lines(pixelPNG, "image/png", pageHTML, "text/html"),
			Stderr: "mimesniff: " + missing + ": no such file or directory\n",
			Code:   1,
		}},
		{"directory", []string{directory}, nil, runResult{Stderr: "mimesniff: " + directory + ": is a directory (use -r to walk it)\n", Code: 1}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := runBinary(t, bytes.NewReader(tt.stdin), tt.args...)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("mimesniff %q mismatch (-want +got):\n%s", tt.args, diff)
			}
		})
	}

	t.Run("json", func(t *testing.T) {
		args := []string{"-json", "-type", "text/plain", dataBin, "-"}
		res := runBinary(t, bytes.NewReader(png), args...)
		if res.Code != 0 || res.Stderr != "" {
			t.Fatalf("mimesniff %q: exit status %d, stderr %q", args, res.Code, res.Stderr)
		}
		// Binary as text/plain is a download everywhere; a PNG as
		// text/plain is an image to Chromium only (see jsonTests).
		want := []jsonLine{
			{Name: dataBin, Supplied: ptr("text/plain"), ApacheBug: true, Context: "browsing", Computed: ptr("application/octet-stream"), Browser: "standard"},
			{Name: "-", Supplied: ptr("text/plain"), ApacheBug: true, Context: "browsing", Computed: ptr("image/png"), Browser: "chromium"},
		}
		if diff := cmp.Diff(want, decodeJSONLines(t, res.Stdout)); diff != "" {
			t.Errorf("mimesniff %q mismatch (-want +got):\n%s", args, diff)
		}
	})

	t.Run("endless file", func(t *testing.T) {
		if _, err := os.Stat("/dev/zero"); err != nil {
			t.Skip(err)
		}
		got := runBinary(t, nil, "/dev/zero")
		want := runResult{Stderr: "mimesniff: /dev/zero: not a regular file (character device): not read\n", Code: 1}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("mimesniff /dev/zero mismatch (-want +got):\n%s", diff)
		}
	})

	for _, tt := range []struct {
		name     string
		args     []string
		wantCode int
	}{
		{"bad flag", []string{"-bogus", pageHTML}, 2},
		{"bad context", []string{"-context", "nope", pageHTML}, 2},
		{"no inputs", nil, 2},
		{"help", []string{"-h"}, 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := runBinary(t, nil, tt.args...)
			usage := got.Stderr
			if tt.wantCode == 0 {
				usage = got.Stdout
			}
			if got.Code != tt.wantCode || !strings.Contains(usage, usageLine) {
				t.Errorf("mimesniff %q: exit status %d, stdout %q, stderr %q; want status %d and the usage", tt.args, got.Code, got.Stdout, got.Stderr, tt.wantCode)
			}
			for _, f := range allFlags {
				if !strings.Contains(usage, f) {
					t.Errorf("mimesniff %q: usage does not mention %s", tt.args, f)
				}
			}
		})
	}
}
