// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// typeOnly reports whether a header set is a declared type and nosniff
// and nothing else: no header, one Content-Type, one
// X-Content-Type-Options: nosniff, or both.
func typeOnly(s headerSet) bool {
	ct, ns := 0, 0
	for _, l := range s.Headers {
		switch {
		case strings.EqualFold(l[0], "Content-Type"):
			ct++
		case strings.EqualFold(l[0], "X-Content-Type-Options") && l[1] == "nosniff":
			ns++
		default:
			return false
		}
	}
	return ct <= 1 && ns <= 1
}

// typeRow names a header set by its type, nosniff and attachment.
func typeRow(s headerSet) string {
	class, ns, att := classify(s)
	if ns {
		class += ", nosniff"
	}
	if att {
		class += ", attachment"
	}
	return class
}

func navigationSection(p *page, r *recordings) {
	c := r.nav
	p.line("## Navigation: declared type and nosniff")
	p.line("")
	p.line("From `testdata/browsers/navigation`: every body navigated to in a top-level browsing context under")
	p.line("every header set, grouped here by the type Fetch extracts from the `Content-Type` values, whether")
	p.line("nosniff is set and whether `Content-Disposition` is an attachment (so a group holds several header")
	p.line("sets: spellings, parameters, repeated lines). A cell counts the cases rendered as a document or")
	p.line("downloaded; `script n` is how many of the rendered documents ran the body's probe (only HTML, XHTML,")
	p.line("SVG and feed bodies of the real corpus carry one; the 5,624 oldest cases were recorded without it).")
	p.line("The standard is the package's `Standard` profile: the computed MIME type, rendered where the")
	p.line("standard displays it.")
	p.line("")
	type group struct {
		rows map[string]cell
		std  cell
		runs map[string]int
		n    int
	}
	groups := map[string]*group{}
	var names []string
	for _, k := range c.cases {
		s := c.set[k.Headers]
		name := typeRow(s)
		g := groups[name]
		if g == nil {
			g = &group{rows: map[string]cell{}, std: cell{}, runs: map[string]int{}}
			for _, e := range engines {
				g.rows[e] = cell{}
			}
			groups[name] = g
			names = append(names, name)
		}
		g.n++
		for _, e := range engines {
			x := r.navRows[e][k.ID]
			l := x.Outcome
			if l == "document" {
				l = "renders"
				if x.Script {
					g.runs[e]++
				}
			}
			if l == "download" {
				l = "downloads"
			}
			g.rows[e].add(l)
		}
		g.std.add(standardLabel("document", s.header(), c.head(k.Body)))
	}
	// runs is not the standard's question here: the standard's "runs" is
	// "renders" for comparing.
	for _, g := range groups {
		if n := g.std["runs"]; n > 0 {
			g.std["renders"] += n
			delete(g.std, "runs")
		}
	}
	sort.SliceStable(names, func(i, j int) bool { return names[i] < names[j] })
	var rows [][]string
	for _, name := range names {
		g := groups[name]
		row := []string{name, commas(g.n)}
		var cells []cell
		for _, e := range engines {
			s := g.rows[e].String()
			if g.runs[e] > 0 {
				s += fmt.Sprintf(" (script %d)", g.runs[e])
			}
			row = append(row, s)
			cells = append(cells, g.rows[e])
		}
		row = append(row, g.std.String(), differs(cells, g.std))
		rows = append(rows, row)
	}
	p.table([]string{"declared", "cases", "Chromium", "Firefox", "WebKit", "standard", "where they differ"}, rows)
}

// destColumns are the destinations of the destinations corpus' table, and
// the outcome each counts.
var destColumns = []struct{ dest, counts string }{
	{"document", "runs"}, {"iframe", "runs"}, {"script", "allowed"}, {"module", "allowed"}, {"worker", "allowed"},
	{"sharedworker", "allowed"}, {"serviceworker", "allowed"}, {"style", "applies"}, {"image", "loads"},
}

// counted reports whether a load's label is what a column counts.
func counted(counts, l string) bool {
	if counts == "allowed" {
		return l == "runs" || l == "loads, no run" || l == "script error"
	}
	return l == counts
}

// counts writes the engines' counts and the standard's, "C/F/W·S" ("-"
// for a count this page does not give).
func counts(n []int, std int) string {
	parts := make([]string, len(n))
	for i, v := range n {
		parts[i] = strconv.Itoa(v)
	}
	s := strings.Join(parts, "/")
	if std < 0 {
		return s + "·-"
	}
	return s + "·" + strconv.Itoa(std)
}

func destinationsSection(p *page, r *recordings) {
	c := r.dest
	p.line("## Destinations: declared type and nosniff")
	p.line("")
	p.line("From `testdata/browsers/destinations`: each body that can run script (HTML, XHTML, SVG, XSLT,")
	p.line("JavaScript and polyglots of them with GIF, JSON and CSS, and a PNG) under each declared type, with")
	p.line("and without nosniff, at `200`, loaded in each destination from a page of the response's origin. A")
	p.line("row is a header set that declares a type, nosniff, or both, and nothing else; `bodies` is how many")
	p.line("bodies it was served over. A cell is `Chromium/Firefox/WebKit·standard`: how many of those loads")
	p.line("ran the probe in a document or frame of the response's origin (`runs`), were allowed as a script or")
	p.line("worker (`allowed`: fetched and handed to the script parser, whether or not the body then parsed and")
	p.line("ran: the probe ran in the JavaScript bodies, 4 of the 20 most sets have), applied a style sheet with")
	p.line("a rule, or decoded an image. The standard is the package's `Standard` profile (`ReportFor`): a")
	p.line("document that runs script with the response's origin; a script or worker that Fetch does not block")
	p.line("for its MIME type or nosniff (a module also needs a JavaScript type); `-` where it states none (a")
	p.line("style sheet, an image). Each load's full outcome,")
	p.line("and the loads from a page of another origin, are in the recordings (`node destsummary.js` prints")
	p.line("them).")
	p.line("")
	cases := map[string]caseLine{}
	for _, k := range c.cases {
		cases[k.ID] = k
	}
	type key struct{ set, e, dest string }
	n := map[key]int{}
	bodies := map[string]int{}
	for _, e := range engines {
		for _, x := range r.destRows[e] {
			k := cases[x.Case]
			if x.Origin != "same" || k.Status != "" || !typeOnly(c.set[k.Headers]) {
				continue
			}
			if e == "chromium" && x.Dest == "document" {
				bodies[k.Headers]++
			}
			for _, dc := range destColumns {
				if x.Dest == dc.dest && counted(dc.counts, label(x)) {
					n[key{k.Headers, e, x.Dest}]++
				}
			}
		}
	}
	std := map[key]int{}
	for _, k := range c.cases {
		s := c.set[k.Headers]
		if k.Status != "" || !typeOnly(s) {
			continue
		}
		for _, dc := range destColumns {
			l := standardLabel(dc.dest, s.header(), c.head(k.Body))
			if dc.counts == "runs" && l == "runs" || dc.counts == "allowed" && l != "error" {
				std[key{k.Headers, "", dc.dest}]++
			}
		}
	}
	head := []string{"header set", "declared", "bodies"}
	for _, dc := range destColumns {
		head = append(head, fmt.Sprintf("%s (%s)", dc.dest, dc.counts))
	}
	var rows [][]string
	for _, s := range c.sets {
		if bodies[s.Name] == 0 {
			continue
		}
		row := []string{"`" + s.Name + "`", typeRow(s), strconv.Itoa(bodies[s.Name])}
		for _, dc := range destColumns {
			var v []int
			for _, e := range engines {
				v = append(v, n[key{s.Name, e, dc.dest}])
			}
			sv := -1
			if dc.counts == "runs" || dc.counts == "allowed" {
				sv = std[key{s.Name, "", dc.dest}]
			}
			row = append(row, counts(v, sv))
		}
		rows = append(rows, row)
	}
	p.table(head, rows)
}

func crossSection(p *page, r *recordings) {
	c := r.cross
	ways := []string{"image", "script", "style", "audio", "video", "track", "fetch"}
	p.line("## Cross-origin, no CORS: declared type and nosniff")
	p.line("")
	p.line("From `testdata/browsers/crossorigin`: the bodies under each header set that declares a type,")
	p.line("nosniff, or both, and nothing else, over 50 bodies or more (the main types; the rarer spellings and")
	p.line("a body under its own type are in the recordings), at `200`, loaded from a page of another site")
	p.line("without CORS. A cell is `Chromium/Firefox/WebKit·standard`: how many of the loads were delivered to")
	p.line("the page's renderer (the network layer's verdict; see `docs/crossorigin.md` for what it rests on in")
	p.line("each engine; an emptied `fetch()` is not delivered). The standard is the package's `Standard`")
	p.line("profile: the Fetch ORB proposal.")
	p.line("")
	cases := map[string]caseLine{}
	for _, k := range c.cases {
		cases[k.ID] = k
	}
	plain := func(k caseLine) bool {
		return k.Status == "" && k.Redirect == "" && k.Range == nil && typeOnly(c.set[k.Headers])
	}
	type key struct{ set, e, way string }
	n := map[key]int{}
	for _, e := range engines {
		for _, x := range r.crossRows[e] {
			k := cases[x.Case]
			if plain(k) && x.Verdict == "delivered" {
				n[key{k.Headers, e, x.Way}]++
			}
		}
	}
	bodies := map[string]int{}
	for _, k := range c.cases {
		if !plain(k) {
			continue
		}
		bodies[k.Headers]++
		h := c.set[k.Headers].header()
		for _, w := range ways {
			if crossStandard(w, h, c.head(k.Body)) == "delivered" {
				n[key{k.Headers, "", w}]++
			}
		}
	}
	head := append([]string{"header set", "declared", "bodies"}, ways...)
	var rows [][]string
	for _, s := range c.sets {
		if bodies[s.Name] < 50 {
			continue
		}
		row := []string{"`" + s.Name + "`", typeRow(s), strconv.Itoa(bodies[s.Name])}
		for _, w := range ways {
			var v []int
			for _, e := range engines {
				v = append(v, n[key{s.Name, e, w}])
			}
			row = append(row, counts(v, n[key{s.Name, "", w}]))
		}
		rows = append(rows, row)
	}
	p.table(head, rows)
}
