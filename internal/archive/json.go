// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package archive

import (
	"errors"
	"strconv"
	"unicode/utf8"

	"github.com/mimesniff/mimesniff/internal/warc"
)

// The JSON line of a record is written by hand, field by field in a fixed
// order, as encoding/json would write it but for two things: <, > and &
// are not escaped (record IDs are "<urn:uuid:...>"), and header bytes are
// isomorphic-decoded (byte 0xE9 is U+00E9), as browsers read them, rather
// than replaced with U+FFFD when they are not UTF-8. Every line is valid
// JSON whatever the record holds.

// AppendJSON appends to b the JSON line of a sniffed, revisit or
// continuation record a of the archive name, without a line end:
//
//	{"name":"crawl.warc.gz","offset":0,"length":1406,"memberOffset":0,"memberLength":731,
//	 "WARC-Type":"response","WARC-Record-ID":"<urn:uuid:...>",
//	 "WARC-Date":"2026-11-26T12:00:00Z","WARC-Target-URI":"http://example.test/",
//	 "WARC-Identified-Payload-Type":"text/html","status":200,
//	 "declared":"text/plain","computed":{"standard":"text/plain",
//	 "chromium":"text/html","firefox":"text/html","webkit":"text/plain"},
//	 "script":["chromium","firefox"],"documentScript":true,
//	 "crossOriginRead":true}
//
// offset and length are where the record is in the decoded archive;
// memberOffset is there for a gzip archive only, memberLength where the
// record has its members alone (warc.Record); WARC-Target-URI,
// WARC-Truncated and WARC-Identified-Payload-Type where the record has
// them; status for a response record; declared is null without a
// Content-Type; cutShort (true) where the body is cut short. A revisit or
// continuation record has no status, declared, computed or script, but
// the fields that say where its payload is and a note.
func (a *Answer) AppendJSON(b []byte, name string) []byte {
	b = a.appendRecord(b, name)
	switch a.Kind {
	case Revisit:
		b = appendField(b, "WARC-Profile", a.Profile)
		b = appendField(b, "WARC-Refers-To", a.RefersTo)
		b = appendField(b, "WARC-Refers-To-Target-URI", a.RefersToTargetURI)
		b = appendField(b, "WARC-Refers-To-Date", a.RefersToDate)
		b = append(b, `,"note":`...)
		return append(appendString(b, a.Note()), '}')
	case Continuation:
		b = appendField(b, "WARC-Segment-Origin-ID", a.SegmentOriginID)
		b = appendField(b, "WARC-Segment-Number", a.SegmentNumber)
		b = append(b, `,"note":`...)
		return append(appendString(b, a.Note()), '}')
	}
	if a.HasStatus {
		b = append(b, `,"status":`...)
		b = strconv.AppendInt(b, int64(a.Status), 10)
	}
	b = append(b, `,"declared":`...)
	if a.HasDeclared {
		b = appendLatin1(b, a.Declared)
	} else {
		b = append(b, "null"...)
	}
	b = append(b, `,"computed":{`...)
	for i, br := range Browsers {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, '"')
		b = append(b, br.String()...)
		b = append(b, `":`...)
		b = appendString(b, a.Computed[i].String())
	}
	b = append(b, `},"script":[`...)
	n := 0
	for _, br := range Browsers {
		if a.Script.Has(br) {
			if n > 0 {
				b = append(b, ',')
			}
			n++
			b = append(b, '"')
			b = append(b, br.String()...)
			b = append(b, '"')
		}
	}
	b = append(b, `],"documentScript":`...)
	b = strconv.AppendBool(b, a.DocumentScript)
	b = append(b, `,"crossOriginRead":`...)
	b = strconv.AppendBool(b, a.CrossOriginRead)
	if a.CutShort {
		b = append(b, `,"cutShort":true`...)
	}
	return append(b, '}')
}

// Note returns what the line of a revisit or continuation record says
// instead of computed types, and "" for another record.
func (a *Answer) Note() string {
	switch a.Kind {
	case Revisit:
		return "not sniffed: a revisit record holds no payload; the record it refers to does"
	case Continuation:
		return "not sniffed: a continuation record holds a later segment of the payload of the record WARC-Segment-Origin-ID names, which is sniffed"
	}
	return ""
}

// appendRecord appends the start of a line: the archive's name, the
// record's offsets and its WARC fields, without a closing brace.
func (a *Answer) appendRecord(b []byte, name string) []byte {
	b = appendStart(b, name, a.Offset, a.Length, a.MemberOffset, a.MemberLength)
	b = appendField(b, "WARC-Type", a.Type)
	b = appendField(b, "WARC-Record-ID", a.ID)
	b = appendField(b, "WARC-Date", a.Date)
	b = appendField(b, "WARC-Target-URI", a.TargetURI)
	b = appendField(b, "WARC-Truncated", a.Truncated)
	b = appendField(b, "WARC-Identified-Payload-Type", a.IdentifiedPayloadType)
	return b
}

// appendStart appends `{"name":...,"offset":...,"length":...,
// "memberOffset":...,"memberLength":...`, the member offset only if it is
// not negative, the member length only if it is more than 0.
func appendStart(b []byte, name string, off, length, moff, mlen int64) []byte {
	b = append(b, `{"name":`...)
	b = appendString(b, name)
	b = append(b, `,"offset":`...)
	b = strconv.AppendInt(b, off, 10)
	b = append(b, `,"length":`...)
	b = strconv.AppendInt(b, length, 10)
	if moff >= 0 {
		b = append(b, `,"memberOffset":`...)
		b = strconv.AppendInt(b, moff, 10)
	}
	if mlen > 0 {
		b = append(b, `,"memberLength":`...)
		b = strconv.AppendInt(b, mlen, 10)
	}
	return b
}

// appendField appends `,"key":"value"` if value is not empty.
func appendField(b []byte, key, value string) []byte {
	if value == "" {
		return b
	}
	b = append(b, ',', '"')
	b = append(b, key...)
	b = append(b, `":`...)
	return appendString(b, value)
}

// AppendError appends to b the JSON line of an error in the archive name,
// without a line end: the record's fields where a holds them (a is nil for
// an error about bytes between records, or a record whose header could
// not be read), otherwise the warc.Error's offsets and record ID, then
// "error" and its message:
//
//	{"name":"crawl.warc.gz","offset":2120,"length":1406,"WARC-Type":"response",
//	 "WARC-Record-ID":"<urn:uuid:...>","WARC-Date":"...",
//	 "WARC-Target-URI":"http://example.test/",
//	 "error":"content coding \"br\": ..."}
func AppendError(b []byte, name string, a *Answer, err error) []byte {
	var we *warc.Error
	switch {
	case a != nil:
		b = a.appendRecord(b, name)
	case errors.As(err, &we):
		b = appendStart(b, name, we.Offset, we.Length, we.MemberOffset, we.MemberLength)
		b = appendField(b, "WARC-Record-ID", we.ID)
	default:
		b = appendStart(b, name, 0, 0, -1, 0)
	}
	b = append(b, `,"error":`...)
	b = appendString(b, ErrorText(err))
	return append(b, '}')
}

// ErrorText returns the message for an error of Each: for a warc.Error,
// its Err's message, as the line gives the offsets and the ID apart.
func ErrorText(err error) string {
	var we *warc.Error
	if errors.As(err, &we) {
		return we.Err.Error()
	}
	return err.Error()
}

const hex = "0123456789abcdef"

// appendString appends s as a JSON string: UTF-8 as it is, but for " and
// \, control characters, U+2028 and U+2029 (escaped), and bytes that are
// not UTF-8 (U+FFFD), as encoding/json does, without its escaping of <, >
// and &.
func appendString(b []byte, s string) []byte {
	b = append(b, '"')
	if jsonPlain(s) {
		b = append(b, s...)
		return append(b, '"')
	}
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if jsonSafe[c] {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			b = appendEscape(b, rune(c))
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 || r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			if r == utf8.RuneError {
				b = append(b, `\ufffd`...)
			} else {
				b = appendEscape(b, r)
			}
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// jsonPlain reports whether s is ASCII that stands for itself in a JSON
// string (jsonSafe), as nearly every value of a line is, which is then
// copied whole. It tests eight bytes at a time: a byte below 0x20 borrows
// into its high bit when 0x20 is subtracted from it, a byte of 0x80 or more
// has it set, and a quotation mark or a backslash is a zero byte once
// xored with eight of it (Anderson's "Bit Twiddling Hacks": hasless,
// haszero); the tests are exact for whether any byte is one of them.
func jsonPlain(s string) bool {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	for ; len(s) >= 8; s = s[8:] {
		x := uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
			uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
		q, bs := x^('"'*ones), x^('\\'*ones)
		if x&highs != 0 || (x-0x20*ones)&^x&highs != 0 || (q-ones)&^q&highs != 0 || (bs-ones)&^bs&highs != 0 {
			return false
		}
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= utf8.RuneSelf || !jsonSafe[c] {
			return false
		}
	}
	return true
}

// jsonSafe reports whether an ASCII byte stands for itself in a JSON
// string: all but the quotation mark, the backslash and the control
// characters.
var jsonSafe = func() (t [utf8.RuneSelf]bool) {
	for c := ' '; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// appendLatin1 appends s, bytes from a header, as a JSON string of their
// isomorphic decoding: each byte the code point of its value.
func appendLatin1(b []byte, s string) []byte {
	b = append(b, '"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= utf8.RuneSelf:
			b = utf8.AppendRune(b, rune(c))
		case c < ' ' || c == '"' || c == '\\':
			b = appendEscape(b, rune(c))
		default:
			b = append(b, c)
		}
	}
	return append(b, '"')
}

// appendEscape appends the JSON escape of r, an ASCII character that
// must be escaped, U+2028 or U+2029.
func appendEscape(b []byte, r rune) []byte {
	switch r {
	case '"', '\\':
		return append(b, '\\', byte(r))
	case '\n':
		return append(b, '\\', 'n')
	case '\r':
		return append(b, '\\', 'r')
	case '\t':
		return append(b, '\\', 't')
	}
	return append(b, '\\', 'u', hex[r>>12&0xF], hex[r>>8&0xF], hex[r>>4&0xF], hex[r&0xF])
}
