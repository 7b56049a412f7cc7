// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"github.com/mimesniff/mimesniff"
)

// Expected values in this file are worked out by hand from the steps of
// "parse a MIME type" (https://mimesniff.spec.whatwg.org/#parse-a-mime-type),
// "serialize a MIME type" and, for the header functions, the Fetch Standard
// (https://fetch.spec.whatwg.org/#concept-header-extract-mime-type,
// #determine-nosniff, #legacy-extract-an-encoding) and the Encoding
// Standard's table of labels. Step numbers refer to those algorithms.

// A parseTest is one input of "parse a MIME type" and the serialization of
// the record it gives.
type parseTest struct {
	name string
	in   string
	want string // the serialization, or "" when parsing fails
	off  int    // when parsing fails, ParseError.Offset: where the problem is
}

var parseTests = []parseTest{
	// Step 1: leading and trailing HTTP whitespace (TAB, LF, CR, SPACE) is
	// removed; U+000C FF is not HTTP whitespace.
	{name: "empty", in: "", off: 0},
	{name: "whitespace only", in: " \t\r\n", off: 4},
	{name: "plain", in: "x/x", want: "x/x"},
	{name: "leading and trailing HTTP whitespace", in: " \t\n\rx/x\r\n\t ", want: "x/x"},
	{name: "leading FF is not whitespace", in: "\fx/x", off: 0},
	{name: "trailing FF is not whitespace", in: "x/x\f", off: 3},
	{name: "trailing whitespace after a parameter", in: "x/x;a=b \r\n", want: "x/x;a=b"},
	{name: "trailing FF in a value drops it", in: "x/x;a=b\f", want: "x/x"},
	{name: "leading whitespace then no slash", in: "  x", off: 3},
	{name: "leading whitespace then empty type", in: "  /x", off: 2},

	// Steps 3 to 5: the type, up to "/", non-empty and all HTTP token code
	// points; there must be a "/".
	{name: "slash only", in: "/", off: 0},
	{name: "empty type", in: "/x", off: 0},
	{name: "no slash", in: "x", off: 1},
	{name: "no slash, with a parameter", in: "x;a=b", off: 1},
	{name: "space inside type", in: "x y/z", off: 1},
	{name: "space before slash", in: "x /x", off: 1},
	{name: "tab before slash", in: "x\t/x", off: 1},
	{name: "semicolon inside type", in: "x;y/z", off: 1},
	{name: "at sign inside type", in: "x@y/z", off: 1},
	{name: "every token code point in type", in: "!#$%&'*+-.^_`|~09azAZ/x", want: "!#$%&'*+-.^_`|~09azaz/x"},
	{name: "star/star parses", in: "*/*", want: "*/*"},
	{name: "invalid UTF-8 in type", in: "\xff/x", off: 0},
	{name: "U+00E9 in type", in: "\u00e9/x", off: 0},
	{name: "NUL in type", in: "x\x00/x", off: 1},

	// Steps 6 to 9: the subtype, up to ";", trailing HTTP whitespace
	// removed, non-empty and all HTTP token code points.
	{name: "empty subtype", in: "x/", off: 2},
	{name: "empty subtype before parameters", in: "x/;a=b", off: 2},
	{name: "whitespace-only subtype", in: "x/ ;a=b", off: 2},
	{name: "space before subtype", in: "x/ x", off: 2},
	{name: "space inside subtype", in: "x/x x", off: 3},
	{name: "slash inside subtype", in: "x/y/z", off: 3},
	{name: "invalid UTF-8 in subtype", in: "x/\xff", off: 2},
	{name: "U+00E9 in subtype", in: "x/\u00e9", off: 2},
	{name: "NUL at the end of subtype", in: "text/html\x00", off: 9},
	{name: "whitespace before semicolon", in: "x/x \t;a=b", want: "x/x;a=b"},
	{name: "FF before semicolon", in: "x/x\f;a=b", off: 3},
	{name: "every token code point in subtype", in: "x/!#$%&'*+-.^_`|~09azAZ", want: "x/!#$%&'*+-.^_`|~09azaz"},

	// Step 10: type and subtype in ASCII lowercase.
	{name: "upper-case type and subtype", in: "TEXT/HTML", want: "text/html"},
	{name: "mixed case everything", in: "Text/Html;Charset=UTF-8", want: "text/html;charset=UTF-8"},
	{name: "upper-case name, value kept", in: "x/x;A=B", want: "x/x;a=B"},
	{name: "long upper-case subtype", in: "X/" + strings.Repeat("Y", 200) + ";A=B", want: "x/" + strings.Repeat("y", 200) + ";a=B"},

	// Step 11.1 and 11.2: skip ";", then HTTP whitespace.
	{name: "trailing semicolon", in: "x/x;", want: "x/x"},
	{name: "semicolon runs", in: "x/x;;;a=b", want: "x/x;a=b"},
	{name: "semicolon run at the end", in: "x/x;a=b;;;", want: "x/x;a=b"},
	{name: "space after semicolon", in: "x/x; a=b", want: "x/x;a=b"},
	{name: "whitespace after semicolon", in: "x/x;\t\r\n a=b", want: "x/x;a=b"},
	{name: "FF after semicolon makes a bad name", in: "x/x;\fa=b", want: "x/x"},
	{name: "whitespace around semicolons", in: "x/x ; a=b ; c=d", want: "x/x;a=b;c=d"},

	// Steps 11.3 to 11.5: the name, up to ";" or "="; no "=" drops it.
	{name: "name without =", in: "x/x;a", want: "x/x"},
	{name: "name without = before another", in: "x/x;a;b=c", want: "x/x;b=c"},
	{name: "name and = at the end", in: "x/x;a=", want: "x/x"},
	{name: "empty name", in: "x/x;=b", want: "x/x"},
	{name: "empty name before another", in: "x/x;=b;c=d", want: "x/x;c=d"},
	{name: "space before =", in: "x/x;a =b", want: "x/x"},
	{name: "at sign in name", in: "x/x;a@=b", want: "x/x"},
	{name: "slash in name", in: "x/x;a/b=c", want: "x/x"},
	{name: "parentheses in name", in: "x/x;(a)=b", want: "x/x"},
	{name: "quotes in name", in: `x/x;"a"=b`, want: "x/x"},
	{name: "U+00E9 in name", in: "x/x;\u00e9=b", want: "x/x"},
	{name: "invalid UTF-8 in name", in: "x/x;\xff=b", want: "x/x"},
	{name: "every token code point in name", in: "x/x;!#$%&'*+-.^_`|~09azAZ=b", want: "x/x;!#$%&'*+-.^_`|~09azaz=b"},

	// Step 11.8: an unquoted value, up to ";", trailing HTTP whitespace
	// removed; empty drops it.
	{name: "empty unquoted value", in: "x/x;a=;b=c", want: "x/x;b=c"},
	{name: "whitespace-only unquoted value", in: "x/x;a= \t;b=c", want: "x/x;b=c"},
	{name: "trailing whitespace in value", in: "x/x;a=b \t;c=d", want: "x/x;a=b;c=d"},
	{name: "leading space in value kept", in: "x/x;a= b", want: `x/x;a=" b"`},
	{name: "space inside value", in: "x/x;a=b c", want: `x/x;a="b c"`},
	{name: "tab inside value", in: "x/x;a=b\tc", want: "x/x;a=\"b\tc\""},
	{name: "= inside value", in: "x/x;a=b=c", want: `x/x;a="b=c"`},
	{name: "quote inside unquoted value", in: `x/x;a=b"c`, want: `x/x;a="b\"c"`},
	{name: "space then quoted string is unquoted", in: `x/x;a= "b"`, want: `x/x;a=" \"b\""`},
	{name: "backslash in unquoted value", in: `x/x;a=b\c`, want: `x/x;a="b\\c"`},
	{name: "semicolon ends an unquoted value", in: `x/x;a=b\;c`, want: `x/x;a="b\\"`},

	// Step 11.7: a quoted value, by "collect an HTTP quoted string" with
	// extract-value set, then everything up to ";" is ignored.
	{name: "quoted empty value", in: `x/x;a=""`, want: `x/x;a=""`},
	{name: "quoted token value", in: `x/x;a="b"`, want: "x/x;a=b"},
	{name: "quoted value with space", in: `x/x;a="b c"`, want: `x/x;a="b c"`},
	{name: "quoted value with semicolon", in: `x/x;a="b;c";d=e`, want: `x/x;a="b;c";d=e`},
	{name: "quoted value with trailing space", in: `x/x;a="b " ;c=d`, want: `x/x;a="b ";c=d`},
	{name: "lone quote", in: `x/x;a="`, want: `x/x;a=""`},
	{name: "unterminated quote", in: `x/x;a="abc`, want: "x/x;a=abc"},
	{name: "unterminated quote swallows semicolons", in: `x/x;a="b;c=d`, want: `x/x;a="b;c=d"`},
	{name: "unterminated quote, trailing space removed first", in: `x/x;a="b `, want: "x/x;a=b"},
	{name: "backslash at the end", in: `x/x;a="abc\`, want: `x/x;a="abc\\"`},
	{name: "escaped quote at the end", in: `x/x;a="b\"`, want: `x/x;a="b\""`},
	{name: "escapes", in: `x/x;a="\a\"\\"`, want: `x/x;a="a\"\\"`},
	{name: "needless escapes removed", in: `x/x;a="\b\c"`, want: "x/x;a=bc"},
	{name: "escaped U+00E9", in: "x/x;a=\"\\\u00e9\"", want: "x/x;a=\"\u00e9\""},
	{name: "escaped NUL still dropped", in: "x/x;a=\"\\\x00\"", want: "x/x"},
	{name: "trailing garbage after quotes", in: `text/html;charset="shift_jis"iso-2022-jp`, want: "text/html;charset=shift_jis"},
	{name: "quotes in the trailing garbage", in: `x/x;a="b"c"d";e=f`, want: "x/x;a=b;e=f"},
	{name: "space after closing quote", in: `x/x;a="b" ;c=d`, want: "x/x;a=b;c=d"},
	{name: "name=value garbage after quotes ignored", in: `x/x;a="b"xc=d`, want: "x/x;a=b"},
	{name: "space and name=value after quotes ignored", in: `x/x;a="b" c=d;e=f`, want: "x/x;a=b;e=f"},

	// Step 11.9: the value must be HTTP quoted-string token code points:
	// U+0009, U+0020 to U+007E, U+0080 to U+00FF.
	{name: "U+00FF kept", in: "x/x;a=\u00ff", want: "x/x;a=\"\u00ff\""},
	{name: "U+0080 kept", in: "x/x;a=\u0080", want: "x/x;a=\"\u0080\""},
	{name: "U+00E9 in a word kept", in: "x/x;a=caf\u00e9", want: "x/x;a=\"caf\u00e9\""},
	{name: "U+0100 dropped", in: "x/x;a=\u0100", want: "x/x"},
	{name: "U+20AC dropped", in: "x/x;a=\u20ac;b=c", want: "x/x;b=c"},
	{name: "U+1F600 dropped", in: "x/x;a=\U0001f600", want: "x/x"},
	{name: "NUL dropped", in: "x/x;a=b\x00", want: "x/x"},
	{name: "quoted NUL dropped", in: "x/x;a=\"b\x00\"", want: "x/x"},
	{name: "DEL dropped", in: "x/x;a=b\x7f", want: "x/x"},
	{name: "U+001F dropped", in: "x/x;a=\x1f", want: "x/x"},
	{name: "LF inside value dropped", in: "x/x;a=b\nc", want: "x/x"},
	{name: "invalid UTF-8 drops the parameter", in: "x/x;a=\xff", want: "x/x"},
	{name: "invalid UTF-8 in quotes", in: "x/x;a=\"\xc3\"", want: "x/x"},
	{name: "the rest is kept after a dropped value", in: "x/x;a=\xff;b=c", want: "x/x;b=c"},

	// Step 11.9: the first parameter of a name wins, case-insensitively.
	{name: "duplicate name", in: "x/x;a=1;a=2", want: "x/x;a=1"},
	{name: "duplicate name in other case", in: "x/x;a=1;A=2", want: "x/x;a=1"},
	{name: "duplicate name, first upper", in: "x/x;A=1;a=2", want: "x/x;a=1"},
	{name: "dropped empty value does not claim the name", in: "x/x;a=;a=2", want: "x/x;a=2"},
	{name: "dropped bad value does not claim the name", in: "x/x;a=\u0100;a=2", want: "x/x;a=2"},
	{name: "quoted empty value claims the name", in: `x/x;a="";a=2`, want: `x/x;a=""`},
	{name: "parameter order kept", in: "x/x;b=1;a=2;c=3", want: "x/x;b=1;a=2;c=3"},
}

// checkParseError checks that err, returned for input in, is a *ParseError
// that describes in, and returns it.
func checkParseError(t *testing.T, err error, in string) *mimesniff.ParseError {
	t.Helper()
	var pe *mimesniff.ParseError
	if !errors.As(err, &pe) {
		t.Fatalf("error %v (%T) is not a *mimesniff.ParseError", err, err)
	}
	if pe.Input != in {
		t.Errorf("ParseError.Input = %q, want %q", pe.Input, in)
	}
	if pe.Offset < 0 || pe.Offset > len(in) {
		t.Errorf("ParseError.Offset = %d, want 0 to %d", pe.Offset, len(in))
	}
	if pe.Reason == "" {
		t.Errorf("ParseError.Reason is empty")
	}
	if msg := err.Error(); !strings.Contains(msg, fmt.Sprintf("%q", in)) {
		t.Errorf("error %q does not mention the input %q", msg, in)
	}
	return pe
}

func TestParse(t *testing.T) {
	seen := make(map[string]bool)
	for _, tc := range parseTests {
		if seen[tc.name] {
			t.Errorf("two rows are named %q", tc.name)
		}
		seen[tc.name] = true
		t.Run(tc.name, func(t *testing.T) {
			checkParseAgainstSlow(t, tc.in)
			got, err := mimesniff.Parse(tc.in)
			if tc.want == "" {
				if err == nil {
					t.Fatalf("Parse(%q) = %q, want failure", tc.in, got)
				}
				if got.IsValid() {
					t.Errorf("Parse(%q) failed but returned %q, want the zero MIMEType", tc.in, got)
				}
				pe := checkParseError(t, err, tc.in)
				if pe.Offset != tc.off {
					t.Errorf("Parse(%q): ParseError.Offset = %d, want %d (%v)", tc.in, pe.Offset, tc.off, err)
				}
				return
			}
			if err != nil {
				t.Fatalf("Parse(%q) = %v, want %q", tc.in, err, tc.want)
			}
			if s := got.String(); s != tc.want {
				t.Errorf("Parse(%q).String() = %q, want %q", tc.in, s, tc.want)
			}
			if !got.IsValid() {
				t.Errorf("Parse(%q).IsValid() = false, want true", tc.in)
			}
		})
	}
}

// TestParseManyParameters has more parameters than fit in a small set, so
// that "does not exist" is checked for names seen long before.
func TestParseManyParameters(t *testing.T) {
	var in, want strings.Builder
	in.WriteString("x/x")
	want.WriteString("x/x")
	for i := range 20 {
		fmt.Fprintf(&in, "; P%d=%d", i, i)
		fmt.Fprintf(&want, ";p%d=%d", i, i)
	}
	// Every name again, in another case and order: all dropped.
	for i := 19; i >= 0; i-- {
		fmt.Fprintf(&in, ";p%d=again", i)
	}
	fmt.Fprintf(&in, ";new=1")
	want.WriteString(";new=1")
	got, err := mimesniff.Parse(in.String())
	if err != nil {
		t.Fatalf("Parse(%q) = %v", in.String(), err)
	}
	if got.String() != want.String() {
		t.Errorf("Parse(%q) = %q, want %q", in.String(), got, want.String())
	}
}

func TestParseErrorMessages(t *testing.T) {
	for _, tc := range []struct {
		name, in, want string
	}{
		{"empty", "", `mimesniff: invalid MIME type "": empty type at offset 0`},
		{"no slash", "text", `mimesniff: invalid MIME type "text": no "/" after the type at offset 4`},
		{"space in type", "text /html", `mimesniff: invalid MIME type "text /html": type contains U+0020 ' ' at offset 4`},
		{"empty subtype", "text/", `mimesniff: invalid MIME type "text/": empty subtype at offset 5`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := mimesniff.Parse(tc.in)
			if err == nil {
				t.Fatalf("Parse(%q) succeeded, want %s", tc.in, tc.want)
			}
			if got := err.Error(); got != tc.want {
				t.Errorf("Parse(%q) error = %s, want %s", tc.in, got, tc.want)
			}
		})
	}
}

func TestParseBytes(t *testing.T) {
	for _, tc := range []struct {
		name      string
		in        string // bytes
		want      string // String(), UTF-8; "" for failure
		wantBytes string // Bytes()
		off       int
	}{
		{name: "E9 is U+00E9", in: "x/x;a=\xe9", want: "x/x;a=\"\u00e9\"", wantBytes: "x/x;a=\"\xe9\""},
		{name: "E9 and FF quoted", in: "x/x;a=\"\xe9\xff\"", want: "x/x;a=\"\u00e9\u00ff\"", wantBytes: "x/x;a=\"\xe9\xff\""},
		{name: "80 is U+0080", in: "x/x;a=\x80", want: "x/x;a=\"\u0080\"", wantBytes: "x/x;a=\"\x80\""},
		{name: "UTF-8 bytes are two code points", in: "x/x;a=\xc3\xa9", want: "x/x;a=\"\u00c3\u00a9\"", wantBytes: "x/x;a=\"\xc3\xa9\""},
		{name: "escaped E9", in: "x/x;a=\"\\\xe9\"", want: "x/x;a=\"\u00e9\"", wantBytes: "x/x;a=\"\xe9\""},
		{name: "DEL dropped", in: "x/x;a=\x7f", want: "x/x", wantBytes: "x/x"},
		{name: "E9 in name dropped", in: "x/x;\xe9=b", want: "x/x", wantBytes: "x/x"},
		{name: "E9 in type", in: "\xe9/x", off: 0},
		{name: "E9 in subtype", in: "x/\xe9", off: 2},
		{name: "A0 (NBSP) is not whitespace", in: "\xa0x/x", off: 0},
		{name: "ASCII", in: "Text/HTML; Charset=\"UTF-8\"", want: "text/html;charset=UTF-8", wantBytes: "text/html;charset=UTF-8"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := mimesniff.ParseBytes([]byte(tc.in))
			if tc.want == "" {
				if err == nil {
					t.Fatalf("ParseBytes(%q) = %q, want failure", tc.in, got)
				}
				pe := checkParseError(t, err, tc.in)
				if pe.Offset != tc.off {
					t.Errorf("ParseBytes(%q): ParseError.Offset = %d, want %d", tc.in, pe.Offset, tc.off)
				}
				return
			}
			if err != nil {
				t.Fatalf("ParseBytes(%q) = %v, want %q", tc.in, err, tc.want)
			}
			if s := got.String(); s != tc.want {
				t.Errorf("ParseBytes(%q).String() = %q, want %q", tc.in, s, tc.want)
			}
			if diff := cmp.Diff([]byte(tc.wantBytes), got.Bytes()); diff != "" {
				t.Errorf("ParseBytes(%q).Bytes() mismatch (-want +got):\n%s", tc.in, diff)
			}
		})
	}
}

// TestParseBytesASCII checks that on ASCII input, where isomorphic decoding
// and UTF-8 decoding agree, ParseBytes and Parse agree.
func TestParseBytesASCII(t *testing.T) {
	n := 0
	for _, tc := range parseTests {
		if !isASCII(tc.in) {
			continue
		}
		n++
		want, wantErr := mimesniff.Parse(tc.in)
		got, gotErr := mimesniff.ParseBytes([]byte(tc.in))
		if (wantErr == nil) != (gotErr == nil) || got != want {
			t.Errorf("%s: ParseBytes(%q) = %q, %v; Parse gives %q, %v", tc.name, tc.in, got, gotErr, want, wantErr)
		}
		if wantErr != nil && gotErr != nil && wantErr.Error() != gotErr.Error() {
			t.Errorf("%s: ParseBytes(%q) error = %v, Parse error = %v", tc.name, tc.in, gotErr, wantErr)
		}
	}
	if n < 50 {
		t.Errorf("only %d ASCII rows compared", n)
	}
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

func TestAccessors(t *testing.T) {
	type accessors struct {
		Type, Subtype, Essence string
		Params                 []mimesniff.Param
	}
	for _, tc := range []struct {
		name string
		in   string
		want accessors
	}{
		{"no parameters", "text/html", accessors{"text", "html", "text/html", nil}},
		{"case folded", "Text/HTML;Charset=UTF-8", accessors{"text", "html", "text/html", []mimesniff.Param{{"charset", "UTF-8"}}}},
		{"order and unescaping", `x/y;b=2;a="q\"uo\\te";c="";d="e f"`, accessors{"x", "y", "x/y", []mimesniff.Param{
			{"b", "2"}, {"a", `q"uo\te`}, {"c", ""}, {"d", "e f"},
		}}},
		{"quoted delimiters", `x/y;a="b;c=d";e="f\";g=h";i=j`, accessors{"x", "y", "x/y", []mimesniff.Param{
			{"a", "b;c=d"}, {"e", `f";g=h`}, {"i", "j"},
		}}},
		{"U+00E9", "x/y;a=\u00e9", accessors{"x", "y", "x/y", []mimesniff.Param{{"a", "\u00e9"}}}},
		{"star", "*/*;q=0.8", accessors{"*", "*", "*/*", []mimesniff.Param{{"q", "0.8"}}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := mimesniff.MustParse(tc.in)
			got := accessors{Type: m.Type(), Subtype: m.Subtype(), Essence: m.Essence()}
			for name, value := range m.Params() {
				got.Params = append(got.Params, mimesniff.Param{Name: name, Value: value})
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("accessors of %q mismatch (-want +got):\n%s", tc.in, diff)
			}
		})
	}
}

func TestParam(t *testing.T) {
	m := mimesniff.MustParse(`text/plain;Charset="UTF-8";x="a\"b";y="";z="c;d=e";w="f\";v=g";u=caf` + "\u00e9")
	for _, tc := range []struct {
		name      string
		param     string
		wantValue string
		wantOK    bool
	}{
		{"lower-case lookup", "charset", "UTF-8", true},
		{"upper-case lookup", "CHARSET", "UTF-8", true},
		{"mixed-case lookup", "ChArSeT", "UTF-8", true},
		{"unescaped value", "x", `a"b`, true},
		{"empty value", "y", "", true},
		{"semicolon in value", "z", "c;d=e", true},
		{"not a parameter: inside a quoted value", "d", "", false},
		{"not a parameter: after an escaped quote", "v", "", false},
		{"after a value with an escaped quote", "w", `f";v=g`, true},
		{"U+00E9 value", "u", "caf\u00e9", true},
		{"missing", "format", "", false},
		{"empty name", "", "", false},
		{"name with =", "charset=", "", false},
		{"Unicode folding is not ASCII folding", "char\u017fet", "", false}, // U+017F LATIN SMALL LETTER LONG S folds to s in Unicode only
	} {
		t.Run(tc.name, func(t *testing.T) {
			v, ok := m.Param(tc.param)
			if v != tc.wantValue || ok != tc.wantOK {
				t.Errorf("%q.Param(%q) = %q, %v, want %q, %v", m, tc.param, v, ok, tc.wantValue, tc.wantOK)
			}
		})
	}
}

func TestParamsEarlyBreak(t *testing.T) {
	m := mimesniff.MustParse("x/x;a=1;b=2;c=3")
	var got []string
	for name := range m.Params() {
		got = append(got, name)
		if len(got) == 2 {
			break // the iterator must stop, or range panics
		}
	}
	if diff := cmp.Diff([]string{"a", "b"}, got); diff != "" {
		t.Errorf("Params with break mismatch (-want +got):\n%s", diff)
	}
}

func TestZeroMIMEType(t *testing.T) {
	var z mimesniff.MIMEType
	if z.IsValid() {
		t.Errorf("MIMEType{}.IsValid() = true, want false")
	}
	if s := z.String(); s != "" {
		t.Errorf("MIMEType{}.String() = %q, want %q", s, "")
	}
	if b := z.Bytes(); b != nil {
		t.Errorf("MIMEType{}.Bytes() = %q, want nil", b)
	}
	if got := (struct{ typ, sub, ess string }{z.Type(), z.Subtype(), z.Essence()}); got != (struct{ typ, sub, ess string }{}) {
		t.Errorf("MIMEType{}: Type, Subtype, Essence = %q, want all empty", got)
	}
	for name, value := range z.Params() {
		t.Errorf("MIMEType{}.Params() yields %q=%q, want nothing", name, value)
	}
	if v, ok := z.Param("charset"); v != "" || ok {
		t.Errorf("MIMEType{}.Param(%q) = %q, %v, want \"\", false", "charset", v, ok)
	}
	if g := groupsOfRecord(z); len(g) != 0 {
		t.Errorf("MIMEType{} is in groups %q, want none", g)
	}
	if got := mimesniff.Minimize(z, nil); got != "" {
		t.Errorf("Minimize(MIMEType{}, nil) = %q, want \"\"", got)
	}
	if got := mimesniff.Minimize(z, func(mimesniff.MIMEType) bool { return true }); got != "" {
		t.Errorf("Minimize(MIMEType{}, all) = %q, want \"\"", got)
	}
	if !z.Equal(mimesniff.MIMEType{}) {
		t.Errorf("MIMEType{}.Equal(MIMEType{}) = false, want true")
	}
	if z.Equal(mimesniff.MustParse("x/x")) {
		t.Errorf("MIMEType{}.Equal(x/x) = true, want false")
	}
}

func TestEqual(t *testing.T) {
	for _, tc := range []struct {
		name string
		a, b string
		want bool
	}{
		{"same", "text/html", "text/html", true},
		{"case and whitespace", "text/html", " TEXT/HTML ", true},
		{"parameter name case", "text/html;a=b", "text/html;A=b", true},
		{"quoting", `text/html;a=b`, `text/html;a="b"`, true},
		{"dropped parameters", "text/html", "text/html;;a;=b", true},
		{"value case", "text/html;a=b", "text/html;a=B", false},
		{"parameter order", "x/x;a=1;b=2", "x/x;b=2;a=1", false},
		{"extra parameter", "text/html", "text/html;charset=utf-8", false},
		{"subtype", "text/html", "text/plain", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, b := mimesniff.MustParse(tc.a), mimesniff.MustParse(tc.b)
			if got := a.Equal(b); got != tc.want {
				t.Errorf("%q.Equal(%q) = %v, want %v", a, b, got, tc.want)
			}
			if got := b.Equal(a); got != tc.want {
				t.Errorf("%q.Equal(%q) = %v, want %v", b, a, got, tc.want)
			}
			if got := a == b; got != tc.want {
				t.Errorf("%q == %q is %v, want %v", a, b, got, tc.want)
			}
			m := map[mimesniff.MIMEType]bool{a: true}
			if got := m[b]; got != tc.want {
				t.Errorf("map key %q found under %q: %v, want %v", a, b, got, tc.want)
			}
		})
	}
}

func TestMustParse(t *testing.T) {
	if got := mimesniff.MustParse(" Text/Plain "); got.String() != "text/plain" {
		t.Errorf("MustParse(%q) = %q, want %q", " Text/Plain ", got, "text/plain")
	}
	for _, in := range []string{"", "text", "text/", "te xt/plain", "\xff/x"} {
		t.Run(fmt.Sprintf("%q", in), func(t *testing.T) {
			defer func() {
				r := recover()
				if r == nil {
					t.Fatalf("MustParse(%q) did not panic", in)
				}
				err, ok := r.(error)
				if !ok {
					t.Fatalf("MustParse(%q) panicked with %v (%T), want an error", in, r, r)
				}
				checkParseError(t, err, in)
			}()
			got := mimesniff.MustParse(in)
			t.Errorf("MustParse(%q) = %q", in, got)
		})
	}
}

// checkParsed checks the properties of the result of fn (Parse or ParseBytes)
// on in: a failure is a *ParseError, a success round-trips.
func checkParsed(t *testing.T, fn, in string, m mimesniff.MIMEType, err error) {
	t.Helper()
	if err != nil {
		var pe *mimesniff.ParseError
		if !errors.As(err, &pe) {
			t.Fatalf("%s(%q): error %v (%T) is not a *ParseError", fn, in, err, err)
		}
		if pe.Input != in || pe.Offset < 0 || pe.Offset > len(pe.Input) || pe.Reason == "" {
			t.Fatalf("%s(%q): bad ParseError %#v", fn, in, pe)
		}
		if m.IsValid() {
			t.Fatalf("%s(%q) failed but returned %q", fn, in, m)
		}
		return
	}
	s := m.String()
	if !m.IsValid() || s == "" {
		t.Fatalf("%s(%q) succeeded with an invalid MIMEType %q", fn, in, s)
	}
	// New rebuilds the record from its parts.
	var params []mimesniff.Param
	for n, v := range m.Params() {
		params = append(params, mimesniff.Param{Name: n, Value: v})
	}
	if back, err := mimesniff.New(m.Type(), m.Subtype(), params...); err != nil || back != m {
		t.Fatalf("%s(%q) = %q, but New of its parts gives %q, %v", fn, in, m, back, err)
	}
	if s2 := m.String(); s2 != s {
		t.Fatalf("%s(%q).String() is not stable: %q then %q", fn, in, s, s2)
	}
	if !utf8.ValidString(s) {
		t.Fatalf("%s(%q).String() = %q is not UTF-8", fn, in, s)
	}
	for _, r := range s {
		if r > 0xFF {
			t.Fatalf("%s(%q).String() = %q holds %U", fn, in, s, r)
		}
	}
	if m.Type() == "" || m.Subtype() == "" || m.Essence() != m.Type()+"/"+m.Subtype() {
		t.Fatalf("%s(%q): Type %q, Subtype %q, Essence %q", fn, in, m.Type(), m.Subtype(), m.Essence())
	}
	names := make(map[string]bool)
	for name, value := range m.Params() {
		if name == "" || name != strings.ToLower(name) || names[name] {
			t.Fatalf("%s(%q): bad or repeated parameter name %q", fn, in, name)
		}
		names[name] = true
		if v, ok := m.Param(strings.ToUpper(name)); !ok || v != value {
			t.Fatalf("%s(%q).Param(%q) = %q, %v; Params gives %q", fn, in, strings.ToUpper(name), v, ok, value)
		}
	}

	again, err := mimesniff.Parse(s)
	if err != nil {
		t.Fatalf("%s(%q) = %q, which does not parse: %v", fn, in, s, err)
	}
	if !again.Equal(m) || again != m || again.String() != s {
		t.Fatalf("%s(%q) = %q, which parses to %q", fn, in, s, again)
	}
	fromBytes, err := mimesniff.ParseBytes(m.Bytes())
	if err != nil {
		t.Fatalf("%s(%q).Bytes() = %q, which does not parse: %v", fn, in, m.Bytes(), err)
	}
	if !fromBytes.Equal(m) || fromBytes != m {
		t.Fatalf("%s(%q).Bytes() = %q, which parses to %q, want %q", fn, in, m.Bytes(), fromBytes, s)
	}
	if n := utf8.RuneCountInString(s); len(m.Bytes()) != n {
		t.Fatalf("%s(%q).Bytes() = %q has %d bytes for %d code points", fn, in, m.Bytes(), len(m.Bytes()), n)
	}
	var u mimesniff.MIMEType
	if text, _ := m.MarshalText(); u.UnmarshalText(text) != nil || u != m {
		t.Fatalf("%s(%q): text round trip gives %q", fn, in, u)
	}
}

func FuzzParse(f *testing.F) {
	for _, tc := range parseTests {
		f.Add(tc.in)
	}
	for _, tc := range serializeTests {
		f.Add(tc.in)
	}
	for _, s := range []string{
		"text/html;charset=\xe9",
		`text/html;charset="shift_jis"iso-2022-jp`,
		"application/xhtml+xml; charset=\"utf-8\"; q=0.9",
		"x/x;a=\"\\",
		"x/x;a=\"\\\xc3\xa9\"",
		"x/x;a=\xc3",
		"x/x;a=\xc2\x80\xc3\xbf",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		checkParseAgainstSlow(t, s)
		m, err := mimesniff.Parse(s)
		checkParsed(t, "Parse", s, m, err)
		mb, errb := mimesniff.ParseBytes([]byte(s))
		checkParsed(t, "ParseBytes", s, mb, errb)
		if isASCII(s) && ((err == nil) != (errb == nil) || m != mb) {
			t.Fatalf("on ASCII %q, Parse = %q, %v and ParseBytes = %q, %v", s, m, err, mb, errb)
		}
	})
}

func TestNew(t *testing.T) {
	tests := []struct {
		name    string
		typ     string
		subtype string
		params  []mimesniff.Param
		want    string // "" for an error
	}{
		{"essence only", "text", "html", nil, "text/html"},
		{"lower-cased", "Text", "HTML", []mimesniff.Param{{"Charset", "UTF-8"}}, "text/html;charset=UTF-8"},
		{"order kept", "x", "y", []mimesniff.Param{{"b", "1"}, {"a", "2"}}, "x/y;b=1;a=2"},
		{"value quoted", "x", "y", []mimesniff.Param{{"a", `b "c" \ d`}}, `x/y;a="b \"c\" \\ d"`},
		{"empty value quoted", "x", "y", []mimesniff.Param{{"a", ""}}, `x/y;a=""`},
		{"U+00E9 value", "x", "y", []mimesniff.Param{{"a", "\u00e9"}}, "x/y;a=\"\u00e9\""},
		{"empty type", "", "y", nil, ""},
		{"empty subtype", "x", "", nil, ""},
		{"space in type", "x x", "y", nil, ""},
		{"slash in subtype", "x", "y/z", nil, ""},
		{"empty name", "x", "y", []mimesniff.Param{{"", "1"}}, ""},
		{"bad name", "x", "y", []mimesniff.Param{{"a b", "1"}}, ""},
		{"duplicate name, other case", "x", "y", []mimesniff.Param{{"a", "1"}, {"A", "2"}}, ""},
		{"U+0100 in value", "x", "y", []mimesniff.Param{{"a", "\u0100"}}, ""},
		{"NUL in value", "x", "y", []mimesniff.Param{{"a", "\x00"}}, ""},
		{"invalid UTF-8 in value", "x", "y", []mimesniff.Param{{"a", "\xff"}}, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := mimesniff.New(tc.typ, tc.subtype, tc.params...)
			if got.String() != tc.want || (err == nil) != (tc.want != "") {
				t.Errorf("New(%q, %q, %q) = %q, %v; want %q", tc.typ, tc.subtype, tc.params, got, err, tc.want)
			}
		})
	}
}
