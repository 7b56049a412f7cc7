// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff_test

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"mime"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/mimesniff/mimesniff"
)

// The expected values in this file come from the MIME Sniffing Standard's
// "supplied MIME type detection algorithm"
// (https://mimesniff.spec.whatwg.org/#supplied-mime-type-detection-algorithm),
// "read the resource header"
// (https://mimesniff.spec.whatwg.org/#reading-the-resource-header), "parse a
// MIME type from bytes", the MIME type sniffing algorithm and its tables, and
// from Fetch's "extract a MIME type" and "determine nosniff". Each row says
// which step it rests on.

// httpContentTypes returns a header with the given Content-Type lines, in
// order; with none, a header with no Content-Type at all.
func httpContentTypes(values ...string) http.Header {
	h := http.Header{}
	for _, v := range values {
		h.Add("Content-Type", v)
	}
	return h
}

// suppliedCase is a row of TestSuppliedFromHTTP: the Content-Type lines of a
// response, the supplied MIME type the standard derives from them
// (serialized; "" is undefined) and the check-for-apache-bug flag.
type suppliedCase struct {
	name   string
	values []string // Content-Type header lines; nil: no header
	want   string   // serialization of the supplied MIME type; "": undefined
	// wantBytes, if not nil, is the isomorphic encoding of want: what
	// MIMEType.Bytes must give back.
	wantBytes []byte
	apache    bool
}

var suppliedFromHTTPCases = []suppliedCase{
	// Step 2.1: no Content-Type header leaves supplied-type null, so the
	// supplied MIME type is undefined (step 5) and the flag is unset.
	{name: "no Content-Type"},
	{name: "one value", values: []string{"text/html"}, want: "text/html"},
	// Parse a MIME type lower-cases type, subtype and parameter names,
	// removes the space after ";" and needless quotes, and serializes
	// with no space.
	{name: "one value normalized", values: []string{`Text/HTML; Charset="utf-8"`}, want: "text/html;charset=utf-8"},
	// Step 2.1.1: "the value of the last Content-Type header".
	{name: "last of two wins", values: []string{"text/html", "text/xml"}, want: "text/xml"},
	{name: "last of three wins", values: []string{"image/png", "text/css", "application/json"}, want: "application/json"},
	// The last value alone counts: when it is not a MIME type, supplied
	// is undefined (step 5) even though an earlier value is valid.
	{name: "invalid last, valid first", values: []string{"text/html", "text"}},
	{name: "empty last, valid first", values: []string{"text/html", ""}},
	{name: "invalid last subtype", values: []string{"image/png", "image/p ng"}},
	// */* is a MIME type: it is the supplied type (and the sniffing
	// algorithm's step 2 then treats it as unknown). Fetch skips it.
	{name: "*/* last", values: []string{"text/html", "*/*"}, want: "*/*"},
	// One header line holding two values is one value: the subtype
	// "html, text/xml" is not made of token code points (notes B7).
	{name: "comma in one line", values: []string{"text/html, text/xml"}},

	// Step 2.1.2: the four apache-bug values, byte for byte.
	{name: "apache text/plain", values: []string{"text/plain"}, want: "text/plain", apache: true},
	{name: "apache ISO-8859-1", values: []string{"text/plain; charset=ISO-8859-1"}, want: "text/plain;charset=ISO-8859-1", apache: true},
	{name: "apache iso-8859-1", values: []string{"text/plain; charset=iso-8859-1"}, want: "text/plain;charset=iso-8859-1", apache: true},
	{name: "apache UTF-8", values: []string{"text/plain; charset=UTF-8"}, want: "text/plain;charset=UTF-8", apache: true},
	// Near misses: "exactly equal" means no case folding and no
	// whitespace or punctuation difference, though each parses to the
	// same type as an apache value.
	{name: "near miss: no space", values: []string{"text/plain;charset=UTF-8"}, want: "text/plain;charset=UTF-8"},
	{name: "near miss: two spaces", values: []string{"text/plain;  charset=UTF-8"}, want: "text/plain;charset=UTF-8"},
	{name: "near miss: utf-8 lower case", values: []string{"text/plain; charset=utf-8"}, want: "text/plain;charset=utf-8"},
	{name: "near miss: Iso-8859-1", values: []string{"text/plain; charset=Iso-8859-1"}, want: "text/plain;charset=Iso-8859-1"},
	{name: "near miss: CHARSET", values: []string{"text/plain; CHARSET=UTF-8"}, want: "text/plain;charset=UTF-8"},
	{name: "near miss: quoted charset", values: []string{`text/plain; charset="UTF-8"`}, want: "text/plain;charset=UTF-8"},
	{name: "near miss: Text/Plain", values: []string{"Text/Plain"}, want: "text/plain"},
	{name: "near miss: TEXT/PLAIN", values: []string{"TEXT/PLAIN"}, want: "text/plain"},
	// A Header built by hand keeps whitespace that net/http strips from
	// a value read off the wire; the bytes then differ from the table's.
	{name: "near miss: trailing space", values: []string{"text/plain "}, want: "text/plain"},
	{name: "near miss: trailing tab", values: []string{"text/plain\t"}, want: "text/plain"},
	{name: "near miss: leading space", values: []string{" text/plain"}, want: "text/plain"},
	{name: "near miss: trailing semicolon", values: []string{"text/plain; charset=UTF-8;"}, want: "text/plain;charset=UTF-8"},
	{name: "near miss: other parameter", values: []string{"text/plain; format=flowed"}, want: "text/plain;format=flowed"},
	{name: "near miss: latin1", values: []string{"text/plain; charset=latin1"}, want: "text/plain;charset=latin1"},
	// The flag looks at the last value only.
	{name: "apache first of two", values: []string{"text/plain", "text/html"}, want: "text/html"},
	{name: "apache last of two", values: []string{"text/html", "text/plain"}, want: "text/plain", apache: true},
	{name: "apache before invalid", values: []string{"text/plain", "bogus"}},
	{name: "apache after invalid", values: []string{"bogus", "text/plain; charset=UTF-8"}, want: "text/plain;charset=UTF-8", apache: true},

	// Parse a MIME type from bytes isomorphic-decodes: byte 0xE9 is
	// U+00E9, an HTTP quoted-string token code point but not an HTTP
	// token code point, so the value is kept and serialized in quotes.
	{
		name:      "byte E9 in a quoted value",
		values:    []string{"text/html;charset=\"\xe9\""},
		want:      "text/html;charset=\"\u00e9\"",
		wantBytes: []byte("text/html;charset=\"\xe9\""),
	},
	{
		name:      "byte FF in an unquoted value",
		values:    []string{"text/html;charset=\xff"},
		want:      "text/html;charset=\"\u00ff\"",
		wantBytes: []byte("text/html;charset=\"\xff\""),
	},
	// UTF-8 "é" on the wire is two bytes, so two code points, U+00C3
	// U+00A9, not one.
	{
		name:      "UTF-8 bytes read isomorphically",
		values:    []string{"text/html;charset=\xc3\xa9"},
		want:      "text/html;charset=\"\u00c3\u00a9\"",
		wantBytes: []byte("text/html;charset=\"\xc3\xa9\""),
	},
	// U+00E9 in the subtype is not an HTTP token code point: failure.
	{name: "byte E9 in the subtype", values: []string{"text/h\xe9ml"}},
	// U+0000 is neither a token code point (the subtype fails) nor a
	// quoted-string token code point (the parameter is dropped).
	{name: "NUL in the subtype", values: []string{"text/html\x00"}},
	{name: "NUL in a parameter value", values: []string{"text/html;charset=utf\x00-8"}, want: "text/html"},
	{name: "NUL then a valid parameter", values: []string{"text/html;a=\x00;charset=utf-8"}, want: "text/html;charset=utf-8"},

	// Step 1 of parse a MIME type removes leading and trailing HTTP
	// whitespace (tab, space, CR, LF), but not FF.
	{name: "HTTP whitespace around", values: []string{" \t text/html;charset=utf-8 \t "}, want: "text/html;charset=utf-8"},
	{name: "CR LF around", values: []string{"\r\ntext/html\r\n"}, want: "text/html"},
	{name: "FF before", values: []string{"\ftext/html"}},
	{name: "whitespace before ;", values: []string{"text/html \t;charset=utf-8"}, want: "text/html;charset=utf-8"},
}

func TestSuppliedFromHTTP(t *testing.T) {
	for _, tc := range suppliedFromHTTPCases {
		t.Run(tc.name, func(t *testing.T) {
			h := httpContentTypes(tc.values...)
			got, apache := mimesniff.SuppliedFromHTTP(h)
			if got.String() != tc.want || apache != tc.apache {
				t.Errorf("SuppliedFromHTTP(%q) = %q, %v; want %q, %v", tc.values, got, apache, tc.want, tc.apache)
			}
			if got.IsValid() != (tc.want != "") {
				t.Errorf("SuppliedFromHTTP(%q).IsValid() = %v, want %v", tc.values, got.IsValid(), tc.want != "")
			}
			if tc.wantBytes != nil && !bytes.Equal(got.Bytes(), tc.wantBytes) {
				t.Errorf("SuppliedFromHTTP(%q).Bytes() = %q, want %q", tc.values, got.Bytes(), tc.wantBytes)
			}
			// The header is not modified.
			if !slices.Equal(h.Values("Content-Type"), tc.values) {
				t.Errorf("SuppliedFromHTTP modified the header: %q, was %q", h.Values("Content-Type"), tc.values)
			}
		})
	}
	// A Content-Type key holding no values is no Content-Type header.
	t.Run("key with no values", func(t *testing.T) {
		got, apache := mimesniff.SuppliedFromHTTP(http.Header{"Content-Type": {}})
		if got.IsValid() || apache {
			t.Errorf("SuppliedFromHTTP(Content-Type: []) = %q, %v; want undefined, false", got, apache)
		}
	})
	t.Run("nil header", func(t *testing.T) {
		got, apache := mimesniff.SuppliedFromHTTP(nil)
		if got.IsValid() || apache {
			t.Errorf("SuppliedFromHTTP(nil) = %q, %v; want undefined, false", got, apache)
		}
	})
}

// TestSuppliedFromHTTPAndFetch sets the standard's reading of several
// Content-Type values beside Fetch's.
func TestSuppliedFromHTTPAndFetch(t *testing.T) {
	for _, tc := range []struct {
		name      string
		values    []string // Content-Type header lines; nil: no header
		wantFetch string   // ExtractMIMEType: Fetch's "extract a MIME type"
		wantHTTP  string   // SuppliedFromHTTP: the standard's last value
		apache    bool     // SuppliedFromHTTP: from the last raw value
	}{
		{name: "no Content-Type"},
		{name: "one value", values: []string{"text/html"}, wantFetch: "text/html", wantHTTP: "text/html"},
		// Fetch 4.3: the last value that parses wins, as in the standard
		// when the last one parses.
		{name: "last of two", values: []string{"text/html", "text/xml"}, wantFetch: "text/xml", wantHTTP: "text/xml"},
		// Fetch 4.2 skips a value that fails to parse; the standard
		// does not.
		{name: "invalid last", values: []string{"text/html", "bogus"}, wantFetch: "text/html"},
		{name: "empty last", values: []string{"text/html", ""}, wantFetch: "text/html"},
		{name: "only invalid", values: []string{"bogus", "text"}},
		// Fetch 4.2 skips */*.
		{name: "*/* last", values: []string{"text/html", "*/*"}, wantFetch: "text/html", wantHTTP: "*/*"},
		{name: "only */*", values: []string{"*/*"}, wantHTTP: "*/*"},
		// Fetch splits one line at commas; the standard parses the
		// whole line, which fails (notes B7).
		{name: "comma in one line", values: []string{"text/html, text/xml"}, wantFetch: "text/xml"},
		{name: "*/* then a type in one line", values: []string{"*/*, text/css"}, wantFetch: "text/css"},
		// A comma after a quoted string splits in Fetch; the standard's
		// parser ignores what follows the closing quote.
		{name: "comma after quoted", values: []string{`x/x;test="hi",y/y`}, wantFetch: "y/y", wantHTTP: "x/x;test=hi"},
		// A comma inside quotes does not split.
		{name: "comma inside quotes", values: []string{`text/html;a=", x/x"`}, wantFetch: `text/html;a=", x/x"`, wantHTTP: `text/html;a=", x/x"`},
		// Fetch 4.4 and 4.5: the charset of an earlier value with the
		// same essence carries over; another essence in between resets it.
		{name: "charset carried over", values: []string{"text/html;charset=gbk", "text/html"}, wantFetch: "text/html;charset=gbk", wantHTTP: "text/html"},
		{name: "charset appended after parameters", values: []string{"text/html;charset=gbk;a=b", "text/html;x=y"}, wantFetch: "text/html;x=y;charset=gbk", wantHTTP: "text/html;x=y"},
		{name: "charset reset by another essence", values: []string{"text/html;charset=gbk", "x/x", "text/html;x=y"}, wantFetch: "text/html;x=y", wantHTTP: "text/html;x=y"},
		{name: "charset not carried to another essence", values: []string{"text/plain;charset=gbk", "text/html"}, wantFetch: "text/html", wantHTTP: "text/html"},
		{name: "own charset kept", values: []string{"text/html;charset=gbk", "text/html;charset=utf-8"}, wantFetch: "text/html;charset=utf-8", wantHTTP: "text/html;charset=utf-8"},
		{name: "charset carried over an invalid value", values: []string{"text/html;charset=gbk", "bogus", "text/html"}, wantFetch: "text/html;charset=gbk", wantHTTP: "text/html"},

		// The apache-bug flag comes from the last raw value.
		{name: "apache value", values: []string{"text/plain; charset=ISO-8859-1"}, wantFetch: "text/plain;charset=ISO-8859-1", wantHTTP: "text/plain;charset=ISO-8859-1", apache: true},
		{name: "apache value last", values: []string{"text/html", "text/plain"}, wantFetch: "text/plain", wantHTTP: "text/plain", apache: true},
		{name: "apache value first", values: []string{"text/plain", "text/html"}, wantFetch: "text/html", wantHTTP: "text/html"},
		// Fetch's type is text/plain, from the first line, but the last
		// raw value is not an apache value.
		{name: "apache value then empty", values: []string{"text/plain", ""}, wantFetch: "text/plain"},
		{name: "apache value then */*", values: []string{"text/plain", "*/*"}, wantFetch: "text/plain", wantHTTP: "*/*"},
		// The last raw value is the whole line, not the last value of
		// the split: no flag, though Fetch's type is text/plain.
		{name: "apache value last in one line", values: []string{"text/html, text/plain"}, wantFetch: "text/plain"},
		{name: "apache value after invalid", values: []string{"bogus", "text/plain"}, wantFetch: "text/plain", wantHTTP: "text/plain", apache: true},
		// Fetch decodes header values isomorphically too.
		{name: "byte E9", values: []string{"text/html;charset=\"\xe9\""}, wantFetch: "text/html;charset=\"\u00e9\"", wantHTTP: "text/html;charset=\"\u00e9\""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := httpContentTypes(tc.values...)
			got, apache := mimesniff.SuppliedFromHTTP(h)
			if got.String() != tc.wantHTTP || apache != tc.apache {
				t.Errorf("SuppliedFromHTTP(%q) = %q, %v; want %q, %v", tc.values, got, apache, tc.wantHTTP, tc.apache)
			}
			ext, ok := mimesniff.ExtractMIMEType(h)
			if ext.String() != tc.wantFetch || ok != (tc.wantFetch != "") {
				t.Errorf("ExtractMIMEType(%q) = %q, %v; want %q, %v", tc.values, ext, ok, tc.wantFetch, tc.wantFetch != "")
			}
		})
	}
}

// randomBytes returns n pseudo-random bytes, the same for the same n.
func randomBytes(n int) []byte {
	var seed [32]byte
	copy(seed[:], fmt.Sprint("mimesniff http_test ", n))
	b := make([]byte, n)
	_, _ = rand.NewChaCha8(seed).Read(b)
	return b
}

// countingReader records what is asked of the reader it wraps: the bytes it
// returned and the furthest offset a read asked for.
type countingReader struct {
	r      io.Reader
	n      int // bytes returned so far
	maxEnd int // largest n+len(p) over all reads
	reads  int
}

func (c *countingReader) Read(p []byte) (int, error) {
	c.reads++
	c.maxEnd = max(c.maxEnd, c.n+len(p))
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

func TestReadHeader(t *testing.T) {
	readers := []struct {
		name string
		wrap func(io.Reader) io.Reader
	}{
		{"plain", func(r io.Reader) io.Reader { return r }},
		{"OneByteReader", iotest.OneByteReader},
		{"HalfReader", iotest.HalfReader},
		{"DataErrReader", iotest.DataErrReader},
		{"TimeoutReader", iotest.TimeoutReader},
	}
	for _, rd := range readers {
		for _, n := range []int{0, 1, 2, 1444, 1445, 1446, 100000} {
			t.Run(fmt.Sprintf("%s/%d", rd.name, n), func(t *testing.T) {
				data := randomBytes(n)
				want := bytes.Clone(data)
				// The standard reads until the end of the resource or
				// 1445 bytes, whichever comes first.
				wantN := min(n, 1445)
				var wantErr error
				if rd.name == "TimeoutReader" && n > 0 && n < 1445 {
					// The first read returns all n bytes without
					// io.EOF; the second, which would find the end,
					// times out. The standard stops there too ("a
					// reasonable amount of time has elapsed"), with
					// what it has.
					wantErr = iotest.ErrTimeout
				}
				cr := &countingReader{r: rd.wrap(bytes.NewReader(data))}
				header, body, err := mimesniff.ReadHeader(cr)
				if err != wantErr {
					t.Errorf("ReadHeader: err = %v, want %v", err, wantErr)
				}
				if !bytes.Equal(header, want[:wantN]) {
					t.Errorf("ReadHeader: header = %d bytes, want the first %d bytes of the input (equal: %v)",
						len(header), wantN, len(header) == wantN)
				}
				if cr.n != wantN {
					t.Errorf("ReadHeader took %d bytes from the reader, want %d", cr.n, wantN)
				}
				if cr.maxEnd > mimesniff.HeaderSize {
					t.Errorf("ReadHeader asked for bytes up to offset %d, past the %d it needs", cr.maxEnd, mimesniff.HeaderSize)
				}
				if rd.name == "plain" && n > 1445 && cr.reads != 1 {
					// bytes.Reader fills a whole buffer in one read.
					t.Errorf("ReadHeader made %d reads from a bytes.Reader, want 1", cr.reads)
				}
				if rd.name == "TimeoutReader" && err == nil {
					// ReadHeader did not make the second read, so
					// the body's first read from the reader is the
					// one that times out; the reads after it succeed.
					got, err := io.ReadAll(body)
					if err != iotest.ErrTimeout {
						t.Errorf("body: err = %v, want %v once", err, iotest.ErrTimeout)
					}
					rest, err := io.ReadAll(body)
					if err != nil || !bytes.Equal(append(got, rest...), want) {
						t.Errorf("body yields %d bytes, %v; want the %d bytes", len(got)+len(rest), err, n)
					}
					return
				}
				if rd.name == "DataErrReader" {
					// iotest.TestReader starts with a Read(nil),
					// which DataErrReader turns into an endless loop
					// once it holds data it has not returned.
					got, err := io.ReadAll(body)
					if err != nil || !bytes.Equal(got, want) {
						t.Errorf("body yields %d bytes (equal: %v), %v; want the %d bytes", len(got), bytes.Equal(got, want), err, n)
					}
					return
				}
				if err := iotest.TestReader(body, want); err != nil {
					t.Errorf("body: %v", err)
				}
			})
		}
	}
}

// failingReader returns data (in reads of at most chunk bytes, if chunk > 0)
// and then err for ever. With together set, err comes with the last bytes of
// data rather than in a read of its own.
type failingReader struct {
	data     []byte
	err      error
	chunk    int
	together bool
	pos      int
}

func (r *failingReader) Read(p []byte) (int, error) {
	if r.pos == len(r.data) {
		return 0, r.err
	}
	if r.chunk > 0 && len(p) > r.chunk {
		p = p[:r.chunk]
	}
	n := copy(p, r.data[r.pos:])
	r.pos += n
	if r.together && r.pos == len(r.data) {
		return n, r.err
	}
	return n, nil
}

// zeroReader returns 0, nil for ever.
type zeroReader struct{ reads int }

func (r *zeroReader) Read(p []byte) (int, error) {
	r.reads++
	return 0, nil
}

func TestReadHeaderErrors(t *testing.T) {
	errCustom := errors.New("custom read error")

	t.Run("ErrReader", func(t *testing.T) {
		header, body, err := mimesniff.ReadHeader(iotest.ErrReader(errCustom))
		if err != errCustom || len(header) != 0 {
			t.Fatalf("ReadHeader(ErrReader) = %d bytes, %v; want 0 bytes, %v", len(header), err, errCustom)
		}
		got, err := io.ReadAll(body)
		if err != errCustom || len(got) != 0 {
			t.Errorf("body yields %d bytes, %v; want 0 bytes, %v", len(got), err, errCustom)
		}
	})

	// The reader fails after k bytes. The header holds what arrived
	// before the failure, or is complete when k >= 1445 (ReadHeader then
	// never sees the error); the body gives the k bytes, then the error.
	for _, k := range []int{1, 2, 100, 1444, 1445, 1446, 5000} {
		for _, together := range []bool{false, true} {
			for _, chunk := range []int{0, 7} {
				name := fmt.Sprintf("after %d bytes/together=%v/chunk=%d", k, together, chunk)
				t.Run(name, func(t *testing.T) {
					data := randomBytes(k)
					want := bytes.Clone(data)
					wantN := min(k, 1445)
					var wantErr error
					if k < 1445 || k == 1445 && together {
						// The error arrives with or before the
						// 1445th byte.
						wantErr = errCustom
					}
					r := &failingReader{data: data, err: errCustom, chunk: chunk, together: together}
					header, body, err := mimesniff.ReadHeader(r)
					if err != wantErr {
						t.Errorf("ReadHeader: err = %v, want %v", err, wantErr)
					}
					if !bytes.Equal(header, want[:wantN]) {
						t.Errorf("ReadHeader: header = %d bytes, want the first %d", len(header), wantN)
					}
					got, err := io.ReadAll(body)
					if err != errCustom || !bytes.Equal(got, want) {
						t.Errorf("body yields %d bytes (equal: %v), %v; want the %d bytes, %v",
							len(got), bytes.Equal(got, want), err, k, errCustom)
					}
				})
			}
		}
	}

	// io.ErrUnexpectedEOF, as net/http gives for a body shorter than its
	// Content-Length, is reported: the resource did not end, it was cut.
	t.Run("ErrUnexpectedEOF", func(t *testing.T) {
		data := []byte("GIF89a")
		header, body, err := mimesniff.ReadHeader(&failingReader{data: data, err: io.ErrUnexpectedEOF})
		if err != io.ErrUnexpectedEOF || string(header) != "GIF89a" {
			t.Errorf("ReadHeader = %q, %v; want %q, %v", header, err, "GIF89a", io.ErrUnexpectedEOF)
		}
		got, err := io.ReadAll(body)
		if err != io.ErrUnexpectedEOF || string(got) != "GIF89a" {
			t.Errorf("body yields %q, %v; want %q, %v", got, err, "GIF89a", io.ErrUnexpectedEOF)
		}
	})

	// io.EOF is the end of the resource, not an error, even with data.
	t.Run("EOF with data", func(t *testing.T) {
		header, _, err := mimesniff.ReadHeader(&failingReader{data: []byte("%PDF-"), err: io.EOF, together: true})
		if err != nil || string(header) != "%PDF-" {
			t.Errorf("ReadHeader = %q, %v; want %q, nil", header, err, "%PDF-")
		}
	})

	// A reader that never makes progress must not hang ReadHeader.
	t.Run("no progress", func(t *testing.T) {
		r := &zeroReader{}
		header, _, err := mimesniff.ReadHeader(r)
		if err != io.ErrNoProgress || len(header) != 0 {
			t.Errorf("ReadHeader(always 0, nil) = %d bytes, %v; want 0 bytes, %v", len(header), err, io.ErrNoProgress)
		}
		if r.reads > 1000 {
			t.Errorf("ReadHeader made %d reads before giving up", r.reads)
		}
	})
}

// textBytes returns n bytes of printable ASCII: no binary data bytes.
func textBytes(n int) []byte {
	b := randomBytes(n)
	for i := range b {
		b[i] = ' ' + b[i]%95
	}
	return b
}

// Bodies for the response tests.
var (
	gifBody    = []byte("GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!\xf9\x04\x00\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;")
	pngBody    = []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89")
	htmlBody   = []byte("<!DOCTYPE html>\n<title>page</title>\n<p>Hello\n")
	textBody   = []byte("hello, world\n")
	binaryBody = []byte("\x00\x01\x02\x03 some bytes\n")
)

// TestResourceFromResponse checks, over one live server, what only a real
// response can show: the resource header is the first 1445 bytes of the
// body and resp.Body still yields every byte; a connection cut short is
// reported; and header bytes reach the parser as sent. How headers become
// the supplied type and flags is tested on http.Header values in
// TestSuppliedFromHTTP and TestResourceFromHTTP; content codings in
// TestCrawlerContentCodings.
func TestResourceFromResponse(t *testing.T) {
	// The 5000-byte body has text in its first 1445 bytes and a binary
	// data byte at offset 1445, just past the resource header: sniffed
	// from the header alone it is text/plain, from the whole body it
	// would be application/octet-stream.
	long := textBytes(5000)
	long[1445] = 0x00

	tests := []struct {
		name   string
		status string // "": 200 OK
		header string // header lines of the raw response
		body   []byte // the bytes sent after the header
		length int    // Content-Length; 0: len(body)

		wantSupplied string // "": undefined
		wantErr      error  // from ResourceFromResponse
		wantReadErr  error  // from reading resp.Body
		wantSniff    string
	}{
		{name: "empty body", body: []byte{}, wantSniff: "text/plain"},
		{name: "204 No Content", status: "204 No Content", wantSniff: "text/plain"},
		// FF D8 is two of the three bytes of the JPEG signature.
		{name: "2 bytes", body: []byte("\xff\xd8"), wantSniff: "text/plain"},
		{name: "HTML shorter than the header", body: htmlBody, wantSniff: "text/html"},
		{name: "5000 bytes", body: long, wantSniff: "text/plain"},
		// The connection ends before 1445 bytes: ResourceFromResponse
		// reports it, and the header holds what arrived.
		{name: "cut before the header is full", body: textBytes(1000), length: 3000, wantErr: io.ErrUnexpectedEOF, wantReadErr: io.ErrUnexpectedEOF, wantSniff: "text/plain"},
		{name: "cut after one byte", body: textBytes(1), length: 3000, wantErr: io.ErrUnexpectedEOF, wantReadErr: io.ErrUnexpectedEOF, wantSniff: "text/plain"},
		{name: "cut with nothing sent", body: []byte{}, length: 3000, wantErr: io.ErrUnexpectedEOF, wantReadErr: io.ErrUnexpectedEOF, wantSniff: "text/plain"},
		// The header is complete before the cut: no error yet, and the
		// cut shows when the body is read.
		{name: "cut after the header", body: textBytes(2000), length: 3000, wantReadErr: io.ErrUnexpectedEOF, wantSniff: "text/plain"},
		// Byte E9 reaches the parser as U+00E9 (isomorphic decoding),
		// kept in quotes. image/gif is an image type: the PNG is found.
		{
			name:         "byte E9 in a parameter",
			header:       "Content-Type: image/gif;name=\"caf\xe9\"\r\n",
			body:         pngBody,
			wantSupplied: "image/gif;name=\"caf\u00e9\"",
			wantSniff:    "image/png",
		},
	}

	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		i, err := strconv.Atoi(strings.TrimPrefix(r.URL.Path, "/"))
		if err != nil || i >= len(tests) {
			http.NotFound(w, r)
			return
		}
		tc := tests[i]
		conn, bw, err := http.NewResponseController(w).Hijack()
		if err != nil {
			t.Error(err)
			return
		}
		defer conn.Close()
		if tc.status == "" {
			length := tc.length
			if length == 0 {
				length = len(tc.body)
			}
			fmt.Fprintf(bw, "HTTP/1.1 200 OK\r\n%sContent-Length: %d\r\n", tc.header, length)
		} else {
			fmt.Fprintf(bw, "HTTP/1.1 %s\r\n%s", tc.status, tc.header)
		}
		fmt.Fprintf(bw, "Connection: close\r\n\r\n%s", tc.body)
		bw.Flush()
	}))
	defer srv.Close()

	for i, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			resp, err := srv.Client().Get(srv.URL + "/" + strconv.Itoa(i))
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			wantBody := tc.body

			r, err := mimesniff.ResourceFromResponse(resp)
			if !errors.Is(err, tc.wantErr) || (tc.wantErr == nil) != (err == nil) {
				t.Errorf("ResourceFromResponse: err = %v, want %v", err, tc.wantErr)
			}
			if got := r.Supplied.String(); got != tc.wantSupplied {
				t.Errorf("Supplied = %q, want %q", got, tc.wantSupplied)
			}
			if n := min(len(wantBody), 1445); !bytes.Equal(r.Header, wantBody[:n]) {
				t.Errorf("Header = %d bytes, want the first %d bytes of the body", len(r.Header), n)
			}
			if got := r.Sniff().String(); got != tc.wantSniff {
				t.Errorf("Sniff() = %q, want %q", got, tc.wantSniff)
			}
			got, err := io.ReadAll(resp.Body)
			if !errors.Is(err, tc.wantReadErr) || (tc.wantReadErr == nil) != (err == nil) {
				t.Errorf("reading resp.Body: err = %v, want %v", err, tc.wantReadErr)
			}
			if !bytes.Equal(got, wantBody) {
				t.Errorf("resp.Body yields %d bytes (equal: %v), want the %d bytes sent", len(got), bytes.Equal(got, wantBody), len(wantBody))
			}
		})
	}
}

func TestResourceFromHTTP(t *testing.T) {
	for _, tc := range []struct {
		name         string
		header       http.Header
		body         []byte
		wantSupplied string
		wantApache   bool
		wantNoSniff  bool
		wantSniff    string
	}{
		{
			name:      "no header, HTML",
			header:    http.Header{},
			body:      htmlBody,
			wantSniff: "text/html",
		},
		{
			name:      "nil header, PNG",
			body:      pngBody,
			wantSniff: "image/png",
		},
		{
			name:         "image/gif, PNG",
			header:       http.Header{"Content-Type": {"image/gif"}},
			body:         pngBody,
			wantSupplied: "image/gif",
			wantSniff:    "image/png",
		},
		{
			name:         "apache value, nosniff",
			header:       http.Header{"Content-Type": {"text/plain; charset=iso-8859-1"}, "X-Content-Type-Options": {"nosniff"}},
			body:         binaryBody,
			wantSupplied: "text/plain;charset=iso-8859-1",
			wantApache:   true,
			wantNoSniff:  true,
			wantSniff:    "text/plain;charset=iso-8859-1",
		},
		{
			name:         "apache value",
			header:       http.Header{"Content-Type": {"text/plain; charset=iso-8859-1"}},
			body:         binaryBody,
			wantSupplied: "text/plain;charset=iso-8859-1",
			wantApache:   true,
			wantSniff:    "application/octet-stream",
		},
		// An empty resource: no patterns match and there is no binary
		// data byte.
		{
			name:      "nil body bytes",
			header:    http.Header{},
			body:      nil,
			wantSniff: "text/plain",
		},
		{
			name:        "nosniff, empty body",
			header:      http.Header{"X-Content-Type-Options": {"nosniff"}},
			body:        []byte{},
			wantNoSniff: true,
			wantSniff:   "text/plain",
		},
		// Only the first 1445 bytes count: a PDF signature at offset
		// 1445 is not seen, the binary byte after it neither.
		{
			name:      "long body",
			header:    http.Header{},
			body:      append(textBytes(1445), "%PDF-\x00"...),
			wantSniff: "text/plain",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			want := bytes.Clone(tc.body)
			r, rest, err := mimesniff.ResourceFromHTTP(tc.header, bytes.NewReader(tc.body))
			if err != nil {
				t.Errorf("ResourceFromHTTP: %v", err)
			}
			if r.Supplied.String() != tc.wantSupplied || r.CheckForApacheBug != tc.wantApache || r.NoSniff != tc.wantNoSniff {
				t.Errorf("ResourceFromHTTP = Supplied %q, CheckForApacheBug %v, NoSniff %v; want %q, %v, %v",
					r.Supplied, r.CheckForApacheBug, r.NoSniff, tc.wantSupplied, tc.wantApache, tc.wantNoSniff)
			}
			if !bytes.Equal(r.Header, want[:min(len(want), 1445)]) {
				t.Errorf("Header = %d bytes, want the first %d of the body", len(r.Header), min(len(want), 1445))
			}
			if r.SniffFeeds || r.Supported != nil {
				t.Errorf("ResourceFromHTTP set SniffFeeds %v or Supported", r.SniffFeeds)
			}
			if got := r.Sniff().String(); got != tc.wantSniff {
				t.Errorf("Sniff() = %q, want %q", got, tc.wantSniff)
			}
			if err := iotest.TestReader(rest, want); err != nil {
				t.Errorf("returned reader: %v", err)
			}
		})
	}

	t.Run("http.NoBody", func(t *testing.T) {
		r, rest, err := mimesniff.ResourceFromHTTP(http.Header{}, http.NoBody)
		if err != nil || len(r.Header) != 0 {
			t.Fatalf("ResourceFromHTTP(NoBody) = %d header bytes, %v; want 0, nil", len(r.Header), err)
		}
		if got, err := io.ReadAll(rest); err != nil || len(got) != 0 {
			t.Errorf("returned reader yields %q, %v; want nothing", got, err)
		}
	})

	// A body that fails at once: the error, an empty header, and a
	// resource that still sniffs (as text/plain: the empty header has no
	// binary data byte).
	t.Run("error at once", func(t *testing.T) {
		errBroken := errors.New("broken body")
		r, rest, err := mimesniff.ResourceFromHTTP(http.Header{"Content-Type": {"text/plain"}}, iotest.ErrReader(errBroken))
		if err != errBroken {
			t.Errorf("ResourceFromHTTP: err = %v, want %v", err, errBroken)
		}
		if len(r.Header) != 0 || !r.CheckForApacheBug || r.Supplied.String() != "text/plain" {
			t.Errorf("ResourceFromHTTP = Supplied %q, CheckForApacheBug %v, %d header bytes; want text/plain, true, 0",
				r.Supplied, r.CheckForApacheBug, len(r.Header))
		}
		if got := r.Sniff().String(); got != "text/plain" {
			t.Errorf("Sniff() = %q, want %q", got, "text/plain")
		}
		if _, err := io.ReadAll(rest); err != errBroken {
			t.Errorf("returned reader: err = %v, want %v", err, errBroken)
		}
	})
}

// TestResourceFromResponseBadInput feeds ResourceFromResponse responses made
// by hand.
func TestResourceFromResponseBadInput(t *testing.T) {
	t.Run("nil Body", func(t *testing.T) {
		resp := &http.Response{
			StatusCode: http.StatusOK,
			Header:     http.Header{"Content-Type": {"image/png"}},
		}
		r, err := mimesniff.ResourceFromResponse(resp)
		if err != nil {
			t.Errorf("ResourceFromResponse: %v", err)
		}
		if len(r.Header) != 0 || r.Supplied.String() != "image/png" {
			t.Errorf("ResourceFromResponse = Supplied %q, %d header bytes; want image/png, 0", r.Supplied, len(r.Header))
		}
		// Step 5 finds no image in an empty header; step 9 keeps the
		// supplied type.
		if got := r.Sniff().String(); got != "image/png" {
			t.Errorf("Sniff() = %q, want %q", got, "image/png")
		}
		if resp.Body == nil {
			t.Fatal("resp.Body is still nil")
		}
		if got, err := io.ReadAll(resp.Body); err != nil || len(got) != 0 {
			t.Errorf("resp.Body yields %q, %v; want nothing", got, err)
		}
		if err := resp.Body.Close(); err != nil {
			t.Errorf("resp.Body.Close() = %v", err)
		}
	})

	t.Run("nil Header", func(t *testing.T) {
		resp := &http.Response{Body: io.NopCloser(bytes.NewReader(pngBody))}
		r, err := mimesniff.ResourceFromResponse(resp)
		if err != nil {
			t.Errorf("ResourceFromResponse: %v", err)
		}
		if r.Supplied.IsValid() || r.NoSniff || r.CheckForApacheBug {
			t.Errorf("ResourceFromResponse = %+v; want no supplied type and no flags", r)
		}
		if got := r.Sniff().String(); got != "image/png" {
			t.Errorf("Sniff() = %q, want %q", got, "image/png")
		}
	})

	// Header bytes that net/http's client would not accept, in a
	// response made by hand.
	t.Run("NUL and non-ASCII header bytes", func(t *testing.T) {
		resp := &http.Response{
			Header: http.Header{
				"Content-Type":           {"image/gif;a=\x00;b=\xe9;c=\xc3\xa9"},
				"X-Content-Type-Options": {"nosniff\x00"},
			},
			Body: io.NopCloser(bytes.NewReader(pngBody)),
		}
		r, err := mimesniff.ResourceFromResponse(resp)
		if err != nil {
			t.Errorf("ResourceFromResponse: %v", err)
		}
		// a=NUL is dropped; b and c are isomorphic-decoded.
		const want = "image/gif;b=\"\u00e9\";c=\"\u00c3\u00a9\""
		if r.Supplied.String() != want {
			t.Errorf("Supplied = %q, want %q", r.Supplied, want)
		}
		// "nosniff\x00" is not "nosniff": NUL is not stripped.
		if r.NoSniff {
			t.Errorf("NoSniff = true for %q", "nosniff\x00")
		}
		if got := r.Sniff().String(); got != "image/png" {
			t.Errorf("Sniff() = %q, want %q", got, "image/png")
		}
	})

	// The original body is closed through the replacement.
	t.Run("Close reaches the original body", func(t *testing.T) {
		cb := &closeRecorder{Reader: bytes.NewReader(textBody)}
		resp := &http.Response{Header: http.Header{}, Body: cb}
		if _, err := mimesniff.ResourceFromResponse(resp); err != nil {
			t.Fatal(err)
		}
		if cb.closed {
			t.Error("ResourceFromResponse closed the body")
		}
		if err := resp.Body.Close(); err != nil || !cb.closed {
			t.Errorf("resp.Body.Close() = %v, closed the original: %v", err, cb.closed)
		}
	})
}

type closeRecorder struct {
	io.Reader
	closed bool
}

func (c *closeRecorder) Close() error {
	c.closed = true
	return nil
}

func TestResourceFromFile(t *testing.T) {
	html := []byte("<html><body>x</body></html>")
	for _, tc := range []struct {
		name string
		data []byte
		// precondition, if set: the essence that the extension must
		// map to on this machine for wantSniff to hold ("-" for none).
		needEssence string
		wantSniff   string // "": only check Supplied
	}{
		// The file system's type is image/gif, an image type: the image
		// table runs and finds PNG (steps 5 and 6).
		{name: "image.gif", data: pngBody, needEssence: "image/gif", wantSniff: "image/png"},
		// Upper case: mime.TypeByExtension folds ASCII case.
		{name: "IMAGE.PNG", data: gifBody, needEssence: "image/png", wantSniff: "image/gif"},
		{name: "photo.Png", data: pngBody, needEssence: "image/png", wantSniff: "image/png"},
		// text/plain from the file system is not checked for the
		// apache bug (that is for HTTP only): text/plain is final, HTML
		// or binary.
		{name: "page.txt", data: html, needEssence: "text/plain", wantSniff: "text/plain"},
		{name: "data.txt", data: binaryBody, needEssence: "text/plain", wantSniff: "text/plain"},
		// An HTML type is never sniffed (step 1), even for PNG bytes.
		{name: "page.html", data: pngBody, needEssence: "text/html", wantSniff: "text/html"},
		// image/svg+xml is an XML type before it is an image type.
		{name: "drawing.svg", data: pngBody, needEssence: "image/svg+xml", wantSniff: "image/svg+xml"},
		// An image type with no image bytes is kept (step 9).
		{name: "empty.png", data: nil, needEssence: "image/png", wantSniff: "image/png"},
		// Unknown extension: undefined, sniffed as unknown with
		// scriptable types (no nosniff for files).
		{name: "file.xyz123", data: pngBody, needEssence: "-", wantSniff: "image/png"},
		{name: "file.xyz123", data: html, needEssence: "-", wantSniff: "text/html"},
		{name: "file.xyz123", data: binaryBody, needEssence: "-", wantSniff: "application/octet-stream"},
		// No extension.
		{name: "README", data: textBody, needEssence: "-", wantSniff: "text/plain"},
		{name: "Makefile", data: pngBody, needEssence: "-", wantSniff: "image/png"},
		// The dot is in the directory, not the file name.
		{name: "dir.png/file", data: html, needEssence: "-", wantSniff: "text/html"},
		// A trailing dot: the extension "." is unknown.
		{name: "file.", data: html, needEssence: "-", wantSniff: "text/html"},
		// Extensions in Go's built-in table: check Supplied only.
		{name: "style.css", data: textBody},
		{name: "app.js", data: textBody},
		{name: "module.mjs", data: textBody},
		{name: "data.json", data: textBody},
		{name: "doc.pdf", data: textBody},
		{name: "module.wasm", data: binaryBody},
		{name: "photo.jpg", data: pngBody},
		{name: "photo.webp", data: pngBody},
		{name: "photo.avif", data: pngBody},
		{name: "feed.xml", data: html},
		{name: "page.htm", data: html},
	} {
		label := "other bytes"
		for _, l := range []struct {
			name string
			b    []byte
		}{{"PNG", pngBody}, {"GIF", gifBody}, {"HTML", html}, {"text", textBody}, {"binary", binaryBody}, {"nothing", nil}} {
			if bytes.Equal(tc.data, l.b) {
				label = l.name
				break
			}
		}
		t.Run(tc.name+" holding "+label, func(t *testing.T) {
			ext := filepath.Ext(tc.name)
			var wantSupplied string
			if ext != "" {
				if s := mime.TypeByExtension(ext); s != "" {
					m, err := mimesniff.Parse(s)
					if err != nil {
						// Go's table and the system's give valid
						// types for these extensions: a failure is
						// Parse's, or leaves the case unchecked.
						t.Fatalf("mime.TypeByExtension(%q) = %q, which Parse rejects: %v", ext, s, err)
					}
					wantSupplied = m.String()
				}
			}
			switch {
			case tc.needEssence == "-" && wantSupplied != "":
				t.Skipf("%q maps to %q on this machine", ext, wantSupplied)
			case tc.needEssence != "" && tc.needEssence != "-" && essenceOfString(wantSupplied) != tc.needEssence:
				t.Skipf("%q maps to %q on this machine, not %s", ext, wantSupplied, tc.needEssence)
			}
			r := mimesniff.ResourceFromFile(tc.name, tc.data)
			if r.Supplied.String() != wantSupplied {
				t.Errorf("Supplied = %q, want %q (mime.TypeByExtension)", r.Supplied, wantSupplied)
			}
			if r.NoSniff || r.CheckForApacheBug || r.SniffFeeds || r.Supported != nil {
				t.Errorf("ResourceFromFile set flags: %+v", r)
			}
			if !bytes.Equal(r.Header, tc.data) {
				t.Errorf("Header = %q, want %q", r.Header, tc.data)
			}
			if tc.wantSniff == "" {
				return
			}
			got := r.Sniff()
			if got.Essence() != tc.wantSniff {
				t.Errorf("Sniff() = %q, want essence %q", got, tc.wantSniff)
			}
			// A type found by sniffing has no parameters; a supplied
			// type that is final keeps its own (step 9).
			if got.Essence() == essenceOfString(wantSupplied) && got != r.Supplied {
				t.Errorf("Sniff() = %q, want the supplied %q itself", got, r.Supplied)
			}
		})
	}

	// ResourceFromFile keeps all the data; Sniff reads only the first
	// 1445 bytes of it.
	t.Run("header of more than 1445 bytes", func(t *testing.T) {
		data := append(textBytes(1445), 0x00)
		r := mimesniff.ResourceFromFile("notes", data)
		if len(r.Header) != len(data) {
			t.Errorf("Header = %d bytes, want all %d", len(r.Header), len(data))
		}
		// The NUL at offset 1445 is past the resource header.
		if got := r.Sniff().String(); got != "text/plain" {
			t.Errorf("Sniff() = %q, want %q", got, "text/plain")
		}
	})
}

// essenceOfString returns the essence of a serialized MIME type.
func essenceOfString(s string) string {
	e, _, _ := strings.Cut(s, ";")
	return e
}

// TestNilBody checks that a nil body reads as empty, not as a panic.
func TestNilBody(t *testing.T) {
	header, body, err := mimesniff.ReadHeader(nil)
	if err != nil || len(header) != 0 {
		t.Fatalf("ReadHeader(nil) = %q, %v; want no bytes, no error", header, err)
	}
	if rest, err := io.ReadAll(body); err != nil || len(rest) != 0 {
		t.Fatalf("ReadHeader(nil) body = %q, %v", rest, err)
	}
	r, rest, err := mimesniff.ResourceFromHTTP(http.Header{"Content-Type": {"image/png"}}, nil)
	if err != nil || len(r.Header) != 0 || r.Supplied.String() != "image/png" {
		t.Fatalf("ResourceFromHTTP(h, nil) = %+v, %v", r, err)
	}
	if b, err := io.ReadAll(rest); err != nil || len(b) != 0 {
		t.Fatalf("ResourceFromHTTP(h, nil) body = %q, %v", b, err)
	}
}

var errTransient = errors.New("transient read error")

// FuzzReadHeader checks that no byte is ever lost or reordered, whatever the
// sizes of the reads and wherever a read fails: the header is the first
// min(n, HeaderSize) bytes (or those before the failure), and the body
// yields every byte.
func FuzzReadHeader(f *testing.F) {
	f.Add([]byte("hello"), []byte{0, 1, 2}, -1)
	f.Add(bytes.Repeat([]byte("abcdefgh"), 200), []byte{63, 7}, 1000)
	f.Add(bytes.Repeat([]byte{1}, mimesniff.HeaderSize), []byte{}, mimesniff.HeaderSize)
	f.Add([]byte{}, []byte{5}, 0)
	f.Fuzz(func(t *testing.T, data, sizes []byte, failAt int) {
		if failAt > len(data) {
			failAt = -1
		}
		want := bytes.Clone(data)
		r := &fuzzReader{data: data, sizes: sizes, failAt: failAt}
		header, body, err := mimesniff.ReadHeader(r)
		n := min(len(want), mimesniff.HeaderSize)
		if failAt >= 0 && failAt < n || failAt == n && n < mimesniff.HeaderSize {
			// The failure comes before the header is complete.
			if err != errTransient || !bytes.Equal(header, want[:failAt]) {
				t.Fatalf("ReadHeader = %d bytes, %v; want %d bytes, %v", len(header), err, failAt, errTransient)
			}
		} else if err != nil || !bytes.Equal(header, want[:n]) {
			t.Fatalf("ReadHeader = %d bytes, %v; want %d bytes", len(header), err, n)
		}
		if r.maxEnd > mimesniff.HeaderSize || r.pos > n {
			t.Fatalf("ReadHeader asked for bytes up to %d and read %d: more than the %d it needs", r.maxEnd, r.pos, n)
		}
		// Read the body to the end, going on after the one transient
		// failure if it comes after the header.
		got, err := io.ReadAll(body)
		if err == errTransient {
			var rest []byte
			rest, err = io.ReadAll(body)
			got = append(got, rest...)
		}
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("body yields %d bytes, want the %d of the input", len(got), len(want))
		}
	})
}

// fuzzReader returns data in reads whose sizes come from sizes, in turn,
// each between 0 (an empty read, at most three in a row) and 63; it fails
// once, with errTransient, when the first failAt bytes have been returned
// (if failAt >= 0), and goes on normally after that. maxEnd is the furthest
// offset a read has asked for.
type fuzzReader struct {
	data   []byte
	sizes  []byte
	next   int
	pos    int
	failAt int
	failed bool
	empty  int
	maxEnd int
}

func (r *fuzzReader) Read(p []byte) (int, error) {
	r.maxEnd = max(r.maxEnd, r.pos+len(p))
	if r.failAt == r.pos && !r.failed {
		r.failed = true
		return 0, errTransient
	}
	if r.pos == len(r.data) {
		return 0, io.EOF
	}
	n := len(p)
	if len(r.sizes) > 0 {
		n = min(n, int(r.sizes[r.next%len(r.sizes)])%64)
		r.next++
	}
	if n == 0 && r.empty == 3 {
		n = 1
	}
	if !r.failed && r.failAt > r.pos {
		n = min(n, r.failAt-r.pos)
	}
	n = copy(p[:n], r.data[r.pos:])
	if n == 0 {
		r.empty++
	} else {
		r.empty = 0
	}
	r.pos += n
	return n, nil
}

// brotli returns b as a brotli stream (RFC 7932) of one uncompressed
// meta-block, for servers that send br; b must be at most 65536 bytes.
func brotli(b []byte) []byte {
	m := len(b) - 1
	// WBITS 16 (bit 0), ISLAST 0, MNIBBLES 4, MLEN-1 in 16 bits,
	// ISUNCOMPRESSED 1, padding to the byte; then the bytes; then a last,
	// empty meta-block (ISLAST 1, ISLASTEMPTY 1).
	out := []byte{byte(m&0xf) << 4, byte(m >> 4), byte(m>>12)&0xf | 0x10}
	return append(append(out, b...), 0x03)
}

// crawlerPage is the body of TestCrawlerContentCodings: HTML longer than
// the resource header.
var crawlerPage = []byte("<!DOCTYPE html><title>t</title>" + strings.Repeat("<p>a paragraph of text</p>\n", 100))

// TestCrawlerContentCodings fetches coded responses from a live server as a
// crawler does, with and without its own Accept-Encoding (without it, Go's
// transport asks for gzip and decodes that itself), chunked and not. For
// every coding the package decodes, the computed type is the one of the
// uncoded body, the caller reads the body whole and decoded, and resp says
// so as net/http does for its own gzip; br and an unknown coding give the
// typed error and leave resp as it came.
func TestCrawlerContentCodings(t *testing.T) {
	wantType := mimesniff.Resource{Header: crawlerPage}.Sniff()
	codings := []struct {
		name, encoding string
		body           []byte
		unsupported    string // the coding of the error; "": decoded
		raw            bool   // a coding no browser knows: the bytes as sent
	}{
		{"gzip", "gzip", encode(t, crawlerPage, "gzip"), "", false},
		{"deflate zlib", "deflate", encode(t, crawlerPage, "zlib"), "", false},
		{"deflate raw", "deflate", encode(t, crawlerPage, "raw"), "", false},
		{"gzip twice", "gzip, gzip", encode(t, crawlerPage, "gzip", "gzip"), "", false},
		{"br", "br", brotli(crawlerPage), "br", false},
		// Browsers render the bytes of a coding they do not know as
		// they are (case coding/html/foo/html of the wire recordings).
		{"unknown", "x-squash", crawlerPage, "", true},
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		i, _ := strconv.Atoi(r.URL.Query().Get("c"))
		c := codings[i]
		w.Header()["Content-Type"] = nil // no type, and none sniffed from the coded bytes
		w.Header().Set("Content-Encoding", c.encoding)
		if r.URL.Query().Has("chunked") {
			writeInPieces(w, c.body)
			return
		}
		w.Header().Set("Content-Length", strconv.Itoa(len(c.body)))
		w.Write(c.body)
	}))
	defer srv.Close()

	for i, c := range codings {
		for _, chunked := range []bool{false, true} {
			for _, acceptEncoding := range []string{"", "gzip, deflate, br, zstd"} {
				name := fmt.Sprintf("%s/chunked=%v/Accept-Encoding=%q", c.name, chunked, acceptEncoding)
				t.Run(name, func(t *testing.T) {
					url := srv.URL + "/?c=" + strconv.Itoa(i)
					if chunked {
						url += "&chunked"
					}
					req, _ := http.NewRequest("GET", url, nil)
					if acceptEncoding != "" {
						req.Header.Set("Accept-Encoding", acceptEncoding)
					}
					resp, err := srv.Client().Do(req)
					if err != nil {
						t.Fatal(err)
					}
					defer resp.Body.Close()
					r, err := mimesniff.ResourceFromResponse(resp)
					body, readErr := io.ReadAll(resp.Body)
					if readErr != nil {
						t.Errorf("reading resp.Body: %v", readErr)
					}
					if c.unsupported != "" {
						var ce *mimesniff.ContentCodingError
						if !errors.As(err, &ce) || ce.Coding != c.unsupported || !errors.Is(err, mimesniff.ErrUnsupportedContentCoding) {
							t.Errorf("ResourceFromResponse: err = %v, want a *ContentCodingError for %q", err, c.unsupported)
						}
						if r.Header != nil || !bytes.Equal(body, c.body) || resp.Header.Get("Content-Encoding") != c.encoding {
							t.Errorf("got %d header bytes, a body of %d bytes (as sent: %v), Content-Encoding %q; want none, the body as sent, %q",
								len(r.Header), len(body), bytes.Equal(body, c.body), resp.Header.Get("Content-Encoding"), c.encoding)
						}
						return
					}
					if err != nil {
						t.Fatalf("ResourceFromResponse: %v", err)
					}
					if c.raw {
						if got := r.Sniff(); got != wantType || !bytes.Equal(body, crawlerPage) || resp.Header.Get("Content-Encoding") != c.encoding {
							t.Errorf("Sniff() = %v, body of %d bytes, Content-Encoding %q; want %v, the body as sent, %q", got, len(body), resp.Header.Get("Content-Encoding"), wantType, c.encoding)
						}
						return
					}
					if got := r.Sniff(); got != wantType {
						t.Errorf("Sniff() = %v, want %v, as for the body uncoded", got, wantType)
					}
					if !bytes.Equal(body, crawlerPage) {
						t.Errorf("resp.Body yields %d bytes, want the %d of the decoded body", len(body), len(crawlerPage))
					}
					if resp.Header.Get("Content-Encoding") != "" || resp.Header.Get("Content-Length") != "" || resp.ContentLength != -1 || !resp.Uncompressed {
						t.Errorf("Content-Encoding %q, Content-Length %q, ContentLength %d, Uncompressed %v; want the body described as decoded, as net/http does",
							resp.Header.Get("Content-Encoding"), resp.Header.Get("Content-Length"), resp.ContentLength, resp.Uncompressed)
					}
				})
			}
		}
	}
}

// writeInPieces writes b in pieces, flushing each, so that net/http sends a
// chunked body.
func writeInPieces(w http.ResponseWriter, b []byte) {
	for len(b) > 0 {
		n := min(len(b), 100)
		w.Write(b[:n])
		w.(http.Flusher).Flush()
		b = b[n:]
	}
}

// TestNoBodyToDecode checks that a response without a body (to HEAD, or 204
// or 304) is not decoded, whatever Content-Encoding says, while an empty body
// with a Content-Encoding is an error.
func TestNoBodyToDecode(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "image/png")
		w.Header().Set("Content-Encoding", "gzip")
		status, _ := strconv.Atoi(r.URL.Query().Get("status"))
		w.WriteHeader(status)
	}))
	defer srv.Close()
	for _, tc := range []struct {
		name, method string
		status       int
		wantErr      string
	}{
		{"HEAD", "HEAD", 200, ""},
		{"204 No Content", "GET", 204, ""},
		{"304 Not Modified", "GET", 304, ""},
		{"200 with an empty body", "GET", 200, "mimesniff: empty body with Content-Encoding: gzip"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req, _ := http.NewRequest(tc.method, srv.URL+"/?status="+strconv.Itoa(tc.status), nil)
			req.Header.Set("Accept-Encoding", "gzip")
			resp, err := srv.Client().Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			r, err := mimesniff.ResourceFromResponse(resp)
			checkCodingError(t, "ResourceFromResponse", err, tc.wantErr, "gzip", nil)
			if b, readErr := io.ReadAll(resp.Body); len(r.Header) != 0 || len(b) != 0 || readErr != err {
				t.Errorf("%d header bytes, body %q, %v; want nothing and %v", len(r.Header), b, readErr, err)
			}
		})
	}
	// ResourceFromHTTP's nil body is no body.
	r, rest, err := mimesniff.ResourceFromHTTP(http.Header{"Content-Encoding": {"gzip"}}, nil)
	if b, _ := io.ReadAll(rest); err != nil || len(r.Header) != 0 || len(b) != 0 {
		t.Errorf("ResourceFromHTTP(gzip, nil) = %d header bytes, %q, %v; want nothing and no error", len(r.Header), b, err)
	}
}

// TestTransportGzipErrors checks the errors of a gzip body that Go's
// transport decodes itself, as it does when the caller sets no
// Accept-Encoding (resp.Uncompressed): its reader returns compress/gzip's
// errors (transport.go, gzipReader), which ResourceFromResponse returns as a
// *ContentCodingError for gzip, as for a coding it undoes itself, from the
// resource header or from reading the body after it.
func TestTransportGzipErrors(t *testing.T) {
	page := []byte("<!DOCTYPE html><title>t</title><p>shorter than the resource header")
	gz := encode(t, page, "gzip")
	tests := []struct {
		name string
		body []byte
		is   error
	}{
		{"CRC-32 wrong", flip(gz, -8), gzip.ErrChecksum},
		{"length wrong", flip(gz, -4), gzip.ErrChecksum},
		{"cut short", gz[:len(gz)/2], io.ErrUnexpectedEOF},
		{"trailer cut", gz[:len(gz)-4], io.ErrUnexpectedEOF},
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		i, _ := strconv.Atoi(r.URL.Query().Get("c"))
		w.Header().Set("Content-Encoding", "gzip")
		w.Header().Set("Content-Length", strconv.Itoa(len(tests[i].body)))
		w.Write(tests[i].body)
	}))
	defer srv.Close()
	for i, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			resp, err := srv.Client().Get(srv.URL + "/?c=" + strconv.Itoa(i))
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			if !resp.Uncompressed {
				t.Fatal("the transport did not decode the body")
			}
			_, err = mimesniff.ResourceFromResponse(resp)
			if err == nil {
				_, err = io.ReadAll(resp.Body)
			}
			var ce *mimesniff.ContentCodingError
			if !errors.As(err, &ce) || ce.Coding != "gzip" || !errors.Is(err, tc.is) {
				t.Errorf("error %v (%T), want a *ContentCodingError for gzip that is %v", err, err, tc.is)
			}
		})
	}
}

// TestCodedHeaderBudget checks the bound on the coded bytes read for the
// resource header, 1 MiB (ContentCodingError: "more than 1 MiB for the
// resource header" is an error), at its edge, whatever sizes the body's
// reads come in, as a network body's vary: a raw deflate stream whose 1445
// bytes come after empty stored blocks needs 1 MiB of coded bytes, or 4
// more.
func TestCodedHeaderBudget(t *testing.T) {
	const budget = 1 << 20
	stream := func(empty int) []byte {
		var b bytes.Buffer
		for range empty {
			b.Write([]byte{0, 0, 0, 0xff, 0xff}) // not final, stored, LEN 0, NLEN
		}
		n := mimesniff.HeaderSize
		b.Write([]byte{1, byte(n), byte(n >> 8), ^byte(n), ^byte(n >> 8)}) // final, stored, LEN n
		b.Write(bytes.Repeat([]byte("a"), n))
		return b.Bytes()
	}
	within := (budget - 5 - mimesniff.HeaderSize) / 5 // empty blocks that leave the stream within the budget
	for _, tc := range []struct {
		name    string
		body    []byte
		wantErr bool
	}{
		{"1 MiB less 1 byte", stream(within), false},
		{"1 MiB and 4 bytes", stream(within + 1), true},
	} {
		for _, rd := range []struct {
			name string
			r    func([]byte) io.Reader
		}{
			{"read whole", func(b []byte) io.Reader { return bytes.NewReader(b) }},
			{"a short first read", func(b []byte) io.Reader { return &shortFirstRead{r: bytes.NewReader(b)} }},
		} {
			t.Run(tc.name+"/"+rd.name, func(t *testing.T) {
				r, _, err := mimesniff.ResourceFromHTTP(http.Header{"Content-Encoding": {"deflate"}}, rd.r(tc.body))
				var ce *mimesniff.ContentCodingError
				switch {
				case tc.wantErr && (!errors.As(err, &ce) || !strings.Contains(err.Error(), "more than 1048576 compressed bytes")):
					t.Errorf("%d coded bytes: %v, want the error of more than 1 MiB", len(tc.body), err)
				case !tc.wantErr && (err != nil || len(r.Header) != mimesniff.HeaderSize):
					t.Errorf("%d coded bytes: %v, %d header bytes; want the resource header", len(tc.body), err, len(r.Header))
				}
			})
		}
	}
}

// shortFirstRead is a reader whose first read returns one byte less than
// asked, as a network body's reads end where packets do.
type shortFirstRead struct {
	r    io.Reader
	done bool
}

func (s *shortFirstRead) Read(p []byte) (int, error) {
	if !s.done && len(p) > 1 {
		s.done = true
		p = p[:len(p)-1]
	}
	return s.r.Read(p)
}
