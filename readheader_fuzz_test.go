// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff_test

import (
	"bytes"
	"errors"
	"io"
	"testing"

	"github.com/mimesniff/mimesniff"
)

var errTransient = errors.New("transient read error")

// FuzzReadHeader checks that no byte is ever lost or reordered, whatever the
// sizes of the reads and wherever a read fails: the header is the first
// min(n, HeaderSize) bytes (or those before the failure), and the body
// yields every byte.
func FuzzReadHeader(f *testing.F) {
	f.Add([]byte("hello"), []byte{0, 1, 2}, -1)
	f.Add(bytes.Repeat([]byte("abcdefgh"), 200), []byte{63, 7}, 1000)
	f.Add(bytes.Repeat([]byte{1}, mimesniff.HeaderSize), []byte{}, mimesniff.HeaderSize)
	f.Add([]byte{}, []byte{5}, 0)
	f.Fuzz(func(t *testing.T, data, sizes []byte, failAt int) {
		if failAt > len(data) {
			failAt = -1
		}
		want := bytes.Clone(data)
		r := &fuzzReader{data: data, sizes: sizes, failAt: failAt}
		header, body, err := mimesniff.ReadHeader(r)
		n := min(len(want), mimesniff.HeaderSize)
		if failAt >= 0 && failAt < n || failAt == n && n < mimesniff.HeaderSize {
			// The failure comes before the header is complete.
			if err != errTransient || !bytes.Equal(header, want[:failAt]) {
				t.Fatalf("ReadHeader = %d bytes, %v; want %d bytes, %v", len(header), err, failAt, errTransient)
			}
		} else if err != nil || !bytes.Equal(header, want[:n]) {
			t.Fatalf("ReadHeader = %d bytes, %v; want %d bytes", len(header), err, n)
		}
		if r.maxEnd > mimesniff.HeaderSize || r.pos > n {
			t.Fatalf("ReadHeader asked for bytes up to %d and read %d: more than the %d it needs", r.maxEnd, r.pos, n)
		}
		// Read the body to the end, going on after the one transient
		// failure if it comes after the header.
		got, err := io.ReadAll(body)
		if err == errTransient {
			var rest []byte
			rest, err = io.ReadAll(body)
			got = append(got, rest...)
		}
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("body yields %d bytes, want the %d of the input", len(got), len(want))
		}
	})
}

// fuzzReader returns data in reads whose sizes come from sizes, in turn,
// each between 0 (an empty read, at most three in a row) and 63; it fails
// once, with errTransient, when the first failAt bytes have been returned
// (if failAt >= 0), and goes on normally after that. maxEnd is the furthest
// offset a read has asked for.
type fuzzReader struct {
	data   []byte
	sizes  []byte
	next   int
	pos    int
	failAt int
	failed bool
	empty  int
	maxEnd int
}

func (r *fuzzReader) Read(p []byte) (int, error) {
	r.maxEnd = max(r.maxEnd, r.pos+len(p))
	if r.failAt == r.pos && !r.failed {
		r.failed = true
		return 0, errTransient
	}
	if r.pos == len(r.data) {
		return 0, io.EOF
	}
	n := len(p)
	if len(r.sizes) > 0 {
		n = min(n, int(r.sizes[r.next%len(r.sizes)])%64)
		r.next++
	}
	if n == 0 && r.empty == 3 {
		n = 1
	}
	if !r.failed && r.failAt > r.pos {
		n = min(n, r.failAt-r.pos)
	}
	n = copy(p[:n], r.data[r.pos:])
	if n == 0 {
		r.empty++
	} else {
		r.empty = 0
	}
	r.pos += n
	return n, nil
}
