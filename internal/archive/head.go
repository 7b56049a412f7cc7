// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package archive

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"net/http"
	"net/http/httputil"
	"net/textproto"
	"strconv"
	"strings"
)

// Reading a stored HTTP response fast.
//
// http.ReadResponse costs more than all the sniffing of a record does
// (about 5 µs and 21 allocations for a typical head, against 2 µs for
// mimesniff.ResourceFromResponse and 1.6 µs for the four profiles), so
// readHead reads the heads that are simple, which are nearly all, itself:
// a status line "HTTP/1.1 200 ..." or "HTTP/1.0 ...", and header lines
// "Name: value" with a token name, no line folded, no byte net/textproto
// refuses, each line ending in CRLF or LF, the whole head in the
// Sniffer's buffer. The head becomes one string, whose substrings the
// values are, in a header map reused from record to record, with names
// canonical as net/textproto makes them. It then does what net/http's
// readTransfer does for a response to a GET: a single Transfer-Encoding
// "chunked" on HTTP/1.1 (ignored on HTTP/1.0), Content-Lengths that agree
// and parse, no body for 1xx, 204 and 304, the body to the end of the
// block without either, Connection: close removed on HTTP/1.1, Pragma:
// no-cache copied to Cache-Control; and the chunked body's trailer is read
// as net/http reads it. Anything else (a folded line, a name with a space,
// a bad byte, two Transfer-Encodings, a Trailer field, a Content-Length
// net/http refuses, a head longer than the buffer) is left to
// http.ReadResponse, which reads it or says what is wrong. FuzzAnswer
// checks that both give the same answers.

// A fastHead holds what readHead reuses from record to record.
type fastHead struct {
	resp   http.Response
	header http.Header
	keys   []string // the fields' keys, in order
	values []string // and values
	body   fastBody
}

// readHead returns the response at the start of br read the fast way,
// or false, having read nothing, where it must be read by
// http.ReadResponse. The response and its header are valid until the next
// call.
func (f *fastHead) readHead(br *bufio.Reader) (*http.Response, bool) {
	b, end := headEnd(br)
	if end < 0 {
		return nil, false
	}
	head := string(b[:end])

	// The status line: net/http's, for HTTP/1.0 and HTTP/1.1 only.
	line, rest := nextLine(head)
	proto, status, _ := strings.Cut(line, " ")
	if proto != "HTTP/1.1" && proto != "HTTP/1.0" {
		return nil, false
	}
	status = strings.TrimLeft(status, " ")
	code, _, _ := strings.Cut(status, " ")
	if len(code) != 3 || !isDigit(code[0]) || !isDigit(code[1]) || !isDigit(code[2]) {
		return nil, false
	}

	if f.header == nil {
		f.header = http.Header{}
	}
	h := f.header
	clear(h)
	f.keys, f.values = f.keys[:0], f.values[:0]
	framing := false // a field that readTransfer reads, looked up below
	for {
		line, rest = nextLine(rest)
		if line == "" {
			break
		}
		name, value, ok := strings.Cut(line, ":")
		if !ok || name == "" {
			return nil, false
		}
		var canon [64]byte
		if len(name) > len(canon) {
			return nil, false
		}
		upper := true
		same := true
		for i := 0; i < len(name); i++ {
			c := name[i]
			if !tokenByte[c] {
				return nil, false // a space, or a byte net/textproto refuses
			}
			if upper && 'a' <= c && c <= 'z' {
				c -= 'a' - 'A'
			} else if !upper && 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			same = same && c == name[i]
			canon[i] = c
			upper = c == '-'
		}
		for i := 0; i < len(value); i++ {
			if c := value[i]; c < ' ' && c != '\t' || c == 0x7f {
				return nil, false
			}
		}
		key := name
		if !same {
			if k, ok := commonNames[string(canon[:len(name)])]; ok {
				key = k
			} else {
				key = string(canon[:len(name)])
			}
		}
		value = textproto.TrimString(value) // no CR or LF in it
		switch key {
		case "Trailer", "Transfer-Encoding", "Content-Length", "Connection", "Pragma":
			framing = true
		}
		// One map assignment a field: a name seen before, which the map
		// not growing tells, gets its values again from the fields read.
		f.keys, f.values = append(f.keys, key), append(f.values, value)
		n := len(h)
		h[key] = f.values[len(f.values)-1 : len(f.values) : len(f.values)]
		if len(h) == n {
			var vs []string
			for i, k := range f.keys {
				if k == key {
					vs = append(vs, f.values[i])
				}
			}
			h[key] = vs
		}
	}

	// net/http's readTransfer, for a response to a GET.
	r := &f.resp
	*r = http.Response{Status: status, Proto: proto, ProtoMajor: 1, ProtoMinor: 1, Header: h, ContentLength: -1}
	r.StatusCode, _ = strconv.Atoi(code)
	if proto == "HTTP/1.0" {
		r.ProtoMinor = 0
	}
	chunked, length := false, int64(-1)
	if framing { // otherwise none of these lookups finds a field
		if _, ok := h["Trailer"]; ok {
			return nil, false
		}
		if te, ok := h["Transfer-Encoding"]; ok {
			if r.ProtoMinor == 1 {
				if len(te) != 1 || !strings.EqualFold(te[0], "chunked") {
					return nil, false
				}
				chunked = true
			}
			delete(h, "Transfer-Encoding")
		}
		if cl := h["Content-Length"]; len(cl) > 0 {
			first := textproto.TrimString(cl[0])
			for _, v := range cl[1:] {
				if textproto.TrimString(v) != first {
					return nil, false
				}
			}
			n, err := strconv.ParseUint(first, 10, 63)
			if err != nil {
				return nil, false
			}
			if len(cl) > 1 {
				h["Content-Length"] = []string{first}
			}
			length = int64(n)
		}
		if r.ProtoMinor == 1 && headerHasToken(h["Connection"], "close") {
			delete(h, "Connection")
		}
		if p := h["Pragma"]; len(p) > 0 && p[0] == "no-cache" {
			if _, ok := h["Cache-Control"]; !ok {
				h["Cache-Control"] = []string{"no-cache"}
			}
		}
	}
	noBody := bodiless(r.StatusCode)
	switch {
	case noBody:
		length = 0
	case chunked:
		delete(h, "Content-Length")
		length = -1
	}
	br.Discard(end)

	r.ContentLength = length
	if chunked {
		// As net/http says it, body or not (a 304's).
		r.TransferEncoding = []string{"chunked"}
	}
	switch {
	case noBody || length == 0:
		r.Body = http.NoBody
	case chunked:
		f.body = fastBody{br: br, src: httputil.NewChunkedReader(br), chunked: true}
		r.Body = &f.body
	case length > 0:
		f.body = fastBody{br: br, src: br, left: length}
		r.Body = &f.body
	default:
		f.body = fastBody{br: br, src: br, left: -1}
		r.Body = &f.body
	}
	return r, true
}

// headEnd returns the bytes at the start of br and the length of the head
// at their start, through its empty line, or -1 if there is none in br's
// buffer or the first line is empty. It reads no more than it needs,
// 1 KiB, then four times as much, up to the buffer's size.
func headEnd(br *bufio.Reader) ([]byte, int) {
	for n := 1 << 10; ; n = min(4*n, br.Size()) {
		b, err := br.Peek(n)
		for i := 0; i < len(b); {
			j := bytes.IndexByte(b[i:], '\n')
			if j < 0 {
				break
			}
			if j == 0 || j == 1 && b[i] == '\r' {
				if i == 0 {
					return b, -1 // no status line
				}
				return b, i + j + 1
			}
			i += j + 1
		}
		if err != nil || n == br.Size() {
			return b, -1
		}
	}
}

// nextLine returns the first line of s without its LF or CRLF, and the
// rest.
func nextLine(s string) (line, rest string) {
	i := strings.IndexByte(s, '\n')
	line, rest = s[:i], s[i+1:]
	if len(line) > 0 && line[len(line)-1] == '\r' {
		line = line[:len(line)-1]
	}
	return line, rest
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// bodiless reports whether a response with status code has no body,
// whatever its header says (net/http's bodyAllowedForStatus).
func bodiless(code int) bool {
	return code/100 == 1 || code == http.StatusNoContent || code == http.StatusNotModified
}

// tokenByte reports whether a byte may be in a header name: a tchar of
// RFC 9110, as net/textproto's validHeaderFieldByte.
var tokenByte = func() (t [256]bool) {
	for c := '0'; c <= '9'; c++ {
		t[c] = true
	}
	for c := 'a'; c <= 'z'; c++ {
		t[c], t[c-'a'+'A'] = true, true
	}
	for _, c := range "!#$%&'*+-.^_`|~" {
		t[c] = true
	}
	return t
}()

// commonNames are the canonical names of the header fields responses
// most often send, so that a name sent in another case (as HTTP/2 sends
// them all) costs no allocation.
var commonNames = func() map[string]string {
	m := map[string]string{}
	for _, n := range []string{"Accept-Ranges", "Access-Control-Allow-Origin", "Age", "Alt-Svc", "Cache-Control",
		"Connection", "Content-Disposition", "Content-Encoding", "Content-Language", "Content-Length",
		"Content-Security-Policy", "Content-Type", "Date", "Etag", "Expires", "Keep-Alive", "Last-Modified",
		"Link", "Location", "P3p", "Pragma", "Referrer-Policy", "Server", "Set-Cookie", "Strict-Transport-Security",
		"Transfer-Encoding", "Vary", "Via", "X-Cache", "X-Content-Type-Options", "X-Frame-Options",
		"X-Powered-By", "X-Xss-Protection"} {
		m[n] = n
	}
	return m
}()

// headerHasToken reports whether the comma-separated values vs hold the
// token t, in any case, as net/http's shouldClose looks for "close".
func headerHasToken(vs []string, t string) bool {
	for _, v := range vs {
		for tok := range strings.SplitSeq(v, ",") {
			if strings.EqualFold(textproto.TrimString(tok), t) {
				return true
			}
		}
	}
	return false
}

// A fastBody is the body of a response read by readHead, as net/http's
// body reads it: at most left bytes (io.ErrUnexpectedEOF if the block has
// fewer), or to the end of the block (left < 0), or a chunked body whose
// trailer is read at its end.
type fastBody struct {
	br      *bufio.Reader
	src     io.Reader
	left    int64
	chunked bool
	eof     bool
	err     error
}

func (b *fastBody) Read(p []byte) (int, error) {
	switch {
	case b.err != nil:
		return 0, b.err
	case b.eof:
		return 0, io.EOF
	case b.chunked:
		n, err := b.src.Read(p)
		if err == io.EOF {
			b.eof = true
			if err := readTrailer(b.br); err != nil {
				b.err = err
				return n, err
			}
		}
		return n, err
	case b.left < 0:
		return b.src.Read(p)
	}
	if int64(len(p)) > b.left {
		p = p[:b.left]
	}
	n, err := b.src.Read(p)
	b.left -= int64(n)
	switch {
	case err == io.EOF && b.left > 0:
		b.err = io.ErrUnexpectedEOF
		return n, b.err
	case b.left == 0:
		b.eof = true
		return n, io.EOF
	}
	return n, err
}

func (b *fastBody) Close() error { return nil }

var errTrailerEOF = errors.New("http: unexpected EOF reading trailer")

// readTrailer reads what follows a chunked body's last chunk, as
// net/http's body.readTrailer does: an empty line, or trailer fields then
// an empty line, within br's buffer.
func readTrailer(br *bufio.Reader) error {
	b, err := br.Peek(2)
	if string(b) == "\r\n" {
		br.Discard(2)
		return nil
	}
	if len(b) < 2 {
		return errTrailerEOF
	}
	if err != nil {
		return err
	}
	for n := 4; ; n++ {
		b, err := br.Peek(n)
		if bytes.HasSuffix(b, []byte("\r\n\r\n")) {
			break
		}
		if err != nil {
			return errors.New("http: suspiciously long trailer after chunked body")
		}
	}
	if _, err := textproto.NewReader(br).ReadMIMEHeader(); err != nil {
		if err == io.EOF {
			return errTrailerEOF
		}
		return err
	}
	return nil
}
