// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff

import (
	"bufio"
	"encoding/json"
	"io"
	"iter"
	"mime"
	"net"
	"net/http"
	"strings"
)

// documentTypes are the ways of computing the MIME type a browser renders a
// document with.
//
// They are the standard's, and every browser profile's ([Resource.SniffAs]). A
// document destination can run script when any of them gives a type active in
// a document, so that a server is safe in every browser its users run:
// Chromium, for one, renders as HTML some bodies the standard calls
// text/plain, such as an HTML tag without a tag-terminating byte
// ("<body/onload=...>").
var documentTypes = []func(Resource) MIMEType{
	Resource.Sniff,
	func(r Resource) MIMEType { return r.SniffAs(Chromium) },
	func(r Resource) MIMEType { return r.SniffAs(Firefox) },
}

// activeInDocument reports whether a document of type t can run script: an
// HTML or XML MIME type (XHTML, SVG) or PDF, that is, a scriptable MIME type.
func activeInDocument(t MIMEType) bool { return t.IsScriptable() }

// documentScript returns the first type computed for r that can run script in
// a document, and false when none can.
//
// The types are those that documentTypes compute for r, first with r.Supplied
// and then with fetchType as the supplied type.
func documentScript(r Resource, fetchType MIMEType) (MIMEType, bool) {
	for _, f := range documentTypes {
		if t := f(r); activeInDocument(t) {
			return t, true
		}
	}
	if fetchType != r.Supplied {
		r.Supplied = fetchType
		for _, f := range documentTypes {
			if t := f(r); activeInDocument(t) {
				return t, true
			}
		}
	}
	return MIMEType{}, false
}

// A DestinationVerdict is what a browser does with a response for one
// destination.
type DestinationVerdict struct {
	// Destination is the request's destination.
	Destination Destination

	// Blocked reports whether Fetch blocks the response for this
	// destination ([BlockedDueToNoSniff], [BlockedDueToMIMEType]).
	Blocked bool

	// Type is the type the browser works with there: the context-specific
	// sniffing rule's result, the computed MIME type (the standard's) for
	// document, frame and iframe, or the type extracted from the headers
	// where nothing is sniffed. The zero MIMEType means undefined.
	Type MIMEType

	// Script reports whether script can run from the response there.
	Script bool

	// ScriptType, when Script is set for a document destination, is the
	// type that makes it so, which a browser profile may compute where
	// the standard does not (then it differs from Type).
	ScriptType MIMEType
}

// destinationJSON is the JSON form of a DestinationVerdict.
type destinationJSON struct {
	Destination Destination `json:"destination"`
	Blocked     bool        `json:"blocked"`
	Type        *string     `json:"type"`
	Script      bool        `json:"script"`
	ScriptType  string      `json:"scriptType,omitempty"`
}

// MarshalJSON returns d as a JSON object.
//
// Its members are "destination" (Fetch's string), "blocked", "type" (a string,
// or null when undefined), "script", and "scriptType" when it is set.
func (d DestinationVerdict) MarshalJSON() ([]byte, error) {
	j := destinationJSON{Destination: d.Destination, Blocked: d.Blocked, Script: d.Script, ScriptType: d.ScriptType.String()}
	if d.Type.IsValid() {
		s := d.Type.String()
		j.Type = &s
	}
	return json.Marshal(j)
}

// A Report is what a browser can do with one response, for every Fetch
// destination.
//
// Its JSON form is an object with "script" and "destinations", an array of
// [DestinationVerdict] in the order of the Destination constants.
type Report struct {
	// Script reports whether script can run from the response through
	// some destination: the union of the Script fields of Destinations.
	Script bool `json:"script"`

	// Destinations has one report per destination, indexed by
	// Destination.
	Destinations [numDestinations]DestinationVerdict `json:"destinations"`
}

// ScriptDestinations returns the destinations through which script can run
// from the response, in the order of the Destination constants.
func (r *Report) ScriptDestinations() iter.Seq[Destination] {
	return func(yield func(Destination) bool) {
		for _, d := range r.Destinations {
			if d.Script && !yield(d.Destination) {
				return
			}
		}
	}
}

// String returns the report as text.
//
// It has one line per destination with its name (`""` for DestinationEmpty),
// "blocked" or "allowed", the type or "-", and "script" where script can run,
// then a summary line.
func (r *Report) String() string {
	var b strings.Builder
	for _, d := range r.Destinations {
		name := d.Destination.String()
		if name == "" {
			name = `""`
		}
		b.WriteString(name)
		b.WriteString(strings.Repeat(" ", 14-len(name)))
		if d.Blocked {
			b.WriteString("blocked ")
		} else {
			b.WriteString("allowed ")
		}
		t := d.Type.String()
		if t == "" {
			t = "-"
		}
		b.WriteString(t)
		if d.Script {
			b.WriteString("  script")
			if d.ScriptType.IsValid() && d.ScriptType != d.Type {
				b.WriteString(" (as " + d.ScriptType.String() + ")")
			}
		}
		b.WriteByte('\n')
	}
	if !r.Script {
		b.WriteString("script: nowhere\n")
		return b.String()
	}
	b.WriteString("script: through")
	for d := range r.ScriptDestinations() {
		b.WriteString(" " + d.String())
	}
	b.WriteByte('\n')
	return b.String()
}

// ReportFor returns what a browser can do with a response with header list h
// whose body starts with header, for every destination.
//
// At most HeaderSize bytes of header are read. For every destination:
//
//   - Blocked follows Fetch's two blocking rules.
//   - Type is the matching context-specific rule of the MIME Sniffing
//     Standard ([Resource.SniffIn]): images, audio and video, fonts, text
//     tracks, style sheets, plugins (embed and object); the computed MIME
//     type ([Resource.Sniff]) for document, frame and iframe; the type
//     extracted from h ([ExtractMIMEType]) elsewhere. The context rules
//     are run with Fetch's reading of h, as browsers do; the computed type
//     with the standard's (the last Content-Type value, [SuppliedFromHTTP]).
//   - Script is set for document, frame, iframe, embed and object when the
//     response renders as an HTML, XML (SVG included) or PDF document, in
//     the worst case of both readings of h, the standard and every browser
//     profile (an embed or object element renders such a response as a
//     nested document); for script-like destinations when HTML accepts the
//     type ([ScriptTypeAllowed]; a classic script runs whatever its type);
//     and for xslt when the type is an XML MIME type or text/xsl, as
//     browsers load style sheets of those types. A blocked response runs
//     nothing.
//
// A classic script that runs is a threat to the server's own pages even
// though it runs in the origin of the page that includes it: it bypasses a
// Content-Security-Policy of script-src 'self'. Serving with nosniff and a
// type that is not JavaScript makes Fetch block it.
//
// ReportFor allocates nothing beyond the Report itself (nothing at all
// when h has at most one Content-Type and one X-Content-Type-Options
// value).
func ReportFor(h http.Header, header []byte) Report {
	var res Resource
	res.Supplied, res.CheckForApacheBug = SuppliedFromHTTP(h)
	res.NoSniff = DetermineNoSniff(h)
	res.Header = resourceHeader(header)
	fetchType, ok := ExtractMIMEType(h)
	res.FetchType, res.ContentTypes = fetchType, len(h["Content-Type"])
	fetchRes := res
	fetchRes.Supplied = fetchType

	var rep Report
	for i := range rep.Destinations {
		d := Destination(i)
		dr := &rep.Destinations[i]
		dr.Destination = d
		dr.Blocked = blockedNoSniff(res.NoSniff, fetchType, ok, d) || blockedMIMEType(fetchType, ok, d)
		switch d {
		case DestinationDocument, DestinationFrame, DestinationIFrame:
			dr.Type = res.Sniff()
			dr.ScriptType, dr.Script = documentScript(res, fetchType)
		case DestinationEmbed, DestinationObject:
			dr.Type = fetchRes.SniffPlugin()
			dr.ScriptType, dr.Script = documentScript(res, fetchType)
		case DestinationImage:
			dr.Type = fetchRes.SniffImage()
		case DestinationAudio, DestinationVideo:
			dr.Type = fetchRes.SniffAudioOrVideo()
		case DestinationFont:
			dr.Type = fetchRes.SniffFont()
		case DestinationTrack:
			dr.Type = fetchRes.SniffTextTrack()
		case DestinationStyle:
			dr.Type = fetchRes.SniffStyle()
		case DestinationXSLT:
			dr.Type = fetchType
			dr.Script = fetchType.IsXML() || fetchType.Essence() == "text/xsl"
		default:
			dr.Type = fetchType
			// A classic script runs whatever its type; the other
			// script-like destinations check it.
			dr.Script = d == DestinationScript ||
				d.IsScriptLike() && ScriptTypeAllowed(fetchType, d, true)
		}
		if dr.Blocked {
			dr.Script = false
		}
		if !dr.Script {
			dr.ScriptType = MIMEType{}
		}
		rep.Script = rep.Script || dr.Script
	}
	return rep
}

// A Policy says what [SafeHeaders] and [Handler] add for a type that is active
// in a document (HTML, XML, SVG, PDF).
//
// Its flags combine.
type Policy uint8

const (
	// Attachment adds Content-Disposition: attachment, so that a
	// navigation to the response downloads it instead of rendering it in
	// the server's origin. It closes stored cross-site scripting through
	// a link or a top-level navigation; it does not stop an iframe or
	// object element (which render or refuse, depending on the browser),
	// nor fetch().
	Attachment Policy = 1 << iota

	// Sandbox adds Content-Security-Policy: sandbox, so that a document
	// rendered from the response anyway (in a frame, or where the
	// browser ignores the attachment) runs no script and gets an opaque
	// origin: it closes script running with the server's origin, its
	// cookies and its storage. It does not stop a plugin or PDF viewer
	// that ignores CSP.
	Sandbox
)

// DefaultPolicy is the policy of Handler when no option sets one: both
// Attachment and Sandbox.
const DefaultPolicy = Attachment | Sandbox

// Headers are the headers that serve some bytes as inert content, as
// [SafeHeaders] computes them.
//
// Empty strings are headers not to send.
type Headers struct {
	// ContentType is the Content-Type to send. It closes content
	// sniffing: a browser given a type does not guess one, and with
	// nosniff never upgrades the bytes to HTML, XML or PDF.
	ContentType MIMEType

	// NoSniff is "nosniff", for X-Content-Type-Options. It closes two
	// threats: a browser sniffing a document out of a type it does not
	// trust (text/plain served by an old Apache, unknown/unknown), and a
	// script or style sheet on a hostile page loading the bytes as
	// JavaScript or CSS (Fetch blocks them unless the type says so).
	NoSniff string

	// ContentDisposition is "attachment" when the policy asks for it and
	// the type is active in a document (see Attachment).
	ContentDisposition string

	// ContentSecurityPolicy is "sandbox" when the policy asks for it and
	// the type is active in a document (see Sandbox).
	ContentSecurityPolicy string
}

// Set sets the non-empty headers of hs in h.
//
// They are Content-Type, X-Content-Type-Options, Content-Disposition and
// Content-Security-Policy, each where not empty. A Content-Security-Policy is
// added to any already in h (a browser enforces them all).
func (hs Headers) Set(h http.Header) {
	if hs.ContentType.IsValid() {
		h.Set("Content-Type", hs.ContentType.String())
	}
	if hs.NoSniff != "" {
		h.Set("X-Content-Type-Options", hs.NoSniff)
	}
	if hs.ContentDisposition != "" {
		h.Set("Content-Disposition", hs.ContentDisposition)
	}
	if hs.ContentSecurityPolicy != "" {
		h.Add("Content-Security-Policy", hs.ContentSecurityPolicy)
	}
}

// SafeHeaders returns the headers that serve bytes starting with header as
// inert content.
//
// declared is the type the server means to declare (the zero MIMEType for
// none), and p is the policy for types active in a document.
//
// The Content-Type is declared itself when it is valid and not one of the
// unknown types a browser sniffs (unknown/unknown, application/unknown,
// */*): a server that asks for text/html explicitly gets it. Otherwise it
// is the type a browser computes for header with nosniff
// ([Resource.SniffUnknown] with sniff-scriptable off), which is never HTML,
// XML or PDF. X-Content-Type-Options is always nosniff. Content-Disposition
// and Content-Security-Policy are set as p says when the Content-Type, or
// any type a browser profile computes with it under nosniff, is active in a
// document.
func SafeHeaders(declared MIMEType, header []byte, p Policy) Headers {
	hs := Headers{NoSniff: "nosniff"}
	switch declared.Essence() {
	case "", "unknown/unknown", "application/unknown", "*/*":
		hs.ContentType = sniffUnknown(resourceHeader(header), false)
	default:
		hs.ContentType = declared
	}
	r := Resource{Supplied: hs.ContentType, NoSniff: true, Header: header}
	if _, active := documentScript(r, hs.ContentType); active {
		hs.applyPolicy(p)
	}
	return hs
}

// applyPolicy sets the headers that policy p asks for a type active in a
// document.
func (hs *Headers) applyPolicy(p Policy) {
	if p&Attachment != 0 {
		hs.ContentDisposition = "attachment"
	}
	if p&Sandbox != 0 {
		hs.ContentSecurityPolicy = "sandbox"
	}
}

// extensions gives every MIME type the package computes a file extension, for
// storage names and Content-Disposition filenames.
//
// It holds the types of the signature tables, in their order, those of the
// rules around them, and those only the browser profiles compute.
// mime.ExtensionsByType knows none for several of them (application/x-gzip,
// image/x-icon, audio/wave, application/x-rar-compressed, video/matroska),
// and what it knows depends on the machine's mime.types files (".3ga" for
// video/3gpp on Debian).
var extensions = []struct{ essence, ext string }{
	{"text/html", ".html"},
	{"text/xml", ".xml"},
	{"application/pdf", ".pdf"},
	{"application/postscript", ".ps"},
	{"text/plain", ".txt"},
	{"image/x-icon", ".ico"},
	{"image/bmp", ".bmp"},
	{"image/gif", ".gif"},
	{"image/webp", ".webp"},
	{"image/png", ".png"},
	{"image/jpeg", ".jpg"},
	{"audio/aiff", ".aiff"},
	{"audio/mpeg", ".mp3"},
	{"application/ogg", ".ogg"},
	{"audio/midi", ".mid"},
	{"video/avi", ".avi"},
	{"audio/wave", ".wav"},
	{"video/mp4", ".mp4"},
	{"video/webm", ".webm"},
	{"application/vnd.ms-fontobject", ".eot"},
	{"font/ttf", ".ttf"},
	{"font/otf", ".otf"},
	{"font/collection", ".ttc"},
	{"font/woff", ".woff"},
	{"font/woff2", ".woff2"},
	{"application/x-gzip", ".gz"},
	{"application/zip", ".zip"},
	{"application/x-rar-compressed", ".rar"},
	{"application/octet-stream", ".bin"},
	{"application/rss+xml", ".rss"},
	{"application/atom+xml", ".atom"},
	{"text/vtt", ".vtt"},
	{"text/cache-manifest", ".appcache"},
	// Types only the browser profiles compute.
	{"video/matroska", ".mkv"},
	{"video/3gpp", ".3gp"},
	// Types a server commonly declares that a browser runs.
	{"text/javascript", ".js"},
	{"application/json", ".json"},
	{"text/css", ".css"},
	{"image/svg+xml", ".svg"},
	{"application/xhtml+xml", ".xhtml"},
	{"application/xml", ".xml"},
}

// Extension returns a file extension for t, with its dot, such as ".png".
//
// It is taken from the package's own table for every type the standard or a
// browser profile ([Resource.SniffAs]) can compute (and a few that servers
// declare), else it is the first that [mime.ExtensionsByType] knows, else
// "". Parameters are ignored.
//
// A computed type says what a browser makes of the bytes, not what format
// they are. Every ZIP-based format (.docx, .xlsx, .odt, .epub, .apk, .jar)
// computes as application/zip, which Extension names ".zip", and every
// binary format the standard does not know as application/octet-stream
// (".bin"). So take the type to declare, and the name of a stored upload,
// from your own allow-list of the types you accept (each with its
// extension) or from a format detector, and use Extension only for a type
// you have no better name for; see the example.
func Extension(t MIMEType) string {
	e := t.Essence()
	for _, x := range extensions {
		if x.essence == e {
			return x.ext
		}
	}
	if e == "" {
		return ""
	}
	if exts, _ := mime.ExtensionsByType(e); len(exts) > 0 {
		return exts[0]
	}
	return ""
}

// An Option configures [Handler].
type Option func(*config)

type config struct {
	policy Policy
}

// WithPolicy sets the policy Handler applies to responses whose type is active
// in a document (default [DefaultPolicy]).
//
// WithPolicy(0) adds nothing for them.
func WithPolicy(p Policy) Option { return func(c *config) { c.policy = p } }

// Handler wraps next, a handler that serves untrusted bytes, so that no
// response leaves without the headers that keep a browser from running them.
//
// For every response it holds back the first HeaderSize bytes the handler
// writes (fewer when the body ends sooner or the handler flushes), then
// sends the headers and the bytes. Where the handler set no Content-Type,
// it sets the type a browser computes for those bytes with nosniff
// ([SafeHeaders]), which is never HTML, XML or PDF; net/http would have set
// one with [http.DetectContentType], which can be text/html. A type the
// handler set is kept (as http.ServeContent sets from the file name or its
// own sniffing: set the type before calling it to decide). It sets
// X-Content-Type-Options: nosniff unless the handler's value already means
// nosniff. When the type is active in a document, it applies the policy
// ([WithPolicy]), without replacing a Content-Disposition the handler set.
//
// It passes through Flush (after sending what it holds), the features of
// [http.ResponseController] (SetWriteDeadline and the others by Unwrap;
// Hijack, after sending what it holds, where the writer supports it),
// io.ReaderFrom, HEAD requests (sniffing what the handler writes, as for
// GET), 1xx responses and bodiless status codes (204, 304: no type is
// added), and never changes, drops or reorders a body byte. If next
// panics, what is held is sent first, with the headers, and the panic goes
// on. An empty body gets nosniff and no type.
func Handler(next http.Handler, opts ...Option) http.Handler {
	c := config{policy: DefaultPolicy}
	for _, o := range opts {
		o(&c)
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sw := &sniffWriter{w: w, policy: c.policy}
		done := false
		defer func() {
			if !done {
				sw.commit() // next panicked: send what is held
			}
		}()
		next.ServeHTTP(sw, r)
		done = true
		sw.commit()
	})
}

// sniffWriter is the http.ResponseWriter of Handler.
type sniffWriter struct {
	w         http.ResponseWriter
	policy    Policy
	status    int  // the status the handler wrote, or 0
	committed bool // headers are sent (or left to w)
	n         int  // bytes held in buf
	buf       [HeaderSize]byte
}

func (s *sniffWriter) Header() http.Header { return s.w.Header() }

// Unwrap returns the ResponseWriter Handler wraps, for
// http.ResponseController.
func (s *sniffWriter) Unwrap() http.ResponseWriter { return s.w }

func (s *sniffWriter) WriteHeader(code int) {
	if s.committed {
		s.w.WriteHeader(code) // superfluous: let net/http say so
		return
	}
	if code >= 100 && code <= 199 {
		s.w.WriteHeader(code) // informational: not the response
		if code == http.StatusSwitchingProtocols {
			s.committed = true
		}
		return
	}
	if s.status != 0 {
		return
	}
	s.status = code
	if !bodyAllowed(code) {
		s.commit()
	}
}

// bodyAllowed reports whether a response with status code may have a body.
func bodyAllowed(code int) bool {
	return code != http.StatusNoContent && code != http.StatusNotModified
}

func (s *sniffWriter) Write(p []byte) (int, error) {
	if s.committed {
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
	var n int64
	if !s.committed {
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

// FlushError sends what is held and flushes the wrapped writer.
func (s *sniffWriter) FlushError() error {
	if !s.committed {
		if err := s.send(); err != nil {
			return err
		}
	}
	return http.NewResponseController(s.w).Flush()
}

// Flush is FlushError for http.Flusher.
func (s *sniffWriter) Flush() { _ = s.FlushError() }

// Hijack sends what is held, if the handler wrote anything, and hijacks the
// wrapped writer's connection where it can be.
func (s *sniffWriter) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	if !s.committed && (s.n > 0 || s.status != 0) {
		if err := s.send(); err != nil {
			return nil, nil, err
		}
	}
	conn, rw, err := http.NewResponseController(s.w).Hijack()
	if err == nil {
		s.committed = true
	}
	return conn, rw, err
}

// commit sends the headers and what is held when they are not sent yet,
// once the handler is done (or has panicked) or wrote a bodiless status.
func (s *sniffWriter) commit() {
	if !s.committed {
		_ = s.send()
	}
}

// send sets the headers from what is held, writes the status and the held
// bytes, and marks the writer committed.
func (s *sniffWriter) send() error {
	s.committed = true
	h := s.w.Header()
	held := s.buf[:s.n]
	status := s.status
	if status == 0 {
		status = http.StatusOK
	}
	if bodyAllowed(status) {
		supplied, _ := SuppliedFromHTTP(h)
		fetchType, hasType := ExtractMIMEType(h)
		if _, set := h["Content-Type"]; !set && len(held) > 0 {
			t := sniffUnknown(held, false)
			h["Content-Type"] = []string{t.String()}
			supplied, fetchType = t, t
		} else if !hasType {
			fetchType = supplied
		}
		r := Resource{Supplied: supplied, NoSniff: true, Header: held}
		if _, active := documentScript(r, fetchType); active {
			var hs Headers
			hs.applyPolicy(s.policy)
			if _, set := h["Content-Disposition"]; set {
				hs.ContentDisposition = ""
			}
			hs.Set(h)
		}
	}
	if !DetermineNoSniff(h) {
		h["X-Content-Type-Options"] = []string{"nosniff"}
	}
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
