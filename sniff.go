// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff

// HeaderSize is the number of bytes of a resource that the standard reads to
// sniff it: its resource header. 1445 bytes is enough to hold the first MP3
// frame at the largest size the MP3 signature can meet (320 kbit/s at 32 kHz,
// with padding) and the header of the frame after it.
// See https://mimesniff.spec.whatwg.org/#reading-the-resource-header.
const HeaderSize = 1445

// A Resource is what the standard sniffs: a resource's metadata and its
// resource header. The zero value is a resource with no supplied MIME type,
// no flags set and an empty header, and Resource{Header: b} is ready to
// sniff. A Resource is a value; its methods do not modify it, never
// allocate, never fail and are safe for concurrent use (as long as Header is
// not written meanwhile).
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
	// HTML (see Resource.SniffFeedOrHTML) for a supplied text/html. They
	// are no longer part of the standard and no browser runs them.
	SniffFeeds bool
}

// header returns the resource header: at most HeaderSize bytes.
func (r Resource) header() []byte {
	if len(r.Header) > HeaderSize {
		return r.Header[:HeaderSize]
	}
	return r.Header
}

// supported reports whether t is supported by the user agent.
func (r Resource) supported(t MIMEType) bool {
	return r.Supported == nil || r.Supported(t)
}

// Sniff implements the MIME type sniffing algorithm: it returns the computed
// MIME type of r, the type a browser uses in a browsing context, in the
// steps of the current standard:
//
//  1. A supplied XML or HTML MIME type is the computed type: such types are
//     never sniffed.
//  2. An undefined supplied type, or one whose essence is unknown/unknown,
//     application/unknown or */*, is sniffed with the rules for identifying
//     an unknown MIME type ([Resource.SniffUnknown]), which look for HTML,
//     XML and PDF only when r.NoSniff is not set.
//  3. With r.NoSniff set, the supplied type is the computed type.
//  4. With r.CheckForApacheBug set, the resource is told apart as text/plain
//     or application/octet-stream ([Resource.SniffTextOrBinary]).
//  5. A supplied image type that is supported becomes the type the image
//     table matches, if any, such as image/png for a PNG served as
//     image/gif.
//  6. A supplied audio or video type that is supported becomes the type the
//     audio or video table matches, if any.
//  7. Otherwise the supplied type is the computed type.
//
// Where the computed type is the supplied type, Sniff returns r.Supplied
// itself, parameters included. A computed type found by sniffing has no
// parameters. Sniff never returns the zero MIMEType: an undefined supplied
// type is always sniffed.
//
// With r.SniffFeeds set, a supplied text/html is first run through the
// legacy feed-or-HTML rules ([Resource.SniffFeedOrHTML]) unless r.NoSniff
// is set. The standard removed that step in 2024.
//
// See https://mimesniff.spec.whatwg.org/#mime-type-sniffing-algorithm.
func (r Resource) Sniff() MIMEType {
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
	// 2. If the supplied MIME type is undefined or if its essence is
	// "unknown/unknown", "application/unknown", or "*/*", execute the rules
	// for identifying an unknown MIME type with the sniff-scriptable flag
	// equal to the inverse of the no-sniff flag.
	switch essence {
	case "", "unknown/unknown", "application/unknown", "*/*":
		return sniffUnknown(r.header(), !r.NoSniff)
	}
	// 3. If the no-sniff flag is set, the computed MIME type is the
	// supplied MIME type.
	if r.NoSniff {
		return supplied
	}
	// 4. If the check-for-apache-bug flag is set, execute the rules for
	// distinguishing if a resource is text or binary.
	if r.CheckForApacheBug {
		return sniffTextOrBinary(r.header())
	}
	// 5. If the supplied MIME type is an image MIME type supported by the
	// user agent, let matched-type be the result of executing the image
	// type pattern matching algorithm.
	// 6. If matched-type is not undefined, it is the computed MIME type.
	if isImageEssence(essence) && r.supported(supplied) {
		if t, ok := imageTable.match(r.header()); ok {
			return t
		}
	}
	// 7. If the supplied MIME type is an audio or video MIME type supported
	// by the user agent, let matched-type be the result of executing the
	// audio or video type pattern matching algorithm.
	// 8. If matched-type is not undefined, it is the computed MIME type.
	if isAudioOrVideoEssence(essence) && r.supported(supplied) {
		if t, ok := MatchAudioOrVideoTypePattern(r.header()); ok {
			return t
		}
	}
	// 9. The computed MIME type is the supplied MIME type.
	return supplied
}
