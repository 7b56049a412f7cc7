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
	"iter"
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
// and skipped), lines of records written (its "answered"), error lines
// written (its "errors"), and each other count of the summary's totals
// under its own name; on the same archives each equals the count of the
// total line of mimesniff -warc -summary.
var (
	recordsRead  = beam.NewCounter("mimesniff", "records")
	linesWritten = beam.NewCounter("mimesniff", "lines")
	errorLines   = beam.NewCounter("mimesniff", "errors")
	totals       = map[string]beam.Counter{}
)

func init() {
	for _, name := range []string{"sniffed", "noted", "skipped", "gaps", "bytes", "unaccounted"} {
		totals[name] = beam.NewCounter("mimesniff", name)
	}
}

// readWARCFn reads one WARC file and emits a JSON line for each record
// reported and for each error, and the summary counts of the file.
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
// the name; a bad record is its error line, and reading goes on. It
// counts the file's outcomes and where its bytes went in a table of its
// own (archive.Table), and emits the table's counts (archive.Table.Counts)
// at the end of the file: a few hundred elements a file rather than
// several a record. It returns an error when the input fails
// (warc.ErrRead): the file could not be read, which the runner retries.
func readWARC(ctx context.Context, name string, r io.Reader, emitLine func(string), emitCount func(string, int)) error {
	var line []byte
	var table archive.Table
	acct, err := archive.NewSniffer().Each(r, func(a *archive.Answer, err error) bool {
		table.Add(name, a, err)
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
	table.AddAccount(name, acct)
	t := &table.Totals
	for name, n := range map[string]int64{"sniffed": t.Sniffed, "noted": t.Noted, "skipped": t.Skipped, "gaps": t.Gaps, "bytes": t.Bytes, "unaccounted": t.Unaccounted} {
		totals[name].Inc(ctx, n)
	}
	for k, n := range table.Counts() {
		emitCount(k, int(n))
	}
	return err
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
	counts, err := sumCounts(func(yield func(string) bool) {
		var r string
		for rows(&r) && yield(r) {
		}
	})
	if err != nil {
		return err
	}
	t, err := archive.TableOf(counts)
	if err != nil {
		return err
	}
	var b strings.Builder
	t.WriteTo(&b)
	return writeLines(ctx, fn.Name, strings.SplitSeq(strings.TrimSuffix(b.String(), "\n"), "\n"))
}

// sumCounts adds up rows of formatCount, a key and a count each: the
// counts of one key are added, whether they come summed per key already
// (SumPerKey) or one a file, so that no archive's count replaces
// another's.
func sumCounts(rows iter.Seq[string]) (map[string]int64, error) {
	counts := map[string]int64{}
	for r := range rows {
		i := strings.LastIndexByte(r, '\t')
		if i < 0 {
			return nil, fmt.Errorf("summary row %q", r)
		}
		n, err := strconv.ParseInt(r[i+1:], 10, 64)
		if err != nil {
			return nil, fmt.Errorf("summary row %q", r)
		}
		counts[r[:i]] += n
	}
	return counts, nil
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
