// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build ignore

// Gen writes the small hand-made test archives of package warctest into
// this directory, and with -large DIR the large ones into DIR. The output
// is deterministic; each file is written to a temporary name and renamed,
// so a reader never sees half a file. TestTestdata checks that the
// committed files are what this writes.
//
// Run it from the module root:
//
//	go run internal/warc/testdata/gen.go
//	go run internal/warc/testdata/gen.go -large /tmp/warc-large
package main

import (
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"strings"

	"github.com/mimesniff/mimesniff/internal/warc/warctest"
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("gen: ")
	large := flag.String("large", "", "write the large archives into `dir` too")
	flag.Parse()
	var index strings.Builder
	index.WriteString("# Test archives\n\nWritten by `go run internal/warc/testdata/gen.go` from package\n`internal/warc/warctest`; do not edit. Large archives are made at test time\n(or with `-large DIR`) and not committed.\n\n| file | bytes | what |\n| --- | --- | --- |\n")
	for _, a := range warctest.Archives() {
		dir := "internal/warc/testdata"
		if a.Large {
			if *large == "" {
				fmt.Fprintf(&index, "| %s | %d | %s (large: not committed) |\n", a.Name, len(a.Data), a.About)
				continue
			}
			dir = *large
		} else {
			fmt.Fprintf(&index, "| %s | %d | %s |\n", a.Name, len(a.Data), a.About)
		}
		if err := writeFile(filepath.Join(dir, a.Name), a.Data); err != nil {
			log.Fatal(err)
		}
	}
	if err := writeFile("internal/warc/testdata/README.md", []byte(index.String())); err != nil {
		log.Fatal(err)
	}
}

// writeFile writes data to name through a temporary file in the same
// directory, renamed when complete.
func writeFile(name string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(name), ".gen-*")
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		os.Remove(f.Name())
		return err
	}
	if err := f.Close(); err != nil {
		os.Remove(f.Name())
		return err
	}
	if err := os.Chmod(f.Name(), 0o644); err != nil {
		return err
	}
	return os.Rename(f.Name(), name)
}
