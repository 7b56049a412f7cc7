// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff_test

import (
	"fmt"
	"strings"

	"github.com/mimesniff/mimesniff"
)

// windowsContentTypes is the "Content Type" of HKEY_CLASSES_ROOT\<ext> on a
// typical Windows 10 or 11 machine, for the extensions that matter most on
// the web. Every machine differs: installed programs add and change entries.
// .js is left out: a clean install has no Content Type for it, and some
// programs set it to text/plain (https://github.com/golang/go/issues/32350).
var windowsContentTypes = map[string]string{
	".htm":  "text/html",
	".html": "text/html",
	".css":  "text/css",
	".txt":  "text/plain",
	".jpg":  "image/jpeg",
	".png":  "image/png",
	".gif":  "image/gif",
	".xml":  "text/xml",
}

// windowsRegistry looks an extension up in windowsContentTypes. Registry keys
// are case-insensitive, so it folds case (strings.ToLower allocates only for
// an extension with upper-case letters).
func windowsRegistry(ext string) string {
	return windowsContentTypes[strings.ToLower(ext)]
}

// A GIF with a script in its first 256 bytes is a GIF to Internet Explorer
// when served as image/gif, but a page when served as text/plain or with no
// type, since IE treats text/plain as no type at all and looks for HTML
// anywhere. IE answers its own names (image/pjpeg for JPEG) and keeps a type
// it does not know (image/jpeg); it asks the registry about the URL's
// extension when the bytes only say text; and it fails ("") with neither
// data nor URL.
func ExampleFindMimeFromData() {
	chameleon := []byte("GIF89a/*<html><script>alert(1)</script>*/")
	jpeg := []byte("\xFF\xD8\xFF\xE0\x00\x10JFIF\x00")
	css := []byte("body { color: red }")

	fmt.Println(mimesniff.FindMimeFromData(chameleon, "image/gif", "https://example.com/cat.gif", windowsRegistry))
	fmt.Println(mimesniff.FindMimeFromData(chameleon, "text/plain", "https://example.com/cat.gif", windowsRegistry))
	fmt.Println(mimesniff.FindMimeFromData(chameleon, "", "", nil))
	fmt.Println(mimesniff.FindMimeFromData(jpeg, "", "", nil))
	fmt.Println(mimesniff.FindMimeFromData(jpeg, "image/jpeg", "", nil))
	fmt.Println(mimesniff.FindMimeFromData(css, "text/plain", "https://example.com/site.css?v=2", windowsRegistry))
	fmt.Printf("%q\n", mimesniff.FindMimeFromData(nil, "", "", nil))
	// Output:
	// image/gif
	// text/html
	// text/html
	// image/pjpeg
	// image/jpeg
	// text/css
	// ""
}
