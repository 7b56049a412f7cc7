// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"math/bits"
	"strings"
)

// MatchPattern reports whether input, after any leading bytes that are in
// ignored, starts with pattern under mask: input[s+p]&mask[p] == pattern[p]
// for every p.
//
// It departs from the text in one way (docs/standard.md, B1): the standard checks the
// input's length before skipping ignored bytes, and then reads past the end
// of an input made mostly of them; MatchPattern checks the length left after
// skipping, so it never reads past input and otherwise answers the same.
// Pattern and mask of different lengths, which the standard asserts never
// happens, match nothing.
// See https://mimesniff.spec.whatwg.org/#pattern-matching-algorithm.
func MatchPattern(input, pattern, mask, ignored []byte) bool {
	// 1. Assert: pattern's length is equal to mask's length.
	if len(pattern) != len(mask) {
		return false
	}
	// 2. If input's length is less than pattern's length, return false.
	if len(input) < len(pattern) {
		return false
	}
	// 3. Let s be 0.
	// 4. While s < input's length: if ignored does not contain input[s],
	// break; set s to s + 1.
	s := 0
	for s < len(input) && bytes.IndexByte(ignored, input[s]) >= 0 {
		s++
	}
	// Not in the standard (B1): the bytes left must hold the pattern.
	if len(input)-s < len(pattern) {
		return false
	}
	// 5. Let p be 0.
	// 6. While p < pattern's length: if input[s] & mask[p] is not
	// pattern[p], return false; advance s and p.
	for p := range pattern {
		if input[s+p]&mask[p] != pattern[p] {
			return false
		}
	}
	// 7. Return true.
	return true
}

// isWhitespaceByte reports whether b is a whitespace byte.
//
// That is, b is 0x09 TAB, 0x0A LF, 0x0C FF, 0x0D CR or 0x20 SPACE (FF is one,
// VT is not).
// See https://mimesniff.spec.whatwg.org/#whitespace-byte.
func isWhitespaceByte(b byte) bool { return whitespaceBytesSet[b] }

// whitespaceBytesSet is the set of whitespace bytes, as a table: one load a
// byte, where a bit mask takes a compare, a shift and a test, in the loop
// that skips the leading whitespace bytes of an input.
var whitespaceBytesSet = [256]bool{0x09: true, 0x0A: true, 0x0C: true, 0x0D: true, 0x20: true}

// isTagTerminatingByte reports whether b is a tag-terminating byte.
//
// That is, b is 0x20 SPACE or 0x3E ">".
// See https://mimesniff.spec.whatwg.org/#tag-terminating-byte.
func isTagTerminatingByte(b byte) bool { return b == 0x20 || b == 0x3E }

// A sigRow is one row of one of the standard's signature tables, written as
// the standard writes it.
//
// It holds the byte pattern and the pattern mask in hexadecimal, the leading
// bytes to be ignored, and the computed MIME type. A pattern cell "TT" (with
// mask FF) stands for a tag-terminating byte: it matches 0x20 or 0x3E, and
// never the end of the input. It is only ever the last cell.
type sigRow struct {
	pattern, mask string
	ignored       ignoredBytes
	mimeType      MIMEType
}

// ignoredBytes is the "leading bytes to be ignored" column of a table.
type ignoredBytes uint8

const (
	noBytes         ignoredBytes = iota // "None."
	whitespaceBytes                     // "Whitespace bytes."
)

// A sig is a sigRow compiled for matching.
//
// It holds pattern and mask as bytes, without the TT cell, which sets tt;
// and, when the pattern and the TT cell fit in 16 bytes (short), as two
// little-endian words each, to compare eight bytes at a time.
type sig struct {
	pattern, mask []byte
	tt            bool // the pattern ends with a tag-terminating byte
	mimeType      MIMEType

	// For a short pattern, p0 and m0 are its first eight bytes and their
	// mask, p1 and m1 the next eight; the mask is 0 past the end of the
	// pattern.
	p0, m0, p1, m1 uint64
	short          bool

	// from is the number of leading 00 bytes of the mask.
	from int
}

// matches runs the pattern matching algorithm for g on in, the input after
// the ignored leading bytes.
func (g *sig) matches(in []byte) bool {
	n := len(g.pattern)
	if g.tt {
		// TT is a pattern cell: count it in the length (B2).
		if len(in) <= n || !isTagTerminatingByte(in[n]) {
			return false
		}
	} else if len(in) < n {
		return false
	}
	// The bytes under a leading 00 mask match any input: the font
	// table's EOT row reads only bytes 34 and 35 of its 36, and skipping
	// the others makes matching the font table six times cheaper.
	for p := g.from; p < n; p++ {
		if in[p]&g.mask[p] != g.pattern[p] {
			return false
		}
	}
	return true
}

// matchesWords is matches for a short pattern and an input of 16 bytes or
// more, w, comparing eight bytes at a time.
func (g *sig) matchesWords(w *[16]byte) bool {
	return binary.LittleEndian.Uint64(w[:8])&g.m0 == g.p0 &&
		binary.LittleEndian.Uint64(w[8:])&g.m1 == g.p1 &&
		// A short pattern with a TT cell has at most 15 bytes: &15
		// changes nothing but spares a bounds check.
		(!g.tt || isTagTerminatingByte(w[len(g.pattern)&15]))
}

// compileWords sets the words of g from its pattern and mask.
func (g *sig) compileWords() {
	if n := len(g.pattern); n > 16 || g.tt && n == 16 {
		return
	}
	var pb, mb [16]byte
	copy(pb[:], g.pattern)
	copy(mb[:], g.mask)
	g.p0, g.m0 = binary.LittleEndian.Uint64(pb[:8]), binary.LittleEndian.Uint64(mb[:8])
	g.p1, g.m1 = binary.LittleEndian.Uint64(pb[8:]), binary.LittleEndian.Uint64(mb[8:])
	g.short = true
}

// A sigTable is a signature table compiled for matching, or several tried
// one after the other.
//
// It holds its rows in the standard's order, and an index of which rows can
// match given the first two significant bytes of the input, so that matching
// looks at the few rows that can match rather than at all of them. The index
// only rules rows out; every candidate is still matched in full, in table
// order, so the first matching row wins as the standard says.
//
// The matcher keeps two speed tricks, each because BenchmarkSniff shows it
// pays (docs/speed.md, "What each trick saves"): the two-byte index, and
// comparing a pattern of up to 16 bytes as two eight-byte words (sig.p0 and
// the rest). Without the words, the HTML files sniffed slower than
// DetectContentType.
type sigTable struct {
	sigs []sig
	// first[b] and second[b] have bit i set when row i can match an input
	// whose first, or second, significant byte is b.
	first, second [256]uint64
	// skipWS has bit i set when row i ignores leading whitespace bytes.
	// When it has any, no other row starts with a whitespace byte
	// (compileTable checks), so that an input that starts with one can
	// only match those rows, after the whitespace.
	skipWS uint64
}

// compileTable compiles the rows of tables, in order: matching the result
// gives the type of the first row that matches in the first table that has
// one, as trying the tables in turn does.
//
// It panics on a malformed row: the tables are constants of the package,
// checked by TestSignatureTables.
func compileTable(tables ...[]sigRow) *sigTable {
	var rows []sigRow
	for _, t := range tables {
		rows = append(rows, t...)
	}
	if len(rows) > 64 {
		panic("mimesniff: signature table has more than 64 rows")
	}
	t := &sigTable{sigs: make([]sig, len(rows))}
	for i, r := range rows {
		g := &t.sigs[i]
		g.mimeType = r.mimeType
		pattern := strings.Fields(r.pattern)
		if n := len(pattern); n > 0 && pattern[n-1] == "TT" {
			g.tt = true
			pattern = pattern[:n-1]
		}
		g.pattern = mustHex(strings.Join(pattern, ""))
		mask := mustHex(strings.ReplaceAll(r.mask, " ", ""))
		if g.tt {
			if len(mask) == 0 || mask[len(mask)-1] != 0xFF {
				panic("mimesniff: TT cell without mask FF in " + r.pattern)
			}
			mask = mask[:len(mask)-1]
		}
		if len(mask) != len(g.pattern) || len(g.pattern) == 0 {
			panic("mimesniff: bad signature row " + r.pattern)
		}
		g.mask = mask
		for g.from < len(mask) && mask[g.from] == 0 {
			g.from++
		}
		g.compileWords()
		bit := uint64(1) << i
		if r.ignored == whitespaceBytes {
			t.skipWS |= bit
		}
		for b := range 256 {
			if g.canMatch(0, byte(b)) {
				t.first[b] |= bit
			}
			if g.canMatch(1, byte(b)) {
				t.second[b] |= bit
			}
		}
	}
	for b := range 256 {
		if t.skipWS != 0 && isWhitespaceByte(byte(b)) && t.first[b]&^t.skipWS != 0 {
			panic("mimesniff: a row can start with a whitespace byte in a table whose other rows ignore them")
		}
	}
	return t
}

// canMatch reports whether g allows byte b at significant position p.
func (g *sig) canMatch(p int, b byte) bool {
	switch {
	case p < len(g.pattern):
		return b&g.mask[p] == g.pattern[p]
	case p == len(g.pattern) && g.tt:
		return isTagTerminatingByte(b)
	}
	return true // past the end of the pattern: any byte, or none
}

func mustHex(s string) []byte {
	b, err := hex.DecodeString(s)
	if err != nil {
		panic("mimesniff: bad hexadecimal in signature table: " + err.Error())
	}
	return b
}

// match returns the MIME type of the first row of t that matches input, in
// the standard's order, and false if none does.
func (t *sigTable) match(input []byte) (MIMEType, bool) {
	// Rows whose patterns are shorter than two bytes could match inputs
	// shorter than two bytes; there are none (TestSignatureTables).
	if len(input) < 2 {
		return MIMEType{}, false
	}
	// The candidates: the rows that the first two significant bytes
	// allow.
	var cand uint64
	if t.skipWS != 0 && isWhitespaceByte(input[0]) {
		// Only the rows that ignore leading whitespace bytes can match,
		// after them (see sigTable.skipWS).
		s := 1
		for s < len(input) && isWhitespaceByte(input[s]) {
			s++
		}
		if input = input[s:]; len(input) < 2 {
			return MIMEType{}, false
		}
		cand = t.first[input[0]] & t.second[input[1]] & t.skipWS
	} else {
		cand = t.first[input[0]] & t.second[input[1]]
	}
	// The pattern matching algorithm for each candidate, in order.
	for ; cand != 0; cand &= cand - 1 {
		g := &t.sigs[bits.TrailingZeros64(cand)]
		if g.short && len(input) >= 16 {
			if g.matchesWords((*[16]byte)(input)) {
				return g.mimeType, true
			}
		} else if g.matches(input) {
			return g.mimeType, true
		}
	}
	return MIMEType{}, false
}
