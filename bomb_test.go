// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff_test

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"compress/zlib"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"sync"
	"testing"
	"time"
)

// buildBomb builds testdata/bomb.go, the generator of compression bombs,
// once for the tests that use it, and returns its path.
func buildBomb(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds testdata/bomb.go")
	}
	path, err := bombBuild()
	if err != nil {
		t.Fatal(err)
	}
	return path
}

// bombBuild builds the generator, the first time it is called.
var bombBuild = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "mimesniff-bomb-")
	if err != nil {
		return "", err
	}
	bombDir = dir
	path := filepath.Join(dir, "bomb")
	if out, err := exec.Command("go", "build", "-o", path, "testdata/bomb.go").CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build testdata/bomb.go: %v\n%s", err, out)
	}
	return path, nil
})

// bombDir is the directory bombBuild built the generator in, if it did:
// TestMain removes it.
var bombDir string

func TestMain(m *testing.M) {
	code := m.Run()
	if bombDir != "" {
		os.RemoveAll(bombDir)
	}
	os.Exit(code)
}

// TestBombGenerator checks that testdata/bomb.go writes valid streams: a
// small bomb of each coding decodes whole, checksum included, to the page
// and newlines, about 1032 times its size.
func TestBombGenerator(t *testing.T) {
	bomb := buildBomb(t)
	for _, tc := range []struct {
		coding string
		open   func(io.Reader) (io.Reader, error)
	}{
		{"gzip", func(r io.Reader) (io.Reader, error) { return gzip.NewReader(r) }},
		{"zlib", func(r io.Reader) (io.Reader, error) { return zlib.NewReader(r) }},
		{"deflate", func(r io.Reader) (io.Reader, error) { return flate.NewReader(r), nil }},
	} {
		t.Run(tc.coding, func(t *testing.T) {
			coded, err := exec.Command(bomb, "-coding", tc.coding, "-size", "64KiB").Output()
			if err != nil {
				t.Fatal(err)
			}
			if len(coded) != 64<<10 {
				t.Errorf("coded size %d, want %d", len(coded), 64<<10)
			}
			zr, err := tc.open(bytes.NewReader(coded))
			if err != nil {
				t.Fatal(err)
			}
			const page = "<!DOCTYPE html><title>bomb</title>\n"
			head := make([]byte, len(page))
			if _, err := io.ReadFull(zr, head); err != nil || string(head) != page {
				t.Fatalf("decoded content starts %q, %v; want %q", head, err, page)
			}
			var newlines int64
			buf := make([]byte, 1<<16)
			for {
				n, err := zr.Read(buf)
				for _, b := range buf[:n] {
					if b != '\n' {
						t.Fatalf("decoded byte %q after the page, want only newlines", b)
					}
				}
				newlines += int64(n)
				if err == io.EOF {
					break
				}
				if err != nil {
					t.Fatalf("decoding: %v", err)
				}
			}
			if ratio := float64(newlines) / float64(len(coded)); ratio < 1000 {
				t.Errorf("decodes to %d bytes, %.0f times the coded size; want over 1000", newlines, ratio)
			}
		})
	}
}

// bombLine is what bomb -sniff prints.
var bombLine = regexp.MustCompile(`^computed=(\S+) elapsed=(\S+) vmhwm=(\d+)kB read=(\d+)\n$`)

// TestBombs fetches a 10 GiB gzip body and a 10 GiB raw deflate body (each
// decoding to about 10 TiB), generated as they are sent, from a loopback
// server as a crawler does, through ResourceFromResponse, in a process of
// their own (testdata/bomb.go -sniff, built without the race detector), and
// checks that each is answered with the page's type under 50 MB of peak
// memory (VmHWM, the whole process: server, client and generator), reading
// a few KiB of the coded body. How long it took is logged, not checked: on a
// loaded machine a second is not a bound, and the bytes read are.
func TestBombs(t *testing.T) {
	bomb := buildBomb(t)
	for _, coding := range []string{"gzip", "deflate", "zlib"} {
		t.Run(coding, func(t *testing.T) {
			out, err := exec.Command(bomb, "-sniff", "-coding", coding, "-size", "10GiB").Output()
			if err != nil {
				t.Fatalf("bomb -sniff: %v", err)
			}
			m := bombLine.FindStringSubmatch(string(out))
			if m == nil {
				t.Fatalf("bomb -sniff printed %q", out)
			}
			elapsed, err := time.ParseDuration(m[2])
			if err != nil {
				t.Fatal(err)
			}
			peak, _ := strconv.Atoi(m[3])
			read, _ := strconv.Atoi(m[4])
			t.Logf("10 GiB %s body: %s in %v, peak memory %.1f MB, %d coded bytes read", coding, m[1], elapsed, float64(peak)*1024/1e6, read)
			if m[1] != "text/html" {
				t.Errorf("computed %s, want text/html", m[1])
			}
			if peak*1024 >= 50e6 {
				t.Errorf("peak memory %d kB, want under 50 MB", peak)
			}
			if read > 64<<10 {
				t.Errorf("read %d coded bytes, want a few KiB", read)
			}
		})
	}
}
