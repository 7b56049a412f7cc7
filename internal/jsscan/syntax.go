// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package jsscan

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A jsToken is a token as jsSyntaxError reads it.
type jsToken struct {
	kind  jsTokenKind
	text  string // a punctuator, or a word's ASCII text
	nl    bool   // a line terminator comes before it
	str   bool   // a string literal
	block bool   // a "{" where a statement list starts: a block or a function's body
	// sureBlock reports a "{" that can only start a block.
	sureBlock bool
	// blockEnd reports a "}" that closes a "{" which can only start a
	// block: it ends a statement, so no operator can follow it.
	blockEnd bool
}

// jsTokenKind is the kind of a jsToken.
type jsTokenKind uint8

const (
	jsStart jsTokenKind = iota // no token yet
	jsName                     // an identifier that is no word of jsWords
	jsWord                     // a reserved or contextual word: what it does depends on where it is
	jsValue                    // a literal: a number, a string, a regular expression, this, null, true, false
	jsPunct                    // a punctuator
)

// jsWords are JavaScript's reserved words and the contextual words that
// can stand beside an identifier (let x, x of y, get x(), async x =>).
// Beside one, two names on a line can be a script, so no error is read
// there.
var jsWords = strings.Fields(`await break case catch class const continue debugger default delete do else enum
	export extends finally for function if import in instanceof new return super switch throw try typeof var void
	while with yield let static implements interface package private protected public as async from get set of
	target meta accessor using`)

// jsPunctuators are JavaScript's punctuators, longest first, so that the
// first that matches is the token.
var jsPunctuators = strings.Fields(`>>>= ... === !== **= <<= >>= >>> &&= ||= ??= => == != <= >= && || ?? ?. ++ --
	+= -= *= /= %= &= |= ^= << >> ** { } ( ) [ ] ; , < > + - * / % & | ^ ! ~ ? : = .`)

// jsNeedsLeft are the punctuators that need an operand before them: the
// binary operators but + - * (unary, or a generator's star), and member
// access.
var jsNeedsLeft = strings.Fields(`= == === != !== < > <= >= << >> >>> % & | ^ && || ?? ? += -= *= /= %= **= <<=
	>>= >>>= &= |= ^= &&= ||= ??= ** => ?. .`)

// jsSyntaxError reports whether s holds a JavaScript syntax error that no
// continuation of its bytes can mend, as far as a reading by tokens tells.
//
// It reads s token by token and stops, reporting no error, wherever a
// token is one whose reading needs the grammar: a template literal, a
// slash after ), ] or } or a contextual word (a division or a regular
// expression), a private name in a bracket, a decorator, an escape in an
// identifier, a code point that Unicode has not assigned (in Go's Unicode:
// the engines' is newer), and, in the start of a body, a token that its
// end or a code point it cuts may cut, or that starts in its last four
// code units (<! may be <!--, # may be #!). Before that, it reports as
// errors:
//   - a code point that is no whitespace, line terminator, identifier
//     character or punctuator outside a string, a comment and a regular
//     expression: a control byte, a byte that does not decode (U+FFFD), a
//     symbol, a backslash that starts no escape, # outside any bracket
//     (no class body: # Title), @ after an operand or before a name and
//     a string (@charset "utf-8");
//   - a string or regular expression that a line terminator ends, a
//     comment, string or bracket still open where a whole body ends, or
//     an operator there, a closing bracket that closes none;
//   - a number followed at once by a letter or a digit (3px);
//   - two operands on one line (two names, a name and a literal, two
//     literals): "A secret note" (no statement has them so);
//   - an operand before a block on one line (body { ...), but a class's
//     name or heritage (class A {, extends null {, extends new X {);
//   - ++ or -- after a literal on its line;
//   - an operator that needs an operand with none before it (<html>,
//     .a at the start, && after a block: {}&&{...});
//   - a prefix ++ or -- before a unary operator (--- in YAML);
//   - a block whose first statement starts with a string and a colon
//     (for(;;);{"a":1}: JSON after a script breaker);
//   - export, or import followed by what an import declaration has, as
//     the first token: a script is no module.
//
// See https://tc39.es/ecma262/#sec-ecmascript-language-lexical-grammar and
// https://tc39.es/ecma262/#sec-html-like-comments (a script's <!-- and
// --> comments).
func (s *jsSource) jsSyntaxError() bool {
	sc := jsScanner{jsSource: s, lineStart: true}
	if s.hasASCII(0, "#!") {
		sc.i = s.lineEnd(0) // a hashbang comment
	}
	for {
		if v := sc.next(); v != readOn {
			return v == syntaxError
		}
	}
}

// A jsScanner is jsSyntaxError's reading of a source: where it is, and
// what it has read that the next token's reading needs.
type jsScanner struct {
	*jsSource
	i           int     // the offset of the next code point to read
	prev, prev2 jsToken // the last two tokens
	nl          bool    // a line terminator since prev
	// lineStart reports that nothing but whitespace and comments is
	// before i on its line: there, --> starts a comment.
	lineStart bool
	// stack holds the brackets open, depth of them: ( [ {, and k for a
	// { that can only start a block.
	stack [64]byte
	depth int
}

// A scanVerdict is what a step of jsSyntaxError makes of what it read.
type scanVerdict uint8

const (
	readOn      scanVerdict = iota // nothing sure yet: read the next token
	noError                        // stop: no error is sure
	syntaxError                    // stop: an error that no continuation mends
)

// errorIf is syntaxError if err, else noError.
func errorIf(err bool) scanVerdict {
	if err {
		return syntaxError
	}
	return noError
}

// next reads the next token and what it makes of the tokens before it.
func (sc *jsScanner) next() scanVerdict {
	r, n, v := sc.skip()
	if v != readOn {
		return v
	}
	if !sc.complete && sc.i+4*sc.unitSize() > len(sc.b) {
		// The end of a body's start may cut a longer punctuator or
		// comment than the bytes before it show (<! of <!--, # of #!).
		return noError
	}
	sc.lineStart = false
	t, end, v := sc.token(r, n)
	if v != readOn {
		return v
	}
	if _, m := sc.at(end); !sc.complete && m == 0 {
		return noError // the end of the start of the body (or a code point it cuts) may cut the token
	}
	return sc.accept(t, end)
}

// skip moves past whitespace, line terminators and comments, and returns
// the code point there and its size; at the end it returns the verdict on
// the whole source.
func (sc *jsScanner) skip() (rune, int, scanVerdict) {
	for {
		i := sc.i
		r, n := sc.at(i)
		if n == 0 {
			// A whole body ends in a statement: with no bracket open
			// and no operator waiting for its operand.
			return 0, 0, errorIf(sc.complete && (sc.depth > 0 || sc.prev.kind == jsPunct && (slices.Contains(jsNeedsLeft, sc.prev.text) || slices.Contains([]string{"+", "-", "*", "!", "~", "...", ","}, sc.prev.text))))
		}
		switch {
		case r == '\n' || r == '\r' || r == 0x2028 || r == 0x2029:
			sc.nl, sc.lineStart = true, true
			sc.i += n
			continue
		case r == ' ' || r == '\t' || r == '\v' || r == '\f' || r == 0xA0 || r == 0xFEFF || r >= utf8.RuneSelf && unicode.Is(unicode.Zs, r):
			sc.i += n
			continue
		case r == '/':
			if c, m := sc.at(i + n); c == '/' {
				sc.i = sc.lineEnd(i)
				continue
			} else if c == '*' {
				end, sawLine, ok := sc.commentEnd(i + n + m)
				if !ok {
					return 0, 0, errorIf(sc.complete)
				}
				// After a comment with a line terminator, --> starts a
				// comment (Annex B's MultiLineComment).
				sc.i, sc.nl, sc.lineStart = end, sc.nl || sawLine, sc.lineStart || sawLine
				continue
			}
		case r == '<' && sc.hasASCII(i, "<!--"), r == '-' && sc.lineStart && sc.hasASCII(i, "-->"):
			sc.i = sc.lineEnd(i)
			continue
		}
		return r, n, readOn
	}
}

// token reads the token that starts with r, of n bytes, at sc.i, and
// returns it and its end, unless what it reads decides.
func (sc *jsScanner) token(r rune, n int) (t jsToken, end int, v scanVerdict) {
	i := sc.i
	t, end = jsToken{nl: sc.nl}, i+n
	switch {
	case r == '"' || r == '\'':
		var ok bool
		if end, ok = sc.stringEnd(end, r); !ok {
			return t, end, errorIf(end < 0) // -1: a syntax error; 0: the end of a body's start
		}
		t.kind, t.str = jsValue, true
	case r >= '0' && r <= '9' || r == '.' && sc.digitAt(end):
		var ok bool
		if end, ok = sc.numberEnd(i); !ok {
			// In a body's start, the end may cut an exponent
			// (1.5e of 1.5e+3) or a prefix's digits (0x).
			return t, end, errorIf(sc.complete || end+3*sc.unitSize() <= len(sc.b))
		}
		t.kind = jsValue
	case r == '$' || r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= utf8.RuneSelf && jsIdentifierRune(r):
		return sc.name(t)
	case r == '/':
		return sc.slash(t, end)
	case r == '@':
		// After an operand, or at the top level before a name and a
		// string (@charset "utf-8"), no decorator: else, perhaps one.
		return t, end, errorIf((sc.prev.kind == jsName || sc.prev.kind == jsValue) && !sc.nl || sc.depth == 0 && sc.decoratorThenString(end))
	case r == '#':
		return t, end, errorIf(sc.depth == 0) // a private name, but outside any class body
	case r == '`', r == '\\' && sc.hasASCII(end, "u"):
		return t, end, noError // a template, an escape: not read
	case r < utf8.RuneSelf && strings.IndexByte("{}()[];,<>+-*%&|^!~?:=.", byte(r)) >= 0:
		t, end = sc.punctuator(t, end)
	case r >= utf8.RuneSelf && !unicode.In(r, jsAssigned...):
		return t, end, noError // unassigned: a newer Unicode may give it a meaning
	default:
		return t, end, syntaxError // a control byte, U+FFFD, a symbol, a backslash
	}
	return t, end, readOn
}

// name reads t, an identifier, a word of jsWords or a literal word, at
// sc.i.
func (sc *jsScanner) name(t jsToken) (jsToken, int, scanVerdict) {
	// A word is at most 10 letters (instanceof): a longer name,
	// or one with a letter beyond ASCII, is no word.
	var word [10]byte
	w, end := 0, 0
	for j := sc.i; ; {
		c, m := sc.at(j)
		if m == 0 || !(c == '$' || c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= utf8.RuneSelf && jsIdentifierRune(c)) {
			if m > 0 && (c == '\\' || c >= utf8.RuneSelf && !unicode.In(c, jsAssigned...)) {
				return t, j, noError // an escape, or an unassigned code point that may continue the name: not read
			}
			end = j
			break
		}
		if w >= 0 && w < len(word) && c < utf8.RuneSelf {
			word[w], w = byte(c), w+1
		} else {
			w = -1
		}
		j += m
	}
	t.kind = jsName
	switch w := word[:max(w, 0)]; {
	case sc.prev.kind == jsPunct && (sc.prev.text == "." || sc.prev.text == "?."):
		// A property's name, whatever its word (a.throw /= 2).
	case string(w) == "this" || string(w) == "null" || string(w) == "true" || string(w) == "false":
		t.kind = jsValue
	case len(w) > 0:
		for _, k := range jsWords {
			if string(w) == k {
				t.kind, t.text = jsWord, k
			}
		}
	}
	return t, end, readOn
}

// slash reads t, a regular expression or a division, at sc.i; end is
// after its slash.
func (sc *jsScanner) slash(t jsToken, end int) (jsToken, int, scanVerdict) {
	regexp, sure := jsRegExpAfter(sc.prev, sc.nl)
	if !sure {
		return t, end, noError
	}
	if regexp {
		var ok bool
		if end, ok = sc.regExpEnd(end); !ok {
			return t, end, errorIf(end < 0) // -1: a syntax error; 0: the end of a body's start
		}
		if c, m := sc.at(end); m > 0 && c >= utf8.RuneSelf && jsIdentifierRune(c) {
			// A flag beyond ASCII is an error, but V8 reads a
			// flag by its low byte: /a/潤 (U+6F64) is /a/d.
			return t, end, noError
		}
		t.kind = jsValue
		return t, end, readOn
	}
	t.kind, t.text = jsPunct, "/"
	if c, m := sc.at(end); m > 0 && c == '=' {
		t.text, end = "/=", end+m
	}
	return t, end, readOn
}

// punctuator reads t, a punctuator, at sc.i, and returns it and its end;
// end is after its first code point.
func (sc *jsScanner) punctuator(t jsToken, end int) (jsToken, int) {
	i := sc.i
	t.kind = jsPunct
	for _, p := range jsPunctuators {
		if sc.hasASCII(i, p) && !(p == "?." && sc.digitAt(i+2*sc.unitSize())) {
			t.text, end = p, i+len(p)*sc.unitSize()
			break
		}
	}
	if t.text == "{" {
		// A block, surely, after these; after ) and => a block
		// or a function's body, a statement list too, but one
		// that can end an expression.
		// A ; in parentheses is a for statement's: an
		// expression follows it (for (;{}.a;)).
		prev := sc.prev
		inParens := sc.depth > 0 && sc.stack[sc.depth-1] == '('
		sure := prev.kind == jsStart || prev.kind == jsPunct && (slices.Contains([]string{"}", "{"}, prev.text) || prev.text == ";" && !inParens) ||
			prev.kind == jsWord && slices.Contains([]string{"else", "do", "try", "finally"}, prev.text)
		t.block = sure || prev.kind == jsPunct && slices.Contains([]string{")", "=>"}, prev.text)
		t.sureBlock = sure
	}
	return t, end
}

// accept takes t, which ends at end, after the tokens before it: the rules
// on a token's neighbours, then the brackets.
func (sc *jsScanner) accept(t jsToken, end int) scanVerdict {
	if jsTokenError(sc.prev2, sc.prev, t) {
		return syntaxError
	}
	if sc.prev.kind == jsStart && t.kind == jsWord && (t.text == "export" || t.text == "import" && sc.importDeclaration(end)) {
		return syntaxError
	}
	if t.kind == jsPunct {
		switch t.text {
		case "(", "[", "{":
			if sc.depth == len(sc.stack) {
				return noError
			}
			sc.stack[sc.depth] = t.text[0]
			if t.sureBlock {
				sc.stack[sc.depth] = 'k'
			}
			sc.depth++
		case ")", "]", "}":
			open := sc.stack[max(sc.depth-1, 0)]
			if open == 'k' {
				open, t.blockEnd = '{', true
			}
			if sc.depth == 0 || open != map[string]byte{")": '(', "]": '[', "}": '{'}[t.text] {
				return syntaxError
			}
			sc.depth--
		}
	}
	sc.prev2, sc.prev, sc.nl, sc.i = sc.prev, t, false, end
	return readOn
}

// jsAssigned are the general categories of the code points Unicode has
// assigned, in the version Go's unicode package has. unicode.C, "Other",
// is not among them: it holds the unassigned code points (Cn) too, which
// a newer Unicode, the one a browser's engine has, may make letters
// (U+2EBF0, a CJK ideograph of Unicode 15.1, starts an identifier in V8's
// Unicode 17; TestJSUnicodeClasses).
var jsAssigned = []*unicode.RangeTable{unicode.L, unicode.M, unicode.N, unicode.P, unicode.S, unicode.Z,
	unicode.Cc, unicode.Cf, unicode.Co, unicode.Cs}

// jsTokenError reports whether token t after p2 and p is a syntax error
// (jsSyntaxError's rules on operands and operators).
func jsTokenError(p2, p, t jsToken) bool {
	operand := func(k jsToken) bool { return k.kind == jsName || k.kind == jsValue }
	punct := func(k jsToken, texts ...string) bool { return k.kind == jsPunct && slices.Contains(texts, k.text) }
	switch {
	case !t.nl && operand(p) && operand(t):
		return true
	case !t.nl && punct(t, "{") && operand(p) && !(p2.kind == jsWord && (p2.text == "extends" || p2.text == "new") ||
		p.kind == jsName && (p2.kind == jsWord && p2.text == "class" || punct(p2, ".", "?."))):
		// Any operand may end a class's heritage: extends null {, extends
		// new X {.
		return true
	case !t.nl && punct(t, "++", "--") && p.kind == jsValue:
		return true
	case t.kind == jsPunct && slices.Contains(jsNeedsLeft, t.text) && (p.kind == jsStart || p.blockEnd || p.kind == jsPunct && !punct(p, ")", "]", "}", "++", "--")):
		return true
	case punct(p, "++", "--") && (p.nl || !operand(p2) && p2.kind != jsWord && !punct(p2, ")", "]")) && punct(t, "+", "-", "!", "~", "++", "--", "+=", "-="):
		// A contextual word before ++ may be its operand: let++ -x.
		return true // a prefix ++ or -- before a unary operator: no target
	case punct(t, ":") && p.str && punct(p2, "{") && p2.block:
		return true
	}
	return false
}

// jsRegExpAfter reports whether a slash after token p starts a regular
// expression (or is a division), and whether that is sure from p alone;
// nl reports a line terminator between them. After a name on another
// line it is not: the name may be a declaration's (var x, let y), which
// no division can follow, so that a semicolon is inserted before the
// slash (var x\n/[/]/).
func jsRegExpAfter(p jsToken, nl bool) (regexp, sure bool) {
	switch p.kind {
	case jsStart:
		return true, true
	case jsName:
		return false, !nl
	case jsValue:
		return false, true
	case jsPunct:
		if slices.Contains([]string{")", "]", "}", "++", "--"}, p.text) {
			return false, false
		}
		return true, true
	}
	switch p.text {
	case "return", "typeof", "case", "do", "else", "in", "instanceof", "new", "delete", "void", "throw":
		return true, true
	}
	return false, false
}

// jsIdentifierRune reports whether the non-ASCII r can be part of an
// identifier: a letter, a letter number, a mark, a digit, a connector, a
// joiner, or one Unicode lists as Other_ID_Start or Other_ID_Continue.
// Marks and digits cannot start one, but are taken as if they could.
// Unicode 15.1 added the katakana middle dots U+30FB and U+FF65 to
// Other_ID_Continue, after the Unicode 15.0 of Go's tables: V8 compiles
// "var a・b" (TestJSUnicodeClasses).
func jsIdentifierRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.In(r, unicode.Nl, unicode.Mn, unicode.Mc, unicode.Nd, unicode.Pc,
		unicode.Other_ID_Start, unicode.Other_ID_Continue) || r == 0x200C || r == 0x200D || r == 0x30FB || r == 0xFF65
}
