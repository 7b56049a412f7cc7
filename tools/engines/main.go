// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Command engines writes docs/engines.md, the tables of what Chromium,
// Firefox and WebKit did with the recorded responses, per declared type,
// nosniff, destination, status and origin, from the recordings in
// testdata/browsers alone (and, for the standard's column, the package's
// Standard profile). TestDocInStep checks that the file is what it writes.
//
//	go run ./engines          # from tools/: prints the page
//	go run ./engines -w       # writes ../docs/engines.md
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
)

var (
	write = flag.Bool("w", false, "write docs/engines.md instead of printing it")
	root  = flag.String("root", "", "the repository (default: the first folder up from here that has testdata/browsers)")
)

func main() {
	flag.Parse()
	dir := *root
	if dir == "" {
		var err error
		if dir, err = findRoot(); err != nil {
			fmt.Fprintln(os.Stderr, "engines:", err)
			os.Exit(1)
		}
	}
	var b bytes.Buffer
	if err := generate(&b, dir); err != nil {
		fmt.Fprintln(os.Stderr, "engines:", err)
		os.Exit(1)
	}
	if !*write {
		os.Stdout.Write(b.Bytes())
		return
	}
	if err := os.WriteFile(filepath.Join(dir, "docs", "engines.md"), b.Bytes(), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "engines:", err)
		os.Exit(1)
	}
}

// findRoot returns the first folder up from the working directory that
// holds testdata/browsers/navigation.
func findRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "testdata", "browsers", "navigation")); err == nil {
			return dir, nil
		}
		up := filepath.Dir(dir)
		if up == dir {
			return "", fmt.Errorf("no testdata/browsers above the working directory")
		}
		dir = up
	}
}
