// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package warctest writes the hand-made WARC files that the warc package,
// the command and the Beam pipeline are tested on: every record type, both
// versions, plain and gzip (one member per record, and whole-file), and
// each way a record can be broken (a Content-Length that lies, a truncated
// record, bytes between records, bad fields, a 1 MB header line, a 4 GiB
// gzip bomb as an HTTP body).
//
// The output is deterministic: no clock, no randomness, gzip headers
// without time or name. The small archives are committed under
// internal/warc/testdata (written by testdata/gen.go, checked by
// TestTestdata); the large ones are made when a test needs them.
package warctest

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// A Rec is a record to write. Content-Length is len(Block)+LengthDelta,
// unless Length is set, which is written as the Content-Length value as
// is; NoLength writes no Content-Length field.
type Rec struct {
	Version     string // "1.0" or "1.1"
	Fields      [][2]string
	Block       []byte
	LengthDelta int64
	Length      string
	NoLength    bool
	Trailer     string // the bytes after the block; "" means CRLF CRLF
}

// Bytes returns the record as written in a WARC file.
func (r Rec) Bytes() []byte {
	var b bytes.Buffer
	b.WriteString("WARC/" + r.Version + "\r\n")
	for _, f := range r.Fields {
		b.WriteString(f[0] + ": " + f[1] + "\r\n")
	}
	if !r.NoLength {
		cl := r.Length
		if cl == "" {
			cl = strconv.FormatInt(int64(len(r.Block))+r.LengthDelta, 10)
		}
		b.WriteString("Content-Length: " + cl + "\r\n")
	}
	b.WriteString("\r\n")
	b.Write(r.Block)
	if r.Trailer == "" {
		b.WriteString("\r\n\r\n")
	} else if r.Trailer != "none" {
		b.WriteString(r.Trailer)
	}
	return b.Bytes()
}

// Plain returns the records one after another: a WARC file.
func Plain(recs ...Rec) []byte {
	var b []byte
	for _, r := range recs {
		b = append(b, r.Bytes()...)
	}
	return b
}

// PerRecord returns the records each in a gzip member of its own: a
// .warc.gz as crawlers write it (Annex D, record-at-time compression).
func PerRecord(recs ...Rec) []byte {
	var b []byte
	for _, r := range recs {
		b = append(b, Gzip(r.Bytes())...)
	}
	return b
}

// Gzip returns b in one gzip member, with no name and no time.
func Gzip(b []byte) []byte {
	var out bytes.Buffer
	w, _ := gzip.NewWriterLevel(&out, gzip.BestCompression)
	w.Write(b)
	w.Close()
	return out.Bytes()
}

// ID returns the record ID of record n: a fixed UUID URN.
func ID(n int) string {
	return fmt.Sprintf("<urn:uuid:00000000-0000-4000-8000-%012d>", n)
}

// Date is the WARC-Date of every record.
const Date = "2026-11-26T12:00:00Z"

// Fields returns the mandatory fields but Content-Length, then the target
// URI (in angle brackets for WARC 1.0, as its grammar has it) if not
// empty, then extra.
func Fields(version, typ string, n int, uri string, extra ...[2]string) [][2]string {
	f := [][2]string{{"WARC-Type", typ}, {"WARC-Record-ID", ID(n)}, {"WARC-Date", Date}}
	if uri != "" {
		if version == "1.0" {
			uri = "<" + uri + ">"
		}
		f = append(f, [2]string{"WARC-Target-URI", uri})
	}
	return append(f, extra...)
}

// The HTTP messages the records hold.
const (
	htmlPage = "<!DOCTYPE html><title>page</title><p>hello\n"
	request  = "GET /page.html HTTP/1.1\r\nHost: example.test\r\nUser-Agent: warctest\r\n\r\n"
)

// HTTPResponse returns an HTTP/1.1 response with the given header lines
// (each "Name: value") and body, and a Content-Length.
func HTTPResponse(status string, body []byte, header ...string) []byte {
	var b bytes.Buffer
	b.WriteString("HTTP/1.1 " + status + "\r\n")
	for _, h := range header {
		b.WriteString(h + "\r\n")
	}
	b.WriteString("Content-Length: " + strconv.Itoa(len(body)) + "\r\n\r\n")
	b.Write(body)
	return b.Bytes()
}

// png is the start of a PNG file: signature and IHDR of a 1x1 image.
var png = []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89")

// Capture returns the records of a small crawl in the given version: a
// warcinfo, then a request and response for an HTML page, a response for
// a PNG, a metadata record, a resource record (a file with no protocol
// header: its block is the payload), and a response with an empty body.
// Record numbers start at first.
func Capture(version string, first int) []Rec {
	n := first
	next := func() int { n++; return n - 1 }
	info := "software: warctest\r\nformat: WARC File Format " + version + "\r\n"
	page := "http://example.test/page.html"
	return []Rec{
		{Version: version, Fields: Fields(version, "warcinfo", next(), "", [2]string{"Content-Type", "application/warc-fields"}, [2]string{"WARC-Filename", "capture.warc"}), Block: []byte(info)},
		{Version: version, Fields: Fields(version, "request", next(), page, [2]string{"Content-Type", "application/http;msgtype=request"}), Block: []byte(request)},
		{Version: version, Fields: Fields(version, "response", next(), page, [2]string{"Content-Type", "application/http;msgtype=response"}, [2]string{"WARC-IP-Address", "192.0.2.1"}), Block: HTTPResponse("200 OK", []byte(htmlPage), "Content-Type: text/html; charset=utf-8")},
		{Version: version, Fields: Fields(version, "response", next(), "http://example.test/image", [2]string{"Content-Type", "application/http; msgtype=response"}), Block: HTTPResponse("200 OK", png, "Content-Type: text/plain")},
		{Version: version, Fields: Fields(version, "metadata", next(), page, [2]string{"Content-Type", "application/warc-fields"}), Block: []byte("via: http://example.test/\r\n")},
		{Version: version, Fields: Fields(version, "resource", next(), "file:///srv/files/readme", [2]string{"Content-Type", "text/plain"}), Block: []byte("<html>not declared as HTML\n")},
		{Version: version, Fields: Fields(version, "response", next(), "http://example.test/empty", [2]string{"Content-Type", "application/http;msgtype=response"}), Block: HTTPResponse("204 No Content", nil)},
	}
}

// response returns a good response record numbered n.
func response(n int) Rec {
	return Rec{Version: "1.1", Fields: Fields("1.1", "response", n, "http://example.test/"+strconv.Itoa(n), [2]string{"Content-Type", "application/http;msgtype=response"}), Block: HTTPResponse("200 OK", []byte(htmlPage), "Content-Type: text/html")}
}

// An Archive is a test WARC file.
type Archive struct {
	Name  string // file name, ending in .warc or .warc.gz (or not, for non-WARC inputs)
	Data  []byte
	Large bool   // made at test time, not committed
	About string // what it holds
}

// Archives returns the hand-made test archives, small and large.
func Archives() []Archive {
	v10, v11 := Capture("1.0", 1), Capture("1.1", 1)

	short := response(2)
	short.LengthDelta = -10
	long := response(2)
	long.LengthDelta = 10
	lies := func(bad Rec) []Rec { return []Rec{response(1), bad, response(3), response(4)} }

	trunc := Plain(response(1), response(2))
	truncHeader := Plain(response(1), response(2))

	revisits := []Rec{
		response(1),
		{Version: "1.1", Fields: Fields("1.1", "revisit", 2, "http://example.test/1",
			[2]string{"WARC-Profile", "http://netpreserve.org/warc/1.1/revisit/identical-payload-digest"},
			[2]string{"WARC-Refers-To", ID(1)},
			[2]string{"WARC-Refers-To-Target-URI", "http://example.test/1"},
			[2]string{"WARC-Refers-To-Date", Date},
			[2]string{"WARC-Payload-Digest", "sha1:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"},
			[2]string{"WARC-Truncated", "length"},
			[2]string{"Content-Type", "application/http;msgtype=response"}),
			Block: []byte("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 44\r\n\r\n")},
		{Version: "1.1", Fields: Fields("1.1", "revisit", 3, "http://example.test/1",
			[2]string{"WARC-Profile", "http://netpreserve.org/warc/1.1/revisit/server-not-modified"},
			[2]string{"WARC-Refers-To-Date", Date},
			[2]string{"Content-Type", "application/http;msgtype=response"}),
			Block: []byte("HTTP/1.1 304 Not Modified\r\nETag: \"1\"\r\n\r\n")},
		{Version: "1.0", Fields: Fields("1.0", "revisit", 4, "http://example.test/1",
			[2]string{"WARC-Profile", "http://netpreserve.org/warc/1.0/revisit/identical-payload-digest"},
			[2]string{"WARC-Refers-To", ID(1)}), Block: nil},
	}

	truncated := response(2)
	truncated.Fields = append(truncated.Fields, [2]string{"WARC-Truncated", "length"})
	truncated.Block = truncated.Block[:len(truncated.Block)-20]

	payloads := []Rec{
		{Version: "1.1", Fields: Fields("1.1", "response", 1, "http://example.test/http09", [2]string{"Content-Type", "application/http;msgtype=response"}), Block: []byte(htmlPage)},
		{Version: "1.1", Fields: Fields("1.1", "response", 2, "http://example.test/headerless", [2]string{"Content-Type", "application/http;msgtype=response"}), Block: []byte("HTTP/1.1 200 OK\r\n\r\n" + htmlPage)},
		{Version: "1.1", Fields: Fields("1.1", "response", 3, "http://example.test/empty-block"), Block: nil},
		{Version: "1.1", Fields: Fields("1.1", "resource", 4, "urn:example:no-type"), Block: png},
		{Version: "1.1", Fields: Fields("1.1", "conversion", 5, "http://example.test/1", [2]string{"Content-Type", "text/plain"}), Block: []byte("converted\n")},
		{Version: "1.1", Fields: Fields("1.1", "continuation", 6, "http://example.test/1", [2]string{"WARC-Segment-Origin-ID", ID(1)}, [2]string{"WARC-Segment-Number", "2"}, [2]string{"WARC-Segment-Total-Length", "99"}), Block: []byte("rest of the page\n")},
		{Version: "1.1", Fields: Fields("1.1", "x-extension", 7, "http://example.test/1"), Block: []byte("an unknown record type\n")},
	}

	// Fields: each bad record is followed by a good one.
	bad := func(n int, edit func(*Rec)) Rec { r := response(n); edit(&r); return r }
	fields := []Rec{
		bad(1, func(r *Rec) { r.Fields = r.Fields[:1] }), // no WARC-Record-ID, no WARC-Date
		response(2), //
		bad(3, func(r *Rec) { r.Fields = append(r.Fields, [2]string{"WARC-Date", Date}) }), // WARC-Date twice
		response(4),                              //
		bad(5, func(r *Rec) { r.Length = "-5" }), // negative
		response(6),                              //
		bad(7, func(r *Rec) { r.Length = "99999999999999999999" }), // past int64
		response(8), //
		bad(9, func(r *Rec) { r.Fields[3][1] = "http://example.test/\x1b[31mred" }), // escape in the URI
		response(10), //
		bad(11, func(r *Rec) { r.Fields[3][1] = "http://example.test/caf\xe9" }), // Latin-1, not UTF-8
		response(12), //
		bad(13, func(r *Rec) { r.NoLength = true }), // no Content-Length
		response(14), //
		bad(15, func(r *Rec) { r.Fields = append(r.Fields, [2]string{"Bad Name", "x"}) }), // not a token
		response(16), //
		bad(17, func(r *Rec) { r.Fields = append(r.Fields, [2]string{"x-folded", "one\r\n two\r\n\tthree"}) }), // folded, fine
		bad(18, func(r *Rec) { r.Version = "1.1 extra" }),                                                      // bad version line
		response(19), //
		bad(20, func(r *Rec) { r.Fields[3][1] = "http://example.test/ünïcödé" }),                                                                                        // UTF-8, fine
		bad(21, func(r *Rec) { r.Fields[0][0] = "warc-type"; r.Fields[1][0] = "WARC-RECORD-ID" }),                                                                       // names in other case, fine
		bad(22, func(r *Rec) { r.Version = "1.0" }),                                                                                                                     // 1.0 beside 1.1, fine
		{Version: "1.1", Fields: Fields("1.1", "resource", 23, "urn:x"), Length: "0000000004", Block: []byte("1234")},                                                   // leading zeros, fine
		{Version: "1.1", Fields: Fields("1.1", "resource", 24, "urn:x"), Length: "9223372036854775807", Block: []byte("the rest of the file is this record's block\n")}, // huge: swallows the rest
	}

	// Between records: garbage, blank lines, a member that is not a
	// record, a corrupt member.
	garbage := append(append(append(Plain(response(1)), "\r\n"...), Plain(response(2))...), "some text that is not a record\r\nWARC-Type: response\r\n\r\n"...)
	garbage = append(append(garbage, Plain(response(3))...), "trailing junk\n"...)

	corrupt := Gzip(response(3).Bytes())
	corrupt[len(corrupt)/2] ^= 0xff
	badCRC := Gzip(response(4).Bytes())
	badCRC[len(badCRC)-6] ^= 0x01
	members := bytes.Join([][]byte{
		Gzip(response(1).Bytes()),
		Gzip([]byte("<html>a gzip member that is no record</html>")),
		Gzip(response(2).Bytes()),
		[]byte("bytes between members"),
		corrupt,
		badCRC,
		Gzip(nil), // an empty member: nothing
		Gzip(response(5).Bytes()),
		Gzip(append(response(6).Bytes(), response(7).Bytes()...)), // two records in one member
		Gzip(response(8).Bytes()[:100]),                           // a member that ends inside its record
		Gzip(response(9).Bytes()),
	}, nil)

	longLine := response(2)
	longLine.Fields = append(longLine.Fields, [2]string{"X-Long", string(bytes.Repeat([]byte("a"), 1<<20))})
	longRecs := []Rec{response(1), longLine, response(3)}

	archives := []Archive{
		{Name: "capture-1.0.warc", Data: Plain(v10...), About: "a small crawl in WARC/1.0: warcinfo, request, responses, metadata, resource"},
		{Name: "capture-1.0.warc.gz", Data: PerRecord(v10...), About: "the same, one gzip member per record"},
		{Name: "capture-1.1.warc", Data: Plain(v11...), About: "a small crawl in WARC/1.1"},
		{Name: "capture-1.1.warc.gz", Data: PerRecord(v11...), About: "the same, one gzip member per record"},
		{Name: "capture-1.1-whole.warc.gz", Data: Gzip(Plain(v11...)), About: "the plain 1.1 file compressed whole, in one gzip member"},
		{Name: "length-short.warc", Data: Plain(lies(short)...), About: "record 2's Content-Length is 10 too small"},
		{Name: "length-short.warc.gz", Data: PerRecord(lies(short)...), About: "the same, one gzip member per record"},
		{Name: "length-long.warc", Data: Plain(lies(long)...), About: "record 2's Content-Length is 10 too large: it swallows the start of record 3"},
		{Name: "length-long.warc.gz", Data: PerRecord(lies(long)...), About: "the same, one gzip member per record: record 3 survives"},
		{Name: "truncated-block.warc", Data: trunc[:len(trunc)-30], About: "the file ends inside the block of its last record"},
		{Name: "truncated-header.warc", Data: truncHeader[:len(Plain(response(1)))+40], About: "the file ends inside the header of its last record"},
		{Name: "truncated.warc.gz", Data: func() []byte { b := PerRecord(response(1), response(2)); return b[:len(b)-25] }(), About: "the last gzip member is cut short"},
		{Name: "revisit.warc", Data: Plain(revisits...), About: "revisit records: identical-payload-digest (1.1 and 1.0) and server-not-modified"},
		{Name: "warc-truncated.warc", Data: Plain(response(1), truncated, response(3)), About: "a record marked WARC-Truncated: length, its HTTP body shorter than its Content-Length header says"},
		{Name: "payloads.warc", Data: Plain(payloads...), About: "an HTTP/0.9 response (no header), a response with no header fields, an empty block, a resource with no Content-Type, conversion, continuation and an extension record type"},
		{Name: "fields.warc", Data: Plain(fields...), About: "bad fields, each followed by a good record; the last Content-Length is the largest int64"},
		{Name: "fields.warc.gz", Data: PerRecord(fields...), About: "the same, one gzip member per record"},
		{Name: "garbage.warc", Data: garbage, About: "blank lines, text and trailing bytes between records"},
		{Name: "members.warc.gz", Data: members, About: "gzip members that are no record, bytes between members, a corrupt member, a bad CRC, an empty member, two records in one member, a member that ends inside its record"},
		{Name: "not-warc.html", Data: []byte("<!DOCTYPE html><title>not a WARC file</title>\n"), About: "not a WARC file"},
		{Name: "not-warc.gz", Data: Gzip([]byte("<!DOCTYPE html><title>not a WARC file</title>\n")), About: "a gzip file that is not a WARC file"},
		{Name: "empty.warc", Data: nil, About: "an empty file"},
		{Name: "long-header.warc", Data: Plain(longRecs...), Large: true, About: "record 2 has a 1 MiB header line"},
		{Name: "long-header.warc.gz", Data: PerRecord(longRecs...), About: "the same, one gzip member per record"},
		{Name: "bomb.warc.gz", Data: bombArchive(4 << 30), About: "a response whose gzip-coded HTTP body decodes to 4 GiB"},
	}
	return archives
}

// bombArchive returns a per-record gzip WARC file of a response whose
// body is gzip-coded and decodes to size bytes: an HTML start, then
// zeros.
func bombArchive(size int64) []byte {
	body := BombBody(size)
	rec := Rec{Version: "1.1", Fields: Fields("1.1", "response", 1, "http://example.test/bomb", [2]string{"Content-Type", "application/http;msgtype=response"}),
		Block: HTTPResponse("200 OK", body, "Content-Type: text/html", "Content-Encoding: gzip")}
	return PerRecord(response(0), rec, response(2))
}

// BombHead is what a bomb body starts with.
const BombHead = "<!DOCTYPE html><title>bomb</title>\n"

// BombBody returns a gzip stream that decodes to size bytes (size at least
// 1 MiB and a multiple of 1 MiB): BombHead, then zeros. It is made without
// compressing size bytes: the deflate blocks of one MiB of zeros following
// zeros are the same bytes each time, so they are made once and repeated.
func BombBody(size int64) []byte {
	const mib = 1 << 20
	zeros := make([]byte, mib)
	var d bytes.Buffer
	w, _ := flate.NewWriter(&d, flate.BestCompression)
	w.Write([]byte(BombHead))
	w.Write(zeros[len(BombHead):])
	w.Flush()
	first := d.Len()
	w.Write(zeros)
	w.Flush()
	segment := bytes.Clone(d.Bytes()[first:])
	d.Truncate(first)
	for i := int64(2); i*mib <= size; i++ {
		d.Write(segment)
	}
	w.Reset(io.Discard) // the final block is written by hand
	d.Write([]byte{0x03, 0x00})
	crc := crc32.ChecksumIEEE([]byte(BombHead))
	crc = crc32.Update(crc, crc32.IEEETable, zeros[len(BombHead):])
	for i := int64(1); i*mib < size; i++ {
		crc = crc32.Update(crc, crc32.IEEETable, zeros)
	}
	var out bytes.Buffer
	out.Write([]byte{0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 2, 0xff})
	out.Write(d.Bytes())
	var t [8]byte
	binary.LittleEndian.PutUint32(t[:4], crc)
	binary.LittleEndian.PutUint32(t[4:], uint32(size))
	out.Write(t[:])
	return out.Bytes()
}

// All returns every test archive by name: the committed ones read from
// dir (internal/warc/testdata, whose README, generator and fuzz inputs it
// skips) and
// the large ones, made here.
func All(dir string) (map[string][]byte, error) {
	names, err := filepath.Glob(filepath.Join(dir, "*"))
	if err != nil {
		return nil, err
	}
	out := map[string][]byte{}
	for _, name := range names {
		if strings.HasSuffix(name, ".md") || strings.HasSuffix(name, ".go") {
			continue
		}
		if fi, err := os.Stat(name); err == nil && fi.IsDir() {
			continue // fuzz/: the fuzzers' inputs
		}
		b, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		out[filepath.Base(name)] = b
	}
	for _, a := range Archives() {
		if a.Large {
			out[a.Name] = a.Data
		}
	}
	return out, nil
}

// Zeros returns a reader of n zero bytes, made as they are read: the body
// of a huge record that is never stored.
func Zeros(n int64) io.Reader { return &zeros{n} }

type zeros struct{ n int64 }

func (z *zeros) Read(p []byte) (int, error) {
	if z.n <= 0 {
		return 0, io.EOF
	}
	if int64(len(p)) > z.n {
		p = p[:z.n]
	}
	clear(p)
	z.n -= int64(len(p))
	return len(p), nil
}
