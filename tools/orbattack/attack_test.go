// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mimesniff/mimesniff"
)

// wireReports serves every target once, signed in, and returns the bytes
// on the wire, the headers read back from them and ReportFor over them.
func wireReports(t *testing.T) ([]target, [][]byte, []http.Header, []mimesniff.Report) {
	t.Helper()
	ts, err := targets("../..")
	if err != nil {
		t.Fatal(err)
	}
	wires := make([][]byte, len(ts))
	hs := make([]http.Header, len(ts))
	reps := make([]mimesniff.Report, len(ts))
	for i := range ts {
		w, err := serveOnce(ts, i)
		if err != nil {
			t.Fatalf("%s: %v", ts[i].ID, err)
		}
		status, h, body, err := parseWire(w)
		if err != nil || status != http.StatusOK || string(body) != string(ts[i].Body) {
			t.Fatalf("%s: the wire: status %d, body %q, %v", ts[i].ID, status, body, err)
		}
		wires[i], hs[i], reps[i] = w, h, mimesniff.ReportFor(h, body)
	}
	return ts, wires, hs, reps
}

// chromiumReads are, per header set, the secrets that Chromium's ORB lets
// through to a page of another site (the same in every way but track,
// which Chromium never requests without CORS), as chromiumORBAllows'
// documentation and the cross-origin recordings say: a JSON object, HTML,
// XML and a script-breaking prefix are blocked by its CORB sniffers under
// any type (t-application-json/orb/json-object), a JSON array and plain
// text are not (t-application-json/orb/json-array, t-text-plain/orb/text),
// text/csv and application/pdf are blocked whatever the body, nosniff
// blocks JSON, HTML, XML and text/plain before sniffing
// (t-text-plain-ns/orb/text), and a response with no type is let through
// (none/orb/json-object). mimesniff.Handler sends every script and every
// untyped body as text/plain with nosniff, and so closes all but the image.
var chromiumReads = map[string][]string{
	"typed":         {"api-array", "jsonp", "text", "png", "js"},
	"typed-ns":      {"jsonp", "png", "js"},
	"text-plain":    {"api-array", "jsonp", "csv", "pdf", "text", "png", "js"},
	"text-plain-ns": nil,
	"text-html":     {"api-array", "jsonp", "csv", "pdf", "text", "png", "js"},
	"octet":         {"api-array", "jsonp", "csv", "pdf", "text", "png", "js"},
	"octet-ns":      {"api-array", "jsonp", "csv", "pdf", "text", "png", "js"},
	"none":          {"api-object", "api-array", "json-xssi", "json-forloop", "jsonp", "account-html", "xml", "csv", "pdf", "text", "png", "js"},
	"none-ns":       {"api-object", "api-array", "json-xssi", "json-forloop", "jsonp", "account-html", "xml", "csv", "pdf", "text", "png", "js"},
	"handler":       {"png"},
	"handler-none":  {"png"},
}

// TestTargets serves every target and checks ReportFor over the bytes on
// the wire against what the design says: a Cross-Origin-Resource-Policy of
// same-origin or same-site keeps every way closed in every profile;
// without it WebKitGTK, which has no ORB, gets the bytes in every way;
// Chromium decides once for every way but track (chromiumReads), and
// neither Chromium nor Firefox requests a track of another origin without
// CORS. The headers on the wire are the header set's.
func TestTargets(t *testing.T) {
	ts, _, hs, reps := wireReports(t)
	for i, tg := range ts {
		h, rep := hs[i], reps[i]
		wantType := tg.set.typ
		if wantType == "typed" {
			wantType = tg.secret.typ
		}
		if !tg.set.handler {
			if got := strings.Join(h.Values("Content-Type"), "|"); got != wantType {
				t.Errorf("%s: Content-Type on the wire %q, want %q", tg.ID, got, wantType)
			}
		}
		if got, want := h.Get("X-Content-Type-Options") == "nosniff", tg.set.noSniff || tg.set.handler; got != want {
			t.Errorf("%s: nosniff on the wire %v, want %v", tg.ID, got, want)
		}
		if got := strings.Join(h.Values("Cross-Origin-Resource-Policy"), "|"); got != tg.set.corp {
			t.Errorf("%s: Cross-Origin-Resource-Policy on the wire %q, want %q", tg.ID, got, tg.set.corp)
		}
		if h.Get("Date") != "" {
			t.Errorf("%s: a Date on the wire: the bytes would change with every run", tg.ID)
		}
		if rep.CrossOriginRead != (tg.set.corp == "") {
			t.Errorf("%s: CrossOriginRead = %v, want %v", tg.ID, rep.CrossOriginRead, tg.set.corp == "")
		}
		reads, ok := chromiumReads[tg.set.name]
		if !ok && tg.set.corp == "" {
			t.Fatalf("%s: no chromiumReads for the header set", tg.ID)
		}
		for _, w := range ways {
			v, _ := rep.Verdict(w.dest)
			if tg.set.corp != "" {
				if !v.CrossOrigin.IsEmpty() {
					t.Errorf("%s as %s: CrossOrigin = %v under Cross-Origin-Resource-Policy: %s, want none", tg.ID, w.name, v.CrossOrigin, tg.set.corp)
				}
				continue
			}
			if !v.CrossOrigin.Has(mimesniff.WebKit) {
				t.Errorf("%s as %s: CrossOrigin = %v, want WebKit in it (no ORB)", tg.ID, w.name, v.CrossOrigin)
			}
			wantChromium := w.name != "track" && slices.Contains(reads, tg.secret.name)
			if got := v.CrossOrigin.Has(mimesniff.Chromium); got != wantChromium {
				t.Errorf("%s as %s: Chromium in CrossOrigin %v, want %v", tg.ID, w.name, got, wantChromium)
			}
			if w.name == "track" && v.CrossOrigin.Has(mimesniff.Firefox) {
				t.Errorf("%s as track: Firefox in CrossOrigin, which never requests a track of another site without CORS", tg.ID)
			}
		}
	}
}

// TestAttackRecordings replays the attack's recordings (testdata, written
// by tools/browsers/orbattack.js): every load the browser delivered must be
// one ReportFor puts that browser in CrossOrigin for, for the way's
// destination (a false "private" fails), none may be delivered under
// Cross-Origin-Resource-Policy, and the bytes served now must be those
// the attack's server wrote (their SHA-256), so that the recordings hold
// for this code. Blocked loads that the report calls readable (the
// cautious direction) are counted and logged; timeouts, recorder errors
// and WebKit's unknown verdicts are counted, not compared.
func TestAttackRecordings(t *testing.T) {
	files, _ := filepath.Glob("testdata/results-*.jsonl.gz")
	if len(files) == 0 {
		t.Skip("no recordings in testdata")
	}
	ts, wires, _, _ := wireReports(t)
	unauthorized := make([][]byte, len(ts))
	for i := range ts {
		w, err := serveAs(ts, i, false)
		if err != nil {
			t.Fatal(err)
		}
		unauthorized[i] = w
	}
	byID := map[string]int{}
	for i := range ts {
		byID[ts[i].ID] = i
	}
	rs, err := readResults(files)
	if err != nil {
		t.Fatal(err)
	}
	fresh := func(id string) ([]byte, error) { return wires[byID[id]], nil }
	counts := map[string]int{}
	for i := range rs {
		r := &rs[i]
		k, ok := byID[r.Target]
		if !ok {
			t.Fatalf("%s %s %s: no such target", r.Browser, r.Target, r.Way)
		}
		// Each request's response is judged by the bytes this code serves
		// for it, signed in or not, which must be those the attack's
		// server sent.
		served := map[int][]byte{}
		for n, seq := range r.Seqs {
			w := wires[k]
			if r.Status[n] != http.StatusOK {
				w = unauthorized[k]
			}
			sum := sha256.Sum256(w)
			if now := hex.EncodeToString(sum[:]); r.SHA256[n] != now {
				t.Errorf("%s %s %s: the attack's server sent %s, this code sends %s", r.Browser, r.Target, r.Way, r.SHA256[n], now)
			}
			served[seq] = w
		}
		j, err := judge(r, func(_ string, seq int) ([]byte, error) { return served[seq], nil }, fresh)
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case !j.judged:
			counts[r.Browser+" not judged ("+r.Verdict+")"]++
		case j.delivered && !j.said:
			t.Errorf("%s %s as %s: delivered (%s), ReportFor says private", r.Browser, r.Target, r.Way, r.Evidence)
		case j.delivered && j.corp != "":
			t.Errorf("%s %s as %s: delivered (%s) under Cross-Origin-Resource-Policy: %s", r.Browser, r.Target, r.Way, r.Evidence, j.corp)
		case j.delivered && j.status != http.StatusOK:
			counts[r.Browser+" delivered (401: no session cookie)"]++
		case j.delivered:
			counts[r.Browser+" delivered"]++
		case j.said:
			counts[r.Browser+" blocked, reported readable"]++
		default:
			counts[r.Browser+" blocked, reported private"]++
		}
	}
	keys := make([]string, 0, len(counts))
	for k := range counts {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		t.Logf("%-45s %5d", k, counts[k])
	}
}

// TestCompareTables checks the judge on four loads written by hand: a
// delivery ReportFor calls readable, a block it calls private, a block it
// calls readable (cautious), and a delivery under CORP, which must be
// listed.
func TestCompareTables(t *testing.T) {
	ts, wires, _, _ := wireReports(t)
	idx := func(id string) int {
		for i := range ts {
			if ts[i].ID == id {
				return i
			}
		}
		t.Fatalf("no target %s", id)
		return -1
	}
	rs := []result{
		{Target: "typed/png", Browser: "chromium", Way: "image", Verdict: "delivered", Seqs: []int{idx("typed/png")}},
		{Target: "typed/api-object", Browser: "chromium", Way: "image", Verdict: "blocked", Seqs: []int{idx("typed/api-object")}},
		{Target: "typed/api-array", Browser: "firefox", Way: "fetch", Verdict: "emptied", Seqs: []int{idx("typed/api-array")}},
		{Target: "typed/api-array", Browser: "chromium", Way: "fetch", Verdict: "emptied", Seqs: []int{idx("typed/api-array")}},
		{Target: "typed-corp/png", Browser: "webkit", Way: "image", Verdict: "delivered", Seqs: []int{idx("typed-corp/png")}},
	}
	var out strings.Builder
	wire := func(_ string, seq int) ([]byte, error) { return wires[seq], nil }
	if err := writeTables(&out, rs, wire, nil); err != nil {
		t.Fatal(err)
	}
	want := []string{
		"| image | 2 | 1 | 0 | 0 | 1 | 0 | 0 | 0 | 0 | 0 |", // chromium: agreed both ways
		"| fetch | 1 | 0 | 0 | 1 | 0 | 0 | 0 | 0 | 0 | 0 |", // chromium: a JSON array it reads, blocked: cautious
		"| fetch | 1 | 0 | 0 | 0 | 1 | 0 | 0 | 0 | 0 | 0 |", // firefox: a JSON array it parses as JSON, emptied: agreed
		"| image | 1 | 1 | 1 | 0 | 0 | 1 | 0 | 0 | 0 | 0 |", // webkit: delivered under CORP, which the report calls private
		"- webkit typed-corp/png as image: delivered",
	}
	for _, w := range want {
		if !strings.Contains(out.String(), w) {
			t.Errorf("tables lack %q:\n%s", w, out.String())
		}
	}
	if diff := cmp.Diff(3, strings.Count(out.String(), "**all**")); diff != "" {
		t.Errorf("browser tables (-want +got):\n%s", diff)
	}
}
