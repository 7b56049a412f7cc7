// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff

import (
	"net/http"
	"slices"
	"strings"
)

// This file reads a header list as a browser receives it, for every layer of
// the package: the standard's and Fetch's algorithms, the browser profiles,
// the report, the serving policy and the middleware.
//
// Callers hand the package an http.Header, a Go map from a spelling of a
// name to its values. A browser receives lines, in order, and compares names
// without case. net/http turns a map into lines by writing its keys sorted
// byte by byte (so "Content-Type" before "content-type"), each key's values
// in order, after dropping keys that are not valid names; over HTTP/1.1 it
// replaces CR and LF in a value by spaces and trims it, over HTTP/2 it drops
// a value with a control byte (Header.writeSubset in net/http's header.go,
// http2encodeHeaders in its h2_bundle.go). A map read from the wire
// (net/http's client and server, textproto) holds each name under its
// canonical key, with its values in wire order, so it reads exactly. A map
// built by hand, or by a handler, can hold one name under several
// spellings, and then nothing tells the order in which a browser receives
// them: net/http sends them sorted, but a handler's recorder
// (httptest.ResponseRecorder) adds its own canonical Content-Type after a
// lower-case one that net/http would send first. Such a map has several
// readings, and the package answers for the one worst for script.

// The headers the package reads, as indexes of a headerValues.
const (
	hdrContentType     = iota // Content-Type
	hdrContentEncoding        // Content-Encoding
	hdrNoSniff                // X-Content-Type-Options
	hdrDisposition            // Content-Disposition
	hdrCSP                    // Content-Security-Policy
	hdrCORP                   // Cross-Origin-Resource-Policy
	numHeaderNames
)

// headerNames are the canonical names of the headers the package reads, by
// index. Their lengths differ, which headerIndex relies on.
var headerNames = [numHeaderNames]string{
	hdrContentType:     "Content-Type",
	hdrContentEncoding: "Content-Encoding",
	hdrNoSniff:         "X-Content-Type-Options",
	hdrDisposition:     "Content-Disposition",
	hdrCSP:             "Content-Security-Policy",
	hdrCORP:            "Cross-Origin-Resource-Policy",
}

// headerValues are the values of the headers the package reads, by index,
// each name's in the order a browser receives them. A nil element is a
// header that is not there.
type headerValues [numHeaderNames][]string

// headerIndex returns the index of the header name k, in any case, or -1
// when the package does not read it.
func headerIndex(k string) int {
	var i int
	switch len(k) {
	case len("Content-Type"):
		i = hdrContentType
	case len("Content-Encoding"):
		i = hdrContentEncoding
	case len("X-Content-Type-Options"):
		i = hdrNoSniff
	case len("Content-Disposition"):
		i = hdrDisposition
	case len("Content-Security-Policy"):
		i = hdrCSP
	case len("Cross-Origin-Resource-Policy"):
		i = hdrCORP
	default:
		return -1
	}
	if k == headerNames[i] || asciiEqualFold(k, headerNames[i]) {
		return i
	}
	return -1
}

// readHeaders returns the values of the headers the package reads in h, as
// net/http sends them, and reports whether h has other readings (it is
// ambiguous: see eachReading).
//
// A name's values are those of its one spelling in h, whatever the case,
// so that a lower-case content-type reads as Content-Type. When some name
// has several spellings, or some value a byte that HTTP/1.1 and HTTP/2 carry
// differently, v is net/http's reading over HTTP/1.1: spellings in sorted
// order, CR and LF read as spaces. A key with no values is no header, as
// net/http writes none.
func readHeaders(h http.Header) (v headerValues, ambiguous bool) {
	for k, values := range h {
		i := headerIndex(k)
		if i < 0 || len(values) == 0 {
			continue
		}
		if v[i] != nil || anyControl(values) {
			ambiguous = true
		}
		v[i] = values
	}
	if ambiguous {
		eachReading(h, func(first *headerValues) bool {
			v = *first
			return false
		})
	}
	return v, ambiguous
}

// anyControl reports whether a value of values has a control byte other
// than a tab (hasControlByte).
func anyControl(values []string) bool {
	for _, s := range values {
		if hasControlByte(s) {
			return true
		}
	}
	return false
}

// hasControlByte reports whether s holds a control byte other than a tab:
// CR, LF, NUL, DEL among them. HTTP/2 carries no such value, and HTTP/1.1
// none with CR or LF.
// See https://www.rfc-editor.org/rfc/rfc9110#section-5.5.
func hasControlByte(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < ' ' && c != '\t' || c == 0x7F {
			return true
		}
	}
	return false
}

// maxReadings is the most readings of one header list that the package
// tries. Two spellings of one name make two; a list with more (five
// spellings of a name, or three of two names) has no reading to answer for,
// and gets the most cautious answer.
const maxReadings = 64

// eachReading calls yield with each reading of h that a browser can
// receive, net/http's over HTTP/1.1 first (readHeaders), until yield returns
// false. It returns false, calling yield for none, when h has more than
// maxReadings readings.
//
// A reading orders the spellings of each name one way: every order is a
// reading, as only the map's writer knows which it sends. With a value that
// holds a control byte, each order is read twice: as HTTP/1.1 carries it
// (CR and LF become spaces, and the value is trimmed of whitespace) and as
// HTTP/2 does (the value is dropped).
func eachReading(h http.Header, yield func(*headerValues) bool) bool {
	var spellings [numHeaderNames][]string
	control := false
	for k, values := range h {
		if i := headerIndex(k); i >= 0 && len(values) > 0 {
			spellings[i] = append(spellings[i], k)
			control = control || anyControl(values)
		}
	}
	n := 1
	if control {
		n = 2
	}
	for i := range spellings {
		slices.Sort(spellings[i]) // net/http's order first
		for k := 2; k <= len(spellings[i]); k++ {
			if n *= k; n > maxReadings {
				return false
			}
		}
	}
	var v headerValues // as h holds the values, in one order
	var read func(i int) bool
	read = func(i int) bool {
		if i == numHeaderNames {
			if !control {
				return yield(&v)
			}
			var h1, h2 headerValues
			for j := range v {
				h1[j], h2[j] = asHTTP1(v[j]), withoutControl(v[j])
			}
			return yield(&h1) && yield(&h2)
		}
		for order := range permutations(spellings[i]) {
			var values []string
			for _, k := range order {
				values = append(values, h[k]...)
			}
			v[i] = values
			if !read(i + 1) {
				return false
			}
		}
		return true
	}
	read(0)
	return true
}

// permutations yields every order of keys, keys' own first; it yields nil
// once for no keys.
func permutations(keys []string) func(yield func([]string) bool) {
	return func(yield func([]string) bool) {
		order := slices.Clone(keys)
		var permute func(k int) bool
		permute = func(k int) bool {
			if k >= len(order)-1 {
				return yield(order)
			}
			for i := k; i < len(order); i++ {
				order[k], order[i] = order[i], order[k]
				ok := permute(k + 1)
				order[k], order[i] = order[i], order[k]
				if !ok {
					return false
				}
			}
			return true
		}
		permute(0)
	}
}

// asHTTP1 returns values as net/http writes them in HTTP/1.1: each CR and LF
// replaced by a space, and the value trimmed of spaces and tabs.
// See Header.writeSubset in net/http's header.go.
func asHTTP1(values []string) []string {
	if !anyControl(values) {
		return values
	}
	out := make([]string, len(values))
	for i, s := range values {
		b := []byte(s)
		for j, c := range b {
			if c == '\r' || c == '\n' {
				b[j] = ' '
			}
		}
		out[i] = strings.Trim(string(b), " \t")
	}
	return out
}

// withoutControl returns values without those that hold a control byte but
// a tab, as net/http drops them in HTTP/2 (http2encodeHeaders).
func withoutControl(values []string) []string {
	var out []string
	for _, s := range values {
		if !hasControlByte(s) {
			out = append(out, s)
		}
	}
	return out
}

// cleanValue reports whether HTTP/1.1 and HTTP/2 both carry the header value
// s as it is: it holds no control byte but tabs, and starts and ends with
// neither a space nor a tab.
func cleanValue(s string) bool {
	return !hasControlByte(s) && strings.Trim(s, " \t") == s
}

// setHeader sets the values of the header named name (canonical) in h to
// values, removing every other spelling of the name, so that a browser
// receives exactly values.
func setHeader(h http.Header, name string, values []string) {
	removeSpellings(h, name)
	h[name] = values
}

// removeSpellings removes from h every spelling of the header name but its
// canonical one.
func removeSpellings(h http.Header, name string) {
	for k := range h {
		if k != name && len(k) == len(name) && asciiEqualFold(k, name) {
			delete(h, k)
		}
	}
}

// hasOtherSpellings reports whether h holds a name the package reads under
// a spelling other than its canonical one.
func hasOtherSpellings(h http.Header) bool {
	for k := range h {
		if i := headerIndex(k); i >= 0 && k != headerNames[i] {
			return true
		}
	}
	return false
}

// mergeSpellings moves the values of every spelling of a name the package
// reads in h, such as "content-type", to its canonical key, in the order
// net/http writes them: its keys sorted byte by byte, each key's values in
// order. Values are kept as they are (the caller cleans them).
func mergeSpellings(h http.Header) {
	for _, name := range headerNames {
		var keys []string
		for k := range h {
			if len(k) == len(name) && asciiEqualFold(k, name) {
				keys = append(keys, k)
			}
		}
		if len(keys) < 2 && (len(keys) == 0 || keys[0] == name) {
			continue
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

// sandboxFlags is what the sandbox directives of a response's
// Content-Security-Policy headers do to a document rendered from it.
type sandboxFlags uint8

const (
	sandboxed       sandboxFlags = 1 << iota // some policy has a sandbox directive
	allowScripts                             // every sandbox directive has allow-scripts
	allowSameOrigin                          // every sandbox directive has allow-same-origin
)

// cspSandbox returns the effect of the sandbox directives in the
// Content-Security-Policy header values.
//
// Every header value is a list of policies separated by commas, and each
// policy a list of directives separated by semicolons; the first directive
// of a name in a policy counts. Every policy is enforced, so a document is
// sandboxed when one policy has a sandbox directive, and runs script, or
// keeps the server's origin, only when every sandbox directive allows it.
// Content-Security-Policy-Report-Only enforces nothing. Other directives,
// which can block script too (script-src 'none'), are not read.
// See https://w3c.github.io/webappsec-csp/#parse-serialized-policy-list and
// https://w3c.github.io/webappsec-csp/#directive-sandbox.
func cspSandbox(values []string) sandboxFlags {
	flags := allowScripts | allowSameOrigin
	for _, list := range values {
		for more := true; more; {
			var policy string
			policy, list, more = strings.Cut(list, ",")
			for more := true; more; {
				var directive string
				directive, policy, more = strings.Cut(policy, ";")
				name, value := cutASCIISpace(trimASCIISpace(directive))
				if !asciiEqualFold(name, "sandbox") {
					continue
				}
				flags |= sandboxed
				var scripts, sameOrigin bool
				for value != "" {
					var token string
					token, value = cutASCIISpace(trimASCIISpace(value))
					scripts = scripts || asciiEqualFold(token, "allow-scripts")
					sameOrigin = sameOrigin || asciiEqualFold(token, "allow-same-origin")
				}
				if !scripts {
					flags &^= allowScripts
				}
				if !sameOrigin {
					flags &^= allowSameOrigin
				}
				break // the first sandbox directive of a policy counts
			}
		}
	}
	if flags&sandboxed == 0 {
		return 0
	}
	return flags
}

// trimASCIISpace removes ASCII whitespace from both ends of s.
func trimASCIISpace(s string) string {
	for s != "" && isASCIIWhitespace(s[0]) {
		s = s[1:]
	}
	for s != "" && isASCIIWhitespace(s[len(s)-1]) {
		s = s[:len(s)-1]
	}
	return s
}

// cutASCIISpace splits s at its first ASCII whitespace.
func cutASCIISpace(s string) (before, after string) {
	for i := 0; i < len(s); i++ {
		if isASCIIWhitespace(s[i]) {
			return s[:i], s[i+1:]
		}
	}
	return s, ""
}
