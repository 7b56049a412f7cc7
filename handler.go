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
	"slices"
	"strings"
	"sync"
	"unicode/utf8"
)

// Handler wraps next, a handler that serves untrusted bytes, so that every
// response leaves with the headers [SafeHeaders] chooses for it.
//
// The declared type is next's Content-Type as net/http sends it: under any
// spelling of the name, several values read as browsers read them and sent
// as one, frozen at next's first Write or WriteHeader. Where next declared
// none or an unknown type, Handler holds back up to HeaderSize bytes to
// sniff them. It never changes a body byte, passes Flush, Hijack, ReadFrom
// and [http.ResponseController] through, and fails as net/http does:
// WriteHeader panics for an invalid code, and a panic before next began the
// response sends nothing. As with net/http's own, the ResponseWriter next
// gets must not be used after next returns: Handler reuses it.
func Handler(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sw := writers.Get().(*sniffWriter)
		sw.reset(w)
		defer writers.Put(sw)
		done := false
		defer func() {
			if !done && sw.state == holding {
				sw.commit() // next panicked: send the response it began
			}
		}()
		next.ServeHTTP(sw, r)
		done = true
		if sw.state == fresh {
			sw.begin() // an empty response, sent as the handler returns
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

// policyHeaders are the headers Handler decides, in their canonical form.
var policyHeaders = [...]string{"Content-Type", "X-Content-Type-Options", "Content-Disposition", "Content-Security-Policy"}

// writers holds sniffWriters between responses, so that a response costs
// no allocation for the writer and its buffer. As net/http's own writer, the
// one next gets must not be used after next returns.
var writers = sync.Pool{New: func() any { return new(sniffWriter) }}

// sniffWriter is the http.ResponseWriter of Handler.
type sniffWriter struct {
	w      http.ResponseWriter
	state  int
	status int // the status the handler wrote, or 0

	// frozen holds the values of policyHeaders when the handler began
	// the response.
	frozen [len(policyHeaders)][]string

	n   int              // bytes held in buf
	buf [HeaderSize]byte // the first bytes, while holding
}

// reset readies s, from the pool, for a response written to w.
func (s *sniffWriter) reset(w http.ResponseWriter) {
	s.w, s.state, s.status, s.frozen, s.n = w, fresh, 0, [len(policyHeaders)][]string{}, 0
}

func (s *sniffWriter) Header() http.Header { return s.w.Header() }

// Unwrap returns the ResponseWriter Handler wraps, for
// http.ResponseController.
func (s *sniffWriter) Unwrap() http.ResponseWriter { return s.w }

func (s *sniffWriter) WriteHeader(code int) {
	if s.state == sent {
		s.w.WriteHeader(code) // superfluous: let net/http say so
		return
	}
	checkWriteHeaderCode(code)
	if code < 200 {
		s.w.WriteHeader(code) // informational: not the response
		if code == http.StatusSwitchingProtocols {
			s.state = sent
		}
		return
	}
	if s.state == holding {
		return // superfluous: the first status stands
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

// begin is called when the handler begins the response: it freezes the
// headers Handler decides, and sends them at once when the body's bytes
// cannot change the decision.
func (s *sniffWriter) begin() {
	h := s.w.Header()
	mergeSpellings(h)
	for i, k := range policyHeaders {
		s.frozen[i] = h[k]
	}
	status := s.status
	if status == 0 {
		status = http.StatusOK
	}
	if t, ok := extractMIMEType(s.frozenValues().contentType); !bodyAllowed(status) || ok && !needsBytes(t) {
		s.send()
		return
	}
	s.state = holding
}

// frozenValues returns the frozen values of the policy headers by name
// (frozen is in the order of policyHeaders, as headerValues is).
func (s *sniffWriter) frozenValues() headerValues {
	return headerValues{s.frozen[0], s.frozen[1], s.frozen[2], s.frozen[3]}
}

// bodyAllowed reports whether a response with status code may have a body.
func bodyAllowed(code int) bool {
	return code >= 200 && code != http.StatusNoContent && code != http.StatusNotModified
}

func (s *sniffWriter) Write(p []byte) (int, error) {
	if s.state == fresh {
		s.begin()
	}
	if s.state == sent {
		return s.w.Write(p)
	}
	c := copy(s.buf[s.n:], p)
	s.n += c
	if s.n < len(s.buf) {
		return c, nil
	}
	if err := s.send(); err != nil {
		return 0, err
	}
	n, err := s.w.Write(p[c:])
	return c + n, err
}

// ReadFrom fills what Handler holds from src, then lets the wrapped writer
// copy the rest.
//
// The wrapped writer copies with its own ReadFrom where it has one (as
// net/http's does, to use sendfile).
func (s *sniffWriter) ReadFrom(src io.Reader) (int64, error) {
	if s.state == fresh {
		s.begin()
	}
	var n int64
	if s.state == holding {
		for s.n < len(s.buf) {
			m, err := src.Read(s.buf[s.n:])
			s.n += m
			n += int64(m)
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

// Hijack sends what is held, if the handler began the response, and
// hijacks the wrapped writer's connection where it can be.
func (s *sniffWriter) Hijack() (net.Conn, *bufio.ReadWriter, error) {
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

// send sets the headers from the frozen ones and what is held, writes the
// status and the held bytes, and marks the writer sent.
func (s *sniffWriter) send() error {
	held := s.buf[:s.n]
	s.state = sent
	h := s.w.Header()
	mergeSpellings(h) // drop spellings added since the response began
	for i, k := range policyHeaders {
		if s.frozen[i] == nil {
			delete(h, k)
		} else {
			h[k] = s.frozen[i]
		}
	}
	status := s.status
	if status == 0 {
		status = http.StatusOK
	}
	s.setHeaders(h, held, bodyAllowed(status))
	if s.status != 0 {
		s.w.WriteHeader(s.status)
	}
	if len(held) == 0 {
		return nil
	}
	n, err := s.w.Write(held)
	s.n = copy(s.buf[:], held[n:])
	return err
}

// setHeaders sets in h the headers SafeHeaders chooses for the declared type
// in h and the body's first bytes held.
//
// An empty body, and a bodiless status (204, 304), get nosniff and no type
// unless one was declared; a multipart/byteranges with no part to read (the
// answer to HEAD) gets attachment and sandbox. An attachment keeps the parameters (the
// filename) of the handler's own Content-Disposition. A Content-Type is
// rewritten only when SafeHeaders chose another type or the standard and
// Fetch would read the handler's value otherwise, and then as the bytes a
// browser reads (MIMEType.Bytes).
//
// The policy headers of h are the frozen ones, which it reads rather than
// looking them up again: that spares a tenth of what Handler adds to a
// response (BenchmarkHandler, size=100: 3,228 instructions against 3,407).
func (s *sniffWriter) setHeaders(h http.Header, held []byte, body bool) {
	frozen := s.frozenValues()
	declared, ok := extractMIMEType(frozen.contentType)
	var values []string // one allocation for the values set
	set := func(k, v string) {
		if values == nil {
			values = make([]string, 0, len(policyHeaders))
		}
		values = append(values, v)
		n := len(values)
		h[k] = values[n-1 : n : n]
	}
	// SafeHeaders chooses from a declared type (a multipart/byteranges
	// with no part held, the answer to HEAD, fails closed there) or from
	// the bytes held.
	if ok && !isUnknownEssence(declared.Essence()) || body && len(held) > 0 {
		hs := SafeHeaders(declared, held)
		if ct := frozen.contentType; len(ct) != 1 || !sameType(ct[0], hs.ContentType) {
			set("Content-Type", headerValue(hs.ContentType))
		}
		if hs.ContentDisposition != "" {
			set("Content-Disposition", attachment(frozen.disposition))
		}
		if hs.ContentSecurityPolicy != "" {
			if csp := frozen.csp; len(csp) > 0 {
				h["Content-Security-Policy"] = append(csp, hs.ContentSecurityPolicy)
			} else {
				set("Content-Security-Policy", hs.ContentSecurityPolicy)
			}
		}
	}
	if ns := frozen.noSniff; len(ns) != 1 || ns[0] != "nosniff" {
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
	if len(values) == 0 {
		return "attachment"
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

// mergeSpellings moves the values of every spelling of policyHeaders' names
// in h, such as "content-type", to the canonical one.
//
// The values keep the order in which net/http writes them: it writes the
// keys in sorted order, each with its values in order.
func mergeSpellings(h http.Header) {
	for k := range h {
		if otherSpelling(k) {
			mergeAll(h)
			return
		}
	}
}

// otherSpelling reports whether k spells a name of policyHeaders other than
// its canonical way.
func otherSpelling(k string) bool {
	for _, name := range policyHeaders {
		if len(k) == len(name) && k != name && asciiEqualFold(k, name) {
			return true
		}
	}
	return false
}

// mergeAll is mergeSpellings once a spelling is found.
func mergeAll(h http.Header) {
	for _, name := range policyHeaders {
		var keys []string
		for k := range h {
			if k != name && asciiEqualFold(k, name) {
				keys = append(keys, k)
			}
		}
		if keys == nil {
			continue
		}
		if _, ok := h[name]; ok {
			keys = append(keys, name)
		}
		slices.Sort(keys)
		var values []string
		for _, k := range keys {
			values = append(values, h[k]...)
			delete(h, k)
		}
		h[name] = values
	}
}
