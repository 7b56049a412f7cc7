// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff_test

import (
	"fmt"

	"github.com/mimesniff/mimesniff"
)

// An HTML tag without the standard's terminating byte is text to the
// standard and to Firefox, and a page, with its script, to Chromium
// (recorded case none/edge/tag-body-onload).
func ExampleResource_SniffAs() {
	r := mimesniff.Resource{Header: []byte("<body/onload=alert(1)>")}
	for _, b := range []mimesniff.Browser{mimesniff.Standard, mimesniff.Chromium, mimesniff.Firefox} {
		fmt.Printf("%s: %s\n", b, r.SniffAs(b))
	}
	// Output:
	// standard: text/plain
	// chromium: text/html
	// firefox: text/plain
}

// Firefox downloads a response served as unknown/unknown instead of sniffing
// it (recorded case unknown-unknown/page.html).
func ExampleBrowser_Displays() {
	r := mimesniff.Resource{Supplied: mimesniff.MustParse("unknown/unknown"), Header: []byte("<html>")}
	for _, b := range []mimesniff.Browser{mimesniff.Chromium, mimesniff.Firefox} {
		t := r.SniffAs(b)
		fmt.Printf("%s: %s, displayed: %v\n", b, t, b.Displays(t))
	}
	// Output:
	// chromium: text/html, displayed: true
	// firefox: application/octet-stream, displayed: false
}
