// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package jsscan_test

import (
	"strings"
	"testing"

	"github.com/mimesniff/mimesniff/internal/jsscan"
)

// apiBodies are bodies of each kind the two functions tell apart, each
// with its answers: whole, and as the start of a longer body.
var apiBodies = []struct {
	name                string
	body                string
	json, script, start bool // IsJSON, MayParseAsScript whole and as a start
}{
	// A start may go on as a script, but not one that starts with a
	// block whose first statement is a string and a colon.
	{"JSON object", `{"user":"alice"}`, true, false, false},
	{"JSON array", `[1,2,3]`, true, false, true},
	{"JSON after a UTF-16LE byte order mark", "\xFF\xFE[\x001\x00]\x00", true, false, true},
	{"script", "var a = 1;", false, true, true},
	{"script breaker then JSON", `for(;;);{"a":1} `, false, false, false},
	// A start's last four code units are not judged: its end may cut a
	// longer token there.
	{"script breaker then JSON, the colon last", `for(;;);{"a":1}`, false, false, true},
	{"prose", "A secret note", false, false, false},
	{"HTML", "<!doctype html><p>hi", false, false, false},
	{"string cut by the end of the start", `var a = "abc`, false, false, true},
	{"empty", "", false, true, true},
}

func TestAPI(t *testing.T) {
	for _, tc := range apiBodies {
		t.Run(tc.name, func(t *testing.T) {
			b := []byte(tc.body)
			if got := jsscan.IsJSON(b); got != tc.json {
				t.Errorf("IsJSON(%q) = %v, want %v", b, got, tc.json)
			}
			if got := jsscan.MayParseAsScript(b, true); got != tc.script {
				t.Errorf("MayParseAsScript(%q, true) = %v, want %v", b, got, tc.script)
			}
			if got := jsscan.MayParseAsScript(b, false); got != tc.start {
				t.Errorf("MayParseAsScript(%q, false) = %v, want %v", b, got, tc.start)
			}
		})
	}
}

// TestNoAllocs checks that neither function allocates, on each body of
// apiBodies and on a long script and a deep JSON text.
func TestNoAllocs(t *testing.T) {
	bodies := [][]byte{
		[]byte(strings.Repeat("var a = [1, 'b', /c/g, {d: 2}] // e\n", 40)),
		[]byte(strings.Repeat("[", 512) + strings.Repeat("]", 512)),
	}
	for _, tc := range apiBodies {
		bodies = append(bodies, []byte(tc.body))
	}
	for _, b := range bodies {
		n := testing.AllocsPerRun(10, func() {
			jsscan.IsJSON(b)
			jsscan.MayParseAsScript(b, true)
			jsscan.MayParseAsScript(b, false)
		})
		if n != 0 {
			t.Errorf("%.40q: %v allocations, want 0", b, n)
		}
	}
}

// BenchmarkMayParseAsScript scans a script of 1,445 bytes (the most the
// package reads of a body) as a start, and a JSON text of as many bytes
// as a whole body.
func BenchmarkMayParseAsScript(b *testing.B) {
	script := []byte(strings.Repeat("var a = [1, 'b', /c/g, {d: 2}] // e\n", 41)[:1445])
	json := []byte(`[` + strings.Repeat(`{"a":"bcd","e":[1,2.5,true,null]},`, 42)[:1408] + `{}]`)
	for _, bc := range []struct {
		name     string
		body     []byte
		complete bool
	}{{"script", script, false}, {"json", json, true}} {
		b.Run(bc.name, func(b *testing.B) {
			b.SetBytes(int64(len(bc.body)))
			b.ReportAllocs()
			for b.Loop() {
				jsscan.MayParseAsScript(bc.body, bc.complete)
			}
		})
	}
}
