// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff

import (
	"fmt"
	"io"
	"net/http"
)

// This file exports to the tests of package mimesniff_test the internals they
// check, as net/netip does. Test files are not compiled into the package, so
// nothing here costs its users anything.

// SignatureRow is one row of a signature table as the standard prints it,
// with what compileTable made of it.
type SignatureRow struct {
	Pattern, Mask    string
	IgnoreWhitespace bool // "Whitespace bytes." in the third column
	Type             MIMEType

	// The compiled row: whether its pattern ends with a tag-terminating
	// byte, and its type.
	TT           bool
	CompiledType MIMEType
}

// SignatureTable is one of the standard's signature tables and its compiled
// matcher.
type SignatureTable struct {
	Name     string
	Rows     []SignatureRow
	Compiled int // the number of compiled rows
	Match    func([]byte) (MIMEType, bool)
}

// SignatureTables lists every signature table of the package.
var SignatureTables = []SignatureTable{
	exportTable("image", imageRows, imageTable),
	exportTable("audio or video", audioVideoRows, audioVideoTable),
	exportTable("font", fontRows, fontTable),
	exportTable("archive", archiveRows, archiveTable),
	exportTable("unknown, scriptable", scriptableRows, compileTable(scriptableRows)),
	exportTable("unknown, not scriptable", unknownRows, compileTable(unknownRows)),
	exportTable("unknown rules, scriptable",
		concat(scriptableRows, unknownRows, imageRows, audioVideoRows), unknownTablesScriptable),
	exportTable("unknown rules, not scriptable",
		concat(unknownRows, imageRows, audioVideoRows), unknownTables),
}

func concat(tables ...[]sigRow) []sigRow {
	var rows []sigRow
	for _, t := range tables {
		rows = append(rows, t...)
	}
	return rows
}

func exportTable(name string, rows []sigRow, t *sigTable) SignatureTable {
	out := SignatureTable{Name: name, Compiled: len(t.sigs), Match: t.match}
	for i, r := range rows {
		row := SignatureRow{Pattern: r.pattern, Mask: r.mask, IgnoreWhitespace: r.ignored == whitespaceBytes, Type: r.mimeType}
		if i < len(t.sigs) {
			row.TT, row.CompiledType = t.sigs[i].tt, t.sigs[i].mimeType
		}
		out.Rows = append(out.Rows, row)
	}
	return out
}

// IEFilter is one of FindMimeFromData's filters.
type IEFilter struct {
	MIME     string
	MoreThan bool // the size must be more than N, not at least N
	N        int
	Mask     string
	Sigs     []string
	Text     bool
}

// IEAnyPosFilters and IEFilters are FindMimeFromData's two filter tables.
var (
	IEAnyPosFilters = exportIEFilters(ieAnyPosFilters)
	IEFilters       = exportIEFilters(ieFilters)
)

func exportIEFilters(fs []ieFilter) []IEFilter {
	var out []IEFilter
	for _, f := range fs {
		out = append(out, IEFilter{f.mime, f.cond == ieMoreThan, f.n, f.mask, f.sigs, f.text})
	}
	return out
}

// BlockedDueToNoSniff and BlockedDueToMIMEType are Fetch's two blocking
// algorithms over a header list, as ReportFor runs them for every
// destination.
func BlockedDueToNoSniff(h http.Header, d Destination) bool {
	t, ok := ExtractMIMEType(h)
	return blockedNoSniff(DetermineNoSniff(h), t.Essence(), ok, d)
}

func BlockedDueToMIMEType(h http.Header, d Destination) bool {
	t, ok := ExtractMIMEType(h)
	return blockedMIMEType(t.Essence(), ok, d)
}

// WebKitRowsError returns what breaks an assumption of webkitUnknown's
// shortcuts about libsoup's table, or nil: the rows with ws come first in
// webkitScriptableRows, webkitTagRows of them, each starting with "<" and
// a byte that is no space or lower-case letter; no other row has ws or
// starts with "?".
func WebKitRowsError() error {
	for i, r := range webkitScriptableRows {
		if r.ws != (i < webkitTagRows) || r.ws && (r.pattern[0] != '<' || r.pattern[1] == ' ' || 'a' <= r.pattern[1] && r.pattern[1] <= 'z') {
			return fmt.Errorf("scriptable row %d %q: ws %v, webkitTagRows %d", i, r.pattern, r.ws, webkitTagRows)
		}
	}
	for i, r := range webkitOtherRows {
		if r.ws || r.pattern[0] == '?' {
			return fmt.Errorf("other row %d %q: ws %v", i, r.pattern, r.ws)
		}
	}
	return nil
}

// ActiveServed is activeServed.
func ActiveServed(t MIMEType) bool { return activeServed(t) }

// ActiveServedModel is what activeServed stands for, computed the long way:
// the response served with Content-Type t and nosniff, whose body starts
// with header, run through every profile as ReportFor runs it, and whether
// one renders it as a type it runs script in.
func ActiveServedModel(t MIMEType, header []byte) bool {
	rr := response{fetchOK: t.IsValid()}
	rr.res = Resource{Supplied: t, NoSniff: true, Header: resourceHeader(header)}
	rr.http = httpReading{fromHTTP: true, fetchType: t, fetchEssence: t.Essence(), contentTypes: 1, webkitType: t.Essence(), webkitDoc: t, webkitNoSniff: true}
	for _, b := range profiles {
		if rr.rendersScript(b) {
			return true
		}
	}
	return false
}

// HeaderReadings returns the readings of h that a browser can receive
// (eachReading), each as the values of the headers the package reads by
// canonical name, and false when h has too many to try.
func HeaderReadings(h http.Header) ([]map[string][]string, bool) {
	var out []map[string][]string
	ok := eachReading(h, func(v *headerValues) bool {
		r := map[string][]string{}
		for i, values := range v {
			if values != nil {
				r[headerNames[i]] = values
			}
		}
		out = append(out, r)
		return true
	})
	return out, ok
}

// ResourceFromHTTP is the resource of a header list h and a body, as
// ResourceFromResponse reads them (resourceFromHTTP).
func ResourceFromHTTP(h http.Header, body io.Reader) (Resource, io.Reader, error) {
	r, rest, _, err := resourceFromHTTP(h, body)
	return r, rest, err
}

// IsScriptLike is Destination.isScriptLike.
func IsScriptLike(d Destination) bool { return d.isScriptLike() }

// ParseError is the error type of Parse and ParseBytes.
type ParseError = parseError

// MergeSpellings is mergeSpellings: the values of every spelling of a name
// the package reads moved to its canonical key, in net/http's order.
func MergeSpellings(h http.Header) { mergeSpellings(h) }

// SetOf returns the set of profiles bs, for tests that need a set no report
// gives.
func SetOf(bs ...Browser) BrowserSet { return setOf(bs...) }

// statusClassNames are the names of the status classes, for tests.
var statusClassNames = [numStatusClasses]string{
	statusOK:            "ok",
	statusNoContent:     "no content",
	statusResetContent:  "reset content",
	statusNotModified:   "not modified",
	statusRedirect:      "redirect",
	statusNoLocation:    "no location",
	statusError:         "error",
	statusBelowRange:    "below range",
	statusAboveRange:    "above range",
	statusInformational: "informational",
}

// StatusClass returns the name of the class readStatus reads for status
// code with header list h.
func StatusClass(code int, h http.Header) string {
	return statusClassNames[readStatus(code, h).class]
}

// RangeRules returns how the engines' partial-response rules read the
// Content-Range of a 206 with header list h: whether Chromium's ORB takes
// it for a later part (laterPart), whether Firefox's surely takes it for no
// first partial response (surelyNotFirst), and whether the ORB proposal
// takes it for a valid first one (validFirst).
func RangeRules(h http.Header) (chromiumLater, firefoxNotFirst, standardValid bool) {
	cr := readStatus(http.StatusPartialContent, h).rng
	return cr.laterPart(), cr.surelyNotFirst(), cr.validFirst()
}

// StatusScriptRule is a row of statusScriptRules, with its class and kind
// by name.
type StatusScriptRule struct {
	Class, Kind string
	Runs        BrowserSet
	Evidence    string
}

// scriptKindNames are the names of the kinds of destination for script.
var scriptKindNames = [numScriptKinds]string{
	scriptNone:           "none",
	scriptNavigable:      "navigable",
	scriptPlugin:         "plugin",
	scriptClassic:        "classic",
	scriptWorker:         "worker",
	scriptJavaScriptOnly: "service worker",
	scriptWorklet:        "worklet",
	scriptXSLT:           "xslt",
}

// StatusScriptRules are statusScriptRules.
func StatusScriptRules() []StatusScriptRule {
	var rows []StatusScriptRule
	for _, r := range statusScriptRules {
		rows = append(rows, StatusScriptRule{statusClassNames[r.class], scriptKindNames[r.kind], r.runs, r.evidence})
	}
	return rows
}

// ScriptKindOf returns the name of the kind of destination d for script.
func ScriptKindOf(d Destination) string { return scriptKindNames[destinationKinds[d].script] }
