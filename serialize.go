// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff

import (
	"fmt"
	"unicode/utf8"
)

// String returns the serialization of t.
//
// That is type "/" subtype, then ";name=value" for each parameter in order,
// with no space; a value is quoted, with " and \ escaped by \, when it is
// empty or not an HTTP token. The zero MIMEType gives "". String does not
// allocate.
// See https://mimesniff.spec.whatwg.org/#serialize-a-mime-type.
func (t MIMEType) String() string { return t.s }

// Bytes returns the serialization of t isomorphic-encoded, one byte for
// every code point, as an HTTP header carries it on the wire.
//
// A value holding U+00E9 gives the single byte 0xE9. Bytes returns nil for
// the zero MIMEType.
// See https://mimesniff.spec.whatwg.org/#serialize-a-mime-type-to-bytes.
func (t MIMEType) Bytes() []byte {
	if t.s == "" {
		return nil
	}
	return t.appendBytes(make([]byte, 0, len(t.s)))
}

// appendBytes appends the isomorphic encoding of t's serialization to b.
func (t MIMEType) appendBytes(b []byte) []byte {
	for i := 0; i < len(t.s); {
		if t.s[i] < utf8.RuneSelf {
			b = append(b, t.s[i])
			i++
			continue
		}
		// A serialization only holds code points up to U+00FF.
		r, w := utf8.DecodeRuneInString(t.s[i:])
		b = append(b, byte(r))
		i += w
	}
	return b
}

// MarshalText returns the serialization of t as UTF-8 text, the same as
// [MIMEType.String]; the zero MIMEType marshals to empty text.
func (t MIMEType) MarshalText() ([]byte, error) {
	return []byte(t.s), nil
}

// UnmarshalText sets *t to the MIME type that text, UTF-8, parses to (see
// [Parse]).
//
// Empty text sets the zero MIMEType, undoing MarshalText. With it a MIMEType
// can be read from JSON or set with flag.TextVar. A Content-Type value as it
// came off the wire is bytes: parse it with [ParseBytes] or
// [SuppliedFromHTTP], for which failure means an undefined type, not an
// error.
func (t *MIMEType) UnmarshalText(text []byte) error {
	if len(text) == 0 {
		*t = MIMEType{}
		return nil
	}
	u, f := parse(string(text), false)
	if f.kind != noFailure {
		return f.err(string(text), false)
	}
	*t = u
	return nil
}

// withParam returns t with the parameter name=value added at the end.
//
// t must not have a parameter called name, and name and value must be valid
// (taken from another record).
func (t MIMEType) withParam(name, value string) MIMEType {
	b := make([]byte, 0, len(t.s)+len(name)+len(value)+8)
	return MIMEType{string(appendParam(append(b, t.s...), name, value))}
}

// appendParam appends ";name=value" to the serialization b.
//
// The name is in lower case, and value, which must be valid UTF-8 made of HTTP
// quoted-string token code points, is serialized.
func appendParam(b []byte, name, value string) []byte {
	b = append(appendLower(append(b, ';'), name), '=')
	v := valueSpan{end: len(value)}
	return appendValue(b, value, v, classifyValue(value, v, false) != tokenValue, false)
}

// New returns the MIME type record with the given type, subtype and
// parameters, in order.
//
// Names are lower-cased and values kept as they are, an empty value too. New
// fails when type, subtype or a parameter name is empty or not made of HTTP
// token code points, when a value (UTF-8) holds a code point other than tab,
// U+0020 to U+007E and U+0080 to U+00FF, or when two names differ only in
// case. For a valid t, New(t.Type(), t.Subtype(), params...) with t's
// parameters gives t back.
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
