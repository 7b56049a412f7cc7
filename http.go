// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff

import (
	"bufio"
	"bytes"
	"compress/flate"
	"compress/gzip"
	"compress/zlib"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// This file reads HTTP responses into Resources: the resource header of a
// body (ReadHeader), the constructors (ResourceFromResponse,
// ResourceFromFile), and the content-coding decoders a browser runs before
// it sniffs.

// ReadHeader implements reading the resource header: it reads from r until
// it has HeaderSize bytes or r ends, and returns them.
//
// body yields every byte of r from the start, header included, so that a
// stream can be sniffed and still passed on whole. The end of r is not an
// error. Any other error, such as io.ErrUnexpectedEOF for a body cut short
// or io.ErrNoProgress after 100 empty reads, is returned with the bytes read
// before it, which body still yields. ReadHeader loops over short reads,
// asks r for no more than it needs and starts no goroutine.
//
// It does not stop after "a reasonable amount of time" as the standard
// does: bound r from outside, with a read deadline, an http.Client timeout
// or a reader that fails when a context is done.
// See https://mimesniff.spec.whatwg.org/#reading-the-resource-header.
func ReadHeader(r io.Reader) (header []byte, body io.Reader, err error) {
	if r == nil {
		r = http.NoBody // a nil reader reads as empty
	}
	buf := make([]byte, HeaderSize)
	n, err := readHeader(r, buf)
	header = buf[:n:n]
	return header, io.MultiReader(bytes.NewReader(header), r), err
}

// readHeader is ReadHeader reading into buf, HeaderSize bytes long: it
// returns how many bytes it read.
func readHeader(r io.Reader, buf []byte) (n int, err error) {
	// As io.ReadFull, but io.ErrUnexpectedEOF from r, such as a body
	// shorter than its Content-Length, is an error like any other; and, as
	// bufio does, a reader that keeps returning nothing is an error rather
	// than a loop without end.
	for empty := 0; n < len(buf) && err == nil; {
		var m int
		m, err = r.Read(buf[n:])
		n += m
		if m > 0 {
			empty = 0
		} else if empty++; empty == 100 && err == nil {
			err = io.ErrNoProgress
		}
	}
	if err == io.EOF {
		err = nil
	}
	return n, err
}

// replayBody is a response body that replays the resource header, which
// it holds, and then reads the rest. A Resource built by
// ResourceFromResponse keeps its Header in buf: one allocation for both,
// where ReadHeader's reader makes four (TestAPIAllocs).
type replayBody struct {
	header []byte    // what is left to replay: a suffix of buf
	rest   io.Reader // the body after the header
	closer io.Closer // the original body; nil for none
	buf    [HeaderSize]byte
}

func (b *replayBody) Read(p []byte) (int, error) {
	if len(b.header) > 0 {
		n := copy(p, b.header)
		b.header = b.header[n:]
		return n, nil
	}
	return b.rest.Read(p)
}

func (b *replayBody) Close() error {
	if b.closer == nil {
		return nil
	}
	return b.closer.Close()
}

// resourceFromHTTP is ResourceFromResponse on a header list h and a body,
// nil for none; the returned reader yields the whole body, header bytes
// included, decoded if it reports that it decoded content codings. It is
// a *replayBody unless body is nil.
func resourceFromHTTP(h http.Header, body io.Reader) (r Resource, rest io.Reader, decoded bool, err error) {
	r.HeaderList = h
	v, ambiguous := readHeaders(h)
	defer func() {
		// The standard's fields from the reading most dangerous for it.
		r.Supplied, r.CheckForApacheBug = suppliedFromHTTP(v[hdrContentType])
		r.NoSniff = determineNoSniff(v[hdrNoSniff])
		if ambiguous {
			r.standardWorst(h)
		}
	}()
	if body == nil {
		return r, http.NoBody, false, nil
	}
	codings, err := contentCodings(v[hdrContentEncoding])
	if err == nil && ambiguous && len(codings) > 0 {
		// Readings order the same values: where one lists no coding,
		// none does, however many readings there are.
		err = sameCodings(h, codings)
	}
	if err != nil {
		return r, body, false, err
	}
	rb := &replayBody{rest: body}
	var src *codedSource
	if len(codings) > 0 {
		rb.rest, src = decodeContentCodings(codings, body)
	}
	n, err := readHeader(rb.rest, rb.buf[:])
	rb.header = rb.buf[:n:n]
	if src != nil {
		src.budget = -1 // the caller reads the rest of the body as it likes
	}
	if _, ok := err.(*ContentCodingError); !ok {
		r.Header = rb.header // not sniffed when the coding broke
	}
	return r, rb, src != nil, err
}

// standardWorst sets r's Supplied, NoSniff and CheckForApacheBug from the
// reading of the header list h most dangerous for the standard profile
// (Browser.danger), the first of those that rank highest.
func (r *Resource) standardWorst(h http.Header) {
	best, rank := *r, -1
	if !eachReading(h, func(v *headerValues) bool {
		c := *r
		c.Supplied, c.CheckForApacheBug = suppliedFromHTTP(v[hdrContentType])
		c.NoSniff = determineNoSniff(v[hdrNoSniff])
		if d := Standard.danger(c.sniff()); d > rank {
			best, rank = c, d
		}
		return true
	}) {
		// No reading to answer for: the most dangerous.
		best.Supplied, best.NoSniff, best.CheckForApacheBug = textHTML, false, false
	}
	*r = best
}

// errAmbiguousCodings is the Err of a ContentCodingError for a header list
// whose Content-Encoding the readings of its map tell apart.
var errAmbiguousCodings = errors.New("its spellings of Content-Encoding list other codings in another order, which a map cannot tell")

// sameCodings returns a *ContentCodingError when some reading of the header
// list h lists other content codings than codings: the body cannot be
// decoded as a browser would without knowing which it receives.
func sameCodings(h http.Header, codings []string) error {
	var err error
	if !eachReading(h, func(v *headerValues) bool {
		c, e := contentCodings(v[hdrContentEncoding])
		if e == nil && !slices.Equal(c, codings) {
			e = &ContentCodingError{Coding: codingList(v[hdrContentEncoding]), Err: errAmbiguousCodings}
		}
		err = e
		return e == nil
	}) {
		err = &ContentCodingError{Coding: codingList(h["Content-Encoding"]), Err: errAmbiguousCodings}
	}
	return err
}

// ResourceFromResponse returns the resource of an HTTP response, as a
// browser sees it.
//
// HeaderList is resp.Header; Supplied and CheckForApacheBug come from
// [SuppliedFromHTTP], NoSniff from [DetermineNoSniff] and Header from
// [ReadHeader], each header under any spelling of its name. It replaces
// resp.Body with a reader that yields the whole body again and closes the
// original; a read error comes with the resource read so far. Content
// codings (gzip, x-gzip, deflate) are undone as a browser does, and resp is
// updated as net/http does for its own gzip; another coding, or a broken
// one, is a [*ContentCodingError] and nothing is sniffed. docs/responses.md
// has the details: a name under several spellings, responses without a
// body, codings the transport undid.
func ResourceFromResponse(resp *http.Response) (Resource, error) {
	body := resp.Body
	if body == nil {
		body = http.NoBody
	}
	var in io.Reader = body
	if resp.Uncompressed {
		// Go's transport undid a gzip coding itself: its errors are the
		// coding's.
		in = transportGzip{body}
	}
	if resp.Request != nil && resp.Request.Method == http.MethodHead ||
		resp.StatusCode/100 == 1 || resp.StatusCode == http.StatusNoContent || resp.StatusCode == http.StatusNotModified {
		in = nil // no body, whatever Content-Encoding says
	}
	r, rest, decoded, err := resourceFromHTTP(resp.Header, in)
	if decoded {
		resp.Header.Del("Content-Encoding")
		resp.Header.Del("Content-Length")
		resp.ContentLength = -1
		resp.Uncompressed = true
	}
	if rb, ok := rest.(*replayBody); ok {
		rb.closer = body
		resp.Body = rb
	} else {
		resp.Body = body // nothing read
	}
	return r, err
}

// transportGzip is a body that Go's transport decodes from gzip
// (http.Response.Uncompressed): its errors that come from the coding, a
// stream cut short or corrupt, are a *ContentCodingError for gzip, as
// ResourceFromResponse returns for a coding it undoes.
type transportGzip struct{ r io.Reader }

func (t transportGzip) Read(p []byte) (int, error) {
	n, err := t.r.Read(p)
	var corrupt flate.CorruptInputError
	switch {
	case err == io.ErrUnexpectedEOF, err == gzip.ErrHeader, err == gzip.ErrChecksum, errors.As(err, &corrupt):
		err = &ContentCodingError{Coding: "gzip", Err: err}
	}
	return n, err
}

// ResourceFromFile returns the resource of a file read from the file system.
//
// Supplied is the type [mime.TypeByExtension] gives name's extension, from
// Go's table and the system's mime.types files (so it can differ between
// machines), or undefined for an unknown extension. Header is data; no flag
// is set.
// See https://mimesniff.spec.whatwg.org/#supplied-mime-type-detection-algorithm.
func ResourceFromFile(name string, data []byte) Resource {
	var r Resource
	if ext := filepath.Ext(name); ext != "" {
		r.Supplied, _ = Parse(mime.TypeByExtension(ext))
	}
	r.Header = data
	return r
}

// maxContentCodings is the most content codings decoded in one stack, as
// curl allows (it refuses a sixth since CVE-2022-32206).
const maxContentCodings = 5

// maxCodedHeaderBytes bounds the coded bytes read to decode the resource
// header.
//
// A real encoder needs far fewer than 1 MiB to give 1445 bytes (a gzip
// header is at most about 65 KiB, and compression only shrinks the data); a
// stream that needs more, such as endless empty deflate blocks, would
// otherwise be read without end for nothing.
const maxCodedHeaderBytes = 1 << 20

// ErrUnsupportedContentCoding is the Err of a [ContentCodingError] for a
// content coding browsers decode and the package does not: br or zstd.
var ErrUnsupportedContentCoding = errors.New("mimesniff: unsupported content coding")

// Errors that a ContentCodingError can carry, besides the decompressors'
// own.
var (
	errEmptyCodedBody     = errors.New("mimesniff: empty body with a content coding")
	errTooManyCodings     = errors.New("mimesniff: too many content codings")
	errDataAfterStream    = errors.New("bytes after the end of the compressed stream")
	errCodedHeaderTooLong = fmt.Errorf("more than %d compressed bytes give fewer than %d bytes", maxCodedHeaderBytes, HeaderSize)
)

// A ContentCodingError reports a body whose content coding could not be
// undone, so that it was not sniffed.
//
// [ResourceFromResponse] returns it, and the body it leaves in the response
// yields it, perhaps only at its end (Err [gzip.ErrChecksum]). Err is
// [ErrUnsupportedContentCoding] for a coding the package does not decode;
// nothing has been read then, so the caller can decode the body and call again
// with the coding removed from the header. Otherwise the coded bytes are not a
// valid stream: cut short ([io.ErrUnexpectedEOF]), corrupt (the decompressor's
// error, such as [gzip.ErrHeader] or a [flate.CorruptInputError]), empty, more
// than five codings deep, followed by more bytes inside the coding around it,
// or more than 1 MiB for the resource header. A crawler tells "not sniffed"
// from "sniffed" with errors.As.
type ContentCodingError struct {
	// Coding is the content coding at fault, in lower case as
	// Content-Encoding lists it, such as "br" or "x-gzip"; for too many
	// codings, the first few of the list, quoted, and how many more, such
	// as `"gzip", "gzip", "gzip" and 197 more`.
	Coding string

	// Err is what went wrong.
	Err error
}

func (e *ContentCodingError) Error() string {
	switch e.Err {
	case ErrUnsupportedContentCoding:
		return "mimesniff: content coding " + strconv.Quote(e.Coding) + " is not supported"
	case errEmptyCodedBody:
		return "mimesniff: empty body with Content-Encoding: " + e.Coding
	case errTooManyCodings:
		return fmt.Sprintf("mimesniff: Content-Encoding %s stacks more than %d codings", e.Coding, maxContentCodings)
	case io.ErrUnexpectedEOF:
		return "mimesniff: " + e.Coding + " body cut short: the compressed stream does not end"
	}
	return "mimesniff: " + e.Coding + " body: " + e.Err.Error()
}

// Unwrap returns e.Err.
func (e *ContentCodingError) Unwrap() error { return e.Err }

// contentCodings returns the content codings that the Content-Encoding
// values list, in the order they were applied, in lower case, without
// identity and without the codings browsers do not know.
//
// It is Fetch's "extracting header list values" for Content-Encoding, read
// as HTTP's list syntax: values are split at commas, and empty elements and
// spaces and tabs around them are ignored. br and zstd, which browsers
// decode and the package does not, and more than maxContentCodings codings
// are a *ContentCodingError. A name no browser knows, such as "foo", is no
// coding: browsers render the bytes as they are.
// See https://fetch.spec.whatwg.org/#handle-content-codings and
// https://www.rfc-editor.org/rfc/rfc9110#section-8.4.
func contentCodings(values []string) ([]string, error) {
	var codings []string
	for _, v := range values {
		for c := range strings.SplitSeq(v, ",") {
			c = lowerString(trimTabOrSpace(c)) // byte-lowercase
			switch c {
			case "", "identity":
				continue
			case "gzip", "x-gzip", "deflate":
				if len(codings) == maxContentCodings {
					return nil, &ContentCodingError{Coding: codingList(values), Err: errTooManyCodings}
				}
				codings = append(codings, c)
			case "br", "zstd":
				// Browsers decode them; the standard library does not.
				return nil, &ContentCodingError{Coding: c, Err: ErrUnsupportedContentCoding}
			default:
				// A coding no browser knows is no coding to them: they
				// render the bytes as they are (case
				// coding/html/foo/html, in all three).
				continue
			}
		}
	}
	return codings, nil
}

// maxCodingsShown is the most codings an error names.
const maxCodingsShown = 3

// codingList returns the codings the Content-Encoding values list, for an
// error: the first maxCodingsShown, and how many more there are.
func codingList(values []string) string {
	var shown []string
	n := 0
	for _, v := range values {
		for c := range strings.SplitSeq(v, ",") {
			if c = trimTabOrSpace(c); c == "" {
				continue
			}
			if n++; n <= maxCodingsShown {
				shown = append(shown, strconv.Quote(c))
			}
		}
	}
	list := strings.Join(shown, ", ")
	if n > maxCodingsShown {
		list += fmt.Sprintf(" and %d more", n-maxCodingsShown)
	}
	return list
}

// decodeHeader returns the resource header of a body that starts with body,
// coded as the Content-Encoding values list, with its codings undone, and
// false when not even its first byte decodes: the coding is not one the
// package decodes, or body is not a stream of it.
//
// A stream that breaks after some bytes gives those bytes: a browser that
// shows a decoding error may have rendered them first.
func decodeHeader(values []string, body []byte) ([]byte, bool) {
	codings, err := contentCodings(values)
	if err != nil {
		return nil, false
	}
	if len(codings) == 0 {
		return body, true
	}
	dec, _ := decodeContentCodings(codings, bytes.NewReader(body))
	header, _, err := ReadHeader(dec)
	return header, len(header) > 0 || err == nil
}

// decodeContentCodings implements Fetch's "handle content codings" as a
// stream: it returns a reader of body with codings undone, the last listed
// first.
//
// Each decompressor is made at the first read, and reads only as much of
// the coded bytes as its output needs, so that a small body that expands to
// gigabytes costs no more than any other. Its errors are *ContentCodingError
// values naming its coding, but for errors reading body itself, which are
// returned as they are. The returned source counts the coded bytes read;
// until its budget is lifted, more than maxCodedHeaderBytes of them are an
// error.
//
// Fetch returns the bytes as they are when the codings are "not supported";
// browsers support br and zstd too, so the caller refuses those instead
// (contentCodings).
// See https://fetch.spec.whatwg.org/#handle-content-codings.
func decodeContentCodings(codings []string, body io.Reader) (io.Reader, *codedSource) {
	src := &codedSource{r: body, budget: maxCodedHeaderBytes, coding: codings[len(codings)-1]}
	var r io.Reader = src
	for i := len(codings) - 1; i >= 0; i-- {
		d := &decoder{coding: codings[i], src: &codedSource{r: r, budget: -1}}
		if i == len(codings)-1 {
			d.src = src
		}
		r = d
	}
	return r, src
}

// A codedSource is the coded input of a decoder: it counts the bytes read
// and records how reading ended.
type codedSource struct {
	r      io.Reader
	n      int64  // bytes read
	budget int64  // the most bytes to read, or -1 for no limit
	coding string // the coding named when the budget runs out
	err    error  // the first error but io.EOF
}

func (s *codedSource) Read(p []byte) (int, error) {
	if s.err != nil {
		return 0, s.err
	}
	if s.budget >= 0 {
		if s.n >= s.budget {
			s.err = &ContentCodingError{Coding: s.coding, Err: errCodedHeaderTooLong}
			return 0, s.err
		}
		p = p[:min(int64(len(p)), s.budget-s.n)]
	}
	n, err := s.r.Read(p)
	s.n += int64(n)
	if err != nil && err != io.EOF {
		s.err = err
	}
	return n, err
}

// A decoder undoes one content coding of its source.
type decoder struct {
	coding string
	src    *codedSource
	br     *bufio.Reader // src, buffered, for deflate
	r      io.Reader     // the decompressor, from the first Read on
	err    error         // sticky
}

func (d *decoder) Read(p []byte) (int, error) {
	if d.err != nil {
		return 0, d.err
	}
	if d.r == nil {
		if d.r, d.err = d.open(); d.err != nil {
			d.err = d.fail(d.err)
			return 0, d.err
		}
	}
	n, err := d.r.Read(p)
	switch {
	case err == io.EOF:
		if _, inner := d.src.r.(*decoder); inner {
			err = d.end()
		}
	case err != nil:
		err = d.fail(err)
	}
	if err != nil {
		d.err = err
	}
	return n, err
}

// end checks, when d's stream has ended inside another coding, that the
// coding around it ends too, which checks its own trailer (a gzip CRC-32).
// A stream that ends early inside it, with bytes after it, is an error.
// (A zlib or raw deflate stream that ends before the body does is not: the
// bytes after it are ignored, as browsers and Go's readers do.)
func (d *decoder) end() error {
	var src io.Reader = d.src
	if d.br != nil {
		src = d.br // which may hold bytes read ahead
	}
	var b [1]byte
	n, err := io.ReadFull(src, b[:])
	switch {
	case n > 0:
		return &ContentCodingError{Coding: d.coding, Err: errDataAfterStream}
	case err == io.EOF:
		return io.EOF
	}
	return err
}

// open makes the decompressor, reading the start of the stream.
//
// deflate is a zlib stream (RFC 1950) when the body starts with a zlib
// header, and otherwise a raw deflate stream (RFC 1951), which some servers
// send and browsers accept too.
func (d *decoder) open() (io.Reader, error) {
	if d.coding != "deflate" {
		zr, err := gzip.NewReader(d.src)
		if _, inner := d.src.r.(*decoder); err == nil && !inner {
			// The body's own gzip stream: browsers decode its first
			// member and ignore every byte after it, a second member
			// or junk (cases coding/html/gzip-member2/html, whose
			// second member's script runs in none of the three, and
			// gzip-junk, gzip-nul-pad).
			zr.Multistream(false)
		}
		return zr, err
	}
	d.br = bufio.NewReader(d.src)
	start, err := d.br.Peek(2)
	switch {
	case len(start) == 0 && err != nil:
		return nil, err
	case isZlibHeader(start):
		return zlib.NewReader(d.br)
	}
	return flate.NewReader(d.br), nil
}

// fail returns the error for err, an error of the decompressor.
func (d *decoder) fail(err error) error {
	switch {
	case d.src.err != nil:
		// Reading the coded bytes failed: a read error of the body, or
		// the error of the coding around this one.
		return d.src.err
	case err == io.EOF || err == io.ErrUnexpectedEOF:
		if d.src.n == 0 {
			err = errEmptyCodedBody
		} else {
			err = io.ErrUnexpectedEOF
		}
	}
	return &ContentCodingError{Coding: d.coding, Err: err}
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
