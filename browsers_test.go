package mimesniff_test

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/mimesniff/mimesniff"
)

// TestBrowserText checks the names of the profiles, which Browser's text
// form and the command's -browser use, both ways, and that an unknown name
// is an error that names it.
func TestBrowserText(t *testing.T) {
	for b, name := range []string{"standard", "chromium", "firefox", "webkit"} {
		b := mimesniff.Browser(b)
		text, err := b.MarshalText()
		if err != nil || string(text) != name || b.String() != name {
			t.Errorf("Browser(%d): MarshalText %q, %v, String %q; want %q", b, text, err, b.String(), name)
		}
		var got mimesniff.Browser
		if err := got.UnmarshalText([]byte(name)); err != nil || got != b {
			t.Errorf("UnmarshalText(%q) = %v, %v; want %v", name, got, err, b)
		}
	}
	if got := mimesniff.Browser(9).String(); got != "Invalid(9)" {
		t.Errorf("Browser(9).String() = %q", got)
	}
	if _, err := mimesniff.Browser(9).MarshalText(); err == nil {
		t.Error("Browser(9).MarshalText(): no error")
	}
	for _, bad := range []string{"netscape", "Chromium", "", "webkit "} {
		var b mimesniff.Browser
		if err := b.UnmarshalText([]byte(bad)); err == nil || !strings.Contains(err.Error(), fmt.Sprintf("%q", bad)) {
			t.Errorf("UnmarshalText(%q): %v, want an error that names it", bad, err)
		}
	}
}

// TestSniffWorst checks the one call for what any browser would make of a
// resource: the most dangerous type a profile computes, and the first
// profile to compute it.
func TestSniffWorst(t *testing.T) {
	tests := []struct {
		name string
		r    mimesniff.Resource
		want string // the type, then the profile
	}{
		{"a page", mimesniff.Resource{Header: htmlBytes}, "text/html standard"},
		{"a PNG", mimesniff.Resource{Header: pngBytes}, "image/png standard"},
		// text/xsl runs script in Chromium only: not in the standard.
		{"text/xsl", mimesniff.Resource{Supplied: mimesniff.MustParse("text/xsl"), NoSniff: true, Header: []byte("<x/>")}, "text/xsl chromium"},
		// The standard shows unknown/unknown with nosniff as text;
		// nothing runs script, and text is displayed where Firefox
		// downloads.
		{"an image declared, nosniff", mimesniff.Resource{Supplied: mimesniff.MustParse("image/png"), NoSniff: true, Header: htmlBytes}, "image/png standard"},
		// Over HTTP, each profile reads the header list its own way:
		// WebKit takes an exact "nosniff" only.
		{"NOSNIFF", mimesniff.Resource{
			HeaderList: http.Header{"Content-Type": {"text/plain"}, "X-Content-Type-Options": {"NOSNIFF"}},
			Supplied:   mimesniff.MustParse("text/plain"), NoSniff: true, Header: htmlBytes,
		}, "text/plain standard"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			typ, by := tc.r.SniffWorst()
			if got := typ.String() + " " + by.String(); got != tc.want {
				t.Errorf("SniffWorst = %s, want %s", got, tc.want)
			}
			// No profile computes a more dangerous type.
			for _, b := range []mimesniff.Browser{mimesniff.Standard, mimesniff.Chromium, mimesniff.Firefox, mimesniff.WebKit} {
				u := tc.r.SniffAs(b)
				if b.Scriptable(u) && !by.Scriptable(typ) || b.Displays(u) && !by.Displays(typ) && !by.Scriptable(typ) {
					t.Errorf("%v computes %v, more dangerous than %v in %v", b, u, typ, by)
				}
			}
		})
	}
}

// TestSniffAsIssue checks the behaviours issue 14 states.
func TestSniffAsIssue(t *testing.T) {
	mt := func(s string) mimesniff.MIMEType {
		m, err := mimesniff.Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	tests := []struct {
		name    string
		r       mimesniff.Resource
		b       mimesniff.Browser
		want    string
		display bool
	}{
		{"firefox unknown/unknown downloads", mimesniff.Resource{Supplied: mt("unknown/unknown"), Header: []byte("<html>")}, mimesniff.Firefox, "application/octet-stream", false},
		{"firefox application/unknown downloads", mimesniff.Resource{Supplied: mt("application/unknown"), Header: []byte("<html>")}, mimesniff.Firefox, "application/octet-stream", false},
		{"chromium unknown/unknown sniffs", mimesniff.Resource{Supplied: mt("unknown/unknown"), Header: []byte("<html>")}, mimesniff.Chromium, "text/html", true},
		{"standard html", mimesniff.Resource{Supplied: mt("text/html")}, mimesniff.Standard, "text/html", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := tc.r.SniffAs(tc.b)
			if got.Essence() != tc.want {
				t.Errorf("SniffAs = %q, want %q", got.Essence(), tc.want)
			}
			if d := tc.b.Displays(got); d != tc.display {
				t.Errorf("Displays = %v, want %v", d, tc.display)
			}
		})
	}
}

// navigationDir holds what Chromium, Firefox and WebKit did when navigated to
// each response of a corpus (tools/browsers/record.js; its FORMAT.md says
// how).
const navigationDir = "testdata/browsers/navigation"

// navigationBody is a body of the navigation corpus.
type navigationBody struct {
	Name  string `json:"name"`
	Split string `json:"split"`
	Head  string `json:"head"`
}

// navigationResult is what one browser did with one response.
type navigationResult struct {
	ID          string `json:"id"`
	Outcome     string `json:"outcome"` // document, download, error, timeout
	ContentType string `json:"contentType"`
	Script      bool   `json:"script"`
}

// navigationCase is one response of the corpus with what each browser did.
type navigationCase struct {
	ID      string
	Split   string // train or heldout
	r       mimesniff.Resource
	results map[mimesniff.Browser]navigationResult
}

// recordedBrowsers are the browsers the recordings hold, with their files.
var recordedBrowsers = []mimesniff.Browser{mimesniff.Chromium, mimesniff.Firefox, mimesniff.WebKit}

// readNavigation returns every case of the navigation corpus with what each
// browser did, as ResourceFromHTTP builds it from the header lines and the
// body's first bytes. It fails t unless every case has exactly one row in
// each browser's results, and every row is a case's.
func readNavigation(t *testing.T) []navigationCase {
	t.Helper()
	bodies := map[string]navigationBody{}
	for _, b := range readJSONLines[navigationBody](t, filepath.Join(navigationDir, "bodies.jsonl.gz")) {
		bodies[b.Name] = b
	}
	headers := map[string]http.Header{}
	for _, h := range readJSONLines[recordedHeaders](t, filepath.Join(navigationDir, "headers.jsonl")) {
		headers[h.Name] = h.header()
	}
	results := map[mimesniff.Browser]map[string]navigationResult{}
	rows := map[mimesniff.Browser]*rowCheck{}
	for _, b := range recordedBrowsers {
		results[b] = map[string]navigationResult{}
		rows[b] = &rowCheck{file: filepath.Join(navigationDir, "results-"+b.String()+".jsonl.gz")}
		for _, r := range readJSONLines[navigationResult](t, rows[b].file) {
			rows[b].add(r.ID)
			results[b][r.ID] = r
		}
	}
	var out []navigationCase
	for _, c := range readJSONLines[destinationCase](t, filepath.Join(navigationDir, "cases.jsonl.gz")) {
		body, ok := bodies[c.Body]
		h, ok2 := headers[c.Headers]
		if !ok || !ok2 {
			t.Fatalf("case %s: no body %q or header set %q", c.ID, c.Body, c.Headers)
		}
		head, err := base64.StdEncoding.DecodeString(body.Head)
		if err != nil {
			t.Fatalf("body %s: %v", body.Name, err)
		}
		r, _, err := mimesniff.ResourceFromHTTP(h, bytes.NewReader(head))
		if err != nil {
			t.Fatalf("%s: %v", c.ID, err)
		}
		nc := navigationCase{ID: c.ID, Split: body.Split, r: r, results: map[mimesniff.Browser]navigationResult{}}
		for _, b := range recordedBrowsers {
			rows[b].want(c.ID)
			if res, ok := results[b][c.ID]; ok {
				nc.results[b] = res
			}
		}
		out = append(out, nc)
	}
	for _, b := range recordedBrowsers {
		rows[b].check(t)
	}
	return out
}

// unrepresentable reports whether a recorded document.contentType is one no
// MIMEType can hold: a type with an empty subtype, such as "text/" for a
// Content-Type of "text/", which the browsers keep and show as text where
// Fetch's parser fails.
func unrepresentable(contentType string) bool {
	_, err := mimesniff.Parse(contentType)
	return err != nil
}

// agrees reports whether the profile's type got agrees with what the
// browser recorded: a document of that type, or a download. WebKit keeps
// the case of a type it did not sniff in document.contentType ("Text/Plain").
// A type no MIMEType can hold under text/, such as "text/", agrees with the
// text/plain the profiles stand in for it, displayed as text; a document
// whose type the recorder could not read (Firefox's result of an XSLT
// transformation, cases .../xml/xml-stylesheet.xml) agrees with any type
// the profile displays.
func agrees(b mimesniff.Browser, got mimesniff.MIMEType, res navigationResult) bool {
	if res.Outcome == "document" && res.ContentType == "" {
		return b.Displays(got)
	}
	if res.Outcome == "document" && unrepresentable(res.ContentType) {
		return b.Displays(got) && got.Essence() == "text/plain" && strings.HasPrefix(strings.ToLower(res.ContentType), "text/")
	}
	if res.Outcome == "document" {
		return b.Displays(got) && strings.EqualFold(got.Essence(), res.ContentType)
	}
	return res.Outcome == "download" && !b.Displays(got)
}

// TestBrowserRecordings replays every recorded navigation through the
// browser's profile: a rendered document must have the profile's type,
// which the profile displays; a download must be a type the profile does
// not display. It logs the agreement of the standard and of each profile
// with each browser, on the cases the profiles were fitted to (train) and
// on the held-out ones.
func TestBrowserRecordings(t *testing.T) {
	cases := readNavigation(t)
	type tally struct{ n, std, profile, excluded int }
	for _, b := range recordedBrowsers {
		tallies := map[string]*tally{"train": {}, "heldout": {}}
		for _, c := range cases {
			tl := tallies[c.Split]
			res, ok := c.results[b]
			switch {
			case !ok:
				continue // readNavigation has failed the test
			case res.Outcome == "error" || res.Outcome == "timeout":
				tl.excluded++
				continue
			}
			tl.n++
			if agrees(b, c.r.SniffAs(mimesniff.Standard), res) {
				tl.std++
			}
			got := c.r.SniffAs(b)
			if agrees(b, got, res) {
				tl.profile++
			} else {
				t.Errorf("%s: %s: SniffAs = %q (displayed %v); the browser: %s %s", b, c.ID, got, b.Displays(got), res.Outcome, res.ContentType)
			}
		}
		for _, split := range []string{"train", "heldout"} {
			tl := tallies[split]
			pct := func(k int) float64 { return 100 * float64(k) / float64(max(tl.n, 1)) }
			t.Logf("%s, %s: %d cases (%d errors and timeouts excluded); standard %d (%.1f %%), profile %d (%.1f %%)",
				b, split, tl.n, tl.excluded, tl.std, pct(tl.std), tl.profile, pct(tl.profile))
		}
	}
}

// TestBrowserScriptable checks the promise servers rely on: no recorded case
// where a browser rendered a type that runs script (HTML, XML, SVG, PDF) or
// ran the body's script is predicted by that browser's profile as a type in
// which no script runs.
func TestBrowserScriptable(t *testing.T) {
	cases := readNavigation(t)
	for _, b := range recordedBrowsers {
		n := 0
		for _, c := range cases {
			res, ok := c.results[b]
			if !ok || res.Outcome != "document" {
				continue
			}
			rec, err := mimesniff.Parse(res.ContentType)
			if !res.Script && (err != nil || !rec.IsScriptable()) {
				continue
			}
			n++
			if got := c.r.SniffAs(b); !b.Scriptable(got) {
				t.Errorf("%s: %s: rendered as %s (script ran: %v), SniffAs = %q", b, c.ID, res.ContentType, res.Script, got)
			}
		}
		t.Logf("%s: %d cases rendered as a type that runs script, or ran it", b, n)
	}
}

// TestWebKitRows checks the shape of libsoup's table that webkitUnknown's
// shortcuts rely on.
func TestWebKitRows(t *testing.T) {
	if err := mimesniff.WebKitRowsError(); err != nil {
		t.Fatal(err)
	}
}

// profileInputs are inputs for the profiles' rules: every tag and pattern
// they look for, after each kind of whitespace, cut short and followed by
// each terminating byte, and each control byte around the 512- and
// 1024-byte windows.
func profileInputs() [][]byte {
	var in [][]byte
	prefixes := []string{"", " ", "\t\n\r ", "\f", "\v", "\x00 "}
	tags := []string{"<!DOCTYPE HTML", "<!doctype\thtml", "<!DOCTYPEhtml", "<html", "<HEAD", "<script", "<iframe", "<h1", "<div",
		"<font", "<table", "<a", "<style", "<title", "<b", "<body", "<br", "<p", "<!--", "<?xml", "<?XML", "%PDF-", "%!PS-Adobe-",
		"\xFE\xFF", "\xFF\xFE", "\xEF\xBB\xBF", "<", "x"}
	for _, p := range prefixes {
		for _, tag := range tags {
			for _, end := range []string{"", " ", ">", "\t", "x", "\x00"} {
				in = append(in, []byte(p+tag+end), []byte(p+tag+end+"rest"))
			}
		}
	}
	for _, n := range []int{0, 1, 2, 7, 8, 31, 32, 33, 510, 511, 512, 513, 1023, 1024, 1025, 1445} {
		for _, c := range []byte{0x00, 0x08, 0x09, 0x0B, 0x0C, 0x1A, 0x1B, 0x1F} {
			b := bytes.Repeat([]byte("a"), n+1)
			b[n] = c
			in = append(in, b, append([]byte("\xEF\xBB\xBF"), b...))
			ws := bytes.Repeat([]byte(" "), n)
			in = append(in, append(ws, "<html>"...), append(ws, "<!--"...))
		}
	}
	files, _ := filepath.Glob(filepath.Join("testdata", "files", "*"))
	for _, name := range files {
		if b, err := os.ReadFile(name); err == nil {
			in = append(in, b)
		}
	}
	return in
}

// TestProfilesAgainstSlow checks the profiles' sniffing rules, which skip
// whitespace once, rule out tags by their first byte and look for binary
// bytes a word at a time, against slow transcriptions of the browsers'
// rules (profiles_slow_test.go).
func TestProfilesAgainstSlow(t *testing.T) {
	for _, in := range profileInputs() {
		checkProfilesAgainstSlow(t, in)
	}
	// And the heads of every body of the navigation corpus.
	for _, b := range readJSONLines[navigationBody](t, filepath.Join(navigationDir, "bodies.jsonl.gz")) {
		head, err := base64.StdEncoding.DecodeString(b.Head)
		if err != nil {
			t.Fatal(err)
		}
		checkProfilesAgainstSlow(t, head)
	}
}

func checkProfilesAgainstSlow(t *testing.T, h []byte) {
	t.Helper()
	h = h[:min(len(h), mimesniff.HeaderSize)]
	for _, s := range mimesniff.ProfileSniffers {
		if got, want := s.Fast(h), s.Slow(h); got != want {
			t.Errorf("%s on %q = %v, slow rules %v", s.Name, h[:min(len(h), 64)], got, want)
		}
	}
}

func FuzzProfilesAgainstSlow(f *testing.F) {
	for _, in := range profileInputs() {
		f.Add(in)
	}
	f.Fuzz(checkProfilesAgainstSlow)
}

// TestHeldOutNotCited checks that no rule cites a held-out case as its
// evidence: no case id in a non-test Go file of the repository (the
// package, internal/, cmd/, archive/, tools/) names a case that a corpus
// below testdata/browsers holds out from fitting, by its own split, its
// body's (the navigation corpus: docs/browsers.md, "Split") or its header
// set's (the cross-origin corpus: every seventh set, its FORMAT.md). A
// header set's cases cited with "..." (corp-two-so-co/...) and the ids a
// comment abbreviates after a full one (none/edge/ws507-html, ws508-html)
// count; an id that is a case of several corpora counts as held out if any
// of them holds it out.
func TestHeldOutNotCited(t *testing.T) {
	held := heldOutCases(t)
	if len(held.ids) == 0 || len(held.bodies) == 0 || len(held.sets) == 0 {
		t.Fatalf("held-out cases %d, bodies %d, header sets %d: some corpus lost its split", len(held.ids), len(held.bodies), len(held.sets))
	}
	var files []string
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case d.IsDir() && (d.Name() == ".git" || d.Name() == "node_modules"):
			return filepath.SkipDir
		case !d.IsDir() && strings.HasSuffix(path, ".go") && !strings.HasSuffix(path, "_test.go"):
			files = append(files, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, id := range citedCases(string(src)) {
			if why := held.cites(id); why != "" {
				t.Errorf("%s cites %s, %s", name, id, why)
			}
		}
	}
	t.Logf("%d Go files read; %d held-out cases, %d held-out bodies, %d held-out header sets", len(files), len(held.ids), len(held.bodies), len(held.sets))
}

// heldOut is what the corpora hold out from fitting.
type heldOut struct {
	ids    map[string]string // case id: the corpora that hold it out
	cases  map[string]bool   // every case id of every corpus
	bodies map[string]string // a held-out body's name: its corpus
	sets   map[string]string // a held-out header set's name: its corpus
}

// heldOutCases reads the split of every corpus below testdata/browsers:
// a case is held out by its own split, its body's or its header set's.
func heldOutCases(t *testing.T) heldOut {
	t.Helper()
	held := heldOut{ids: map[string]string{}, cases: map[string]bool{}, bodies: map[string]string{}, sets: map[string]string{}}
	type named struct{ Name, Split string }
	type splitCase struct{ ID, Body, Headers, Split string }
	for _, corpus := range corpusDirs(recordingFiles(t)) {
		dir := filepath.Join(recordingsDir, corpus)
		for _, b := range readJSONLines[named](t, filepath.Join(dir, "bodies.jsonl.gz")) {
			if b.Split == "heldout" {
				held.bodies[b.Name] = corpus
			}
		}
		for _, h := range readJSONLines[named](t, filepath.Join(dir, "headers.jsonl")) {
			if h.Split == "heldout" {
				held.sets[h.Name] = corpus
			}
		}
		for _, c := range readJSONLines[splitCase](t, filepath.Join(dir, "cases.jsonl.gz")) {
			held.cases[c.ID] = true
			if c.Split == "heldout" || held.bodies[c.Body] == corpus || held.sets[c.Headers] == corpus {
				held.ids[c.ID] = strings.TrimPrefix(held.ids[c.ID]+" "+corpus, " ")
			}
		}
	}
	return held
}

// cites returns why citing id cites a held-out case, or "".
func (h heldOut) cites(id string) string {
	if corpora, ok := h.ids[id]; ok {
		return "a case the " + corpora + " corpus holds out"
	}
	if h.cases[id] {
		return ""
	}
	// Not a case as written: a header set's cases ("set/...", with a
	// status variant's prefix), or a body under a set of another corpus.
	set, body, _ := strings.Cut(id, "/")
	if _, after, ok := strings.Cut(set, "+"); ok {
		set = after
	}
	if corpus, ok := h.sets[set]; ok {
		return "a case of the header set " + set + ", which the " + corpus + " corpus holds out"
	}
	if corpus, ok := h.bodies[body]; ok {
		return "a case of the body " + body + ", which the " + corpus + " corpus holds out"
	}
	return ""
}

// caseIDToken matches what may be a case id in Go source: words joined by
// slashes.
var caseIDToken = regexp.MustCompile(`[\w.+-]+(?:/[\w.+-]+)+`)

// listedWord matches a word that a comment lists after a case id, standing
// for the id with its last part replaced (none/edge/ws507-html, ws508-html).
var listedWord = regexp.MustCompile(`^, ([\w+-][\w.+-]*)`)

// citedCases returns the case ids src may cite, its comments' lines joined.
func citedCases(src string) []string {
	src = regexp.MustCompile(`\n[ \t]*//[ \t]*`).ReplaceAllString(src, " ")
	var ids []string
	for _, loc := range caseIDToken.FindAllStringIndex(src, -1) {
		id := strings.TrimRight(src[loc[0]:loc[1]], ".,")
		ids = append(ids, id)
		if strings.Count(id, "/") < 2 {
			continue
		}
		prefix := id[:strings.LastIndex(id, "/")+1]
		for rest := src[loc[1]:]; ; {
			m := listedWord.FindStringSubmatch(rest)
			if m == nil || strings.HasPrefix(rest[len(m[0]):], "/") {
				break // no word, or the start of another id
			}
			ids = append(ids, prefix+strings.TrimRight(m[1], "."))
			rest = rest[len(m[0]):]
		}
	}
	return ids
}

// FuzzResourceByHand builds Resources by hand, with any combination of
// fields and a header list under any spelling, and checks that every answer
// is documented: no panic, a valid type from every profile, SniffWorst one
// of their types, and a report whose verdicts end where the destinations do.
func FuzzResourceByHand(f *testing.F) {
	f.Add("text/html", false, false, false, "content-type", "image/png", "X-CONTENT-TYPE-OPTIONS", "nosniff", []byte("<html>"))
	f.Add("", true, true, true, "Content-Type", "text/", "content-disposition", "attachment", []byte{})
	f.Add("image/png;x=y", false, true, false, "", "", "Content-Encoding", "gzip, br", []byte("\x1f\x8b"))
	f.Fuzz(func(t *testing.T, supplied string, noSniff, apache, feeds bool, k1, v1, k2, v2 string, header []byte) {
		r := mimesniff.Resource{NoSniff: noSniff, CheckForApacheBug: apache, SniffFeeds: feeds, Header: header}
		r.Supplied, _ = mimesniff.Parse(supplied)
		if k1 != "" || k2 != "" {
			r.HeaderList = http.Header{k1: {v1}, k2: {v2, v1}}
		}
		var types []mimesniff.MIMEType
		for _, b := range []mimesniff.Browser{mimesniff.Standard, mimesniff.Chromium, mimesniff.Firefox, mimesniff.WebKit} {
			got := r.SniffAs(b)
			if !got.IsValid() {
				t.Fatalf("%v: SniffAs gives the zero MIMEType", b)
			}
			types = append(types, got)
		}
		worst, by := r.SniffWorst()
		if !slices.Contains(types, worst) || r.SniffAs(by) != worst {
			t.Fatalf("SniffWorst = %v by %v, not a profile's answer %v", worst, by, types)
		}
		for _, m := range []func(mimesniff.Resource) mimesniff.MIMEType{
			mimesniff.Resource.Sniff, mimesniff.Resource.SniffImage, mimesniff.Resource.SniffAudioOrVideo,
			mimesniff.Resource.SniffFont, mimesniff.Resource.SniffPlugin, mimesniff.Resource.SniffStyle,
			mimesniff.Resource.SniffScript, mimesniff.Resource.SniffTextTrack, mimesniff.Resource.SniffCacheManifest,
			mimesniff.Resource.SniffFeedOrHTML, mimesniff.Resource.SniffTextOrBinary,
		} {
			m(r)
		}
		rep := mimesniff.ReportFor(r.HeaderList, header)
		n := 0
		for d := mimesniff.Destination(0); d < 255; d++ {
			if _, ok := rep.Verdict(d); ok {
				n++
			}
		}
		if n != 24 {
			t.Fatalf("%d verdicts, want 24", n)
		}
		mimesniff.SafeHeaders(r.Supplied, header).Set(http.Header{k1: {v1}})
	})
}
