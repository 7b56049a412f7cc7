// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var updateGolden = flag.Bool("update-golden", false, "rewrite the golden files of TestGolden")

// goldenModes are the JSON outputs whose keys and values are a contract
// (documentScript, scriptInclusion, destinations[].destination/blocked/
// type/script, and each mode's own), with the inputs they run on: every
// testdata file, every saved curl response with -http, the responses of
// testdata/status at their statuses (TestStatusGolden checks each against
// the engines' recordings), and every hand-made WARC file with -warc.
var goldenModes = []struct {
	name  string
	args  []string
	glob  string
	extra []string
}{
	{"json", []string{"-json"}, "../../testdata/files/*", nil},
	{"report-json", []string{"-report", "-json"}, "../../testdata/files/*", nil},
	{"browsers-json", []string{"-browser", "all", "-json"}, "../../testdata/files/*", nil},
	{"http-json", []string{"-http", "-json"}, "testdata/curl/*", nil},
	{"http-report-json", []string{"-http", "-report", "-json"}, "testdata/curl/*", nil},
	{"status-report-json", []string{"-http", "-report", "-json"}, "testdata/status/*.http", nil},
	{"warc", []string{"-warc", "-browser", "all"}, "../../internal/warc/testdata/*.warc*", nil},
	{"warc-json", []string{"-warc", "-json"}, "../../internal/warc/testdata/*.warc*", nil},
	{"warc-summary", []string{"-warc", "-summary"}, "../../internal/warc/testdata/*.warc*", nil},
}

// TestGolden checks that the command's JSON outputs stay byte for byte what
// testdata/golden holds. The files were first written by the command at
// 7067fb9, before the v1 rework of the library's API, whose Report and
// MIMEType no longer marshal themselves the way the command prints them;
// rewrite them with -update-golden only for a change of an answer made on
// purpose, and say which in the commit.
func TestGolden(t *testing.T) {
	for _, mode := range goldenModes {
		t.Run(mode.name, func(t *testing.T) {
			names, err := filepath.Glob(mode.glob)
			if err != nil || len(names) == 0 {
				t.Fatalf("no inputs for %s: %v", mode.glob, err)
			}
			var b strings.Builder
			for _, name := range names {
				got := runCmd(nil, append(mode.args, name)...)
				fmt.Fprintf(&b, "== %s (exit %d)\n%s%s", filepath.ToSlash(name), got.Code, got.Stdout, got.Stderr)
			}
			file := filepath.Join("testdata", "golden", mode.name+".txt")
			if *updateGolden {
				if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
					t.Fatal(err)
				}
				tmp := file + ".tmp"
				if err := os.WriteFile(tmp, []byte(b.String()), 0o644); err != nil {
					t.Fatal(err)
				}
				if err := os.Rename(tmp, file); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(file)
			if err != nil {
				t.Fatalf("%v (run go test -run TestGolden -update-golden to write it)", err)
			}
			if diff := cmp.Diff(string(want), b.String()); diff != "" {
				t.Errorf("mimesniff %s on %s differs from %s (-want +got):\n%s", strings.Join(mode.args, " "), mode.glob, file, diff)
			}
		})
	}
}
