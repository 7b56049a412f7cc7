// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff

import (
	"net/http"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// This file answers whether a page of another site gets a response's bytes
// when it loads the response without CORS: as an image, a classic script, a
// style sheet, audio, video, a text track, or a fetch with mode "no-cors".
// Such a request carries the user's cookies, and its response reaches the
// requesting page's process unless the browser stops it on the way; a page
// cannot read an opaque response, but a process that holds its bytes can
// leak them (Spectre-class side channels, a compromised renderer).
//
// Two mechanisms stop it. Cross-Origin-Resource-Policy is the server's own
// (corpBlocks). Opaque Response Blocking (ORB) is the browser's: a filter
// that keeps JSON, HTML, XML, PDF, plain text and the like out of another
// site's page while letting through the images, media, scripts and style
// sheets the web loads this way. ORB is a proposal for Fetch
// (https://github.com/whatwg/fetch/pull/1442, https://github.com/annevk/orb)
// that Chromium and Firefox each implement in their own version, and
// WebKitGTK not at all; the Standard profile is the proposal
// (fetchORBAllows), Chromium's and Firefox's rules are in their engines'
// files (chromiumORBAllows, firefoxORBAllows), and the report puts them
// together per destination, WebKit's "always" beside them
// (response.crossOrigin, in serve.go).
//
// The rules are fitted to testdata/browsers/crossorigin: 12,048 responses
// served by 127.0.0.1, each loaded in the seven ways above by a page of
// 127.0.0.2, another site to all three browsers, with each browser's own
// network-level verdict recorded (docs/crossorigin.md).

// A readKind is a way a page of another site can load a response without
// CORS: the kind of a destination for the cross-origin verdict.
type readKind uint8

const (
	readNone   readKind = iota // not without CORS: a document, a worker, a font, ...
	readFetch                  // fetch() with mode "no-cors": destination ""
	readImage                  // an image
	readScript                 // a classic script (a module script needs CORS)
	readStyle                  // a style sheet
	readMedia                  // audio or video
	readTrack                  // a text track
	numReadKinds
)

// A crossOriginResponse is a response as the cross-origin rules read it.
type crossOriginResponse struct {
	// corp reports whether Cross-Origin-Resource-Policy keeps the
	// response from a page of another site (corpBlocks).
	corp bool

	// essence is the essence of the type Fetch extracts, "" where it
	// fails; engineEssence the essence Chromium and Firefox extract,
	// which differs where a value has an empty subtype
	// (orbEngineEssence).
	essence, engineEssence string

	// noSniff is Fetch's determine nosniff.
	noSniff bool

	// h is the start of the body, as Resource.Header holds it, and
	// complete reports whether it is the whole body: whether it is
	// shorter than HeaderSize.
	h        []byte
	complete bool

	// status is the response's status: the partial-response and ok
	// status steps read it.
	status statusReading

	// neverSniffed and engineNeverSniffed report whether essence and
	// engineEssence are among orbNeverSniffed, looked up once for every
	// profile's rule.
	neverSniffed, engineNeverSniffed bool

	// script caches mayParseAsScript(h, complete), which the standard's
	// and Firefox's last steps both ask: scriptUnknown until asked.
	script scriptVerdict
}

// A scriptVerdict is a cached answer of mayParseAsScript.
type scriptVerdict uint8

const (
	scriptUnknown scriptVerdict = iota
	scriptMay
	scriptNot
)

// mayParseAsScript is mayParseAsScript of the response's body, computed
// once.
func (o *crossOriginResponse) mayParseAsScript() bool {
	if o.script == scriptUnknown {
		o.script = scriptNot
		if mayParseAsScript(o.h, o.complete) {
			o.script = scriptMay
		}
	}
	return o.script == scriptMay
}

// corpBlocks reports whether the Cross-Origin-Resource-Policy values keep a
// response from a page of another site.
//
// It follows Fetch's cross-origin resource policy internal check: the
// header's value, the values joined by ", ", must be exactly "same-origin"
// or "same-site"; any other value, two headers, a list, another case
// (Same-Origin) is ignored, as all three browsers ignore them (cases
// corp-two-co-so/..., corp-list/..., corp-upper/... of the cross-origin
// recordings). A value reaches the browser's header list without leading
// or trailing tabs and spaces (Fetch's header value has none; net/http
// trims them as it writes the line), so " same-origin" is same-origin, but
// no other byte is trimmed: "same-origin\f" is no policy.
// See https://fetch.spec.whatwg.org/#cross-origin-resource-policy-internal-check.
func corpBlocks(values []string) bool {
	if len(values) != 1 {
		return false // two values join with ", ": neither policy
	}
	v := trimTabOrSpace(values[0])
	return v == "same-origin" || v == "same-site"
}

// orbEngineEssence returns the essence Chromium and Firefox take from the
// Content-Type values for ORB, given Fetch's, e.
//
// Both extract the type as Fetch does (the last value that parses, split at
// commas, */* skipped) but take a value with an empty subtype, such as
// "text/", as a type: a JSON body under "text/" is sniffed and blocked where
// one with no type is delivered (case bogus-slash/orb/json-object). Only a
// value with a slash before its end, a semicolon, a comma or whitespace can
// be one, so the others are answered with e.
//
// The engines take more for a type: any first word of a value with a slash
// in it (net/base/mime_util.cc, ParseMimeType; Firefox's nsURLHelper.cpp,
// net_ParseMediaType), so "a@b/c", no type to Fetch, is one to them. The
// package adds only the empty subtypes the recordings show: a response it
// takes for one with no type is delivered more often, never less.
func orbEngineEssence(values []string, e string) string {
	if !anyEmptySubtype(values) {
		return e
	}
	list, _ := getHeader(values)
	var last string
	for rest, more := list, true; more; {
		var value string
		value, rest, more = splitNext(rest)
		if t, f := parse(value, true); f.kind == noFailure {
			if te := t.Essence(); te != "*/*" {
				last = te
			}
		} else if es, ok := emptySubtypeEssence(value); ok {
			last = es
		}
	}
	return last
}

// anyEmptySubtype reports whether some value of values has a slash followed
// by its end, a semicolon, a comma, a tab or a space.
func anyEmptySubtype(values []string) bool {
	for _, v := range values {
		for i := strings.IndexByte(v, '/'); i >= 0; {
			if i+1 == len(v) {
				return true
			}
			switch v[i+1] {
			case ';', ',', ' ', '\t':
				return true
			}
			j := strings.IndexByte(v[i+1:], '/')
			if j < 0 {
				break
			}
			i += 1 + j
		}
	}
	return false
}

// emptySubtypeEssence returns "type/", in lower case, for a value whose
// part before any semicolon is a slash after a token or after nothing, with
// tabs and spaces around it. A bare slash is a type to both engines (their
// parsers ask only for a slash in the value's first word).
func emptySubtypeEssence(v string) (string, bool) {
	v, _, _ = strings.Cut(v, ";")
	v = trimTabOrSpace(v)
	typ, ok := strings.CutSuffix(v, "/")
	if !ok {
		return "", false
	}
	for i := 0; i < len(typ); i++ {
		if !isToken(typ[i]) {
			return "", false
		}
	}
	return lowerString(v), true
}

// orbSniffBytes is how much of the body ORB reads before it decides.
const orbSniffBytes = 1024

// isORBSafelisted reports whether e is an opaque-response-safelisted MIME
// type's essence: a JavaScript MIME type, text/css or image/svg+xml.
func isORBSafelisted(e string) bool {
	return e == "text/css" || e == "image/svg+xml" || isJavaScriptEssence(e)
}

// isORBBlocklisted reports whether e is an opaque-response-blocklisted MIME
// type's essence: an HTML, JSON or XML MIME type.
func isORBBlocklisted(e string) bool {
	return e == "text/html" || isJSONEssence(e) || isXMLEssence(e)
}

// orbNeverSniffed are the proposal's opaque-response-blocklisted
// never-sniffed MIME types, in its order: types whose responses ORB blocks
// whatever their bytes. The manifest-based media and text track types are
// among them (https://github.com/annevk/orb/pull/26), which Chromium and
// Firefox both let through instead.
var orbNeverSniffed = []string{
	"application/dash+xml",
	"application/gzip",
	"application/msexcel",
	"application/mspowerpoint",
	"application/msword",
	"application/msword-template",
	"application/pdf",
	"application/vnd.apple.mpegurl",
	"application/vnd.ces-quickpoint",
	"application/vnd.ces-quicksheet",
	"application/vnd.ces-quickword",
	"application/vnd.ms-excel",
	"application/vnd.ms-excel.sheet.macroenabled.12",
	"application/vnd.ms-powerpoint",
	"application/vnd.ms-powerpoint.presentation.macroenabled.12",
	"application/vnd.ms-word",
	"application/vnd.ms-word.document.12",
	"application/vnd.ms-word.document.macroenabled.12",
	"application/vnd.msword",
	"application/vnd.openxmlformats-officedocument.presentationml.presentation",
	"application/vnd.openxmlformats-officedocument.presentationml.template",
	"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
	"application/vnd.openxmlformats-officedocument.spreadsheetml.template",
	"application/vnd.openxmlformats-officedocument.wordprocessingml.document",
	"application/vnd.openxmlformats-officedocument.wordprocessingml.template",
	"application/vnd.presentation-openxml",
	"application/vnd.presentation-openxmlm",
	"application/vnd.spreadsheet-openxml",
	"application/vnd.wordprocessing-openxml",
	"application/x-gzip",
	"application/x-protobuf",
	"application/x-protobuffer",
	"application/zip",
	"audio/mpegurl",
	"multipart/byteranges",
	"multipart/signed",
	"text/event-stream",
	"text/csv",
	"text/vtt",
}

// fetchORBAllows reports whether the ORB proposal lets a response through
// to a page of another site: allows for a request that is not a media
// element's, media for one that is (audio or video).
//
// It follows the proposal's "opaque-response-safelisted check" for a first
// request, at the response's status: a 206 with a blocklisted type, or one
// that is no valid first partial response, is blocked before sniffing, and
// a status that is not ok after it. An earlier request of the same media
// element's is outside what the report is asked. Its last step, "the body
// parses as JavaScript and does not parse as JSON", is mayParseAsScript,
// which errs towards letting a response through.
// See https://github.com/annevk/orb#processing-model.
func fetchORBAllows(o *crossOriginResponse) (allows, media bool) {
	if e := o.essence; e != "" {
		switch {
		case isORBSafelisted(e):
			return true, true
		case o.neverSniffed:
			return false, false
		case o.status.code == http.StatusPartialContent && isORBBlocklisted(e):
			return false, false
		case o.noSniff && (isORBBlocklisted(e) || e == "text/plain"):
			return false, false
		}
	}
	if o.status.code == http.StatusPartialContent && !o.status.rng.validFirst() {
		return false, false
	}
	h := o.h[:min(len(o.h), orbSniffBytes)]
	if _, ok := MatchImageTypePattern(h); ok {
		return true, true
	}
	if _, ok := MatchAudioOrVideoTypePattern(h); ok {
		return true, true
	}
	return orbLastSteps(o, o.essence), false
}

// orbLastSteps are the proposal's steps after it sniffed neither an image
// nor media, for a response of essence e ("" for failure), for a request
// that is not a media element's (which these steps block first): nosniff
// is blocked, a status that is not ok is blocked, no type is let through, an image, audio or video type is
// blocked, and the rest is let through where the body can be a script that
// is no JSON.
func orbLastSteps(o *crossOriginResponse, e string) bool {
	switch {
	case o.noSniff, !o.status.ok():
		return false
	case e == "":
		return true
	case strings.HasPrefix(e, "audio/"), strings.HasPrefix(e, "image/"), strings.HasPrefix(e, "video/"):
		return false
	}
	return o.mayParseAsScript()
}

// mayParseAsScript reports whether a body that starts with h can parse as
// JavaScript and not as JSON: ORB's last step, which Firefox takes with its
// JavaScript parser over the whole body, decoded as its byte order mark
// says, else as UTF-8. complete reports whether h is the whole body.
//
// The package does not parse JavaScript: it answers false only where it
// is sure, and true wherever it is not, so that a response it lets through
// may be one Firefox blocks, never the other way. It is sure of JSON
// (jsonValid) in a whole body, and of a syntax error that the body's first
// bytes already make (jsSyntaxError): text in another encoding or binary
// bytes outside a string or a comment, two words or values on one line
// ("A secret note", "WEBVTT ... A caption"), a string that runs past the
// end of its line, a block whose first statement is a string and a colon
// (for(;;);{"a":1}), an operator with nothing before it ("<html>"), and
// the like.
//
// TestMayParseAsScript replays V8's verdicts on some 200,000 bodies
// (testdata/javascript, tools/jscheck): none that V8 compiles is claimed
// an error, whole or cut, and the JSON answer agrees with JSON.parse on
// every one.
func mayParseAsScript(h []byte, complete bool) bool {
	src := scriptSource(h, complete)
	if complete && src.jsonValid() {
		return false
	}
	return !src.jsSyntaxError()
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

func isHexDigit(r rune) bool {
	return r >= '0' && r <= '9' || r >= 'a' && r <= 'f' || r >= 'A' && r <= 'F'
}

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
	i := 0
	if s.hasASCII(0, "#!") {
		i = s.lineEnd(0) // a hashbang comment
	}
	var prev, prev2 jsToken
	var stack [64]byte
	depth := 0
	nl, lineStart := false, true
	for {
		r, n := s.at(i)
		if n == 0 {
			// A whole body ends in a statement: with no bracket open
			// and no operator waiting for its operand.
			return s.complete && (depth > 0 || prev.kind == jsPunct && (slices.Contains(jsNeedsLeft, prev.text) || slices.Contains([]string{"+", "-", "*", "!", "~", "...", ","}, prev.text)))
		}
		switch {
		case r == '\n' || r == '\r' || r == 0x2028 || r == 0x2029:
			nl, lineStart = true, true
			i += n
			continue
		case r == ' ' || r == '\t' || r == '\v' || r == '\f' || r == 0xA0 || r == 0xFEFF || r >= utf8.RuneSelf && unicode.Is(unicode.Zs, r):
			i += n
			continue
		case r == '/':
			if c, m := s.at(i + n); c == '/' {
				i = s.lineEnd(i)
				continue
			} else if c == '*' {
				end, sawLine, ok := s.commentEnd(i + n + m)
				if !ok {
					return s.complete
				}
				// After a comment with a line terminator, --> starts a
				// comment (Annex B's MultiLineComment).
				i, nl, lineStart = end, nl || sawLine, lineStart || sawLine
				continue
			}
		case r == '<' && s.hasASCII(i, "<!--"), r == '-' && lineStart && s.hasASCII(i, "-->"):
			i = s.lineEnd(i)
			continue
		}
		if !s.complete && i+4*s.unitSize() > len(s.b) {
			// The end of a body's start may cut a longer punctuator or
			// comment than the bytes before it show (<! of <!--, # of #!).
			return false
		}
		lineStart = false
		t := jsToken{nl: nl}
		end := i + n
		switch {
		case r == '"' || r == '\'':
			var ok bool
			if end, ok = s.stringEnd(end, r); !ok {
				return end < 0 // -1: a syntax error; 0: the end of a body's start
			}
			t.kind, t.str = jsValue, true
		case r >= '0' && r <= '9' || r == '.' && s.digitAt(end):
			var ok bool
			if end, ok = s.numberEnd(i); !ok {
				// In a body's start, the end may cut an exponent
				// (1.5e of 1.5e+3) or a prefix's digits (0x).
				return s.complete || end+3*s.unitSize() <= len(s.b)
			}
			t.kind = jsValue
		case r == '$' || r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= utf8.RuneSelf && jsIdentifierRune(r):
			// A word is at most 10 letters (instanceof): a longer name,
			// or one with a letter beyond ASCII, is no word.
			var word [10]byte
			w := 0
			for j := i; ; {
				c, m := s.at(j)
				if m == 0 || !(c == '$' || c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= utf8.RuneSelf && jsIdentifierRune(c)) {
					if m > 0 && (c == '\\' || c >= utf8.RuneSelf && !unicode.In(c, jsAssigned...)) {
						return false // an escape, or an unassigned code point that may continue the name: not read
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
			case prev.kind == jsPunct && (prev.text == "." || prev.text == "?."):
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
		case r == '/':
			regexp, sure := jsRegExpAfter(prev, nl)
			if !sure {
				return false
			}
			if regexp {
				var ok bool
				if end, ok = s.regExpEnd(end); !ok {
					return end < 0 // -1: a syntax error; 0: the end of a body's start
				}
				if c, m := s.at(end); m > 0 && c >= utf8.RuneSelf && jsIdentifierRune(c) {
					// A flag beyond ASCII is an error, but V8 reads a
					// flag by its low byte: /a/潤 (U+6F64) is /a/d.
					return false
				}
				t.kind = jsValue
				break
			}
			t.kind, t.text = jsPunct, "/"
			if c, m := s.at(end); m > 0 && c == '=' {
				t.text, end = "/=", end+m
			}
		case r == '@':
			// After an operand, or at the top level before a name and a
			// string (@charset "utf-8"), no decorator: else, perhaps one.
			return (prev.kind == jsName || prev.kind == jsValue) && !nl || depth == 0 && s.decoratorThenString(end)
		case r == '#':
			return depth == 0 // a private name, but outside any class body
		case r == '`', r == '\\' && s.hasASCII(end, "u"):
			return false // a template, an escape: not read
		case r < utf8.RuneSelf && strings.IndexByte("{}()[];,<>+-*%&|^!~?:=.", byte(r)) >= 0:
			t.kind = jsPunct
			for _, p := range jsPunctuators {
				if s.hasASCII(i, p) && !(p == "?." && s.digitAt(i+2*s.unitSize())) {
					t.text, end = p, i+len(p)*s.unitSize()
					break
				}
			}
			if t.text == "{" {
				// A block, surely, after these; after ) and => a block
				// or a function's body, a statement list too, but one
				// that can end an expression.
				// A ; in parentheses is a for statement's: an
				// expression follows it (for (;{}.a;)).
				inParens := depth > 0 && stack[depth-1] == '('
				sure := prev.kind == jsStart || prev.kind == jsPunct && (slices.Contains([]string{"}", "{"}, prev.text) || prev.text == ";" && !inParens) ||
					prev.kind == jsWord && slices.Contains([]string{"else", "do", "try", "finally"}, prev.text)
				t.block = sure || prev.kind == jsPunct && slices.Contains([]string{")", "=>"}, prev.text)
				t.sureBlock = sure
			}
		case r >= utf8.RuneSelf && !unicode.In(r, jsAssigned...):
			return false // unassigned: a newer Unicode may give it a meaning
		default:
			return true // a control byte, U+FFFD, a symbol, a backslash
		}
		if _, m := s.at(end); !s.complete && m == 0 {
			return false // the end of the start of the body (or a code point it cuts) may cut the token
		}
		if jsTokenError(prev2, prev, t) {
			return true
		}
		if prev.kind == jsStart && t.kind == jsWord && (t.text == "export" || t.text == "import" && s.importDeclaration(end)) {
			return true
		}
		if t.kind == jsPunct {
			switch t.text {
			case "(", "[", "{":
				if depth == len(stack) {
					return false
				}
				stack[depth] = t.text[0]
				if t.sureBlock {
					stack[depth] = 'k'
				}
				depth++
			case ")", "]", "}":
				open := stack[max(depth-1, 0)]
				if open == 'k' {
					open, t.blockEnd = '{', true
				}
				if depth == 0 || open != map[string]byte{")": '(', "]": '[', "}": '{'}[t.text] {
					return true
				}
				depth--
			}
		}
		prev2, prev, nl, i = prev, t, false, end
	}
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
