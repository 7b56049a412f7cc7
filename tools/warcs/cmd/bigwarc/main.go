// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Bigwarc writes a large .warc.gz for measuring speed: a warcinfo record,
// then every case of the navigation corpus (15,015, and the first 100
// gzip-coded, deflate-coded and chunked) as a request and a response
// record, WARC/1.1, one gzip member per record, repeated until the file
// is at least -size bytes. Each record is compressed once and its member
// repeated, so records repeat with their IDs; the output is deterministic.
// With -bodies, the bodies are whole (warcs.WholeBodies: the directory
// warcs/bodies.sh makes), so that records have the sizes of real files;
// without, they are the corpus's first 1445 bytes of each.
//
// Run it from the tools directory:
//
//	go run ./warcs/cmd/bigwarc -out /tmp/warcs/big.warc.gz -size 1GB [-bodies /tmp/warcs/bodies]
package main

import (
	"bufio"
	"compress/gzip"
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/mimesniff/mimesniff/internal/warc/warctest"
	"github.com/mimesniff/mimesniff/tools/warcs"
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("bigwarc: ")
	out := flag.String("out", "", "the output `file`")
	size := flag.String("size", "1GB", "write at least `n` bytes (suffix kB, MB, GB: powers of 1000)")
	corpus := flag.String("corpus", "../testdata/browsers/navigation", "the navigation corpus `dir`")
	bodies := flag.String("bodies", "", "whole bodies from `dir` (made by warcs/bodies.sh)")
	flag.Parse()
	want, err := parseSize(*size)
	if *out == "" || err != nil {
		log.Fatalf("need -out and a valid -size (%v)", err)
	}
	cases, err := warcs.LoadCorpus(*corpus)
	if err != nil {
		log.Fatal(err)
	}
	cases = append(cases, warcs.Coded(warcs.Distinct(cases), 100)...)
	if *bodies != "" {
		if cases, err = warcs.WholeBodies(cases, *bodies); err != nil {
			log.Fatal(err)
		}
	}
	var members [][]byte
	var responseBytes int64
	info := warctest.Rec{Version: "1.1", Fields: warctest.Fields("1.1", "warcinfo", 0, "", [2]string{"Content-Type", "application/warc-fields"}), Block: []byte("software: mimesniff tools/warcs/cmd/bigwarc\r\n")}
	members = append(members, warctest.Gzip(info.Bytes()))
	for i, c := range cases {
		uri := "http://corpus.test/" + c.Variant + "/" + strconv.Itoa(i)
		req := warctest.Rec{Version: "1.1", Fields: warctest.Fields("1.1", "request", 2*i+1, uri, [2]string{"Content-Type", "application/http;msgtype=request"}),
			Block: []byte("GET /" + c.Variant + "/" + strconv.Itoa(i) + " HTTP/1.1\r\nHost: corpus.test\r\nAccept-Encoding: gzip, deflate\r\n\r\n")}
		resp := warctest.Rec{Version: "1.1", Fields: warctest.Fields("1.1", "response", 2*i+2, uri, [2]string{"Content-Type", "application/http;msgtype=response"}, [2]string{"WARC-Concurrent-To", warctest.ID(2*i + 1)}),
			Block: warcs.Response(c)}
		members = append(members, gzipFast(req.Bytes()), gzipFast(resp.Bytes()))
		responseBytes += int64(len(resp.Bytes()))
	}
	tmp, err := os.CreateTemp(filepath.Dir(*out), ".bigwarc-*")
	if err != nil {
		log.Fatal(err)
	}
	defer os.Remove(tmp.Name())
	w := bufio.NewWriterSize(tmp, 1<<20)
	var n int64
	w.Write(members[0])
	n += int64(len(members[0]))
	records, passes := 1, 0
	for n < want {
		for _, m := range members[1:] {
			w.Write(m)
			n += int64(len(m))
		}
		records += len(members) - 1
		passes++
	}
	if err := w.Flush(); err != nil {
		log.Fatal(err)
	}
	if err := tmp.Close(); err != nil {
		log.Fatal(err)
	}
	if err := os.Rename(tmp.Name(), *out); err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%s: %d bytes, %d records (%d cases, %d passes); a response record is %d bytes on average, decoded\n",
		*out, n, records, len(cases), passes, responseBytes/int64(len(cases)))
}

// gzipFast is warctest.Gzip at gzip's default level, which is what
// crawlers use.
func gzipFast(b []byte) []byte {
	var s strings.Builder
	w := gzip.NewWriter(&s)
	w.Write(b)
	w.Close()
	return []byte(s.String())
}

func parseSize(s string) (int64, error) {
	mult := int64(1)
	for _, u := range []struct {
		suffix string
		mult   int64
	}{{"GB", 1e9}, {"MB", 1e6}, {"kB", 1e3}} {
		if t, ok := strings.CutSuffix(s, u.suffix); ok {
			s, mult = t, u.mult
			break
		}
	}
	n, err := strconv.ParseInt(s, 10, 64)
	return n * mult, err
}
