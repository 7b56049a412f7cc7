// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"io"
	"slices"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/fileio"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/transforms/stats"
	"github.com/mimesniff/mimesniff/internal/warc"
)

func init() {
	register.DoFn4x1[context.Context, fileio.ReadableFile, func(string), func(string), error](&readWARCFn{})
	register.Emitter1[string]()
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
	counts := beam.ParDo(s, formatCount, stats.Count(s, keys))
	beam.ParDo0(s, &writeSummaryFn{Name: out + "-summary.tsv"}, beam.GroupByKey(s, beam.AddFixedKey(s, counts)))
}

var (
	recordsRead  = beam.NewCounter("mimesniff", "records")
	linesWritten = beam.NewCounter("mimesniff", "lines")
	errorLines   = beam.NewCounter("mimesniff", "errors")
)

// readWARCFn reads one WARC file and emits a JSON line for each record
// answer reports and for each error, and the summary keys of each line.
type readWARCFn struct{}

func (fn *readWARCFn) ProcessElement(ctx context.Context, f fileio.ReadableFile, emitLine, emitKey func(string)) error {
	rc, err := f.Open(ctx)
	if err != nil {
		return err
	}
	defer rc.Close()
	return readWARC(ctx, f.Metadata.Path, rc, func(line []byte) {
		emitLine(string(line))
		for _, k := range summaryKeys(line) {
			emitKey(k)
		}
	})
}

// readWARC calls emit with the line of each record of the WARC file r
// that answer reports, and with an error line for each record it cannot
// read or answer; each line starts with the file's name. Records that
// answer fails on do not stop the file.
func readWARC(ctx context.Context, name string, r io.Reader, emit func([]byte)) error {
	wr := warc.NewReader(r)
	prefix := []byte(`{"file":` + quote(name) + `,`)
	for {
		rec, err := wr.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			emit(errorLine(prefix, err, nil))
			errorLines.Inc(ctx, 1)
			continue
		}
		recordsRead.Inc(ctx, 1)
		line, err := answer(rec)
		if err != nil {
			emit(errorLine(prefix, err, rec))
			errorLines.Inc(ctx, 1)
			continue
		}
		if line == nil {
			continue
		}
		emit(append(prefix[:len(prefix):len(prefix)], line[1:]...))
		linesWritten.Inc(ctx, 1)
	}
}

// errorLine returns the JSON line of an error: the reader's, with its
// offsets, or answer's about rec.
func errorLine(prefix []byte, err error, rec *warc.Record) []byte {
	e := struct {
		ID           string `json:"id,omitempty"`
		Offset       int64  `json:"offset"`
		MemberOffset int64  `json:"memberOffset"`
		Error        string `json:"error"`
	}{Error: err.Error()}
	if we, ok := err.(*warc.Error); ok {
		e.ID, e.Offset, e.MemberOffset = we.ID, we.Offset, we.MemberOffset
	}
	if rec != nil {
		e.ID, e.Offset, e.MemberOffset = rec.ID(), rec.Offset, rec.MemberOffset
	}
	b, _ := json.Marshal(e)
	return append(prefix[:len(prefix):len(prefix)], b[1:]...)
}

func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
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

// formatCount formats a row of the summary table.
func formatCount(key string, n int) string { return fmt.Sprintf("%s\t%d", key, n) }

// writeSummaryFn writes the summary table, sorted, with a header line.
type writeSummaryFn struct{ Name string }

func (fn *writeSummaryFn) ProcessElement(ctx context.Context, _ int, rows func(*string) bool) error {
	var all []string
	var r string
	for rows(&r) {
		all = append(all, r)
	}
	slices.Sort(all)
	return writeLines(ctx, fn.Name, func(yield func(string) bool) {
		if !yield("browser\tsupplied\tcomputed\tcount") {
			return
		}
		for _, r := range all {
			if !yield(r) {
				return
			}
		}
	})
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
