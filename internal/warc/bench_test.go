// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package warc_test

import (
	"bytes"
	"compress/gzip"
	"io"
	"runtime"
	"strconv"
	"testing"

	"github.com/mimesniff/mimesniff/internal/warc"
	"github.com/mimesniff/mimesniff/internal/warc/warctest"
)

// crawl returns n copies of the small crawl, 7 records each.
func crawl(n int) []warctest.Rec {
	var recs []warctest.Rec
	for i := range n {
		recs = append(recs, warctest.Capture("1.1", 7*i+1)...)
	}
	return recs
}

// readAll reads every record of data, draining its block, and returns the
// decoded bytes and records read.
func readAll(b *testing.B, data []byte) (decoded int64, records int) {
	r := warc.NewReader(bytes.NewReader(data))
	for {
		rec, err := r.Next()
		if err == io.EOF {
			return decoded, records
		}
		if err != nil {
			b.Fatal(err)
		}
		n, _ := io.Copy(io.Discard, rec.Block)
		decoded += n
		records++
	}
}

func BenchmarkReader(b *testing.B) {
	recs := crawl(1000)
	plain := warctest.Plain(recs...)
	for _, bb := range []struct {
		name string
		data []byte
	}{
		{"plain", plain},
		{"per-record-gzip", warctest.PerRecord(recs...)},
		{"whole-gzip", warctest.Gzip(plain)},
	} {
		b.Run(bb.name, func(b *testing.B) {
			b.SetBytes(int64(len(plain)))
			b.ReportAllocs()
			records := 0
			for b.Loop() {
				_, records = readAll(b, bb.data)
			}
			b.ReportMetric(float64(records)*float64(b.N)/b.Elapsed().Seconds(), "records/s")
		})
	}
}

// BenchmarkGzip is the floor for the gzip cases of BenchmarkReader:
// compress/gzip alone decoding the same per-record file.
func BenchmarkGzip(b *testing.B) {
	recs := crawl(1000)
	plain := warctest.Plain(recs...)
	data := warctest.PerRecord(recs...)
	b.SetBytes(int64(len(plain)))
	for b.Loop() {
		z, err := gzip.NewReader(bytes.NewReader(data))
		if err != nil {
			b.Fatal(err)
		}
		io.Copy(io.Discard, z)
	}
}

// TestHugeBlock reads a record whose block is 10 GiB, never held in
// memory, and checks that the reader allocates no more for it than for a
// small one.
func TestHugeBlock(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 10 GiB")
	}
	const size = 10 << 30
	head := "WARC/1.1\r\nWARC-Type: resource\r\nWARC-Record-ID: " + warctest.ID(1) + "\r\nWARC-Date: " + warctest.Date + "\r\nContent-Length: " + strconv.Itoa(size) + "\r\n\r\n"
	tail := warctest.Plain(warctest.Capture("1.1", 2)[5])
	in := io.MultiReader(bytes.NewReader([]byte(head)), warctest.Zeros(size), bytes.NewReader([]byte("\r\n\r\n")), bytes.NewReader(tail))
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	r := warc.NewReader(in)
	var got []string
	for {
		rec, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		n, err := io.Copy(io.Discard, rec.Block)
		got = append(got, rec.Type()+" "+strconv.FormatInt(n, 10)+" "+strconv.FormatBool(err == nil))
	}
	runtime.ReadMemStats(&after)
	if want := "[resource 10737418240 true resource 27 true]"; "["+got[0]+" "+got[1]+"]" != want {
		t.Errorf("records = %v, want %s", got, want)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 1<<20 {
		t.Errorf("reading a 10 GiB block allocated %d bytes, want at most 1 MiB", alloc)
	}
}
