// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"compress/zlib"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mimesniff/mimesniff"
)

var update = flag.Bool("update", false, "rewrite testdata/curl from captures of the real curl")

// curlDir holds the captures of TestCurl, and want.txt, the answer for each
// from ResourceFromResponse on the live response: "NAME: TYPE", the
// standard's computed MIME type, or "NAME: error: MESSAGE".
const curlDir = "testdata/curl/"

// curlCases are the responses TestCurl captures: one handler each, sending
// a body whose computed type differs from what a wrong decoding gives, or a
// coding that the library refuses.
var curlCases = []struct {
	name    string
	path    string
	args    []string // curl arguments besides -si and the variant's
	handler http.HandlerFunc
	exit61  bool // curl --compressed exits with 61, "Unrecognized content encoding", after printing the headers
}{
	{"chunked", "/chunked", nil, func(w http.ResponseWriter, r *http.Request) {
		// application/unknown is sniffed: text/html, as in the issue.
		w.Header().Set("Content-Type", "application/unknown")
		writeChunks(w, page())
	}, false},
	{"gzip", "/gzip", nil, func(w http.ResponseWriter, r *http.Request) {
		// A PNG served as image/gif: image/png.
		w.Header().Set("Content-Type", "image/gif")
		w.Header().Set("Content-Encoding", "gzip")
		w.Write(gzipped(pngBytes()))
	}, false},
	{"deflate", "/deflate", nil, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Encoding", "deflate")
		w.Write(zlibbed(page()))
	}, false},
	{"chunked-gzip", "/chunked-gzip", nil, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "unknown/unknown")
		w.Header().Set("Content-Encoding", "gzip")
		writeChunks(w, gzipped(page()))
	}, false},
	{"redirect", "/redirect", []string{"-L"}, func(w http.ResponseWriter, r *http.Request) {
		// The redirect's own body is HTML; the final response a GIF.
		w.Header().Set("Content-Type", "text/html")
		w.Header().Set("Location", "/gzip")
		w.WriteHeader(http.StatusFound)
		w.Write([]byte("<html>moved</html>"))
	}, false},
	{"continue", "/continue", []string{"-X", "POST", "-H", "Expect: 100-continue", "--data-binary", "upload"}, func(w http.ResponseWriter, r *http.Request) {
		io.ReadAll(r.Body) // sends the 100 Continue
		w.Header().Set("Content-Type", "text/plain")
		w.Header().Set("Transfer-Encoding", "chunked")
		writeChunks(w, pngBytes())
	}, false},
	{"http2", "/http2", []string{"--http2-prior-knowledge"}, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		w.Header().Set("Content-Encoding", "gzip")
		w.Write(gzipped(page()))
	}, false},
	{"deflate-raw", "/deflate-raw", nil, func(w http.ResponseWriter, r *http.Request) {
		w.Header()["Content-Type"] = nil
		w.Header().Set("Content-Encoding", "deflate")
		w.Write(deflated(page()))
	}, false},
	{"chunked-deflate-raw", "/chunked-deflate-raw", nil, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/unknown")
		w.Header().Set("Content-Encoding", "deflate")
		writeChunks(w, deflated(page()))
	}, false},
	{"gzip-gzip", "/gzip-gzip", nil, func(w http.ResponseWriter, r *http.Request) {
		// The inner stream is longer than the resource header.
		w.Header()["Content-Type"] = nil
		w.Header().Set("Content-Encoding", "gzip, gzip")
		w.Write(gzipped(gzipped(wordsPage())))
	}, false},
	{"br", "/br", nil, func(w http.ResponseWriter, r *http.Request) {
		w.Header()["Content-Type"] = nil
		w.Header().Set("Content-Encoding", "br")
		w.Write(brotli(page()))
	}, false},
	{"unknown", "/unknown", nil, func(w http.ResponseWriter, r *http.Request) {
		w.Header()["Content-Type"] = nil
		w.Header().Set("Content-Encoding", "x-squash")
		w.Write([]byte("squashed <p>bytes"))
	}, true},
}

// curlVariants are the ways each response is captured.
var curlVariants = []struct {
	name string
	args []string
}{
	{"si", []string{"-si"}},
	{"raw", []string{"-si", "--raw"}},
	{"compressed", []string{"-si", "--compressed"}},
	{"siL", []string{"-siL"}},
}

func page() []byte {
	return []byte("<!DOCTYPE html><title>t</title>" + strings.Repeat("<p>a paragraph of text</p>\n", 200))
}

func pngBytes() []byte {
	return append([]byte(pngMagic+"\x00\x00\x00\x0dIHDR"), bytes.Repeat([]byte{0}, 3000)...)
}

func gzipped(b []byte) []byte {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Write(b)
	zw.Close()
	return buf.Bytes()
}

// deflated returns b as a raw deflate stream, which some servers send as
// Content-Encoding: deflate.
func deflated(b []byte) []byte {
	var buf bytes.Buffer
	zw, _ := flate.NewWriter(&buf, flate.BestCompression)
	zw.Write(b)
	zw.Close()
	return buf.Bytes()
}

// brotli returns b as a brotli stream (RFC 7932) of one uncompressed
// meta-block; b must be at most 65536 bytes.
func brotli(b []byte) []byte {
	m := len(b) - 1
	// WBITS 16 (bit 0), ISLAST 0, MNIBBLES 4, MLEN-1 in 16 bits,
	// ISUNCOMPRESSED 1, padding to the byte; then the bytes; then a last,
	// empty meta-block (ISLAST 1, ISLASTEMPTY 1).
	out := []byte{byte(m&0xf) << 4, byte(m >> 4), byte(m>>12)&0xf | 0x10}
	return append(append(out, b...), 0x03)
}

// wordsPage returns an HTML page of 20,000 bytes of words in a fixed
// pseudo-random order, which compresses to more than the resource header.
func wordsPage() []byte {
	words := strings.Fields("a browser sniffs the first bytes of every response it is given and acts on the type it computes")
	b := []byte("<!DOCTYPE html><title>words</title><p>")
	for x := uint32(1); len(b) < 20000; {
		x ^= x << 13
		x ^= x >> 17
		x ^= x << 5
		b = append(append(b, words[x%uint32(len(words))]...), ' ')
	}
	return b
}

func zlibbed(b []byte) []byte {
	var buf bytes.Buffer
	zw := zlib.NewWriter(&buf)
	zw.Write(b)
	zw.Close()
	return buf.Bytes()
}

// writeChunks writes b in pieces, flushing each, so that net/http sends a
// chunked body.
func writeChunks(w http.ResponseWriter, b []byte) {
	for len(b) > 0 {
		n := min(len(b), 700)
		w.Write(b[:n])
		w.(http.Flusher).Flush()
		b = b[n:]
	}
}

// liveAnswer returns the answer for the live response to c, from
// mimesniff.ResourceFromResponse, as a crawler fetches it: following
// redirects, with the content codings decoded by the library. It is the
// standard's computed type, or "error: " and the message the command
// prints for the library's error.
func liveAnswer(t *testing.T, srv *httptest.Server, c int) string {
	t.Helper()
	tr := &http.Transport{Protocols: new(http.Protocols)}
	tr.Protocols.SetHTTP1(curlCases[c].name != "http2")
	tr.Protocols.SetUnencryptedHTTP2(curlCases[c].name == "http2")
	client := &http.Client{Transport: tr}
	var resp *http.Response
	var err error
	if curlCases[c].name == "continue" {
		resp, err = client.Post(srv.URL+curlCases[c].path, "", strings.NewReader("upload"))
	} else {
		resp, err = client.Get(srv.URL + curlCases[c].path)
	}
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	r, err := mimesniff.ResourceFromResponse(resp)
	if err != nil {
		return "error: " + errorText(err)
	}
	return r.Sniff().String()
}

// answerResult returns what the command prints for the input name whose
// answer (as in want.txt) is answer. An error is an answer: the response
// was read (exit status 0, doc.go).
func answerResult(name, answer string) runResult {
	if msg, ok := strings.CutPrefix(answer, "error: "); ok {
		return runResult{Stderr: "mimesniff: " + name + ": " + msg + "\n"}
	}
	return runResult{Stdout: lines(name, answer)}
}

// TestCurl runs the real curl against local servers, capturing each
// response with every variant, and checks that the command gives, from
// every capture, the answer ResourceFromResponse gives on the live
// response: the same type (the standard's, as -browser standard prints it),
// or the same error. With -update it saves the captures in testdata/curl,
// which TestCurlGolden reads where curl is missing.
func TestCurl(t *testing.T) {
	curl, err := exec.LookPath("curl")
	if err != nil {
		t.Skip("curl is not installed: TestCurlGolden checks the saved captures")
	}
	mux := http.NewServeMux()
	for _, c := range curlCases {
		mux.HandleFunc(c.path, c.handler)
	}
	srv := httptest.NewUnstartedServer(mux)
	srv.Config.Protocols = new(http.Protocols)
	srv.Config.Protocols.SetHTTP1(true)
	srv.Config.Protocols.SetUnencryptedHTTP2(true)
	srv.Start()
	defer srv.Close()

	var want strings.Builder
	for i, c := range curlCases {
		live := liveAnswer(t, srv, i)
		for _, v := range curlVariants {
			name := c.name + "." + v.name + ".http"
			t.Run(name, func(t *testing.T) {
				args := append(append(slices.Clone(v.args), c.args...), srv.URL+c.path)
				dump, err := exec.Command(curl, args...).Output()
				var exitErr *exec.ExitError
				if err != nil && !(c.exit61 && v.name == "compressed" && errors.As(err, &exitErr) && exitErr.ExitCode() == 61) {
					t.Fatalf("curl %q: %v", args, err)
				}
				got := runCmd(bytes.NewReader(dump), "-browser", "standard", "-http", "-")
				if diff := cmp.Diff(answerResult("-", live), got); diff != "" {
					t.Errorf("curl %q | mimesniff -http - mismatch (-want +got):\n%s", args, diff)
				}
				if *update {
					writeCapture(t, curlDir+name, dump)
				}
			})
			fmt.Fprintf(&want, "%s: %s\n", curlDir+name, live)
		}
	}
	if *update {
		writeCapture(t, curlDir+"want.txt", []byte(want.String()))
	}
}

// writeCapture writes data to name whole or not at all: to a temporary file
// beside it (hidden, and not named *.http), renamed over name, so that a
// test or a fuzz run reading testdata/curl meanwhile sees the old file or
// the new one, never a part.
func writeCapture(t *testing.T, name string, data []byte) {
	t.Helper()
	tmp := filepath.Join(filepath.Dir(name), "."+filepath.Base(name)+".tmp")
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		os.Remove(tmp)
		t.Fatal(err)
	}
	if err := os.Rename(tmp, name); err != nil {
		t.Fatal(err)
	}
}

// TestCurlGolden checks the command on the captures TestCurl saved: every
// capture of one response gives the answer of the live response.
func TestCurlGolden(t *testing.T) {
	args := []string{"-browser", "standard", "-http"}
	var want runResult
	for line := range strings.Lines(string(readFile(t, curlDir+"want.txt"))) {
		name, answer, _ := strings.Cut(strings.TrimSuffix(line, "\n"), ": ")
		args = append(args, name)
		r := answerResult(name, answer)
		want.Stdout += r.Stdout
		want.Stderr += r.Stderr
		want.Code = max(want.Code, r.Code)
	}
	if n := len(args) - 3; n != len(curlCases)*len(curlVariants) {
		t.Errorf("%swant.txt has %d captures, want %d", curlDir, n, len(curlCases)*len(curlVariants))
	}
	got := runCmd(nil, args...)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("mimesniff -http %s mismatch (-want +got):\n%s", filepath.Join(curlDir, "*"), diff)
	}
}
