// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"flag"
	"hash/fnv"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"testing/iotest"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
	"github.com/google/go-cmp/cmp"
	"github.com/mimesniff/mimesniff/internal/archive"
	"github.com/mimesniff/mimesniff/internal/warc"
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
	checkCounters(t, m, want, summary)
	t.Logf("prism: %d files, %d lines in %d shards (%d answers, %d errors), %d records read; summary:\n%s",
		len(names), len(got), files, m["lines"], m["errors"], m["records"], summary)
}

// TestReadWARC checks the lines of one archive read without Beam against
// the command's, and that the counts it emits make the summary the
// command prints for it (every outcome counted, skipped records and errors
// too, and where the archive's bytes went).
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
	counts := map[string]int64{}
	if err := readWARC(context.Background(), name, f, func(l string) { got = append(got, l) }, func(k string, n int) { counts[k] += int64(n) }); err != nil {
		t.Fatal(err)
	}
	slices.Sort(got)
	if diff := cmp.Diff(lines(mimesniff(t, "-warc", "-json", name)), got); diff != "" {
		t.Errorf("lines mismatch (-mimesniff +readWARC):\n%s", diff)
	}
	tb, err := archive.TableOf(counts)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	tb.WriteTo(&b)
	if diff := cmp.Diff(table(mimesniff(t, "-warc", "-summary", name)), b.String()); diff != "" {
		t.Errorf("summary of the counts mismatch (-mimesniff +readWARC):\n%s", diff)
	}
}

// TestReadWARCFails checks that readWARC fails when its input does, so
// that the runner retries the file rather than count what it could read
// as the whole of it.
func TestReadWARCFails(t *testing.T) {
	data, err := os.ReadFile("../../internal/warc/testdata/capture-1.1.warc.gz")
	if err != nil {
		t.Fatal(err)
	}
	boom := errors.New("disk on fire")
	in := io.MultiReader(bytes.NewReader(data[:len(data)/2]), iotest.ErrReader(boom))
	err = readWARC(context.Background(), "x.warc.gz", in, func(string) {}, func(string, int) {})
	if !errors.Is(err, boom) || !errors.Is(err, warc.ErrRead) {
		t.Errorf("readWARC of an input that fails = %v, want an error of it (warc.ErrRead)", err)
	}
}

// TestSumCounts checks that the summary adds up the counts of a key
// however they come: summed per key, or one a file, as a runner that
// does not combine would give them. (A mutant that kept the last count
// of a key survived every test while SumPerKey gave each key once.)
func TestSumCounts(t *testing.T) {
	rows := []string{"total\tread\t3", "file\t\"a.warc\"\tread\t3", "total\tread\t4", "file\t\"b.warc\"\tread\t4", "total\tread\t1", "row\tchromium\t(none)\ttext/html\trecords\t2"}
	got, err := sumCounts(slices.Values(rows))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int64{"total\tread": 8, "file\t\"a.warc\"\tread": 3, "file\t\"b.warc\"\tread": 4, "row\tchromium\t(none)\ttext/html\trecords": 2}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("sumCounts mismatch (-want +got):\n%s", diff)
	}
	for _, bad := range []string{"total\tread", "total\tread\tx", "no tab"} {
		if _, err := sumCounts(slices.Values([]string{bad})); err == nil {
			t.Errorf("sumCounts(%q): no error", bad)
		}
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

// checkCounters checks the pipeline's counters m against the lines the
// command printed with -json (want) and the total line of its summary:
// lines and errors are its lines, and every count of the total line is
// the counter of its name ("records" for "read", "lines" for "answered").
func checkCounters(t *testing.T, m map[string]int64, want []string, summary string) {
	t.Helper()
	var errorCount int64
	for _, l := range want {
		if strings.Contains(l, `,"error":`) {
			errorCount++
		}
	}
	if m["lines"]+m["errors"] != int64(len(want)) || m["errors"] != errorCount {
		t.Errorf("counters = %v, want lines+errors = %d, errors = %d", m, len(want), errorCount)
	}
	total := summary[strings.LastIndex(summary, "\ntotal\t")+1:]
	cells := strings.Split(strings.TrimSpace(total), "\t")[1:]
	for _, c := range cells {
		name, n, _ := strings.Cut(c, " ")
		if strings.HasPrefix(name, "skipped:") {
			continue
		}
		counter := map[string]string{"read": "records", "answered": "lines"}[name]
		if counter == "" {
			counter = name
		}
		if strconv.FormatInt(m[counter], 10) != n {
			t.Errorf("counter %s = %d, want the summary's %s %s", counter, m[counter], name, n)
		}
	}
}

// TestPipelineHostile runs the pipeline over the hostile archives
// (warctest.HostileArchives), each in 3 copies, and checks that it
// loses nothing the command does not: its lines are mimesniff -warc
// -json's, its summary mimesniff -warc -summary's (a line for each of
// the files, every byte accounted for), its counters the summary's
// totals.
func TestPipelineHostile(t *testing.T) {
	dir := t.TempDir()
	var names []string
	for _, h := range warctest.HostileArchives() {
		if len(h.Data) > 64<<10 {
			continue // the 300 KiB header: the command's tests have it
		}
		for i := range 3 {
			name := filepath.Join(dir, strconv.Itoa(i)+"-"+h.Name)
			if err := os.WriteFile(name, h.Data, 0o644); err != nil {
				t.Fatal(err)
			}
			names = append(names, name)
		}
	}
	var got []string
	summary, _, m := runPipeline(t, filepath.Join(dir, "*"), 4, func(l string) { got = append(got, l) })
	slices.Sort(got)
	want := lines(mimesniff(t, append([]string{"-warc", "-json"}, names...)...))
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("pipeline lines mismatch (-mimesniff -warc -json +pipeline):\n%s", diff)
	}
	wantSummary := table(mimesniff(t, append([]string{"-warc", "-summary"}, names...)...))
	if diff := cmp.Diff(wantSummary, summary); diff != "" {
		t.Errorf("summary mismatch (-mimesniff -warc -summary +pipeline):\n%s", diff)
	}
	if n := strings.Count(summary, "\nfile\t"); n != len(names) {
		t.Errorf("%d file lines in the summary, want %d", n, len(names))
	}
	if regexp.MustCompile(`\tunaccounted [^0]`).MatchString(summary) || m["unaccounted"] != 0 {
		t.Errorf("bytes unaccounted for: counter %d; summary:\n%s", m["unaccounted"], summary)
	}
	checkCounters(t, m, want, summary)
	t.Logf("prism: %d files, %d lines; counters %v; summary's last line: %s", len(names), len(got), m, summary[strings.LastIndex(strings.TrimSuffix(summary, "\n"), "\n")+1:])
}
