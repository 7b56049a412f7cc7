// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff

import "net/http"

// This file keeps a slow, literal transcription of ReportFor: every
// destination and every profile on its own, each read from the whole header
// list with Fetch's and the standard's algorithms, as Report's and
// DestinationVerdict's doc comments define them. ReportFor shares the work
// between destinations and reads the header list once;
// FuzzReportAgainstSlow checks it against this.

// ReportForSlow is ReportFor computed the long way.
func ReportForSlow(h http.Header, header []byte) Report {
	// Header names count under any spelling, as net/http sends them.
	h = h.Clone()
	mergeAll(h)
	supplied, apacheBug := SuppliedFromHTTP(h)
	fetchType, fetchOK := ExtractMIMEType(h)
	res := Resource{
		Supplied:          supplied,
		CheckForApacheBug: apacheBug,
		NoSniff:           DetermineNoSniff(h),
		Header:            resourceHeader(header),
		http:              readHTTP(h),
	}
	// The context-specific rules read the type as Fetch extracts it.
	fetchRes := res
	fetchRes.Supplied = fetchType

	var rep Report
	for i := range rep.Destinations {
		d := Destination(i)
		v := DestinationVerdict{Destination: d}
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
		}
		rep.Destinations[i] = v
		switch d {
		case DestinationDocument, DestinationFrame, DestinationIFrame, DestinationObject, DestinationEmbed:
			rep.DocumentScript = rep.DocumentScript || v.Script != 0
		case DestinationXSLT:
		default:
			rep.ScriptInclusion = rep.ScriptInclusion || v.Script != 0
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
		t := res.sniffAs(b)
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
	case DestinationScript:
		return !blocked
	case DestinationWorker, DestinationSharedWorker:
		return !blocked && b.workerTypeAllowed(fetchType.IsJavaScript())
	case DestinationServiceWorker, DestinationAudioWorklet, DestinationPaintWorklet:
		return !blocked && fetchType.IsJavaScript()
	case DestinationXSLT:
		return !blocked && xsltAnyType()
	}
	return false
}
