// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"fmt"
	"net/http"
	"regexp"
	"strconv"
	"strings"

	"github.com/mimesniff/mimesniff"
)

// statusDests are the destinations the status corpus is recorded in, with
// the bodies that run or render there at 200 and whether the table counts
// the page of another origin too (a module, a worker, a track and a font
// need CORS or the same origin there, and fail whatever the status; a style
// sheet's rules cannot be read from there).
var statusDests = []struct {
	dest   string
	bodies []string
	cross  bool
}{
	{"document", []string{"html", "svg"}, true},
	{"iframe", []string{"html", "svg"}, true},
	{"script", []string{"js"}, true},
	{"module", []string{"js"}, false},
	{"worker", []string{"js"}, false},
	{"sharedworker", []string{"js"}, false},
	{"serviceworker", []string{"js"}, false},
	{"style", []string{"css"}, false}, // from another origin a sheet's rules cannot be read: see the ORB tables
	{"image", []string{"png", "svg"}, true},
	{"audio", []string{"ogg", "webm"}, true},
	{"video", []string{"webm"}, true},
	{"track", []string{"vtt"}, false},
	{"font", []string{"woff"}, false},
}

// A variant is a status variant of the status corpus (genstatus.js).
type variant struct {
	name     string
	code     int  // the status code, or the redirect's
	redirect bool // a redirect to the case, served at 200
	multi    bool // a multipart/byteranges body
	rng      string
}

// variantOf reads a case's variant.
func variantOf(c caseLine) variant {
	v := variant{name: strings.SplitN(c.Headers, "+", 2)[0], rng: contentRange(c)}
	line := c.Status
	if c.Redirect != "" {
		line, v.redirect = c.Redirect, true
	}
	v.code, _ = strconv.Atoi(strings.SplitN(line, " ", 2)[0])
	v.multi = strings.HasPrefix(c.Body, "multi")
	return v
}

// describe says what a variant serves.
func (v variant) describe(c caseLine) string {
	s := c.Status
	if v.redirect {
		s = c.Redirect + ", `Location` to a `200` of the response"
	}
	switch {
	case v.multi && strings.Contains(c.Body, "-mid"):
		s += ", `multipart/byteranges`, parts from byte 1000"
	case v.multi:
		s += ", `multipart/byteranges`, parts from byte 0"
	case strings.HasSuffix(v.name, "-start"):
		s += ", `Content-Range: bytes 0-(n-1)/(n+1000)`"
	case strings.HasSuffix(v.name, "-mid"):
		s += ", `Content-Range: bytes 1000-(n+999)/(n+1000)`"
	case v.name == "s206":
		s += ", `Content-Range: bytes 0-(n-1)/n`"
	case strings.HasSuffix(v.name, "-norange"):
		s += ", no `Content-Range`"
	case strings.HasSuffix(v.name, "-noloc"):
		s += ", no `Location`"
	}
	return s
}

// contentRange is the case's Content-Range value, if any.
func contentRange(c caseLine) string { return c.ContentRange }

var rangeStart = regexp.MustCompile(`^bytes (\d+)-\d+/(\d+|\*)$`)

func (v variant) ok() bool   { return v.redirect || v.code >= 200 && v.code <= 299 }
func (v variant) null() bool { return !v.redirect && (v.code == 204 || v.code == 205 || v.code == 304) }

// statusStandard is the standard's answer for a body in a destination
// from a page of origin ("same" or "cross"), or "" where the page states
// none: see the rules written before the tables.
func statusStandard(dest string, v variant, origin string) string {
	applies := "applies"
	if origin == "cross" {
		applies = "loads"
	}
	switch dest {
	case "document", "iframe":
		switch {
		case v.redirect:
			return "runs"
		case (v.code == 204 || v.code == 205) && dest == "iframe":
			return "" // the frame keeps its about:blank, with or without a load event
		case v.code == 204 || v.code == 205:
			return "not navigated"
		case v.code == 304:
			return "renders"
		case v.multi:
			return "downloads"
		}
		return "runs"
	case "script", "module", "worker", "sharedworker", "serviceworker", "style":
		switch {
		case v.redirect && dest == "serviceworker":
			return "error"
		case v.redirect && dest == "style":
			return applies
		case v.redirect:
			return "runs"
		case !v.ok():
			return "error"
		case v.null() && dest == "style":
			if origin == "cross" {
				return "loads"
			}
			return "loads, no rules"
		case v.null():
			return "loads, no run"
		case v.multi && dest == "script":
			return "loads, no run"
		case v.multi:
			return "error"
		case dest == "style":
			return applies
		}
		return "runs"
	}
	return ""
}

// statusORBStandard is the ORB proposal's verdict for a status case in a
// way: the package's Standard profile for the response at 200, after the
// proposal's status steps (see crossSection's text).
func statusORBStandard(way string, v variant, h http.Header, body []byte) string {
	t, typed := mimesniff.ExtractMIMEType(h)
	e := t.Essence()
	if typed && (t.IsJavaScript() || e == "text/css" || e == "image/svg+xml") {
		return "delivered"
	}
	if v.null() {
		body = nil
	}
	code := v.code
	if v.redirect {
		code = 200
	}
	if code == 206 && typed && (t.IsHTML() || t.IsJSON() || t.IsXML()) {
		return "blocked"
	}
	if code == 206 {
		m := rangeStart.FindStringSubmatch(v.rng)
		if m == nil || m[1] != "0" {
			return "blocked"
		}
	}
	sniff := body[:min(len(body), 1024)]
	_, image := mimesniff.MatchImageTypePattern(sniff)
	_, media := mimesniff.MatchAudioOrVideoTypePattern(sniff)
	if image || media {
		return "delivered"
	}
	if way == "audio" || way == "video" {
		return "blocked"
	}
	if code < 200 || code > 299 {
		return "blocked"
	}
	return crossStandard(way, h, body)
}

func statusSection(p *page, r *recordings) {
	c := r.status
	p.line("## Status codes")
	p.line("")
	have := []string{}
	for _, e := range engines {
		if len(r.statusRows[e]) > 0 {
			have = append(have, engineTitle[e])
		}
	}
	recorded := "recorded in " + strings.Join(have, ", ")
	if len(have) == 0 {
		recorded = "not recorded yet"
	}
	p.line("From `testdata/browsers/status` (%s). Each status variant is served over each of", recorded)
	p.line("eleven declared types with a body that runs or renders at `200` under that type: an HTML page and")
	p.line("an SVG image that run the probe, a script that runs it, a style sheet with one rule, a PNG, a WebM")
	p.line("video, an Ogg audio file, a WebVTT track, a WOFF font, and JSON. A `206` with a `Content-Range` that")
	p.line("does not start at 0 still carries the whole body: only its label says it is a later part, so what")
	p.line("changes is the engine's reading of the status and the range, not the bytes. A `204`, `205` and `304`")
	p.line("carry the body with its `Content-Length`, as a handler that writes one would; HTTP/1.1 gives a `204`")
	p.line("and a `304` no body whatever the header says. The redirects answer with `Location` to the response")
	p.line("itself at `200`. A cell counts the loads of the bodies that fit the destination (listed below),")
	p.line("from a page of the response's origin and, for the destinations a page of another origin can load")
	p.line("without CORS, from a page of another origin of the same site too; a cell that reads")
	p.line("`same: … ; cross: …` is where the two pages differ. A frame's `timeout` is a frame that fired no")
	p.line("load event within 6 s and whose document the recorder could not read.")
	p.line("")
	p.line("The standard's table applies these rules, and leaves a cell empty where this page states none:")
	p.line("")
	p.line("- A document (HTML's navigation): a `204` or `205` is not navigated to; every other status renders")
	p.line("  the response, redirects are followed, and a `304` that answers no conditional request is a")
	p.line("  response with a null body (Fetch's null body status: 101, 103, 204, 205, 304), an empty document.")
	p.line("  A `multipart/byteranges` response is no type a browser renders: a download. Codes outside")
	p.line("  100–599 are, by RFC 9110 section 15, to be handled as a `5xx`: the document still renders.")
	p.line("- A classic or module script, a worker, a shared worker and a style sheet (HTML's \"fetch a classic")
	p.line("  script\", \"fetch a single module script\", the worker script fetches and \"fetch and process the")
	p.line("  linked resource\"): nothing runs or applies unless the status is an ok status (200–299, Fetch); a")
	p.line("  null body is an empty script or sheet; a module, a worker and a style sheet (in a page in")
	p.line("  standards mode) also need their MIME type, which `multipart/byteranges` is not; a classic script")
	p.line("  does not, and a multipart body fails to parse. A service worker (Service Workers' Update) needs")
	p.line("  an ok status and refuses a redirect.")
	p.line("- Images, media, tracks and fonts: their specifications let the data decide (HTML's media element")
	p.line("  has its own range checks); this page gives no column for them.")
	p.line("")
	cases := map[string]caseLine{}
	var variants []string
	seen := map[string]bool{}
	first := map[string]caseLine{}
	for _, k := range c.cases {
		cases[k.ID] = k
		v := variantOf(k)
		if !seen[v.name] {
			seen[v.name] = true
			variants = append(variants, v.name)
			first[v.name] = k
		}
	}
	base := func(b string) string {
		if i := strings.LastIndex(b, "/"); i >= 0 {
			return b[i+1:]
		}
		return b
	}
	// cells[key] counts a variant's loads by engine ("" for the
	// standard), destination and page origin.
	type key struct{ v, e, dest, o string }
	cells := map[key]cell{}
	get := func(k key) cell {
		if cells[k] == nil {
			cells[k] = cell{}
		}
		return cells[k]
	}
	fits := map[string]map[string]bool{}
	crossToo := map[string]bool{}
	for _, sd := range statusDests {
		fits[sd.dest] = map[string]bool{}
		for _, b := range sd.bodies {
			fits[sd.dest][b] = true
		}
		crossToo[sd.dest] = sd.cross
	}
	for _, e := range engines {
		for _, x := range r.statusRows[e] {
			if x.Kind != "destinations" || fits[x.Dest] == nil || (!crossToo[x.Dest] && x.Origin == "cross") {
				continue
			}
			k := cases[x.ID]
			if fits[x.Dest][base(k.Body)] {
				get(key{variantOf(k).name, e, x.Dest, x.Origin}).add(label(x))
			}
		}
	}
	for _, k := range c.cases {
		if k.Kind == "crossorigin" {
			continue
		}
		v := variantOf(k)
		for _, sd := range statusDests {
			if !fits[sd.dest][base(k.Body)] {
				continue
			}
			for _, o := range []string{"same", "cross"} {
				if o == "cross" && !sd.cross {
					continue
				}
				if l := statusStandard(sd.dest, v, o); l != "" {
					get(key{v.name, "", sd.dest, o}).add(l)
				}
			}
		}
	}
	var head []string
	var bodies []string
	for _, sd := range statusDests {
		head = append(head, sd.dest)
		o := ""
		if sd.cross {
			o = ", same and cross"
		}
		bodies = append(bodies, fmt.Sprintf("%s (%s%s)", sd.dest, strings.Join(quoteAll(sd.bodies), ", "), o))
	}
	p.line("The bodies counted in each destination, and the pages: %s. A table per engine, then the", strings.Join(bodies, "; "))
	p.line("standard's, then where they differ.")
	p.line("")
	cellText := func(vn, e, dest string, cross bool) string {
		return twoOrigins(get(key{vn, e, dest, "same"}), get(key{vn, e, dest, "cross"}), cross)
	}
	for _, e := range append(append([]string{}, engines...), "") {
		title := engineTitle[e]
		if e == "" {
			title = "The standard"
		}
		p.line("#### %s", title)
		p.line("")
		var rows [][]string
		for _, vn := range variants {
			row := []string{vn}
			if e == "" {
				row = append(row, variantOf(first[vn]).describe(first[vn]))
			}
			for _, sd := range statusDests {
				t := cellText(vn, e, sd.dest, sd.cross)
				if e == "" && t == "—" {
					t = ""
				}
				row = append(row, t)
			}
			rows = append(rows, row)
		}
		h := append([]string{"variant"}, head...)
		if e == "" {
			h = append([]string{"variant", "served"}, head...)
		}
		p.table(h, rows)
	}
	p.line("#### Where they differ")
	p.line("")
	p.line("Empty where the three engines agree, and agree with the standard where it has a cell. Otherwise")
	p.line("the engines grouped by what they did (`C` Chromium, `F` Firefox, `W` WebKit), and `S` with the")
	p.line("group the standard agrees with, or alone.")
	p.line("")
	var rows [][]string
	for _, vn := range variants {
		row := []string{vn}
		for _, sd := range statusDests {
			var cs []cell
			for _, e := range engines {
				cs = append(cs, originCell(get(key{vn, e, sd.dest, "same"}), get(key{vn, e, sd.dest, "cross"})))
			}
			var std cell
			if ss := get(key{vn, "", sd.dest, "same"}); len(ss) > 0 {
				std = originCell(ss, get(key{vn, "", sd.dest, "cross"}))
			}
			row = append(row, groups(cs, std))
		}
		rows = append(rows, row)
	}
	p.table(append([]string{"variant"}, head...), rows)
	statusCrossTables(p, r, cases, variants, first)
}

// twoOrigins writes the cells of the same-origin and the cross-origin
// page: one cell where they agree.
func twoOrigins(same, cross cell, both bool) string {
	if !both || len(cross) == 0 {
		return same.String()
	}
	if len(same) == 0 {
		return "cross: " + cross.String()
	}
	if same.equal(cross) {
		m := cell{}
		for k, n := range same {
			m[k] += n
		}
		for k, n := range cross {
			m[k] += n
		}
		return m.String()
	}
	return "same: " + same.String() + "; cross: " + cross.String()
}

// originCell is a cell whose labels say their page's origin, for
// comparing.
func originCell(same, cross cell) cell {
	m := cell{}
	for k, n := range same {
		m["same "+k] += n
	}
	for k, n := range cross {
		m["cross "+k] += n
	}
	return m
}

func quoteAll(s []string) []string {
	out := make([]string, len(s))
	for i, x := range s {
		out[i] = "`" + x + "`"
	}
	return out
}

// statusCrossTables writes the ORB recorder's verdicts for the status
// corpus: a table per way, a row per variant, a column per type and body.
func statusCrossTables(p *page, r *recordings, cases map[string]caseLine, variants []string, first map[string]caseLine) {
	c := r.status
	p.line("### Cross-origin, no CORS (Opaque Response Blocking)")
	p.line("")
	p.line("Each response loaded from a page of another site in the seven no-cors ways of the ORB recorder.")
	p.line("A cell is one load per engine, `Chromium Firefox WebKit · standard`, in letters: **D** delivered,")
	p.line("**B** blocked, **E** emptied (a `fetch()`), **U** unrequested, **T** timeout, **?** unknown (WebKit).")
	p.line("The standard is the Fetch ORB proposal as `docs/crossorigin.md` reads it, with its status steps: a")
	p.line("JavaScript type, `text/css` and `image/svg+xml` are delivered; an HTML, JSON or XML type with a `206`")
	p.line("is blocked; a `206` that is not a valid first partial response (a `Content-Range` from byte 0) is")
	p.line("blocked; the first 1,024 bytes sniffed as an image or media are delivered; audio or video that")
	p.line("sniffs as neither is blocked; a status that is not ok is blocked; a null body status (`204`, `205`,")
	p.line("`304`) has no bytes to sniff; the rest is the `Standard` profile's answer at `200`.")
	p.line("")
	type col struct{ set, body string }
	var cols []col
	seenCol := map[col]bool{}
	for _, k := range c.cases {
		if k.Kind == "destinations" {
			continue
		}
		parts := strings.SplitN(k.Headers, "+", 2)
		if parts[0] != variants[0] {
			continue
		}
		cc := col{parts[1], k.Body}
		if !seenCol[cc] {
			seenCol[cc] = true
			cols = append(cols, cc)
		}
	}
	verdict := map[string]map[string]string{} // engine -> id\tway -> verdict
	for _, e := range engines {
		verdict[e] = map[string]string{}
		for _, x := range r.statusRows[e] {
			if x.Kind == "crossorigin" {
				verdict[e][x.ID+"\t"+x.Way] = x.Verdict
			}
		}
	}
	byVC := map[string]caseLine{} // variant \t set \t body -> case
	for _, k := range c.cases {
		if k.Kind == "destinations" {
			continue
		}
		parts := strings.SplitN(k.Headers, "+", 2)
		b := k.Body
		if i := strings.LastIndex(b, "/"); i >= 0 && strings.HasPrefix(b, "multi") {
			b = b[i+1:]
		}
		byVC[parts[0]+"\t"+parts[1]+"\t"+b] = k
	}
	head := []string{"variant"}
	for _, cc := range cols {
		name := "no type"
		for _, l := range c.set[variants[0]+"+"+cc.set].Headers {
			name = "`" + l[1] + "`"
		}
		head = append(head, name+" "+cc.body)
	}
	for _, way := range []string{"image", "script", "style", "audio", "video", "track", "fetch"} {
		p.line("#### %s", way)
		p.line("")
		var rows [][]string
		for _, vn := range variants {
			row := []string{vn}
			for _, cc := range cols {
				k, ok := byVC[vn+"\t"+cc.set+"\t"+cc.body]
				if !ok {
					row = append(row, "")
					continue
				}
				s := ""
				for _, e := range engines {
					s += letter(verdict[e][k.ID+"\t"+way])
				}
				v := variantOf(k)
				h := c.set[k.Headers].header()
				std := statusORBStandard(way, v, h, c.bodies[k.Body])
				row = append(row, s+"·"+letter(std))
			}
			rows = append(rows, row)
		}
		p.table(head, rows)
	}
}

// groups writes how the engines' cells (in engines' order) fall into
// groups of equal cells, "CF W", with S after the group the standard's
// cell equals, or alone; "" when all agree and the standard (if any)
// does too.
func groups(cs []cell, std cell) string {
	letters := []string{"C", "F", "W"}
	var gs [][]int
	for i, c := range cs {
		placed := false
		for j, g := range gs {
			if cs[g[0]].equal(c) {
				gs[j] = append(gs[j], i)
				placed = true
				break
			}
		}
		if !placed {
			gs = append(gs, []int{i})
		}
	}
	stdIn := -1
	if std != nil {
		for j, g := range gs {
			if cs[g[0]].equal(std) {
				stdIn = j
			}
		}
	}
	if len(gs) == 1 && (std == nil || stdIn == 0) {
		return ""
	}
	var parts []string
	for j, g := range gs {
		s := ""
		for _, i := range g {
			s += letters[i]
		}
		if j == stdIn {
			s += "S"
		}
		parts = append(parts, s)
	}
	if std != nil && stdIn < 0 {
		parts = append(parts, "S")
	}
	return strings.Join(parts, " ")
}
