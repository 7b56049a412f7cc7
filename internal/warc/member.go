// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package warc

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
)

// gzipMagic is how a gzip member starts: ID1, ID2 and CM, the compression
// method, 8 for deflate, the only one RFC 1952 defines
// (https://www.rfc-editor.org/rfc/rfc1952#section-2.3.1).
var gzipMagic = []byte{0x1f, 0x8b, 8}

// isMember reports whether b starts like a gzip member: ID1, ID2 and the
// deflate method (RFC 1952, section 2.3.1).
func isMember(b []byte) bool {
	return len(b) >= len(gzipMagic) && b[0] == gzipMagic[0] && b[1] == gzipMagic[1] && b[2] == gzipMagic[2]
}

// A memberSpan is where a gzip member is, in the input and in the decoded
// stream; the ends are -1 until the member's end is read.
type memberSpan struct {
	in, inEnd   int64
	dec, decEnd int64
	bad         bool // its trailer's checksum is not its bytes'
}

// errNoMember: the bytes where a gzip member should start are not one.
var errNoMember = errors.New("no gzip member starts here")

// startMember starts decoding the gzip member at the input's read
// position. It returns io.EOF at the end of the input, errNoMember if the
// bytes there do not start like a member (the input is left at them), and
// an error of the input. A member whose header is bad is started all the
// same, and the decoded stream returns the header's error: it is a
// member that cannot be decoded, handled as such (memberFault).
func (r *Reader) startMember() error {
	r.member.sync()
	at := r.in.pos()
	b, err := r.in.peek(len(gzipMagic))
	switch {
	case len(b) == 0 && err == io.EOF:
		return io.EOF
	case err != nil && err != io.EOF:
		return err
	case !isMember(b):
		return errNoMember
	}
	flags, _ := r.in.peek(4)
	// Keep the member's bytes, from the one after its start: if it
	// breaks, the next member is looked for in them (memberFault).
	r.in.setMark(at + 1)
	r.member.begin(at)
	r.members = append(r.members, memberSpan{in: at, inEnd: -1, dec: r.dec.end(), decEnd: -1})
	r.dec.clearErr()
	if len(flags) == 4 && flags[3]&reservedFlags != 0 {
		r.dec.err = &headerError{errReservedFlags}
		return nil
	}
	if err := r.gz.Reset(&r.member); err != nil {
		if r.inputFailed() {
			return r.in.err
		}
		r.dec.err = &headerError{err}
		return nil
	}
	r.gz.Multistream(false)
	return nil
}

// decoded is the source of a Reader's decoded stream: the member being
// decoded, whose checksum error is one of a member cut short (errOverrun)
// when a member header lies in the bytes its decoder took.
type decoded struct{ r *Reader }

func (d decoded) Read(p []byte) (int, error) {
	n, err := d.r.gz.Read(p)
	if err == gzip.ErrChecksum && d.r.overran() {
		err = errOverrun
	}
	return n, err
}

// overran reports whether a gzip member header lies in the bytes of the
// member being decoded after its first, as far as they were read.
func (r *Reader) overran() bool {
	m := &r.member
	from := max(m.from+1, r.in.marked())
	b := r.in.at(from, r.in.pos()+int64(m.i))
	return bytes.Contains(b, gzipMagic)
}

// errOverrun: a member whose trailer does not match, with a member header
// in the bytes its decoder took: it was cut short, and its decoder read
// on into the next member until what it took for a trailer.
var errOverrun = errors.New("its checksum fails, and a member header lies in its bytes")

// A headerError is the error of a gzip member whose header cannot be read.
type headerError struct{ err error }

func (e *headerError) Error() string { return "gzip header: " + e.err.Error() }
func (e *headerError) Unwrap() error { return e.err }

// reservedFlags are the bits of a gzip header's FLG byte that RFC 1952
// reserves: "A compliant decompressor must give an error indication if any
// reserved bit is non-zero, since such a bit could indicate the presence
// of a new field that would cause subsequent data to be interpreted
// incorrectly" (section 2.3.1.2). compress/gzip does not check them.
const reservedFlags = 0xe0

var errReservedFlags = errors.New("reserved flag bits set (RFC 1952, section 2.3.1.2)")

// memberEnd reports whether err, the decoded stream's, says that the
// member being decoded ended: io.EOF after a good trailer, or
// gzip.ErrChecksum after one whose CRC-32 or ISIZE is not the decoded
// bytes' (RFC 1952, section 2.3.1).
func memberEnd(err error) bool { return err == io.EOF || err == gzip.ErrChecksum }

// closeMember records where the member being decoded ended, once the
// decoded stream has said so (memberEnd) or it cannot be decoded on.
func (r *Reader) closeMember() {
	if len(r.members) == 0 {
		return
	}
	m := &r.members[len(r.members)-1]
	if m.inEnd >= 0 {
		return
	}
	r.member.sync()
	m.inEnd, m.decEnd = r.in.pos(), r.dec.end()
	m.bad = r.dec.err == gzip.ErrChecksum
}

// memberFault handles a gzip member that cannot be decoded on: bad data, a
// header that cannot be read, an end before its trailer. It finds the
// next member that inflates to "WARC/" (rescan), from the first byte after
// the broken member's start that the input still holds (it keeps them,
// RewindBytes of them at most); the broken member ends there, and the
// next one is started. It returns the broken member,
// whether it was cut short rather than corrupt (its data ends at the
// input's end, or a member that inflates to "WARC/" starts among the bytes
// its decoder took), and io.EOF when no member follows.
//
// Bytes the broken member's decoder gave are the decoded stream's: the
// fault that stopped at them covers them (Reader.fault).
func (r *Reader) memberFault() (memberSpan, bool, error) {
	cause := r.dec.err
	r.faultCause = cause
	r.member.sync()
	failed := r.in.pos()
	m := &r.members[len(r.members)-1]
	r.dec.discard(r.dec.buffered())
	next, err := r.rescan(max(r.member.from+1, r.in.marked()))
	m.inEnd, m.decEnd = next, r.dec.end()
	broken := *m
	truncated := errors.Is(cause, io.ErrUnexpectedEOF) || next < failed
	if err != nil {
		// Nothing follows: the decoded stream ends with the member.
		r.dec.err = io.EOF
		return broken, truncated, err
	}
	return broken, truncated, r.startMember()
}

// noMember handles bytes of the input, at its read position, that are no
// gzip member: it finds the next member that inflates to "WARC/" (rescan)
// and starts it. It returns where that member starts (the input's end,
// with io.EOF, if none does).
func (r *Reader) noMember() (int64, error) {
	next, err := r.rescan(r.in.pos())
	if err != nil {
		return next, err
	}
	return next, r.startMember()
}

// rescan looks in the input, from the offset from (or the oldest byte the
// input still holds after it), for the next gzip member header whose
// member inflates to "WARC/", as a record-at-time compressed file's
// members do (Annex D,
// https://iipc.github.io/warc-specifications/specifications/warc-format/warc-1.1/#record-at-time-compression),
// and leaves the input there, not started. A member that does not (one
// that holds no record, a false header in compressed bytes) is passed
// over: after a fault, only a record's start is trusted. It returns the
// offset found, or the input's end with io.EOF.
func (r *Reader) rescan(from int64) (int64, error) {
	r.member.sync()
	if !r.in.seek(from) {
		r.in.seek(max(r.in.marked(), r.in.pos()))
	}
	for {
		at, err := r.findMagic()
		if err != nil {
			return r.in.pos(), err
		}
		if r.tryMember(at) {
			r.in.seek(at)
			r.in.clearMark()
			return at, nil
		}
		if !r.in.seek(at + 1) {
			// The trial read past what the input could keep.
			r.in.seek(max(r.in.marked(), r.in.pos()))
		}
	}
}

// findMagic discards input up to the next gzip member header, and marks
// it; at the end of the input it discards all and returns io.EOF.
func (r *Reader) findMagic() (int64, error) {
	for {
		b, err := r.in.peek(max(r.in.buffered(), len(gzipMagic)))
		if i := bytes.Index(b, gzipMagic); i >= 0 {
			r.in.discard(i)
			at := r.in.pos()
			r.in.setMark(at)
			return at, nil
		}
		if err != nil {
			r.in.discard(len(b))
			if err == errFull {
				continue
			}
			return r.in.pos(), err
		}
		// A header may start in the last two bytes.
		r.in.discard(len(b) - (len(gzipMagic) - 1))
	}
}

// tryMember reports whether the gzip member whose header is at the
// input's read position, at, inflates to "WARC/". It leaves the input
// where the trial stopped, marked from at.
func (r *Reader) tryMember(at int64) bool {
	if b, _ := r.in.peek(4); len(b) < 4 || b[3]&reservedFlags != 0 {
		return false
	}
	r.member.begin(at)
	defer r.member.sync()
	if err := r.gz.Reset(&r.member); err != nil {
		return false
	}
	r.gz.Multistream(false)
	n, _ := io.ReadFull(r.gz, r.trial[:])
	return n == len(r.trial) && string(r.trial[:]) == "WARC/"
}

// Gunzip decodes every gzip member of r to w as a Reader decodes them,
// through a memberInput, and returns how many bytes it wrote. It is the
// floor a Reader's speed is measured against beside compress/gzip's
// default reading (tools/warcs/speed.sh): the decoding alone, none of
// the reading of records.
func Gunzip(w io.Writer, r io.Reader) (int64, error) {
	m := &memberInput{in: newWindow(r, bufferSize, bufferSize)}
	z, err := gzip.NewReader(m)
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
	in  *window
	buf []byte // in's buffered bytes, peeked
	// i is how many of buf were handed out: unsigned, which spares
	// ReadByte a bounds check (18 instructions a byte, against 20 with
	// an int and bufio.Reader.ReadByte's 26).
	i uint

	from int64 // where the member being read starts in the input
}

// begin starts a member at the input offset at.
func (m *memberInput) begin(at int64) { m.from = at }

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
	if _, err := m.in.peek(1); err != nil {
		return err
	}
	m.buf = m.in.bytes()
	return nil
}

// sync consumes from in the bytes handed out.
func (m *memberInput) sync() {
	m.in.discard(int(m.i))
	m.buf, m.i = nil, 0
}
