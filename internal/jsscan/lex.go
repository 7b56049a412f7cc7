// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package jsscan

import "unicode/utf8"

// lineEnd returns the offset of the first line terminator at or after i,
// or of the end.
func (s *jsSource) lineEnd(i int) int {
	for {
		r, n := s.at(i)
		if n == 0 || r == '\n' || r == '\r' || r == 0x2028 || r == 0x2029 {
			return i
		}
		i += n
	}
}

// commentEnd returns the offset after the "*/" that ends a multi-line
// comment whose text starts at i, and whether a line terminator is in it;
// ok is false where the end comes first.
func (s *jsSource) commentEnd(i int) (end int, sawLine, ok bool) {
	for {
		r, n := s.at(i)
		switch {
		case n == 0:
			return i, sawLine, false
		case r == '*' && s.hasASCII(i+n, "/"):
			return i + n + s.unitSize(), sawLine, true
		case r == '\n' || r == '\r' || r == 0x2028 || r == 0x2029:
			sawLine = true
		}
		i += n
	}
}

// stringEnd returns the offset after the quote q that ends a string
// literal whose text starts at i. Where a line terminator or the end comes
// first, ok is false and end is -1 for a syntax error (a line terminator,
// the end of a whole body), 0 for the end of a body's start.
func (s *jsSource) stringEnd(i int, q rune) (end int, ok bool) {
	for {
		r, n := s.at(i)
		switch {
		case n == 0:
			return s.cutEnd()
		case r == q:
			return i + n, true
		case r == '\n' || r == '\r':
			return -1, false
		case r == '\\':
			if c, m := s.at(i + n); m > 0 {
				n += m // an escape, or a line continuation
				if d, k := s.at(i + n); c == '\r' && k > 0 && d == '\n' {
					n += k // CR LF, one line terminator
				}
			}
		}
		i += n
	}
}

// cutEnd is stringEnd's answer where the end comes first: a syntax error in
// a whole body, the end of a body's start.
func (s *jsSource) cutEnd() (end int, ok bool) {
	if s.complete {
		return -1, false
	}
	return 0, false
}

// regExpEnd returns the offset after a regular expression literal whose
// body starts at i, its flags included, as stringEnd does.
func (s *jsSource) regExpEnd(i int) (end int, ok bool) {
	class := false
	for {
		r, n := s.at(i)
		switch {
		case n == 0:
			return s.cutEnd()
		case r == '\n' || r == '\r' || r == 0x2028 || r == 0x2029:
			return -1, false
		case r == '\\':
			if c, m := s.at(i + n); m > 0 {
				if c == '\n' || c == '\r' || c == 0x2028 || c == 0x2029 {
					return -1, false
				}
				n += m
			}
		case r == '[':
			class = true
		case r == ']':
			class = false
		case r == '/' && !class:
			i += n
			for {
				c, m := s.at(i)
				if m == 0 || !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
					return i, true
				}
				i += m
			}
		}
		i += n
	}
}

// digitAt reports whether an ASCII digit is at i.
func (s *jsSource) digitAt(i int) bool {
	r, n := s.at(i)
	return n > 0 && r >= '0' && r <= '9'
}

// numberEnd returns the offset after a numeric literal at i, and false
// where a letter, a digit or a backslash follows it at once, or a prefix
// has no digit (0x): syntax errors.
func (s *jsSource) numberEnd(i int) (int, bool) {
	// run reads digits of base (2, 8, 10 or 16) and separators, and
	// returns how many.
	run := func(base rune) int {
		k := 0
		for {
			r, n := s.at(i)
			if n == 0 || r != '_' && !(r >= '0' && r < '0'+min(base, 10) || base == 16 && isHexDigit(r)) {
				return k
			}
			i, k = i+n, k+1
		}
	}
	decimal := rune(10)
	if r, _ := s.at(i); r == '0' {
		if p, n := s.at(i + s.unitSize()); n > 0 {
			var base rune
			switch p {
			case 'x', 'X':
				base = 16
			case 'o', 'O':
				base = 8
			case 'b', 'B':
				base = 2
			}
			if base != 0 {
				i += 2 * s.unitSize()
				if run(base) == 0 {
					return i, false
				}
				if c, n := s.at(i); n > 0 && c == 'n' {
					i += n
				}
				return i, !s.identifierOrDigitAt(i)
			}
		}
	}
	start := i
	if run(decimal) > 1 && s.legacyOctal(start, i) {
		// A legacy octal integer has no fraction and no exponent:
		// 05.x is 05 and .x.
		return i, !s.identifierOrDigitAt(i)
	}
	if c, n := s.at(i); n > 0 && c == '.' {
		i += n
		run(decimal)
	}
	if c, n := s.at(i); n > 0 && (c == 'e' || c == 'E') {
		j := i + n
		if c, m := s.at(j); m > 0 && (c == '+' || c == '-') {
			j += m
		}
		if s.digitAt(j) {
			i = j
			run(decimal)
		}
	}
	if c, n := s.at(i); n > 0 && c == 'n' {
		i += n
	}
	return i, !s.identifierOrDigitAt(i)
}

// legacyOctal reports whether the digits from i to end are a legacy octal
// integer literal: 0 and octal digits (separators, an error in one, are
// taken as digits).
// See https://tc39.es/ecma262/#sec-additional-syntax-numeric-literals.
func (s *jsSource) legacyOctal(i, end int) bool {
	if r, _ := s.at(i); r != '0' {
		return false
	}
	for i < end {
		r, n := s.at(i)
		if r > '7' {
			return false
		}
		i += n
	}
	return true
}

// identifierOrDigitAt reports whether a code point that can start an
// identifier, a digit or a backslash is at i.
func (s *jsSource) identifierOrDigitAt(i int) bool {
	r, n := s.at(i)
	return n > 0 && (r == '$' || r == '_' || r == '\\' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' ||
		r >= utf8.RuneSelf && jsIdentifierRune(r))
}

// decoratorThenString reports whether a name and then a string or a number
// follow, on one line, the @ whose end is i: no decorator, which a class
// or another decorator follows (@charset "utf-8";).
func (s *jsSource) decoratorThenString(i int) bool {
	r, n := s.at(i)
	if n == 0 || !(r == '$' || r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
		return false
	}
	for n > 0 && (r == '$' || r == '_' || r == '-' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
		i += n
		r, n = s.at(i)
	}
	for n > 0 && (r == ' ' || r == '\t') {
		i += n
		r, n = s.at(i)
	}
	return n > 0 && (r == '"' || r == '\'' || r >= '0' && r <= '9')
}

// importDeclaration reports whether what follows the word import at i
// makes it an import declaration: a name, a string, { or *, where a
// script may only have import( and import.meta.
func (s *jsSource) importDeclaration(i int) bool {
	for {
		r, n := s.at(i)
		switch {
		case n == 0:
			return false
		case r == ' ' || r == '\t':
			i += n
			continue
		}
		return r == '{' || r == '*' || r == '"' || r == '\'' || r == '$' || r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'
	}
}
