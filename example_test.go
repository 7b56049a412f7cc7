// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff_test

import (
	"fmt"
	"net/http"

	"github.com/mimesniff/mimesniff"
)

func ExampleParse() {
	t, err := mimesniff.Parse(` Text/HTML ; Charset="utf-8" ; charset=latin1`)
	if err != nil {
		fmt.Println(err)
		return
	}
	// Case is folded, whitespace and needless quotes go, and the first
	// charset wins.
	fmt.Println(t)
	fmt.Println(t.Essence())

	_, err = mimesniff.Parse("text")
	fmt.Println(err)
	// Output:
	// text/html;charset=utf-8
	// text/html
	// mimesniff: invalid MIME type "text": no "/" after the type at offset 4
}

func ExampleParseBytes() {
	// A header value from the wire, in which byte 0xE9 is é.
	raw := []byte("text/plain;charset=\xe9t\xe9")
	t, err := mimesniff.ParseBytes(raw)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(t)
	fmt.Printf("%q\n", t.Bytes())

	// Read as UTF-8, the same bytes are not code points, and the parameter
	// is dropped.
	fmt.Println(mimesniff.MustParse(string(raw)))
	// Output:
	// text/plain;charset="été"
	// "text/plain;charset=\"\xe9t\xe9\""
	// text/plain
}

func ExampleMIMEType_String() {
	t := mimesniff.MustParse(`multipart/form-data; Boundary="token"; name="a b"; q=x"y; empty=""`)
	fmt.Println(t.String())
	// Output:
	// multipart/form-data;boundary=token;name="a b";q="x\"y";empty=""
}

func ExampleMIMEType_Param() {
	t := mimesniff.MustParse(`text/plain;Charset="utf-8";title="a \"quoted\" word"`)
	v, ok := t.Param("CHARSET")
	fmt.Println(v, ok)
	v, ok = t.Param("title")
	fmt.Println(v, ok)
	v, ok = t.Param("format")
	fmt.Printf("%q %v\n", v, ok)
	// Output:
	// utf-8 true
	// a "quoted" word true
	// "" false
}

func ExampleMIMEType_Params() {
	t := mimesniff.MustParse("text/plain; format=flowed; delsp=yes; charset=utf-8")
	for name, value := range t.Params() {
		fmt.Println(name, "=", value)
	}
	// Output:
	// format = flowed
	// delsp = yes
	// charset = utf-8
}

func ExampleMIMEType_IsScriptable() {
	for _, s := range []string{"text/html", "image/svg+xml", "application/pdf", "image/png", "text/plain"} {
		fmt.Println(s, mimesniff.MustParse(s).IsScriptable())
	}
	// Output:
	// text/html true
	// image/svg+xml true
	// application/pdf true
	// image/png false
	// text/plain false
}

func ExampleIsJavaScriptEssenceMatch() {
	// The type attribute of a script element.
	for _, s := range []string{"Text/JavaScript", "text/javascript;charset=utf-8", "module"} {
		fmt.Println(s, mimesniff.IsJavaScriptEssenceMatch(s))
	}
	// Output:
	// Text/JavaScript true
	// text/javascript;charset=utf-8 false
	// module false
}

func ExampleMinimize() {
	supported := func(t mimesniff.MIMEType) bool { return t.IsImage() }
	for _, s := range []string{
		"application/x-javascript;charset=utf-8",
		"application/ld+json",
		"image/svg+xml",
		"application/atom+xml",
		"image/png;q=1",
		"video/mp4",
	} {
		fmt.Printf("%s -> %q\n", s, mimesniff.Minimize(mimesniff.MustParse(s), supported))
	}
	// Output:
	// application/x-javascript;charset=utf-8 -> "text/javascript"
	// application/ld+json -> "application/json"
	// image/svg+xml -> "image/svg+xml"
	// application/atom+xml -> "application/xml"
	// image/png;q=1 -> "image/png"
	// video/mp4 -> ""
}

func ExampleExtractMIMEType() {
	h := http.Header{}
	h.Add("Content-Type", "text/html;charset=shift_jis")
	h.Add("Content-Type", "*/*, text/html")
	t, ok := mimesniff.ExtractMIMEType(h)
	fmt.Println(t, ok)
	// Output:
	// text/html;charset=shift_jis true
}

func ExampleDetermineNoSniff() {
	for _, v := range []string{"nosniff", "NoSniff, foo", ", nosniff"} {
		h := http.Header{"X-Content-Type-Options": {v}}
		fmt.Printf("%q %v\n", v, mimesniff.DetermineNoSniff(h))
	}
	// Output:
	// "nosniff" true
	// "NoSniff, foo" true
	// ", nosniff" false
}

func ExampleLegacyExtractEncoding() {
	for _, s := range []string{
		"text/html;charset=ISO-8859-1",
		`text/plain;charset=" sjis "`,
		"text/html;charset=bogus",
		"text/html",
	} {
		fmt.Println(mimesniff.LegacyExtractEncoding(mimesniff.MustParse(s), "UTF-8"))
	}
	// Output:
	// windows-1252
	// Shift_JIS
	// UTF-8
	// UTF-8
}

func ExampleNew() {
	t, err := mimesniff.New("Text", "Plain", mimesniff.Param{Name: "charset", Value: "UTF-8"}, mimesniff.Param{Name: "format", Value: "flowed text"})
	if err != nil {
		panic(err)
	}
	fmt.Println(t)
	// Output:
	// text/plain;charset=UTF-8;format="flowed text"
}
