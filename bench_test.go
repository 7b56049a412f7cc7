// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff_test

import (
	"bytes"
	"encoding/base64"
	"mime"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/mimesniff/mimesniff"
)

// The benchmarks compare with the standard library in one run: each has
// sub-benchmarks impl=mimesniff and impl=stdlib (or impl=nethttp), so that
//
//	go test -run '^$' -bench . -count 10 > bench.txt
//	benchstat -col /impl bench.txt
//
// prints the ratio per input and its geometric mean. tools/bench adds
// gabriel-vasile/mimetype to BenchmarkSniff, in a module of its own, and
// tools/bench/compare.sh runs two commits in turn against both.

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
			// Two independent bounds for the one pass over a text header
			// that sniffing it must make: a plain loop testing every
			// byte against the binary data bytes (what a simple sniffer
			// does; an upper bound), and bytes.IndexByte for one byte
			// value (assembly, one compare a byte; a lower bound no
			// byte-class test can beat).
			b.Run("file="+name+"/impl=byteloop", func(b *testing.B) {
				for range b.N {
					sinkBool = byteLoopHasBinary(d)
				}
			})
			b.Run("file="+name+"/impl=indexbyte", func(b *testing.B) {
				for range b.N {
					sinkBool = bytes.IndexByte(d, 0) >= 0
				}
			})
		}
	}
}

// BenchmarkProfiles measures, per file of testdata/files, what a profile and
// the report cost beside the standard's sniffing, in one run: Sniff
// (impl=sniff), SniffAs for each browser (impl=<browser>), and ReportFor
// with the headers a careful server sends, the sniffed type and nosniff
// (impl=report).
func BenchmarkProfiles(b *testing.B) {
	names, data := benchFiles(b)
	for _, name := range names {
		d := data[name]
		b.Run("file="+name+"/impl=sniff", func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				sink = mimesniff.Resource{Header: d}.Sniff()
			}
		})
		for _, browser := range []mimesniff.Browser{mimesniff.Chromium, mimesniff.Firefox, mimesniff.WebKit} {
			b.Run("file="+name+"/impl="+browser.String(), func(b *testing.B) {
				b.ReportAllocs()
				for range b.N {
					sink = mimesniff.Resource{Header: d}.SniffAs(browser)
				}
			})
		}
		h := http.Header{"Content-Type": {mimesniff.Resource{Header: d}.Sniff().String()}, "X-Content-Type-Options": {"nosniff"}}
		b.Run("file="+name+"/impl=report", func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				sinkReport = mimesniff.ReportFor(h, d)
			}
		})
	}
}

// byteLoopHasBinary reports whether b holds a binary data byte, one byte at a
// time: the plain loop the standard's text describes.
// https://mimesniff.spec.whatwg.org/#binary-data-byte
func byteLoopHasBinary(b []byte) bool {
	for _, c := range b {
		if c <= 0x08 || c == 0x0B || 0x0E <= c && c <= 0x1A || 0x1C <= c && c <= 0x1F {
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

// corpusBodies returns the heads of the real files of the navigation corpus
// (made by Debian's tools: every group but files/ and edge/, which are
// testdata/files and hand-made edge bodies) by group, in corpus order.
func corpusBodies(b *testing.B) (groups []string, heads map[string][][]byte) {
	name := filepath.Join(navigationDir, "bodies.jsonl.gz")
	if _, err := os.Stat(name); err != nil {
		b.Skip("no navigation corpus")
	}
	heads = map[string][][]byte{}
	for _, body := range readJSONLines[navigationBody](b, name) {
		group, _, _ := strings.Cut(body.Name, "/")
		if group == "files" || group == "edge" {
			continue
		}
		head, err := base64.StdEncoding.DecodeString(body.Head)
		if err != nil {
			b.Fatal(err)
		}
		if heads[group] == nil {
			groups = append(groups, group)
		}
		heads[group] = append(heads[group], head)
		heads["all"] = append(heads["all"], head)
	}
	return append(groups, "all"), heads
}

// BenchmarkCorpus measures, per call, on the real files of the navigation
// corpus group by group, then over the whole corpus (group=all, 507
// bodies): Resource.Sniff of the body with no type (impl=sniff), SniffAs for
// each browser (impl=<browser>), and ReportFor with the headers a careful
// server sends, the type the standard sniffs and nosniff (impl=report), and
// with none (impl=report-none). Each iteration takes the next body of the
// group, so ns/op is a mean per call.
func BenchmarkCorpus(b *testing.B) {
	groups, heads := corpusBodies(b)
	for _, group := range groups {
		bodies := heads[group]
		typed := make([]http.Header, len(bodies))
		for i, body := range bodies {
			t := mimesniff.Resource{Header: body}.Sniff()
			typed[i] = http.Header{"Content-Type": {t.String()}, "X-Content-Type-Options": {"nosniff"}}
		}
		b.Run("group="+group+"/impl=sniff", func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				sink = mimesniff.Resource{Header: bodies[i]}.Sniff()
				i = (i + 1) % len(bodies)
			}
		})
		for _, browser := range []mimesniff.Browser{mimesniff.Standard, mimesniff.Chromium, mimesniff.Firefox, mimesniff.WebKit} {
			b.Run("group="+group+"/impl="+browser.String(), func(b *testing.B) {
				b.ReportAllocs()
				i := 0
				for b.Loop() {
					sink = mimesniff.Resource{Header: bodies[i]}.SniffAs(browser)
					i = (i + 1) % len(bodies)
				}
			})
		}
		b.Run("group="+group+"/impl=report", func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				sinkReport = mimesniff.ReportFor(typed[i], bodies[i])
				i = (i + 1) % len(bodies)
			}
		})
		none := http.Header{}
		b.Run("group="+group+"/impl=report-none", func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				sinkReport = mimesniff.ReportFor(none, bodies[i])
				i = (i + 1) % len(bodies)
			}
		})
	}
}

var sinkReport mimesniff.Report
