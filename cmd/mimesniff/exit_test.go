// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mimesniff/mimesniff/internal/warc/warctest"
)

// exitCases are an example of each case of the exit status table, by
// mode and column (0: every input read; 1: some input could not be
// read), named by the words of the table that say it (doc.go, "Exit
// status", and docs/command.md, which TestExitStatusDocumented keeps
// the same).
func exitCases(t *testing.T) []exitCase {
	dir := t.TempDir()
	warcs := "../../internal/warc/testdata/"
	br := warctest.Plain(warctest.Rec{Version: "1.1", Fields: warctest.Fields("1.1", "response", 1, "http://example.test/br", [2]string{"Content-Type", "application/http;msgtype=response"}),
		Block: []byte("HTTP/1.1 200 OK\r\nContent-Encoding: br\r\n\r\n\x1b")})
	walk := filepath.Join(dir, "crawl")
	os.Mkdir(walk, 0o755)
	writeFile(t, walk, "index.cdx", []byte("not a WARC file\n"))
	writeFile(t, walk, "a.warc", readFile(t, warcs+"capture-1.1.warc"))
	failing := func(data string) io.Reader {
		return io.MultiReader(strings.NewReader(data), errReader{errors.New("disk on fire")})
	}
	return []exitCase{
		{"files, -r", 0, "each file's first bytes sniffed", []string{pageHTML, "-r", "testdata/http"}, nil, false},
		{"files, -r", 1, "a file missing", []string{missing, pageHTML}, nil, false},
		{"files, -r", 1, "unreadable", []string{writeFile(t, dir, "unreadable", nil)}, nil, true},
		{"files, -r", 1, "failing to read", []string{"-"}, failing("<p>"), false},
		{"files, -r", 1, "special file", []string{"/dev/null"}, nil, false},
		{"files, -r", 1, "a directory without -r", []string{"testdata/http"}, nil, false},
		{"files, -r", 1, "cannot be walked", []string{"-r", filepath.Join(dir, "closed")}, nil, true},

		{"-http", 0, "each response answered", []string{"-http", httpDir + "plain.http"}, nil, false},
		{"-http", 0, "a head that does not parse", []string{"-http", writeFile(t, dir, "head.http", []byte("HTTP/1.1 200 OK\r\nno colon\r\n\r\n"))}, nil, false},
		{"-http", 0, "a coding refused or broken", []string{"-http", "testdata/curl/br.si.http", writeFile(t, dir, "cut.http", []byte("HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\n\r\n\x1f\x8b\x08\x00"))}, nil, false},
		{"-http", 0, "a body too long to check", []string{"-http", "-"}, io.MultiReader(strings.NewReader("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"), &repeater{s: "fff\r\n" + strings.Repeat("a", 0xfff) + "\r\n", n: maxBodyBytes/0xfff + 2}), false},
		{"-http", 1, "as for files", []string{"-http", missing}, nil, false},
		{"-http", 1, "as for files", []string{"-http", "-"}, failing("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n"), false},
		{"-http", 1, "an input that is no HTTP response", []string{"-http", pixelPNG}, nil, false},
		{"-http", 1, "empty", []string{"-http", writeFile(t, dir, "empty.http", nil)}, nil, false},

		{"-warc", 0, "a record answered", []string{"-warc", warcs + "capture-1.1.warc.gz"}, nil, false},
		{"-warc", 0, "a record's error line", []string{"-warc", writeFile(t, dir, "br.warc", br)}, nil, false},
		{"-warc", 0, "a record that breaks", []string{"-warc", warcs + "length-short.warc", warcs + "members.warc.gz"}, nil, false},
		{"-warc", 0, "bytes between records", []string{"-warc", warcs + "garbage.warc"}, nil, false},
		{"-warc", 0, "a file met in a walk that is not WARC, skipped", []string{"-warc", "-r", walk}, nil, false},
		{"-warc", 1, "as for files", []string{"-warc", missing, warcs + "capture-1.1.warc"}, nil, false},
		{"-warc", 1, "a file named that is not a WARC file", []string{"-warc", warcs + "not-warc.html"}, nil, false},
		{"-warc", 1, "an archive whose reads fail", []string{"-warc", "-"}, failing(string(readFile(t, warcs+"capture-1.1.warc"))), false},
	}
}

// An exitCase is one input of an exit status case.
type exitCase struct {
	mode   string
	status int    // the table's column: 0 or 1
	words  string // the words of the table's cell that say the case
	args   []string
	stdin  io.Reader
	root   bool // needs a file or directory that a superuser can read: skipped as root
}

// TestExitStatus runs an example of each case of the exit status table
// and checks the command's exit status.
func TestExitStatus(t *testing.T) {
	for _, c := range exitCases(t) {
		t.Run(c.mode+"/"+c.words, func(t *testing.T) {
			if c.root {
				if os.Geteuid() == 0 {
					t.Skip("as root, every file and directory can be read")
				}
				for _, a := range c.args {
					if strings.HasPrefix(a, os.TempDir()) {
						os.Mkdir(a, 0o755)
						os.Chmod(a, 0)
						defer os.Chmod(a, 0o755)
					}
				}
			}
			got := runCmd(c.stdin, c.args...)
			if got.Code != c.status {
				t.Errorf("mimesniff %q: exit status %d, want %d (%s: %s); stderr:\n%s", c.args, got.Code, c.status, c.mode, c.words, got.Stderr)
			}
		})
	}
}

// TestExitStatusDocumented checks that doc.go's exit status table and
// docs/command.md's say the same, cell by cell, and that the words of each
// case of TestExitStatus are in the cell of its mode and column.
func TestExitStatusDocumented(t *testing.T) {
	src, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	md, err := os.ReadFile("../../docs/command.md")
	if err != nil {
		t.Fatal(err)
	}
	fromDoc, fromMD := docTable(t, string(src)), mdTable(t, string(md))
	if len(fromDoc) != 3 || len(fromMD) != 3 {
		t.Fatalf("exit status tables of %d and %d modes, want 3 each:\n%q\n%q", len(fromDoc), len(fromMD), fromDoc, fromMD)
	}
	for mode, cells := range fromDoc {
		if fromMD[mode] != cells {
			t.Errorf("mode %s: doc.go says %q, docs/command.md %q", mode, cells, fromMD[mode])
		}
	}
	for _, c := range exitCases(t) {
		if !strings.Contains(fromDoc[c.mode][c.status], c.words) {
			t.Errorf("exit status table, mode %s, column %d: %q does not say %q", c.mode, c.status, fromDoc[c.mode][c.status], c.words)
		}
	}
}

// docTable returns the cells of the exit status table of doc.go, by mode:
// a row of fixed-width columns, continued on the lines after it.
func docTable(t *testing.T, src string) map[string][2]string {
	_, after, ok := strings.Cut(src, "\n\tmode          0: every input read")
	if !ok {
		t.Fatal("doc.go: no exit status table")
	}
	table, _, _ := strings.Cut(after, "\n\n")
	out := map[string][2]string{}
	var mode string
	for _, line := range strings.Split(table, "\n")[1:] {
		line = strings.TrimPrefix(line, "\t")
		cell := func(from, to int) string {
			if from >= len(line) {
				return ""
			}
			return strings.TrimSpace(line[from:min(to, len(line))])
		}
		if m := cell(0, 14); m != "" {
			mode = m
		}
		c := out[mode]
		c[0] = strings.TrimSpace(c[0] + " " + cell(14, 52))
		c[1] = strings.TrimSpace(c[1] + " " + cell(52, len(line)))
		out[mode] = c
	}
	return out
}

// mdTable returns the cells of the exit status table of docs/command.md,
// by mode, without the backquotes of code.
func mdTable(t *testing.T, md string) map[string][2]string {
	_, after, ok := strings.Cut(md, "| mode | 0: every input read | 1: some input could not be read |\n| --- | --- | --- |\n")
	if !ok {
		t.Fatal("docs/command.md: no exit status table")
	}
	out := map[string][2]string{}
	for _, line := range strings.Split(after, "\n") {
		if !strings.HasPrefix(line, "| ") {
			break
		}
		cells := strings.Split(strings.Trim(strings.ReplaceAll(line, "`", ""), "| "), " | ")
		if len(cells) != 3 {
			t.Fatalf("docs/command.md: exit status row %q", line)
		}
		out[cells[0]] = [2]string{cells[1], cells[2]}
	}
	return out
}

// A repeater reads s n times.
type repeater struct {
	s string
	n int
	r strings.Reader
}

func (r *repeater) Read(p []byte) (int, error) {
	if r.r.Len() == 0 {
		if r.n == 0 {
			return 0, io.EOF
		}
		r.n--
		r.r.Reset(r.s)
	}
	return r.r.Read(p)
}
