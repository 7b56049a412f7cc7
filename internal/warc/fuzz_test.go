// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package warc_test

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mimesniff/mimesniff/internal/warc"
	"github.com/mimesniff/mimesniff/internal/warc/warctest"
)

// An outcome is what reading gives for one record or error, without the
// gzip member offsets, which differ between a plain file and its gzip
// forms.
type outcome struct {
	Err           string // the kind of error, "" for a record
	Type          string
	Offset        int64
	Length        int64
	ID            string
	Version       string
	Fields        []warc.Field
	ContentLength int64
	Block         string // hex SHA-256 of the bytes read, then the error of the read
}

// outcomes reads all of data with a header bound of maxHeader.
func outcomes(t testing.TB, data []byte, maxHeader int) []outcome {
	t.Helper()
	var got []outcome
	r := warc.NewReader(bytes.NewReader(data))
	r.MaxHeaderBytes = maxHeader
	// Each error or record consumes at least one byte, and the end of the
	// input and the end of a member can each give one more.
	for range 2*len(data) + 10 {
		rec, err := r.Next()
		if err == io.EOF {
			return got
		}
		if err != nil {
			var e *warc.Error
			if !errors.As(err, &e) {
				t.Fatalf("Next() = %v, not a *warc.Error", err)
			}
			got = append(got, outcome{Err: kind(err), Offset: e.Offset, Length: e.Length, ID: e.ID})
			continue
		}
		size := 0
		for _, f := range rec.Fields {
			size += len(f.Name) + len(f.Value)
		}
		if maxHeader > 0 && size > maxHeader {
			t.Fatalf("record at %d: %d bytes of fields, past MaxHeaderBytes %d", rec.Offset, size, maxHeader)
		}
		h := sha256.New()
		_, err = io.Copy(h, rec.Block)
		got = append(got, outcome{Type: rec.Type(), Offset: rec.Offset, Length: rec.Length, ID: rec.ID(), Version: rec.Version, Fields: rec.Fields, ContentLength: rec.ContentLength,
			Block: fmt.Sprintf("%x %v", h.Sum(nil), err)})
	}
	t.Fatalf("more than %d records and errors from %d bytes", 2*len(data)+10, len(data))
	return nil
}

// FuzzReader checks that reading never panics nor loops, that headers
// stay within their bound, that what it gives covers the input, each
// byte once (checkAccounting), that a plain input and the same input
// compressed whole in one gzip member read the same, and that a plain
// input read without error reads the same with each record in a gzip
// member of its own.
func FuzzReader(f *testing.F) {
	names, _ := filepath.Glob("testdata/*.warc")
	for _, name := range names {
		if data, err := os.ReadFile(name); err == nil && len(data) < 64<<10 {
			f.Add(data)
		}
	}
	for _, h := range warctest.HostileArchives() {
		if len(h.Data) < 16<<10 {
			f.Add(h.Data)
		}
	}
	f.Add([]byte("WARC/1.1\r\nContent-Length: 0\r\n\r\n\r\n\r\n"))
	f.Add([]byte("WARC/1.0\r\nWARC-Type: resource\r\n folded\r\nContent-Length: 3\r\n\r\nabc\r\n\r\nWARC/"))
	const maxHeader = 4096
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestSpeed)
	gz := func(b []byte) []byte {
		buf.Reset()
		zw.Reset(&buf)
		zw.Write(b)
		zw.Close()
		return bytes.Clone(buf.Bytes())
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		checkAccounting(t, data)
		plain := outcomes(t, data, maxHeader)
		if len(data) >= 2 && data[0] == 0x1f && data[1] == 0x8b {
			return // gzip already: its decoding is another input
		}
		whole := outcomes(t, gz(data), maxHeader)
		if diff := cmp.Diff(plain, whole); diff != "" {
			t.Fatalf("plain and whole-gzip differ (-plain +gzip):\n%s", diff)
		}
		var members []byte
		for i, o := range plain {
			if o.Err != "" {
				return
			}
			end := int64(len(data))
			if i+1 < len(plain) {
				end = plain[i+1].Offset
			}
			members = append(members, gz(data[o.Offset:end])...)
		}
		if perRecord := outcomes(t, members, maxHeader); !cmp.Equal(plain, perRecord) {
			t.Fatalf("plain and per-record gzip differ (-plain +gzip):\n%s", cmp.Diff(plain, perRecord))
		}
	})
}
