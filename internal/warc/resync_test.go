// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package warc_test

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mimesniff/mimesniff/internal/warc"
	"github.com/mimesniff/mimesniff/internal/warc/warctest"
)

// chunkReader reads r n bytes at a time at most.
type chunkReader struct {
	r io.Reader
	n int
}

func (c chunkReader) Read(p []byte) (int, error) { return c.r.Read(p[:min(len(p), c.n)]) }

// TestAcrossReads reads two records with n bytes of junk between them,
// for lengths of junk near the start and around the reader's buffer (64
// KiB) and reads of 1, 7 and 4096 bytes at a time, so that the record (or, in a gzip
// file, the member) after the junk starts across two reads at every
// place: "WARC/" (or ID1 ID2 CM) split anywhere must still be found, and
// the junk must be one error of its exact bytes.
func TestAcrossReads(t *testing.T) {
	rec1, rec2 := warctest.Capture("1.1", 1)[5], warctest.Capture("1.1", 2)[5]
	// Lengths of every remainder by the strides in which the reader
	// looks (28 and 32 bytes with reads of 7), near the start and near
	// the buffer's end.
	var lengths []int
	for n := range 40 {
		lengths = append(lengths, n+1)
	}
	for n := 64<<10 - 40; n <= 64<<10+40; n++ {
		lengths = append(lengths, n)
	}
	for _, n := range lengths {
		junk := bytes.Repeat([]byte("x"), n)
		for _, tt := range []struct {
			name   string
			data   []byte
			gap    [2]int64 // the junk's offset and length, decoded
			member [2]int64 // and in the file, for gzip
		}{
			{"plain", nil, [2]int64{}, [2]int64{-1, 0}},
			{"gzip", nil, [2]int64{}, [2]int64{}},
		} {
			one := rec1.Bytes()
			switch tt.name {
			case "plain":
				tt.data = append(append(bytes.Clone(one), junk...), rec2.Bytes()...)
				tt.gap = [2]int64{int64(len(one)), int64(n)}
			case "gzip":
				z := warctest.Gzip(one)
				tt.data = append(append(bytes.Clone(z), junk...), warctest.Gzip(rec2.Bytes())...)
				tt.gap = [2]int64{int64(len(one)), 0}
				tt.member = [2]int64{int64(len(z)), int64(n)}
			}
			for _, chunk := range []int{1, 7, 4096} {
				if chunk == 1 && n > 4096 {
					continue // slow, and 7 splits it too
				}
				t.Run(fmt.Sprintf("%s/junk %d/reads of %d", tt.name, n, chunk), func(t *testing.T) {
					r := warc.NewReader(chunkReader{bytes.NewReader(tt.data), chunk})
					var got []string
					readEach(r, func(rec *warc.Record, err error) {
						if e, ok := err.(*warc.Error); ok {
							got = append(got, fmt.Sprintf("%s %d+%d member %d+%d", kind(err), e.Offset, e.Length, e.MemberOffset, e.MemberLength))
							return
						}
						got = append(got, rec.ID())
					})
					want := []string{warctest.ID(6), fmt.Sprintf("garbage %d+%d member %d+%d", tt.gap[0], tt.gap[1], tt.member[0], tt.member[1]), warctest.ID(7)}
					if diff := cmp.Diff(want, got); diff != "" || r.Unaccounted() != 0 {
						t.Errorf("read mismatch (-want +got), %d bytes unaccounted:\n%s", r.Unaccounted(), diff)
					}
				})
			}
		}
	}
}

// readEach calls fn with each record or error of r, until io.EOF.
func readEach(r *warc.Reader, fn func(*warc.Record, error)) {
	for {
		rec, err := r.Next()
		if err == io.EOF {
			return
		}
		fn(rec, err)
	}
}

// TestGzipMagic checks how a gzip member is told: by ID1 (31), ID2 (139)
// and CM 8, deflate, "the compression method ... customarily used by
// gzip" and the only one RFC 1952 defines (section 2.3.1). Three bytes
// that differ in any of these start no member: at the start of the input
// it is then no WARC file (it does not start with "WARC/" either);
// between members they are bytes between records, not a member that
// cannot be decoded.
func TestGzipMagic(t *testing.T) {
	rec := warctest.Capture("1.1", 1)[5]
	z := warctest.Gzip(rec.Bytes())
	with := func(magic string) []byte { return append([]byte(magic), z[3:]...) }
	for _, tt := range []struct {
		name string
		data []byte
		want []string
	}{
		{"a member", z, []string{"resource 6"}},
		{"method 7 first", with("\x1f\x8b\x07"), []string{`error not-warc: warc: offset 0: not a WARC file: input starts with "\x1f\x8b\a\x00\x00", not "WARC/" or a gzip member`}},
		{"ID2 0 first", with("\x1f\x00\x08"), []string{`error not-warc: warc: offset 0: not a WARC file: input starts with "\x1f\x00\b\x00\x00", not "WARC/" or a gzip member`}},
		{"ID1 0 first", with("\x00\x8b\x08"), []string{`error not-warc: warc: offset 0: not a WARC file: input starts with "\x00\x8b\b\x00\x00", not "WARC/" or a gzip member`}},
		{"method 7 between", append(append(bytes.Clone(z), with("\x1f\x8b\x07")...), z...), []string{"resource 6",
			fmt.Sprintf("error garbage: warc: gzip member at %d, offset %d: bytes between records: bytes %d-%d of the file skipped: no gzip member starts there", len(z), len(rec.Bytes()), len(z), 2*len(z)-1),
			"resource 6"}},
		{"ID2 0 between", append(append(bytes.Clone(z), with("\x1f\x00\x08")...), z...), []string{"resource 6",
			fmt.Sprintf("error garbage: warc: gzip member at %d, offset %d: bytes between records: bytes %d-%d of the file skipped: no gzip member starts there", len(z), len(rec.Bytes()), len(z), 2*len(z)-1),
			"resource 6"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			readEach(warc.NewReader(bytes.NewReader(tt.data)), func(rec *warc.Record, err error) {
				if err != nil {
					got = append(got, "error "+kind(err)+": "+err.Error())
					return
				}
				got = append(got, rec.Type()+number(rec.ID()))
			})
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("read mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

// TestLineEnds checks the line ends a header may have: CRLF, as WARC 1.1
// writes them (#file-and-record-model), or a bare LF, read as HTTP readers
// read one (RFC 9112, section 2.2: "a recipient MAY recognize a single LF
// as a line terminator"), for the header's lines and its blank line alike;
// the record still ends with CRLF CRLF. A CR alone ends no line: a
// version line so ended starts no record.
func TestLineEnds(t *testing.T) {
	rec := warctest.Capture("1.1", 1)[5]
	crlf := string(rec.Bytes())
	header, block, _ := strings.Cut(crlf, "\r\n\r\n")
	for _, tt := range []struct {
		name, data, want string
	}{
		{"CRLF", crlf, "resource 6"},
		{"LF blank line", header + "\r\n\n" + block + "\r\n\r\n" + "", "resource 6"},
		{"LF lines", strings.ReplaceAll(header, "\r\n", "\n") + "\n\n" + block + "\r\n\r\n", "resource 6"},
		{"CR lines", strings.ReplaceAll(header, "\r\n", "\r") + "\r\r" + block + "\r\n\r\n", "error header"},
		{"CR blank line", header + "\r\n\r" + block + "\r\n\r\n", "error header"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := first(warc.NewReader(strings.NewReader(tt.data))); got != tt.want {
				t.Errorf("read %s, want %s", got, tt.want)
			}
		})
	}
}
