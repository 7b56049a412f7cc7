// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package warcs makes WARC files with real clients, and checks the
// project's WARC reader (internal/warc) against github.com/nlnwa/gowarc on
// them and on the hand-made archives of internal/warc/testdata.
//
// Record serves cases of the navigation corpus
// (testdata/browsers/navigation, see its FORMAT.md) from a loopback server
// with their header sets, as they are and gzip-coded, deflate-coded and
// chunked, and records them with wget --warc-file (Debian's wget). See
// cmd/record.
package warcs

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"compress/zlib"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"
)

// A Case is one response the server sends: a body of the corpus with a
// header set, in a transfer variant.
type Case struct {
	ID       string      // the corpus's case id
	BodyName string      // the body's name in the corpus, such as "image/png-palette.png"
	SHA256   string      // the hex SHA-256 of the whole body
	Body     []byte      // the body's first 1445 bytes (all of it if it is no longer), or the whole body (WholeBodies)
	Size     int64       // the body's whole size in the corpus
	Headers  [][2]string // the header set, values latin1 as sent
	Variant  string      // "identity", "gzip", "deflate" or "chunked"
}

// Variants are the ways a case's body is sent.
var Variants = []string{"identity", "gzip", "deflate", "chunked"}

// LoadCorpus reads the navigation corpus in dir and returns its cases, in
// order, each in the identity variant.
func LoadCorpus(dir string) ([]Case, error) {
	type body struct {
		head   []byte
		size   int64
		sha256 string
	}
	bodies := map[string]body{}
	err := readJSONL(filepath.Join(dir, "bodies.jsonl.gz"), func(line []byte) error {
		var b struct {
			Name   string
			Size   int64
			Head   string
			SHA256 string
		}
		if err := json.Unmarshal(line, &b); err != nil {
			return err
		}
		head, err := base64.StdEncoding.DecodeString(b.Head)
		if err != nil {
			return fmt.Errorf("body %s: %v", b.Name, err)
		}
		bodies[b.Name] = body{head, b.Size, b.SHA256}
		return nil
	})
	if err != nil {
		return nil, err
	}
	headers := map[string][][2]string{}
	err = readJSONL(filepath.Join(dir, "headers.jsonl"), func(line []byte) error {
		var h struct {
			Name    string
			Headers [][2]string
		}
		if err := json.Unmarshal(line, &h); err != nil {
			return err
		}
		headers[h.Name] = h.Headers
		return nil
	})
	if err != nil {
		return nil, err
	}
	var cases []Case
	err = readJSONL(filepath.Join(dir, "cases.jsonl.gz"), func(line []byte) error {
		var c struct{ ID, Body, Headers string }
		if err := json.Unmarshal(line, &c); err != nil {
			return err
		}
		b, ok := bodies[c.Body]
		h, ok2 := headers[c.Headers]
		if !ok || !ok2 {
			return fmt.Errorf("case %s: unknown body %q or header set %q", c.ID, c.Body, c.Headers)
		}
		cases = append(cases, Case{ID: c.ID, BodyName: c.Body, SHA256: b.sha256, Body: b.head, Size: b.size, Headers: h, Variant: "identity"})
		return nil
	})
	return cases, err
}

// WholeBodies returns cases with every body whole: a body the corpus
// stores whole (at most 1445 bytes) as it is, a longer one read from
// dir/<BodyName> and checked against its SHA-256. dir is made by
// bodies.sh: the real files of tools/corpus/gen.js, testdata/files and
// the edge bodies of tools/browsers/gencorpus.js, by corpus name.
func WholeBodies(cases []Case, dir string) ([]Case, error) {
	read := map[string][]byte{}
	out := make([]Case, len(cases))
	for i, c := range cases {
		if int64(len(c.Body)) < c.Size {
			b, ok := read[c.BodyName]
			if !ok {
				var err error
				if b, err = os.ReadFile(filepath.Join(dir, filepath.FromSlash(c.BodyName))); err != nil {
					return nil, err
				}
				if h := sha256.Sum256(b); hex.EncodeToString(h[:]) != c.SHA256 || int64(len(b)) != c.Size {
					return nil, fmt.Errorf("%s: not the corpus's body (%d bytes, SHA-256 %x; the corpus has %d bytes, %s): made by other tool versions?", c.BodyName, len(b), h, c.Size, c.SHA256)
				}
				read[c.BodyName] = b
			}
			c.Body = b
		}
		out[i] = c
	}
	return out, nil
}

func readJSONL(name string, line func([]byte) error) error {
	f, err := os.Open(name)
	if err != nil {
		return err
	}
	defer f.Close()
	var r io.Reader = f
	if strings.HasSuffix(name, ".gz") {
		z, err := gzip.NewReader(f)
		if err != nil {
			return fmt.Errorf("%s: %v", name, err)
		}
		r = z
	}
	s := bufio.NewScanner(r)
	s.Buffer(nil, 1<<20)
	for s.Scan() {
		if err := line(s.Bytes()); err != nil {
			return fmt.Errorf("%s: %v", name, err)
		}
	}
	return s.Err()
}

// Subset returns the cases a recording serves: Distinct(cases), then
// Coded of it.
func Subset(cases []Case, n int) []Case {
	d := Distinct(cases)
	return append(d, Coded(d, n)...)
}

// Distinct returns the first case of each body and the first of each
// header set, in corpus order.
func Distinct(cases []Case) []Case {
	seenBody, seenHeaders := map[string]bool{}, map[string]bool{}
	var out []Case
	for _, c := range cases {
		body := string(c.Body) + "\x00" + strconv.FormatInt(c.Size, 10)
		hs := fmt.Sprint(c.Headers)
		if seenBody[body] && seenHeaders[hs] {
			continue
		}
		seenBody[body], seenHeaders[hs] = true, true
		out = append(out, c)
	}
	return out
}

// Coded returns the first n cases again in each coded variant: gzip,
// deflate, chunked.
func Coded(cases []Case, n int) []Case {
	var out []Case
	for _, v := range Variants[1:] {
		for _, c := range cases[:min(n, len(cases))] {
			c.Variant = v
			out = append(out, c)
		}
	}
	return out
}

// A Server serves cases on a loopback port, each at /<variant>/<index>,
// writing the response bytes itself so that header names, their order,
// repeats and odd values go out exactly as the corpus has them.
type Server struct {
	Cases []Case
	URL   string // http://127.0.0.1:port

	ln net.Listener
	wg sync.WaitGroup
}

// Serve starts a server of cases.
func Serve(cases []Case) (*Server, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	s := &Server{Cases: cases, URL: "http://" + ln.Addr().String(), ln: ln}
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			s.wg.Add(1)
			go func() { defer s.wg.Done(); s.serve(c) }()
		}
	}()
	return s, nil
}

// Close stops the server.
func (s *Server) Close() { s.ln.Close(); s.wg.Wait() }

// Path returns the path case i is served at.
func (s *Server) Path(i int) string { return "/" + s.Cases[i].Variant + "/" + strconv.Itoa(i) }

func (s *Server) serve(c net.Conn) {
	defer c.Close()
	c.SetDeadline(time.Now().Add(10 * time.Second))
	br := bufio.NewReader(c)
	line, err := br.ReadString('\n')
	if err != nil {
		return
	}
	for {
		l, err := br.ReadString('\n')
		if err != nil {
			return
		}
		if l == "\r\n" || l == "\n" {
			break
		}
	}
	f := strings.Fields(line)
	i := -1
	if len(f) == 3 {
		p := strings.Split(f[1], "/")
		if len(p) == 3 {
			if n, err := strconv.Atoi(p[2]); err == nil && n >= 0 && n < len(s.Cases) && p[1] == s.Cases[n].Variant {
				i = n
			}
		}
	}
	if i < 0 {
		io.WriteString(c, "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
		return
	}
	c.Write(Response(s.Cases[i]))
}

// Response returns the bytes the server sends for c: the status line, the
// header set (latin1 values encoded a byte a character), then
// Content-Encoding for a coded variant, and Content-Length (or
// Transfer-Encoding: chunked) and Connection: close, and the body.
func Response(c Case) []byte {
	var b bytes.Buffer
	b.WriteString("HTTP/1.1 200 OK\r\n")
	for _, h := range c.Headers {
		b.WriteString(h[0] + ":" + latin1(h[1]) + "\r\n")
	}
	body := c.Body
	switch c.Variant {
	case "gzip":
		var z bytes.Buffer
		w := gzip.NewWriter(&z)
		w.Write(body)
		w.Close()
		body = z.Bytes()
		b.WriteString("Content-Encoding: gzip\r\n")
	case "deflate":
		// Content-Encoding: deflate is the zlib format (RFC 9110,
		// section 8.4.1.2).
		var z bytes.Buffer
		w := zlib.NewWriter(&z)
		w.Write(body)
		w.Close()
		body = z.Bytes()
		b.WriteString("Content-Encoding: deflate\r\n")
	}
	if c.Variant == "chunked" {
		b.WriteString("Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n")
		for len(body) > 0 {
			n := min(len(body), 500)
			fmt.Fprintf(&b, "%x\r\n", n)
			b.Write(body[:n])
			b.WriteString("\r\n")
			body = body[n:]
		}
		b.WriteString("0\r\n\r\n")
		return b.Bytes()
	}
	fmt.Fprintf(&b, "Content-Length: %d\r\nConnection: close\r\n\r\n", len(body))
	b.Write(body)
	return b.Bytes()
}

// latin1 encodes s a byte a character, as the corpus's values are meant:
// the value "a\u00e9" goes out as the bytes 61 E9.
func latin1(s string) string {
	b := make([]byte, 0, len(s))
	for _, r := range s {
		b = append(b, byte(r))
	}
	return string(b)
}

// Wget records the server's cases with wget into the WARC file
// prefix+".warc.gz" (or prefix+".warc" if plain): wget's warcinfo record,
// a request and a response record per case, and the metadata and resource
// records of wget's log. It writes prefix+".tsv", mapping each target
// URI's path to its case and variant. Both files are written under
// temporary names and renamed when complete. wget is the path of the wget
// program.
func Wget(ctx context.Context, wget string, s *Server, prefix string, plain bool) error {
	ext := ".warc.gz"
	if plain {
		ext = ".warc"
	}
	// wget writes the file as it goes: write it in a directory of its
	// own beside the result and rename it when complete.
	tmp, err := os.MkdirTemp(filepath.Dir(prefix), ".record-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	partial := filepath.Join(tmp, filepath.Base(prefix))
	dir, err := os.MkdirTemp("", "warcs-wget-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	var urls, tsv bytes.Buffer
	tsv.WriteString("uri\tcase\tvariant\n")
	for i, c := range s.Cases {
		u := s.URL + s.Path(i)
		urls.WriteString(u + "\n")
		fmt.Fprintf(&tsv, "%s\t%s\t%s\n", strings.TrimPrefix(u, s.URL), c.ID, c.Variant)
	}
	list := filepath.Join(dir, "urls.txt")
	if err := os.WriteFile(list, urls.Bytes(), 0o644); err != nil {
		return err
	}
	args := []string{"--quiet", "--input-file=" + list, "--directory-prefix=" + filepath.Join(dir, "files"),
		"--tries=1", "--timeout=10", "--no-config", "--warc-file=" + partial, "--warc-header=operator: mimesniff tools/warcs"}
	if plain {
		args = append(args, "--no-warc-compression")
	}
	cmd := exec.CommandContext(ctx, wget, args...)
	cmd.Env = append(os.Environ(), "LC_ALL=C")
	out, err := cmd.CombinedOutput()
	if err != nil {
		// wget exits 8 when a server answered with an error status;
		// every case is a 200, so any failure is ours.
		return fmt.Errorf("wget: %v\n%s", err, out)
	}
	if err := os.Rename(partial+ext, prefix+ext); err != nil {
		return err
	}
	return writeFileAtomic(prefix+".tsv", tsv.Bytes())
}

// writeFileAtomic writes data to name through a temporary file renamed when
// complete.
func writeFileAtomic(name string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(name), ".tmp-*")
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	err = errors.Join(err, f.Close())
	if err == nil {
		err = os.Rename(f.Name(), name)
	}
	if err != nil {
		os.Remove(f.Name())
	}
	return err
}
