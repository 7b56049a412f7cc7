// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Mimesniff prints the MIME type a browser computes for each file it is
// given, following the WHATWG MIME Sniffing Standard
// (https://mimesniff.spec.whatwg.org/): what a browser would make of these
// bytes, served with this Content-Type, in this context.
//
// Usage:
//
//	mimesniff [flags] FILE...
//
// For each FILE it prints a line "FILE: TYPE", where TYPE is the computed
// MIME type, serialized as the standard does (text/html;charset=utf-8), or
// "undefined" for the standard's undefined MIME type, which only some
// contexts give. A FILE of "-" is standard input, and is printed as "-".
// Only the first 1445 bytes of each file, the resource header, are read:
// mimesniff never reads a whole file.
//
// By default the supplied MIME type, what the server says, is undefined: the
// file is sniffed as a browser sniffs a response without a Content-Type. It
// is not guessed from the file name unless -ext is given.
//
// The flags, which come before the files, are:
//
//	-type CT
//		The supplied Content-Type header value CT, read as the bytes of a
//		header. A value that does not parse as a MIME type makes the
//		supplied type undefined, as for HTTP. The check-for-apache-bug flag
//		is set when CT is exactly "text/plain",
//		"text/plain; charset=ISO-8859-1", "text/plain; charset=iso-8859-1"
//		or "text/plain; charset=UTF-8".
//	-nosniff
//		Set the no-sniff flag, as X-Content-Type-Options: nosniff does.
//	-ext
//		Take the supplied type from the file name's extension, as a file
//		system provides it (Go's mime.TypeByExtension, which reads the
//		system's mime.types files too). -type wins over it.
//	-context NAME
//		Sniff for the context NAME: browsing (the default: a document),
//		image, audio-video, font, plugin, style, script, text-track or
//		cache-manifest.
//	-feeds
//		Apply the legacy feed-or-HTML rules, removed from the standard in
//		2024, to a supplied text/html: an RSS or Atom feed served as
//		text/html is application/rss+xml or application/atom+xml.
//	-http
//		Each FILE is a raw HTTP response as "curl -si URL" prints it:
//		status line, headers, a blank line, the body. Where there are
//		several responses in a row (HTTP/1.1 100 Continue before the final
//		one, or the redirects that "curl -siL" followed, printed without
//		their bodies: a response whose headers are directly followed by a
//		status line), the last one is used. "HTTP/2 200" status lines, as
//		curl prints them, are accepted. The supplied type is
//		the last Content-Type value, the apache-bug flag is set from it,
//		and the no-sniff flag from X-Content-Type-Options. A chunked body is
//		unchunked, and a gzip or deflate Content-Encoding decoded, as a
//		browser does; another content coding, such as br, is an error for
//		that file. A body cut short, as in a saved HEAD response, is
//		sniffed as far as it goes. -type and -nosniff, when given,
//		override the headers.
//		The status lines and headers of a file may take 1 MiB at most, in
//		100 responses at most. -http and -ext cannot be used together.
//	-json
//		Print one JSON object a line instead of text:
//		{"name":"FILE","supplied":"text/plain","nosniff":false,
//		"apacheBug":true,"feeds":false,"context":"browsing",
//		"computed":"application/octet-stream"}. supplied and computed are
//		null for the undefined MIME type.
//	-h, -help
//		Print a usage message on standard output, and exit with status 0.
//
// Examples:
//
//	mimesniff testdata/files/*
//	curl -si https://example.com/ | mimesniff -http -
//	mimesniff -type 'image/gif' upload.bin
//	mimesniff -type 'text/plain' -nosniff notes.txt
//	mimesniff -context image -json photo
//	mimesniff -ext download.html
//
// Exit status: 0 when every file was read and sniffed; 1 when some file
// could not be (it is missing, a directory, not an HTTP response with -http,
// ...), in which case an error "mimesniff: FILE: error" is printed on
// standard error and the other files are still sniffed; 2 for bad usage: an
// unknown flag, a bad -context value, or no FILE at all.
package main

import (
	"bufio"
	"bytes"
	"compress/flate"
	"compress/gzip"
	"compress/zlib"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"regexp"
	"strings"

	"github.com/mimesniff/mimesniff"
)

func main() { os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) }

// Exit statuses.
const (
	exitOK    = 0
	exitError = 1 // some input could not be sniffed
	exitUsage = 2
)

// options are the command-line flags.
type options struct {
	contentType string // -type, as given
	typeSet     bool   // -type was given
	noSniff     bool
	noSniffSet  bool // -nosniff was given, true or false
	ext         bool
	context     mimesniff.SniffingContext
	feeds       bool
	http        bool
	json        bool
}

// run runs the command with the given arguments (without the program name)
// and returns its exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var o options
	flags := flag.NewFlagSet("mimesniff", flag.ContinueOnError)
	// Messages and usage are printed below, where they belong: the usage on
	// standard output when asked for with -h, on standard error otherwise.
	flags.SetOutput(io.Discard)
	flags.Usage = func() {}
	flags.StringVar(&o.contentType, "type", "", "the supplied Content-Type header value `CT`; one that does not\n"+
		"parse makes the supplied type undefined; exactly \"text/plain\",\n"+
		"\"text/plain; charset=ISO-8859-1\", \"text/plain; charset=iso-8859-1\" or\n"+
		"\"text/plain; charset=UTF-8\" sets the apache-bug flag (default:\n"+
		"undefined, or from the file name with -ext, or from the headers with\n"+
		"-http)")
	flags.BoolVar(&o.noSniff, "nosniff", false, "set the no-sniff flag, as X-Content-Type-Options: nosniff does")
	flags.BoolVar(&o.ext, "ext", false, "take the supplied type from the file name's extension\n(mime.TypeByExtension)")
	flags.TextVar(&o.context, "context", mimesniff.BrowsingContext, "sniff in the context `NAME`: browsing (a document), image,\n"+
		"audio-video, font, plugin, style, script, text-track or\n"+
		"cache-manifest")
	flags.BoolVar(&o.feeds, "feeds", false, "apply the legacy feed-or-HTML rules to a supplied text/html (RSS, Atom)")
	flags.BoolVar(&o.http, "http", false, "each file is a raw HTTP response as \"curl -si URL\" prints it (the last\n"+
		"one of several is used); the body is unchunked and gzip or deflate\n"+
		"decoded; -type and -nosniff, when given, override its headers")
	flags.BoolVar(&o.json, "json", false, "print one JSON object per file and line: name, supplied, nosniff,\n"+
		"apacheBug, feeds, context, computed (null for the undefined type)")
	usage := func(w io.Writer) {
		fmt.Fprint(w, usageHead)
		flags.SetOutput(w)
		flags.PrintDefaults()
		flags.SetOutput(io.Discard)
		fmt.Fprint(w, usageTail)
	}
	if err := flags.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			// As flag.ExitOnError does, -h and -help exit with 0.
			usage(stdout)
			return exitOK
		}
		fmt.Fprintf(stderr, "mimesniff: %v\n", err)
		usage(stderr)
		return exitUsage
	}
	flags.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "type":
			o.typeSet = true
		case "nosniff":
			o.noSniffSet = true
		}
	})
	if flags.NArg() == 0 {
		fmt.Fprintln(stderr, "mimesniff: no input files")
		usage(stderr)
		return exitUsage
	}
	if o.http && o.ext {
		fmt.Fprintln(stderr, "mimesniff: -http and -ext cannot be used together")
		usage(stderr)
		return exitUsage
	}

	status := exitOK
	for _, name := range flags.Args() {
		r, err := o.resource(name, stdin)
		if err != nil {
			fmt.Fprintf(stderr, "mimesniff: %s: %s\n", name, errorText(err))
			status = exitError
			continue
		}
		if err := o.print(stdout, name, r); err != nil {
			fmt.Fprintf(stderr, "mimesniff: writing output: %v\n", err)
			return exitError
		}
	}
	return status
}

const usageHead = `usage: mimesniff [flags] FILE...

Mimesniff prints the MIME type a browser computes for each FILE, following
the WHATWG MIME Sniffing Standard (https://mimesniff.spec.whatwg.org/): one
"FILE: TYPE" line per file, where TYPE is "undefined" for the standard's
undefined MIME type. A FILE of - is standard input. Only the first 1445
bytes of each file are read. Without -type, -ext or -http the supplied MIME
type is undefined, as for a response without a Content-Type.

Flags (before the files):
`

const usageTail = `  -h, -help
    	print this message and exit with status 0

Examples:
  mimesniff testdata/files/*
  curl -si https://example.com/ | mimesniff -http -
  curl -siL https://example.com/feed | mimesniff -http -feeds -
  mimesniff -type 'image/gif' upload.bin
  mimesniff -type 'text/plain' -nosniff notes.txt
  mimesniff -context image -json photo
  mimesniff -ext download.html

Exit status: 0 if every file was sniffed; 1 if some file could not be read
(an error is printed and the others are still sniffed); 2 for bad usage.
`

// resource returns the resource named name: stdin for "-", otherwise the
// file, as a raw HTTP response with -http, with the flags applied.
func (o *options) resource(name string, stdin io.Reader) (mimesniff.Resource, error) {
	in := stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return mimesniff.Resource{}, err
		}
		defer f.Close()
		if fi, err := f.Stat(); err == nil && fi.IsDir() {
			return mimesniff.Resource{}, errors.New("is a directory")
		}
		in = f
	}

	var r mimesniff.Resource
	if o.http {
		var err error
		if r, err = readHTTP(in); err != nil {
			return mimesniff.Resource{}, err
		}
	} else {
		header, _, err := mimesniff.ReadHeader(in)
		if err != nil {
			return mimesniff.Resource{}, err
		}
		if o.ext && name != "-" {
			r = mimesniff.ResourceFromFile(name, header)
		} else {
			r.Header = header
		}
	}
	if o.typeSet {
		// The value is read as a header value from the wire: as bytes,
		// with the apache-bug check on the value as given.
		r.Supplied, r.CheckForApacheBug = mimesniff.SuppliedFromHTTP(http.Header{"Content-Type": {o.contentType}})
	}
	if !o.http || o.noSniffSet {
		r.NoSniff = o.noSniff
	}
	r.SniffFeeds = o.feeds
	return r, nil
}

// errorText returns the message for err, an error reading an input whose
// name is printed before it: without the "open NAME: " of an *fs.PathError.
func errorText(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return strings.Replace(err.Error(), pe.Error(), pe.Err.Error(), 1)
	}
	return err.Error()
}

// jsonResult is the object printed for each input with -json.
type jsonResult struct {
	Name      string                    `json:"name"`
	Supplied  *string                   `json:"supplied"`
	NoSniff   bool                      `json:"nosniff"`
	ApacheBug bool                      `json:"apacheBug"`
	Feeds     bool                      `json:"feeds"`
	Context   mimesniff.SniffingContext `json:"context"`
	Computed  *string                   `json:"computed"`
}

// print prints the computed MIME type of r, named name.
func (o *options) print(w io.Writer, name string, r mimesniff.Resource) error {
	computed := r.SniffIn(o.context)
	if !o.json {
		text := computed.String()
		if !computed.IsValid() {
			text = "undefined"
		}
		_, err := fmt.Fprintf(w, "%s: %s\n", name, text)
		return err
	}
	b, err := json.Marshal(jsonResult{
		Name:      name,
		Supplied:  jsonType(r.Supplied),
		NoSniff:   r.NoSniff,
		ApacheBug: r.CheckForApacheBug,
		Feeds:     r.SniffFeeds,
		Context:   o.context,
		Computed:  jsonType(computed),
	})
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// jsonType returns the serialization of t, or nil (JSON null) for the
// undefined MIME type.
func jsonType(t mimesniff.MIMEType) *string {
	if !t.IsValid() {
		return nil
	}
	s := t.String()
	return &s
}

// maxHeaderBytes bounds the status lines and header sections of the
// responses read with -http, together, as http.DefaultMaxHeaderBytes does
// for a server, so that a file that is not an HTTP response is not read
// whole. maxResponses bounds their number (curl follows at most 50
// redirects by default).
const (
	maxHeaderBytes = 1 << 20
	maxResponses   = 100
)

// errHeaderTooLong is returned when the header sections are longer than
// maxHeaderBytes.
var errHeaderTooLong = fmt.Errorf("HTTP headers longer than %d bytes", maxHeaderBytes)

// statusLine matches the start of an HTTP/1.x status line, or of one as curl
// prints it for HTTP/2 and HTTP/3: "HTTP/2 200". Group 1 is the major
// version, group 2 the minor one with its dot, if any.
var statusLine = regexp.MustCompile(`^HTTP/([0-9])(\.[0-9])? [0-9]{3}`)

// readHTTP reads a raw HTTP response, or several in a row as curl prints
// them, and returns the resource of the last one: its headers and the first
// HeaderSize bytes of its decoded body.
func readHTTP(in io.Reader) (mimesniff.Resource, error) {
	// The status lines and header sections of all the responses, and
	// bufio's read-ahead, must fit in maxHeaderBytes.
	lr := &budgetReader{r: in, budget: maxHeaderBytes}
	br := bufio.NewReader(lr)
	for n := 1; ; n++ {
		if n > maxResponses {
			return mimesniff.Resource{}, fmt.Errorf("more than %d HTTP responses", maxResponses)
		}
		resp, next, err := readResponse(br)
		if err != nil {
			if err == io.EOF {
				err = errors.New("not an HTTP response: empty input")
				if n > 1 {
					err = errors.New("no final response after an interim one")
				}
			}
			return mimesniff.Resource{}, err
		}
		br = next
		if resp.StatusCode/100 == 1 {
			// An interim response (100 Continue, 101 Switching
			// Protocols, 103 Early Hints): the real one follows.
			continue
		}
		b, err := br.Peek(len("HTTP/1.1 200"))
		if err != nil && err != io.EOF {
			return mimesniff.Resource{}, err
		}
		if statusLine.Match(b) {
			// Another response follows this one's headers: curl
			// followed a redirect (-L), or this was a proxy's reply
			// to CONNECT, and it did not print this one's body.
			continue
		}
		lr.budget = -1 // the body is read only as far as needed
		body, err := decodeContent(resp.Header, truncatedReader{resp.Body})
		if err != nil {
			return mimesniff.Resource{}, err
		}
		r, _, err := mimesniff.ResourceFromHTTP(resp.Header, truncatedReader{body})
		return r, err
	}
}

// readResponse reads the status line and headers of one response from br.
// It returns the response, whose body is not read yet, and the reader that
// the rest of the input, the body first, is to be read from: br, or, when
// the status line had to be rewritten for http.ReadResponse, a reader of
// the rewritten line and br.
func readResponse(br *bufio.Reader) (*http.Response, *bufio.Reader, error) {
	line, err := peekLine(br)
	switch {
	case err == io.EOF && len(line) == 0:
		return nil, nil, io.EOF
	case err == io.EOF:
		// A status line without a line end: as below, and the header
		// section is then missing.
	case err == bufio.ErrBufferFull:
		return nil, nil, fmt.Errorf("not an HTTP response: no status line in the first %d bytes", len(line))
	case err != nil:
		return nil, nil, err
	}
	m := statusLine.FindSubmatchIndex(line)
	if m == nil {
		const max = 40
		if len(line) > max {
			line = append(line[:max:max], "..."...)
		}
		return nil, nil, fmt.Errorf("not an HTTP response: status line %q", line)
	}
	if m[4] < 0 {
		// "HTTP/2 200": http.ReadResponse wants "HTTP/2.0 200".
		fixed := append(append(append([]byte(nil), line[:m[3]]...), ".0"...), line[m[3]:]...)
		br.Discard(len(line))
		br = bufio.NewReader(io.MultiReader(bytes.NewReader(fixed), br))
	}
	resp, err := http.ReadResponse(br, nil)
	if err != nil {
		if errors.Is(err, errHeaderTooLong) {
			return nil, nil, errHeaderTooLong
		}
		return nil, nil, fmt.Errorf("malformed HTTP response: %w", err)
	}
	return resp, br, nil
}

// peekLine returns the first line of br, its line end included, without
// reading it. Its error is bufio.ErrBufferFull when the line does not fit in
// br's buffer, and io.EOF when the input ends before a line end.
func peekLine(br *bufio.Reader) ([]byte, error) {
	for n := 64; ; n = min(2*n, br.Size()) {
		b, err := br.Peek(n)
		if i := bytes.IndexByte(b, '\n'); i >= 0 {
			return b[:i+1], nil
		}
		if err != nil {
			return b, err
		}
		if n == br.Size() {
			return b, bufio.ErrBufferFull
		}
	}
}

// budgetReader reads from r, at most budget bytes, or without limit when
// budget is negative, and fails with errHeaderTooLong past them.
type budgetReader struct {
	r      io.Reader
	budget int64
}

func (b *budgetReader) Read(p []byte) (int, error) {
	if b.budget < 0 {
		return b.r.Read(p)
	}
	if b.budget == 0 {
		return 0, errHeaderTooLong
	}
	if int64(len(p)) > b.budget {
		p = p[:b.budget]
	}
	n, err := b.r.Read(p)
	b.budget -= int64(n)
	return n, err
}

// truncatedReader reads from r, and reports its io.ErrUnexpectedEOF as
// io.EOF: a body shorter than its Content-Length or a cut-off compressed
// stream, as in a saved HEAD response ("curl -sI") or an interrupted
// download, is sniffed as far as it goes, as a browser sniffs the bytes
// that have arrived.
type truncatedReader struct{ r io.Reader }

func (t truncatedReader) Read(p []byte) (int, error) {
	n, err := t.r.Read(p)
	if err == io.ErrUnexpectedEOF {
		err = io.EOF
	}
	return n, err
}

// decodeContent returns body decoded from the content codings that h's
// Content-Encoding lists, as a browser decodes them: gzip (or x-gzip) and
// deflate (zlib, or a raw deflate stream, which browsers accept too), and
// identity. Any other coding is an error. An empty body is left as it is.
func decodeContent(h http.Header, body io.Reader) (io.Reader, error) {
	var codings []string
	for _, v := range h.Values("Content-Encoding") {
		for c := range strings.SplitSeq(v, ",") {
			c = strings.ToLower(strings.Trim(c, " \t"))
			if c != "" && c != "identity" {
				codings = append(codings, c)
			}
		}
	}
	// The codings were applied in the order listed: undo the last first.
	for i := len(codings) - 1; i >= 0; i-- {
		br := bufio.NewReader(body)
		start, err := br.Peek(2)
		if len(start) == 0 && err == io.EOF {
			return br, nil // nothing to decode, as for a 304 or HEAD
		}
		switch c := codings[i]; c {
		case "gzip", "x-gzip":
			zr, err := gzip.NewReader(br)
			if err != nil {
				return nil, fmt.Errorf("gzip content coding: %w", err)
			}
			body = zr
		case "deflate":
			if isZlibHeader(start) {
				zr, err := zlib.NewReader(br)
				if err != nil {
					return nil, fmt.Errorf("deflate content coding: %w", err)
				}
				body = zr
			} else {
				body = flate.NewReader(br)
			}
		default:
			return nil, fmt.Errorf("content coding %q is not supported", c)
		}
	}
	return body, nil
}

// isZlibHeader reports whether b starts with a zlib header (RFC 1950) of a
// deflate stream without a preset dictionary.
func isZlibHeader(b []byte) bool {
	if len(b) < 2 {
		return false
	}
	cmf, flg := b[0], b[1]
	return cmf&0x0F == 8 && cmf>>4 <= 7 && (uint16(cmf)<<8|uint16(flg))%31 == 0 && flg&0x20 == 0
}
