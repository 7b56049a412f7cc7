// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"fmt"
	"strings"

	"github.com/mimesniff/mimesniff"
)

// reportView prints what browsers can do with the file for every Fetch
// destination (-report).
//
// It is mimesniff.ReportForStatus over the response's status (200 for a
// file), headers and first bytes. As text, the report follows the name on
// lines of its own (reportText).
func reportView(o *options, in input) output {
	rep := mimesniff.ReportForStatus(in.status, in.h, in.r.Header)
	return output{text: "\n" + reportText(&rep), json: rep}
}

// reportText returns the report as text.
//
// It has one line per destination with its name (`""` for the empty
// destination), "blocked" or "allowed", the standard's type or "-", "script
// in" the profiles where script runs there, and "cross-site read in" those
// where a page of another site gets the bytes; then a line for each of the
// three threats, naming the destinations through which it is open, or
// "none".
func reportText(rep *mimesniff.Report) string {
	var b strings.Builder
	var document, inclusion, read []string
	for d := mimesniff.Destination(0); ; d++ {
		v, ok := rep.Verdict(d)
		if !ok {
			break
		}
		name := d.String()
		if name == "" {
			name = `""`
		}
		state := "allowed"
		if v.Blocked {
			state = "blocked"
		}
		t := v.Type.String()
		if t == "" {
			t = "-"
		}
		fmt.Fprintf(&b, "%-13s %s %s", name, state, t)
		if !v.Script.IsEmpty() {
			fmt.Fprintf(&b, "  script in %s", v.Script)
			switch d {
			case mimesniff.DestinationDocument, mimesniff.DestinationFrame, mimesniff.DestinationIFrame,
				mimesniff.DestinationObject, mimesniff.DestinationEmbed:
				document = append(document, name)
			case mimesniff.DestinationAudioWorklet, mimesniff.DestinationPaintWorklet, mimesniff.DestinationScript,
				mimesniff.DestinationServiceWorker, mimesniff.DestinationSharedWorker, mimesniff.DestinationWorker:
				// Fetch's script-like destinations.
				inclusion = append(inclusion, name)
			}
		}
		if !v.CrossOrigin.IsEmpty() {
			fmt.Fprintf(&b, "  cross-site read in %s", v.CrossOrigin)
			read = append(read, name)
		}
		b.WriteByte('\n')
	}
	list := func(names []string) string {
		if names == nil {
			return "none"
		}
		return strings.Join(names, " ")
	}
	fmt.Fprintf(&b, "document script (stored XSS): %s\n", list(document))
	fmt.Fprintf(&b, "script inclusion: %s\n", list(inclusion))
	fmt.Fprintf(&b, "cross-site read: %s", list(read))
	return b.String()
}

// ieJSON is the JSON form of -browser ie.
//
// It holds the inputs IE was given and its answer, null where IE fails.
type ieJSON struct {
	Proposed string  `json:"proposed"`
	URL      string  `json:"url"`
	IE       *string `json:"ie"`
}

// ieAnswer returns Internet Explorer's answer for the file, with the inputs
// it was given.
//
// The proposed type is -type, or the last Content-Type of an -http dump; the
// URL is -url, or the file name with -ext. The registry is windowsRegistry.
func ieAnswer(o *options, in input) ieJSON {
	data := in.r.Header
	if data == nil {
		data = []byte{} // an empty file is a buffer of no bytes, not no buffer
	}
	var j ieJSON
	switch vs := in.h.Values("Content-Type"); {
	case o.typeSet:
		j.Proposed = o.contentType
	case len(vs) > 0:
		j.Proposed = vs[len(vs)-1]
	}
	j.URL = o.url
	if j.URL == "" && o.ext {
		j.URL = in.name
	}
	if ie := mimesniff.FindMimeFromData(data, j.Proposed, j.URL, windowsRegistry); ie != "" {
		j.IE = &ie
	}
	return j
}

// ieText returns IE's answer in j as text: the answer, or "error".
func ieText(j ieJSON) string {
	if j.IE == nil {
		return "error"
	}
	return *j.IE
}

// ieView prints Internet Explorer's answer for the file (-browser ie).
func ieView(o *options, in input) output {
	j := ieAnswer(o, in)
	return output{text: ieText(j), json: j}
}

// windowsContentTypes is the command's stand-in for the registry that
// -browser ie consults.
//
// It holds the Content Type of HKEY_CLASSES_ROOT\<ext> on a typical Windows 10
// or 11 machine, for the extensions that matter most on the web. Real machines
// differ: installed programs add and change entries, and .js has no Content
// Type on a clean install.
var windowsContentTypes = map[string]string{
	".htm":  "text/html",
	".html": "text/html",
	".css":  "text/css",
	".txt":  "text/plain",
	".jpg":  "image/jpeg",
	".png":  "image/png",
	".gif":  "image/gif",
	".xml":  "text/xml",
}

// windowsRegistry looks ext up in windowsContentTypes, folding case as
// registry keys do.
func windowsRegistry(ext string) string {
	return windowsContentTypes[strings.ToLower(ext)]
}

// browsers are the browser profiles, in order: -browser all prints them in
// this order, and -browser worst breaks ties by it. A new profile is one more
// element.
var browsers = []mimesniff.Browser{mimesniff.Standard, mimesniff.Chromium, mimesniff.Firefox, mimesniff.WebKit}

// profile returns the profile of browsers named name.
func profile(name string) (mimesniff.Browser, bool) {
	for _, b := range browsers {
		if b.String() == name {
			return b, true
		}
	}
	return 0, false
}

// worstView prints the most dangerous type the browser profiles compute for
// the file (-browser worst, the default), as "NAME: TYPE"; the JSON form adds
// the profile that computed it.
func worstView(o *options, in input) output {
	r := in.r
	t, by := r.SniffWorst()
	return output{text: t.String(), json: sniffJSON{
		Supplied:  jsonType(r.Supplied),
		NoSniff:   r.NoSniff,
		ApacheBug: r.CheckForApacheBug,
		Feeds:     r.SniffFeeds,
		Context:   browsingContext,
		Computed:  jsonType(t),
		Browser:   by.String(),
	}}
}

// browserJSON is a profile's answer in the JSON form of -browser with a list.
//
// It holds the computed type (Resource.SniffAs) and whether the browser
// displays it rather than downloading it (Browser.Displays).
type browserJSON struct {
	Computed  jsonType `json:"computed"`
	Displayed bool     `json:"displayed"`
}

// ieListJSON is IE's answer in the JSON form of -browser with a list: its
// answer, null where IE fails, and its inputs.
type ieListJSON struct {
	Computed *string `json:"computed"`
	Proposed string  `json:"proposed"`
	URL      string  `json:"url"`
}

// answersView prints the answers -browser names for the file, side by side in
// the order given, each after its name (a single browser's alone).
//
// It puts "(download)" after a type the browser does not display. With -json,
// it prints an object keyed by the names.
func answersView(o *options, in input) output {
	var text []string
	obj := map[string]any{}
	for _, name := range o.answers {
		var s string
		if name == ie {
			j := ieAnswer(o, in)
			s = ieText(j)
			obj[name] = ieListJSON{j.IE, j.Proposed, j.URL}
		} else {
			b, _ := profile(name) // parseAnswers checked the name
			t := in.r.SniffAs(b)
			s = t.String()
			if !b.Displays(t) {
				s += " (download)"
			}
			obj[name] = browserJSON{jsonType(t), b.Displays(t)}
		}
		if len(o.answers) > 1 {
			s = name + " " + s
		}
		text = append(text, s)
	}
	return output{text: strings.Join(text, ", "), json: obj}
}
