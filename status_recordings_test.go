// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff_test

import (
	"fmt"
	"maps"
	"net/http"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/mimesniff/mimesniff"
)

// statusDir holds the status recordings (FORMAT.md there).
const statusDir = "testdata/browsers/status"

// statusCase is one response of the status corpus.
type statusCase struct {
	ID           string `json:"id"`
	Body         string `json:"body"`
	Headers      string `json:"headers"`
	Status       string `json:"status"`
	ContentRange string `json:"contentRange"`
	Redirect     string `json:"redirect"`
	Kind         string `json:"kind"`
	Split        string `json:"split"`
}

// statusResult is one row of an engine's status recording: a load in one
// destination from a page of one origin (kind "destinations"), or in one
// no-cors way from a page of another site (kind "crossorigin").
type statusResult struct {
	ID      string `json:"id"`
	Kind    string `json:"kind"`
	Origin  string `json:"origin"`
	Dest    string `json:"dest"`
	Outcome string `json:"outcome"`
	Probe   string `json:"probe"`
	Way     string `json:"way"`
	Verdict string `json:"verdict"`
	By      string `json:"by"`
	ORB     string `json:"orb"`
}

// statusCorpus is the status corpus with its recordings.
type statusCorpus struct {
	cases   []statusCase
	byID    map[string]*statusCase
	reports map[string]mimesniff.Report // by case, for its final response
	results map[mimesniff.Browser][]statusResult
}

// code returns the status code of the response that carries c's body.
func (c *statusCase) code(t testing.TB) int {
	code, err := strconv.Atoi(strings.SplitN(c.Status, " ", 2)[0])
	if err != nil {
		t.Fatalf("case %s: status %q: %v", c.ID, c.Status, err)
	}
	return code
}

// header returns the header list a browser received with c's body: its
// header set's lines, then its Content-Range (the server adds
// Content-Length and Connection too, which the package does not read).
func (c *statusCase) header(sets map[string]http.Header) http.Header {
	h := sets[c.Headers].Clone()
	if c.ContentRange != "" {
		h.Add("Content-Range", c.ContentRange)
	}
	return h
}

// readStatusCorpus reads the status corpus and answers every case with
// ReportForStatus: the status, header lines and body of the response that
// carries its body (after a redirect, its target's).
func readStatusCorpus(t *testing.T) *statusCorpus {
	t.Helper()
	bodies := readBodyHeads(t, statusDir)
	sets := map[string]http.Header{}
	for _, h := range readJSONLines[recordedHeaders](t, filepath.Join(statusDir, "headers.jsonl")) {
		sets[h.Name] = h.header()
	}
	sc := &statusCorpus{
		cases:   readJSONLines[statusCase](t, filepath.Join(statusDir, "cases.jsonl.gz")),
		byID:    map[string]*statusCase{},
		reports: map[string]mimesniff.Report{},
		results: map[mimesniff.Browser][]statusResult{},
	}
	for i := range sc.cases {
		c := &sc.cases[i]
		body, ok := bodies[c.Body]
		if _, ok2 := sets[c.Headers]; !ok || !ok2 {
			t.Fatalf("case %s: no body %q or header set %q", c.ID, c.Body, c.Headers)
		}
		sc.byID[c.ID] = c
		sc.reports[c.ID] = mimesniff.ReportForStatus(c.code(t), c.header(sets), body)
	}
	for _, b := range []mimesniff.Browser{mimesniff.Chromium, mimesniff.Firefox, mimesniff.WebKit} {
		sc.results[b] = readJSONLines[statusResult](t, filepath.Join(statusDir, "results-"+b.String()+".jsonl.gz"))
	}
	return sc
}

// twin returns the id of the case of variant s200 with c's declared type
// and c's body (the parts of a multipart/byteranges are the body whole).
func (c *statusCase) twin() string {
	_, rest, _ := strings.Cut(c.ID, "+")
	typ, body, _ := strings.Cut(rest, "/")
	body = strings.TrimPrefix(strings.TrimPrefix(body, "multi-mid/"), "multi/")
	return "s200+" + typ + "/" + body
}

// redirectRefused reports whether a load of destination d refuses a
// redirect: a service worker's registration fetches its script with
// redirect mode "error", so a redirect before the response fails it, as
// every engine did (cases s301+..., destination serviceworker).
// See https://w3c.github.io/ServiceWorker/#update-algorithm.
func redirectRefused(d mimesniff.Destination) bool {
	return d == mimesniff.DestinationServiceWorker
}

// statusTally counts the loads one engine's profile is compared on.
type statusTally struct {
	loads, agree, cautious, falseSafe, falsePrivate int
}

func (c *statusTally) add(o *statusTally) {
	c.loads += o.loads
	c.agree += o.agree
	c.cautious += o.cautious
	c.falseSafe += o.falseSafe
	c.falsePrivate += o.falsePrivate
}

// TestStatusRecordings replays the status recordings through
// ReportForStatus: for every engine, the loads of responses of 36 status
// variants over 11 declared types in 13 destinations (same-origin and
// cross-origin pages) and in the seven no-cors ways of another site.
//
// Destination loads are compared where the response's probe runs at 200
// (its twin of variant s200, the same body under the same type, ran it
// there): the report's Script says whether it runs at this status, from a
// page of the response's origin or of another (Script is "in whatever
// origin"), and the script destination counts its classic and module loads
// together, as the report does. The parts of a multipart/byteranges are
// another body, which fails to parse as a script in every engine; the
// report, which does not parse JavaScript, says a classic script of that
// type may run (so would one with a crafted preamble): those loads count
// for false "safe" only. A no-cors load is compared where the engine gave a verdict:
// CrossOrigin says whether the bytes are delivered. A load that ran where
// the report says no script is a false "safe", and one delivered where it
// says blocked a false "private": either fails the test wherever it is
// (compared or not), as does any other disagreement on the fitted cases, or
// an agreement under 99.5 % on the held-out ones, per engine.
func TestStatusRecordings(t *testing.T) {
	sc := readStatusCorpus(t)
	type key struct {
		id   string
		dest mimesniff.Destination
	}
	tallies := map[string]*statusTally{} // by engine, split and kind of load
	tally := func(b mimesniff.Browser, split, kind string) *statusTally {
		k := fmt.Sprintf("%-8s %-7s %s", b, split, kind)
		if tallies[k] == nil {
			tallies[k] = &statusTally{}
		}
		return tallies[k]
	}
	for _, b := range []mimesniff.Browser{mimesniff.Chromium, mimesniff.Firefox, mimesniff.WebKit} {
		rows := sc.results[b]
		// ran200 holds the cases of variant s200 and destinations where
		// the probe ran, from some page.
		ran200 := map[key]bool{}
		for _, r := range rows {
			if r.Kind == "destinations" && strings.HasPrefix(r.ID, "s200+") && ranScript(r.Dest, r.Probe) {
				ran200[key{r.ID, recordedDestinations[r.Dest]}] = true
			}
		}
		ran := map[key]bool{}
		compared := map[key]bool{}
		for _, r := range rows {
			c := sc.byID[r.ID]
			if c == nil {
				t.Fatalf("%s: row %+v: no such case", b, r)
			}
			v := func(d mimesniff.Destination) mimesniff.DestinationVerdict {
				v, _ := sc.reports[r.ID].Verdict(d)
				return v
			}
			switch r.Kind {
			case "destinations":
				d, ok := recordedDestinations[r.Dest]
				if !ok {
					t.Fatalf("%s: row %+v: no such destination", b, r)
				}
				said := v(d).Script.Has(b) && !(c.Redirect != "" && redirectRefused(d))
				if ranScript(r.Dest, r.Probe) && !said {
					tally(b, c.Split, "destinations").falseSafe++
					t.Errorf("%s, %s page, %s in %s: the probe ran (%s, %s); the report says no script", r.ID, r.Origin, r.Dest, b, r.Outcome, r.Probe)
				}
				k := key{r.ID, d}
				ran[k] = ran[k] || ranScript(r.Dest, r.Probe)
				if ran200[key{c.twin(), d}] {
					compared[k] = !strings.HasPrefix(c.Body, "multi")
				}
			case "crossorigin":
				d, ok := crossOriginWays[r.Way]
				if !ok {
					t.Fatalf("%s: row %+v: no such way", b, r)
				}
				var delivered bool
				switch r.Verdict {
				case "delivered":
					delivered = true
				case "blocked", "emptied", "unrequested":
				default: // timeout, unknown (WebKit), error
					tally(b, c.Split, "not compared ("+r.Verdict+")").loads++
					continue
				}
				said := v(d).CrossOrigin.Has(b)
				tl := tally(b, c.Split, "crossorigin")
				tl.loads++
				switch {
				case said == delivered:
					tl.agree++
				case said:
					tl.cautious++
					if c.Split != "heldout" {
						t.Errorf("%s as %s in %s: %s (%s %s), the report says delivered", r.ID, r.Way, b, r.Verdict, r.By, r.ORB)
					}
				default:
					tl.falsePrivate++
					t.Errorf("%s as %s in %s: delivered, the report says private", r.ID, r.Way, b)
				}
			default:
				t.Fatalf("%s: row %+v: no such kind", b, r)
			}
		}
		for k, cmp := range compared {
			c := sc.byID[k.id]
			if !cmp {
				tally(b, c.Split, "not compared (multipart)").loads++
				continue
			}
			v, _ := sc.reports[k.id].Verdict(k.dest)
			said := v.Script.Has(b) && !(c.Redirect != "" && redirectRefused(k.dest))
			tl := tally(b, c.Split, "destinations")
			tl.loads++
			switch {
			case said == ran[k]:
				tl.agree++
			case said:
				tl.cautious++
				if c.Split != "heldout" {
					t.Errorf("%s, %s in %s: no script ran from any page; the report says script runs", k.id, k.dest, b)
				}
			}
		}
	}
	var out strings.Builder
	sums := map[string]*statusTally{}
	for _, k := range slices.Sorted(maps.Keys(tallies)) {
		c := tallies[k]
		fmt.Fprintf(&out, "\n  %-42s %5d loads, %5d agree, %4d more cautious, %d false safe, %d false private", k, c.loads, c.agree, c.cautious, c.falseSafe, c.falsePrivate)
		if !strings.Contains(k, "not compared") {
			sk := k[:17]
			if sums[sk] == nil {
				sums[sk] = &statusTally{}
			}
			sums[sk].add(c)
		}
	}
	for _, k := range slices.Sorted(maps.Keys(sums)) {
		c := sums[k]
		pct := 100 * float64(c.agree) / float64(c.loads)
		fmt.Fprintf(&out, "\n  %s %5d loads compared, %6.2f %% agree", k, c.loads, pct)
		if strings.Contains(k, "heldout") && pct < 99.5 {
			t.Errorf("%s: %.2f %% agreement on held-out cases, want at least 99.5 %%", k, pct)
		}
	}
	t.Logf("status recordings (engine, split, kind of load):%s", out.String())
}

// TestStatusRecordingsRunNoMoreThan200 checks, in the recordings, what
// TestStatusNeverAddsScript checks of the rules: no engine ran a response's
// probe at some status, from some page, in some destination, where it did
// not run the same body under the same type at 200 there. SafeHeaders'
// promise, made at 200, so holds at every recorded status.
func TestStatusRecordingsRunNoMoreThan200(t *testing.T) {
	sc := readStatusCorpus(t)
	n := 0
	for b, rows := range sc.results {
		ran200 := map[string]bool{}
		for _, r := range rows {
			if r.Kind == "destinations" && strings.HasPrefix(r.ID, "s200+") && ranScript(r.Dest, r.Probe) {
				ran200[r.ID+" "+r.Origin+" "+r.Dest] = true
			}
		}
		for _, r := range rows {
			if r.Kind != "destinations" || !ranScript(r.Dest, r.Probe) {
				continue
			}
			n++
			if twin := sc.byID[r.ID].twin(); !ran200[twin+" "+r.Origin+" "+r.Dest] {
				t.Errorf("%s, %s page, %s in %s: the probe ran (%s), not in %s", r.ID, r.Origin, r.Dest, b, r.Probe, twin)
			}
		}
	}
	t.Logf("%d loads ran the probe, each where its 200 ran it", n)
}
