// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"io"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"github.com/mimesniff/mimesniff"
)

// serializeTests are worked out from "serialize a MIME type"
// (https://mimesniff.spec.whatwg.org/#serialize-a-mime-type): type "/"
// subtype, then for each parameter in order ";" name "=" value, where a value
// that is empty or holds a code point that is not an HTTP token code point
// has every " and \ preceded by \ and is put in quotes.
var serializeTests = []struct {
	name string
	in   string // parsed with Parse
	want string
}{
	{"type and subtype", "text/html", "text/html"},
	{"no space after semicolon", "text/html; charset=utf-8", "text/html;charset=utf-8"},
	{"no space after several semicolons", "x/x; a=1; b=2", "x/x;a=1;b=2"},
	{"parameter order kept", "x/x;z=1;a=2;m=3", "x/x;z=1;a=2;m=3"},
	{"token value unquoted", "x/x;a=\"!#$%&'*+-.^_`|~09azAZ\"", "x/x;a=!#$%&'*+-.^_`|~09azAZ"},
	{"empty value quoted", `x/x;a=""`, `x/x;a=""`},
	{"space quoted", `x/x;a="b c"`, `x/x;a="b c"`},
	{"lone space quoted", `x/x;a=" "`, `x/x;a=" "`},
	{"tab quoted, not escaped", "x/x;a=\"b\tc\"", "x/x;a=\"b\tc\""},
	{"semicolon quoted", `x/x;a="b;c"`, `x/x;a="b;c"`},
	{"= quoted", "x/x;a=b=c", `x/x;a="b=c"`},
	{"( quoted", "x/x;a=b(c", `x/x;a="b(c"`},
	{") quoted", "x/x;a=b)c", `x/x;a="b)c"`},
	{", quoted", "x/x;a=b,c", `x/x;a="b,c"`},
	{"/ quoted", "x/x;a=b/c", `x/x;a="b/c"`},
	{": quoted", "x/x;a=b:c", `x/x;a="b:c"`},
	{"< > quoted", "x/x;a=<b>", `x/x;a="<b>"`},
	{"? quoted", "x/x;a=b?", `x/x;a="b?"`},
	{"@ quoted", "x/x;a=b@c", `x/x;a="b@c"`},
	{"[ ] quoted", "x/x;a=[b]", `x/x;a="[b]"`},
	{"{ } quoted", "x/x;a={b}", `x/x;a="{b}"`},
	{`" escaped`, `x/x;a="b\"c"`, `x/x;a="b\"c"`},
	{`unquoted " escaped`, `x/x;a=b"c`, `x/x;a="b\"c"`},
	{`\ escaped`, `x/x;a="b\\c"`, `x/x;a="b\\c"`},
	{`unquoted \ escaped`, `x/x;a=b\c`, `x/x;a="b\\c"`},
	{`only " and \ escaped`, `x/x;a="\"\\ ;=(\a"`, `x/x;a="\"\\ ;=(a"`},
	{"U+00E9 quoted", "x/x;a=\u00e9", "x/x;a=\"\u00e9\""},
	{"U+00A0 quoted", "x/x;a=\u00a0", "x/x;a=\"\u00a0\""},
	{"quotes removed from a token", `x/x;a="b"`, "x/x;a=b"},
	{"needless escapes removed", `x/x;a="\b"`, "x/x;a=b"},
	{"value case kept", "x/x;a=UTF-8", "x/x;a=UTF-8"},
	{"mixed", `Text/Plain; Format=Flowed; Title="Caf` + "\u00e9" + ` \"Bar\""; X=""`, `text/plain;format=Flowed;title="Caf` + "\u00e9" + ` \"Bar\"";x=""`},
}

func TestString(t *testing.T) {
	for _, tc := range serializeTests {
		t.Run(tc.name, func(t *testing.T) {
			m, err := mimesniff.Parse(tc.in)
			if err != nil {
				t.Fatalf("Parse(%q) = %v", tc.in, err)
			}
			if got := m.String(); got != tc.want {
				t.Errorf("Parse(%q).String() = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

// TestStringRoundTrip checks that serializations parse to themselves, and
// that parsing the serialization of any record gives the record back.
func TestStringRoundTrip(t *testing.T) {
	for _, tc := range serializeTests {
		t.Run(tc.name, func(t *testing.T) {
			again, err := mimesniff.Parse(tc.want)
			if err != nil {
				t.Fatalf("Parse(%q) = %v", tc.want, err)
			}
			if got := again.String(); got != tc.want {
				t.Errorf("Parse(%q).String() = %q, want it unchanged", tc.want, got)
			}
		})
	}
	for _, tc := range parseTests {
		if tc.want == "" {
			continue
		}
		m := mimesniff.MustParse(tc.in)
		again, err := mimesniff.Parse(m.String())
		if err != nil || again != m {
			t.Errorf("%s: Parse(%q) = %q, %v, want %q", tc.name, m.String(), again, err, m)
		}
	}
}

func TestBytes(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   string // parsed with Parse
		want []byte
	}{
		{"ASCII", `Text/HTML; a="b c"`, []byte(`text/html;a="b c"`)},
		{"U+00E9 is one byte", "x/x;a=\u00e9", []byte("x/x;a=\"\xe9\"")},
		{"U+0080 and U+00FF", "x/x;a=\"\u0080\u00ff\"", []byte("x/x;a=\"\x80\xff\"")},
		{"several values", "x/x;a=\u00e0;b=c;d=\"\u00e9 \\\"\"", []byte("x/x;a=\"\xe0\";b=c;d=\"\xe9 \\\"\"")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := mimesniff.MustParse(tc.in)
			got := m.Bytes()
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("Parse(%q).Bytes() mismatch (-want +got):\n%s", tc.in, diff)
			}
			if n := utf8.RuneCountInString(m.String()); len(got) != n {
				t.Errorf("Parse(%q).Bytes() has %d bytes, want one per code point of %q, %d", tc.in, len(got), m, n)
			}
			// The result is the caller's: changing it changes nothing.
			for i := range got {
				got[i] = 'X'
			}
			if again := m.Bytes(); !bytes.Equal(again, tc.want) {
				t.Errorf("after changing Bytes(), Parse(%q).Bytes() = %q, want %q", tc.in, again, tc.want)
			}
			back, err := mimesniff.ParseBytes(tc.want)
			if err != nil || back != m {
				t.Errorf("ParseBytes(%q) = %q, %v, want %q", tc.want, back, err, m)
			}
		})
	}
}

func TestMarshalText(t *testing.T) {
	type doc struct {
		Type mimesniff.MIMEType `json:"type"`
	}
	for _, tc := range []struct {
		name string
		in   string // "" for the zero MIMEType
		json string
	}{
		{"zero is empty", "", `{"type":""}`},
		{"plain", "text/html", `{"type":"text/html"}`},
		{"normalized", `Text/HTML; Charset="utf-8"`, `{"type":"text/html;charset=utf-8"}`},
		{"quoted value", `x/x;a="b \"c\""`, `{"type":"x/x;a=\"b \\\"c\\\"\""}`},
		{"U+00E9 is UTF-8 text", "x/x;a=\u00e9", "{\"type\":\"x/x;a=\\\"\u00e9\\\"\"}"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var m mimesniff.MIMEType
			if tc.in != "" {
				m = mimesniff.MustParse(tc.in)
			}
			b, err := json.Marshal(doc{m})
			if err != nil {
				t.Fatalf("json.Marshal(%q) = %v", m, err)
			}
			if string(b) != tc.json {
				t.Errorf("json.Marshal(%q) = %s, want %s", m, b, tc.json)
			}
			got := doc{Type: mimesniff.MustParse("x/old")} // overwritten, even by ""
			if err := json.Unmarshal(b, &got); err != nil {
				t.Fatalf("json.Unmarshal(%s) = %v", b, err)
			}
			if got.Type != m {
				t.Errorf("json.Unmarshal(%s) = %q, want %q", b, got.Type, m)
			}

			text, err := m.MarshalText()
			if err != nil || string(text) != m.String() {
				t.Errorf("%q.MarshalText() = %q, %v, want %q, nil", m, text, err, m.String())
			}
			var u mimesniff.MIMEType
			if err := u.UnmarshalText(text); err != nil || u != m {
				t.Errorf("UnmarshalText(%q) = %v, gives %q, want %q", text, err, u, m)
			}
		})
	}
}

func TestUnmarshalTextError(t *testing.T) {
	var d struct {
		Type mimesniff.MIMEType `json:"type"`
	}
	err := json.Unmarshal([]byte(`{"type":"text /html"}`), &d)
	if err == nil {
		t.Fatalf("json.Unmarshal of %q succeeded with %q, want an error", "text /html", d.Type)
	}
	checkParseError(t, err, "text /html")

	var m mimesniff.MIMEType
	for _, in := range []string{" ", "text", "\xff/x"} {
		if err := m.UnmarshalText([]byte(in)); err == nil {
			t.Errorf("UnmarshalText(%q) succeeded with %q, want an error", in, m)
		} else {
			checkParseError(t, err, in)
		}
	}
}

func TestMarshalFlagTextVar(t *testing.T) {
	newFlags := func() (*flag.FlagSet, *mimesniff.MIMEType) {
		fs := flag.NewFlagSet("test", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		var m mimesniff.MIMEType
		fs.TextVar(&m, "type", mimesniff.MustParse("text/plain"), "the MIME type")
		return fs, &m
	}

	fs, m := newFlags()
	if err := fs.Parse(nil); err != nil {
		t.Fatal(err)
	}
	if m.String() != "text/plain" {
		t.Errorf("default -type = %q, want %q", m, "text/plain")
	}
	if got := fs.Lookup("type").DefValue; got != "text/plain" {
		t.Errorf("-type DefValue = %q, want %q", got, "text/plain")
	}

	fs, m = newFlags()
	if err := fs.Parse([]string{"-type", "Text/HTML; charset=utf-8"}); err != nil {
		t.Fatalf("-type Text/HTML; charset=utf-8: %v", err)
	}
	if m.String() != "text/html;charset=utf-8" {
		t.Errorf("-type Text/HTML; charset=utf-8 gives %q, want %q", m, "text/html;charset=utf-8")
	}

	fs, _ = newFlags()
	err := fs.Parse([]string{"-type", "html"})
	if err == nil {
		t.Fatalf("-type html: no error")
	}
	if !strings.Contains(err.Error(), `"html"`) {
		t.Errorf("-type html: error %q does not mention the value", err)
	}
}
