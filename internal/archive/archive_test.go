// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package archive_test

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"compress/zlib"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mimesniff/mimesniff"
	"github.com/mimesniff/mimesniff/internal/archive"
	"github.com/mimesniff/mimesniff/internal/warc"
	"github.com/mimesniff/mimesniff/internal/warc/warctest"
)

const (
	html     = "<!DOCTYPE html><title>t</title><script>1</script>\n"
	pngStart = "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89"
)

func gzipped(s string) string {
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	io.WriteString(w, s)
	w.Close()
	return b.String()
}

func zlibbed(s string) string {
	var b bytes.Buffer
	w := zlib.NewWriter(&b)
	io.WriteString(w, s)
	w.Close()
	return b.String()
}

// record returns a WARC/1.1 record of type typ, numbered 1, whose block is
// block, with the extra fields.
func record(typ, block string, extra ...[2]string) warctest.Rec {
	return warctest.Rec{Version: "1.1", Fields: warctest.Fields("1.1", typ, 1, "http://example.test/", extra...), Block: []byte(block)}
}

var httpType = [2]string{"Content-Type", "application/http;msgtype=response"}

// response returns a response record of the HTTP response head+body.
func response(head, body string) warctest.Rec {
	return record("response", head+"\r\n"+body, httpType)
}

// answerOf reads the single record of data with Each.
func answerOf(t *testing.T, data []byte) (archive.Answer, error) {
	t.Helper()
	var got []archive.Answer
	var errs []error
	_, err := archive.NewSniffer().Each(bytes.NewReader(data), func(a *archive.Answer, err error) bool {
		if a == nil {
			t.Fatalf("error outside a record: %v", err)
		}
		got = append(got, *a)
		errs = append(errs, err)
		return true
	})
	if err != nil || len(got) != 1 {
		t.Fatalf("Each: %d outcomes, error %v; want 1", len(got), err)
	}
	return got[0], errs[0]
}

// direct returns each profile's computed type for the HTTP response raw as
// the library gives it, read directly with http.ReadResponse, and its
// report's documentScript and crossOriginRead.
func direct(t *testing.T, raw string) (computed [4]string, documentScript, crossOriginRead bool) {
	t.Helper()
	resp, err := http.ReadResponse(bufio.NewReader(strings.NewReader(raw)), nil)
	if err != nil {
		t.Fatalf("http.ReadResponse: %v", err)
	}
	wire, _ := io.ReadAll(resp.Body)
	h := resp.Header.Clone()
	resp.Body = io.NopCloser(bytes.NewReader(wire))
	r, err := mimesniff.ResourceFromResponse(resp)
	if err != nil && err != io.ErrUnexpectedEOF {
		t.Fatalf("ResourceFromResponse: %v", err)
	}
	for i, b := range archive.Browsers {
		computed[i] = r.SniffAs(b).String()
	}
	rep := mimesniff.ReportForStatus(resp.StatusCode, h, wire)
	return computed, rep.DocumentScript, rep.CrossOriginRead
}

// TestAnswer checks the answer to records of every kind against what the
// standard says (the standard's computed type, worked out by hand) and,
// for the browser profiles, against the library reading the same response
// directly.
func TestAnswer(t *testing.T) {
	for _, tc := range []struct {
		name     string
		rec      warctest.Rec
		raw      string // the HTTP response a direct read compares with; "" for none
		kind     archive.Kind
		status   int
		declared string // "-" for none
		standard string // the standard's computed type
		cutShort bool
		err      string // a part of the error; "" for none
	}{
		// Responses.
		{name: "html", rec: response("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n", html), kind: archive.Sniffed, status: 200, declared: "text/html", standard: "text/html"},
		// "text/plain" sets the check-for-apache-bug flag; a PNG's bytes
		// are binary: application/octet-stream.
		{name: "png as apache text/plain", rec: response("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n", pngStart), kind: archive.Sniffed, status: 200, declared: "text/plain", standard: "application/octet-stream"},
		{name: "no type", rec: response("HTTP/1.1 200 OK\r\n", html), kind: archive.Sniffed, status: 200, declared: "-", standard: "text/html"},
		{name: "two Content-Types", rec: response("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Type: image/png\r\n", pngStart), kind: archive.Sniffed, status: 200, declared: "text/plain, image/png", standard: "image/png"},
		{name: "latin-1 byte in the type", rec: response("HTTP/1.1 200 OK\r\nContent-Type: text/plain;x=\xe9\r\n", "text"), kind: archive.Sniffed, status: 200, declared: "text/plain;x=\xe9", standard: "text/plain;x=\"\u00e9\""},
		// The body is the first Content-Length bytes, "hello": the
		// HTML after them is not the response's.
		{name: "Content-Length shorter than the block", rec: response("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n", "hello"+html), kind: archive.Sniffed, status: 200, declared: "-", standard: "text/plain"},
		{name: "Content-Length longer than the block", rec: response("HTTP/1.1 200 OK\r\nContent-Length: 5000\r\n", html), kind: archive.Sniffed, status: 200, declared: "-", standard: "text/html", cutShort: true},
		{name: "gzip", rec: response("HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\n", gzipped(html)), kind: archive.Sniffed, status: 200, declared: "-", standard: "text/html"},
		{name: "deflate", rec: response("HTTP/1.1 200 OK\r\nContent-Encoding: deflate\r\n", zlibbed(html)), kind: archive.Sniffed, status: 200, declared: "-", standard: "text/html"},
		{name: "chunked", rec: response("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n", "6\r\n<html>\r\n3\r\n<p>\r\n0\r\n\r\n"), kind: archive.Sniffed, status: 200, declared: "-", standard: "text/html"},
		{name: "chunked gzip", rec: response("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nContent-Encoding: gzip\r\n", strconv.FormatInt(int64(len(gzipped(html))), 16)+"\r\n"+gzipped(html)+"\r\n0\r\n\r\n"), kind: archive.Sniffed, status: 200, declared: "-", standard: "text/html"},
		// The framing ends inside a chunk: the bytes there are sniffed.
		{name: "chunked cut short", rec: response("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n", "100\r\n<html>"), kind: archive.Sniffed, status: 200, declared: "-", standard: "text/html", cutShort: true},
		{name: "100 Continue first", rec: response("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Type: image/png\r\n", pngStart), kind: archive.Sniffed, status: 200, declared: "image/png", standard: "image/png"},
		{name: "HTTP/2 status line", rec: response("HTTP/2 200\r\ncontent-type: text/plain\r\n", "plain"), raw: "HTTP/2.0 200\r\ncontent-type: text/plain\r\n\r\nplain", kind: archive.Sniffed, status: 200, declared: "text/plain", standard: "text/plain"},
		// A 204 has no body, whatever the block holds after its head.
		{name: "204", rec: response("HTTP/1.1 204 No Content\r\nContent-Type: text/html\r\n", ""), kind: archive.Sniffed, status: 204, declared: "text/html", standard: "text/html"},
		// Nor has a 304, whose Content-Length is the length a 200 would
		// have had ("A 304 response is terminated by the end of the
		// header section; it cannot contain content", RFC 9110, 15.4.5):
		// no bytes to sniff, text/plain, and none missing. The head read
		// by net/http (a folded line) and by the fast path alike.
		{name: "304 with a Content-Length", rec: response("HTTP/1.1 304 Not Modified\r\nContent-Length: 5\r\n", "<html"), kind: archive.Sniffed, status: 304, declared: "-", standard: "text/plain"},
		{name: "304 with a Content-Length, slow path", rec: response("HTTP/1.1 304 Not Modified\r\nContent-Length: 5\r\nX-Folded: a\r\n b\r\n", "<html"), kind: archive.Sniffed, status: 304, declared: "-", standard: "text/plain"},
		// 101 Switching Protocols is a 1xx, and the final response of the
		// exchange: the connection speaks another protocol after it
		// (RFC 9110, 15.2.2), as http.ReadResponse takes it. No body.
		{name: "101", rec: response("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n", "<html>"), kind: archive.Sniffed, status: 101, declared: "-", standard: "text/plain"},
		{name: "101, slow path", rec: response("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nX-Folded: a\r\n b\r\n", "<html>"), kind: archive.Sniffed, status: 101, declared: "-", standard: "text/plain"},
		// Interim responses before the final one: at most 10 (maxInterim).
		{name: "10 interim responses", rec: response(strings.Repeat("HTTP/1.1 100 Continue\r\n\r\n", 10)+"HTTP/1.1 200 OK\r\n", html), kind: archive.Sniffed, status: 200, declared: "-", standard: "text/html"},
		{name: "10 interim responses, slow path", rec: response(strings.Repeat("HTTP/1.1 103 Early Hints\r\nLink: </a>\r\n ; rel=preload\r\n\r\n", 10)+"HTTP/1.1 200 OK\r\n", html), kind: archive.Sniffed, status: 200, declared: "-", standard: "text/html"},
		{name: "attachment", rec: response("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Disposition: attachment\r\n", html), kind: archive.Sniffed, status: 200, declared: "text/html", standard: "text/html"},
		{name: "application/http in capitals", rec: record("response", "HTTP/1.1 200 OK\r\n\r\n"+html, [2]string{"Content-Type", "Application/HTTP; msgtype=response"}), raw: "HTTP/1.1 200 OK\r\n\r\n" + html, kind: archive.Sniffed, status: 200, declared: "-", standard: "text/html"},
		{name: "no Content-Type field", rec: record("response", "HTTP/1.1 200 OK\r\n\r\n"+html), raw: "HTTP/1.1 200 OK\r\n\r\n" + html, kind: archive.Sniffed, status: 200, declared: "-", standard: "text/html"},

		// Responses that are errors.
		{name: "br", rec: response("HTTP/1.1 200 OK\r\nContent-Encoding: br\r\n", "\x1b\x00"), err: `"br"`},
		{name: "gzip cut short", rec: response("HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\n", gzipped(html)[:20]), err: "gzip"},
		{name: "gzip that is not", rec: response("HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\n", html), err: "gzip"},
		{name: "chunk size that is not", rec: response("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n", html), err: "chunk"},
		{name: "HTTP/0.9", rec: record("response", html, httpType), err: "no HTTP status line"},
		{name: "empty block", rec: record("response", "", httpType), err: "no HTTP status line"},
		{name: "head cut short", rec: record("response", "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n", httpType), err: "cut short"},
		{name: "bad status code", rec: record("response", "HTTP/1.1 2000 OK\r\n\r\n", httpType), err: "malformed HTTP status code"},
		{name: "header line without a colon", rec: response("HTTP/1.1 200 OK\r\nno colon\r\n", html), err: "malformed MIME header"},
		{name: "head too long", rec: response("HTTP/1.1 200 OK\r\nX-Long: "+strings.Repeat("a", archive.MaxHeadBytes)+"\r\n", html), err: "longer than 262144 bytes"},
		{name: "two Content-Lengths", rec: response("HTTP/1.1 200 OK\r\nContent-Length: 1\r\nContent-Length: 2\r\n", html), err: "Content-Length"},
		{name: "11 interim responses", rec: response(strings.Repeat("HTTP/1.1 100 Continue\r\n\r\n", 11)+"HTTP/1.1 200 OK\r\n", html), err: "more than 10 interim responses"},
		{name: "11 interim responses, slow path", rec: response(strings.Repeat("HTTP/1.1 103 Early Hints\r\nLink: </a>\r\n ; rel=preload\r\n\r\n", 11)+"HTTP/1.1 200 OK\r\n", html), err: "more than 10 interim responses"},

		// Payloads of other record types.
		{name: "resource", rec: record("resource", pngStart, [2]string{"Content-Type", "image/png"}), kind: archive.Sniffed, declared: "image/png", standard: "image/png"},
		// The record's Content-Type, "text/plain", sets the apache-bug
		// flag as it would served so; HTML text is text.
		{name: "resource as text/plain", rec: record("resource", html, [2]string{"Content-Type", "text/plain"}), kind: archive.Sniffed, declared: "text/plain", standard: "text/plain"},
		{name: "resource without type", rec: record("resource", pngStart), kind: archive.Sniffed, declared: "-", standard: "image/png"},
		{name: "conversion", rec: record("conversion", "converted\n", [2]string{"Content-Type", "text/plain"}), kind: archive.Sniffed, declared: "text/plain", standard: "text/plain"},

		// Records without a payload of their own.
		{name: "revisit", rec: record("revisit", "HTTP/1.1 200 OK\r\n\r\n", [2]string{"WARC-Refers-To", warctest.ID(9)}, [2]string{"WARC-Profile", "http://netpreserve.org/warc/1.1/revisit/identical-payload-digest"}), kind: archive.Revisit, declared: "-"},
		{name: "continuation", rec: record("continuation", "rest", [2]string{"WARC-Segment-Origin-ID", warctest.ID(9)}, [2]string{"WARC-Segment-Number", "2"}), kind: archive.Continuation, declared: "-"},

		// Skipped.
		{name: "dns response", rec: record("response", "20261126120000\nexample.test. 300 IN A 192.0.2.1\n", [2]string{"Content-Type", "text/dns"}), kind: archive.Skipped, declared: "-"},
		{name: "request", rec: record("request", "GET / HTTP/1.1\r\n\r\n", [2]string{"Content-Type", "application/http;msgtype=request"}), kind: archive.Skipped, declared: "-"},
		{name: "metadata", rec: record("metadata", "via: x\r\n"), kind: archive.Skipped, declared: "-"},
		{name: "warcinfo", rec: record("warcinfo", "software: x\r\n"), kind: archive.Skipped, declared: "-"},
		{name: "unknown type", rec: record("x-extension", html), kind: archive.Skipped, declared: "-"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, err := answerOf(t, warctest.Plain(tc.rec))
			if a.ID != warctest.ID(1) || a.TargetURI != "http://example.test/" || a.Date != warctest.Date || a.Type != tc.rec.Fields[0][1] {
				t.Errorf("record fields = %q %q %q %q", a.Type, a.ID, a.Date, a.TargetURI)
			}
			if tc.err != "" {
				var ae *archive.Error
				if !errors.As(err, &ae) || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("error = %v, want an *archive.Error with %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			declared := "-"
			if a.HasDeclared {
				declared = a.Declared
			}
			if a.Kind != tc.kind || a.Status != tc.status || declared != tc.declared || a.CutShort != tc.cutShort {
				t.Errorf("kind %d, status %d, declared %q, cut short %v; want %d, %d, %q, %v", a.Kind, a.Status, declared, a.CutShort, tc.kind, tc.status, tc.declared, tc.cutShort)
			}
			if a.Kind != archive.Sniffed {
				return
			}
			if got := a.Computed[0].String(); got != tc.standard {
				t.Errorf("standard's computed type = %q, want %q", got, tc.standard)
			}
			raw := tc.raw
			if raw == "" && a.Type == "response" {
				raw = string(tc.rec.Block)
				if i := strings.LastIndex(raw, "HTTP/1.1 "); i > 0 {
					raw = raw[i:] // after the interim responses
				}
			}
			if raw != "" {
				want, ds, cor := direct(t, raw)
				var got [4]string
				for i := range got {
					got[i] = a.Computed[i].String()
				}
				if diff := cmp.Diff(want, got); diff != "" || ds != a.DocumentScript || cor != a.CrossOriginRead {
					t.Errorf("computed types differ from the library's on the response read directly (-direct +archive):\n%s\ndocumentScript %v, direct %v; crossOriginRead %v, direct %v", diff, a.DocumentScript, ds, a.CrossOriginRead, cor)
				}
			}
		})
	}
}

// TestCrossOriginRead checks the line's crossOriginRead on a PNG, which a
// page of another site loads as an image in every browser, under the
// Cross-Origin-Resource-Policy values of Fetch's "cross-origin resource
// policy internal check" (#cross-origin-resource-policy-internal-check):
// same-origin and same-site block a cross-site page, cross-origin and a
// list of two values (which "will never match anything") do not.
func TestCrossOriginRead(t *testing.T) {
	for _, tc := range []struct {
		name string
		corp string // "" for none
		want bool
	}{
		{"no policy", "", true},
		{"same-origin", "same-origin", false},
		{"same-site", "same-site", false},
		{"cross-origin", "cross-origin", true},
		{"two values", "same-site, same-origin", true},
		{"in capitals", "Same-Origin", true}, // the ABNF's %s: case-sensitive
	} {
		t.Run(tc.name, func(t *testing.T) {
			head := "HTTP/1.1 200 OK\r\nContent-Type: image/png\r\n"
			if tc.corp != "" {
				head += "Cross-Origin-Resource-Policy: " + tc.corp + "\r\n"
			}
			a, err := answerOf(t, warctest.Plain(response(head, pngStart)))
			if err != nil {
				t.Fatal(err)
			}
			if a.CrossOriginRead != tc.want {
				t.Errorf("CrossOriginRead = %v, want %v", a.CrossOriginRead, tc.want)
			}
			var line struct{ CrossOriginRead *bool }
			if err := json.Unmarshal(a.AppendJSON(nil, "x"), &line); err != nil || line.CrossOriginRead == nil || *line.CrossOriginRead != tc.want {
				t.Errorf("line's crossOriginRead = %v (%v), want %v", line.CrossOriginRead, err, tc.want)
			}
		})
	}
}

// TestFastHead checks which heads are read without http.ReadResponse: the
// simple ones servers send, so that the fast path stays taken, and not the
// ones whose reading net/http alone knows (FuzzAnswer checks that both
// readings agree).
func TestFastHead(t *testing.T) {
	for _, tc := range []struct {
		name string
		head string
		fast bool
	}{
		{"typical", "HTTP/1.1 200 OK\r\nDate: x\r\nContent-Type: text/html; charset=UTF-8\r\nContent-Length: 3\r\n\r\nabc", true},
		{"LF only", "HTTP/1.1 200 OK\nContent-Type: text/html\n\nabc", true},
		{"HTTP/1.0", "HTTP/1.0 404 Not Found\r\nConnection: close\r\n\r\n", true},
		{"lower-case names", "HTTP/1.1 200 OK\r\ncontent-type: text/html\r\nx-custom-thing: 1\r\n\r\n", true},
		{"chunked", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", true},
		{"no reason", "HTTP/1.1 200\r\n\r\n", true},
		{"latin-1 value", "HTTP/1.1 200 OK\r\nContent-Type: text/plain;x=\xe9\r\n\r\n", true},
		{"folded line", "HTTP/1.1 200 OK\r\nX-A: 1\r\n 2\r\n\r\n", false},
		{"space before the colon", "HTTP/1.1 200 OK\r\nContent-Type : text/html\r\n\r\n", false},
		{"control byte", "HTTP/1.1 200 OK\r\nX-A: a\x01b\r\n\r\n", false},
		{"two transfer codings", "HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", false},
		{"Content-Lengths that differ", "HTTP/1.1 200 OK\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n", false},
		{"trailer", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nTrailer: X-A\r\n\r\n0\r\n\r\n", false},
		{"HTTP/2", "HTTP/2 200\r\n\r\n", false},
		{"no blank line", "HTTP/1.1 200 OK\r\nX-A: 1\r\n", false},
	} {
		if got := archive.FastHead([]byte(tc.head)); got != tc.fast {
			t.Errorf("%s: fast = %v, want %v", tc.name, got, tc.fast)
		}
	}
}

// TestFastHeadAsNetHTTP checks that the fast path reads a head as
// http.ReadResponse does: status, protocol, header, Content-Length,
// transfer coding and the body, for the heads it reads, those whose
// status has no body whatever the header says among them (1xx, 204, 304:
// RFC 9110, 6.4.1).
func TestFastHeadAsNetHTTP(t *testing.T) {
	for _, tc := range []struct{ name, head string }{
		{"typical", "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 3\r\n\r\nabcdef"},
		{"no length", "HTTP/1.0 200 OK\r\nContent-Type: text/html\r\n\r\nabcdef"},
		{"chunked", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n"},
		{"304 with a Content-Length", "HTTP/1.1 304 Not Modified\r\nContent-Length: 5\r\n\r\n<html"},
		{"204 with a Content-Length", "HTTP/1.1 204 No Content\r\nContent-Length: 5\r\n\r\n<html"},
		{"304 chunked", "HTTP/1.1 304 Not Modified\r\nTransfer-Encoding: chunked\r\n\r\n<html"},
		{"101", "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nContent-Length: 5\r\n\r\n<html"},
		{"103", "HTTP/1.1 103 Early Hints\r\nLink: </a>\r\n\r\nHTTP/1.1 200 OK\r\n\r\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fast, ok := archive.FastResponse([]byte(tc.head))
			if !ok {
				t.Fatal("not read by the fast path")
			}
			want, err := http.ReadResponse(bufio.NewReader(strings.NewReader(tc.head)), nil)
			if err != nil {
				t.Fatal(err)
			}
			body := func(r *http.Response) string { b, _ := io.ReadAll(r.Body); return string(b) }
			got := fmt.Sprint(fast.StatusCode, fast.Proto, fast.Header, fast.ContentLength, fast.TransferEncoding, body(fast))
			if w := fmt.Sprint(want.StatusCode, want.Proto, want.Header, want.ContentLength, want.TransferEncoding, body(want)); got != w {
				t.Errorf("fast path: %s\nnet/http:  %s", got, w)
			}
		})
	}
}

// outcome is one outcome of Each, as a string: "ID-number kind" or
// "ID-number error: kind of error", the ID empty outside a record.
func outcome(a *archive.Answer, err error) string {
	var id string
	if a != nil {
		id = strings.TrimLeft(strings.TrimSuffix(strings.TrimPrefix(a.ID, "<urn:uuid:00000000-0000-4000-8000-"), ">"), "0")
	}
	if err != nil {
		for _, k := range []error{warc.ErrNotWARC, warc.ErrGarbage, warc.ErrHeader, warc.ErrField, warc.ErrLength, warc.ErrTruncated, warc.ErrGzip} {
			if errors.Is(err, k) {
				return id + " error: " + k.Error()
			}
		}
		return id + " error: " + err.Error()
	}
	return id + " " + [...]string{"skipped", "sniffed", "revisit", "continuation"}[a.Kind]
}

// TestEach checks the outcomes of archives whose records break, worked out
// from how each was made (warctest.Archives): a record has one outcome,
// and an error about its end, found when the reader moves on, replaces its
// answer.
func TestEach(t *testing.T) {
	for _, tc := range []struct {
		name string
		want []string
	}{
		{"capture-1.1.warc.gz", []string{"1 skipped", "2 skipped", "3 sniffed", "4 sniffed", "5 skipped", "6 sniffed", "7 sniffed"}},
		// Record 2's Content-Length is 10 too small: its block is
		// followed by other bytes than CRLF CRLF.
		{"length-short.warc", []string{"1 sniffed", "2 error: " + warc.ErrLength.Error(), "3 sniffed", "4 sniffed"}},
		{"length-short.warc.gz", []string{"1 sniffed", "2 error: " + warc.ErrLength.Error(), "3 sniffed", "4 sniffed"}},
		// 10 too large: record 2's block takes the first bytes of
		// record 3, its version line, which is read again from there.
		{"length-long.warc", []string{"1 sniffed", "2 error: " + warc.ErrLength.Error(), "3 sniffed", "4 sniffed"}},
		// In its own gzip member, the block runs past the member's end.
		{"length-long.warc.gz", []string{"1 sniffed", "2 error: " + warc.ErrTruncated.Error(), "3 sniffed", "4 sniffed"}},
		{"truncated-block.warc", []string{"1 sniffed", "2 error: " + warc.ErrTruncated.Error()}},
		{"truncated.warc.gz", []string{"1 sniffed", "2 error: " + warc.ErrTruncated.Error()}},
		{"truncated-header.warc", []string{"1 sniffed", " error: " + warc.ErrTruncated.Error()}},
		{"revisit.warc", []string{"1 sniffed", "2 revisit", "3 revisit", "4 revisit"}},
		{"warc-truncated.warc", []string{"1 sniffed", "2 sniffed", "3 sniffed"}},
		{"payloads.warc", []string{"1 error: no HTTP status line: the block starts with \"<!DOCTYPE html><title>page</title><p>hel\" (an HTTP/0.9 response or a payload without its headers is not sniffed)",
			"2 sniffed", "3 error: no HTTP status line: the block is empty", "4 sniffed", "5 sniffed", "6 continuation", "7 skipped"}},
		{"not-warc.html", []string{" error: " + warc.ErrNotWARC.Error()}},
		{"members.warc.gz", []string{"1 sniffed", " error: " + warc.ErrGarbage.Error(), "2 sniffed", " error: " + warc.ErrGarbage.Error(),
			" error: " + warc.ErrGzip.Error(), "4 error: " + warc.ErrGzip.Error(), " error: " + warc.ErrGarbage.Error(), "5 sniffed", "6 sniffed", "7 sniffed",
			" error: " + warc.ErrTruncated.Error(), "9 sniffed"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join("../warc/testdata", tc.name))
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			archive.NewSniffer().Each(bytes.NewReader(data), func(a *archive.Answer, err error) bool {
				got = append(got, outcome(a, err))
				return true
			})
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("outcomes mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

// TestEachLongHTTPHead reads archives whose second record's HTTP response
// has a 1 MiB header line, plain and a gzip member per record: that
// record is one error, with its fields, and the records around it are
// answered (the WARC header's own 1 MiB line is long-header.warc's, in
// TestEach's archives and the command's goldens).
func TestEachLongHTTPHead(t *testing.T) {
	recs := []warctest.Rec{response("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n", html),
		response("HTTP/1.1 200 OK\r\nX-Long: "+strings.Repeat("a", 1<<20)+"\r\n", html),
		response("HTTP/1.1 200 OK\r\nContent-Type: image/png\r\n", pngStart)}
	for i := range recs {
		recs[i].Fields = warctest.Fields("1.1", "response", i+1, "http://example.test/"+strconv.Itoa(i+1), httpType)
	}
	want := []string{"1 sniffed", "2 error: the HTTP head is longer than 262144 bytes", "3 sniffed"}
	for name, data := range map[string][]byte{"plain": warctest.Plain(recs...), "gzip per record": warctest.PerRecord(recs...)} {
		t.Run(name, func(t *testing.T) {
			var got []string
			archive.NewSniffer().Each(bytes.NewReader(data), func(a *archive.Answer, err error) bool {
				got = append(got, outcome(a, err))
				if err != nil && (a == nil || a.TargetURI != "http://example.test/2") {
					t.Errorf("error %v outside the record", err)
				}
				return true
			})
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("outcomes mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

// TestHugeRecord reads a response whose body is 10 GiB, never held in
// memory: the answer comes from its first bytes, and reading the archive
// allocates no more than for a small record.
func TestHugeRecord(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 10 GiB")
	}
	const size = 10 << 30
	head := "HTTP/1.1 200 OK\r\nContent-Length: " + strconv.Itoa(size) + "\r\n\r\n"
	warcHead := "WARC/1.1\r\nWARC-Type: response\r\nWARC-Record-ID: " + warctest.ID(1) + "\r\nWARC-Date: " + warctest.Date +
		"\r\nContent-Type: application/http;msgtype=response\r\nContent-Length: " + strconv.Itoa(len(head)+size) + "\r\n\r\n"
	in := io.MultiReader(strings.NewReader(warcHead+head+"<html>"), warctest.Zeros(size-int64(len("<html>"))), strings.NewReader("\r\n\r\n"),
		bytes.NewReader(warctest.Plain(response("HTTP/1.1 200 OK\r\n", pngStart))))
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	var got []string
	archive.NewSniffer().Each(in, func(a *archive.Answer, err error) bool {
		got = append(got, outcome(a, err)+" "+a.Computed[0].String())
		return true
	})
	runtime.ReadMemStats(&after)
	// "<html>" then NUL bytes: the HTML signature matches first.
	if diff := cmp.Diff([]string{"1 sniffed text/html", "1 sniffed image/png"}, got); diff != "" {
		t.Errorf("outcomes mismatch (-want +got):\n%s", diff)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 1<<20 {
		t.Errorf("reading a 10 GiB record allocated %d bytes, want at most 1 MiB", alloc)
	}
}

// TestJSON checks lines against encoding/json: every line is valid JSON,
// and its values are the answer's, strings escaped as encoding/json
// escapes them (without its HTML escaping) and header bytes
// isomorphic-decoded.
func TestJSON(t *testing.T) {
	uri := "http://example.test/\u202e<a>&\"\\\u2028\u0085caf\u00e9"
	rec := warctest.Rec{Version: "1.1", Fields: append(warctest.Fields("1.1", "response", 1, uri, httpType),
		[2]string{"WARC-Identified-Payload-Type", "text/html"}),
		Block: []byte("HTTP/1.1 200 OK\r\nContent-Type: text/plain; x=\"\xe9\\\"\"\r\n\r\n" + html)}
	a, err := answerOf(t, warctest.Plain(rec))
	if err != nil {
		t.Fatal(err)
	}
	line := a.AppendJSON(nil, "dir/a\x00\xff.warc")
	if !json.Valid(line) {
		t.Fatalf("not JSON: %s", line)
	}
	if bytes.Contains(line, []byte(`\u003c`)) {
		t.Errorf("< is escaped: %s", line)
	}
	var got map[string]any
	if err := json.Unmarshal(line, &got); err != nil {
		t.Fatal(err)
	}
	want := map[string]any{
		"name":                         "dir/a\x00\ufffd.warc",
		"offset":                       0.0,
		"length":                       float64(len(warctest.Plain(rec))),
		"WARC-Type":                    "response",
		"WARC-Record-ID":               warctest.ID(1),
		"WARC-Date":                    warctest.Date,
		"WARC-Target-URI":              uri,
		"WARC-Identified-Payload-Type": "text/html",
		"status":                       200.0,
		"declared":                     "text/plain; x=\"\u00e9\\\"\"",
		"computed":                     map[string]any{"standard": "text/plain;x=\"\u00e9\\\"\"", "chromium": a.Computed[1].String(), "firefox": a.Computed[2].String(), "webkit": a.Computed[3].String()},
		"script":                       []any{},
		"documentScript":               false,
		"crossOriginRead":              a.CrossOriginRead,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("line mismatch (-want +got):\n%s\n%s", diff, line)
	}

	errLine := archive.AppendError(nil, "x", &a, &archive.Error{Err: errors.New("bad \x1b\xff")})
	var e map[string]any
	if err := json.Unmarshal(errLine, &e); err != nil || e["error"] != "bad \x1b\ufffd" || e["WARC-Target-URI"] != uri {
		t.Errorf("error line %s: %v, %v", errLine, e, err)
	}
}

// TestAppendString checks the JSON strings against encoding/json's on
// strings that need every kind of escape.
func TestAppendString(t *testing.T) {
	for _, s := range []string{"", "plain", "\"\\/", "\x00\x01\x1f\x7f", "\n\r\t\b\f", "<>&", "\u2028\u2029", "\xff", "a\xc3", "\xed\xa0\x80", "é\U0001F600", "\xf4\x90\x80\x80"} {
		ours := archive.AppendString(nil, s)
		// encoding/json's bytes, but for its escapes of <, > and &
		// (HTMLEscape), which ours leaves out: U+2028 and U+2029
		// escaped, as they end a line in a JavaScript string literal
		// before ES2019, invalid UTF-8 as \ufffd.
		var theirs bytes.Buffer
		enc := json.NewEncoder(&theirs)
		enc.SetEscapeHTML(false)
		enc.Encode(s)
		// Since Go 1.22 encoding/json writes \b and \f short; ours
		// writes \u0008 and \u000c, which read the same.
		want := strings.NewReplacer(`\b`, `\u0008`, `\f`, `\u000c`).Replace(strings.TrimSuffix(theirs.String(), "\n"))
		if string(ours) != want {
			t.Errorf("%q: ours %s, encoding/json's %s", s, ours, theirs.String())
		}
		var a string
		if err := json.Unmarshal(ours, &a); err != nil {
			t.Errorf("%q: %s is not a JSON string: %v", s, ours, err)
		}
	}
}

// TestSummary checks the table of a few answers, worked out by hand, and
// that the keys a pipeline counts give the same table.
func TestSummary(t *testing.T) {
	data := warctest.Plain(
		// Script hidden by text/plain in Chromium and Firefox: "<!--"
		// and a newline is HTML to them, text to the standard and
		// WebKit (docs/command.md).
		response("HTTP/1.1 200 OK\r\n", "<!--\n<script>1</script>"),
		record("request", "GET / HTTP/1.1\r\n\r\n", [2]string{"Content-Type", "application/http;msgtype=request"}),
		response("HTTP/1.1 200 OK\r\nContent-Type: image/png\r\n", pngStart),
		record("revisit", ""),
		record("response", "", httpType),
	)
	var table archive.Table
	acct, _ := archive.NewSniffer().Each(bytes.NewReader(data), func(a *archive.Answer, err error) bool {
		table.Add("crawl.warc", a, err)
		return true
	})
	table.AddAccount("crawl.warc", acct)
	var b strings.Builder
	table.WriteTo(&b)
	// 5 records: 2 sniffed, a request skipped, a revisit noted, an empty
	// response an error; every byte in them.
	counts := fmt.Sprintf("\tread 4\tsniffed 2\tnoted 1\tskipped 1\terrors 1\tanswered 3\tgaps 0\tbytes %d\tunaccounted 0\tskipped:request 1\n", len(data))
	want := "browser\tdeclared\tcomputed\trecords\tscript\thidden\n" +
		"standard\t(none)\ttext/plain\t1\t0\t0\n" +
		"standard\timage/png\timage/png\t1\t0\t0\n" +
		"chromium\t(none)\ttext/html\t1\t1\t1\n" +
		"chromium\timage/png\timage/png\t1\t0\t0\n" +
		"firefox\t(none)\ttext/html\t1\t1\t1\n" +
		"firefox\timage/png\timage/png\t1\t0\t0\n" +
		"webkit\t(none)\ttext/plain\t1\t0\t0\n" +
		"webkit\timage/png\timage/png\t1\t0\t0\n" +
		"file\tcrawl.warc" + counts +
		"total" + counts
	if diff := cmp.Diff(want, b.String()); diff != "" {
		t.Errorf("table mismatch (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(b.String(), tableOf(t, table.Counts())); diff != "" {
		t.Errorf("table of the counts differs from Add's (-Add +counts):\n%s", diff)
	}
}

// tableOf returns the summary of the table that TableOf makes of counts.
func tableOf(t *testing.T, counts map[string]int64) string {
	t.Helper()
	table, err := archive.TableOf(counts)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	table.WriteTo(&b)
	return b.String()
}

// TestSummaryOfMany checks that tables of many archives add up, whether
// merged (as the command merges one table an archive) or summed as counts
// (as the Beam pipeline sums them, key by key, whatever the order): a
// count of one archive never replaces another's.
func TestSummaryOfMany(t *testing.T) {
	one := func(name string, recs ...warctest.Rec) *archive.Table {
		var table archive.Table
		acct, _ := archive.NewSniffer().Each(bytes.NewReader(warctest.Plain(recs...)), func(a *archive.Answer, err error) bool {
			table.Add(name, a, err)
			return true
		})
		table.AddAccount(name, acct)
		return &table
	}
	page := response("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n", "<p>hi")
	req := record("request", "GET / HTTP/1.1\r\n\r\n", [2]string{"Content-Type", "application/http;msgtype=request"})
	tables := []*archive.Table{
		one("a.warc", page, page, req),
		one("b.warc", page, req, req),
		one("c\twith a tab.warc", record("metadata", "x")),
		one("a.warc", page), // the same name again: its counts add
	}
	// An archive with bytes in no outcome (a reader's bug, which no
	// input makes): its count shows in its line and in the total.
	var bad archive.Table
	bad.AddAccount("a.warc", archive.Account{Bytes: 10, Unaccounted: 3, Complete: true})
	tables = append(tables, &bad)
	var merged archive.Table
	sums := map[string]int64{}
	for _, tb := range tables {
		merged.Merge(tb)
		for k, n := range tb.Counts() {
			sums[k] += n
		}
	}
	var got strings.Builder
	merged.WriteTo(&got)
	lines := strings.Split(got.String(), "\n")
	want := []string{
		"file\ta.warc\tread 4\tsniffed 3\tnoted 0\tskipped 1\terrors 0\tanswered 3\tgaps 0\tbytes %d\tunaccounted 3\tskipped:request 1",
		"file\tb.warc\tread 3\tsniffed 1\tnoted 0\tskipped 2\terrors 0\tanswered 1\tgaps 0\tbytes %d\tunaccounted 0\tskipped:request 2",
		"file\t\"c\\twith a tab.warc\"\tread 1\tsniffed 0\tnoted 0\tskipped 1\terrors 0\tanswered 0\tgaps 0\tbytes %d\tunaccounted 0\tskipped:metadata 1",
		"total\tread 8\tsniffed 4\tnoted 0\tskipped 4\terrors 0\tanswered 4\tgaps 0\tbytes %d\tunaccounted 3\tskipped:metadata 1\tskipped:request 3",
	}
	size := func(recs ...warctest.Rec) int { return len(warctest.Plain(recs...)) }
	a, b, c := size(page, page, req)+size(page)+10, size(page, req, req), size(record("metadata", "x"))
	for i, n := range []int{a, b, c, a + b + c} {
		want[i] = fmt.Sprintf(want[i], n)
	}
	if diff := cmp.Diff(want, lines[len(lines)-5:len(lines)-1]); diff != "" {
		t.Errorf("merged summary mismatch (-want +got):\n%s", diff)
	}
	if !strings.Contains(got.String(), "chromium\ttext/html\ttext/html\t4\t4\t0\n") {
		t.Errorf("merged rows: want chromium text/html 4 records, 4 with script:\n%s", got.String())
	}
	if diff := cmp.Diff(got.String(), tableOf(t, sums)); diff != "" {
		t.Errorf("the table of the summed counts differs from the merged tables (-merged +summed):\n%s", diff)
	}
}
