// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff

import (
	"bytes"
	"net/http"
	"testing"
)

// TestExtensionEveryComputedType walks every table the package sniffs with,
// and every type its rules compute outside them, and checks that the
// package's own extension table names each (mime.ExtensionsByType does not
// know them all, and what it knows depends on the machine).
func TestExtensionEveryComputedType(t *testing.T) {
	var types []MIMEType
	for _, rows := range [][]sigRow{scriptableRows, unknownRows, imageRows, audioVideoRows, fontRows, archiveRows} {
		for _, r := range rows {
			types = append(types, r.mimeType)
		}
	}
	types = append(types, videoMP4, videoWebM, audioMPEG, // the signatures outside the tables
		textPlain, applicationOctet, // text or binary
		applicationRSS, applicationAtom, // feeds
		textVTT, textCacheManifest) // context rules
	for _, ty := range types {
		found := false
		for _, x := range extensions {
			if x.essence == ty.Essence() {
				found = true
				if x.ext == "" || x.ext[0] != '.' {
					t.Errorf("extension of %s is %q, want a dot and a name", ty, x.ext)
				}
			}
		}
		if !found {
			t.Errorf("%s has no row in the extension table", ty)
		}
		if Extension(ty) == "" {
			t.Errorf("Extension(%s) = \"\"", ty)
		}
	}
}

// TestDocumentTypesPlugIn shows the plug-in point for browser profiles: a
// profile that renders "<body/onload=...>" as HTML (as Chromium does, where
// the standard says text/plain) makes the document destinations run script,
// with the standard's type still reported as the type.
func TestDocumentTypesPlugIn(t *testing.T) {
	saved := documentTypes
	defer func() { documentTypes = saved }()
	documentTypes = append(documentTypes[:len(documentTypes):len(documentTypes)], func(r Resource) MIMEType {
		if !r.Supplied.IsValid() && !r.NoSniff && bytes.HasPrefix(r.Header, []byte("<body/")) {
			return textHTML
		}
		return r.Sniff()
	})
	body := []byte("<body/onload=alert(1)>")
	rep := ReportFor(http.Header{}, body)
	for _, d := range []Destination{DestinationDocument, DestinationIFrame, DestinationFrame} {
		v := rep.Destinations[d]
		if !v.Script || v.Type != textPlain || v.ScriptType != textHTML {
			t.Errorf("%s: Script %v, Type %s, ScriptType %s; want true, text/plain, text/html", d, v.Script, v.Type, v.ScriptType)
		}
	}
	rep = ReportFor(http.Header{"X-Content-Type-Options": {"nosniff"}}, body)
	if rep.Destinations[DestinationDocument].Script {
		t.Errorf("with nosniff: document Script set")
	}
}
