// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"bufio"
	"bytes"
	"context"
	"flag"
	"hash/fnv"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
	"github.com/google/go-cmp/cmp"
	"github.com/mimesniff/mimesniff/internal/warc/warctest"
)

var bigArchive = flag.String("archive", "", "TestPipelineSpeed: a large WARC `file` to run the pipeline and the command on, comparing their lines and wall times")

// TestMain runs the tests on Beam's local runner, prism, unless --runner
// says otherwise.
func TestMain(m *testing.M) { ptest.Main(m) }

// testArchives copies the test archives into a directory of their own:
// the committed hand-made ones (the non-WARC inputs among them) and the
// large ones, made here.
func testArchives(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	all, err := warctest.All("../../internal/warc/testdata")
	if err != nil {
		t.Fatal(err)
	}
	for name, b := range all {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

var (
	buildOnce sync.Once
	command   string
	buildErr  error
)

// build returns the path of the command cmd/mimesniff, built from this
// module's replacement of the library's module the first time.
func build(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "beam-test-")
		if err != nil {
			buildErr = err
			return
		}
		command = filepath.Join(dir, "mimesniff")
		if out, err := exec.Command("go", "build", "-o", command, "github.com/mimesniff/mimesniff/cmd/mimesniff").CombinedOutput(); err != nil {
			buildErr = err
			t.Logf("%s", out)
		}
	})
	if buildErr != nil {
		t.Fatalf("building cmd/mimesniff: %v", buildErr)
	}
	return command
}

// mimesniff runs the command with args and returns its standard output.
func mimesniff(t *testing.T, args ...string) string {
	t.Helper()
	var stdout bytes.Buffer
	cmd := exec.Command(build(t), args...)
	cmd.Stdout = &stdout
	if err := cmd.Run(); err != nil {
		if _, ok := err.(*exec.ExitError); !ok {
			t.Fatal(err) // exit status 1 is an archive with an error
		}
	}
	return stdout.String()
}

// lines returns the lines of s, sorted.
func lines(s string) []string {
	l := strings.Split(strings.TrimSuffix(s, "\n"), "\n")
	slices.Sort(l)
	return l
}

// table returns the summary table of mimesniff -warc -summary's output:
// what follows the records whose script is hidden.
func table(s string) string {
	if i := strings.Index(s, "browser\tdeclared\t"); i >= 0 {
		return s[i:]
	}
	return s
}

// runPipeline runs the pipeline on the files of glob and calls line with
// each line of its shards. It returns its summary, how many shard files it
// wrote, and its counters.
func runPipeline(t *testing.T, glob string, shards int, line func(string)) (summary string, files int, counters map[string]int64) {
	t.Helper()
	out := filepath.Join(t.TempDir(), "answers")
	p, s := beam.NewPipelineWithRoot()
	Pipeline(s, glob, out, shards)
	pr, err := ptest.RunWithMetrics(p)
	if err != nil {
		t.Fatalf("pipeline failed: %v", err)
	}
	names, _ := filepath.Glob(out + "-*-of-*.jsonl")
	for _, name := range names {
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			line(sc.Text())
		}
		f.Close()
		if err := sc.Err(); err != nil {
			t.Fatal(err)
		}
	}
	b, err := os.ReadFile(out + "-summary.tsv")
	if err != nil {
		t.Fatal(err)
	}
	counters = map[string]int64{}
	for _, c := range pr.Metrics().AllMetrics().Counters() {
		counters[c.Key.Name] += c.Committed
	}
	return string(b), len(names), counters
}

// TestPipeline runs the pipeline on prism over the test archives and
// checks that it writes, in its shards, the lines that mimesniff -warc
// -json prints for the same files, and the summary table that mimesniff
// -warc -summary prints, and counts them.
func TestPipeline(t *testing.T) {
	dir := testArchives(t)
	names, err := filepath.Glob(filepath.Join(dir, "*"))
	if err != nil {
		t.Fatal(err)
	}
	const shards = 3
	var got []string
	summary, files, m := runPipeline(t, filepath.Join(dir, "*"), shards, func(l string) { got = append(got, l) })
	slices.Sort(got)
	want := lines(mimesniff(t, append([]string{"-warc", "-json"}, names...)...))
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("pipeline lines mismatch (-mimesniff -warc -json +pipeline):\n%s", diff)
	}
	if files != shards {
		t.Errorf("%d shard files, want %d", files, shards)
	}
	wantSummary := table(mimesniff(t, append([]string{"-warc", "-summary"}, names...)...))
	if diff := cmp.Diff(wantSummary, summary); diff != "" {
		t.Errorf("summary mismatch (-mimesniff -warc -summary +pipeline):\n%s", diff)
	}
	var errorCount int64
	for _, l := range want {
		if strings.Contains(l, `,"error":`) {
			errorCount++
		}
	}
	if m["lines"]+m["errors"] != int64(len(want)) || m["errors"] != errorCount || !strings.Contains(summary, "\ntotal\tread "+strconv.FormatInt(m["records"], 10)+"\t") {
		t.Errorf("counters = %v, want lines+errors = %d, errors = %d and records as the summary's read:\n%s", m, len(want), errorCount, summary)
	}
	t.Logf("prism: %d files, %d lines in %d shards (%d answers, %d errors), %d records read; summary:\n%s",
		len(names), len(got), files, m["lines"], m["errors"], m["records"], summary)
}

// TestReadWARC checks the lines of one archive read without Beam against
// the command's, and that the summary keys of every outcome are emitted,
// skipped records and errors too.
func TestReadWARC(t *testing.T) {
	name, err := filepath.Abs("../../internal/warc/testdata/capture-1.1.warc.gz")
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var got []string
	keys := map[string]int{}
	if err := readWARC(context.Background(), name, f, func(l string) { got = append(got, l) }, func(k string, n int) { keys[k] += n }); err != nil {
		t.Fatal(err)
	}
	slices.Sort(got)
	if diff := cmp.Diff(lines(mimesniff(t, "-warc", "-json", name)), got); diff != "" {
		t.Errorf("lines mismatch (-mimesniff +readWARC):\n%s", diff)
	}
	// 7 records: 4 sniffed (4 rows and 2 totals each), 3 skipped (2
	// totals each).
	n := 0
	for _, c := range keys {
		n += c
	}
	if n != 4*6+3*2 || keys["total\tsniffed"] != 4 || keys["total\tskipped"] != 3 || keys["total\tread"] != 7 {
		t.Errorf("summary keys, counted: %v; want %d in all, 4 sniffed, 3 skipped, 7 read", keys, 4*6+3*2)
	}
}

// TestPipelineSpeed runs the pipeline on prism and the command over the
// archive -archive names, compares the multisets of their lines (by a
// 64-bit hash of each) and reports both wall times.
func TestPipelineSpeed(t *testing.T) {
	if *bigArchive == "" {
		t.Skip("no -archive")
	}
	name, err := filepath.Abs(*bigArchive)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(build(t), "-warc", "-json", name)
	start := time.Now()
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	want := map[uint64]int{}
	s := bufio.NewScanner(stdout)
	s.Buffer(nil, 1<<20)
	n := 0
	for s.Scan() {
		want[hash(s.Text())]++
		n++
	}
	cmd.Wait()
	cmdTime := time.Since(start)

	start = time.Now()
	diffs, got := 0, 0
	summary, _, m := runPipeline(t, name, 16, func(l string) {
		got++
		if want[hash(l)]--; want[hash(l)] < 0 {
			diffs++
		}
	})
	beamTime := time.Since(start) // with reading the shards back, a second or two

	for _, c := range want {
		if c > 0 {
			diffs += c
		}
	}
	if diffs != 0 || got != n {
		t.Errorf("the pipeline wrote %d lines, the command %d; %d differ", got, n, diffs)
	}
	t.Logf("%s: %d lines, %d differences; mimesniff -warc -json %v, the pipeline on prism %v (%.1f×); counters %v; summary's last line: %s",
		filepath.Base(name), n, diffs, cmdTime.Round(time.Millisecond), beamTime.Round(time.Millisecond), beamTime.Seconds()/cmdTime.Seconds(), m,
		summary[strings.LastIndex(strings.TrimSuffix(summary, "\n"), "\n")+1:])
}

func hash(s string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(s))
	return h.Sum64()
}
