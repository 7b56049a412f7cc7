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
// ignored, starts with pattern under mask.
//
// It implements the standard's pattern matching algorithm: input starts with
// pattern under mask when input[s+p]&mask[p] == pattern[p] for every p. A mask
// byte 0xFF makes the input byte significant, 0xDF makes it significant ASCII
// case-insensitively (for an upper-case pattern letter), and 0x00 makes it
// insignificant.
//
// MatchPattern departs from the text in one way: the standard checks the
// input's length against the pattern's before skipping ignored bytes, and then
// reads past the end of an input made mostly of them (15 spaces against the
// 15-byte "<!DOCTYPE HTML" row). MatchPattern checks the length that is left
// after skipping, so it never reads past input and otherwise gives the same
// answers. When pattern and mask differ in length (the standard asserts they
// do not), it returns false.
//
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
func isWhitespaceByte(b byte) bool {
	const whitespace = 1<<0x09 | 1<<0x0A | 1<<0x0C | 1<<0x0D | 1<<0x20
	return b <= 0x20 && whitespace&(uint64(1)<<b) != 0
}

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
// and, to compare eight bytes at a time, as two little-endian words.
type sig struct {
	pattern, mask []byte
	tt            bool // the pattern ends with a tag-terminating byte
	skipWS        bool // leading whitespace bytes are ignored
	mimeType      MIMEType

	// For a pattern of at most 16 bytes, p0 and m0 are its first eight
	// bytes and their mask, and p1 and m1 the eight bytes from off1, the
	// last eight (or the first ones again for a pattern of 8 bytes or
	// fewer). The mask is 0 past the end of a shorter pattern. Longer
	// patterns (long) are compared byte by byte.
	p0, m0, p1, m1 uint64
	off1           int
	long           bool
}

// matchBytes compares in, which holds at least len(g.pattern) bytes, with
// g's pattern under its mask byte by byte.
func (g *sig) matchBytes(in []byte) bool {
	in = in[:len(g.pattern)]
	for p, m := range g.mask {
		if in[p]&m != g.pattern[p] {
			return false
		}
	}
	return true
}

// compileWords sets the words of g from its pattern and mask.
func (g *sig) compileWords() {
	n := len(g.pattern)
	if n > 16 {
		g.long = true
		return
	}
	word := func(off int) (p, m uint64) {
		var pb, mb [8]byte
		copy(pb[:], g.pattern[off:])
		copy(mb[:], g.mask[off:])
		return binary.LittleEndian.Uint64(pb[:]), binary.LittleEndian.Uint64(mb[:])
	}
	g.off1 = max(n-8, 0)
	g.p0, g.m0 = word(0)
	g.p1, g.m1 = word(g.off1)
}

// A sigTable is a signature table compiled for matching.
//
// It holds its rows in the standard's order, and an index of which rows can
// match given the first two significant bytes of the input, so that matching
// looks at the few rows that can match rather than at all of them. The index
// only rules rows out; every candidate is still matched in full, in table
// order, so the first matching row wins as the standard says.
//
// The matcher keeps two speed tricks, each because BenchmarkSniff shows it
// pays: the two-byte index, and comparing a pattern of up to 16 bytes as two
// eight-byte words (sig.p0 and the rest). Without the words, page.html went
// from 8.4 to 12.9 ns and page-leading-ws.html from 11.1 to 15.9 ns (medians
// of 5, benchstat), slower than DetectContentType's 10.1 and 11.4 ns on
// them; other files moved by 0-5 ns.
type sigTable struct {
	sigs []sig
	// first[b] and second[b] have bit i set when row i can match an input
	// whose first, or second, significant byte is b.
	first, second [256]uint64
	// skipWS has bit i set when row i ignores leading whitespace bytes.
	skipWS uint64
}

// compileTable compiles the rows of a table, in order.
//
// It panics on a malformed row: the tables are constants of the package,
// checked by TestSignatureTables.
func compileTable(rows []sigRow) *sigTable {
	if len(rows) > 64 {
		panic("mimesniff: signature table has more than 64 rows")
	}
	t := &sigTable{sigs: make([]sig, len(rows))}
	for i, r := range rows {
		g := &t.sigs[i]
		g.mimeType = r.mimeType
		g.skipWS = r.ignored == whitespaceBytes
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
		g.compileWords()
		bit := uint64(1) << i
		if g.skipWS {
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
	cand, s := t.candidates(input)
	for ; cand != 0; cand &= cand - 1 {
		g := &t.sigs[bits.TrailingZeros64(cand)]
		in := input
		if g.skipWS {
			in = input[s:]
		}
		// The pattern matching algorithm for g on in, the input after
		// the ignored leading bytes.
		n := len(g.pattern)
		if g.tt {
			// TT is a pattern cell: count it in the length (B2).
			if len(in) <= n || !isTagTerminatingByte(in[n]) {
				continue
			}
		} else if len(in) < n {
			continue
		}
		if len(in) >= 8 && !g.long {
			// len(in) >= max(8, n) = off1+8.
			if binary.LittleEndian.Uint64(in)&g.m0 == g.p0 &&
				binary.LittleEndian.Uint64(in[g.off1:])&g.m1 == g.p1 {
				return g.mimeType, true
			}
			continue
		}
		if g.matchBytes(in) {
			return g.mimeType, true
		}
	}
	return MIMEType{}, false
}

// candidates returns the set of rows of t that the first two significant
// bytes of input allow, and the number s of leading whitespace bytes.
//
// Rows that ignore leading whitespace bytes skip those s bytes.
func (t *sigTable) candidates(input []byte) (cand uint64, s int) {
	// Rows whose patterns are shorter than two bytes could match inputs
	// shorter than two bytes; there are none (TestSignatureTables).
	if len(input) < 2 {
		return 0, 0
	}
	cand = t.first[input[0]] & t.second[input[1]] &^ t.skipWS
	if t.skipWS != 0 && isWhitespaceByte(input[0]) {
		for s < len(input) && isWhitespaceByte(input[s]) {
			s++
		}
		if len(input)-s < 2 {
			return cand, s
		}
	}
	return cand | t.first[input[s]]&t.second[input[s+1]]&t.skipWS, s
}
