// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// buildBomb builds ../../testdata/bomb.go, the generator of compression
// bombs, and returns its path.
func buildBomb(t *testing.T) string {
	t.Helper()
	path := filepath.Join(binDir, "bomb")
	if out, err := exec.Command("go", "build", "-o", path, "../../testdata/bomb.go").CombinedOutput(); err != nil {
		t.Fatalf("go build testdata/bomb.go: %v\n%s", err, out)
	}
	return path
}

// runMeasured runs cmd and returns what it printed, how long it took and its
// peak resident memory in bytes.
//
// The peak is the child's VmHWM (/proc/PID/status), read every millisecond
// while it runs: it is per address space, so it starts afresh at exec. (The
// maxrss of wait4 does not: Go starts a child sharing the parent's address
// space until exec, and Linux counts the parent's resident memory in the
// child's maxrss, which under the race detector is 100 MB.)
func runMeasured(t *testing.T, cmd *exec.Cmd) (runResult, time.Duration, int64) {
	t.Helper()
	if _, err := os.Stat("/proc/self/status"); err != nil {
		t.Skip("no /proc on this system")
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	peak := make(chan int64)
	go func() {
		var peakSeen int64
		status := fmt.Sprintf("/proc/%d/status", cmd.Process.Pid)
		for {
			if b, err := os.ReadFile(status); err == nil {
				peakSeen = max(peakSeen, vmHWM(b))
			}
			select {
			case <-done:
				peak <- peakSeen
				return
			case <-time.After(time.Millisecond):
			}
		}
	}()
	cmd.Wait()
	elapsed := time.Since(start)
	close(done)
	return runResult{stdout.String(), stderr.String(), cmd.ProcessState.ExitCode()}, elapsed, <-peak
}

// vmHWM returns the VmHWM of a /proc/PID/status file in bytes, or 0.
func vmHWM(status []byte) int64 {
	for line := range strings.Lines(string(status)) {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			return kb * 1024
		}
	}
	return 0
}

// TestBombs pipes a 10 GiB gzip body and a 10 GiB raw deflate body (each
// decoding to about 10 TiB), as curl -si prints them, into the built
// command, and checks that each is answered after reading at most 1 MiB of
// the dump and under 50 MB of peak memory: the limit on what -http decodes
// to check a body's coding, as an error naming the coding, never a type
// computed from the coded bytes. (How long it took is logged, not checked:
// on a loaded machine a second is not a bound.) Then such dumps on disk,
// one for each of the command's workers, all read at once: under 50 MB too
// (with MIMESNIFF_LONG=1, twice as many, read in two rounds).
func TestBombs(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command and testdata/bomb.go")
	}
	bin, bomb := binary(t), buildBomb(t)
	for _, coding := range []string{"gzip", "deflate", "zlib"} {
		t.Run(coding, func(t *testing.T) {
			gen := exec.Command(bomb, "-http", "-coding", coding, "-size", "10GiB")
			cmd := exec.Command(bin, "-http", "-")
			pipe, err := gen.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			fed := &countingReader{r: pipe}
			cmd.Stdin = fed
			if err := gen.Start(); err != nil {
				t.Fatal(err)
			}
			got, elapsed, peak := runMeasured(t, cmd)
			gen.Process.Kill()
			gen.Wait()
			t.Logf("10 GiB %s dump: %v, peak memory %.1f MB, %d bytes of the dump read", coding, elapsed, float64(peak)/1e6, fed.n.Load())
			label := map[string]string{"gzip": "gzip", "deflate": "deflate", "zlib": "deflate"}[coding]
			// Read, and answered with an error: exit status 0 (doc.go).
			want := runResult{Stderr: fmt.Sprintf("mimesniff: -: %s body decodes to more than %d bytes: too long to check its coding\n", label, maxDecodedBytes)}
			if got != want {
				t.Errorf("mimesniff -http - = %+v, want %+v", got, want)
			}
			if n := fed.n.Load(); n > 1<<20 {
				t.Errorf("read %d bytes of the dump, want at most 1 MiB", n)
			}
			if peak >= 50e6 {
				t.Errorf("peak memory %d bytes, want under 50 MB", peak)
			}
		})
	}

	t.Run("a dump for each worker", func(t *testing.T) {
		n := workers
		if long() {
			n = 2 * workers
		}
		dump, err := exec.Command(bomb, "-http", "-coding", "gzip", "-size", "4MiB").Output()
		if err != nil {
			t.Fatal(err)
		}
		dir := t.TempDir()
		var names []string
		var want runResult
		for i := range n {
			name := writeFile(t, dir, fmt.Sprintf("bomb%02d.http", i), dump)
			names = append(names, name)
			want.Stderr += fmt.Sprintf("mimesniff: %s: gzip body decodes to more than %d bytes: too long to check its coding\n", name, maxDecodedBytes)
		}
		got, elapsed, peak := runMeasured(t, exec.Command(bin, append([]string{"-http"}, names...)...))
		t.Logf("%d bomb dumps of 4 MiB: %v, peak memory %.1f MB", n, elapsed, float64(peak)/1e6)
		if got != want {
			t.Errorf("mimesniff -http (%d dumps) = %+v, want %+v", n, got, want)
		}
		if peak >= 50e6 {
			t.Errorf("peak memory %d bytes, want under 50 MB", peak)
		}
	})

	// Below the limits, a bomb's type is printed.
	t.Run("small", func(t *testing.T) {
		dump, err := exec.Command(bomb, "-http", "-coding", "gzip", "-size", "64KiB").Output()
		if err != nil {
			t.Fatal(err)
		}
		name := writeFile(t, t.TempDir(), "small.http", dump)
		got := runBinary(t, nil, "-http", name)
		if want := (runResult{Stdout: lines(name, "text/html")}); got != want {
			t.Errorf("mimesniff -http %s = %+v, want %+v", name, got, want)
		}
	})
}

// countingReader counts the bytes read through it, from any goroutine.
type countingReader struct {
	r io.Reader
	n atomic.Int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n.Add(int64(n))
	return n, err
}
