// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"bufio"
	"context"
	"fmt"
	"hash/fnv"
	"io"
	"strconv"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/fileio"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/transforms/stats"
	"github.com/mimesniff/mimesniff/internal/archive"
)

func init() {
	register.DoFn4x1[context.Context, fileio.ReadableFile, func(string), func(string, int), error](&readWARCFn{})
	register.Emitter1[string]()
	register.Emitter2[string, int]()
	register.DoFn2x0[string, func(int, string)](&shardFn{})
	register.Emitter2[int, string]()
	register.DoFn3x1[context.Context, int, func(*string) bool, error](&writeShardFn{})
	register.Iter1[string]()
	register.Function2x1[string, int, string](formatCount)
	register.DoFn3x1[context.Context, int, func(*string) bool, error](&writeSummaryFn{})
}

// Pipeline adds to s the pipeline that reads the WARC files glob matches
// and writes out's shards and summary.
func Pipeline(s beam.Scope, glob, out string, shards int) {
	files := fileio.MatchFiles(s, glob)
	files = beam.Reshuffle(s, files)
	// The reader tells gzip from plain by the bytes, and needs the
	// members' boundaries: fileio must not decompress.
	readable := fileio.ReadMatches(s, files, fileio.ReadUncompressed())
	lines, keys := beam.ParDo2(s, &readWARCFn{}, readable)
	keyed := beam.ParDo(s, &shardFn{Shards: shards}, lines)
	beam.ParDo0(s, &writeShardFn{Prefix: out, Shards: shards}, beam.GroupByKey(s, keyed))
	counts := beam.ParDo(s, formatCount, stats.SumPerKey(s, keys))
	beam.ParDo0(s, &writeSummaryFn{Name: out + "-summary.tsv"}, beam.GroupByKey(s, beam.AddFixedKey(s, counts)))
}

// The counters: records read whole (the summary's "read": sniffed, noted
// and skipped), lines of records written, and error lines written.
var (
	recordsRead  = beam.NewCounter("mimesniff", "records")
	linesWritten = beam.NewCounter("mimesniff", "lines")
	errorLines   = beam.NewCounter("mimesniff", "errors")
)

// readWARCFn reads one WARC file and emits a JSON line for each record
// reported and for each error, and the summary keys of its records with
// their counts.
type readWARCFn struct{}

func (fn *readWARCFn) ProcessElement(ctx context.Context, f fileio.ReadableFile, emitLine func(string), emitCount func(string, int)) error {
	rc, err := f.Open(ctx)
	if err != nil {
		return err
	}
	defer rc.Close()
	return readWARC(ctx, f.Metadata.Path, rc, emitLine, emitCount)
}

// readWARC reads the WARC file r, named name, with internal/archive, the
// per-record code of mimesniff -warc, and emits what the command prints
// with -warc -json for it, line by line: the line of each record reported
// (sniffed, revisit, continuation) and of each error, each starting with
// the name. It counts the summary keys of every outcome (archive.Keys),
// skipped records included, and emits each key with its count at the end
// of the file: a few hundred elements a file rather than several a record.
func readWARC(ctx context.Context, name string, r io.Reader, emitLine func(string), emitCount func(string, int)) error {
	var line []byte
	counts := map[string]int{}
	defer func() {
		for k, n := range counts {
			emitCount(k, n)
		}
	}()
	return archive.NewSniffer().Each(r, func(a *archive.Answer, err error) bool {
		for _, k := range archive.Keys(a, err) {
			counts[k]++
		}
		switch {
		case err != nil:
			line = archive.AppendError(line[:0], name, a, err)
			errorLines.Inc(ctx, 1)
		case a.Kind == archive.Skipped:
			recordsRead.Inc(ctx, 1)
			return true
		default:
			line = a.AppendJSON(line[:0], name)
			recordsRead.Inc(ctx, 1)
			linesWritten.Inc(ctx, 1)
		}
		emitLine(string(line))
		return true
	})
}

// shardFn keys each line by its shard: a hash of the line, so that the
// shards are even and a line's shard does not depend on the runner.
type shardFn struct{ Shards int }

func (fn *shardFn) ProcessElement(line string, emit func(int, string)) {
	h := fnv.New32a()
	io.WriteString(h, line)
	emit(int(h.Sum32()%uint32(max(fn.Shards, 1))), line)
}

// writeShardFn writes the lines of one shard to
// Prefix-SSSSS-of-NNNNN.jsonl.
type writeShardFn struct {
	Prefix string
	Shards int
}

func (fn *writeShardFn) ProcessElement(ctx context.Context, shard int, lines func(*string) bool) error {
	name := fmt.Sprintf("%s-%05d-of-%05d.jsonl", fn.Prefix, shard, max(fn.Shards, 1))
	return writeLines(ctx, name, func(yield func(string) bool) {
		var l string
		for lines(&l) && yield(l) {
		}
	})
}

// formatCount formats a summary key and its count, a tab between.
func formatCount(key string, n int) string { return key + "\t" + strconv.Itoa(n) }

// writeSummaryFn writes the summary table, as mimesniff -warc -summary
// prints it (archive.Table.WriteTo), from the counts of the keys.
type writeSummaryFn struct{ Name string }

func (fn *writeSummaryFn) ProcessElement(ctx context.Context, _ int, rows func(*string) bool) error {
	counts := map[string]int64{}
	var r string
	for rows(&r) {
		i := strings.LastIndexByte(r, '\t')
		n, err := strconv.ParseInt(r[i+1:], 10, 64)
		if i < 0 || err != nil {
			return fmt.Errorf("summary row %q", r)
		}
		counts[r[:i]] += n
	}
	t, err := archive.TableOf(counts)
	if err != nil {
		return err
	}
	var b strings.Builder
	t.WriteTo(&b)
	return writeLines(ctx, fn.Name, strings.SplitSeq(strings.TrimSuffix(b.String(), "\n"), "\n"))
}

// writeLines writes lines to the file name, on any file system Beam knows.
func writeLines(ctx context.Context, name string, lines func(func(string) bool)) error {
	fs, err := filesystem.New(ctx, name)
	if err != nil {
		return err
	}
	defer fs.Close()
	w, err := fs.OpenWrite(ctx, name)
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(w, 1<<20)
	for l := range lines {
		bw.WriteString(strings.TrimSuffix(l, "\n"))
		bw.WriteByte('\n')
	}
	if err := bw.Flush(); err != nil {
		w.Close()
		return err
	}
	return w.Close()
}
