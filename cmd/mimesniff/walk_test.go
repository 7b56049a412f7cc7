// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/mimesniff/mimesniff"
)

// makeTree writes n small files under dir, spread over nested directories,
// alternating HTML, PNG and text, and returns the "path: type" lines the
// command must print for them, in lexical order.
func makeTree(t testing.TB, dir string, n int) []string {
	t.Helper()
	kinds := []struct {
		ext, data, typ string
	}{
		{"html", "<!DOCTYPE html><p>", "text/html"},
		{"png", pngMagic + "\x00\x00\x00\x0dIHDR", "image/png"},
		{"txt", "just text", "text/plain"},
	}
	var want []string
	for i := range n {
		sub := filepath.Join(dir, fmt.Sprintf("d%02d", i%37), fmt.Sprintf("e%d", i%5))
		if err := os.MkdirAll(sub, 0o755); err != nil {
			t.Fatal(err)
		}
		k := kinds[i%len(kinds)]
		path := filepath.Join(sub, fmt.Sprintf("f%05d.%s", i, k.ext))
		if err := os.WriteFile(path, []byte(k.data), 0o644); err != nil {
			t.Fatal(err)
		}
		want = append(want, path+": "+k.typ)
	}
	sort.Strings(want) // the names sort as WalkDir walks them
	return want
}

// TestTree walks a generated tree of 1,000 files (10,000 with
// MIMESNIFF_LONG=1) with special entries in it, checking the order of the
// output, the errors and the exit status, and that the run ends in time.
func TestTree(t *testing.T) {
	dir := t.TempDir()
	n := 1000
	if long() {
		n = 10000
	}
	want := makeTree(t, dir, n)

	// A symbolic link loop and a link to a file: not followed, not listed.
	if err := os.Symlink("..", filepath.Join(dir, "d00", "loop")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(dir, "d00", "e0", "f00000.html"), filepath.Join(dir, "d01", "link.html")); err != nil {
		t.Fatal(err)
	}
	// A FIFO nobody writes to: opening it to read would block for ever.
	fifo := filepath.Join(dir, "d02", "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("no FIFO: %v", err)
	}
	// An unreadable file: the tests run as root, so its open fails here.
	unreadable := filepath.Join(dir, "d03", "e0", "secret.html")
	if err := os.WriteFile(unreadable, []byte("<p>"), 0o644); err != nil {
		t.Fatal(err)
	}
	// A socket.
	sock := filepath.Join(dir, "d04", "sock")
	if fd, err := syscall.Socket(syscall.AF_UNIX, syscall.SOCK_STREAM, 0); err == nil {
		if err := syscall.Bind(fd, &syscall.SockaddrUnix{Name: sock}); err != nil {
			t.Fatal(err)
		}
		defer syscall.Close(fd)
	}

	o := options{recursive: true, open: func(name string) (fs.File, error) {
		if name == unreadable {
			return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrPermission}
		}
		return openFile(name)
	}}
	var stdout, stderr bytes.Buffer
	done := make(chan int)
	go func() { done <- o.sniffAll([]string{dir}, nil, &stdout, &stderr) }()
	var code int
	select {
	case code = <-done:
	case <-time.After(60 * time.Second):
		t.Fatal("mimesniff -r did not finish in 60 s")
	}

	gotLines := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
	if diff := cmp.Diff(want, gotLines); diff != "" {
		t.Errorf("mimesniff -r output mismatch (-want +got):\n%s", diff)
	}
	wantErr := "mimesniff: " + fifo + ": not a regular file (named pipe (FIFO)): not read\n" +
		"mimesniff: " + unreadable + ": permission denied\n" +
		"mimesniff: " + sock + ": not a regular file (socket): not read\n"
	if diff := cmp.Diff(wantErr, stderr.String()); diff != "" {
		t.Errorf("mimesniff -r errors mismatch (-want +got):\n%s", diff)
	}
	if code != exitError {
		t.Errorf("exit status %d, want %d", code, exitError)
	}
}

// TestTreeArgs checks -r beside other inputs, and special files named on
// the command line.
func TestTreeArgs(t *testing.T) {
	dir := t.TempDir()
	tree := filepath.Join(dir, "tree")
	want := makeTree(t, tree, 7)
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("no FIFO: %v", err)
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink("tree", link); err != nil {
		t.Fatal(err)
	}
	fifoErr := "mimesniff: " + fifo + ": not a regular file (named pipe (FIFO)): not read\n"
	for _, tt := range []struct {
		name string
		args []string
		want runResult
	}{
		{"tree, file and stdin in order", []string{"-r", pageHTML, tree, "-"}, runResult{
			Stdout: lines(pageHTML, "text/html") + strings.Join(want, "\n") + "\n" + lines("-", "text/plain"),
		}},
		{"-r after the tree", []string{tree, "-r"}, runResult{Stdout: strings.Join(want, "\n") + "\n"}},
		{"a link to a tree named is followed", []string{"-r", link}, runResult{
			Stdout: strings.ReplaceAll(strings.Join(want, "\n")+"\n", tree, link),
		}},
		{"without -r a directory is an error naming -r", []string{tree, pageHTML}, runResult{
			Stdout: lines(pageHTML, "text/html"),
			Stderr: "mimesniff: " + tree + ": is a directory (use -r to walk it)\n",
			Code:   1,
		}},
		{"FIFO named", []string{fifo, pageHTML}, runResult{Stdout: lines(pageHTML, "text/html"), Stderr: fifoErr, Code: 1}},
		{"FIFO named with -http", []string{"-http", fifo}, runResult{Stderr: fifoErr, Code: 1}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			done := make(chan runResult)
			go func() { done <- runCmd(nil, tt.args...) }()
			select {
			case got := <-done:
				if diff := cmp.Diff(tt.want, got); diff != "" {
					t.Errorf("mimesniff %q mismatch (-want +got):\n%s", tt.args, diff)
				}
			case <-time.After(30 * time.Second):
				t.Fatalf("mimesniff %q did not finish in 30 s", tt.args)
			}
		})
	}
}

// TestJSONShape checks that, with -browser standard, the command's JSON
// object for a file holds the name first, with -http the status it read,
// then the resource's metadata as the library reads it and its computed
// MIME type.
func TestJSONShape(t *testing.T) {
	for _, args := range [][]string{
		{pageHTML},
		{"-type", "text/plain", dataBin},
		{"-nosniff", "-feeds", "-type", `text/html; charset="a b"`, feedRSS},
		{"-http", httpDir + "http2.http"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			got := runCmd(nil, append([]string{"-json", "-browser", "standard"}, args...)...)
			var o options
			o.open = openFile
			if err := newFlagSet(&o).Parse(args); err != nil {
				t.Fatal(err)
			}
			o.typeSet = o.contentType != ""
			name := args[len(args)-1]
			in, err := o.resource(name, nil)
			if err != nil {
				t.Fatal(err)
			}
			r := in.r
			null := func(t mimesniff.MIMEType) string {
				if !t.IsValid() {
					return "null"
				}
				b, _ := json.Marshal(t.String())
				return string(b)
			}
			status := ""
			if o.http {
				status = fmt.Sprintf(`"status":%d,`, in.status)
			}
			want := fmt.Sprintf(`{"name":%q,%s"supplied":%s,"nosniff":%v,"apacheBug":%v,"feeds":%v,"context":"browsing","computed":%s}`+"\n",
				name, status, null(r.Supplied), r.NoSniff, r.CheckForApacheBug, r.SniffFeeds, null(r.Sniff()))
			if diff := cmp.Diff(runResult{Stdout: want}, got); diff != "" {
				t.Errorf("mimesniff -json %q mismatch (-want +got):\n%s", args, diff)
			}
		})
	}
}

// TestBadDumps checks that each malformed dump gets a one-line error naming
// the problem, that the other inputs of the run are still sniffed, and the
// exit status: 1 for a dump that is no HTTP response, 0 for one answered
// with an error (httpExit).
func TestBadDumps(t *testing.T) {
	dir := t.TempDir()
	good := httpDir + "plain.http"
	html := readFile(t, pageHTML)
	gz := gzipped(html)
	for _, tt := range []struct {
		name, dump, wantErr string
	}{
		{"garbage", "\x00\x01garbage\n", `not an HTTP response: status line "\x00\x01garbage\n"`},
		{"a request", "GET / HTTP/1.1\r\nHost: example.com\r\n\r\n", `not an HTTP response: status line "GET / HTTP/1.1\r\n"`},
		{"headers cut short", "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n", "malformed HTTP response: headers cut short (no blank line after them)"},
		{"chunk size overflows", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n10000000000000000\r\nabc\r\n0\r\n\r\n", `chunked body: chunk size "10000000000000000" overflows`},
		{"chunk size past the end", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nffffffffffffffff\r\nabc\r\n", "chunked body cut short: a chunk of 18446744073709551615 bytes at byte 18 has 5"},
		{"chunk without CRLF", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabcd\r\n0\r\n\r\n", "chunked body: no CRLF after the chunk of 3 bytes at byte 3"},
		{"bytes after the last chunk", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\nmore", "chunked body: 4 bytes after the last chunk"},
		{"gzip body cut short", "HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\n\r\n" + string(gz[:len(gz)/2]), "gzip body cut short: the compressed stream does not end"},
		{"gzip trailer cut", "HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\n\r\n" + string(gz[:len(gz)-4]), "gzip body cut short: the compressed stream does not end"},
		{"empty gzip body", "HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nContent-Length: 0\r\n\r\n", "empty body with Content-Encoding: gzip"},
		{"zlib with a bad Adler-32", "HTTP/1.1 200 OK\r\nContent-Encoding: deflate\r\n\r\n" + badAdler(zlibbed(html)), "deflate body: zlib: invalid checksum"},
		{"brotli", "HTTP/1.1 200 OK\r\nContent-Encoding: br\r\n\r\nxx", `content coding "br" is not supported`},
		{"zstd", "HTTP/1.1 200 OK\r\nContent-Encoding: zstd\r\n\r\n\x28\xb5\x2f\xfd", `content coding "zstd" is not supported`},
		{"ten codings", "HTTP/1.1 200 OK\r\nContent-Encoding: " + strings.Repeat("gzip, ", 9) + "gzip\r\n\r\n" + string(gz),
			`Content-Encoding "gzip", "gzip", "gzip" and 7 more stacks more than 5 codings`},
		{"gzip length wrong", "HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\n\r\n" + badLength(gz), "gzip body: gzip: invalid checksum"},
		{"raw deflate cut short", "HTTP/1.1 200 OK\r\nContent-Encoding: deflate\r\n\r\n" + string(deflated(html)[:20]), "deflate body cut short: the compressed stream does not end"},
		{"inner gzip cut short", "HTTP/1.1 200 OK\r\nContent-Encoding: gzip, gzip\r\n\r\n" + string(gzipped(gz[:len(gz)-3])), "gzip body cut short: the compressed stream does not end"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			name := writeFile(t, dir, strings.ReplaceAll(tt.name, " ", "-")+".http", []byte(tt.dump))
			got := runCmd(nil, "-http", name, good)
			want := runResult{
				Stdout: lines(good, "text/html;charset=UTF-8"),
				Stderr: "mimesniff: " + name + ": " + tt.wantErr + "\n",
				Code:   httpExit(tt.wantErr),
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("mimesniff -http %q mismatch (-want +got):\n%s", tt.dump, diff)
			}
		})
	}
}

// badLength returns the gzip stream z with the length in its trailer changed.
func badLength(z []byte) string {
	z = bytes.Clone(z)
	z[len(z)-4] ^= 1
	return string(z)
}

// TestNoTypeFromCodedBytes cuts a coded body at every byte, and flips every
// bit of a checksummed one after its first bytes (gzip's magic, zlib's
// header: a body that does not start like its coding was decoded by curl),
// and checks that -http never prints a type computed from the coded bytes:
// each is the decoded page's type or an error.
func TestNoTypeFromCodedBytes(t *testing.T) {
	html := readFile(t, pageHTML)
	for _, tc := range []struct {
		name, encoding string
		body           []byte
		skip           int // bytes not flipped
	}{
		{"gzip", "gzip", gzipped(html), 3},
		{"zlib", "deflate", zlibbed(html), 2},
		{"raw deflate", "deflate", deflated(html), -1},
		{"gzip, gzip", "gzip, gzip", gzipped(gzipped(html)), 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			head := "HTTP/1.1 200 OK\r\nContent-Encoding: " + tc.encoding + "\r\n\r\n"
			check := func(what string, body []byte, mustFail bool) {
				got := runCmd(strings.NewReader(head+string(body)), "-browser", "standard", "-http", "-")
				switch {
				case got.Code == 0 && strings.HasPrefix(got.Stderr, "mimesniff: -: ") && got.Stdout == "":
				case got.Code == 0 && got.Stdout == "-: text/html\n" && !mustFail:
				default:
					t.Errorf("%s: %+v; want an error or the page's text/html", what, got)
				}
			}
			for n := range len(tc.body) {
				check(fmt.Sprintf("cut at %d", n), tc.body[:n], true)
			}
			if tc.skip < 0 {
				return
			}
			for i := tc.skip; i < len(tc.body); i++ {
				for bit := range 8 {
					b := bytes.Clone(tc.body)
					b[i] ^= 1 << bit
					check(fmt.Sprintf("bit %d of byte %d flipped", bit, i), b, false)
				}
			}
		})
	}
}

// badAdler returns the zlib stream z with its Adler-32 changed.
func badAdler(z []byte) string {
	z = bytes.Clone(z)
	z[len(z)-1] ^= 1
	return string(z)
}

// BenchmarkTree compares mimesniff -r with find DIR -type f | xargs file
// --mime-type on a tree of 20,000 files, in the same run. It builds the
// command and runs both as programs, with their output discarded.
func BenchmarkTree(b *testing.B) {
	dir := b.TempDir()
	makeTree(b, dir, 20000)
	bin := benchBinary(b)
	b.Run("mimesniff-r", func(b *testing.B) {
		for b.Loop() {
			runQuiet(b, exec.Command(bin, "-r", dir))
		}
	})
	b.Run("find-xargs-file", func(b *testing.B) {
		if _, err := exec.LookPath("file"); err != nil {
			b.Skip("file is not installed")
		}
		for b.Loop() {
			runQuiet(b, exec.Command("sh", "-c", `find "$1" -type f | xargs file --mime-type`, "sh", dir))
		}
	})
}

// benchBinary builds the command for a benchmark.
func benchBinary(b *testing.B) string {
	path := filepath.Join(b.TempDir(), "mimesniff")
	if out, err := exec.Command("go", "build", "-o", path, ".").CombinedOutput(); err != nil {
		b.Fatalf("go build: %v\n%s", err, out)
	}
	return path
}

// runQuiet runs cmd with its output discarded, failing b when it fails.
func runQuiet(b *testing.B, cmd *exec.Cmd) {
	cmd.Stdout = io.Discard
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		var exitErr *exec.ExitError
		if !errors.As(err, &exitErr) || stderr.Len() > 0 {
			b.Fatalf("%v: %v\n%s", cmd.Args, err, stderr.Bytes())
		}
	}
}

// TestHostileNames walks a tree whose file names try to forge lines, send
// terminal escapes, or pass for flags, and checks that the text output has
// one line per file, its name quoted where it must be, and the JSON output
// one record per input, a failed one included.
func TestHostileNames(t *testing.T) {
	dir := t.TempDir()
	for name, data := range map[string]string{
		`"quoted"`:                   "plain text",
		"-":                          "<p>x</p>", // not standard input, which is empty
		"-rf":                        "plain text",
		"bidi\u202eLMTH.txt":         "plain text",
		"esc\x1b[31m.txt":            "plain text",
		"invalid\xff.txt":            "plain text",
		"new\nline.html":             "<p>x</p>",
		"plain.txt":                  "plain text",
		"tab\tname":                  "plain text",
		"x.png: image/png\nevil.htm": "<p>x</p>", // in a directory "x.png: image"
	} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		writeFile(t, dir, name, []byte(data))
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "fifo\n: x"), 0o644); err != nil {
		t.Skipf("no FIFO: %v", err)
	}
	t.Chdir(dir) // so that the walk gives names starting with "-"

	got := runCmd(nil, "-r", ".")
	want := runResult{
		Stdout: `"\"quoted\"": text/plain` + "\n" +
			"./-: text/html\n" +
			"./-rf: text/plain\n" +
			`"bidi\u202eLMTH.txt": text/plain` + "\n" +
			`"esc\x1b[31m.txt": text/plain` + "\n" +
			`"invalid\xff.txt": text/plain` + "\n" +
			`"new\nline.html": text/html` + "\n" +
			"plain.txt: text/plain\n" +
			`"tab\tname": text/plain` + "\n" +
			`"x.png: image/png\nevil.htm": text/html` + "\n",
		Stderr: `mimesniff: "fifo\n: x": not a regular file (named pipe (FIFO)): not read` + "\n",
		Code:   1,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("mimesniff -r . mismatch (-want +got):\n%s", diff)
	}

	got = runCmd(nil, "-r", "-json", ".")
	var names []string
	for line := range strings.Lines(got.Stdout) {
		var rec struct{ Name, Computed, Error string }
		if err := json.Unmarshal([]byte(line), &rec); err != nil || !strings.HasSuffix(line, "}\n") {
			t.Fatalf("line %q: not one JSON record: %v", line, err)
		}
		if (rec.Error == "") == (rec.Computed == "") {
			t.Errorf("record %q: want a computed type or an error", line)
		}
		names = append(names, rec.Name)
	}
	// encoding/json writes U+FFFD for a byte that is not UTF-8.
	wantNames := []string{`"quoted"`, "./-", "./-rf", "bidi\u202eLMTH.txt", "esc\x1b[31m.txt", "fifo\n: x",
		"invalid\uFFFD.txt", "new\nline.html", "plain.txt", "tab\tname", "x.png: image/png\nevil.htm"}
	if diff := cmp.Diff(wantNames, names); diff != "" {
		t.Errorf("mimesniff -r -json . names mismatch (-want +got):\n%s", diff)
	}
	if got.Code != 1 || got.Stderr != want.Stderr {
		t.Errorf("mimesniff -r -json .: exit status %d, stderr %q; want 1, %q", got.Code, got.Stderr, want.Stderr)
	}
}
