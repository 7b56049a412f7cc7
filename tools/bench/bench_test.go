// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package bench_test

import (
	"net/http"
	"os"
	"path/filepath"
	"testing"

	"github.com/gabriel-vasile/mimetype"
	"github.com/mimesniff/mimesniff"
)

// The benchmarks compare, in one run, sniffing a resource with what a user
// would run instead: net/http's DetectContentType and gabriel-vasile/mimetype's
// Detect. Each has sub-benchmarks impl=mimesniff, impl=nethttp and
// impl=mimetype, so that
//
//	go test -run '^$' -bench . -count 10 > bench.txt
//	benchstat -col /impl bench.txt
//
// prints the ratio per file and its geometric mean. The files are those of
// the package's testdata/files, or of the directory named by
// MIMESNIFF_BENCH_FILES (see makecorpus.sh for real files made by Debian's
// tools).
//
// The three do not answer the same question: Sniff is the browser's answer
// from the first 1445 bytes (HeaderSize); DetectContentType reads 512 bytes
// and adds a few types; mimetype reads up to 3072 bytes by default and knows
// hundreds of formats. TestAnswers logs what each says.

// files returns the benchmark files by name.
func files(tb testing.TB) (names []string, data map[string][]byte) {
	dir := os.Getenv("MIMESNIFF_BENCH_FILES")
	if dir == "" {
		dir = filepath.Join("..", "..", "testdata", "files")
	}
	paths, err := filepath.Glob(filepath.Join(dir, "*"))
	if err != nil || len(paths) == 0 {
		tb.Fatalf("no files in %s: %v", dir, err)
	}
	data = map[string][]byte{}
	for _, p := range paths {
		d, err := os.ReadFile(p)
		if err != nil {
			tb.Fatal(err)
		}
		names = append(names, filepath.Base(p))
		data[filepath.Base(p)] = d
	}
	return names, data
}

var (
	sinkType   mimesniff.MIMEType
	sinkString string
	sinkMIME   *mimetype.MIME
)

func BenchmarkSniff(b *testing.B) {
	names, data := files(b)
	for _, name := range names {
		d := data[name]
		b.Run("file="+name+"/impl=mimesniff", func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				sinkType = mimesniff.Resource{Header: d}.Sniff()
			}
		})
		b.Run("file="+name+"/impl=nethttp", func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				sinkString = http.DetectContentType(d)
			}
		})
		b.Run("file="+name+"/impl=mimetype", func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				sinkMIME = mimetype.Detect(d)
			}
		})
	}
}

// TestAnswers logs what each of the three says of each file (go test -v).
func TestAnswers(t *testing.T) {
	names, data := files(t)
	for _, name := range names {
		d := data[name]
		t.Logf("%-24s mimesniff %-28s nethttp %-34s mimetype %s", name,
			mimesniff.Resource{Header: d}.Sniff(), http.DetectContentType(d), mimetype.Detect(d))
	}
}
