// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
	"github.com/google/go-cmp/cmp"
	"github.com/mimesniff/mimesniff/internal/warc/warctest"
)

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

// direct returns the lines readWARC gives for every file of glob, read one
// after another without Beam.
func direct(t *testing.T, glob string) []string {
	t.Helper()
	names, err := filepath.Glob(glob)
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, name := range names {
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		err = readWARC(context.Background(), name, f, func(l []byte) { lines = append(lines, string(l)) })
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
	}
	slices.Sort(lines)
	return lines
}

// TestPipeline runs the pipeline on prism over the test archives and
// checks that it writes the lines a direct read gives, in its shards, and
// the summary table of those lines.
func TestPipeline(t *testing.T) {
	dir := testArchives(t)
	out := filepath.Join(t.TempDir(), "answers")
	glob := filepath.Join(dir, "*")
	const shards = 3

	p, s := beam.NewPipelineWithRoot()
	Pipeline(s, glob, out, shards)
	pr, err := ptest.RunWithMetrics(p)
	if err != nil {
		t.Fatalf("pipeline failed: %v", err)
	}

	var got []string
	files, _ := filepath.Glob(out + "-*-of-*.jsonl")
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")...)
	}
	slices.Sort(got)
	want := direct(t, glob)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("pipeline lines mismatch (-direct +pipeline):\n%s", diff)
	}
	if len(files) != shards {
		t.Errorf("%d shard files, want %d", len(files), shards)
	}

	counts := map[string]int{}
	for _, l := range want {
		for _, k := range summaryKeys([]byte(l)) {
			counts[k]++
		}
	}
	wantSummary := []string{"browser\tsupplied\tcomputed\tcount"}
	for k, n := range counts {
		wantSummary = append(wantSummary, fmt.Sprintf("%s\t%d", k, n))
	}
	slices.Sort(wantSummary[1:])
	b, err := os.ReadFile(out + "-summary.tsv")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(wantSummary, strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")); diff != "" {
		t.Errorf("summary mismatch (-direct +pipeline):\n%s", diff)
	}

	var errorCount int64
	for _, l := range want {
		if strings.Contains(l, `"error":`) {
			errorCount++
		}
	}
	m := map[string]int64{}
	for _, c := range pr.Metrics().AllMetrics().Counters() {
		m[c.Key.Name] += c.Committed
	}
	if m["lines"]+m["errors"] != int64(len(want)) || m["errors"] != errorCount {
		t.Errorf("counters = %v, want lines+errors = %d and errors = %d", m, len(want), errorCount)
	}
	t.Logf("prism: %d files, %d lines in %d shards (%d answers, %d errors), %d records read; summary:\n%s",
		len(mustGlob(t, glob)), len(got), len(files), m["lines"], m["errors"], m["records"], b)
}

func mustGlob(t *testing.T, glob string) []string {
	names, err := filepath.Glob(glob)
	if err != nil {
		t.Fatal(err)
	}
	return names
}

// TestAnswer checks lines of the stub against what the standard says of
// records of capture-1.1.warc (see warctest.Capture), worked out by hand.
func TestAnswer(t *testing.T) {
	data := warctest.Plain(warctest.Capture("1.1", 1)...)
	var lines []string
	if err := readWARC(context.Background(), "capture", bytes.NewReader(data), func(l []byte) { lines = append(lines, string(l)) }); err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, l := range lines {
		var v struct {
			ID       string
			Type     string
			Supplied string
			Computed map[string]string
		}
		if err := json.Unmarshal([]byte(l), &v); err != nil {
			t.Fatalf("%s: %v", l, err)
		}
		got[v.ID] = v.Type + " " + v.Supplied + " -> " + v.Computed["standard"]
	}
	want := map[string]string{
		// An HTML page served as HTML: the supplied type, parameters and all
		// (MIME type
		// sniffing algorithm, step "supplied type is an XML or HTML MIME
		// type").
		warctest.ID(3): "response text/html -> text/html;charset=utf-8",
		// A PNG served as text/plain: the check-for-apache-bug flag is
		// set ("text/plain" is one of its four values), so the rules to
		// distinguish text from binary run, and the PNG's binary bytes
		// make it application/octet-stream.
		warctest.ID(4): "response text/plain -> application/octet-stream",
		// A resource record's block is its payload and its Content-Type
		// the supplied type; no apache-bug flag (no HTTP server).
		warctest.ID(6): "resource text/plain -> text/plain",
		// A 204 has no body: no type supplied, and the unknown-type rules
		// on no bytes give text/plain.
		warctest.ID(7): "response  -> text/plain",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("answers mismatch (-want +got):\n%s", diff)
	}
}
