// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff

import (
	"encoding/binary"
	"net/http"
	"regexp"
	"slices"
	"strings"
)

// This file keeps a slow, literal transcription of the cross-origin rules:
// each profile's steps for each way, one after the other, over a header
// list under canonical names, in the words of tools/browsers/crossrules.js
// (which checks them against the recordings) and of the ORB proposal.
// FuzzReportAgainstSlow checks ReportFor's CrossOrigin against it.

// slowCrossOrigin reports whether a page of another site that loads the
// response with header list h and a body that starts with body, for
// destination d, gets its bytes in profile b; blocked is whether Fetch
// blocks the response for d.
func slowCrossOrigin(h http.Header, body []byte, b Browser, d Destination, blocked bool) bool {
	way := map[Destination]string{
		DestinationEmpty: "fetch", DestinationImage: "image", DestinationScript: "script", DestinationStyle: "style",
		DestinationAudio: "audio", DestinationVideo: "video", DestinationTrack: "track",
	}[d]
	if way == "" {
		return false
	}
	// The header list holds each value without tabs and spaces around it.
	var corp []string
	for _, v := range h["Cross-Origin-Resource-Policy"] {
		corp = append(corp, strings.Trim(v, " \t"))
	}
	if policy := strings.Join(corp, ", "); policy == "same-origin" || policy == "same-site" {
		return false
	}
	if b == WebKit {
		return true
	}
	if way == "track" {
		return false
	}
	if (way == "script" || way == "style") && blocked && b != Chromium {
		return false
	}
	media := way == "audio" || way == "video"
	complete := len(body) < 1445
	bytes := body[:min(len(body), 1445)]
	switch b {
	case Standard:
		return slowStandardORB(h, bytes, complete, media)
	case Chromium:
		return slowChromiumORB(h, bytes)
	}
	return slowFirefoxORB(h, bytes, complete, media)
}

// slowTypeToken is an HTTP token.
var slowTypeToken = regexp.MustCompile("^[!#$%&'*+.^_`|~0-9a-z-]+$")

// slowEngineEssence is the essence Chromium and Firefox extract: every
// Content-Type value split at commas outside quotes, the last that parses,
// */* skipped, a value with an empty subtype a type.
func slowEngineEssence(h http.Header) string {
	list := strings.Join(h["Content-Type"], ", ")
	var items []string
	start, quoted := 0, false
	for i := 0; i < len(list); i++ {
		switch {
		case list[i] == '"':
			quoted = !quoted
		case list[i] == '\\' && quoted:
			i++
		case list[i] == ',' && !quoted:
			items = append(items, list[start:i])
			start = i + 1
		}
	}
	items = append(items, list[start:])
	last := ""
	for _, item := range items {
		if t, err := ParseBytes([]byte(strings.Trim(item, " \t"))); err == nil && t.Essence() != "*/*" {
			last = t.Essence()
			continue
		}
		e := strings.ToLower(strings.Trim(strings.SplitN(item, ";", 2)[0], " \t"))
		if typ, ok := strings.CutSuffix(e, "/"); ok && slowTypeToken.MatchString(typ) {
			last = e
		}
	}
	if len(h["Content-Type"]) == 0 {
		return ""
	}
	return last
}

// The proposal's classes of types.
func slowSafelisted(e string) bool {
	return e == "text/css" || e == "image/svg+xml" || IsJavaScriptEssenceMatch(e)
}
func slowBlocklisted(e string) bool {
	return e == "text/html" || strings.HasSuffix(e, "+json") || e == "application/json" || e == "text/json" ||
		strings.HasSuffix(e, "+xml") || e == "application/xml" || e == "text/xml"
}
func slowAVI(e string) bool {
	return strings.HasPrefix(e, "audio/") || strings.HasPrefix(e, "image/") || strings.HasPrefix(e, "video/")
}

var slowNeverSniffed = strings.Fields(`application/dash+xml application/gzip application/msexcel
	application/mspowerpoint application/msword application/msword-template application/pdf
	application/vnd.apple.mpegurl application/vnd.ces-quickpoint application/vnd.ces-quicksheet
	application/vnd.ces-quickword application/vnd.ms-excel application/vnd.ms-excel.sheet.macroenabled.12
	application/vnd.ms-powerpoint application/vnd.ms-powerpoint.presentation.macroenabled.12
	application/vnd.ms-word application/vnd.ms-word.document.12 application/vnd.ms-word.document.macroenabled.12
	application/vnd.msword application/vnd.openxmlformats-officedocument.presentationml.presentation
	application/vnd.openxmlformats-officedocument.presentationml.template
	application/vnd.openxmlformats-officedocument.spreadsheetml.sheet
	application/vnd.openxmlformats-officedocument.spreadsheetml.template
	application/vnd.openxmlformats-officedocument.wordprocessingml.document
	application/vnd.openxmlformats-officedocument.wordprocessingml.template
	application/vnd.presentation-openxml application/vnd.presentation-openxmlm
	application/vnd.spreadsheet-openxml application/vnd.wordprocessing-openxml application/x-gzip
	application/x-protobuf application/x-protobuffer application/zip audio/mpegurl multipart/byteranges
	multipart/signed text/event-stream text/csv text/vtt`)

// slowStandardORB is the proposal's check, status 200, first request.
func slowStandardORB(h http.Header, body []byte, complete, media bool) bool {
	t, ok := ExtractMIMEType(h)
	e := t.Essence()
	nosniff := DetermineNoSniff(h)
	if ok {
		if slowSafelisted(e) {
			return true
		}
		if slices.Contains(slowNeverSniffed, e) {
			return false
		}
		if nosniff && (slowBlocklisted(e) || e == "text/plain") {
			return false
		}
	}
	head := body[:min(len(body), 1024)]
	if _, ok := MatchImageTypePattern(head); ok {
		return true
	}
	if _, ok := MatchAudioOrVideoTypePattern(head); ok {
		return true
	}
	if media || nosniff {
		return false
	}
	if !ok {
		return true
	}
	if slowAVI(e) {
		return false
	}
	return slowMayBeScript(body, complete)
}

// slowMayBeScript is the last step of the standard's and Firefox's rules:
// mayParseAsScript, which TestMayParseAsScript checks on its own against
// a JavaScript engine's answers.
func slowMayBeScript(body []byte, complete bool) bool {
	return mayParseAsScript(body, complete)
}

// slowChromiumORB is Chromium's ORB, in crossrules.js's steps.
func slowChromiumORB(h http.Header, body []byte) bool {
	m := slowEngineEssence(h)
	ns := DetermineNoSniff(h)
	safelisted := m == "text/css" || m == "image/svg+xml" || strings.HasPrefix(m, "audio/") || strings.HasPrefix(m, "video/") ||
		m == "application/ogg" || m == "application/dash+xml" || m == "application/vnd.apple.mpegurl" || m == "text/vtt"
	if m != "" && safelisted {
		return true
	}
	if m == "text/pdf" || slices.Contains(slowNeverSniffed, m) && m != "application/x-protobuffer" {
		return false
	}
	isJSON := m == "application/json" || m == "text/json" || strings.HasSuffix(m, "+json") || m == "application/json+protobuf"
	isXML := (m == "application/xml" || m == "text/xml" || strings.HasSuffix(m, "+xml")) && m != "image/svg+xml" && m != "application/dash+xml"
	if ns && (m == "text/html" || isJSON || isXML || m == "text/plain") {
		return false
	}
	b := body[:min(len(body), 1024)]
	at := func(i int, s string) bool { return len(b) >= i+len(s) && string(b[i:i+len(s)]) == s }
	_, image := MatchImageTypePattern(b)
	_, media := MatchAudioOrVideoTypePattern(b)
	media = media || at(0, "fLaC") || at(0, "FLV") || at(4, "ftyp") || at(4, "moov") || at(0, "\x1A\x45\xDF\xA3") ||
		len(b) >= 2 && b[0] == 0xFF && b[1]&0xE0 == 0xE0 || len(b) >= 4 && b[0] == 0 && b[1] == 0 && b[2] == 1 && b[3]&0xF0 == 0xB0 ||
		at(0, "\x30\x26\xB2\x75\x8E\x66\xCF\x11") || at(0, ".RMF") || at(0, "#!AMR\n")
	image = image || at(0, "II*") || at(0, "MM\x00*") || at(0, "I I") || at(0, "#define")
	if media || image || m == "" {
		return true
	}
	s := strings.TrimPrefix(string(b), "\xEF\xBB\xBF")
	ws := " \t\r\n\f"
	// HTML.
	for rest := s; ; {
		rest = strings.TrimLeft(rest, ws)
		low := strings.ToLower(rest)
		for _, tag := range []string{"<!doctype html", "<script", "<html", "<head", "<iframe", "<h1", "<div", "<font", "<table", "<a", "<style", "<title", "<b", "<p"} {
			if strings.HasPrefix(low, tag) {
				return false
			}
		}
		if !strings.HasPrefix(rest, "<!--") {
			break
		}
		end := strings.Index(rest[4:], "-->")
		if end < 0 {
			break
		}
		rest = rest[4+end+3:]
		nl := strings.IndexAny(rest, "\r\n\u2028\u2029") // JavaScript's line terminators
		if nl < 0 {
			break
		}
		rest = rest[nl:]
	}
	if strings.HasPrefix(strings.TrimLeft(s, ws), "<?xml") {
		return false
	}
	for _, p := range []string{")]}'", "{}&&", "{} &&", "for(;;);", "while(1);", "for (;;);", "while (1);"} {
		if strings.HasPrefix(s, p) {
			return false
		}
	}
	return !regexp.MustCompile(`^[ \t\r\n\f]*\{[ \t\r\n\f]*"([^"\\]|\\.)*"[ \t\r\n\f]*:`).MatchString(s)
}

// slowFirefoxORB is Firefox's ORB, in crossrules.js's steps.
func slowFirefoxORB(h http.Header, b []byte, complete, media bool) bool {
	m := slowEngineEssence(h)
	ns := DetermineNoSniff(h)
	if m != "" {
		if slowSafelisted(m) {
			return true
		}
		switch m {
		case "application/dash+xml", "application/vnd.apple.mpegurl", "audio/mpegurl", "text/vtt",
			"audio/mpeg", "audio/aac", "audio/aacp", "multipart/x-mixed-replace":
			return true
		}
		if m == "text/plain" && ns {
			return true
		}
		if slices.Contains(slowNeverSniffed, m) && m != "application/x-gzip" {
			return false
		}
		if ns && slowBlocklisted(m) {
			return false
		}
	}
	if _, ok := MatchImageTypePattern(b); ok {
		return true
	}
	at := func(i int, s string) bool { return len(b) >= i+len(s) && string(b[i:i+len(s)]) == s }
	ftyp := at(4, "ftyp") && binary.BigEndian.Uint32(b) >= 16 && int(binary.BigEndian.Uint32(b)) <= len(b)
	ebml := at(0, "\x1A\x45\xDF\xA3") && regexp.MustCompile("webm|matroska").Match(b[:min(len(b), 512)])
	mpeg := len(b) >= 2 && b[0] == 0xFF && b[1]&0xE0 == 0xE0 && (b[1]&0x06 == 0x02 || b[1]&0x06 == 0)
	if ftyp || ebml || at(0, "OggS\x00") || at(0, "RIFF") && at(8, "WAVE") || at(0, "ID3") || mpeg || at(0, "fLaC") {
		return true
	}
	if media || ns {
		return false
	}
	if m == "" {
		return true
	}
	if slowAVI(m) {
		return false
	}
	return slowMayBeScript(b, complete)
}
