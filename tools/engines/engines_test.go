// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDocInStep checks that docs/engines.md is what this command writes
// from testdata/browsers: a recording made again, or a change to the
// tables' code, fails here until the page is written again
// (go run ./engines -w in tools/).
func TestDocInStep(t *testing.T) {
	root, err := findRoot()
	if err != nil {
		t.Skip(err)
	}
	var b bytes.Buffer
	if err := generate(&b, root); err != nil {
		t.Fatal(err)
	}
	name := filepath.Join(root, "docs", "engines.md")
	have, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(have, b.Bytes()) {
		return
	}
	got, want := strings.Split(string(have), "\n"), strings.Split(b.String(), "\n")
	for i := 0; i < max(len(got), len(want)); i++ {
		var g, w string
		if i < len(got) {
			g = got[i]
		}
		if i < len(want) {
			w = want[i]
		}
		if g != w {
			t.Fatalf("%s is not what tools/engines writes from testdata/browsers (run go run ./engines -w in tools/); first difference at line %d:\n have: %s\n want: %s", name, i+1, g, w)
		}
	}
}

func TestGroups(t *testing.T) {
	a, b := cell{"runs": 2}, cell{"error": 2}
	for _, tc := range []struct {
		name  string
		cells []cell
		std   cell
		want  string
	}{
		{"all agree, no standard", []cell{a, a, a}, nil, ""},
		{"all agree with the standard", []cell{a, a, a}, a, ""},
		{"all agree against the standard", []cell{a, a, a}, b, "CFW S"},
		{"WebKit alone", []cell{a, a, b}, a, "CFS W"},
		{"Firefox alone, standard with it", []cell{a, b, a}, b, "CW FS"},
		{"three ways", []cell{a, b, {"loads": 1}}, nil, "C F W"},
	} {
		if got := groups(tc.cells, tc.std); got != tc.want {
			t.Errorf("%s: groups = %q, want %q", tc.name, got, tc.want)
		}
	}
}

func TestCell(t *testing.T) {
	c := cell{}
	for _, l := range []string{"error", "runs", "runs", "loads"} {
		c.add(l)
	}
	if got, want := c.String(), "runs 2 · error 1 · loads 1"; got != want {
		t.Errorf("cell = %q, want %q", got, want)
	}
	if got := (cell{}).String(); got != "—" {
		t.Errorf("empty cell = %q, want —", got)
	}
}

func TestLabel(t *testing.T) {
	rules := func(n int) *int { return &n }
	for _, tc := range []struct {
		r    destRow
		want string
	}{
		{destRow{Dest: "document", Outcome: "loaded", Probe: "server"}, "runs"},
		{destRow{Dest: "document", Outcome: "loaded"}, "renders"},
		{destRow{Dest: "document", Outcome: "timeout", Note: "the tab stayed at the attacker page"}, "not navigated"},
		{destRow{Dest: "iframe", Outcome: "error", Error: "frame at about:blank"}, "frame stays blank"},
		{destRow{Dest: "script", Outcome: "loaded", Probe: "page"}, "runs"},
		{destRow{Dest: "script", Outcome: "loaded"}, "loads, no run"},
		{destRow{Dest: "worker", Outcome: "loaded", Error: "script error: SyntaxError"}, "script error"},
		{destRow{Dest: "style", Outcome: "loaded", Rules: rules(1)}, "applies"},
		{destRow{Dest: "style", Outcome: "loaded", Rules: rules(0)}, "loads, no rules"},
		{destRow{Dest: "style", Outcome: "loaded"}, "loads"},
		{destRow{Dest: "image", Outcome: "blocked"}, "error"},
		{destRow{Dest: "image", Outcome: "timeout"}, "timeout"},
	} {
		if got := label(tc.r); got != tc.want {
			t.Errorf("label(%+v) = %q, want %q", tc.r, got, tc.want)
		}
	}
}
