// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff_test

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/mimesniff/mimesniff"
)

// slowTable returns the slow rows of the signature table with the given name.
func slowTable(name string) []slowRow {
	for i, tab := range mimesniff.SignatureTables {
		if tab.Name == name {
			return slowTables[i]
		}
	}
	panic("no signature table " + name)
}

// slowSniffUnknown is the rules for identifying an unknown MIME type
// (https://mimesniff.spec.whatwg.org/#rules-for-identifying-an-unknown-mime-type)
// composed step by step from the slow oracles: each table on its own with
// slowMatchTable, the signatures with their slow transcriptions, and the
// binary data bytes a byte at a time. It is the oracle for SniffUnknown, which
// matches the tables of steps 1 to 6 as one.
func slowSniffUnknown(h []byte, sniffScriptable bool) string {
	h = h[:min(len(h), mimesniff.HeaderSize)]
	// 1. The scriptable table, if the flag is set.
	if sniffScriptable {
		if t, ok := slowMatchTable(h, slowTable("unknown, scriptable")); ok {
			return t.String()
		}
	}
	// 2. The table that follows.
	if t, ok := slowMatchTable(h, slowTable("unknown, not scriptable")); ok {
		return t.String()
	}
	// 3-4. Image type pattern matching.
	if t, ok := slowMatchTable(h, slowTable("image")); ok {
		return t.String()
	}
	// 5-6. Audio or video type pattern matching: the table, then the
	// signatures.
	if t, ok := slowMatchTable(h, slowTable("audio or video")); ok {
		return t.String()
	}
	switch {
	case slowMP4(h):
		return "video/mp4"
	case slowWebM(h):
		return "video/webm"
	case slowMP3(h):
		return "audio/mpeg"
	}
	// 7-8. Archive type pattern matching.
	if t, ok := slowMatchTable(h, slowTable("archive")); ok {
		return t.String()
	}
	// 9-10. Text or binary.
	if byteLoopHasBinary(h) {
		return "application/octet-stream"
	}
	return "text/plain"
}

// checkSniffUnknown compares SniffUnknown with slowSniffUnknown on h, with
// and without the sniff-scriptable flag.
func checkSniffUnknown(t testing.TB, h []byte) {
	t.Helper()
	for _, scriptable := range []bool{true, false} {
		got := mimesniff.Resource{Header: h}.SniffUnknown(scriptable).String()
		if want := slowSniffUnknown(h, scriptable); got != want {
			t.Fatalf("SniffUnknown(%v) on %q = %q, slow rules %q", scriptable, h[:min(len(h), 64)], got, want)
		}
	}
}

// TestSniffUnknownAgainstSlow checks the unknown-type rules against their
// slow composition on the inputs that exercise the tables and signatures,
// and on the security tests' headers.
func TestSniffUnknownAgainstSlow(t *testing.T) {
	inputs := append(tableInputs(), signatureInputs()...)
	inputs = append(inputs, securityHeaders(t)...)
	for _, h := range inputs {
		checkSniffUnknown(t, h)
	}
}

// TestBinaryDataAgainstSlow cross-checks the search for a binary data byte,
// which reads words and blocks of words, with a byte-at-a-time loop: every
// byte value below 0x20 (and some above) at every position of texts of every
// length up to 100 bytes, alone and after a whitespace control, around the
// 8-byte words and 32-byte blocks it reads; and random texts up to 1445+1.
func TestBinaryDataAgainstSlow(t *testing.T) {
	check := func(b []byte) {
		t.Helper()
		want := "text/plain"
		if byteLoopHasBinary(b[:min(len(b), mimesniff.HeaderSize)]) {
			want = "application/octet-stream"
		}
		if got := (mimesniff.Resource{Header: b}).SniffTextOrBinary().String(); got != want {
			t.Fatalf("SniffTextOrBinary(%q) = %q, want %q", b, got, want)
		}
	}
	for n := range 101 {
		for pos := range n {
			for _, c := range []byte{0x00, 0x01, 0x08, 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x0E, 0x1A, 0x1B, 0x1C, 0x1F, 0x20, 0x7F, 0x80, 0x9B} {
				b := bytes.Repeat([]byte("x"), n)
				b[pos] = c
				check(b)
				if pos > 0 {
					b[pos-1] = '\n' // a control that is not binary first
					check(b)
				}
			}
		}
	}
	rng := rand.New(rand.NewPCG(9, 10))
	for range 2000 {
		b := make([]byte, rng.IntN(mimesniff.HeaderSize+2))
		for i := range b {
			b[i] = byte(0x20 + rng.IntN(0x60))
			if rng.IntN(50) == 0 {
				b[i] = "\t\n\x0c\r\x1b\x80\xff"[rng.IntN(7)]
			}
		}
		if rng.IntN(2) == 0 && len(b) > 0 {
			b[rng.IntN(len(b))] = byte(rng.IntN(0x20))
		}
		check(b)
	}
}
