// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
)

// Handler wraps next, a handler that serves untrusted bytes, so that every
// response leaves with the headers [SafeHeaders] chooses for it, and
// otherwise as net/http would send it without Handler.
//
// Handler decides when net/http would take its copy of next's headers (at
// next's first WriteHeader with a final status, Write, ReadFrom or Flush, or
// when next returns), from next's Content-Type then, under any spelling, and
// up to HeaderSize bytes it holds back to sniff where next declared none or
// an unknown type. A response with no bytes to read (empty, 204, 304, HEAD,
// a content coding) keeps next's type, none included, with nosniff, and so
// does a 206 not surely from byte 0 (docs/serving.md, "Status codes").
//
// The response differs from next's without Handler only in Content-Type,
// X-Content-Type-Options, Content-Disposition, Content-Security-Policy and
// the spellings of the names the package reads: its status, body, trailers,
// framing and what a panic sends are net/http's. Flush, ReadFrom and
// [http.ResponseController] pass through; Hijack only for a protocol switch
// or CONNECT. docs/serving.md ("Handler, byte for byte") has every detail.
func Handler(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sw := &sniffWriter{
			w:      w,
			h2:     r.ProtoMajor >= 2,
			hijack: r.ProtoMajor < 2 && (r.Method == http.MethodConnect || hasToken(r.Header["Connection"], "upgrade")),
		}
		sw.ops = sw.opsBuf[:0]
		defer sw.release()
		done := false
		defer func() {
			if !done && sw.state == holding {
				// next panicked: give net/http what it began, in the
				// calls next made, so that it sends what it would
				// have sent bare before the panic aborts the response.
				sw.commit()
			}
		}()
		next.ServeHTTP(sw, r)
		done = true
		if sw.state == fresh {
			sw.begin() // as net/http writes the header when next returns
		}
		sw.commit()
	})
}

// The states of a sniffWriter.
const (
	fresh   = iota // the handler has not begun the response
	holding        // it has, and the headers are not sent: its first bytes are held
	sent           // the headers are sent (or left to the wrapped writer)
)

// buffers holds the buffers of held bytes between responses, so that a
// response costs no allocation for one. The writer itself is not pooled: a
// handler that uses its writer after it returns, as it must not, reaches
// net/http's own writer of its own response, as it would without Handler,
// never another response's.
var buffers = sync.Pool{New: func() any { return new([HeaderSize]byte) }}

// sniffWriter is the http.ResponseWriter of Handler.
type sniffWriter struct {
	w      http.ResponseWriter
	state  int
	status int  // the status the handler wrote, or 0
	h2     bool // the request came over HTTP/2, or a later version
	hijack bool // the request may hijack the connection: HTTP/1 only

	// frozen holds the values of the headers the package reads when the
	// handler began the response, under their canonical names
	// (mergeSpellings); typed reports whether the Content-Type key was
	// there, with values or none (net/http's idiom to send no type).
	frozen headerValues
	typed  bool

	// laterPart reports whether the response is a 206 that may not start
	// at its resource's first byte (its Content-Range then): its bytes
	// do not say the resource's type.
	laterPart bool

	// limit is the Content-Length net/http's HTTP/1 writer reads and
	// holds the body to (response.WriteHeader), refusing a write that goes
	// past it, or -1 for none; headSent reports whether a ReadFrom held
	// copied 512 bytes, after which net/http will have sent the head.
	limit    int64
	headSent bool

	// snapshot is the whole header map when the handler began a response
	// whose bytes are held, or one whose names Handler merged, with the
	// spellings merged: what net/http is given to take its copy of.
	snapshot http.Header

	// ops are the calls that gave the bytes held, in order, so that
	// net/http is given the same calls (replay); opsBuf holds the first
	// few, so that a response costs no allocation for them.
	ops    []heldOp
	opsBuf [4]heldOp
	rd     heldReader // what net/http's ReadFrom reads held bytes from

	n   int               // bytes held in buf
	buf *[HeaderSize]byte // the first bytes, while holding (from buffers)
}

// A heldOp is a call that gave held bytes: n of them, by ReadFrom or else by
// Write or WriteString.
type heldOp struct {
	n        int
	readFrom bool
}

// buffer returns the buffer of held bytes, taken from buffers.
func (s *sniffWriter) buffer() *[HeaderSize]byte {
	if s.buf == nil {
		s.buf = buffers.Get().(*[HeaderSize]byte)
	}
	return s.buf
}

// held returns the bytes held.
func (s *sniffWriter) held() []byte {
	if s.buf == nil {
		return nil
	}
	return s.buf[:s.n]
}

// release gives the buffer of held bytes back, when the handler is done and
// nothing is held.
func (s *sniffWriter) release() {
	if s.buf != nil {
		buffers.Put(s.buf)
		s.buf = nil
	}
}

// hasToken reports whether a comma-separated list among values holds token,
// in any case.
func hasToken(values []string, token string) bool {
	for _, v := range values {
		for t := range strings.SplitSeq(v, ",") {
			if asciiEqualFold(trimTabOrSpace(t), token) {
				return true
			}
		}
	}
	return false
}

func (s *sniffWriter) Header() http.Header { return s.w.Header() }

// Unwrap returns the ResponseWriter Handler wraps, for
// http.ResponseController.
func (s *sniffWriter) Unwrap() http.ResponseWriter { return s.w }

// WriteHeader is net/http's: a final status begins the response, a 1xx
// status is sent at once with the headers as they are (but 101 over
// HTTP/1, which net/http takes for the final status), and a status after
// the response began is superfluous.
func (s *sniffWriter) WriteHeader(code int) {
	if s.state == sent {
		s.w.WriteHeader(code) // superfluous: let net/http say so
		return
	}
	if s.state == holding {
		return // superfluous: the first status stands
	}
	checkWriteHeaderCode(code)
	if code < 200 && (code != http.StatusSwitchingProtocols || s.h2) {
		// Informational: not the response. HTTP/2 switches no
		// protocol, and net/http sends a 101 there as any other.
		s.w.WriteHeader(code)
		return
	}
	s.status = code
	s.begin()
}

// checkWriteHeaderCode panics for a status code that is not three digits, as
// net/http's ResponseWriter does.
func checkWriteHeaderCode(code int) {
	if code < 100 || code > 999 {
		panic(fmt.Sprintf("invalid WriteHeader code %v", code))
	}
}

// begin is called where net/http takes its copy of the handler's headers:
// it freezes the headers Handler decides, and sends them at once when the
// body's bytes cannot change the decision.
func (s *sniffWriter) begin() {
	s.freeze()
	if !s.needsBytes() {
		s.send()
		return
	}
	s.hold()
}

// freeze takes the values of the headers Handler reads from the handler's
// map, as net/http would take its copy of it now.
func (s *sniffWriter) freeze() {
	h := s.w.Header()
	view := h
	if hasOtherSpellings(h) {
		// net/http reads the canonical keys (a Content-Type it adds,
		// Content-Encoding): it gets a merged copy of the map, and the
		// handler keeps its own.
		view = h.Clone()
		mergeSpellings(view)
		s.snapshot = view
	}
	for i, name := range headerNames {
		s.frozen[i] = view[name]
	}
	_, s.typed = view["Content-Type"]
	if s.status == http.StatusPartialContent {
		cr := readContentRange(view)
		s.laterPart = !cr.ok || cr.first != 0
	}
	s.limit = -1
	if cl := view.Get("Content-Length"); cl != "" && !s.h2 {
		// As response.WriteHeader reads it; HTTP/2 holds a body to its
		// Content-Length only once the head is sent.
		if v, err := strconv.ParseInt(cl, 10, 64); err == nil && v >= 0 {
			s.limit = v
		}
	}
}

// hold makes the response one whose first bytes Handler holds, begun with
// the header map of now.
func (s *sniffWriter) hold() {
	if s.snapshot == nil {
		s.snapshot = s.w.Header().Clone()
	}
	s.state = holding
}

// needsBytes reports whether the policy for the frozen headers needs the
// body's first bytes: it does for a body that may come with no type, an
// unknown one or one that does not parse, no content coding (whose coded
// bytes tell nothing), and a status that carries the start of the resource
// (not a 204 or 304, which carry none, nor a 206 of a later part).
func (s *sniffWriter) needsBytes() bool {
	if !bodyAllowed(s.statusOr200()) || s.laterPart {
		return false
	}
	ct := s.frozen[hdrContentType]
	if t, ok := extractMIMEType(ct); ok && !needsBytes(t) {
		return false
	}
	return (len(ct) > 0 || !s.typed) && !s.coded()
}

// coded reports whether the frozen headers declare a content coding both as
// net/http reads them and as browsers do: net/http reads the first value
// of the canonical key (Header.Get in chunkWriter.writeHeader, and in
// http2responseWriterState.writeChunk for HTTP/2), and where that is empty
// it adds a type sniffed from the bytes, a coding under another spelling or
// in a later value notwithstanding; a browser undoes every coding of every
// value but identity. Only a body coded in both readings keeps no type.
func (s *sniffWriter) coded() bool {
	ce := s.frozen[hdrContentEncoding]
	if len(ce) == 0 || ce[0] == "" {
		return false
	}
	for _, v := range ce {
		for c := range strings.SplitSeq(v, ",") {
			if c = trimTabOrSpace(c); c != "" && !asciiEqualFold(c, "identity") {
				return true
			}
		}
	}
	return false
}

// statusOr200 returns the status the handler wrote, or 200 for none.
func (s *sniffWriter) statusOr200() int {
	if s.status == 0 {
		return http.StatusOK
	}
	return s.status
}

// bodyAllowed reports whether a response with status code may have a body.
func bodyAllowed(code int) bool {
	return code >= 200 && code != http.StatusNoContent && code != http.StatusNotModified
}

// Write holds p while the response has no type, and passes it on after.
//
// When the held bytes reach HeaderSize, it decides, sends the bytes held
// before p in the calls that gave them, then p whole, so that the wrapped
// writer sees the writes net/http would have seen without Handler (it
// buffers up to 2 KiB, and a handler that panics loses what is buffered).
func (s *sniffWriter) Write(p []byte) (int, error) {
	if s.state != sent && hold(s, p) {
		return len(p), nil
	}
	return s.w.Write(p)
}

// WriteString is Write for a string, as net/http's writer has it.
func (s *sniffWriter) WriteString(str string) (int, error) {
	if s.state != sent && hold(s, str) {
		return len(str), nil
	}
	return io.WriteString(s.w, str)
}

// hold begins the response if the handler had not, and reports whether it
// holds p: it does while the response is undecided and the bytes held stay
// fewer than HeaderSize. Where they would not, it decides on the first
// HeaderSize bytes and sends the bytes held before p, and p is for the
// caller to write.
func hold[T []byte | string](s *sniffWriter, p T) bool {
	if s.state == fresh {
		s.begin()
	}
	if s.state != holding {
		return false
	}
	buf := s.buffer()
	if s.n+len(p) < len(buf) {
		s.n += copy(buf[s.n:], p)
		s.addWrite(len(p))
		return true
	}
	copy(buf[s.n:], p) // the first HeaderSize bytes, to decide on
	s.n = len(buf)
	s.send()
	return false
}

// addWrite records a Write of n held bytes: consecutive writes are one
// call, but where a Content-Length bounds the body, which net/http checks
// at each write, refusing the write that goes past it whole.
func (s *sniffWriter) addWrite(n int) {
	if n == 0 {
		return
	}
	if k := len(s.ops) - 1; k >= 0 && !s.ops[k].readFrom && s.limit < 0 {
		s.ops[k].n += n
		return
	}
	s.ops = append(s.ops, heldOp{n: n})
}

// writerOnly hides every method of a writer but Write, as net/http's own
// writerOnly does, so that io.Copy writes to it.
type writerOnly struct{ io.Writer }

// ReadFrom copies src as the wrapped writer's ReadFrom does, holding what
// the policy needs of it.
//
// net/http's HTTP/2 writer has no ReadFrom: there it copies as io.Copy
// copies to that writer, in Writes, which Write holds. Its HTTP/1 writer's
// ReadFrom begins the response only when src yields a byte (a copy from an
// empty file leaves the headers open), and sends the head once it has
// copied 512 bytes (sniffLen), which makes the response chunked, and so
// able to carry trailers: ReadFrom gives it the bytes of src, those held
// included, in its own ReadFrom calls, where bare net/http would have had
// them, and lets it copy the rest with the source itself where the
// headers need no bytes (as net/http's does, to use sendfile).
func (s *sniffWriter) ReadFrom(src io.Reader) (int64, error) {
	rf, ok := s.w.(io.ReaderFrom)
	if !ok {
		return io.Copy(writerOnly{s}, src)
	}
	if s.state == fresh {
		s.freeze()
		if !s.needsBytes() {
			return s.readFromDecided(rf, src)
		}
	}
	if s.state == sent {
		return rf.ReadFrom(src)
	}
	return s.readFromHeld(rf, src)
}

// readFromDecided copies src with rf where the headers are decided without
// the body's bytes: the map net/http takes its copy of at the first byte
// holds the policy, and a copy of no byte leaves the response unbegun, as
// bare.
func (s *sniffWriter) readFromDecided(rf io.ReaderFrom, src io.Reader) (n int64, err error) {
	s.withHeaders(nil, func() { n, err = rf.ReadFrom(src) })
	s.snapshot = nil
	if n > 0 || errors.Is(err, http.ErrContentLength) {
		// net/http began the response at the first write, which it
		// refuses whole past a Content-Length.
		s.state = sent
	}
	return n, err
}

// readFromHeld reads src into the bytes held, beginning the response at its
// first byte. Once HeaderSize bytes are held, it decides, sends the bytes
// held before this call in the calls that gave them, and gives rf this
// call's bytes and the rest of src in one ReadFrom, as bare.
//
// Under a Content-Length, net/http's ReadFrom copies its first 512 bytes
// (sniffLen) in a write for each read, refuses the write that goes past the
// length whole (response.write) and stops reading there; after them it
// sends the head, and then copies the rest with no check. Unless a ReadFrom
// held before has sent the head, readFromHeld reads those bytes as
// net/http reads them, and stops where it would, with its error.
func (s *sniffWriter) readFromHeld(rf io.ReaderFrom, src io.Reader) (n int64, err error) {
	buf := s.buffer()
	start, k := s.n, len(s.ops)
	s.ops = append(s.ops, heldOp{readFrom: true})
	checked := s.limit >= 0 && !s.headSent
	for s.n < len(buf) {
		p, got := buf[s.n:], s.n-start
		if checked && got < sniffLen {
			p = p[:min(len(p), sniffLen-got)]
		}
		var m int
		m, err = src.Read(p)
		if m > 0 && s.state == fresh {
			s.hold() // net/http begins at the first byte
		}
		s.n += m
		n += int64(m)
		if m > 0 && checked && got < sniffLen && int64(s.n) > s.limit {
			// net/http refuses this read's write: the reads before it
			// stay one ReadFrom, which copied them, and it another,
			// which copies nothing.
			if got > 0 {
				s.ops[k].n = got
				s.ops = append(s.ops, heldOp{readFrom: true})
			}
			s.ops[len(s.ops)-1].n = m
			return n - int64(m), http.ErrContentLength
		}
		s.ops[k].n += m
		if err != nil {
			break
		}
	}
	if s.ops[k].n == 0 {
		s.ops = s.ops[:k]
	}
	if s.state == fresh {
		s.snapshot = nil // no byte: the response is not begun
	}
	if s.n < len(buf) {
		if s.n-start >= sniffLen {
			s.headSent = true
		}
		if err == io.EOF {
			err = nil
		}
		return n, err
	}
	s.ops = s.ops[:k]
	s.send()
	s.rd = heldReader{held: buf[start:], src: src}
	if err != nil {
		s.rd.src, s.rd.err = nil, err // src is done: it is not read again
	}
	n, err = rf.ReadFrom(&s.rd)
	s.rd = heldReader{}
	return n, err
}

// sniffLen is how many bytes net/http's HTTP/1 ReadFrom copies with writes
// before it sends the head (sniffLen in net/http's server.go).
const sniffLen = 512

// A heldReader reads held bytes, then src, or where src is nil returns err:
// net/http's ReadFrom reads bytes Handler held from it. A read past the
// held bytes is filled from src, so that net/http reads what it would have
// read from src bare, in reads as long (a file's are as long as they can
// be), and buffers them the same.
type heldReader struct {
	held []byte
	src  io.Reader
	err  error
}

func (r *heldReader) Read(p []byte) (int, error) {
	n := copy(p, r.held)
	r.held = r.held[n:]
	switch {
	case n == len(p):
		return n, nil
	case r.src != nil:
		m, err := r.src.Read(p[n:])
		return n + m, err
	case n > 0:
		return n, nil
	}
	return 0, r.err
}

// FlushError sends the headers and what is held, and flushes the wrapped
// writer.
func (s *sniffWriter) FlushError() error {
	if s.state == fresh {
		s.begin()
	}
	if s.state == holding {
		s.send()
	}
	return http.NewResponseController(s.w).Flush()
}

// Flush is FlushError for http.Flusher.
func (s *sniffWriter) Flush() { _ = s.FlushError() }

// errHijack is the error of Hijack for a request that does not switch
// protocols.
var errHijack = fmt.Errorf("mimesniff: Handler does not hijack the connection of a request that does not ask to switch protocols: the bytes written on it would leave without its headers (%w)", http.ErrNotSupported)

// Hijack sends what is held, if the handler began the response, and
// hijacks the wrapped writer's connection where it can be: for a request
// that asks to switch protocols, or CONNECT.
func (s *sniffWriter) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	switch {
	case s.h2:
		return nil, nil, http.ErrNotSupported // as net/http's HTTP/2 writer
	case !s.hijack:
		return nil, nil, errHijack
	}
	if s.state == holding {
		s.send()
	}
	conn, rw, err := http.NewResponseController(s.w).Hijack()
	if err == nil {
		s.state = sent
	}
	return conn, rw, err
}

// commit sends the response the handler began, when it is done.
func (s *sniffWriter) commit() {
	if s.state == holding {
		s.send()
	}
}

// send sets the headers from the frozen ones and the bytes held, writes the
// status, gives the wrapped writer the held bytes (replay), and marks the
// writer sent.
func (s *sniffWriter) send() {
	s.state = sent
	s.withHeaders(s.held(), func() { s.w.WriteHeader(s.statusOr200()) })
	s.snapshot = nil
	s.replay()
}

// withHeaders calls f, in which net/http takes its copy of the header map,
// with the map made what net/http would have copied without Handler (the
// map of when the handler began, if Handler took one) with the policy set
// for the frozen headers and held, the body's first bytes. After f, the
// handler gets its map back as it was: the handler may read it again
// (http.ServeContent does), and net/http reads its trailers from it when
// the handler is done.
func (s *sniffWriter) withHeaders(held []byte, f func()) {
	h := s.w.Header()
	if s.snapshot != nil {
		current := h.Clone()
		replaceHeader(h, s.snapshot)
		defer replaceHeader(h, current)
	} else {
		// setHeaders sets only names the package reads, canonical.
		var saved headerValues
		var had [numHeaderNames]bool
		for i, name := range headerNames {
			saved[i], had[i] = h[name]
		}
		defer func() {
			for i, name := range headerNames {
				if had[i] {
					h[name] = saved[i]
				} else {
					delete(h, name)
				}
			}
		}()
	}
	s.setHeaders(h, held)
	f()
}

// replay gives the wrapped writer the held bytes in the calls that gave
// them, so that net/http buffers, frames, refuses and, where the handler
// panics, drops them as it would have bare: a Write for the bytes of
// consecutive writes (one each under a Content-Length, which net/http
// checks at each write), and a ReadFrom for those of each ReadFrom (net/http
// sends the head once its ReadFrom has copied 512 bytes). It gives every
// call, as the handler made every one, and drops their errors: the handler
// was told of each (an error Handler foresaw) or went on as if told none,
// and a call after that one gets its own.
func (s *sniffWriter) replay() {
	off := 0
	for _, op := range s.ops {
		p := s.buf[off : off+op.n]
		off += op.n
		if op.readFrom {
			s.rd = heldReader{held: p, err: io.EOF}
			s.w.(io.ReaderFrom).ReadFrom(&s.rd)
			s.rd = heldReader{}
		} else {
			s.w.Write(p)
		}
	}
	s.ops, s.n = s.ops[:0], 0
}

// replaceHeader makes h hold what m holds, and nothing else.
func replaceHeader(h, m http.Header) {
	for k := range h {
		if _, ok := m[k]; !ok {
			delete(h, k)
		}
	}
	for k, v := range m {
		h[k] = v
	}
}

// setHeaders sets in h the headers SafeHeaders chooses for the frozen
// headers and the body's first bytes held.
//
// SafeHeaders chooses from a declared type, or from the bytes held where
// there is none or an unknown one. Where there are no bytes to read (an
// empty body, a bodiless status such as 204 or 304, a 206 of a part that may
// not start the resource, whose bytes do not say its type, a content coding
// that net/http and browsers both read (coded), whose coded bytes tell
// nothing, or a Content-Type key with no value,
// net/http's idiom for sending no type), the response gets nosniff and keeps
// the type it has (a later part with none, which net/http would sniff,
// gets a Content-Type key with no value, so it is not), none included: every profile renders a response of no
// type or an unknown one under nosniff as something that runs no script
// (ReportFor); several values of the type kept are sent as one, Fetch's
// reading of them, as browsers read several each its own way. An
// attachment keeps the parameters (the filename) of the handler's own
// Content-Disposition. A Content-Type is rewritten only when
// SafeHeaders chose another type, or the standard and Fetch would read the
// handler's value otherwise, or the wire would carry it otherwise (a
// control byte, spaces around it), and then as the bytes a browser reads
// (MIMEType.Bytes).
func (s *sniffWriter) setHeaders(h http.Header, held []byte) {
	ct := s.frozen[hdrContentType]
	declared, ok := extractMIMEType(ct)
	known := ok && !isUnknownEssence(declared.Essence())
	// Bytes are held only where needsBytes held them: a body allowed, no
	// coding, and no Content-Type key without a value.
	readable := len(held) > 0
	var values []string // one allocation for the values set
	set := func(k, v string) {
		if values == nil {
			values = make([]string, 0, numHeaderNames)
		}
		values = append(values, v)
		n := len(values)
		h[k] = values[n-1 : n : n]
	}
	if s.laterPart && !s.typed {
		// A part after the resource's start, with no type: net/http
		// would sniff it, but its bytes do not say the resource's type.
		// A Content-Type key with no value is net/http's idiom for
		// sending no type: it sniffs nothing, and adds no type to an
		// empty body either (the wire differential's "type added,
		// empty body").
		h["Content-Type"] = nil
	} else if known || readable {
		hs := SafeHeaders(declared, held)
		if len(ct) != 1 || !cleanValue(ct[0]) || !sameType(ct[0], hs.ContentType) {
			set("Content-Type", headerValue(hs.ContentType))
		}
		if hs.ContentDisposition != "" {
			set("Content-Disposition", attachment(s.frozen[hdrDisposition]))
		}
		if hs.ContentSecurityPolicy != "" {
			// A policy of its own, which every browser enforces beside
			// the handler's.
			csp := s.frozen[hdrCSP]
			h["Content-Security-Policy"] = append(csp[:len(csp):len(csp)], hs.ContentSecurityPolicy)
		}
	} else if len(ct) > 1 || len(ct) == 1 && (!cleanValue(ct[0]) || strings.IndexByte(ct[0], ',') >= 0) {
		// The type kept, as one value: browsers read several by rules
		// of their own (WebKit runs text/javascript then
		// unknown/unknown as a script under nosniff, Fetch takes the
		// last), and the wire may carry an unclean one otherwise.
		if ok {
			set("Content-Type", headerValue(declared))
		} else {
			delete(h, "Content-Type")
		}
	}
	if ns := s.frozen[hdrNoSniff]; len(ns) != 1 || ns[0] != "nosniff" {
		set("X-Content-Type-Options", "nosniff")
	}
}

// headerValue returns t as a header value: its serialization, isomorphic
// encoded when it holds a code point beyond ASCII (MIMEType.Bytes).
func headerValue(t MIMEType) string {
	for i := 0; i < len(t.s); i++ {
		if t.s[i] >= utf8.RuneSelf {
			return string(t.Bytes())
		}
	}
	return t.s
}

// sameType reports whether the Content-Type value v is read as t both by
// the standard and by Fetch.
func sameType(v string, t MIMEType) bool {
	u, f := parse(v, true)
	return f.kind == noFailure && u == t
}

// attachment returns the Content-Disposition value that makes the response
// an attachment, keeping the parameters of the first of values, such as its
// filename.
func attachment(values []string) string {
	if len(values) == 0 || !cleanValue(values[0]) {
		return "attachment" // no parameters, or some the wire would change
	}
	typ, params, ok := strings.Cut(values[0], ";")
	typ = trimTabOrSpace(typ)
	if strings.ContainsRune(typ, '=') {
		// No type: the value starts with a parameter.
		return "attachment; " + strings.TrimLeft(values[0], " \t")
	}
	if !ok {
		return "attachment"
	}
	return "attachment;" + params
}
