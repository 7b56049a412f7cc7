// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

// Reading an HTTP response as curl prints it (-http).
//
// curl -si prints the status line and headers as they came, but the body as
// the options chose: with the chunked framing removed unless --raw is given,
// with the content coding removed when --compressed is given, while the
// Transfer-Encoding and Content-Encoding headers stay. So the headers do not
// say what the printed body still carries: the bytes do. A chunked body is a
// run of hexadecimal chunk-size lines ending in a zero-size chunk; a gzip
// stream starts with 1F 8B 08; a zlib stream with a checked two-byte header;
// a raw deflate stream has no mark, but plain bytes do not decode as one.
// What is still coded is decoded by the library (mimesniff.ResourceFromResponse),
// and the body is read to its end, as a stream, so that the chunked framing
// and the codings' checksums (CRC-32 and length, Adler-32) are checked;
// bytes that start like a coding but break are an error, never sniffed as a
// guess.

import (
	"bufio"
	"bytes"
	"compress/flate"
	"errors"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"strconv"
	"strings"

	"github.com/mimesniff/mimesniff"
)

// Limits on what -http reads, so that a file that is not an HTTP response is
// not read whole, and a compression bomb is not decoded whole.
//
// maxHeaderBytes bounds the status lines and header sections of all the
// responses together, as http.DefaultMaxHeaderBytes does for a server;
// maxResponses their number (curl follows at most 50 redirects by default);
// maxBodyBytes a body that has a coding to check, which must be read to its
// end; maxDecodedBytes what its content codings decode to, which Go
// inflates in about 80 ms for a bomb (and under a second for text).
const (
	maxHeaderBytes  = 1 << 20
	maxResponses    = 100
	maxBodyBytes    = 64 << 20
	maxDecodedBytes = 256 << 20
)

// errBodyTooLong is returned when a body to check is longer than
// maxBodyBytes.
var errBodyTooLong = fmt.Errorf("body longer than %d bytes: too long to check its coding", maxBodyBytes)

// errHeaderTooLong is returned when the header sections are longer than
// maxHeaderBytes.
var errHeaderTooLong = fmt.Errorf("HTTP headers longer than %d bytes", maxHeaderBytes)

// errNotHTTP: the input is not an HTTP response: empty, or not starting
// with a status line. Such an input cannot be read with -http, a failure
// (failed); an HTTP response that breaks is answered with its error.
var errNotHTTP = errors.New("not an HTTP response")

// statusLine matches the start of an HTTP/1.x status line, or of one as curl
// prints it for HTTP/2 and HTTP/3 ("HTTP/2 200").
//
// Group 1 is the major version, group 2 the minor one with its dot, if any.
var statusLine = regexp.MustCompile(`^HTTP/([0-9])(\.[0-9])? [0-9]{3}`)

// readHTTP reads a raw HTTP response, or several in a row as curl prints them,
// and returns the resource of the last final one, its headers and its status
// code.
//
// The resource holds the start of its body, with whatever coding the body
// still carries undone (readBody). The status code is any three digits,
// 000 and 999 included (mimesniff.ReportForStatus answers each); interim
// 1xx responses before it are skipped, and a 1xx with no final response
// after it is an error.
func readHTTP(in io.Reader) (mimesniff.Resource, http.Header, int, error) {
	// The status lines and header sections of all the responses, and
	// bufio's read-ahead, must fit in maxHeaderBytes.
	lr := &budgetReader{r: in, budget: maxHeaderBytes}
	br := bufio.NewReader(lr)
	interim := 0 // the last interim response's status code
	for n := 1; ; n++ {
		if n > maxResponses {
			return mimesniff.Resource{}, nil, 0, fmt.Errorf("more than %d HTTP responses", maxResponses)
		}
		resp, next, err := readResponse(br)
		if err != nil {
			switch {
			case interim != 0 && (err == io.EOF || errors.Is(err, errNotHTTP)):
				// Nothing, or no status line, after a 1xx: a
				// dump cut short, or a 1xx sent as the final
				// response, which no browser takes for one.
				err = fmt.Errorf("no final response after the interim %03d", interim)
			case err == io.EOF:
				err = fmt.Errorf("%w: empty input", errNotHTTP)
			}
			return mimesniff.Resource{}, nil, 0, err
		}
		br = next
		if resp.StatusCode/100 == 1 {
			// An interim response (100 Continue, as for curl -X POST
			// with a body, 103 Early Hints): the real one follows.
			interim = resp.StatusCode
			continue
		}
		b, err := br.Peek(len("HTTP/1.1 200"))
		if err != nil && err != io.EOF {
			return mimesniff.Resource{}, nil, 0, err
		}
		if statusLine.Match(b) {
			// Another response follows this one's headers: curl
			// followed a redirect (-L), or this was a proxy's reply
			// to CONNECT, and it did not print this one's body.
			continue
		}
		lr.budget = -1
		r, err := readBody(resp, br)
		if err != nil {
			return mimesniff.Resource{}, nil, 0, err
		}
		// The header list as the library left it: without the
		// Content-Encoding it undid, as the resource's bytes are.
		return r, r.HeaderList, resp.StatusCode, nil
	}
}

// readResponse reads the status line and headers of one response from br.
//
// It returns the response, whose body is left unread in the returned reader:
// br, or, when the status line had to be rewritten for http.ReadResponse, a
// reader of the rewritten line and br.
func readResponse(br *bufio.Reader) (*http.Response, *bufio.Reader, error) {
	line, err := peekLine(br)
	switch {
	case err == io.EOF && len(line) == 0:
		return nil, nil, io.EOF
	case err == io.EOF:
		// A status line without a line end: as below, and the header
		// section is then missing.
	case err == bufio.ErrBufferFull:
		return nil, nil, fmt.Errorf("%w: no status line in the first %d bytes", errNotHTTP, len(line))
	case err != nil:
		return nil, nil, err
	}
	m := statusLine.FindSubmatchIndex(line)
	if m == nil {
		const max = 40
		if len(line) > max {
			line = append(line[:max:max], "..."...)
		}
		return nil, nil, fmt.Errorf("%w: status line %q", errNotHTTP, line)
	}
	if m[4] < 0 {
		// "HTTP/2 200": http.ReadResponse wants "HTTP/2.0 200".
		fixed := append(append(append([]byte(nil), line[:m[3]]...), ".0"...), line[m[3]:]...)
		br.Discard(len(line))
		br = bufio.NewReader(io.MultiReader(bytes.NewReader(fixed), br))
	}
	resp, err := http.ReadResponse(br, nil)
	switch {
	case err == nil:
		return resp, br, nil
	case errors.Is(err, errHeaderTooLong):
		return nil, nil, errHeaderTooLong
	case errors.Is(err, io.ErrUnexpectedEOF):
		return nil, nil, errors.New("malformed HTTP response: headers cut short (no blank line after them)")
	}
	return nil, nil, fmt.Errorf("malformed HTTP response: %w", err)
}

// readBody returns the resource of resp, whose body follows in br, as a
// browser would sniff it.
//
// That is the body with the chunked framing and the content codings that the
// bytes still carry removed. Without either (or when curl has removed the
// codings), only what the first mimesniff.HeaderSize bytes need is read.
// Otherwise the body is read to its end as a stream, to check the framing
// and the codings' checksums, up to maxBodyBytes of it and maxDecodedBytes of
// its decoding. A 1xx, 204 or 304 response has no body.
func readBody(resp *http.Response, br *bufio.Reader) (mimesniff.Resource, error) {
	if c := resp.StatusCode; c/100 == 1 || c == http.StatusNoContent || c == http.StatusNotModified {
		r, err := mimesniff.ResourceFromResponse(&http.Response{StatusCode: resp.StatusCode, Header: resp.Header})
		return r, err
	}
	// http.ReadResponse moves Transfer-Encoding out of the header.
	chunked, err := isChunked(resp.TransferEncoding)
	if err != nil {
		return mimesniff.Resource{}, err
	}
	codings := listCodings(resp.Header)
	if !chunked && len(codings) == 0 {
		// Nothing to undo. Content-Length is not used: curl keeps the
		// header of the encoded body, and a saved HEAD response has
		// no body at all.
		r, _, err := resourceOf(resp.Header, br)
		return r, err
	}
	body := bufio.NewReader(&limitedReader{r: br, left: maxBodyBytes})
	framed := false // the body still has its chunked framing
	if chunked {
		u := newUnchunker(body)
		_, framed = u.(*unchunker)
		body = bufio.NewReader(u)
	}
	h := resp.Header
	var in io.Reader = body
	if len(codings) > 0 {
		asSent, rest, err := printedAsSent(resp, body, framed, codings[len(codings)-1])
		if err != nil {
			return mimesniff.Resource{}, err
		}
		if !asSent {
			h = h.Clone()
			h.Del("Content-Encoding")
			codings = nil
		}
		in = rest
	}
	r, rest, err := resourceOf(h, in)
	if err != nil || !chunked && len(codings) == 0 {
		return r, err // nothing left to check
	}
	// Read to the end: the chunked framing, the checksums and the end of
	// each coded stream are checked there.
	n, err := io.Copy(io.Discard, io.LimitReader(rest, maxDecodedBytes+1))
	switch {
	case err != nil:
		return mimesniff.Resource{}, err
	case n > maxDecodedBytes && len(codings) > 0:
		return mimesniff.Resource{}, fmt.Errorf("%s body decodes to more than %d bytes: too long to check its coding", strings.Join(codings, ", "), maxDecodedBytes)
	case n > maxDecodedBytes:
		return mimesniff.Resource{}, errBodyTooLong
	}
	return r, nil
}

// listCodings returns the content codings h's Content-Encoding lists, in
// order, in lower case, without identity. (The library checks them.)
func listCodings(h http.Header) []string {
	var codings []string
	for _, v := range h.Values("Content-Encoding") {
		for c := range strings.SplitSeq(v, ",") {
			if c = strings.ToLower(strings.Trim(c, " \t")); c != "" && c != "identity" {
				codings = append(codings, c)
			}
		}
	}
	return codings
}

// printedAsSent reports whether curl printed body, the body of resp, as the
// server sent it, with the content codings Content-Encoding lists (outer is
// the one applied last), rather than decoded them (curl --compressed). It
// returns a reader of the whole body, which it may have begun to read.
//
// The rule, from what curl prints, in order:
//   - A body that still has its chunked framing (framed) was printed by
//     curl --raw, which decodes nothing: as sent.
//   - An empty body is as sent (a saved HEAD response has none), and so is
//     a body that starts like outer: gzip's 1F 8B 08, a zlib header, or a
//     raw deflate stream that decodes, if only in part. A coding that then
//     breaks is an error, as a browser shows one.
//   - Otherwise, a Content-Length equal to the printed length proves that
//     curl printed the body as sent (decoding changes the length): a coding
//     that lies (a plain page sent as gzip), or codings listed in the order
//     other than applied ("gzip, deflate" over a deflated gzip stream), is an
//     error. Another length is curl's decoding.
//   - With no Content-Length (chunked, or read until the close), nothing
//     tells a server whose coding lies from curl --compressed: the body is
//     read as curl's decoding, the reading in which a browser renders it.
func printedAsSent(resp *http.Response, body *bufio.Reader, framed bool, outer string) (bool, io.Reader, error) {
	if framed {
		return true, body, nil
	}
	start, _ := body.Peek(3)
	if len(start) == 0 {
		return true, body, nil
	}
	switch outer {
	case "gzip", "x-gzip":
		// A body shorter than the magic but starting like it is a gzip
		// stream cut short.
		magic := []byte("\x1f\x8b\x08")
		if bytes.HasPrefix(start, magic) || bytes.HasPrefix(magic, start) {
			return true, body, nil
		}
	case "deflate":
		if isZlibHeader(start) {
			return true, body, nil
		}
		// Decode the start as raw deflate alone, keeping the bytes
		// read (the library reads at most 1 MiB for the resource
		// header), then give them back: plain bytes fail as corrupt at
		// once, a raw stream cut short does not.
		var seen bytes.Buffer
		_, _, err := resourceOf(http.Header{"Content-Encoding": {"deflate"}}, io.TeeReader(body, &seen))
		var corrupt flate.CorruptInputError
		if !errors.As(err, &corrupt) {
			return true, io.MultiReader(&seen, body), nil
		}
		body = bufio.NewReader(io.MultiReader(&seen, body))
	default:
		return true, body, nil // a coding the library refuses: it says so
	}
	cl, err := strconv.ParseInt(resp.Header.Get("Content-Length"), 10, 64)
	if err != nil || cl < 0 {
		return false, body, nil
	}
	// Count the printed body, keeping its start for the sniffing.
	head, _ := body.Peek(mimesniff.HeaderSize)
	head = bytes.Clone(head)
	n, err := io.Copy(io.Discard, io.LimitReader(body, cl+1))
	if err != nil {
		return false, nil, err
	}
	return n == cl, bytes.NewReader(head), nil
}

// isZlibHeader reports whether b starts with a zlib header (RFC 1950): the
// deflate method, a window of at most 32 KiB, and a check that makes the
// first two bytes a multiple of 31.
func isZlibHeader(b []byte) bool {
	if len(b) < 2 {
		return false
	}
	cmf, flg := b[0], b[1]
	return cmf&0x0F == 8 && cmf>>4 <= 7 && (uint16(cmf)<<8|uint16(flg))%31 == 0
}

// isChunked reports whether the Transfer-Encoding values te give the chunked
// transfer coding.
//
// (http.ReadResponse has already refused any other.)
func isChunked(te []string) (bool, error) {
	chunked := false
	for _, v := range te {
		for c := range strings.SplitSeq(v, ",") {
			switch c = strings.ToLower(strings.Trim(c, " \t")); c {
			case "", "identity":
			case "chunked":
				chunked = true
			default:
				return false, fmt.Errorf("transfer coding %q is not supported", c)
			}
		}
	}
	return chunked, nil
}

// maxChunkLine bounds a chunk-size line and a trailer field line, and is
// how far the start of a body is searched for its first line.
const maxChunkLine = 4096

// newUnchunker returns a reader of body without its chunked framing, when it
// still has it.
//
// A body whose first line is not a chunk-size line (hexadecimal digits,
// perhaps ";" and extensions, CRLF) has been unchunked already, as curl does
// without --raw, and is returned as it is. One whose first line is must be a
// complete chunked body: chunks, the zero-size last chunk, trailer fields, a
// blank line and nothing after; anything else is an error, since an
// unchunked body that happens to start like a chunk-size line cannot be told
// from a broken chunked one. The body is read as a stream, and an error
// comes when the reader gets to it.
// See https://www.rfc-editor.org/rfc/rfc9112#section-7.1.
func newUnchunker(body *bufio.Reader) io.Reader {
	start, _ := body.Peek(maxChunkLine)
	if _, n, ok := chunkSizeLine(start); !ok && n == 0 {
		return body
	}
	return &unchunker{br: body}
}

// An unchunker reads a chunked body without its framing.
type unchunker struct {
	br   *bufio.Reader
	off  int64  // bytes of the chunked body read
	size uint64 // the size of the current chunk
	left uint64 // bytes of it still to read
	err  error  // sticky; io.EOF after the last chunk
}

func (u *unchunker) Read(p []byte) (int, error) {
	for u.err == nil && u.left == 0 {
		u.err = u.next()
	}
	if u.err != nil {
		return 0, u.err
	}
	p = p[:min(uint64(len(p)), u.left)]
	n, err := u.br.Read(p)
	u.off += int64(n)
	u.left -= uint64(n)
	switch {
	case err == io.EOF:
		// The chunk is cut short: say how many bytes it has.
		has := u.size - u.left
		u.err = fmt.Errorf("chunked body cut short: a chunk of %d bytes at byte %d has %d", u.size, u.off-int64(has), has)
	case err != nil:
		u.err = err
	case u.left == 0:
		// The chunk's CRLF.
		end, err := u.br.Peek(2)
		switch {
		case len(end) == 2 && end[0] == '\r' && end[1] == '\n':
			u.br.Discard(2)
			u.off += 2
		case len(end) == 2:
			u.err = fmt.Errorf("chunked body: no CRLF after the chunk of %d bytes at byte %d", u.size, u.off-int64(u.size))
		case err == io.EOF:
			has := u.size + uint64(len(end))
			u.err = fmt.Errorf("chunked body cut short: a chunk of %d bytes at byte %d has %d", u.size, u.off-int64(u.size), has)
		default:
			u.err = err
		}
	}
	return n, nil
}

// next reads the next chunk-size line, and after the last chunk the trailer
// section and the end of the body, returning io.EOF there.
func (u *unchunker) next() error {
	line, err := u.readLine()
	if err != nil && err != io.EOF {
		return err
	}
	size, n, ok := chunkSizeLine(line)
	if !ok || n != len(line) {
		if n < 0 {
			return fmt.Errorf("chunked body: chunk size %q overflows", line[:-n])
		}
		return fmt.Errorf("chunked body: no chunk-size line at byte %d", u.off)
	}
	u.off += int64(n)
	if size > 0 {
		u.size, u.left = size, size
		return nil
	}
	// The trailer section: field lines, then an empty line.
	for {
		line, err := u.readLine()
		switch {
		case err == io.EOF:
			return errors.New("chunked body cut short: no blank line after the last chunk")
		case err != nil:
			return err
		}
		u.off += int64(len(line))
		if len(line) == 2 {
			break
		}
		if field, ok := bytes.CutSuffix(line, []byte("\r\n")); !ok || bytes.IndexByte(field, ':') <= 0 {
			return fmt.Errorf("chunked body: malformed trailer field %q", field)
		}
	}
	if n, err := io.Copy(io.Discard, u.br); err != nil {
		return err
	} else if n > 0 {
		return fmt.Errorf("chunked body: %d bytes after the last chunk", n)
	}
	return io.EOF
}

// readLine returns the next line of the body, through its CRLF (a lone LF
// is part of the line), or what is left with io.EOF when the body ends
// first. A line longer than maxChunkLine ends there, without its CRLF.
func (u *unchunker) readLine() ([]byte, error) {
	var line []byte
	for len(line) < maxChunkLine {
		b, err := u.br.ReadSlice('\n')
		line = append(line, b...)
		switch {
		case err == nil && len(line) >= 2 && line[len(line)-2] == '\r':
			return line, nil
		case err == bufio.ErrBufferFull, err == nil:
		default:
			return line, err
		}
	}
	return line, nil
}

// limitedReader reads from r, and fails with errBodyTooLong when r has more
// than left bytes.
type limitedReader struct {
	r    io.Reader
	left int64
}

func (l *limitedReader) Read(p []byte) (int, error) {
	if l.left <= 0 {
		// One byte more, to tell a body of exactly the limit.
		var b [1]byte
		if n, err := l.r.Read(b[:]); n == 0 {
			return 0, err
		}
		return 0, errBodyTooLong
	}
	p = p[:min(int64(len(p)), l.left)]
	n, err := l.r.Read(p)
	l.left -= int64(n)
	return n, err
}

// chunkSizeLine parses the chunk-size line at the start of b.
//
// The line is hexadecimal digits, optional chunk extensions after ";", CRLF.
// It returns the size and the length of the line. When the digits overflow 64
// bits it returns ok == false and n == -(number of digits).
func chunkSizeLine(b []byte) (size uint64, n int, ok bool) {
	i := 0
	for ; i < len(b); i++ {
		d := unhex(b[i])
		if d < 0 {
			break
		}
		if size>>60 != 0 {
			for i < len(b) && unhex(b[i]) >= 0 {
				i++
			}
			return 0, -i, false
		}
		size = size<<4 | uint64(d)
	}
	if i == 0 {
		return 0, 0, false
	}
	end := bytes.Index(b[i:], []byte("\r\n"))
	if end < 0 {
		return 0, 0, false
	}
	// Chunk extensions, after optional whitespace, start with ";".
	if ext := bytes.TrimLeft(b[i:i+end], " \t"); len(ext) > 0 && ext[0] != ';' {
		return 0, 0, false
	}
	return size, i + end + 2, true
}

// unhex returns the value of the hexadecimal digit c, or -1.
func unhex(c byte) int {
	switch {
	case '0' <= c && c <= '9':
		return int(c - '0')
	case 'a' <= c && c <= 'f':
		return int(c - 'a' + 10)
	case 'A' <= c && c <= 'F':
		return int(c - 'A' + 10)
	}
	return -1
}

// peekLine returns the first line of br, its line end included, without
// reading it.
//
// Its error is bufio.ErrBufferFull when the line does not fit in br's buffer,
// and io.EOF when the input ends before a line end.
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

// resourceOf returns the resource of a 200 response with header list h and
// body body, as mimesniff.ResourceFromResponse reads it, and a reader of the
// whole body, decoded as far as the library decoded it. h is updated as the
// library updates a response's: without the codings it undid.
func resourceOf(h http.Header, body io.Reader) (mimesniff.Resource, io.Reader, error) {
	resp := &http.Response{StatusCode: http.StatusOK, Header: h, Body: io.NopCloser(body)}
	r, err := mimesniff.ResourceFromResponse(resp)
	return r, resp.Body, err
}
