// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Record serves a subset of the navigation corpus from a loopback server
// and records it with wget --warc-file, making a WARC file written by a
// real client.
//
// Run it from the tools directory:
//
//	go run ./warcs/cmd/record -out /tmp/warcs/wget
//
// writes /tmp/warcs/wget.warc.gz (one gzip member per record, as wget
// writes it), /tmp/warcs/wget-plain.warc (the same cases, uncompressed,
// a second run) and a .tsv beside each that maps each URI's path to its
// case and variant. The subset is the first case of each body and of each
// header set (1,106 cases), and the first -coded (100) of those again
// gzip-coded, deflate-coded and chunked: 1,406 responses. -all serves all
// 15,015 cases, and the same coded ones. Bodies
// are the corpus's stored first 1,445 bytes of each body (the whole body
// when it is no longer), which is everything a sniffer reads: the real
// files longer than that are made by tools/corpus/gen.js, which needs
// Debian's media tools.
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"time"

	"github.com/mimesniff/mimesniff/tools/warcs"
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("record: ")
	out := flag.String("out", "", "write the WARC files at `prefix` (.warc.gz, -plain.warc, .tsv)")
	corpus := flag.String("corpus", "../testdata/browsers/navigation", "the navigation corpus `dir`")
	coded := flag.Int("coded", 100, "send the first `n` cases gzip-coded, deflate-coded and chunked too")
	all := flag.Bool("all", false, "serve every case of the corpus, not a subset")
	flag.Parse()
	if *out == "" {
		log.Fatal("-out is required")
	}
	wget, err := exec.LookPath("wget")
	if err != nil {
		log.Fatal("wget is not installed (apt-get install wget)")
	}
	cases, err := warcs.LoadCorpus(*corpus)
	if err != nil {
		log.Fatal(err)
	}
	if *all {
		cases = append(cases, warcs.Coded(warcs.Distinct(cases), *coded)...)
	} else {
		distinct := warcs.Distinct(cases)
		cases = append(distinct, warcs.Coded(distinct, *coded)...)
	}
	s, err := warcs.Serve(cases)
	if err != nil {
		log.Fatal(err)
	}
	defer s.Close()
	if err := os.MkdirAll(filepath.Dir(*out), 0o755); err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	for _, plain := range []bool{false, true} {
		prefix := *out
		if plain {
			prefix += "-plain"
		}
		start := time.Now()
		if err := warcs.Wget(ctx, wget, s, prefix, plain); err != nil {
			log.Fatal(err)
		}
		fmt.Printf("%s: %d cases in %v\n", prefix, len(cases), time.Since(start).Round(time.Millisecond))
	}
}
