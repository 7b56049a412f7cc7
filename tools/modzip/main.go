// Command modzip packs the library's module as go get downloads it, with
// golang.org/x/mod/zip (the packing the go command itself uses), and prints
// its size and its largest files. It exits with status 1 when the zip is
// larger than -max, so that .ci/run keeps what go get downloads small:
// recordings and tables that only the repository's tests read belong in a
// folder with a go.mod of its own (testdata/browsers), which the zip leaves
// out.
//
//	go run ./modzip [-max 1000000] [-top 10] ..
package main

import (
	"archive/zip"
	"bytes"
	"cmp"
	"flag"
	"fmt"
	"os"
	"slices"

	"golang.org/x/mod/module"
	modzip "golang.org/x/mod/zip"
)

var (
	limit = flag.Int64("max", 1_000_000, "the largest zip, in bytes, that passes")
	top   = flag.Int("top", 10, "how many of the largest files to list")
)

func main() {
	flag.Usage = func() {
		fmt.Fprintf(os.Stderr, "usage: go run ./modzip [flags] MODULE_DIR\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() != 1 {
		flag.Usage()
		os.Exit(2)
	}
	var buf bytes.Buffer
	mv := module.Version{Path: "github.com/mimesniff/mimesniff", Version: "v1.0.0"}
	if err := modzip.CreateFromDir(&buf, mv, flag.Arg(0)); err != nil {
		fmt.Fprintf(os.Stderr, "modzip: %v\n", err)
		os.Exit(2)
	}
	zr, err := zip.NewReader(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
	if err != nil {
		fmt.Fprintf(os.Stderr, "modzip: %v\n", err)
		os.Exit(2)
	}
	files := slices.Clone(zr.File)
	slices.SortFunc(files, func(a, b *zip.File) int { return cmp.Compare(b.CompressedSize64, a.CompressedSize64) })
	fmt.Printf("module zip: %d bytes, %d files (at most %d)\n", buf.Len(), len(files), *limit)
	for _, f := range files[:min(*top, len(files))] {
		fmt.Printf("%10d %10d  %s\n", f.CompressedSize64, f.UncompressedSize64, f.Name[len(mv.Path)+len(mv.Version)+2:])
	}
	if int64(buf.Len()) > *limit {
		fmt.Printf("FAIL: the zip is larger than %d bytes\n", *limit)
		os.Exit(1)
	}
}
