// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"
)

// A DestinationVerdict is what browsers do with a response for one
// destination ([Report.Verdict]).
type DestinationVerdict struct {
	// Blocked reports whether Fetch blocks the response for this
	// destination: whether it should be blocked due to nosniff or due to
	// its MIME type.
	Blocked bool

	// Type is the type the standard works with there: the
	// context-specific sniffing rule's result, the computed MIME type for
	// document, frame and iframe, or the type extracted from the headers
	// where nothing is sniffed. The zero MIMEType means undefined. A
	// browser profile may compute another ([Resource.SniffAs]).
	Type MIMEType

	// Script is the set of profiles in which script from the response
	// runs there: in a document with the server's origin for document,
	// frame, iframe, object and embed; as a script, worker or style sheet
	// transformation, in whatever origin, for the script-like
	// destinations and xslt. It is empty for every other destination.
	Script BrowserSet

	// CrossOrigin is the set of profiles in which a page of another site
	// that loads the response for this destination without CORS gets its
	// bytes into its own process: as an image, a classic script, a style
	// sheet, audio, video, a text track, or the body of a fetch with mode
	// "no-cors" (destination ""). It is empty for every other
	// destination, which such a page cannot load without CORS (a font, a
	// module script, a worker) or gets only as a document of the server's
	// origin (a frame, an object). Opaque Response Blocking keeps some
	// responses out in Chromium and Firefox, WebKitGTK has none, and a
	// Cross-Origin-Resource-Policy of same-origin or same-site keeps
	// every response out in all: see docs/crossorigin.md. The answer
	// over-approximates: where a browser's rule needs more than the
	// package reads (Firefox parses the whole body as JavaScript), the
	// profile is in the set.
	CrossOrigin BrowserSet
}

// A Report is what browsers can do with one response, for every Fetch
// destination and every browser profile.
//
// It tells apart two threats. DocumentScript is stored cross-site scripting:
// the response can render as a document that runs script with the server's
// origin, its cookies and its storage, through a link, a frame, an object or
// an embed element. ScriptInclusion is a script gadget: a page can run the
// response as a script (a classic or module script, a worker, a worklet),
// which needs a page of the server's origin that includes it, or lets
// another origin read it as a script. A server serving uploads
// refuses or neutralizes the first; nosniff and a type that is not
// JavaScript close the second.
//
// The third threat, CrossOriginRead, is a cross-site read: a page of another
// site loads the response without CORS, as an image or a script, and holds
// its bytes in its own process.
//
// Its JSON form is in docs/responses.md.
type Report struct {
	// DocumentScript reports whether, in some profile, the response
	// renders as a document that runs script with the server's origin:
	// whether Script is set for document, frame, iframe, object or embed.
	DocumentScript bool

	// ScriptInclusion reports whether, in some profile, a page can run
	// the response as a script: whether Script is set for a script-like
	// destination (a classic or module script, a worker, a worklet).
	//
	// An XSLT style sheet is in neither summary: a same-origin XML
	// document can use any response as one, whatever its headers (the
	// xslt verdict says so), so no header closes that gadget.
	ScriptInclusion bool

	// CrossOriginRead reports whether, in some profile, a page of another
	// site can load the response's bytes into its own process without
	// CORS: whether CrossOrigin is set for some destination. There they
	// are one side channel or renderer bug away from that page, whatever
	// its script can read; a response that holds a secret closes it with
	// Cross-Origin-Resource-Policy: same-origin (or same-site).
	CrossOriginRead bool

	// verdicts has one verdict per destination, indexed by Destination:
	// a Report can grow with Fetch's destinations without a change to
	// its exported shape.
	verdicts [numDestinations]DestinationVerdict
}

// Verdict returns the verdict for destination d, and false with the zero
// verdict for a value of d that is no destination.
//
// Destinations are numbered from 0, DestinationEmpty, in Destination's
// order, so every verdict can be read by counting up until ok is false;
// Fetch's new destinations come last.
func (r Report) Verdict(d Destination) (v DestinationVerdict, ok bool) {
	if int(d) >= len(r.verdicts) {
		return DestinationVerdict{}, false
	}
	return r.verdicts[d], true
}

// MarshalJSON returns the JSON form of r (see [Report]).
func (r Report) MarshalJSON() ([]byte, error) {
	type verdict struct {
		Destination Destination `json:"destination"`
		Blocked     bool        `json:"blocked"`
		Type        *string     `json:"type"`
		Script      []string    `json:"script"`
		CrossOrigin []string    `json:"crossOrigin"`
	}
	out := struct {
		DocumentScript  bool      `json:"documentScript"`
		ScriptInclusion bool      `json:"scriptInclusion"`
		CrossOriginRead bool      `json:"crossOriginRead"`
		Destinations    []verdict `json:"destinations"`
	}{r.DocumentScript, r.ScriptInclusion, r.CrossOriginRead, make([]verdict, len(r.verdicts))}
	for d, v := range r.verdicts {
		out.Destinations[d] = verdict{Destination: Destination(d), Blocked: v.Blocked, Script: v.Script.names(), CrossOrigin: v.CrossOrigin.names()}
		if v.Type.IsValid() {
			out.Destinations[d].Type = &v.Type.s
		}
	}
	return json.Marshal(out)
}

// ReportFor returns what every browser profile can do with a response with
// status 200, header list h and a body starting with body, for every
// destination: ReportFor(h, body) is ReportForStatus(http.StatusOK, h, body).
//
// Script in a document counts where a profile renders the response as a
// type it runs script in ([Resource.SniffAs], [Browser.Scriptable]) and no
// Content-Disposition or CSP sandbox stops it; script in a script-like
// destination where neither Fetch nor HTML's type checks block it. h is the
// header list a browser receives, such as an http.Response's Header; where
// it reads in several ways (one name under several spellings), the report
// is the least cautious of every reading. body is the body as the wire
// carries it: content codings are undone as a browser does, and where they
// cannot be the report is the least cautious over every body. It allocates
// nothing for the common header lists. docs/responses.md has the details.
func ReportFor(h http.Header, body []byte) Report {
	return ReportForStatus(http.StatusOK, h, body)
}

// ReportForStatus returns what every browser profile can do with a response
// with status code, header list h and a body starting with body, for every
// destination. ReportFor(h, body) is ReportForStatus(http.StatusOK, h, body).
//
// The status decides whether anything runs, renders or reaches another
// site, as each engine was recorded deciding it; Type and Blocked are the
// headers' and the body's alone. A code no wire carries counts as the
// nearest recorded one, a final 1xx as every status at once. See
// docs/serving.md, "Status codes", and docs/responses.md.
func ReportForStatus(code int, h http.Header, body []byte) Report {
	st := readStatus(code, h)
	if st.class == statusInformational {
		return informationalReport(h, body)
	}
	v, ambiguous := readHeaders(h)
	if !ambiguous {
		return reportFor(&v, &st, body)
	}
	var rep Report
	first := true
	if !eachReading(h, func(v *headerValues) bool {
		r := reportFor(v, &st, body)
		if first {
			rep, first = r, false
		} else {
			rep.add(&r)
		}
		return true
	}) {
		return cautiousReport(&st)
	}
	return rep
}

// summarize sets rep's summaries from its verdicts.
func (rep *Report) summarize() {
	rep.DocumentScript, rep.ScriptInclusion, rep.CrossOriginRead = false, false, false
	for d, kind := range destinationKinds {
		v := &rep.verdicts[d]
		switch kind.script {
		case scriptNavigable, scriptPlugin:
			rep.DocumentScript = rep.DocumentScript || !v.Script.IsEmpty()
		case scriptClassic, scriptWorker, scriptJavaScriptOnly, scriptWorklet:
			rep.ScriptInclusion = rep.ScriptInclusion || !v.Script.IsEmpty()
		}
		rep.CrossOriginRead = rep.CrossOriginRead || !v.CrossOrigin.IsEmpty()
	}
}

// informationalCodes are a code of every other status class: a final 1xx,
// which no engine was recorded with (each takes a 1xx for an interim
// response and waits for another), is answered as all of them at once.
var informationalCodes = []int{
	http.StatusOK, http.StatusNoContent, http.StatusResetContent, http.StatusNotModified,
	http.StatusMultipleChoices, http.StatusNotFound, 99, 600,
}

// informationalReport returns the report for a response with a final 1xx
// status, header list h and body: the least cautious of the reports for
// every class of status (informationalCodes).
func informationalReport(h http.Header, body []byte) Report {
	rep := ReportForStatus(informationalCodes[0], h, body)
	for _, code := range informationalCodes[1:] {
		r := ReportForStatus(code, h, body)
		rep.add(&r)
	}
	return rep
}

// add adds to rep what another reading of the same response, r, lets
// script do.
func (rep *Report) add(r *Report) {
	rep.DocumentScript = rep.DocumentScript || r.DocumentScript
	rep.ScriptInclusion = rep.ScriptInclusion || r.ScriptInclusion
	rep.CrossOriginRead = rep.CrossOriginRead || r.CrossOriginRead
	for d := range rep.verdicts {
		v, w := &rep.verdicts[d], &r.verdicts[d]
		v.Blocked = v.Blocked && w.Blocked
		v.Script = v.Script.union(w.Script)
		v.CrossOrigin = v.CrossOrigin.union(w.CrossOrigin)
	}
}

// cautiousReport returns the report for a response of status st whose
// headers the package cannot read: nothing blocked, and script running in
// every profile wherever a response of that status can run script.
func cautiousReport(st *statusReading) Report {
	var rep Report // its summaries follow from its verdicts (summarize)
	for d, kind := range destinationKinds {
		if kind.script != scriptNone {
			rep.verdicts[d].Script = allProfiles.intersect(statusScriptRuns[st.class][kind.script])
		}
		if kind.read != readNone && st.class != statusRedirect {
			rep.verdicts[d].CrossOrigin = allProfiles
		}
	}
	rep.summarize()
	return rep
}

// reportFor is ReportForStatus for one reading v of the header list and
// the status st.
func reportFor(v *headerValues, st *statusReading, body []byte) Report {
	if len(v[hdrContentEncoding]) > 0 {
		decoded, ok := decodeHeader(v[hdrContentEncoding], body)
		if !ok {
			return anyBodyReport(v, st)
		}
		body = decoded
	}
	var rr response
	rr.read(v, body)
	rr.status = *st
	// What each profile renders a document as depends on the response
	// only, not on the destination: sniff it once for all five.
	var renders BrowserSet
	for _, b := range profiles {
		if rr.rendersScript(b) {
			renders = renders.with(b)
		}
	}
	var k kindVerdicts
	k.types = rr.standardTypes()
	// Blocking, and which profiles run script, depend on the destination
	// only through its kind: compute them once a kind.
	k.blocked[blockScriptLike] = rr.blocked(DestinationScript)
	k.blocked[blockStyle] = rr.blocked(DestinationStyle)
	k.blocked[blockOther] = rr.blocked(DestinationEmpty)
	rr.webkitBlocked = webkitScriptBlocked(v[hdrContentType], rr.http.webkitNoSniff, rr.http.fetchEssence, rr.fetchOK)
	rr.webkitWorkerJS = webkitWorkerJavaScript(v[hdrContentType])
	k.script = rr.script(renders, &k.blocked)
	for kind, runs := range statusScriptRuns[st.class] {
		k.script[kind] = k.script[kind].intersect(runs)
	}
	k.read = rr.crossOrigin(v, &k.blocked)
	var rep Report
	var read BrowserSet
	for d, kind := range destinationKinds {
		rep.verdicts[d] = DestinationVerdict{
			Blocked:     k.blocked[kind.block],
			Type:        k.types[kind.typ],
			Script:      k.script[kind.script],
			CrossOrigin: k.read[kind.read],
		}
		read = read.union(k.read[kind.read])
	}
	rep.DocumentScript = !k.script[scriptNavigable].union(k.script[scriptPlugin]).IsEmpty()
	rep.ScriptInclusion = !k.script[scriptClassic].union(k.script[scriptWorker]).union(k.script[scriptJavaScriptOnly]).union(k.script[scriptWorklet]).IsEmpty()
	rep.CrossOriginRead = !read.IsEmpty()
	return rep
}

// crossOrigin returns, for each readKind, the profiles in which a page of
// another site that loads the response that way gets its bytes, given the
// header values v and what Fetch blocks.
//
// A classic script or a style sheet that Fetch blocks (for nosniff or for
// its type) reaches the page in Chromium, which checks types in the page's
// own process (the recordings' loads of such responses are delivered, with
// a "Refused to execute" message in the page), and in no other profile:
// Firefox checks them in its network process (their loads are blocked, by
// "mime" in the recordings), WebKitGTK delivers every response it
// requests, and the standard's blocking comes
// before the response reaches the page. A text track of another origin
// needs CORS in HTML (the track element's request has the same-origin
// fallback flag), so Chromium and Firefox never request one; WebKitGTK
// does, and delivers it.
// See https://html.spec.whatwg.org/multipage/media.html#start-the-track-processing-model.
func (rr *response) crossOrigin(v *headerValues, blocked *[numBlockKinds]bool) (s [numReadKinds]BrowserSet) {
	if corpBlocks(v[hdrCORP]) || rr.status.class == statusRedirect {
		// A followed redirect's own body reaches no page: its target's
		// does (cases s301+..., each delivered as its 200).
		return s
	}
	o := crossOriginResponse{
		status:        rr.status,
		essence:       rr.http.fetchEssence,
		engineEssence: orbEngineEssence(v[hdrContentType], rr.http.fetchEssence),
		noSniff:       rr.res.NoSniff,
		h:             rr.res.Header,
		complete:      rr.complete,
	}
	if rr.status.nullBody() {
		// Chromium, Firefox and the standard read no body of a 204, 205
		// or 304, and so sniff none: ORB lets through what it would let
		// through empty (cases s204+t-text-html/html, delivered in
		// Chromium; s204+t-image-png/png, blocked in Firefox as an image
		// type that does not sniff as one).
		o.h, o.complete = nil, true
	}
	o.neverSniffed = o.essence != "" && slices.Contains(orbNeverSniffed, o.essence)
	o.engineNeverSniffed = o.neverSniffed
	if o.engineEssence != o.essence {
		o.engineNeverSniffed = slices.Contains(orbNeverSniffed, o.engineEssence)
	}
	standard, standardMedia := fetchORBAllows(&o)
	chromium := chromiumORBAllows(&o)
	firefox, firefoxMedia := firefoxORBAllows(&o)
	for k := readFetch; k < numReadKinds; k++ {
		var set BrowserSet
		typeBlocked := k == readScript && blocked[blockScriptLike] || k == readStyle && blocked[blockStyle]
		std, ff := standard, firefox
		if k == readMedia {
			std, ff = standardMedia, firefoxMedia
		}
		if k != readTrack {
			if std && !typeBlocked {
				set = set.with(Standard)
			}
			if chromium {
				set = set.with(Chromium)
			}
			if ff && !typeBlocked {
				set = set.with(Firefox)
			}
		}
		// WebKitGTK has no Opaque Response Blocking: of the 12,048
		// responses its recordings load in each of the seven ways, it
		// delivered every one that Cross-Origin-Resource-Policy did not
		// stop, JSON, HTML and PDF under any type and nosniff among them
		// (none/orb/json-object, t-text-html-ns/orb/html-doctype), a text
		// track included.
		if rr.status.class != statusBelowRange {
			s[k] = set.with(WebKit)
		} else {
			// libsoup refuses a status line with a code below 100: a
			// network error (s099+t-text-css/css, blocked in all seven
			// ways).
			s[k] = set
		}
	}
	return s
}

// destinationKinds are the kinds of each destination, in Destination's
// order: how Fetch blocks a response to it, which of the standard's types it
// has, how script from it runs, and how a page of another site loads it
// without CORS.
var destinationKinds = [numDestinations]struct {
	block  blockKind
	typ    typeKind
	script scriptKind
	read   readKind
}{
	DestinationEmpty:         {blockOther, typeFetched, scriptNone, readFetch},
	DestinationAudio:         {blockOther, typeMedia, scriptNone, readMedia},
	DestinationAudioWorklet:  {blockScriptLike, typeFetched, scriptWorklet, readNone},
	DestinationDocument:      {blockOther, typeDocument, scriptNavigable, readNone},
	DestinationEmbed:         {blockOther, typePlugin, scriptPlugin, readNone},
	DestinationFont:          {blockOther, typeFont, scriptNone, readNone},
	DestinationFrame:         {blockOther, typeDocument, scriptNavigable, readNone},
	DestinationIFrame:        {blockOther, typeDocument, scriptNavigable, readNone},
	DestinationImage:         {blockOther, typeImage, scriptNone, readImage},
	DestinationJSON:          {blockOther, typeFetched, scriptNone, readNone},
	DestinationManifest:      {blockOther, typeFetched, scriptNone, readNone},
	DestinationObject:        {blockOther, typePlugin, scriptPlugin, readNone},
	DestinationPaintWorklet:  {blockScriptLike, typeFetched, scriptWorklet, readNone},
	DestinationReport:        {blockOther, typeFetched, scriptNone, readNone},
	DestinationScript:        {blockScriptLike, typeFetched, scriptClassic, readScript},
	DestinationServiceWorker: {blockScriptLike, typeFetched, scriptJavaScriptOnly, readNone},
	DestinationSharedWorker:  {blockScriptLike, typeFetched, scriptWorker, readNone},
	DestinationStyle:         {blockStyle, typeStyle, scriptNone, readStyle},
	DestinationTrack:         {blockOther, typeTrack, scriptNone, readTrack},
	DestinationVideo:         {blockOther, typeMedia, scriptNone, readMedia},
	DestinationWebIdentity:   {blockOther, typeFetched, scriptNone, readNone},
	DestinationWorker:        {blockScriptLike, typeFetched, scriptWorker, readNone},
	DestinationXSLT:          {blockOther, typeFetched, scriptXSLT, readNone},
	DestinationText:          {blockOther, typeFetched, scriptNone, readNone},
}

// kindVerdicts are what a report computes once a kind of destination: how
// Fetch blocks a response to it, which of the standard's types it has, and
// in which profiles script from it runs.
type kindVerdicts struct {
	blocked [numBlockKinds]bool
	types   [numTypeKinds]MIMEType
	script  [numScriptKinds]BrowserSet
	read    [numReadKinds]BrowserSet
}

// anyBodyReport returns the report for a response with the headers v whose
// body is unknown: what a browser does with some body (anyBody), for each
// verdict, with the content codings taken as undone.
func anyBodyReport(v *headerValues, st *statusReading) Report {
	plain := *v
	plain[hdrContentEncoding] = nil
	rep := reportFor(&plain, st, nil)
	for _, body := range anyBody {
		r := reportFor(&plain, st, []byte(body))
		rep.add(&r)
	}
	return rep
}

// anyBody are bodies that, between them, lead every profile to every type
// it can render a response of a given header list as that runs script (an
// HTML page by each sniffer's tags, an XML document, a PDF, a feed) and to
// every verdict of its Opaque Response Blocking that hands the bytes to
// another site (media, JavaScript). FuzzAnyBody checks that no other body
// lets script or another site do more.
var anyBody = []string{
	"<!DOCTYPE html><html><script>",
	"<html><head><script>",
	"<script>",
	"<?xml version=\"1.0\"?><html xmlns=\"http://www.w3.org/1999/xhtml\"><script/></html>",
	"<svg xmlns=\"http://www.w3.org/2000/svg\"><script/></svg>",
	"%PDF-1.7\n",
	"<rss version=\"2.0\"><channel>",
	"<feed xmlns=\"http://www.w3.org/2005/Atom\">",
	"<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\" xmlns=\"http://purl.org/rss/1.0/\">",
	"hello",
	"\x00\x01\x02",
	// Binary bytes after a document's signature: WebKit sniffs a
	// text/plain that looks binary with the scriptable rules.
	"%PDF-1.7\n\x00\x01",
	"<html><script>\x00\x01",
	"<?xml version=\"1.0\"?><x/>\x00\x01",
	// Bodies ORB hands to another site's page: an image, audio and
	// video by their signatures, and JavaScript that is not JSON.
	"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR",
	"ID3\x04\x00\x00\x00\x00\x00\x00",
	"\x00\x00\x00\x18ftypmp42\x00\x00\x00\x00mp42isom",
	"\x1a\x45\xdf\xa3\x9f\x42\x86\x81\x01",
	"var a = 1;\n",
}

// A blockKind is how Fetch's blocking treats a destination.
type blockKind uint8

const (
	blockScriptLike blockKind = iota // script-like (Destination.isScriptLike)
	blockStyle                       // style
	blockOther                       // never blocked
	numBlockKinds
)

// A response is a response as the report and the serving policy read it.
type response struct {
	// res is the resource as the standard reads the headers (the last
	// Content-Type value), and http how the browser profiles read them.
	res  Resource
	http httpReading

	// fetchOK is false when extracting a type from the headers failed.
	// The type extracted and its essence are kept once, in the profiles'
	// reading (http.fetchType and fetchEssence), which Fetch's
	// blocking, the context-specific rules and the profiles all read,
	// rather than found again at each of some twenty readings.
	fetchOK bool

	// webkitBlocked is whether WebKitGTK blocks the response for a
	// script-like destination, and webkitWorkerJS whether its type of a
	// worker script is JavaScript (webkitScriptBlocked,
	// webkitWorkerJavaScript).
	webkitBlocked, webkitWorkerJS bool

	// sandbox is the effect of the Content-Security-Policy headers'
	// sandbox directives on a document.
	sandbox sandboxFlags

	// status is the response's status.
	status statusReading

	// complete reports whether the body read is the whole body: whether
	// it is shorter than HeaderSize, as ReadHeader reads a body.
	complete bool

	// docTypes are the types each profile renders a document of the
	// response as, where it does not download it (Resource.sniffAs),
	// indexed by Browser: set by rendersScript.
	docTypes [len(profiles)]MIMEType
}

// read sets rr from the values v of a header list and the first bytes of the
// body.
func (rr *response) read(v *headerValues, header []byte) {
	values := v[hdrContentType]
	var fetchType MIMEType
	var essence string
	if len(values) == 1 && !strings.Contains(values[0], ",") {
		// The standard's reading and Fetch's are of the same value:
		// parse it once.
		t, f := parse(values[0], true)
		rr.res.CheckForApacheBug = isApacheBugValue(values[0])
		if f.kind == noFailure {
			rr.res.Supplied = t
			if e := t.Essence(); e != "*/*" {
				fetchType, rr.fetchOK, essence = t, true, e
			}
		}
	} else {
		rr.res.Supplied, rr.res.CheckForApacheBug = suppliedFromHTTP(values)
		fetchType, rr.fetchOK = extractMIMEType(values)
		essence = fetchType.Essence()
	}
	rr.res.NoSniff = determineNoSniff(v[hdrNoSniff])
	rr.res.Header = resourceHeader(header)
	rr.complete = len(header) < HeaderSize
	rr.http = readHTTPWith(v, fetchType, essence)
	rr.sandbox = cspSandbox(v[hdrCSP])
}

// A typeKind is which of the types the standard works with a destination
// has: Type in a DestinationVerdict.
type typeKind uint8

const (
	typeFetched  typeKind = iota // the type extracted from the headers
	typeDocument                 // the computed MIME type
	typePlugin                   // sniffing in a plugin context
	typeImage                    // in an image context
	typeMedia                    // in an audio or video context
	typeFont                     // in a font context
	typeTrack                    // in a text track context
	typeStyle                    // in a style context
	numTypeKinds
)

// standardTypes returns the types the standard works with, by typeKind: the
// computed MIME type for a document, each context-specific rule's result
// with Fetch's reading of the headers, and the type extracted from them. It
// takes the computed MIME type from rendersScript(Standard), which must come
// first, rather than sniffing the document twice.
//
// The rules for the plugin, style and text track contexts read the supplied
// type only; those for the image, audio or video and font contexts share
// their first step, whether it is an XML MIME type, which is tested once.
func (rr *response) standardTypes() [numTypeKinds]MIMEType {
	t, e, h := rr.http.fetchType, rr.http.fetchEssence, rr.res.Header
	supplied := Resource{Supplied: t}
	xml := isXMLEssence(e)
	return [numTypeKinds]MIMEType{
		typeFetched:  t,
		typeDocument: rr.docTypes[Standard],
		typePlugin:   supplied.SniffPlugin(),
		typeImage:    sniffSpecifically(t, xml, h, MatchImageTypePattern),
		typeMedia:    sniffSpecifically(t, xml, h, MatchAudioOrVideoTypePattern),
		typeFont:     sniffSpecifically(t, xml, h, MatchFontTypePattern),
		typeTrack:    supplied.SniffTextTrack(),
		typeStyle:    supplied.SniffStyle(),
	}
}

// blocked reports whether Fetch blocks the response for destination d: for
// nosniff or for its MIME type.
func (rr *response) blocked(d Destination) bool {
	e := rr.http.fetchEssence
	return blockedNoSniff(rr.res.NoSniff, e, rr.fetchOK, d) || blockedMIMEType(e, rr.fetchOK, d)
}

// script returns, for each kind of destination, the profiles in which
// script from the response runs there, as Script in a DestinationVerdict,
// given the profiles that render it as a document that runs script
// (renders) and what Fetch blocks.
//
// A document runs script where the profile renders it so and neither
// Content-Disposition nor a sandbox stops it (mitigated).
//
// A classic script that runs is a threat to the server's own pages though
// it runs in the origin of the page that includes it: it bypasses a
// Content-Security-Policy of script-src 'self'. Nosniff and a type that is
// not JavaScript make Fetch block it.
//
// After Fetch's blocking, HTML checks the type of every script but a
// classic one, which runs whatever its type: a module script, on any
// script-like destination, needs a JavaScript MIME type (as worklets load
// only modules); a classic worker or shared worker script too, as "fetch a
// classic worker script" checks for HTTP(S) URLs (workerTypeAllowed); a
// service worker's, classic or module, too, or the Update algorithm rejects
// it. Destination script stands for classic and module scripts both, so it
// runs whatever its type. A JSON module or a style sheet runs no script.
// See https://html.spec.whatwg.org/multipage/webappapis.html#fetch-a-single-module-script,
// https://html.spec.whatwg.org/multipage/webappapis.html#fetch-a-classic-worker-script
// and https://w3c.github.io/ServiceWorker/#update-algorithm.
func (rr *response) script(renders BrowserSet, blocked *[numBlockKinds]bool) (s [numScriptKinds]BrowserSet) {
	fetchJS := isJavaScriptEssence(rr.http.fetchEssence)
	for _, b := range profiles {
		blockedScript, js, workerJS := blocked[blockScriptLike], fetchJS, fetchJS
		if b == WebKit {
			// WebKitGTK reads the type of a script by its own rules
			// (webkitScriptBlocked, webkitWorkerJavaScript); for
			// service workers and worklets, which were not recorded,
			// either reading's JavaScript counts.
			blockedScript, workerJS, js = rr.webkitBlocked, rr.webkitWorkerJS, fetchJS || rr.webkitWorkerJS
		}
		if renders.Has(b) && !rr.mitigated(b, DestinationDocument) {
			s[scriptNavigable] = s[scriptNavigable].with(b)
		}
		if renders.Has(b) && !rr.mitigated(b, DestinationObject) {
			s[scriptPlugin] = s[scriptPlugin].with(b)
		}
		// A style sheet that an xml-stylesheet processing instruction
		// loads is used whatever its type, under nosniff too, when it
		// has the document's origin: Fetch blocks nothing for the xslt
		// destination, and no browser checks the type (a same-origin XML
		// document transformed the probe's style sheet served with no
		// type, text/plain, image/png or application/pdf, with and
		// without nosniff: cases none-ns/xslt, tp-ns/xslt, png-ns/xslt,
		// pdf-ns/xslt, destination xslt). Another origin's is refused.
		if !blocked[blockOther] {
			s[scriptXSLT] = s[scriptXSLT].with(b)
		}
		if blockedScript {
			continue
		}
		s[scriptClassic] = s[scriptClassic].with(b) // whatever its type
		if b.workerTypeAllowed(workerJS) {
			s[scriptWorker] = s[scriptWorker].with(b)
		}
		if js {
			s[scriptJavaScriptOnly] = s[scriptJavaScriptOnly].with(b)
			s[scriptWorklet] = s[scriptWorklet].with(b)
		}
	}
	return s
}

// rendersScript reports whether profile b renders the response, where it
// does not download it, as a document that runs script.
//
// For the standard profile both readings of several Content-Type values
// count, the standard's last one and Fetch's, which browsers follow.
func (rr *response) rendersScript(b Browser) bool {
	t := rr.res.sniffAs(b, &rr.http)
	rr.docTypes[b] = t
	fetchType, e := rr.http.fetchType, rr.http.fetchEssence
	if t != fetchType { // most profiles render a typed response as its type
		e = t.Essence()
	}
	if b.scriptableEssence(e) {
		return true
	}
	if b == Standard && fetchType != rr.res.Supplied {
		r := rr.res
		r.Supplied = fetchType
		return b.Scriptable(r.Sniff())
	}
	return false
}

// mitigated reports whether the response's headers keep a document it
// renders as for destination d in profile b from running script with the
// server's origin.
//
// They do where Content-Disposition makes b download the response there
// (downloadsAttachment), or where a Content-Security-Policy sandbox keeps
// script from running, or runs it in an opaque origin (without
// allow-same-origin).
func (rr *response) mitigated(b Browser, d Destination) bool {
	if rr.http.attachment.Has(b) && b.downloadsAttachment(d, rr.docTypes[b]) {
		return true
	}
	return rr.sandbox&sandboxed != 0 && rr.sandbox&(allowScripts|allowSameOrigin) != allowScripts|allowSameOrigin
}

// Headers are the headers that serve some bytes as inert content, as
// [SafeHeaders] computes them.
//
// Empty strings are headers not to send. X-Content-Type-Options: nosniff is
// always sent ([Headers.Set]): it closes a browser sniffing a document out
// of a type it does not trust (text/plain served by an old Apache,
// unknown/unknown), and a hostile page loading the bytes as a script or a
// style sheet (Fetch blocks them unless the type says so).
type Headers struct {
	// ContentType is the Content-Type to send. It closes content
	// sniffing: a browser given a type does not guess one, and with
	// nosniff never upgrades the bytes to HTML, XML or PDF.
	ContentType MIMEType

	// ContentDisposition is "attachment" when the type renders as a
	// document that runs script in some browser profile, so that a
	// navigation, a frame, or an object or embed element downloads it
	// instead of rendering it with the server's origin. Clear it to let
	// such a type show inline (a PDF, an SVG), in the sandbox below.
	ContentDisposition string

	// ContentSecurityPolicy is "sandbox" when the type renders as a
	// document that runs script in some browser profile, so that a
	// document rendered from the response anyway (where a browser ignores
	// the attachment) runs no script, in an opaque origin: it closes
	// script running with the server's origin, its cookies and its
	// storage.
	ContentSecurityPolicy string
}

// Set sets the non-empty headers of hs in h.
//
// They are Content-Type, Content-Disposition and Content-Security-Policy,
// each where not empty, and X-Content-Type-Options: nosniff. Each replaces
// the values of its name in h under every spelling, such as a lower-case
// content-type, which net/http would send too. The Content-Type is written
// as the bytes a browser reads ([MIMEType.Bytes]). A Content-Security-Policy
// is added to any already in h (a browser enforces them all). A name whose
// field in hs is empty keeps the values h has for it, under any spelling:
// clear them first where they must not go out (a Content-Disposition: inline
// left from another response changes nothing a browser runs).
func (hs Headers) Set(h http.Header) {
	if hs.ContentType.IsValid() {
		setHeader(h, "Content-Type", []string{string(hs.ContentType.Bytes())})
	}
	setHeader(h, "X-Content-Type-Options", []string{"nosniff"})
	if hs.ContentDisposition != "" {
		setHeader(h, "Content-Disposition", []string{hs.ContentDisposition})
	}
	if hs.ContentSecurityPolicy != "" {
		h.Add("Content-Security-Policy", hs.ContentSecurityPolicy)
	}
}

// SafeHeaders returns the headers that serve bytes starting with body as
// inert content: nothing in them runs with the server's origin.
//
// declared is the type the server means to declare, the zero MIMEType for
// none. The Content-Type is declared itself, but for two cases. An unknown
// type (unknown/unknown, application/unknown, */*) or none gives the type a
// browser computes for body with nosniff ([Resource.SniffUnknown] with
// sniff-scriptable off), never HTML, XML or PDF. A JavaScript MIME type gives
// text/plain, with its charset: no header but the type keeps a page of the
// server's origin from running the bytes as a script or a worker.
// Content-Disposition and Content-Security-Policy are set when some profile
// renders the response as a document that runs script, and always for a
// multipart/byteranges, the answer to several ranges, whose parts are not
// read (a HEAD has none, and gets the headers of its GET). A
// multipart/x-mixed-replace, whose parts two browsers render and whose
// download never ends in WebKitGTK, is served as application/octet-stream. Served with
// these headers and nosniff, [ReportFor] reports neither DocumentScript nor
// ScriptInclusion, for any declared type and any bytes.
func SafeHeaders(declared MIMEType, body []byte) Headers {
	var hs Headers
	e := declared.Essence()
	if e == "multipart/x-mixed-replace" {
		// Firefox and WebKit render its parts, each as its own type,
		// and WebKitGTK never finishes downloading it as an attachment:
		// six frames of it from an attacker's page leave WebKitGTK
		// unable to load anything more from the site (the wire
		// recordings' availability cases mixed/av-mixed+att-sb/...).
		// application/octet-stream is downloaded, and finished, by all
		// three (mixed/av-octet-ns+att-sb/..., mixed/av-octet/...).
		return Headers{ContentType: applicationOctet}
	}
	if e == "multipart/byteranges" {
		// The answer to a request for several ranges, whose parts have
		// the file's type: the parts' headers are not read, so that a
		// HEAD, which has no parts, gets the headers of its GET.
		return Headers{ContentType: declared, ContentDisposition: "attachment", ContentSecurityPolicy: "sandbox"}
	}
	switch {
	case e == "" || isUnknownEssence(e):
		hs.ContentType = sniffUnknown(resourceHeader(body), false)
	case isJavaScriptEssence(e):
		hs.ContentType = textPlain
		if cs, ok := declared.Param("charset"); ok {
			hs.ContentType = textPlain.withParam("charset", cs)
		}
	default:
		hs.ContentType = declared
	}
	if activeServed(hs.ContentType) {
		hs.ContentDisposition = "attachment"
		hs.ContentSecurityPolicy = "sandbox"
	}
	return hs
}

// needsBytes reports whether SafeHeaders needs the body's first bytes to
// choose the headers for declared type t: for no type or an unknown one.
func needsBytes(t MIMEType) bool {
	return !t.IsValid() || isUnknownEssence(t.Essence())
}

// activeServed reports whether a response served with Content-Type t and
// nosniff renders as a document that runs script in some profile.
//
// Under nosniff no profile sniffs a valid type into another: each renders t
// itself, or a type that runs nothing (Firefox downloads unknown/unknown),
// whatever the body. So it is whether some profile's Scriptable holds for
// t, which TestActiveServed and FuzzActiveServed check against running each
// profile on the response (ActiveServedModel in export_test.go). Running
// the profiles was most of what Handler added to a response (docs/speed.md,
// "What each trick saves").
func activeServed(t MIMEType) bool {
	e := t.Essence()
	for _, b := range profiles {
		if b.scriptableEssence(e) {
			return true
		}
	}
	return false
}
