// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package warc_test

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"testing"

	"github.com/mimesniff/mimesniff/internal/warc"
	"github.com/mimesniff/mimesniff/internal/warc/warctest"
)

// long reports whether the long cases run in full: with MIMESNIFF_LONG=1,
// as .ci/run may set it. Without it they run at a small scale.
func long() bool { return os.Getenv("MIMESNIFF_LONG") == "1" }

// gapsReader makes, as it is read, n small records each followed by one
// byte that starts no record.
type gapsReader struct {
	n, i int
	buf  bytes.Buffer
}

// gapRecord returns record i of a gapsReader, and its length.
func gapRecord(i int) []byte {
	return []byte("WARC/1.1\r\nWARC-Type: resource\r\nWARC-Record-ID: <urn:x:" + strconv.Itoa(i) + ">\r\nWARC-Date: " + warctest.Date + "\r\nContent-Length: 1\r\n\r\nx\r\n\r\n")
}

func (g *gapsReader) Read(p []byte) (int, error) {
	for g.buf.Len() < len(p) && g.i < g.n {
		g.buf.Write(gapRecord(g.i))
		g.buf.WriteByte('-')
		g.i++
	}
	if g.buf.Len() == 0 {
		return 0, io.EOF
	}
	return g.buf.Read(p)
}

// TestManyGaps reads records each followed by a byte that starts no
// record: 1,000,000 of them with MIMESNIFF_LONG=1, 20,000 otherwise. Each
// gap must be one error of exactly its byte, every record read, every
// byte accounted for; and reading must keep nothing for the gaps past:
// the memory allocated is about the same for each (it grows linearly with
// the input, not faster), and the heap at the end is a few records'.
func TestManyGaps(t *testing.T) {
	n := 20_000
	if long() {
		n = 1_000_000
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	r := warc.NewReader(&gapsReader{n: n})
	records, gaps := 0, 0
	var off int64
	var first error
	readEach(r, func(rec *warc.Record, err error) {
		switch e, _ := err.(*warc.Error); {
		case err == nil:
			if rec.Offset != off && first == nil {
				first = fmt.Errorf("record %d at %d, want %d", records, rec.Offset, off)
			}
			io.Copy(io.Discard, rec.Block)
			off += int64(len(gapRecord(records)))
			records++
		case e != nil && kind(err) == "garbage" && e.Offset == off && e.Length == 1:
			off++
			gaps++
		default:
			if first == nil {
				first = fmt.Errorf("at %d: %v", off, err)
			}
		}
	})
	runtime.ReadMemStats(&after)
	if first != nil {
		t.Fatal(first)
	}
	if records != n || gaps != n || r.Unaccounted() != 0 {
		t.Errorf("%d records, %d gaps, %d bytes unaccounted; want %d, %d, 0", records, gaps, r.Unaccounted(), n, n)
	}
	perGap := float64(after.TotalAlloc-before.TotalAlloc) / float64(n)
	runtime.GC()
	runtime.ReadMemStats(&after)
	t.Logf("%d records and %d gaps of 1 byte: %.0f bytes allocated a record and gap, heap %d kB at the end", records, gaps, perGap, after.HeapAlloc>>10)
	if perGap > 4<<10 {
		t.Errorf("%.0f bytes allocated a record and gap, want at most 4 KiB", perGap)
	}
	if after.HeapAlloc > before.HeapAlloc+8<<20 {
		t.Errorf("heap %d bytes at the end, %d before: the gaps past are kept", after.HeapAlloc, before.HeapAlloc)
	}
}

// TestPast4GiB reads a sparse file whose records are past 4 GiB, after a
// block of 4.25 GiB of zeros (a hole, with MIMESNIFF_LONG=1; 5 MiB
// otherwise): the offsets are exact past 2^32, a byte of junk there is one
// error of exactly it, every byte is accounted for, and the records after
// the hole, cut out of the file at their offsets, read as themselves.
func TestPast4GiB(t *testing.T) {
	size := int64(5 << 20)
	if long() {
		size = 4<<30 + 1<<28
	}
	name := filepath.Join(t.TempDir(), "sparse.warc")
	f, err := os.Create(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	before := warctest.Capture("1.1", 1)[5].Bytes()
	head := []byte("WARC/1.1\r\nWARC-Type: resource\r\nWARC-Record-ID: " + warctest.ID(2) + "\r\nWARC-Date: " + warctest.Date + "\r\nContent-Length: " + strconv.FormatInt(size, 10) + "\r\n\r\n")
	after := warctest.Capture("1.1", 3)[5].Bytes()
	hole := int64(len(before) + len(head))
	tail := append(append(append([]byte("\r\n\r\n"), after...), '-'), after...)
	for _, w := range []struct {
		at   int64
		data []byte
	}{{0, before}, {int64(len(before)), head}, {hole + size, tail}} {
		if _, err := f.WriteAt(w.data, w.at); err != nil {
			t.Fatal(err)
		}
	}
	type read struct {
		what           string
		offset, length int64
	}
	var got []read
	r := warc.NewReader(f)
	readEach(r, func(rec *warc.Record, err error) {
		if err != nil {
			e := err.(*warc.Error)
			got = append(got, read{kind(err), e.Offset, e.Length})
			return
		}
		got = append(got, read{rec.ID(), rec.Offset, rec.Length})
	})
	third := hole + size + 4
	want := []read{
		{warctest.ID(6), 0, int64(len(before))},
		{warctest.ID(2), int64(len(before)), int64(len(head)) + size + 4},
		{warctest.ID(8), third, int64(len(after))},
		{"garbage", third + int64(len(after)), 1},
		{warctest.ID(8), third + int64(len(after)) + 1, int64(len(after))},
	}
	if fmt.Sprint(got) != fmt.Sprint(want) || r.Unaccounted() != 0 {
		t.Fatalf("read %v (%d bytes unaccounted), want %v", got, r.Unaccounted(), want)
	}
	for _, g := range got[2:] {
		if g.what == "garbage" {
			continue
		}
		cut := warc.NewReader(io.NewSectionReader(f, g.offset, g.length))
		if rec, err := cut.Next(); err != nil || rec.ID() != g.what || rec.Offset != 0 {
			t.Errorf("the record at %d, cut out: %v, %v", g.offset, rec, err)
		}
	}
}
