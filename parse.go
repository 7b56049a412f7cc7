// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff

import (
	"fmt"
	"net/http"
	"strings"
)

// Parse parses s as a MIME type, following the standard's "parse a MIME
// type" (https://mimesniff.spec.whatwg.org/#parse-a-mime-type).
//
// s is read as UTF-8 code points. Leading and trailing HTTP whitespace (tab,
// LF, CR, space; not FF) is ignored. Type, subtype and parameter names are
// lower-cased; values keep their case. A parameter is silently dropped when
// its name is empty or not a token, when its value is unquoted and empty, when
// its value holds a code point other than tab, U+0020 to U+007E and U+0080 to
// U+00FF, or when an earlier parameter has the same name (the first one
// wins). A quoted value ends at its closing quote, and whatever follows up to
// the next ";" is ignored: text/html;charset="a"b gives charset=a. Invalid
// UTF-8 reads as U+FFFD, which drops the parameter or fails the type, as any
// code point above U+00FF does.
//
// Parse fails, with a [*ParseError], only when the type or subtype is empty or
// not made of HTTP token code points, or when there is no "/". It does not
// allocate when s is already in its serialized form, such as
// "text/html;charset=utf-8", and allocates once otherwise.
func Parse(s string) (MIMEType, error) {
	t, f := parse(s, false)
	if f.kind != noFailure {
		return MIMEType{}, f.err(s, false)
	}
	return t, nil
}

// ParseBytes parses b as a MIME type after isomorphic decoding, following
// https://mimesniff.spec.whatwg.org/#parse-a-mime-type-from-bytes: every byte
// is the code point of the same value, so byte 0xE9 is U+00E9 and a value
// holding it is stored as the UTF-8 string "\u00e9". This is how header values
// from the wire must be parsed. Otherwise ParseBytes is [Parse].
func ParseBytes(b []byte) (MIMEType, error) {
	t, f := parse(b, true)
	if f.kind != noFailure {
		return MIMEType{}, f.err(string(b), true)
	}
	return t, nil
}

// MustParse is like [Parse] but panics if s is not a MIME type. It is
// intended for tables and tests with hard-coded strings.
func MustParse(s string) MIMEType {
	t, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return t
}

// failureKind says why parsing failed. The zero value means it did not.
type failureKind uint8

const (
	noFailure failureKind = iota
	emptyType
	badType
	noSlash
	emptySubtype
	badSubtype
)

// A failure is the reason and byte offset of a parse failure. Parsing returns
// it instead of an error so that callers that only need success or failure,
// such as supplied MIME type detection, do not allocate.
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
	return &ParseError{Input: in, Offset: f.off, Reason: reason}
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

// parseBufSize is the size of the stack buffer parse serializes into; longer
// results cost one more allocation.
const parseBufSize = 256

// parse implements "parse a MIME type" on in, UTF-8 if latin1 is false and
// isomorphic-decoded (one byte, one code point) if latin1 is true. The
// result's serialization is built as parsing goes; when it equals the trimmed
// input, a string input is reused as it is.
//
// Positions are byte offsets. Scanning for the ASCII delimiters / ; = " \
// byte by byte is the same as scanning code point by code point: in UTF-8 an
// ASCII byte is never part of a longer sequence, and an invalid byte is one
// U+FFFD. Only values, the one place where code points above U+007F are
// allowed, are decoded.
func parse[S string | []byte](in S, latin1 bool) (MIMEType, failure) {
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
	pos := start
	for pos < end && in[pos] != '/' {
		if !isToken(in[pos]) {
			return MIMEType{}, failure{badType, pos}
		}
		pos++
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
	subStart := pos
	for pos < end && in[pos] != ';' {
		pos++
	}
	// 8. Remove any trailing HTTP whitespace from subtype.
	subEnd := pos
	for subEnd > subStart && isHTTPWhitespace(in[subEnd-1]) {
		subEnd--
	}
	// 9. If subtype is the empty string or does not solely contain HTTP
	// token code points, then return failure.
	if subEnd == subStart {
		return MIMEType{}, failure{emptySubtype, subStart}
	}
	for i := subStart; i < subEnd; i++ {
		if !isToken(in[i]) {
			return MIMEType{}, failure{badSubtype, i}
		}
	}

	// 10. Let mimeType be a new MIME type record whose type is type, in
	// ASCII lowercase, and subtype is subtype, in ASCII lowercase.
	var buf [parseBufSize]byte
	out := appendLower(buf[:0], in[start:typeEnd])
	out = append(out, '/')
	out = appendLower(out, in[subStart:subEnd])

	// 11. While position is not past the end of input:
	var names nameSet
	for pos < end {
		// 11.1. Advance position by 1. (This skips past U+003B (;).)
		pos++
		// 11.2. Collect a sequence of code points that are HTTP
		// whitespace.
		for pos < end && isHTTPWhitespace(in[pos]) {
			pos++
		}
		// 11.3. Let parameterName be the result of collecting a
		// sequence of code points that are not U+003B (;) or U+003D (=).
		nameStart := pos
		for pos < end && in[pos] != ';' && in[pos] != '=' {
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
		if nameEnd == nameStart || !allTokens(in[nameStart:nameEnd]) {
			continue
		}
		needsQuotes, valid := checkValue(in, v, latin1)
		if !valid || hasName(&names, out, in[nameStart:nameEnd]) {
			continue
		}
		out = append(out, ';')
		out = appendLower(out, in[nameStart:nameEnd])
		names.add(out, len(out)-(nameEnd-nameStart), nameEnd-nameStart)
		out = append(out, '=')
		out = appendValue(out, in, v, latin1, needsQuotes)
	}

	// 12. Return mimeType.
	if string(out) == string(in[start:end]) {
		return MIMEType{string(in[start:end])}, failure{}
	}
	return MIMEType{string(out)}, failure{}
}

// appendLower appends the ASCII lower case of s to b.
func appendLower[S string | []byte](b []byte, s S) []byte {
	for i := 0; i < len(s); i++ {
		b = append(b, lower(s[i]))
	}
	return b
}

// allTokens reports whether s solely contains HTTP token code points.
func allTokens[S string | []byte](s S) bool {
	for i := 0; i < len(s); i++ {
		if !isToken(s[i]) {
			return false
		}
	}
	return true
}

// quotedStringEnd implements Fetch's "collect an HTTP quoted string" on
// in[:end] for a quoted string whose opening " is at in[pos]. It returns the
// position just past what was collected, and the end of the quoted content:
// the index of the closing ", or end if the string is unterminated. The
// collected value itself is read from in[pos+1:contentEnd] by unescapeAt.
// See https://fetch.spec.whatwg.org/#collect-an-http-quoted-string.
func quotedStringEnd[S string | []byte](in S, pos, end int) (next, contentEnd int) {
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
}

// valueCodePoint returns the code point r of value v at position i and the
// position of the next one. In a
// quoted value a \ is dropped and the code point after it taken as it is; a
// \ at the very end of an unterminated string stands for itself. In UTF-8
// input only U+0080 to U+00FF are decoded: any other non-ASCII code point,
// and any invalid byte, is returned as r = -1, which is not an HTTP
// quoted-string token code point.
func valueCodePoint[S string | []byte](in S, v valueSpan, i int, latin1 bool) (r rune, next int) {
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

// checkValue reports whether value v solely contains HTTP quoted-string token
// code points (valid), and whether serializing it needs quotes: when it is
// empty or holds a code point that is not an HTTP token code point.
func checkValue[S string | []byte](in S, v valueSpan, latin1 bool) (needsQuotes, valid bool) {
	needsQuotes = v.start == v.end
	for i := v.start; i < v.end; {
		r, next := valueCodePoint(in, v, i, latin1)
		if !isQuotedStringToken(r) {
			return false, false
		}
		if r >= 0x80 || !isToken(byte(r)) {
			needsQuotes = true
		}
		i = next
	}
	return needsQuotes, true
}

// appendValue appends value v to b as "serialize a MIME type" writes it:
// UTF-8 encoded and, if needsQuotes is set, in quotes with every " and \
// preceded by \. See https://mimesniff.spec.whatwg.org/#serialize-a-mime-type.
func appendValue[S string | []byte](b []byte, in S, v valueSpan, latin1, needsQuotes bool) []byte {
	if needsQuotes {
		b = append(b, '"')
	}
	for i := v.start; i < v.end; {
		r, next := valueCodePoint(in, v, i, latin1)
		switch {
		case needsQuotes && (r == '"' || r == '\\'):
			b = append(b, '\\', byte(r))
		case r >= 0x80:
			b = append(b, 0xC0|byte(r>>6), 0x80|byte(r&0x3F))
		default:
			b = append(b, byte(r))
		}
		i = next
	}
	if needsQuotes {
		b = append(b, '"')
	}
	return b
}

// A nameSet holds the names of the parameters written so far, as spans of
// the output, to keep only the first of several parameters with the same
// name. Past len(spans) names, the rest go in a map, so that an input with
// many parameters costs linear time, not quadratic.
type nameSet struct {
	spans [8]struct{ off, n int }
	n     int
	more  map[string]bool
}

// hasName reports whether ns holds name, compared ASCII case-insensitively
// with the lower-case names in out.
func hasName[S string | []byte](ns *nameSet, out []byte, name S) bool {
	for _, sp := range ns.spans[:min(ns.n, len(ns.spans))] {
		if sp.n == len(name) && equalLower(out[sp.off:sp.off+sp.n], name) {
			return true
		}
	}
	return ns.more != nil && ns.more[string(appendLower(nil, name))]
}

// add records the name out[off:off+n].
func (ns *nameSet) add(out []byte, off, n int) {
	if ns.n < len(ns.spans) {
		ns.spans[ns.n] = struct{ off, n int }{off, n}
	} else {
		if ns.more == nil {
			ns.more = make(map[string]bool)
		}
		ns.more[string(out[off:off+n])] = true
	}
	ns.n++
}

// equalLower reports whether lowerName, in ASCII lower case, is the ASCII
// lower case of s, which has the same length.
func equalLower[S string | []byte](lowerName []byte, s S) bool {
	for i := range lowerName {
		if lowerName[i] != lower(s[i]) {
			return false
		}
	}
	return true
}

// ExtractMIMEType implements Fetch's "extract a MIME type" on the
// Content-Type values of h: every value, split at commas outside quoted
// strings, is parsed as a MIME type from bytes; the last one that parses and
// whose essence is not */* wins, and it takes the charset of an earlier value
// with the same essence when it has none itself. It reports false when there
// is no Content-Type header or no value parses; the MIMEType is then the zero
// value, so r.Supplied, _ = ExtractMIMEType(h) is the Fetch way of setting a
// [Resource]'s supplied MIME type.
//
// Values are looked up under the canonical key "Content-Type", as
// [http.Header.Values] does; every value net/http reads from the wire is
// stored there.
//
// See https://fetch.spec.whatwg.org/#concept-header-extract-mime-type.
func ExtractMIMEType(h http.Header) (MIMEType, bool) {
	// 2. Let values be the result of getting, decoding, and splitting
	// `Content-Type` from headers. If values is null, return failure.
	list, ok := getHeader(h, "Content-Type")
	if !ok {
		return MIMEType{}, false
	}
	// 1. Let charset be null, essence be null and mimeType be null.
	var (
		mimeType   MIMEType
		essence    string
		charset    string
		hasCharset bool
	)
	// 4. For each value of values:
	for rest, more := list, true; more; {
		var value string
		value, rest, more = splitNext(rest)
		// 4.1. Let temporaryMimeType be the result of parsing value.
		// 4.2. If temporaryMimeType is failure or its essence is
		// "*/*", then continue.
		t, f := parse(value, true)
		if f.kind != noFailure || t.Essence() == "*/*" {
			continue
		}
		// 4.3. Set mimeType to temporaryMimeType.
		mimeType = t
		// 4.4. If mimeType's essence is not essence, then set charset
		// to null, to mimeType's charset parameter if it exists, and
		// essence to mimeType's essence.
		if t.Essence() != essence {
			charset, hasCharset = t.Param("charset")
			essence = t.Essence()
			continue
		}
		// 4.5. Otherwise, if mimeType's parameters["charset"] does not
		// exist, and charset is non-null, set mimeType's
		// parameters["charset"] to charset.
		if _, ok := t.Param("charset"); !ok && hasCharset {
			mimeType = t.withParam("charset", charset)
		}
	}
	// 5. If mimeType is null, then return failure.
	// 6. Return mimeType.
	return mimeType, mimeType.IsValid()
}

// DetermineNoSniff implements Fetch's "determine nosniff": it reports whether
// the first value of h's X-Content-Type-Options header, split at commas
// outside quoted strings and stripped of tabs and spaces, is "nosniff" in any
// case. So "nosniff," and "NoSniff, x" count and ", nosniff" does not. Values
// are looked up under the canonical key "X-Content-Type-Options".
//
// The result is a [Resource]'s NoSniff flag.
//
// See https://fetch.spec.whatwg.org/#determine-nosniff.
func DetermineNoSniff(h http.Header) bool {
	// 1. Let values be the result of getting, decoding, and splitting
	// `X-Content-Type-Options` from headers.
	// 2. If values is null, then return false.
	list, ok := getHeader(h, "X-Content-Type-Options")
	if !ok {
		return false
	}
	// 3. If values[0] is an ASCII case-insensitive match for "nosniff",
	// then return true.
	first, _, _ := splitNext(list)
	return asciiEqualFold(first, "nosniff")
}

// getHeader implements the "get" of a header list: the values of name in h
// joined with ", ", or false when there are none. It allocates only when
// there are several values.
// See https://fetch.spec.whatwg.org/#concept-header-list-get.
func getHeader(h http.Header, name string) (string, bool) {
	values := h.Values(name)
	switch len(values) {
	case 0:
		return "", false
	case 1:
		return values[0], true
	}
	return strings.Join(values, ", "), true
}

// splitNext implements one round of Fetch's "get, decode, and split" on a
// header value list: it returns the first value of list, with leading and
// trailing tabs and spaces removed, the rest of the list after the comma that
// ends it, and whether there was such a comma (so more values follow, the
// last possibly empty). A quoted string, unterminated or not, is part of the
// value around it, quotes included, and commas inside it do not split.
// Decoding is isomorphic: list is read byte by byte.
// See https://fetch.spec.whatwg.org/#header-value-get-decode-and-split.
func splitNext(list string) (value, rest string, more bool) {
	pos := 0
	for {
		// 4.1. Append the result of collecting a sequence of code
		// points that are not U+0022 (") or U+002C (,) to temporaryValue.
		for pos < len(list) && list[pos] != '"' && list[pos] != ',' {
			pos++
		}
		// 4.2. If position is not past the end and the code point at
		// position is U+0022 ("): append the result of collecting an
		// HTTP quoted string, and continue if position is not past the
		// end.
		if pos < len(list) && list[pos] == '"' {
			pos, _ = quotedStringEnd(list, pos, len(list))
			if pos < len(list) {
				continue
			}
		}
		break
	}
	// 4.3. Remove all HTTP tab or space from the start and end of
	// temporaryValue. 4.4. Append temporaryValue to values.
	value = list[:pos]
	for value != "" && isHTTPTabOrSpace(value[0]) {
		value = value[1:]
	}
	for value != "" && isHTTPTabOrSpace(value[len(value)-1]) {
		value = value[:len(value)-1]
	}
	// 4.6. If position is past the end of input, then return values.
	if pos >= len(list) {
		return value, "", false
	}
	// 4.7. Assert: the code point at position is U+002C (,).
	// 4.8. Advance position by 1.
	return value, list[pos+1:], true
}
