// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package warc

import (
	"strings"
	"testing"
)

// printableOracle is printableASCII a byte at a time.
func printableOracle(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < ' ' || s[i] > '~' {
			return false
		}
	}
	return true
}

func TestPrintableASCII(t *testing.T) {
	for _, tc := range []struct {
		name string
		s    string
		want bool
	}{
		{"empty", "", true},
		{"short", "abc", true},
		{"eight", "<urn:uu>", true},
		{"a record ID", "<urn:uuid:00000000-0000-4000-8000-000000020836>", true},
		{"every printable byte", func() string {
			var b strings.Builder
			for c := ' '; c <= '~'; c++ {
				b.WriteByte(byte(c))
			}
			return b.String()
		}(), true},
		{"space and tilde at each place", "~ ~ ~ ~ ~ ~ ~ ~ ", true},
		{"a tab", "a\tb", false},
		{"a tab in a word", "abcdefg\th", false},
		{"DEL in a word", "abcdefgh\x7f", false},
		{"DEL first", "\x7fbcdefgh", false},
		{"0x1f in a word", "abc\x1fefgh", false},
		{"NUL last of eight", "abcdefg\x00", false},
		{"0x80", "abcdefgh\x80ijklmnop", false},
		{"0xff", "\xffbcdefgh", false},
		{"UTF-8", "http://example.test/caf\u00e9/", false},
		{"0xff beside '~'", "~\xff~~~~~~", false},
		{"0x20 beside 0x1f", " \x1f      ", false},
	} {
		if got := printableASCII(tc.s); got != tc.want {
			t.Errorf("%s: printableASCII(%q) = %v, want %v", tc.name, tc.s, got, tc.want)
		}
		if got := printableOracle(tc.s); got != tc.want {
			t.Errorf("%s: the oracle says %v, want %v", tc.name, got, tc.want)
		}
	}
	// Every byte at every place of a word, beside every neighbour that
	// could carry or borrow into it.
	for c := range 256 {
		for _, n := range []byte{' ', '~', 0x1f, 0x7f, 0x80, 0xff, 0} {
			for i := range 16 {
				b := []byte(strings.Repeat(string(n), 16))
				b[i] = byte(c)
				if got, want := printableASCII(string(b)), printableOracle(string(b)); got != want {
					t.Errorf("printableASCII(%q) = %v, want %v", b, got, want)
				}
			}
		}
	}
}

func FuzzPrintableASCII(f *testing.F) {
	f.Add("<urn:uuid:00000000-0000-4000-8000-000000020836>")
	f.Add("abc\x7f\x80\x1f")
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := printableASCII(s), printableOracle(s); got != want {
			t.Errorf("printableASCII(%q) = %v, want %v", s, got, want)
		}
	})
}
