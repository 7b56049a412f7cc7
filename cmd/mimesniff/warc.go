// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

// Reading web archives (-warc): each input is a WARC file, and each
// response and resource record in it is answered by internal/archive, the
// per-record code the Beam pipeline (archive/beam) shares, so that both
// print the same JSON line for the same record.

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/mimesniff/mimesniff/internal/archive"
	"github.com/mimesniff/mimesniff/internal/warc"
)

// chunkSize is the size of the pieces of output a worker hands to the
// printer, and chunkQueue how many of them a worker may have waiting: an
// archive whose turn to print has not come is read ahead by at most
// chunkSize*chunkQueue bytes of output (16 MiB), then its worker waits.
const (
	chunkSize  = 64 << 10
	chunkQueue = 256
)

// archiveResult is what is printed for one input of -warc, in its turn:
// the output of its records as it is made, then the summary of its
// records and whether the archive failed: it could not be read (opened,
// read to its end, read as a WARC file), or some of its bytes are in no
// record nor error line. A record answered with an error line is not a
// failure.
type archiveResult struct {
	name   string
	chunks chan []byte // closed when the archive is read
	// Set before chunks is closed:
	table  archive.Table
	failed bool
}

// counters are what the progress line shows, added to by every worker.
type counters struct {
	records atomic.Int64 // records read, answered or not, errors included
	bytes   atomic.Int64 // input bytes read
}

// countReader counts the bytes read from r into n.
type countReader struct {
	r io.Reader
	n *atomic.Int64
}

func (c countReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n.Add(int64(n))
	return n, err
}

// sniffArchives reads every input of names as a WARC file, walking
// directories with -r, and prints what it finds in the order of the
// inputs and of their records: a line per record, or with -summary the
// records whose declared type hides script and a table of them all. It
// returns the exit status: exitError if any archive failed
// (archiveResult), never for a record's error line.
//
// Inputs are read by as many workers as there are CPUs, each archive as a
// stream; what a worker prints waits in memory (chunkQueue) until the
// archives before it are printed.
func (o *options) sniffArchives(names []string, stdin io.Reader, stdout, stderr io.Writer) int {
	slots := make(chan chan result, slotQueue)
	jobs := make(chan job)
	done := make(chan struct{}) // closed when the output fails
	if os.Getenv("GOGC") == "" {
		// The live heap is a few records per worker, and every record
		// allocates its header and resource header anew: collecting at
		// 5 times the live heap rather than twice spares 5% of the CPU
		// time on records of 1 kB, 1% on records of 4 kB, for 13 MB
		// more memory (docs/archives.md).
		debug.SetGCPercent(400)
	}
	var c counters
	p := startProgress(stderr, &c)
	defer p.stop()

	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := archive.NewSniffer()
			for j := range jobs {
				ar := &archiveResult{name: j.name, chunks: make(chan []byte, chunkQueue)}
				j.slot <- result{name: j.name, archive: ar}
				o.readArchive(s, ar, stdin, &c, done)
			}
		}()
	}
	go func() {
		defer close(slots)
		defer close(jobs)
		o.produce(names, slots, jobs, done)
	}()

	status := exitOK
	var werr error
	var total archive.Table
	wrote := false // something was written to stdout
	write := func(b []byte) {
		if werr != nil {
			return
		}
		wrote = wrote || len(b) > 0
		p.clear()
		if _, err := stdout.Write(b); err != nil {
			werr = err
			close(done)
		}
	}
	for slot := range slots {
		r := <-slot
		if r.err != nil {
			// An input that could not be walked or opened.
			status = exitError
			p.clear()
			fmt.Fprintf(stderr, "mimesniff: %s: %s\n", quoteName(printedName(r.name)), errorText(r.err))
			if o.json {
				write(archive.AppendError(nil, printedName(r.name), nil, errors.New(errorText(r.err))))
				write([]byte{'\n'})
			}
			continue
		}
		ar := r.archive
		for chunk := range ar.chunks {
			if len(chunk) > 0 && chunk[0] == 0 {
				// An error message for standard error.
				p.clear()
				if werr == nil {
					stderr.Write(chunk[1:])
				}
				continue
			}
			write(chunk)
		}
		if ar.failed {
			status = exitError
		}
		total.Merge(&ar.table)
	}
	wg.Wait()
	if werr != nil {
		p.stop()
		fmt.Fprintf(stderr, "mimesniff: writing output: %v\n", werr)
		return exitError
	}
	if o.summary {
		var b strings.Builder
		if wrote {
			b.WriteByte('\n') // after the records that hide script
		}
		total.WriteTo(&b)
		p.stop()
		write([]byte(b.String()))
		if werr != nil {
			fmt.Fprintf(stderr, "mimesniff: writing output: %v\n", werr)
			return exitError
		}
	}
	return status
}

// streamModes are the kinds of special file that -warc reads when they are
// named on the command line: an archive is read as a stream, as standard
// input is, so "mimesniff -warc <(zcat crawl.warc.gz)" and a FIFO a
// downloader writes into work. A walk never opens one.
const streamModes = fs.ModeNamedPipe | fs.ModeCharDevice

// openArchive opens the archive name: a regular file, as o.open does, or,
// when name was given on the command line, a FIFO or character device,
// which blocks until a writer comes, as the user asked.
func (o *options) openArchive(name string) (fs.File, error) {
	if o.named[name] {
		if fi, err := os.Stat(name); err == nil && fi.Mode()&streamModes != 0 {
			return os.Open(name)
		}
	}
	f, err := o.open(name)
	if err != nil {
		return nil, err
	}
	fi, err := f.Stat()
	if err == nil {
		err = checkRegular(fi.Mode())
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// readArchive reads the archive ar.name (standard input for "-") and
// sends its output to ar.chunks, which it closes.
//
// Errors go to standard error as chunks that start with a NUL byte, in
// their place among the lines. A file met in a walk that is not a WARC
// file is skipped without a word; one named on the command line is an
// error.
func (o *options) readArchive(s *archive.Sniffer, ar *archiveResult, stdin io.Reader, c *counters, done <-chan struct{}) {
	defer close(ar.chunks)
	var buf []byte
	send := func() bool {
		select {
		case ar.chunks <- buf:
			buf = make([]byte, 0, chunkSize)
			return true
		case <-done:
			return false
		}
	}
	name := printedName(ar.name)
	// report sends msg to standard error, in its place among the lines.
	report := func(msg string) bool {
		if len(buf) > 0 && !send() {
			return false
		}
		buf = append(buf[:0], 0)
		buf = append(buf, "mimesniff: "+quoteName(name)+": "+msg+"\n"...)
		return send()
	}

	in := stdin
	if ar.name != "-" {
		f, err := o.openArchive(ar.name)
		if err == nil {
			defer f.Close()
		}
		if err != nil {
			ar.failed = true
			if report(errorText(err)) && o.json {
				buf = archive.AppendError(buf, name, nil, errors.New(errorText(err)))
				buf = append(buf, '\n')
				send()
			}
			return
		}
		in = f
	}
	walked := ar.name != "-" && !o.named[ar.name]
	buf = make([]byte, 0, chunkSize)
	skipped := false
	acct, _ := s.Each(countReader{in, &c.bytes}, func(a *archive.Answer, err error) bool {
		c.records.Add(1)
		if a == nil && errors.Is(err, warc.ErrNotWARC) {
			if walked {
				skipped = true
				return false // not an archive: skipped
			}
			ar.failed = true
		}
		if errors.Is(err, warc.ErrRead) {
			ar.failed = true
		}
		if o.summary {
			ar.table.Add(name, a, err)
		}
		if err != nil {
			msg := archive.ErrorText(err)
			var we *warc.Error
			switch {
			case a != nil:
				msg = recordName(a.Offset, a.MemberOffset, a.ID, a.TargetURI) + ": " + msg
			case errors.As(err, &we):
				msg = recordName(we.Offset, we.MemberOffset, we.ID, "") + ": " + msg
			}
			if !report(msg) {
				return false
			}
			if o.json {
				buf = archive.AppendError(buf, name, a, err)
				buf = append(buf, '\n')
			}
		} else if a.Kind != archive.Skipped {
			buf = o.appendRecord(buf, name, a)
		}
		if len(buf) >= chunkSize-4<<10 {
			return send()
		}
		return true
	})
	if skipped {
		return
	}
	if o.summary {
		ar.table.AddAccount(name, acct)
	}
	if acct.Complete && acct.Unaccounted != 0 {
		// A bug of the reader: nothing it returned holds these bytes.
		ar.failed = true
		report(fmt.Sprintf("%d bytes of the archive are in no record nor error: this is a bug of mimesniff; please report it", acct.Unaccounted))
	}
	if len(buf) > 0 {
		send()
	}
}

// recordName returns how an error message names a record: its offset in
// the decoded archive (and that of its gzip member, moff, unless it is
// negative), its ID and target URI where known, quoted as names are.
func recordName(off, moff int64, id, uri string) string {
	s := fmt.Sprintf("offset %d", off)
	if moff >= 0 {
		s = fmt.Sprintf("gzip member at %d, %s", moff, s)
	}
	if id != "" {
		s += " (" + quoteName(id) + ")"
	}
	if uri != "" {
		s += " " + quoteName(uri)
	}
	return s
}

// appendRecord appends what is printed for the answered record a of the
// archive name: its JSON line with -json; with -summary, a line if some
// profile runs script its declared type hides; otherwise "URI: ANSWER",
// the answer being what the view of the flags prints for a file.
func (o *options) appendRecord(b []byte, name string, a *archive.Answer) []byte {
	if o.json {
		return append(a.AppendJSON(b, name), '\n')
	}
	uri := a.TargetURI
	if uri == "" {
		uri = a.ID
	}
	if o.summary {
		hidden := a.Hidden()
		if a.Kind != archive.Sniffed || len(hidden) == 0 {
			return b
		}
		declared := "no Content-Type"
		if a.HasDeclared {
			declared = "Content-Type " + quoteName(latin1(a.Declared))
		}
		b = append(b, quoteName(uri)+": script hidden by "+declared+":"...)
		for i, br := range archive.Browsers {
			if slices.Contains(hidden, br) {
				b = append(b, " "+br.String()+" "+a.Computed[i].String()...)
			}
		}
		return append(b, '\n')
	}
	b = append(b, quoteName(uri)+": "...)
	switch a.Kind {
	case archive.Revisit:
		b = append(b, "not sniffed (revisit record)"...)
	case archive.Continuation:
		b = append(b, "not sniffed (continuation record)"...)
	default:
		status := a.Status
		if !a.HasStatus {
			status = http.StatusOK // a resource or conversion record
		}
		b = append(b, o.view()(o, input{uri, a.Resource, a.Resource.HeaderList, status}).text...)
	}
	return append(b, '\n')
}

// latin1 returns s, bytes of a header, isomorphic-decoded: each byte the
// code point of its value.
func latin1(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		b.WriteRune(rune(s[i]))
	}
	return b.String()
}
