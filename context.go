// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff

import (
	"errors"
	"strconv"
)

// SniffImage implements the rules for sniffing images specifically.
//
// They are used for an img element and the like: a supplied XML MIME type
// (such as image/svg+xml) is the computed type; otherwise the type
// [MatchImageTypePattern] matches, if any; otherwise the supplied type,
// possibly undefined.
// See https://mimesniff.spec.whatwg.org/#sniffing-in-an-image-context.
func (r Resource) SniffImage() MIMEType {
	return sniffSpecifically(r.Supplied, r.Supplied.IsXML(), resourceHeader(r.Header), MatchImageTypePattern)
}

// sniffSpecifically implements the shape shared by the context-specific rules.
//
// The rules are those for sniffing images, audio and video, and fonts
// specifically, with match the pattern matching algorithm of the kind, for
// the supplied MIME type supplied, whether it is an XML MIME type (xml), and
// the resource header header. A report, which runs all three, tests xml
// once.
func sniffSpecifically(supplied MIMEType, xml bool, header []byte, match func([]byte) (MIMEType, bool)) MIMEType {
	// 1. If the supplied MIME type is an XML MIME type, the computed MIME
	// type is the supplied MIME type.
	if xml {
		return supplied
	}
	// 2. Let matched be the result of executing the pattern matching
	// algorithm with the resource header.
	// 3. If matched is not undefined, the computed MIME type is matched.
	if t, ok := match(header); ok {
		return t
	}
	// 4. The computed MIME type is the supplied MIME type.
	return supplied
}

// SniffAudioOrVideo implements the rules for sniffing audio and video
// specifically.
//
// They are used for audio and video elements: a supplied XML MIME type is
// the computed type; otherwise the type [MatchAudioOrVideoTypePattern]
// matches, if any; otherwise the supplied type, possibly undefined.
// See https://mimesniff.spec.whatwg.org/#sniffing-in-an-audio-or-video-context.
func (r Resource) SniffAudioOrVideo() MIMEType {
	return sniffSpecifically(r.Supplied, r.Supplied.IsXML(), resourceHeader(r.Header), MatchAudioOrVideoTypePattern)
}

// SniffFont implements the rules for sniffing fonts specifically.
//
// They are used for CSS @font-face sources: a supplied XML MIME type is the
// computed type; otherwise the type [MatchFontTypePattern] matches, if any;
// otherwise the supplied type, possibly undefined.
// See https://mimesniff.spec.whatwg.org/#sniffing-in-a-font-context.
func (r Resource) SniffFont() MIMEType {
	return sniffSpecifically(r.Supplied, r.Supplied.IsXML(), resourceHeader(r.Header), MatchFontTypePattern)
}

// SniffPlugin implements the rules for sniffing in a plugin context (embed
// and object elements).
//
// An undefined supplied type gives application/octet-stream; any other is
// the computed type. The standard marks the first step as unfinished; this
// follows it as written.
// See https://mimesniff.spec.whatwg.org/#sniffing-in-a-plugin-context.
func (r Resource) SniffPlugin() MIMEType {
	if !r.Supplied.IsValid() {
		return applicationOctet
	}
	return r.Supplied
}

// SniffStyle implements the rules for sniffing in a style context (style
// sheets).
//
// The supplied type is the computed type. Where the standard's step for an
// undefined supplied type is unfinished, SniffStyle returns the undefined
// type rather than guess, as browsers do not sniff style sheets.
// See https://mimesniff.spec.whatwg.org/#sniffing-in-a-style-context.
func (r Resource) SniffStyle() MIMEType { return r.Supplied }

// SniffScript implements the rules for sniffing in a script context (scripts
// and workers).
//
// The supplied type is the computed type. Where the standard's step for an
// undefined supplied type is unfinished, SniffScript returns the undefined
// type rather than guess, as browsers do not sniff scripts.
// See https://mimesniff.spec.whatwg.org/#sniffing-in-a-script-context.
func (r Resource) SniffScript() MIMEType { return r.Supplied }

// SniffTextTrack implements sniffing in a text track context (track elements).
//
// The computed type is always text/vtt. The standard marks this rule as
// unfinished.
// See https://mimesniff.spec.whatwg.org/#sniffing-in-a-text-track-context.
func (r Resource) SniffTextTrack() MIMEType { return textVTT }

// SniffCacheManifest implements sniffing in a cache manifest context.
//
// The computed type is always text/cache-manifest. Application caches are
// gone from browsers; the standard keeps the rule, marked as unfinished.
// See https://mimesniff.spec.whatwg.org/#sniffing-in-a-cache-manifest-context.
func (r Resource) SniffCacheManifest() MIMEType { return textCacheManifest }

// enumName returns names[i], the name of value i of one of the package's
// enumerations.
//
// For a value that is none of its constants, it returns "Invalid(i)".
func enumName(names []string, i int) string {
	if i < len(names) {
		return names[i]
	}
	return "Invalid(" + strconv.Itoa(i) + ")"
}

// enumText returns names[i] as text.
//
// For a value that is none of its constants, it returns an error naming the
// enumeration typ.
func enumText(names []string, i int, typ string) ([]byte, error) {
	if i >= len(names) {
		return nil, errors.New("mimesniff: invalid " + typ + " " + strconv.Itoa(i))
	}
	return []byte(names[i]), nil
}

// enumIndex returns the value whose name is text.
func enumIndex(names []string, text []byte) (int, bool) {
	for i, name := range names {
		if string(text) == name {
			return i, true
		}
	}
	return 0, false
}
