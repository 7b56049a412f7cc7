// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff

import (
	"fmt"
	"iter"
	"strings"
	"unicode/utf8"
)

// A MIMEType is a MIME type record: a type, a subtype and an ordered map of
// parameters, as defined by
// https://mimesniff.spec.whatwg.org/#mime-type-representation.
//
// A MIMEType is an immutable value. Its zero value is the standard's
// "undefined" MIME type: it is not valid, it serializes to the empty string
// and it belongs to no group. Non-zero values are made by [Parse],
// [ParseBytes], [MustParse] and the sniffing functions.
//
// Type, subtype and parameter names are ASCII lower case; parameter values
// keep their case and may hold any code point from U+0009, U+0020 to U+007E
// and U+0080 to U+00FF. Go strings returned by the accessors are UTF-8, so a
// value holding U+00E9 is the two bytes C3 A9; use [MIMEType.Bytes] for the
// isomorphic encoding (one byte per code point) that goes on the wire.
//
// A MIMEType is stored as its serialization, which determines the record
// exactly. So MIMEType values are comparable: == reports the same as
// [MIMEType.Equal], and a MIMEType can be a map key.
type MIMEType struct {
	// s is the serialization of the record (§4.5), or "" for the zero
	// value. Every accessor reads from it; nothing else is stored, so
	// that == on MIMEType compares records.
	s string
}

// A Param is one parameter of a MIME type record: a name and its value, as
// given to [New].
type Param struct {
	Name, Value string
}

// New returns the MIME type record with the given type, subtype and
// parameters, in order: type, subtype and parameter names are lower-cased,
// values kept as they are. It fails when type or subtype is empty or not
// made of HTTP token code points, when a parameter name is, when a value
// (UTF-8) holds a code point other than tab, U+0020 to U+007E and U+0080 to
// U+00FF, or when two names are the same but for case. An empty value is
// allowed; it serializes as "".
//
// For any valid t, New(t.Type(), t.Subtype(), params...) with t's parameters
// gives t back.
func New(typ, subtype string, params ...Param) (MIMEType, error) {
	bad := func(what, s string) error {
		return fmt.Errorf("mimesniff: New: %s %q is not a non-empty HTTP token", what, s)
	}
	if typ == "" || !allTokens(typ) {
		return MIMEType{}, bad("type", typ)
	}
	if subtype == "" || !allTokens(subtype) {
		return MIMEType{}, bad("subtype", subtype)
	}
	b := appendLower(append(appendLower(nil, typ), '/'), subtype)
	for i, p := range params {
		if p.Name == "" || !allTokens(p.Name) {
			return MIMEType{}, bad("parameter name", p.Name)
		}
		for _, q := range params[:i] {
			if asciiEqualFold(q.Name, p.Name) {
				return MIMEType{}, fmt.Errorf("mimesniff: New: parameter %q given twice", p.Name)
			}
		}
		if classifyValue(p.Value, valueSpan{end: len(p.Value)}, false) == invalidValue {
			return MIMEType{}, fmt.Errorf("mimesniff: New: value %q of parameter %q holds a code point that is not an HTTP quoted-string token code point", p.Value, p.Name)
		}
		b = appendParam(b, p.Name, p.Value)
	}
	return MIMEType{string(b)}, nil
}

// allTokens reports whether s solely contains HTTP token code points.
func allTokens(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isToken(s[i]) {
			return false
		}
	}
	return true
}

// IsValid reports whether t is a MIME type record, that is, whether it is not
// the zero (undefined) MIMEType.
func (t MIMEType) IsValid() bool { return t.s != "" }

// Type returns t's type, such as "text" for text/html;charset=utf-8, or ""
// for the zero value.
func (t MIMEType) Type() string { return typeOf(t.s) }

// Subtype returns t's subtype, such as "html" for text/html;charset=utf-8, or
// "" for the zero value.
func (t MIMEType) Subtype() string { return subtypeOf(t.Essence()) }

// Essence returns t's essence, its type, "/" and its subtype, such as
// "text/html" for text/html;charset=utf-8, or "" for the zero value.
// See https://mimesniff.spec.whatwg.org/#mime-type-essence.
func (t MIMEType) Essence() string {
	if i := strings.IndexByte(t.s, ';'); i >= 0 {
		return t.s[:i]
	}
	return t.s
}

// Param returns the value of the parameter named name and whether t has it.
// Names are matched ASCII case-insensitively, as parameter names are stored
// in lower case. The value is unescaped: for text/plain;x="a\"b" it is a"b.
// Param allocates only when the value holds an escaped " or \.
func (t MIMEType) Param(name string) (value string, ok bool) {
	for rest := t.paramList(); rest != ""; {
		var n string
		var v serializedValue
		n, v, rest = nextParam(rest)
		if asciiEqualFold(n, name) {
			return v.unquote(), true
		}
	}
	return "", false
}

// Params returns an iterator over t's parameters, name and value, in the
// order of the record (the order in which parsing first saw them). Values
// are unescaped, as by [MIMEType.Param].
func (t MIMEType) Params() iter.Seq2[string, string] {
	return func(yield func(name, value string) bool) {
		for rest := t.paramList(); rest != ""; {
			var n string
			var v serializedValue
			n, v, rest = nextParam(rest)
			if !yield(n, v.unquote()) {
				return
			}
		}
	}
}

// paramList returns the parameters of t's serialization, each one
// ";name=value", or "" when t has none.
func (t MIMEType) paramList() string {
	if i := strings.IndexByte(t.s, ';'); i >= 0 {
		return t.s[i:]
	}
	return ""
}

// nextParam splits the first parameter off list, a non-empty result of
// paramList, and returns its name, its value as serialized, and the rest of
// the list.
func nextParam(list string) (name string, v serializedValue, rest string) {
	eq := strings.IndexByte(list, '=')
	name, rest = list[1:eq], list[eq+1:]
	end := len(rest)
	if rest != "" && rest[0] == '"' {
		for i := 1; i < len(rest); i++ {
			if rest[i] == '\\' {
				i++
			} else if rest[i] == '"' {
				end = i + 1
				break
			}
		}
	} else if i := strings.IndexByte(rest, ';'); i >= 0 {
		end = i
	}
	return name, serializedValue(rest[:end]), rest[end:]
}

// serializedValue is a parameter value as it appears in a serialization:
// either a token, or a quoted string in which " and \ are escaped with \.
type serializedValue string

// unquote returns the value that v stands for. It allocates only when v
// holds an escape.
func (v serializedValue) unquote() string {
	s := string(v)
	if s == "" || s[0] != '"' {
		return s
	}
	s = s[1 : len(s)-1]
	if strings.IndexByte(s, '\\') < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' {
			i++ // a serialization escapes exactly one byte: " or \
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// Equal reports whether t and u are the same record: same type, subtype and
// parameters in the same order. It is the same as t == u.
func (t MIMEType) Equal(u MIMEType) bool { return t.s == u.s }

// A ParseError describes why a string is not a MIME type. [Parse],
// [ParseBytes] and [MIMEType.UnmarshalText] return it as a *ParseError, so it
// can be examined with errors.As.
type ParseError struct {
	// Input is the input as given to the parser. For ParseBytes it holds
	// the bytes unchanged (not decoded).
	Input string
	// Offset is the byte offset in Input at which the problem was found,
	// after nothing was trimmed: leading whitespace counts.
	Offset int
	// Reason explains the failure, such as `type contains U+0020 ' '`.
	Reason string
}

func (e *ParseError) Error() string {
	return fmt.Sprintf("mimesniff: invalid MIME type %q: %s at offset %d", e.Input, e.Reason, e.Offset)
}

// tokenClass classifies the bytes that are HTTP token code points, the value
// space of RFC 9110's token: "!#$%&'*+-.^_`|~" and ASCII alphanumerics. It
// is isToken for any of those, with isUpper also set for the upper-case
// letters, and 0 for every other byte: bytes 0x80 and above are never token
// code points, in any encoding.
// See https://mimesniff.spec.whatwg.org/#http-token-code-point.
var tokenClass = func() (c [256]uint8) {
	for _, b := range []byte("!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyz") {
		c[b] = isTokenClass
	}
	for b := 'A'; b <= 'Z'; b++ {
		c[b] = isTokenClass | isUpperClass
	}
	return c
}()

const (
	isTokenClass = 1 << iota // an HTTP token code point
	isUpperClass             // an ASCII upper-case letter
)

// isToken reports whether b is an HTTP token code point.
func isToken(b byte) bool { return tokenClass[b] != 0 }

// isQuotedStringToken reports whether the code point r is an HTTP
// quoted-string token code point: U+0009, U+0020 to U+007E, or U+0080 to
// U+00FF.
// See https://mimesniff.spec.whatwg.org/#http-quoted-string-token-code-point.
func isQuotedStringToken(r rune) bool {
	return r == '\t' || 0x20 <= r && r <= 0x7E || 0x80 <= r && r <= 0xFF
}

// isHTTPWhitespace reports whether b is HTTP whitespace: U+0009 TAB, U+000A
// LF, U+000D CR or U+0020 SPACE (not U+000C FF, unlike ASCII whitespace).
// See https://fetch.spec.whatwg.org/#http-whitespace.
func isHTTPWhitespace(b byte) bool {
	return b == '\t' || b == '\n' || b == '\r' || b == ' '
}

// isHTTPTabOrSpace reports whether b is U+0009 TAB or U+0020 SPACE.
// See https://fetch.spec.whatwg.org/#http-tab-or-space.
func isHTTPTabOrSpace(b byte) bool { return b == '\t' || b == ' ' }

// isASCIIWhitespace reports whether b is ASCII whitespace: TAB, LF, FF, CR or
// SPACE. See https://infra.spec.whatwg.org/#ascii-whitespace.
func isASCIIWhitespace(b byte) bool {
	return b == '\t' || b == '\n' || b == '\f' || b == '\r' || b == ' '
}

// byteSet returns the set of the bytes of s.
func byteSet(s string) (set [256]bool) {
	for i := 0; i < len(s); i++ {
		set[s[i]] = true
	}
	return set
}

// lower returns the ASCII lower case of b.
func lower(b byte) byte {
	if 'A' <= b && b <= 'Z' {
		return b + ('a' - 'A')
	}
	return b
}

// asciiEqualFold reports whether s and t are equal under ASCII case folding.
// See https://infra.spec.whatwg.org/#ascii-case-insensitive.
func asciiEqualFold(s, t string) bool {
	if len(s) != len(t) {
		return false
	}
	for i := 0; i < len(s); i++ {
		if lower(s[i]) != lower(t[i]) {
			return false
		}
	}
	return true
}

// decodeAt returns the code point at s[i] and its width in bytes. When latin1
// is set, s is isomorphic-decoded: every byte is one code point. Otherwise s
// is UTF-8 and an invalid byte is U+FFFD of width 1.
func decodeAt(s string, i int, latin1 bool) (rune, int) {
	b := s[i]
	if b < utf8.RuneSelf || latin1 {
		return rune(b), 1
	}
	return utf8.DecodeRuneInString(s[i:])
}

// LegacyExtractEncoding implements Fetch's "legacy extract an encoding": it
// returns the name of the encoding labelled by t's charset parameter, such as
// "windows-1252" for text/html;charset=ISO-8859-1, or fallback when t is the
// zero value, has no charset parameter, or its label is not one of the
// Encoding Standard's labels. Labels are matched as the Encoding Standard's
// "get an encoding" does: ASCII whitespace is trimmed and case is ignored.
// Names are the Encoding Standard's, such as "UTF-8", "Shift_JIS" and
// "replacement".
//
// The computed MIME type of sniffing never carries a charset (the
// text-or-binary rules return text/plain without parameters), so take it from
// the supplied MIME type, or from [ExtractMIMEType].
//
// See https://fetch.spec.whatwg.org/#legacy-extract-an-encoding and
// https://encoding.spec.whatwg.org/#concept-encoding-get.
func LegacyExtractEncoding(t MIMEType, fallback string) string {
	label, ok := t.Param("charset")
	if !ok {
		return fallback
	}
	if name := encodingName(label); name != "" {
		return name
	}
	return fallback
}

// encodingName returns the name of the encoding with the given label, or "".
// See https://encoding.spec.whatwg.org/#concept-encoding-get.
func encodingName(label string) string {
	for label != "" && isASCIIWhitespace(label[0]) {
		label = label[1:]
	}
	for label != "" && isASCIIWhitespace(label[len(label)-1]) {
		label = label[:len(label)-1]
	}
	var buf [32]byte
	if len(label) > len(buf) {
		return ""
	}
	for i := 0; i < len(label); i++ {
		buf[i] = lower(label[i])
	}
	return encodingLabels[string(buf[:len(label)])]
}

// encodingLabels maps every label of the Encoding Standard to the name of its
// encoding, in the order of https://encoding.spec.whatwg.org/#names-and-labels.
var encodingLabels = func() map[string]string {
	m := make(map[string]string)
	for _, e := range encodings {
		for _, l := range strings.Fields(e.labels) {
			m[l] = e.name
		}
	}
	return m
}()

// encodings is the table of https://encoding.spec.whatwg.org/#names-and-labels:
// one row per encoding, its name and its labels separated by spaces.
var encodings = []struct{ name, labels string }{
	{"UTF-8", "unicode-1-1-utf-8 unicode11utf8 unicode20utf8 utf-8 utf8 x-unicode20utf8"},
	{"IBM866", "866 cp866 csibm866 ibm866"},
	{"ISO-8859-2", "csisolatin2 iso-8859-2 iso-ir-101 iso8859-2 iso88592 iso_8859-2 iso_8859-2:1987 l2 latin2"},
	{"ISO-8859-3", "csisolatin3 iso-8859-3 iso-ir-109 iso8859-3 iso88593 iso_8859-3 iso_8859-3:1988 l3 latin3"},
	{"ISO-8859-4", "csisolatin4 iso-8859-4 iso-ir-110 iso8859-4 iso88594 iso_8859-4 iso_8859-4:1988 l4 latin4"},
	{"ISO-8859-5", "csisolatincyrillic cyrillic iso-8859-5 iso-ir-144 iso8859-5 iso88595 iso_8859-5 iso_8859-5:1988"},
	{"ISO-8859-6", "arabic asmo-708 csiso88596e csiso88596i csisolatinarabic ecma-114 iso-8859-6 iso-8859-6-e iso-8859-6-i iso-ir-127 iso8859-6 iso88596 iso_8859-6 iso_8859-6:1987"},
	{"ISO-8859-7", "csisolatingreek ecma-118 elot_928 greek greek8 iso-8859-7 iso-ir-126 iso8859-7 iso88597 iso_8859-7 iso_8859-7:1987 sun_eu_greek"},
	{"ISO-8859-8", "csiso88598e csisolatinhebrew hebrew iso-8859-8 iso-8859-8-e iso-ir-138 iso8859-8 iso88598 iso_8859-8 iso_8859-8:1988 visual"},
	{"ISO-8859-8-I", "csiso88598i iso-8859-8-i logical"},
	{"ISO-8859-10", "csisolatin6 iso-8859-10 iso-ir-157 iso8859-10 iso885910 l6 latin6"},
	{"ISO-8859-13", "iso-8859-13 iso8859-13 iso885913"},
	{"ISO-8859-14", "iso-8859-14 iso8859-14 iso885914"},
	{"ISO-8859-15", "csisolatin9 iso-8859-15 iso8859-15 iso885915 iso_8859-15 l9"},
	{"ISO-8859-16", "iso-8859-16"},
	{"KOI8-R", "cskoi8r koi koi8 koi8-r koi8_r"},
	{"KOI8-U", "koi8-ru koi8-u"},
	{"macintosh", "csmacintosh mac macintosh x-mac-roman"},
	{"windows-874", "dos-874 iso-8859-11 iso8859-11 iso885911 tis-620 windows-874"},
	{"windows-1250", "cp1250 windows-1250 x-cp1250"},
	{"windows-1251", "cp1251 windows-1251 x-cp1251"},
	{"windows-1252", "ansi_x3.4-1968 ascii cp1252 cp819 csisolatin1 ibm819 iso-8859-1 iso-ir-100 iso8859-1 iso88591 iso_8859-1 iso_8859-1:1987 l1 latin1 us-ascii windows-1252 x-cp1252"},
	{"windows-1253", "cp1253 windows-1253 x-cp1253"},
	{"windows-1254", "cp1254 csisolatin5 iso-8859-9 iso-ir-148 iso8859-9 iso88599 iso_8859-9 iso_8859-9:1989 l5 latin5 windows-1254 x-cp1254"},
	{"windows-1255", "cp1255 windows-1255 x-cp1255"},
	{"windows-1256", "cp1256 windows-1256 x-cp1256"},
	{"windows-1257", "cp1257 windows-1257 x-cp1257"},
	{"windows-1258", "cp1258 windows-1258 x-cp1258"},
	{"x-mac-cyrillic", "x-mac-cyrillic x-mac-ukrainian"},
	{"GBK", "chinese csgb2312 csiso58gb231280 gb2312 gb_2312 gb_2312-80 gbk iso-ir-58 x-gbk"},
	{"gb18030", "gb18030"},
	{"Big5", "big5 big5-hkscs cn-big5 csbig5 x-x-big5"},
	{"EUC-JP", "cseucpkdfmtjapanese euc-jp x-euc-jp"},
	{"ISO-2022-JP", "csiso2022jp iso-2022-jp"},
	{"Shift_JIS", "csshiftjis ms932 ms_kanji shift-jis shift_jis sjis windows-31j x-sjis"},
	{"EUC-KR", "cseuckr csksc56011987 euc-kr iso-ir-149 korean ks_c_5601-1987 ks_c_5601-1989 ksc5601 ksc_5601 windows-949"},
	{"replacement", "csiso2022kr hz-gb-2312 iso-2022-cn iso-2022-cn-ext iso-2022-kr replacement"},
	{"UTF-16BE", "unicodefffe utf-16be"},
	{"UTF-16LE", "csunicode iso-10646-ucs-2 ucs-2 unicode unicodefeff utf-16 utf-16le"},
	{"x-user-defined", "x-user-defined"},
}
