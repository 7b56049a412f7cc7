// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff_test

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/mimesniff/mimesniff"
)

// A page uploaded as an "image" and served with the uploader's type runs
// nowhere: with image/png and nosniff, Fetch blocks it as a script and every
// browser shows it as an image. Served with no type, the same bytes render
// as a page that runs script with the server's origin in every profile, and
// run as a classic script. Any response can be a same-origin XML document's
// XSLT style sheet, whatever its headers.
func ExampleReportFor() {
	page := []byte("<html><script>alert(1)</script>")

	asImage := http.Header{"Content-Type": {"image/png"}, "X-Content-Type-Options": {"nosniff"}}
	rep := mimesniff.ReportFor(asImage, page)
	fmt.Println("image/png, nosniff:", rep.DocumentScript, rep.ScriptInclusion)

	rep = mimesniff.ReportFor(http.Header{}, page)
	fmt.Println("no type:", rep.DocumentScript, rep.ScriptInclusion)
	for d := mimesniff.Destination(0); ; d++ {
		v, ok := rep.Verdict(d)
		if !ok {
			break
		}
		if !v.Script.IsEmpty() {
			fmt.Printf("  %s in %s\n", d, v.Script)
		}
	}
	// Output:
	// image/png, nosniff: false false
	// no type: true true
	//   document in standard,chromium,firefox,webkit
	//   embed in standard,chromium,firefox,webkit
	//   frame in standard,chromium,firefox,webkit
	//   iframe in standard,chromium,firefox,webkit
	//   object in standard,chromium,firefox,webkit
	//   script in standard,chromium,firefox,webkit
	//   sharedworker in chromium
	//   worker in chromium
	//   xslt in standard,chromium,firefox,webkit
}

// SafeHeaders chooses the headers for bytes whose type nobody declared:
// a type a browser computes with nosniff, never HTML, and nosniff.
func ExampleSafeHeaders() {
	hs := mimesniff.SafeHeaders(mimesniff.MIMEType{}, []byte("<html><script>alert(1)</script>"))
	h := http.Header{}
	hs.Set(h)
	fmt.Println(h.Get("Content-Type"), h.Get("X-Content-Type-Options"))

	// A server that explicitly declares an active type gets it, with the
	// policy's headers.
	hs = mimesniff.SafeHeaders(mimesniff.MustParse("image/svg+xml"), []byte("<svg onload=alert(1)>"))
	fmt.Println(hs.ContentType, hs.ContentDisposition, hs.ContentSecurityPolicy)
	// Output:
	// text/plain nosniff
	// image/svg+xml attachment sandbox
}

// Handler wraps a handler that serves uploads: a response whose type the
// handler did not set gets one that is never HTML, and every response gets
// nosniff.
func ExampleHandler() {
	uploads := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, "<html><script>alert(1)</script>")
	})
	srv := httptest.NewServer(mimesniff.Handler(uploads))
	defer srv.Close()

	resp, err := http.Get(srv.URL)
	if err != nil {
		panic(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	fmt.Println(resp.Header.Get("Content-Type"), resp.Header.Get("X-Content-Type-Options"))
	fmt.Println(strings.HasPrefix(string(body), "<html>"))
	// Output:
	// text/plain nosniff
	// true
}

// A server that takes uploads decides on the bytes and on the uploader's
// claim once, keeps the headers SafeHeaders chose with the bytes, and
// serves with them. Here it accepts images only: a page that claims to be
// an image is served as that image type with nosniff, which no browser
// renders as a page, and a page that claims text/xsl (Chromium renders it as
// XML and runs its script) is refused.
func ExampleSafeHeaders_uploads() {
	images := map[string]bool{"image/png": true, "image/gif": true, "image/jpeg": true, "image/webp": true}
	upload := func(claim string, data []byte) (mimesniff.Headers, bool) {
		declared, _ := mimesniff.Parse(claim) // the zero MIMEType when there is no claim
		hs := mimesniff.SafeHeaders(declared, data)
		return hs, images[hs.ContentType.Essence()]
	}
	page := []byte("<html><script>alert(1)</script>")
	for _, u := range []struct {
		claim string
		data  []byte
	}{
		{"image/png", []byte("\x89PNG\r\n\x1a\n")},
		{"", []byte("GIF89a")},
		{"image/png", page},
		{"text/xsl", page},
		{"", page},
	} {
		hs, ok := upload(u.claim, u.data)
		if !ok {
			fmt.Printf("%q: refused (%s)\n", u.claim, hs.ContentType)
			continue
		}
		// On download: the stored headers, then the bytes.
		w := httptest.NewRecorder()
		hs.Set(w.Header())
		w.Write(u.data)
		rep := mimesniff.ReportFor(w.Result().Header, w.Body.Bytes())
		fmt.Printf("%q: served as %s, document script %v\n", u.claim, w.Header().Get("Content-Type"), rep.DocumentScript)
	}
	// Output:
	// "image/png": served as image/png, document script false
	// "": served as image/gif, document script false
	// "image/png": served as image/png, document script false
	// "text/xsl": refused (text/xsl)
	// "": refused (text/plain)
}

// An API's answer holds a secret. A page of another site can load it as an
// image or a script, with the user's cookies: Opaque Response Blocking keeps
// a JSON object out of the page in Chromium and Firefox, but not a JSON
// array in Chromium, and WebKitGTK has none. Cross-Origin-Resource-Policy
// keeps it out in every browser.
func ExampleReportFor_crossOrigin() {
	h := http.Header{"Content-Type": {"application/json"}}
	for _, body := range []string{`{"token":"s3cr3t"}`, `["s3cr3t"]`} {
		rep := mimesniff.ReportFor(h, []byte(body))
		v, _ := rep.Verdict(mimesniff.DestinationImage)
		fmt.Printf("%s as an image: %s\n", body, v.CrossOrigin)
	}

	h.Set("Cross-Origin-Resource-Policy", "same-origin")
	rep := mimesniff.ReportFor(h, []byte(`["s3cr3t"]`))
	fmt.Println("with Cross-Origin-Resource-Policy, a cross-site read:", rep.CrossOriginRead)
	// Output:
	// {"token":"s3cr3t"} as an image: webkit
	// ["s3cr3t"] as an image: chromium,webkit
	// with Cross-Origin-Resource-Policy, a cross-site read: false
}

// A response that only its own site may read (an account's data, a private
// upload) says so in one header, set by the handler: Handler passes it on
// as it is, and every browser then refuses the bytes to a page of another
// site, whatever their type. Without it, this JSON array, which Handler
// serves with nosniff (so Chromium blocks it, where without nosniff it
// delivers it: the array is also a script), still reaches another site's
// page in WebKit, which has no Opaque Response Blocking.
func ExampleHandler_privateResponse() {
	account := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if r.URL.Path == "/private" {
			w.Header().Set("Cross-Origin-Resource-Policy", "same-origin")
		}
		io.WriteString(w, `["s3cr3t"]`)
	})
	srv := httptest.NewServer(mimesniff.Handler(account))
	defer srv.Close()

	for _, path := range []string{"/public", "/private"} {
		resp, err := http.Get(srv.URL + path)
		if err != nil {
			panic(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		rep := mimesniff.ReportFor(resp.Header, body)
		v, _ := rep.Verdict(mimesniff.DestinationScript)
		fmt.Printf("%s: another site's script element gets it in %v; a cross-site read: %v\n", path, v.CrossOrigin, rep.CrossOriginRead)
	}
	// Output:
	// /public: another site's script element gets it in webkit; a cross-site read: true
	// /private: another site's script element gets it in none; a cross-site read: false
}
