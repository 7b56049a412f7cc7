// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"bufio"
	"bytes"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/mimesniff/mimesniff"
)

// maxFuzzInput bounds the dumps FuzzReadHTTP reads, so that each is read in
// well under a second even when it is a compression bomb: 64 KiB of deflate
// decodes to about 66 MB, under maxDecodedBytes.
const maxFuzzInput = 64 << 10

// readHTTPDeadline is how long FuzzReadHTTP waits for readHTTP to return:
// far more than a bounded input takes, so that only a hang trips it.
const readHTTPDeadline = 10 * time.Second

// plainStatusLine matches the start of an HTTP/1.x status line.
var plainStatusLine = regexp.MustCompile(`^HTTP/1\.[0-9] [0-9]{3}( |$)`)

// plainResponse reports whether in is one plain response, and returns its
// body. It reads in apart from readHTTP: a status line "HTTP/1.x NNN", header
// lines each ending in CRLF with no other CR or LF, a blank line, and the
// body, every byte after it (as curl prints it: Content-Length is not used);
// http.ReadResponse reads the head, whose status is final (not 1xx, 204 or
// 304), with no Transfer-Encoding and no Content-Encoding; and the body does
// not start like another response, which is what curl prints after a
// redirect.
func plainResponse(in []byte) ([]byte, bool) {
	head, body, ok := bytes.Cut(in, []byte("\r\n\r\n"))
	if !ok || !plainStatusLine.Match(head) || bytes.HasPrefix(body, []byte("HTTP/")) {
		return nil, false
	}
	for line := range bytes.SplitSeq(head, []byte("\r\n")) {
		if bytes.ContainsAny(line, "\r\n") {
			return nil, false
		}
	}
	resp, err := http.ReadResponse(bufio.NewReader(bytes.NewReader(append(head, "\r\n\r\n"...))), nil)
	if err != nil {
		return nil, false
	}
	switch c := resp.StatusCode; {
	case c/100 == 1, c == http.StatusNoContent, c == http.StatusNotModified:
		return nil, false
	}
	if len(resp.TransferEncoding) > 0 || len(resp.Header.Values("Content-Encoding")) > 0 {
		return nil, false
	}
	return body, true
}

// checkReadHTTP checks the properties of readHTTP on any input: it returns
// within readHTTPDeadline; it returns an error or a resource with its
// header list, never both; a resource's Header holds at most
// mimesniff.HeaderSize bytes; and for a plain response (plainResponse)
// there is no error and the Header is the body's first bytes.
func checkReadHTTP(t *testing.T, in []byte) {
	var (
		r    mimesniff.Resource
		h    http.Header
		err  error
		done = make(chan struct{})
	)
	go func() {
		defer close(done)
		r, h, _, err = readHTTP(bytes.NewReader(in))
	}()
	timer := time.NewTimer(readHTTPDeadline)
	defer timer.Stop()
	select {
	case <-done:
	case <-timer.C:
		t.Fatalf("readHTTP(%q) has not returned after %v", in[:min(len(in), 80)], readHTTPDeadline)
	}
	if err != nil {
		if h != nil || r.Header != nil || r.Supplied.IsValid() || r.NoSniff || r.CheckForApacheBug {
			t.Errorf("readHTTP returned an error (%v) and a resource %+v with headers %v", err, r, h)
		}
	} else if h == nil {
		t.Errorf("readHTTP returned no error and no header list (resource %+v)", r)
	}
	if len(r.Header) > mimesniff.HeaderSize {
		t.Errorf("readHTTP: Header holds %d bytes, more than %d", len(r.Header), mimesniff.HeaderSize)
	}
	if body, ok := plainResponse(in); ok {
		want := body[:min(len(body), mimesniff.HeaderSize)]
		if err != nil || !bytes.Equal(r.Header, want) {
			t.Errorf("readHTTP of a plain response = Header %q, %v; want the body's first bytes %q", r.Header, err, want)
		}
	}
}

// fuzzSeeds returns the command's test dumps (testdata/http, testdata/curl)
// and plain responses whose bodies are around mimesniff.HeaderSize long.
func fuzzSeeds(t testing.TB) [][]byte {
	var seeds [][]byte
	for _, pattern := range []string{"testdata/http/*.http", "testdata/curl/*.http"} {
		names, err := filepath.Glob(pattern)
		if err != nil {
			t.Fatal(err)
		}
		if len(names) == 0 {
			t.Fatalf("no %s", pattern)
		}
		for _, name := range names {
			b, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			seeds = append(seeds, b)
		}
	}
	for _, n := range []int{0, 1, mimesniff.HeaderSize - 1, mimesniff.HeaderSize, mimesniff.HeaderSize + 1} {
		body := strings.Repeat("<p>", n/3+1)[:n]
		seeds = append(seeds, []byte("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\n"+body))
	}
	return seeds
}

// TestPlainResponse checks the fuzz test's oracle on a plain response and
// its near misses, and that the seeds include plain responses.
func TestPlainResponse(t *testing.T) {
	const ok = "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<p>x"
	for _, tc := range []struct {
		name, in string
		want     bool
	}{
		{"plain", ok, true},
		{"no reason phrase", "HTTP/1.0 404\r\n\r\n<p>x", true},
		{"no blank line", "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n", false},
		{"bare LF", "HTTP/1.1 200 OK\nContent-Type: text/html\r\n\r\n<p>x", false},
		{"HTTP/2", "HTTP/2 200\r\n\r\n<p>x", false},
		{"interim", "HTTP/1.1 100 Continue\r\n\r\n<p>x", false},
		{"no content", "HTTP/1.1 204 No Content\r\n\r\n", false},
		{"gzip", "HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\n\r\n<p>x", false},
		{"chunked", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\n<p>\r\n0\r\n\r\n", false},
		{"redirect then response", "HTTP/1.1 302 Found\r\n\r\nHTTP/1.1 200 OK\r\n\r\n<p>x", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, got := plainResponse([]byte(tc.in)); got != tc.want {
				t.Errorf("plainResponse(%q) = %v, want %v", tc.in, got, tc.want)
			}
		})
	}
	plain := 0
	for _, s := range fuzzSeeds(t) {
		if _, ok := plainResponse(s); ok {
			plain++
		}
	}
	if plain < 5 {
		t.Errorf("%d seeds are plain responses, want at least 5", plain)
	}
}

func FuzzReadHTTP(f *testing.F) {
	for _, s := range fuzzSeeds(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		if len(in) > maxFuzzInput {
			return
		}
		checkReadHTTP(t, in)
	})
}
