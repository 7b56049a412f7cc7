// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff_test

import (
	"fmt"

	"github.com/mimesniff/mimesniff"
)

// A PNG image uploaded as image/gif is displayed as a PNG; the same bytes
// with no Content-Type are sniffed from scratch; HTML sent as image/gif stays
// image/gif, so it can never run as a page.
func ExampleResource_Sniff() {
	png := []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR")
	html := []byte("<!DOCTYPE html><script>alert(1)</script>")
	gif := mimesniff.MustParse("image/gif")

	fmt.Println(mimesniff.Resource{Supplied: gif, Header: png}.Sniff())
	fmt.Println(mimesniff.Resource{Header: png}.Sniff())
	fmt.Println(mimesniff.Resource{Supplied: gif, Header: html}.Sniff())
	fmt.Println(mimesniff.Resource{Header: html}.Sniff())
	// Output:
	// image/png
	// image/png
	// image/gif
	// text/html
}

// With X-Content-Type-Options: nosniff, a supplied type is final, and a
// resource without one is never sniffed as a scriptable type.
func ExampleResource_Sniff_noSniff() {
	html := []byte("<html><script>alert(1)</script>")
	png := []byte("\x89PNG\r\n\x1a\n")

	fmt.Println(mimesniff.Resource{Supplied: mimesniff.MustParse("text/plain"), NoSniff: true, Header: html}.Sniff())
	fmt.Println(mimesniff.Resource{NoSniff: true, Header: html}.Sniff())
	fmt.Println(mimesniff.Resource{NoSniff: true, Header: png}.Sniff())
	// Output:
	// text/plain
	// text/plain
	// image/png
}

// Servers that label unknown files text/plain trip the apache-bug check: the
// browser only decides between text and binary.
func ExampleResource_Sniff_apacheBug() {
	r := mimesniff.Resource{
		Supplied:          mimesniff.MustParse("text/plain; charset=UTF-8"),
		CheckForApacheBug: true,
		Header:            []byte("PK\x03\x04\x14\x00\x00\x00"),
	}
	fmt.Println(r.Sniff())
	// Output:
	// application/octet-stream
}

// In an img element, a PNG served as text/html is still a PNG: the image
// context only looks for images.
func ExampleResource_SniffImage() {
	r := mimesniff.Resource{
		Supplied: mimesniff.MustParse("text/html"),
		Header:   []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR"),
	}
	fmt.Println(r.Sniff())
	fmt.Println(r.SniffImage())
	fmt.Println(r.SniffFont())
	// Output:
	// text/html
	// image/png
	// text/html
}

func ExampleResource_SniffFeedOrHTML() {
	r := mimesniff.Resource{
		Supplied:   mimesniff.MustParse("text/html"),
		Header:     []byte("<?xml version=\"1.0\"?>\n<rss version=\"2.0\"><channel></channel></rss>"),
		SniffFeeds: true,
	}
	fmt.Println(r.Sniff())
	r.SniffFeeds = false
	fmt.Println(r.Sniff())
	// Output:
	// application/rss+xml
	// text/html
}

func ExampleMatchAudioOrVideoTypePattern() {
	webm := []byte("\x1a\x45\xdf\xa3\x9f\x42\x86\x81\x01\x42\x82\x84webm")
	t, ok := mimesniff.MatchAudioOrVideoTypePattern(webm)
	fmt.Println(t, ok)
	// Output:
	// video/webm true
}
