// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package warc reads WARC files, the web archive format of ISO 28500
// (WARC 1.0, ISO 28500:2009; WARC 1.1, ISO 28500:2017), as a stream of
// records, whatever the file's size.
//
// A WARC file is a concatenation of records; each record is a version line
// ("WARC/1.1"), named fields in the manner of HTTP headers, a blank line, a
// block of exactly Content-Length bytes and two CRLFs
// (https://iipc.github.io/warc-specifications/specifications/warc-format/warc-1.1/#file-and-record-model).
// Files are usually compressed with one gzip member per record
// (Annex D, #record-at-time-compression), a ".warc.gz"; a plain file
// compressed whole with gzip, and members that split records, are read as
// well. [NewReader] tells plain from gzip by the input's first bytes, not
// by a file name.
//
// A [Reader] never holds more than two records' headers and two buffers of
// 64 KiB, each of which may grow to [RewindBytes] more to keep what a fault
// sends it back to: a record's block is an [io.Reader] bounded by its
// Content-Length, read from the input as the caller reads it, so a 10 GB
// record costs no more memory than a small one. A malformed record, and
// bytes that start no record, are reported as an [*Error] that says which
// bytes it covers, and reading goes on at the next record: every byte of
// the input is in a record or an error ([Reader.Unaccounted]); see
// [Reader] and [Reader.Next].
//
// The package follows the text of WARC 1.1 (the IIPC's edition of
// ISO 28500:2017) and accepts WARC 1.0, whose grammar it shares. It is
// checked, record for record, against github.com/nlnwa/gowarc on every test
// archive and on the hostile ones of warctest (tools/warcs).
package warc

import (
	"io"
	"strings"
)

// A Field is one named field of a record header, as written: its name in
// the case the writer used and its value without the linear white space
// around it. A value written over several lines (a line starting with a
// space or a tab continues the one before it) is joined with one space,
// which is what such a line break means
// (https://iipc.github.io/warc-specifications/specifications/warc-format/warc-1.1/#file-and-record-model:
// "LWS ... semantics same as single SP").
type Field struct {
	Name, Value string
}

// A Record is one WARC record: its header, read whole, and its block, read
// as a stream.
type Record struct {
	// Version is the record's first line without its line end, such as
	// "WARC/1.0" or "WARC/1.1".
	Version string

	// Fields are the named fields in the order written. Names are not
	// case-sensitive (#file-and-record-model); use Get to look one up.
	Fields []Field

	// ContentLength is the value of the Content-Length field: the length of
	// Block (#content-length-mandatory).
	ContentLength int64

	// Block reads the record's content block: exactly ContentLength bytes,
	// then io.EOF, or io.ErrUnexpectedEOF if the input ends first. It is
	// valid until the next call to Next, which skips what is left unread.
	Block io.Reader

	// Offset is where the record starts in the decoded input: in a plain
	// file, its byte offset in the file; in a gzip file, its offset in
	// the concatenation of the members' decoded bytes (after a member
	// that cannot be decoded, of those the Reader decoded). Length is
	// its length there, header, block and the CRLF CRLF after it:
	// Offset to Offset+Length is the record, as a CDX(J) index gives a
	// record's offset and length.
	Offset, Length int64

	// MemberOffset is the byte offset in the input of the gzip member
	// that holds the record's start, or -1 if the input is not gzip.
	// With one member per record, it is the offset a CDX index gives.
	// MemberLength is the length of the member, or members, that hold
	// the record, when they hold it alone: cutting MemberOffset to
	// MemberOffset+MemberLength out of the input gives a .warc.gz of
	// exactly this record. It is 0 when the record shares a member with
	// another (a file gzipped whole, members that split records), and for
	// a plain input. It is set by the call of Next after the one that
	// returned the record, which reads the record's end.
	MemberOffset, MemberLength int64

	blk    block
	fields [16]Field // Fields' array, when the header has no more
}

// Get returns the value of the first field named name, compared without
// regard to case, and whether there is one.
func (r *Record) Get(name string) (value string, ok bool) {
	for _, f := range r.Fields {
		if strings.EqualFold(f.Name, name) {
			return f.Value, true
		}
	}
	return "", false
}

// Type returns the WARC-Type field: "warcinfo", "response", "resource",
// "request", "metadata", "revisit", "conversion", "continuation" or the
// type of an extension (#warc-type-mandatory).
func (r *Record) Type() string { v, _ := r.Get("WARC-Type"); return v }

// ID returns the WARC-Record-ID field as written, angle brackets included
// (#warc-record-id-mandatory).
func (r *Record) ID() string { v, _ := r.Get("WARC-Record-ID"); return v }

// Date returns the WARC-Date field as written (#warc-date-mandatory).
func (r *Record) Date() string { v, _ := r.Get("WARC-Date"); return v }

// TargetURI returns the WARC-Target-URI field without the angle brackets
// that WARC 1.0 writes around it (the 1.1 grammar dropped them; see the
// note under #file-and-record-model), and "" when there is none
// (#warc-target-uri).
func (r *Record) TargetURI() string {
	v, _ := r.Get("WARC-Target-URI")
	if len(v) >= 2 && v[0] == '<' && v[len(v)-1] == '>' {
		v = v[1 : len(v)-1]
	}
	return v
}
