// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"bufio"
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"github.com/mimesniff/mimesniff"
)

// TestWireModes serves every target of the modes of issue 32 over a real
// server and reads each response as a browser receives it: for a mode
// behind Handler or SafeHeaders, mimesniff.ReportFor of the wire's own
// header lines and body must find no destination where script runs with
// the server's origin (a document or a worker of it) or where a page can
// run the upload as a script. Handler decides on the handler's map at a
// moment of its own; this reads what net/http sent, so it fails where the
// two differ in the less cautious direction.
//
// The control rows are the modes' baselines, which put script on the wire
// and must be found so: the same behaviours without Handler, and emptycopy
// behind earlyMiddleware, which decides as Handler did before issue 32 (at
// the first write call, an empty copy included).
func TestWireModes(t *testing.T) {
	probe := lastLine(mustReadT(t, "../browsers/probe.js"))
	dir := t.TempDir()
	files, targets, err := uploads(probe, dir)
	if err != nil {
		t.Fatal(err)
	}
	modes := modeHandlers(dir, files)
	paths := map[string][]string{} // mode: its targets' paths, token "t"
	for _, tg := range targets {
		paths[tg.Mode] = append(paths[tg.Mode], strings.Replace(tg.Path, "{token}", "t", 1))
	}
	tests := []struct {
		name   string
		mode   string // whose targets are requested
		unsafe bool   // some target must put script on the wire
	}{
		{name: "emptycopy", mode: "emptycopy"},
		{name: "emptywrite", mode: "emptywrite"},
		{name: "spellings", mode: "spellings"},
		{name: "flushfirst", mode: "flushfirst"},
		{name: "trailer", mode: "trailer"},
		{name: "trailerprefix", mode: "trailerprefix"},
		{name: "mixedreplace", mode: "mixedreplace"},
		{name: "mixedsafe", mode: "mixedsafe"},
		{name: "safedirty", mode: "safedirty"},

		// Controls. Without Handler the wire carries text/html, and
		// text/html last after the sorted spellings (Fetch reads the
		// last type of the combined value).
		{name: "emptycopyplain", mode: "emptycopyplain", unsafe: true},
		{name: "spellingsplain", mode: "spellingsplain", unsafe: true},
		{name: "safedirtyplain", mode: "safedirtyplain", unsafe: true},
		// The wire carries text/plain with the handler's body and no
		// nosniff: a page can run it as a classic script.
		{name: "emptywriteplain", mode: "emptywriteplain", unsafe: true},
		{name: "flushfirstplain", mode: "flushfirstplain", unsafe: true},
		{name: "trailerplain", mode: "trailerplain", unsafe: true},
		{name: "trailerprefixplain", mode: "trailerprefixplain", unsafe: true},
		// Decided at the empty copy, on text/plain: the wire carries
		// the text/html set after it, with nosniff and no sandbox.
		{name: "emptycopyearly", mode: "emptycopyearly", unsafe: true},
		// Firefox and WebKitGTK render the parts (the wire
		// recordings' mixed/ cases).
		{name: "mixedplain", mode: "mixedplain", unsafe: true},
	}
	for _, proto := range []string{"HTTP/1.1", "HTTP/2"} {
		for _, tt := range tests {
			t.Run(proto+"/"+tt.name, func(t *testing.T) {
				get := serve(t, proto, modes[tt.mode])
				if len(paths[tt.mode]) == 0 {
					t.Fatalf("mode %s has no targets", tt.mode)
				}
				unsafe := 0
				for _, p := range paths[tt.mode] {
					// The handler sees the path without /<mode>/<token>.
					resp, body := get(t, strings.TrimPrefix(p, "/"+tt.mode+"/t"))
					if resp.StatusCode != http.StatusOK {
						t.Fatalf("GET %s: %s", p, resp.Status)
					}
					why := scriptOnWire(resp.Header, body)
					if why != "" {
						unsafe++
					}
					if why != "" && !tt.unsafe {
						t.Errorf("GET %s over %s: %s; the wire's lines: %s", p, resp.Proto, why, policyLines(resp.Header))
					}
				}
				if tt.unsafe && unsafe == 0 {
					t.Errorf("no target of %d put script on the wire, want some", len(paths[tt.mode]))
				}
			})
		}
	}
}

// scriptOnWire returns why a browser can run script from a response with
// header h and body as they came off the wire, per mimesniff.ReportFor, or
// "" for none.
func scriptOnWire(h http.Header, body []byte) string {
	rep := mimesniff.ReportFor(h, body)
	var why []string
	if rep.DocumentScript {
		why = append(why, "a document runs script with the server's origin")
	}
	for _, d := range []mimesniff.Destination{mimesniff.DestinationWorker, mimesniff.DestinationSharedWorker, mimesniff.DestinationServiceWorker} {
		if v, _ := rep.Verdict(d); !v.Script.IsEmpty() {
			why = append(why, "a "+d.String()+" runs it in "+v.Script.String())
		}
	}
	if rep.ScriptInclusion {
		why = append(why, "a page can run it as a script")
	}
	return strings.Join(why, "; ")
}

// policyLines returns the wire's Content-Type, X-Content-Type-Options,
// Content-Disposition and Content-Security-Policy lines.
func policyLines(h http.Header) string {
	var lines []string
	for _, k := range []string{"Content-Type", "X-Content-Type-Options", "Content-Disposition", "Content-Security-Policy"} {
		for _, v := range h[k] {
			lines = append(lines, k+": "+v)
		}
	}
	return strings.Join(lines, " | ")
}

// serve starts a real server of h speaking proto, HTTP/1.1 (plain) or
// HTTP/2 (TLS), for the test, and returns a function that GETs a path from
// it and returns the response with its body read. Over HTTP/1.1 the
// response is read from the raw bytes of a connection of its own, as a
// browser reads them: header lines in wire order, a chunked body undone,
// trailers apart.
func serve(t *testing.T, proto string, h http.Handler) func(t *testing.T, path string) (*http.Response, []byte) {
	srv := httptest.NewUnstartedServer(h)
	if proto == "HTTP/2" {
		srv.EnableHTTP2 = true
		srv.StartTLS()
	} else {
		srv.Start()
	}
	t.Cleanup(srv.Close)
	return func(t *testing.T, path string) (*http.Response, []byte) {
		t.Helper()
		var resp *http.Response
		if proto == "HTTP/2" {
			c := srv.Client()
			c.Transport.(*http.Transport).TLSClientConfig.NextProtos = []string{"h2"}
			var err error
			resp, err = c.Get(srv.URL + path)
			if err != nil {
				t.Fatal(err)
			}
			if resp.ProtoMajor != 2 {
				t.Fatalf("GET %s: %s, want HTTP/2", path, resp.Proto)
			}
		} else {
			raw, err := fetchRaw("GET", srv.URL+path)
			if err != nil {
				t.Fatal(err)
			}
			req, _ := http.NewRequest("GET", srv.URL+path, nil)
			resp, err = http.ReadResponse(bufio.NewReader(bytes.NewReader(raw)), req)
			if err != nil {
				t.Fatal(err)
			}
		}
		defer resp.Body.Close()
		body, err := io.ReadAll(resp.Body)
		if err != nil {
			t.Fatal(err)
		}
		return resp, body
	}
}

func mustReadT(t *testing.T, name string) []byte {
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
