// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff_test

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mimesniff/mimesniff"
)

var (
	pngBytes  = []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
	htmlBytes = []byte("<html><script>alert(1)</script></html>")
)

// TestReportFor checks the report, destination by destination and profile by
// profile, against what the standards and the recorded browsers do.
func TestReportFor(t *testing.T) {
	type want struct {
		script  map[string]string // destination: the profiles where script runs there
		blocked []string          // destinations Fetch blocks
		types   map[string]string // the standard's type at some destinations ("" for undefined)
	}
	const (
		all = "standard,chromium,firefox,webkit"
		ns  = "X-Content-Type-Options"
		ct  = "Content-Type"
	)
	// documents is every document-like destination with the same profiles.
	documents := func(profiles string, more ...string) map[string]string {
		m := map[string]string{"document": profiles, "frame": profiles, "iframe": profiles, "object": profiles, "embed": profiles}
		for i := 0; i < len(more); i += 2 {
			m[more[i]] = more[i+1]
		}
		return m
	}
	// With no nosniff, a classic script runs whatever the type, and
	// Chromium starts a worker of any type Fetch does not block. A
	// same-origin XML document takes any response as an XSLT style sheet.
	scriptAnyType := []string{"script", all, "worker", "chromium", "sharedworker", "chromium"}
	scriptLikeAndStyle := []string{"audioworklet", "paintworklet", "script", "serviceworker", "sharedworker", "style", "worker"}
	scriptLike := []string{"audioworklet", "paintworklet", "script", "serviceworker", "sharedworker", "worker"}
	tests := []struct {
		name string
		h    http.Header
		body []byte
		want want
	}{
		{"HTML, no type", header(), htmlBytes, want{
			script: documents(all, scriptAnyType...),
			types:  map[string]string{"document": "text/html", "image": "", "embed": "application/octet-stream", "script": "", "track": "text/vtt", "text": ""},
		}},
		// The standard calls "<body/onload=...>" text/plain (no
		// tag-terminating byte after "<body"), and so does Firefox, which
		// wants a space or ">" after the tag; Chromium renders it as HTML
		// (recorded case none/edge/tag-body-onload).
		{"tag without terminating byte, no type", header(), []byte("<body/onload=alert(1)>"), want{
			script: documents("chromium", scriptAnyType...),
			types:  map[string]string{"document": "text/plain"},
		}},
		{"HTML, no type, nosniff", header(ns, "nosniff"), htmlBytes, want{
			blocked: scriptLikeAndStyle,
			types:   map[string]string{"document": "text/plain", "style": ""},
		}},
		{"HTML as text/plain, nosniff", header(ct, "text/plain", ns, "nosniff"), htmlBytes, want{
			blocked: scriptLikeAndStyle,
			types:   map[string]string{"document": "text/plain", "": "text/plain"},
		}},
		{"PNG as text/html", header(ct, "text/html"), pngBytes, want{
			script: documents(all, scriptAnyType...),
			types:  map[string]string{"document": "text/html", "image": "image/png"},
		}},
		// Fetch blocks an image type for every script-like destination,
		// in Chromium's workers too.
		{"PNG as image/gif", header(ct, "image/gif"), pngBytes, want{
			blocked: scriptLike,
			types:   map[string]string{"document": "image/png", "image": "image/png", "": "image/gif"},
		}},
		{"SVG, nosniff", header(ct, "image/svg+xml", ns, "nosniff"), []byte("<svg onload=x>"), want{
			script:  documents(all),
			blocked: scriptLikeAndStyle,
			types:   map[string]string{"image": "image/svg+xml", "document": "image/svg+xml"},
		}},
		{"text/javascript;charset=x, nosniff", header(ct, "text/javascript;charset=x", ns, "nosniff"), []byte("alert(1)"), want{
			script:  map[string]string{"audioworklet": all, "paintworklet": all, "script": all, "serviceworker": all, "sharedworker": all, "worker": all},
			blocked: []string{"style"},
			types:   map[string]string{"worker": "text/javascript;charset=x", "document": "text/javascript;charset=x"},
		}},
		{"TEXT/CSS, nosniff", header(ct, "TEXT/CSS", ns, "nosniff"), []byte("a{}"), want{
			blocked: scriptLike,
			types:   map[string]string{"style": "text/css"},
		}},
		{"text/css, text/plain, nosniff", header(ct, "text/css, text/plain", ns, "nosniff"), []byte("a{}"), want{
			blocked: scriptLikeAndStyle,
			types:   map[string]string{"style": "text/plain", "document": "text/plain"},
		}},
		// The standard reads the last value, */*, and sniffs text/plain;
		// Fetch skips */* and reads text/html, as Chromium and Firefox do
		// (recorded case two-html-star/binary.bin). For the standard the
		// worst of both readings counts. WebKit reads the last value
		// and sniffs the text.
		{"text/html then */*", header(ct, "text/html", ct, "*/*"), []byte("hello"), want{
			script: documents("standard,chromium,firefox", scriptAnyType...),
			types:  map[string]string{"document": "text/plain", "": "text/html"},
		}},
		{"failing Content-Type", header(ct, "html"), htmlBytes, want{
			script: documents(all, scriptAnyType...),
			types:  map[string]string{"document": "text/html", "": ""},
		}},
		{"text/csv", header(ct, "text/csv"), []byte("a,b"), want{
			blocked: scriptLike,
		}},
		// Chromium and WebKit render text/xsl as an XML document, and
		// run its script, under nosniff too (recorded, xsl-ns/xhtml).
		{"XSLT, nosniff", header(ct, "text/xsl", ns, "nosniff"), []byte("<xsl:stylesheet>"), want{
			script:  documents("chromium,webkit"),
			blocked: scriptLikeAndStyle,
		}},
		// Firefox and WebKit render the parts of
		// multipart/x-mixed-replace (recorded, mixed-ns/mixed).
		{"multipart/x-mixed-replace, nosniff", header(ct, "multipart/x-mixed-replace;boundary=b", ns, "nosniff"), []byte("--b\r\nContent-Type: text/html\r\n\r\n<script>x</script>"), want{
			script:  documents("firefox,webkit"),
			blocked: scriptLikeAndStyle,
		}},
		{"JSON module", header(ct, "application/json", ns, "nosniff"), []byte("{}"), want{
			blocked: scriptLikeAndStyle,
		}},
		{"PDF, no type", header(), []byte("%PDF-1.7\n"), want{
			script: documents(all, scriptAnyType...),
			types:  map[string]string{"document": "application/pdf"},
		}},
		{"empty body", header(), nil, want{
			script: map[string]string{"script": all, "worker": "chromium", "sharedworker": "chromium"},
			types:  map[string]string{"document": "text/plain"},
		}},
		// Mitigations. An attachment is downloaded by a navigation and a
		// frame, and by an object or embed element in both browsers
		// (recorded); HTML does not say what those do with one, so the
		// standard profile renders it there.
		{"HTML, attachment", header(ct, "text/html", ns, "nosniff", "Content-Disposition", `attachment; filename="a.html"`), htmlBytes, want{
			script:  map[string]string{"object": "standard", "embed": "standard"},
			blocked: scriptLikeAndStyle,
		}},
		// WebKit renders a disposition type it does not know.
		{"HTML, unknown disposition type", header(ct, "text/html", ns, "nosniff", "Content-Disposition", "x-unknown"), htmlBytes, want{
			script:  documents("webkit", "object", "standard,webkit", "embed", "standard,webkit"),
			blocked: scriptLikeAndStyle,
		}},
		// Firefox's PDF viewer renders an attachment in an object or
		// embed element (recorded).
		{"PDF, attachment", header(ct, "application/pdf", ns, "nosniff", "Content-Disposition", "attachment"), []byte("%PDF-1.7\n"), want{
			script:  map[string]string{"object": "standard,firefox", "embed": "standard,firefox"},
			blocked: scriptLikeAndStyle,
		}},
		{"HTML, inline", header(ct, "text/html", ns, "nosniff", "Content-Disposition", "Inline; filename=a.html"), htmlBytes, want{
			script:  documents(all),
			blocked: scriptLikeAndStyle,
		}},
		{"HTML, sandbox", header(ct, "text/html", ns, "nosniff", "Content-Security-Policy", "default-src 'self'; SANDBOX"), htmlBytes, want{
			blocked: scriptLikeAndStyle,
		}},
		// Script runs, in an opaque origin: not the server's.
		{"HTML, sandbox allow-scripts", header(ct, "text/html", ns, "nosniff", "Content-Security-Policy", "sandbox allow-scripts"), htmlBytes, want{
			blocked: scriptLikeAndStyle,
		}},
		{"HTML, sandbox allow-scripts allow-same-origin", header(ct, "text/html", ns, "nosniff", "Content-Security-Policy", "sandbox allow-scripts allow-same-origin"), htmlBytes, want{
			script:  documents(all),
			blocked: scriptLikeAndStyle,
		}},
		// Sandbox tokens are read without case: HTML's index of
		// attributes gives the sandbox attribute's value, which "parse a
		// sandboxing directive" reads, as an "unordered set of unique
		// space-separated tokens, ASCII case-insensitive".
		{"HTML, sandbox allows in upper case", header(ct, "text/html", ns, "nosniff", "Content-Security-Policy", "sandbox ALLOW-SCRIPTS Allow-Same-Origin"), htmlBytes, want{
			script:  documents(all),
			blocked: scriptLikeAndStyle,
		}},
		// Every policy is enforced: the stricter one wins.
		{"HTML, two policies", header(ct, "text/html", ns, "nosniff", "Content-Security-Policy", "sandbox allow-scripts allow-same-origin", "Content-Security-Policy", "img-src *, sandbox allow-scripts"), htmlBytes, want{
			blocked: scriptLikeAndStyle,
		}},
		// A policy's second directive of a name is ignored ("If
		// policy's directive set contains a directive whose name is
		// directive name, continue", CSP 3, parse a serialized CSP,
		// https://w3c.github.io/webappsec-csp/#parse-serialized-policy):
		// the first sandbox, which allows both, is the policy's.
		{"HTML, two sandbox directives in a policy", header(ct, "text/html", ns, "nosniff", "Content-Security-Policy", "sandbox allow-scripts allow-same-origin; sandbox"), htmlBytes, want{
			script:  documents(all),
			blocked: scriptLikeAndStyle,
		}},
		// A later policy does not lift an earlier one's restriction:
		// the first forbids scripts, the second would allow them.
		{"HTML, a policy without scripts then one with them", header(ct, "text/html", ns, "nosniff", "Content-Security-Policy", "sandbox allow-same-origin", "Content-Security-Policy", "sandbox allow-scripts allow-same-origin"), htmlBytes, want{
			blocked: scriptLikeAndStyle,
		}},
		{"HTML, a strict sandbox then a loose one in a policy", header(ct, "text/html", ns, "nosniff", "Content-Security-Policy", "sandbox; sandbox allow-scripts allow-same-origin"), htmlBytes, want{
			blocked: scriptLikeAndStyle,
		}},
		{"HTML, sandbox report-only", header(ct, "text/html", ns, "nosniff", "Content-Security-Policy-Report-Only", "sandbox"), htmlBytes, want{
			script:  documents(all),
			blocked: scriptLikeAndStyle,
		}},
		// A header map written by hand with another spelling is read as
		// net/http sends it.
		{"lower-case content-type key", http.Header{"content-type": {"text/html"}}, []byte("hello"), want{
			script: documents(all, scriptAnyType...),
			types:  map[string]string{"": "text/html"},
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rep := mimesniff.ReportFor(tc.h, tc.body)
			script := map[string]string{}
			var blocked []string
			var document, inclusion bool
			for i, v := range verdicts(rep) {
				d := mimesniff.Destination(i)
				// Any response can be a same-origin XML document's
				// style sheet: that is in neither summary.
				if d == mimesniff.DestinationXSLT {
					if v.Script.String() != all {
						t.Errorf("xslt: script in %q, want %q", v.Script, all)
					}
					continue
				}
				if v.Script != 0 {
					script[d.String()] = v.Script.String()
					switch {
					case mimesniff.IsScriptLike(d):
						inclusion = true
					default:
						document = true
					}
				}
				if v.Blocked {
					blocked = append(blocked, d.String())
				}
				if want, ok := tc.want.types[d.String()]; ok && v.Type.String() != want {
					t.Errorf("%q: Type %q, want %q", d, v.Type, want)
				}
			}
			if tc.want.script == nil {
				tc.want.script = map[string]string{}
			}
			if diff := cmp.Diff(tc.want.script, script); diff != "" {
				t.Errorf("script (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tc.want.blocked, blocked); diff != "" {
				t.Errorf("blocked (-want +got):\n%s", diff)
			}
			if rep.DocumentScript != document || rep.ScriptInclusion != inclusion {
				t.Errorf("DocumentScript %v, ScriptInclusion %v; the destinations say %v, %v", rep.DocumentScript, rep.ScriptInclusion, document, inclusion)
			}
		})
	}
}

func TestReportJSON(t *testing.T) {
	rep := mimesniff.ReportFor(header("Content-Type", "image/svg+xml"), []byte("<svg/>"))
	b, err := json.Marshal(&rep)
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		DocumentScript  *bool
		ScriptInclusion *bool
		CrossOriginRead *bool
		Destinations    []map[string]any
	}
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	// Fetch blocks an image type for every script-like destination; Opaque
	// Response Blocking lets SVG through in every profile.
	if got.DocumentScript == nil || !*got.DocumentScript || got.ScriptInclusion == nil || *got.ScriptInclusion ||
		got.CrossOriginRead == nil || !*got.CrossOriginRead || len(got.Destinations) != 24 {
		t.Fatalf("JSON %s: want documentScript true, scriptInclusion false, crossOriginRead true, and 24 destinations", b)
	}
	all := []any{"standard", "chromium", "firefox", "webkit"}
	tests := []struct {
		d    mimesniff.Destination
		want map[string]any
	}{
		{mimesniff.DestinationEmpty, map[string]any{"destination": "", "blocked": false, "type": "image/svg+xml", "script": []any{}, "crossOrigin": all}},
		// Only WebKitGTK requests a text track of another origin without CORS.
		{mimesniff.DestinationTrack, map[string]any{"destination": "track", "blocked": false, "type": "text/vtt", "script": []any{}, "crossOrigin": []any{"webkit"}}},
		{mimesniff.DestinationDocument, map[string]any{"destination": "document", "blocked": false, "type": "image/svg+xml", "script": all, "crossOrigin": []any{}}},
		{mimesniff.DestinationXSLT, map[string]any{"destination": "xslt", "blocked": false, "type": "image/svg+xml", "script": all, "crossOrigin": []any{}}},
		{mimesniff.DestinationText, map[string]any{"destination": "text", "blocked": false, "type": "image/svg+xml", "script": []any{}, "crossOrigin": []any{}}},
	}
	for _, tc := range tests {
		if diff := cmp.Diff(tc.want, got.Destinations[tc.d]); diff != "" {
			t.Errorf("destination %q (-want +got):\n%s", tc.d, diff)
		}
	}
	// An undefined type is null.
	rep = mimesniff.ReportFor(header(), []byte("x"))
	b, _ = json.Marshal(rep)
	if style := `{"destination":"style","blocked":false,"type":null,"script":[],"crossOrigin":["standard","chromium","firefox","webkit"]}`; !strings.Contains(string(b), style) {
		t.Errorf("style with no type: %s, want %s in it", b, style)
	}
}

// TestDestinationValues checks that the Destination values are append-only:
// the value of every destination ever published stays what it was.
func TestDestinationValues(t *testing.T) {
	published := []string{"", "audio", "audioworklet", "document", "embed", "font", "frame", "iframe",
		"image", "json", "manifest", "object", "paintworklet", "report", "script", "serviceworker",
		"sharedworker", "style", "track", "video", "webidentity", "worker", "xslt", "text"}
	if n := len(verdicts(mimesniff.Report{})); n != len(published) {
		t.Errorf("a Report has %d verdicts, want %d", n, len(published))
	}
	for i, name := range published {
		if got := mimesniff.Destination(i).String(); got != name {
			t.Errorf("Destination(%d) = %q, want %q", i, got, name)
		}
	}
}

func TestSafeHeaders(t *testing.T) {
	tests := []struct {
		name     string
		declared string
		body     []byte
		want     mimesniff.Headers
	}{
		{"HTML, none declared", "", htmlBytes,
			mimesniff.Headers{ContentType: mimesniff.MustParse("text/plain")}},
		{"PDF, none declared", "", []byte("%PDF-1.7\n"),
			mimesniff.Headers{ContentType: mimesniff.MustParse("text/plain")}},
		{"PNG, none declared", "", pngBytes,
			mimesniff.Headers{ContentType: mimesniff.MustParse("image/png")}},
		{"HTML, unknown/unknown declared", "unknown/unknown", htmlBytes,
			mimesniff.Headers{ContentType: mimesniff.MustParse("text/plain")}},
		{"HTML, */* declared", "*/*", htmlBytes,
			mimesniff.Headers{ContentType: mimesniff.MustParse("text/plain")}},
		{"HTML, text/html declared", "text/html;charset=utf-8", htmlBytes,
			mimesniff.Headers{ContentType: mimesniff.MustParse("text/html;charset=utf-8"), ContentDisposition: "attachment", ContentSecurityPolicy: "sandbox"}},
		{"SVG declared", "image/svg+xml", []byte("<svg/>"),
			mimesniff.Headers{ContentType: mimesniff.MustParse("image/svg+xml"), ContentDisposition: "attachment", ContentSecurityPolicy: "sandbox"}},
		{"PDF declared", "application/pdf", nil,
			mimesniff.Headers{ContentType: mimesniff.MustParse("application/pdf"), ContentDisposition: "attachment", ContentSecurityPolicy: "sandbox"}},
		// Active in Chromium only: the policy holds for every profile.
		{"text/xsl declared", "text/xsl", []byte("<xsl:stylesheet/>"),
			mimesniff.Headers{ContentType: mimesniff.MustParse("text/xsl"), ContentDisposition: "attachment", ContentSecurityPolicy: "sandbox"}},
		// Two browsers render its parts, and WebKitGTK never finishes
		// its download (the wire recordings' availability cases): all
		// three download application/octet-stream, and finish.
		{"multipart/x-mixed-replace declared", "multipart/x-mixed-replace;boundary=b", nil,
			mimesniff.Headers{ContentType: mimesniff.MustParse("application/octet-stream")}},
		// A page of the origin could run it: served as text.
		// Several ranges: the parts are not read, so that a HEAD,
		// which has none, gets the headers of its GET.
		{"byteranges of HTML", "multipart/byteranges;boundary=b", []byte("\r\n--b\r\nContent-Range: bytes 0-9/99\r\ncontent-type: text/html; charset=utf-8\r\n\r\n<html><sc\r\n"),
			mimesniff.Headers{ContentType: mimesniff.MustParse("multipart/byteranges;boundary=b"), ContentDisposition: "attachment", ContentSecurityPolicy: "sandbox"}},
		{"byteranges of PNG", "multipart/byteranges;boundary=b", []byte("--b\nContent-Type: image/png\nContent-Range: bytes 0-9/99\n\n\x89PNG"),
			mimesniff.Headers{ContentType: mimesniff.MustParse("multipart/byteranges;boundary=b"), ContentDisposition: "attachment", ContentSecurityPolicy: "sandbox"}},
		{"byteranges, no part header yet", "multipart/byteranges;boundary=b", []byte("--b\r\nContent-Ra"),
			mimesniff.Headers{ContentType: mimesniff.MustParse("multipart/byteranges;boundary=b"), ContentDisposition: "attachment", ContentSecurityPolicy: "sandbox"}},
		{"JavaScript declared", "text/javascript", []byte("alert(1)"),
			mimesniff.Headers{ContentType: mimesniff.MustParse("text/plain")}},
		{"JavaScript declared with a charset", "application/x-javascript;charset=utf-8;x=y", []byte("alert(1)"),
			mimesniff.Headers{ContentType: mimesniff.MustParse("text/plain;charset=utf-8")}},
		{"JSON declared", "application/json", []byte("{}"),
			mimesniff.Headers{ContentType: mimesniff.MustParse("application/json")}},
		{"PNG declared as text/plain", "text/plain", pngBytes,
			mimesniff.Headers{ContentType: mimesniff.MustParse("text/plain")}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var declared mimesniff.MIMEType
			if tc.declared != "" {
				declared = mimesniff.MustParse(tc.declared)
			}
			got := mimesniff.SafeHeaders(declared, tc.body)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// TestSafeHeadersHold checks the promise of SafeHeaders: served with the
// headers it chooses, no body under any declared type
// renders as a document that runs script with the server's origin, in any
// profile. The declared types are every type the package knows or computes,
// and the bodies every testdata file and a few attacks.
func TestSafeHeadersHold(t *testing.T) {
	bodies := attackBodies(t)
	types := []mimesniff.MIMEType{{}}
	for _, s := range knownTypes() {
		types = append(types, mimesniff.MustParse(s))
	}
	active := 0
	for _, d := range types {
		for _, body := range bodies {
			hs := mimesniff.SafeHeaders(d, body)
			h := http.Header{}
			hs.Set(h)
			if hs.ContentDisposition != "" {
				active++
			}
			if rep := mimesniff.ReportFor(h, body); rep.DocumentScript || rep.ScriptInclusion {
				t.Fatalf("declared %q, body %.40q: served with %v, script runs through %v", d, body, h, verdicts(rep))
			}
		}
	}
	t.Logf("%d declared types × %d bodies; %d served as attachments", len(types), len(bodies), active)
}

// attackBodies returns every testdata file and a few attacks: HTML, a tag
// with no terminating byte, a PDF, an empty body, and multipart parts of
// HTML.
func attackBodies(t *testing.T) [][]byte {
	var bodies [][]byte
	names, _ := filepath.Glob("testdata/files/*")
	for _, name := range names {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		bodies = append(bodies, b)
	}
	return append(bodies, htmlBytes, []byte("<body/onload=alert(1)>"), []byte("%PDF-1.7"), nil,
		[]byte("--b\r\nContent-Type: text/html\r\n\r\n<script>alert(1)</script>\r\n--b--"))
}

// TestActiveServed checks activeServed's shortcut, whether some profile's
// Scriptable holds for the declared type, against running every profile on
// the response, for every type the package knows over every testdata file.
func TestActiveServed(t *testing.T) {
	bodies := attackBodies(t)
	for _, s := range knownTypes() {
		typ := mimesniff.MustParse(s)
		for _, body := range bodies {
			if got, want := mimesniff.ActiveServed(typ), mimesniff.ActiveServedModel(typ, body); got != want {
				t.Errorf("%s over %.40q: activeServed %v, the profiles say %v", s, body, got, want)
			}
		}
	}
}

// FuzzActiveServed checks activeServed against the profiles for any type
// and body.
func FuzzActiveServed(f *testing.F) {
	f.Add("text/html", []byte("<p>"))
	f.Add("unknown/unknown", []byte("<html>"))
	f.Add("multipart/x-mixed-replace;boundary=b", []byte("--b\r\nContent-Type: text/html\r\n\r\n<script>"))
	f.Add("text/plain", []byte("\x00<html>"))
	f.Fuzz(func(t *testing.T, s string, body []byte) {
		typ, err := mimesniff.Parse(s)
		if err != nil {
			return
		}
		if got, want := mimesniff.ActiveServed(typ), mimesniff.ActiveServedModel(typ, body); got != want {
			t.Fatalf("%q over %q: activeServed %v, the profiles say %v", s, body, got, want)
		}
	})
}

// reportHeader builds the header list a FuzzReportAgainstSlow input stands
// for: the bits of shape say which of the values are present and which go
// under a lower-case or upper-case spelling of their name, as a handler that
// writes the map by hand sends them.
func reportHeader(shape uint16, ct1, ct2, xcto, cd, csp, corp string) http.Header {
	h := http.Header{}
	add := func(bit uint16, name, v string) {
		if shape&(1<<bit) == 0 {
			return
		}
		switch {
		case shape&(1<<(bit+1)) != 0:
			name = strings.ToLower(name)
		case shape&(1<<(bit+2)) != 0 && bit < 9:
			name = strings.ToUpper(name)
		}
		h[name] = append(h[name], v)
	}
	add(0, "Content-Type", ct1)
	add(3, "Content-Type", ct2)
	add(6, "X-Content-Type-Options", xcto)
	add(9, "Content-Disposition", cd)
	add(11, "Content-Security-Policy", csp)
	if shape&(1<<13) != 0 {
		h["Content-Type"] = append(h["Content-Type"], ct1)
	}
	if shape&(1<<14) != 0 {
		h["Content-Encoding"] = append(h["Content-Encoding"], "gzip")
	}
	if shape&(1<<15) != 0 {
		h["content-encoding"] = append(h["content-encoding"], "deflate")
	}
	if corp != "" {
		h["Cross-Origin-Resource-Policy"] = append(h["Cross-Origin-Resource-Policy"], corp)
	}
	return h
}

// FuzzReportAgainstSlow checks ReportFor, which shares the work between
// destinations and reads the header list once, against ReportForSlow, which
// computes every destination and profile on its own from the whole list. The
// seeds are every testdata file under the header lists servers send.
func FuzzReportAgainstSlow(f *testing.F) {
	files, _ := filepath.Glob("testdata/files/*")
	shapes := []struct {
		shape                         uint16
		ct1, ct2, xcto, cd, csp, corp string
	}{
		{shape: 0},
		{shape: 1 | 1<<6, ct1: "text/html; charset=utf-8", xcto: "nosniff"},
		{shape: 1, ct1: "text/plain"},
		{shape: 1 | 1<<6 | 1<<7, ct1: "image/png", xcto: "NoSniff"},
		{shape: 1 | 1<<3 | 1<<4, ct1: "text/html", ct2: "*/*"},
		{shape: 1 | 1<<3, ct1: "text/plain, text/html", ct2: "application/octet-stream;charset=x"},
		{shape: 1 | 1<<9 | 1<<11, ct1: "application/pdf", cd: "attachment; filename=a.pdf", csp: "sandbox allow-scripts"},
		{shape: 1 | 1<<2 | 1<<9 | 1<<10, ct1: "text/xsl", cd: "inline"},
		{shape: 1 | 1<<11 | 1<<12, ct1: "unknown/unknown", csp: "default-src 'none'; sandbox, sandbox allow-same-origin allow-scripts"},
		{shape: 1 | 1<<13, ct1: "text/plain; charset=ISO-8859-1"},
		{shape: 1 | 1<<6, ct1: "text/javascript", xcto: " nosniff , x"},
		// Two spellings of a name, whose order a map cannot tell, and
		// values with bytes HTTP/1.1 and HTTP/2 carry differently.
		{shape: 1 | 1<<3 | 1<<4, ct1: "image/png", ct2: "text/html"},
		{shape: 1 | 1<<6 | 1<<7 | 1<<13, ct1: "text/html", xcto: "nosniff\r\n"},
		{shape: 1 | 1<<6, ct1: "text/html\x00", xcto: "nosniff\n"},
		// Content codings: the body decoded, or any body.
		{shape: 1<<14 | 1<<6, xcto: "nosniff"},
		{shape: 1<<14 | 1<<15},
		// Cross-Origin-Resource-Policy, and types Opaque Response
		// Blocking tells apart.
		{shape: 1, ct1: "application/json", corp: "same-origin"},
		{shape: 1, ct1: "image/png", corp: "same-site"},
		{shape: 1, ct1: "text/html", corp: "Same-Origin"},
		{shape: 1 | 1<<6, ct1: "text/plain", xcto: "nosniff"},
		{shape: 1, ct1: "text/"},
		{shape: 1 | 1<<3, ct1: "application/json", ct2: "text/"},
		{shape: 1, ct1: "application/zip"},
		{shape: 1, ct1: "video/mp4"},
		{shape: 1, ct1: "text/vtt"},
		{shape: 1, ct1: "audio/mpeg"},
		{shape: 1 | 1<<6, ct1: "application/x-gzip", xcto: "nosniff"},
	}
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte("<html><script>alert(1)</script>"))
	zw.Close()
	for _, s := range shapes {
		f.Add(s.shape, s.ct1, s.ct2, s.xcto, s.cd, s.csp, s.corp, gz.Bytes())
	}
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		for _, s := range shapes {
			f.Add(s.shape, s.ct1, s.ct2, s.xcto, s.cd, s.csp, s.corp, data)
		}
	}
	f.Fuzz(func(t *testing.T, shape uint16, ct1, ct2, xcto, cd, csp, corp string, body []byte) {
		h := reportHeader(shape, ct1, ct2, xcto, cd, csp, corp)
		want := mimesniff.ReportForSlow(h, body)
		got := mimesniff.ReportFor(h, body)
		if diff := cmp.Diff(want, got, cmp.AllowUnexported(mimesniff.Report{})); diff != "" {
			t.Fatalf("ReportFor(%q, %.60q) differs from the slow report (-want +got):\n%s", h, body, diff)
		}
	})
}

// knownTypes returns every MIME type the package knows or computes: the
// signature tables' types, the types of the rules around them, the browser
// profiles' own, and the types servers declare for documents, scripts and
// uploads, with and without parameters.
func knownTypes() []string {
	var out []string
	for _, tab := range mimesniff.SignatureTables {
		for _, r := range tab.Rows {
			out = append(out, r.Type.String())
		}
	}
	return append(out,
		"video/mp4", "video/webm", "audio/mpeg", "text/plain", "application/octet-stream",
		"application/rss+xml", "application/atom+xml", "text/vtt", "text/cache-manifest",
		"video/matroska", "video/3gpp",
		"text/html", "text/html;charset=utf-8", "TEXT/HTML", "application/xhtml+xml", "image/svg+xml",
		"text/xml", "application/xml", "text/xsl", "application/xslt+xml", "application/rdf+xml",
		"application/mathml+xml", "application/pdf", "application/x-pdf", "text/javascript",
		"application/javascript", "application/json", "text/css", "text/csv",
		"multipart/x-mixed-replace;boundary=b", "multipart/mixed;boundary=b", "multipart/byteranges;boundary=b",
		"message/rfc822", "application/zip", "image/png", "image/gif", "audio/ogg", "font/woff2",
		"unknown/unknown", "application/unknown", "*/*", "text/plain;charset=UTF-8")
}

func TestHeadersSet(t *testing.T) {
	h := header("Content-Security-Policy", "default-src 'none'", "X-Content-Type-Options", "NOSNIFF")
	mimesniff.Headers{ContentType: mimesniff.MustParse("text/plain;charset=\"\u00e9\""), ContentSecurityPolicy: "sandbox"}.Set(h)
	want := http.Header{
		// The value goes out as the bytes a browser reads: é is 0xE9.
		"Content-Type":            {"text/plain;charset=\"\xe9\""},
		"X-Content-Type-Options":  {"nosniff"},
		"Content-Security-Policy": {"default-src 'none'", "sandbox"},
	}
	if diff := cmp.Diff(want, h); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// TestREADMETestRecipe runs the README's recipe for a test of a handler,
// "can this response ever render as a document that runs script, in any
// browser profile", on handlers it must catch and handlers it must pass.
// The recipe it replaced asked only the standard (Resource.Sniff), and
// passed the first of them, which Chromium renders as HTML.
func TestREADMETestRecipe(t *testing.T) {
	// The recipe, as the README prints it.
	rendersAsPage := func(t *testing.T, handler http.Handler) bool {
		srv := httptest.NewServer(handler)
		defer srv.Close()
		resp, err := srv.Client().Get(srv.URL + "/avatar/1")
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, err := io.ReadAll(resp.Body)
		if err != nil {
			t.Fatal(err)
		}
		rep := mimesniff.ReportFor(resp.Header, body)
		return rep.DocumentScript
	}
	// What a recorder's map says, which the recipe does not use: it is
	// not what net/http sends.
	recorderSays := func(handler http.Handler) bool {
		rec := httptest.NewRecorder()
		handler.ServeHTTP(rec, httptest.NewRequest("GET", "/avatar/1", nil))
		return mimesniff.ReportFor(rec.Result().Header, rec.Body.Bytes()).DocumentScript
	}
	handlerOf := func(body []byte, header ...string) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			for i := 0; i < len(header); i += 2 {
				w.Header()[header[i]] = append(w.Header()[header[i]], header[i+1])
			}
			w.Write(body)
		})
	}
	yes := true
	emptyFile := filepath.Join(t.TempDir(), "empty")
	os.WriteFile(emptyFile, nil, 0o644)
	tests := []struct {
		name    string
		handler http.Handler
		want    bool
		// recorder is what a recorder's map would say, where it is
		// wrong.
		recorder *bool
	}{
		{"text/html then */*, nosniff", handlerOf([]byte("hello"), "Content-Type", "text/html", "Content-Type", "*/*", "X-Content-Type-Options", "nosniff"), true, nil},
		// net/http sends the lower-case text/html, then its own
		// Content-Type, image/png, which browsers read last.
		{"lower-case content-type over a PNG", handlerOf(pngBytes, "content-type", "text/html", "X-Content-Type-Options", "nosniff"), false, &yes},
		{"text/xsl, nosniff", handlerOf([]byte("<x/>"), "Content-Type", "text/xsl", "X-Content-Type-Options", "nosniff"), true, nil},
		{"no type", handlerOf(htmlBytes), true, nil},
		// net/http adds its own Content-Type after a lower-case one,
		// and to a response with nosniff and no type.
		{"lower-case image/png over a page", handlerOf(htmlBytes, "content-type", "image/png"), true, nil},
		{"nosniff and no type over a page", handlerOf(htmlBytes, "X-Content-Type-Options", "nosniff"), true, nil},
		// net/http sniffs the first 512 bytes of every write; a
		// recorder only those of the first.
		{"a page in two writes", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Write(htmlBytes[:1])
			w.Write(htmlBytes[1:])
		}), true, new(bool)},
		// A copy from an empty file leaves net/http's headers open.
		{"empty copy, then retyped", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/plain")
			f, _ := os.Open(emptyFile)
			io.Copy(w, f)
			f.Close()
			w.Header().Set("Content-Type", "text/html")
			w.Write(htmlBytes)
		}), true, nil},
		{"PNG as image/png, nosniff", handlerOf(pngBytes, "Content-Type", "image/png", "X-Content-Type-Options", "nosniff"), false, nil},
		{"page as text/plain, nosniff", handlerOf(htmlBytes, "Content-Type", "text/plain", "X-Content-Type-Options", "nosniff"), false, nil},
		{"text/html behind Handler", mimesniff.Handler(handlerOf(htmlBytes, "Content-Type", "text/html")), false, nil},
		{"lower-case text/html behind Handler", mimesniff.Handler(handlerOf(htmlBytes, "content-type", "text/html")), false, nil},
		{"no type behind Handler", mimesniff.Handler(handlerOf(htmlBytes)), false, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := rendersAsPage(t, tc.handler); got != tc.want {
				t.Errorf("the recipe says %v, want %v", got, tc.want)
			}
			if tc.recorder != nil {
				if got := recorderSays(tc.handler); got != *tc.recorder {
					t.Errorf("a recorder's map says %v, want %v (the reason the recipe runs a server)", got, *tc.recorder)
				}
			}
		})
	}
}

// BenchmarkReportFor measures ReportFor against Sniff, in one run, on every
// testdata file served as text/html with nosniff (impl=report) and with no
// headers (impl=report-none), beside Resource.Sniff on the same bytes
// (impl=sniff).
func BenchmarkReportFor(b *testing.B) {
	names, _ := filepath.Glob("testdata/files/*")
	typed := http.Header{"Content-Type": {"text/html;charset=utf-8"}, "X-Content-Type-Options": {"nosniff"}}
	for _, name := range names {
		data, err := os.ReadFile(name)
		if err != nil {
			b.Fatal(err)
		}
		file := filepath.Base(name)
		b.Run("file="+file+"/impl=sniff", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = mimesniff.Resource{Header: data}.Sniff()
			}
		})
		b.Run("file="+file+"/impl=report", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = mimesniff.ReportFor(typed, data)
			}
		})
		b.Run("file="+file+"/impl=report-none", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = mimesniff.ReportFor(http.Header{}, data)
			}
		})
	}
}

// verdicts returns every verdict of rep, indexed by Destination, read with
// Report.Verdict until it says there are no more.
func verdicts(rep mimesniff.Report) []mimesniff.DestinationVerdict {
	var out []mimesniff.DestinationVerdict
	for d := mimesniff.Destination(0); ; d++ {
		v, ok := rep.Verdict(d)
		if !ok {
			return out
		}
		out = append(out, v)
	}
}

// FuzzAnyBody checks the report for a body whose content coding the package
// does not undo, br, against the report for each body it can stand for: a
// browser decodes br (Fetch, "handle content codings",
// https://fetch.spec.whatwg.org/#handle-content-codings) and renders the
// bytes that come, whatever they are. So for every destination, the profiles
// in which some body runs script must be among the report's, a destination
// it says is blocked must be blocked for that body, the profiles that hand
// it to another site's page must be among the report's, and so must the
// summaries. The seeds are every testdata file under header lists where the
// body decides: none, nosniff, an unknown type, a sandbox that allows
// scripts, and an attachment, which Firefox ignores for a PDF in an object
// or embed element (downloadsAttachment).
func FuzzAnyBody(f *testing.F) {
	files, _ := filepath.Glob("testdata/files/*")
	shapes := []struct {
		shape                   uint16
		ct1, ct2, xcto, cd, csp string
	}{
		{shape: 0},
		{shape: 1 << 6, xcto: "nosniff"},
		{shape: 1, ct1: "unknown/unknown"},
		{shape: 1 << 9, cd: "attachment"},
		{shape: 1 | 1<<9, ct1: "*/*", cd: "attachment; filename=a"},
		{shape: 1 << 11, csp: "sandbox allow-scripts"},
	}
	for _, s := range shapes {
		for _, name := range files {
			data, err := os.ReadFile(name)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(s.shape, s.ct1, s.ct2, s.xcto, s.cd, s.csp, data[:min(len(data), mimesniff.HeaderSize)])
		}
	}
	f.Fuzz(func(t *testing.T, shape uint16, ct1, ct2, xcto, cd, csp string, body []byte) {
		h := reportHeader(shape&^(1<<14|1<<15), ct1, ct2, xcto, cd, csp, "") // no coding of its own
		plain := mimesniff.ReportFor(h, body)
		h["Content-Encoding"] = []string{"br"}
		coded := mimesniff.ReportFor(h, body)
		if plain.DocumentScript && !coded.DocumentScript || plain.ScriptInclusion && !coded.ScriptInclusion {
			t.Errorf("%v: the body %.40q runs script (document %v, inclusion %v); under br, the report says document %v, inclusion %v",
				h, body, plain.DocumentScript, plain.ScriptInclusion, coded.DocumentScript, coded.ScriptInclusion)
		}
		for d := mimesniff.Destination(0); ; d++ {
			p, ok := plain.Verdict(d)
			if !ok {
				break
			}
			c, _ := coded.Verdict(d)
			if p.Script&^c.Script != 0 || c.Blocked && !p.Blocked {
				t.Errorf("%v, %s: the body %.40q: script in %q, blocked %v; under br: script in %q, blocked %v",
					h, d, body, p.Script, p.Blocked, c.Script, c.Blocked)
			}
			if p.CrossOrigin&^c.CrossOrigin != 0 {
				t.Errorf("%v, %s: the body %.40q reaches another site's page in %q; under br, in %q",
					h, d, body, p.CrossOrigin, c.CrossOrigin)
			}
		}
		if plain.CrossOriginRead && !coded.CrossOriginRead {
			t.Errorf("%v: the body %.40q can be read by another site; under br, the report says it cannot", h, body)
		}
	})
}

// computedHeaderLists are header lists for TestReportComputed: types that
// are sniffed and types that are not, nosniff, an attachment, a sandbox,
// and lists with several readings (two spellings of a name, a control
// byte, more spellings than the package reads).
var computedHeaderLists = []struct {
	name string
	h    http.Header
}{
	{"none", http.Header{}},
	{"html", http.Header{"Content-Type": {"text/html"}}},
	{"plain", http.Header{"Content-Type": {"text/plain"}}},
	{"plain nosniff", http.Header{"Content-Type": {"text/plain"}, "X-Content-Type-Options": {"nosniff"}}},
	{"png", http.Header{"Content-Type": {"image/png"}}},
	{"octet-stream", http.Header{"Content-Type": {"application/octet-stream"}}},
	{"unknown", http.Header{"Content-Type": {"unknown/unknown"}}},
	{"xml", http.Header{"Content-Type": {"text/xml"}}},
	{"two values", http.Header{"Content-Type": {"text/html", "image/png"}}},
	{"Apache's text/plain", http.Header{"Content-Type": {"text/plain; charset=ISO-8859-1"}}},
	{"attachment", http.Header{"Content-Type": {"text/html"}, "Content-Disposition": {"attachment"}}},
	{"lower-case attachment", http.Header{"content-type": {"text/html"}, "content-disposition": {"attachment; filename=a.html"}}},
	{"sandbox", http.Header{"Content-Type": {"text/html"}, "Content-Security-Policy": {"sandbox"}}},
	{"two spellings", http.Header{"Content-Type": {"text/plain"}, "content-type": {"text/html"}}},
	{"two spellings of nosniff", http.Header{"X-Content-Type-Options": {"nosniff"}, "x-content-type-options": {"no"}, "Content-Type": {"text/plain"}}},
	{"a control byte", http.Header{"Content-Type": {"text/plain\x00"}}},
	{"too many readings", http.Header{"Content-Type": {"text/plain"}, "content-type": {"text/plain"}, "CONTENT-TYPE": {"text/plain"},
		"Content-type": {"text/plain"}, "content-Type": {"text/plain"}}},
}

// computedSample is the share of TestReportComputed's responses that go test
// ./... checks without MIMESNIFF_LONG=1: one in computedSample.
const computedSample = 8

// TestReportComputed checks Report.Computed against Resource.SniffAs, for
// the resource ResourceFromResponse reads of the same response, on the
// bodies of the security tests under the header lists of
// computedHeaderLists, plain and gzip-coded: the report's types are the
// profiles' without sniffing again. With MIMESNIFF_LONG=1 it checks every
// body under every list and coding (about 58,000 responses); otherwise
// one body in computedSample under each list and coding, the choice shifted
// by one from each list and coding to the next: every list and coding
// meets an eighth of the bodies, taken from end to end of securityHeaders,
// and every body is checked under four or five of the 34 lists and codings.
func TestReportComputed(t *testing.T) {
	bodies := securityHeaders(t)
	gzipped := make([][]byte, len(bodies))
	for i, body := range bodies {
		var b bytes.Buffer
		z := gzip.NewWriter(&b)
		z.Write(body)
		z.Close()
		gzipped[i] = b.Bytes()
	}
	k := computedSample
	if long() {
		k = 1
	}
	n, shift := 0, 0
	for _, hl := range computedHeaderLists {
		for _, coded := range []bool{false, true} {
			shift++
			for i, body := range bodies {
				if (i+shift)%k != 0 {
					continue
				}
				h := hl.h.Clone()
				sent := body
				if coded {
					h.Set("Content-Encoding", "gzip")
					sent = gzipped[i]
				}
				rep := mimesniff.ReportFor(h, sent)
				r, err := mimesniff.ResourceFromResponse(&http.Response{StatusCode: http.StatusOK, Header: h.Clone(), Body: io.NopCloser(bytes.NewReader(sent))})
				if _, ok := err.(*mimesniff.ContentCodingError); ok && coded && hl.name == "too many readings" {
					continue // codings a map cannot tell: no resource (TestWorstReading)
				}
				if err != nil {
					t.Fatalf("%s, %q: %v", hl.name, body, err)
				}
				// As internal/archive asks: the decoded header and list.
				decoded := mimesniff.ReportFor(r.HeaderList, r.Header)
				for _, b := range []mimesniff.Browser{mimesniff.Standard, mimesniff.Chromium, mimesniff.Firefox, mimesniff.WebKit} {
					want := r.SniffAs(b)
					if got := rep.Computed(b); got != want {
						t.Errorf("%s, coded %v, %q: %v: Computed = %v, SniffAs = %v", hl.name, coded, body, b, got, want)
					}
					if got := decoded.Computed(b); got != want {
						t.Errorf("%s, coded %v, %q: %v: Computed of the decoded resource = %v, SniffAs = %v", hl.name, coded, body, b, got, want)
					}
					n++
				}
			}
		}
	}
	if got := (mimesniff.Report{}).Computed(mimesniff.Browser(4)); got.IsValid() {
		t.Errorf("Computed(4) = %v, want the zero MIMEType", got)
	}
	t.Logf("%d types compared", n)
}
