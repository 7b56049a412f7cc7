// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package archive_test

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/mimesniff/mimesniff/internal/archive"
	"github.com/mimesniff/mimesniff/internal/warc"
	"github.com/mimesniff/mimesniff/internal/warc/warctest"
)

// crawl returns n request and response records as a crawler writes them:
// a page of 3 KB with the header fields servers commonly send.
func crawl(n int) []warctest.Rec {
	page := html + strings.Repeat("<p>Lorem ipsum dolor sit amet, consectetur adipiscing elit.</p>\n", 48)
	head := "HTTP/1.1 200 OK\r\nDate: Thu, 26 Nov 2026 12:00:00 GMT\r\nServer: Apache/2.4.62 (Debian)\r\n" +
		"Last-Modified: Wed, 25 Nov 2026 08:00:00 GMT\r\nETag: \"c04-5f2a\"\r\nAccept-Ranges: bytes\r\n" +
		"Vary: Accept-Encoding\r\nCache-Control: max-age=600\r\nContent-Type: text/html; charset=UTF-8\r\n" +
		"Content-Length: " + strconv.Itoa(len(page)) + "\r\nConnection: close\r\n"
	var recs []warctest.Rec
	for i := range n {
		uri := "http://example.test/page/" + strconv.Itoa(i)
		recs = append(recs,
			warctest.Rec{Version: "1.1", Fields: warctest.Fields("1.1", "request", 2*i+1, uri, [2]string{"Content-Type", "application/http;msgtype=request"}),
				Block: []byte("GET /page/" + strconv.Itoa(i) + " HTTP/1.1\r\nHost: example.test\r\nUser-Agent: bench\r\n\r\n")},
			warctest.Rec{Version: "1.1", Fields: warctest.Fields("1.1", "response", 2*i+2, uri, httpType,
				[2]string{"WARC-Payload-Digest", "sha1:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"}, [2]string{"WARC-IP-Address", "192.0.2.1"}),
				Block: []byte(head + "\r\n" + page)})
	}
	return recs
}

// BenchmarkEach answers the records of a plain archive, each response's
// JSON line appended to a buffer: the per-record cost, without
// decompression, per response (ns/op and allocs/op).
func BenchmarkEach(b *testing.B) {
	const n = 1000
	data := warctest.Plain(crawl(n)...)
	s := archive.NewSniffer()
	var line []byte
	b.SetBytes(int64(len(data)) / n)
	b.ReportAllocs()
	for b.Loop() {
		s.Each(bytes.NewReader(data), func(a *archive.Answer, err error) bool {
			if err == nil && a.Kind == archive.Sniffed {
				line = a.AppendJSON(line[:0], "bench.warc")
			}
			return true
		})
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/response")
	b.ReportMetric(0, "ns/op")
}

// BenchmarkArchive reads the .warc.gz that $MIMESNIFF_WARC names (made by
// tools/warcs/cmd/bigwarc; skipped when unset) four ways in one run, so
// that
//
//	MIMESNIFF_WARC=f.warc.gz go test -run '^$' -bench Archive -benchtime 1x -count 20 > a.txt
//	benchstat -col /impl a.txt
//
// gives the ratios of their medians on a machine whose speed changes from
// second to second: impl=gzip decompresses the file with compress/gzip
// alone, the floor; impl=gzip-member does the same through the input
// internal/warc gives its decoder (warc.Gunzip), the stricter floor, which
// takes fewer instructions; impl=warc reads every record with
// internal/warc and drains its block; impl=answer answers every record and
// appends its JSON line, as mimesniff -warc -json does. Speeds are of the
// compressed file.
func BenchmarkArchive(b *testing.B) {
	name := os.Getenv("MIMESNIFF_WARC")
	if name == "" {
		b.Skip("set MIMESNIFF_WARC to a .warc.gz")
	}
	info, err := os.Stat(name)
	if err != nil {
		b.Fatal(err)
	}
	run := func(b *testing.B, read func(f *os.File) error) {
		b.SetBytes(info.Size())
		for b.Loop() {
			f, err := os.Open(name)
			if err != nil {
				b.Fatal(err)
			}
			if err := read(f); err != nil {
				b.Fatal(err)
			}
			f.Close()
		}
	}
	b.Run("impl=gzip", func(b *testing.B) {
		run(b, func(f *os.File) error {
			z, err := gzip.NewReader(bufio.NewReaderSize(f, 64<<10))
			if err != nil {
				return err
			}
			_, err = io.Copy(io.Discard, z)
			return ignoreCut(err)
		})
	})
	b.Run("impl=gzip-member", func(b *testing.B) {
		run(b, func(f *os.File) error {
			_, err := warc.Gunzip(io.Discard, f)
			return ignoreCut(err)
		})
	})
	b.Run("impl=warc", func(b *testing.B) {
		run(b, func(f *os.File) error {
			r := warc.NewReader(f)
			for {
				rec, err := r.Next()
				if err == io.EOF {
					return nil
				}
				if err == nil {
					io.Copy(io.Discard, rec.Block)
				}
			}
		})
	})
	b.Run("impl=answer", func(b *testing.B) {
		s := archive.NewSniffer()
		var line []byte
		run(b, func(f *os.File) error {
			_, err := s.Each(f, func(a *archive.Answer, err error) bool {
				switch {
				case err != nil:
					line = archive.AppendError(line[:0], name, a, err)
				case a.Kind != archive.Skipped:
					line = a.AppendJSON(line[:0], name)
				}
				return true
			})
			return err
		})
	})
}

// ignoreCut returns nil for the error of a file cut short, as a prefix of
// a larger archive is.
func ignoreCut(err error) error {
	if err == io.ErrUnexpectedEOF {
		return nil
	}
	return err
}
