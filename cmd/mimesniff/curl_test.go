// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"bytes"
	"compress/gzip"
	"compress/zlib"
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

// curlDir holds the captures of TestCurl, and want.txt, the computed MIME
// type of each, from ResourceFromResponse on the live response.
const curlDir = "testdata/curl/"

// curlCases are the responses TestCurl captures: one handler each, sending
// a body whose computed type differs from what a wrong decoding gives.
var curlCases = []struct {
	name    string
	path    string
	args    []string // curl arguments besides -si and the variant's
	handler http.HandlerFunc
}{
	{"chunked", "/chunked", nil, func(w http.ResponseWriter, r *http.Request) {
		// application/unknown is sniffed: text/html, as in the issue.
		w.Header().Set("Content-Type", "application/unknown")
		writeChunks(w, page())
	}},
	{"gzip", "/gzip", nil, func(w http.ResponseWriter, r *http.Request) {
		// A PNG served as image/gif: image/png.
		w.Header().Set("Content-Type", "image/gif")
		w.Header().Set("Content-Encoding", "gzip")
		w.Write(gzipped(pngBytes()))
	}},
	{"deflate", "/deflate", nil, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Encoding", "deflate")
		w.Write(zlibbed(page()))
	}},
	{"chunked-gzip", "/chunked-gzip", nil, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "unknown/unknown")
		w.Header().Set("Content-Encoding", "gzip")
		writeChunks(w, gzipped(page()))
	}},
	{"redirect", "/redirect", []string{"-L"}, func(w http.ResponseWriter, r *http.Request) {
		// The redirect's own body is HTML; the final response a GIF.
		w.Header().Set("Content-Type", "text/html")
		w.Header().Set("Location", "/gzip")
		w.WriteHeader(http.StatusFound)
		w.Write([]byte("<html>moved</html>"))
	}},
	{"continue", "/continue", []string{"-X", "POST", "-H", "Expect: 100-continue", "--data-binary", "upload"}, func(w http.ResponseWriter, r *http.Request) {
		io.ReadAll(r.Body) // sends the 100 Continue
		w.Header().Set("Content-Type", "text/plain")
		w.Header().Set("Transfer-Encoding", "chunked")
		writeChunks(w, pngBytes())
	}},
	{"http2", "/http2", []string{"--http2-prior-knowledge"}, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		w.Header().Set("Content-Encoding", "gzip")
		w.Write(gzipped(page()))
	}},
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

// liveType returns the computed type of the live response to c, from
// mimesniff.ResourceFromResponse, as a browser would fetch it: following
// redirects, with the content coding decoded.
func liveType(t *testing.T, srv *httptest.Server, c int) string {
	t.Helper()
	tr := &http.Transport{Protocols: new(http.Protocols)}
	tr.Protocols.SetHTTP1(c != len(curlCases)-1)
	tr.Protocols.SetUnencryptedHTTP2(c == len(curlCases)-1)
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
	if resp.Header.Get("Content-Encoding") == "deflate" {
		zr, err := zlib.NewReader(resp.Body)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body = io.NopCloser(zr)
	}
	r, err := mimesniff.ResourceFromResponse(resp)
	if err != nil {
		t.Fatal(err)
	}
	return r.Sniff().String()
}

// TestCurl runs the real curl against local servers, capturing each
// response with every variant, and checks that the command computes, from
// every capture, the type ResourceFromResponse computes on the live
// response. With -update it saves the captures in testdata/curl, which
// TestCurlGolden reads where curl is missing.
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
		live := liveType(t, srv, i)
		for _, v := range curlVariants {
			name := c.name + "." + v.name + ".http"
			t.Run(name, func(t *testing.T) {
				args := append(append(slices.Clone(v.args), c.args...), srv.URL+c.path)
				dump, err := exec.Command(curl, args...).Output()
				if err != nil {
					t.Fatalf("curl %q: %v", args, err)
				}
				got := runCmd(bytes.NewReader(dump), "-http", "-")
				if diff := cmp.Diff(runResult{Stdout: lines("-", live)}, got); diff != "" {
					t.Errorf("curl %q | mimesniff -http - mismatch (-want +got):\n%s", args, diff)
				}
				if *update {
					if err := os.WriteFile(curlDir+name, dump, 0o644); err != nil {
						t.Fatal(err)
					}
				}
			})
			fmt.Fprintf(&want, "%s: %s\n", curlDir+name, live)
		}
	}
	if *update {
		if err := os.WriteFile(curlDir+"want.txt", []byte(want.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestCurlGolden checks the command on the captures TestCurl saved: every
// capture of one response gives the type of the live response.
func TestCurlGolden(t *testing.T) {
	want := string(readFile(t, curlDir+"want.txt"))
	var args []string
	for line := range strings.Lines(want) {
		name, _, _ := strings.Cut(line, ": ")
		args = append(args, name)
	}
	if len(args) != len(curlCases)*len(curlVariants) {
		t.Errorf("%swant.txt has %d captures, want %d", curlDir, len(args), len(curlCases)*len(curlVariants))
	}
	got := runCmd(nil, append([]string{"-http"}, args...)...)
	if diff := cmp.Diff(runResult{Stdout: want}, got); diff != "" {
		t.Errorf("mimesniff -http %s mismatch (-want +got):\n%s", filepath.Join(curlDir, "*"), diff)
	}
}
