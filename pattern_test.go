// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff_test

import (
	"bytes"
	"encoding/hex"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/mimesniff/mimesniff"
)

// slowMatchPattern is a literal transcription of the standard's pattern
// matching algorithm (https://mimesniff.spec.whatwg.org/#pattern-matching-algorithm),
// step by step, as the oracle for MatchPattern. The one addition is B1 of
// the implementation notes: where step 6 would read input[s] past the end of
// input, the input does not match.
func slowMatchPattern(input, pattern, mask, ignored []byte) bool {
	// 1. Assert: pattern's length is equal to mask's length.
	if len(pattern) != len(mask) {
		return false
	}
	// 2. If input's length is less than pattern's length, return false.
	if len(input) < len(pattern) {
		return false
	}
	// 3. Let s be 0.
	s := 0
	// 4. While s < input's length:
	for s < len(input) {
		// 4.1. If ignored does not contain input[s], break.
		contains := false
		for _, b := range ignored {
			if b == input[s] {
				contains = true
			}
		}
		if !contains {
			break
		}
		// 4.2. Set s to s + 1.
		s = s + 1
	}
	// 5. Let p be 0.
	p := 0
	// 6. While p < pattern's length:
	for p < len(pattern) {
		if s >= len(input) {
			return false // B1: past the end of input
		}
		// 6.1. Let maskedData be input[s] & mask[p].
		maskedData := input[s] & mask[p]
		// 6.2. If maskedData is not equal to pattern[p], return false.
		if maskedData != pattern[p] {
			return false
		}
		// 6.3. Set s to s + 1. 6.4. Set p to p + 1.
		s = s + 1
		p = p + 1
	}
	// 7. Return true.
	return true
}

// slowRow is a table row as the standard prints it, decoded for
// slowMatchPattern: a row ending in the cell "TT" becomes two patterns, TT
// replaced by 20 and by 3E (B2: the end of input is not a tag-terminating
// byte).
type slowRow struct {
	patterns      [][]byte
	mask, ignored []byte
	mimeType      mimesniff.MIMEType
}

func decodeSlowRow(row mimesniff.SignatureRow) slowRow {
	r := slowRow{mimeType: row.Type}
	if row.IgnoreWhitespace {
		r.ignored = []byte{0x09, 0x0A, 0x0C, 0x0D, 0x20}
	}
	var err error
	if r.mask, err = hex.DecodeString(strings.ReplaceAll(row.Mask, " ", "")); err != nil {
		panic(err)
	}
	variants := []string{row.Pattern}
	if strings.HasSuffix(row.Pattern, "TT") {
		base := strings.TrimSuffix(row.Pattern, "TT")
		variants = []string{base + "20", base + "3E"}
	}
	for _, v := range variants {
		p, err := hex.DecodeString(strings.ReplaceAll(v, " ", ""))
		if err != nil {
			panic(err)
		}
		r.patterns = append(r.patterns, p)
	}
	return r
}

// slowMatchTable returns the type of the first of rows that input matches,
// running slowMatchPattern on each row in the standard's order.
func slowMatchTable(input []byte, rows []slowRow) (mimesniff.MIMEType, bool) {
	for _, row := range rows {
		for _, p := range row.patterns {
			if slowMatchPattern(input, p, row.mask, row.ignored) {
				return row.mimeType, true
			}
		}
	}
	return mimesniff.MIMEType{}, false
}

// tableRows is the number of rows the standard gives each table.
var tableRows = map[string]int{
	"image":                   8,
	"audio or video":          6,
	"font":                    6,
	"archive":                 3,
	"unknown, scriptable":     19,
	"unknown, not scriptable": 4,
	// The tables the unknown-type rules try in steps 1 to 6, as one.
	"unknown rules, scriptable":     19 + 4 + 8 + 6,
	"unknown rules, not scriptable": 4 + 8 + 6,
}

// slowTables holds the rows of mimesniff.SignatureTables decoded for
// slowMatchTable.
var slowTables = func() [][]slowRow {
	var out [][]slowRow
	for _, tab := range mimesniff.SignatureTables {
		var rows []slowRow
		for _, row := range tab.Rows {
			rows = append(rows, decodeSlowRow(row))
		}
		out = append(out, rows)
	}
	return out
}()

// TestSignatureTables checks what the compiled tables rely on: every row has
// a pattern and mask of the same length, of at least two bytes (the index
// looks at two), with no pattern bit outside the mask; TT only ends a
// pattern; each computed type is its own serialization, with no parameter;
// and the tables have the standard's number of rows.
func TestSignatureTables(t *testing.T) {
	if len(mimesniff.SignatureTables) != len(tableRows) {
		t.Errorf("%d tables, want %d", len(mimesniff.SignatureTables), len(tableRows))
	}
	for _, tab := range mimesniff.SignatureTables {
		t.Run(tab.Name, func(t *testing.T) {
			if n := tableRows[tab.Name]; len(tab.Rows) != n || tab.Compiled != n {
				t.Errorf("%d rows, %d compiled, want %d", len(tab.Rows), tab.Compiled, n)
			}
			for i, row := range tab.Rows {
				cells := strings.Fields(row.Pattern)
				masks := strings.Fields(row.Mask)
				if len(cells) != len(masks) || len(cells) < 2 {
					t.Errorf("row %d %q: %d pattern cells, %d mask cells", i, row.Pattern, len(cells), len(masks))
				}
				for j, c := range cells {
					if c == "TT" {
						if j != len(cells)-1 || masks[j] != "FF" {
							t.Errorf("row %d %q: TT cell %d with mask %s", i, row.Pattern, j, masks[j])
						}
						continue
					}
					pb, _ := hex.DecodeString(c)
					mb, _ := hex.DecodeString(masks[j])
					if len(pb) != 1 || len(mb) != 1 || pb[0]&mb[0] != pb[0] {
						t.Errorf("row %d %q: cell %d %s has bits outside mask %s", i, row.Pattern, j, c, masks[j])
					}
				}
				parsed, err := mimesniff.Parse(row.Type.String())
				if err != nil || parsed != row.Type || row.Type.String() != row.Type.Essence() {
					t.Errorf("row %d: type %q does not parse to itself without parameters: %q, %v", i, row.Type, parsed, err)
				}
				if row.TT != strings.HasSuffix(row.Pattern, "TT") || row.CompiledType != row.Type {
					t.Errorf("row %d compiled as TT %v, type %q", i, row.TT, row.CompiledType)
				}
			}
		})
	}
}

// tableInputs returns inputs that exercise the tables: every row's pattern
// with variations (each byte flipped in case, TT as each byte, cut short at
// every length, leading whitespace), and random bytes.
func tableInputs() [][]byte {
	var inputs [][]byte
	prefixes := [][]byte{nil, []byte(" "), []byte("\t\n\x0c\r "), []byte("\x0b"), bytes.Repeat([]byte(" "), 15)}
	suffixes := [][]byte{nil, []byte(" "), []byte(">"), []byte("<"), []byte("!"), []byte("\x00"), []byte("x")}
	for _, tab := range mimesniff.SignatureTables {
		for _, row := range tab.Rows {
			p := strings.ReplaceAll(row.Pattern, "TT", "")
			pattern, _ := hex.DecodeString(strings.ReplaceAll(p, " ", ""))
			variants := [][]byte{pattern, bytes.ToLower(pattern), bytes.ToUpper(pattern)}
			for i := range pattern {
				v := bytes.Clone(pattern)
				v[i] ^= 0x20
				variants = append(variants, v)
			}
			for _, v := range variants {
				for _, pre := range prefixes {
					for _, suf := range suffixes {
						in := append(append(bytes.Clone(pre), v...), suf...)
						for n := 0; n <= len(in); n++ {
							inputs = append(inputs, in[:n])
						}
					}
				}
			}
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		const alphabet = "<>! \t\n\x0c\rHTMLhtml?xPDF%\x00\xff\x1a\x45\xdf\xa3RIFWEBPV"
		in := make([]byte, rng.IntN(40))
		for i := range in {
			in[i] = alphabet[rng.IntN(len(alphabet))]
		}
		inputs = append(inputs, in)
	}
	return inputs
}

// TestTablesAgainstSlowMatcher checks that every compiled table, with its
// first-two-bytes index, finds the same first matching row as the slow
// transcription run over the standard's rows in order.
func TestTablesAgainstSlowMatcher(t *testing.T) {
	inputs := tableInputs()
	for i, tab := range mimesniff.SignatureTables {
		for _, in := range inputs {
			want, wantOK := slowMatchTable(in, slowTables[i])
			got, gotOK := tab.Match(in)
			if got != want || gotOK != wantOK {
				t.Errorf("%s table on %q: got %q, %v; slow matcher %q, %v", tab.Name, in, got, gotOK, want, wantOK)
			}
		}
	}
}

// TestMatchPatternAgainstSlow cross-checks MatchPattern with the slow
// transcription around the length boundaries: inputs of length 0, the
// pattern's length and one either side, and 1444 to 1446, with and without
// ignored leading bytes.
func TestMatchPatternAgainstSlow(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	ignoredSets := [][]byte{nil, []byte(" "), []byte("\t\n\x0c\r "), []byte("ab")}
	for range 3000 {
		n := rng.IntN(6)
		pattern, mask := make([]byte, n), make([]byte, n)
		for i := range pattern {
			mask[i] = []byte{0x00, 0xDF, 0xFF}[rng.IntN(3)]
			pattern[i] = byte("aAbB <"[rng.IntN(6)]) & mask[i]
		}
		ignored := ignoredSets[rng.IntN(len(ignoredSets))]
		for _, length := range []int{0, 1, n - 1, n, n + 1, n + 2, 1444, 1445, 1446} {
			if length < 0 {
				continue
			}
			in := make([]byte, length)
			for i := range in {
				in[i] = "aAbB <"[rng.IntN(6)]
			}
			got := mimesniff.MatchPattern(in, pattern, mask, ignored)
			want := slowMatchPattern(in, pattern, mask, ignored)
			if got != want {
				t.Fatalf("MatchPattern(%q, %x, %x, %q) = %v, slow matcher %v", in, pattern, mask, ignored, got, want)
			}
		}
	}
}

func FuzzMatchPattern(f *testing.F) {
	f.Add([]byte("   <html>"), []byte("<HTML>"), []byte{0xFF, 0xDF, 0xDF, 0xDF, 0xDF, 0xFF}, []byte(" \t\n\x0c\r"))
	f.Add(bytes.Repeat([]byte(" "), 15), []byte("<!DOCTYPE HTML "), bytes.Repeat([]byte{0xFF}, 15), []byte(" "))
	f.Add([]byte("RIFF\x00\x00\x00\x00WEBPVP"), []byte("RIFF\x00\x00\x00\x00WEBPVP"), []byte("\xff\xff\xff\xff\x00\x00\x00\x00\xff\xff\xff\xff\xff\xff"), []byte{})
	f.Add([]byte{}, []byte{}, []byte{}, []byte{})
	f.Fuzz(func(t *testing.T, input, pattern, mask, ignored []byte) {
		got := mimesniff.MatchPattern(input, pattern, mask, ignored)
		if want := slowMatchPattern(input, pattern, mask, ignored); got != want {
			t.Fatalf("MatchPattern(%q, %x, %x, %q) = %v, slow matcher %v", input, pattern, mask, ignored, got, want)
		}
		// Every table against the slow transcription of its rows.
		for i, tab := range mimesniff.SignatureTables {
			want, wantOK := slowMatchTable(input, slowTables[i])
			got, gotOK := tab.Match(input)
			if got != want || gotOK != wantOK {
				t.Fatalf("%s table on %q: got %q, %v; slow matcher %q, %v", tab.Name, input, got, gotOK, want, wantOK)
			}
		}
		// The unknown-type rules, which match several tables as one,
		// against the tables tried in turn.
		checkSniffUnknown(t, input)
	})
}
