// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mimesniff/mimesniff"
)

// slowParse implements "parse a MIME type" line by line, a code point at a
// time, as an oracle for Parse: input is read as UTF-8, each invalid byte
// being one U+FFFD, as Parse reads it. It returns the record, or false for
// failure.
// https://mimesniff.spec.whatwg.org/#parse-a-mime-type
func slowParse(s string) (slowRecord, bool) {
	input := []rune(s)
	// 1. Remove any leading and trailing HTTP whitespace from input.
	for len(input) > 0 && isHTTPWhitespace(input[0]) {
		input = input[1:]
	}
	for len(input) > 0 && isHTTPWhitespace(input[len(input)-1]) {
		input = input[:len(input)-1]
	}
	// 2. Let position be a position variable for input, initially
	// pointing at the start of input.
	position := 0
	// collect collects a sequence of code points that are not stop.
	collect := func(stop ...rune) []rune {
		start := position
	scan:
		for position < len(input) {
			for _, c := range stop {
				if input[position] == c {
					break scan
				}
			}
			position++
		}
		return input[start:position]
	}
	// 3. Let type be the result of collecting a sequence of code points
	// that are not U+002F (/) from input, given position.
	typ := collect('/')
	// 4. If type is the empty string or does not solely contain HTTP token
	// code points, then return failure.
	if len(typ) == 0 || !all(typ, isHTTPToken) {
		return slowRecord{}, false
	}
	// 5. If position is past the end of input, then return failure.
	if position >= len(input) {
		return slowRecord{}, false
	}
	// 6. Advance position by 1. (This skips past U+002F (/).)
	position++
	// 7. Let subtype be the result of collecting a sequence of code points
	// that are not U+003B (;) from input, given position.
	subtype := collect(';')
	// 8. Remove any trailing HTTP whitespace from subtype.
	for len(subtype) > 0 && isHTTPWhitespace(subtype[len(subtype)-1]) {
		subtype = subtype[:len(subtype)-1]
	}
	// 9. If subtype is the empty string or does not solely contain HTTP
	// token code points, then return failure.
	if len(subtype) == 0 || !all(subtype, isHTTPToken) {
		return slowRecord{}, false
	}
	// 10. Let mimeType be a new MIME type record whose type is type, in
	// ASCII lowercase, and subtype is subtype, in ASCII lowercase.
	mimeType := slowRecord{essence: asciiLower(typ) + "/" + asciiLower(subtype)}
	// 11. While position is not past the end of input:
	for position < len(input) {
		// 11.1. Advance position by 1. (This skips past U+003B (;).)
		position++
		// 11.2. Collect a sequence of code points that are HTTP
		// whitespace from input given position.
		for position < len(input) && isHTTPWhitespace(input[position]) {
			position++
		}
		// 11.3. Let parameterName be the result of collecting a sequence
		// of code points that are not U+003B (;) or U+003D (=) from
		// input, given position.
		// 11.4. Set parameterName to parameterName, in ASCII lowercase.
		parameterName := asciiLower(collect(';', '='))
		// 11.5. If position is not past the end of input, then:
		if position < len(input) {
			// 11.5.1. If the code point at position within input is
			// U+003B (;), then continue.
			if input[position] == ';' {
				continue
			}
			// 11.5.2. Advance position by 1. (This skips past U+003D (=).)
			position++
		}
		// 11.6. If position is past the end of input, then break.
		if position >= len(input) {
			break
		}
		// 11.7. Let parameterValue be null.
		var parameterValue []rune
		// 11.8. If the code point at position within input is U+0022 ("),
		// then:
		if input[position] == '"' {
			// 11.8.1. Set parameterValue to the result of collecting an
			// HTTP quoted string from input, given position and true.
			parameterValue, position = slowCollectQuoted(input, position, true)
			// 11.8.2. Collect a sequence of code points that are not
			// U+003B (;) from input, given position.
			collect(';')
		} else {
			// 11.9. Otherwise:
			// 11.9.1. Set parameterValue to the result of collecting a
			// sequence of code points that are not U+003B (;) from
			// input, given position.
			parameterValue = collect(';')
			// 11.9.2. Remove any trailing HTTP whitespace from
			// parameterValue.
			for len(parameterValue) > 0 && isHTTPWhitespace(parameterValue[len(parameterValue)-1]) {
				parameterValue = parameterValue[:len(parameterValue)-1]
			}
			// 11.9.3. If parameterValue is the empty string, then
			// continue.
			if len(parameterValue) == 0 {
				continue
			}
		}
		// 11.10. If all of the following are true: parameterName is not
		// the empty string; parameterName solely contains HTTP token code
		// points; parameterValue solely contains HTTP quoted-string token
		// code points; mimeType's parameters[parameterName] does not
		// exist; then set mimeType's parameters[parameterName] to
		// parameterValue.
		if _, exists := mimeType.param(parameterName); parameterName != "" &&
			all([]rune(parameterName), isHTTPToken) &&
			all(parameterValue, isQuotedStringToken) && !exists {
			mimeType.params = append(mimeType.params, [2]string{parameterName, string(parameterValue)})
		}
	}
	// 12. Return mimeType.
	return mimeType, true
}

// isHTTPWhitespace reports whether c is HTTP whitespace: U+000A LF, U+000D
// CR, or an HTTP tab or space. https://fetch.spec.whatwg.org/#http-whitespace
func isHTTPWhitespace(c rune) bool { return c == '\n' || c == '\r' || c == '\t' || c == ' ' }

// isHTTPToken reports whether c is an HTTP token code point: U+0021 (!),
// U+0023 (#), U+0024 ($), U+0025 (%), U+0026 (&), U+0027 ('), U+002A (*),
// U+002B (+), U+002D (-), U+002E (.), U+005E (^), U+005F (_), U+0060 (`),
// U+007C (|), U+007E (~), or an ASCII alphanumeric.
// https://mimesniff.spec.whatwg.org/#http-token-code-point
func isHTTPToken(c rune) bool {
	switch c {
	case '!', '#', '$', '%', '&', '\'', '*', '+', '-', '.', '^', '_', '`', '|', '~':
		return true
	}
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

// isQuotedStringToken reports whether c is an HTTP quoted-string token code
// point: U+0009 TAB, a code point in the range U+0020 SPACE to U+007E (~),
// inclusive, or a code point in the range U+0080 through U+00FF, inclusive.
// https://mimesniff.spec.whatwg.org/#http-quoted-string-token-code-point
func isQuotedStringToken(c rune) bool {
	return c == '\t' || 0x20 <= c && c <= 0x7E || 0x80 <= c && c <= 0xFF
}

// all reports whether every code point of s satisfies f.
func all(s []rune, f func(rune) bool) bool {
	for _, c := range s {
		if !f(c) {
			return false
		}
	}
	return true
}

// asciiLower returns s in ASCII lowercase.
func asciiLower(s []rune) string {
	out := make([]rune, len(s))
	for i, c := range s {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		out[i] = c
	}
	return string(out)
}

// checkParseAgainstSlow checks that Parse and slowParse agree on s: both
// fail, or both give the same essence and parameters in the same order.
func checkParseAgainstSlow(t *testing.T, s string) {
	t.Helper()
	want, wantOK := slowParse(s)
	got, err := mimesniff.Parse(s)
	if (err == nil) != wantOK {
		t.Fatalf("Parse(%q) error = %v; slowParse ok = %v (%+v)", s, err, wantOK, want)
	}
	if err != nil {
		return
	}
	if diff := cmp.Diff(want, recordOf(got), cmp.AllowUnexported(slowRecord{})); diff != "" {
		t.Errorf("Parse(%q) against slowParse mismatch (-want +got):\n%s", s, diff)
	}
}

// TestSerializeInputsAgainstSlow runs the serializer's inputs through both
// Parse and the literal transcription; TestParse and FuzzParse do the same
// for theirs.
func TestSerializeInputsAgainstSlow(t *testing.T) {
	for _, tc := range serializeTests {
		checkParseAgainstSlow(t, tc.in)
	}
}
