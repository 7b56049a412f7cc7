// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"sync"
	"time"
)

// progressEvery is how often the progress line of -warc is redrawn; the
// first is drawn after it, so a short run draws none. terminal reports
// whether standard error is a terminal, which it is drawn on. They are
// variables for tests.
var (
	progressEvery = time.Second
	terminal      = isTerminal
)

// A progress draws a line on a terminal, redrawn every progressEvery, with
// the records and bytes read so far and their rates, and clears it before
// anything else is written. It draws nothing when its writer is not a
// terminal. The methods of a nil *progress do nothing.
type progress struct {
	mu      sync.Mutex
	w       io.Writer
	c       *counters
	start   time.Time
	shown   bool
	stopped chan struct{}
	wg      sync.WaitGroup
}

// isTerminal reports whether w is a terminal: a character device, as
// os.Stdin and the others are when they are a terminal (and /dev/null,
// which discards what it is given).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// startProgress starts drawing the progress of c on stderr, if stderr is a
// terminal; otherwise it returns nil.
func startProgress(stderr io.Writer, c *counters) *progress {
	if !terminal(stderr) {
		return nil
	}
	p := &progress{w: stderr, c: c, start: time.Now(), stopped: make(chan struct{})}
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		t := time.NewTicker(progressEvery)
		defer t.Stop()
		for {
			select {
			case <-p.stopped:
				return
			case <-t.C:
				p.draw()
			}
		}
	}()
	return p
}

// draw draws the progress line.
func (p *progress) draw() {
	p.mu.Lock()
	defer p.mu.Unlock()
	s := time.Since(p.start).Seconds()
	records, bytes := p.c.records.Load(), p.c.bytes.Load()
	fmt.Fprintf(p.w, "\rmimesniff: %s records, %s MB read in %.0f s: %s records/s, %.1f MB/s\x1b[K",
		group(records), group(bytes/1e6), s, group(int64(float64(records)/s)), float64(bytes)/1e6/s)
	p.shown = true
}

// clear clears the progress line, if it is drawn, so that a line can be
// written in its place.
func (p *progress) clear() {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.shown {
		io.WriteString(p.w, "\r\x1b[K")
		p.shown = false
	}
}

// stop stops drawing and clears the line. It may be called more than once.
func (p *progress) stop() {
	if p == nil {
		return
	}
	select {
	case <-p.stopped:
	default:
		close(p.stopped)
	}
	p.wg.Wait()
	p.clear()
}

// group returns n in decimal with commas between groups of three digits.
func group(n int64) string {
	s := strconv.FormatInt(n, 10)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
