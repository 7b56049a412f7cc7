// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"bufio"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"github.com/mimesniff/mimesniff"
)

// ways are the seven no-cors loads, in crossorigin.js's order, and the
// destination of each in a Report.
var ways = []struct {
	name string
	dest mimesniff.Destination
}{
	{"image", mimesniff.DestinationImage},
	{"script", mimesniff.DestinationScript},
	{"style", mimesniff.DestinationStyle},
	{"audio", mimesniff.DestinationAudio},
	{"video", mimesniff.DestinationVideo},
	{"track", mimesniff.DestinationTrack},
	{"fetch", mimesniff.DestinationEmpty},
}

// profiles are the browsers attacked, by the name orbattack.js gives
// them.
var profiles = map[string]mimesniff.Browser{"chromium": mimesniff.Chromium, "firefox": mimesniff.Firefox, "webkit": mimesniff.WebKit}

// A result is one load of one target by the attacker's page in one
// browser: the browser's verdict (crossverdict.js) and the requests that
// reached the server for it.
type result struct {
	Run      string   `json:"run"`
	Target   string   `json:"target"`
	Browser  string   `json:"browser"`
	Version  string   `json:"version"`
	Way      string   `json:"way"`
	Verdict  string   `json:"verdict"`
	By       string   `json:"by,omitempty"`
	Page     string   `json:"page,omitempty"`
	Evidence string   `json:"evidence"`
	Ran      int      `json:"ran,omitempty"` // times the body ran as a script
	Seqs     []int    `json:"seqs"`          // the server's log entries of its requests
	SHA256   []string `json:"sha256"`        // of each request's response on the wire
	Cookies  []string `json:"cookies"`       // the session cookies its requests carried
	Status   []int    `json:"status"`        // of each response
}

// A judgement is a result beside ReportFor's answer.
type judgement struct {
	delivered bool // the bytes reached the attacker's page
	judged    bool // delivered, blocked, emptied or unrequested
	said      bool // ReportFor puts the browser in CrossOrigin for the way's destination, for every response
	corp      string
	status    int
}

// judge compares r with ReportFor over the responses on the wire; wire
// returns the bytes of the run's log entry seq, and fresh those a signed-in
// request for the target gets, for a load that the browser never asked
// the server for (a track of another site, a timeout).
func judge(r *result, wire func(run string, seq int) ([]byte, error), fresh func(target string) ([]byte, error)) (judgement, error) {
	var j judgement
	switch r.Verdict {
	case "delivered":
		j.delivered, j.judged = true, true
	case "blocked", "emptied", "unrequested":
		j.judged = true
	}
	var dest mimesniff.Destination
	found := false
	for _, w := range ways {
		if w.name == r.Way {
			dest, found = w.dest, true
		}
	}
	b, ok := profiles[r.Browser]
	if !found || !ok {
		return j, fmt.Errorf("%s %s %s: unknown way or browser", r.Browser, r.Target, r.Way)
	}
	var wires [][]byte
	for _, seq := range r.Seqs {
		w, err := wire(r.Run, seq)
		if err != nil {
			return j, fmt.Errorf("%s %s %s: %v", r.Browser, r.Target, r.Way, err)
		}
		wires = append(wires, w)
	}
	if len(wires) == 0 {
		if r.Verdict != "unrequested" && r.Verdict != "timeout" && r.Verdict != "error" {
			return j, fmt.Errorf("%s %s %s: %s, and no request for it in the server's log", r.Browser, r.Target, r.Way, r.Verdict)
		}
		w, err := fresh(r.Target)
		if err != nil {
			return j, err
		}
		wires = append(wires, w)
	}
	j.said = true
	for _, w := range wires {
		status, h, body, err := parseWire(w)
		if err != nil {
			return j, fmt.Errorf("%s %s %s: the wire: %v", r.Browser, r.Target, r.Way, err)
		}
		v, _ := mimesniff.ReportFor(h, body).Verdict(dest)
		j.said = j.said && v.CrossOrigin.Has(b)
		j.corp = strings.Join(h.Values("Cross-Origin-Resource-Policy"), ", ")
		j.status = status
	}
	return j, nil
}

// A tally counts the judgements of one browser and way.
type tally struct {
	loads, delivered, falsePrivate, cautious, agreeBlocked, corpSameOrigin, corpSameSite, corpLoads, notJudged, unauthorized, withCookie int
}

func (t *tally) add(r *result, j judgement) {
	t.loads++
	if len(r.Cookies) > 0 {
		t.withCookie++
	}
	if j.status == 401 {
		t.unauthorized++
	}
	if j.corp != "" {
		t.corpLoads++
	}
	switch {
	case !j.judged:
		t.notJudged++
		return
	case j.delivered && !j.said:
		t.falsePrivate++
	case !j.delivered && j.said:
		t.cautious++
	case !j.delivered:
		t.agreeBlocked++
	}
	if j.delivered {
		t.delivered++
		switch j.corp {
		case "same-origin":
			t.corpSameOrigin++
		case "same-site":
			t.corpSameSite++
		}
	}
}

// readLines reads JSON lines, gzip-compressed where the name ends in .gz,
// calling f with each.
func readLines(name string, f func(line []byte) error) error {
	fh, err := os.Open(name)
	if err != nil {
		return err
	}
	defer fh.Close()
	var rd io.Reader = fh
	if strings.HasSuffix(name, ".gz") {
		zr, err := gzip.NewReader(fh)
		if err != nil {
			return err
		}
		rd = zr
	}
	sc := bufio.NewScanner(rd)
	sc.Buffer(nil, 16<<20)
	for sc.Scan() {
		if len(sc.Bytes()) == 0 {
			continue
		}
		if err := f(sc.Bytes()); err != nil {
			return fmt.Errorf("%s: %v", name, err)
		}
	}
	return sc.Err()
}

// readResults reads orbattack.js's result lines from files.
func readResults(files []string) ([]result, error) {
	var rs []result
	for _, f := range files {
		err := readLines(f, func(l []byte) error {
			var r result
			if err := json.Unmarshal(l, &r); err != nil {
				return err
			}
			rs = append(rs, r)
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return rs, nil
}

// compareFiles judges the results in files against the wire captures in
// wireName and writes the tables to w.
func compareFiles(w io.Writer, wireName string, files []string) error {
	captures := map[string][]byte{}
	if wireName != "" {
		err := readLines(wireName, func(l []byte) error {
			var e logEntry
			if err := json.Unmarshal(l, &e); err != nil {
				return err
			}
			captures[fmt.Sprintf("%s.%d", e.Run, e.Seq)] = e.Wire
			return nil
		})
		if err != nil {
			return err
		}
	}
	rs, err := readResults(files)
	if err != nil {
		return err
	}
	wire := func(run string, seq int) ([]byte, error) {
		b, ok := captures[fmt.Sprintf("%s.%d", run, seq)]
		if !ok {
			return nil, fmt.Errorf("no wire capture of run %s request %d", run, seq)
		}
		return b, nil
	}
	fresh, err := freshWire(*root)
	if err != nil {
		return err
	}
	return writeTables(w, rs, wire, fresh)
}

// writeTables judges rs and writes, per browser, a table by way, then every
// load that is a false "private" or that CORP should have stopped.
func writeTables(w io.Writer, rs []result, wire func(string, int) ([]byte, error), fresh func(string) ([]byte, error)) error {
	tallies := map[string]map[string]*tally{}
	bySet := map[string]map[string][2]int{} // header set -> browser -> delivered, loads
	versions := map[string]string{}
	var bad []string
	for i := range rs {
		r := &rs[i]
		j, err := judge(r, wire, fresh)
		if err != nil {
			return err
		}
		if tallies[r.Browser] == nil {
			tallies[r.Browser] = map[string]*tally{}
		}
		t := tallies[r.Browser][r.Way]
		if t == nil {
			t = &tally{}
			tallies[r.Browser][r.Way] = t
		}
		t.add(r, j)
		set, _, _ := strings.Cut(r.Target, "/")
		if bySet[set] == nil {
			bySet[set] = map[string][2]int{}
		}
		n := bySet[set][r.Browser]
		n[1]++
		if j.delivered {
			n[0]++
		}
		bySet[set][r.Browser] = n
		versions[r.Browser] = r.Version
		if j.delivered && (!j.said || j.corp != "") {
			bad = append(bad, fmt.Sprintf("- %s %s as %s: delivered (%s); ReportFor says %v; CORP %q", r.Browser, r.Target, r.Way, r.Evidence, j.said, j.corp))
		}
	}
	names := make([]string, 0, len(tallies))
	for b := range tallies {
		names = append(names, b)
	}
	sort.Slice(names, func(i, k int) bool { return profiles[names[i]] < profiles[names[k]] })
	for _, b := range names {
		fmt.Fprintf(w, "\n%s (%s)\n\n", b, versions[b])
		fmt.Fprintln(w, "| way | loads | delivered | delivered, reported private | blocked, reported crossOrigin | blocked, reported private | delivered with CORP same-origin | same-site | not judged | 401 | cookie sent |")
		fmt.Fprintln(w, "| --- | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: |")
		var sum tally
		row := func(name string, t *tally) {
			fmt.Fprintf(w, "| %s | %d | %d | %d | %d | %d | %d | %d | %d | %d | %d |\n", name, t.loads, t.delivered, t.falsePrivate, t.cautious, t.agreeBlocked, t.corpSameOrigin, t.corpSameSite, t.notJudged, t.unauthorized, t.withCookie)
		}
		for _, way := range ways {
			t := tallies[b][way.name]
			if t == nil {
				continue
			}
			row(way.name, t)
			sum.loads += t.loads
			sum.delivered += t.delivered
			sum.falsePrivate += t.falsePrivate
			sum.cautious += t.cautious
			sum.agreeBlocked += t.agreeBlocked
			sum.corpSameOrigin += t.corpSameOrigin
			sum.corpSameSite += t.corpSameSite
			sum.notJudged += t.notJudged
			sum.unauthorized += t.unauthorized
			sum.withCookie += t.withCookie
		}
		row("**all**", &sum)
	}
	fmt.Fprintf(w, "\nDelivered loads by header set (of %d secrets in %d ways each):\n\n| header set |", len(secrets), len(ways))
	for _, b := range names {
		fmt.Fprintf(w, " %s |", b)
	}
	fmt.Fprintf(w, "\n| --- |%s\n", strings.Repeat(" --: |", len(names)))
	for _, hs := range headerSets {
		if bySet[hs.name] == nil {
			continue
		}
		fmt.Fprintf(w, "| %s |", hs.name)
		for _, b := range names {
			n := bySet[hs.name][b]
			fmt.Fprintf(w, " %d / %d |", n[0], n[1])
		}
		fmt.Fprintln(w)
	}
	if len(bad) > 0 {
		fmt.Fprintf(w, "\nDelivered loads that ReportFor calls private, or that carried Cross-Origin-Resource-Policy:\n\n%s\n", strings.Join(bad, "\n"))
	} else {
		fmt.Fprintln(w, "\nNo delivered load is one ReportFor calls private, and none carried Cross-Origin-Resource-Policy.")
	}
	return nil
}

// freshWire returns a function that serves a target once, signed in, in
// this process and returns the bytes the server wrote: the response of a
// load that never reached the attack's server.
func freshWire(root string) (func(target string) ([]byte, error), error) {
	ts, err := targets(root)
	if err != nil {
		return nil, err
	}
	return func(id string) ([]byte, error) {
		for i := range ts {
			if ts[i].ID == id {
				return serveOnce(ts, i)
			}
		}
		return nil, fmt.Errorf("no target %s", id)
	}, nil
}
