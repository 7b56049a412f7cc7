// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff_test

import (
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/mimesniff/mimesniff"
)

// A PNG served as image/gif is computed as image/png, and sniffing reads
// only the first 1445 bytes of the body without taking them away.
func ExampleResourceFromResponse() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "image/gif")
		png := append([]byte("\x89PNG\r\n\x1a\n"), make([]byte, 2992)...)
		w.Write(png)
	}))
	defer srv.Close()

	resp, err := http.Get(srv.URL)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer resp.Body.Close()
	r, err := mimesniff.ResourceFromResponse(resp)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("supplied:", r.Supplied)
	fmt.Println("computed:", r.Sniff())
	fmt.Println("header:", len(r.Header), "bytes")
	body, err := io.ReadAll(resp.Body)
	fmt.Println("body:", len(body), "bytes,", err)
	// Output:
	// supplied: image/gif
	// computed: image/png
	// header: 1445 bytes
	// body: 3000 bytes, <nil>
}

// A crawler that asks for compressed bodies itself gets them as they came:
// ResourceFromResponse decodes gzip and deflate before it sniffs, and
// leaves the body decoded for the caller. A coding it does not decode is an
// error that says so, with nothing sniffed.
func ExampleResourceFromResponse_contentCodings() {
	page := []byte("<!DOCTYPE html><title>crawled</title>" + strings.Repeat("<p>text</p>", 300))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header()["Content-Type"] = nil // no type: the page is sniffed
		if r.URL.Path == "/br" {
			w.Header().Set("Content-Encoding", "br")
			w.Write([]byte{0x00, 0x00, 0x10, 'x', 0x03}) // "x", uncompressed brotli
			return
		}
		w.Header().Set("Content-Encoding", "gzip")
		zw := gzip.NewWriter(w)
		zw.Write(page)
		zw.Close()
	}))
	defer srv.Close()

	for _, path := range []string{"/gzip", "/br"} {
		req, _ := http.NewRequest("GET", srv.URL+path, nil)
		req.Header.Set("Accept-Encoding", "gzip, deflate, br") // so Go's transport leaves decoding to us
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			fmt.Println(err)
			return
		}
		r, err := mimesniff.ResourceFromResponse(resp)
		if errors.Is(err, mimesniff.ErrUnsupportedContentCoding) {
			fmt.Println(path, "not sniffed:", err)
			resp.Body.Close()
			continue
		}
		if err != nil {
			fmt.Println(err)
			return
		}
		body, err := io.ReadAll(io.LimitReader(resp.Body, 10<<20)) // bound what a small coded body decodes to
		resp.Body.Close()
		fmt.Println(path, "computed:", r.Sniff())
		fmt.Println(path, "body:", len(body), "bytes,", err, "uncompressed:", resp.Uncompressed)
	}
	// Output:
	// /gzip computed: text/html
	// /gzip body: 3337 bytes, <nil> uncompressed: true
	// /br not sniffed: mimesniff: content coding "br" is not supported
}

func ExampleReadHeader() {
	resource := "%PDF-1.7\n" + strings.Repeat("%", 2991)
	header, body, err := mimesniff.ReadHeader(strings.NewReader(resource))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(header), mimesniff.Resource{Header: header}.Sniff())
	all, _ := io.ReadAll(body)
	fmt.Println(len(all), string(all) == resource)
	// Output:
	// 1445 application/pdf
	// 3000 true
}

// Only the last Content-Type counts, and the check-for-apache-bug flag is set
// only for exactly one of four values.
func ExampleSuppliedFromHTTP() {
	for _, values := range [][]string{
		{"text/plain; charset=UTF-8"},
		{"text/plain;charset=UTF-8"},
		{"text/plain; charset=utf-8"},
		{"text/html", "text/plain"},
		{"text/plain", "text/html"},
		{"text/html", "bogus"},
	} {
		h := http.Header{"Content-Type": values}
		supplied, apacheBug := mimesniff.SuppliedFromHTTP(h)
		fmt.Printf("%q: %q %v\n", values, supplied, apacheBug)
	}
	// Output:
	// ["text/plain; charset=UTF-8"]: "text/plain;charset=UTF-8" true
	// ["text/plain;charset=UTF-8"]: "text/plain;charset=UTF-8" false
	// ["text/plain; charset=utf-8"]: "text/plain;charset=utf-8" false
	// ["text/html" "text/plain"]: "text/plain" true
	// ["text/plain" "text/html"]: "text/html" false
	// ["text/html" "bogus"]: "" false
}

// The charset of an earlier Content-Type with the same essence carries over
// in Fetch, and a value that does not parse is skipped; the standard reads
// the last value only.
func ExampleExtractMIMEType_standard() {
	h := http.Header{"Content-Type": {"text/html;charset=gbk", "text/html", "bogus"}}
	fromHTTP, _ := mimesniff.SuppliedFromHTTP(h)
	fromFetch, _ := mimesniff.ExtractMIMEType(h)
	fmt.Printf("standard: %q\n", fromHTTP)
	fmt.Printf("Fetch: %q\n", fromFetch)
	// Output:
	// standard: ""
	// Fetch: "text/html;charset=gbk"
}

// Several X-Content-Type-Options lines are joined with commas, and only the
// first value counts.
func ExampleDetermineNoSniff_headerLines() {
	for _, lines := range [][]string{
		{"nosniff", "no"},
		{"no", "nosniff"},
	} {
		h := http.Header{"X-Content-Type-Options": lines}
		fmt.Printf("%q %v\n", lines, mimesniff.DetermineNoSniff(h))
	}
	// Output:
	// ["nosniff" "no"] true
	// ["no" "nosniff"] false
}

// The file system supplies a type from the extension. An image type is
// checked against the bytes; a file without an extension is sniffed.
func ExampleResourceFromFile() {
	png := []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
	fmt.Println(mimesniff.ResourceFromFile("photo.gif", png).Sniff())
	fmt.Println(mimesniff.ResourceFromFile("README", []byte("<html><p>Hi")).Sniff())
	// Output:
	// image/png
	// text/html
}
