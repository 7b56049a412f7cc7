// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// A cell counts the loads behind one table cell by what happened to them.
type cell map[string]int

func (c cell) add(label string) { c[label]++ }

// String says what happened, most loads first: "runs 3 · error 1", or
// "—" for no loads.
func (c cell) String() string {
	if len(c) == 0 {
		return "—"
	}
	labels := slices.Collect(maps.Keys(c))
	slices.SortFunc(labels, func(a, b string) int {
		if c[a] != c[b] {
			return c[b] - c[a]
		}
		return strings.Compare(a, b)
	})
	parts := make([]string, len(labels))
	for i, l := range labels {
		parts[i] = fmt.Sprintf("%s %d", l, c[l])
	}
	return strings.Join(parts, " · ")
}

func (c cell) equal(d cell) bool { return maps.Equal(c, d) }

// differs says where the engines' cells (in engines' order) and the
// standard's (nil where this page gives none) part: "engines differ" when
// they do not all agree, and the engines whose cell is not the standard's.
func differs(cells []cell, std cell) string {
	var out []string
	for _, c := range cells[1:] {
		if !c.equal(cells[0]) {
			out = append(out, "engines differ")
			break
		}
	}
	if std != nil {
		var not []string
		for i, c := range cells {
			if !c.equal(std) {
				not = append(not, engineTitle[engines[i]])
			}
		}
		if len(not) > 0 {
			out = append(out, "≠ standard: "+strings.Join(not, ", "))
		}
	}
	return strings.Join(out, "; ")
}

// label says in a word or two what a destination did with one load of the
// destinations recorder (destinations.js): see FORMAT.md of
// testdata/browsers/destinations and status.
func label(r destRow) string {
	switch r.Dest {
	case "document", "iframe", "object", "embed":
		switch r.Outcome {
		case "loaded":
			switch r.Probe {
			case "server":
				return "runs"
			case "opaque":
				return "runs sandboxed"
			}
			return "renders"
		case "timeout":
			if strings.Contains(r.Note, "stayed at the attacker page") {
				return "not navigated"
			}
		case "error":
			if strings.HasPrefix(r.Error, "frame at about:blank") {
				return "frame stays blank"
			}
		}
	case "script", "module":
		switch {
		case r.Probe != "":
			return "runs"
		case r.Outcome == "loaded":
			return "loads, no run"
		}
	case "worker", "sharedworker", "serviceworker":
		switch {
		case r.Probe != "":
			return "runs"
		case r.Outcome == "loaded" && strings.HasPrefix(r.Error, "script error"):
			return "script error"
		case r.Outcome == "loaded":
			return "loads, no run"
		}
	case "style":
		if r.Outcome == "loaded" {
			switch {
			case r.Rules == nil:
				return "loads"
			case *r.Rules > 0:
				return "applies"
			}
			return "loads, no rules"
		}
	}
	switch r.Outcome {
	case "loaded":
		return "loads"
	case "blocked":
		return "error"
	case "download":
		return "downloads"
	}
	return r.Outcome
}

// letter is a cross-origin verdict in one letter, for the status tables.
func letter(verdict string) string {
	switch verdict {
	case "delivered":
		return "D"
	case "blocked":
		return "B"
	case "emptied":
		return "E"
	case "unrequested":
		return "U"
	case "timeout":
		return "T"
	case "unknown":
		return "?"
	case "":
		return "·"
	}
	return "X"
}
