// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff_test

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"mime"
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

// serve runs h behind Handler on an httptest server and makes one request
// with a real client. It returns the response, with its body read.
func serve(t *testing.T, h http.HandlerFunc, method string, reqHeader http.Header) (*http.Response, []byte) {
	t.Helper()
	srv := httptest.NewUnstartedServer(mimesniff.Handler(h))
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
	// In lower case: WebKitGTK reads no other spelling as nosniff
	// (webkitNoSniff in webkit.go).
	if got := resp.Header.Values("X-Content-Type-Options"); len(got) != 1 || got[0] != "nosniff" {
		t.Errorf("X-Content-Type-Options = %q, want nosniff once", got)
	}
	return resp, body
}

// bigHTML is an HTML body longer than HeaderSize.
var bigHTML = append(append([]byte{}, htmlBytes...), bytes.Repeat([]byte("<p>hello "), 400)...)

// handlerCases are handlers and the response Handler sends for each: its
// body, status and policy headers.
var handlerCases = []struct {
	name        string
	method      string
	h           http.HandlerFunc
	body        []byte // what the client reads
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
	// A part of a resource is typed by the resource's start, which a
	// part from its middle does not hold.
	{"206 from byte 0, no type", "GET", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Range", "bytes 0-8/1000")
		w.WriteHeader(206)
		w.Write(pngBytes[:9])
	}, pngBytes[:9], 206, []string{"image/png"}, "", ""},
	{"206 from the middle, no type", "GET", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Range", "bytes 100-199/1000")
		w.WriteHeader(206)
		w.Write(htmlBytes)
	}, htmlBytes, 206, nil, "", ""},
	{"206 from the middle, no type, empty", "GET", func(w http.ResponseWriter, r *http.Request) {
		// net/http sniffs no empty body: no type is added (the wire
		// differential's "type added, empty body").
		w.Header().Set("Content-Range", "bytes 100-199/1000")
		w.WriteHeader(206)
	}, nil, 206, nil, "", ""},
	{"206 from the middle, unknown type", "GET", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Range", "bytes 100-199/1000")
		w.Header().Set("Content-Type", "application/unknown")
		w.WriteHeader(206)
		w.Write(htmlBytes)
	}, htmlBytes, 206, []string{"application/unknown"}, "", ""},
	{"206 from the middle, HTML", "GET", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Range", "bytes 100-199/1000")
		w.Header().Set("Content-Type", "text/html")
		w.WriteHeader(206)
		w.Write(htmlBytes)
	}, htmlBytes, 206, []string{"text/html"}, "attachment", "sandbox"},
	{"206, Content-Range not read", "GET", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Range", "bytes */1000")
		w.WriteHeader(206)
		w.Write(htmlBytes)
	}, htmlBytes, 206, nil, "", ""},
	{"300 with HTML", "GET", func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(300)
		w.Write(htmlBytes)
	}, htmlBytes, 300, []string{"text/plain"}, "", ""},
	{"500 with a script", "GET", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/javascript")
		w.WriteHeader(500)
		w.Write([]byte("alert(1)"))
	}, []byte("alert(1)"), 500, []string{"text/plain"}, "", ""},
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
	// Several values are read as browsers read them, and sent as one.
	{"several Content-Type values", "GET", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Add("Content-Type", "text/plain")
		w.Header().Add("Content-Type", "text/html")
		w.Write(htmlBytes)
	}, htmlBytes, 200, []string{"text/html"}, "attachment", "sandbox"},
	{"text/html then */*", "GET", func(w http.ResponseWriter, r *http.Request) {
		w.Header()["Content-Type"] = []string{"text/html", "*/*"}
		w.Write([]byte("hello"))
	}, []byte("hello"), 200, []string{"text/html"}, "attachment", "sandbox"},
	{"one value with a comma", "GET", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html, */*")
		w.Write([]byte("hello"))
	}, []byte("hello"), 200, []string{"text/html"}, "attachment", "sandbox"},
	// A value that does not parse is no type: the bytes decide.
	{"broken Content-Type", "GET", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "html")
		w.Write(htmlBytes)
	}, htmlBytes, 200, []string{"text/plain"}, "", ""},
	{"empty Content-Type", "GET", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "")
		w.Write(pngBytes)
	}, pngBytes, 200, []string{"image/png"}, "", ""},
	{"unknown/unknown", "GET", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "unknown/unknown")
		w.Write(htmlBytes)
	}, htmlBytes, 200, []string{"text/plain"}, "", ""},
	{"*/*", "GET", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "*/*")
		w.Write(htmlBytes)
	}, htmlBytes, 200, []string{"text/plain"}, "", ""},
	// net/http sends a header under the key it is given, and a
	// browser reads "content-type" as Content-Type.
	{"lower-case key", "GET", func(w http.ResponseWriter, r *http.Request) {
		w.Header()["content-type"] = []string{"text/html"}
		w.Write(htmlBytes)
	}, htmlBytes, 200, []string{"text/html"}, "attachment", "sandbox"},
	// Keys go out sorted, so "Content-Type" comes first and
	// "content-type", the last value, wins.
	{"two spellings", "GET", func(w http.ResponseWriter, r *http.Request) {
		w.Header()["Content-Type"] = []string{"image/png"}
		w.Header()["content-type"] = []string{"text/html"}
		w.Write(pngBytes)
	}, pngBytes, 200, []string{"text/html"}, "attachment", "sandbox"},
	{"lower-case nosniff and disposition", "GET", func(w http.ResponseWriter, r *http.Request) {
		w.Header()["x-content-type-options"] = []string{"NOSNIFF"}
		w.Header()["content-disposition"] = []string{"inline; filename=a.html"}
		w.Header()["CONTENT-TYPE"] = []string{"text/html"}
		w.Write(htmlBytes)
	}, htmlBytes, 200, []string{"text/html"}, "attachment; filename=a.html", "sandbox"},
	{"disposition with no type", "GET", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "image/svg+xml")
		w.Header().Set("Content-Disposition", "filename=a.svg")
		w.Write([]byte("<svg/>"))
	}, []byte("<svg/>"), 200, []string{"image/svg+xml"}, "attachment; filename=a.svg", "sandbox"},
	// Types active in one browser only get the policy too.
	{"text/xsl", "GET", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/xsl")
		w.Write([]byte("<x:stylesheet/>"))
	}, []byte("<x:stylesheet/>"), 200, []string{"text/xsl"}, "attachment", "sandbox"},
	{"multipart/x-mixed-replace", "GET", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "multipart/x-mixed-replace; boundary=b")
		w.Write([]byte("--b\r\nContent-Type: text/html\r\n\r\n<script>alert(1)</script>"))
	}, []byte("--b\r\nContent-Type: text/html\r\n\r\n<script>alert(1)</script>"), 200, []string{"application/octet-stream"}, "", ""},
	// net/http sends the headers as they were at the first Write:
	// a type set later is ignored, by Handler too.
	{"type set after the first write", "GET", func(w http.ResponseWriter, r *http.Request) {
		w.Write(htmlBytes)
		w.Header().Set("Content-Type", "text/html")
		w.Header()["content-type"] = []string{"text/html"}
	}, htmlBytes, 200, []string{"text/plain"}, "", ""},
	{"type changed after the first write", "GET", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.Write(htmlBytes)
		w.Header().Set("Content-Type", "image/png")
	}, htmlBytes, 200, []string{"text/html"}, "attachment", "sandbox"},
	// A value is sent as the bytes it was: 0xE9 stays one byte.
	{"non-ASCII bytes", "GET", func(w http.ResponseWriter, r *http.Request) {
		w.Header()["Content-Type"] = []string{"text/html", "text/plain;charset=\"\xe9\""}
		w.Write(htmlBytes)
	}, htmlBytes, 200, []string{"text/plain;charset=\"\xe9\""}, "", ""},
	{"non-ASCII bytes, one value kept", "GET", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=\xe9")
		w.Write(htmlBytes)
	}, htmlBytes, 200, []string{"text/plain; charset=\xe9"}, "", ""},
	{"100,000 values", "GET", func(w http.ResponseWriter, r *http.Request) {
		v := make([]string, 100000)
		for i := range v {
			v[i] = "text/plain"
		}
		v[len(v)-1] = "image/svg+xml"
		w.Header()["Content-Type"] = v
		w.Write([]byte("<svg/>"))
	}, []byte("<svg/>"), 200, []string{"image/svg+xml"}, "attachment", "sandbox"},
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

func TestHandler(t *testing.T) {
	for _, tc := range handlerCases {
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
			if rep := mimesniff.ReportForStatus(resp.StatusCode, resp.Header, body); rep.DocumentScript || rep.ScriptInclusion {
				t.Errorf("at status %d, script runs through %v", resp.StatusCode, verdicts(rep))
			}
		})
	}
}

// TestHandlerCrossOriginPolicy checks that Handler leaves the
// Cross-Origin-Resource-Policy a handler sets as it is, so that the recipe
// for a private response works behind it: one value of same-origin reaches
// the client, whether Handler sent the headers at once or held the bytes,
// and the report of the wire's header says no other site reads it. Two
// values are what the handler sent, which browsers ignore (their joined
// value is no policy), and the report says so.
func TestHandlerCrossOriginPolicy(t *testing.T) {
	secret := []byte(`["s3cr3t"]`)
	for _, tc := range []struct {
		name     string
		set      func(h http.Header)
		want     []string
		readable bool
	}{
		{"typed, sent at once", func(h http.Header) {
			h.Set("Content-Type", "application/json")
			h.Set("Cross-Origin-Resource-Policy", "same-origin")
		}, []string{"same-origin"}, false},
		{"untyped, held for sniffing", func(h http.Header) {
			h.Set("Cross-Origin-Resource-Policy", "same-site")
		}, []string{"same-site"}, false},
		{"a lower-case key", func(h http.Header) {
			h["cross-origin-resource-policy"] = []string{"same-origin"}
		}, []string{"same-origin"}, false},
		{"two spellings", func(h http.Header) {
			h["Cross-Origin-Resource-Policy"] = []string{"same-origin"}
			h["cross-origin-resource-policy"] = []string{"same-origin"}
		}, []string{"same-origin", "same-origin"}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resp, body := serve(t, func(w http.ResponseWriter, r *http.Request) {
				tc.set(w.Header())
				w.Write(secret)
			}, "GET", nil)
			if diff := cmp.Diff(tc.want, resp.Header.Values("Cross-Origin-Resource-Policy")); diff != "" {
				t.Errorf("Cross-Origin-Resource-Policy (-want +got):\n%s", diff)
			}
			if got := mimesniff.ReportFor(resp.Header, body).CrossOriginRead; got != tc.readable {
				t.Errorf("ReportFor of the wire's header: CrossOriginRead %v, want %v", got, tc.readable)
			}
		})
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

// TestHandlerPanic checks that a handler that panics reaches the client as
// it would without Handler: a response it began and flushed arrives with
// nosniff, cut short; one it did not flush never arrives (net/http sends
// nothing for it either); and the middleware does not panic on its own.
func TestHandlerPanic(t *testing.T) {
	tests := []struct {
		name    string
		handler http.HandlerFunc
		arrives bool
	}{
		{"before writing", func(w http.ResponseWriter, r *http.Request) {
			panic(http.ErrAbortHandler)
		}, false},
		{"after an empty write", func(w http.ResponseWriter, r *http.Request) {
			w.Write(nil)
			panic(http.ErrAbortHandler)
		}, false},
		{"after 10 bytes", func(w http.ResponseWriter, r *http.Request) {
			w.Write(bigHTML[:10])
			panic(http.ErrAbortHandler)
		}, false},
		{"after a flush", func(w http.ResponseWriter, r *http.Request) {
			w.Write(bigHTML[:3000])
			w.(http.Flusher).Flush()
			panic(http.ErrAbortHandler)
		}, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for i, h := range []http.Handler{tc.handler, mimesniff.Handler(tc.handler)} {
				srv := httptest.NewServer(h)
				resp, err := srv.Client().Get(srv.URL)
				if (err == nil) != tc.arrives {
					t.Errorf("response arrives: %v (%v), want %v", err == nil, err, tc.arrives)
				}
				if err == nil {
					body, _ := io.ReadAll(resp.Body)
					if !bytes.HasPrefix(bigHTML, body) {
						t.Errorf("body is not a prefix of what was written")
					}
					if wrapped := i == 1; wrapped && resp.Header.Get("X-Content-Type-Options") != "nosniff" {
						t.Errorf("response without nosniff")
					}
					resp.Body.Close()
				}
				srv.Close()
			}
		})
	}
}

// TestHandlerWriteHeaderInvalid checks that an invalid status code panics
// as net/http's ResponseWriter does, with the same message, rather than
// becoming a 200, and that a valid one does not: net/http takes any three
// digits (checkWriteHeaderCode in server.go: "if code < 100 || code > 999").
func TestHandlerWriteHeaderInvalid(t *testing.T) {
	for _, tc := range []struct {
		code   int
		panics bool
	}{{0, true}, {99, true}, {1000, true}, {-1, true}, {100, false}, {999, false}} {
		panicOf := func(h http.Handler) (v any) {
			defer func() { v = recover() }()
			h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", "/", nil))
			return nil
		}
		h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(tc.code) })
		want, got := panicOf(h), panicOf(mimesniff.Handler(h))
		if (want != nil) != tc.panics || got != want {
			t.Errorf("WriteHeader(%d): panic %v, want %v", tc.code, got, want)
		}
	}
}

// TestHandlerFileServer serves files through http.FileServer, whole, as
// HEAD and in several ranges: a type the file server sets from the name
// gets the policy when it renders as a document that runs script in some
// profile, and so does the multipart/byteranges answer to several ranges.
func TestHandlerFileServer(t *testing.T) {
	if err := mime.AddExtensionType(".xsl", "text/xsl"); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	files := map[string][]byte{
		"a.html": bigHTML,
		"a.xsl":  []byte(`<?xml version="1.0"?><xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"/>`),
		"a.svg":  []byte(`<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>`),
		"a.png":  bytes.Repeat(pngBytes, 200),
		"a":      htmlBytes,
	}
	for name, b := range files {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	fs := http.FileServer(http.Dir(dir)).ServeHTTP
	tests := []struct {
		name, method, path, rng string
		status                  int
		contentType             string // its essence
		policy                  bool   // attachment and sandbox
	}{
		{"HTML", "GET", "/a.html", "", 200, "text/html", true},
		{"HTML, HEAD", "HEAD", "/a.html", "", 200, "text/html", true},
		{"XSL", "GET", "/a.xsl", "", 200, "text/xsl", true},
		{"SVG", "GET", "/a.svg", "", 200, "image/svg+xml", true},
		{"PNG", "GET", "/a.png", "", 200, "image/png", false},
		{"PNG, one range", "GET", "/a.png", "bytes=0-99", 206, "image/png", false},
		// Several ranges: the parts are not read, so that GET and HEAD
		// (which shows no part) get the same headers, which fail closed
		// (redteam.json, headCheck, before the fix).
		{"HTML, several ranges", "GET", "/a.html", "bytes=0-9,20-29", 206, "multipart/byteranges", true},
		{"PNG, several ranges", "GET", "/a.png", "bytes=0-9,20-29", 206, "multipart/byteranges", true},
		{"HTML, several ranges, HEAD", "HEAD", "/a.html", "bytes=0-9,20-29", 206, "multipart/byteranges", true},
		{"PNG, several ranges, HEAD", "HEAD", "/a.png", "bytes=0-9,20-29", 206, "multipart/byteranges", true},
		// No extension: the file server sniffs with DetectContentType
		// and sets text/html, which Handler keeps, with the policy.
		{"no extension", "GET", "/a", "", 200, "text/html", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var rh http.Header
			if tc.rng != "" {
				rh = http.Header{"Range": {tc.rng}}
			}
			srv := httptest.NewServer(mimesniff.Handler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				r.URL.Path = tc.path
				fs(w, r)
			})))
			defer srv.Close()
			req, _ := http.NewRequest(tc.method, srv.URL+tc.path, nil)
			for k, v := range rh {
				req.Header[k] = v
			}
			resp, err := srv.Client().Do(req)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != tc.status {
				t.Errorf("status %d, want %d", resp.StatusCode, tc.status)
			}
			ct, _, _ := strings.Cut(resp.Header.Get("Content-Type"), ";")
			if ct != tc.contentType {
				t.Errorf("Content-Type %q, want %s", resp.Header.Get("Content-Type"), tc.contentType)
			}
			policy := resp.Header.Get("Content-Disposition") == "attachment" && resp.Header.Get("Content-Security-Policy") == "sandbox"
			if policy != tc.policy {
				t.Errorf("headers %v: policy %v, want %v", resp.Header, policy, tc.policy)
			}
			if resp.Header.Get("X-Content-Type-Options") != "nosniff" {
				t.Errorf("no nosniff")
			}
			if tc.status == 200 && tc.method == "GET" && !bytes.Equal(body, files[strings.TrimPrefix(tc.path, "/")]) {
				t.Errorf("body differs")
			}
		})
	}
}

// TestHandlerHijack checks Hijack through the middleware: for a request that
// asks to switch protocols it works, and a write after it fails as
// net/http's does; for any other request it fails with http.ErrNotSupported,
// as what the handler would write on the connection would leave without the
// policy, and the handler's response gets it.
func TestHandlerHijack(t *testing.T) {
	tests := []struct {
		name    string
		request string
		hijacks bool
	}{
		{"upgrade", "GET / HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n", true},
		{"upgrade among tokens", "GET / HTTP/1.1\r\nHost: x\r\nConnection: keep-alive, UPGRADE\r\nUpgrade: x\r\n\r\n", true},
		{"CONNECT", "CONNECT x:443 HTTP/1.1\r\nHost: x:443\r\n\r\n", true},
		{"plain GET", "GET / HTTP/1.1\r\nHost: x\r\n\r\n", false},
		{"Upgrade without Connection", "GET / HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n\r\n", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			hijackErr, writeErr := make(chan error, 1), make(chan error, 1)
			srv := httptest.NewUnstartedServer(mimesniff.Handler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				conn, bw, err := http.NewResponseController(w).Hijack()
				hijackErr <- err
				if err != nil {
					w.Write(htmlBytes)
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
			conn.Write([]byte(tc.request))
			resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			err = <-hijackErr
			if !tc.hijacks {
				if !errors.Is(err, http.ErrNotSupported) {
					t.Errorf("Hijack: %v, want http.ErrNotSupported", err)
				}
				// An untyped page is served as text (SafeHeaders).
				if !bytes.Equal(body, htmlBytes) || resp.Header.Get("Content-Type") != "text/plain" || resp.Header.Get("X-Content-Type-Options") != "nosniff" {
					t.Errorf("response %v %q, want the page as text/plain with nosniff", resp.Header, body)
				}
				return
			}
			if err != nil {
				t.Fatalf("Hijack: %v", err)
			}
			if string(body) != "hi" {
				t.Errorf("body %q", body)
			}
			if err := <-writeErr; !errors.Is(err, http.ErrHijacked) {
				t.Errorf("write after hijack: %v, want http.ErrHijacked", err)
			}
		})
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

// TestHandlerReuse serves responses that leave the writer in every state,
// one after another through one Handler, which reuses its writers: each
// response must come out as if it were the first.
func TestHandlerReuse(t *testing.T) {
	steps := []struct {
		name   string
		serve  func(w http.ResponseWriter)
		status int
		header http.Header
		body   string
	}{
		{
			name:   "held then 404",
			serve:  func(w http.ResponseWriter) { w.WriteHeader(http.StatusNotFound); w.Write([]byte("GIF89a")) },
			status: http.StatusNotFound,
			header: http.Header{"Content-Type": {"image/gif"}, "X-Content-Type-Options": {"nosniff"}},
			body:   "GIF89a",
		},
		{
			name:   "empty",
			serve:  func(w http.ResponseWriter) {},
			status: http.StatusOK,
			header: http.Header{"X-Content-Type-Options": {"nosniff"}},
		},
		{
			name: "typed html",
			serve: func(w http.ResponseWriter) {
				w.Header()["content-type"] = []string{"text/html"}
				w.Write([]byte("<p>x"))
			},
			status: http.StatusOK,
			header: http.Header{
				"Content-Type":            {"text/html"},
				"Content-Disposition":     {"attachment"},
				"Content-Security-Policy": {"sandbox"},
				"X-Content-Type-Options":  {"nosniff"},
			},
			body: "<p>x",
		},
		{
			name:   "untyped text after",
			serve:  func(w http.ResponseWriter) { w.Write([]byte("hello")) },
			status: http.StatusOK,
			header: http.Header{"Content-Type": {"text/plain"}, "X-Content-Type-Options": {"nosniff"}},
			body:   "hello",
		},
	}
	var i int
	h := mimesniff.Handler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { steps[i].serve(w) }))
	for round := range 3 {
		for i = range steps {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest("GET", "/", nil))
			got := struct {
				Status int
				Header http.Header
				Body   string
			}{rec.Code, rec.Result().Header, rec.Body.String()}
			want := got
			want.Status, want.Header, want.Body = steps[i].status, steps[i].header, steps[i].body
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("round %d, %s (-want +got):\n%s", round, steps[i].name, diff)
			}
		}
	}
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

// TestHandlerLateWrite checks that a handler that writes after it returned,
// as it must not, reaches at most its own response, as without Handler: the
// writer Handler gives it is its own, so the bytes never land in another
// request's response, over HTTP/1.1 and HTTP/2.
func TestHandlerLateWrite(t *testing.T) {
	secret := []byte("SECRET-OF-THE-FIRST-REQUEST")
	wrote := make(chan struct{})
	h := mimesniff.Handler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/late" {
			go func() {
				defer close(wrote)
				defer func() { recover() }() // net/http may panic: a misuse
				time.Sleep(20 * time.Millisecond)
				w.Write(secret)
			}()
			return
		}
		time.Sleep(50 * time.Millisecond)
		w.Write(bigHTML)
	}))
	for _, h2 := range []bool{false, true} {
		srv := httptest.NewUnstartedServer(h)
		srv.Config.ErrorLog = log.New(io.Discard, "", 0)
		if h2 {
			srv.EnableHTTP2 = true
			srv.StartTLS()
		} else {
			srv.Start()
		}
		wrote = make(chan struct{})
		resp, err := srv.Client().Get(srv.URL + "/late")
		if err == nil {
			io.ReadAll(resp.Body)
			resp.Body.Close()
		}
		var bodies [][]byte
		var mu sync.Mutex
		var wg sync.WaitGroup
		for range 20 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				resp, err := srv.Client().Get(srv.URL + "/page")
				if err != nil {
					return
				}
				b, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				mu.Lock()
				bodies = append(bodies, b)
				mu.Unlock()
			}()
		}
		wg.Wait()
		<-wrote
		for _, b := range bodies {
			if bytes.Contains(b, secret) {
				t.Errorf("HTTP/2 %v: another request's response holds the late write", h2)
			}
		}
		srv.Close()
	}
}

// firstWrite is a ResponseWriter that keeps the handler's header map as it
// was at the handler's first WriteHeader or Write, and the body.
type firstWrite struct {
	header, frozen http.Header
	status         int
	body           bytes.Buffer
}

func (f *firstWrite) Header() http.Header { return f.header }

func (f *firstWrite) WriteHeader(code int) {
	if f.frozen == nil && code >= 200 {
		f.frozen, f.status = f.header.Clone(), code
	}
}

// SetWriteDeadline is there for http.ResponseController.
func (f *firstWrite) SetWriteDeadline(time.Time) error { return nil }

func (f *firstWrite) Write(p []byte) (int, error) {
	f.WriteHeader(http.StatusOK)
	return f.body.Write(p)
}

// TestHandlerMatchesSafeHeaders checks that Handler sends the policy
// SafeHeaders chooses for the type the handler declared and the bytes it
// wrote, for every case of handlerCases: the same type, nosniff, and an
// attachment and a sandbox where SafeHeaders sets them. The one difference is
// Handler's doc's: a response with no bytes to read (an empty body, a 204 or
// 304, a HEAD that writes nothing) keeps the type the handler gave it, none
// included, where SafeHeaders would name the type of empty bytes.
func TestHandlerMatchesSafeHeaders(t *testing.T) {
	for _, tc := range handlerCases {
		t.Run(tc.name, func(t *testing.T) {
			f := &firstWrite{header: http.Header{}}
			func() {
				defer func() { recover() }()
				tc.h(f, httptest.NewRequest(tc.method, "/", nil))
			}()
			if f.frozen == nil {
				f.frozen, f.status = f.header.Clone(), http.StatusOK
			}
			declared, _ := mimesniff.ExtractMIMEType(f.frozen)
			hs := mimesniff.SafeHeaders(declared, f.body.Bytes())
			resp, _ := serve(t, tc.h, tc.method, nil)
			// A part after the resource's start has no bytes that say
			// its type; one with none is sent with none, not sniffed.
			later := f.status == http.StatusPartialContent && !strings.HasPrefix(f.frozen.Get("Content-Range"), "bytes 0-")
			_, typed := f.frozen["Content-Type"]
			noBytes := f.body.Len() == 0 || f.status == http.StatusNoContent || f.status == http.StatusNotModified || later
			got, _ := mimesniff.ExtractMIMEType(resp.Header)
			switch e := declared.Essence(); {
			case later && !typed:
				if got.IsValid() || !mimesniff.DetermineNoSniff(resp.Header) {
					t.Errorf("a later part with no type: Handler sends %v, nosniff %v; want no type, nosniff", got, mimesniff.DetermineNoSniff(resp.Header))
				}
			case noBytes && !declared.IsValid():
				if got.IsValid() {
					t.Errorf("no bytes and no type: Handler sends %v", got)
				}
			case noBytes && (e == "unknown/unknown" || e == "application/unknown" || e == "*/*"):
				if got != declared {
					t.Errorf("no bytes and an unknown type: Handler sends %v, not %v", got, declared)
				}
			case got.Essence() != hs.ContentType.Essence():
				t.Errorf("Handler sends %v, SafeHeaders chooses %v", got, hs.ContentType)
			}
			attachment := strings.HasPrefix(resp.Header.Get("Content-Disposition"), "attachment")
			sandbox := slices.Contains(resp.Header.Values("Content-Security-Policy"), "sandbox")
			if attachment != (hs.ContentDisposition != "") || sandbox != (hs.ContentSecurityPolicy != "") {
				t.Errorf("Handler: attachment %v, sandbox %v; SafeHeaders: %+v", attachment, sandbox, hs)
			}
		})
	}
}

// TestHandlerSendsAtHeaderSize checks that Handler holds fewer than
// HeaderSize bytes: the write that brings the body to HeaderSize bytes, the
// whole resource header the standard reads ("If the number of bytes in
// buffer is greater than or equal to 1445, abort these steps",
// https://mimesniff.spec.whatwg.org/#reading-the-resource-header), reaches
// the wrapped writer at once with every byte held before it, so that a
// handler that streams is held up no longer than sniffing needs.
func TestHandlerSendsAtHeaderSize(t *testing.T) {
	for _, tc := range []struct {
		name   string
		writes []int
		want   int // the bytes the wrapped writer has after the writes
	}{
		{"one write of HeaderSize", []int{mimesniff.HeaderSize}, mimesniff.HeaderSize},
		{"two writes to HeaderSize", []int{1000, mimesniff.HeaderSize - 1000}, mimesniff.HeaderSize},
		{"the last byte alone", []int{mimesniff.HeaderSize - 1, 1}, mimesniff.HeaderSize},
		{"one byte short", []int{mimesniff.HeaderSize - 1}, 0},
		{"past HeaderSize", []int{1000, 1000}, 2000},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := &firstWrite{header: http.Header{}}
			got := -1
			h := mimesniff.Handler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				body := bigHTML
				for _, n := range tc.writes {
					w.Write(body[:n])
					body = body[n:]
				}
				got = f.body.Len()
			}))
			h.ServeHTTP(f, httptest.NewRequest("GET", "/", nil))
			if got != tc.want {
				t.Errorf("after writes of %v bytes, the wrapped writer has %d, want %d", tc.writes, got, tc.want)
			}
		})
	}
}

// TestHandlerHijackAfterWrite checks that a handler that began its response
// and then hijacks the connection of a request that switches protocols
// sends the head it began, as net/http does (response.Hijack: "if
// w.wroteHeader { w.cw.flush() }"), with the policy: the client reads the
// same status line bare and behind Handler, then the handler's own bytes.
func TestHandlerHijackAfterWrite(t *testing.T) {
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Write(htmlBytes)
		conn, bw, err := http.NewResponseController(w).Hijack()
		if err != nil {
			return
		}
		defer conn.Close()
		bw.WriteString("hi")
		bw.Flush()
	})
	read := func(h http.Handler) (*http.Response, string) {
		raw := exchangeRaw(t, h, "GET / HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n")
		br := bufio.NewReader(bytes.NewReader(raw))
		resp, err := http.ReadResponse(br, nil)
		if err != nil {
			t.Fatalf("no response head in %q: %v", raw, err)
		}
		rest, _ := io.ReadAll(br)
		return resp, string(rest)
	}
	bare, bareRest := read(h)
	wrapped, wrappedRest := read(mimesniff.Handler(h))
	if wrapped.Status != bare.Status || wrappedRest != bareRest {
		t.Errorf("behind Handler: %q, then %q; bare: %q, then %q", wrapped.Status, wrappedRest, bare.Status, bareRest)
	}
	if wrapped.Header.Get("X-Content-Type-Options") != "nosniff" {
		t.Errorf("behind Handler, the head is sent without the policy: %v", wrapped.Header)
	}
}

// TestHandlerPanicRecovered checks that a handler whose panic a middleware
// around Handler recovers from gets the response it began, as bare: net/http
// began it at the first Write (response.write calls WriteHeader(StatusOK)),
// so the middleware's error status comes too late, and its bytes follow the
// handler's.
func TestHandlerPanicRecovered(t *testing.T) {
	recovering := func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			defer func() {
				if recover() != nil {
					http.Error(w, "recovered", http.StatusInternalServerError)
				}
			}()
			h.ServeHTTP(w, r)
		})
	}
	next := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Write(htmlBytes[:10])
		panic("boom")
	})
	bare := getRaw(t, recovering(next), "GET")
	wrapped := getRaw(t, recovering(mimesniff.Handler(next)), "GET")
	if diff := cmp.Diff(bare.statuses, wrapped.statuses); diff != "" {
		t.Errorf("status lines (-bare +wrapped):\n%s", diff)
	}
	if diff := cmp.Diff(bare.body, wrapped.body); diff != "" {
		t.Errorf("body (-bare +wrapped):\n%s", diff)
	}
	if wrapped.header.Get("X-Content-Type-Options") != "nosniff" {
		t.Errorf("behind Handler, no nosniff: %q", wrapped.lines)
	}
}

// TestHandlerOwnMap checks that once the response has begun, the handler's
// own header map holds what the handler set, as bare: net/http copies a map
// the handler has read (response.WriteHeader: "w.cw.header =
// w.handlerHeader.Clone()") and adds its own headers to the copy, never to
// the handler's map. A handler reads its map again (http.ServeContent does),
// and net/http reads the trailers from it when the handler is done.
func TestHandlerOwnMap(t *testing.T) {
	for _, tc := range []struct {
		name  string
		serve func(w http.ResponseWriter)
	}{
		{"typed, after the status", func(w http.ResponseWriter) {
			w.Header().Set("Content-Type", "text/html")
			w.Header().Set("X-Own", "1")
			w.WriteHeader(http.StatusOK)
		}},
		{"typed, after the bytes", func(w http.ResponseWriter) {
			w.Header().Set("Content-Type", "text/html")
			w.Write(htmlBytes)
		}},
		{"own nosniff, after the status", func(w http.ResponseWriter) {
			w.Header().Set("Content-Type", "image/png")
			w.Header().Set("X-Content-Type-Options", "nosniff")
			w.WriteHeader(http.StatusOK)
		}},
		{"untyped, after the bytes", func(w http.ResponseWriter) {
			w.Header().Set("X-Own", "1")
			w.Write(bigHTML)
		}},
		{"untyped, after a flush", func(w http.ResponseWriter) {
			w.Header().Set("X-Own", "1")
			w.Write(htmlBytes)
			w.(http.Flusher).Flush()
		}},
		{"lower-case type, after the status", func(w http.ResponseWriter) {
			w.Header()["content-type"] = []string{"text/html"}
			w.WriteHeader(http.StatusOK)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			maps := make(chan http.Header, 2)
			h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				tc.serve(w)
				maps <- w.Header().Clone()
			})
			getRaw(t, h, "GET")
			getRaw(t, mimesniff.Handler(h), "GET")
			bare, wrapped := <-maps, <-maps
			if diff := cmp.Diff(bare, wrapped); diff != "" {
				t.Errorf("the handler's map after the response began (-bare +wrapped):\n%s", diff)
			}
		})
	}
}

// TestHandlerHTTP2Values checks the headers Handler sends where the
// handler's value is one HTTP/1.1 and HTTP/2 carry differently. net/http's
// HTTP/2 server drops a value with a control byte (http2encodeHeaders in
// h2_bundle.go: "if !httpguts.ValidHeaderFieldValue(v) { ... For now just
// omit it."), so a type or an attachment built from one would not arrive;
// its HTTP/1.1 writer trims spaces around a value (header.go, writeSubset:
// textproto.TrimString), where HTTP/2 sends them. Over HTTP/2 the client
// must read the type the handler declared, as HTTP/1.1 carries it, and the
// attachment where the type runs script.
func TestHandlerHTTP2Values(t *testing.T) {
	tests := []struct {
		name        string
		header      http.Header
		contentType string // the essence the client reads
		attachment  bool
	}{
		{"Content-Type ending in CR LF", http.Header{"Content-Type": {"text/html; charset=utf-8\r\n"}}, "text/html", true},
		{"Content-Type with a control byte in a parameter", http.Header{"Content-Type": {"text/plain; x=\x01"}}, "text/plain", false},
		{"Content-Disposition with a control byte", http.Header{"Content-Type": {"text/html"}, "Content-Disposition": {"inline; filename=\"a\x01.html\""}}, "text/html", true},
		{"Content-Type with spaces around it", http.Header{"Content-Type": {" text/plain "}}, "text/plain", false},
		{"clean values", http.Header{"Content-Type": {"text/html"}, "Content-Disposition": {"inline; filename=\"a.html\""}}, "text/html", true},
	}
	srv := httptest.NewUnstartedServer(mimesniff.Handler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		for _, tc := range tests {
			if r.URL.Path == "/"+tc.name {
				for k, v := range tc.header {
					w.Header()[k] = v
				}
			}
		}
		w.Write(htmlBytes)
	})))
	srv.Config.ErrorLog = log.New(io.Discard, "", 0)
	srv.EnableHTTP2 = true
	srv.StartTLS()
	defer srv.Close()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			resp, err := srv.Client().Get(srv.URL + "/" + strings.ReplaceAll(tc.name, " ", "%20"))
			if err != nil {
				t.Fatal(err)
			}
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if resp.ProtoMajor != 2 {
				t.Fatalf("response over %s, want HTTP/2", resp.Proto)
			}
			typ, _, _ := strings.Cut(resp.Header.Get("Content-Type"), ";")
			attachment := strings.HasPrefix(resp.Header.Get("Content-Disposition"), "attachment")
			if typ != tc.contentType || attachment != tc.attachment {
				t.Errorf("over HTTP/2: Content-Type %q, Content-Disposition %q; want %s, attachment %v",
					resp.Header.Values("Content-Type"), resp.Header.Values("Content-Disposition"), tc.contentType, tc.attachment)
			}
		})
	}
}
