// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package warc

import "strconv"

// A ledger accounts for the input's bytes as Next returns them: dec and
// in are the offsets, in the decoded stream and in the input, up to
// which every byte is in a record or an error returned.
type ledger struct {
	dec, in     int64
	unaccounted int64
	closed      bool // the input's end was accounted for
}

// Unaccounted returns how many bytes of the input read so far are in no
// record nor error that Next returned (a gzip member's bytes are in them
// when all of its decoded bytes are): before the end, the bytes of the
// record being read at least. Once Next has returned io.EOF at the end of
// the input it is 0, unless the Reader has a bug; after ErrNotWARC or
// ErrRead, it counts what was read.
func (r *Reader) Unaccounted() int64 {
	l := &r.ledger
	if l.closed {
		return l.unaccounted
	}
	done := l.dec
	if r.gzipped {
		done = l.in
	}
	return l.unaccounted + abs(r.in.end()-done)
}

func abs(n int64) int64 {
	if n < 0 {
		return -n
	}
	return n
}

// account records that the decoded bytes from `from` to `to` are in what
// Next returned (a record or an error), and with them the gzip members
// whose decoded bytes all are. A byte skipped or counted twice is
// unaccounted for.
func (r *Reader) account(from, to int64) {
	r.cutAt = -1
	l := &r.ledger
	l.unaccounted += abs(from - l.dec)
	l.dec = to
	n := 0
	for _, m := range r.members {
		if m.inEnd < 0 || m.decEnd > l.dec {
			break
		}
		l.unaccounted += abs(m.in - l.in)
		l.in = m.inEnd
		n++
	}
	if n > 0 {
		r.members = append(r.members[:0], r.members[n:]...)
	}
}

// accountGap records that the input bytes from `from` to `to`, which are
// no member, are in an error returned.
func (r *Reader) accountGap(from, to int64) {
	l := &r.ledger
	l.unaccounted += abs(from - l.in)
	l.in = to
}

// memberOffset returns the input offset of the gzip member that holds the
// decoded offset p (the member being decoded if p is past what any holds),
// or -1 for a plain input.
func (r *Reader) memberOffset(p int64) int64 {
	if !r.gzipped {
		return -1
	}
	for _, m := range r.members {
		if m.dec <= p && (m.decEnd < 0 || p < m.decEnd) {
			return m.in
		}
	}
	if len(r.members) > 0 {
		return r.members[len(r.members)-1].in
	}
	return r.in.pos()
}

// memberLength returns the length in the input of the gzip members that
// hold exactly the decoded bytes from `from` to `to`: from the start of
// the member whose first byte is at from to the end of the member whose
// last byte is at to-1. It returns 0 when the bytes do not start and end
// with members (they share a member with other records), when that is
// not known yet, or for a plain input.
func (r *Reader) memberLength(from, to int64) int64 {
	start := int64(-1)
	for _, m := range r.members {
		if m.dec == m.decEnd {
			continue // holds no byte
		}
		if m.dec == from {
			start = m.in
		}
		if start >= 0 && m.decEnd == to {
			return m.inEnd - start
		}
	}
	return 0
}

// span returns the bytes from `from` to `to` (exclusive) as a range, its
// last byte included, as HTTP writes one
// (https://www.rfc-editor.org/rfc/rfc9110#section-14.4).
func span(from, to int64) string {
	if to <= from {
		return "none"
	}
	return strconv.FormatInt(from, 10) + "-" + strconv.FormatInt(to-1, 10)
}

// skipped returns how the message of an error says which decoded bytes
// it covers.
func (r *Reader) skipped(from, to int64) string {
	if r.gzipped {
		return "decoded bytes " + span(from, to) + " skipped"
	}
	return "bytes " + span(from, to) + " skipped"
}
