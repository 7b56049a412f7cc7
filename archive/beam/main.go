// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Command beam runs mimesniff over web archives as an Apache Beam pipeline:
// for each response and resource record of the WARC files that --input
// matches, what the standard and each browser compute, one JSON line per
// record, sharded, and a table of counts per browser, declared type and
// computed type. The lines are those mimesniff -warc -json prints for the
// same files and the table the one mimesniff -warc -summary prints: both
// come from internal/archive (see docs/archives.md for their format).
//
// Usage (docs/archives.md gives the flags of each runner):
//
//	go run . --input='/data/crawl/*.warc.gz' --output=/tmp/out/answers [--shards=16] [--runner=prism]
//
// writes /tmp/out/answers-00000-of-00016.jsonl ... (an empty shard writes
// no file) and /tmp/out/answers-summary.tsv.
//
// Work is split by file: one element per WARC file, reshuffled so that
// files spread over workers. A WARC file cannot be split without an index:
// a gzip member or a record can start anywhere, and scanning for one finds
// false starts inside blocks (the reader's resynchronisation does this
// only after an error, knowing it may). Crawls come as many files of
// about 1 GB, which is parallelism enough; with CDX indexes a splittable
// DoFn could split at their member offsets.
package main

import (
	"context"
	"flag"
	"log"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/gcs"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/local"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/s3"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"
)

var (
	input  = flag.String("input", "", "a glob of WARC files (plain or .warc.gz)")
	output = flag.String("output", "", "the output prefix")
	shards = flag.Int("shards", 4, "how many files the JSON lines are written to")
)

func main() {
	flag.Parse()
	beam.Init()
	if *input == "" || *output == "" {
		log.Fatal("--input and --output are required")
	}
	p, s := beam.NewPipelineWithRoot()
	Pipeline(s, *input, *output, *shards)
	if err := beamx.Run(context.Background(), p); err != nil {
		log.Fatalf("pipeline failed: %v", err)
	}
}
