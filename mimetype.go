// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff

import (
	"fmt"
	"iter"
	"strings"
)

// A MIMEType is a MIME type record: a type, a subtype and an ordered map of
// parameters (https://mimesniff.spec.whatwg.org/#mime-type-representation).
//
// A MIMEType is an immutable value stored as its serialization, which
// determines the record: so == reports the same as [MIMEType.Equal], and a
// MIMEType can be a map key. The zero value is the standard's "undefined"
// MIME type: not valid, serialized as "", in no group. [Parse],
// [ParseBytes], [MustParse], [New] and the sniffing functions make the others.
//
// Type, subtype and parameter names are ASCII lower case. Parameter values
// keep their case and hold U+0009, U+0020 to U+007E and U+0080 to U+00FF;
// the accessors return them as UTF-8 (U+00E9 is the bytes C3 A9), and
// [MIMEType.Bytes] gives the isomorphic encoding that goes on the wire.
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
//
// See https://mimesniff.spec.whatwg.org/#mime-type-essence.
func (t MIMEType) Essence() string {
	// The profiles ask the zero value's essence on every sniff of a
	// response with no type: it is answered without IndexByte's call
	// (docs/speed.md, "What each trick saves").
	if t.s == "" {
		return ""
	}
	if i := strings.IndexByte(t.s, ';'); i >= 0 {
		return t.s[:i]
	}
	return t.s
}

// Param returns the value of the parameter named name and whether t has it.
//
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
// order of the record (the order in which parsing first saw them).
//
// Values are unescaped, as by [MIMEType.Param].
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

// nextParam splits the first parameter off list and returns its name, its
// value as serialized, and the rest of the list.
//
// list is a non-empty result of paramList.
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

// unquote returns the value that v stands for.
//
// It allocates only when v holds an escape.
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
// parameters in the same order, as t == u does.
func (t MIMEType) Equal(u MIMEType) bool { return t.s == u.s }

// A parseError describes why a string is not a MIME type: the error of
// [Parse], [ParseBytes] and [MIMEType.UnmarshalText], whose message quotes the
// input and says what is wrong at which byte offset.
type parseError struct {
	// Input is the input as given to the parser. For ParseBytes it holds
	// the bytes unchanged (not decoded).
	Input string
	// Offset is the byte offset in Input at which the problem was found,
	// after nothing was trimmed: leading whitespace counts.
	Offset int
	// Reason explains the failure, such as `type contains U+0020 ' '`.
	Reason string
}

func (e *parseError) Error() string {
	return fmt.Sprintf("mimesniff: invalid MIME type %q: %s at offset %d", e.Input, e.Reason, e.Offset)
}

// tokenClass classifies the bytes that are HTTP token code points.
//
// Those are the value space of RFC 9110's token: "!#$%&'*+-.^_`|~" and ASCII
// alphanumerics. tokenClass is isToken for any of those, with isUpper also
// set for the upper-case letters, and 0 for every other byte: bytes 0x80 and
// above are never token code points, in any encoding.
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
// quoted-string token code point.
//
// That is, r is U+0009, U+0020 to U+007E, or U+0080 to U+00FF.
// See https://mimesniff.spec.whatwg.org/#http-quoted-string-token-code-point.
func isQuotedStringToken(r rune) bool {
	return r == '\t' || 0x20 <= r && r <= 0x7E || 0x80 <= r && r <= 0xFF
}

// isHTTPWhitespace reports whether b is HTTP whitespace.
//
// That is, b is U+0009 TAB, U+000A LF, U+000D CR or U+0020 SPACE (not U+000C
// FF, unlike ASCII whitespace).
// See https://fetch.spec.whatwg.org/#http-whitespace.
func isHTTPWhitespace(b byte) bool {
	return b == '\t' || b == '\n' || b == '\r' || b == ' '
}

// isHTTPTabOrSpace reports whether b is U+0009 TAB or U+0020 SPACE.
//
// See https://fetch.spec.whatwg.org/#http-tab-or-space.
func isHTTPTabOrSpace(b byte) bool { return b == '\t' || b == ' ' }

// trimTabOrSpace removes tabs and spaces from both ends of s.
func trimTabOrSpace(s string) string {
	for s != "" && isHTTPTabOrSpace(s[0]) {
		s = s[1:]
	}
	for s != "" && isHTTPTabOrSpace(s[len(s)-1]) {
		s = s[:len(s)-1]
	}
	return s
}

// isASCIIWhitespace reports whether b is ASCII whitespace.
//
// That is, b is TAB, LF, FF, CR or SPACE.
// See https://infra.spec.whatwg.org/#ascii-whitespace.
func isASCIIWhitespace(b byte) bool {
	return b == '\t' || b == '\n' || b == '\f' || b == '\r' || b == ' '
}

// lower returns the ASCII lower case of b.
func lower(b byte) byte {
	if 'A' <= b && b <= 'Z' {
		return b + ('a' - 'A')
	}
	return b
}

// asciiEqualFold reports whether s and t are equal under ASCII case folding.
//
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

// typeOf returns the type of essence e, or "" if e is "".
func typeOf(e string) string {
	if i := strings.IndexByte(e, '/'); i >= 0 {
		return e[:i]
	}
	return ""
}

// subtypeOf returns the subtype of essence e, or "" if e is "".
func subtypeOf(e string) string { return e[strings.IndexByte(e, '/')+1:] }

// The MIME types sniffing computes, shared by the signature tables, the
// unknown-type rules, the contexts and the browser profiles.
//
// Their serializations are their essences: they have no parameters.
var (
	imageXIcon        = MIMEType{"image/x-icon"}
	imageBMP          = MIMEType{"image/bmp"}
	imageGIF          = MIMEType{"image/gif"}
	imageWebP         = MIMEType{"image/webp"}
	imagePNG          = MIMEType{"image/png"}
	imageJPEG         = MIMEType{"image/jpeg"}
	audioAIFF         = MIMEType{"audio/aiff"}
	audioMPEG         = MIMEType{"audio/mpeg"}
	applicationOgg    = MIMEType{"application/ogg"}
	audioMIDI         = MIMEType{"audio/midi"}
	videoAVI          = MIMEType{"video/avi"}
	audioWave         = MIMEType{"audio/wave"}
	videoMP4          = MIMEType{"video/mp4"}
	videoWebM         = MIMEType{"video/webm"}
	fontEOT           = MIMEType{"application/vnd.ms-fontobject"}
	fontTTF           = MIMEType{"font/ttf"}
	fontOTF           = MIMEType{"font/otf"}
	fontCollection    = MIMEType{"font/collection"}
	fontWOFF          = MIMEType{"font/woff"}
	fontWOFF2         = MIMEType{"font/woff2"}
	applicationGzip   = MIMEType{"application/x-gzip"}
	applicationZIP    = MIMEType{"application/zip"}
	applicationRAR    = MIMEType{"application/x-rar-compressed"}
	textHTML          = MIMEType{"text/html"}
	textXML           = MIMEType{"text/xml"}
	applicationPDF    = MIMEType{"application/pdf"}
	applicationPS     = MIMEType{"application/postscript"}
	textPlain         = MIMEType{"text/plain"}
	applicationOctet  = MIMEType{"application/octet-stream"}
	applicationRSS    = MIMEType{"application/rss+xml"}
	applicationAtom   = MIMEType{"application/atom+xml"}
	textVTT           = MIMEType{"text/vtt"}
	textCacheManifest = MIMEType{"text/cache-manifest"}
)
