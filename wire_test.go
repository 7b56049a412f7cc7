// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff_test

// The wire differential: handler behaviours (wire_gen_test.go) run bare and
// through Handler on a real loopback server, over HTTP/1.1 and h2c; each
// response is read off the wire as browsers read it and given to ReportFor;
// the counts say how often a response renders as a document that runs
// script, where ReportFor on the handler's header map says less than on
// the wire, and where the response through Handler differs from bare in
// anything but the headers Handler sets: its status, body, trailers, other
// headers, or whether it came at all.
//
// What net/http sends is not the header map the handler filled. Where the
// harness depends on how it differs, it says so with the line of net/http
// (Go 1.26, /usr/local/go/src/net/http) that does it:
//
//   - The map is snapshotted when the response begins: at WriteHeader with a
//     final status (server.go, response.WriteHeader: "w.cw.header =
//     w.handlerHeader.Clone()" when Header was called; h2_bundle.go,
//     http2responseWriterState.writeHeader: "rws.snapHeader =
//     http2cloneHeader(rws.handlerHeader)"), which the first Write calls,
//     even of 0 bytes (response.write: "if !w.wroteHeader {
//     w.WriteHeader(StatusOK) }" before "if lenData == 0"), as do Flush
//     (response.FlushError) and the handler's return (finishRequest).
//     ReadFrom begins it only when a byte is copied: it copies the first
//     sniffLen bytes with io.CopyBuffer(writerOnly{w}, ...), which calls no
//     Write for an empty source (response.ReadFrom). A 1xx status writes
//     the map as it is and snapshots nothing (response.WriteHeader, "Handle
//     informational headers"); 101 is final. Hijack flushes what was begun
//     (response.Hijack).
//   - HTTP/1 writes the map's keys in sorted order, each with its values in
//     order, drops a key that is not a valid field name, and replaces CR and
//     LF in a value by spaces and trims it (header.go, Header.writeSubset:
//     httpguts.ValidHeaderFieldName, headerNewlineToSpace,
//     textproto.TrimString). h2 writes the keys sorted too, lower-cased,
//     dropping invalid names and every value that is not a valid field value
//     (h2_bundle.go, http2encodeHeaders: httpguts.ValidHeaderFieldValue), so
//     a NUL or a line break drops the value there but not in HTTP/1.
//   - net/http adds a Content-Type only when the snapshot has no key
//     spelled "Content-Type", no canonical Content-Encoding (Issue 31753)
//     and no Transfer-Encoding, from DetectContentType of the first chunk
//     it writes (chunkWriter.writeHeader; http2responseWriterState.writeChunk),
//     and writes it after the map's headers (extraHeader.Write after
//     cw.header.WriteSubset; writeResHeaders.writeFrame after encodeHeaders).
//     In HTTP/1 that first chunk is what the 2048-byte buffer holds when it
//     is first flushed (bufferBeforeChunkingSize), not the first Write.
//   - A panic in the handler closes the HTTP/1 connection after flushing
//     only what reached conn.bufw, the header included only if it was
//     written (conn.serve's deferred recover: c.close, finalFlush); h2
//     resets the stream (runHandler: handlerPanicRST), after the frames
//     its writer sent, which the client reads before the reset. HTTP/1's
//     ReadFrom sends the head and its first 512 bytes (sniffLen) before
//     it copies the rest (response.ReadFrom).
//   - HTTP/1 sends trailers only in a chunked response (chunkWriter.close):
//     those declared by a Trailer in the map it copied, and every
//     http.TrailerPrefix key of the handler's map when it returns
//     (response.finalTrailers); h2 sends them with any framing
//     (promoteUndeclaredTrailers).
//
// The browser side: header lines are merged by name, case-insensitively,
// in wire order; the content codings are undone (gzip, x-gzip, deflate as
// zlib or raw); a coding that fails before it yields a byte leaves the
// bytes as they are, which WebKitGTK renders. A status that carries no
// document (101, 204, 205, 304) has none.

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"compress/zlib"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"maps"
	"net"
	"net/http"
	"net/http/httptest"
	"net/textproto"
	"os"
	"regexp"
	"runtime/pprof"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/mimesniff/mimesniff"
)

var (
	wireN       = flag.Int("wire.n", 0, "TestWire: run this many generated behaviours (seeds wire.seed on) instead of the fixed set")
	wireSeed    = flag.Uint64("wire.seed", 1, "TestWire: the first seed of the generated behaviours")
	wireOnly    = flag.String("wire.only", "", "TestWire: run only the behaviour of this name and print its responses")
	wireTimeout = flag.Duration("wire.timeout", 10*time.Second, "TestWire: the bound on each request, read included")
	wireWorkers = flag.Int("wire.workers", 8, "TestWire: behaviours run at once")
	wireLoad    = flag.Duration("wire.load", 0, "TestWireLoad: how long each phase of the h2c load test runs (0: skip)")
	wireStreams = flag.Int("wire.streams", 200, "TestWireLoad: concurrent h2c streams")
)

// wireFixedN is how many generated behaviours the fixed set holds beside
// the named rows; wireLongN, how many it holds with MIMESNIFF_LONG=1.
const (
	wireFixedN = 300
	wireLongN  = 20_000
)

// wireNamed are named behaviours, in the fixed set beside the generated
// ones: the known breaks of issue 32, the breaks this test found, and a row
// for each kind of step the generated part might miss.
var wireNamed = []string{
	// Handler decides at an empty ReadFrom, which net/http's ReadFrom
	// does not begin the response with.
	"GET;map:content-type=text/plain;copy-file:empty;set:Content-Type=text/html;write:page",
	"GET;set:Content-Type=text/plain;copy-reader:empty;set:Content-Type=text/html;write:page",
	"GET;set:Content-Type=text/plain;copy-bytes:empty;set:Content-Type=text/html;write:page",
	"GET;set:Content-Type=text/plain;write:empty;set:Content-Type=text/html;write:page",
	// The same empty ReadFrom begins Handler's response, not net/http's:
	// a status or a range answer after it is lost, a type after it kept.
	"GET;copy-file:empty;status:500",
	"GET[bytes=0-9];copy-reader:empty;serve:f.png=png",
	"GET;map:Content-Type=text/plain;copy-file:empty;append:Content-Type=text/javascript",
	// WriteHeader(101) after Handler began the response: on h2, where
	// Hijack fails, the rest of the response passes Handler untouched and
	// the held bytes are lost; on HTTP/1 the 101 replaces the status.
	"GET;write:png;upgrade",
	"GET;status:404;upgrade",
	// Headers set after the first Write or WriteHeader, which net/http
	// ignores, reach the wire through Handler when it held the bytes:
	// ServeContent's Content-Length then cuts the body.
	"GET;write:js;serve:f.js=js",
	"GET;status:500;serve:f=big-page;write:zlib-page",
	// A Hijack that fails (h2) after Handler sent its decision on no bytes:
	// the rest passes Handler untouched.
	"GET;status:200;hijacker:bytes;copy-reader:pdf",
	"GET;write:empty;hijack:bytes;map:content-type=text/html;write:page",
	// A lower-case content-type beside the canonical one, and alone.
	"GET;map:content-type=text/html;set:Content-Type=text/plain;set:X-Content-Type-Options=nosniff;write:page",
	"GET;map:content-type=text/html;set:X-Content-Type-Options=nosniff;write:png",
	"GET;map:content-type=text/html;safe:image/png=page;write:page",
	`GET;append:content-type=" text/html ";safe:image/png=pdf;write:pdf`,
	// Content-Encoding: net/http does not sniff, browsers decode first.
	"GET;set:Content-Encoding=gzip;write:gzip-page",
	"GET;set:Content-Encoding=deflate;write:flate-page",
	"GET;map:content-encoding=gzip;write:gzip-page",
	"GET;set:Content-Encoding=gzip;write:page",
	"GET;set:Content-Encoding=gzip;write:gzip-trunc",
	// The recorder sniffs the first Write only.
	"GET;write:text/1;write:page",
	"GET;write:empty;write:page",
	"GET;flush;write:page",
	// Snapshots at 1xx, Flush, Hijack, a panic.
	"GET;status:103;set:Content-Type=text/html;write:page",
	"GET;set:Content-Type=text/plain;flush:rc;set:Content-Type=text/html;write:page",
	"GET;write:page/100;panic",
	"GET;write:big-page;panic:abort",
	"GET;set:Content-Type=text/plain;status:200;flush;hijacker:bytes",
	"GET;hijack:raw-page",
	"GET;hijack:raw-text",
	"GET;upgrade;write:page",
	// Bodiless statuses, ranges, HEAD.
	"GET;status:204;write:page",
	"GET;status:304;write:page",
	"GET;status:206;write:page",
	"GET[bytes=0-4,10-14];serve:f.html=page",
	"HEAD[bytes=0-4,10-14];serve:f=page",
	"GET[bytes=99999-];serve:f.txt=text",
	"HEAD;write:page",
	"GET",
	// Header values and names net/http changes or drops.
	`GET;set:Content-Type="text/plain\r\nX-Content-Type-Options: nosniff";write:page`,
	`GET;set:Content-Type="text/html\x00";set:X-Content-Type-Options=nosniff;write:page`,
	`GET;map:""=text/html;map:"Content Type"=text/html;map:Content-Type:=text/html;map:"C\xf6ntent-Type"=text/html;map:"Content-Type\r\n"=text/html;map:"Content-Type "=text/html;map:X:Y=text/html;write:png`,
	"GET;add:Content-Type=text/plain;append:Content-Type=text/html;del:X-Content-Type-Options;delete:Content-Type;string:page",
	"GET;string:big-text/1445;string:late-page/2048;copy-bytes:js",
	`GET;map:CONTENT-SECURITY-POLICY=sandbox;map:content-Security-Policy="sandbox allow-scripts allow-same-origin";write:svg`,
	// Issue 41. A coding under one spelling and an empty canonical value:
	// net/http reads the canonical key's first value (Header.Get), finds
	// no coding and sniffs the page, while browsers pass an unknown coding
	// through.
	`GET;map:content-encoding=x-squash;map:Content-Encoding="";write:page`,
	`GET;map:Content-Encoding="";map:content-encoding=gzip;write:gzip-page`,
	`GET;append:Content-Encoding="";append:Content-Encoding=gzip;write:page`,
	// Trailers: net/http sends them only in a chunked response, which a
	// ReadFrom of 512 bytes or more begins (it sends the head), whatever
	// Handler holds.
	"GET;copy-reader:mid-page;map:Trailer:X-Sum=1",
	"GET;set:Content-Type=text/plain;copy-file:mid-page;map:Trailer:X-Sum=1",
	"GET;map:Trailer:X-Sum=1;write:page",
	"GET;set:Trailer=X-Sum;write:page;set:X-Sum=1",
	"GET;map:trailer=X-Sum;copy-reader:mid-page;set:X-Sum=1;map:trailer:X-Other=2",
	// Panics before, during and after the held bytes, and inside a copy.
	"GET;set:Content-Length=10;panic",
	"GET;copy-file:mid-page;panic",
	"GET;copy-reader:late-page;panic:abort",
	"GET;write:page;copy-panic:mid-page",
	"GET;copy-panic:long-text",
	"GET;write:long-text;panic:abort",
	"GET;write:page/7;flush;panic",
	// Under a Content-Length, net/http's HTTP/1 ReadFrom refuses the
	// write of a read that goes past it and reads no more (so a reader that
	// panics at its end is not read to it); a write it refuses does not
	// keep a Flush from sending the head.
	"GET;append:Content-Length=10;copy-panic:text",
	"GET;add:content-length=122;copy-panic:mid-page",
	"GET;append:Content-Length=122;string:gzip-big;flush;copy-file:svg",
	"GET;append:Content-Length=10;readfrom:page;flush;panic",
	// ReadFrom over HTTP/2, whose writer has none.
	"GET;readfrom:page",
	"GET;readfrom:long-text;panic",
	// Every spelling of the headers net/http frames the response by,
	// with empty values.
	`GET;map:content-length=5;map:CONTENT-LENGTH="";map:content-Length=122;set:Content-Length=122;write:page`,
	`GET;map:transfer-encoding=chunked;map:TRANSFER-ENCODING="";map:transfer-Encoding=identity;map:Transfer-Encoding="";write:mid-page`,
	`GET;map:date="";map:DATE="";map:dAte="";map:Date="";map:connection=close;map:CONNECTION="";map:coNNection=keep-alive;map:Connection="";write:page`,
	`GET;map:trailer=X-Sum;map:TRAILER="";map:tRailer=X-Other;map:Trailer="";write:text;map:X-Sum=1`,
	`GET;map:x-content-type-options=nosniff;map:X-CONTENT-TYPE-OPTIONS="";map:x-Content-type-options=NOSNIFF;map:content-disposition=inline;map:CONTENT-DISPOSITION="";map:content-Disposition=attachment;write:svg`,
}

// The protocols and the variants: bare, and through Handler.
const (
	wireH1 = iota
	wireH2
	numWireProtos
)

const (
	wireBare = iota
	wireWrapped
	numWireVariants
)

var (
	wireProtoNames   = [numWireProtos]string{"h1", "h2"}
	wireVariantNames = [numWireVariants]string{"bare", "wrapped"}
)

// A wireResponse is one response as it came off the wire.
type wireResponse struct {
	got     bool        // a final status line (HEADERS frame) arrived
	status  int         // its status
	header  http.Header // its header lines, merged as browsers merge them
	trailer http.Header // its trailer fields, merged likewise; nil for none
	body    []byte      // the body, framing undone, content codings not
	broken  string      // why the body may be cut short, "" when it is whole
	raw     string      // what was read: the bytes (HTTP/1), the fields (h2)
	err     error       // the request's error, nil when a response arrived whole
	timeout bool        // the request hit its bound
}

// A wireView is a response as browsers see it.
type wireView struct {
	resp wireResponse
	doc  bool   // a browser has a document (or a script) from it
	why  string // why not
	rep  mimesniff.Report
}

// A wireOutcome is everything one behaviour gave.
type wireOutcome struct {
	b      wireBehaviour
	wire   [numWireProtos][numWireVariants]wireView
	rec    [numWireVariants]mimesniff.Report // ReportFor(rec.Result().Header, rec.Body.Bytes())
	client [numWireVariants]wireView         // an HTTP/1 http.Client's response, read with ReportFor as it gives it
}

// wireHarness holds the loopback server and the clients.
type wireHarness struct {
	dir     string
	addr    string
	h2      *http.Client // h2c with prior knowledge, no transparent decoding
	h1      *http.Client // HTTP/1.1, as a test with httptest.Server has
	timeout time.Duration

	next       atomic.Uint64
	behaviours sync.Map // id -> wireBehaviour
}

// newWireHarness starts a server on loopback that answers /bare/ID and
// /wrapped/ID with the behaviour registered as ID, over HTTP/1.1 and h2c.
func newWireHarness(tb testing.TB) *wireHarness {
	tb.Helper()
	h := &wireHarness{dir: tb.TempDir(), timeout: *wireTimeout}
	if err := wireFiles(h.dir); err != nil {
		tb.Fatal(err)
	}
	h.addr = wireServe(tb, http.HandlerFunc(h.serve))
	h.h2 = wireClient(tb, "h2", &http.Transport{DisableCompression: true}, h.timeout)
	// No keep-alive: a hijacked response's bytes after the one the client
	// read would be logged as unsolicited on an idle connection.
	h.h1 = wireClient(tb, "h1", &http.Transport{DisableKeepAlives: true}, h.timeout)
	return h
}

// wireServe serves h on a new loopback port over HTTP/1.1 and h2c (prior
// knowledge, http.Protocols.SetUnencryptedHTTP2), until the test ends, and
// returns the address.
func wireServe(tb testing.TB, h http.Handler) string {
	tb.Helper()
	return wireServeLog(tb, h, io.Discard)
}

// wireServeLog is wireServe with the server's error log written to w.
func wireServeLog(tb testing.TB, h http.Handler, w io.Writer) string {
	tb.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	var protos http.Protocols
	protos.SetHTTP1(true)
	protos.SetUnencryptedHTTP2(true)
	srv := &http.Server{
		Handler:           h,
		Protocols:         &protos,
		ErrorLog:          log.New(w, "", 0),
		ReadHeaderTimeout: 10 * time.Second,
	}
	go srv.Serve(ln)
	tb.Cleanup(func() { srv.Close() })
	return ln.Addr().String()
}

// wireClient returns a client of one protocol: "h1" or "h2" (h2c with
// prior knowledge), closing its idle connections when the test ends.
func wireClient(tb testing.TB, proto string, tr *http.Transport, timeout time.Duration) *http.Client {
	var p http.Protocols
	if proto == "h1" {
		p.SetHTTP1(true)
	} else {
		p.SetUnencryptedHTTP2(true)
	}
	tr.Protocols = &p
	tb.Cleanup(tr.CloseIdleConnections)
	return &http.Client{Transport: tr, Timeout: timeout}
}

func (h *wireHarness) serve(w http.ResponseWriter, r *http.Request) {
	variant, id, _ := strings.Cut(strings.TrimPrefix(r.URL.Path, "/"), "/")
	n, _ := strconv.ParseUint(id, 10, 64)
	v, ok := h.behaviours.Load(n)
	if !ok {
		http.Error(w, "no such behaviour", http.StatusNotFound)
		return
	}
	next := v.(wireBehaviour).handler(h.dir)
	if variant == "wrapped" {
		mimesniff.Handler(next).ServeHTTP(w, r)
		return
	}
	next.ServeHTTP(w, r)
}

// run runs b bare and through Handler, over HTTP/1.1 and h2c, in a
// recorder, and through the HTTP/1 client.
func (h *wireHarness) run(b wireBehaviour) wireOutcome {
	id := h.next.Add(1)
	h.behaviours.Store(id, b)
	defer h.behaviours.Delete(id)
	o := wireOutcome{b: b}
	for v := range numWireVariants {
		path := fmt.Sprintf("/%s/%d", wireVariantNames[v], id)
		o.wire[wireH1][v] = browserView(b.method, h.h1Raw(path, b))
		o.wire[wireH2][v] = browserView(b.method, h.do(h.h2, path, b, true))
		o.client[v] = recipeView(h.do(h.h1, path, b, false))
		o.rec[v] = h.record(b, v == wireWrapped)
	}
	return o
}

// request returns the request line and header of b, for HTTP/1.1.
func wireRequest(path string, b wireBehaviour) string {
	var s strings.Builder
	fmt.Fprintf(&s, "%s %s HTTP/1.1\r\nHost: wire.test\r\nConnection: close\r\n", b.method, path)
	if b.rangeHdr != "" {
		fmt.Fprintf(&s, "Range: %s\r\n", b.rangeHdr)
	}
	s.WriteString("\r\n")
	return s.String()
}

// h1Raw makes b's request over a new TCP connection, writing the request
// itself and reading every byte until the server closes the connection
// (the request asks it to), and parses what it read.
func (h *wireHarness) h1Raw(path string, b wireBehaviour) wireResponse {
	conn, err := net.DialTimeout("tcp", h.addr, h.timeout)
	if err != nil {
		return wireResponse{err: err}
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(h.timeout))
	if _, err := io.WriteString(conn, wireRequest(path, b)); err != nil {
		return wireResponse{err: err}
	}
	raw, err := io.ReadAll(conn)
	resp := parseH1(raw, b.method)
	if err != nil {
		resp.err = err
		resp.timeout = errors.Is(err, os.ErrDeadlineExceeded)
	}
	return resp
}

// parseH1 parses the bytes of an HTTP/1.1 response to a request with
// method: interim 1xx responses (but 101) are skipped, header lines kept
// in order, chunked framing undone.
func parseH1(raw []byte, method string) wireResponse {
	resp := wireResponse{raw: string(raw)}
	rest := raw
	line := func() (string, bool) {
		i := bytes.IndexByte(rest, '\n')
		if i < 0 {
			return "", false
		}
		l := strings.TrimSuffix(string(rest[:i]), "\r")
		rest = rest[i+1:]
		return l, true
	}
	for {
		status, ok := line()
		if !ok {
			resp.err = errors.New("no status line")
			return resp
		}
		proto, code, _ := strings.Cut(status, " ")
		code, _, _ = strings.Cut(code, " ")
		n, err := strconv.Atoi(code)
		if !strings.HasPrefix(proto, "HTTP/1.") || err != nil || len(code) != 3 {
			resp.err = fmt.Errorf("no status line: %q", status)
			return resp
		}
		h := http.Header{}
		for {
			l, ok := line()
			if !ok {
				resp.err = errors.New("the header ends early")
				return resp
			}
			if l == "" {
				break
			}
			name, value, ok := strings.Cut(l, ":")
			if !ok {
				continue // no colon: browsers skip the line
			}
			k := wireCanonical(name)
			h[k] = append(h[k], strings.Trim(value, " \t"))
		}
		if n >= 100 && n < 200 && n != http.StatusSwitchingProtocols {
			continue // an interim response: its header is not the response's
		}
		resp.got, resp.status, resp.header = true, n, h
		break
	}
	// The body: none for HEAD and the bodiless statuses, else as framed.
	switch {
	case method == "HEAD" || resp.status < 200 || resp.status == 204 || resp.status == 304:
	case hasChunked(resp.header["Transfer-Encoding"]):
		resp.body, resp.trailer, resp.broken = dechunk(rest)
	case len(resp.header["Content-Length"]) > 0:
		n, err := strconv.Atoi(resp.header["Content-Length"][0])
		switch {
		case err != nil || n < 0:
			resp.body = rest // no length: to the close
		case n > len(rest):
			resp.body, resp.broken = rest, "short of Content-Length"
		default:
			resp.body = rest[:n]
		}
	default:
		resp.body = rest // to the close
	}
	return resp
}

// wireCanonical returns the key under which browsers merge a header name:
// case-insensitively, written in the canonical form.
func wireCanonical(name string) string {
	return textproto.CanonicalMIMEHeaderKey(strings.ToLower(name))
}

func hasChunked(values []string) bool {
	for _, v := range values {
		for c := range strings.SplitSeq(v, ",") {
			if strings.EqualFold(strings.TrimSpace(c), "chunked") {
				return true
			}
		}
	}
	return false
}

// dechunk undoes chunked framing, and reads the trailer fields after the
// last chunk (RFC 9112, section 7.1.2), merged as browsers merge header
// lines; broken says where it ended short.
func dechunk(b []byte) (body []byte, trailer http.Header, broken string) {
	for {
		i := bytes.IndexByte(b, '\n')
		if i < 0 {
			return body, nil, "no last chunk"
		}
		size, _, _ := strings.Cut(strings.TrimSpace(string(b[:i])), ";")
		n, err := strconv.ParseInt(size, 16, 64)
		if err != nil || n < 0 {
			return body, nil, fmt.Sprintf("bad chunk size %q", size)
		}
		b = b[i+1:]
		if n == 0 {
			break
		}
		if int64(len(b)) < n {
			return append(body, b...), nil, "chunk cut short"
		}
		body = append(body, b[:n]...)
		b = bytes.TrimPrefix(b[n:], []byte("\r\n"))
	}
	for {
		i := bytes.IndexByte(b, '\n')
		if i < 0 {
			return body, trailer, "the trailer section ends early"
		}
		line := strings.TrimSuffix(string(b[:i]), "\r")
		b = b[i+1:]
		if line == "" {
			return body, trailer, ""
		}
		name, value, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		if trailer == nil {
			trailer = http.Header{}
		}
		k := wireCanonical(name)
		trailer[k] = append(trailer[k], strings.Trim(value, " \t"))
	}
}

// do makes b's request with client; raw says to render the response's
// fields for printing.
func (h *wireHarness) do(c *http.Client, path string, b wireBehaviour, raw bool) wireResponse {
	ctx, cancel := context.WithTimeout(context.Background(), h.timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, b.method, "http://"+h.addr+path, nil)
	if err != nil {
		return wireResponse{err: err}
	}
	if b.rangeHdr != "" {
		req.Header.Set("Range", b.rangeHdr)
	}
	res, err := c.Do(req)
	if err != nil {
		return wireResponse{err: err, timeout: errors.Is(err, context.DeadlineExceeded) || os.IsTimeout(err)}
	}
	defer res.Body.Close()
	resp := wireResponse{got: true, status: res.StatusCode, header: res.Header}
	resp.body, err = io.ReadAll(io.LimitReader(res.Body, 1<<20))
	if err != nil {
		resp.err, resp.broken = err, err.Error()
		resp.timeout = errors.Is(err, context.DeadlineExceeded) || os.IsTimeout(err)
	}
	// The trailer fields arrive after the body (a declared one the
	// server did not send stays with no value).
	for k, v := range res.Trailer {
		if len(v) > 0 {
			if resp.trailer == nil {
				resp.trailer = http.Header{}
			}
			resp.trailer[k] = v
		}
	}
	if raw {
		var s strings.Builder
		fmt.Fprintf(&s, ":status: %d\n", res.StatusCode)
		for _, k := range slices.Sorted(func(yield func(string) bool) {
			for k := range res.Header {
				if !yield(k) {
					return
				}
			}
		}) {
			for _, v := range res.Header[k] {
				fmt.Fprintf(&s, "%s: %q\n", strings.ToLower(k), v)
			}
		}
		fmt.Fprintf(&s, "\n%q", resp.body)
		for _, k := range slices.Sorted(mapKeys(resp.trailer)) {
			for _, v := range resp.trailer[k] {
				fmt.Fprintf(&s, "\ntrailer %s: %q", strings.ToLower(k), v)
			}
		}
		resp.raw = s.String()
	}
	return resp
}

// record runs b in an httptest.ResponseRecorder and returns the README's
// recipe's report: ReportFor(rec.Result().Header, rec.Body.Bytes()).
func (h *wireHarness) record(b wireBehaviour, wrapped bool) mimesniff.Report {
	rec := httptest.NewRecorder()
	req := httptest.NewRequest(b.method, "/", nil)
	if b.rangeHdr != "" {
		req.Header.Set("Range", b.rangeHdr)
	}
	var next http.Handler = b.handler(h.dir)
	if wrapped {
		next = mimesniff.Handler(next)
	}
	func() {
		defer func() { recover() }() // as net/http recovers
		next.ServeHTTP(rec, req)
	}()
	return mimesniff.ReportFor(rec.Result().Header, rec.Body.Bytes())
}

// browserView reads resp as browsers do.
func browserView(method string, resp wireResponse) wireView {
	v := wireView{resp: resp}
	switch {
	case !resp.got:
		v.why = "no response"
		return v
	case resp.status == 101 || resp.status == 204 || resp.status == 205 || resp.status == 304:
		v.why = fmt.Sprintf("status %d", resp.status)
		return v
	}
	body, err := decodeContent(resp.header["Content-Encoding"], resp.body)
	if err != nil && len(body) == 0 {
		// Chromium and Firefox show a decoding error, but WebKitGTK
		// renders the bytes as they are (case coding/html/lie-gzip/html
		// of testdata/browsers/wire): the cautious reading.
		body = resp.body
	}
	// A stream that breaks after yielding bytes is read as far as it
	// goes: the cautious reading, as a browser may render what it has.
	v.doc = true
	decoded := resp.header.Clone()
	delete(decoded, "Content-Encoding")
	v.rep = mimesniff.ReportFor(decoded, body[:min(len(body), mimesniff.HeaderSize)])
	return v
}

// recipeView reads resp as a test does that calls ReportFor on an
// http.Client's response: the header as the client gives it, the body as
// it reads it (the transport undoes gzip it asked for).
func recipeView(resp wireResponse) wireView {
	v := wireView{resp: resp}
	switch {
	case !resp.got:
		v.why = "no response"
		return v
	case resp.broken != "":
		// The README's recipe fails the test on a body it cannot read
		// (a coding that lies breaks Go's transport): it says nothing
		// is safe.
		v.why = "the recipe fails: " + resp.broken
		return v
	}
	v.doc = true
	v.rep = mimesniff.ReportFor(resp.header, resp.body[:min(len(resp.body), mimesniff.HeaderSize)])
	return v
}

// decodeContent undoes the content codings of values, the last first, as
// a browser does: gzip and x-gzip, deflate as zlib or raw, identity; an
// unknown coding passes the bytes through (Chromium's
// URLRequestHttpJob::SetUpSourceStream, "Unknown encoding type. Pass
// through raw response body."). br and zstd fail: no body here is coded
// with them, so a browser's decoder fails on it. It returns what decoded
// before an error.
func decodeContent(values []string, body []byte) ([]byte, error) {
	var codings []string
	for _, v := range values {
		for c := range strings.SplitSeq(v, ",") {
			if c = strings.ToLower(strings.Trim(c, " \t")); c != "" {
				codings = append(codings, c)
			}
		}
	}
	if len(body) == 0 {
		return body, nil
	}
	for _, c := range slices.Backward(codings) {
		var r io.Reader
		switch c {
		case "gzip", "x-gzip":
			zr, err := gzip.NewReader(bytes.NewReader(body))
			if err != nil {
				return nil, fmt.Errorf("%s: %v", c, err)
			}
			zr.Multistream(false)
			r = zr
		case "deflate":
			if zr, err := zlib.NewReader(bytes.NewReader(body)); err == nil {
				r = zr
			} else {
				r = flate.NewReader(bytes.NewReader(body))
			}
		case "br", "zstd":
			return nil, fmt.Errorf("%s: not %s data", c, c)
		default:
			continue // identity, or unknown: the bytes as they are
		}
		out, err := io.ReadAll(io.LimitReader(r, 1<<20))
		if err != nil {
			return out, fmt.Errorf("%s: %v", c, err)
		}
		body = out
	}
	return body, nil
}

// lessCautious reports whether wire has script that m lacks: in some
// destination and profile, or in a summary.
func lessCautious(m, wire mimesniff.Report) bool {
	if wire.DocumentScript && !m.DocumentScript || wire.ScriptInclusion && !m.ScriptInclusion {
		return true
	}
	for d := mimesniff.Destination(0); ; d++ {
		w, ok := wire.Verdict(d)
		if !ok {
			return false
		}
		if v, _ := m.Verdict(d); !within(w.Script, v.Script) {
			return true
		}
	}
}

// A wireRow is a row of the counts table; a failing row must count 0.
type wireRow struct {
	key     string
	failing bool
	doc     string
}

// wireCounts are the rows of the counts table, in order.
var wireCounts = []wireRow{
	{"unsafe bare h1", false, "DocumentScript on the wire, handler alone, HTTP/1.1"},
	{"unsafe bare h2", false, "likewise, h2c"},
	{"unsafe wrapped h1", true, "DocumentScript on the wire through Handler, HTTP/1.1"},
	{"unsafe wrapped h2", true, "likewise, h2c"},
	{"unsafe SafeHeaders.Set h1", true, "bare, the handler set SafeHeaders(t, body) and wrote only body"},
	{"unsafe SafeHeaders.Set h2", true, "likewise, h2c"},
	{"script inclusion bare h1", false, "ScriptInclusion on the wire, bare"},
	{"script inclusion bare h2", false, ""},
	{"script inclusion wrapped h1", true, "ScriptInclusion on the wire through Handler"},
	{"script inclusion wrapped h2", true, ""},
	{"recorder less cautious than h1, bare", false, "ReportFor(rec.Result().Header, rec.Body.Bytes()) lacks script the HTTP/1.1 wire has"},
	{"recorder less cautious than h1, wrapped", false, ""},
	{"recorder less cautious than h2, bare", false, ""},
	{"recorder less cautious than h2, wrapped", false, ""},
	{"client less cautious than h1, bare", false, "ReportFor(resp.Header, body) from an http.Client lacks script the HTTP/1.1 wire has"},
	{"client less cautious than h1, wrapped", false, ""},
	{"client error, bare", false, "the http.Client got no response or a broken body (panics, hijacks)"},
	{"client error, wrapped", false, ""},
	{"status differs h1", true, "wrapped's final status is not bare's"},
	{"status differs h2", true, ""},
	{"body differs h1", true, "wrapped's body bytes are not bare's (a panic's cut included)"},
	{"body differs h2", true, ""},
	{"trailer differs h1", true, "wrapped's trailer fields are not bare's"},
	{"trailer differs h2", true, ""},
	{"headers differ h1", true, "a header line but Handler's (Content-Type, X-Content-Type-Options, Content-Disposition, Content-Security-Policy) and Date differs"},
	{"headers differ h2", true, ""},
	{"response only bare h1", true, "bare got a response, wrapped none"},
	{"response only bare h2", true, ""},
	{"response only wrapped h1", true, "wrapped got a response, bare none"},
	{"response only wrapped h2", true, ""},
	{"refused hijack differs h1", false, "any of the above where Handler refused the hijack a bare handler made over HTTP/1, by design"},
	{"type added h1, empty body", true, "wrapped has a Content-Type where bare has none, no body, and the handler declared none and wrote no byte"},
	{"type added h2, empty body", true, ""},
	{"type added h1, coded body", false, "the same for a coded body, which net/http does not sniff"},
	{"type added h2, coded body", false, ""},
	{"type added h1, other", false, "the same, otherwise (HEAD, a hijack, a declared type h2 drops)"},
	{"type added h2, other", false, ""},
	{"timeouts", true, "requests that hit -wire.timeout"},
}

// setPromise reports whether b holds SafeHeaders' promise's premise: it
// sets headers only, then SafeHeaders(t, body).Set, then writes body alone
// (and may flush or write a status), and never changes a header after.
func (b wireBehaviour) setPromise() bool {
	i := slices.IndexFunc(b.steps, func(s wireStep) bool { return s.op == "safe" })
	if i < 0 {
		return false
	}
	for _, s := range b.steps[:i] {
		if !slices.Contains(wireHeaderOps, s.op) {
			return false
		}
	}
	body := b.steps[i].body
	for _, s := range b.steps[i+1:] {
		switch s.op {
		case "write", "string", "copy-file", "copy-bytes", "copy-reader":
			if s.body != body {
				return false
			}
		case "flush":
		case "status":
			if s.code != 200 && s.code != 103 {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// declaresType reports whether b sets a Content-Type at some point, under
// any spelling, or has ServeContent or SafeHeaders set one.
func (b wireBehaviour) declaresType() bool {
	for _, s := range b.steps {
		switch s.op {
		case "set", "add", "map", "append":
			if strings.EqualFold(s.name, "Content-Type") {
				return true
			}
		case "serve", "safe":
			return true
		}
	}
	return false
}

// writesBytes reports whether b writes a body byte at some point, which
// net/http may refuse (past a Content-Length) or drop (for HEAD, a 204).
func (b wireBehaviour) writesBytes() bool {
	for _, s := range b.steps {
		switch s.op {
		case "write", "string", "copy-file", "copy-bytes", "copy-reader", "copy-panic", "readfrom":
			if len(wireBodies[s.body]) > 0 {
				return true
			}
		case "serve":
			return true
		}
	}
	return false
}

// wireFeatures are the features a failing row's count is broken down by
// (wireBehaviour.feature).
var wireFeatures = []string{"upgrade", "hijack", "empty ReadFrom", "ServeContent after the response began", "SafeHeaders.Set", "other"}

// feature returns the feature of b that the breaks found so far come from,
// to break a failing row's count down. In order: a 101; a Hijack (which
// fails on h2, after Handler sent its decision); an empty ReadFrom (which
// begins Handler's response but not net/http's); ServeContent after the
// response began with a byte, a status or a flush (its headers, set after
// net/http's snapshot, reach the wire through Handler's hold);
// SafeHeaders.Set; or none of them.
func (b wireBehaviour) feature() string {
	var upgrade, hijack, emptyReadFrom, serveAfter, safe, begun bool
	for _, s := range b.steps {
		switch {
		case s.op == "upgrade":
			upgrade = true
		case s.op == "hijack" || s.op == "hijacker":
			hijack = true
		case (s.op == "copy-file" || s.op == "copy-reader") && s.body == "empty":
			emptyReadFrom = true
		case s.op == "serve":
			serveAfter = serveAfter || begun
			begun = true
		case s.op == "safe":
			safe = true
		case s.op == "status" && s.code >= 200, s.op == "flush", s.op == "write", s.op == "string",
			s.body != "" && s.body != "empty":
			begun = true // a Write of nothing begins net/http's response too
		}
	}
	switch {
	case upgrade:
		return "upgrade"
	case hijack:
		return "hijack"
	case emptyReadFrom:
		return "empty ReadFrom"
	case serveAfter:
		return "ServeContent after the response began"
	case safe:
		return "SafeHeaders.Set"
	}
	return "other"
}

// classes returns the rows o counts in, but the request counts.
func (o *wireOutcome) classes() []string {
	var cs []string
	// Handler refuses to hijack the connection of a request that does
	// not switch protocols, as every generated one is: where the bare
	// handler hijacked and wrote a response of its own, the wrapped one
	// answers through net/http (its status and body differ, by design),
	// and that answer must be safe like any other.
	hijacked := o.b.has("hijack", "hijacker", "upgrade")
	for p := range numWireProtos {
		pn := wireProtoNames[p]
		bare, wrapped := o.wire[p][wireBare], o.wire[p][wireWrapped]
		if bare.doc && bare.rep.DocumentScript {
			cs = append(cs, "unsafe bare "+pn)
			if o.b.setPromise() {
				cs = append(cs, "unsafe SafeHeaders.Set "+pn)
			}
		}
		if bare.doc && bare.rep.ScriptInclusion {
			cs = append(cs, "script inclusion bare "+pn)
		}
		if wrapped.doc && wrapped.rep.DocumentScript {
			cs = append(cs, "unsafe wrapped "+pn)
		}
		if wrapped.doc && wrapped.rep.ScriptInclusion {
			cs = append(cs, "script inclusion wrapped "+pn)
		}
		for v := range numWireVariants {
			if w := o.wire[p][v]; w.doc && lessCautious(o.rec[v], w.rep) {
				cs = append(cs, fmt.Sprintf("recorder less cautious than %s, %s", pn, wireVariantNames[v]))
			}
		}
		for v := range numWireVariants {
			if o.wire[p][v].resp.timeout {
				cs = append(cs, "timeouts")
			}
		}
		br, wr := bare.resp, wrapped.resp
		// Over HTTP/2 Hijack fails bare and wrapped alike.
		refused := hijacked && p == wireH1
		differs := func(row string) {
			if refused {
				row = "refused hijack differs " + pn
			}
			if !slices.Contains(cs, row) {
				cs = append(cs, row)
			}
		}
		switch {
		case br.got && !wr.got:
			differs("response only bare " + pn)
		case !br.got && wr.got:
			differs("response only wrapped " + pn)
		case br.got && wr.got:
			if br.status != wr.status {
				differs("status differs " + pn)
			}
			if !bytes.Equal(normalizeBody(br), normalizeBody(wr)) {
				differs("body differs " + pn)
			}
			if !headersEqual(br.trailer, wr.trailer, nil) {
				differs("trailer differs " + pn)
			}
			if !headersEqual(br.header, wr.header, handlerHeaders) {
				differs("headers differ " + pn)
			}
			if len(br.header["Content-Type"]) == 0 && len(wr.header["Content-Type"]) > 0 {
				switch {
				case len(br.header["Content-Encoding"]) > 0 && br.header["Content-Encoding"][0] != "":
					cs = append(cs, "type added "+pn+", coded body")
				case len(wr.body) == 0 && o.b.method == "GET" && !hijacked && !o.b.declaresType() && !o.b.writesBytes():
					cs = append(cs, "type added "+pn+", empty body")
				default:
					cs = append(cs, "type added "+pn+", other")
				}
			}
		}
	}
	for v := range numWireVariants {
		c := o.client[v]
		if !c.resp.got || c.resp.broken != "" {
			cs = append(cs, "client error, "+wireVariantNames[v])
		}
		if w := o.wire[wireH1][v]; c.doc && w.doc && lessCautious(c.rep, w.rep) {
			cs = append(cs, "client less cautious than h1, "+wireVariantNames[v])
		}
		if c.resp.timeout {
			cs = append(cs, "timeouts")
		}
	}
	return cs
}

// handlerHeaders are the header names Handler documents that it sets, and
// Date, which net/http writes with the time of each response.
var handlerHeaders = map[string]bool{
	"Content-Type": true, "X-Content-Type-Options": true, "Content-Disposition": true, "Content-Security-Policy": true,
	"Date": true,
}

// headersEqual reports whether a and b hold the same fields, in the same
// order for each name, but those named in skip. A name with no value counts
// as none, and a multipart boundary as any other (normalizeBody).
func headersEqual(a, b http.Header, skip map[string]bool) bool {
	fields := func(h http.Header) map[string]string {
		m := map[string]string{}
		for k, v := range h {
			if !skip[k] && len(v) > 0 {
				m[k] = wireBoundary.ReplaceAllString(strings.Join(v, "\x00"), "BOUNDARY")
			}
		}
		return m
	}
	return maps.Equal(fields(a), fields(b))
}

// normalizeBody returns resp's body with every multipart boundary, which
// ServeContent draws at random (multipart.Writer: 30 random bytes in hex),
// replaced by a fixed one.
func normalizeBody(resp wireResponse) []byte {
	return wireBoundary.ReplaceAll(resp.body, []byte("BOUNDARY"))
}

var wireBoundary = regexp.MustCompile(`[0-9a-f]{60}`)

// wireTally counts outcomes.
type wireTally struct {
	mu        sync.Mutex
	n         int
	counts    map[string]int
	examples  map[string][]wireBehaviour // the smallest behaviours of each row, by feature
	features  map[string]int             // the count of each row by feature
	requests  [numWireProtos + 1][numWireVariants]int
	responses [numWireProtos + 1][numWireVariants]int
	errs      [numWireProtos + 1][numWireVariants]int
	timeouts  [numWireProtos + 1][numWireVariants]int
	templates map[string]int
}

func newWireTally() *wireTally {
	return &wireTally{counts: map[string]int{}, examples: map[string][]wireBehaviour{}, features: map[string]int{}, templates: map[string]int{}}
}

func (t *wireTally) add(o wireOutcome) {
	cs := o.classes()
	t.mu.Lock()
	defer t.mu.Unlock()
	t.n++
	t.templates[o.b.template]++
	for _, c := range cs {
		t.counts[c]++
		t.features[c+"|"+o.b.feature()]++
		k := c + "|" + o.b.feature()
		e := append(t.examples[k], o.b)
		slices.SortFunc(e, func(a, b wireBehaviour) int {
			if smaller(a, b) {
				return -1
			}
			return 1
		})
		t.examples[k] = e[:min(len(e), wireExamples)]
	}
	for v := range numWireVariants {
		for p, r := range []wireResponse{o.wire[wireH1][v].resp, o.wire[wireH2][v].resp, o.client[v].resp} {
			t.requests[p][v]++
			if r.got {
				t.responses[p][v]++
			}
			if r.err != nil {
				t.errs[p][v]++
			}
			if r.timeout {
				t.timeouts[p][v]++
			}
		}
	}
}

// wireExamples is how many behaviours a row keeps for each feature, to be
// reduced and printed.
const wireExamples = 3

// rowExamples returns the behaviours kept for row, reduced to their
// smallest and without repeats, smallest first.
func (h *wireHarness) rowExamples(t *wireTally, row string) []wireBehaviour {
	seen := map[string]bool{}
	var out []wireBehaviour
	for _, f := range wireFeatures {
		for _, b := range t.examples[row+"|"+f] {
			if row != "timeouts" {
				b = h.reduce(b, row)
			}
			if !seen[b.String()] {
				seen[b.String()] = true
				out = append(out, b)
			}
		}
	}
	slices.SortFunc(out, func(a, b wireBehaviour) int {
		if smaller(a, b) {
			return -1
		}
		return 1
	})
	return out
}

// smaller orders behaviours by their number of steps, then their names.
func smaller(a, b wireBehaviour) bool {
	if len(a.steps) != len(b.steps) {
		return len(a.steps) < len(b.steps)
	}
	as, bs := a.String(), b.String()
	if len(as) != len(bs) {
		return len(as) < len(bs)
	}
	return as < bs
}

// table returns the counts table.
func (t *wireTally) table() string {
	var s strings.Builder
	fmt.Fprintf(&s, "behaviours: %d", t.n)
	for _, k := range slices.Sorted(mapKeys(t.templates)) {
		fmt.Fprintf(&s, " (%s %d)", k, t.templates[k])
	}
	s.WriteString("\n")
	fmt.Fprintf(&s, "%-14s %9s %9s %9s %9s\n", "requests", "sent", "answered", "errors", "timeouts")
	for p, pn := range []string{"h1 raw", "h2c", "h1 client"} {
		for v := range numWireVariants {
			fmt.Fprintf(&s, "%-14s %9d %9d %9d %9d\n", pn+" "+wireVariantNames[v], t.requests[p][v], t.responses[p][v], t.errs[p][v], t.timeouts[p][v])
		}
	}
	for _, r := range wireCounts {
		mark := " "
		if r.failing && t.counts[r.key] > 0 {
			mark = "!"
		}
		fmt.Fprintf(&s, "%s %-42s %8d", mark, r.key, t.counts[r.key])
		if r.doc != "" {
			fmt.Fprintf(&s, "  %s", r.doc)
		}
		s.WriteString("\n")
		if r.failing && t.counts[r.key] > 0 {
			for _, f := range wireFeatures {
				if n := t.features[r.key+"|"+f]; n > 0 {
					fmt.Fprintf(&s, "      %-40s %8d\n", "with "+f, n)
				}
			}
		}
	}
	return s.String()
}

func mapKeys[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// reduce removes steps from b, and simplifies the rest, while it still
// counts in row.
func (h *wireHarness) reduce(b wireBehaviour, row string) wireBehaviour {
	has := func(c wireBehaviour) bool {
		o := h.run(c)
		return slices.Contains(o.classes(), row)
	}
	for changed := true; changed; {
		changed = false
		for i := 0; i < len(b.steps); i++ {
			c := b
			c.steps = slices.Delete(slices.Clone(b.steps), i, i+1)
			if has(c) {
				b, changed = c, true
				i--
			}
		}
		for i := range b.steps {
			if b.steps[i].chunk != 0 {
				c := b
				c.steps = slices.Clone(b.steps)
				c.steps[i].chunk = 0
				if has(c) {
					b, changed = c, true
				}
			}
		}
		if b.rangeHdr != "" {
			c := b
			c.rangeHdr = ""
			if has(c) {
				b, changed = c, true
			}
		}
		if b.method != "GET" {
			c := b
			c.method = "GET"
			if has(c) {
				b, changed = c, true
			}
		}
	}
	return b
}

// describe returns what a row's behaviour gave: the raw wire responses of
// the protocol the row names (of both for a row that names none) and the
// reports.
func (h *wireHarness) describe(b wireBehaviour, row string) string {
	o := h.run(b)
	var s strings.Builder
	fmt.Fprintf(&s, "  behaviour: %s\n", b)
	for p := range numWireProtos {
		if strings.Contains(row, wireProtoNames[p]) || !strings.Contains(row, " h") {
			for v := range numWireVariants {
				w := o.wire[p][v]
				raw := w.resp.raw
				if len(raw) > 700 {
					raw = raw[:700] + "..."
				}
				fmt.Fprintf(&s, "  %s %s wire (%s):\n    %q\n", wireProtoNames[p], wireVariantNames[v], wireWhy(w), raw)
				fmt.Fprintf(&s, "    wire report:     %s\n", wireReportString(w))
				fmt.Fprintf(&s, "    recorder report: %s\n", wireReportString(wireView{doc: true, rep: o.rec[v]}))
				if p == wireH1 {
					fmt.Fprintf(&s, "    client report:   %s\n", wireReportString(o.client[v]))
				}
			}
		}
	}
	return s.String()
}

func wireWhy(w wireView) string {
	s := "document"
	if !w.doc {
		s = "no document: " + w.why
	}
	if w.resp.err != nil {
		s += "; error: " + w.resp.err.Error()
	}
	if w.resp.broken != "" {
		s += "; broken: " + w.resp.broken
	}
	return s
}

// wireReportString summarizes a report: the two threats, the document's
// type and the profiles that run script in a document and as a script.
func wireReportString(w wireView) string {
	if !w.doc {
		return "none (" + w.why + ")"
	}
	rep := w.rep
	d, _ := rep.Verdict(mimesniff.DestinationDocument)
	sc, _ := rep.Verdict(mimesniff.DestinationScript)
	t := d.Type.String()
	if !d.Type.IsValid() {
		t = "undefined"
	}
	return fmt.Sprintf("documentScript=%v scriptInclusion=%v document type=%s script=[%v] script-destination script=[%v]",
		rep.DocumentScript, rep.ScriptInclusion, t, d.Script, sc.Script)
}

// wireBehaviours returns the behaviours a run covers: the one named by
// -wire.only, -wire.n generated ones, or the fixed set (the named rows and
// the first wireFixedN generated ones, wireLongN with MIMESNIFF_LONG=1).
func wireBehaviours(tb testing.TB) []wireBehaviour {
	if *wireOnly != "" {
		b, err := parseWireBehaviour(*wireOnly)
		if err != nil {
			tb.Fatal(err)
		}
		return []wireBehaviour{b}
	}
	var bs []wireBehaviour
	n := *wireN
	if n == 0 {
		for _, name := range wireNamed {
			b := mustParseWireBehaviour(name)
			b.template = "named"
			bs = append(bs, b)
		}
		n = wireFixedN
		if long() {
			n = wireLongN
		}
	}
	for i := range n {
		bs = append(bs, wireGenerate(*wireSeed+uint64(i)))
	}
	return bs
}

// TestWire runs the wire differential: in go test ./..., the fixed set, the
// named rows and 300 generated behaviours, which hold every kind of step,
// body, status and spelling (TestWireFixedSetCovers); with MIMESNIFF_LONG=1,
// the named rows and 20,000 generated behaviours, as .ci/run runs it (about
// a minute of CPU); -wire.n=100000 for the full run of docs/serving.md,
// -wire.only=NAME for one behaviour.
func TestWire(t *testing.T) {
	h := newWireHarness(t)
	bs := wireBehaviours(t)
	if *wireOnly != "" {
		t.Log("\n" + h.describe(bs[0], ""))
		o := h.run(bs[0])
		t.Logf("rows: %q", o.classes())
		return
	}
	start := time.Now()
	tally := newWireTally()
	jobs := make(chan wireBehaviour)
	var wg sync.WaitGroup
	for range max(*wireWorkers, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for b := range jobs {
				tally.add(h.run(b))
			}
		}()
	}
	for _, b := range bs {
		jobs <- b
	}
	close(jobs)
	wg.Wait()
	elapsed := time.Since(start)
	t.Logf("wire differential: %d behaviours in %v\n%s", tally.n, elapsed.Round(time.Millisecond), tally.table())
	// Each failing row, with its smallest behaviour reduced.
	var rows []string
	for _, r := range wireCounts {
		if tally.counts[r.key] > 0 && (r.failing || testing.Verbose()) {
			rows = append(rows, r.key)
		}
	}
	for _, key := range rows {
		failing := slices.ContainsFunc(wireCounts, func(r wireRow) bool { return r.key == key && r.failing })
		var msg strings.Builder
		ex := h.rowExamples(tally, key)
		fmt.Fprintf(&msg, "%s: %d behaviours; %d distinct reduced ones:\n", key, tally.counts[key], len(ex))
		for i, b := range ex {
			if i < 2 {
				msg.WriteString(h.describe(b, key))
			} else {
				fmt.Fprintf(&msg, "  behaviour: %s\n", b)
			}
		}
		if failing {
			t.Error(msg.String())
		} else {
			t.Log(msg.String())
		}
	}
}

// TestWireFixedSetCovers checks that the fixed set has every kind of step,
// body, status, header spelling and junk name, trailer name and template
// (trailers, panics before, while and after Handler holds bytes), so that
// go test ./... exercises each.
func TestWireFixedSetCovers(t *testing.T) {
	if *wireN != 0 || *wireOnly != "" {
		t.Skip("not the fixed set")
	}
	seen := map[string]bool{}
	for _, b := range wireBehaviours(t) {
		seen["method "+b.method] = true
		seen["template "+b.template] = true
		if b.rangeHdr != "" {
			seen["range"] = true
		}
		for _, s := range b.steps {
			seen["op "+s.op] = true
			if s.body != "" {
				seen["body "+s.body] = true
			}
			if s.op == "status" {
				seen["status "+strconv.Itoa(s.code)] = true
			}
			if slices.Contains(wireHeaderOps, s.op) {
				seen["name "+s.name] = true
			}
		}
	}
	var want []string
	for _, op := range wireOps {
		want = append(want, "op "+op)
	}
	for _, b := range wireBodyNames {
		want = append(want, "body "+b)
	}
	for r := range wireRaw {
		want = append(want, "body "+r)
	}
	for _, c := range wireStatuses {
		want = append(want, "status "+strconv.Itoa(c))
	}
	for _, h := range wireHeaders {
		for _, n := range h.spellings {
			want = append(want, "name "+n)
		}
	}
	for _, n := range wireJunkNames {
		want = append(want, "name "+n)
	}
	for _, n := range wireTrailerNames {
		want = append(want, "name "+n)
	}
	want = append(want, "method GET", "method HEAD", "range")
	// Every template of wireGenerate, and the named rows.
	for _, tmpl := range []string{"named", "random", "retype", "coded", "safe", "trailer", "panic", "serve"} {
		want = append(want, "template "+tmpl)
	}
	sort.Strings(want)
	for _, w := range want {
		if !seen[w] {
			t.Errorf("the fixed set has no %q", w)
		}
	}
}

// TestWireNames checks that a behaviour's name reads back as the
// behaviour.
func TestWireNames(t *testing.T) {
	for seed := uint64(1); seed <= 2000; seed++ {
		b := wireGenerate(seed)
		got, err := parseWireBehaviour(b.String())
		if err != nil {
			t.Fatalf("seed %d: %s: %v", seed, b, err)
		}
		if got.String() != b.String() {
			t.Fatalf("seed %d: %s reads back as %s", seed, b, got)
		}
	}
	for _, name := range wireNamed {
		b, err := parseWireBehaviour(name)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if b.String() != name {
			t.Errorf("%s reads back as %s", name, b)
		}
	}
}

// TestWireParseH1 checks the HTTP/1.1 reader on responses written here.
func TestWireParseH1(t *testing.T) {
	tests := []struct {
		name, raw, method string
		status            int
		header            http.Header
		body, broken      string
	}{
		{"content-length", "HTTP/1.1 200 OK\r\nContent-Length: 5\r\nContent-Type: text/html\r\ncontent-type: text/plain\r\n\r\nhelloextra", "GET", 200,
			http.Header{"Content-Length": {"5"}, "Content-Type": {"text/html", "text/plain"}}, "hello", ""},
		{"chunked", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nhel\r\n2;x=y\r\nlo\r\n0\r\n\r\n", "GET", 200,
			http.Header{"Transfer-Encoding": {"chunked"}}, "hello", ""},
		{"chunked cut short", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhel", "GET", 200,
			http.Header{"Transfer-Encoding": {"chunked"}}, "hel", "chunk cut short"},
		{"no last chunk", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n", "GET", 200,
			http.Header{"Transfer-Encoding": {"chunked"}}, "hello", "no last chunk"},
		{"103 skipped", "HTTP/1.1 103 Early Hints\r\nContent-Type: text/html\r\n\r\nHTTP/1.1 200 OK\r\nX: 1\r\n\r\nbody", "GET", 200,
			http.Header{"X": {"1"}}, "body", ""},
		{"HEAD has no body", "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\n", "HEAD", 200,
			http.Header{"Content-Length": {"5"}}, "", ""},
		{"204 has no body", "HTTP/1.1 204 No Content\r\n\r\nhello", "GET", 204, http.Header{}, "", ""},
		{"to the close", "HTTP/1.1 200 OK\r\nx-content-type-options:  nosniff \r\n\r\nhello", "GET", 200,
			http.Header{"X-Content-Type-Options": {"nosniff"}}, "hello", ""},
		{"101", "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n\r\n\x81\x05hello", "GET", 101,
			http.Header{"Upgrade": {"websocket"}}, "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := parseH1([]byte(tc.raw), tc.method)
			if got.err != nil || !got.got {
				t.Fatalf("parseH1: %v", got.err)
			}
			if got.status != tc.status || string(got.body) != tc.body || got.broken != tc.broken {
				t.Errorf("parseH1 = %d %q (%s), want %d %q (%s)", got.status, got.body, got.broken, tc.status, tc.body, tc.broken)
			}
			if d := cmp.Diff(tc.header, got.header); d != "" {
				t.Errorf("header (-want +got):\n%s", d)
			}
		})
	}
	if got := parseH1([]byte("hello"), "GET"); got.got || got.err == nil {
		t.Errorf("parseH1(hello) = a response, want none")
	}
	// Trailer fields follow the last chunk (RFC 9112, section 7.1.2), and
	// merge by name as header fields do.
	got := parseH1([]byte("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\nX-Sum: 1\r\nx-sum:  2 \r\nX-Other: 3\r\n\r\n"), "GET")
	want := http.Header{"X-Sum": {"1", "2"}, "X-Other": {"3"}}
	if d := cmp.Diff(want, got.trailer); d != "" || string(got.body) != "hello" || got.broken != "" {
		t.Errorf("parseH1 of a chunked body with trailers: body %q (%s), trailers (-want +got):\n%s", got.body, got.broken, d)
	}
	if got := parseH1([]byte("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n0\r\nX-Sum: 1\r\n"), "GET"); got.broken == "" {
		t.Errorf("parseH1 of trailers cut short: not broken")
	}
}

// TestWireDecode checks decodeContent on the coded bodies.
func TestWireDecode(t *testing.T) {
	tests := []struct {
		name    string
		codings []string
		body    string
		want    []byte
		err     bool
	}{
		{"gzip", []string{"gzip"}, "gzip-page", wirePage, false},
		{"x-gzip", []string{"X-GZIP"}, "gzip-page", wirePage, false},
		{"zlib", []string{"deflate"}, "zlib-page", wirePage, false},
		{"raw deflate", []string{"deflate"}, "flate-page", wirePage, false},
		{"identity and unknown pass", []string{"identity, foo"}, "page", wirePage, false},
		{"gzip, identity", []string{"gzip", "identity"}, "gzip-page", wirePage, false},
		{"lying gzip", []string{"gzip"}, "page", nil, true},
		{"br fails", []string{"br"}, "page", nil, true},
		{"truncated", []string{"gzip"}, "gzip-trunc", nil, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := decodeContent(tc.codings, wireBodies[tc.body])
			if (err != nil) != tc.err {
				t.Fatalf("decodeContent: %v, want error %v", err, tc.err)
			}
			if tc.want != nil && !bytes.Equal(got, tc.want) {
				t.Errorf("decodeContent = %q, want %q", got, tc.want)
			}
			if tc.name == "truncated" && (len(got) == 0 || !bytes.HasPrefix(wireBigPage, got)) {
				t.Errorf("truncated: decoded %d bytes, want a prefix of the page", len(got))
			}
		})
	}
}

// TestWireLoad is the h2c load test: -wire.streams concurrent streams for
// -wire.load, on streaming paths, bare then through Handler then both
// interleaved; it prints the latency percentiles of each.
func TestWireLoad(t *testing.T) {
	if *wireLoad <= 0 {
		t.Skip("-wire.load not set")
	}
	runWireLoad(t, *wireLoad, *wireStreams)
}

// wireLoadPaths are the handlers of the load test: streaming ones (many
// flushed writes, a trickle with pauses, large copies) beside a small page,
// each typed and untyped, as Handler sends a typed response at once and
// holds an untyped one's first bytes.
var wireLoadPaths = []struct {
	name string
	h    func(dir string) http.HandlerFunc
}{
	{"flush-typed", func(string) http.HandlerFunc { return wireFlushes("text/plain; charset=utf-8", 32, 1024, 0) }},
	{"flush-untyped", func(string) http.HandlerFunc { return wireFlushes("", 32, 1024, 0) }},
	{"trickle-typed", func(string) http.HandlerFunc { return wireFlushes("text/event-stream", 20, 100, time.Millisecond) }},
	{"trickle-untyped", func(string) http.HandlerFunc { return wireFlushes("", 20, 100, time.Millisecond) }},
	{"copy-file", func(dir string) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			f, err := os.Open(dir + "/load-big")
			if err != nil {
				panic(err)
			}
			defer f.Close()
			io.Copy(w, f)
		}
	}},
	{"serve-content", func(string) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			http.ServeContent(w, r, "f.bin", time.Time{}, bytes.NewReader(wireLoadBig))
		}
	}},
	{"page", func(string) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) { w.Write(wirePage) }
	}},
}

// wireLoadBig is the large body of the load test's copies: 256 KiB of text.
var wireLoadBig = bytes.Repeat([]byte("0123456789abcdef"), 16<<10)

// wireFlushes returns a handler that writes n pieces of size bytes, with
// Content-Type ct unless it is empty, flushing after each and pausing for
// pause.
func wireFlushes(ct string, n, size int, pause time.Duration) http.HandlerFunc {
	piece := bytes.Repeat([]byte("x"), size)
	return func(w http.ResponseWriter, r *http.Request) {
		if ct != "" {
			w.Header().Set("Content-Type", ct)
		}
		rc := http.NewResponseController(w)
		for range n {
			if _, err := w.Write(piece); err != nil {
				return
			}
			if err := rc.Flush(); err != nil {
				return
			}
			if pause > 0 {
				time.Sleep(pause)
			}
		}
	}
}

// wireLoadTimeout bounds each request of the load test, as the client of
// the report being checked did.
const wireLoadTimeout = 60 * time.Second

// runWireLoad runs the load test: streams concurrent h2c streams for d
// bare, then d through Handler, then d with both interleaved request by
// request; each stream requests the paths in turn. It prints the latency
// percentiles, to the end of the body, of each phase, variant and path,
// and writes a goroutine dump when a request takes over 5 s.
func runWireLoad(t *testing.T, d time.Duration, streams int) {
	dir := t.TempDir()
	if err := os.WriteFile(dir+"/load-big", wireLoadBig, 0o644); err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	for _, p := range wireLoadPaths {
		mux.Handle("/bare/"+p.name, p.h(dir))
		mux.Handle("/wrapped/"+p.name, mimesniff.Handler(p.h(dir)))
	}
	client := wireClient(t, "h2", &http.Transport{DisableCompression: true}, wireLoadTimeout)
	base := "http://" + wireServe(t, mux)

	type key struct {
		phase, variant, path string
	}
	var mu sync.Mutex
	lat := map[key][]time.Duration{}
	errs := map[key]int{}
	timeouts := map[key]int{}
	var dumped atomic.Bool
	// A warm-up, then bare, wrapped and bare again (so that a drift of the
	// shared machine shows), then both interleaved request by request,
	// which shares every drift between them.
	phases := []struct {
		name     string
		variants []string
	}{
		{"warm-up", []string{"bare", "wrapped"}},
		{"bare", []string{"bare"}},
		{"wrapped", []string{"wrapped"}},
		{"bare-again", []string{"bare"}},
		{"interleaved", []string{"bare", "wrapped"}},
	}
	cpu := map[string]time.Duration{}
	reqs := map[string]int{}
	for _, ph := range phases {
		dur := d
		if ph.name == "warm-up" {
			dur = min(d, 5*time.Second)
		}
		cpu0 := wireCPUTime()
		deadline := time.Now().Add(dur)
		var wg sync.WaitGroup
		for g := range streams {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := g; time.Now().Before(deadline); i++ {
					path := wireLoadPaths[i%len(wireLoadPaths)].name
					variant := ph.variants[(i/len(wireLoadPaths))%len(ph.variants)]
					k := key{ph.name, variant, path}
					start := time.Now()
					resp, err := client.Get(base + "/" + variant + "/" + path)
					if err == nil {
						_, err = io.Copy(io.Discard, resp.Body)
						resp.Body.Close()
					}
					el := time.Since(start)
					if el > 5*time.Second && dumped.CompareAndSwap(false, true) {
						t.Logf("a request took %v (%s): goroutine dump in %s", el, k, wireDump())
					}
					mu.Lock()
					reqs[ph.name]++
					if err != nil {
						errs[k]++
						if errors.Is(err, context.DeadlineExceeded) || os.IsTimeout(err) {
							timeouts[k]++
						}
					} else {
						lat[k] = append(lat[k], el)
					}
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
		cpu[ph.name] = wireCPUTime() - cpu0
	}
	var s strings.Builder
	fmt.Fprintf(&s, "h2c load: %d streams, %v a phase; the process's CPU time a request (server and client):\n", streams, d)
	for _, ph := range phases[1:] {
		fmt.Fprintf(&s, "  %-12s %7d requests, %6.0f/s, %v CPU a request\n", ph.name, reqs[ph.name], float64(reqs[ph.name])/d.Seconds(),
			(cpu[ph.name] / time.Duration(max(reqs[ph.name], 1))).Round(time.Microsecond))
	}
	fmt.Fprintf(&s, "%-12s %-16s %-8s %7s %6s %6s %9s %9s %9s %9s %7s\n", "phase", "path", "variant", "ok", "errors", "t/o", "p50", "p90", "p99", "max", "p90 w/b")
	for _, ph := range phases[1:] {
		for _, p := range wireLoadPaths {
			var p90 [2]time.Duration
			for vi, v := range []string{"bare", "wrapped"} {
				k := key{ph.name, v, p.name}
				ds := lat[k]
				if len(ds) == 0 && errs[k] == 0 {
					continue
				}
				slices.Sort(ds)
				q := func(f float64) time.Duration {
					if len(ds) == 0 {
						return 0
					}
					return ds[min(len(ds)-1, int(f*float64(len(ds))))]
				}
				p90[vi] = q(0.90)
				ratio := ""
				if vi == 1 && p90[0] > 0 {
					ratio = fmt.Sprintf("%.2f", float64(p90[1])/float64(p90[0]))
				}
				fmt.Fprintf(&s, "%-12s %-16s %-8s %7d %6d %6d %9v %9v %9v %9v %7s\n", ph.name, p.name, v, len(ds), errs[k], timeouts[k],
					q(0.5).Round(time.Microsecond), q(0.9).Round(time.Microsecond), q(0.99).Round(time.Microsecond), q(1).Round(time.Microsecond), ratio)
			}
		}
	}
	t.Log(s.String())
	for k, n := range timeouts {
		if n > 0 {
			t.Errorf("%d requests to %s timed out after %v", n, k, wireLoadTimeout)
		}
	}
}

// wireCPUTime returns the CPU time the process has used, user and system,
// from /proc/self/stat (Linux: fields 14 and 15, in clock ticks, taken as
// 100 a second, USER_HZ on every Linux Go supports), or 0 elsewhere.
func wireCPUTime() time.Duration {
	b, err := os.ReadFile("/proc/self/stat")
	if err != nil {
		return 0
	}
	// The command name, field 2, is in parentheses and may hold spaces.
	_, rest, ok := bytes.Cut(b, []byte(") "))
	if !ok {
		return 0
	}
	f := strings.Fields(string(rest)) // f[0] is field 3
	if len(f) < 13 {
		return 0
	}
	utime, _ := strconv.ParseInt(f[11], 10, 64)
	stime, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(utime+stime) * 10 * time.Millisecond
}

// TestWireLateWrite runs, with -wire.load, a handler that writes once more
// after it returned (a goroutine it started outlives it: misuse, which
// net/http's own ResponseWriter survives) beside well-behaved streaming
// ones, bare and through Handler, over h2c and HTTP/1.1, and counts the
// responses that carry another request's bytes and the requests that fail
// or hang. Handler reuses its writers (a sync.Pool), so a late write can
// reach another request's response.
func TestWireLateWrite(t *testing.T) {
	if *wireLoad <= 0 {
		t.Skip("-wire.load not set")
	}
	d := min(*wireLoad, 8*time.Second)
	late := func(w http.ResponseWriter, r *http.Request) {
		id := r.URL.Query().Get("id")
		w.Header().Set("Content-Type", "text/plain")
		fmt.Fprintf(w, "A%s;", id)
		go func() {
			defer func() { recover() }() // h2's writer panics once the handler returned
			time.Sleep(200 * time.Microsecond)
			fmt.Fprintf(w, "L%s;", id)
		}()
	}
	stream := func(w http.ResponseWriter, r *http.Request) {
		id := r.URL.Query().Get("id")
		for range 5 {
			fmt.Fprintf(w, "S%s;", id)
			http.NewResponseController(w).Flush()
			time.Sleep(500 * time.Microsecond)
		}
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/bare/late", late)
	mux.HandleFunc("/bare/stream", stream)
	mux.Handle("/wrapped/late", mimesniff.Handler(http.HandlerFunc(late)))
	mux.Handle("/wrapped/stream", mimesniff.Handler(http.HandlerFunc(stream)))
	addr := wireServe(t, mux)
	clients := map[string]*http.Client{
		"h1": wireClient(t, "h1", &http.Transport{}, 10*time.Second),
		"h2": wireClient(t, "h2", &http.Transport{}, 10*time.Second),
	}
	var next atomic.Int64
	var dumped atomic.Bool
	mixed := map[string]int64{}
	for _, proto := range []string{"h2", "h1"} {
		for _, variant := range []string{"bare", "wrapped"} {
			var requests, errs, timeouts, foreign atomic.Int64
			deadline := time.Now().Add(d)
			var wg sync.WaitGroup
			for range 100 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for i := 0; time.Now().Before(deadline); i++ {
						id := strconv.FormatInt(next.Add(1), 10)
						path := []string{"late", "stream"}[i%2]
						requests.Add(1)
						// Dump the goroutines once while a request hangs.
						hung := time.AfterFunc(5*time.Second, func() {
							if dumped.CompareAndSwap(false, true) {
								t.Logf("%s %s: a request hangs: goroutine dump in %s", proto, variant, wireDump())
							}
						})
						resp, err := clients[proto].Get("http://" + addr + "/" + variant + "/" + path + "?id=" + id)
						var body []byte
						if err == nil {
							body, err = io.ReadAll(resp.Body)
							resp.Body.Close()
						}
						if err != nil {
							errs.Add(1)
							if os.IsTimeout(err) || errors.Is(err, context.DeadlineExceeded) {
								timeouts.Add(1)
							}
						}
						hung.Stop()
						for tok := range strings.SplitSeq(string(body), ";") {
							if tok != "" && tok[1:] != id {
								foreign.Add(1)
								break
							}
						}
					}
				}()
			}
			wg.Wait()
			key := proto + " " + variant
			mixed[key] = foreign.Load()
			t.Logf("%-10s %6d requests, %4d errors (%d timeouts), %5d responses with another request's bytes",
				key, requests.Load(), errs.Load(), timeouts.Load(), foreign.Load())
		}
	}
	for _, proto := range []string{"h1", "h2"} {
		if mixed[proto+" wrapped"] > 0 && mixed[proto+" bare"] == 0 {
			t.Errorf("%s: through Handler, %d responses carry another request's bytes, written after its handler returned; bare, none",
				proto, mixed[proto+" wrapped"])
		}
	}
}

// wireDump writes the stacks of all goroutines to a new temporary file and
// returns its name.
func wireDump() string {
	f, err := os.CreateTemp("", "wire-goroutines-*.txt")
	if err != nil {
		return err.Error()
	}
	defer f.Close()
	pprof.Lookup("goroutine").WriteTo(f, 2)
	return f.Name()
}
