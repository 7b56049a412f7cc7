// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"unicode/utf8"
)

// Handler wraps next, a handler that serves untrusted bytes, so that every
// response leaves with the headers [SafeHeaders] chooses for it.
//
// Handler decides when net/http would take its copy of next's headers: at
// next's first WriteHeader with a final status, first Write or WriteString
// (even of no bytes), first ReadFrom that copies a byte, first Flush, or
// when next returns; a change next makes to its headers after that is
// ignored, as net/http ignores it. The declared type is next's Content-Type
// then, under any spelling of the name, several values read as browsers read
// them and sent as one. Where next declared none or an unknown type,
// Handler holds back up to HeaderSize bytes to sniff them. The headers are
// those SafeHeaders chooses for the declared type and the first bytes, but
// for a response with no bytes to read (an empty body, a 204 or 304, a HEAD
// that writes none, a Content-Encoding, whose coded bytes tell nothing):
// that keeps the type next gave it, none included, with nosniff, as
// net/http gives it none. The headers Handler sets are in the copy net/http
// takes and sends; the handler's own map keeps what the handler set, as it
// would without Handler. Handler never changes a body byte, passes Flush, ReadFrom and
// [http.ResponseController] through, and fails as net/http does: WriteHeader
// panics for an invalid code, and a panic sends what net/http would have
// sent without Handler. Hijack is passed through for a request that asks to
// switch protocols (Connection: upgrade, as a WebSocket handshake does) and
// for CONNECT, whose bytes no browser renders as a document; for any other
// request it fails, as the bytes next would write on the connection would
// leave without the policy. As with net/http's own, the ResponseWriter next
// gets must not be used after next returns; if it is, it reaches net/http's
// writer of the same response, as it would without Handler, never another
// response's.
func Handler(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sw := &sniffWriter{
			w:      w,
			h2:     r.ProtoMajor >= 2,
			hijack: r.ProtoMajor < 2 && (r.Method == http.MethodConnect || hasToken(r.Header["Connection"], "upgrade")),
		}
		defer sw.release()
		done := false
		defer func() {
			if !done && sw.state == holding {
				// next panicked: give net/http what it began, which
				// net/http then sends or drops as it would have.
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
	holding        // it has, without a type: its first bytes are held
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

	// snapshot is the whole header map when the handler began a response
	// whose bytes are held, or one whose names Handler merged, with the
	// spellings merged: what net/http is given to take its copy of.
	snapshot http.Header

	// sizes are the sizes of the writes held, in order, kept only where
	// the snapshot has a Content-Length (bounded).
	sizes   []int
	bounded bool

	n   int               // bytes held in buf
	buf *[HeaderSize]byte // the first bytes, while holding (from buffers)
}

// buffer returns the buffer of held bytes, taken from buffers.
func (s *sniffWriter) buffer() *[HeaderSize]byte {
	if s.buf == nil {
		s.buf = buffers.Get().(*[HeaderSize]byte)
	}
	return s.buf
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
	if !s.needsBytes() {
		s.send()
		return
	}
	if s.snapshot == nil {
		s.snapshot = h.Clone()
	}
	s.bounded = h.Get("Content-Length") != ""
	s.state = holding
}

// held records a write of size bytes that Handler holds, where a
// Content-Length bounds the body.
func (s *sniffWriter) held(size int) {
	if s.bounded && size > 0 {
		s.sizes = append(s.sizes, size)
	}
}

// needsBytes reports whether the policy for the frozen headers needs the
// body's first bytes: it does for a body that may come with no type, an
// unknown one or one that does not parse, and no Content-Encoding (whose
// coded bytes tell nothing).
func (s *sniffWriter) needsBytes() bool {
	if !bodyAllowed(s.statusOr200()) {
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
// When the held bytes reach HeaderSize, it sends the bytes held from
// earlier writes, then p whole, so that the wrapped writer sees the writes
// net/http would have seen without Handler (it buffers up to 2 KiB, and a
// handler that panics loses what is buffered).
func (s *sniffWriter) Write(p []byte) (int, error) {
	if s.state == fresh {
		s.begin()
	}
	if s.state == sent {
		return s.w.Write(p)
	}
	buf := s.buffer()
	if s.n+len(p) < len(buf) {
		s.n += copy(buf[s.n:], p)
		s.held(len(p))
		return len(p), nil
	}
	earlier := s.n
	copy(buf[s.n:], p) // the first HeaderSize bytes, to decide on
	s.n = len(buf)
	if err := s.sendHeld(earlier); err != nil {
		return 0, err
	}
	return s.w.Write(p)
}

// WriteString is Write for a string, as net/http's writer has it.
func (s *sniffWriter) WriteString(str string) (int, error) {
	if s.state == sent {
		return io.WriteString(s.w, str)
	}
	return s.Write([]byte(str))
}

// ReadFrom fills what Handler holds from src, then lets the wrapped writer
// copy the rest.
//
// As net/http's, it begins the response only when src yields a byte: a
// copy from an empty file leaves the headers open. The wrapped writer
// copies the rest with its own ReadFrom where it has one (as net/http's
// does, to use sendfile).
func (s *sniffWriter) ReadFrom(src io.Reader) (int64, error) {
	var n int64
	if s.state == fresh {
		for {
			m, err := src.Read(s.buffer()[:])
			if m > 0 {
				// Held: begin sends them if it sends the headers.
				s.n, n = m, int64(m)
				s.begin()
				if s.state == holding {
					s.held(m)
				}
				if err == io.EOF {
					return n, nil
				}
				if err != nil {
					return n, err
				}
				break
			}
			if err == io.EOF {
				return 0, nil
			}
			if err != nil {
				return 0, err
			}
		}
	}
	if s.state == holding {
		for buf := s.buffer(); s.n < len(buf); {
			m, err := src.Read(buf[s.n:])
			s.n += m
			n += int64(m)
			s.held(m)
			if err == io.EOF {
				return n, nil
			}
			if err != nil {
				return n, err
			}
		}
		if err := s.send(); err != nil {
			return n, err
		}
	}
	m, err := io.Copy(s.w, src)
	return n + m, err
}

// FlushError sends the headers and what is held, and flushes the wrapped
// writer.
func (s *sniffWriter) FlushError() error {
	if s.state == fresh {
		s.begin()
	}
	if s.state == holding {
		if err := s.send(); err != nil {
			return err
		}
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
		if err := s.send(); err != nil {
			return nil, nil, err
		}
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
		_ = s.send()
	}
}

// send is sendHeld with every held byte written by earlier writes.
func (s *sniffWriter) send() error { return s.sendHeld(s.n) }

// sendHeld sets the headers from the frozen ones and what is held, writes
// the status and the first n held bytes, and marks the writer sent.
//
// net/http takes its copy of the header map at the status, so the map is
// made then what net/http would have copied without Handler (the map of
// when the handler began, if bytes were held, with the policy set), and
// given back to the handler after as it would have been without Handler:
// the handler may read it again (http.ServeContent does), and net/http
// reads its trailers from it when the handler is done. The held bytes are
// written in the writes the handler made where a Content-Length bounds the
// body, so that net/http refuses the same write it would have refused.
func (s *sniffWriter) sendHeld(n int) error {
	held := s.buffer()[:s.n]
	s.state = sent
	h := s.w.Header()
	var current http.Header
	if s.snapshot != nil {
		current = h.Clone()
		replaceHeader(h, s.snapshot)
	}
	s.setHeaders(h, held)
	s.w.WriteHeader(s.statusOr200())
	if current != nil {
		replaceHeader(h, current)
	} else {
		for i, name := range headerNames {
			if s.frozen[i] == nil {
				delete(h, name)
			} else {
				h[name] = s.frozen[i]
			}
		}
		if s.typed && s.frozen[hdrContentType] == nil {
			h["Content-Type"] = nil
		}
	}
	s.snapshot = nil
	var err error
	written := 0
	for written < n && err == nil {
		size := n - written
		if len(s.sizes) > 0 {
			size, s.sizes = min(s.sizes[0], size), s.sizes[1:]
		}
		var m int
		m, err = s.w.Write(held[written : written+size])
		written += m
	}
	s.n = copy(s.buf[:], held[written:])
	return err
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
// empty body, a bodiless status such as 204 or 304, a Content-Encoding,
// whose coded bytes tell nothing, or a Content-Type key with no value,
// net/http's idiom for sending no type), the response gets nosniff and keeps
// the type it has, none included: every profile renders a response of no
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
	readable := bodyAllowed(s.statusOr200()) && len(held) > 0 && !s.coded() && (!s.typed || len(ct) > 0)
	var values []string // one allocation for the values set
	set := func(k, v string) {
		if values == nil {
			values = make([]string, 0, numHeaderNames)
		}
		values = append(values, v)
		n := len(values)
		h[k] = values[n-1 : n : n]
	}
	if known || readable {
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
