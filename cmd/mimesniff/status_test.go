// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mimesniff/mimesniff"
)

// statusReport is the part of -http -report -json's line that the status
// tests read: the status, the summaries, and per destination its script
// and cross-origin profiles.
type statusReport struct {
	Status          *int   `json:"status"`
	Error           string `json:"error"`
	DocumentScript  bool   `json:"documentScript"`
	ScriptInclusion bool   `json:"scriptInclusion"`
	Destinations    []struct {
		Destination string   `json:"destination"`
		Script      []string `json:"script"`
		CrossOrigin []string `json:"crossOrigin"`
	} `json:"destinations"`
}

// runStatusReport runs mimesniff -http -report -json on file and decodes its
// line.
func runStatusReport(t *testing.T, file string) statusReport {
	t.Helper()
	got := runCmd(nil, "-http", "-report", "-json", file)
	var rep statusReport
	if err := json.Unmarshal([]byte(got.Stdout), &rep); err != nil {
		t.Fatalf("mimesniff -http -report -json %s: %v (%+v)", file, err, got)
	}
	return rep
}

// verdict returns the script and cross-origin profiles of destination d,
// each joined with ",".
func (r *statusReport) verdict(d string) (script, crossOrigin string) {
	for _, v := range r.Destinations {
		if v.Destination == d {
			return strings.Join(v.Script, ","), strings.Join(v.CrossOrigin, ",")
		}
	}
	return "?", "?"
}

// TestStatusGolden checks the answers of testdata/status, which
// testdata/golden/status-report-json.txt keeps, against what the three
// engines did with the same status, type and kind of body in the status
// recordings (../../testdata/browsers/status; the case each row follows is
// named beside it, a fitted case of the same class where the code's own is
// held out). "script" is where a script runs from the response (script
// destination), "document" where a document rendered from it runs script;
// the cross-origin columns are the profiles in which another site's page
// gets the bytes by fetch() ("") and as a script.
func TestStatusGolden(t *testing.T) {
	tests := []struct {
		file                       string
		status                     int
		documentScript, inclusion  bool
		script, document           string
		fetchOrigin, scriptOrigin  string
		checkInclusion, checkFetch bool
	}{
		// s404+t-text-javascript/js: blocked as a script, module,
		// worker and service worker in all three (no probe ran);
		// delivered to another site as a script and by fetch() in all
		// three (Chromium safelists no JavaScript type, and sniffs it
		// as no HTML, XML or JSON).
		{"testdata/status/404-script.http", 404, false, false, "", "",
			"standard,chromium,firefox,webkit", "standard,chromium,firefox,webkit", true, true},
		// s502+t-text-css/css: a style sheet at 5xx applies nowhere
		// and runs nothing; another site gets it in all three
		// (text/css is safelisted).
		{"testdata/status/500-style.http", 500, false, false, "", "",
			"standard,chromium,firefox,webkit", "standard,chromium,firefox,webkit", true, true},
		// s400+t-text-html/html: the page renders and its script runs
		// in all three; Chromium's and Firefox's ORB block it for
		// another site, WebKitGTK delivers it.
		{"testdata/status/404-html.http", 404, true, false, "", "standard,chromium,firefox,webkit",
			"webkit", "webkit", true, true},
		// s304+t-text-html/html: no probe runs anywhere (a 304 has no
		// body); Chromium delivers the empty response to another site,
		// Firefox blocks it (its status is not ok), WebKitGTK
		// delivers it.
		{"testdata/status/304.http", 304, false, false, "", "",
			"chromium,webkit", "chromium,webkit", true, true},
		// s206-mid+t-application-json/json-array: a JSON part that
		// does not start at byte 0 is blocked by Chromium's ORB
		// (before it sniffs, where this part, which does not start
		// like JSON, would pass) and by Firefox's (a 206 of a
		// blocklisted type); WebKitGTK delivers it. JSON bodies were
		// loaded by the cross-origin recorder only: what runs it as a
		// script is the same as at 200 and not checked here.
		{"testdata/status/206-json-from-10.http", 206, false, false, "standard,chromium,firefox,webkit", "",
			"webkit", "webkit", false, true},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			rep := runStatusReport(t, tc.file)
			if rep.Status == nil || *rep.Status != tc.status {
				t.Fatalf("status %v, want %d", rep.Status, tc.status)
			}
			script, scriptOrigin := rep.verdict("script")
			document, _ := rep.verdict("document")
			_, fetchOrigin := rep.verdict("")
			type answer struct {
				DocumentScript, ScriptInclusion bool
				Script, Document                string
				FetchOrigin, ScriptOrigin       string
			}
			want := answer{tc.documentScript, tc.inclusion, tc.script, tc.document, tc.fetchOrigin, tc.scriptOrigin}
			got := answer{rep.DocumentScript, rep.ScriptInclusion, script, document, fetchOrigin, scriptOrigin}
			if !tc.checkInclusion {
				want.ScriptInclusion, want.Script = got.ScriptInclusion, got.Script
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("mimesniff -http -report -json %s mismatch (-want +got):\n%s", tc.file, diff)
			}
		})
	}
}

// TestHTTPStatusBadInput reads dumps whose status line or status is odd
// (issue 42's list): each gets a clear answer or error, never a panic. An
// answer is the library's for the status, header list and body the dump
// carries as net/http reads it (mimesniff.ReportForStatus, whose own bad
// input test checks that each is at least as cautious as the engines).
func TestHTTPStatusBadInput(t *testing.T) {
	dir := t.TempDir()
	const js = "window.probe = 1;\n"
	const page = "<!DOCTYPE html><script>window.probe = 1</script>"
	tests := []struct {
		name    string
		dump    string
		status  int    // the status answered at
		h       string // the header lines the answer reads, "Name: value" each on a line
		body    string
		wantErr string
	}{
		{"code 000", "HTTP/1.1 000 Zero\r\nContent-Type: text/javascript\r\n\r\n" + js, 0, "Content-Type: text/javascript", js, ""},
		{"code 099", "HTTP/1.1 099 Below Range\r\nContent-Type: text/javascript\r\n\r\n" + js, 99, "Content-Type: text/javascript", js, ""},
		{"code 600", "HTTP/1.1 600 Above Range\r\nContent-Type: text/javascript\r\n\r\n" + js, 600, "Content-Type: text/javascript", js, ""},
		{"code 999", "HTTP/1.1 999 Above Range\r\nContent-Type: text/html\r\n\r\n" + page, 999, "Content-Type: text/html", page, ""},
		{"code of two digits", "HTTP/1.1 99 Below\r\nContent-Type: text/javascript\r\n\r\n" + js, 0, "", "",
			`not an HTTP response: status line "HTTP/1.1 99 Below\r\n"`},
		{"code of four digits", "HTTP/1.1 1000 Odd\r\nContent-Type: text/javascript\r\n\r\n" + js, 0, "", "",
			`malformed HTTP response: malformed HTTP status code "1000"`},
		{"no reason phrase", "HTTP/1.1 404\r\nContent-Type: text/javascript\r\n\r\n" + js, 404, "Content-Type: text/javascript", js, ""},
		{"no reason phrase, a space", "HTTP/1.1 404 \r\nContent-Type: text/javascript\r\n\r\n" + js, 404, "Content-Type: text/javascript", js, ""},
		{"HTTP/1.0", "HTTP/1.0 404 Not Found\r\nContent-Type: text/javascript\r\n\r\n" + js, 404, "Content-Type: text/javascript", js, ""},
		{"Content-Range past the body", "HTTP/1.1 206 Partial Content\r\nContent-Type: application/json\r\nContent-Range: bytes 0-99999/100000\r\n\r\n{\"a\":1}",
			206, "Content-Type: application/json\nContent-Range: bytes 0-99999/100000", `{"a":1}`, ""},
		{"Content-Range reversed", "HTTP/1.1 206 Partial Content\r\nContent-Range: bytes 19-10/20\r\n\r\n{\"a\":1}",
			206, "Content-Range: bytes 19-10/20", `{"a":1}`, ""},
		{"Content-Range *", "HTTP/1.1 206 Partial Content\r\nContent-Range: bytes */20\r\n\r\n{\"a\":1}",
			206, "Content-Range: bytes */20", `{"a":1}`, ""},
		{"Content-Range huge", "HTTP/1.1 206 Partial Content\r\nContent-Range: bytes 99999999999999999999-99999999999999999999/99999999999999999999\r\n\r\n{\"a\":1}",
			206, "Content-Range: bytes 99999999999999999999-99999999999999999999/99999999999999999999", `{"a":1}`, ""},
		{"two Content-Range headers", "HTTP/1.1 206 Partial Content\r\nContent-Range: bytes 10-19/20\r\nContent-Range: bytes 0-9/20\r\n\r\n{\"a\":1}",
			206, "Content-Range: bytes 10-19/20\nContent-Range: bytes 0-9/20", `{"a":1}`, ""},
		{"206 without Content-Range", "HTTP/1.1 206 Partial Content\r\n\r\n{\"a\":1}", 206, "", `{"a":1}`, ""},
		// net/http reads no body after a 204 or a 304, and neither
		// does a browser.
		{"304 with a body", "HTTP/1.1 304 Not Modified\r\nContent-Type: text/html\r\nContent-Length: 48\r\n\r\n" + page,
			304, "Content-Type: text/html\nContent-Length: 48", "", ""},
		{"204 with a body", "HTTP/1.1 204 No Content\r\nContent-Type: text/html\r\nContent-Length: 48\r\n\r\n" + page,
			204, "Content-Type: text/html\nContent-Length: 48", "", ""},
		{"1xx chain before a 404", "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </a.css>; rel=preload\r\n\r\nHTTP/1.1 404 Not Found\r\nContent-Type: text/javascript\r\n\r\n" + js,
			404, "Content-Type: text/javascript", js, ""},
		{"1xx chain alone", "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\n\r\n", 0, "", "", "no final response after the interim 103"},
		{"a 1xx with a body", "HTTP/1.1 150 Odd\r\nContent-Type: text/javascript\r\n\r\n" + js, 0, "", "", "no final response after the interim 150"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			file := writeFile(t, dir, strings.NewReplacer(" ", "-", "/", "-").Replace(tc.name)+".http", []byte(tc.dump))
			if tc.wantErr != "" {
				got := runCmd(nil, "-http", "-report", "-json", file)
				want := runResult{
					Stdout: `{"name":"` + file + `","error":` + jsonString(tc.wantErr) + "}\n",
					Stderr: "mimesniff: " + file + ": " + tc.wantErr + "\n",
					Code:   httpExit(tc.wantErr),
				}
				if diff := cmp.Diff(want, got); diff != "" {
					t.Errorf("mimesniff -http -report -json %q mismatch (-want +got):\n%s", tc.dump, diff)
				}
				return
			}
			got := runStatusReport(t, file)
			if got.Status == nil || *got.Status != tc.status {
				t.Fatalf("status %v, want %d", got.Status, tc.status)
			}
			h := http.Header{}
			for _, line := range strings.Split(tc.h, "\n") {
				if k, v, ok := strings.Cut(line, ": "); ok {
					h.Add(k, v)
				}
			}
			b, err := json.Marshal(mimesniff.ReportForStatus(tc.status, h, []byte(tc.body)))
			if err != nil {
				t.Fatal(err)
			}
			var want statusReport
			if err := json.Unmarshal(b, &want); err != nil {
				t.Fatal(err)
			}
			want.Status = got.Status
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("mimesniff -http -report -json %q mismatch with ReportForStatus(%d) (-want +got):\n%s", tc.dump, tc.status, diff)
			}
		})
	}
}

// jsonString returns s as a JSON string.
func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
