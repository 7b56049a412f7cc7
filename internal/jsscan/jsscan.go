// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package jsscan answers the last step of ORB, Opaque Response Blocking,
// for the package mimesniff: whether a response's body parses as
// JavaScript and not as JSON (https://github.com/annevk/orb#processing-model).
// Firefox takes that step with its JavaScript parser over the whole body;
// the package reads no more than the start of a body that mimesniff is
// given, so it does not parse JavaScript: it scans tokens and claims a
// syntax error only where the bytes it has already make one that no
// continuation mends, and says "may parse" wherever it is not sure.
//
// [MayParseAsScript] is the step; [IsJSON] its JSON half. Both decode a
// body as Firefox's check does: after a byte order mark, in the encoding
// the mark names (UTF-16LE, UTF-16BE, UTF-8), else as UTF-8.
//
// The scanner is checked against V8 (node's, standing in for Firefox's
// SpiderMonkey: the same grammar, a classic script with Annex B), whose
// verdicts on 217,868 bodies tools/jscheck stores in the repository's
// testdata/browsers/javascript: no body V8 compiles is claimed an error,
// whole or cut, and the JSON answer is JSON.parse's. Neither function
// allocates or panics.
package jsscan

import "unicode/utf8"

// MayParseAsScript reports whether a body that starts with h can parse as
// JavaScript and not as JSON: ORB's last step, which Firefox takes with its
// JavaScript parser over the whole body, decoded as its byte order mark
// says, else as UTF-8. complete reports whether h is the whole body.
//
// It answers false only where it is sure, and true wherever it is not, so
// that a response let through for it may be one Firefox blocks, never the
// other way. It is sure of JSON ([IsJSON]) in a whole body, and of a syntax
// error that the body's first bytes already make (jsSyntaxError): text in
// another encoding or binary bytes outside a string or a comment, two
// words or values on one line ("A secret note", "WEBVTT ... A caption"), a
// string that runs past the end of its line, a block whose first statement
// is a string and a colon (for(;;);{"a":1}), an operator with nothing
// before it ("<html>"), and the like.
//
// TestMayParseAsScript replays V8's verdicts on 217,868 bodies
// (tools/jscheck): none that V8 compiles is claimed an error, whole or cut,
// and the JSON answer agrees with JSON.parse on every one.
func MayParseAsScript(h []byte, complete bool) bool {
	src := scriptSource(h, complete)
	if complete && src.jsonValid() {
		return false
	}
	return !src.jsSyntaxError()
}

// IsJSON reports whether body, a whole body, is one JSON text as
// JSON.parse reads it after decoding the body as MayParseAsScript does:
// a value with JSON's whitespace (tab, LF, CR, space) around it, nested no
// deeper than 512 arrays and objects (JSON.parse has no such bound; a
// deeper text is taken for no JSON, which lets a response through).
// See https://tc39.es/ecma262/#sec-json.parse.
func IsJSON(body []byte) bool {
	src := scriptSource(body, true)
	return src.jsonValid()
}

// scriptSource returns the body that starts with h as Firefox's check
// decodes it: after its byte order mark, in the encoding the mark names.
// The first bytes of a mark that the end of a body's start cuts are read as
// UTF-8 and claim nothing, as jsSyntaxError claims no error in the last
// four code units of a start.
func scriptSource(h []byte, complete bool) jsSource {
	src := jsSource{b: h, complete: complete}
	switch {
	case len(h) >= 2 && h[0] == 0xFF && h[1] == 0xFE:
		src.b, src.enc = h[2:], utf16LE
	case len(h) >= 2 && h[0] == 0xFE && h[1] == 0xFF:
		src.b, src.enc = h[2:], utf16BE
	case len(h) >= 3 && string(h[:3]) == utf8BOM:
		src.b = h[3:]
	}
	return src
}

// utf8BOM is UTF-8's byte order mark.
const utf8BOM = "\xEF\xBB\xBF"

// The encodings a jsSource decodes.
const (
	utf8Source = iota
	utf16LE
	utf16BE
)

// A jsSource is a body as Firefox's JavaScript check decodes it.
type jsSource struct {
	b        []byte
	enc      uint8
	complete bool // b is the whole body, not its start
}

// at returns the code point at byte offset i of s and its size in bytes:
// U+FFFD for bytes that do not decode, as a decoder replaces them. It
// returns size 0 at the end, and where the bytes left are the start of a
// code point cut by the end of a body's start.
func (s *jsSource) at(i int) (rune, int) {
	b := s.b[i:]
	if len(b) == 0 {
		return 0, 0
	}
	if s.enc == utf8Source {
		if b[0] < utf8.RuneSelf {
			return rune(b[0]), 1
		}
		if !s.complete && !utf8.FullRune(b) {
			return 0, 0
		}
		return utf8.DecodeRune(b)
	}
	unit := func(b []byte) rune {
		if s.enc == utf16LE {
			return rune(b[0]) | rune(b[1])<<8
		}
		return rune(b[0])<<8 | rune(b[1])
	}
	if len(b) < 2 {
		if !s.complete {
			return 0, 0
		}
		return utf8.RuneError, 1
	}
	r := unit(b)
	switch {
	case r < 0xD800 || r > 0xDFFF:
		return r, 2
	case r >= 0xDC00:
		return utf8.RuneError, 2 // a lone low surrogate
	case len(b) < 4:
		if !s.complete {
			return 0, 0
		}
		return utf8.RuneError, 2
	}
	if r2 := unit(b[2:]); r2 >= 0xDC00 && r2 <= 0xDFFF {
		return 0x10000 + (r-0xD800)<<10 + (r2 - 0xDC00), 4
	}
	return utf8.RuneError, 2
}
