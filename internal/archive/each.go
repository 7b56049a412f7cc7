// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package archive

import (
	"errors"
	"io"

	"github.com/mimesniff/mimesniff/internal/warc"
)

// An Account is where the bytes of an archive went, once Each has read it.
type Account struct {
	// Bytes is how many bytes Each read from the archive.
	Bytes int64
	// Unaccounted is how many of them are in no outcome: not in a record,
	// answered or not, nor in an error (warc.Reader.Unaccounted). It is
	// 0 for an archive read to its end, but for a bug of the reader.
	Unaccounted int64
	// Complete reports whether the archive was read to its end: not if
	// fn stopped Each, the input failed (warc.ErrRead) or is not a WARC
	// file (warc.ErrNotWARC).
	Complete bool
}

// Each reads every record of the WARC file r, plain or gzip, and calls fn
// with each outcome, in the order of the file, until fn returns false:
//
//   - fn(a, nil) for a record, answered (a.Kind is Sniffed, Revisit or
//     Continuation) or skipped (Skipped);
//   - fn(a, err) for a record that could not be answered (err is an
//     *Error) or that broke (a *warc.Error: ErrLength, ErrTruncated,
//     ErrGzip), with the record's fields in a, and its offsets those of
//     the bytes the error covers;
//   - fn(nil, err) for a *warc.Error that is about no record read: bytes
//     between records, a header that cannot be read, a gzip member that
//     cannot be decoded, an input that is no WARC file or cannot be read.
//
// A record has one outcome. The reader finds that a record broke at its
// end only when it moves to the next record, and gives the record's
// MemberLength then, so each record's outcome is held until then: a
// record whose Content-Length is wrong may have been read with bytes that
// are not its own, and gets the error, not an answer. *a is valid until
// fn returns, and reused.
//
// Reading goes on after every error but warc.ErrNotWARC and warc.ErrRead.
// Each returns where the archive's bytes went, and the warc.ErrRead error
// if the input failed (given to fn too).
func (s *Sniffer) Each(r io.Reader, fn func(a *Answer, err error) bool) (Account, error) {
	cr := &countingReader{r: r}
	wr := warc.NewReader(cr)
	var acct Account
	var a Answer
	var aerr, readErr error
	notWARC := false
	var held *warc.Record
	for {
		rec, err := wr.Next()
		if held != nil {
			if endOf(&a, err) {
				// The held record broke: its error, and the bytes it
				// covers, replace its answer.
				we := err.(*warc.Error)
				a.Length, a.MemberLength = we.Length, we.MemberLength
				held = nil
				if !fn(&a, err) {
					break
				}
				continue
			}
			a.MemberLength = held.MemberLength
			held = nil
			if !fn(&a, aerr) {
				break
			}
		}
		if err == io.EOF {
			acct.Complete = readErr == nil && !notWARC
			break
		}
		if err != nil {
			var we *warc.Error
			if !errors.As(err, &we) {
				return acct, err
			}
			if errors.Is(err, warc.ErrRead) {
				readErr = err
			}
			notWARC = notWARC || errors.Is(err, warc.ErrNotWARC)
			if !fn(nil, err) {
				break
			}
			continue
		}
		aerr = s.Answer(rec, &a)
		held = rec
	}
	acct.Bytes, acct.Unaccounted = cr.n, wr.Unaccounted()
	return acct, readErr
}

// endOf reports whether err, returned by the Next after the record of a,
// is about that record: an error about its end, which has its offset.
func endOf(a *Answer, err error) bool {
	we, ok := err.(*warc.Error)
	return ok && we.Offset == a.Offset && we.MemberOffset == a.MemberOffset
}

// countingReader counts the bytes read from r.
type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}
