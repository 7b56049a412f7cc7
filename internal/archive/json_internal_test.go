// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package archive

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// jsonPlainOracle is jsonPlain a byte at a time.
func jsonPlainOracle(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= utf8.RuneSelf || c < ' ' || c == '"' || c == '\\' {
			return false
		}
	}
	return true
}

func TestJSONPlain(t *testing.T) {
	for _, tc := range []struct {
		name string
		s    string
		want bool
	}{
		{"empty", "", true},
		{"a URI", "http://corpus.test/identity/10417?a=b&c=d#e", true},
		{"a record ID", "<urn:uuid:00000000-0000-4000-8000-000000020836>", true},
		{"DEL stands for itself", "abcdefg\x7f", true},
		{"a quotation mark", `abc"efgh`, false},
		{"a quotation mark last of eight", `abcdefg"`, false},
		{"a backslash", `abcdefgh\`, false},
		{"a tab", "abc\tefgh", false},
		{"0x1f", "\x1fbcdefgh", false},
		{"UTF-8", "caf\u00e9 au lait", false},
		{"0x80", "abcdefgh\x80", false},
		{"space beside a quotation mark", ` " `, false},
		{"# and ] beside the quotation mark and the backslash", "#!#!#!#![][][][]", true},
	} {
		if got := jsonPlain(tc.s); got != tc.want {
			t.Errorf("%s: jsonPlain(%q) = %v, want %v", tc.name, tc.s, got, tc.want)
		}
		if got := jsonPlainOracle(tc.s); got != tc.want {
			t.Errorf("%s: the oracle says %v, want %v", tc.name, got, tc.want)
		}
	}
	// Every byte at every place of a word, beside neighbours that could
	// carry or borrow into it.
	for c := range 256 {
		for _, n := range []byte{' ', '!', '#', '[', ']', '~', '"', '\\', 0x1f, 0x7f, 0x80, 0xff, 0} {
			for i := range 16 {
				b := []byte(strings.Repeat(string(n), 16))
				b[i] = byte(c)
				if got, want := jsonPlain(string(b)), jsonPlainOracle(string(b)); got != want {
					t.Errorf("jsonPlain(%q) = %v, want %v", b, got, want)
				}
			}
		}
	}
}

func FuzzJSONPlain(f *testing.F) {
	f.Add("http://example.test/")
	f.Add("a\"b\\c\x00\x80")
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := jsonPlain(s), jsonPlainOracle(s); got != want {
			t.Errorf("jsonPlain(%q) = %v, want %v", s, got, want)
		}
	})
}
