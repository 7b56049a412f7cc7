// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff

import (
	"net/http"
	"sort"
	"strings"
)

// This file keeps a slow, literal transcription of ReportFor: every
// destination and every profile on its own, each read from the whole header
// list with Fetch's and the standard's algorithms, as Report's and
// DestinationVerdict's doc comments define them. ReportFor shares the work
// between destinations and reads the header list once;
// FuzzReportAgainstSlow checks it against this.

// ReportForSlow is ReportFor computed the long way: every reading of h on
// its own (slowReadings), then their union.
func ReportForSlow(h http.Header, body []byte) Report {
	readings := slowReadings(h)
	if readings == nil {
		// Too many readings: script runs wherever a response can run
		// script, in every profile.
		var all BrowserSet
		for _, b := range profiles {
			all = all.with(b)
		}
		rep := Report{DocumentScript: true, ScriptInclusion: true, CrossOriginRead: true}
		for i := range rep.verdicts {
			d := Destination(i)
			switch d {
			case DestinationEmpty, DestinationImage, DestinationScript, DestinationStyle, DestinationAudio, DestinationVideo, DestinationTrack:
				rep.verdicts[i].CrossOrigin = all
			}
			switch d {
			case DestinationDocument, DestinationFrame, DestinationIFrame, DestinationObject, DestinationEmbed,
				DestinationScript, DestinationWorker, DestinationSharedWorker, DestinationServiceWorker,
				DestinationAudioWorklet, DestinationPaintWorklet, DestinationXSLT:
				rep.verdicts[i].Script = all
			}
		}
		return rep
	}
	rep := slowReportCoded(readings[0], body)
	for _, r := range readings[1:] {
		slowUnion(&rep, slowReportCoded(r, body))
	}
	return rep
}

// slowUnion adds to rep what the report of another reading, one, lets
// script do: a set of profiles is the union, and Blocked holds where both
// block.
func slowUnion(rep *Report, one Report) {
	rep.DocumentScript = rep.DocumentScript || one.DocumentScript
	rep.ScriptInclusion = rep.ScriptInclusion || one.ScriptInclusion
	rep.CrossOriginRead = rep.CrossOriginRead || one.CrossOriginRead
	for d := range rep.verdicts {
		rep.verdicts[d].Blocked = rep.verdicts[d].Blocked && one.verdicts[d].Blocked
		rep.verdicts[d].Script = rep.verdicts[d].Script.union(one.verdicts[d].Script)
		rep.verdicts[d].CrossOrigin = rep.verdicts[d].CrossOrigin.union(one.verdicts[d].CrossOrigin)
	}
}

// slowNames are the headers a report reads.
var slowNames = []string{"Content-Type", "Content-Encoding", "X-Content-Type-Options", "Content-Disposition", "Content-Security-Policy", "Cross-Origin-Resource-Policy"}

// slowReadings returns every header list a browser can receive for h, under
// canonical names: for each of slowNames, every order of the values of its
// spellings, the sorted order of the keys first; each read as HTTP/1.1 carries
// it (CR and LF as spaces, trimmed of spaces and tabs) and, where a value
// has a control byte but a tab, as HTTP/2 does (without that value). The
// first is net/http's over HTTP/1.1. It returns nil for more than 64.
func slowReadings(h http.Header) []http.Header {
	readings := []http.Header{{}}
	control := false
	for _, name := range slowNames {
		var keys []string
		for k, values := range h {
			if len(values) > 0 && strings.EqualFold(k, name) {
				keys = append(keys, k)
				for _, v := range values {
					control = control || strings.ContainsFunc(v, func(r rune) bool { return r < ' ' && r != '\t' || r == 0x7F })
				}
			}
		}
		if keys == nil {
			continue
		}
		sort.Strings(keys)
		var next []http.Header
		for _, r := range readings {
			for _, order := range slowPermutations(keys) {
				c := r.Clone()
				for _, k := range order {
					c[name] = append(c[name], h[k]...)
				}
				next = append(next, c)
			}
		}
		if readings = next; len(readings) > 64 {
			return nil
		}
	}
	var out []http.Header
	for _, r := range readings {
		h1, h2 := http.Header{}, http.Header{}
		for k, values := range r {
			for _, v := range values {
				h1[k] = append(h1[k], strings.Trim(strings.NewReplacer("\r", " ", "\n", " ").Replace(v), " \t"))
				if !strings.ContainsFunc(v, func(r rune) bool { return r < ' ' && r != '\t' || r == 0x7F }) {
					h2[k] = append(h2[k], v)
				}
			}
		}
		out = append(out, h1)
		if control {
			out = append(out, h2)
		}
	}
	if len(out) > 64 {
		return nil
	}
	return out
}

// slowPermutations returns every order of keys, keys' own first.
func slowPermutations(keys []string) [][]string {
	if len(keys) <= 1 {
		return [][]string{keys}
	}
	var out [][]string
	for i, k := range keys {
		rest := append(append([]string{}, keys[:i]...), keys[i+1:]...)
		for _, p := range slowPermutations(rest) {
			out = append(out, append([]string{k}, p...))
		}
	}
	return out
}

// slowReportCoded is slowReport for a body coded as h's Content-Encoding
// says: decoded (with the package's decoder, which TestContentCodings
// checks), or, where not even a byte decodes, the union of the reports for
// every body of anyBody and the empty one.
func slowReportCoded(h http.Header, body []byte) Report {
	if len(h["Content-Encoding"]) == 0 {
		return slowReport(h, body)
	}
	if decoded, ok := decodeHeader(h["Content-Encoding"], body); ok {
		return slowReport(h, decoded)
	}
	h = h.Clone()
	delete(h, "Content-Encoding")
	rep := slowReport(h, nil)
	for _, b := range anyBody {
		slowUnion(&rep, slowReport(h, []byte(b)))
	}
	return rep
}

// slowReport is the report for one reading h of a header list, under
// canonical names, and a body that starts with header.
func slowReport(h http.Header, header []byte) Report {
	supplied, apacheBug := SuppliedFromHTTP(h)
	fetchType, fetchOK := ExtractMIMEType(h)
	res := Resource{
		Supplied:          supplied,
		CheckForApacheBug: apacheBug,
		NoSniff:           DetermineNoSniff(h),
		Header:            resourceHeader(header),
	}
	// The context-specific rules read the type as Fetch extracts it.
	fetchRes := res
	fetchRes.Supplied = fetchType

	var rep Report
	for i := range rep.verdicts {
		d := Destination(i)
		var v DestinationVerdict
		v.Blocked = blockedNoSniff(res.NoSniff, fetchType.Essence(), fetchOK, d) || blockedMIMEType(fetchType.Essence(), fetchOK, d)
		switch d {
		case DestinationDocument, DestinationFrame, DestinationIFrame:
			v.Type = res.Sniff()
		case DestinationObject, DestinationEmbed:
			v.Type = fetchRes.SniffPlugin()
		case DestinationImage:
			v.Type = fetchRes.SniffImage()
		case DestinationAudio, DestinationVideo:
			v.Type = fetchRes.SniffAudioOrVideo()
		case DestinationFont:
			v.Type = fetchRes.SniffFont()
		case DestinationTrack:
			v.Type = fetchRes.SniffTextTrack()
		case DestinationStyle:
			v.Type = fetchRes.SniffStyle()
		default:
			v.Type = fetchType
		}
		for _, b := range profiles {
			if slowScriptRuns(h, &res, fetchType, b, d, v.Blocked) {
				v.Script = v.Script.with(b)
			}
			if slowCrossOrigin(h, header, b, d, v.Blocked) {
				v.CrossOrigin = v.CrossOrigin.with(b)
			}
		}
		rep.verdicts[i] = v
		rep.CrossOriginRead = rep.CrossOriginRead || !v.CrossOrigin.IsEmpty()
		switch d {
		case DestinationDocument, DestinationFrame, DestinationIFrame, DestinationObject, DestinationEmbed:
			rep.DocumentScript = rep.DocumentScript || !v.Script.IsEmpty()
		case DestinationXSLT:
		default:
			rep.ScriptInclusion = rep.ScriptInclusion || !v.Script.IsEmpty()
		}
	}
	return rep
}

// slowScriptRuns reports whether script from the response res, with header
// list h and the type Fetch extracts from it, runs in profile b for
// destination d, which Fetch blocks or not.
func slowScriptRuns(h http.Header, res *Resource, fetchType MIMEType, b Browser, d Destination, blocked bool) bool {
	switch d {
	case DestinationDocument, DestinationFrame, DestinationIFrame, DestinationObject, DestinationEmbed:
		rd := readHTTP(h)
		t := res.sniffAs(b, &rd)
		renders := b.Scriptable(t)
		if b == Standard && !renders {
			// Both readings of several Content-Type values count for
			// the standard profile: its own last one and Fetch's.
			r := *res
			r.Supplied = fetchType
			renders = b.Scriptable(r.Sniff())
		}
		if !renders {
			return false
		}
		if dispositionAttachment(h["Content-Disposition"]).Has(b) && b.downloadsAttachment(d, t) {
			return false
		}
		sandbox := cspSandbox(h["Content-Security-Policy"])
		return sandbox&sandboxed == 0 || sandbox&(allowScripts|allowSameOrigin) == allowScripts|allowSameOrigin
	case DestinationXSLT:
		return !blocked // any type, as every profile uses it
	}
	if !d.isScriptLike() {
		return false
	}
	js, workerJS := fetchType.IsJavaScript(), fetchType.IsJavaScript()
	if b == WebKit {
		// WebKitGTK blocks by the first value of the Content-Type lines
		// joined, and types a worker by the last line cut at ";" or ",".
		values := h["Content-Type"]
		first := strings.Join(values, ", ")
		inQuotes := false
		for i := 0; i < len(first); i++ {
			if first[i] == '"' {
				inQuotes = !inQuotes
			} else if first[i] == ',' && !inQuotes {
				first = first[:i]
				break
			}
		}
		t, err := ParseBytes([]byte(first))
		noSniff := len(h["X-Content-Type-Options"]) > 0 && strings.Trim(h["X-Content-Type-Options"][len(h["X-Content-Type-Options"])-1], " \t") == "nosniff"
		blocked = blockedNoSniff(noSniff, t.Essence(), err == nil, d) || blockedMIMEType(t.Essence(), err == nil, d)
		workerJS = false
		if n := len(values); n > 0 {
			last, _, _ := strings.Cut(values[n-1], ";")
			last, _, _ = strings.Cut(last, ",")
			workerJS = IsJavaScriptEssenceMatch(strings.Trim(last, " \t"))
		}
		js = js || workerJS
	}
	switch d {
	case DestinationScript:
		return !blocked
	case DestinationWorker, DestinationSharedWorker:
		return !blocked && b.workerTypeAllowed(workerJS)
	case DestinationServiceWorker, DestinationAudioWorklet, DestinationPaintWorklet:
		return !blocked && js
	}
	return false
}

// readHTTP returns how the browser profiles read header list h.
func readHTTP(h http.Header) httpReading {
	v, _ := readHeaders(h)
	t, _ := extractMIMEType(v[hdrContentType])
	return readHTTPWith(&v, t, t.Essence())
}
