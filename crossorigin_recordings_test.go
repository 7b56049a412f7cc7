// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff_test

import (
	"encoding/base64"
	"fmt"
	"net/http"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/mimesniff/mimesniff"
)

// crossOriginDir holds the cross-origin recordings (FORMAT.md there).
const crossOriginDir = "testdata/browsers/crossorigin"

// crossOriginWays are the recorded ways a page of another site loads a
// response, as the destinations of a Report.
var crossOriginWays = map[string]mimesniff.Destination{
	"fetch": mimesniff.DestinationEmpty, "image": mimesniff.DestinationImage, "script": mimesniff.DestinationScript,
	"style": mimesniff.DestinationStyle, "audio": mimesniff.DestinationAudio, "video": mimesniff.DestinationVideo,
	"track": mimesniff.DestinationTrack,
}

// crossOriginCase is one response of the cross-origin corpus.
type crossOriginCase struct {
	ID       string `json:"id"`
	Body     string `json:"body"`
	Headers  string `json:"headers"`
	Status   string `json:"status"`
	Range    []int  `json:"range"`
	Redirect string `json:"redirect"`
	Split    string `json:"split"`
}

// crossOriginResult is what one browser did with one response loaded one
// way by a page of another site.
type crossOriginResult struct {
	Case     string `json:"case"`
	Browser  string `json:"browser"`
	Way      string `json:"way"`
	Verdict  string `json:"verdict"`
	By       string `json:"by"`
	ORB      string `json:"orb"` // Firefox's own ORB log for the load
	Evidence string `json:"evidence"`
}

// crossOriginReports returns the report for every case of the corpus, and
// the cases by id. A case is answered with ReportForStatus over the
// response that carries its body: its status (200 after a redirect, which
// the browser follows), its header lines, for a range the Content-Range
// the server adds (bytes first-last/size) and the bytes it sent, the part.
func crossOriginReports(t *testing.T) (map[string]mimesniff.Report, map[string]crossOriginCase) {
	bodies := map[string][]byte{}
	sizes := map[string]int{}
	for _, b := range readJSONLines[recordedBody](t, filepath.Join(crossOriginDir, "bodies.jsonl.gz")) {
		head, err := base64.StdEncoding.DecodeString(b.Head)
		if err != nil {
			t.Fatalf("body %s: %v", b.Name, err)
		}
		bodies[b.Name], sizes[b.Name] = head, b.Size
	}
	headers := map[string]http.Header{}
	for _, h := range readJSONLines[recordedHeaders](t, filepath.Join(crossOriginDir, "headers.jsonl")) {
		headers[h.Name] = h.header()
	}
	reports := map[string]mimesniff.Report{}
	cases := map[string]crossOriginCase{}
	for _, c := range readJSONLines[crossOriginCase](t, filepath.Join(crossOriginDir, "cases.jsonl.gz")) {
		body, ok := bodies[c.Body]
		h, ok2 := headers[c.Headers]
		if !ok || !ok2 {
			t.Fatalf("case %s: no body %q or header set %q", c.ID, c.Body, c.Headers)
		}
		code := http.StatusOK
		if c.Status != "" {
			n, err := strconv.Atoi(strings.SplitN(c.Status, " ", 2)[0])
			if err != nil {
				t.Fatalf("case %s: status %q: %v", c.ID, c.Status, err)
			}
			code = n
		}
		if c.Range != nil {
			body = body[min(c.Range[0], len(body)):min(c.Range[1]+1, len(body))]
			h = h.Clone()
			h.Add("Content-Range", fmt.Sprintf("bytes %d-%d/%d", c.Range[0], c.Range[1], sizes[c.Body]))
		}
		reports[c.ID] = mimesniff.ReportForStatus(code, h, body)
		cases[c.ID] = c
	}
	return reports, cases
}

// TestCrossOriginRecordings checks the report's CrossOrigin verdicts against
// what Chromium, Firefox and WebKitGTK did when a page of another site
// loaded each response of the cross-origin corpus in seven ways: whether the
// bytes reached the page (delivered) or not (blocked, emptied, or never
// requested). A load the report calls private that a browser delivered is a
// false "private", and fails the test; so does any other disagreement on
// the cases the rules were fitted to, or an agreement under 99.5 % on those
// held out, but one: where Firefox blocked a body because its JavaScript
// parser refused it (its ORB log says "Javascript validation failed") and
// the report, which reads the body's first HeaderSize bytes and does not
// parse JavaScript, lets it through (mayParseAsScript), the load is
// counted as approximated. Responses of another status than 200 (206 with
// and without a range, 3xx, 404, 500, and redirects to the response) count
// apart, as the split "status", which must agree at 99.5 % per browser too. Timeouts, recorder errors and WebKit's
// unknown verdicts are counted, not compared. The standard's profile, the
// ORB proposal, is compared with each browser for the record. That every
// case has its row for every way in each browser's results is
// TestManifest's to check.
func TestCrossOriginRecordings(t *testing.T) {
	reports, cases := crossOriginReports(t)
	type tally struct{ agree, cautious, falsePrivate, approximated int }
	counts := map[string]*tally{} // by browser, split and way
	standard := map[string]*tally{}
	skipped := map[string]int{}
	seen := map[string]bool{}
	for _, b := range []mimesniff.Browser{mimesniff.Chromium, mimesniff.Firefox, mimesniff.WebKit} {
		file := filepath.Join(crossOriginDir, "results-"+b.String()+".jsonl.gz")
		for _, r := range readJSONLines[crossOriginResult](t, file) {
			c, ok := cases[r.Case]
			d, ok2 := crossOriginWays[r.Way]
			if !ok || !ok2 || r.Browser != b.String() {
				t.Fatalf("%s: result %+v: unknown case, way or browser", file, r)
			}
			key := r.Browser + " " + r.Case + " " + r.Way
			if seen[key] {
				t.Fatalf("%s: two results for %s", file, key)
			}
			seen[key] = true
			var delivered bool
			switch r.Verdict {
			case "delivered":
				delivered = true
			case "blocked", "emptied", "unrequested":
			default: // timeout, error, unknown
				skipped[r.Browser+" "+r.Verdict]++
				continue
			}
			v, _ := reports[r.Case].Verdict(d)
			split := c.Split
			if c.Status != "" || c.Range != nil || c.Redirect != "" {
				split = "status"
			}
			count := func(m map[string]*tally, profile mimesniff.Browser) (said bool, tl *tally) {
				k := fmt.Sprintf("%-8s %-7s %-6s", r.Browser, split, r.Way)
				if m[k] == nil {
					m[k] = &tally{}
				}
				tl = m[k]
				said = v.CrossOrigin.Has(profile)
				switch {
				case said == delivered:
					tl.agree++
				case said && profile == b && strings.Contains(r.ORB, "Javascript validation failed"):
					tl.approximated++
				case said:
					tl.cautious++
				default:
					tl.falsePrivate++
				}
				return said, tl
			}
			said, _ := count(counts, b)
			count(standard, mimesniff.Standard)
			switch {
			case delivered && !said:
				t.Errorf("%s as %s in %s: delivered (%s), the report says private", r.Case, r.Way, r.Browser, r.Evidence)
			case said != delivered && split == "train" && !strings.Contains(r.ORB, "Javascript validation failed"):
				t.Errorf("%s as %s in %s: %s by %s (%s), the report says delivered", r.Case, r.Way, r.Browser, r.Verdict, r.By, r.Evidence)
			}
		}
	}
	var out strings.Builder
	report := func(title string, m map[string]*tally, check bool) {
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		fmt.Fprintf(&out, "\n%s", title)
		sums := map[string]*tally{}
		for _, k := range keys {
			c := m[k]
			sk := k[:17] // browser and split
			if sums[sk] == nil {
				sums[sk] = &tally{}
			}
			sums[sk].agree += c.agree
			sums[sk].cautious += c.cautious
			sums[sk].falsePrivate += c.falsePrivate
			sums[sk].approximated += c.approximated
		}
		sumKeys := make([]string, 0, len(sums))
		for k := range sums {
			sumKeys = append(sumKeys, k)
		}
		sort.Strings(sumKeys)
		for _, k := range sumKeys {
			c := sums[k]
			n := c.agree + c.cautious + c.falsePrivate + c.approximated
			pct := 100 * float64(c.agree) / float64(n)
			fmt.Fprintf(&out, "\n  %s %6d loads, %6.2f %% agree, %5d more cautious, %4d more cautious where a JavaScript parser decided, %d false private",
				k, n, pct, c.cautious, c.approximated, c.falsePrivate)
			if check && !strings.Contains(k, "train") && pct < 99.5 {
				t.Errorf("%s: %.2f %% agreement on held-out or status cases, want at least 99.5 %%", k, pct)
			}
		}
	}
	report("profiles against their browser (browser, split, loads):", counts, true)
	report("the standard's profile (the ORB proposal) against each browser:", standard, false)
	t.Logf("cross-origin recordings:%s\n  not compared: %v", out.String(), skipped)
}
