// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/mimesniff/mimesniff/internal/warc/warctest"
)

const warcData = "../../internal/warc/testdata/"

// warcResponse returns a WARC/1.1 response record numbered n for uri,
// whose block is the HTTP response head (status line and fields, each
// line ending in CRLF) and body.
func warcResponse(n int, uri, head, body string) warctest.Rec {
	return warctest.Rec{Version: "1.1", Fields: warctest.Fields("1.1", "response", n, uri, [2]string{"Content-Type", "application/http;msgtype=response"}),
		Block: []byte(head + "\r\n" + body)}
}

// TestWARCInputs checks where archives come from: standard input reads as
// the same file does, a tree walked with -r skips what is not a WARC file
// (by its bytes, whatever its name), a file named on the command line
// that is not one is an error, and a FIFO named there is read as a stream.
func TestWARCInputs(t *testing.T) {
	dir := t.TempDir()
	capture := readFile(t, warcData+"capture-1.1.warc.gz")
	writeFile(t, dir, "a.warc.gz", capture)
	writeFile(t, dir, "b.bin", warctest.Plain(warcResponse(1, "http://example.test/b", "HTTP/1.1 200 OK\r\n", "<html>")))
	writeFile(t, dir, "crawl.cdx", []byte(" CDX N b a m s k r M S V g\n"))
	writeFile(t, dir, "page.warc", []byte("<!DOCTYPE html>"))
	writeFile(t, dir, "log.gz", warctest.Gzip([]byte("a log\n")))
	const captureLines = "http://example.test/page.html: text/html;charset=utf-8\n" +
		"http://example.test/image: image/png\n" +
		"file:///srv/files/readme: text/plain\n" +
		"http://example.test/empty: text/plain\n"

	got := runCmd(bytes.NewReader(capture), "-warc", "-")
	if got.Stdout != captureLines || got.Stderr != "" || got.Code != exitOK {
		t.Errorf("-warc - = %q, %q, %d; want %q", got.Stdout, got.Stderr, got.Code, captureLines)
	}
	got = runCmd(nil, "-warc", "-r", dir)
	if want := captureLines + "http://example.test/b: text/html\n"; got.Stdout != want || got.Stderr != "" || got.Code != exitOK {
		t.Errorf("-warc -r = %q, %q, %d; want %q", got.Stdout, got.Stderr, got.Code, want)
	}
	for _, name := range []string{"crawl.cdx", "page.warc", "log.gz"} {
		path := filepath.Join(dir, name)
		got := runCmd(nil, "-warc", path)
		// One line: its bytes not being read as an archive is what the
		// error says, not bytes unaccounted for.
		if !strings.HasPrefix(got.Stderr, "mimesniff: "+path+": ") || !strings.Contains(got.Stderr, "offset 0: not a WARC file: ") || strings.Count(got.Stderr, "\n") != 1 || got.Stdout != "" || got.Code != exitError {
			t.Errorf("-warc %s = %q, %q, %d; want a not-a-WARC-file error, alone", name, got.Stdout, got.Stderr, got.Code)
		}
	}
	// A FIFO named on the command line is read as standard input is; one
	// met in a walk is not opened (it would block until a writer came).
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	go func() {
		if f, err := os.OpenFile(fifo, os.O_WRONLY, 0); err == nil {
			f.Write(capture)
			f.Close()
		}
	}()
	got = runCmd(nil, "-warc", fifo)
	if got.Stdout != captureLines || got.Stderr != "" || got.Code != exitOK {
		t.Errorf("-warc FIFO = %q, %q, %d; want %q", got.Stdout, got.Stderr, got.Code, captureLines)
	}
	got = runCmd(nil, "-warc", "-r", dir)
	if want := captureLines + "http://example.test/b: text/html\n"; got.Stdout != want || !strings.Contains(got.Stderr, "fifo: not a regular file (named pipe (FIFO)): not read") || got.Code != exitError {
		t.Errorf("-warc -r with a FIFO = %q, %q, %d; want %q and the FIFO not read", got.Stdout, got.Stderr, got.Code, want)
	}
	os.Remove(fifo)

	got = runCmd(nil, "-warc", "-json", filepath.Join(dir, "missing"))
	if want := `{"name":"` + filepath.Join(dir, "missing") + `","offset":0,"length":0,"error":"no such file or directory"}` + "\n"; got.Stdout != want || got.Code != exitError {
		t.Errorf("-warc -json missing = %q, %d; want %q", got.Stdout, got.Code, want)
	}
}

// TestWARCOrder checks that the lines of several archives come in the
// order of the archives and of their records, read by several workers, and
// are those of each archive alone.
func TestWARCOrder(t *testing.T) {
	names := []string{"capture-1.1.warc", "payloads.warc", "members.warc.gz", "revisit.warc", "capture-1.0.warc.gz", "length-short.warc"}
	var args, want []string
	for _, n := range names {
		args = append(args, warcData+n)
		want = append(want, runCmd(nil, "-warc", "-json", warcData+n).Stdout)
	}
	for range 5 {
		if got := runCmd(nil, append([]string{"-warc", "-json"}, args...)...); got.Stdout != strings.Join(want, "") {
			t.Fatalf("lines of %d archives are not those of each alone, in order:\n%s", len(names), got.Stdout)
		}
	}
}

// TestWARCLines checks what a line says of records that a browser reads
// otherwise than the standard, and that a URI that could garble a line
// is quoted in text and valid in JSON.
func TestWARCLines(t *testing.T) {
	dir := t.TempDir()
	// "<!--" and a newline before a script: text/plain to the standard
	// and WebKit, HTML to Chromium and Firefox (none/edge/comment-nl-svg
	// and docs/command.md).
	hidden := "<!--\n<script>alert(1)</script>"
	odd := "http://example.test/\u202eevil: \u0085x"
	recs := []warctest.Rec{
		warcResponse(1, "http://example.test/hidden", "HTTP/1.1 200 OK\r\n", hidden),
		warcResponse(2, odd, "HTTP/1.1 200 OK\r\nContent-Type: image/png\r\n", pngMagic),
		warcResponse(3, "http://example.test/br", "HTTP/1.1 200 OK\r\nContent-Encoding: br\r\n", "\x1b"),
	}
	name := writeFile(t, dir, "a.warc", warctest.Plain(recs...))
	got := runCmd(nil, "-warc", "-browser", "all", name)
	want := "http://example.test/hidden: standard text/plain, chromium text/html, firefox text/html, webkit text/plain\n" +
		`"http://example.test/\u202eevil: \u0085x": standard image/png, chromium image/png, firefox image/png, webkit image/png` + "\n"
	// The br record is answered with an error line: exit status 0.
	if diff := cmp.Diff(want, got.Stdout); diff != "" || got.Code != exitOK {
		t.Errorf("-warc -browser all: exit %d, lines mismatch (-want +got):\n%s", got.Code, diff)
	}
	if want := "mimesniff: " + name + ": offset " + strconv.Itoa(len(warctest.Plain(recs[:2]...))) + ` (<urn:uuid:00000000-0000-4000-8000-000000000003>) http://example.test/br: content coding "br" is not supported` + "\n"; got.Stderr != want {
		t.Errorf("stderr = %q, want %q", got.Stderr, want)
	}

	got = runCmd(nil, "-warc", "-json", name)
	var lines []map[string]any
	for _, l := range strings.Split(strings.TrimSuffix(got.Stdout, "\n"), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("%s: %v", l, err)
		}
		lines = append(lines, m)
	}
	if len(lines) != 3 || lines[0]["documentScript"] != true || lines[1]["WARC-Target-URI"] != odd || lines[2]["error"] == nil {
		t.Errorf("-warc -json:\n%s", got.Stdout)
	}

	got = runCmd(nil, "-warc", "-summary", name)
	if want := "http://example.test/hidden: script hidden by no Content-Type: chromium text/html firefox text/html\n\n"; !strings.HasPrefix(got.Stdout, want) ||
		!strings.Contains(got.Stdout, "\nchromium\t(none)\ttext/html\t1\t1\t1\n") || !strings.HasSuffix(got.Stdout, fmt.Sprintf("\ntotal\tread 2\tsniffed 2\tnoted 0\tskipped 0\terrors 1\tanswered 2\tgaps 0\tbytes %d\tunaccounted 0\n", len(warctest.Plain(recs...)))) {
		t.Errorf("-warc -summary:\n%s", got.Stdout)
	}
}

// TestWARCHugeRecord pipes to the built command, on standard input, an
// archive whose first record is a huge response, made as it is read and
// never stored: the command answers it from its first bytes, reads the
// record after it, and its peak resident memory stays that of a small
// archive (the bound: a few records, whatever a record's size).
// The record is 256 MiB, four times the bound, in go test ./...; 10 GiB,
// lengths past 32 bits, with MIMESNIFF_LONG=1.
func TestWARCHugeRecord(t *testing.T) {
	if testing.Short() {
		t.Skip("pipes a huge record through the command")
	}
	size := 256 << 20
	if long() {
		size = 10 << 30
	}
	head := "HTTP/1.1 200 OK\r\nContent-Length: " + strconv.Itoa(size) + "\r\n\r\n"
	warcHead := "WARC/1.1\r\nWARC-Type: response\r\nWARC-Record-ID: " + warctest.ID(1) + "\r\nWARC-Date: " + warctest.Date +
		"\r\nWARC-Target-URI: http://example.test/huge\r\nContent-Type: application/http;msgtype=response\r\nContent-Length: " +
		strconv.Itoa(len(head)+size) + "\r\n\r\n"
	next := warctest.Plain(warcResponse(2, "http://example.test/next", "HTTP/1.1 200 OK\r\n", pngMagic))
	in := io.MultiReader(strings.NewReader(warcHead+head+"<html>"), warctest.Zeros(int64(size-len("<html>"))), strings.NewReader("\r\n\r\n"), bytes.NewReader(next))

	cmd := exec.Command(binary(t), "-warc", "-browser", "standard", "-")
	cmd.Stdin = in // through a pipe, as from a FIFO
	// The peak is the command's own VmHWM, read while it runs: the rusage
	// of a waited child (ru_maxrss) keeps the high-water mark of the
	// process it was forked from, this test's, which other tests grow
	// (72 MB in one CI run, for a command that peaks at 11).
	got, elapsed, peak := runMeasured(t, cmd)
	// "<html>" then NUL bytes: the standard's HTML signature matches
	// first (#rules-for-identifying-an-unknown-mime-type).
	if want := "http://example.test/huge: text/html\nhttp://example.test/next: image/png\n"; got.Stdout != want || got.Stderr != "" || got.Code != 0 {
		t.Errorf("-warc - = %+v; want %q", got, want)
	}
	t.Logf("%d MiB record: %v, peak memory %.1f MB", size>>20, elapsed.Round(time.Millisecond), float64(peak)/1e6)
	if peak > 64<<20 {
		t.Errorf("peak memory %d bytes for a %d MiB record, want at most 64 MiB", peak, size>>20)
	}
}

// slowReader reads from r, waiting d before every read.
type slowReader struct {
	r io.Reader
	d time.Duration
}

func (s slowReader) Read(p []byte) (int, error) {
	time.Sleep(s.d)
	return s.r.Read(p[:min(len(p), 512)])
}

// lockedBuffer is a bytes.Buffer safe for the progress line's goroutine.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

// TestWARCProgress checks that the progress line is drawn on a terminal
// only, and cleared before the output and at the end.
func TestWARCProgress(t *testing.T) {
	data := readFile(t, warcData+"capture-1.1.warc")
	oldTerminal, oldEvery := terminal, progressEvery
	defer func() { terminal, progressEvery = oldTerminal, oldEvery }()
	progressEvery = 5 * time.Millisecond
	for _, tty := range []bool{false, true} {
		terminal = func(io.Writer) bool { return tty }
		var stdout, stderr lockedBuffer
		code := run([]string{"-warc", "-"}, slowReader{bytes.NewReader(data), 2 * time.Millisecond}, &stdout, &stderr)
		errs := stderr.b.String()
		drawn := strings.Count(errs, "\rmimesniff: ")
		switch {
		case code != exitOK || stdout.b.Len() == 0:
			t.Errorf("terminal %v: exit %d, output %q", tty, code, stdout.b.String())
		case !tty && errs != "":
			t.Errorf("not a terminal: stderr %q, want nothing", errs)
		case tty && (drawn == 0 || !strings.HasSuffix(errs, "\r\x1b[K") || !strings.Contains(errs, " records, ") || !strings.Contains(errs, " MB/s")):
			t.Errorf("terminal: stderr %q, want progress lines, cleared at the end", errs)
		}
	}
	if isTerminal(&bytes.Buffer{}) {
		t.Error("a buffer is a terminal")
	}
	if f, err := os.CreateTemp(t.TempDir(), "x"); err == nil && isTerminal(f) {
		t.Error("a regular file is a terminal")
	}
}
