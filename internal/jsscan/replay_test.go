// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package jsscan

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
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

// This file checks MayParseAsScript, the last step of ORB in the standard's
// and Firefox's profiles, against a JavaScript engine's answers stored in
// the repository's testdata/browsers/javascript (written by
// tools/jscheck/gen.js with V8, standing in for Firefox's SpiderMonkey),
// and with properties that hold of JavaScript itself and need no engine
// (FuzzScriptCheckMonotone, rules_test.go).
//
// The rule: the check may say "may parse" of a body the engine rejects
// (the profile then delivers a response Firefox blocks: counted, the
// approximation), never "syntax error" of one the engine parses (a false
// "private" verdict), and its JSON answer is exact.

// verdictsFile is V8's verdicts, in the testdata/browsers module: a
// directory with a go.mod of its own, so that the 2.2 MB file stays out of
// the library's module zip. A copy of the module without it (one that go
// get downloaded) skips the tests that read it.
var verdictsFile = filepath.Join("..", "..", "testdata", "browsers", "javascript", "verdicts.jsonl.gz")

// headerSize is mimesniff.HeaderSize, where the package cuts the bodies it
// reads: MayParseAsScript is given at most that many bytes.
const headerSize = 1445

// long reports whether the long cases run in full: with MIMESNIFF_LONG=1,
// the project's one switch for them, as .ci/run sets it.
func long() bool { return os.Getenv("MIMESNIFF_LONG") == "1" }

// sampleRows is how many rows of each kind of body the replay reads
// without MIMESNIFF_LONG: every row of a kind with no more, else rows
// spread evenly over the kind (every n-th, from its first), so that each
// way gen.js makes bodies is in the sample.
const sampleRows = 1500

// jsVerdict is one row of the verdicts file.
type jsVerdict struct {
	Kind   string `json:"k"` // how gen.js made the body
	Body   []byte `json:"b"`
	Script *bool  `json:"script"` // V8 compiles it as a classic script; nil: unknown
	JSON   bool   `json:"json"`   // JSON.parse accepts it
	Error  string `json:"e"`      // V8's SyntaxError message, quoted parts elided
	Row    int    `json:"-"`      // its index among the file's rows
}

// readJSVerdicts reads the verdicts file: its header line and its rows,
// all of them or, where all is false, sampleRows of each kind. It skips t
// where the file is absent.
func readJSVerdicts(t testing.TB, all bool) (header map[string]any, rows []jsVerdict) {
	t.Helper()
	f, err := os.Open(verdictsFile)
	if errors.Is(err, fs.ErrNotExist) {
		t.Skipf("%s is not in this copy of the module (it ships only with the repository)", verdictsFile)
	}
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
	if !sc.Scan() {
		t.Fatalf("%s: no header line: %v", verdictsFile, sc.Err())
	}
	if err := json.Unmarshal(sc.Bytes(), &header); err != nil {
		t.Fatal(err)
	}
	kinds, _ := header["kinds"].(map[string]any)
	seen := map[string]int{} // rows of each kind so far
	n := 0
	for ; sc.Scan(); n++ {
		var v jsVerdict
		if !all {
			// Only the rows sampled are decoded: the kind is the first
			// field of each row.
			var k struct {
				Kind string `json:"k"`
			}
			if kind, ok := rowKind(sc.Bytes()); ok {
				k.Kind = kind
			} else if err := json.Unmarshal(sc.Bytes(), &k); err != nil {
				t.Fatal(err)
			}
			count, _ := kinds[k.Kind].(float64)
			i := seen[k.Kind]
			seen[k.Kind]++
			if step := max(int(count)/sampleRows, 1); i%step != 0 {
				continue
			}
		}
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			t.Fatal(err)
		}
		v.Row = n
		rows = append(rows, v)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if want, _ := header["rows"].(float64); int(want) != n {
		t.Fatalf("%d rows, the header says %v", n, header["rows"])
	}
	return header, rows
}

// rowKind returns the kind of a row that starts {"k":"kind", as gen.js
// writes each.
func rowKind(line []byte) (string, bool) {
	rest, ok := bytes.CutPrefix(line, []byte(`{"k":"`))
	if !ok {
		return "", false
	}
	kind, _, ok := bytes.Cut(rest, []byte(`"`))
	return string(kind), ok
}

// jsCutLengths returns the lengths at which the replay cuts a body of n
// bytes, as the profile cuts a longer body at headerSize: every length
// for a short body, else the first 64 and, for a body longer than
// headerSize, headerSize, for another 16 spread over the rest (from seed,
// so that different rows get different ones).
func jsCutLengths(n, seed int) []int {
	var ks []int
	for k := 1; k < n && k <= 64; k++ {
		ks = append(ks, k)
	}
	if n <= 66 {
		return ks
	}
	if n > headerSize {
		return append(ks, headerSize)
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
//
// With MIMESNIFF_LONG=1 it replays every one of the 217,868 rows; without,
// a stratified sample of some 11,500: every row of each kind of body
// gen.js makes, up to sampleRows of a kind, and sampleRows spread evenly
// over each larger kind (the same rows on every run).
func TestMayParseAsScript(t *testing.T) {
	header, rows := readJSVerdicts(t, long())
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
	for _, v := range rows {
		i := v.Row
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
// classes in testdata/unicode.txt (oracle.js --unicode): for
// each, the probes that V8 compiles by its class ("var c" for a start
// character, "var acb" for any identifier part and a line terminator,
// "var ac" for those and whitespace, "ac++b" for a line terminator) must
// not be claimed syntax errors. A code point Go's Unicode leaves
// unassigned is not read (jsSyntaxError stops there), so only a property
// that changed between the two Unicode versions can fail here.
func TestJSUnicodeClasses(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "unicode.txt"))
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
	_, rows := readJSVerdicts(t, true)
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
		if len(b) > headerSize+64 {
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
	cmd := exec.Command("node", filepath.Join("..", "..", "tools", "jscheck", "oracle.js"))
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
