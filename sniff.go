// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff

import (
	"net/http"
)

// HeaderSize is the most bytes of a resource that sniffing reads: the
// length at which the standard stops reading the resource header.
//
// 1445 bytes is enough to hold the first MP3 frame at the largest size the
// MP3 signature can meet (320 kbit/s at 32 kHz, with padding) and the header
// of the frame after it.
// See https://mimesniff.spec.whatwg.org/#reading-the-resource-header.
const HeaderSize = 1445

// A Resource is what the standard sniffs: a resource's metadata and its
// resource header.
//
// The zero value is a resource with no supplied MIME type, no flags set and
// an empty header, and Resource{Header: b} is ready to sniff. A Resource is
// a value; its methods do not modify it, never allocate, never fail and are
// safe for concurrent use (as long as Header is not written meanwhile).
// See https://mimesniff.spec.whatwg.org/#handling-a-resource.
type Resource struct {
	// Supplied is the supplied MIME type, from the Content-Type header
	// of an HTTP response (see SuppliedFromHTTP) or from the file
	// system; the zero MIMEType means it is undefined.
	Supplied MIMEType

	// NoSniff is the no-sniff flag: the user agent does not wish to
	// sniff, as for an HTTP response with X-Content-Type-Options: nosniff
	// (see DetermineNoSniff). A resource with no supplied type is still
	// sniffed, but never to a scriptable type.
	NoSniff bool

	// CheckForApacheBug is the check-for-apache-bug flag, set when the
	// Content-Type header is exactly one of the values that old Apache
	// servers sent for unknown files (see SuppliedFromHTTP). Such a
	// resource is only told apart as text/plain or
	// application/octet-stream.
	CheckForApacheBug bool

	// Header is the resource header: the first bytes of the resource
	// (see ReadHeader). Only its first HeaderSize bytes are read; a
	// shorter header, as from a short or slow resource, can give another
	// answer than the whole resource would.
	Header []byte

	// Supported reports whether the user agent supports a MIME type: it
	// decides whether a supplied image or audio or video type is sniffed
	// (only a supported one is). Nil means every MIME type is supported.
	Supported func(MIMEType) bool

	// SniffFeeds turns on the legacy rules for distinguishing a feed from
	// HTML (see Resource.SniffFeedOrHTML) for a supplied text/html when
	// NoSniff is not set. The standard removed them in 2024 and no
	// browser runs them.
	SniffFeeds bool

	// HeaderList is the header list of the HTTP response the resource
	// comes from, as a browser receives it, or nil for a resource of
	// another origin (a file). [ResourceFromResponse] sets it, with the
	// fields above from it. The browser profiles read it rather than
	// Supplied, NoSniff and CheckForApacheBug, as each browser reads a
	// header list its own way ([Resource.SniffAs]); the standard reads
	// those fields. Header holds the body's bytes with any content coding
	// undone: the profiles do not read Content-Encoding.
	HeaderList http.Header
}

// resourceHeader returns the resource header of a resource whose first bytes
// are b: at most HeaderSize bytes.
//
// (It takes r.Header rather than r, to spare a copy of r.)
func resourceHeader(b []byte) []byte {
	if len(b) > HeaderSize {
		return b[:HeaderSize]
	}
	return b
}

// supported reports whether t is supported by the user agent.
func (r *Resource) supported(t MIMEType) bool {
	return r.Supported == nil || r.Supported(t)
}

// Sniff returns the computed MIME type of r, the type a browser uses in a
// browsing context.
//
// A supplied XML or HTML MIME type is never sniffed (but for r.SniffFeeds). An
// undefined supplied type, or unknown/unknown, application/unknown or */*, is
// sniffed with [Resource.SniffUnknown]. Otherwise r.NoSniff keeps the supplied
// type, r.CheckForApacheBug only tells text from binary
// ([Resource.SniffTextOrBinary]), and a supported image or audio or video type
// becomes the type its signature matches, if any, such as image/png for a PNG
// served as image/gif. Where nothing is sniffed, Sniff returns r.Supplied
// itself, parameters included; a sniffed type has none. Sniff never returns
// the zero MIMEType.
//
// See https://mimesniff.spec.whatwg.org/#mime-type-sniffing-algorithm.
func (r Resource) Sniff() MIMEType { return r.sniff() }

// sniff is Sniff on a pointer, which the profiles and the report call
// without copying the resource.
func (r *Resource) sniff() MIMEType {
	if !r.Supplied.IsValid() {
		// Step 2 for an undefined supplied type, the common case, with
		// nothing more to look at.
		return sniffUnknown(resourceHeader(r.Header), !r.NoSniff)
	}
	return r.sniffSupplied()
}

// sniffSupplied is Sniff for a resource with a supplied MIME type.
//
// It takes a pointer so that Sniff does not copy r again to call it.
func (r *Resource) sniffSupplied() MIMEType {
	supplied := r.Supplied
	essence := supplied.Essence()
	// 1. If the supplied MIME type is an XML MIME type or HTML MIME type,
	// the computed MIME type is the supplied MIME type.
	if isXMLEssence(essence) {
		return supplied
	}
	if essence == "text/html" {
		if r.SniffFeeds && !r.NoSniff {
			return r.SniffFeedOrHTML()
		}
		return supplied
	}
	// 2. If the supplied MIME type is undefined (see Sniff) or if its
	// essence is "unknown/unknown", "application/unknown", or "*/*",
	// execute the rules for identifying an unknown MIME type with the
	// sniff-scriptable flag equal to the inverse of the no-sniff flag.
	switch essence {
	case "unknown/unknown", "application/unknown", "*/*":
		return sniffUnknown(resourceHeader(r.Header), !r.NoSniff)
	}
	// 3. If the no-sniff flag is set, the computed MIME type is the
	// supplied MIME type.
	if r.NoSniff {
		return supplied
	}
	// 4. If the check-for-apache-bug flag is set, execute the rules for
	// distinguishing if a resource is text or binary.
	if r.CheckForApacheBug {
		return sniffTextOrBinary(resourceHeader(r.Header))
	}
	// 5. If the supplied MIME type is an image MIME type supported by the
	// user agent, let matched-type be the result of executing the image
	// type pattern matching algorithm.
	// 6. If matched-type is not undefined, it is the computed MIME type.
	if isImageEssence(essence) && r.supported(supplied) {
		if t, ok := imageTable.match(resourceHeader(r.Header)); ok {
			return t
		}
	}
	// 7. If the supplied MIME type is an audio or video MIME type supported
	// by the user agent, let matched-type be the result of executing the
	// audio or video type pattern matching algorithm.
	// 8. If matched-type is not undefined, it is the computed MIME type.
	if isAudioOrVideoEssence(essence) && r.supported(supplied) {
		if t, ok := MatchAudioOrVideoTypePattern(resourceHeader(r.Header)); ok {
			return t
		}
	}
	// 9. The computed MIME type is the supplied MIME type.
	return supplied
}

// apacheBugValues are the Content-Type values that old Apache servers sent
// for files of unknown type, byte for byte.
//
// See https://mimesniff.spec.whatwg.org/#supplied-mime-type-detection-algorithm.
var apacheBugValues = [...]string{
	"text/plain",
	"text/plain; charset=ISO-8859-1",
	"text/plain; charset=iso-8859-1",
	"text/plain; charset=UTF-8",
}

// SuppliedFromHTTP implements the supplied MIME type detection algorithm for
// a resource fetched over HTTP.
//
// supplied is the last Content-Type value of h parsed from bytes
// ([ParseBytes]), without allocating when it is serialized, or undefined
// (the zero MIMEType) when there is none or it does not parse.
// checkForApacheBug reports whether that value is, byte for byte, one of
// those old Apache servers sent for unknown files: "text/plain",
// "text/plain; charset=ISO-8859-1", "text/plain; charset=iso-8859-1" and
// "text/plain; charset=UTF-8" (not "text/plain;charset=UTF-8"). Content-Type
// is read under any spelling, in the order net/http sends the spellings. The
// standard never says to parse the value
// (https://github.com/whatwg/mimesniff/issues/74), and Fetch reads every
// value instead (#214), as [ExtractMIMEType] does.
// See https://mimesniff.spec.whatwg.org/#supplied-mime-type-detection-algorithm.
func SuppliedFromHTTP(h http.Header) (supplied MIMEType, checkForApacheBug bool) {
	v, _ := readHeaders(h)
	return suppliedFromHTTP(v[hdrContentType])
}

// suppliedFromHTTP is SuppliedFromHTTP on the values of Content-Type.
func suppliedFromHTTP(values []string) (supplied MIMEType, checkForApacheBug bool) {
	if len(values) == 0 {
		return MIMEType{}, false
	}
	last := values[len(values)-1]
	checkForApacheBug = isApacheBugValue(last)
	t, f := parse(last, true)
	if f.kind != noFailure {
		return MIMEType{}, checkForApacheBug
	}
	return t, checkForApacheBug
}

// isApacheBugValue reports whether the Content-Type value v is exactly one of
// apacheBugValues.
func isApacheBugValue(v string) bool {
	for _, a := range apacheBugValues {
		if v == a {
			return true
		}
	}
	return false
}

// SniffUnknown implements the rules for identifying an unknown MIME type on
// r's resource header, and returns the computed MIME type.
//
// With sniffScriptable set, HTML, XML and PDF are looked for first (Sniff
// sets it unless r.NoSniff is); then PostScript, byte order marks, images,
// audio and video, and archives; then text or binary. Fonts are not
// sniffed. It reads only r.Header and never returns the zero MIMEType.
// See https://mimesniff.spec.whatwg.org/#rules-for-identifying-an-unknown-mime-type.
func (r Resource) SniffUnknown(sniffScriptable bool) MIMEType {
	return sniffUnknown(resourceHeader(r.Header), sniffScriptable)
}

// SniffTextOrBinary implements the rules for distinguishing if a resource is
// text or binary on r's resource header.
//
// A UTF-16 byte order mark (FE FF or FF FE), a UTF-8 one (EF BB BF), or no
// binary data byte at all gives text/plain; anything else gives
// application/octet-stream. The result never has parameters (a charset must
// come from the supplied MIME type, see [LegacyExtractEncoding]) and is never
// a scriptable MIME type.
//
// [Resource.Sniff] uses these rules when r.CheckForApacheBug is set. Other
// fields of r than Header are ignored.
// See https://mimesniff.spec.whatwg.org/#rules-for-text-or-binary.
func (r Resource) SniffTextOrBinary() MIMEType {
	return sniffTextOrBinary(resourceHeader(r.Header))
}
