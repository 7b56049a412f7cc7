// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff_test

import (
	"bytes"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/mimesniff/mimesniff"
)

// TestHandlerRanges serves files by http.ServeContent behind Handler, over
// HTTP/1.1 and h2c, and asks for each whole and in ranges: from byte 0, from
// the middle, several (a multipart/byteranges), and with an If-Range that
// matches (a range) and one that does not (the whole file). Every range gets
// the headers Handler decides for the whole file (Content-Type,
// X-Content-Type-Options, Content-Disposition, Content-Security-Policy), but
// a multipart/byteranges, whose type is its own and which gets an
// attachment and a sandbox too, and, for a file declared with an unknown
// type, a part from the middle, whose bytes do not say the file's type: it
// keeps the unknown type, with nosniff. No response runs script in any
// profile at its status (ReportForStatus).
func TestHandlerRanges(t *testing.T) {
	modTime := time.Date(2026, 11, 29, 0, 0, 0, 0, time.UTC)
	page := []byte("<!DOCTYPE html><title>t</title><script>alert(document.domain)</script>" + strings.Repeat("<p>text</p>\n", 40))
	script := []byte("alert(document.domain);\n" + strings.Repeat("var a = 1;\n", 40))
	png := bytes.Repeat(pngBytes, 20)
	files := []struct {
		name     string
		declared string // a Content-Type the handler sets before ServeContent
		content  []byte
	}{
		{"page.html", "", page},
		{"upload", "", page}, // no extension: DetectContentType's type
		{"app.js", "", script},
		{"image.png", "", png},
		{"blob", "application/unknown", png}, // Handler sniffs it
	}
	requests := []struct {
		name       string
		header     http.Header
		status     int
		start, end int  // the part of the file sent; end 0 for the rest
		multipart  bool // the parts 0-9 and 100-109
		later      bool // a part from the middle
	}{
		{"whole", nil, 200, 0, 0, false, false},
		{"from 0", http.Header{"Range": {"bytes=0-99"}}, 206, 0, 100, false, false},
		{"from the middle", http.Header{"Range": {"bytes=100-199"}}, 206, 100, 200, false, true},
		{"suffix", http.Header{"Range": {"bytes=-50"}}, 206, -50, 0, false, true},
		{"several", http.Header{"Range": {"bytes=0-9,100-109"}}, 206, 0, 0, true, false},
		{"If-Range matching", http.Header{"Range": {"bytes=100-199"}, "If-Range": {modTime.Format(http.TimeFormat)}}, 206, 100, 200, false, true},
		{"If-Range not matching", http.Header{"Range": {"bytes=100-199"}, "If-Range": {modTime.Add(-time.Hour).Format(http.TimeFormat)}}, 200, 0, 0, false, false},
	}
	for _, f := range files {
		h := mimesniff.Handler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if f.declared != "" {
				w.Header().Set("Content-Type", f.declared)
			}
			http.ServeContent(w, r, f.name, modTime, bytes.NewReader(f.content))
		}))
		addr := wireServe(t, h)
		for _, proto := range []string{"h1", "h2"} {
			c := wireClient(t, proto, &http.Transport{DisableCompression: true}, 10*time.Second)
			get := func(header http.Header) (*http.Response, []byte) {
				req, _ := http.NewRequest("GET", "http://"+addr+"/", nil) // a constant URL
				req.Header = header.Clone()
				resp, err := c.Do(req)
				var body []byte
				if err == nil {
					body, err = io.ReadAll(resp.Body)
					resp.Body.Close()
				}
				if err != nil {
					t.Fatal(err)
				}
				return resp, body
			}
			whole, _ := get(nil)
			for _, rq := range requests {
				t.Run(f.name+"/"+proto+"/"+rq.name, func(t *testing.T) {
					resp, body := get(rq.header)
					if resp.StatusCode != rq.status || resp.ProtoMajor != map[string]int{"h1": 1, "h2": 2}[proto] {
						t.Fatalf("%s, status %d; want %s, %d", resp.Proto, resp.StatusCode, proto, rq.status)
					}
					switch start, end := (rq.start+len(f.content))%len(f.content), rq.end; {
					case rq.multipart:
						if !bytes.Contains(body, f.content[:10]) || !bytes.Contains(body, f.content[100:110]) {
							t.Errorf("the parts of the multipart/byteranges are not the file's")
						}
					case end == 0 && !bytes.Equal(body, f.content[start:]), end > 0 && !bytes.Equal(body, f.content[start:end]):
						t.Errorf("%d bytes, not the file's from %d to %d", len(body), start, end)
					}
					want := policyHeaders(whole.Header)
					switch {
					case rq.multipart:
						want = http.Header{
							"Content-Type":            {resp.Header.Get("Content-Type")},
							"X-Content-Type-Options":  {"nosniff"},
							"Content-Disposition":     {"attachment"},
							"Content-Security-Policy": {"sandbox"},
						}
						if !strings.HasPrefix(want.Get("Content-Type"), "multipart/byteranges; boundary=") {
							t.Errorf("Content-Type %q, want multipart/byteranges", want.Get("Content-Type"))
						}
					case rq.later && f.declared != "":
						want = http.Header{"Content-Type": {f.declared}, "X-Content-Type-Options": {"nosniff"}}
					}
					if diff := cmp.Diff(want, policyHeaders(resp.Header)); diff != "" {
						t.Errorf("headers Handler decides, against the whole file's (-want +got):\n%s", diff)
					}
					if rep := mimesniff.ReportForStatus(resp.StatusCode, resp.Header, body); rep.DocumentScript || rep.ScriptInclusion {
						t.Errorf("status %d, %v: script runs through %v", resp.StatusCode, resp.Header, verdicts(rep))
					}
				})
			}
		}
	}
}

// policyHeaders returns the headers of h that Handler decides.
func policyHeaders(h http.Header) http.Header {
	out := http.Header{}
	for _, k := range []string{"Content-Type", "X-Content-Type-Options", "Content-Disposition", "Content-Security-Policy"} {
		if v, ok := h[k]; ok {
			out[k] = v
		}
	}
	return out
}
