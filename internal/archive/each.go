// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package archive

import (
	"errors"
	"io"

	"github.com/mimesniff/mimesniff/internal/warc"
)

// Each reads every record of the WARC file r, plain or gzip, and calls fn
// with each outcome, in the order of the file, until fn returns false:
//
//   - fn(a, nil) for a record, answered (a.Kind is Sniffed, Revisit or
//     Continuation) or skipped (Skipped);
//   - fn(a, err) for a record that could not be answered (err is an
//     *Error) or whose end is broken (a *warc.Error: ErrLength,
//     ErrTruncated, ErrGzip), with the record's fields in a;
//   - fn(nil, err) for a *warc.Error that is about no record read: bytes
//     between records, a header that cannot be read, an input that is no
//     WARC file.
//
// A record has one outcome. The reader finds an error about a record's end
// only when it moves to the next record, so each record's outcome is held
// until then: a record whose Content-Length is wrong may have been read
// with bytes that are not its own, and gets the error, not an answer. *a
// is valid until fn returns, and reused.
//
// Reading goes on after every error but one of the underlying reader, which
// Each returns; it returns nil at the end of r.
func (s *Sniffer) Each(r io.Reader, fn func(a *Answer, err error) bool) error {
	wr := warc.NewReader(r)
	var a Answer
	var aerr error
	held := false
	for {
		rec, err := wr.Next()
		if held {
			held = false
			if endOf(&a, err) {
				// The end of the held record is broken: its error
				// replaces its answer.
				if !fn(&a, err) {
					return nil
				}
				continue
			}
			if !fn(&a, aerr) {
				return nil
			}
		}
		switch {
		case err == io.EOF:
			return nil
		case err != nil:
			var we *warc.Error
			if !errors.As(err, &we) {
				return err
			}
			if !fn(nil, err) {
				return nil
			}
			continue
		}
		aerr = s.Answer(rec, &a)
		held = true
	}
}

// endOf reports whether err, returned by the Next after the record of a,
// is about that record: an error about its end (at its offset), or a
// corrupt gzip member, such as a wrong checksum, that held it (found when
// the member's end is read, after the record). In a member that holds
// several records (a file gzipped whole), only the last is so reported.
func endOf(a *Answer, err error) bool {
	if err == nil {
		return false
	}
	var we *warc.Error
	if !errors.As(err, &we) {
		return false
	}
	return we.Offset == a.Offset && we.MemberOffset == a.MemberOffset ||
		a.MemberOffset >= 0 && we.MemberOffset == a.MemberOffset && errors.Is(err, warc.ErrGzip)
}
