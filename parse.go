// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff

import (
	"fmt"
	"math"
	"unicode/utf8"
)

// Parse parses s as a MIME type, following the standard's "parse a MIME
// type" (https://mimesniff.spec.whatwg.org/#parse-a-mime-type).
//
// Parse fails, with an error that says what is wrong where, only when there
// is no "/" or the type or subtype is empty or not made of HTTP token code
// points. A parameter is
// dropped instead when its name is not a token, its unquoted value is empty,
// its value holds a code point other than tab, U+0020 to U+007E and U+0080
// to U+00FF (invalid UTF-8 reads as U+FFFD), or its name came before (the
// first wins). Parse does not allocate when s is already serialized, such
// as "text/html;charset=utf-8", and allocates once otherwise.
func Parse(s string) (MIMEType, error) {
	t, f := parse(s, false)
	if f.kind != noFailure {
		return MIMEType{}, f.err(s, false)
	}
	return t, nil
}

// ParseBytes parses b as a MIME type after isomorphic decoding.
//
// Every byte is the code point of the same value, so byte 0xE9 is U+00E9,
// stored as the UTF-8 string "\u00e9". Header values from the wire must be
// parsed this way. Otherwise ParseBytes is [Parse].
// See https://mimesniff.spec.whatwg.org/#parse-a-mime-type-from-bytes.
func ParseBytes(b []byte) (MIMEType, error) {
	in := string(b)
	t, f := parse(in, true)
	if f.kind != noFailure {
		return MIMEType{}, f.err(in, true)
	}
	return t, nil
}

// MustParse is like [Parse] but panics if s is not a MIME type.
//
// It is intended for tables and tests with hard-coded strings.
func MustParse(s string) MIMEType {
	t, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return t
}

// failureKind says why parsing failed.
//
// The zero value means it did not.
type failureKind uint8

const (
	noFailure failureKind = iota
	emptyType
	badType
	noSlash
	emptySubtype
	badSubtype
)

// A failure is the reason and byte offset of a parse failure.
//
// Parsing returns it instead of an error so that callers that only need
// success or failure, such as supplied MIME type detection, do not allocate.
type failure struct {
	kind failureKind
	off  int
}

func (f failure) err(in string, latin1 bool) error {
	var reason string
	switch f.kind {
	case emptyType:
		reason = "empty type"
	case badType:
		reason = "type contains " + describeCodePoint(in, f.off, latin1)
	case noSlash:
		reason = `no "/" after the type`
	case emptySubtype:
		reason = "empty subtype"
	case badSubtype:
		reason = "subtype contains " + describeCodePoint(in, f.off, latin1)
	}
	return &parseError{Input: in, Offset: f.off, Reason: reason}
}

// describeCodePoint names the code point at in[i] for an error message.
func describeCodePoint(in string, i int, latin1 bool) string {
	r, w := decodeAt(in, i, latin1)
	if r == 0xFFFD && w == 1 && !latin1 {
		return fmt.Sprintf("invalid UTF-8 byte %#02x", in[i])
	}
	if r < 0x20 || r == 0x7F || r >= 0x80 && r < 0xA0 {
		return fmt.Sprintf("U+%04X", r)
	}
	return fmt.Sprintf("U+%04X %q", r, r)
}

// parse implements "parse a MIME type" on in, read as UTF-8 if latin1 is
// false and isomorphic-decoded (one byte, one code point) if latin1 is true.
//
// As the standard says, leading and trailing HTTP whitespace (not FF) is
// ignored, names are lower-cased and values keep their case, and a quoted
// value ends at its closing quote, whatever follows it up to the next ";"
// being ignored: text/html;charset="a"b gives charset=a.
//
// Positions are byte offsets. Scanning for the ASCII delimiters / ; = " \
// byte by byte is the same as scanning code point by code point: in UTF-8 an
// ASCII byte is never part of a longer sequence, and an invalid byte is one
// U+FFFD. Only values, the one place where code points above U+007F are
// allowed, are decoded.
//
// The serialization of the result is written as parsing goes (see emit),
// kept as a slice of in for as long as it is one, so that an input already
// in serialized form costs no allocation.
func parse(in string, latin1 bool) (MIMEType, failure) {
	// 1. Remove any leading and trailing HTTP whitespace from input.
	start, end := 0, len(in)
	for start < end && isHTTPWhitespace(in[start]) {
		start++
	}
	for end > start && isHTTPWhitespace(in[end-1]) {
		end--
	}

	// 3. Let type be the result of collecting a sequence of code points
	// that are not U+002F (/).
	// 4. If type is the empty string or does not solely contain HTTP token
	// code points, then return failure.
	pos, typeUpper := scanToken(in, start, end)
	if pos < end && in[pos] != '/' {
		return MIMEType{}, failure{badType, pos}
	}
	typeEnd := pos
	if typeEnd == start {
		return MIMEType{}, failure{emptyType, start}
	}
	// 5. If position is past the end of input, then return failure.
	if pos >= end {
		return MIMEType{}, failure{noSlash, end}
	}
	// 6. Advance position by 1. (This skips past U+002F (/).)
	pos++
	// 7. Let subtype be the result of collecting a sequence of code points
	// that are not U+003B (;).
	// 8. Remove any trailing HTTP whitespace from subtype.
	// 9. If subtype is the empty string or does not solely contain HTTP
	// token code points, then return failure.
	subStart := pos
	pos, subUpper := scanToken(in, pos, end)
	subEnd := pos
	for pos < end && isHTTPWhitespace(in[pos]) {
		pos++
	}
	if pos < end && in[pos] != ';' {
		// A non-token code point, or whitespace followed by more.
		return MIMEType{}, failure{badSubtype, subEnd}
	}
	if subEnd == subStart {
		return MIMEType{}, failure{emptySubtype, subStart}
	}

	// 10. Let mimeType be a new MIME type record whose type is type, in
	// ASCII lowercase, and subtype is subtype, in ASCII lowercase.
	var stack [128]byte
	spare := stack[:0]
	var out []byte // see emit
	n := 0
	if typeUpper || subUpper {
		out = appendLower(append(appendLower(spare, in[start:typeEnd]), '/'), in[subStart:subEnd])
	} else {
		n = subEnd - start // in[start:subEnd] is type "/" subtype
	}

	// 11. While position is not past the end of input:
	var names nameSet
	for pos < end {
		// 11.1. Advance position by 1. (This skips past U+003B (;).)
		semicolon := pos
		pos++
		// 11.2. Collect a sequence of code points that are HTTP
		// whitespace.
		for pos < end && isHTTPWhitespace(in[pos]) {
			pos++
		}
		// 11.3. Let parameterName be the result of collecting a
		// sequence of code points that are not U+003B (;) or U+003D (=),
		// in ASCII lowercase.
		nameStart := pos
		var nameUpper bool
		pos, nameUpper = scanToken(in, pos, end)
		nameOK := pos > nameStart
		for pos < end && in[pos] != ';' && in[pos] != '=' {
			nameOK = false // not an HTTP token code point
			pos++
		}
		nameEnd := pos
		// 11.4. If position is not past the end of input: if the code
		// point at position is U+003B (;), continue; otherwise advance
		// position by 1 (past U+003D (=)).
		if pos < end {
			if in[pos] == ';' {
				continue
			}
			pos++
		}
		// 11.5. If position is past the end of input, then break.
		if pos >= end {
			break
		}
		// 11.7. If the code point at position is U+0022 ("): collect an
		// HTTP quoted string with extract-value set, then collect (and
		// ignore) code points that are not U+003B (;).
		var v valueSpan
		if in[pos] == '"' {
			v = valueSpan{start: pos + 1, quoted: true}
			pos, v.end = quotedStringEnd(in, pos, end)
			v.terminated = pos > v.end
			for pos < end && in[pos] != ';' {
				pos++
			}
		} else {
			// 11.8. Otherwise collect code points that are not
			// U+003B (;), remove trailing HTTP whitespace, and
			// continue if the value is empty.
			v.start = pos
			for pos < end && in[pos] != ';' {
				pos++
			}
			v.end = pos
			for v.end > v.start && isHTTPWhitespace(in[v.end-1]) {
				v.end--
			}
			if v.end == v.start {
				continue
			}
		}
		// 11.9. If parameterName is not empty, solely contains HTTP
		// token code points, parameterValue solely contains HTTP
		// quoted-string token code points, and mimeType's
		// parameters[parameterName] does not exist, set it.
		if !nameOK {
			continue
		}
		kind := classifyValue(in, v, latin1)
		if kind == invalidValue || names.has(in, nameStart, nameEnd) {
			continue
		}
		names.add(in, nameStart, nameEnd)
		out, n = emit(out, n, in, start, semicolon, semicolon+1, spare) // ";"
		if nameUpper {
			out = appendLower(detach(out, n, in, start, spare), in[nameStart:nameEnd])
		} else {
			out, n = emit(out, n, in, start, nameStart, nameEnd, spare)
		}
		out, n = emit(out, n, in, start, nameEnd, nameEnd+1, spare) // "="
		out, n = emitValue(out, n, in, start, v, kind, latin1, spare)
	}

	// 12. Return mimeType.
	if out == nil {
		return MIMEType{in[start : start+n]}, failure{}
	}
	return MIMEType{intern(out)}, failure{}
}

// commonSerializations are the serializations of values servers send most
// often in another form, such as "text/html; charset=utf-8" (with a space),
// so that parsing those allocates nothing: intern returns the string kept
// here (BenchmarkParse; TestNoAllocs).
var commonSerializations = [...]string{
	"text/html;charset=utf-8",
	"text/html;charset=UTF-8",
	"text/plain;charset=utf-8",
	"text/plain;charset=UTF-8",
	"application/json;charset=utf-8",
	"application/json;charset=UTF-8",
	"text/css;charset=utf-8",
	"text/javascript;charset=utf-8",
	"application/javascript;charset=utf-8",
	"text/xml;charset=utf-8",
	"application/xml;charset=utf-8",
	"image/svg+xml;charset=utf-8",
}

// intern returns serialization b as a string: one of commonSerializations,
// or a new string.
func intern(b []byte) string {
	for _, s := range commonSerializations {
		if string(b) == s { // compared without a conversion
			return s
		}
	}
	return string(b)
}

// scanToken returns the end of the run of HTTP token code points of in that
// starts at pos, and whether the run holds an ASCII upper-case letter.
//
// The run ends at most at end.
func scanToken(in string, pos, end int) (int, bool) {
	var class uint8
	for ; pos < end; pos++ {
		c := tokenClass[in[pos]]
		if c == 0 {
			break
		}
		class |= c
	}
	return pos, class&isUpperClass != 0
}

// The serialization of a parsed MIME type is written by the functions below,
// as parsing goes, to out and n: while the serialization so far is a slice
// of the input, in[start:start+n], out is nil and only n grows; at the first
// byte that differs, the serialization moves to out, which starts on spare,
// a buffer on the caller's stack, so that only the final string costs an
// allocation. They are functions of local variables, not methods of a
// struct, so that the compiler keeps out in registers and spare on the
// stack.

// emit appends in[i:j] to the serialization.
func emit(out []byte, n int, in string, start, i, j int, spare []byte) ([]byte, int) {
	if out == nil && i == start+n {
		return nil, n + j - i
	}
	return append(detach(out, n, in, start, spare), in[i:j]...), n
}

// detach returns the serialization in a buffer that can be appended to.
//
// It returns out, or, while the serialization is still the slice
// in[start:start+n] of the input (out is nil), a copy of that slice on
// spare, to which bytes that differ from the input can be appended.
func detach(out []byte, n int, in string, start int, spare []byte) []byte {
	if out == nil {
		out = append(spare, in[start:start+n]...)
	}
	return out
}

// appendLower appends the ASCII lower case of s to b.
func appendLower(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		b = append(b, lower(s[i]))
	}
	return b
}

// emitValue appends the value v, of the given kind, as "serialize a MIME
// type" writes it.
//
// It is written UTF-8 encoded, and in quotes, with every " and \ preceded by
// \, when it is empty or holds a code point that is not an HTTP token code
// point.
// See https://mimesniff.spec.whatwg.org/#serialize-a-mime-type.
func emitValue(out []byte, n int, in string, start int, v valueSpan, kind valueKind, latin1 bool, spare []byte) ([]byte, int) {
	switch {
	case kind == tokenValue && !v.quoted:
		return emit(out, n, in, start, v.start, v.end, spare)
	case kind == plainQuotedValue && v.quoted && v.terminated:
		return emit(out, n, in, start, v.start-1, v.end+1, spare) // quotes included
	}
	return appendValue(detach(out, n, in, start, spare), in, v, kind != tokenValue, latin1), n
}

// appendValue appends value v to out, UTF-8 encoded, and in quotes with \
// before every " and \ if quote is set.
func appendValue(out []byte, in string, v valueSpan, quote, latin1 bool) []byte {
	if quote {
		out = append(out, '"')
	}
	for i := v.start; i < v.end; {
		r, next := valueCodePoint(in, v, i, latin1)
		switch {
		case quote && (r == '"' || r == '\\'):
			out = append(out, '\\', byte(r))
		case r >= 0x80:
			out = append(out, 0xC0|byte(r>>6), 0x80|byte(r&0x3F))
		default:
			out = append(out, byte(r))
		}
		i = next
	}
	if quote {
		out = append(out, '"')
	}
	return out
}

// quotedStringEnd implements Fetch's "collect an HTTP quoted string" on
// in[:end] for a quoted string whose opening " is at in[pos].
//
// It returns the position just past what was collected, and the end of the
// quoted content: the index of the closing ", or end if the string is
// unterminated. The value collected is read from in[pos+1:contentEnd] by
// valueCodePoint.
// See https://fetch.spec.whatwg.org/#collect-an-http-quoted-string.
func quotedStringEnd(in string, pos, end int) (next, contentEnd int) {
	// 4. Advance position by 1 (past the opening U+0022 (")).
	pos++
	// 5. While true:
	for {
		// 5.1. Append the result of collecting a sequence of code
		// points that are not U+0022 (") or U+005C (\).
		for pos < end && in[pos] != '"' && in[pos] != '\\' {
			pos++
		}
		// 5.2. If position is past the end of input, then break.
		if pos >= end {
			return end, end
		}
		// 5.3. Let quoteOrBackslash be the code point at position.
		// 5.4. Advance position by 1.
		q := in[pos]
		pos++
		if q == '\\' {
			// 5.5.1. If position is past the end of input, append
			// U+005C (\) to value and break.
			if pos >= end {
				return end, end
			}
			// 5.5.2. Append the code point at position to value.
			// 5.5.3. Advance position by 1.
			// (Skipping one byte of a longer UTF-8 sequence is the
			// same: its other bytes are neither " nor \.)
			pos++
			continue
		}
		// 5.6. Otherwise: assert quoteOrBackslash is U+0022 ("); break.
		return pos, pos - 1
	}
}

// A valueSpan locates a parameter value in the input: in[start:end], which
// for a quoted value is the content between the quotes, escapes included.
type valueSpan struct {
	start, end int
	quoted     bool
	terminated bool // a quoted value has its closing quote at in[end]
}

// valueCodePoint returns the code point r of value v at position i and the
// position of the next one.
//
// In a quoted value a \ is dropped and the code point after it taken as it
// is; a \ at the very end of an unterminated string stands for itself. In
// UTF-8 input only U+0080 to U+00FF are decoded: any other non-ASCII code
// point, and any invalid byte, is returned as r = -1, which is not an HTTP
// quoted-string token code point.
func valueCodePoint(in string, v valueSpan, i int, latin1 bool) (r rune, next int) {
	if v.quoted && in[i] == '\\' && i+1 < v.end {
		i++
	}
	b := in[i]
	switch {
	case b < 0x80 || latin1:
		return rune(b), i + 1
	case (b == 0xC2 || b == 0xC3) && i+1 < v.end && in[i+1]&0xC0 == 0x80:
		return rune(b&0x1F)<<6 | rune(in[i+1]&0x3F), i + 2
	}
	return -1, i + 1
}

// valueKind is what a parameter value's code points are, for step 11.9 of
// parsing and for serializing.
type valueKind uint8

const (
	invalidValue     valueKind = iota // a code point is not an HTTP quoted-string token code point
	tokenValue                        // non-empty, all HTTP token code points: serialized as it is
	plainQuotedValue                  // to be quoted, and only ASCII with no " or \: quoted as it is
	quotedValue                       // to be quoted, with escapes or bytes to encode
)

// classifyValue returns the kind of value v.
func classifyValue(in string, v valueSpan, latin1 bool) valueKind {
	// The common cases, byte by byte: a token, or plain ASCII text.
	i := v.start
	for i < v.end && isToken(in[i]) {
		i++
	}
	if i == v.end && i > v.start {
		return tokenValue
	}
	for i < v.end && in[i] != '\\' && in[i] != '"' && (in[i] == '\t' || 0x20 <= in[i] && in[i] <= 0x7E) {
		i++
	}
	if i == v.end {
		return plainQuotedValue
	}
	// Otherwise code point by code point.
	allToken := true // and non-empty, as v is not plain ASCII text
	rewrite := false // the serialization differs from in[v.start:v.end]
	for i := v.start; i < v.end; {
		escape := v.quoted && in[i] == '\\' && i+1 < v.end
		r, next := valueCodePoint(in, v, i, latin1)
		if !isQuotedStringToken(r) {
			return invalidValue
		}
		if r >= 0x80 || !isToken(byte(r)) {
			allToken = false
		}
		if escape || r >= 0x80 && latin1 || r == '"' || r == '\\' {
			rewrite = true
		}
		i = next
	}
	switch {
	case allToken:
		return tokenValue
	case rewrite:
		return quotedValue
	}
	return plainQuotedValue
}

// A nameSet holds the names of the parameters kept so far, as spans of the
// input, to keep only the first of several parameters with the same name.
//
// Past len(spans) names, the rest go in a map, so that an input with many
// parameters costs linear time, not quadratic.
type nameSet struct {
	spans [8]struct{ start, end int32 }
	n     int
	more  map[string]bool // lower-case names past the first len(spans)
}

// has reports whether ns holds the name in[i:j], ASCII case-insensitively.
func (ns *nameSet) has(in string, i, j int) bool {
	for _, sp := range ns.spans[:min(ns.n, len(ns.spans))] {
		if int(sp.end-sp.start) == j-i && asciiEqualFold(in[sp.start:sp.end], in[i:j]) {
			return true
		}
	}
	return ns.more != nil && ns.more[lowerString(in[i:j])]
}

// add records the name in[i:j].
func (ns *nameSet) add(in string, i, j int) {
	if ns.n < len(ns.spans) && j <= math.MaxInt32 {
		ns.spans[ns.n] = struct{ start, end int32 }{int32(i), int32(j)}
	} else {
		if ns.more == nil {
			ns.more = make(map[string]bool)
		}
		ns.more[lowerString(in[i:j])] = true
	}
	ns.n++
}

// lowerString returns the ASCII lower case of s.
func lowerString(s string) string {
	b := []byte(s)
	for i := range b {
		b[i] = lower(b[i])
	}
	return string(b)
}

// decodeAt returns the code point at s[i] and its width in bytes.
//
// When latin1 is set, s is isomorphic-decoded: every byte is one code point.
// Otherwise s is UTF-8 and an invalid byte is U+FFFD of width 1.
func decodeAt(s string, i int, latin1 bool) (rune, int) {
	b := s[i]
	if b < utf8.RuneSelf || latin1 {
		return rune(b), 1
	}
	return utf8.DecodeRuneInString(s[i:])
}
