// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package warc

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
)

// DefaultMaxHeaderBytes bounds a record header (its version line, fields
// and blank line) when Reader.MaxHeaderBytes is zero. The standard sets no
// bound; headers that real crawlers write are a few kilobytes, long target
// URIs included.
const DefaultMaxHeaderBytes = 256 << 10

// bufferSize is the size the input's buffer and the decoded stream's
// start at.
const bufferSize = 64 << 10

// RewindBytes bounds how far back a Reader goes after a fault to look for
// the next record (or gzip member) in bytes it has read: the bytes of a
// block after the first "WARC/" in it, or of a gzip member after the first
// member header in it. Past it, the older bytes are let go, and a record
// that starts in them is skipped with the fault (its error says so). It
// is also what the buffers may grow to, so a Reader's memory stays
// bounded whatever its input.
const RewindBytes = 1 << 20

// The kinds of error a Reader reports, wrapped in an [*Error]; test for
// them with errors.Is.
var (
	// ErrNotWARC: the input does not start like a WARC file: with "WARC/",
	// or with a gzip member whose bytes start so. Reading stops.
	ErrNotWARC = errors.New("not a WARC file")
	// ErrGarbage: bytes where a record should start that start none,
	// skipped up to the next record; bytes between gzip members that are
	// no member, skipped up to the next member that holds a record; a gzip
	// member that holds no bytes.
	ErrGarbage = errors.New("bytes between records")
	// ErrHeader: a record header that cannot be read: a line that is no
	// named field, a header longer than the bound, an unknown version line.
	ErrHeader = errors.New("malformed record header")
	// ErrField: a mandatory field missing or repeated, a Content-Length
	// that is no number, a field value with a control character or bytes
	// that are not UTF-8.
	ErrField = errors.New("invalid field")
	// ErrLength: a block not followed by the two CRLFs that end a record,
	// or one that holds the records after it: its Content-Length is wrong.
	ErrLength = errors.New("record does not end where its Content-Length says")
	// ErrTruncated: the input, or the gzip member that holds the record,
	// ends inside it.
	ErrTruncated = errors.New("record truncated")
	// ErrGzip: a gzip member that cannot be decoded (a bad header, corrupt
	// data, a wrong checksum).
	ErrGzip = errors.New("corrupt gzip member")
	// ErrRead: the underlying reader failed. Reading stops.
	ErrRead = errors.New("cannot read the input")
)

// An Error is a problem with one record, or with bytes between records, and
// where it is: the bytes it covers, which reading skipped.
type Error struct {
	// Offset and Length are the bytes the error covers in the decoded
	// input, as Record.Offset and Record.Length: a record that broke,
	// with the bytes skipped after it to the next record, or bytes
	// between records. Bytes of a gzip input that are no member are in
	// no decoded byte: Length is 0, and MemberOffset and MemberLength say
	// where they are.
	Offset, Length int64
	// MemberOffset is the offset in the input of the gzip member that
	// holds the first byte the error covers, or of the bytes that are
	// no member, or -1 if the input is not gzip. MemberLength is as
	// Record.MemberLength, or the length of the bytes that are no member.
	MemberOffset, MemberLength int64
	// ID is the record's WARC-Record-ID when its header was read.
	ID string
	// Err is one of the Err variables, wrapped with details.
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
// Reading is strict about each record and lenient about the file: a
// record that breaks the format, and bytes where a record should start
// that start none, are reported as an [*Error] by [Reader.Next], and the
// next call goes on with the next record. Every byte of the input is in
// what Next returns: a record, or an error that covers the bytes it
// skipped (Unaccounted says how many are not, 0 but for a bug).
//
// WARC 1.1 gives a record's grammar as "warc-record = header CRLF block
// CRLF CRLF", the header starting with a version line such as "WARC/1.1"
// (https://iipc.github.io/warc-specifications/specifications/warc-format/warc-1.1/#file-and-record-model).
// A record ends where its Content-Length says, which must be where the
// block is followed by CRLF CRLF. After a fault, the next record is the
// next version line, "WARC/" digits "." digits and a line end, wherever it
// starts: after the start of a header that cannot be read; after the start
// of the block of a record that does not end where it says (so that a
// Content-Length too long does not take in the records it runs over); or
// after the bytes that start no record. A block that runs to where its
// Content-Length says and holds, after a CRLF CRLF, the header of a record
// whose own block ends exactly there has a Content-Length that takes in
// the records after it (two records never share their CRLF CRLF): it is a
// fault too, and the records in it are read. A good record followed by
// bytes that start no record is a good record, and the bytes an error of
// their own.
//
// A gzip input is read member by member (RFC 1952,
// https://www.rfc-editor.org/rfc/rfc1952#section-2.2), as Annex D asks a
// .warc.gz to be written, one record a member
// (#record-at-time-compression): a member that cannot be decoded (bad
// data, a header that cannot be read, an end before its trailer) is a
// fault, and reading goes on at the next gzip member header that inflates
// to "WARC/", looked for from the byte after the broken member's start
// (RFC 1952 gives no other way to find a member). A record must end in its
// member, unless the members split records, as split(1) and block-gzip
// tools make them: when a member ends inside a record (its header, its
// block, its CRLF CRLF), the next member is read on as more of the same
// stream, as zcat reads it, if it is a member that decodes and does not
// start with "WARC/"; if it starts with "WARC/", the record ends with its
// member, broken, and the next is read from that member. A record in a
// member whose checksum (CRC-32 or ISIZE) fails, found when the member
// ends with it, is an error; in a member that holds several records, only
// the last gets it.
//
// Going back needs the bytes read: a Reader keeps, from the first "WARC/"
// in a block and from the first member header in a member, at most
// RewindBytes of them.
type Reader struct {
	// MaxHeaderBytes bounds a record's header; zero means
	// DefaultMaxHeaderBytes. A longer header is an ErrHeader, and with it
	// the memory a Reader uses is bounded whatever its input.
	MaxHeaderBytes int

	in     *window      // the input
	dec    *window      // the decoded stream: in itself if the input is plain
	member memberInput  // in, as a gzip member's decoder reads it
	gz     *gzip.Reader // the decoder of the member being read
	trial  [len("WARC/")]byte

	started, gzipped, end bool

	// members are the gzip members whose bytes are not all in what Next
	// returned, oldest first; the last is the one being decoded.
	members []memberSpan
	// cutAt, when not -1, is where the unit being read (a record, its
	// version line) must stop: the end of a member whose next starts a
	// record of its own.
	cutAt int64

	open  *Record
	recs  [2]Record
	last  int
	inner Record // a header inside a block (coversNext)

	watch      blockWatch
	ledger     ledger
	faultCause error // why the last broken gzip member broke
}

// A blockWatch is what a Reader noted of the block being read: where the
// first "WARC/" in it is, to go back to after a fault, and where the last
// one after a CRLF CRLF is, to check that the block does not hold the
// records after it (coversNext).
type blockWatch struct {
	start   int64 // the block's first byte
	first   int64 // the first "WARC/" in the block, or -1
	last    int64 // the last "WARC/" after CRLF CRLF in the block, or -1
	scanned int64 // the offset up to which the block was looked at
}

// NewReader returns a Reader of the WARC file that r reads, plain or
// gzip-compressed (one member per record, the whole file in one, or
// members that split records).
func NewReader(r io.Reader) *Reader {
	rd := &Reader{cutAt: -1}
	rd.in = newWindow(r, bufferSize, bufferSize+RewindBytes)
	rd.member.in = rd.in
	return rd
}

// Next returns the next record, or an error.
//
// The returned record's Block is valid until the following call of Next,
// which skips what is left of it and then checks the record's end: an
// error found there (ErrLength, ErrTruncated, ErrGzip) is returned by that
// call, about the record before, before the next record is read; it has
// the record's Offset. The Record itself is valid until the call after
// that, which reuses it; its field values are strings, and stay valid.
//
// Next returns io.EOF at the end of the input. Any other error is an
// [*Error]: report it and call Next again, which goes on with the next
// record. After an error that ends reading (ErrNotWARC, ErrRead), Next
// returns io.EOF.
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
	if rec := r.open; rec != nil {
		r.open = nil
		if err := r.finish(rec); err != nil {
			return nil, err
		}
	}
	for {
		p := r.dec.pos()
		if r.dec.buffered() == 0 {
			if err := r.dec.ensure(1); err != nil {
				e, err := r.boundary(p, err)
				if err != nil {
					return nil, err
				}
				if e != nil {
					return nil, e
				}
				continue
			}
		}
		b, _ := r.need(maxVersionLine, false)
		if versionLen(b) > 0 {
			return r.readRecord(p)
		}
		err := fmt.Errorf("%w: no record starts there", ErrGarbage)
		if bytes.HasPrefix(b, warcPrefix) {
			line, _, _ := bytes.Cut(b, []byte("\n"))
			err = fmt.Errorf("%w: version line %q", ErrHeader, bytes.TrimSuffix(line, []byte("\r")))
		}
		r.dec.discard(1)
		return nil, r.fault(p, "", err)
	}
}

// start tells a gzip input from a plain one by its first bytes and checks
// that it starts like a WARC file.
func (r *Reader) start() error {
	limit := r.limit()
	max := max(bufferSize+RewindBytes, limit+bufferSize)
	r.in.max = max
	b, err := r.in.peek(len("WARC/"))
	if err != nil && err != io.EOF {
		return r.readError(0, err)
	}
	if !isMember(b) {
		r.dec = r.in
		if string(b) != "WARC/" {
			return &Error{0, 0, -1, 0, "", fmt.Errorf("%w: input starts with %q, not %q or a gzip member", ErrNotWARC, b, "WARC/")}
		}
		return nil
	}
	r.gzipped = true
	r.gz = new(gzip.Reader)
	r.dec = newWindow(decoded{r}, bufferSize, max)
	if err := r.startMember(); err != nil {
		return r.readError(0, err)
	}
	// The first bytes of the first members that decode; a member that
	// does not decode says nothing of the file, which may hold records
	// after it.
	b, err = r.need(len("WARC/"), false)
	if r.inputFailed() {
		return r.readError(0, r.in.err)
	}
	if len(b) == len("WARC/") && string(b) != "WARC/" || err == io.EOF {
		return &Error{0, 0, 0, 0, "", fmt.Errorf("%w: the first gzip member starts with %q, not %q", ErrNotWARC, b, "WARC/")}
	}
	return nil
}

// limit returns the bound on a header.
func (r *Reader) limit() int {
	if r.MaxHeaderBytes > 0 {
		return r.MaxHeaderBytes
	}
	return DefaultMaxHeaderBytes
}

// errCut: the unit being read reached the end of a gzip member, and
// cannot go on into the next (Reader.more).
var errCut = errors.New("the gzip member ends")

// inputFailed reports whether the underlying reader failed.
func (r *Reader) inputFailed() bool { return r.in.err != nil && r.in.err != io.EOF }

// readError returns the error that ends reading when the underlying
// reader failed, at decoded offset p.
func (r *Reader) readError(p int64, err error) error {
	r.end = true
	return &Error{p, 0, r.memberOffset(p), 0, "", fmt.Errorf("%w: %w", ErrRead, err)}
}

// avail returns the buffered decoded bytes at the read position, at least
// n of them unless the unit being read ends first, with the reason: the
// decoded stream's error (io.EOF at the end of a plain input, a gzip
// member that cannot be decoded, the input's), or errCut. At the end of a
// gzip member it goes on into the next (more); unit says whether the
// bytes continue a record begun in the member, which may not go on into a
// member that starts one.
func (r *Reader) avail(n int, unit bool) ([]byte, error) {
	if r.cutAt < 0 && r.dec.buffered() >= n {
		return r.dec.bytes(), nil // as nearly always
	}
	for {
		err := r.dec.ensure(n)
		b := r.unitBytes()
		if len(b) >= n {
			return b, nil
		}
		if err == nil {
			return b, errCut
		}
		if !r.gzipped || !memberEnd(err) || r.inputFailed() {
			return b, err
		}
		if err := r.more(unit); err != nil {
			// The next member's start may have slid the buffer.
			return r.unitBytes(), err
		}
	}
}

// unitBytes returns the buffered decoded bytes at the read position, up
// to cutAt when it is set.
func (r *Reader) unitBytes() []byte {
	b := r.dec.bytes()
	if r.cutAt >= 0 {
		if left := max(r.cutAt-r.dec.pos(), 0); int64(len(b)) > left {
			b = b[:left]
		}
	}
	return b
}

// need returns the next n decoded bytes, as avail finds them, or fewer
// with the reason.
func (r *Reader) need(n int, unit bool) ([]byte, error) {
	b, err := r.avail(n, unit)
	if len(b) > n {
		b = b[:n]
	}
	return b, err
}

// more goes on from the end of a gzip member into the next: it starts the
// next member's decoding, unless the input ends (io.EOF) or what follows
// is no member (errCut). For a unit, it then stops it at the member's end
// (errCut) if the next member starts with "WARC/", a record of its own,
// or breaks before it gives five bytes.
func (r *Reader) more(unit bool) error {
	r.closeMember()
	end := r.dec.end()
	switch err := r.startMember(); {
	case err == errNoMember:
		if unit {
			r.cutAt = end
		}
		return errCut
	case err != nil:
		return err
	case !unit:
		return nil
	}
	err := r.dec.ensure(int(end-r.dec.pos()) + len("WARC/"))
	b := r.dec.at(end, r.dec.end())
	if string(b[:min(len(b), len("WARC/"))]) == "WARC/" || err != nil && !memberEnd(err) && len(b) < len("WARC/") {
		r.cutAt = end
		return errCut
	}
	return nil
}

// boundary is called when the decoded stream has nothing at p, between
// records, and why (err): it returns io.EOF at the end of the input; for
// a gzip input, it starts the next member, and returns the error for what
// is not one, or for a member that holds nothing.
func (r *Reader) boundary(p int64, err error) (*Error, error) {
	switch {
	case r.inputFailed():
		return nil, r.readError(p, r.in.err)
	case !r.gzipped:
		return nil, r.atEnd()
	case !memberEnd(err):
		// A member that cannot be decoded on, nothing of it left.
		m, truncated, _ := r.memberFault()
		if r.inputFailed() {
			return nil, r.readError(p, r.in.err)
		}
		e := &Error{p, 0, m.in, m.inEnd - m.in, "", r.memberFaultError(m, truncated)}
		r.account(p, p)
		return e, nil
	}
	r.closeMember()
	at := r.in.pos()
	switch err := r.startMember(); {
	case err == io.EOF:
		return nil, r.atEnd()
	case err == errNoMember:
		next, err := r.noMember()
		if r.inputFailed() {
			return nil, r.readError(p, r.in.err)
		}
		if err != nil && err != io.EOF {
			return nil, r.readError(p, err)
		}
		e := &Error{p, 0, at, next - at, "", fmt.Errorf("%w: bytes %s of the file skipped: no gzip member starts there", ErrGarbage, span(at, next))}
		r.account(p, p)
		r.accountGap(at, next)
		return e, nil
	case err != nil:
		return nil, r.readError(p, err)
	}
	// A member that holds no bytes.
	if err := r.dec.ensure(1); err != nil && memberEnd(err) {
		r.closeMember()
		m := r.members[len(r.members)-1]
		kind := ErrGarbage
		if err == gzip.ErrChecksum {
			kind = ErrGzip
		}
		e := &Error{p, 0, m.in, m.inEnd - m.in, "", fmt.Errorf("%w: bytes %s of the file skipped: a gzip member that holds no bytes", kind, span(m.in, m.inEnd))}
		r.account(p, p)
		return e, nil
	}
	return nil, nil
}

// memberFaultError returns the error for the broken member m.
func (r *Reader) memberFaultError(m memberSpan, truncated bool) error {
	kind, what := ErrGzip, "cannot be decoded"
	if truncated {
		kind, what = ErrTruncated, "is cut short"
	}
	cause := r.memberCause()
	return fmt.Errorf("%w: the gzip member at %d %s (%v): bytes %s of the file skipped", kind, m.in, what, cause, span(m.in, m.inEnd))
}

// memberCause returns why the last member broke, saved by memberFault.
func (r *Reader) memberCause() error {
	if r.faultCause == nil {
		return errors.New("no cause")
	}
	return r.faultCause
}

// atEnd ends reading at the end of the input, and accounts for what is
// left.
func (r *Reader) atEnd() error {
	r.end = true
	l := &r.ledger
	done := l.dec
	if r.gzipped {
		done = l.in
	}
	l.unaccounted += abs(r.in.end() - done)
	l.closed = true
	return io.EOF
}

// fault returns the error about the bytes from p, a record whose header
// or end is broken or bytes that start no record, after skipping from the
// read position to where reading goes on: the next version line
// (findVersion), or, when the decoded stream stops at a gzip member that
// cannot be decoded, the next member that can (memberFault). The error
// covers the bytes from p to there; err says what broke, or, if nil, the
// broken member does.
func (r *Reader) fault(p int64, id string, err error) error {
	r.cutAt = -1
	stop := r.findVersion()
	if r.inputFailed() {
		return r.readError(p, r.in.err)
	}
	var broken *memberSpan
	truncated := false
	if stop != nil && stop != io.EOF && stop != errCut {
		m, t, _ := r.memberFault()
		if r.inputFailed() {
			return r.readError(p, r.in.err)
		}
		broken, truncated = &m, t
	}
	q := r.dec.pos()
	note := r.skipped(p, q)
	if broken == nil && r.badMember(p, q) {
		// The bytes in which err was found fail their member's
		// checksum: that comes first.
		e := fmt.Errorf("%w: the gzip member that holds them fails its checksum (CRC-32 or ISIZE, RFC 1952 section 2.3.1)", ErrGzip)
		if err != nil {
			e = fmt.Errorf("%w; in them, %v", e, err)
		}
		err = e
	}
	if broken != nil {
		// The member's fault comes first: the bytes it gave, in which
		// err was found, may be wrong.
		mf := r.memberFaultError(*broken, truncated)
		if err != nil {
			mf = fmt.Errorf("%w; in what it gave, %v", mf, err)
		}
		err = mf
	}
	e := &Error{p, q - p, r.memberOffset(p), r.memberLength(p, q), id, fmt.Errorf("%w (%s)", err, note)}
	r.dec.clearMark()
	r.account(p, q)
	return e
}

// findVersion discards decoded bytes up to the next version line
// (versionLen), going on through gzip members. It returns nil when one
// starts at the read position, or why the stream stopped: io.EOF, errCut
// (a gzip member ended and what follows is no member), the error of a
// member that cannot be decoded, or the input's.
func (r *Reader) findVersion() error {
	for {
		b, err := r.avail(maxVersionLine, false)
		if i := bytes.Index(b, warcPrefix); i >= 0 {
			r.dec.discard(i)
			v, _ := r.need(maxVersionLine, false)
			if versionLen(v) > 0 {
				return nil
			}
			r.dec.discard(1)
			continue
		}
		if err != nil {
			r.dec.discard(len(b))
			return err
		}
		// "WARC/" may start in the last four bytes.
		r.dec.discard(len(b) - (len(warcPrefix) - 1))
	}
}

var warcPrefix = []byte("WARC/")

// readRecord reads the record whose version line is at p.
func (r *Reader) readRecord(p int64) (*Record, error) {
	limit := r.limit()
	// Keep the header: after a fault, the next record is looked for from
	// the byte after p.
	r.dec.setMark(p)
	h, lines, err := r.readHeader(limit)
	// Records are reused every other call: the one returned before stays
	// as it was, its Block stale (errStale), until the call after this.
	r.last ^= 1
	rec := &r.recs[r.last]
	rec.Fields, rec.Block, rec.blk = rec.fields[:0], nil, block{}
	rec.Offset, rec.Length, rec.MemberOffset, rec.MemberLength = p, 0, r.memberOffset(p), 0
	if err != nil {
		if r.inputFailed() {
			return nil, r.readError(p, r.in.err)
		}
		r.dec.seek(p + 1)
		switch err {
		case errLong:
			return nil, r.fault(p, "", fmt.Errorf("%w: longer than %d bytes", ErrHeader, limit))
		case io.EOF:
			return nil, r.fault(p, "", fmt.Errorf("%w: the input ends in the header", ErrTruncated))
		case errCut:
			return nil, r.fault(p, "", fmt.Errorf("%w: its gzip member ends in the header, and the next member is no more of it", ErrTruncated))
		}
		return nil, r.fault(p, "", nil)
	}
	hasLength, perr := rec.parse(h, lines)
	if perr == nil {
		r.dec.clearMark()
		rec.Length = addLength(int64(len(h)), rec.ContentLength)
		rec.blk = block{r: r, n: rec.ContentLength}
		rec.Block = &rec.blk
		r.watchBlock()
		r.open = rec
		return rec, nil
	}
	if !hasLength || bytes.Contains([]byte(h[1:]), warcPrefix) {
		// Without its length the block cannot be found; and a header
		// that holds "WARC/" past its start may be a record cut short
		// run into the next one's header. Look from the byte after p.
		r.dec.seek(p + 1)
		return nil, r.fault(p, rec.ID(), perr)
	}
	// The block can be found by its length: skip it, and check that the
	// record ends there.
	r.dec.clearMark()
	rec.Length = addLength(int64(len(h)), rec.ContentLength)
	rec.blk = block{r: r, n: rec.ContentLength}
	r.watchBlock()
	return nil, r.close(rec, perr)
}

// addLength returns the length of a record whose header is h bytes long
// and whose block is n: h, n and the CRLF CRLF, or the largest int64 if
// that is more.
func addLength(h, n int64) int64 {
	if n > math.MaxInt64-h-4 {
		return math.MaxInt64
	}
	return h + n + 4
}

// readHeader reads the header at the read position, through the blank line
// that ends it, at most limit bytes, and returns it with its number of
// lines; or, when there is none, errLong or what stopped the stream
// (avail).
func (r *Reader) readHeader(limit int) (string, int, error) {
	for n := 1; ; {
		b, err := r.avail(n, true)
		if n, lines := headerLen(b, limit); n >= 0 {
			// One string a record, whose substrings the fields are.
			h := string(b[:n])
			r.dec.discard(n)
			return h, lines, nil
		}
		if len(b) >= limit {
			return "", 0, errLong
		}
		if err != nil {
			return "", 0, err
		}
		n = len(b) + 1
	}
}

var errLong = errors.New("header too long")

// headerLen returns the length of the header at the start of b, through
// the blank line after the version line that ends it, and its number of
// lines; or -1 if there is no such line in the first limit bytes of b.
func headerLen(b []byte, limit int) (n, lines int) {
	if len(b) > limit {
		b = b[:limit]
	}
	for i := 0; ; {
		j := bytes.IndexByte(b[i:], '\n')
		if j < 0 {
			return -1, 0
		}
		line := b[i : i+j+1]
		i += j + 1
		lines++
		if lines > 1 && isBlank(line) {
			return i, lines
		}
	}
}

// watchBlock starts noting what the block at the read position holds
// (blockWatch), keeping its bytes from a few before the end of what was
// looked at, so that "WARC/" across two reads is seen, or from the first
// "WARC/".
func (r *Reader) watchBlock() {
	at := r.dec.pos()
	r.watch = blockWatch{start: at, first: -1, last: -1, scanned: at}
	r.dec.setMark(at)
}

// lookBlock looks at the bytes of the block read since the last look, and
// a few before them, for "WARC/".
func (r *Reader) lookBlock() {
	w := &r.watch
	end := r.dec.pos()
	from := max(w.scanned-int64(len(warcPrefix)-1), w.start)
	b := r.dec.at(from, end)
	if b == nil {
		// Let go (RewindBytes): look at what is left.
		from = max(r.dec.off, w.start)
		b = r.dec.at(from, end)
	}
	for i := 0; ; {
		j := bytes.Index(b[i:], warcPrefix)
		if j < 0 {
			break
		}
		at := from + int64(i+j)
		if w.first < 0 {
			w.first = at
			r.dec.setMark(at)
		}
		if at >= w.start+4 && string(r.dec.at(at-4, at)) == "\r\n\r\n" {
			w.last = at
		}
		i += j + 1
	}
	w.scanned = end
	if w.first < 0 {
		// Keep what a "WARC/" across reads, and the CRLF CRLF before
		// it, need.
		r.dec.setMark(max(end-int64(len(warcPrefix)-1)-4, w.start))
	}
}

// resume goes back, after a fault at a record's end, to the first "WARC/"
// in its block, from where the next record is looked for. If the input
// no longer holds it (RewindBytes), it goes back to the oldest byte it
// holds, and returns a note that says so.
func (r *Reader) resume() string {
	f := r.watch.first
	if f < 0 {
		// A "WARC/" that the block's end cuts in two starts in its last
		// four bytes, which the Reader keeps (lookBlock).
		f = max(r.watch.start, r.watch.scanned-int64(len(warcPrefix)-1))
	}
	if r.dec.seek(f) {
		return ""
	}
	if m := r.dec.marked(); m >= 0 && m < r.dec.pos() {
		r.dec.seek(m)
	}
	return fmt.Sprintf("; the %q at offset %d, %d bytes back, was not kept (RewindBytes): a record there is skipped", "WARC/", f, r.dec.pos()-f)
}

// coversNext reports whether the block that ended at the read position,
// less its CRLF CRLF, holds at offset at, after a CRLF CRLF, the header of
// a record whose own block ends exactly where it does: the two records
// would share the CRLF CRLF that ends each, which a writer never makes, so
// the outer Content-Length takes in the records after it
// (#file-and-record-model). A header the Reader no longer holds
// (RewindBytes) cannot be told: false.
func (r *Reader) coversNext(at int64) bool {
	blockEnd := r.dec.pos() - 4
	b := r.dec.at(at, blockEnd)
	if b == nil {
		return false
	}
	n, lines := headerLen(b, r.limit())
	if n < 0 {
		return false
	}
	if _, err := r.inner.parse(string(b[:n]), lines); err != nil {
		return false
	}
	return r.inner.ContentLength == blockEnd-at-int64(n)
}

// finish skips what is left of rec's block and checks the record's end,
// and returns the error about rec if it broke.
func (r *Reader) finish(rec *Record) error { return r.close(rec, nil) }

// close skips what is left of rec's block and checks the record's end:
// its CRLF CRLF, that its block holds no record after it (coversNext),
// and, when its gzip member ends with it, the member's checksum. It
// returns the error about rec, if its end broke or broken (a fault of its
// header) is not nil, and accounts for it.
func (r *Reader) close(rec *Record, broken error) error {
	b := &rec.blk
	if b.err == nil && b.n > 0 {
		b.WriteTo(io.Discard)
	}
	berr, cause := b.err, b.cause
	b.err = errStale
	if berr != nil && berr != errStale {
		if r.inputFailed() {
			return r.readError(rec.Offset, r.in.err)
		}
		lost := r.resume()
		var e error
		switch cause {
		case io.EOF:
			e = fmt.Errorf("%w: the input ends %d bytes before the end of the block of Content-Length %d%s", ErrTruncated, b.n, rec.ContentLength, lost)
		case errCut:
			e = fmt.Errorf("%w: its gzip member ends %d bytes before the end of the block of Content-Length %d, and the next member is no more of it%s", ErrTruncated, b.n, rec.ContentLength, lost)
		}
		return r.fault(rec.Offset, rec.ID(), both(broken, e))
	}
	t, err := r.need(4, true)
	if string(t) != "\r\n\r\n" {
		if r.inputFailed() {
			return r.readError(rec.Offset, r.in.err)
		}
		var e error
		switch {
		case err == nil || string(t) != "\r\n\r\n"[:len(t)]:
			e = fmt.Errorf("%w: the block of Content-Length %d is followed by %q, not CRLF CRLF", ErrLength, rec.ContentLength, t)
		case err == io.EOF:
			e = fmt.Errorf("%w: the input ends before the CRLF CRLF that ends the record", ErrTruncated)
		case err == errCut:
			e = fmt.Errorf("%w: its gzip member ends before the CRLF CRLF that ends the record, and the next member is no more of it", ErrTruncated)
		}
		e = fmt.Errorf("%w%s", e, r.resume())
		return r.fault(rec.Offset, rec.ID(), both(broken, e))
	}
	r.dec.discard(4)
	if at := r.watch.last; at >= 0 && r.coversNext(at) {
		e := fmt.Errorf("%w: its block holds, at offset %d, the header of a record whose block ends where its own does: its Content-Length of %d takes in the records after it", ErrLength, at, rec.ContentLength)
		r.resume()
		return r.fault(rec.Offset, rec.ID(), both(broken, e))
	}
	end := r.dec.pos()
	if r.gzipped && r.dec.buffered() == 0 {
		// Does the record's member end with it? Then its trailer is
		// checked now.
		switch err := r.dec.ensure(1); {
		case err == nil:
		case r.inputFailed():
			return r.readError(rec.Offset, r.in.err)
		case memberEnd(err):
			r.closeMember()
		default:
			// The member breaks after the record: its bytes cannot be
			// checked.
			return r.fault(rec.Offset, rec.ID(), broken)
		}
	}
	if r.badMember(rec.Offset, end) {
		broken = both(broken, fmt.Errorf("%w: the gzip member that holds it fails its checksum (CRC-32 or ISIZE, RFC 1952 section 2.3.1)", ErrGzip))
	}
	r.dec.clearMark()
	if broken != nil {
		e := &Error{rec.Offset, end - rec.Offset, rec.MemberOffset, r.memberLength(rec.Offset, end), rec.ID(), fmt.Errorf("%w (%s)", broken, r.skipped(rec.Offset, end))}
		r.account(rec.Offset, end)
		return e
	}
	rec.MemberLength = r.memberLength(rec.Offset, end)
	r.account(rec.Offset, end)
	return nil
}

// both returns the two faults of a record as one error, or the one that
// is not nil.
func both(a, b error) error {
	switch {
	case a == nil:
		return b
	case b == nil:
		return a
	}
	return fmt.Errorf("%w; and %w", a, b)
}

// badMember reports whether a gzip member that holds some of the decoded
// bytes from `from` to `to` failed its checksum.
func (r *Reader) badMember(from, to int64) bool {
	for _, m := range r.members {
		if m.bad && m.dec < to && m.decEnd > from {
			return true
		}
	}
	return false
}
