// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package archive answers, for each record of a web archive, what the
// standard and each browser profile compute for the response it holds: the
// per-record code that the command's -warc mode (cmd/mimesniff) and the
// Apache Beam pipeline (archive/beam) share, so that both print the same
// line for the same record. It reads records with internal/warc and uses
// the standard library only.
//
// A response record's block is the HTTP response as the crawler received
// it (https://iipc.github.io/warc-specifications/specifications/warc-format/warc-1.1/#response):
// its status line and header lines as stored, its body with the chunked
// transfer coding and the content codings as sent. The body is read as
// net/http reads a saved response (http.ReadResponse: interim responses
// skipped, the chunked framing undone, a Content-Length obeyed) and its
// content codings are undone or refused as the library does
// (mimesniff.ResourceFromResponse): only as far as the HeaderSize bytes
// sniffing reads, so a 10 GB record costs no more than a small one. A type
// is never computed from coded bytes, nor from bytes that are not where
// the response says its body is: such a record is an error.
//
// What each record type gives (Kind):
//
//   - response (with a Content-Type of application/http, or none) and
//     resource and conversion records, whose block is the payload itself
//     (#resource, #conversion), are sniffed. A resource is read as a
//     replay serves it: with its record's Content-Type as its only header.
//   - revisit records hold no payload of their own (#revisit): the record
//     they refer to does. continuation records hold a segment of another
//     record's payload (#continuation), whose first segment is sniffed.
//     Both are reported, with the fields that say where the payload is,
//     and no computed type.
//   - request, metadata and warcinfo records, response records of another
//     protocol (dns:, ftp:, whois:, whose Content-Type is not
//     application/http) and record types the standard does not define
//     ("WARC processing software shall skip records of unknown type",
//     #warc-type-mandatory) are skipped.
//
// An error about a record's end (a wrong Content-Length, a record cut
// short, a corrupt gzip member) comes from the warc.Reader only when it
// moves to the next record; Each holds every answer until then, and gives
// the error instead of the answer, so that a record has one outcome.
package archive

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/mimesniff/mimesniff"
	"github.com/mimesniff/mimesniff/internal/warc"
)

// Browsers are the profiles whose computed types an Answer holds, in order.
var Browsers = [nBrowsers]mimesniff.Browser{mimesniff.Standard, mimesniff.Chromium, mimesniff.Firefox, mimesniff.WebKit}

const nBrowsers = 4

// A Kind is what became of a record.
type Kind uint8

const (
	Skipped      Kind = iota // not reported: no HTTP response or payload of its own
	Sniffed                  // the computed types are in the Answer
	Revisit                  // reported without computed types: the payload is elsewhere
	Continuation             // reported without computed types: a segment of another record's payload
)

// An Answer is what a record gives: its WARC fields and, for a sniffed
// record, the HTTP status, the declared type and the type each profile
// computes.
type Answer struct {
	Kind Kind

	// From the WARC record. TargetURI is without the angle brackets of
	// WARC 1.0; the others are as written. Offset, Length, MemberOffset
	// and MemberLength are warc.Record's, or, for a record that broke,
	// its warc.Error's: the bytes the error covers.
	Type, ID, Date, TargetURI  string
	Offset, Length             int64
	MemberOffset, MemberLength int64
	IdentifiedPayloadType      string // WARC-Identified-Payload-Type, "" if absent
	Truncated                  string // WARC-Truncated, "" if absent

	// Where the payload of a revisit or continuation record is: its
	// WARC-Profile, WARC-Refers-To, WARC-Refers-To-Target-URI and
	// WARC-Refers-To-Date (revisit), or WARC-Segment-Origin-ID and
	// WARC-Segment-Number (continuation), "" where absent.
	Profile, RefersTo, RefersToTargetURI, RefersToDate string
	SegmentOriginID, SegmentNumber                     string

	// Status is the HTTP status code of a response record's final
	// response, which the answers are for (mimesniff.ReportForStatus);
	// HasStatus reports whether the record has one: a resource or
	// conversion record has none, and is answered as a 200.
	Status    int
	HasStatus bool

	// Declared is the Content-Type a browser receives, its values as
	// stored joined with ", " as Fetch combines them (bytes, not
	// decoded); HasDeclared reports whether there is any.
	Declared    string
	HasDeclared bool

	// Computed is each profile's computed type in a browsing context
	// (mimesniff.Resource.SniffAs), in the order of Browsers.
	Computed [nBrowsers]mimesniff.MIMEType

	// Script is the set of profiles in which the response, navigated to,
	// renders as a document that runs script (the document verdict of
	// mimesniff.ReportForStatus, at the record's status); DocumentScript
	// is the report's: script in a document, frame, iframe, object or
	// embed, in some profile.
	Script         mimesniff.BrowserSet
	DocumentScript bool

	// CrossOriginRead is the report's: whether, in some profile, a page
	// of another site that loads the response without CORS (an image, a
	// classic script, a style sheet, media, a no-cors fetch) gets its
	// bytes, which a replay system serving the archive on one origin must
	// weigh.
	CrossOriginRead bool

	// Resource is the resource the types were computed from: the header
	// list as a browser receives it and the first HeaderSize bytes of the
	// body, decoded.
	Resource mimesniff.Resource

	// CutShort reports that the stored body ends before its
	// Content-Length or its chunked framing says, before HeaderSize bytes:
	// the types are those of the bytes stored, as a browser whose
	// connection closed there sniffs them.
	CutShort bool
}

// DeclaredType returns the type Fetch extracts from a's Content-Type
// (mimesniff.ExtractMIMEType), the zero MIMEType when none parses. Like
// a.Resource, it is valid only until the next record is read.
func (a *Answer) DeclaredType() mimesniff.MIMEType {
	t, _ := mimesniff.ExtractMIMEType(a.Resource.HeaderList)
	return t
}

// A Sniffer answers records. It holds buffers reused from record to
// record, and is not safe for concurrent use.
type Sniffer struct {
	br   *bufio.Reader
	head headReader
	fast fastHead
}

// NewSniffer returns a Sniffer.
func NewSniffer() *Sniffer {
	return &Sniffer{br: bufio.NewReaderSize(nil, 16<<10)}
}

// MaxHeadBytes bounds the HTTP head of a response (its status lines and
// header fields, interim responses included), as browsers bound it:
// Chromium fails a response whose headers pass 256 KiB
// (ERR_RESPONSE_HEADERS_TOO_BIG, net/http/http_stream_parser.cc). A longer
// head is an error, and with the bound a record's memory is bounded
// whatever its block holds.
const MaxHeadBytes = 256 << 10

// A headReader reads a block, failing with errHeadTooLong after left bytes
// until the head has been read (left < 0).
type headReader struct {
	r    io.Reader
	left int
}

var errHeadTooLong = fmt.Errorf("the HTTP head is longer than %d bytes", MaxHeadBytes)

func (h *headReader) Read(p []byte) (int, error) {
	if h.left < 0 {
		return h.r.Read(p)
	}
	if h.left == 0 {
		return 0, errHeadTooLong
	}
	p = p[:min(len(p), h.left)]
	n, err := h.r.Read(p)
	h.left -= n
	return n, err
}

// An Error is a record that could not be answered: its HTTP response does
// not parse, or its body cannot be decoded as a browser would.
type Error struct {
	Err error
}

func (e *Error) Error() string { return strings.TrimPrefix(e.Err.Error(), "mimesniff: ") }
func (e *Error) Unwrap() error { return e.Err }

// Answer reads rec, from the start of its block, and sets a to what it
// gives; fields of a from an earlier record are cleared. It returns an
// *Error for a record that cannot be answered, with a's record fields set.
func (s *Sniffer) Answer(rec *warc.Record, a *Answer) error {
	*a = Answer{Offset: rec.Offset, Length: rec.Length, MemberOffset: rec.MemberOffset, MemberLength: rec.MemberLength}
	ct, hasCT := a.fields(rec)
	switch a.Type {
	case "response":
		if hasCT && !isHTTP(ct) {
			return nil // Skipped: dns:, ftp:, whois: ...
		}
		s.head = headReader{rec.Block, MaxHeadBytes}
		s.br.Reset(&s.head)
		resp, err := s.readResponse(s.br)
		if err != nil {
			if errors.Is(err, errHeadTooLong) {
				err = errHeadTooLong
			}
			return &Error{shorten(err)}
		}
		s.head.left = -1
		a.Status, a.HasStatus = resp.StatusCode, true
		return a.sniff(resp)
	case "resource", "conversion":
		h := http.Header{}
		if hasCT {
			h["Content-Type"] = []string{ct}
		}
		s.br.Reset(rec.Block)
		return a.sniff(&http.Response{StatusCode: http.StatusOK, Header: h, Body: io.NopCloser(s.br)})
	case "revisit":
		a.Kind = Revisit
	case "continuation":
		a.Kind = Continuation
	}
	return nil
}

// wantFields are the WARC fields an Answer holds, each the first of its
// name, in one pass over the record's fields.
var wantFields = []struct {
	name string
	set  func(a *Answer, v string)
}{
	{"WARC-Type", func(a *Answer, v string) { a.Type = v }},
	{"WARC-Record-ID", func(a *Answer, v string) { a.ID = v }},
	{"WARC-Date", func(a *Answer, v string) { a.Date = v }},
	{"WARC-Target-URI", func(a *Answer, v string) { a.TargetURI = v }},
	{"WARC-Identified-Payload-Type", func(a *Answer, v string) { a.IdentifiedPayloadType = v }},
	{"WARC-Truncated", func(a *Answer, v string) { a.Truncated = v }},
	{"WARC-Profile", func(a *Answer, v string) { a.Profile = v }},
	{"WARC-Refers-To", func(a *Answer, v string) { a.RefersTo = v }},
	{"WARC-Refers-To-Target-URI", func(a *Answer, v string) { a.RefersToTargetURI = v }},
	{"WARC-Refers-To-Date", func(a *Answer, v string) { a.RefersToDate = v }},
	{"WARC-Segment-Origin-ID", func(a *Answer, v string) { a.SegmentOriginID = v }},
	{"WARC-Segment-Number", func(a *Answer, v string) { a.SegmentNumber = v }},
}

// wantIndex returns the index in wantFields of a field name spelled as
// the standard spells it, isContentType for "Content-Type", otherStandard
// for another name the standard defines, and -1 for any other spelling
// (TestWantIndex keeps it in step with wantFields).
func wantIndex(name string) int {
	switch name {
	case "WARC-Type":
		return 0
	case "WARC-Record-ID":
		return 1
	case "WARC-Date":
		return 2
	case "WARC-Target-URI":
		return 3
	case "WARC-Identified-Payload-Type":
		return 4
	case "WARC-Truncated":
		return 5
	case "WARC-Profile":
		return 6
	case "WARC-Refers-To":
		return 7
	case "WARC-Refers-To-Target-URI":
		return 8
	case "WARC-Refers-To-Date":
		return 9
	case "WARC-Segment-Origin-ID":
		return 10
	case "WARC-Segment-Number":
		return 11
	case "Content-Type":
		return isContentType
	case "Content-Length", "WARC-Concurrent-To", "WARC-Block-Digest",
		"WARC-Payload-Digest", "WARC-IP-Address", "WARC-Warcinfo-ID",
		"WARC-Filename", "WARC-Segment-Total-Length":
		return otherStandard
	}
	return -1
}

const (
	isContentType = -2
	otherStandard = -3
)

// wantIndexFold is wantIndex for names spelled otherwise, compared
// without regard to case; it returns -1 for the names wantIndex calls
// otherStandard, which an Answer does not hold either.
func wantIndexFold(name string) int {
	if len(name) == len("Content-Type") && strings.EqualFold(name, "Content-Type") {
		return isContentType
	}
	if len(name) < len("WARC-") || !strings.EqualFold(name[:len("WARC-")], "WARC-") {
		return -1
	}
	for i, w := range wantFields {
		if len(name) == len(w.name) && strings.EqualFold(name, w.name) {
			return i
		}
	}
	return -1
}

// fields sets a's WARC fields from rec's, as warc.Record.Get would, and
// returns the record's Content-Type, and whether it has one.
func (a *Answer) fields(rec *warc.Record) (ct string, hasCT bool) {
	var seen uint32
	for _, f := range rec.Fields {
		// Names spelled as the standard spells them, as writers spell
		// them, by one switch; other spellings without regard to case.
		i := wantIndex(f.Name)
		if i == -1 {
			i = wantIndexFold(f.Name)
		}
		switch {
		case i >= 0:
			if seen&(1<<i) == 0 {
				wantFields[i].set(a, f.Value)
				seen |= 1 << i
			}
		case i == isContentType:
			if !hasCT {
				ct, hasCT = f.Value, true
			}
		}
	}
	// WARC 1.0 writes the target URI in angle brackets (warc.Record.TargetURI).
	if v := a.TargetURI; len(v) >= 2 && v[0] == '<' && v[len(v)-1] == '>' {
		a.TargetURI = v[1 : len(v)-1]
	}
	return ct, hasCT
}

// isHTTP reports whether a record's Content-Type is application/http,
// with any parameters (msgtype=response), compared without regard to case
// (#content-type).
func isHTTP(ct string) bool {
	essence, _, _ := strings.Cut(ct, ";")
	return strings.EqualFold(strings.TrimSpace(essence), "application/http")
}

// sniff sets a's answers from resp, whose body is the stored one.
func (a *Answer) sniff(resp *http.Response) error {
	h := resp.Header
	if v := h["Content-Type"]; len(v) > 0 {
		a.Declared, a.HasDeclared = strings.Join(v, ", "), true
	}
	r, err := mimesniff.ResourceFromResponse(resp)
	if err != nil {
		var ce *mimesniff.ContentCodingError
		switch {
		case errors.As(err, &ce):
			return &Error{err}
		case err == io.ErrUnexpectedEOF:
			a.CutShort = true
		default:
			return &Error{fmt.Errorf("reading the HTTP body: %w", err)}
		}
	}
	a.Kind = Sniffed
	a.Resource = r
	// r.HeaderList and r.Header are the header list and body as a
	// browser renders them, with the content codings undone: the report
	// of the response as sent, without decoding it again.
	h = r.HeaderList
	if bodiless(resp.StatusCode) && len(h["Content-Encoding"]) > 0 {
		// No body, so no coding to undo (ResourceFromResponse reads
		// none): not one the report must take as broken.
		h = h.Clone()
		h.Del("Content-Encoding")
	}
	rep := mimesniff.ReportForStatus(resp.StatusCode, h, r.Header)
	for i, b := range Browsers {
		a.Computed[i] = r.SniffAs(b)
	}
	a.DocumentScript, a.CrossOriginRead = rep.DocumentScript, rep.CrossOriginRead
	if v, ok := rep.Verdict(mimesniff.DestinationDocument); ok {
		a.Script = v.Script
	}
	return nil
}

// shorten returns err with its message cut to its first 200 bytes, as
// net/http quotes the whole of a bad line in its.
func shorten(err error) error {
	const max = 200
	if msg := err.Error(); len(msg) > max {
		return fmt.Errorf("%s... (%d bytes more)", msg[:max], len(msg)-max)
	}
	return err
}

// maxInterim bounds the interim (1xx) responses read before the final one.
const maxInterim = 10

// readResponse reads the final HTTP response at the start of br, as
// http.ReadResponse reads a saved one: interim responses (100 Continue,
// 103 Early Hints) are skipped; a status line "HTTP/2 200" as HTTP/2
// capturing tools write it is read as "HTTP/2.0 200". A block that does
// not start with "HTTP/" (an HTTP/0.9 response, which has no status line,
// or a payload stored without its response) is an error: nothing tells
// where its body starts.
func (s *Sniffer) readResponse(br *bufio.Reader) (*http.Response, error) {
	for range maxInterim + 1 {
		if resp, ok := s.fast.readHead(br); ok {
			if c := resp.StatusCode; c/100 != 1 || c == http.StatusSwitchingProtocols {
				return resp, nil
			}
			continue
		}
		b, _ := br.Peek(len("HTTP/2 "))
		if len(b) == 0 {
			return nil, errors.New("no HTTP status line: the block is empty")
		}
		if len(b) < len("HTTP/") || string(b[:len("HTTP/")]) != "HTTP/" {
			return nil, fmt.Errorf("no HTTP status line: the block starts with %q (an HTTP/0.9 response or a payload without its headers is not sniffed)", peekLine(br))
		}
		if len(b) == len("HTTP/2 ") && '2' <= b[5] && b[5] <= '9' && b[6] == ' ' {
			// "HTTP/2 200": http.ReadResponse wants "HTTP/2.0 200".
			br.Discard(len("HTTP/2"))
			br = bufio.NewReader(io.MultiReader(strings.NewReader("HTTP/"+string(b[5])+".0"), br))
		}
		resp, err := http.ReadResponse(br, nil)
		if err != nil {
			if err == io.EOF || err == io.ErrUnexpectedEOF {
				return nil, errors.New("the HTTP header is cut short (no blank line after it)")
			}
			return nil, fmt.Errorf("malformed HTTP response: %w", err)
		}
		if c := resp.StatusCode; c/100 != 1 || c == http.StatusSwitchingProtocols {
			return resp, nil
		}
	}
	return nil, fmt.Errorf("more than %d interim responses", maxInterim)
}

// peekLine returns the first line of br, or its first 40 bytes, without
// reading them.
func peekLine(br *bufio.Reader) string {
	b, _ := br.Peek(40)
	if i := strings.IndexAny(string(b), "\r\n"); i >= 0 {
		b = b[:i]
	}
	return string(b)
}
