// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package warc

import (
	"errors"
	"io"
)

// A window is a buffered reader that can go back: besides what
// bufio.Reader does (Peek, Discard, Read), it keeps the bytes read since a
// mark, up to a bound, so that the reader can read them again after a
// fault and look in them for the record (or gzip member) it skipped. A
// Reader has two: one over its input, and for a gzip input one over the
// decoded bytes.
//
// Its offsets are of the stream it reads, from 0 at its start: pos is the
// offset of the next byte to read, and a byte stays in the buffer, for
// seek, from the mark on. With no mark, bytes read are let go at the next
// fill, as bufio.Reader lets them go.
type window struct {
	src  io.Reader
	buf  []byte
	r, w int   // buf[r:w] is unread
	mark int   // buf[mark:r] is kept for seek; -1: no mark
	off  int64 // the stream offset of buf[0]
	err  error // what src returned last with no bytes: io.EOF or another error, until clearErr
	max  int   // the size the buffer may grow to, keeping marked bytes

	// dropped is set when kept bytes had to be let go because they
	// passed max: seek can no longer reach the mark.
	dropped bool
}

// newWindow returns a window of src with a buffer of size bytes, which
// may grow to max to keep marked bytes.
func newWindow(src io.Reader, size, max int) *window {
	return &window{src: src, buf: make([]byte, size), mark: -1, max: max}
}

// pos returns the stream offset of the next byte to read.
func (w *window) pos() int64 { return w.off + int64(w.r) }

// end returns the stream offset just past the last byte buffered: how
// many bytes were read from src, counting from the window's start.
func (w *window) end() int64 { return w.off + int64(w.w) }

// buffered returns how many bytes can be read without reading src.
func (w *window) buffered() int { return w.w - w.r }

// setMark keeps the bytes from stream offset at for seek, replacing any
// mark: bytes already read back to at if the buffer still holds them (if
// it does not, the mark is at the oldest it holds, and dropped is set),
// or, for an offset not read yet, every byte from the read position on.
func (w *window) setMark(at int64) {
	w.dropped = false
	if at < w.off {
		at, w.dropped = w.off, true
	}
	w.mark = int(min(at-w.off, int64(w.w)))
}

// clearMark lets the kept bytes go.
func (w *window) clearMark() { w.mark, w.dropped = -1, false }

// marked returns the stream offset of the first byte kept, or -1 when
// there is no mark.
func (w *window) marked() int64 {
	if w.mark < 0 {
		return -1
	}
	return w.off + int64(w.mark)
}

// seek moves the read position to stream offset to, which must be
// buffered: kept since the mark, or not yet read. It reports whether it
// could.
func (w *window) seek(to int64) bool {
	i := to - w.off
	low := int64(w.kept())
	if i < low || i > int64(w.w) {
		return false
	}
	w.r = int(i)
	return true
}

// kept returns the index in buf of the first byte that must stay: the
// mark, or the read position if it comes first.
func (w *window) kept() int {
	if w.mark >= 0 && w.mark < w.r {
		return w.mark
	}
	return w.r
}

// clearErr forgets the error src returned, so that the next fill reads
// src again: for a source that ends more than once (a gzip member after
// another), after src has been moved on.
func (w *window) clearErr() { w.err = nil }

// fill reads more of src into the buffer: it slides what must stay (the
// unread bytes, and the kept ones) to its start, grows it when they leave
// less than a quarter of it free (up to max, past which the older half of
// the kept bytes is let go), and reads src once or more, until a read
// gives bytes or an error.
func (w *window) fill() {
	w.slide(w.kept())
	if len(w.buf)-w.w < len(w.buf)/4 {
		if len(w.buf) < w.max {
			nb := make([]byte, min(2*len(w.buf), w.max))
			copy(nb, w.buf[:w.w])
			w.buf = nb
		} else if w.mark >= 0 && w.mark < w.r {
			w.mark += max((w.r-w.mark)/2, 1)
			w.dropped = true
			w.slide(w.mark)
		}
	}
	if w.w == len(w.buf) {
		return // full of unread bytes
	}
	for range 100 {
		n, err := w.src.Read(w.buf[w.w:])
		if n < 0 {
			panic(errNegativeRead)
		}
		w.w += n
		if err != nil {
			w.err = err
			return
		}
		if n > 0 {
			return
		}
	}
	w.err = io.ErrNoProgress
}

// slide moves buf[i:w] to the buffer's start.
func (w *window) slide(i int) {
	if i == 0 {
		return
	}
	copy(w.buf, w.buf[i:w.w])
	w.w -= i
	w.r -= i
	if w.mark >= 0 {
		w.mark -= i
	}
	w.off += int64(i)
}

var errNegativeRead = errors.New("warc: reader returned negative count from Read")

// ensure reads src until at least n bytes are buffered, and returns the
// error that stopped it short of them: the source's, or errFull when n
// is more than the buffer can grow to hold.
func (w *window) ensure(n int) error {
	for w.w-w.r < n {
		if w.err != nil {
			return w.err
		}
		if w.w-w.r >= w.max {
			return errFull
		}
		w.fill()
	}
	return nil
}

// bytes returns the buffered bytes, unread.
func (w *window) bytes() []byte { return w.buf[w.r:w.w] }

// peek returns the next n bytes without reading them, fewer with the
// error that stopped it (see ensure).
func (w *window) peek(n int) ([]byte, error) {
	err := w.ensure(n)
	if err == nil {
		return w.buf[w.r : w.r+n], nil
	}
	return w.buf[w.r:w.w], err
}

var errFull = errors.New("warc: window full")

// peekBuffered returns the bytes buffered, reading src only if there is
// none, and the error that left none.
func (w *window) peekBuffered() ([]byte, error) {
	if w.r == w.w {
		if w.err != nil {
			return nil, w.err
		}
		w.fill()
		if w.r == w.w {
			return nil, w.err
		}
	}
	return w.buf[w.r:w.w], nil
}

// discard skips n buffered bytes (n must not be more than buffered).
func (w *window) discard(n int) { w.r += n }

// Read reads into p from the buffer, filling it first if it is empty.
func (w *window) Read(p []byte) (int, error) {
	b, err := w.peekBuffered()
	if len(b) == 0 {
		return 0, err
	}
	n := copy(p, b)
	w.r += n
	return n, nil
}

// at returns the buffered bytes from stream offset from (which must be
// kept, or unread) to to, or nil when they are not all buffered.
func (w *window) at(from, to int64) []byte {
	i, j := from-w.off, to-w.off
	if i < 0 || j > int64(w.w) || i > j {
		return nil
	}
	return w.buf[i:j]
}
