// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package warc

import (
	"bytes"
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

// headerEndOracle is headerEnd a line at a time, as the reader once
// looked for the end of a header.
func headerEndOracle(b []byte) int {
	lines, i := 0, 0
	for {
		j := bytes.IndexByte(b[i:], '\n')
		if j < 0 {
			return -1
		}
		line := b[i : i+j+1]
		i += j + 1
		lines++
		if lines > 1 && isBlank(line) {
			return i
		}
	}
}

func TestHeaderEnd(t *testing.T) {
	for _, tc := range []struct {
		name string
		b    string
		want int
	}{
		{"CRLF", "WARC/1.1\r\nA: b\r\n\r\nblock", 18},
		{"LF", "WARC/1.1\nA: b\n\nblock", 15},
		{"no field", "WARC/1.1\r\n\r\n", 12},
		{"LF then a CRLF blank line", "WARC/1.1\nA: b\n\r\nblock", 16},
		{"CRLF then an LF blank line", "WARC/1.1\r\nA: b\r\n\nblock", 17},
		{"an LF blank line before a CRLF one", "WARC/1.1\n\nA: b\r\n\r\n", 10},
		{"a CRLF blank line before an LF one", "WARC/1.1\r\n\r\nA: b\n\n", 12},
		{"cut short", "WARC/1.1\r\nA: b\r\n", -1},
		{"CR alone is no line end", "WARC/1.1\r\nA: b\r\r\n", -1},
		{"a CR in a value", "WARC/1.1\r\nA: \r\r\n\r\n", 18},
		{"empty", "", -1},
		{"a blank first line is the version line", "\r\n\r\n", 4},
	} {
		if got := headerEnd([]byte(tc.b)); got != tc.want {
			t.Errorf("%s: headerEnd(%q) = %d, want %d", tc.name, tc.b, got, tc.want)
		}
		if got := headerEndOracle([]byte(tc.b)); got != tc.want {
			t.Errorf("%s: the oracle says %d, want %d", tc.name, got, tc.want)
		}
	}
}

func FuzzHeaderEnd(f *testing.F) {
	f.Add([]byte("WARC/1.1\r\nA: b\r\n\r\nblock"))
	f.Add([]byte("WARC/1.1\nA: b\n\r\n"))
	f.Add([]byte("\n\n\r\n\r"))
	f.Fuzz(func(t *testing.T, b []byte) {
		if got, want := headerEnd(b), headerEndOracle(b); got != want {
			t.Errorf("headerEnd(%q) = %d, want %d", b, got, want)
		}
	})
}
