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
	r := mimesniff.Resource{Header: []byte("<html>")}
	if n := testing.AllocsPerRun(100, func() { mimesniff.Firefox.Displays(r.SniffAs(mimesniff.Firefox)) }); n != 0 {
		t.Errorf("SniffAs allocates %v times", n)
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

// TestBrowserRecordings replays the Chromium recording through the
// profiles and logs the agreement; the model is not yet fitted to it.
func TestBrowserRecordings(t *testing.T) {
	cases := readJSONL[browserCase](t, "testdata/browsers/corpus.jsonl", false)
	byID := map[string]browserCase{}
	for _, c := range cases {
		byID[c.ID] = c
	}
	results := readJSONL[browserResult](t, "testdata/browsers/chromium.jsonl", true)
	agree := map[mimesniff.Browser]int{}
	excluded, n := 0, 0
	for _, res := range results {
		c, ok := byID[res.ID]
		if !ok {
			t.Errorf("%s: not in the corpus", res.ID)
			continue
		}
		if res.Outcome == "error" || res.Outcome == "timeout" {
			excluded++
			continue
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
		n++
		for _, b := range []mimesniff.Browser{mimesniff.Standard, mimesniff.Chromium} {
			got := r.SniffAs(b)
			if res.Outcome == "document" {
				if b.Displays(got) && got.Essence() == res.ContentType {
					agree[b]++
				}
			} else if !b.Displays(got) {
				agree[b]++
			}
		}
	}
	t.Logf("chromium: %d cases, %d errors/timeouts excluded", n, excluded)
	for _, b := range []mimesniff.Browser{mimesniff.Standard, mimesniff.Chromium} {
		t.Logf("%s vs chromium: %d/%d agree", b, agree[b], n)
	}
}
