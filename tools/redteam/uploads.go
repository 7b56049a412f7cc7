// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"fmt"
	"strings"
)

// boundary is the multipart boundary of the multipart payloads and of the
// declared multipart types.
const boundary = "redteamBoundary42"

// A payload is hostile upload content: bytes that run the probe when a
// browser renders or executes them.
type payload struct {
	name string
	body func(probe string) string
	// exts are the file extensions the payload is uploaded under (the
	// uploader chooses the name).
	exts []string
}

// allExts are the extensions an uploader can choose for the payloads that
// run as documents.
var allExts = []string{
	".html", ".htm", ".xhtml", ".xht", ".svg", ".svgz", ".xml", ".xsl", ".xslt", ".rdf", ".mht", ".mhtml",
	".pdf", ".js", ".mjs", ".json", ".css", ".txt", ".png", ".gif", ".bin", "",
}

// payloads are the red-team corpus. Every body is written for this harness.
var payloads = []payload{
	{"html", func(p string) string {
		return "<!DOCTYPE html>\n<html><head><title>upload</title></head><body><p>An uploaded page.</p><script>" + p + "</script></body></html>\n"
	}, allExts},
	{"xhtml", func(p string) string {
		return `<?xml version="1.0"?>` + "\n" + `<html xmlns="http://www.w3.org/1999/xhtml"><head><title>upload</title></head><body><script>` + p + "</script></body></html>\n"
	}, allExts},
	{"svg", func(p string) string {
		return `<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"><script>` + p + `</script><circle r="10" cx="10" cy="10"/></svg>` + "\n"
	}, allExts},
	{"xslt", func(p string) string {
		return `<?xml version="1.0"?>` + "\n" + `<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform" xmlns="http://www.w3.org/1999/xhtml"><xsl:template match="/"><html><body><script>` + p + "</script></body></html></xsl:template></xsl:stylesheet>\n"
	}, allExts},
	{"polyglot", func(p string) string {
		return "<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\"><head><title>p</title></head><body><script>//<![CDATA[\n" + p + "\n//]]></script></body></html>\n"
	}, allExts},
	{"onload", func(p string) string {
		// No tag-terminating byte after "body": not HTML to the standard's
		// unknown-type rules.
		return "<body/onload=\"" + strings.ReplaceAll(p, `"`, "&quot;") + "\">\n"
	}, []string{".txt", ".bin", "", ".html", ".png"}},
	{"htmljs", func(p string) string {
		return "<!--\n" + p + "\n//--><script>" + p + "</script>\n"
	}, []string{".js", ".txt", ".html", ".json", ".css", ""}},
	{"gifjs", func(p string) string {
		gif := "/*\x01\x00\x80\x00\x00\x00\x00\x00\xff\xff\xff\x2c\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02\x44\x01\x00\x3b"
		return "GIF89a" + gif + "*/=0;\n" + p + "\n"
	}, []string{".gif", ".png", ".js", ".txt", ""}},
	{"jsonjs", func(p string) string { return "[\"upload\",{\"k\":1}]\n;" + p + "\n" }, []string{".json", ".js", ".txt"}},
	{"cssjs", func(p string) string { return "/* */ " + p + " /*\n*/\n.upload { color: red }\n" }, []string{".css", ".js", ".txt"}},
	{"js", func(p string) string { return p + "\n" }, []string{".js", ".mjs", ".txt", ".json", ""}},
	{"xmlpi", func(p string) string {
		return `<?xml version="1.0"?>` + "\n" + `<?xml-stylesheet type="text/xsl" href="/__xsl"?>` + "\n<doc>upload</doc>\n"
	}, []string{".xml", ".xsl", ".rdf", ".svg", ".txt"}},
	{"rdf", func(p string) string {
		return `<?xml version="1.0"?>` + "\n" + `<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><html xmlns="http://www.w3.org/1999/xhtml"><script>` + p + "</script></html></rdf:RDF>\n"
	}, []string{".rdf", ".xml", ".txt"}},
	{"pdfjs", func(string) string { return pdfWithJavaScript() }, []string{".pdf", ".txt", ".bin", ".html", ""}},
	{"mixed", func(p string) string {
		part := "<!DOCTYPE html><html><body><script>" + p + "</script></body></html>"
		return "--" + boundary + "\r\nContent-Type: text/html\r\n\r\n" + part + "\r\n--" + boundary + "\r\nContent-Type: text/html\r\n\r\n" + part + "\r\n--" + boundary + "--\r\n"
	}, []string{".txt", ".bin", ".mht", ".html"}},
	{"mht", func(p string) string {
		return "From: <upload>\r\nSubject: upload\r\nMIME-Version: 1.0\r\nContent-Type: multipart/related; type=\"text/html\"; boundary=\"" + boundary + "\"\r\n\r\n--" + boundary + "\r\nContent-Type: text/html\r\nContent-Location: http://127.0.0.1/upload.html\r\n\r\n<!DOCTYPE html><html><body><script>" + p + "</script></body></html>\r\n--" + boundary + "--\r\n"
	}, []string{".mht", ".mhtml", ".eml", ".txt"}},
}

// pdfWithJavaScript returns a one-page PDF whose OpenAction runs JavaScript.
func pdfWithJavaScript() string {
	objs := []string{
		"<< /Type /Catalog /Pages 2 0 R /OpenAction 4 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 100 100] >>",
		`<< /Type /Action /S /JavaScript /JS (app.alert\("upload"\);) >>`,
	}
	var b strings.Builder
	b.WriteString("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
	offs := make([]int, len(objs))
	for i, o := range objs {
		offs[i] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", i+1, o)
	}
	x := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(objs)+1)
	for _, o := range offs {
		fmt.Fprintf(&b, "%010d 00000 n \n", o)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(objs)+1, x)
	return b.String()
}

// declaredTypes are the Content-Type values an uploader can send with an
// upload, which the SafeHeaders server passes as the declared type.
var declaredTypes = []string{
	"",
	"text/plain",
	"text/plain; charset=ISO-8859-1",
	"text/html",
	"text/html; charset=utf-8",
	"TEXT/HTML",
	"text/xsl",
	"application/xslt+xml",
	"text/x-xsl",
	"text/xml",
	"application/xml",
	"application/xhtml+xml",
	"image/svg+xml",
	"image/svg+xml; charset=utf-8",
	"application/rdf+xml",
	"text/rdf",
	"application/mathml+xml",
	"application/vnd.wap.xhtml+xml",
	"application/rss+xml",
	"application/pdf",
	"multipart/x-mixed-replace; boundary=" + boundary,
	"multipart/x-mixed-replace",
	"multipart/mixed; boundary=" + boundary,
	"multipart/related; boundary=" + boundary,
	"message/rfc822",
	"text/javascript",
	"application/json",
	"text/css",
	"image/png",
	"image/gif",
	"application/octet-stream",
	"unknown/unknown",
	"application/unknown",
	"*/*",
	"bogus",
}

// safePayloads are the payloads served under every declared type.
var safePayloads = []string{"html", "xhtml", "svg", "xslt", "polyglot", "mixed", "pdfjs"}

// documentPayload are the payloads that run script as a document, which the
// typed mode serves under every extension of its table.
var documentPayload = map[string]bool{
	"html": true, "xhtml": true, "svg": true, "xslt": true, "polyglot": true, "onload": true,
	"xmlpi": true, "rdf": true, "pdfjs": true, "mixed": true, "mht": true,
}

// mixedReplaceType is the type the mixed-replace modes declare, whose
// parts are those of the mixedx payload.
const mixedReplaceType = "multipart/x-mixed-replace; boundary=x"

// mixedx is a multipart/x-mixed-replace body of two HTML parts with the
// boundary of mixedReplaceType, for the modes of issue 32 only.
var mixedx = payload{"mixedx", func(p string) string {
	part := "<!DOCTYPE html><html><body><script>" + p + "</script></body></html>"
	return "--x\r\nContent-Type: text/html\r\n\r\n" + part + "\r\n--x\r\nContent-Type: text/html\r\n\r\n" + part + "\r\n--x--\r\n"
}, []string{".txt"}}

// A wireUpload is an upload of the modes of issue 32.
type wireUpload struct {
	name    string
	payload payload
}

// wireUploads returns the uploads the modes of issue 32 serve: every
// payload, mixedx included, once, under the name of its first extension.
// Their handlers set the type themselves, so the name is not read.
func wireUploads() []wireUpload {
	var us []wireUpload
	for _, p := range append(payloads[:len(payloads):len(payloads)], mixedx) {
		name := p.name + p.exts[0]
		if p.exts[0] == "" {
			name = p.name + "-noext"
		}
		us = append(us, wireUpload{name, p})
	}
	return us
}
