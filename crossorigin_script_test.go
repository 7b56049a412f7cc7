// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff

import (
	"bufio"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// This file checks mayParseAsScript, the last step of ORB in the standard's
// and Firefox's profiles, against a JavaScript engine's answers stored in
// testdata/javascript (written by tools/jscheck/gen.js with V8, standing
// in for Firefox's SpiderMonkey), and with properties that hold of
// JavaScript itself and need no engine (FuzzScriptCheckMonotone).
//
// The rule: the check may say "may parse" of a body the engine rejects
// (the profile then delivers a response Firefox blocks: counted, the
// approximation), never "syntax error" of one the engine parses (a false
// "private" verdict), and its JSON answer is exact.

// jsVerdict is one row of testdata/javascript/verdicts.jsonl.gz.
type jsVerdict struct {
	Kind   string `json:"k"` // how gen.js made the body
	Body   []byte `json:"b"`
	Script *bool  `json:"script"` // V8 compiles it as a classic script; nil: unknown
	JSON   bool   `json:"json"`   // JSON.parse accepts it
	Error  string `json:"e"`      // V8's SyntaxError message, quoted parts elided
}

// readJSVerdicts reads the verdict file: its header line and its rows.
func readJSVerdicts(t testing.TB) (header map[string]any, rows []jsVerdict) {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "javascript", "verdicts.jsonl.gz"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(z)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if header == nil {
			if err := json.Unmarshal(sc.Bytes(), &header); err != nil {
				t.Fatal(err)
			}
			continue
		}
		var v jsVerdict
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			t.Fatal(err)
		}
		rows = append(rows, v)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if n, _ := header["rows"].(float64); int(n) != len(rows) {
		t.Fatalf("%d rows, the header says %v", len(rows), header["rows"])
	}
	return header, rows
}

// jsCutLengths returns the lengths at which the replay cuts a body of n
// bytes, as the profile cuts a longer body at HeaderSize: every length
// for a short body, else the first 64 and, for a body longer than
// HeaderSize, HeaderSize, for another 16 spread over the rest (from seed,
// so that different rows get different ones).
func jsCutLengths(n, seed int) []int {
	var ks []int
	for k := 1; k < n && k <= 64; k++ {
		ks = append(ks, k)
	}
	if n <= 66 {
		return ks
	}
	if n > HeaderSize {
		return append(ks, HeaderSize)
	}
	for j := 0; j < 16; j++ {
		seed = seed*1103515245 + 12345
		ks = append(ks, 65+(seed>>8&0x7fffffff)%(n-65))
	}
	return ks
}

// jsonDepth returns how deeply brackets nest in b, outside strings.
func jsonDepth(b []byte) int {
	depth, most, str := 0, 0, false
	for i := 0; i < len(b); i++ {
		switch c := b[i]; {
		case str && c == '\\':
			i++
		case c == '"':
			str = !str
		case !str && (c == '[' || c == '{'):
			depth++
			most = max(most, depth)
		case !str && (c == ']' || c == '}'):
			depth--
		}
	}
	return most
}

// TestMayParseAsScript replays the engine's verdicts: no body that V8
// compiles may be claimed a syntax error, whole or cut (a claim on a cut
// start says no continuation mends it, and the whole body is one), and
// jsonValid must agree with JSON.parse both ways but for nesting deeper
// than jsonMaxDepth, which it must refuse and leaves to the script check.
func TestMayParseAsScript(t *testing.T) {
	header, rows := readJSVerdicts(t)
	t.Logf("engine: node %v, V8 %v, Unicode %v", header["node"], header["v8"], header["unicode"])
	type tally struct{ bodies, parse, reject, unknown, claims, left, cutClaims int }
	kinds := map[string]*tally{}
	left := map[string]int{} // V8's rejections left as "may parse", by V8's message
	var falseClaims, falseCutClaims, falseJSON, missedJSON, deepJSON int
	errorf := func(format string, args ...any) { // the first 20 errors, the rest counted
		if falseClaims+falseCutClaims+falseJSON+missedJSON <= 20 {
			t.Errorf(format, args...)
		}
		t.Fail()
	}
	for i, v := range rows {
		k := kinds[v.Kind]
		if k == nil {
			k = &tally{}
			kinds[v.Kind] = k
		}
		k.bodies++
		src := scriptSource(v.Body, true)
		switch json := src.jsonValid(); {
		case json && jsonDepth(v.Body) > jsonMaxDepth:
			falseJSON++
			errorf("jsonValid(%q) = true, nested %d deep, past jsonMaxDepth", v.Body, jsonDepth(v.Body))
		case json && !v.JSON:
			falseJSON++
			errorf("jsonValid(%q) = true, JSON.parse rejects it", v.Body)
		case !json && v.JSON && jsonDepth(v.Body) > jsonMaxDepth:
			deepJSON++
		case !json && v.JSON:
			missedJSON++
			errorf("jsonValid(%q) = false, JSON.parse accepts it", v.Body)
		}
		if v.Script == nil {
			k.unknown++
			continue
		}
		claim := src.jsSyntaxError()
		switch {
		case *v.Script:
			k.parse++
			if claim {
				falseClaims++
				errorf("%s row %d: jsSyntaxError(%q) = true, V8 compiles it", v.Kind, i, v.Body)
			}
		case claim:
			k.reject++
			k.claims++
		default:
			k.reject++
			k.left++
			left[v.Error]++
		}
		for _, n := range jsCutLengths(len(v.Body), i) {
			cut := scriptSource(v.Body[:n], false)
			if !cut.jsSyntaxError() {
				continue
			}
			k.cutClaims++
			if *v.Script {
				falseCutClaims++
				errorf("%s row %d: jsSyntaxError of the start %q (complete = false) = true, V8 compiles the whole %q",
					v.Kind, i, v.Body[:n], v.Body)
			}
		}
	}
	names := make([]string, 0, len(kinds))
	for name := range kinds {
		names = append(names, name)
	}
	sort.Strings(names)
	var all tally
	for _, name := range names {
		k := kinds[name]
		t.Logf("%-8s %6d bodies: V8 parses %6d, rejects %6d (claimed %6d, left as may parse %6d), unknown %d; claims on cut starts %d",
			name, k.bodies, k.parse, k.reject, k.claims, k.left, k.unknown, k.cutClaims)
		all.bodies, all.parse, all.reject, all.claims, all.left, all.unknown, all.cutClaims = all.bodies+k.bodies,
			all.parse+k.parse, all.reject+k.reject, all.claims+k.claims, all.left+k.left, all.unknown+k.unknown, all.cutClaims+k.cutClaims
	}
	t.Logf("all      %6d bodies: V8 parses %6d, rejects %6d (claimed %6d, left as may parse %6d), unknown %d; claims on cut starts %d",
		all.bodies, all.parse, all.reject, all.claims, all.left, all.unknown, all.cutClaims)
	t.Logf("false claims: %d whole, %d cut; JSON: %d false, %d missed, %d deeper than %d (left to the script check)",
		falseClaims, falseCutClaims, falseJSON, missedJSON, deepJSON, jsonMaxDepth)
	msgs := make([]string, 0, len(left))
	for m := range left {
		msgs = append(msgs, m)
	}
	sort.Slice(msgs, func(i, j int) bool {
		return left[msgs[i]] > left[msgs[j]] || left[msgs[i]] == left[msgs[j]] && msgs[i] < msgs[j]
	})
	for _, m := range msgs[:min(len(msgs), 15)] {
		t.Logf("left as may parse: %6d %s", left[m], m)
	}
}

// TestJSUnicodeClasses checks the code points beyond ASCII against V8's
// classes in testdata/javascript/unicode.txt (oracle.js --unicode): for
// each, the probes that V8 compiles by its class ("var c" for a start
// character, "var acb" for any identifier part and a line terminator,
// "var ac" for those and whitespace, "ac++b" for a line terminator) must
// not be claimed syntax errors. A code point Go's Unicode leaves
// unassigned is not read (jsSyntaxError stops there), so only a property
// that changed between the two Unicode versions can fail here.
func TestJSUnicodeClasses(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "javascript", "unicode.txt"))
	if err != nil {
		t.Fatal(err)
	}
	class := map[rune]string{}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	t.Logf("engine: %s", lines[0])
	for _, line := range lines[1:] {
		f := strings.Fields(line)
		first, err1 := strconv.ParseUint(f[0], 16, 32)
		last, err2 := strconv.ParseUint(f[1], 16, 32)
		if len(f) != 3 || err1 != nil || err2 != nil {
			t.Fatalf("bad line %q", line)
		}
		for r := rune(first); r <= rune(last); r++ {
			class[r] = f[2]
		}
	}
	counts := map[string]int{}
	for r := rune(0x80); r <= utf8.MaxRune; r++ {
		if r >= 0xD800 && r <= 0xDFFF {
			continue
		}
		c := string(r)
		var parses []string
		switch class[r] {
		case "start":
			parses = []string{"var " + c, "var a" + c + "b", "var a" + c}
		case "part":
			parses = []string{"var a" + c + "b", "var a" + c}
		case "line":
			parses = []string{"var a" + c + "b", "var a" + c, "a" + c + "++b"}
		case "space":
			parses = []string{"var a" + c}
		}
		counts[class[r]]++
		for _, p := range parses {
			if src := scriptSource([]byte(p), true); src.jsSyntaxError() {
				t.Errorf("U+%04X (%s in V8): jsSyntaxError(%q) = true, V8 compiles it", r, class[r], p)
			}
		}
	}
	t.Logf("code points by V8's class: %v", fmt.Sprint(counts))
}

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

// TestMayParseAsScriptLive, with MIMESNIFF_JSCHECK_SECONDS set (and node
// on the path), searches for false claims with V8 at hand for that many
// seconds: it mutates the stored bodies V8 compiles, one to three times
// (a token inserted, bytes deleted, two bodies spliced or joined by a
// line break), and asks
// tools/jscheck/oracle.js about every body the check claims an error in,
// whole or cut; MIMESNIFF_JSCHECK_SEED chooses another sequence of
// mutants. It is skipped otherwise: go test needs no node.
func TestMayParseAsScriptLive(t *testing.T) {
	secs, _ := strconv.Atoi(os.Getenv("MIMESNIFF_JSCHECK_SECONDS"))
	if secs <= 0 {
		t.Skip("MIMESNIFF_JSCHECK_SECONDS is not set")
	}
	_, rows := readJSVerdicts(t)
	var parse [][]byte
	for _, v := range rows {
		if v.Script != nil && *v.Script {
			parse = append(parse, v.Body)
		}
	}
	var o *jsOracle
	start := func() {
		var err error
		if o, err = startJSOracle(); err != nil {
			t.Fatal(err)
		}
	}
	start()
	defer func() { o.close() }()
	tokens := strings.Fields(`a x $ é 1 0x1 .5 1e3 05 08 "s" 's' /a/g /[/]/ this null let yield await async of get set static in
		instanceof new typeof return class function if else do while for for(; ;) throw export import enum { } ( ) [ ] ; , < > + - * / % & | ^
		! ~ ? : = . ?. => ++ -- ... == === <!-- --> # #! @ \ ` + "` ${ }" + ` \u0061 ・ ･ 𮯰 ☃`)
	seps := []string{"", " ", "\n", "\r\n", "\u2028", "/**/", "/*\n*/", "//c\n"}
	rnd := uint64(34)
	if seed, err := strconv.ParseUint(os.Getenv("MIMESNIFF_JSCHECK_SEED"), 10, 64); err == nil && seed != 0 {
		rnd = seed
	}
	next := func(n int) int {
		rnd ^= rnd << 13
		rnd ^= rnd >> 7
		rnd ^= rnd << 17
		return int(rnd % uint64(max(n, 1)))
	}
	mutate := func(a []byte) []byte {
		i := next(len(a) + 1)
		switch next(5) {
		case 0:
			tok := seps[next(len(seps))] + tokens[next(len(tokens))] + seps[next(len(seps))]
			return []byte(string(a[:i]) + tok + string(a[i:]))
		case 1:
			return append(append([]byte{}, a[:i]...), a[min(len(a), i+1+next(4)):]...)
		case 2:
			b := parse[next(len(parse))]
			return append(append([]byte{}, a[:i]...), b[next(len(b)+1):]...)
		case 3:
			b := parse[next(len(parse))]
			return []byte(string(a) + seps[next(len(seps))] + string(b))
		default:
			return []byte(string(a[:i]) + tokens[next(len(tokens))] + string(a[i:]))
		}
	}
	deadline := time.Now().Add(time.Duration(secs) * time.Second)
	var bodies, claims, asked, falseClaims, unknown int
	for time.Now().Before(deadline) {
		b := parse[next(len(parse))]
		for n := 1 + next(3); n > 0; n-- {
			b = mutate(b)
		}
		if len(b) > HeaderSize+64 {
			continue
		}
		bodies++
		claimed := false
		if src := scriptSource(b, true); src.jsSyntaxError() {
			claimed = true
		}
		cutAt := -1
		for _, n := range jsCutLengths(len(b), bodies) {
			if src := scriptSource(b[:n], false); src.jsSyntaxError() {
				cutAt = n
				break
			}
		}
		if !claimed && cutAt < 0 {
			continue
		}
		claims++
		asked++
		script, ok := o.script(b)
		if !ok {
			unknown++
			o.close()
			start()
			continue
		}
		if script {
			falseClaims++
			if claimed {
				t.Errorf("jsSyntaxError(%q) = true, V8 compiles it", b)
			} else {
				t.Errorf("jsSyntaxError of the start %q (complete false) = true, V8 compiles the whole %q", b[:cutAt], b)
			}
		}
	}
	t.Logf("%d bodies in %ds, %d claimed errors (whole or cut) asked of V8: %d false, %d unknown (node aborted)",
		bodies, secs, asked, falseClaims, unknown)
}

// A jsOracle is a running tools/jscheck/oracle.js.
type jsOracle struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Scanner
}

// startJSOracle starts the oracle and reads its engine line.
func startJSOracle() (*jsOracle, error) {
	cmd := exec.Command("node", filepath.Join("tools", "jscheck", "oracle.js"))
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	o := &jsOracle{cmd: cmd, in: in, out: bufio.NewScanner(out)}
	o.out.Buffer(nil, 1<<20)
	if !o.out.Scan() {
		return nil, fmt.Errorf("oracle.js: no engine line")
	}
	return o, nil
}

// script asks whether V8 compiles b; ok is false where the oracle died.
func (o *jsOracle) script(b []byte) (script, ok bool) {
	line, _ := json.Marshal(map[string][]byte{"b": b})
	if _, err := o.in.Write(append(line, '\n')); err != nil || !o.out.Scan() {
		return false, false
	}
	var v struct {
		Script bool   `json:"script"`
		Error  string `json:"error"`
	}
	if json.Unmarshal(o.out.Bytes(), &v) != nil || strings.HasPrefix(v.Error, "other: ") {
		return false, false
	}
	return v.Script, true
}

// close ends the oracle.
func (o *jsOracle) close() {
	o.in.Close()
	o.cmd.Wait()
}

// TestScriptCheckBoundary checks where the report judges a body whole and
// where only its start: a body shorter than HeaderSize is the whole body,
// and one of HeaderSize bytes or more may go on past what the report was
// given. A JSON array is JSON only whole (Firefox's last step blocks it);
// its start may go on as a script ("[1,1]" of "[1,1].forEach(f)"), so
// Firefox's profile lets it through.
func TestScriptCheckBoundary(t *testing.T) {
	array := func(n int) []byte { // a JSON array of n bytes, n odd
		b := []byte("[1")
		for len(b) < n-1 {
			b = append(b, ",1"...)
		}
		return append(b, ']')
	}
	h := http.Header{"Content-Type": {"text/plain"}}
	tests := []struct {
		name    string
		body    []byte
		firefox bool // Firefox's profile hands it to another site's image
	}{
		{"a JSON array two bytes shorter than HeaderSize, whole", array(HeaderSize - 2), false},
		{"a JSON array of HeaderSize bytes", array(HeaderSize), true},
		{"a JSON array longer than HeaderSize", array(HeaderSize + 2), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, _ := ReportFor(h, tt.body).Verdict(DestinationImage)
			if got := v.CrossOrigin.Has(Firefox); got != tt.firefox {
				t.Errorf("%d bytes: Firefox's profile delivers it: %v, want %v", len(tt.body), got, tt.firefox)
			}
		})
	}
}
