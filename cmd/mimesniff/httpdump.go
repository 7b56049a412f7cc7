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
// stream starts with 1F 8B 08 and ends in a CRC-32 and length that must
// match; a zlib stream starts with a checked two-byte header and ends in an
// Adler-32. Each coding is undone only when the bytes are a complete,
// checked stream of it; bytes that start like one but break are an error,
// never sniffed as a guess.

import (
	"bufio"
	"bytes"
	"compress/flate"
	"compress/gzip"
	"compress/zlib"
	"errors"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"strings"

	"github.com/mimesniff/mimesniff"
)

// Limits on what -http reads, so that a file that is not an HTTP response is
// not read whole.
//
// maxHeaderBytes bounds the status lines and header sections of all the
// responses together, as http.DefaultMaxHeaderBytes does for a server;
// maxResponses their number (curl follows at most 50 redirects by default);
// maxBodyBytes a body that has a coding to check, which must be read to its
// end; maxDecodedBytes what its decoding may give.
const (
	maxHeaderBytes  = 1 << 20
	maxResponses    = 100
	maxBodyBytes    = 64 << 20
	maxDecodedBytes = 1 << 30
)

// errHeaderTooLong is returned when the header sections are longer than
// maxHeaderBytes.
var errHeaderTooLong = fmt.Errorf("HTTP headers longer than %d bytes", maxHeaderBytes)

// statusLine matches the start of an HTTP/1.x status line, or of one as curl
// prints it for HTTP/2 and HTTP/3 ("HTTP/2 200").
//
// Group 1 is the major version, group 2 the minor one with its dot, if any.
var statusLine = regexp.MustCompile(`^HTTP/([0-9])(\.[0-9])? [0-9]{3}`)

// readHTTP reads a raw HTTP response, or several in a row as curl prints them,
// and returns the resource of the last final one and its headers.
//
// The resource holds the start of its body, with whatever coding the body
// still carries undone.
func readHTTP(in io.Reader) (mimesniff.Resource, http.Header, error) {
	// The status lines and header sections of all the responses, and
	// bufio's read-ahead, must fit in maxHeaderBytes.
	lr := &budgetReader{r: in, budget: maxHeaderBytes}
	br := bufio.NewReader(lr)
	for n := 1; ; n++ {
		if n > maxResponses {
			return mimesniff.Resource{}, nil, fmt.Errorf("more than %d HTTP responses", maxResponses)
		}
		resp, next, err := readResponse(br)
		if err != nil {
			if err == io.EOF {
				err = errors.New("not an HTTP response: empty input")
				if n > 1 {
					err = errors.New("no final response after an interim one")
				}
			}
			return mimesniff.Resource{}, nil, err
		}
		br = next
		if resp.StatusCode/100 == 1 {
			// An interim response (100 Continue, as for curl -X POST
			// with a body, 103 Early Hints): the real one follows.
			continue
		}
		b, err := br.Peek(len("HTTP/1.1 200"))
		if err != nil && err != io.EOF {
			return mimesniff.Resource{}, nil, err
		}
		if statusLine.Match(b) {
			// Another response follows this one's headers: curl
			// followed a redirect (-L), or this was a proxy's reply
			// to CONNECT, and it did not print this one's body.
			continue
		}
		lr.budget = -1
		body, err := readBody(resp, br)
		if err != nil {
			return mimesniff.Resource{}, nil, err
		}
		r, _, err := mimesniff.ResourceFromHTTP(resp.Header, bytes.NewReader(body))
		return r, resp.Header, err
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

// readBody returns the body that follows the headers of resp in br as a
// browser would sniff it.
//
// That is the body with the chunked framing and the content codings that the
// bytes still carry removed. The body is read to its end only when the headers
// say it may carry a coding; otherwise its first mimesniff.HeaderSize bytes
// are enough.
func readBody(resp *http.Response, br *bufio.Reader) ([]byte, error) {
	// http.ReadResponse moves Transfer-Encoding out of the header.
	chunked, err := isChunked(resp.TransferEncoding)
	if err != nil {
		return nil, err
	}
	codings, err := contentCodings(resp.Header)
	if err != nil {
		return nil, err
	}
	if !chunked && len(codings) == 0 {
		// Nothing to undo. Content-Length is not used: curl keeps the
		// header of the encoded body, and a saved HEAD response has
		// no body at all.
		header, _, err := mimesniff.ReadHeader(br)
		return header, err
	}
	body, err := io.ReadAll(io.LimitReader(br, maxBodyBytes+1))
	if err != nil {
		return nil, err
	}
	if len(body) > maxBodyBytes {
		return nil, fmt.Errorf("body longer than %d bytes: too long to check its coding", maxBodyBytes)
	}
	if chunked {
		if body, err = unchunk(body); err != nil {
			return nil, err
		}
	}
	// The codings were applied in the order listed: undo the last first.
	for i := len(codings) - 1; i >= 0; i-- {
		if body, err = decode(codings[i], body); err != nil {
			return nil, err
		}
	}
	return body, nil
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

// contentCodings returns the content codings h's Content-Encoding lists, in
// order, in lower case, without identity.
//
// One that browsers do not decode here (br, zstd) is an error.
func contentCodings(h http.Header) ([]string, error) {
	var codings []string
	for _, v := range h.Values("Content-Encoding") {
		for c := range strings.SplitSeq(v, ",") {
			switch c = strings.ToLower(strings.Trim(c, " \t")); c {
			case "", "identity":
			case "gzip", "x-gzip", "deflate":
				codings = append(codings, c)
			default:
				return nil, fmt.Errorf("content coding %q is not supported", c)
			}
		}
	}
	return codings, nil
}

// unchunk returns body without its chunked framing, when it still has it.
//
// A body whose first line is not a chunk-size line (hexadecimal digits,
// perhaps ";" and extensions, CRLF) has been unchunked already, as curl does
// without --raw. One whose first line is must be a complete chunked body:
// chunks, the zero-size last chunk, trailer fields, a blank line and
// nothing after; anything else is an error, since an unchunked body that
// happens to start like a chunk-size line cannot be told from a broken
// chunked one.
// See https://www.rfc-editor.org/rfc/rfc9112#section-7.1.
func unchunk(body []byte) ([]byte, error) {
	if _, n, ok := chunkSizeLine(body); !ok && n == 0 {
		return body, nil
	}
	var out []byte
	rest := body
	for {
		size, n, ok := chunkSizeLine(rest)
		if !ok {
			if n < 0 {
				return nil, fmt.Errorf("chunked body: chunk size %q overflows", rest[:-n])
			}
			return nil, fmt.Errorf("chunked body: no chunk-size line at byte %d", len(body)-len(rest))
		}
		rest = rest[n:]
		if size == 0 {
			break
		}
		if uint64(len(rest)) < 2 || size > uint64(len(rest))-2 {
			return nil, fmt.Errorf("chunked body cut short: a chunk of %d bytes at byte %d has %d", size, len(body)-len(rest), len(rest))
		}
		if rest[size] != '\r' || rest[size+1] != '\n' {
			return nil, fmt.Errorf("chunked body: no CRLF after the chunk of %d bytes at byte %d", size, len(body)-len(rest))
		}
		out = append(out, rest[:size]...)
		rest = rest[size+2:]
	}
	// The trailer section: field lines, then an empty line.
	for {
		i := bytes.Index(rest, []byte("\r\n"))
		if i < 0 {
			return nil, errors.New("chunked body cut short: no blank line after the last chunk")
		}
		line := rest[:i]
		rest = rest[i+2:]
		if len(line) == 0 {
			break
		}
		if bytes.IndexByte(line, ':') <= 0 {
			return nil, fmt.Errorf("chunked body: malformed trailer field %q", line)
		}
	}
	if len(rest) > 0 {
		return nil, fmt.Errorf("chunked body: %d bytes after the last chunk", len(rest))
	}
	return out, nil
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

// decode returns body with the content coding c undone when body is still
// encoded with it.
//
// It returns body as it is when it has been decoded already (as
// curl --compressed does).
//
// gzip: a body starting with the gzip magic (1F 8B 08) must be a complete
// gzip stream, whose CRC-32 and length are checked. deflate: a body starting
// with a zlib header must be a complete zlib stream, whose Adler-32 is
// checked; otherwise, a body that is exactly one raw deflate stream, which
// browsers also accept, is decoded. An empty body is an error: there is
// nothing to sniff, and a browser would fail to decode it.
func decode(c string, body []byte) ([]byte, error) {
	if len(body) == 0 {
		return nil, fmt.Errorf("empty body with Content-Encoding: %s", c)
	}
	var zr io.Reader
	var err error
	switch {
	case c == "gzip" || c == "x-gzip":
		if !bytes.HasPrefix(body, []byte("\x1f\x8b\x08")) {
			return body, nil
		}
		gr, gerr := gzip.NewReader(bytes.NewReader(body))
		if gerr != nil {
			return nil, fmt.Errorf("gzip body: %v", gerr)
		}
		zr = gr
	case isZlibHeader(body):
		if zr, err = zlib.NewReader(bytes.NewReader(body)); err != nil {
			return nil, fmt.Errorf("deflate (zlib) body: %v", err)
		}
	default:
		// A raw deflate stream has no magic and no checksum: decode
		// it only if it is one complete stream, to the last byte.
		r := bytes.NewReader(body)
		out, err := readDecoded(flate.NewReader(r))
		if err != nil || r.Len() > 0 {
			return body, nil
		}
		return out, nil
	}
	out, err := readDecoded(zr)
	if err != nil {
		if err == io.ErrUnexpectedEOF {
			return nil, fmt.Errorf("%s body cut short: the compressed stream does not end", c)
		}
		return nil, fmt.Errorf("%s body: %v", c, err)
	}
	return out, nil
}

// readDecoded reads a decompressing reader to its end, which checks the
// stream's checksum, keeping at most mimesniff.HeaderSize bytes.
func readDecoded(zr io.Reader) ([]byte, error) {
	header, rest, err := mimesniff.ReadHeader(zr)
	if err != nil {
		return nil, err
	}
	n, err := io.Copy(io.Discard, io.LimitReader(rest, maxDecodedBytes+1))
	if err != nil {
		return nil, err
	}
	if n > maxDecodedBytes {
		return nil, fmt.Errorf("decodes to more than %d bytes", maxDecodedBytes)
	}
	return header, nil
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
