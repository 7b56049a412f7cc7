// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Warcspeed reads a WARC file one way and prints how fast: -mode gunzip
// decodes it with compress/gzip alone (every member, to io.Discard);
// -mode gunzip-member does the same through the input internal/warc
// gives its decoder (warc.Gunzip), the floor of internal/warc's reading;
// -mode warc reads every record with internal/warc and drains its block;
// -mode gowarc does the same with github.com/nlnwa/gowarc; -mode answer
// answers every record with internal/archive, the per-record code of
// mimesniff -warc, and writes its JSON line to io.Discard. It prints one
// line: mode, input bytes, decoded bytes, records, seconds, input MB/s,
// decoded MB/s, records/s. Run it under taskset -c 0 with GOMAXPROCS=1
// for one core (see ../../speed.sh).
package main

import (
	"bufio"
	"compress/gzip"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"runtime/pprof"
	"time"

	"github.com/mimesniff/mimesniff/internal/archive"
	"github.com/mimesniff/mimesniff/internal/warc"
	gowarc "github.com/nlnwa/gowarc/v3"
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("warcspeed: ")
	mode := flag.String("mode", "warc", "gunzip, gunzip-member, warc, gowarc or answer")
	cpuprofile := flag.String("cpuprofile", "", "write a CPU profile to `file`")
	flag.Parse()
	if *cpuprofile != "" {
		pf, err := os.Create(*cpuprofile)
		if err != nil {
			log.Fatal(err)
		}
		pprof.StartCPUProfile(pf)
		defer pprof.StopCPUProfile()
	}
	if flag.NArg() != 1 {
		log.Fatal("usage: warcspeed -mode gunzip|gunzip-member|warc|gowarc|answer FILE")
	}
	f, err := os.Open(flag.Arg(0))
	if err != nil {
		log.Fatal(err)
	}
	info, err := f.Stat()
	if err != nil {
		log.Fatal(err)
	}
	start := time.Now()
	var decoded, records int64
	switch *mode {
	case "gunzip":
		z, err := gzip.NewReader(bufio.NewReaderSize(f, 64<<10))
		if err != nil {
			log.Fatal(err)
		}
		decoded, err = io.Copy(io.Discard, z)
		if err != nil {
			log.Fatal(err)
		}
	case "gunzip-member":
		decoded, err = warc.Gunzip(io.Discard, f)
		if err != nil {
			log.Fatal(err)
		}
	case "warc":
		r := warc.NewReader(f)
		for {
			rec, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				log.Fatal(err)
			}
			n, err := io.Copy(io.Discard, rec.Block)
			if err != nil {
				log.Fatal(err)
			}
			decoded += n
			records++
		}
	case "answer":
		var line []byte
		_, err := archive.NewSniffer().Each(f, func(a *archive.Answer, err error) bool {
			records++
			switch {
			case err != nil:
				line = archive.AppendError(line[:0], "big", a, err)
			case a.Kind != archive.Skipped:
				line = a.AppendJSON(line[:0], "big")
			}
			decoded += int64(len(line))
			return true
		})
		if err != nil {
			log.Fatal(err)
		}
	case "gowarc":
		r, err := gowarc.NewWarcFileReaderFromStream(f, 0, gowarc.WithSkipParseBlock())
		if err != nil {
			log.Fatal(err)
		}
		for {
			rec, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				log.Fatal(err)
			}
			b, err := rec.WarcRecord.Block().RawBytes()
			if err != nil {
				log.Fatal(err)
			}
			n, _ := io.Copy(io.Discard, b)
			rec.Close()
			decoded += n
			records++
		}
	default:
		log.Fatalf("unknown -mode %q", *mode)
	}
	s := time.Since(start).Seconds()
	fmt.Printf("%s\t%d\t%d\t%d\t%.2f\t%.1f\t%.1f\t%.0f\n", *mode, info.Size(), decoded, records, s,
		float64(info.Size())/1e6/s, float64(decoded)/1e6/s, float64(records)/s)
}
