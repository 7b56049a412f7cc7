package mimesniff_test

import (
	"bufio"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mimesniff/mimesniff"
)

func TestBrowserText(t *testing.T) {
	for _, b := range []mimesniff.Browser{mimesniff.Standard, mimesniff.Chromium, mimesniff.Firefox} {
		text, err := b.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		var got mimesniff.Browser
		if err := got.UnmarshalText(text); err != nil || got != b {
			t.Errorf("UnmarshalText(%q) = %v, %v; want %v", text, got, err, b)
		}
	}
	if got := mimesniff.Browser(9).String(); got != "Invalid(9)" {
		t.Errorf("Browser(9).String() = %q", got)
	}
	var b mimesniff.Browser
	if err := b.UnmarshalText([]byte("netscape")); err == nil {
		t.Error("UnmarshalText(netscape): no error")
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

type browserCase struct {
	ID      string     `json:"id"`
	Headers [][]string `json:"headers"`
	File    string     `json:"file"`
	Body    string     `json:"body"`
}

type browserResult struct {
	ID          string `json:"id"`
	Outcome     string `json:"outcome"`
	ContentType string `json:"contentType"`
}

func readJSONL[T any](t *testing.T, name string, skipFirst bool) []T {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []T
	s := bufio.NewScanner(f)
	s.Buffer(nil, 1<<24)
	for first := true; s.Scan(); first = false {
		if first && skipFirst {
			continue
		}
		var v T
		if err := json.Unmarshal(s.Bytes(), &v); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out = append(out, v)
	}
	if err := s.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// recordedCase is one corpus case with what one browser did with it.
type recordedCase struct {
	ID          string
	Outcome     string             // the browser's outcome: document, download, error, timeout
	ContentType string             // document.contentType, for a document
	res         browserResult      // the whole recording
	r           mimesniff.Resource // as ResourceFromHTTP builds it from the case
}

// readRecordings returns every case of testdata/browsers/corpus.jsonl with
// what browser b did, in corpus order. It fails the test when a file is
// missing or a case has no recording.
func readRecordings(t *testing.T, b mimesniff.Browser) []recordedCase {
	t.Helper()
	cases := readJSONL[browserCase](t, "testdata/browsers/corpus.jsonl", false)
	results := map[string]browserResult{}
	for _, res := range readJSONL[browserResult](t, "testdata/browsers/"+b.String()+".jsonl", true) {
		results[res.ID] = res
	}
	var out []recordedCase
	for _, c := range cases {
		res, ok := results[c.ID]
		if !ok {
			t.Fatalf("%s: no %s recording", c.ID, b)
		}
		h := http.Header{}
		for _, kv := range c.Headers {
			h.Add(kv[0], kv[1])
		}
		var body []byte
		var err error
		if c.File != "" {
			body, err = os.ReadFile(filepath.Join("testdata/files", c.File))
		} else {
			body, err = base64.StdEncoding.DecodeString(c.Body)
		}
		if err != nil {
			t.Fatalf("%s: %v", c.ID, err)
		}
		r, _, err := mimesniff.ResourceFromHTTP(h, strings.NewReader(string(body)))
		if err != nil {
			t.Fatalf("%s: %v", c.ID, err)
		}
		out = append(out, recordedCase{c.ID, res.Outcome, res.ContentType, res, r})
	}
	if len(out) != len(results) {
		t.Fatalf("%s: %d recordings for %d cases", b, len(results), len(out))
	}
	return out
}

// emptySubtype is the one recorded answer no profile can give:
// document.contentType "text/", for a Content-Type of "text/" (cases
// bogus-slash/...). Both browsers keep a type with an empty subtype and
// show the body as text, where Fetch's parser fails and no MIMEType can
// hold "text/"; the profiles sniff it as a response with no type, which
// never predicts less script than the browser runs.
const emptySubtype = "text/"

// agrees reports whether the profile's type got agrees with what the
// browser recorded: a document of that type, or a download.
func agrees(b mimesniff.Browser, got mimesniff.MIMEType, res browserResult) bool {
	if res.Outcome == "document" {
		return b.Displays(got) && got.Essence() == res.ContentType
	}
	return res.Outcome == "download" && !b.Displays(got)
}

// TestBrowserRecordings replays every recorded case through the browser's
// profile: a rendered document must have the profile's type, which the
// profile displays; a download must be a type the profile does not display.
// It logs the agreement of the standard and of each profile with each
// browser.
func TestBrowserRecordings(t *testing.T) {
	browsers := []mimesniff.Browser{mimesniff.Chromium, mimesniff.Firefox}
	recorded := map[mimesniff.Browser][]recordedCase{}
	for _, b := range browsers {
		recorded[b] = readRecordings(t, b)
	}
	// Known exceptions: the empty-subtype cases, counted so that a change
	// in them fails the test.
	wantEmptySubtype := map[mimesniff.Browser]int{mimesniff.Chromium: 87, mimesniff.Firefox: 74}
	for _, b := range browsers {
		var excluded, emptySub, agreeStd, agreeProfile int
		for _, c := range recorded[b] {
			if c.Outcome == "error" || c.Outcome == "timeout" {
				excluded++
				continue
			}
			if agrees(b, c.r.SniffAs(mimesniff.Standard), c.res) {
				agreeStd++
			}
			got := c.r.SniffAs(b)
			switch {
			case agrees(b, got, c.res):
				agreeProfile++
			case c.ContentType == emptySubtype:
				emptySub++
			default:
				t.Errorf("%s: %s: SniffAs = %q (displayed %v); the browser: %s %s",
					b, c.ID, got, b.Displays(got), c.Outcome, c.ContentType)
			}
		}
		if emptySub != wantEmptySubtype[b] {
			t.Errorf("%s: %d cases recorded as %q, want %d", b, emptySub, emptySubtype, wantEmptySubtype[b])
		}
		n := len(recorded[b]) - excluded
		t.Logf("%s: %d cases, %d errors and timeouts excluded", b, len(recorded[b]), excluded)
		t.Logf("standard vs %s: %d/%d (%.1f %%)", b, agreeStd, n, 100*float64(agreeStd)/float64(n))
		t.Logf("%s profile vs %s: %d/%d (%.1f %%), %d empty-subtype cases", b, b, agreeProfile, n, 100*float64(agreeProfile)/float64(n), emptySub)
	}
	same := 0
	for i, c := range recorded[mimesniff.Chromium] {
		f := recorded[mimesniff.Firefox][i]
		if c.Outcome == f.Outcome && c.ContentType == f.ContentType {
			same++
		}
	}
	t.Logf("chromium vs firefox: %d/%d", same, len(recorded[mimesniff.Chromium]))
}

// TestBrowserScriptable checks the promise servers rely on: no recorded case
// where a browser rendered a scriptable type (HTML, XML, SVG, PDF) is
// predicted non-scriptable by that browser's profile.
func TestBrowserScriptable(t *testing.T) {
	for _, b := range []mimesniff.Browser{mimesniff.Chromium, mimesniff.Firefox} {
		n := 0
		for _, c := range readRecordings(t, b) {
			if c.Outcome != "document" {
				continue
			}
			rec, err := mimesniff.Parse(c.ContentType)
			if err != nil || !(rec.IsScriptable() || rec.Essence() == "image/svg+xml") {
				continue
			}
			n++
			if got := c.r.SniffAs(b); !(got.IsScriptable() || got.Essence() == "image/svg+xml") {
				t.Errorf("%s: %s: rendered as %s, SniffAs = %q", b, c.ID, c.ContentType, got)
			}
		}
		t.Logf("%s: %d cases rendered as a scriptable type", b, n)
	}
}
