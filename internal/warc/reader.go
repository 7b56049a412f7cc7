// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package warc

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// DefaultMaxHeaderBytes bounds a record header (its version line, fields
// and blank line) when Reader.MaxHeaderBytes is zero. The standard sets no
// bound; headers that real crawlers write are a few kilobytes, long target
// URIs included.
const DefaultMaxHeaderBytes = 256 << 10

// bufferSize is the size of the input's buffer and of the decoded stream's.
const bufferSize = 64 << 10

// The kinds of error a Reader reports, wrapped in an [*Error]; test for
// them with errors.Is.
var (
	// ErrNotWARC: the input does not start with a WARC record, plain or in
	// a gzip member. Reading stops.
	ErrNotWARC = errors.New("not a WARC file")
	// ErrGarbage: bytes that are no record where a record should start,
	// skipped up to the next line starting with "WARC/" (or the next gzip
	// member).
	ErrGarbage = errors.New("bytes between records")
	// ErrHeader: a record header that cannot be read: a line that is no
	// named field, a header longer than the bound, an unknown version line.
	ErrHeader = errors.New("malformed record header")
	// ErrField: a mandatory field missing or repeated, a Content-Length
	// that is no number, a field value with a control character or bytes
	// that are not UTF-8.
	ErrField = errors.New("invalid field")
	// ErrLength: a block not followed by the two CRLFs that end a record:
	// its Content-Length is wrong.
	ErrLength = errors.New("record does not end where its Content-Length says")
	// ErrTruncated: the input (or the record's gzip member) ends inside
	// the record.
	ErrTruncated = errors.New("record truncated")
	// ErrGzip: a gzip member that cannot be decoded (a bad header, corrupt
	// data, a wrong checksum). Reading goes on at the next gzip member.
	ErrGzip = errors.New("corrupt gzip member")
)

// An Error is a problem with one record, or with bytes between records, and
// where it is.
type Error struct {
	// Offset is where the record (or the stray bytes) starts in the
	// decoded input, as Record.Offset.
	Offset int64
	// MemberOffset is the offset in the input of the gzip member that
	// holds it, or -1 if the input is not gzip, as Record.MemberOffset.
	MemberOffset int64
	// ID is the record's WARC-Record-ID when its header was read.
	ID string
	// Err is one of the Err variables, possibly wrapped with details.
	Err error
}

func (e *Error) Error() string {
	s := "warc: "
	if e.MemberOffset >= 0 {
		s += "gzip member at " + strconv.FormatInt(e.MemberOffset, 10) + ", "
	}
	s += "offset " + strconv.FormatInt(e.Offset, 10)
	if e.ID != "" {
		s += " (" + e.ID + ")"
	}
	return s + ": " + e.Err.Error()
}

func (e *Error) Unwrap() error { return e.Err }

// A Reader reads WARC records from an input, plain or gzip-compressed.
//
// Reading is strict about each record and lenient about the file: a record
// that breaks the format is reported as an [*Error] by [Reader.Next] and
// the next call goes on with the record after it. How far a fault reaches:
//
//   - A header that cannot be parsed, or whose Content-Length is missing or
//     no number: the record is lost; reading goes on at the next line that
//     starts with "WARC/" (plain) or at the next gzip member.
//   - A header with a valid Content-Length but another invalid field: the
//     record is reported as an error, its block skipped, nothing else lost.
//   - A Content-Length that is wrong: found when the block is not followed
//     by CRLF CRLF. With one gzip member per record (Annex D,
//     #record-at-time-compression) the next member starts the next record,
//     so nothing else is lost: a block never runs past the end of its
//     member. In a plain file (or one member holding many records) a
//     Content-Length too small loses nothing either, the rest of the block
//     being skipped to the next "WARC/" line, while one too large swallows
//     the start of the records after it up to its end.
//
// Records never span gzip members: Annex D says each record is compressed
// on its own, and bounding a block by its member is what confines a wrong
// Content-Length to one record. A member holding several records (a plain
// WARC file compressed whole) is read record by record.
type Reader struct {
	// MaxHeaderBytes bounds a record's header; zero means
	// DefaultMaxHeaderBytes. A longer header is an ErrHeader, and with it
	// the memory a Reader uses is bounded whatever its input.
	MaxHeaderBytes int

	src     countingReader // the input, counting what was read from it
	in      *bufio.Reader  // over src
	member  memberInput    // in, as the current member's decoder reads it
	gz      *gzip.Reader   // the current member's decoder; nil if plain
	decoded countingReader // over gz, counting decoded bytes
	dec     *bufio.Reader  // the decoded stream: in itself if plain

	started    bool
	gzipped    bool
	memberOff  int64 // offset of the current member in the input
	memberDone bool  // the current member has been read to its end

	open *Record // the record returned last, whose block Next skips
	recs [2]Record
	last int    // the index in recs of the record read last
	hdr  []byte // the header being read, reused
	end  bool   // Next returns io.EOF
}

// NewReader returns a Reader of the WARC file that r reads, plain or
// gzip-compressed (one member per record, or the whole file in one).
func NewReader(r io.Reader) *Reader {
	rd := &Reader{}
	rd.src.r = r
	rd.in = bufio.NewReaderSize(&rd.src, bufferSize)
	rd.member.in = rd.in
	return rd
}

// Next returns the next record, or an error.
//
// The returned record's Block is valid until the following call of Next,
// which skips what is left of it and then checks the record's end: errors
// found there (ErrLength, ErrTruncated, ErrGzip) are returned by that call,
// about the record before, before the next record is read. The Record
// itself is valid until the call after that, which reuses it; its field
// values are strings, and stay valid.
//
// Next returns io.EOF at the end of the input. Any other error is an
// [*Error]: report it and call Next again, which goes on with the next
// record. After an error that ends reading (ErrNotWARC, or an error of the
// underlying reader), Next returns io.EOF.
func (r *Reader) Next() (*Record, error) {
	if r.end {
		return nil, io.EOF
	}
	if !r.started {
		r.started = true
		if err := r.start(); err != nil {
			r.end = true
			return nil, err
		}
	}
	if r.open != nil {
		rec := r.open
		r.open = nil
		if err := r.finish(rec); err != nil {
			return nil, r.fatal(err)
		}
	}
	for {
		if r.gzipped && r.memberDone {
			if err := r.nextMember(); err != nil {
				if err == io.EOF {
					r.end = true
				}
				return nil, r.fatal(err)
			}
			continue
		}
		off, moff := r.offsets()
		b, err := r.dec.Peek(5)
		if len(b) == 0 && err == io.EOF {
			if !r.gzipped {
				r.end = true
				return nil, io.EOF
			}
			r.memberDone = true
			continue
		}
		if err != nil && err != io.EOF {
			return nil, r.fatal(r.decodeError(off, moff, "", err))
		}
		if string(b) != "WARC/" {
			n, err := r.resync()
			if err != nil {
				return nil, r.fatal(r.decodeError(off, moff, "", err))
			}
			return nil, &Error{off, moff, "", fmt.Errorf("%w: %d bytes", ErrGarbage, n)}
		}
		rec, err := r.readHeader(off, moff)
		return rec, r.fatal(err)
	}
}

// fatal returns err, and makes the following calls of Next return io.EOF
// if err came from the underlying reader, after which nothing more can be
// read.
func (r *Reader) fatal(err error) error {
	if err != nil && r.src.err != nil {
		r.end = true
	}
	return err
}

// start tells a gzip input from a plain one by its first bytes and checks
// that it starts with a record.
func (r *Reader) start() error {
	b, err := r.in.Peek(5)
	if err != nil && err != io.EOF {
		return &Error{0, -1, "", err}
	}
	if len(b) >= 2 && b[0] == 0x1f && b[1] == 0x8b {
		r.gzipped = true
		r.decoded.r = nil
		r.dec = bufio.NewReaderSize(&r.decoded, bufferSize)
		if err := r.nextMember(); err != nil {
			return &Error{0, 0, "", fmt.Errorf("%w: %v", ErrNotWARC, err)}
		}
		b, err = r.dec.Peek(5)
		if string(b) != "WARC/" {
			if err != nil && err != io.EOF {
				return &Error{0, 0, "", fmt.Errorf("%w: first gzip member: %v", ErrNotWARC, err)}
			}
			return &Error{0, 0, "", fmt.Errorf("%w: first gzip member starts with %q, not %q", ErrNotWARC, b, "WARC/")}
		}
		return nil
	}
	r.dec = r.in
	if string(b) != "WARC/" {
		return &Error{0, -1, "", fmt.Errorf("%w: input starts with %q, not %q or a gzip member", ErrNotWARC, b, "WARC/")}
	}
	return nil
}

// offsets returns the offset of the next decoded byte and of the member
// that holds it (-1 if the input is plain).
func (r *Reader) offsets() (off, memberOff int64) {
	if !r.gzipped {
		return r.src.n - int64(r.in.Buffered()), -1
	}
	return r.decoded.n - int64(r.dec.Buffered()), r.memberOff
}

// nextMember starts decoding the gzip member at the input's position, or
// returns io.EOF at the end of the input. Bytes that are not a gzip member
// are skipped to the next one and reported as ErrGarbage, a member whose
// header is bad as ErrGzip.
func (r *Reader) nextMember() error {
	r.member.sync()
	moff := r.src.n - int64(r.in.Buffered())
	b, err := r.in.Peek(3)
	if len(b) == 0 && err == io.EOF {
		return io.EOF
	}
	if err != nil && err != io.EOF {
		return &Error{r.decoded.n, moff, "", err}
	}
	if !isMember(b) {
		n, err := r.skipToMember()
		if err != nil {
			return &Error{r.decoded.n, moff, "", err}
		}
		return &Error{r.decoded.n, moff, "", fmt.Errorf("%w: %d bytes that are no gzip member", ErrGarbage, n)}
	}
	r.memberOff = moff
	r.memberDone = false
	if r.gz == nil {
		r.gz, err = gzip.NewReader(&r.member)
	} else {
		err = r.gz.Reset(&r.member)
	}
	if err != nil {
		r.memberDone = true
		if r.src.err != nil {
			return &Error{r.decoded.n, moff, "", r.src.err}
		}
		if _, err := r.skipToMember(); err != nil {
			return &Error{r.decoded.n, moff, "", err}
		}
		return &Error{r.decoded.n, moff, "", fmt.Errorf("%w: %v", ErrGzip, err)}
	}
	r.gz.Multistream(false)
	r.decoded.r = r.gz
	r.dec.Reset(&r.decoded)
	return nil
}

// isMember reports whether b starts like a gzip member: ID1, ID2 and the
// deflate method (RFC 1952, section 2.3.1).
func isMember(b []byte) bool {
	return len(b) >= 3 && b[0] == 0x1f && b[1] == 0x8b && b[2] == 8
}

// skipToMember discards input up to the next bytes that start like a gzip
// member, or to the end, and returns how many it discarded. It always
// discards at least one byte, so that a member whose header is bad is not
// tried again.
func (r *Reader) skipToMember() (int64, error) {
	r.member.sync()
	var n int64
	if _, err := r.in.Discard(1); err != nil {
		return n, ignoreEOF(err)
	}
	n++
	for {
		b, err := r.in.Peek(bufferSize)
		if i := bytes.Index(b, []byte{0x1f, 0x8b, 8}); i >= 0 {
			r.in.Discard(i)
			return n + int64(i), nil
		}
		if len(b) == 0 {
			return n, ignoreEOF(err)
		}
		// Keep the last two bytes: a magic number may straddle.
		k := max(len(b)-2, 1)
		if err == io.EOF {
			k = len(b)
		}
		r.in.Discard(k)
		n += int64(k)
	}
}

func ignoreEOF(err error) error {
	if err == io.EOF {
		return nil
	}
	return err
}

// resync discards decoded bytes up to the next line that starts with
// "WARC/", or to the end of the member (or input), and returns how many.
// It discards at least one byte.
func (r *Reader) resync() (int64, error) {
	var n int64
	for {
		line, err := r.dec.ReadSlice('\n')
		n += int64(len(line))
		if err == bufio.ErrBufferFull {
			continue
		}
		if err == io.EOF {
			r.memberDone = true
			return n, nil
		}
		if err != nil {
			return n, err
		}
		if b, _ := r.dec.Peek(5); string(b) == "WARC/" {
			return n, nil
		}
	}
}

// decodeError returns the error of reading the decoded stream: an ErrGzip
// for a member that cannot be decoded (after which the rest of the member
// is skipped), or err itself from the underlying reader.
func (r *Reader) decodeError(off, moff int64, id string, err error) error {
	if r.src.err != nil {
		return &Error{off, moff, id, r.src.err}
	}
	if !r.gzipped {
		return &Error{off, moff, id, err}
	}
	r.memberDone = true
	if err == io.ErrUnexpectedEOF {
		return &Error{off, moff, id, fmt.Errorf("%w: the gzip member ends early", ErrTruncated)}
	}
	if _, serr := r.skipToMember(); serr != nil {
		return &Error{off, moff, id, serr}
	}
	return &Error{off, moff, id, fmt.Errorf("%w: %v", ErrGzip, err)}
}

// readHeader reads the header of the record that starts at the decoded
// stream's position, and returns the record with its block ready to read.
func (r *Reader) readHeader(off, moff int64) (*Record, error) {
	limit := r.MaxHeaderBytes
	if limit <= 0 {
		limit = DefaultMaxHeaderBytes
	}
	// Read the whole header first, then split it: one string conversion a
	// record, whose substrings the fields are. Most headers are in the
	// decoded stream's buffer already; the others are read line by line
	// into r.hdr.
	h, lines, ok := r.bufferedHeader(limit)
	if !ok {
		r.hdr = r.hdr[:0]
		lines = 0
		for {
			start := len(r.hdr)
			var err error
			var long int
			r.hdr, long, err = r.readLine(r.hdr, limit)
			if err != nil {
				if err == errLong {
					n, err := r.resync()
					if err != nil {
						return nil, r.decodeError(off, moff, "", err)
					}
					return nil, &Error{off, moff, "", fmt.Errorf("%w: longer than %d bytes (%d bytes skipped)", ErrHeader, limit, int64(long)+n)}
				}
				if err == io.EOF {
					if r.gzipped {
						r.memberDone = true
					}
					return nil, &Error{off, moff, "", fmt.Errorf("%w: the input ends in the header", ErrTruncated)}
				}
				return nil, r.decodeError(off, moff, "", err)
			}
			lines++
			if lines > 1 && isBlank(r.hdr[start:]) {
				break
			}
		}
		h = string(r.hdr)
	}
	// Records are reused every other call: the one returned before stays
	// as it was, its Block stale (errStale), until the call after this.
	r.last ^= 1
	rec := &r.recs[r.last]
	rec.Version, rec.ContentLength, rec.Block = "", 0, nil
	rec.Offset, rec.MemberOffset = off, moff
	// One field a line at most, less the version line and the blank one;
	// most headers fit in the record's own array.
	if n := lines - 2; n <= len(rec.fields) {
		rec.Fields = rec.fields[:0:n]
	} else {
		rec.Fields = make([]Field, 0, n)
	}
	// fail reports a record whose block cannot be found: reading goes on
	// at the next line that starts with "WARC/".
	fail := func(kind error, format string, a ...any) (*Record, error) {
		n, err := r.resync()
		if err != nil {
			return nil, r.decodeError(off, moff, rec.ID(), err)
		}
		return nil, &Error{off, moff, rec.ID(), fmt.Errorf("%w: "+format+" (%d bytes skipped)", append([]any{kind}, append(a, n)...)...)}
	}
	version, h := cutLine(h)
	if !validVersion(version) {
		return fail(ErrHeader, "version line %q", version)
	}
	rec.Version = version
	// How many times each mandatory field is there, and where it first is.
	var count, first [len(mandatory)]int
	for {
		line, rest := cutLine(h)
		h = rest
		if line == "" {
			break
		}
		if line[0] == ' ' || line[0] == '\t' {
			// "Header fields can be extended over multiple lines by
			// preceding each extra line with at least one space or tab
			// character." (#file-and-record-model)
			if len(rec.Fields) == 0 {
				return fail(ErrHeader, "continuation line %q before any field", line)
			}
			f := &rec.Fields[len(rec.Fields)-1]
			if v := trimLWS(line); v != "" {
				if f.Value != "" {
					f.Value += " "
				}
				f.Value += v
			}
			continue
		}
		name, value, i, ok := cutField(line)
		if !ok {
			return fail(ErrHeader, "line %q is no named field", line)
		}
		if i >= 0 {
			if count[i] == 0 {
				first[i] = len(rec.Fields)
			}
			count[i]++
		}
		rec.Fields = append(rec.Fields, Field{name, value})
	}
	// The block can be skipped only if its length is known.
	if n := count[contentLength]; n != 1 {
		return fail(ErrField, "%d Content-Length fields", n)
	}
	cl := rec.Fields[first[contentLength]].Value
	length, err := parseLength(cl)
	if err != nil {
		return fail(ErrField, "Content-Length %q: %v", cl, err)
	}
	rec.ContentLength = length
	rec.blk = block{r: r, n: length}
	rec.Block = &rec.blk
	r.open = rec
	if err := rec.check(&count); err != nil {
		return nil, &Error{off, moff, rec.ID(), fmt.Errorf("%w: %v", ErrField, err)}
	}
	return rec, nil
}

var errLong = errors.New("header too long")

// bufferedHeader returns the header at the decoded stream's position, its
// line count, and true, if the whole header (up to its blank line, at most
// limit bytes) is in the stream's buffer; it then consumes it. Otherwise
// it consumes nothing and returns false.
func (r *Reader) bufferedHeader(limit int) (string, int, bool) {
	// Look in the bytes buffered first: a Peek of more slides them to the
	// buffer's start and refills it, a copy of the buffer a record.
	n := min(r.dec.Size(), limit)
	b, _ := r.dec.Peek(min(r.dec.Buffered(), n))
	lines, i := 0, 0
	for {
		j := bytes.IndexByte(b[i:], '\n')
		if j < 0 {
			if len(b) < n {
				b, _ = r.dec.Peek(n)
				n = len(b) // once
				continue
			}
			return "", 0, false
		}
		line := b[i : i+j+1]
		i += j + 1
		lines++
		if lines > 1 && isBlank(line) {
			h := string(b[:i])
			r.dec.Discard(i)
			return h, lines, true
		}
	}
}

// readLine appends the next line of the decoded stream to buf, its line
// end included. If buf would then be longer than limit, it returns errLong
// and how many bytes it read; if the stream ends before the line does,
// io.EOF.
func (r *Reader) readLine(buf []byte, limit int) ([]byte, int, error) {
	for {
		frag, err := r.dec.ReadSlice('\n')
		if len(buf)+len(frag) > limit {
			return buf, len(buf) + len(frag), errLong
		}
		buf = append(buf, frag...)
		switch err {
		case nil:
			return buf, 0, nil
		case bufio.ErrBufferFull:
			continue
		}
		return buf, 0, err
	}
}

// isBlank reports whether line is only a line end: the blank line that
// ends a header. A bare LF is accepted as a line end, as HTTP readers do.
func isBlank(line []byte) bool {
	return string(line) == "\r\n" || string(line) == "\n"
}

// cutLine returns the first line of s without its line end, and the rest.
func cutLine(s string) (line, rest string) {
	i := strings.IndexByte(s, '\n')
	if i < 0 {
		i = len(s)
	}
	line, rest = s[:i], s[min(i+1, len(s)):]
	if len(line) > 0 && line[len(line)-1] == '\r' {
		line = line[:len(line)-1]
	}
	return line, rest
}

// validVersion reports whether line is a version line: "WARC/", a major
// and a minor version (#file-and-record-model gives "WARC/1.1"; 1.0 and
// the drafts before it wrote their own numbers the same way).
func validVersion(line string) bool {
	v, ok := cutPrefix(line, "WARC/")
	if !ok {
		return false
	}
	major, minor, ok := cut(v, '.')
	return ok && isDigits(major) && isDigits(minor)
}

// cutField splits a named field: "named-field = field-name ":"
// [ field-value ]", the name a token (#file-and-record-model). It also
// returns the name's index in mandatory, or -1.
func cutField(line string) (name, value string, mandatoryIdx int, ok bool) {
	name, value, ok = cut(line, ':')
	if !ok || name == "" {
		return "", "", -1, false
	}
	if i, std := standardName(name); std {
		return name, trimLWS(value), i, true
	}
	for i := 0; i < len(name); i++ {
		if !tokenBytes[name[i]] {
			return "", "", -1, false
		}
	}
	return name, trimLWS(value), mandatoryIndex(name), true
}

// standardName reports whether name is spelled as the standard spells a
// field it defines (#named-fields; the spelling nearly every writer
// uses), and if so returns its index in mandatory, or -1. One switch
// tells these apart in fewer instructions than the byte by byte token
// check and the comparisons without regard to case that other spellings
// get (TestStandardName keeps the two in step).
func standardName(name string) (mandatoryIdx int, ok bool) {
	switch name {
	case "WARC-Record-ID":
		return 0, true
	case "Content-Length":
		return 1, true
	case "WARC-Date":
		return 2, true
	case "WARC-Type":
		return 3, true
	case "Content-Type", "WARC-Concurrent-To", "WARC-Block-Digest",
		"WARC-Payload-Digest", "WARC-IP-Address", "WARC-Refers-To",
		"WARC-Refers-To-Target-URI", "WARC-Refers-To-Date",
		"WARC-Target-URI", "WARC-Truncated", "WARC-Warcinfo-ID",
		"WARC-Filename", "WARC-Profile", "WARC-Identified-Payload-Type",
		"WARC-Segment-Number", "WARC-Segment-Origin-ID",
		"WARC-Segment-Total-Length":
		return -1, true
	}
	return -1, false
}

// tokenBytes and textBytes are isTokenByte and isTextByte as tables, for
// the loops over every header byte.
var tokenBytes, textBytes = func() (token, text [256]bool) {
	for c := range 256 {
		token[c], text[c] = isTokenByte(byte(c)), isTextByte(byte(c))
	}
	return token, text
}()

// isTextByte reports whether c may be in a field value: TEXT is "any
// OCTET except CTLs, but including LWS" (#file-and-record-model); the
// line ends of folded lines are gone from values.
func isTextByte(c byte) bool { return c >= ' ' && c != 0x7f || c == '\t' }

// isTokenByte reports whether c may be in a token: "any US-ASCII character
// except CTLs or separators" (#file-and-record-model).
func isTokenByte(c byte) bool {
	if c <= ' ' || c >= 0x7f {
		return false
	}
	switch c {
	case '(', ')', '<', '>', '@', ',', ';', ':', '\\', '"', '/', '[', ']', '?', '=', '{', '}':
		return false
	}
	return true
}

func trimLWS(s string) string {
	for len(s) > 0 && (s[0] == ' ' || s[0] == '\t') {
		s = s[1:]
	}
	for len(s) > 0 && (s[len(s)-1] == ' ' || s[len(s)-1] == '\t') {
		s = s[:len(s)-1]
	}
	return s
}

func cut(s string, sep byte) (before, after string, ok bool) {
	if i := strings.IndexByte(s, sep); i >= 0 {
		return s[:i], s[i+1:], true
	}
	return s, "", false
}

func cutPrefix(s, prefix string) (string, bool) {
	if len(s) >= len(prefix) && s[:len(prefix)] == prefix {
		return s[len(prefix):], true
	}
	return s, false
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// parseLength parses a Content-Length: "1*DIGIT"
// (#content-length-mandatory), so no sign, and at most the largest int64.
func parseLength(s string) (int64, error) {
	if !isDigits(s) {
		return 0, errors.New("not 1*DIGIT")
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return 0, errors.New("out of range")
	}
	return n, nil
}

func equalFold(a, b string) bool {
	for i := 0; i < len(a); i++ {
		x, y := a[i], b[i]
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		if 'A' <= y && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}

// mandatory are the fields every record has exactly once
// (#warc-record-id-mandatory, #content-length-mandatory,
// #warc-date-mandatory, #warc-type-mandatory; "WARC named fields of the
// same type shall not be repeated", #named-fields).
var mandatory = [...]string{"WARC-Record-ID", "Content-Length", "WARC-Date", "WARC-Type"}

const contentLength = 1 // mandatory[contentLength] is "Content-Length"

// mandatoryIndex returns the index in mandatory of the field named name,
// compared without regard to case, or -1 if it is none of them. Names
// spelled as the standard spells them are told by standardName first.
func mandatoryIndex(name string) int {
	for i, m := range mandatory {
		if len(name) == len(m) && equalFold(name, m) {
			return i
		}
	}
	return -1
}

// check reports a mandatory field missing or repeated, given how many
// times each is there, or a field value with a control character or bytes
// that are not UTF-8. Values are TEXT ("any OCTET except CTLs, but
// including LWS") of UTF-8 characters (#file-and-record-model); the check
// matters most for WARC-Target-URI, which callers print.
func (r *Record) check(count *[len(mandatory)]int) error {
	for i, name := range mandatory {
		if count[i] != 1 {
			return fmt.Errorf("%d %s fields", count[i], name)
		}
	}
	for _, f := range r.Fields {
		if printableASCII(f.Value) {
			continue
		}
		ascii := true
		for i := 0; i < len(f.Value); i++ {
			c := f.Value[i]
			if !textBytes[c] {
				return fmt.Errorf("%s value %q holds a control character", f.Name, f.Value)
			}
			ascii = ascii && c < utf8.RuneSelf
		}
		if !ascii && !utf8.ValidString(f.Value) {
			return fmt.Errorf("%s value %q is not UTF-8", f.Name, f.Value)
		}
	}
	return nil
}

// printableASCII reports whether s holds only the bytes from space to
// '~', the text of nearly every field value, which then needs no other
// check. It tests eight bytes at a time: a byte below 0x20 borrows into
// its high bit when 0x20 is subtracted from it, a byte above 0x7e has it
// set once 1 is added (Anderson's "Bit Twiddling Hacks", hasless and
// hasmore); the tests are exact for whether any byte is outside.
func printableASCII(s string) bool {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	for ; len(s) >= 8; s = s[8:] {
		x := uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
			uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
		if (x-0x20*ones)&^x&highs != 0 || ((x+ones)|x)&highs != 0 {
			return false
		}
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < ' ' || c > '~' {
			return false
		}
	}
	return true
}

// finish skips what is left of rec's block and reads the two CRLFs that
// end it.
func (r *Reader) finish(rec *Record) error {
	b := &rec.blk
	if b.err == nil && b.n > 0 {
		io.Copy(io.Discard, b)
	}
	berr := b.err
	b.err = errStale
	if berr != nil && berr != errStale {
		if berr == io.ErrUnexpectedEOF {
			if r.gzipped {
				r.memberDone = true
				return &Error{rec.Offset, rec.MemberOffset, rec.ID(), fmt.Errorf("%w: the gzip member ends %d bytes before the end of the block of Content-Length %d", ErrTruncated, b.n, rec.ContentLength)}
			}
			return &Error{rec.Offset, rec.MemberOffset, rec.ID(), fmt.Errorf("%w: the input ends %d bytes before the end of the block of Content-Length %d", ErrTruncated, b.n, rec.ContentLength)}
		}
		return r.decodeError(rec.Offset, rec.MemberOffset, rec.ID(), berr)
	}
	// "warc-record = header CRLF block CRLF CRLF" (#file-and-record-model)
	t, err := r.dec.Peek(4)
	if string(t) == "\r\n\r\n" {
		r.dec.Discard(4)
		return nil
	}
	if err != nil && err != io.EOF {
		return r.decodeError(rec.Offset, rec.MemberOffset, rec.ID(), err)
	}
	if err == io.EOF && string(t) == "\r\n\r\n"[:len(t)] {
		r.dec.Discard(len(t))
		if r.gzipped {
			r.memberDone = true
		}
		return &Error{rec.Offset, rec.MemberOffset, rec.ID(), fmt.Errorf("%w: the input ends before the CRLF CRLF that ends the record", ErrTruncated)}
	}
	n, err := r.resync()
	if err != nil {
		return r.decodeError(rec.Offset, rec.MemberOffset, rec.ID(), err)
	}
	return &Error{rec.Offset, rec.MemberOffset, rec.ID(), fmt.Errorf("%w: the block of Content-Length %d is followed by %q, not CRLF CRLF (%d bytes skipped to the next record)", ErrLength, rec.ContentLength, t, n)}
}

var errStale = errors.New("warc: read of a block after Next")

// block reads a record's block from the decoded stream.
type block struct {
	r   *Reader
	n   int64 // bytes left
	err error // sticky: io.ErrUnexpectedEOF, a decoding error, errStale
}

func (b *block) Read(p []byte) (int, error) {
	if b.err != nil {
		return 0, b.err
	}
	if b.n <= 0 {
		return 0, io.EOF
	}
	if int64(len(p)) > b.n {
		p = p[:b.n]
	}
	n, err := b.r.dec.Read(p)
	b.n -= int64(n)
	if err == io.EOF {
		err = io.ErrUnexpectedEOF
	}
	if err != nil {
		b.err = err
	}
	return n, err
}

// WriteTo writes what is left of the block to w straight from the
// decoded stream's buffer, sparing io.Copy's copy into a buffer of its
// own.
func (b *block) WriteTo(w io.Writer) (int64, error) {
	var written int64
	for b.err == nil && b.n > 0 {
		dec := b.r.dec
		if dec.Buffered() == 0 {
			if _, err := dec.Peek(1); err != nil {
				if err == io.EOF {
					err = io.ErrUnexpectedEOF
				}
				b.err = err
				break
			}
		}
		p, _ := dec.Peek(int(min(int64(dec.Buffered()), b.n)))
		n, err := w.Write(p)
		dec.Discard(n)
		b.n -= int64(n)
		written += int64(n)
		if err != nil {
			return written, err
		}
	}
	if b.n > 0 || b.err == errStale {
		return written, b.err
	}
	return written, nil
}

// Gunzip decodes every gzip member of r to w as a Reader decodes them,
// through a memberInput, and returns how many bytes it wrote. It is the
// floor a Reader's speed is measured against beside compress/gzip's
// default reading (tools/warcs/speed.sh): the decoding alone, none of
// the reading of records.
func Gunzip(w io.Writer, r io.Reader) (int64, error) {
	z, err := gzip.NewReader(&memberInput{in: bufio.NewReaderSize(r, bufferSize)})
	if err != nil {
		return 0, err
	}
	return io.Copy(w, z)
}

// memberInput is the input as a gzip member's decoder reads it: the bytes
// of in's buffer, handed out by ReadByte, which compress/flate calls once
// for each byte of compressed input, in fewer steps than
// bufio.Reader.ReadByte takes: 6 % fewer instructions for the whole
// decoding (BenchmarkMemberInput under callgrind: 3.74 G against 3.51 G;
// 6.33 G against 6.01 G for decoding the first 40 MB of the 1 GB archive
// of docs/archives.md). It takes the bytes it hands out from in's buffer
// without consuming them; sync consumes them, and must be called before
// in is read in any other way.
type memberInput struct {
	in  *bufio.Reader
	buf []byte // in's buffered bytes, peeked
	// i is how many of buf were handed out: unsigned, which spares
	// ReadByte a bounds check (18 instructions a byte, against 20 with
	// an int and bufio.Reader.ReadByte's 26).
	i uint
}

func (m *memberInput) ReadByte() (byte, error) {
	if m.i < uint(len(m.buf)) {
		c := m.buf[m.i]
		m.i++
		return c, nil
	}
	if err := m.fill(); err != nil {
		return 0, err
	}
	m.i = 1
	return m.buf[0], nil
}

func (m *memberInput) Read(p []byte) (int, error) {
	if m.i >= uint(len(m.buf)) {
		if err := m.fill(); err != nil {
			return 0, err
		}
	}
	n := copy(p, m.buf[m.i:])
	m.i += uint(n)
	return n, nil
}

// fill consumes what was handed out and peeks at what in has buffered,
// reading more if it has none.
func (m *memberInput) fill() error {
	m.sync()
	if _, err := m.in.Peek(1); err != nil {
		return err
	}
	m.buf, _ = m.in.Peek(m.in.Buffered())
	return nil
}

// sync consumes from in the bytes handed out.
func (m *memberInput) sync() {
	m.in.Discard(int(m.i))
	m.buf, m.i = nil, 0
}

// countingReader counts the bytes read from r and keeps the first error
// other than io.EOF.
type countingReader struct {
	r   io.Reader
	n   int64
	err error
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	if err != nil && err != io.EOF && c.err == nil && c.r != nil {
		c.err = err
	}
	return n, err
}
