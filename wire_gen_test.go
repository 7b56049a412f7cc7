// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff_test

// The handler behaviours of the wire differential (wire_test.go): small
// handler programs, each a list of steps with a readable name, a seeded
// generator of them, a parser of their names, and the interpreter that runs
// one as an http.Handler.

import (
	"bufio"
	"bytes"
	"compress/flate"
	"compress/gzip"
	"compress/zlib"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/mimesniff/mimesniff"
)

// A wireBehaviour is a request and the handler program that answers it.
//
// Its name (String) is the request's method, with the Range header in
// brackets, then the steps, separated by semicolons:
//
//	GET;map:content-type=text/plain;copy-file:empty;set:Content-Type=text/html;write:page
//	HEAD[bytes=0-4,10-14];serve:f.html=page
//
// parseWireBehaviour reads a name back, so that a failure can be rerun by
// its name (-wire.only) and the known breaks are rows of names.
type wireBehaviour struct {
	method   string // GET or HEAD
	rangeHdr string // the request's Range header, "" for none
	steps    []wireStep
	template string // which generator made it ("" for a parsed name)
}

// A wireStep is one thing a handler does to its ResponseWriter.
//
// Its form is op, or op:arg:
//
//	set:NAME=VALUE      w.Header().Set
//	add:NAME=VALUE      w.Header().Add
//	map:NAME=VALUE      w.Header()[NAME] = []string{VALUE}, NAME as spelled
//	append:NAME=VALUE   w.Header()[NAME] = append(w.Header()[NAME], VALUE)
//	del:NAME            w.Header().Del
//	delete:NAME         delete(w.Header(), NAME)
//	write:BODY[/N]      Write, the whole body or N bytes a call
//	string:BODY[/N]     io.WriteString, likewise
//	copy-file:BODY      io.Copy from an *os.File holding BODY (File.WriteTo
//	                    falls back to the writer's ReadFrom)
//	copy-bytes:BODY     io.Copy from a *bytes.Reader (its WriteTo calls Write)
//	copy-reader:BODY    io.Copy from a reader without WriteTo (ReadFrom)
//	copy-panic:BODY     the same from a reader that panics after BODY
//	readfrom:BODY       ReadFrom of a *bytes.Reader where the writer has
//	                    one (net/http's HTTP/1 writer, Handler's), else
//	                    io.Copy, as a handler that asks for it does
//	status:CODE         WriteHeader
//	flush, flush:rc     http.Flusher's Flush, http.ResponseController's
//	serve:NAME=BODY     http.ServeContent of BODY as file NAME
//	safe:TYPE=BODY      mimesniff.SafeHeaders(TYPE, BODY).Set(w.Header())
//	panic, panic:abort  panic, with http.ErrAbortHandler for abort
//	hijack:RAW          http.ResponseController's Hijack, then write RAW and
//	                    close (where Hijack fails, the program goes on)
//	hijacker:RAW        the same through the http.Hijacker interface
//	upgrade             Connection and Upgrade headers, WriteHeader(101),
//	                    Hijack, a WebSocket frame, close
//
// NAME, VALUE and TYPE are written as Go quoted strings when they hold
// anything but printable ASCII other than ; = and ".
type wireStep struct {
	op    string
	name  string // the header name, ServeContent's file name, SafeHeaders' type
	value string // the header value; "rc" for flush, "abort" for panic
	body  string // a wireBodies name, for writes, copies, serve and safe; RAW for hijacks
	chunk int    // bytes a Write, 0 for the whole body at once
	code  int    // for status
}

// wireHeaderOps are the ops that change the header map.
var wireHeaderOps = []string{"set", "add", "map", "append", "del", "delete"}

// wireOps are all the step ops, for the coverage check of the fixed set.
var wireOps = []string{
	"set", "add", "map", "append", "del", "delete",
	"write", "string", "copy-file", "copy-bytes", "copy-reader", "copy-panic", "readfrom",
	"status", "flush", "serve", "safe", "panic", "hijack", "hijacker", "upgrade",
}

// The bodies a behaviour writes, by name. Each is small and made here.
var (
	wirePage    = []byte("<!DOCTYPE html><html><head><title>x</title><script>alert(document.domain)</script></head><body><p>hello</p></body></html>\n")
	wireBigPage = append(append([]byte{}, wirePage...), bytes.Repeat([]byte("<p>more text, more text, more text</p>\n"), 80)...) // over 2048 bytes
	wireSVG     = []byte(`<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.domain)</script></svg>` + "\n")
	wireXML     = []byte(`<?xml version="1.0"?>` + "\n" + `<html xmlns="http://www.w3.org/1999/xhtml"><script>alert(document.domain)</script></html>` + "\n")
	wirePDF     = []byte("%PDF-1.4\n1 0 obj << /Type /Catalog /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >> endobj\n%%EOF\n")
	wireText    = []byte("hello, world\nthis is plain text\n")
	wirePNG     = []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89\x00\x00\x00\rIDATx\x9cc\xf8\x0f\x00\x00\x01\x01\x00\x05\x18\xd8N\x00\x00\x00\x00IEND\xaeB`\x82")
	wireJS      = []byte("alert(document.domain);\n")
	wireBigText = bytes.Repeat([]byte("plain text line, no markup at all\n"), 90) // over 2048 bytes
	// wireLatePage is text up to past HeaderSize, then a page: no sniffer
	// that reads 1445 or 512 bytes sees the markup.
	wireLatePage = append(bytes.Repeat([]byte("text "), 300), wirePage...)
	// wireMidPage is a page longer than the 512 bytes net/http's ReadFrom
	// copies before it sends the head (sniffLen in server.go) and shorter
	// than HeaderSize, which Handler holds whole.
	wireMidPage = append(append([]byte{}, wirePage...), bytes.Repeat([]byte("<p>more text</p>\n"), 50)...)
	// wireLongText is longer than io.Copy's buffer (32 KiB) and net/http's
	// HTTP/2 writer's (4 KiB), so that copies and panics cross them.
	wireLongText = bytes.Repeat([]byte("a long text, no markup\n"), 1800)
)

// wireBodies are the bodies by name, coded ones included.
var wireBodies = map[string][]byte{
	"empty":      {},
	"page":       wirePage,
	"big-page":   wireBigPage,
	"svg":        wireSVG,
	"xml":        wireXML,
	"pdf":        wirePDF,
	"text":       wireText,
	"big-text":   wireBigText,
	"late-page":  wireLatePage,
	"mid-page":   wireMidPage,
	"long-text":  wireLongText,
	"png":        wirePNG,
	"js":         wireJS,
	"gzip-page":  wireGzip(wirePage),
	"gzip-big":   wireGzip(wireBigPage),
	"gzip-trunc": wireGzip(wireBigPage)[:len(wireGzip(wireBigPage))/2],
	"gzip-text":  wireGzip(wireText),
	"zlib-page":  wireZlib(wirePage),
	"flate-page": wireFlate(wirePage),
}

// wirePlainBodies are the names of the bodies that are not content-coded,
// in a fixed order for the generator, "empty" first.
var wirePlainBodies = []string{
	"empty", "page", "big-page", "svg", "xml", "pdf", "text", "big-text", "late-page", "mid-page", "long-text", "png", "js",
}

// wireBodyNames are the names of wireBodies in a fixed order, for the
// generator: the plain ones, then the coded ones.
var wireBodyNames = append(slices.Clip(wirePlainBodies), "gzip-page", "gzip-big", "gzip-trunc", "gzip-text", "zlib-page", "flate-page")

// wireCodedBodies are the content-coded ones, with the codings that undo
// them.
var wireCodedBodies = []struct{ body, coding string }{
	{"gzip-page", "gzip"}, {"gzip-big", "gzip"}, {"gzip-trunc", "gzip"}, {"gzip-text", "gzip"},
	{"gzip-page", "x-gzip"}, {"zlib-page", "deflate"}, {"flate-page", "deflate"},
}

func wireGzip(b []byte) []byte  { return wireCoded(b, gzip.NewWriter) }
func wireZlib(b []byte) []byte  { return wireCoded(b, zlib.NewWriter) }
func wireFlate(b []byte) []byte { return wireCoded(b, newFlateWriter) }

func newFlateWriter(w io.Writer) *flate.Writer {
	zw, _ := flate.NewWriter(w, flate.DefaultCompression)
	return zw
}

// wireCoded returns b written through the compressor newWriter makes. (The
// package's encode in fetch_test.go needs a testing.TB, which the
// package-level bodies have none of.)
func wireCoded[W io.WriteCloser](b []byte, newWriter func(io.Writer) W) []byte {
	var buf bytes.Buffer
	zw := newWriter(&buf)
	zw.Write(b)
	zw.Close()
	return buf.Bytes()
}

// wireRaw are what a handler writes on a hijacked connection.
var wireRaw = map[string]string{
	// A whole response that a browser sniffs as HTML: out of Handler's
	// reach, as the handler owns the connection.
	"raw-page": "HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n" + string(wirePage),
	// A whole inert response.
	"raw-text": "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\nhello",
	// Bytes only: the body of a response whose header was flushed.
	"bytes": "hello",
}

// The header names that matter, each with its spellings and values: those
// the package reads, then those net/http reads to frame the response.
var wireHeaders = []struct {
	spellings []string // canonical, lower case, upper case, mixed
	values    []string
}{
	{
		[]string{"Content-Type", "content-type", "CONTENT-TYPE", "content-Type"},
		[]string{
			"text/plain", "text/html", "text/html; charset=utf-8", "image/png", "application/octet-stream",
			"unknown/unknown", "*/*", "text/javascript", "image/svg+xml", "text/xml", "application/pdf",
			"", "text/plain, text/html", "TEXT/HTML", " text/html ", "multipart/byteranges; boundary=b",
			"text/plain\r\nX-Content-Type-Options: nosniff", "text/html\x00", "text/plain; charset=\xe9", "text/plain\n",
		},
	},
	{
		[]string{"Content-Encoding", "content-encoding", "CONTENT-ENCODING", "content-Encoding"},
		[]string{"gzip", "x-gzip", "deflate", "identity", "", "GZIP", "gzip, identity", "br", "gzip\r\n", "gzip\x00"},
	},
	{
		[]string{"X-Content-Type-Options", "x-content-type-options", "X-CONTENT-TYPE-OPTIONS", "x-Content-type-options"},
		[]string{"nosniff", "NOSNIFF", "nosniff, x", "", "no", "nosniff\x00", "\xe9nosniff"},
	},
	{
		[]string{"Content-Disposition", "content-disposition", "CONTENT-DISPOSITION", "content-Disposition"},
		[]string{"attachment", "inline", "attachment; filename=a.html", "", "filename=a.html", "inline\r\nx", "attachment\x00"},
	},
	{
		[]string{"Content-Security-Policy", "content-security-policy", "CONTENT-SECURITY-POLICY", "content-Security-Policy"},
		[]string{"sandbox", "sandbox allow-scripts allow-same-origin", "default-src 'none'", "", "sandbox\x00", "sandbox\r\n"},
	},
	// The headers net/http reads to frame the response (response.WriteHeader,
	// chunkWriter.writeHeader, http2responseWriterState.writeChunk): each
	// by Header.Get of its canonical key, or by the key's presence.
	{
		[]string{"Content-Length", "content-length", "CONTENT-LENGTH", "content-Length"},
		[]string{"", "0", "10", "122", "1000", "99999", "x", "-1", " 122"},
	},
	{
		[]string{"Transfer-Encoding", "transfer-encoding", "TRANSFER-ENCODING", "transfer-Encoding"},
		[]string{"chunked", "identity", "", "gzip, chunked", "CHUNKED"},
	},
	{
		[]string{"Trailer", "trailer", "TRAILER", "tRailer"},
		[]string{"X-Sum", "X-Sum, X-Other", "", "Content-Type", "Content-Length", "x-sum"},
	},
	{
		[]string{"Date", "date", "DATE", "dAte"},
		[]string{"", "Thu, 01 Jan 1970 00:00:00 GMT"},
	},
	{
		[]string{"Connection", "connection", "CONNECTION", "coNNection"},
		[]string{"close", "keep-alive", "", "Upgrade"},
	},
}

// Indexes of wireHeaders.
const (
	wireHdrType = iota
	wireHdrEncoding
	wireHdrNoSniff
	wireHdrDisposition
	wireHdrCSP
	wireHdrLength
	wireHdrTE
	wireHdrTrailer
	wireHdrDate
	wireHdrConnection
)

// wireTrailerNames are the names a trailer value is set under: the names
// Trailer declares, and http.TrailerPrefix keys under several spellings
// (net/http takes the prefix in that spelling only: "trailer:X-Other" is a
// header name with a colon, which it drops). No two prefix keys name one
// field: net/http's HTTP/2 writer would send either key's values, as the
// map's iteration order falls (promoteUndeclaredTrailers in h2_bundle.go).
var wireTrailerNames = []string{
	"X-Sum", "X-Other", "x-sum", "Content-Type",
	http.TrailerPrefix + "X-Sum", http.TrailerPrefix + "x-other", http.TrailerPrefix + "Content-Type",
	"trailer:X-Other", "TRAILER:X-Other",
}

// wireJunkNames are header names net/http must not send: empty, with a
// space, a colon, a byte >= 0x80, a line break.
var wireJunkNames = []string{"", "Content Type", "Content-Type:", "Content-Type ", "X:Y", "C\xf6ntent-Type", "Content-Type\r\n"}

var (
	wireStatuses   = []int{103, 200, 204, 206, 304, 404, 500}
	wireChunks     = []int{0, 0, 0, 1, 7, 100, 512, 1445, 2048}
	wireRanges     = []string{"bytes=0-9", "bytes=5-", "bytes=0-4,10-14", "bytes=99999-", "bytes=-20"}
	wireServeNames = []string{"f.html", "f.txt", "f.png", "f", "f.svg", "f.js"}
	wireSafeTypes  = []string{"", "image/png", "text/html", "text/plain", "unknown/unknown", "text/javascript", "image/svg+xml", "application/pdf"}
	wireRawNames   = []string{"raw-page", "raw-text", "bytes"}
)

// wireGenerate returns the behaviour of seed: a program from one of the
// templates, with the pieces drawn with weights that make the combinations
// the serving code must get right common (a header set under a lower-case
// name, a type changed after a write of nothing, a coded body, a trailer
// set after the first bytes, a panic while Handler holds bytes).
func wireGenerate(seed uint64) wireBehaviour {
	r := rand.New(rand.NewPCG(seed, 0x77697265))
	g := wireGen{r}
	b := wireBehaviour{method: "GET"}
	if r.IntN(100) < 15 {
		b.method = "HEAD"
	}
	if r.IntN(100) < 15 {
		b.rangeHdr = pick(r, wireRanges)
	}
	switch t := r.IntN(100); {
	case t < 38:
		b.template = "random"
		for n := 1 + r.IntN(7); len(b.steps) < n; {
			s := g.step()
			b.steps = append(b.steps, s)
			if s.op == "panic" || s.op == "copy-panic" {
				break
			}
		}
	case t < 50:
		// A type set, a step that may begin the response without a
		// byte, another type, a body.
		b.template = "retype"
		b.steps = append(b.steps, g.header(wireHdrType), g.empty())
		if r.IntN(3) == 0 {
			b.steps = append(b.steps, g.step())
		}
		b.steps = append(b.steps, g.header(wireHdrType), g.write(pick(r, wirePlainBodies[1:])))
	case t < 63:
		// A coded body, with its coding or another, and maybe the
		// coding under a second spelling, empty values included: net/http
		// reads the canonical key's first value (Header.Get), browsers
		// every spelling.
		b.template = "coded"
		c := wireCodedBodies[r.IntN(len(wireCodedBodies))]
		if r.IntN(2) == 0 {
			b.steps = append(b.steps, g.header(wireHdrType))
		}
		ce := g.header(wireHdrEncoding)
		if ce.op != "del" && ce.op != "delete" && r.IntN(10) < 7 {
			ce.value = c.coding
		}
		b.steps = append(b.steps, ce)
		if r.IntN(2) == 0 {
			b.steps = append(b.steps, g.header(wireHdrEncoding))
		}
		if r.IntN(4) == 0 {
			b.steps = append(b.steps, g.step())
		}
		body := c.body
		if r.IntN(5) == 0 {
			body = pick(r, wirePlainBodies[1:]) // a coding that lies
		}
		b.steps = append(b.steps, g.write(body))
	case t < 74:
		// SafeHeaders(...).Set, then the bytes it was given: what the
		// library promises to make inert.
		b.template = "safe"
		for n := r.IntN(3); n > 0; n-- {
			b.steps = append(b.steps, g.header(r.IntN(len(wireHeaders))))
		}
		body := pick(r, wireBodyNames[1:])
		b.steps = append(b.steps, wireStep{op: "safe", name: pick(r, wireSafeTypes), body: body})
		if r.IntN(3) == 0 {
			b.steps = append(b.steps, pick(r, []wireStep{{op: "flush"}, {op: "flush", value: "rc"}, {op: "status", code: 200}, {op: "status", code: 103}}))
		}
		b.steps = append(b.steps, g.write(body))
	case t < 83:
		// Trailers, declared by Trailer or set under http.TrailerPrefix,
		// before or after the first bytes, around a body of any length.
		b.template = "trailer"
		if r.IntN(3) > 0 {
			b.steps = append(b.steps, g.header(wireHdrTrailer))
		}
		if r.IntN(3) == 0 {
			b.steps = append(b.steps, g.header(pick(r, []int{wireHdrType, wireHdrLength, wireHdrTE, wireHdrEncoding})))
		}
		if r.IntN(4) == 0 {
			b.steps = append(b.steps, g.trailer())
		}
		b.steps = append(b.steps, g.write(pick(r, wirePlainBodies)))
		if r.IntN(4) == 0 {
			b.steps = append(b.steps, pick(r, []wireStep{{op: "flush"}, g.write(pick(r, wirePlainBodies))}))
		}
		for n := 1 + r.IntN(2); n > 0; n-- {
			b.steps = append(b.steps, g.trailer())
		}
		if r.IntN(8) == 0 {
			b.steps = append(b.steps, wireStep{op: "panic", value: pick(r, []string{"", "abort"})})
		}
	case t < 91:
		// A panic before the first byte, while Handler holds bytes (fewer
		// than HeaderSize, unflushed), or after they left (HeaderSize
		// bytes or more, or a flush), or inside a copy.
		b.template = "panic"
		for n := r.IntN(3); n > 0; n-- {
			b.steps = append(b.steps, g.header(pick(r, []int{wireHdrType, wireHdrType, wireHdrEncoding, wireHdrLength, wireHdrTrailer, wireHdrTE})))
		}
		switch r.IntN(3) {
		case 0: // before
			if r.IntN(2) == 0 {
				b.steps = append(b.steps, g.empty())
			}
		case 1: // during
			for n := 1 + r.IntN(2); n > 0; n-- {
				b.steps = append(b.steps, g.write(pick(r, []string{"page", "svg", "xml", "pdf", "text", "mid-page", "png", "js"})))
			}
		default: // after
			b.steps = append(b.steps, g.write(pick(r, []string{"big-page", "big-text", "late-page", "long-text", "mid-page"})))
			if r.IntN(2) == 0 {
				b.steps = append(b.steps, pick(r, []wireStep{{op: "flush"}, {op: "flush", value: "rc"}}))
			}
		}
		if r.IntN(3) == 0 {
			b.steps = append(b.steps, wireStep{op: "copy-panic", body: pick(r, wirePlainBodies)})
		} else {
			b.steps = append(b.steps, wireStep{op: "panic", value: pick(r, []string{"", "abort"})})
		}
	default:
		b.template = "serve"
		for n := r.IntN(3); n > 0; n-- {
			b.steps = append(b.steps, g.step())
		}
		b.steps = append(b.steps, g.serve())
		if b.rangeHdr == "" && r.IntN(2) == 0 {
			b.rangeHdr = pick(r, wireRanges)
		}
	}
	return b
}

type wireGen struct{ r *rand.Rand }

func pick[T any](r *rand.Rand, s []T) T { return s[r.IntN(len(s))] }

// step returns a step of any kind.
func (g wireGen) step() wireStep {
	r := g.r
	switch w := r.IntN(100); {
	case w < 30:
		return g.header(pick(r, []int{
			wireHdrType, wireHdrType, wireHdrType, wireHdrEncoding, wireHdrEncoding, wireHdrNoSniff, wireHdrDisposition, wireHdrCSP,
			wireHdrLength, wireHdrTE, wireHdrTrailer, wireHdrDate, wireHdrConnection,
		}))
	case w < 48:
		return g.write(pick(r, wireBodyNames))
	case w < 59:
		return g.empty()
	case w < 66:
		return wireStep{op: "status", code: pick(r, wireStatuses)}
	case w < 73:
		return wireStep{op: "flush", value: pick(r, []string{"", "rc"})}
	case w < 77:
		return g.serve()
	case w < 80:
		return wireStep{op: "safe", name: pick(r, wireSafeTypes), body: pick(r, wireBodyNames[1:])}
	case w < 86:
		return wireStep{op: pick(r, []string{"map", "append", "set"}), name: pick(r, wireJunkNames), value: pick(r, wireHeaders[0].values)}
	case w < 88:
		return g.trailer()
	case w < 94:
		return wireStep{op: pick(r, []string{"copy-file", "copy-bytes", "copy-reader", "readfrom"}), body: pick(r, wireBodyNames[1:])}
	case w < 96:
		if r.IntN(3) == 0 {
			return wireStep{op: "copy-panic", body: pick(r, wirePlainBodies)}
		}
		return wireStep{op: "panic", value: pick(r, []string{"", "abort"})}
	case w < 99:
		return wireStep{op: pick(r, []string{"hijack", "hijacker"}), body: pick(r, wireRawNames)}
	default:
		return wireStep{op: "upgrade"}
	}
}

// trailer returns a step that sets a trailer's value: under a name Trailer
// may declare, or an http.TrailerPrefix key.
func (g wireGen) trailer() wireStep {
	r := g.r
	return wireStep{op: pick(r, []string{"map", "map", "set", "append"}), name: pick(r, wireTrailerNames), value: pick(r, []string{"1", "text/html", ""})}
}

// header returns a step that changes header i of wireHeaders.
func (g wireGen) header(i int) wireStep {
	r := g.r
	h := wireHeaders[i]
	name := h.spellings[pick(r, []int{0, 0, 0, 0, 1, 1, 1, 2, 3, 3})]
	switch w := r.IntN(100); {
	case w < 8:
		return wireStep{op: pick(r, []string{"del", "delete"}), name: name}
	case w < 35:
		return wireStep{op: "set", name: name, value: pick(r, h.values)}
	case w < 45:
		return wireStep{op: "add", name: name, value: pick(r, h.values)}
	case w < 80:
		return wireStep{op: "map", name: name, value: pick(r, h.values)}
	default:
		return wireStep{op: "append", name: name, value: pick(r, h.values)}
	}
}

// empty returns a step that may begin the response without a body byte.
func (g wireGen) empty() wireStep {
	return pick(g.r, []wireStep{
		{op: "copy-file", body: "empty"}, {op: "copy-bytes", body: "empty"}, {op: "copy-reader", body: "empty"},
		{op: "write", body: "empty"}, {op: "string", body: "empty"}, {op: "flush"}, {op: "flush", value: "rc"},
		{op: "status", code: 103}, {op: "status", code: 200},
	})
}

// write returns a step that writes body, by any means.
func (g wireGen) write(body string) wireStep {
	r := g.r
	switch w := r.IntN(100); {
	case w < 45:
		return wireStep{op: "write", body: body, chunk: pick(r, wireChunks)}
	case w < 60:
		return wireStep{op: "string", body: body, chunk: pick(r, wireChunks)}
	case w < 72:
		return wireStep{op: "copy-file", body: body}
	case w < 82:
		return wireStep{op: "copy-reader", body: body}
	case w < 90:
		return wireStep{op: "readfrom", body: body}
	default:
		return wireStep{op: "copy-bytes", body: body}
	}
}

func (g wireGen) serve() wireStep {
	return wireStep{op: "serve", name: pick(g.r, wireServeNames), body: pick(g.r, wirePlainBodies[1:])}
}

// String returns the name of b, which parseWireBehaviour reads back.
func (b wireBehaviour) String() string {
	var s strings.Builder
	s.WriteString(b.method)
	if b.rangeHdr != "" {
		s.WriteString("[" + b.rangeHdr + "]")
	}
	for _, st := range b.steps {
		s.WriteByte(';')
		s.WriteString(st.String())
	}
	return s.String()
}

func (s wireStep) String() string {
	switch s.op {
	case "set", "add", "map", "append":
		return s.op + ":" + wireQuote(s.name) + "=" + wireQuote(s.value)
	case "del", "delete":
		return s.op + ":" + wireQuote(s.name)
	case "write", "string":
		if s.chunk > 0 {
			return s.op + ":" + s.body + "/" + strconv.Itoa(s.chunk)
		}
		return s.op + ":" + s.body
	case "copy-file", "copy-bytes", "copy-reader", "copy-panic", "readfrom", "hijack", "hijacker":
		return s.op + ":" + s.body
	case "status":
		return "status:" + strconv.Itoa(s.code)
	case "flush", "panic":
		if s.value != "" {
			return s.op + ":" + s.value
		}
		return s.op
	case "serve", "safe":
		return s.op + ":" + wireQuote(s.name) + "=" + s.body
	}
	return s.op
}

// wireQuote returns s as it is when it is printable ASCII other than
// ; = and " and not empty, else as a Go quoted string.
func wireQuote(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c <= ' ' || c >= 0x7f || c == ';' || c == '=' || c == '"' {
			return strconv.Quote(s)
		}
	}
	if s == "" {
		return `""`
	}
	return s
}

// parseWireBehaviour reads a behaviour's name (wireBehaviour.String).
func parseWireBehaviour(name string) (wireBehaviour, error) {
	var b wireBehaviour
	head, rest, _ := strings.Cut(name, ";")
	b.method = head
	if m, rng, ok := strings.Cut(head, "["); ok {
		b.method, b.rangeHdr = m, strings.TrimSuffix(rng, "]")
	}
	if b.method != "GET" && b.method != "HEAD" {
		return b, fmt.Errorf("method %q, want GET or HEAD", b.method)
	}
	for rest != "" {
		var s wireStep
		op, arg, hasArg := rest, "", false
		if i := strings.IndexAny(rest, ":;"); i >= 0 {
			op = rest[:i]
			if rest[i] == ':' {
				arg, hasArg = rest[i+1:], true
			} else {
				arg = rest[i:]
			}
		} else {
			arg = ""
		}
		s.op = op
		var err error
		// next reads a possibly quoted string ending at one of stops.
		next := func(stops string) string {
			if err != nil {
				return ""
			}
			if strings.HasPrefix(arg, `"`) {
				q, e := strconv.QuotedPrefix(arg)
				if e != nil {
					err = e
					return ""
				}
				arg = arg[len(q):]
				v, _ := strconv.Unquote(q)
				return v
			}
			i := strings.IndexAny(arg, stops)
			if i < 0 {
				i = len(arg)
			}
			v := arg[:i]
			arg = arg[i:]
			return v
		}
		expect := func(c byte) {
			if err == nil && (arg == "" || arg[0] != c) {
				err = fmt.Errorf("step %q: want %q at %q", op, c, arg)
			}
			if err == nil {
				arg = arg[1:]
			}
		}
		switch op {
		case "set", "add", "map", "append":
			s.name = next("=")
			expect('=')
			s.value = next(";")
		case "del", "delete":
			s.name = next(";")
		case "write", "string":
			s.body = next(";/")
			if strings.HasPrefix(arg, "/") {
				arg = arg[1:]
				s.chunk, err = strconv.Atoi(next(";"))
			}
		case "copy-file", "copy-bytes", "copy-reader", "copy-panic", "readfrom", "hijack", "hijacker":
			s.body = next(";")
		case "status":
			s.code, err = strconv.Atoi(next(";"))
		case "flush", "panic":
			if hasArg {
				s.value = next(";")
			}
		case "serve", "safe":
			s.name = next("=")
			expect('=')
			s.body = next(";")
		case "upgrade":
		default:
			return b, fmt.Errorf("unknown step %q", op)
		}
		if err != nil {
			return b, fmt.Errorf("step %q: %v", op, err)
		}
		switch op {
		case "write", "string", "copy-file", "copy-bytes", "copy-reader", "copy-panic", "readfrom", "serve", "safe":
			if _, ok := wireBodies[s.body]; !ok {
				return b, fmt.Errorf("step %q: no body %q", op, s.body)
			}
		case "hijack", "hijacker":
			if _, ok := wireRaw[s.body]; !ok {
				return b, fmt.Errorf("step %q: no raw response %q", op, s.body)
			}
		}
		b.steps = append(b.steps, s)
		if arg != "" && arg[0] != ';' {
			return b, fmt.Errorf("step %q: trailing %q", op, arg)
		}
		rest = strings.TrimPrefix(arg, ";")
	}
	return b, nil
}

// mustParseWireBehaviour is parseWireBehaviour for tables.
func mustParseWireBehaviour(name string) wireBehaviour {
	b, err := parseWireBehaviour(name)
	if err != nil {
		panic(fmt.Sprintf("%s: %v", name, err))
	}
	return b
}

// has reports whether b has a step with op.
func (b wireBehaviour) has(ops ...string) bool {
	for _, s := range b.steps {
		for _, op := range ops {
			if s.op == op {
				return true
			}
		}
	}
	return false
}

// wireOnlyReader hides a reader's WriteTo, so that io.Copy reaches the
// writer's ReadFrom.
type wireOnlyReader struct{ io.Reader }

// wirePanicReader reads data, as a file does (each read as long as it can
// be), then panics where it would have returned io.EOF: a handler that
// panics inside net/http's ReadFrom, or Handler's.
type wirePanicReader struct{ data []byte }

func (r *wirePanicReader) Read(p []byte) (int, error) {
	if len(r.data) == 0 {
		panic("wire: the reader panics")
	}
	n := copy(p, r.data)
	r.data = r.data[n:]
	return n, nil
}

// wireFiles writes every body to a file in dir, named as the body, for the
// copy-file steps.
func wireFiles(dir string) error {
	for name, data := range wireBodies {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// errWireStop ends a program: the handler hijacked the connection.
var errWireStop = errors.New("wire: the program stopped")

// handler returns b's program as a handler, reading files from dir.
func (b wireBehaviour) handler(dir string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		for _, s := range b.steps {
			if s.run(w, r, dir) == errWireStop {
				return
			}
		}
	}
}

// run runs s; it returns errWireStop after a hijack.
func (s wireStep) run(w http.ResponseWriter, r *http.Request, dir string) error {
	data := wireBodies[s.body]
	switch s.op {
	case "set":
		w.Header().Set(s.name, s.value)
	case "add":
		w.Header().Add(s.name, s.value)
	case "map":
		w.Header()[s.name] = []string{s.value}
	case "append":
		h := w.Header()
		h[s.name] = append(h[s.name], s.value)
	case "del":
		w.Header().Del(s.name)
	case "delete":
		delete(w.Header(), s.name)
	case "write", "string":
		n := s.chunk
		if n <= 0 {
			n = max(len(data), 1)
		}
		for i := 0; i == 0 || i < len(data); i += n {
			p := data[i:min(i+n, len(data))]
			var err error
			if s.op == "write" {
				_, err = w.Write(p)
			} else {
				//lint:ignore SA6006 the step is a WriteString, which Handler implements apart
				_, err = io.WriteString(w, string(p))
			}
			if err != nil {
				break
			}
		}
	case "copy-file":
		f, err := os.Open(filepath.Join(dir, s.body))
		if err != nil {
			panic(err) // the harness's own failure: the test reports it
		}
		defer f.Close()
		io.Copy(w, f)
	case "copy-bytes":
		io.Copy(w, bytes.NewReader(data))
	case "copy-reader":
		io.Copy(w, wireOnlyReader{bytes.NewReader(data)})
	case "copy-panic":
		io.Copy(w, &wirePanicReader{data: data})
	case "readfrom":
		if rf, ok := w.(io.ReaderFrom); ok {
			rf.ReadFrom(bytes.NewReader(data))
		} else {
			io.Copy(w, bytes.NewReader(data))
		}
	case "status":
		w.WriteHeader(s.code)
	case "flush":
		if s.value == "rc" {
			http.NewResponseController(w).Flush()
		} else if f, ok := w.(http.Flusher); ok {
			f.Flush()
		}
	case "serve":
		http.ServeContent(w, r, s.name, time.Time{}, bytes.NewReader(data))
	case "safe":
		var declared mimesniff.MIMEType
		if s.name != "" {
			declared = mimesniff.MustParse(s.name)
		}
		mimesniff.SafeHeaders(declared, data).Set(w.Header())
	case "panic":
		if s.value == "abort" {
			panic(http.ErrAbortHandler)
		}
		panic("wire: the handler panics")
	case "hijack", "hijacker", "upgrade":
		if s.op == "upgrade" {
			w.Header().Set("Connection", "Upgrade")
			w.Header().Set("Upgrade", "websocket")
			w.WriteHeader(http.StatusSwitchingProtocols)
		}
		var c net.Conn
		var rw *bufio.ReadWriter
		var err error = http.ErrNotSupported
		if hj, ok := w.(http.Hijacker); ok && s.op == "hijacker" {
			c, rw, err = hj.Hijack()
		} else if s.op != "hijacker" {
			c, rw, err = http.NewResponseController(w).Hijack()
		}
		if err != nil {
			return nil // not hijackable here (HTTP/2, a recorder): go on
		}
		if s.op == "upgrade" {
			rw.WriteString("\x81\x05hello") // a WebSocket text frame
		} else {
			rw.WriteString(wireRaw[s.body])
		}
		rw.Flush()
		c.Close()
		return errWireStop
	}
	return nil
}
