// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff

import (
	"bytes"
	"strings"
)

// This file keeps slow, literal transcriptions of the browser profiles'
// sniffing rules that have a fast path in browsers.go: one byte and one row
// at a time, as the browsers' sources read. FuzzProfilesAgainstSlow checks
// the fast code against them.

// ProfileSniffer is one of the profiles' sniffing rules, fast and slow.
type ProfileSniffer struct {
	Name       string
	Fast, Slow func(h []byte) MIMEType
}

// ProfileSniffers lists the profiles' rules for a resource of unknown type
// and for text/plain, as the navigation profiles call them, and Firefox's
// media sniffer, which it runs first.
var ProfileSniffers = []ProfileSniffer{
	{"chromium unknown", chromiumUnknown, slowChromiumUnknown},
	{"chromium text/plain", func(h []byte) MIMEType { return chromiumTextPlain(h, textPlain) }, slowChromiumTextPlain},
	{"firefox unknown", firefoxUnknown, slowFirefoxUnknown},
	{"firefox text or binary", firefoxTextOrBinary, slowFirefoxTextOrBinary},
	{"webkit unknown", func(h []byte) MIMEType { return webkitUnknown(webkitCut(h), true) }, func(h []byte) MIMEType { return slowWebKitUnknown(webkitCut(h), true) }},
	{"webkit unknown, not scriptable", func(h []byte) MIMEType { return webkitUnknown(webkitCut(h), false) }, func(h []byte) MIMEType { return slowWebKitUnknown(webkitCut(h), false) }},
	{"webkit text/plain", func(h []byte) MIMEType { return webkitTextPlain(webkitCut(h)) }, slowWebKitTextPlain},
	{"firefox media", func(h []byte) MIMEType { t, _ := firefoxMedia(h); return t }, slowFirefoxMedia},
}

// slowFirefoxMedia is Firefox's media sniffer trying every pattern in its
// order, whatever the first bytes.
func slowFirefoxMedia(h []byte) MIMEType {
	short := h[:min(len(h), firefoxHTMLBytes)]
	for _, m := range firefoxMediaMagic {
		if hasPrefixAt(short, 0, m.magic) && (m.at == "" || hasPrefixAt(short, 8, m.at)) {
			return m.typ
		}
	}
	if t, ok := firefoxFtyp(short); ok {
		return t
	}
	switch {
	case MatchesWebMSignature(short):
		return videoWebM
	case hasPrefixAt(short, 0, "\x1A\x45\xDF\xA3") && hasMatroskaDocType(short):
		return videoMatroska
	case MatchesMP3WithoutID3Signature(h):
		return audioMPEG
	case firefoxADTS(short):
		return audioAAC
	}
	return MIMEType{}
}

// webkitCut is the window of h that WebKit's rules read, as sniffWebKit
// cuts it.
func webkitCut(h []byte) []byte { return h[:min(len(h), webkitWindow)] }

// slowBinary reports whether h has a byte in set, one byte at a time.
func slowBinary(h []byte, set []byte) bool {
	for _, b := range h {
		if bytes.IndexByte(set, b) >= 0 {
			return true
		}
	}
	return false
}

// standardBinaryBytes are the binary data bytes, as the standard lists
// them: 0x00 to 0x08, 0x0B, 0x0E to 0x1A, 0x1C to 0x1F.
var standardBinaryBytes = []byte("\x00\x01\x02\x03\x04\x05\x06\x07\x08\x0B\x0E\x0F\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1A\x1C\x1D\x1E\x1F")

// slowChromiumUnknown is chromiumUnknown with each step one byte at a time.
func slowChromiumUnknown(h []byte) MIMEType {
	w := h[:min(len(h), 512)]
	i := 0
	for i < len(w) && bytes.IndexByte([]byte("\t\n\v\f\r "), w[i]) >= 0 {
		i++
	}
	for _, tag := range chromiumHTMLTags {
		if len(w)-i >= len(tag) && bytes.EqualFold(w[i:i+len(tag)], []byte(tag)) {
			return textHTML
		}
	}
	if t, ok := chromiumMagic(h); ok {
		return t
	}
	if bytes.HasPrefix(w[i:], []byte("<?xml")) {
		return textXML
	}
	if slowChromiumBinary(h) {
		return applicationOctet
	}
	return textPlain
}

func slowChromiumBinary(h []byte) bool {
	return !hasBOM(h) && slowBinary(h[:min(len(h), 1024)], standardBinaryBytes)
}

func slowChromiumTextPlain(h []byte) MIMEType {
	if !slowChromiumBinary(h) {
		return textPlain
	}
	m, ok := chromiumMagic(h)
	switch {
	case m == applicationPDF || m == applicationPS:
		return textPlain
	case ok:
		return m
	}
	return applicationOctet
}

func slowFirefoxUnknown(h []byte) MIMEType {
	h = h[:min(len(h), 512)]
	i := 0
	for i < len(h) && bytes.IndexByte([]byte("\t\n\r "), h[i]) >= 0 {
		i++
	}
	rest := h[i:]
	if len(rest) >= 4 && bytes.EqualFold(rest[:4], []byte("<!--")) {
		return textHTML
	}
	if bytes.HasPrefix(rest, []byte("<?xml")) {
		return textXML
	}
	for _, tag := range chromiumHTMLTags {
		if tag != "<!--" && len(rest) > len(tag) && bytes.EqualFold(rest[:len(tag)], []byte(tag)) && (rest[len(tag)] == ' ' || rest[len(tag)] == '>') {
			return textHTML
		}
	}
	if bytes.HasPrefix(h, []byte("%PDF-")) {
		return applicationPDF
	}
	t := sniffUnknown(h, false)
	if t == textPlain || t == applicationOctet || t.IsAudioOrVideo() {
		return slowFirefoxTextOrBinary(h)
	}
	return t
}

func slowFirefoxTextOrBinary(h []byte) MIMEType {
	if hasBOM(h) || !slowBinary(h[:min(len(h), 512)], bytes.ReplaceAll(standardBinaryBytes, []byte{0x0B}, nil)) {
		return textPlain
	}
	return applicationOctet
}

// slowWebKitUnknown is webkitUnknown matching every row from the start of
// h, as libsoup does.
func slowWebKitUnknown(h []byte, scriptable bool) MIMEType {
	var rows []webkitRow
	if scriptable {
		rows = append(rows, webkitScriptableRows...)
	}
	for _, row := range append(rows, webkitOtherRows...) {
		if slowWebKitMatch(row, h) {
			return row.typ
		}
	}
	if t, ok := MatchImageTypePattern(h); ok {
		return t
	}
	if t, ok := webkitAudioVideo(h); ok {
		return t
	}
	if slowBinary(h, standardBinaryBytes) {
		return applicationOctet
	}
	return textPlain
}

// slowWebKitMatch transcribes libsoup's loop over one row: the data's
// leading whitespace is skipped, a space in a scriptable row's pattern skips
// any whitespace, and the data's last byte is never compared (only the tag
// terminating byte may be it).
func slowWebKitMatch(row webkitRow, h []byte) bool {
	p := row.pattern
	if !row.ws {
		if len(h) < len(p) {
			return false
		}
		for i := range len(p) {
			if p[i] != '?' && h[i] != p[i] {
				return false
			}
		}
		return true
	}
	const ws = "\t\n\f\r "
	data := h[:max(len(h)-1, 0)]
	rest := bytes.TrimLeft(data, ws)
	for k, piece := range strings.Split(p, " ") {
		if k > 0 {
			rest = bytes.TrimLeft(rest, ws)
		}
		if len(rest) < len(piece) {
			return false
		}
		got := bytes.Clone(rest[:len(piece)])
		for i, c := range got {
			if row.fold && 'a' <= c && c <= 'z' {
				got[i] = c - 'a' + 'A'
			}
		}
		if string(got) != piece {
			return false
		}
		rest = rest[len(piece):]
	}
	return !row.tt || isTagTerminatingByte(h[len(data)-len(rest)])
}

func slowWebKitTextPlain(h []byte) MIMEType {
	h = webkitCut(h)
	if hasBOM(h) || !slowBinary(h, standardBinaryBytes) {
		return textPlain
	}
	return slowWebKitUnknown(h, true)
}
