package mimesniff_test

import (
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
