// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff_test

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"compress/zlib"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mimesniff/mimesniff"
)

// A slow, literal transcription of the Fetch Standard's header algorithms,
// step by step on code points, as the oracle for ExtractMIMEType and
// DetermineNoSniff. It shares nothing with the package but Parse, the
// standard's "parse a MIME type" on a string.

// slowGet implements "get" of a header list: the values of name, combined
// with 0x2C 0x20 (", "), or false if there are none.
// https://fetch.spec.whatwg.org/#concept-header-list-get
func slowGet(h http.Header, name string) ([]byte, bool) {
	// 1. If list does not contain name, then return null.
	values := h[http.CanonicalHeaderKey(name)]
	if len(values) == 0 {
		return nil, false
	}
	// 2. Return the values of all headers in list whose name is a
	// byte-case-insensitive match for name, separated from each other by
	// 0x2C 0x20, in order.
	var out []byte
	for i, v := range values {
		if i > 0 {
			out = append(out, 0x2C, 0x20)
		}
		out = append(out, v...)
	}
	return out, true
}

// slowWire returns the header list a browser receives when a server sends h
// over HTTP/1.1: h as net/http's own writer puts it on the wire
// (Header.Write, which writes each CR and LF in a value as a space), read
// back field line by field line as RFC 9112 reads one: "field-line =
// field-name ":" OWS field-value OWS", OWS being spaces and tabs.
// https://www.rfc-editor.org/rfc/rfc9112#section-5
func slowWire(t *testing.T, h http.Header) http.Header {
	t.Helper()
	var b bytes.Buffer
	if err := h.Write(&b); err != nil {
		t.Fatal(err)
	}
	wire := http.Header{}
	for line := range strings.SplitSeq(b.String(), "\r\n") {
		if line == "" {
			continue
		}
		name, value, ok := strings.Cut(line, ":")
		if !ok {
			t.Fatalf("net/http wrote the field line %q of %q", line, h)
		}
		wire[name] = append(wire[name], strings.Trim(value, " \t"))
	}
	return wire
}

// slowGetDecodeSplit implements "get, decode, and split".
// https://fetch.spec.whatwg.org/#concept-header-list-get-decode-split
func slowGetDecodeSplit(h http.Header, name string) ([][]rune, bool) {
	// 1. Let value be the result of getting name from list.
	value, ok := slowGet(h, name)
	// 2. If value is null, then return null.
	if !ok {
		return nil, false
	}
	// 3. Return the result of getting, decoding, and splitting value.
	// https://fetch.spec.whatwg.org/#header-value-get-decode-and-split
	// 1. Let input be the result of isomorphic decoding value.
	input := make([]rune, len(value))
	for i, b := range value {
		input[i] = rune(b)
	}
	// 2. Let position be a position variable for input.
	position := 0
	// 3. Let values be a list of strings, initially « ».
	var values [][]rune
	// 4. Let temporaryValue be the empty string.
	var temporaryValue []rune
	// 5. While true:
	for {
		// 5.1. Append the result of collecting a sequence of code points
		// that are not U+0022 (") or U+002C (,) from input, given
		// position, to temporaryValue.
		for position < len(input) && input[position] != '"' && input[position] != ',' {
			temporaryValue = append(temporaryValue, input[position])
			position++
		}
		// 5.2. If position is not past the end of input and the code
		// point at position within input is U+0022 ("):
		if position < len(input) && input[position] == '"' {
			// 5.2.1. Append the result of collecting an HTTP quoted
			// string from input, given position, to temporaryValue.
			var quoted []rune
			quoted, position = slowCollectQuoted(input, position, false)
			temporaryValue = append(temporaryValue, quoted...)
			// 5.2.2. If position is not past the end of input, then
			// continue.
			if position < len(input) {
				continue
			}
		}
		// 5.3. Remove all HTTP tab or space from the start and end of
		// temporaryValue.
		for len(temporaryValue) > 0 && (temporaryValue[0] == '\t' || temporaryValue[0] == ' ') {
			temporaryValue = temporaryValue[1:]
		}
		for n := len(temporaryValue); n > 0 && (temporaryValue[n-1] == '\t' || temporaryValue[n-1] == ' '); n-- {
			temporaryValue = temporaryValue[:n-1]
		}
		// 5.4. Append temporaryValue to values.
		values = append(values, temporaryValue)
		// 5.5. Set temporaryValue to the empty string.
		temporaryValue = nil
		// 5.6. If position is past the end of input, then return values.
		if position >= len(input) {
			return values, true
		}
		// 5.7. Assert: the code point at position within input is U+002C (,).
		// 5.8. Advance position by 1.
		position++
	}
}

// slowCollectQuoted implements "collect an HTTP quoted string".
// https://fetch.spec.whatwg.org/#collect-an-http-quoted-string
func slowCollectQuoted(input []rune, position int, extractValue bool) ([]rune, int) {
	// 1. Let positionStart be position.
	positionStart := position
	// 2. Let value be the empty string.
	var value []rune
	// 3. Assert: the code point at position within input is U+0022 (").
	// 4. Advance position by 1.
	position++
	// 5. While true:
	for {
		// 5.1. Append the result of collecting a sequence of code points
		// that are not U+0022 (") or U+005C (\) from input, given
		// position, to value.
		for position < len(input) && input[position] != '"' && input[position] != '\\' {
			value = append(value, input[position])
			position++
		}
		// 5.2. If position is past the end of input, then break.
		if position >= len(input) {
			break
		}
		// 5.3. Let quoteOrBackslash be the code point at position.
		quoteOrBackslash := input[position]
		// 5.4. Advance position by 1.
		position++
		// 5.5. If quoteOrBackslash is U+005C (\), then:
		if quoteOrBackslash == '\\' {
			// 5.5.1. If position is past the end of input, then append
			// U+005C (\) to value and break.
			if position >= len(input) {
				value = append(value, '\\')
				break
			}
			// 5.5.2. Append the code point at position to value.
			value = append(value, input[position])
			// 5.5.3. Advance position by 1.
			position++
			continue
		}
		// 5.6. Otherwise: assert quoteOrBackslash is U+0022 ("); break.
		break
	}
	// 6. If extract-value is true, then return value.
	if extractValue {
		return value, position
	}
	// 7. Return the code points from positionStart to position, inclusive.
	return input[positionStart:position], position
}

// slowRecord is a MIME type record for the oracle: essence and parameters
// in order.
type slowRecord struct {
	essence string
	params  [][2]string
}

func recordOf(t mimesniff.MIMEType) slowRecord {
	r := slowRecord{essence: t.Essence()}
	for n, v := range t.Params() {
		r.params = append(r.params, [2]string{n, v})
	}
	return r
}

func (r slowRecord) param(name string) (string, bool) {
	for _, p := range r.params {
		if p[0] == name {
			return p[1], true
		}
	}
	return "", false
}

// slowExtractMIMEType implements "extract a MIME type".
// https://fetch.spec.whatwg.org/#concept-header-extract-mime-type
func slowExtractMIMEType(h http.Header) (slowRecord, bool) {
	// 1. Let charset be null. 2. Let essence be null.
	// 3. Let mimeType be null.
	var charset *string
	var essence *string
	var mimeType *slowRecord
	// 4. Let values be the result of getting, decoding, and splitting
	// `Content-Type` from headers.
	values, ok := slowGetDecodeSplit(h, "Content-Type")
	// 5. If values is null, then return failure.
	if !ok {
		return slowRecord{}, false
	}
	// 6. For each value of values:
	for _, value := range values {
		// 6.1. Let temporaryMimeType be the result of parsing value.
		// (A string of code points, which Parse takes as UTF-8.)
		temporaryMimeType, err := mimesniff.Parse(string(value))
		// 6.2. If temporaryMimeType is failure or its essence is "*/*",
		// then continue.
		if err != nil || temporaryMimeType.Essence() == "*/*" {
			continue
		}
		// 6.3. Set mimeType to temporaryMimeType.
		rec := recordOf(temporaryMimeType)
		mimeType = &rec
		// 6.4. If mimeType's essence is not essence, then:
		if essence == nil || mimeType.essence != *essence {
			// 6.4.1. Set charset to null.
			charset = nil
			// 6.4.2. If mimeType's parameters["charset"] exists, then
			// set charset to mimeType's parameters["charset"].
			if c, ok := mimeType.param("charset"); ok {
				charset = &c
			}
			// 6.4.3. Set essence to mimeType's essence.
			e := mimeType.essence
			essence = &e
		} else if _, ok := mimeType.param("charset"); !ok && charset != nil {
			// 6.5. Otherwise, if mimeType's parameters["charset"] does
			// not exist, and charset is non-null, set mimeType's
			// parameters["charset"] to charset.
			mimeType.params = append(mimeType.params, [2]string{"charset", *charset})
		}
	}
	// 7. If mimeType is null, then return failure.
	if mimeType == nil {
		return slowRecord{}, false
	}
	// 8. Return mimeType.
	return *mimeType, true
}

// slowDetermineNoSniff implements "determine nosniff".
// https://fetch.spec.whatwg.org/#determine-nosniff
func slowDetermineNoSniff(h http.Header) bool {
	// 1. Let values be the result of getting, decoding, and splitting
	// `X-Content-Type-Options` from list.
	values, ok := slowGetDecodeSplit(h, "X-Content-Type-Options")
	// 2. If values is null, then return false.
	if !ok {
		return false
	}
	// 3. If values[0] is an ASCII case-insensitive match for "nosniff",
	// then return true.
	// 4. Return false.
	return strings.EqualFold(string(values[0]), "nosniff") && isASCII(string(values[0]))
}

// fetchHeaderCases are header value lists for the cross-check.
var fetchHeaderCases = [][]string{
	nil,
	{""},
	{"text/html"},
	{"text/html", "text/plain"},
	{"text/plain;charset=gbk", "text/plain"},
	{"text/html;charset=gbk;a=b", "text/html;x=y"},
	{"text/html;charset=gbk", "x/x", "text/html;x=y"},
	{"text/html", "cannot-parse", "*/*", ""},
	{`text/html;x="`, "text/plain"},
	{`text/html;"`, `\"`, "text/plain", `";charset=GBK`},
	{"text/html;charset=\"a,b\", text/plain"},
	{"text/html;charset=\xe9", "text/html"},
	{"nosniff"},
	{"NoSniff,"},
	{", nosniff"},
	{"no", "nosniff"},
	{"nosniff\x0c"},
	{`"nosniff"`},
	{"\tnosniff ", "x"},
	{"\rnosniff"},
	{"text/html\r", "text/plain;charset=\ngbk"},
}

func TestFetchAgainstSlow(t *testing.T) {
	for _, values := range fetchHeaderCases {
		checkFetch(t, values)
	}
}

// checkFetch compares ExtractMIMEType and DetermineNoSniff with the slow
// transcription on values, given as Content-Type and as
// X-Content-Type-Options.
func checkFetch(t *testing.T, values []string) {
	t.Helper()
	h := http.Header{}
	if values != nil {
		h["Content-Type"] = values
		h["X-Content-Type-Options"] = values
	}
	got, gotOK := mimesniff.ExtractMIMEType(h)
	// The functions read h as the header list a browser receives from it
	// over HTTP/1.1 (their docs say so): the oracle reads that list.
	wire := slowWire(t, h)
	want, wantOK := slowExtractMIMEType(wire)
	if gotOK != wantOK || (gotOK && !(recordOf(got).essence == want.essence && slices.Equal(recordOf(got).params, want.params))) {
		t.Fatalf("ExtractMIMEType(%q) = %q (%v), %v; slow transcription %v, %v", values, got, recordOf(got), gotOK, want, wantOK)
	}
	if gotOK {
		// The record round-trips through its serialization.
		if back, err := mimesniff.Parse(got.String()); err != nil || back != got {
			t.Fatalf("ExtractMIMEType(%q) = %q, which parses to %q, %v", values, got, back, err)
		}
	}
	if got, want := mimesniff.DetermineNoSniff(h), slowDetermineNoSniff(wire); got != want {
		t.Fatalf("DetermineNoSniff(%q) = %v, slow transcription %v", values, got, want)
	}
}

func FuzzFetchHeaders(f *testing.F) {
	for _, values := range fetchHeaderCases {
		f.Add(strings.Join(values, "\n"))
	}
	f.Fuzz(func(t *testing.T, lines string) {
		// Each line is one header value; no line means no header.
		var values []string
		if lines != "" {
			values = strings.Split(lines, "\n")
		}
		checkFetch(t, values)
	})
}

// TestExtractMIMEType checks Fetch "extract a MIME type" by hand, row by
// row, from https://fetch.spec.whatwg.org/#concept-header-extract-mime-type.
func TestExtractMIMEType(t *testing.T) {
	for _, tc := range []struct {
		name   string
		values []string // Content-Type header lines; nil: no header
		want   string   // "" for failure
	}{
		{name: "absent header"},
		{name: "one value", values: []string{"text/html;charset=utf-8"}, want: "text/html;charset=utf-8"},
		{name: "parsed", values: []string{" Text/HTML ; Charset=UTF-8 "}, want: "text/html;charset=UTF-8"},
		// Examples of Fetch "extract a MIME type".
		{name: "last value wins, charset not carried to another essence", values: []string{"text/plain;charset=gbk, text/html"}, want: "text/html"},
		{name: "charset carried to the same essence", values: []string{"text/html;charset=gbk;a=b, text/html;x=y"}, want: "text/html;x=y;charset=gbk"},
		{name: "another essence in between resets", values: []string{"text/html;charset=gbk", "x/x", "text/html;x=y"}, want: "text/html;x=y"},
		{name: "failure after", values: []string{"text/html", "cannot-parse"}, want: "text/html"},
		{name: "star/star after", values: []string{"text/html", "*/*"}, want: "text/html"},
		{name: "empty value after", values: []string{"text/html", ""}, want: "text/html"},
		{name: "trailing comma", values: []string{"text/html,"}, want: "text/html"},
		// Step 4.2: failures and */* are skipped without touching essence.
		{name: "all values fail", values: []string{"nope", "text/", ""}},
		{name: "only star/star", values: []string{"*/*"}},
		{name: "star/star with parameters", values: []string{"*/*;charset=utf-8"}},
		{name: "only an empty value", values: []string{""}},
		{name: "star/html is not star/star", values: []string{"text/html", "*/html"}, want: "*/html"},
		{name: "star/star in between keeps the charset", values: []string{"text/html;charset=gbk", "*/*", "text/html"}, want: "text/html;charset=gbk"},
		{name: "failure in between keeps the charset", values: []string{"text/html;charset=gbk", "nope", "text/html"}, want: "text/html;charset=gbk"},
		// Steps 4.4 and 4.5.
		{name: "charset carried, several lines", values: []string{"text/html;charset=gbk", "text/html"}, want: "text/html;charset=gbk"},
		{name: "same essence after lower-casing", values: []string{"text/html;charset=gbk", "TEXT/HTML"}, want: "text/html;charset=gbk"},
		{name: "own charset kept", values: []string{"text/html;charset=gbk", "text/html;charset=utf-8"}, want: "text/html;charset=utf-8"},
		{name: "charset remembered from the first of an essence", values: []string{"text/html;charset=gbk", "text/html;charset=utf-8", "text/html"}, want: "text/html;charset=gbk"},
		{name: "no charset to carry", values: []string{"text/html;x=y", "text/html"}, want: "text/html"},
		{name: "quoted charset carried", values: []string{`text/html;charset="a b"`, "text/html"}, want: `text/html;charset="a b"`},
		{name: "escaped charset carried", values: []string{`text/html;charset="a\"b"`, "text/html"}, want: `text/html;charset="a\"b"`},
		{name: "charset with a comma carried", values: []string{`text/html;charset="a,b"`, "text/html"}, want: `text/html;charset="a,b"`},
		{name: "charset U+00E9 from bytes carried", values: []string{"text/html;charset=\xe9", "text/html"}, want: "text/html;charset=\"\u00e9\""},
		// Get, decode, and split.
		{name: "quoted comma does not split", values: []string{`text/html;x="a,b"`}, want: `text/html;x="a,b"`},
		{name: "unterminated quote runs to the end", values: []string{`text/html;x="a, x/x`}, want: `text/html;x="a, x/x"`},
		{name: "quote in a name does not split", values: []string{`text/html;", x/x`}, want: "text/html"},
		{name: "split after a quoted value", values: []string{`x/x;test="hi",y/y`}, want: "y/y"},
		{name: "values are trimmed of tabs and spaces", values: []string{"\ttext/html ;charset=gbk , text/html\t"}, want: "text/html;charset=gbk"},
		// A header value has no leading or trailing tab or space
		// (https://fetch.spec.whatwg.org/#header-value), before "get"
		// combines the values.
		{name: "space ending an open quoted string is not a value's", values: []string{`text/html;x="a `, "b"}, want: `text/html;x="a, b"`},
		{name: "tab starting the next value is not a value's", values: []string{`text/html;x="a`, "\tb"}, want: `text/html;x="a, b"`},
		{name: "bytes are isomorphic-decoded", values: []string{"text/plain;charset=\xe9t\xe9"}, want: "text/plain;charset=\"\u00e9t\u00e9\""},
		{name: "byte E9 in the essence fails", values: []string{"text/html", "text/\xe9"}, want: "text/html"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := http.Header{}
			for _, v := range tc.values {
				h.Add("Content-Type", v)
			}
			h.Set("Content-Length", "0") // other headers do not matter
			got, ok := mimesniff.ExtractMIMEType(h)
			if ok != (tc.want != "") || got.String() != tc.want {
				t.Errorf("ExtractMIMEType(%q) = %q, %v, want %q, %v", tc.values, got, ok, tc.want, tc.want != "")
			}
		})
	}
}

func TestDetermineNoSniff(t *testing.T) {
	for _, tc := range []struct {
		name   string
		values []string // X-Content-Type-Options header lines; nil: no header
		want   bool
	}{
		{name: "absent header"},
		{name: "nosniff", values: []string{"nosniff"}, want: true},
		{name: "upper case", values: []string{"NOSNIFF"}, want: true},
		{name: "mixed case", values: []string{"NoSniff"}, want: true},
		{name: "trailing comma", values: []string{"nosniff,"}, want: true},
		{name: "leading comma", values: []string{", nosniff"}},
		{name: "first of several", values: []string{"nosniff, foo"}, want: true},
		{name: "second of several", values: []string{"foo, nosniff"}},
		{name: "tabs and spaces around", values: []string{" \tnosniff\t ,x"}, want: true},
		{name: "FF is not trimmed", values: []string{"nosniff\f"}},
		{name: "quoted", values: []string{`"nosniff"`}},
		{name: "longer word", values: []string{"nosniffx"}},
		{name: "space inside", values: []string{"no sniff"}},
		{name: "empty value", values: []string{""}},
		{name: "first of several lines", values: []string{"nosniff", "foo"}, want: true},
		{name: "second of several lines", values: []string{"foo", "nosniff"}},
		{name: "empty first line", values: []string{"", "nosniff"}},
		// net/http writes each CR and LF of a value as a space in
		// HTTP/1.1 (Header.Write), and the browser's parser trims the
		// spaces around a value (RFC 9112, section 5).
		{name: "CR before, sent as a space", values: []string{"\rnosniff"}, want: true},
		{name: "LF after, sent as a space", values: []string{"nosniff\n"}, want: true},
		{name: "CR inside, sent as a space", values: []string{"no\rsniff"}},
		{name: "NUL is sent as it is", values: []string{"\x00nosniff"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := http.Header{}
			for _, v := range tc.values {
				h.Add("X-Content-Type-Options", v)
			}
			if got := mimesniff.DetermineNoSniff(h); got != tc.want {
				t.Errorf("DetermineNoSniff(%q) = %v, want %v", tc.values, got, tc.want)
			}
		})
	}
}

func TestLegacyExtractEncoding(t *testing.T) {
	const fallback = "fallback-encoding"
	for _, tc := range []struct {
		name string
		in   string // "" for the zero MIMEType
		want string
	}{
		{"zero MIMEType", "", fallback},
		{"no charset", "text/html", fallback},
		{"other parameter", "text/html;encoding=utf-8", fallback},
		{"utf-8", "text/html;charset=utf-8", "UTF-8"},
		{"utf8", "text/html;charset=utf8", "UTF-8"},
		{"upper case", "text/html;charset=UTF-8", "UTF-8"},
		{"parameter name case", "text/html;CHARSET=utf-8", "UTF-8"},
		{"leading space", "text/html;charset= utf-8", "UTF-8"},
		{"spaces in quotes", `text/html;charset=" latin1 "`, "windows-1252"},
		{"tabs in quotes", "text/html;charset=\"\tsjis\t\"", "Shift_JIS"},
		{"space inside", `text/html;charset="utf -8"`, fallback},
		{"iso-8859-1", "text/html;charset=iso-8859-1", "windows-1252"},
		{"ISO-8859-1", "text/html;charset=ISO-8859-1", "windows-1252"},
		{"latin1", "text/plain;charset=latin1", "windows-1252"},
		{"us-ascii", "text/plain;charset=us-ascii", "windows-1252"},
		{"sjis", "text/plain;charset=sjis", "Shift_JIS"},
		{"iso-2022-kr", "text/plain;charset=iso-2022-kr", "replacement"},
		{"hz-gb-2312", "text/plain;charset=hz-gb-2312", "replacement"},
		{"gb2312", "text/plain;charset=gb2312", "GBK"},
		{"utf-16", "text/plain;charset=utf-16", "UTF-16LE"},
		{"utf-16be", "text/plain;charset=utf-16be", "UTF-16BE"},
		{"iso-8859-9", "text/plain;charset=iso-8859-9", "windows-1254"},
		{"iso-8859-8-i", "text/plain;charset=iso-8859-8-i", "ISO-8859-8-I"},
		{"x-mac-ukrainian", "text/plain;charset=x-mac-ukrainian", "x-mac-cyrillic"},
		{"x-user-defined", "text/plain;charset=x-user-defined", "x-user-defined"},
		{"unknown label", "text/html;charset=bogus", fallback},
		{"utf-7 is not a label", "text/html;charset=utf-7", fallback},
		{"empty label", `text/html;charset=""`, fallback},
		{"long label", "text/html;charset=" + strings.Repeat("a", 40), fallback},
		{"U+00E9 label", "text/html;charset=utf-8\u00e9", fallback},
		{"first charset wins", "text/html;charset=sjis;charset=utf-8", "Shift_JIS"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var m mimesniff.MIMEType
			if tc.in != "" {
				m = mimesniff.MustParse(tc.in)
			}
			if got := mimesniff.LegacyExtractEncoding(m, fallback); got != tc.want {
				t.Errorf("LegacyExtractEncoding(%q, %q) = %q, want %q", m, fallback, got, tc.want)
			}
		})
	}
}

// allDestinations are Fetch's destination strings, in the order of
// https://fetch.spec.whatwg.org/#concept-request-destination, written out
// here rather than taken from the package.
var allDestinations = []string{
	"", "audio", "audioworklet", "document", "embed", "font", "frame",
	"iframe", "image", "json", "manifest", "object", "paintworklet",
	"report", "script", "serviceworker", "sharedworker", "style", "track",
	"video", "webidentity", "worker", "xslt",
}

// scriptLike are the script-like destinations, from
// https://fetch.spec.whatwg.org/#request-destination-script-like.
var scriptLike = map[string]bool{
	"audioworklet": true, "paintworklet": true, "script": true,
	"serviceworker": true, "sharedworker": true, "worker": true,
}

func TestDestinationStrings(t *testing.T) {
	var got []string
	for d := mimesniff.DestinationEmpty; d <= mimesniff.DestinationXSLT; d++ {
		got = append(got, d.String())
		if mimesniff.IsScriptLike(d) != scriptLike[d.String()] {
			t.Errorf("%q script-like = %v, want %v", d, mimesniff.IsScriptLike(d), scriptLike[d.String()])
		}
	}
	if diff := cmp.Diff(allDestinations, got); diff != "" {
		t.Errorf("destinations (-want +got):\n%s", diff)
	}
	if s := mimesniff.Destination(200).String(); s != "Invalid(200)" {
		t.Errorf("Destination(200).String() = %q", s)
	}
	if _, err := mimesniff.Destination(200).MarshalText(); err == nil {
		t.Error("Destination(200).MarshalText() did not fail")
	}
	b, err := json.Marshal(mimesniff.DestinationServiceWorker)
	if err != nil || string(b) != `"serviceworker"` {
		t.Errorf("json.Marshal(DestinationServiceWorker) = %s, %v", b, err)
	}
	for i, name := range allDestinations {
		var d mimesniff.Destination = 99
		if err := d.UnmarshalText([]byte(name)); err != nil || d != mimesniff.Destination(i) {
			t.Errorf("UnmarshalText(%q) = %v, %v; want %v", name, d, err, mimesniff.Destination(i))
		}
	}
	for _, bad := range []string{"Document", "iframe ", "fetch", "Invalid(24)"} {
		var d mimesniff.Destination
		if err := d.UnmarshalText([]byte(bad)); err == nil || !strings.Contains(err.Error(), fmt.Sprintf("%q", bad)) {
			t.Errorf("UnmarshalText(%q): %v, want an error that names it", bad, err)
		}
	}
}

// TestReportVerdict checks Report.Verdict: a verdict for each destination,
// and for a value that is none, the zero verdict and false.
func TestReportVerdict(t *testing.T) {
	rep := mimesniff.ReportFor(http.Header{"Content-Type": {"text/html"}}, []byte("<p>"))
	// DestinationText, the last, is not among Fetch's strings.
	for d := mimesniff.DestinationEmpty; d <= mimesniff.DestinationText; d++ {
		if _, ok := rep.Verdict(d); !ok {
			t.Errorf("Verdict(%v): no verdict", d)
		}
	}
	for _, d := range []mimesniff.Destination{mimesniff.DestinationText + 1, 200, 255} {
		if v, ok := rep.Verdict(d); ok || v != (mimesniff.DestinationVerdict{}) {
			t.Errorf("Verdict(%d) = %+v, %v; want the zero verdict and false", d, v, ok)
		}
	}
	if v, _ := rep.Verdict(mimesniff.DestinationDocument); v.Script.IsEmpty() {
		t.Errorf("Verdict(document): script runs in no profile, want every one")
	}
}

// header builds a header list from name, value pairs, in order.
func header(kv ...string) http.Header {
	h := http.Header{}
	for i := 0; i < len(kv); i += 2 {
		h.Add(kv[i], kv[i+1])
	}
	return h
}

// blockCase is a response and, for each group of destinations, whether
// Fetch blocks it: script-like ones, style, and all others.
type blockCase struct {
	name                  string
	h                     http.Header
	script, style, others bool
}

// TestBlockedDueToNoSniff follows
// https://fetch.spec.whatwg.org/#should-response-to-request-be-blocked-due-to-nosniff?
// for every destination.
func TestBlockedDueToNoSniff(t *testing.T) {
	ns := "X-Content-Type-Options"
	tests := []blockCase{
		// Step 1: without nosniff, nothing is blocked.
		{"no nosniff, image", header("Content-Type", "image/png"), false, false, false},
		{"no nosniff, no type", header(), false, false, false},
		{"nosniff not first", header(ns, "foo, nosniff", "Content-Type", "text/plain"), false, false, false},
		// Step 4: script-like needs a JavaScript MIME type.
		{"text/javascript", header(ns, "nosniff", "Content-Type", "text/javascript"), false, true, false},
		{"text/javascript;charset=x", header(ns, "nosniff", "Content-Type", "text/javascript;charset=x"), false, true, false},
		{"legacy application/x-javascript", header(ns, "NoSniff", "Content-Type", "application/x-javascript"), false, true, false},
		{"JSON is not JavaScript", header(ns, "nosniff", "Content-Type", "application/json"), true, true, false},
		{"text/plain", header(ns, "nosniff", "Content-Type", "text/plain"), true, true, false},
		{"no Content-Type", header(ns, "nosniff"), true, true, false},
		{"failing Content-Type", header(ns, "nosniff", "Content-Type", "javascript"), true, true, false},
		// Step 5: style needs essence text/css.
		{"text/css", header(ns, "nosniff", "Content-Type", "text/css"), true, false, false},
		{"TEXT/CSS", header(ns, "nosniff", "Content-Type", "TEXT/CSS"), true, false, false},
		{"text/css;charset=utf-8", header(ns, "nosniff", "Content-Type", "text/css;charset=utf-8"), true, false, false},
		// Extract a MIME type takes the last value that parses.
		{"text/css, text/plain", header(ns, "nosniff", "Content-Type", "text/css, text/plain"), true, true, false},
		{"text/plain, text/css", header(ns, "nosniff", "Content-Type", "text/plain", "Content-Type", "text/css"), true, false, false},
		{"text/css, */*", header(ns, "nosniff", "Content-Type", "text/css, */*"), true, false, false},
		{"text/javascript, broken", header(ns, "nosniff", "Content-Type", "text/javascript, x"), false, true, false},
	}
	testBlocked(t, tests, mimesniff.BlockedDueToNoSniff)
}

// TestBlockedDueToMIMEType follows
// https://fetch.spec.whatwg.org/#should-response-to-request-be-blocked-due-to-mime-type?
// for every destination.
func TestBlockedDueToMIMEType(t *testing.T) {
	tests := []blockCase{
		{"image/png", header("Content-Type", "image/png"), true, false, false},
		{"IMAGE/SVG+XML", header("Content-Type", "IMAGE/SVG+XML"), true, false, false},
		{"audio/mpeg", header("Content-Type", "audio/mpeg"), true, false, false},
		{"video/mp4;codecs=x", header("Content-Type", "video/mp4;codecs=x"), true, false, false},
		{"text/csv", header("Content-Type", "text/csv"), true, false, false},
		{"text/csv with nosniff", header("Content-Type", "text/csv", "X-Content-Type-Options", "nosniff"), true, false, false},
		// Near misses.
		{"text/csv-schema", header("Content-Type", "text/csv-schema"), false, false, false},
		{"application/ogg", header("Content-Type", "application/ogg"), false, false, false},
		{"imagex/png", header("Content-Type", "imagex/png"), false, false, false},
		{"text/plain", header("Content-Type", "text/plain"), false, false, false},
		{"text/javascript", header("Content-Type", "text/javascript;charset=x"), false, false, false},
		{"no Content-Type", header(), false, false, false},
		{"failing Content-Type", header("Content-Type", "image"), false, false, false},
		{"image/png, text/plain", header("Content-Type", "image/png, text/plain"), false, false, false},
		{"text/plain, image/png", header("Content-Type", "text/plain, image/png"), true, false, false},
	}
	testBlocked(t, tests, mimesniff.BlockedDueToMIMEType)
}

func testBlocked(t *testing.T, tests []blockCase, f func(http.Header, mimesniff.Destination) bool) {
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for d := mimesniff.DestinationEmpty; d <= mimesniff.DestinationXSLT; d++ {
				want := tc.others
				switch {
				case scriptLike[d.String()]:
					want = tc.script
				case d.String() == "style":
					want = tc.style
				}
				if got := f(tc.h, d); got != want {
					t.Errorf("destination %q: blocked = %v, want %v", d, got, want)
				}
			}
		})
	}
}

// encode returns b with the content codings applied in order, as
// Content-Encoding lists them: "gzip", "zlib" (the deflate coding as HTTP
// defines it) or "raw" (a raw deflate stream, which servers also send as
// deflate).
func encode(t testing.TB, b []byte, codings ...string) []byte {
	t.Helper()
	for _, c := range codings {
		var buf bytes.Buffer
		var w io.WriteCloser
		switch c {
		case "gzip":
			w = gzip.NewWriter(&buf)
		case "zlib":
			w = zlib.NewWriter(&buf)
		case "raw":
			w, _ = flate.NewWriter(&buf, flate.DefaultCompression)
		default:
			t.Fatalf("encode: unknown coding %q", c)
		}
		if _, err := w.Write(b); err != nil {
			t.Fatal(err)
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		b = buf.Bytes()
	}
	return b
}

// flip returns b with bit 0 of the byte at i (counted from the end when
// negative) flipped.
func flip(b []byte, i int) []byte {
	b = bytes.Clone(b)
	if i < 0 {
		i += len(b)
	}
	b[i] ^= 1
	return b
}

// TestContentCodings checks that ResourceFromHTTP undoes the content codings
// the package supports, in any stack, before it sniffs, and that every other
// coding, and every coded body that is not a valid stream, is a
// *ContentCodingError naming the coding, with nothing sniffed. Errors found
// past the resource header (a checksum, the end of the stream) come when
// the body is read. The messages are the ones the command prints.
func TestContentCodings(t *testing.T) {
	page := []byte("<!DOCTYPE html><title>t</title>" + strings.Repeat("<p>a paragraph of text</p>\n", 100))
	gz := encode(t, page, "gzip")
	many := func(n int) []byte {
		return encode(t, page, slices.Repeat([]string{"gzip"}, n)...)
	}
	// Empty stored blocks, 5 bytes each, that give no output: a stream
	// that must be read without end to give the resource header.
	empty := bytes.Repeat([]byte{0, 0, 0, 0xff, 0xff}, 300_000)
	// Noise, which gzip cannot shrink: 2 MiB of coded bytes, of which
	// the resource header needs the first few.
	noise := make([]byte, 2<<20)
	rng := rand.New(rand.NewPCG(3, 4))
	for i := range noise {
		noise[i] = byte(rng.Uint32())
	}

	for _, tc := range []struct {
		name     string
		encoding []string // the Content-Encoding lines
		body     []byte
		want     []byte // the decoded body; nil: body as it is
		// An error from ResourceFromHTTP (then nothing is sniffed), or
		// else from reading the returned body to its end.
		wantErr, wantReadErr string
		wantCoding           string // the Coding of the *ContentCodingError
		wantIs               error  // what errors.Is finds in it
	}{
		{name: "no Content-Encoding", body: page},
		{name: "empty value", encoding: []string{""}, body: page},
		{name: "identity is no coding", encoding: []string{"identity"}, body: page},
		{name: "gzip", encoding: []string{"gzip"}, body: gz, want: page},
		{name: "x-gzip is gzip", encoding: []string{"x-gzip"}, body: gz, want: page},
		{name: "case is ignored", encoding: []string{"GZip"}, body: gz, want: page},
		{name: "identity and empty elements are skipped", encoding: []string{" identity ,, gzip\t, identity"}, body: gz, want: page},
		{name: "deflate as zlib", encoding: []string{"deflate"}, body: encode(t, page, "zlib"), want: page},
		{name: "deflate as raw deflate", encoding: []string{"deflate"}, body: encode(t, page, "raw"), want: page},
		{name: "gzip, gzip in one line", encoding: []string{"gzip, gzip"}, body: many(2), want: page},
		{name: "gzip, gzip in two lines", encoding: []string{"gzip", "gzip"}, body: many(2), want: page},
		{name: "deflate then gzip", encoding: []string{"deflate, gzip"}, body: encode(t, page, "zlib", "gzip"), want: page},
		{name: "gzip then raw deflate", encoding: []string{"gzip, deflate"}, body: encode(t, page, "gzip", "raw"), want: page},
		{name: "five codings", encoding: []string{"gzip, gzip, gzip, gzip, gzip"}, body: many(5), want: page},
		{name: "gzip of nothing", encoding: []string{"gzip"}, body: encode(t, nil, "gzip"), want: []byte{}},
		// The bound on coded bytes is the resource header's: the body
		// reads whole after it.
		{name: "gzip of 2 MiB coded", encoding: []string{"gzip"}, body: encode(t, noise, "gzip"), want: noise},
		// RFC 1952: a gzip file is a series of members.
		// Browsers decode the first member and ignore what follows
		// (cases coding/html/gzip-member2/html, gzip-junk, gzip-nul-pad
		// of the wire recordings, in all three).
		{name: "two gzip members", encoding: []string{"gzip"}, body: append(bytes.Clone(gz), gz...), want: page},

		// Codings not decoded: nothing is read.
		{name: "br", encoding: []string{"br"}, body: brotli([]byte("abc")),
			wantErr: `mimesniff: content coding "br" is not supported`, wantCoding: "br", wantIs: mimesniff.ErrUnsupportedContentCoding},
		{name: "zstd", encoding: []string{"zstd"}, body: gz,
			wantErr: `mimesniff: content coding "zstd" is not supported`, wantCoding: "zstd", wantIs: mimesniff.ErrUnsupportedContentCoding},
		// A coding no browser knows is no coding: the bytes as they are
		// (case coding/html/foo/html of the wire recordings).
		{name: "compress", encoding: []string{"compress"}, body: gz, want: gz},
		{name: "unknown coding", encoding: []string{"X-Mine"}, body: gz, want: gz},
		{name: "br under gzip", encoding: []string{"br, gzip"}, body: gz,
			wantErr: `mimesniff: content coding "br" is not supported`, wantCoding: "br", wantIs: mimesniff.ErrUnsupportedContentCoding},
		{name: "control byte in a coding", encoding: []string{"gzip\x1b[2J"}, body: gz, want: gz},
		// Bytes are lower-cased one by one, as Fetch does: not as UTF-8.
		{name: "byte FF in a coding", encoding: []string{"GZIP\xff"}, body: gz, want: gz},
		{name: "zstd", encoding: []string{"Zstd"}, body: gz,
			wantErr: `mimesniff: content coding "zstd" is not supported`, wantCoding: "zstd", wantIs: mimesniff.ErrUnsupportedContentCoding},
		{name: "six codings", encoding: []string{"gzip, gzip, gzip, gzip, gzip, gzip"}, body: many(6),
			wantErr: `mimesniff: Content-Encoding "gzip", "gzip", "gzip" and 3 more stacks more than 5 codings`, wantCoding: `"gzip", "gzip", "gzip" and 3 more`},
		{name: "ten codings", encoding: slices.Repeat([]string{"gzip"}, 10), body: many(10),
			wantErr: `mimesniff: Content-Encoding "gzip", "gzip", "gzip" and 7 more stacks more than 5 codings`, wantCoding: `"gzip", "gzip", "gzip" and 7 more`},

		// Bodies that are not a valid stream of their coding.
		{name: "gzip, empty body", encoding: []string{"gzip"}, body: []byte{},
			wantErr: "mimesniff: empty body with Content-Encoding: gzip", wantCoding: "gzip"},
		{name: "deflate, empty body", encoding: []string{"deflate"}, body: []byte{},
			wantErr: "mimesniff: empty body with Content-Encoding: deflate", wantCoding: "deflate"},
		{name: "gzip cut in its header", encoding: []string{"gzip"}, body: gz[:5],
			wantErr: "mimesniff: gzip body cut short: the compressed stream does not end", wantCoding: "gzip", wantIs: io.ErrUnexpectedEOF},
		{name: "gzip cut before 1445 bytes", encoding: []string{"gzip"}, body: gz[:30],
			wantErr: "mimesniff: gzip body cut short: the compressed stream does not end", wantCoding: "gzip", wantIs: io.ErrUnexpectedEOF},
		{name: "gzip trailer cut", encoding: []string{"gzip"}, body: gz[:len(gz)-4], want: page,
			wantReadErr: "mimesniff: gzip body cut short: the compressed stream does not end", wantCoding: "gzip", wantIs: io.ErrUnexpectedEOF},
		{name: "raw deflate cut", encoding: []string{"deflate"}, body: encode(t, page, "raw")[:40],
			wantErr: "mimesniff: deflate body cut short: the compressed stream does not end", wantCoding: "deflate", wantIs: io.ErrUnexpectedEOF},
		{name: "inner gzip cut", encoding: []string{"gzip, gzip"}, body: encode(t, gz[:len(gz)-1], "gzip"), want: page,
			wantReadErr: "mimesniff: gzip body cut short: the compressed stream does not end", wantCoding: "gzip", wantIs: io.ErrUnexpectedEOF},
		{name: "inner zlib ends early", encoding: []string{"deflate, gzip"}, body: encode(t, append(encode(t, page, "zlib"), "more"...), "gzip"), want: page,
			wantReadErr: "mimesniff: deflate body: bytes after the end of the compressed stream", wantCoding: "deflate"},
		{name: "bytes after zlib are ignored", encoding: []string{"deflate"}, body: append(encode(t, page, "zlib"), "more"...), want: page},
		{name: "gzip CRC-32 wrong", encoding: []string{"gzip"}, body: flip(gz, -8), want: page,
			wantReadErr: "mimesniff: gzip body: gzip: invalid checksum", wantCoding: "gzip", wantIs: gzip.ErrChecksum},
		{name: "gzip length wrong", encoding: []string{"gzip"}, body: flip(gz, -4), want: page,
			wantReadErr: "mimesniff: gzip body: gzip: invalid checksum", wantCoding: "gzip", wantIs: gzip.ErrChecksum},
		{name: "zlib Adler-32 wrong", encoding: []string{"deflate"}, body: flip(encode(t, page, "zlib"), -1), want: page,
			wantReadErr: "mimesniff: deflate body: zlib: invalid checksum", wantCoding: "deflate", wantIs: zlib.ErrChecksum},
		{name: "outer CRC-32 wrong", encoding: []string{"deflate, gzip"}, body: flip(encode(t, page, "zlib", "gzip"), -8), want: page,
			wantReadErr: "mimesniff: gzip body: gzip: invalid checksum", wantCoding: "gzip", wantIs: gzip.ErrChecksum},
		{name: "not gzip at all", encoding: []string{"gzip"}, body: page,
			wantErr: "mimesniff: gzip body: gzip: invalid header", wantCoding: "gzip", wantIs: gzip.ErrHeader},
		{name: "gzip with bytes after it", encoding: []string{"gzip"}, body: append(bytes.Clone(gz), "<html><p>not gzip</p>"...), want: page},
		// 0xFF: a final block of the reserved type 3.
		{name: "raw deflate corrupt", encoding: []string{"deflate"}, body: []byte("\xff\xff\xff"),
			wantErr: "mimesniff: deflate body: flate: corrupt input before offset 1", wantCoding: "deflate"},
		{name: "endless empty blocks", encoding: []string{"deflate"}, body: empty,
			wantErr: "mimesniff: deflate body: more than 1048576 compressed bytes give fewer than 1445 bytes", wantCoding: "deflate"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := http.Header{"Content-Encoding": tc.encoding}
			if tc.encoding == nil {
				h = http.Header{}
			}
			before := h.Clone()
			want := tc.want
			if want == nil {
				want = tc.body
			}
			r, rest, err := mimesniff.ResourceFromHTTP(h, bytes.NewReader(tc.body))
			checkCodingError(t, "ResourceFromHTTP", err, tc.wantErr, tc.wantCoding, tc.wantIs)
			if diff := cmp.Diff(before, h); diff != "" {
				t.Errorf("ResourceFromHTTP changed the header (-before +after):\n%s", diff)
			}
			if tc.wantErr != "" {
				if r.Header != nil {
					t.Errorf("Header = %q, want nothing sniffed", r.Header)
				}
				if errors.Is(err, mimesniff.ErrUnsupportedContentCoding) {
					// Nothing read: the body is given back as it is.
					if got, _ := io.ReadAll(rest); !bytes.Equal(got, tc.body) {
						t.Errorf("returned reader yields %q, want the body as it came", got)
					}
				}
				return
			}
			if n := min(len(want), mimesniff.HeaderSize); !bytes.Equal(r.Header, want[:n]) {
				t.Errorf("Header = %q, want the first %d decoded bytes %q", r.Header, n, want[:n])
			}
			got, err := io.ReadAll(rest)
			checkCodingError(t, "reading the body", err, tc.wantReadErr, tc.wantCoding, tc.wantIs)
			if tc.wantReadErr == "" && !bytes.Equal(got, want) {
				t.Errorf("returned reader yields %d bytes, want the %d of the decoded body", len(got), len(want))
			}
		})
	}
}

// checkCodingError checks that err is a *ContentCodingError with the message
// want, or nil when want is "".
func checkCodingError(t *testing.T, what string, err error, want, coding string, is error) {
	t.Helper()
	if want == "" {
		if err != nil {
			t.Errorf("%s: %v, want no error", what, err)
		}
		return
	}
	var ce *mimesniff.ContentCodingError
	switch {
	case err == nil:
		t.Errorf("%s: no error, want %q", what, want)
	case err.Error() != want:
		t.Errorf("%s: %q, want %q", what, err, want)
	case !errors.As(err, &ce):
		t.Errorf("%s: %T, want a *ContentCodingError", what, err)
	case ce.Coding != coding:
		t.Errorf("%s: Coding = %q, want %q", what, ce.Coding, coding)
	case is != nil && !errors.Is(err, is):
		t.Errorf("%s: %v is not %v", what, err, is)
	}
}
