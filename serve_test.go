// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httptrace"
	"net/textproto"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/mimesniff/mimesniff"
)

var (
	pngBytes  = []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
	htmlBytes = []byte("<html><script>alert(1)</script></html>")
)

// TestReportFor checks the report, destination by destination, against
// what the standards say each destination does with the response.
func TestReportFor(t *testing.T) {
	type want struct {
		script  []string          // destinations where script can run
		blocked []string          // destinations Fetch blocks
		types   map[string]string // the type at some destinations ("" for undefined)
	}
	ns := "X-Content-Type-Options"
	ct := "Content-Type"
	// Without nosniff and with no type, every destination that renders a
	// document sniffs HTML, and a classic script runs anything.
	all := []string{"document", "embed", "frame", "iframe", "object", "script"}
	tests := []struct {
		name string
		h    http.Header
		body []byte
		want want
	}{
		{"HTML, no type", header(), htmlBytes, want{
			script: all,
			types:  map[string]string{"document": "text/html", "image": "", "embed": "application/octet-stream", "script": "", "track": "text/vtt"},
		}},
		// The standard calls "<body/onload=...>" text/plain (no
		// tag-terminating byte after "<body"), but Chromium renders it
		// as HTML (recorded case none/edge/tag-body-onload): the
		// document destinations take the worst case of the profiles.
		{"tag without terminating byte, no type", header(), []byte("<body/onload=alert(1)>"), want{
			script: all,
			types:  map[string]string{"document": "text/plain"},
		}},
		{"HTML, no type, nosniff", header(ns, "nosniff"), htmlBytes, want{
			blocked: []string{"audioworklet", "paintworklet", "script", "serviceworker", "sharedworker", "style", "worker"},
			types:   map[string]string{"document": "text/plain", "style": ""},
		}},
		{"HTML as text/plain, nosniff", header(ct, "text/plain", ns, "nosniff"), htmlBytes, want{
			blocked: []string{"audioworklet", "paintworklet", "script", "serviceworker", "sharedworker", "style", "worker"},
			types:   map[string]string{"document": "text/plain", "": "text/plain"},
		}},
		{"PNG as text/html", header(ct, "text/html"), pngBytes, want{
			script: all,
			types:  map[string]string{"document": "text/html", "image": "image/png"},
		}},
		{"PNG as image/gif", header(ct, "image/gif"), pngBytes, want{
			blocked: []string{"audioworklet", "paintworklet", "script", "serviceworker", "sharedworker", "worker"},
			types:   map[string]string{"document": "image/png", "image": "image/png", "": "image/gif"},
		}},
		{"SVG, nosniff", header(ct, "image/svg+xml", ns, "nosniff"), []byte("<svg onload=x>"), want{
			script:  []string{"document", "embed", "frame", "iframe", "object", "xslt"},
			blocked: []string{"audioworklet", "paintworklet", "script", "serviceworker", "sharedworker", "style", "worker"},
			types:   map[string]string{"image": "image/svg+xml", "document": "image/svg+xml"},
		}},
		{"text/javascript;charset=x, nosniff", header(ct, "text/javascript;charset=x", ns, "nosniff"), []byte("alert(1)"), want{
			script:  []string{"audioworklet", "paintworklet", "script", "serviceworker", "sharedworker", "worker"},
			blocked: []string{"style"},
			types:   map[string]string{"worker": "text/javascript;charset=x", "document": "text/javascript;charset=x"},
		}},
		{"TEXT/CSS, nosniff", header(ct, "TEXT/CSS", ns, "nosniff"), []byte("a{}"), want{
			blocked: []string{"audioworklet", "paintworklet", "script", "serviceworker", "sharedworker", "worker"},
			types:   map[string]string{"style": "text/css"},
		}},
		{"text/css, text/plain, nosniff", header(ct, "text/css, text/plain", ns, "nosniff"), []byte("a{}"), want{
			blocked: []string{"audioworklet", "paintworklet", "script", "serviceworker", "sharedworker", "style", "worker"},
			types:   map[string]string{"style": "text/plain", "document": "text/plain"},
		}},
		// The standard reads the last value, */*, and sniffs text/plain;
		// Fetch skips */* and reads text/html: the worst case counts.
		{"text/html then */*", header(ct, "text/html", ct, "*/*"), []byte("hello"), want{
			script: all,
			types:  map[string]string{"document": "text/plain", "": "text/html"},
		}},
		{"failing Content-Type", header(ct, "html"), htmlBytes, want{
			script: all,
			types:  map[string]string{"document": "text/html", "": ""},
		}},
		{"text/csv", header(ct, "text/csv"), []byte("a,b"), want{
			blocked: []string{"audioworklet", "paintworklet", "script", "serviceworker", "sharedworker", "worker"},
		}},
		{"XSLT", header(ct, "text/xsl", ns, "nosniff"), []byte("<xsl:stylesheet>"), want{
			script:  []string{"xslt"},
			blocked: []string{"audioworklet", "paintworklet", "script", "serviceworker", "sharedworker", "style", "worker"},
		}},
		{"JSON module", header(ct, "application/json", ns, "nosniff"), []byte("{}"), want{
			blocked: []string{"audioworklet", "paintworklet", "script", "serviceworker", "sharedworker", "style", "worker"},
		}},
		{"PDF, no type", header(), []byte("%PDF-1.7\n"), want{
			script: all,
			types:  map[string]string{"document": "application/pdf"},
		}},
		{"empty body", header(), nil, want{
			script: []string{"script"},
			types:  map[string]string{"document": "text/plain"},
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rep := mimesniff.ReportFor(tc.h, tc.body)
			var script, blocked []string
			for i, v := range rep.Destinations {
				if int(v.Destination) != i {
					t.Errorf("Destinations[%d] is %q", i, v.Destination)
				}
				if v.Script {
					script = append(script, v.Destination.String())
				}
				if v.Blocked {
					blocked = append(blocked, v.Destination.String())
				}
				if want, ok := tc.want.types[v.Destination.String()]; ok && v.Type.String() != want {
					t.Errorf("%q: Type %q, want %q", v.Destination, v.Type, want)
				}
			}
			slices.Sort(script)
			if diff := cmp.Diff(tc.want.script, script); diff != "" {
				t.Errorf("script (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tc.want.blocked, blocked); diff != "" {
				t.Errorf("blocked (-want +got):\n%s", diff)
			}
			if rep.Script != (len(script) > 0) {
				t.Errorf("Script = %v with script destinations %q", rep.Script, script)
			}
			via := slices.Collect(rep.ScriptDestinations())
			if len(via) != len(script) {
				t.Errorf("ScriptDestinations() = %q, want %q", via, script)
			}
		})
	}
}

func TestReportJSON(t *testing.T) {
	rep := mimesniff.ReportFor(header("Content-Type", "image/svg+xml"), []byte("<svg/>"))
	b, err := json.Marshal(&rep)
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Script       *bool
		Destinations []map[string]any
	}
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	if got.Script == nil || !*got.Script || len(got.Destinations) != 23 {
		t.Fatalf("JSON %s: want script true and 23 destinations", b)
	}
	want := map[string]any{"destination": "", "blocked": false, "type": "image/svg+xml", "script": false}
	if diff := cmp.Diff(want, got.Destinations[0]); diff != "" {
		t.Errorf(`destination "" (-want +got):\n%s`, diff)
	}
	want = map[string]any{"destination": "track", "blocked": false, "type": "text/vtt", "script": false}
	if diff := cmp.Diff(want, got.Destinations[18]); diff != "" {
		t.Errorf(`destination "track" (-want +got):\n%s`, diff)
	}
	want = map[string]any{"destination": "document", "blocked": false, "type": "image/svg+xml", "script": true, "scriptType": "image/svg+xml"}
	if diff := cmp.Diff(want, got.Destinations[3]); diff != "" {
		t.Errorf(`destination "document" (-want +got):\n%s`, diff)
	}
	// An undefined type is null.
	rep = mimesniff.ReportFor(header(), []byte("x"))
	b, _ = json.Marshal(rep.Destinations[mimesniff.DestinationStyle])
	if string(b) != `{"destination":"style","blocked":false,"type":null,"script":false}` {
		t.Errorf("style with no type: %s", b)
	}
}

func TestReportString(t *testing.T) {
	rep := mimesniff.ReportFor(header("Content-Type", "text/plain", "X-Content-Type-Options", "nosniff"), htmlBytes)
	s := rep.String()
	if !strings.HasSuffix(s, "script: nowhere\n") || strings.Count(s, "\n") != 24 {
		t.Errorf("String() =\n%s", s)
	}
}

func TestSafeHeaders(t *testing.T) {
	tests := []struct {
		name     string
		declared string
		body     []byte
		p        mimesniff.Policy
		want     mimesniff.Headers
	}{
		{"HTML, none declared", "", htmlBytes, mimesniff.DefaultPolicy,
			mimesniff.Headers{ContentType: mimesniff.MustParse("text/plain"), NoSniff: "nosniff"}},
		{"PDF, none declared", "", []byte("%PDF-1.7\n"), mimesniff.DefaultPolicy,
			mimesniff.Headers{ContentType: mimesniff.MustParse("text/plain"), NoSniff: "nosniff"}},
		{"PNG, none declared", "", pngBytes, mimesniff.DefaultPolicy,
			mimesniff.Headers{ContentType: mimesniff.MustParse("image/png"), NoSniff: "nosniff"}},
		{"HTML, unknown/unknown declared", "unknown/unknown", htmlBytes, mimesniff.DefaultPolicy,
			mimesniff.Headers{ContentType: mimesniff.MustParse("text/plain"), NoSniff: "nosniff"}},
		{"HTML, text/html declared", "text/html;charset=utf-8", htmlBytes, mimesniff.DefaultPolicy,
			mimesniff.Headers{ContentType: mimesniff.MustParse("text/html;charset=utf-8"), NoSniff: "nosniff", ContentDisposition: "attachment", ContentSecurityPolicy: "sandbox"}},
		{"SVG declared, sandbox only", "image/svg+xml", []byte("<svg/>"), mimesniff.Sandbox,
			mimesniff.Headers{ContentType: mimesniff.MustParse("image/svg+xml"), NoSniff: "nosniff", ContentSecurityPolicy: "sandbox"}},
		{"PDF declared, no policy", "application/pdf", nil, 0,
			mimesniff.Headers{ContentType: mimesniff.MustParse("application/pdf"), NoSniff: "nosniff"}},
		{"JavaScript declared", "text/javascript", []byte("alert(1)"), mimesniff.DefaultPolicy,
			mimesniff.Headers{ContentType: mimesniff.MustParse("text/javascript"), NoSniff: "nosniff"}},
		{"PNG declared as text/plain", "text/plain", pngBytes, mimesniff.DefaultPolicy,
			mimesniff.Headers{ContentType: mimesniff.MustParse("text/plain"), NoSniff: "nosniff"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var declared mimesniff.MIMEType
			if tc.declared != "" {
				declared = mimesniff.MustParse(tc.declared)
			}
			got := mimesniff.SafeHeaders(declared, tc.body, tc.p)
			if diff := cmp.Diff(tc.want, got, cmp.Comparer(mimesniff.MIMEType.Equal)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
			// Whatever was declared, serving with these headers leaves no
			// document destination running script unless the type was
			// asked for.
			h := http.Header{}
			got.Set(h)
			rep := mimesniff.ReportFor(h, tc.body)
			if rep.Destinations[mimesniff.DestinationDocument].Script && got.ContentType.String() != tc.declared {
				t.Errorf("document runs script with headers %v", h)
			}
		})
	}
}

func TestHeadersSetAddsCSP(t *testing.T) {
	h := header("Content-Security-Policy", "default-src 'none'")
	mimesniff.Headers{ContentType: mimesniff.MustParse("text/html"), NoSniff: "nosniff", ContentSecurityPolicy: "sandbox"}.Set(h)
	want := http.Header{
		"Content-Type":            {"text/html"},
		"X-Content-Type-Options":  {"nosniff"},
		"Content-Security-Policy": {"default-src 'none'", "sandbox"},
	}
	if diff := cmp.Diff(want, h); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// serve runs h behind Handler on an httptest server and makes one request
// with a real client. It returns the response, with its body read.
func serve(t *testing.T, h http.HandlerFunc, method string, reqHeader http.Header, opts ...mimesniff.Option) (*http.Response, []byte) {
	t.Helper()
	srv := httptest.NewUnstartedServer(mimesniff.Handler(h, opts...))
	srv.Config.ErrorLog = log.New(io.Discard, "", 0)
	srv.Start()
	defer srv.Close()
	req, err := http.NewRequest(method, srv.URL, nil)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range reqHeader {
		req.Header[k] = v
	}
	resp, err := srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("reading the body: %v", err)
	}
	if got := resp.Header.Values("X-Content-Type-Options"); len(got) != 1 || !strings.EqualFold(got[0], "nosniff") {
		t.Errorf("X-Content-Type-Options = %q, want nosniff once", got)
	}
	return resp, body
}

// bigHTML is an HTML body longer than HeaderSize.
var bigHTML = append(append([]byte{}, htmlBytes...), bytes.Repeat([]byte("<p>hello "), 400)...)

func TestHandler(t *testing.T) {
	tests := []struct {
		name        string
		method      string
		h           http.HandlerFunc
		body        []byte // what the handler writes
		status      int
		contentType []string
		disposition string
		csp         string
	}{
		{"HTML one byte at a time", "GET", func(w http.ResponseWriter, r *http.Request) {
			for i := range bigHTML {
				w.Write(bigHTML[i : i+1])
			}
		}, bigHTML, 200, []string{"text/plain"}, "", ""},
		{"HTML in one write", "GET", func(w http.ResponseWriter, r *http.Request) {
			w.Write(bigHTML)
		}, bigHTML, 200, []string{"text/plain"}, "", ""},
		{"PNG, short", "GET", func(w http.ResponseWriter, r *http.Request) {
			w.Write(pngBytes)
		}, pngBytes, 200, []string{"image/png"}, "", ""},
		{"status 404 with HTML", "GET", func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(404)
			w.Write(htmlBytes)
		}, htmlBytes, 404, []string{"text/plain"}, "", ""},
		{"HEAD", "HEAD", func(w http.ResponseWriter, r *http.Request) {
			w.Write(pngBytes)
		}, nil, 200, []string{"image/png"}, "", ""},
		{"HEAD, no write", "HEAD", func(w http.ResponseWriter, r *http.Request) {}, nil, 200, nil, "", ""},
		{"204", "GET", func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(204)
		}, nil, 204, nil, "", ""},
		{"304", "GET", func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(304)
		}, nil, 304, nil, "", ""},
		{"never writes", "GET", func(w http.ResponseWriter, r *http.Request) {}, nil, 200, nil, "", ""},
		{"own type and nosniff", "GET", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html;charset=utf-8")
			w.Header().Set("X-Content-Type-Options", "NoSniff")
			w.Write(bigHTML)
		}, bigHTML, 200, []string{"text/html;charset=utf-8"}, "attachment", "sandbox"},
		{"own type and disposition", "GET", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "image/svg+xml")
			w.Header().Set("Content-Disposition", `attachment; filename="a.svg"`)
			w.Write([]byte("<svg/>"))
		}, []byte("<svg/>"), 200, []string{"image/svg+xml"}, `attachment; filename="a.svg"`, "sandbox"},
		{"own type, no policy for it", "GET", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "image/png")
			w.Write(htmlBytes)
		}, htmlBytes, 200, []string{"image/png"}, "", ""},
		{"own broken X-Content-Type-Options", "GET", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("X-Content-Type-Options", "sniff")
			w.Write(htmlBytes)
		}, htmlBytes, 200, []string{"text/plain"}, "", ""},
		{"several Content-Type values", "GET", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Add("Content-Type", "text/plain")
			w.Header().Add("Content-Type", "text/html")
			w.Write(htmlBytes)
		}, htmlBytes, 200, []string{"text/plain", "text/html"}, "attachment", "sandbox"},
		{"broken Content-Type", "GET", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "html")
			w.Write(htmlBytes)
		}, htmlBytes, 200, []string{"html"}, "", ""},
		{"io.Copy of 1 MB", "GET", func(w http.ResponseWriter, r *http.Request) {
			io.Copy(w, io.LimitReader(strings.NewReader(strings.Repeat("<html> ", 1<<18)), 1<<20))
		}, []byte(strings.Repeat("<html> ", 1<<18)[:1<<20]), 200, []string{"text/plain"}, "", ""},
		{"103 Early Hints", "GET", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Link", "</a.css>; rel=preload")
			w.WriteHeader(103)
			w.Write(pngBytes)
		}, pngBytes, 200, []string{"image/png"}, "", ""},
		{"ResponseController deadline", "GET", func(w http.ResponseWriter, r *http.Request) {
			if err := http.NewResponseController(w).SetWriteDeadline(time.Now().Add(time.Minute)); err != nil {
				panic(err)
			}
			w.Write(pngBytes)
		}, pngBytes, 200, []string{"image/png"}, "", ""},
		{"write after a superfluous WriteHeader", "GET", func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(201)
			w.WriteHeader(202)
			w.Write(pngBytes)
		}, pngBytes, 201, []string{"image/png"}, "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			resp, body := serve(t, tc.h, tc.method, nil)
			if !bytes.Equal(body, tc.body) {
				t.Errorf("body %d bytes, want %d: differs", len(body), len(tc.body))
			}
			if resp.StatusCode != tc.status {
				t.Errorf("status %d, want %d", resp.StatusCode, tc.status)
			}
			if diff := cmp.Diff(tc.contentType, resp.Header.Values("Content-Type")); diff != "" {
				t.Errorf("Content-Type (-want +got):\n%s", diff)
			}
			if got := resp.Header.Get("Content-Disposition"); got != tc.disposition {
				t.Errorf("Content-Disposition %q, want %q", got, tc.disposition)
			}
			if got := resp.Header.Get("Content-Security-Policy"); got != tc.csp {
				t.Errorf("Content-Security-Policy %q, want %q", got, tc.csp)
			}
		})
	}
}

func TestHandlerPolicyOption(t *testing.T) {
	h := func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.Write(htmlBytes)
	}
	resp, _ := serve(t, h, "GET", nil, mimesniff.WithPolicy(0))
	if resp.Header.Get("Content-Disposition") != "" || resp.Header.Get("Content-Security-Policy") != "" {
		t.Errorf("WithPolicy(0) added %v", resp.Header)
	}
	resp, _ = serve(t, h, "GET", nil, mimesniff.WithPolicy(mimesniff.Sandbox))
	if resp.Header.Get("Content-Disposition") != "" || resp.Header.Get("Content-Security-Policy") != "sandbox" {
		t.Errorf("WithPolicy(Sandbox) gave %v", resp.Header)
	}
}

// TestHandlerFlush checks that a flush before HeaderSize bytes sends them:
// the client reads them while the handler waits.
func TestHandlerFlush(t *testing.T) {
	first, rest := []byte("<html>"), bigHTML
	proceed := make(chan struct{})
	srv := httptest.NewServer(mimesniff.Handler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Write(first)
		w.(http.Flusher).Flush()
		select {
		case <-proceed:
		case <-time.After(10 * time.Second):
		}
		w.Write(rest)
	})))
	defer srv.Close()
	resp, err := srv.Client().Get(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	got := make([]byte, len(first))
	if _, err := io.ReadFull(resp.Body, got); err != nil {
		t.Fatal(err)
	}
	close(proceed)
	tail, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(append(got, tail...), append(append([]byte{}, first...), rest...)) {
		t.Error("body differs")
	}
	if ct := resp.Header.Get("Content-Type"); ct != "text/plain" {
		t.Errorf("Content-Type %q, want text/plain (sniffed from the flushed bytes, nosniff)", ct)
	}
	if resp.Header.Get("X-Content-Type-Options") != "nosniff" {
		t.Error("no nosniff")
	}
}

// TestHandlerServeContent serves a file by http.ServeContent, whole and in
// ranges.
func TestHandlerServeContent(t *testing.T) {
	content := bytes.Repeat(pngBytes, 300)
	h := func(w http.ResponseWriter, r *http.Request) {
		http.ServeContent(w, r, "upload", time.Unix(0, 0), bytes.NewReader(content))
	}
	tests := []struct {
		name, rng string
		status    int
		want      []byte
	}{
		{"whole", "", 200, content},
		{"range", "bytes=10-2009", 206, content[10:2010]},
		{"suffix", "bytes=-5", 206, content[len(content)-5:]},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var rh http.Header
			if tc.rng != "" {
				rh = http.Header{"Range": {tc.rng}}
			}
			resp, body := serve(t, h, "GET", rh)
			if resp.StatusCode != tc.status || !bytes.Equal(body, tc.want) {
				t.Errorf("status %d, %d bytes; want %d, %d bytes", resp.StatusCode, len(body), tc.status, len(tc.want))
			}
			if ct := resp.Header.Get("Content-Type"); ct != "image/png" {
				t.Errorf("Content-Type %q", ct)
			}
		})
	}
}

// TestHandler1xx checks that an informational response goes out as such.
func TestHandler1xx(t *testing.T) {
	srv := httptest.NewServer(mimesniff.Handler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Link", "</a.css>; rel=preload")
		w.WriteHeader(http.StatusEarlyHints)
		w.Write(htmlBytes)
	})))
	defer srv.Close()
	var codes []int
	var mu sync.Mutex
	trace := &httptrace.ClientTrace{Got1xxResponse: func(code int, h textproto.MIMEHeader) error {
		mu.Lock()
		codes = append(codes, code)
		mu.Unlock()
		return nil
	}}
	req, _ := http.NewRequestWithContext(httptrace.WithClientTrace(context.Background(), trace), "GET", srv.URL, nil)
	resp, err := srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !slices.Equal(codes, []int{103}) || resp.StatusCode != 200 || !bytes.Equal(body, htmlBytes) {
		t.Errorf("1xx %v, status %d, body %q", codes, resp.StatusCode, body)
	}
}

// TestHandlerPanic checks that a handler that panics after writing does not
// make the middleware panic on its own, and that whatever the client gets
// carries nosniff.
func TestHandlerPanic(t *testing.T) {
	for _, n := range []int{0, 10, 3000} {
		srv := httptest.NewServer(mimesniff.Handler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Write(bigHTML[:min(n, len(bigHTML))])
			if n == 3000 {
				w.(http.Flusher).Flush()
			}
			panic(http.ErrAbortHandler)
		})))
		resp, err := srv.Client().Get(srv.URL)
		if err == nil {
			if resp.Header.Get("X-Content-Type-Options") != "nosniff" {
				t.Errorf("%d bytes: response without nosniff", n)
			}
			body, _ := io.ReadAll(resp.Body)
			if !bytes.HasPrefix(bigHTML, body) {
				t.Errorf("%d bytes: body is not a prefix of what was written", n)
			}
			resp.Body.Close()
		}
		srv.Close()
	}
}

// TestHandlerHijack checks Hijack through the middleware, and that a write
// after it fails as net/http's does.
func TestHandlerHijack(t *testing.T) {
	writeErr := make(chan error, 1)
	srv := httptest.NewUnstartedServer(mimesniff.Handler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		conn, bw, err := http.NewResponseController(w).Hijack()
		if err != nil {
			writeErr <- err
			return
		}
		defer conn.Close()
		_, err = w.Write([]byte("late"))
		writeErr <- err
		bw.WriteString("HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nhi")
		bw.Flush()
	})))
	srv.Config.ErrorLog = log.New(io.Discard, "", 0) // net/http logs the late write
	srv.Start()
	defer srv.Close()
	conn, err := net.Dial("tcp", srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.Write([]byte("GET / HTTP/1.1\r\nHost: x\r\n\r\n"))
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	if string(body) != "hi" {
		t.Errorf("body %q", body)
	}
	if err := <-writeErr; !errors.Is(err, http.ErrHijacked) {
		t.Errorf("write after hijack: %v, want http.ErrHijacked", err)
	}
}

// TestHandlerConcurrent serves many requests at once (run with -race).
func TestHandlerConcurrent(t *testing.T) {
	srv := httptest.NewServer(mimesniff.Handler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/png" {
			w.Write(pngBytes)
			return
		}
		for i := 0; i < len(bigHTML); i += 100 {
			w.Write(bigHTML[i:min(i+100, len(bigHTML))])
		}
	})))
	defer srv.Close()
	var wg sync.WaitGroup
	for i := 0; i < 16; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			path, want, ct := "/", bigHTML, "text/plain"
			if i%2 == 0 {
				path, want, ct = "/png", pngBytes, "image/png"
			}
			resp, err := srv.Client().Get(srv.URL + path)
			if err != nil {
				t.Error(err)
				return
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if !bytes.Equal(body, want) || resp.Header.Get("Content-Type") != ct {
				t.Errorf("%s: %d bytes of type %q", path, len(body), resp.Header.Get("Content-Type"))
			}
		}()
	}
	wg.Wait()
}

// discardWriter is an http.ResponseWriter that keeps its headers and drops
// the body, so that a benchmark measures the handler and not a network.
type discardWriter struct{ h http.Header }

func (w *discardWriter) Header() http.Header         { return w.h }
func (w *discardWriter) WriteHeader(int)             {}
func (w *discardWriter) Write(p []byte) (int, error) { return len(p), nil }

// detectWriter does what net/http does for a handler that set no
// Content-Type: DetectContentType over the first write.
type detectWriter struct {
	http.ResponseWriter
	wrote bool
}

func (w *detectWriter) Write(p []byte) (int, error) {
	if !w.wrote {
		w.wrote = true
		if w.Header().Get("Content-Type") == "" {
			w.Header().Set("Content-Type", http.DetectContentType(p))
		}
	}
	return w.ResponseWriter.Write(p)
}

// BenchmarkHandler measures Handler's overhead per response against the
// bare handler (which sets its own type) and against net/http's own
// sniffing, for a 100-byte and a 1 MB body written in 32 KiB pieces.
func BenchmarkHandler(b *testing.B) {
	for _, size := range []int{100, 1 << 20} {
		body := bytes.Repeat([]byte("<p>hello, world</p>\n"), size/20+1)[:size]
		write := func(w http.ResponseWriter) {
			for p := body; len(p) > 0; {
				n := min(len(p), 32<<10)
				w.Write(p[:n])
				p = p[n:]
			}
		}
		untyped := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { write(w) })
		typed := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/plain")
			write(w)
		})
		req := httptest.NewRequest("GET", "/", nil)
		impls := []struct {
			name string
			h    http.Handler
			wrap func(http.ResponseWriter) http.ResponseWriter
		}{
			{"bare", typed, nil},
			{"nethttp", untyped, func(w http.ResponseWriter) http.ResponseWriter { return &detectWriter{ResponseWriter: w} }},
			{"mimesniff", mimesniff.Handler(untyped), nil},
		}
		for _, impl := range impls {
			b.Run(fmt.Sprintf("size=%d/impl=%s", size, impl.name), func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(int64(size))
				dw := &discardWriter{h: http.Header{}}
				for b.Loop() {
					clear(dw.h)
					var w http.ResponseWriter = dw
					if impl.wrap != nil {
						w = impl.wrap(w)
					}
					impl.h.ServeHTTP(w, req)
				}
			})
		}
	}
}

// TestExtensionEveryComputedType walks every table the package sniffs with,
// and every type its rules compute outside them, and checks that Extension
// names each from the package's own table (mime.ExtensionsByType does not
// know them all, and what it knows depends on the machine).
func TestExtensionEveryComputedType(t *testing.T) {
	var types []mimesniff.MIMEType
	for _, tab := range mimesniff.SignatureTables {
		for _, r := range tab.Rows {
			types = append(types, r.Type)
		}
	}
	for _, s := range []string{
		"video/mp4", "video/webm", "audio/mpeg", // the signatures outside the tables
		"text/plain", "application/octet-stream", // text or binary
		"application/rss+xml", "application/atom+xml", // feeds
		"text/vtt", "text/cache-manifest", // context rules
	} {
		types = append(types, mimesniff.MustParse(s))
	}
	// Every type a browser profile computes for a testdata file, with no
	// type, an unknown one or an Apache one.
	files, err := filepath.Glob("testdata/files/*")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, h := range []http.Header{{}, {"Content-Type": {"unknown/unknown"}}, {"Content-Type": {"text/plain"}}} {
			r, _, _ := mimesniff.ResourceFromHTTP(h, bytes.NewReader(data))
			for _, b := range []mimesniff.Browser{mimesniff.Standard, mimesniff.Chromium, mimesniff.Firefox} {
				types = append(types, r.SniffAs(b))
			}
		}
	}
	for _, ty := range types {
		if ext := mimesniff.Extension(ty); len(ext) < 2 || ext[0] != '.' {
			t.Errorf("Extension(%s) = %q, want a dot and a name", ty, ext)
		}
	}
	// The types only the profiles compute, which mime.ExtensionsByType
	// names differently or not at all.
	for ty, want := range map[string]string{"video/matroska": ".mkv", "video/3gpp": ".3gp"} {
		if ext := mimesniff.Extension(mimesniff.MustParse(ty)); ext != want {
			t.Errorf("Extension(%s) = %q, want %q", ty, ext, want)
		}
	}
}
