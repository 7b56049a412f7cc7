// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff_test

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"log"
	"maps"
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"testing/iotest"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/mimesniff/mimesniff"
)

// connResponse is a response as read from the connection: its status lines
// (1xx ones first), its header lines in order, and its body without the
// chunked framing.
type connResponse struct {
	statuses []string
	header   http.Header // canonical keys, each name's values in wire order
	lines    []string    // the final response's header lines, as sent
	body     []byte
}

// exchangeRaw serves h on a loopback HTTP/1.1 server, writes request on a
// raw connection to it, and returns every byte read until the server closes
// it.
func exchangeRaw(t *testing.T, h http.Handler, request string) []byte {
	t.Helper()
	srv := httptest.NewUnstartedServer(h)
	srv.Config.ErrorLog = log.New(io.Discard, "", 0)
	srv.Start()
	defer srv.Close()
	conn, err := net.Dial("tcp", srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(10 * time.Second))
	io.WriteString(conn, request)
	raw, err := io.ReadAll(conn)
	if err != nil {
		t.Fatal(err)
	}
	return raw
}

// getRaw serves h on a loopback HTTP/1.1 server and makes one request with
// method over a raw connection, reading every byte until the server closes
// it.
func getRaw(t *testing.T, h http.Handler, method string) connResponse {
	t.Helper()
	raw := exchangeRaw(t, h, method+" / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
	var w connResponse
	br := bufio.NewReader(bytes.NewReader(raw))
	for {
		status, err := br.ReadString('\n')
		if err != nil {
			return w // nothing, or the head cut short: no response
		}
		w.statuses = append(w.statuses, strings.TrimRight(status, "\r\n"))
		w.header, w.lines = http.Header{}, nil
		for {
			line, err := br.ReadString('\n')
			if err != nil {
				return w
			}
			line = strings.TrimRight(line, "\r\n")
			if line == "" {
				break
			}
			w.lines = append(w.lines, line)
			name, value, _ := strings.Cut(line, ":")
			k := http.CanonicalHeaderKey(name)
			w.header[k] = append(w.header[k], strings.TrimSpace(value))
		}
		if !strings.HasPrefix(status, "HTTP/1.1 1") {
			break
		}
	}
	var body io.Reader = br
	if w.header.Get("Transfer-Encoding") == "chunked" {
		body = httputil.NewChunkedReader(br)
	}
	w.body, _ = io.ReadAll(body) // a body cut short keeps what came
	return w
}

// policy are the headers Handler decides, and those net/http writes for
// itself, which differ between two responses of the same bytes.
var policy = map[string]bool{
	"Content-Type": true, "X-Content-Type-Options": true, "Content-Disposition": true,
	"Content-Security-Policy": true, "Date": true, "Content-Length": true, "Transfer-Encoding": true,
}

// TestHandlerWire runs handlers that change their headers at each point of a
// response's life bare and behind Handler, and compares what reaches the
// connection: the same status lines, the same headers but those Handler
// decides, the same body bytes, and behind Handler a response that no
// profile renders as a document that runs script (ReportFor on the headers
// as sent). It checks that Handler decides where net/http takes its copy of
// the header map, and nowhere else (see Handler's doc and response.ReadFrom,
// response.write, response.WriteHeader and response.Header in net/http's
// server.go).
func TestHandlerWire(t *testing.T) {
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty")
	page := filepath.Join(dir, "page.html")
	os.WriteFile(empty, nil, 0o644)
	os.WriteFile(page, bigHTML, 0o644)
	copyFile := func(w http.ResponseWriter, name string) {
		f, err := os.Open(name)
		if err != nil {
			panic(err)
		}
		defer f.Close()
		io.Copy(w, f)
	}
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(bigHTML)
	zw.Close()

	tests := []struct {
		name    string
		method  string
		handler http.HandlerFunc
		// wantType is the Content-Type behind Handler, or "" for none.
		wantType string
	}{
		// The attack: net/http's ReadFrom of an empty file writes
		// nothing, so the map stays open and the page's type is sent.
		{"empty copy, then retyped", "GET", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/plain")
			copyFile(w, empty)
			w.Header().Set("Content-Type", "text/html")
			w.Write(bigHTML)
		}, "text/html"},
		{"empty copy, then a lower-case type", "GET", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/plain")
			copyFile(w, empty)
			w.Header()["content-type"] = []string{"text/html"}
			w.Write(bigHTML)
		}, "text/html"},
		{"copy of a page, then retyped", "GET", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/plain")
			copyFile(w, page)
			w.Header().Set("Content-Type", "text/html")
		}, "text/plain"},
		// An empty Write begins the response in net/http: the type
		// set after it is ignored, behind Handler too.
		{"empty write, then retyped", "GET", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/plain")
			w.Write(nil)
			w.Header().Set("Content-Type", "text/html")
			w.Write(bigHTML)
		}, "text/plain"},
		{"untyped, retyped after the first bytes", "GET", func(w http.ResponseWriter, r *http.Request) {
			w.Write(bigHTML[:10])
			w.Header().Set("Content-Type", "text/html")
			w.Header().Set("X-Late", "1")
			w.Write(bigHTML[10:])
		}, "text/plain"},
		{"status, then retyped", "GET", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "image/png")
			w.WriteHeader(200)
			w.Header().Set("Content-Type", "text/html")
			w.Write(bigHTML)
		}, "image/png"},
		{"flush, then retyped", "GET", func(w http.ResponseWriter, r *http.Request) {
			w.(http.Flusher).Flush()
			w.Header().Set("Content-Type", "text/html")
			w.Write(bigHTML)
		}, ""},
		// A 103 after the response began is superfluous in net/http.
		{"103 after the first bytes", "GET", func(w http.ResponseWriter, r *http.Request) {
			w.Write(bigHTML[:10])
			w.WriteHeader(http.StatusEarlyHints)
			w.Write(bigHTML[10:])
		}, "text/plain"},
		{"103 first", "GET", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Link", "</a.css>; rel=preload")
			w.WriteHeader(http.StatusEarlyHints)
			w.Write(bigHTML)
		}, "text/plain"},
		// A trailer set after the first bytes is sent as one.
		{"trailer", "GET", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Trailer", "X-Sum")
			w.Write(bigHTML[:10])
			w.Header().Set("X-Sum", "1")
			w.Write(bigHTML[10:20])
			w.Header().Set(http.TrailerPrefix+"X-Other", "2")
		}, "text/plain"},
		// net/http's idiom for no type: none is added, behind Handler
		// either.
		{"nil Content-Type", "GET", func(w http.ResponseWriter, r *http.Request) {
			w.Header()["Content-Type"] = nil
			w.Write(bigHTML)
		}, ""},
		// A coded body: net/http adds no type, and neither does
		// Handler, whose coded bytes would tell nothing.
		{"gzip, untyped", "GET", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Encoding", "gzip")
			w.Write(gz.Bytes())
		}, ""},
		{"gzip, untyped, HEAD", "HEAD", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Encoding", "gzip")
			w.Write(gz.Bytes())
		}, ""},
		// Writes of every size, and a body held across several.
		{"untyped, in small writes", "GET", func(w http.ResponseWriter, r *http.Request) {
			for i := 0; i < len(bigHTML); i += 7 {
				w.Write(bigHTML[i:min(i+7, len(bigHTML))])
			}
		}, "text/plain"},
		{"untyped, WriteString", "GET", func(w http.ResponseWriter, r *http.Request) {
			//lint:ignore SA6006 the row is about the WriteString path
			io.WriteString(w, string(bigHTML))
		}, "text/plain"},
		{"typed HTML", "GET", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html")
			w.Write(bigHTML)
		}, "text/html"},
		// Handler's sandbox is a policy of its own, beside the
		// handler's, which allows all the handler's allows.
		{"typed HTML with a policy of its own", "GET", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html")
			w.Header().Set("Content-Security-Policy", "default-src 'self'")
			w.Write(bigHTML)
		}, "text/html"},
		{"typed HTML with a lower-case policy", "GET", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html")
			w.Header()["content-security-policy"] = []string{"sandbox allow-scripts allow-same-origin"}
			w.Write(bigHTML)
		}, "text/html"},
		{"never writes", "GET", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html")
		}, "text/html"},
		// 101 is the final status over HTTP/1 (response.WriteHeader
		// sends every other 1xx at once, "101 Switching Protocols ...
		// takes the non-informational path"): the headers sent with it
		// are the response's, and carry the policy.
		{"101, typed HTML", "GET", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html")
			w.WriteHeader(http.StatusSwitchingProtocols)
			w.Write(bigHTML)
		}, "text/html"},
		// A coded body copied with ReadFrom: its first bytes are read
		// before the response begins, and tell nothing either.
		{"gzip, untyped, copied", "GET", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Encoding", "gzip")
			io.Copy(w, io.LimitReader(bytes.NewReader(gz.Bytes()), int64(gz.Len())))
		}, ""},
		// Where a Content-Length bounds the body, net/http refuses a
		// write that goes past it, whole, and every write after it
		// (response.write: "w.written += int64(lenData)" before "if
		// w.contentLength != -1 && w.written > w.contentLength"): the
		// bytes Handler held must reach it in the same writes, so that
		// the same bytes arrive.
		{"Content-Length, a write past it", "GET", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Length", "10")
			w.Write([]byte("<html>"))
			w.Write([]byte("<p>hi"))
		}, "text/plain"},
		{"Content-Length, a one-byte write, then one past it", "GET", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Length", "10")
			w.Write([]byte("<html>"))
			w.Write([]byte("<"))
			w.Write([]byte("p>hi"))
		}, "text/plain"},
		// io.Copy calls ReadFrom for a source without WriteTo.
		{"Content-Length, a copy, then a write past it", "GET", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Length", "10")
			io.Copy(w, io.LimitReader(strings.NewReader("<html>"), 6))
			w.Write([]byte("<p>hi"))
		}, "text/plain"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			bare := getRaw(t, tc.handler, tc.method)
			wrapped := getRaw(t, mimesniff.Handler(tc.handler), tc.method)
			if diff := cmp.Diff(bare.statuses, wrapped.statuses); diff != "" {
				t.Errorf("status lines (-bare +wrapped):\n%s", diff)
			}
			if diff := cmp.Diff(bare.body, wrapped.body); diff != "" {
				t.Errorf("body (-bare +wrapped):\n%s", diff)
			}
			others := func(h http.Header) http.Header {
				out := http.Header{}
				for k, v := range h {
					if !policy[k] {
						out[k] = v
					}
				}
				return out
			}
			if diff := cmp.Diff(others(bare.header), others(wrapped.header)); diff != "" {
				t.Errorf("headers Handler does not decide (-bare +wrapped):\n%s", diff)
			}
			// Every policy of a CSP list is enforced (CSP 3, "enforce"
			// every policy whose disposition is enforce): Handler's
			// sandbox comes beside the handler's own, which must all
			// arrive.
			for _, p := range bare.header["Content-Security-Policy"] {
				if !slices.Contains(wrapped.header["Content-Security-Policy"], p) {
					t.Errorf("behind Handler, the handler's policy %q is gone: %q", p, wrapped.header["Content-Security-Policy"])
				}
			}
			if got := wrapped.header.Get("Content-Type"); got != tc.wantType {
				t.Errorf("Content-Type behind Handler = %q, want %q (lines %q)", got, tc.wantType, wrapped.lines)
			}
			if rep := mimesniff.ReportFor(wrapped.header, wrapped.body); rep.DocumentScript {
				t.Errorf("behind Handler, a document runs script: %q", wrapped.lines)
			}
		})
	}
}

// serveBoth serves h on a loopback server over HTTP/1.1 and h2c and makes
// one request with method over each, reading the responses off the wire as
// the wire differential does (h1Raw, do). It returns them and the lines the
// server logged, each without the caller net/http names (" from ...").
func serveBoth(t *testing.T, h http.Handler, method string) (resp [numWireProtos]wireResponse, logged []string) {
	t.Helper()
	var buf lockedBuffer
	hr := &wireHarness{addr: wireServeLog(t, h, &buf), timeout: 10 * time.Second}
	b := wireBehaviour{method: method}
	h2 := wireClient(t, "h2", &http.Transport{DisableCompression: true}, hr.timeout)
	resp = [numWireProtos]wireResponse{wireH1: hr.h1Raw("/", b), wireH2: hr.do(h2, "/", b, true)}
	for line := range strings.Lines(buf.String()) {
		line, _, _ = strings.Cut(strings.TrimSuffix(line, "\n"), " from ")
		logged = append(logged, line)
	}
	return resp, logged
}

// A lockedBuffer is a bytes.Buffer that a server's goroutines can write to
// while a test reads it.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// diffBareWrapped returns how the wrapped response differs from bare in
// what Handler promises to leave as it is: whether one arrived, its status,
// body and trailers, and every header but those Handler sets, and Date.
func diffBareWrapped(bare, wrapped wireResponse) string {
	var s strings.Builder
	if bare.got != wrapped.got || bare.status != wrapped.status {
		fmt.Fprintf(&s, "response %v, status %d bare; %v, %d wrapped\n", bare.got, bare.status, wrapped.got, wrapped.status)
	}
	if d := cmp.Diff(bare.body, wrapped.body); d != "" {
		fmt.Fprintf(&s, "body (-bare +wrapped):\n%s", d)
	}
	if d := cmp.Diff(bare.trailer, wrapped.trailer); d != "" {
		fmt.Fprintf(&s, "trailers (-bare +wrapped):\n%s", d)
	}
	if !headersEqual(bare.header, wrapped.header, handlerHeaders) {
		fmt.Fprintf(&s, "headers: bare %q, wrapped %q\n", bare.header, wrapped.header)
	}
	return s.String()
}

// serveBareWrapped serves h bare, and wrappedH, which is h through Handler,
// over HTTP/1.1 and h2c (serveBoth), reports where the wrapped response differs from bare in what
// Handler leaves as it is (diffBareWrapped), or the server logged other
// lines (a superfluous WriteHeader, which net/http logs, is a call bare did
// not make), and returns both.
func serveBareWrapped(t *testing.T, h, wrappedH http.Handler) (bare, wrapped [numWireProtos]wireResponse) {
	t.Helper()
	bare, bareLog := serveBoth(t, h, "GET")
	wrapped, wrappedLog := serveBoth(t, wrappedH, "GET")
	for p := range numWireProtos {
		if d := diffBareWrapped(bare[p], wrapped[p]); d != "" {
			t.Errorf("%s: %s", wireProtoNames[p], d)
		}
	}
	if d := cmp.Diff(bareLog, wrappedLog); d != "" {
		t.Errorf("the server's log (-bare +wrapped):\n%s", d)
	}
	return bare, wrapped
}

// TestHandlerPanicWire checks that a handler that panics sends through
// Handler what it sends bare, over HTTP/1.1 and HTTP/2, whatever the sizes
// of its writes and copies: net/http sends what has reached its connection
// and drops the rest, then closes the connection or resets the stream
// (conn.serve's and runHandler's deferred recover), and what reaches the
// connection depends on the calls (HTTP/1 buffers 2 KiB of writes, and its
// ReadFrom sends the head and the first 512 bytes, then sends each later
// read of more than 2 KiB at once; HTTP/2 buffers 4 KiB). So Handler must
// hand net/http the calls the handler made, those whose bytes it held
// included.
func TestHandlerPanicWire(t *testing.T) {
	body := bytes.Repeat([]byte("hello "), 8000)
	type call struct {
		n    int
		copy bool // io.Copy from a reader without WriteTo: ReadFrom
	}
	tests := []struct {
		name  string
		typed bool
		calls []call
	}{
		{"nothing", false, nil},
		{"a write of 10", false, []call{{10, false}}},
		{"writes of 1000 and 1100", false, []call{{1000, false}, {1100, false}}},
		{"writes of 1444, 1 and 655", false, []call{{1444, false}, {1, false}, {655, false}}},
		{"writes of 1445 and 655", false, []call{{1445, false}, {655, false}}},
		{"a write of 10, then of 4000", false, []call{{10, false}, {4000, false}}},
		{"a write of 5000", false, []call{{5000, false}}},
		// net/http's ReadFrom sends the head once it has copied 512
		// bytes (sniffLen): bytes Handler held then leave bare.
		{"a copy of 511", false, []call{{511, true}}},
		{"a copy of 512", false, []call{{512, true}}},
		{"a copy of 1000", false, []call{{1000, true}}},
		{"a copy of 1000, typed", true, []call{{1000, true}}},
		{"a copy of 1445", false, []call{{1445, true}}},
		{"a copy of 3000", false, []call{{3000, true}}},
		{"a copy of 40000", false, []call{{40000, true}}},
		{"a write of 1200, then a copy of 800", false, []call{{1200, false}, {800, true}}},
		{"a write of 1200, then a copy of 3000", false, []call{{1200, false}, {3000, true}}},
		{"copies of 300 and 300", false, []call{{300, true}, {300, true}}},
		{"a copy of 600, then a write of 10", false, []call{{600, true}, {10, false}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			handler := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if tc.typed {
					w.Header().Set("Content-Type", "text/plain")
				}
				rest := body
				for _, c := range tc.calls {
					if c.copy {
						io.Copy(w, wireOnlyReader{bytes.NewReader(rest[:c.n])})
					} else {
						w.Write(rest[:c.n])
					}
					rest = rest[c.n:]
				}
				panic(http.ErrAbortHandler)
			})
			serveBareWrapped(t, handler, mimesniff.Handler(handler))
		})
	}
}

// TestHandlerTrailers checks that the trailers a handler sends bare reach
// the client through Handler too, over HTTP/1.1 and HTTP/2, declared by
// Trailer or set under http.TrailerPrefix, before or after bytes Handler
// holds. HTTP/1 sends trailers only in a chunked response (chunkWriter.close
// in server.go): one whose head was sent before the handler returned, as a
// ReadFrom of 512 bytes or more sends it, or a Flush; a prefix key set before
// the head makes it chunked too.
func TestHandlerTrailers(t *testing.T) {
	tests := []struct {
		name string
		h    http.HandlerFunc
	}{
		{"prefix after a copy of 1000", func(w http.ResponseWriter, r *http.Request) {
			io.Copy(w, wireOnlyReader{bytes.NewReader(bigHTML[:1000])})
			w.Header().Set(http.TrailerPrefix+"X-Sum", "1")
		}},
		{"prefix after a typed copy of 1000", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/plain")
			io.Copy(w, wireOnlyReader{bytes.NewReader(bigHTML[:1000])})
			w.Header().Set(http.TrailerPrefix+"X-Sum", "1")
		}},
		{"prefix after a copy of 100", func(w http.ResponseWriter, r *http.Request) {
			io.Copy(w, wireOnlyReader{bytes.NewReader(bigHTML[:100])})
			w.Header().Set(http.TrailerPrefix+"X-Sum", "1")
		}},
		{"prefix after writes and a flush", func(w http.ResponseWriter, r *http.Request) {
			w.Write(bigHTML[:100])
			w.(http.Flusher).Flush()
			w.Header().Set(http.TrailerPrefix+"X-Sum", "1")
		}},
		{"prefix before a write", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set(http.TrailerPrefix+"X-Sum", "1")
			w.Write(bigHTML[:100])
		}},
		{"declared, set after a write", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Trailer", "X-Sum, Content-Type")
			w.Write(bigHTML[:100])
			w.Header().Set("X-Sum", "1")
			w.Header().Set("Content-Type", "text/html")
		}},
		{"declared, set after a copy of 1000 and a write", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Trailer", "X-Sum")
			io.Copy(w, wireOnlyReader{bytes.NewReader(bigHTML[:1000])})
			w.Write(bigHTML[1000:1100])
			w.Header().Set("X-Sum", "1")
		}},
		{"declared after the head, not sent", func(w http.ResponseWriter, r *http.Request) {
			w.Write(bigHTML[:100])
			w.Header().Set("Trailer", "X-Sum")
			w.Header().Set("X-Sum", "1")
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { serveBareWrapped(t, tc.h, mimesniff.Handler(tc.h)) })
	}
}

// TestHandlerContentEncodingReading checks that Handler reads a content
// coding as net/http does to decide whether it adds a type: by the first
// value of the canonical key, under which Handler merges every spelling
// (Header.Get("Content-Encoding") in chunkWriter.writeHeader and
// http2responseWriterState.writeChunk). An empty first value is no coding
// to net/http, which then sniffs the page and adds text/html, whatever
// browsers make of a coding in a later value (an unknown one passes the
// bytes through): behind Handler the response must be typed there, and no
// profile may run the page's script, over HTTP/1.1 or HTTP/2; where
// net/http reads a coding, it adds no type, and neither does Handler.
func TestHandlerContentEncodingReading(t *testing.T) {
	tests := []struct {
		name   string
		header http.Header
		body   []byte
		typed  bool // net/http reads no coding, and types the response
	}{
		{"an unknown coding under a lower-case name, an empty canonical value", http.Header{"content-encoding": {"x-squash"}, "Content-Encoding": {""}}, wirePage, true},
		{"an empty value, then an unknown coding", http.Header{"Content-Encoding": {"", "x-squash"}}, wirePage, true},
		{"an empty value, then gzip, of a page", http.Header{"Content-Encoding": {"", "gzip"}}, wirePage, true},
		{"an empty value, then gzip, of a gzip page", http.Header{"Content-Encoding": {""}, "content-encoding": {"gzip"}}, wireGzip(wirePage), true},
		{"an empty value alone", http.Header{"Content-Encoding": {""}}, wirePage, true},
		// Near misses: net/http reads a coding, adds no type, and
		// neither does Handler.
		{"gzip, of a gzip page", http.Header{"Content-Encoding": {"gzip"}}, wireGzip(wirePage), false},
		{"an unknown coding, then an empty value", http.Header{"Content-Encoding": {"x-squash", ""}}, wirePage, false},
		{"an empty value under a lower-case name, then an unknown coding", http.Header{"content-encoding": {""}, "Content-Encoding": {"x-squash"}}, wirePage, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				maps.Copy(w.Header(), tc.header)
				w.Write(tc.body)
			})
			bare, wrapped := serveBareWrapped(t, h, mimesniff.Handler(h))
			for p := range numWireProtos {
				if got := len(bare[p].header["Content-Type"]) > 0; got != tc.typed {
					t.Errorf("%s bare: typed %v, want %v: %q", wireProtoNames[p], got, tc.typed, bare[p].raw)
				}
				if got := len(wrapped[p].header["Content-Type"]) > 0; got != tc.typed {
					t.Errorf("%s through Handler: typed %v, want %v: %q", wireProtoNames[p], got, tc.typed, wrapped[p].raw)
				}
				if browserView("GET", wrapped[p]).rep.DocumentScript {
					t.Errorf("%s through Handler: a document runs script: %q", wireProtoNames[p], wrapped[p].raw)
				}
			}
		})
	}
}

// TestHandlerReadFromContentLength checks a copy through Handler under a
// Content-Length against the same copy bare, over HTTP/1.1 and HTTP/2, from
// sources that read as a file does and in short reads, typed or not, then a
// panic or not: the responses, the server's log and what each io.Copy
// returned. net/http's HTTP/1 ReadFrom copies its first 512 bytes with a
// write for each read, refuses the write that goes past the length
// (response.write: "w.written > w.contentLength") and reads no more; after
// them it sends the head and copies the rest with no check
// (response.ReadFrom); a later ReadFrom sends the head at once, and checks
// nothing. Handler, which reads the source ahead of net/http where it holds
// bytes, must stop where net/http stops, and give it the reads net/http
// accepted apart from the one it refused.
func TestHandlerReadFromContentLength(t *testing.T) {
	sources := []struct {
		name string
		r    func([]byte) io.Reader
	}{
		{"full reads", func(b []byte) io.Reader { return wireOnlyReader{bytes.NewReader(b)} }},
		{"one-byte reads", func(b []byte) io.Reader { return iotest.OneByteReader(bytes.NewReader(b)) }},
		{"half reads", func(b []byte) io.Reader { return iotest.HalfReader(bytes.NewReader(b)) }},
	}
	for _, src := range sources {
		for _, typed := range []bool{false, true} {
			for _, cl := range []int{10, 600, 2000} {
				for _, sizes := range [][]int{{100}, {700}, {3000}, {700, 100}, {100, 700}} {
					for _, panics := range []bool{false, true} {
						name := fmt.Sprintf("%s/typed %v/Content-Length %d/copies of %v/panic %v", src.name, typed, cl, sizes, panics)
						t.Run(name, func(t *testing.T) {
							var mu sync.Mutex
							copied := map[string][]string{} // by variant and protocol
							h := func(variant string) http.HandlerFunc {
								return func(w http.ResponseWriter, r *http.Request) {
									if typed {
										w.Header().Set("Content-Type", "text/plain")
									}
									w.Header().Set("Content-Length", strconv.Itoa(cl))
									rest := bigHTML
									for _, n := range sizes {
										m, err := io.Copy(w, src.r(rest[:n]))
										rest = rest[n:]
										mu.Lock()
										copied[variant+" "+r.Proto] = append(copied[variant+" "+r.Proto], fmt.Sprint(m, err))
										mu.Unlock()
									}
									if panics {
										panic(http.ErrAbortHandler)
									}
								}
							}
							serveBareWrapped(t, h("bare"), mimesniff.Handler(h("wrapped")))
							for _, proto := range []string{"HTTP/1.1", "HTTP/2.0"} {
								if d := cmp.Diff(copied["bare "+proto], copied["wrapped "+proto]); d != "" {
									t.Errorf("%s: io.Copy returns (-bare +wrapped):\n%s", proto, d)
								}
							}
						})
					}
				}
			}
		}
	}
}

// TestHandlerReadFromSendsHead checks that a copy whose headers need no
// bytes (a declared type, a content coding) goes to net/http's own
// ReadFrom with the source itself, which sends the head once it has copied
// 512 bytes (response.ReadFrom), as bare: a client reads the head while the
// source waits for it. Handler reads ahead only where it needs the bytes to
// decide (and the source itself keeps net/http's sendfile).
func TestHandlerReadFromSendsHead(t *testing.T) {
	for _, tc := range []struct {
		name   string
		header http.Header
	}{
		{"typed", http.Header{"Content-Type": {"text/plain"}}},
		{"coded", http.Header{"Content-Encoding": {"gzip"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pr, pw := io.Pipe()
			srv := httptest.NewServer(mimesniff.Handler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				maps.Copy(w.Header(), tc.header)
				io.Copy(w, pr)
			})))
			defer srv.Close()
			head := make(chan struct{})
			late := make(chan bool, 1)
			go func() {
				pw.Write(bigHTML[:600])
				select {
				case <-head:
					late <- false
				case <-time.After(5 * time.Second):
					late <- true
				}
				pw.Close()
			}()
			resp, err := srv.Client().Get(srv.URL)
			close(head)
			if err != nil {
				t.Fatal(err)
			}
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if <-late {
				t.Errorf("the head came only once the source ended, after 600 bytes; bare it comes after 512")
			}
		})
	}
}
