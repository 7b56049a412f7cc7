// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

// Going through the inputs: the files named on the command line, the trees
// walked with -r, a small pool of workers sniffing them, and the output in
// the order of the inputs.

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
)

// workers is the number of files sniffed at once. Sniffing costs little; the
// time goes in opening and reading files, which a few goroutines overlap.
const workers = 8

// slotQueue bounds how many results may wait to be printed, so that a walk
// of a huge tree does not run far ahead of the output.
const slotQueue = 1024

// errNotRegular is the error for a file that is not a regular file.
var errNotRegular = errors.New("not a regular file")

// checkRegular returns nil for a regular file's mode, and an error naming
// the kind of file otherwise. Special files are never read: opening a FIFO
// blocks until a writer comes, and a device or socket is not a resource.
func checkRegular(m fs.FileMode) error {
	var kind string
	switch {
	case m.IsRegular():
		return nil
	case m.IsDir():
		return errors.New("is a directory (use -r to walk it)")
	case m&fs.ModeNamedPipe != 0:
		kind = "named pipe (FIFO)"
	case m&fs.ModeSocket != 0:
		kind = "socket"
	case m&fs.ModeCharDevice != 0:
		kind = "character device"
	case m&fs.ModeDevice != 0:
		kind = "block device"
	case m&fs.ModeSymlink != 0:
		kind = "symbolic link"
	default:
		kind = "irregular file"
	}
	return fmt.Errorf("%w (%s): not read", errNotRegular, kind)
}

// openFile opens the file name for reading without ever blocking: it looks
// at the file's type first and opens only a regular file, with O_NONBLOCK in
// case it was replaced by a FIFO meanwhile (resource checks the type of what
// was opened again).
func openFile(name string) (fs.File, error) {
	fi, err := os.Stat(name)
	if err != nil {
		return nil, err
	}
	if err := checkRegular(fi.Mode()); err != nil {
		return nil, err
	}
	return os.OpenFile(name, os.O_RDONLY|syscall.O_NONBLOCK, 0)
}

// result is what is printed for one input, in its turn.
type result struct {
	name    string
	out     output
	err     error
	archive *archiveResult // -warc: the archive's output, as it is read
}

// job is a file for a worker to sniff, and where its result goes.
type job struct {
	name string
	slot chan<- result
}

// sniffAll sniffs every input of names, walking directories with -r, and
// prints the results in order: one line per file on stdout, one error line
// per input that could not be sniffed on stderr. It returns the exit status:
// exitError if an input failed (failed), not for one answered with an
// error.
func (o *options) sniffAll(names []string, stdin io.Reader, stdout, stderr io.Writer) int {
	slots := make(chan chan result, slotQueue)
	jobs := make(chan job)
	done := make(chan struct{}) // closed when the output fails
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				r := result{name: j.name}
				select {
				case <-done:
				default:
					r.out, r.err = o.describe(j.name, stdin)
				}
				j.slot <- r
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
	for slot := range slots {
		r := <-slot
		if werr != nil {
			continue // drain
		}
		var line []byte
		var err error
		if r.err != nil {
			fmt.Fprintf(stderr, "mimesniff: %s: %s\n", quoteName(printedName(r.name)), errorText(r.err))
			if failed(r.err) {
				status = exitError
			}
			if !o.json {
				continue
			}
			// Every input has its record in JSON, a failed one too.
			line, err = json.Marshal(errorJSON{printedName(r.name), errorText(r.err)})
			line = append(line, '\n')
		} else {
			line, err = o.format(r.name, r.out)
		}
		if err == nil {
			_, err = stdout.Write(line)
		}
		if err != nil {
			werr = err
			close(done)
		}
	}
	wg.Wait()
	if werr != nil {
		fmt.Fprintf(stderr, "mimesniff: writing output: %v\n", werr)
		return exitError
	}
	return status
}

// produce sends a slot for every input in order, and a job for every file
// to sniff: the inputs of names, and with -r the regular files of the
// directories among them, in lexical order as filepath.WalkDir gives them.
// It stops early when done is closed.
func (o *options) produce(names []string, slots chan<- chan result, jobs chan<- job, done <-chan struct{}) {
	// emit queues a result known now, or a job when err is nil.
	emit := func(name string, err error) bool {
		slot := make(chan result, 1)
		select {
		case slots <- slot:
		case <-done:
			return false
		}
		if err != nil {
			slot <- result{name: name, err: err}
			return true
		}
		select {
		case jobs <- job{name, slot}:
		case <-done:
			slot <- result{name: name}
			return false
		}
		return true
	}
	for _, name := range names {
		if name == "-" {
			if !emit(name, nil) {
				return
			}
			continue
		}
		fi, err := os.Stat(name)
		if err != nil || !fi.IsDir() {
			// Errors, and the checks of file types, come from the
			// worker's open.
			if !emit(name, nil) {
				return
			}
			continue
		}
		if !o.recursive {
			if !emit(name, checkRegular(fi.Mode())) {
				return
			}
			continue
		}
		if !o.walk(name, emit) {
			return
		}
	}
}

// walk emits every file of the tree at root, in lexical order, and reports
// whether to go on. A path that starts with "-" (walking ".") is emitted
// with "./" before it, so that a file named "-" is not standard input. Symbolic links in the tree are not followed, and not
// listed, as with find -type f; other special files are listed with an
// error, without being opened; errors reading a directory are listed too.
func (o *options) walk(root string, emit func(name string, err error) bool) bool {
	stopped := false
	if fi, err := os.Lstat(root); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
		// A root named on the command line is followed: WalkDir
		// follows "link/" but not "link".
		root += string(filepath.Separator)
	}
	filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if strings.HasPrefix(path, "-") {
			// A file walked from "." whose name starts with "-": not
			// standard input, nor a flag.
			path = "./" + path
		}
		switch {
		case err != nil:
			// A directory that cannot be read, after its entry.
			stopped = !emit(path, err)
		case d.IsDir():
			return nil
		case d.Type()&fs.ModeSymlink != 0:
			return nil
		case d.Type().IsRegular():
			stopped = !emit(path, nil)
		default:
			stopped = !emit(path, checkRegular(d.Type()))
		}
		if stopped {
			return fs.SkipAll
		}
		return nil
	})
	return !stopped
}
