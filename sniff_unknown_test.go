// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff_test

import (
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
