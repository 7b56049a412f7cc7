// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff_test

import (
	"encoding/binary"
	"math/bits"
	"mime"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/mimesniff/mimesniff"
)

// The benchmarks compare with the standard library in one run: each has
// sub-benchmarks impl=mimesniff and impl=stdlib (or impl=nethttp), so that
//
//	go test -run '^$' -bench . -count 10 > bench.txt
//	benchstat -col /impl bench.txt
//
// prints the ratio per input and its geometric mean.

// contentTypes are realistic Content-Type values, as servers send them.
var contentTypes = []string{
	"text/html",
	"text/html; charset=utf-8",
	"text/html;charset=UTF-8",
	"application/json",
	"application/json; charset=utf-8",
	"text/plain; charset=ISO-8859-1",
	"image/png",
	"multipart/form-data; boundary=----WebKitFormBoundary7MA4YWxkTrZu0gW",
	"multipart/mixed; boundary=\"simple boundary\"",
	"text/css;charset=utf-8",
	"application/javascript; charset=UTF-8",
	"application/octet-stream",
	"Text/HTML; Charset=\"utf-8\"",
	"application/vnd.api+json; ext=bulk; profile=\"http://example.com/a\"",
	"  text/plain ; charset=us-ascii ; format=flowed ; delsp=yes ",
	"application/x-www-form-urlencoded",
	"audio/ogg; codecs=\"vorbis, opus\"",
	"image/svg+xml",
}

func BenchmarkParse(b *testing.B) {
	for i, ct := range contentTypes {
		b.Run("value="+strconv.Itoa(i)+"/impl=mimesniff", func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				if _, err := mimesniff.Parse(ct); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("value="+strconv.Itoa(i)+"/impl=stdlib", func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				if _, _, err := mime.ParseMediaType(ct); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkString(b *testing.B) {
	for i, ct := range contentTypes {
		t := mimesniff.MustParse(ct)
		essence := t.Essence()
		params := map[string]string{}
		for name, value := range t.Params() {
			params[name] = value
		}
		b.Run("value="+strconv.Itoa(i)+"/impl=mimesniff", func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				if t.String() == "" {
					b.Fatal("empty")
				}
			}
		})
		b.Run("value="+strconv.Itoa(i)+"/impl=stdlib", func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				if mime.FormatMediaType(essence, params) == "" {
					b.Fatal("empty")
				}
			}
		})
	}
}

// benchFiles returns the files of testdata/files, or of the directory named
// by MIMESNIFF_BENCH_FILES to measure another corpus, by name.
func benchFiles(b *testing.B) (names []string, data map[string][]byte) {
	dir := os.Getenv("MIMESNIFF_BENCH_FILES")
	if dir == "" {
		dir = filepath.Join("testdata", "files")
	}
	files, err := filepath.Glob(filepath.Join(dir, "*"))
	if err != nil || len(files) == 0 {
		b.Fatalf("no testdata files: %v", err)
	}
	data = map[string][]byte{}
	for _, f := range files {
		d, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		names = append(names, filepath.Base(f))
		data[filepath.Base(f)] = d
	}
	return names, data
}

var sink mimesniff.MIMEType
var sinkString string
var sinkBool bool

func BenchmarkSniff(b *testing.B) {
	names, data := benchFiles(b)
	for _, name := range names {
		d := data[name]
		b.Run("file="+name+"/impl=mimesniff", func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				sink = mimesniff.Resource{Header: d}.Sniff()
			}
		})
		b.Run("file="+name+"/impl=nethttp", func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				sinkString = http.DetectContentType(d)
			}
		})
		if name == "text-1445.txt" {
			b.Run("file="+name+"/impl=floor", func(b *testing.B) {
				for range b.N {
					sinkBool = floorHasBinaryData(d)
				}
			})
		}
	}
}

// floorHasBinaryData is the least work that sniffing a plain-text resource
// header can take: one pass over it, eight bytes at a time, testing each
// word for a byte below 0x20 and only then looking at the bytes of that word.
// It is the floor BenchmarkSniff measures Sniff on text-1445.txt against.
func floorHasBinaryData(b []byte) bool {
	const binary32 = 0xFFFFFFFF &^ (1<<0x09 | 1<<0x0A | 1<<0x0C | 1<<0x0D | 1<<0x1B)
	for ; len(b) >= 8; b = b[8:] {
		x := binary.LittleEndian.Uint64(b)
		low := ^((x & 0x7F7F7F7F7F7F7F7F) + 0x6060606060606060 | x) & 0x8080808080808080
		for ; low != 0; low &= low - 1 {
			if binary32&(1<<b[bits.TrailingZeros64(low)>>3]) != 0 {
				return true
			}
		}
	}
	for _, c := range b {
		if c < 0x20 && binary32&(1<<c) != 0 {
			return true
		}
	}
	return false
}

// BenchmarkSniffSupplied measures the other paths of Sniff: a supplied type
// kept as it is, an image type sniffed, the apache-bug rules and no-sniff.
func BenchmarkSniffSupplied(b *testing.B) {
	_, data := benchFiles(b)
	cases := []struct {
		name string
		r    mimesniff.Resource
	}{
		{"html", mimesniff.Resource{Supplied: mimesniff.MustParse("text/html;charset=utf-8"), Header: data["page.html"]}},
		{"image", mimesniff.Resource{Supplied: mimesniff.MustParse("image/gif"), Header: data["image.png"]}},
		{"apache", mimesniff.Resource{Supplied: mimesniff.MustParse("text/plain"), CheckForApacheBug: true, Header: data["text-1445.txt"]}},
		{"nosniff", mimesniff.Resource{Supplied: mimesniff.MustParse("application/json"), NoSniff: true, Header: data["json.json"]}},
		{"video", mimesniff.Resource{Supplied: mimesniff.MustParse("video/mp4"), Header: data["video.webm"]}},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				sink = c.r.Sniff()
			}
		})
	}
}
