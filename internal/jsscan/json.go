// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package jsscan

// jsonValid reports whether s is one JSON text, as JSON.parse reads it:
// a value with JSON's whitespace (tab, LF, CR, space) around it.
// See https://tc39.es/ecma262/#sec-json.parse.
func (s *jsSource) jsonValid() bool {
	i, ok := s.jsonValue(s.jsonSpace(0), 0)
	return ok && s.jsonSpace(i) == len(s.b)
}

// jsonMaxDepth is the deepest nesting of arrays and objects jsonValue
// reads: a text with more is taken for no JSON, which lets the response
// through (JSON.parse has no such bound).
const jsonMaxDepth = 512

// jsonSpace returns the offset of the first code point at or after i that
// is not JSON whitespace.
func (s *jsSource) jsonSpace(i int) int {
	for {
		r, n := s.at(i)
		if n == 0 || r != ' ' && r != '\t' && r != '\n' && r != '\r' {
			return i
		}
		i += n
	}
}

// jsonValue reports whether a JSON value starts at i, and returns its end;
// depth is the number of arrays and objects around it.
func (s *jsSource) jsonValue(i, depth int) (int, bool) {
	r, n := s.at(i)
	switch {
	case n == 0:
		return i, false
	case r == '{' || r == '[':
		if depth == jsonMaxDepth {
			return i, false // one more level than jsonMaxDepth
		}
		end := '}'
		if r == '[' {
			end = ']'
		}
		i = s.jsonSpace(i + n)
		if c, n := s.at(i); n > 0 && c == end {
			return i + n, true
		}
		for {
			if r == '{' {
				var ok bool
				if c, _ := s.at(i); c != '"' {
					return i, false
				}
				if i, ok = s.jsonValue(i, depth+1); !ok {
					return i, false
				}
				i = s.jsonSpace(i)
				if c, n := s.at(i); n == 0 || c != ':' {
					return i, false
				} else {
					i = s.jsonSpace(i + n)
				}
			}
			var ok bool
			if i, ok = s.jsonValue(i, depth+1); !ok {
				return i, false
			}
			i = s.jsonSpace(i)
			c, n := s.at(i)
			switch {
			case n > 0 && c == end:
				return i + n, true
			case n == 0 || c != ',':
				return i, false
			}
			i = s.jsonSpace(i + n)
		}
	case r == '"':
		for i += n; ; {
			c, n := s.at(i)
			switch {
			case n == 0 || c < ' ':
				return i, false
			case c == '"':
				return i + n, true
			case c == '\\':
				e, m := s.at(i + n)
				switch e {
				case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				case 'u':
					for k := 0; k < 4; k++ {
						h, hn := s.at(i + n + m)
						if hn == 0 || !isHexDigit(h) {
							return i, false
						}
						m += hn
					}
				default:
					return i, false
				}
				n += m
			}
			i += n
		}
	case r == '-' || r >= '0' && r <= '9':
		return s.jsonNumber(i)
	}
	for _, lit := range [...]string{"true", "false", "null"} {
		if s.hasASCII(i, lit) {
			return i + len(lit)*s.unitSize(), true
		}
	}
	return i, false
}

// jsonNumber reports whether a JSON number starts at i, and returns its end.
func (s *jsSource) jsonNumber(i int) (int, bool) {
	digits := func() int {
		k := 0
		for {
			r, n := s.at(i)
			if n == 0 || r < '0' || r > '9' {
				return k
			}
			i, k = i+n, k+1
		}
	}
	if r, n := s.at(i); r == '-' {
		i += n
	}
	if r, n := s.at(i); n > 0 && r == '0' {
		i += n
	} else if digits() == 0 {
		return i, false
	}
	if r, n := s.at(i); n > 0 && r == '.' {
		i += n
		if digits() == 0 {
			return i, false
		}
	}
	if r, n := s.at(i); n > 0 && (r == 'e' || r == 'E') {
		i += n
		if r, n := s.at(i); n > 0 && (r == '+' || r == '-') {
			i += n
		}
		if digits() == 0 {
			return i, false
		}
	}
	return i, true
}

// unitSize is the size in bytes of an ASCII character in s.
func (s *jsSource) unitSize() int {
	if s.enc == utf8Source {
		return 1
	}
	return 2
}

// hasASCII reports whether the ASCII text lit starts at i.
func (s *jsSource) hasASCII(i int, lit string) bool {
	for k := 0; k < len(lit); k++ {
		r, n := s.at(i)
		if n == 0 || r != rune(lit[k]) {
			return false
		}
		i += n
	}
	return true
}

// isHexDigit reports whether r is an ASCII hexadecimal digit.
func isHexDigit(r rune) bool {
	return r >= '0' && r <= '9' || r >= 'a' && r <= 'f' || r >= 'A' && r <= 'F'
}
