// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package archive_test

import (
	"bytes"
	"strconv"
	"strings"
	"testing"

	"github.com/mimesniff/mimesniff/internal/archive"
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
