// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package warc

import (
	"errors"
	"io"
)

var errStale = errors.New("warc: read of a block after Next")

// block reads a record's block from the decoded stream, and has the
// Reader look at what it reads (lookBlock).
type block struct {
	r     *Reader
	n     int64 // bytes left
	err   error // sticky: io.ErrUnexpectedEOF, a decoding error, errStale
	cause error // what stopped the stream, when err is set by it
}

// stop records that the stream stopped before the block's end, for err.
func (b *block) stop(err error) {
	b.cause, b.err = err, err
	if err == io.EOF || err == errCut {
		b.err = io.ErrUnexpectedEOF
	}
}

func (b *block) Read(p []byte) (int, error) {
	if b.err != nil {
		return 0, b.err
	}
	if b.n <= 0 {
		return 0, io.EOF
	}
	buf, err := b.r.avail(1, true)
	if len(buf) == 0 {
		b.stop(err)
		return 0, b.err
	}
	if int64(len(p)) > b.n {
		p = p[:b.n]
	}
	n := copy(p, buf)
	b.r.dec.discard(n)
	b.n -= int64(n)
	b.r.lookBlock()
	return n, nil
}

// WriteTo writes what is left of the block to w straight from the
// decoded stream's buffer, sparing io.Copy's copy into a buffer of its
// own.
func (b *block) WriteTo(w io.Writer) (int64, error) {
	var written int64
	for b.err == nil && b.n > 0 {
		buf, err := b.r.avail(1, true)
		if len(buf) == 0 {
			b.stop(err)
			break
		}
		k := int(min(int64(len(buf)), b.n))
		n, werr := w.Write(buf[:k])
		b.r.dec.discard(n)
		b.n -= int64(n)
		written += int64(n)
		b.r.lookBlock()
		if werr != nil {
			return written, werr
		}
	}
	if b.n > 0 || b.err == errStale {
		return written, b.err
	}
	return written, nil
}
