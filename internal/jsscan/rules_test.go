// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package jsscan

import (
	"encoding/json"
	"strings"
	"testing"
)

// scriptCheckFound are the bodies at the edges of jsSyntaxError's rules:
// those on which the replay of the engine's verdicts (TestMayParseAsScript)
// found it claiming an error that V8 does not find, each beside a near miss
// that is an error in V8, and, for each rule that no stored body makes it
// claim (the replay fails only a false claim, so a rule dropped went
// unseen), a body V8 rejects for that rule's reason beside one V8 compiles
// (tools/jscheck/oracle.js's answers, quoted in the comments). A start
// (complete false) is cut from whole, a body V8 compiles.
var scriptCheckFound = []struct {
	name     string
	body     string
	complete bool
	whole    string // for a start: a whole body V8 compiles
	want     bool   // jsSyntaxError
}{
	// The end of a start inside a string or a regular expression was
	// taken for an unterminated one: any script longer than HeaderSize
	// whose 1445th byte is inside a string was blocked.
	{name: "cut-string", body: `var a = "abc`, whole: `var a = "abc"`},
	{name: "string-line-break", body: "var a = \"ab\nc\";", complete: true, want: true}, // Invalid or unexpected token
	{name: "cut-regexp", body: `x = /abc`, whole: `x = /abc/`},
	{name: "regexp-line-break", body: "x = /ab\n/", complete: true, want: true}, // Invalid regular expression: missing /
	// Go's unicode.C holds the unassigned code points, so the check
	// read a letter of a newer Unicode as a symbol.
	{name: "unicode-15.1-letter", body: "var \U0002EBF0", complete: true},
	{name: "symbol", body: "var \u2603", complete: true, want: true},                    // Invalid or unexpected token
	{name: "unicode-15.1-word-then-letter", body: "export\U0002EBF0", complete: true},   // one name
	{name: "word-then-name", body: "export x", complete: true, want: true},              // Unexpected token 'export'
	{name: "katakana-middle-dot", body: "var a\u30FBb", complete: true},                 // Other_ID_Continue since 15.1
	{name: "katakana-middle-dot-alone", body: "a \u30FB", complete: true, want: true},   // Invalid or unexpected token
	{name: "legacy-octal-member", body: "05.x", complete: true},                         // 05 and .x
	{name: "legacy-octal-then-number", body: "07.5", complete: true, want: true},        // Unexpected number
	{name: "html-close-after-comment-line", body: "a /*\n*/ -->", complete: true},       // Annex B
	{name: "html-close-after-comment", body: "a /* */ -->", complete: true, want: true}, // Unexpected end of input
	{name: "property-named-throw", body: "a.throw /= 2", complete: true},                // a division
	{name: "property-then-name", body: "a.throw b", complete: true, want: true},         // Unexpected identifier 'b'
	{name: "string-continuation-crlf", body: "'\\\r\n'", complete: true},                // one line terminator
	{name: "string-continuation-cr-cr", body: "'\\\r\r'", complete: true, want: true},   // Invalid or unexpected token
	{name: "cut-html-open-comment", body: "<!-", whole: "<!--"},
	{name: "html-open-comment-short", body: "<!-", complete: true, want: true}, // Unexpected token '<'
	{name: "cut-hashbang", body: "#", whole: "#!"},
	{name: "hash", body: "#", complete: true, want: true}, // Invalid or unexpected token
	{name: "cut-exponent", body: "1.5e", whole: "1.5e+3"},
	{name: "exponent-without-digits", body: "1.5e", complete: true, want: true}, // Invalid or unexpected token
	{name: "cut-byte-order-mark", body: "\xFE", whole: "\xFE\xFF\x00a"},
	{name: "byte-order-mark-half", body: "\xFE", complete: true, want: true}, // U+FFFD: Invalid or unexpected token
	{name: "cut-code-point-after-word", body: "export\xC3", whole: "export\xC3\xA9"},
	{name: "bad-code-point-after-word", body: "export\xC3", complete: true, want: true}, // Unexpected token 'export'
	{name: "cut-utf16-unit-after-word", body: "\xFF\xFEe\x00x\x00p\x00o\x00r\x00t\x00x", whole: "\xFF\xFEe\x00x\x00p\x00o\x00r\x00t\x00x\x00"},
	{name: "odd-utf16-after-word", body: "\xFF\xFEe\x00x\x00p\x00o\x00r\x00t\x00x", complete: true, want: true}, // Unexpected token 'export'
	// Found by TestMayParseAsScriptLive.
	{name: "declaration-then-regexp", body: "var x\n/[/]/", complete: true},           // ASI: no division after var x
	{name: "declaration-then-slash", body: "var x /[/]/", complete: true, want: true}, // Unexpected token '/'
	{name: "contextual-word-postfix", body: "let ++\n--c", complete: true},            // let++; --c
	{name: "prefix-before-prefix", body: "++\n--c", complete: true, want: true},       // Invalid left-hand side expression in prefix operation
	{name: "class-extends-literal", body: "class A extends null {}", complete: true},
	{name: "literal-then-block", body: "x = 0x1B {}", complete: true, want: true}, // Unexpected token '{'
	{name: "class-extends-new", body: "class A extends new X {}", complete: true},
	{name: "name-then-block", body: "x = X {}", complete: true, want: true}, // Unexpected token '{'
	// Found by reading the rules.
	{name: "for-header-object", body: "for (;{\"a\":1};);", complete: true},
	{name: "script-breaker-then-json", body: "for (;;);{\"a\":1}", complete: true, want: true}, // Unexpected token ':'
	{name: "for-header-object-then-operator", body: "for (;{}&&x;);", complete: true},
	{name: "block-then-operator", body: "for (;;);{}&&x", complete: true, want: true}, // Unexpected token '&&'
	// Found by TestMayParseAsScriptLive, an error by the standard that V8
	// compiles: V8 takes U+6F64 for the flag d, its low byte.
	{name: "regexp-flag-low-byte", body: "x = /abc/\u6F64", complete: true},
	{name: "regexp-flag-digit", body: "x = /abc/g1", complete: true, want: true}, // Invalid regular expression flags
	// Each rule's claim (node 20.20.2, V8 11.3), where the replay's
	// bodies held none.
	{name: "comment-unclosed", body: "a /* b", complete: true, want: true}, // Invalid or unexpected token
	{name: "comment-closed", body: "a /* b */", complete: true},
	{name: "cut-comment", body: "a /* b", whole: "a /* b */"},
	{name: "string-unclosed", body: `var a = "abc`, complete: true, want: true}, // Invalid or unexpected token
	{name: "number-then-letter", body: "x = 3px", complete: true, want: true},   // Invalid or unexpected token
	{name: "number-then-operator", body: "x = 3 + px", complete: true},
	{name: "hex-prefix-alone", body: "x = 0x", complete: true, want: true}, // Invalid or unexpected token
	{name: "hex-prefix-digit", body: "x = 0x1", complete: true},
	{name: "literal-increment", body: "null++", complete: true, want: true}, // Invalid left-hand side expression in postfix operation
	{name: "name-increment", body: "nul++", complete: true},
	{name: "number-increment", body: "1++", complete: true, want: true},                 // Invalid left-hand side expression in postfix operation
	{name: "regexp-after-typeof", body: "x = typeof /a/ b", complete: true, want: true}, // Unexpected identifier 'b'
	{name: "regexp-after-void", body: "x = void /a/ b", complete: true, want: true},     // Unexpected identifier 'b'
	{name: "regexp-after-typeof-alone", body: "x = typeof /a/", complete: true},
	{name: "at-rule-string", body: `@charset "utf-8";`, complete: true, want: true},               // Invalid or unexpected token
	{name: "at-rule-number", body: "@media 1 {}", complete: true, want: true},                     // Invalid or unexpected token
	{name: "at-after-operand", body: "a @b", complete: true, want: true},                          // Invalid or unexpected token
	{name: "optional-chain-before-digit", body: "a?.5.x:1", complete: true},                       // a ? .5.x : 1
	{name: "import-declaration", body: `import x from "y"`, complete: true, want: true},           // Cannot use import statement outside a module
	{name: "import-declaration-brace", body: `import { a } from "b"`, complete: true, want: true}, // Cannot use import statement outside a module
	{name: "import-declaration-star", body: `import * as a from "b"`, complete: true, want: true}, // Cannot use import statement outside a module
	{name: "import-call", body: `import("x")`, complete: true},
	{name: "bracket-mismatch", body: "[1,2}", complete: true, want: true},                         // Unexpected token '}'
	{name: "else-block-string-colon", body: `if (x) {} else {"a":1}`, complete: true, want: true}, // Unexpected token ':'
	{name: "else-block-label", body: "if (x) {} else {a:1}", complete: true},
	{name: "if-block-string-colon", body: `if (x) {"a":1}`, complete: true, want: true}, // Unexpected token ':'
	{name: "arrow-body-string-colon", body: `x => {"a":1}`, complete: true, want: true}, // Unexpected token ':'
	{name: "if-block-label", body: "if (x) {a:1}", complete: true},
	{name: "less-than-first", body: "<b", complete: true, want: true}, // Unexpected token '<'
	{name: "less-than-after-operand", body: "a < b", complete: true},
	{name: "utf16-lone-low-surrogates", body: "\xFF\xFEa\x00 \x00\x00\xDC\x00\xDC", complete: true, want: true}, // U+FFFD: Invalid or unexpected token
	{name: "utf16-lone-low-surrogate", body: "\xFF\xFEa\x00 \x00\x00\xDC", complete: true, want: true},          // Invalid or unexpected token
}

// TestJSONValid checks jsonValid at the edges of JSON's grammar, each row
// beside its near miss. The expectations are JSON.parse's (ECMA-262's JSON
// grammar, RFC 8259's), and the test checks each against encoding/json's
// Valid, which reads the same grammar, but for the rows past jsonMaxDepth,
// where jsonValid refuses what JSON.parse reads, by its own documented
// bound.
func TestJSONValid(t *testing.T) {
	nested := func(n int, inner string) string {
		return strings.Repeat("[", n) + inner + strings.Repeat("]", n)
	}
	for _, tc := range []struct {
		name string
		body string
		want bool
		past bool // nested past jsonMaxDepth: encoding/json reads it
	}{
		{"empty object", `{}`, true, false},
		{"empty array", ` [ ] `, true, false},
		{"tab, LF, CR, space around", "\t\n\r [1]\t\n\r ", true, false},
		{"form feed around", "\f[1]", false, false},
		{"text after the value", `[1] x`, false, false},
		{"two values", `1 2`, false, false},
		{"key not a string", `{1:2}`, false, false},
		{"key without a colon", `{"a" 1}`, false, false},
		{"members without a comma", `[1 2]`, false, false},
		{"a trailing comma", `[1,]`, false, false},
		{"escaped quote in a key", `{"a\"b":1}`, true, false},
		{"escaped quote in a string", `["a\"b"]`, true, false},
		{"escaped solidus", `["a\/b"]`, true, false},
		{"every escape", `["\"\\\/\b\f\n\r\t\u00e9"]`, true, false},
		{"escape of another letter", `["\a"]`, false, false},
		{"escape of a hex byte", `["\x41"]`, false, false},
		{"unicode escape of two digits", `["\u00"]`, false, false},
		{"unicode escape of non-hex", `["\u00zz"]`, false, false},
		{"raw tab in a string", "[\"a\tb\"]", false, false},
		{"raw line break in a string", "[\"a\nb\"]", false, false},
		{"null", `null`, true, false},
		{"true, false", `[true,false]`, true, false},
		{"nul", `nul`, false, false},
		{"zero", `0`, true, false},
		{"leading zero", `01`, false, false},
		{"minus", `-1`, true, false},
		{"plus", `+1`, false, false},
		{"fraction", `1.5`, true, false},
		{"fraction without digits", `1.`, false, false},
		{"exponent with a sign", `1e-5`, true, false},
		{"exponent with a plus", `1E+5`, true, false},
		{"exponent without digits", `1e`, false, false},
		{"exponent sign without digits", `1e+`, false, false},
		{"nested as deep as read", nested(jsonMaxDepth, ""), true, false},
		{"nested as deep as read, a value inside", nested(jsonMaxDepth, "1"), true, false},
		{"objects nested as deep as read", strings.Repeat(`{"a":`, jsonMaxDepth-1) + `{}` + strings.Repeat("}", jsonMaxDepth-1), true, false},
		{"nested one deeper", nested(jsonMaxDepth+1, ""), false, true},
		{"objects nested one deeper", strings.Repeat(`{"a":`, jsonMaxDepth) + `{}` + strings.Repeat("}", jsonMaxDepth), false, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if std := json.Valid([]byte(tc.body)); std != (tc.want || tc.past) {
				t.Fatalf("the row says %v, encoding/json's Valid %v: the row is wrong", tc.want || tc.past, std)
			}
			src := scriptSource([]byte(tc.body), true)
			if got := src.jsonValid(); got != tc.want {
				t.Errorf("jsonValid(%.60q) = %v, want %v", tc.body, got, tc.want)
			}
		})
	}
}

// TestScriptCheckFound checks jsSyntaxError on the bodies the replay found
// it wrong on, and on their near misses.
func TestScriptCheckFound(t *testing.T) {
	for _, tt := range scriptCheckFound {
		t.Run(tt.name, func(t *testing.T) {
			if !tt.complete && !strings.HasPrefix(tt.whole, tt.body) {
				t.Fatalf("%q does not start with %q", tt.whole, tt.body)
			}
			src := scriptSource([]byte(tt.body), tt.complete)
			if got := src.jsSyntaxError(); got != tt.want {
				t.Errorf("jsSyntaxError(%q, complete %v) = %v, want %v", tt.body, tt.complete, got, tt.want)
			}
		})
	}
}

// FuzzScriptCheckMonotone checks properties of jsSyntaxError and jsonValid
// that hold of JavaScript and JSON themselves, so that they need no
// engine. body is cut at cut (modulo its length plus one) into a start h.
//
//   - A claim on the start h (complete false) says that no continuation of
//     h parses. The empty continuation is one, so h as a whole body must
//     be claimed an error too; so must the whole body, which continues h;
//     and so must the body as a start, since each of its continuations
//     continues h.
//     The converse is no property: an error in a whole body may be one a
//     longer body mends ("'a" and "'a'").
//   - JSON is exact: for a body in UTF-8 without a byte order mark,
//     jsonValid must agree with encoding/json's Valid (the same grammar
//     as JSON.parse, which reads the same text: a byte that does not
//     decode is U+FFFD inside a string for both, and an error outside
//     one), but for nesting deeper than jsonMaxDepth, which jsonValid
//     leaves to the script check.
func FuzzScriptCheckMonotone(f *testing.F) {
	for _, tt := range scriptCheckFound {
		if tt.complete {
			f.Add([]byte(tt.body), uint16(len(tt.body)))
		} else {
			f.Add([]byte(tt.whole), uint16(len(tt.body)))
		}
	}
	for _, s := range []string{`var a = "abc"; x = /a[/]b/g.test(y)`, "<!-- c\n--> d\nx", "#!/bin/node\nf()", `{"a":[1,2,{"b":null}]}`,
		"for(;;);{\"a\":1}", ")]}'\n[1]", "a\n++b", "\xFF\xFEx\x00 \x00=\x00 \x001\x00", "\xEF\xBB\xBF[1]", "1.5e+3", "05.x"} {
		f.Add([]byte(s), uint16(len(s)/2))
	}
	f.Fuzz(func(t *testing.T, body []byte, cut uint16) {
		h := body[:int(cut)%(len(body)+1)]
		if start := scriptSource(h, false); start.jsSyntaxError() {
			for _, c := range []struct {
				b        []byte
				complete bool
			}{{h, true}, {body, true}, {body, false}} {
				if src := scriptSource(c.b, c.complete); !src.jsSyntaxError() {
					t.Errorf("jsSyntaxError(%q, complete false) = true, but jsSyntaxError(%q, complete %v) = false",
						h, c.b, c.complete)
				}
			}
		}
		if len(body) >= 2 && (body[0] == 0xFF && body[1] == 0xFE || body[0] == 0xFE && body[1] == 0xFF) ||
			strings.HasPrefix(string(body), utf8BOM) || jsonDepth(body) > jsonMaxDepth {
			return
		}
		src := scriptSource(body, true)
		if got, want := src.jsonValid(), json.Valid(body); got != want {
			t.Errorf("jsonValid(%q) = %v, encoding/json's Valid says %v", body, got, want)
		}
	})
}
