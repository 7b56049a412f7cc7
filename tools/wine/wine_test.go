// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package wine compares mimesniff.FindMimeFromData with Wine's own
// implementation of urlmon's FindMimeFromData, called by a small Windows
// program (win/findmime.c) built with MinGW and run under Wine. It is a module
// of its own, so that go test ./... at the top never runs it; run it with
//
//	cd tools/wine && MIMESNIFF_WINE=1 go test -v
//
// It needs the Debian packages wine64 and gcc-mingw-w64-x86-64, and skips
// with a message without them.
package wine

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mimesniff/mimesniff"
)

// call is one call of FindMimeFromData; a nil data is no buffer, and an
// empty proposed type or URL is none (NULL), as in mimesniff.
type call struct {
	data          []byte
	proposed, url string
}

// Pieces of generated buffers: every signature of Wine's filters, with its
// near misses, HTML and XML openings in several cases, text and binary bytes.
var pieces = []string{
	`{\rtf`, ".snd", ".SND", "RIFF\x24\x00\x00\x00WAVE", "RIFF\x24\x00\x00\x00AVI ", "RIFF\xff\xff\xff\xffWAV",
	"GIF87a", "GIF89a", "gIf89A", "GIF88a", "\xFF\xD8", "\xFF\xD8\xFF\xE0", "MM\x00\x2A", "II\x2A\xFF", "II\x2A\x00",
	"\x89PNG\r\n\x1A\n", "\x89PNG\r\n\x1A", "BM\x36\x00\x0C\x00\x00\x00\x00\x00", "BMxxxx\x00\x01\x00\x00",
	"\x00\x00\x01\xB3", "\x00\x00\x01\xBA", "\x00\x00\x01\xB8", "%!", "%!PS", "%PDF", "%PDF-1.4", "PK", "PK\x03\x04",
	"\x1F\x8B", "\x1F\x8B\x08", "\xCA\xFE\xBA\xBE", "MZ", "MZ\x90\x00",
	"<html>", "<HTML", "<HtMl ", "<head>", "<HEAD", "<body>", "<BoDy", "<htm", "<!DOCTYPE html>", "< html",
	"<?xml ", "<?XML version", "<?xml", "<? xml ", "<?xml\t",
	"hello", " ", "\t", "\r\n", "text, plain", "\xC3\xA9", "\xFF\xFE", "\x80",
	"\x00", "\x01", "\x1B", "\x0C", "\x7F", "\x1A",
}

// proposals and urls are the proposed types and URLs of the generated calls;
// "" is none.
var (
	proposals = []string{
		"", "", "", "text/plain", "application/octet-stream", "text/html", "text/xml",
		"text/richtext", "audio/basic", "audio/wav", "image/gif", "image/pjpeg", "image/tiff", "image/x-png",
		"image/bmp", "video/avi", "video/mpeg", "application/postscript", "application/pdf",
		"application/x-zip-compressed", "application/x-gzip-compressed", "application/java",
		"application/x-msdownload", "image/jpeg", "image/png", "text/test", "text/plain; charset=utf-8",
		"text/html;charset=utf-8", "Text/HTML", "image/gif;x=1", ";x", "application/x-unknown",
	}
	urls = []string{
		"", "", "", "a.htm", "a.html", "a.css", "a.txt", "a.png", "a.jpg", "a.gif", "a.xml", "a.js", "a.CSS",
		"http://example.com/a.css?x=1.htm", "a.htm#b.css", "file:some%20file%2ecss", "about:blank",
		"http://www.example.org", "a?b.css", ".", "c:\\dir\\file.pdf", "x.exe", "x.zip",
	}
)

// extensions are the extensions the registry is asked about.
var extensions = []string{".htm", ".html", ".css", ".txt", ".png", ".jpg", ".gif", ".xml", ".js", ".pdf", ".exe", ".zip", ".org", ".test"}

func generate(n int) []call {
	rng := rand.New(rand.NewPCG(13, 2026))
	var calls []call
	for range n {
		var c call
		switch rng.IntN(20) {
		case 0: // no buffer
		case 1:
			c.data = []byte{}
		default:
			var b []byte
			for range rng.IntN(6) + 1 {
				b = append(b, pieces[rng.IntN(len(pieces))]...)
			}
			if rng.IntN(8) == 0 { // near the 256-byte window
				pad := bytes.Repeat([]byte{"a \x00"[rng.IntN(3)]}, 240+rng.IntN(24))
				if rng.IntN(2) == 0 {
					b = append(pad, b...)
				} else {
					b = append(b, pad...)
				}
			}
			c.data = b
		}
		c.proposed = proposals[rng.IntN(len(proposals))]
		c.url = urls[rng.IntN(len(urls))]
		calls = append(calls, c)
	}
	return calls
}

func field(s []byte, none bool) string {
	if none {
		return "-"
	}
	return hex.EncodeToString(s)
}

// run calls findmime.exe under Wine with args and input, and returns its
// output lines.
func run(t *testing.T, wine, exe string, input string, args ...string) []string {
	t.Helper()
	cmd := exec.Command(wine, append([]string{exe}, args...)...)
	cmd.Env = append(os.Environ(), "WINEDEBUG=-all")
	cmd.Stdin = strings.NewReader(input)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", wine, exe, err, stderr.String())
	}
	var lines []string
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		lines = append(lines, strings.TrimRight(sc.Text(), "\r"))
	}
	return lines
}

func decodeAnswer(t *testing.T, line string) string {
	t.Helper()
	rest, ok := strings.CutPrefix(line, "OK ")
	if !ok {
		if !strings.HasPrefix(line, "ERR ") {
			t.Fatalf("findmime.exe wrote %q", line)
		}
		return ""
	}
	var b strings.Builder
	for i := 0; i+4 <= len(rest); i += 4 {
		var w uint16
		fmt.Sscanf(rest[i:i+4], "%04x", &w)
		b.WriteRune(rune(w))
	}
	return b.String()
}

func TestWine(t *testing.T) {
	if os.Getenv("MIMESNIFF_WINE") != "1" {
		t.Skip("set MIMESNIFF_WINE=1 to compare with Wine (needs wine64 and x86_64-w64-mingw32-gcc)")
	}
	cc, err := exec.LookPath("x86_64-w64-mingw32-gcc")
	if err != nil {
		t.Skip("no x86_64-w64-mingw32-gcc: apt-get install gcc-mingw-w64-x86-64")
	}
	wine := ""
	for _, w := range []string{"wine64", "/usr/lib/wine/wine64", "wine"} {
		if p, err := exec.LookPath(w); err == nil {
			wine = p
			break
		}
	}
	if wine == "" {
		t.Skip("no wine64: apt-get install wine64")
	}
	dir := t.TempDir()
	exe := filepath.Join(dir, "findmime.exe")
	if out, err := exec.Command(cc, "-O2", "-o", exe, filepath.Join("win", "findmime.c"), "-lurlmon", "-lole32").CombinedOutput(); err != nil {
		t.Fatalf("building findmime.exe: %v\n%s", err, out)
	}
	if os.Getenv("WINEPREFIX") == "" {
		t.Setenv("WINEPREFIX", filepath.Join(dir, "prefix"))
	}

	// Wine's registry, as FindMimeFromData reads it (keys are
	// case-insensitive).
	registryValues := map[string]string{}
	for _, line := range run(t, wine, exe, "", append([]string{"reg"}, extensions...)...) {
		ext, value, ok := strings.Cut(line, "\t")
		if ok {
			registryValues[strings.ToLower(ext)] = value
		}
	}
	t.Logf("Wine's registry: %v", registryValues)
	registry := func(ext string) string { return registryValues[strings.ToLower(ext)] }

	calls := generate(20000)
	// Wine reads the whole buffer; IE's URL monikers pass it at most
	// 256 bytes, which mimesniff reads: each long buffer goes to Wine cut
	// to 256 bytes, and whole, to count where the window matters.
	var input strings.Builder
	for _, c := range calls {
		data := c.data
		if len(data) > 256 {
			data = data[:256]
		}
		fmt.Fprintf(&input, "%s\t%s\t%s\n", field(data, data == nil), field([]byte(c.proposed), c.proposed == ""), field([]byte(c.url), c.url == ""))
	}
	var long []call
	for _, c := range calls {
		if len(c.data) > 256 {
			long = append(long, c)
			fmt.Fprintf(&input, "%s\t%s\t%s\n", field(c.data, false), field([]byte(c.proposed), c.proposed == ""), field([]byte(c.url), c.url == ""))
		}
	}
	lines := run(t, wine, exe, input.String())
	if len(lines) != len(calls)+len(long) {
		t.Fatalf("findmime.exe answered %d calls of %d", len(lines), len(calls)+len(long))
	}

	// Wine before the ";" cut of its current source (Debian's 8.0 is one)
	// returns a proposed type with parameters whole: that difference is
	// counted, not an error.
	agree, uncut := 0, 0
	for i, c := range calls {
		want := decodeAnswer(t, lines[i])
		got := mimesniff.FindMimeFromData(c.data, c.proposed, c.url, registry)
		switch {
		case got == want:
			agree++
		case strings.Contains(c.proposed, ";") && want == c.proposed && strings.HasPrefix(c.proposed, got+";"):
			uncut++
		default:
			t.Errorf("FindMimeFromData(%q, %q, %q) = %q, Wine %q", c.data, c.proposed, c.url, got, want)
		}
	}
	windowMatters := 0
	for i, c := range long {
		whole := decodeAnswer(t, lines[len(calls)+i])
		if whole != mimesniff.FindMimeFromData(c.data, c.proposed, c.url, registry) {
			windowMatters++
		}
	}
	version, _ := exec.Command(wine, "--version").Output()
	t.Logf("%s: agreement on %d of %d calls (%.2f%%); %d differ only as Wine returns a proposed type with parameters uncut; "+
		"of the %d buffers longer than 256 bytes, Wine answers differently for %d when given all of them",
		bytes.TrimSpace(version), agree, len(calls), 100*float64(agree)/float64(len(calls)), uncut, len(long), windowMatters)
}
