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

// TestStandardName checks standardName against the checks it spares:
// every field name WARC 1.1 defines (#named-fields), as the standard
// spells it, is known, is a token, and has the index mandatoryIndex
// gives; other spellings and near misses are left to those checks, and
// cutField gives the same index either way.
func TestStandardName(t *testing.T) {
	defined := []string{
		"WARC-Record-ID", "Content-Length", "WARC-Date", "WARC-Type",
		"Content-Type", "WARC-Concurrent-To", "WARC-Block-Digest",
		"WARC-Payload-Digest", "WARC-IP-Address", "WARC-Refers-To",
		"WARC-Refers-To-Target-URI", "WARC-Refers-To-Date", "WARC-Target-URI",
		"WARC-Truncated", "WARC-Warcinfo-ID", "WARC-Filename", "WARC-Profile",
		"WARC-Identified-Payload-Type", "WARC-Segment-Number",
		"WARC-Segment-Origin-ID", "WARC-Segment-Total-Length",
	}
	for _, name := range defined {
		i, ok := standardName(name)
		if !ok || i != mandatoryIndex(name) {
			t.Errorf("standardName(%q) = %d, %v; want %d, true", name, i, ok, mandatoryIndex(name))
		}
		for j := 0; j < len(name); j++ {
			if !tokenBytes[name[j]] {
				t.Errorf("%q: byte %q is no token byte", name, name[j])
			}
		}
		for _, spelling := range []string{name, strings.ToLower(name), strings.ToUpper(name)} {
			gotName, value, idx, ok := cutField(spelling + ":  v \t")
			if !ok || gotName != spelling || value != "v" || idx != mandatoryIndex(name) {
				t.Errorf("cutField(%q) = %q, %q, %d, %v; want %q, %q, %d, true", spelling+":  v \t", gotName, value, idx, ok, spelling, "v", mandatoryIndex(name))
			}
		}
	}
	for _, name := range []string{"warc-type", "WARC-TYPE", "Content-type", "WARC-Type ", " WARC-Type", "WARC-Target-URI2", "WARC-", "X-Crawler", ""} {
		if _, ok := standardName(name); ok {
			t.Errorf("standardName(%q) = true, want false", name)
		}
	}
	for _, line := range []string{"WARC Type: x", "WARC-Type(1): x", ": x", "WARC-Type x"} {
		if _, _, _, ok := cutField(line); ok {
			t.Errorf("cutField(%q) ok, want a line that is no named field", line)
		}
	}
}
