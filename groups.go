// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff

import "strings"

// The group predicates follow https://mimesniff.spec.whatwg.org/#mime-type-groups.
// They look at the type, subtype or essence only, never at parameters, and
// are all false for the zero MIMEType.

// IsImage reports whether t is an image MIME type: its type is "image".
// See https://mimesniff.spec.whatwg.org/#image-mime-type.
func (t MIMEType) IsImage() bool { return isImageEssence(t.Essence()) }

func isImageEssence(e string) bool { return typeOf(e) == "image" }

// IsAudioOrVideo reports whether t is an audio or video MIME type: its type
// is "audio" or "video", or its essence is "application/ogg".
// See https://mimesniff.spec.whatwg.org/#audio-or-video-mime-type.
func (t MIMEType) IsAudioOrVideo() bool { return isAudioOrVideoEssence(t.Essence()) }

func isAudioOrVideoEssence(e string) bool {
	switch typeOf(e) {
	case "audio", "video":
		return true
	}
	return e == "application/ogg"
}

// IsFont reports whether t is a font MIME type.
//
// Its type is "font", or its essence is one of application/font-cff,
// application/font-otf, application/font-sfnt, application/font-ttf,
// application/font-woff, application/vnd.ms-fontobject and
// application/vnd.ms-opentype, or application/font-off, which the standard
// listed until https://github.com/whatwg/mimesniff/issues/165 and
// web-platform-tests still expect.
// See https://mimesniff.spec.whatwg.org/#font-mime-type.
func (t MIMEType) IsFont() bool {
	if t.Type() == "font" {
		return true
	}
	switch t.Essence() {
	case "application/font-cff",
		"application/font-off", // until July 2025 (whatwg/mimesniff#165); WPT still expects it
		"application/font-otf",
		"application/font-sfnt",
		"application/font-ttf",
		"application/font-woff",
		"application/vnd.ms-fontobject",
		"application/vnd.ms-opentype":
		return true
	}
	return false
}

// IsZIPBased reports whether t is a ZIP-based MIME type: its subtype ends in
// "+zip" or its essence is "application/zip".
// See https://mimesniff.spec.whatwg.org/#zip-based-mime-type.
func (t MIMEType) IsZIPBased() bool {
	return strings.HasSuffix(t.Subtype(), "+zip") || t.Essence() == "application/zip"
}

// IsArchive reports whether t is an archive MIME type: its essence is
// application/x-rar-compressed, application/zip or application/x-gzip.
// See https://mimesniff.spec.whatwg.org/#archive-mime-type.
func (t MIMEType) IsArchive() bool {
	switch t.Essence() {
	case "application/x-rar-compressed", "application/zip", "application/x-gzip":
		return true
	}
	return false
}

// IsXML reports whether t is an XML MIME type: its subtype ends in "+xml" or
// its essence is "text/xml" or "application/xml".
// See https://mimesniff.spec.whatwg.org/#xml-mime-type.
func (t MIMEType) IsXML() bool { return isXMLEssence(t.Essence()) }

// isXMLEssence reports whether the essence e, "type/subtype" or "", is that
// of an XML MIME type.
//
// The subtype ends in "+xml" where e does, as the type holds no "/": e's
// suffix is tested without finding the subtype, which ReportFor does several
// times a call.
func isXMLEssence(e string) bool {
	switch e {
	case "text/xml", "application/xml":
		return true
	}
	return strings.HasSuffix(e, "+xml")
}

// IsHTML reports whether t is an HTML MIME type: its essence is "text/html"
// (application/xhtml+xml is an XML MIME type, not an HTML one).
// See https://mimesniff.spec.whatwg.org/#html-mime-type.
func (t MIMEType) IsHTML() bool { return t.Essence() == "text/html" }

// IsScriptable reports whether t is a scriptable MIME type: an XML or HTML
// MIME type, or essence "application/pdf".
//
// These are the types a browser must never be tricked into: sniffing yields
// them only from the unknown-type rules, and never when no-sniff is set.
// See https://mimesniff.spec.whatwg.org/#scriptable-mime-type.
func (t MIMEType) IsScriptable() bool { return isScriptableEssence(t.Essence()) }

// isScriptableEssence reports whether the lower-case essence e is that of a
// scriptable MIME type.
func isScriptableEssence(e string) bool {
	return e == "text/html" || e == "application/pdf" || isXMLEssence(e)
}

// IsJavaScript reports whether t is a JavaScript MIME type: its essence is
// one of the 16 the standard lists, such as text/javascript and
// application/x-javascript, whatever its parameters.
// See https://mimesniff.spec.whatwg.org/#javascript-mime-type.
func (t MIMEType) IsJavaScript() bool { return isJavaScriptEssence(t.Essence()) }

// isJavaScriptEssence reports whether the lower-case essence e is that of a
// JavaScript MIME type.
func isJavaScriptEssence(e string) bool {
	switch e {
	case "application/ecmascript",
		"application/javascript",
		"application/x-ecmascript",
		"application/x-javascript",
		"text/ecmascript",
		"text/javascript",
		"text/javascript1.0",
		"text/javascript1.1",
		"text/javascript1.2",
		"text/javascript1.3",
		"text/javascript1.4",
		"text/javascript1.5",
		"text/jscript",
		"text/livescript",
		"text/x-ecmascript",
		"text/x-javascript":
		return true
	}
	return false
}

// IsJavaScriptEssenceMatch reports whether s is a JavaScript MIME type
// essence match, as HTML checks the type attribute of script elements.
//
// s must match the essence of a JavaScript MIME type ASCII
// case-insensitively, such as "Text/JavaScript". It is not parsed:
// parameters and whitespace make it fail.
// See https://mimesniff.spec.whatwg.org/#javascript-mime-type-essence-match.
func IsJavaScriptEssenceMatch(s string) bool {
	var buf [len("application/x-javascript")]byte
	if len(s) > len(buf) {
		return false
	}
	for i := 0; i < len(s); i++ {
		buf[i] = lower(s[i])
	}
	return isJavaScriptEssence(string(buf[:len(s)]))
}

// IsJSON reports whether t is a JSON MIME type: its subtype ends in "+json"
// or its essence is "application/json" or "text/json".
// See https://mimesniff.spec.whatwg.org/#json-mime-type.
func (t MIMEType) IsJSON() bool { return isJSONEssence(t.Essence()) }

// isJSONEssence reports whether the lower-case essence e is that of a JSON
// MIME type.
func isJSONEssence(e string) bool {
	return e == "application/json" || e == "text/json" || strings.HasSuffix(e, "+json")
}

// Minimize reduces t to as little as tells its processing model apart.
//
// It implements "minimize a supported MIME type", which Fetch uses for a
// response's body info content type: JavaScript gives "text/javascript",
// JSON "application/json", image/svg+xml itself, other XML
// "application/xml", a type supported reports true for (every type, if
// supported is nil) its essence, and anything else, zero MIMEType included,
// "".
// See https://mimesniff.spec.whatwg.org/#minimize-a-supported-mime-type.
func Minimize(t MIMEType, supported func(MIMEType) bool) string {
	switch {
	case !t.IsValid():
		return ""
	// 1. If mimeType is a JavaScript MIME type, return "text/javascript".
	case t.IsJavaScript():
		return "text/javascript"
	// 2. If mimeType is a JSON MIME type, return "application/json".
	case t.IsJSON():
		return "application/json"
	// 3. If mimeType's essence is "image/svg+xml", return it.
	case t.Essence() == "image/svg+xml":
		return "image/svg+xml"
	// 4. If mimeType is an XML MIME type, return "application/xml".
	case t.IsXML():
		return "application/xml"
	// 5. If mimeType is supported by the user agent, return its essence.
	case supported == nil || supported(t):
		return t.Essence()
	}
	// 6. Return the empty string.
	return ""
}
