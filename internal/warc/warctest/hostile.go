// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package warctest

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"hash/crc32"
	"math"
	"strconv"
	"strings"
)

// A Hostile is a hostile test archive: good records before and after a
// fault, each of which a reader must answer, and the fault, which it must
// report. Its expectations come from how it is made, not from a reader.
type Hostile struct {
	Name  string // ending in .warc or .warc.gz
	About string // the fault, and what the standard says of it
	Data  []byte

	// Good are the records to be read whole, in order: their target URIs
	// are http://good.example/before-N and http://good.example/after-N
	// (and, for the near misses, records that look broken and are not).
	Good []Placed
	// Faults are the bytes of each fault, each of which an error must
	// cover. Empty for a near miss.
	Faults []Span
}

// A Placed is a good record and where it is.
type Placed struct {
	URI string
	// Offset and Length are where the record is in the decoded archive;
	// Offset is -1 where that is not known (after a gzip member that
	// cannot be decoded, which a reader decodes as far as it can).
	Offset, Length int64
	// MemberOffset and MemberLength are the gzip member that holds the
	// record alone, as warc.Record gives them: -1 and 0 for a plain
	// archive; MemberLength 0 where the record shares its member.
	MemberOffset, MemberLength int64
}

// A Span is bytes of an archive: of the decoded archive, or with Input
// set, of the file (a gzip archive's bytes that decode to nothing known).
type Span struct {
	Offset, Length int64
	Input          bool
	What           string
	// Kind is the kind of error the fault is, by the standard: "garbage",
	// "header", "field", "length", "truncated" or "gzip" (warc's
	// ErrGarbage, ErrHeader, ...), or two of them, "a|b", where either
	// reading is the standard's (faultKinds).
	Kind string
}

// faultKinds are the kinds of error each fault is (Span.Kind), in a
// plain archive and gzipped whole, then after a "/" in an archive of a
// member a record where it differs: there a block or header that runs
// past its member's end ends with the member, cut short ("truncated").
var faultKinds = map[string]string{
	// "version = "WARC/1.1" CRLF" (#file-and-record-model)
	"version-extra": "header", "version-long": "header", "version-prefix": "header", "cr-line-ends": "header",
	// CRLF made LF in the block too: the block is shorter than its
	// Content-Length says.
	"lf-line-ends": "length/truncated",
	// Bytes where a record should start that start none.
	"junk-no-newline": "garbage", "junk-line": "garbage", "junk-header-like": "garbage", "nul-bytes": "garbage", "blank-lines": "garbage",
	// "warc-record = header CRLF block CRLF CRLF": the block does not
	// end where its Content-Length says.
	"length-short": "length", "length-long": "length/truncated", "length-covers-next": "length/truncated",
	"length-covers-two": "length/truncated", "block-cut": "length/truncated", "trailer-other": "length",
	"trailer-single-crlf": "length/truncated", "trailer-none": "length/truncated",
	// The input ends inside the block.
	"length-huge": "truncated",
	// #content-length-mandatory: 1*DIGIT, once; the mandatory fields
	// once each (#named-fields); values are UTF-8 TEXT.
	"length-negative": "field", "length-plus": "field", "length-word": "field", "length-past-int64": "field",
	"length-none": "field", "length-twice": "field", "record-id-none": "field", "date-twice": "field",
	"uri-escape": "field", "uri-latin1": "field",
	// Named fields are tokens, a line starting with white space
	// continues one, and a header has a bound.
	"name-space": "header", "continuation-first": "header", "header-too-long": "header",
	// A header cut short and run into the next record's: its fields
	// repeated, or a line that is no field.
	"header-cut": "field|header/truncated", "header-cut-in-line": "header/truncated",
	// RFC 1952, section 2.3.1: CRC32 and ISIZE are the data's, FLG's
	// reserved bits zero.
	"member-bad-crc": "gzip", "member-bad-isize": "gzip", "shared-member-bad-crc": "gzip", "member-bad-crc-first": "gzip",
	"member-bad-flags": "gzip", "member-bit-flip": "gzip|truncated",
	// A member whose data or trailer ends early.
	"member-cut-data": "truncated", "member-cut-trailer": "truncated", "member-cut-header": "truncated",
	"member-bare-header": "truncated", "member-truncated-last": "truncated", "member-cut-first": "truncated",
	"length-long-member": "truncated",
	// Bytes that are no member (CM 8 is deflate, the only method), and
	// members that hold no record.
	"member-method-7": "garbage", "member-empty": "garbage", "member-html": "garbage", "garbage-between": "garbage",
	"garbage-false-magic": "garbage", "zeros-between": "garbage", "zero-padding-end": "garbage",
}

// GoodURI is how the URIs of the good records start.
const GoodURI = "http://good.example/"

// goodRec returns a good response record numbered n, its target URI
// GoodURI+where.
func goodRec(n int, where string) Rec {
	return Rec{Version: "1.1", Fields: Fields("1.1", "response", n, GoodURI+where, [2]string{"Content-Type", "application/http;msgtype=response"}),
		Block: HTTPResponse("200 OK", []byte(htmlPage), "Content-Type: text/html")}
}

// badRec returns a response record numbered n, its target URI
// http://bad.example/what, to be broken.
func badRec(n int, what string) Rec {
	return Rec{Version: "1.1", Fields: Fields("1.1", "response", n, "http://bad.example/"+what, [2]string{"Content-Type", "application/http;msgtype=response"}),
		Block: HTTPResponse("200 OK", []byte(htmlPage), "Content-Type: text/html")}
}

// A form is how a hostile archive holds its records: a plain file, a
// member a record (Annex D), or the plain file gzipped whole.
type form int

const (
	plainForm form = iota
	perRecordForm
	wholeForm
)

// A builder makes a hostile archive piece by piece, noting where each
// good record and each fault goes.
type builder struct {
	form form
	data []byte // the file; for wholeForm the plain bytes, gzipped at the end
	dec  int64  // the decoded offset of the next piece, or -1 if unknown
	n    int    // the next record number
	h    Hostile
}

func newBuilder(name string, f form, about string) *builder {
	switch f {
	case plainForm:
		name += ".warc"
	case perRecordForm:
		name += ".warc.gz"
	case wholeForm:
		name += "-whole.warc.gz"
	}
	return &builder{form: f, n: 1, h: Hostile{Name: name, About: about}}
}

// goods appends k good records whose target URIs end in where-1 ... where-k.
func (b *builder) goods(where string, k int) {
	for i := 1; i <= k; i++ {
		b.good(goodRec(b.next(), where+"-"+strconv.Itoa(i)))
	}
}

func (b *builder) next() int { b.n++; return b.n - 1 }

// good appends a good record.
func (b *builder) good(r Rec) {
	uri := r.Fields[3][1]
	b.record(r.Bytes(), func(p Placed) { p.URI = uri; b.h.Good = append(b.h.Good, p) })
}

// record appends the bytes of a record, in its own member in
// perRecordForm, and calls note with where they went.
func (b *builder) record(rec []byte, note func(Placed)) {
	p := Placed{Offset: b.dec, Length: int64(len(rec)), MemberOffset: -1}
	switch b.form {
	case plainForm:
		p.Offset = int64(len(b.data))
		b.data = append(b.data, rec...)
	case perRecordForm:
		z := Gzip(rec)
		p.MemberOffset, p.MemberLength = int64(len(b.data)), int64(len(z))
		b.data = append(b.data, z...)
	case wholeForm:
		p.MemberOffset = 0
		b.data = append(b.data, rec...)
	}
	if b.dec >= 0 {
		b.dec += int64(len(rec))
	}
	note(p)
}

// fault appends decoded bytes that are a fault: in their own member in
// perRecordForm.
func (b *builder) fault(what string, bad []byte) {
	b.record(bad, func(p Placed) {
		s := Span{Offset: p.Offset, Length: p.Length, What: what}
		if b.form == perRecordForm {
			s = Span{Offset: p.MemberOffset, Length: p.MemberLength, Input: true, What: what}
		}
		b.h.Faults = append(b.h.Faults, s)
	})
}

// raw appends bytes to a gzip file as they are, outside any member: a
// fault of the file if what is not empty. The decoded offsets after them
// are unknown if unknown is set (a member that cannot be decoded, whose
// decoded bytes depend on the decoder).
func (b *builder) raw(what string, data []byte, unknown bool) {
	if what != "" {
		b.h.Faults = append(b.h.Faults, Span{Offset: int64(len(b.data)), Length: int64(len(data)), Input: true, What: what})
	}
	b.data = append(b.data, data...)
	if unknown {
		b.dec = -1
	}
}

// done returns the archive.
func (b *builder) done() Hostile {
	for i := range b.h.Faults {
		f := &b.h.Faults[i]
		kind, member, ok := strings.Cut(faultKinds[f.What], "/")
		if ok && b.form == perRecordForm {
			kind = member
		}
		f.Kind = kind
	}
	b.h.Data = b.data
	if b.form == wholeForm {
		b.h.Data = Gzip(b.data)
	}
	return b.h
}

// A plainFault is a fault of a WARC file's bytes, made in each form: the
// bytes it appends (a broken record, bytes between records), between the
// good records before and after it.
type plainFault struct {
	name, about string
	// add appends the fault to b; it may append the good records after
	// it too (a Content-Length that covers them), and then reports so.
	add func(b *builder) (addedAfter bool)
}

// simple returns a plainFault that appends bad, made from the record
// number it is given.
func simple(name, about string, bad func(n int) []byte) plainFault {
	return plainFault{name, about, func(b *builder) bool {
		b.fault(name, bad(b.next()))
		return false
	}}
}

// broken returns a plainFault of a record badRec(n, name) edited by edit.
func broken(name, about string, edit func(r *Rec)) plainFault {
	return simple(name, about, func(n int) []byte {
		r := badRec(n, name)
		edit(&r)
		return r.Bytes()
	})
}

// lineEnds returns r's bytes with every CRLF replaced by end.
func lineEnds(r Rec, end string) []byte {
	return []byte(strings.ReplaceAll(string(r.Bytes()), "\r\n", end))
}

// plainFaults are the faults of a WARC file's bytes (WARC 1.1,
// #file-and-record-model: "warc-record = header CRLF block CRLF CRLF",
// "version = "WARC/1.1" CRLF", named fields of tokens, the four mandatory
// fields once each, Content-Length 1*DIGIT).
var plainFaults = []plainFault{
	broken("version-extra", "a version line with more after it, \"WARC/1.1 x\": version = \"WARC/1.1\" CRLF", func(r *Rec) { r.Version = "1.1 x" }),
	broken("version-long", "a version line of 20 digits", func(r *Rec) { r.Version = "1.12345678901234567890" }),
	simple("version-prefix", "\"WARC/\" then no version line", func(int) []byte { return []byte("WARC/x\r\n") }),
	simple("cr-line-ends", "a record whose lines end with CR alone", func(n int) []byte { return lineEnds(badRec(n, "cr-line-ends"), "\r") }),
	simple("lf-line-ends", "a record whose lines, and the end of its block, are LF alone: its block is not followed by CRLF CRLF", func(n int) []byte { return lineEnds(badRec(n, "lf-line-ends"), "\n") }),
	simple("junk-no-newline", "a few bytes of junk without a line end between records", func(int) []byte { return []byte("junk") }),
	simple("junk-line", "a line of text between records", func(int) []byte { return []byte("some text that is no record\r\n") }),
	simple("junk-header-like", "lines that look like a header without a version line", func(int) []byte {
		return []byte("WARC-Type: response\r\nContent-Length: 0\r\n\r\n")
	}),
	simple("nul-bytes", "100 NUL bytes between records (a sparse or zero-filled region)", func(int) []byte { return make([]byte, 100) }),
	simple("blank-lines", "CRLFs between records", func(int) []byte { return []byte("\r\n\r\n\r\n") }),
	broken("length-short", "a Content-Length 10 too small: the block is not followed by CRLF CRLF", func(r *Rec) { r.LengthDelta = -10 }),
	broken("length-long", "a Content-Length 10 too large: the block runs into the next record", func(r *Rec) { r.LengthDelta = 10 }),
	{"length-covers-next", "a Content-Length that covers exactly the next record: the two share the CRLF CRLF after it", func(b *builder) bool {
		coverNext(b, "length-covers-next", 1)
		return true
	}},
	{"length-covers-two", "a Content-Length that covers exactly the next two records", func(b *builder) bool {
		coverNext(b, "length-covers-two", 2)
		return true
	}},
	broken("length-huge", "Content-Length 9223372036854775807, the largest int64: the block runs over the rest of the file", func(r *Rec) { r.Length = strconv.FormatInt(math.MaxInt64, 10) }),
	broken("length-negative", "Content-Length -5: not 1*DIGIT", func(r *Rec) { r.Length = "-5" }),
	broken("length-plus", "Content-Length +353: not 1*DIGIT", func(r *Rec) { r.Length = "+" + strconv.Itoa(len(r.Block)) }),
	broken("length-word", "Content-Length abc", func(r *Rec) { r.Length = "abc" }),
	broken("length-past-int64", "Content-Length of 20 digits", func(r *Rec) { r.Length = "99999999999999999999" }),
	broken("length-none", "no Content-Length", func(r *Rec) { r.NoLength = true }),
	broken("length-twice", "two Content-Length fields", func(r *Rec) {
		r.Fields = append(r.Fields, [2]string{"Content-Length", strconv.Itoa(len(r.Block))})
	}),
	broken("record-id-none", "no WARC-Record-ID (\"shall\", #warc-record-id-mandatory), the Content-Length good", func(r *Rec) { r.Fields = append(r.Fields[:1], r.Fields[2:]...) }),
	broken("date-twice", "WARC-Date twice (\"shall not be repeated\", #named-fields)", func(r *Rec) { r.Fields = append(r.Fields, [2]string{"WARC-Date", Date}) }),
	broken("uri-escape", "an ESC byte in WARC-Target-URI: values are TEXT, no CTLs", func(r *Rec) { r.Fields[3][1] += "\x1b[31m" }),
	broken("uri-latin1", "a Latin-1 byte in WARC-Target-URI: values are UTF-8", func(r *Rec) { r.Fields[3][1] += "caf\xe9" }),
	broken("name-space", "a field name with a space: names are tokens", func(r *Rec) { r.Fields = append(r.Fields, [2]string{"Bad Name", "x"}) }),
	broken("continuation-first", "a continuation line before any field", func(r *Rec) { r.Fields[0][0] = " " + r.Fields[0][0] }),
	broken("header-too-long", "a 300 KiB field line: longer than the reader's bound on a header", func(r *Rec) {
		r.Fields = append(r.Fields, [2]string{"X-Long", strings.Repeat("a", 300<<10)})
	}),
	simple("header-cut", "a record cut short in its header, the next record right after it", func(n int) []byte { return badRec(n, "header-cut").Bytes()[:60] }),
	simple("header-cut-in-line", "a record cut short in a field, the next record's version line run into it", func(n int) []byte { return badRec(n, "header-cut-in-line").Bytes()[:33] }),
	simple("block-cut", "a record cut short in its block, the next record right after it", func(n int) []byte {
		r := badRec(n, "block-cut")
		return r.Bytes()[:len(r.Bytes())-len(r.Block)/2]
	}),
	broken("trailer-single-crlf", "a block followed by a single CRLF", func(r *Rec) { r.Trailer = "\r\n" }),
	broken("trailer-none", "a block followed by the next record", func(r *Rec) { r.Trailer = "none" }),
	broken("trailer-other", "a block followed by CRLF X CRLF", func(r *Rec) { r.Trailer = "\r\nX\r\n" }),
}

// coverNext appends a record whose Content-Length covers exactly the k
// good records after it, and them: its block runs to the end of the last
// one's block, so the two share that record's CRLF CRLF.
func coverNext(b *builder, name string, k int) {
	bad := badRec(b.next(), name)
	var after []Rec
	covered := 0
	for i := 1; i <= k; i++ {
		r := goodRec(b.next(), "after-"+strconv.Itoa(i))
		after = append(after, r)
		covered += len(r.Bytes())
	}
	// Its block, its CRLF CRLF, and the records after it less the last
	// one's CRLF CRLF.
	bad.LengthDelta = int64(4 + covered - 4)
	b.fault(name, bad.Bytes())
	for _, r := range after {
		b.good(r)
	}
}

// nearMisses are archives that look broken and are not: every record in
// them is good.
var nearMisses = []plainFault{
	{"lf-blank-line", "a header whose blank line is a bare LF, the rest CRLF: read as HTTP readers read a bare LF (RFC 9112, section 2.2), and the record ends with CRLF CRLF", func(b *builder) bool {
		raw := goodRec(b.next(), "lf-blank-line").Bytes()
		i := bytes.Index(raw, []byte("\r\n\r\n"))
		raw = append(raw[:i+2:i+2], raw[i+3:]...) // "...CRLF LF block"
		b.record(raw, func(p Placed) { p.URI = GoodURI + "lf-blank-line"; b.h.Good = append(b.h.Good, p) })
		return false
	}},
	{"embedded-warc", "a resource record whose block is a whole WARC file: its records end before the block does", func(b *builder) bool {
		inner := Plain(goodRec(900, "inner-1"), goodRec(901, "inner-2"))
		b.good(Rec{Version: "1.1", Fields: Fields("1.1", "resource", b.next(), GoodURI+"embedded-warc", [2]string{"Content-Type", "application/warc"}), Block: inner})
		return false
	}},
	{"warc-text", "a block that quotes a version line after a CRLF CRLF", func(b *builder) bool {
		b.good(Rec{Version: "1.1", Fields: Fields("1.1", "resource", b.next(), GoodURI+"warc-text", [2]string{"Content-Type", "text/plain"}),
			Block: []byte("A WARC file starts so:\r\n\r\nWARC/1.1\r\nWARC-Type: warcinfo\r\n")})
		return false
	}},
	{"empty-block", "a record with Content-Length 0", func(b *builder) bool {
		b.good(Rec{Version: "1.1", Fields: Fields("1.1", "resource", b.next(), GoodURI+"empty-block", [2]string{"Content-Type", "text/plain"})})
		return false
	}},
	{"old-version", "a record of a draft version, WARC/0.17", func(b *builder) bool {
		r := goodRec(b.next(), "old-version")
		r.Version = "0.17"
		b.good(r)
		return false
	}},
	{"folded-field", "a field folded over three lines", func(b *builder) bool {
		r := goodRec(b.next(), "folded-field")
		r.Fields = append(r.Fields, [2]string{"X-Folded", "one\r\n two\r\n\tthree"})
		b.good(r)
		return false
	}},
}

// HostileArchives returns the hostile archives: every plain fault and near miss
// in a plain file, a member a record and gzipped whole, and the faults of
// gzip files; each made at test time, a few kilobytes (but the 300 KiB
// header).
func HostileArchives() []Hostile {
	var out []Hostile
	for _, f := range append(plainFaults, nearMisses...) {
		for _, fm := range []form{plainForm, perRecordForm, wholeForm} {
			b := newBuilder(f.name, fm, f.about)
			b.goods("before", 2)
			if !f.add(b) {
				b.goods("after", 2)
			}
			out = append(out, b.done())
		}
	}
	return append(out, gzipFaults()...)
}

// gzipFaults are the faults of gzip files: of members (RFC 1952, section
// 2.3: a header, deflate data, CRC-32 and ISIZE) and of how records are
// put in them.
func gzipFaults() []Hostile {
	var out []Hostile
	member := func(name, about string, edit func(b *builder)) {
		b := newBuilder(name, perRecordForm, about)
		b.goods("before", 2)
		edit(b)
		b.goods("after", 2)
		out = append(out, b.done())
	}
	// badMember appends a broken member; whole says that a reader
	// decodes all of its bytes (its trailer is what breaks), so that the
	// offsets after it are known.
	badMember := func(name, about string, edit func(z []byte) []byte, whole bool) {
		member(name, about, func(b *builder) {
			rec := badRec(b.next(), name).Bytes()
			b.raw(name, edit(Gzip(rec)), !whole)
			if whole {
				b.dec += int64(len(rec))
			}
		})
	}
	badMember("member-bad-crc", "a member whose CRC-32 is not its data's", func(z []byte) []byte { z[len(z)-8] ^= 1; return z }, true)
	badMember("member-bad-isize", "a member whose ISIZE lies", func(z []byte) []byte { z[len(z)-4] ^= 1; return z }, true)
	badMember("member-cut-data", "a member cut short in its deflate data, the next member right after it", func(z []byte) []byte { return z[:len(z)/2] }, false)
	badMember("member-cut-trailer", "a member cut short before its trailer", func(z []byte) []byte { return z[:len(z)-8] }, false)
	badMember("member-cut-header", "a member cut short in its header", func(z []byte) []byte { return z[:6] }, false)
	badMember("member-bare-header", "a bare gzip header, 10 bytes, no data", func(z []byte) []byte { return z[:10] }, false)
	badMember("member-bit-flip", "a member with a byte of its deflate data changed", func(z []byte) []byte { z[len(z)/2] ^= 0x55; return z }, false)
	badMember("member-bad-flags", "a member header with reserved flag bits set", func(z []byte) []byte { z[3] = 0xe0; return z }, false)
	badMember("member-method-7", "a member header whose method byte is 7, not 8 (deflate): no member", func(z []byte) []byte { z[2] = 7; return z }, false)
	member("member-empty", "a member that holds no bytes, between records", func(b *builder) { b.raw("member-empty", Gzip(nil), false) })
	member("member-html", "a member that holds an HTML page, no record", func(b *builder) {
		b.fault("member-html", []byte("<!DOCTYPE html><title>no record</title>\n"))
	})
	member("garbage-between", "bytes between members that are no member", func(b *builder) { b.raw("garbage-between", []byte("bytes between members"), false) })
	member("garbage-false-magic", "bytes between members with a false member header in them", func(b *builder) {
		b.raw("garbage-false-magic", []byte("junk\x1f\x8b\x08\x00junk"), false)
	})
	member("zeros-between", "4 KiB of zeros between members", func(b *builder) { b.raw("zeros-between", make([]byte, 4096), false) })
	member("member-fhcrc", "a member whose header has FNAME, FCOMMENT, FEXTRA and a header CRC (RFC 1952, 2.3.1): good", func(b *builder) {
		r := goodRec(b.next(), "member-fhcrc")
		z := gzipHeaderFields(r.Bytes())
		b.h.Good = append(b.h.Good, Placed{URI: GoodURI + "member-fhcrc", Offset: b.dec, Length: int64(len(r.Bytes())), MemberOffset: int64(len(b.data)), MemberLength: int64(len(z))})
		b.raw("", z, false)
		b.dec += int64(len(r.Bytes()))
	})
	member("length-long-member", "a Content-Length 10 too large in a member of its own: the block runs to the member's end", func(b *builder) {
		r := badRec(b.next(), "length-long-member")
		r.LengthDelta = 10
		b.fault("length-long-member", r.Bytes())
	})
	member("two-records-one-member", "two records in one member: good, sharing it", func(b *builder) {
		r1, r2 := goodRec(b.next(), "shared-1"), goodRec(b.next(), "shared-2")
		z := Gzip(append(r1.Bytes(), r2.Bytes()...))
		b.h.Good = append(b.h.Good,
			Placed{URI: GoodURI + "shared-1", Offset: b.dec, Length: int64(len(r1.Bytes())), MemberOffset: int64(len(b.data))},
			Placed{URI: GoodURI + "shared-2", Offset: b.dec + int64(len(r1.Bytes())), Length: int64(len(r2.Bytes())), MemberOffset: int64(len(b.data))})
		b.raw("", z, false)
		b.dec += int64(len(r1.Bytes()) + len(r2.Bytes()))
	})
	member("shared-member-bad-crc", "two records in a member whose CRC-32 is wrong: the second, which ends with it, is the error", func(b *builder) {
		r1, r2 := goodRec(b.next(), "shared-1"), badRec(b.next(), "shared-member-bad-crc")
		z := Gzip(append(r1.Bytes(), r2.Bytes()...))
		z[len(z)-8] ^= 1
		b.h.Good = append(b.h.Good, Placed{URI: GoodURI + "shared-1", Offset: b.dec, Length: int64(len(r1.Bytes())), MemberOffset: int64(len(b.data))})
		b.h.Faults = append(b.h.Faults, Span{Offset: b.dec + int64(len(r1.Bytes())), Length: int64(len(r2.Bytes())), What: "shared-member-bad-crc"})
		b.raw("", z, false)
		b.dec += int64(len(r1.Bytes()) + len(r2.Bytes()))
	})

	// Members that split records, as split(1) and block-gzip tools make
	// them: read as one stream, as zcat reads it.
	split := func(name, about string, cut func(plain []byte, good []Placed) []int) {
		b := newBuilder(name, plainForm, about)
		b.goods("before", 2)
		b.goods("split", 1)
		b.goods("after", 2)
		h := b.done()
		h.Name = name + ".warc.gz"
		plain := h.Data
		cuts := cut(plain, h.Good)
		var z []byte
		starts := map[int]int64{} // decoded offset of a member's start: its offset
		prev := 0
		for _, c := range append(cuts, len(plain)) {
			starts[prev] = int64(len(z))
			z = append(z, Gzip(plain[prev:c])...)
			prev = c
		}
		ends := map[int]int64{}
		prev = 0
		for i, c := range append(cuts, len(plain)) {
			_ = i
			ends[c] = starts[prev] + int64(len(Gzip(plain[prev:c])))
			prev = c
		}
		for i := range h.Good {
			g := &h.Good[i]
			start, end := int(g.Offset), int(g.Offset+g.Length)
			if mo, ok := starts[start]; ok {
				g.MemberOffset = mo
				if me, ok := ends[end]; ok {
					g.MemberLength = me - mo
				}
			} else {
				// The member that holds its first byte.
				best := 0
				for s := range starts {
					if s <= start && s > best {
						best = s
					}
				}
				g.MemberOffset = starts[best]
			}
		}
		h.Data = z
		out = append(out, h)
	}
	mid := func(g []Placed, i int, frac float64) int {
		return int(g[i].Offset) + int(float64(g[i].Length)*frac)
	}
	split("split-block", "a record split across two members in its block", func(_ []byte, g []Placed) []int { return []int{int(g[2].Offset), mid(g, 2, 0.8), int(g[3].Offset)} })
	split("split-three", "a record split across three members", func(_ []byte, g []Placed) []int {
		return []int{int(g[2].Offset), mid(g, 2, 0.3), mid(g, 2, 0.7), int(g[3].Offset)}
	})
	split("split-header", "a record split in its header", func(_ []byte, g []Placed) []int {
		return []int{int(g[2].Offset), int(g[2].Offset) + 40, int(g[3].Offset)}
	})
	split("split-version", "a record split in its version line, \"WA\" | \"RC/1.1\"", func(_ []byte, g []Placed) []int { return []int{int(g[2].Offset) + 2, int(g[3].Offset)} })
	split("split-trailer", "a record split in its CRLF CRLF", func(_ []byte, g []Placed) []int {
		return []int{int(g[2].Offset), int(g[2].Offset+g[2].Length) - 3, int(g[3].Offset)}
	})
	split("split-every-100", "the whole file split every 100 bytes and each piece gzipped (split -b 100 | gzip)", func(p []byte, _ []Placed) []int { return every(len(p), 100) })
	split("split-every-7", "the whole file split every 7 bytes, pieces smaller than a version line", func(p []byte, _ []Placed) []int { return every(len(p), 7) })
	split("split-empty-member", "a record split in its block with an empty member between the pieces", func(_ []byte, g []Placed) []int {
		c := mid(g, 2, 0.5)
		return []int{int(g[2].Offset), c, c, int(g[3].Offset)}
	})

	// Faults of a whole file.
	{
		b := newBuilder("member-truncated-last", perRecordForm, "the file cut short in its last member")
		b.goods("before", 2)
		z := Gzip(badRec(b.next(), "member-truncated-last").Bytes())
		b.raw("member-truncated-last", z[:len(z)-25], true)
		out = append(out, b.done())
	}
	{
		b := newBuilder("zero-padding-end", perRecordForm, "zeros after the last member, as a block device pads a file")
		b.goods("before", 2)
		b.raw("zero-padding-end", make([]byte, 512), false)
		out = append(out, b.done())
	}
	{
		b := newBuilder("member-empty-first", perRecordForm, "a member that holds no bytes first: the file is read from the next member")
		b.raw("", Gzip(nil), false)
		b.goods("after", 2)
		h := b.done()
		out = append(out, h)
	}
	{
		b := newBuilder("member-bad-crc-first", perRecordForm, "a first member whose CRC-32 is wrong")
		z := Gzip(badRec(b.next(), "member-bad-crc-first").Bytes())
		z[len(z)-8] ^= 1
		b.h.Faults = append(b.h.Faults, Span{Offset: 0, Length: int64(len(z)), Input: true, What: "member-bad-crc-first"})
		b.raw("", z, false)
		b.dec += int64(len(badRec(1, "member-bad-crc-first").Bytes()))
		b.goods("after", 2)
		out = append(out, b.done())
	}
	{
		b := newBuilder("member-cut-first", perRecordForm, "a first member cut short, the next right after it")
		z := Gzip(badRec(b.next(), "member-cut-first").Bytes())
		b.raw("member-cut-first", z[:len(z)/2], true)
		b.goods("after", 2)
		out = append(out, b.done())
	}
	return out
}

// every returns the cuts that split n bytes every k.
func every(n, k int) []int {
	var cuts []int
	for c := k; c < n; c += k {
		cuts = append(cuts, c)
	}
	return cuts
}

// gzipHeaderFields returns b in one gzip member whose header has every
// optional field: FEXTRA, FNAME, FCOMMENT and FHCRC (RFC 1952, section
// 2.3.1), written by hand (compress/gzip writes no FHCRC).
func gzipHeaderFields(b []byte) []byte {
	const ftext, fhcrc, fextra, fname, fcomment = 1, 2, 4, 8, 16
	h := []byte{0x1f, 0x8b, 8, fhcrc | fextra | fname | fcomment, 0, 0, 0, 0, 2, 255}
	extra := []byte("AB\x03\x00xyz") // one subfield, SI1 SI2, LEN 3
	h = binary.LittleEndian.AppendUint16(h, uint16(len(extra)))
	h = append(h, extra...)
	h = append(h, "crawl.warc\x00"...)
	h = append(h, "a comment\x00"...)
	h = binary.LittleEndian.AppendUint16(h, uint16(crc32.ChecksumIEEE(h)))
	var d bytes.Buffer
	w, _ := flate.NewWriter(&d, flate.BestCompression)
	w.Write(b)
	w.Close()
	out := append(h, d.Bytes()...)
	out = binary.LittleEndian.AppendUint32(out, crc32.ChecksumIEEE(b))
	return binary.LittleEndian.AppendUint32(out, uint32(len(b)))
}

// Cut returns the bytes of the archive data that a record's offsets, as
// warc.Record gives them, name: from offset, length bytes, in a plain
// archive (memberOffset -1); the members from memberOffset, memberLength
// bytes, in a gzip one; nil where there are none (a record that shares
// its member).
func Cut(data []byte, offset, length, memberOffset, memberLength int64) []byte {
	switch {
	case memberOffset < 0:
		return data[offset : offset+length]
	case memberLength > 0:
		return data[memberOffset : memberOffset+memberLength]
	}
	return nil
}
