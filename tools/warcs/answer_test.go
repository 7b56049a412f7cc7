// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package warcs

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/mimesniff/mimesniff"
	"github.com/mimesniff/mimesniff/internal/archive"
)

// An answer is what the archive's line says of a response, or the library
// of the response read directly.
type answer struct {
	Status          int
	Declared        string // "" and HasDeclared false for none
	HasDeclared     bool
	Computed        [4]string
	Script          string
	DocumentScript  bool
	CrossOriginRead bool
	Err             string // the error, for a record that is not answered
}

// direct returns the library's answer for the response the server sent for
// c, read directly: http.ReadResponse over its bytes, the body read whole
// as the wire carries it (unchunked, content codings kept), then
// mimesniff.ResourceFromResponse and Resource.SniffAs for each profile, and
// mimesniff.ReportForStatus on its status, the header list and the coded
// body, which it decodes itself.
func direct(c Case) answer {
	resp, err := http.ReadResponse(bufio.NewReader(bytes.NewReader(Response(c))), nil)
	if err != nil {
		return answer{Err: err.Error()}
	}
	wire, err := io.ReadAll(resp.Body)
	if err != nil {
		return answer{Err: err.Error()}
	}
	h := resp.Header.Clone()
	resp.Body = io.NopCloser(bytes.NewReader(wire))
	a := answer{Status: resp.StatusCode}
	if v := h["Content-Type"]; len(v) > 0 {
		a.Declared, a.HasDeclared = strings.Join(v, ", "), true
	}
	r, err := mimesniff.ResourceFromResponse(resp)
	if err != nil {
		a.Err = strings.TrimPrefix(err.Error(), "mimesniff: ")
		return a
	}
	for i, b := range archive.Browsers {
		a.Computed[i] = r.SniffAs(b).String()
	}
	rep := mimesniff.ReportForStatus(resp.StatusCode, h, wire)
	v, _ := rep.Verdict(mimesniff.DestinationDocument)
	a.Script, a.DocumentScript, a.CrossOriginRead = v.Script.String(), rep.DocumentScript, rep.CrossOriginRead
	return a
}

// fromArchive returns the answer of an archive's line.
func fromArchive(a *archive.Answer, err error) answer {
	if err != nil {
		return answer{Err: archive.ErrorText(err)}
	}
	x := answer{Status: a.Status, Declared: a.Declared, HasDeclared: a.HasDeclared, Script: a.Script.String(), DocumentScript: a.DocumentScript, CrossOriginRead: a.CrossOriginRead}
	for i := range a.Computed {
		x.Computed[i] = a.Computed[i].String()
	}
	return x
}

// caseIndex returns the index of the case a target URI names
// (/<variant>/<index>, as Server.Path and Gowarc write them).
func caseIndex(uri string) (int, bool) {
	i := strings.LastIndexByte(uri, '/')
	n, err := strconv.Atoi(uri[i+1:])
	return n, err == nil
}

// corpusCases returns the cases the answer test records: every case of the
// navigation corpus and the first 100 distinct ones gzip-coded,
// deflate-coded and chunked, with whole bodies when MIMESNIFF_BODIES names
// the directory bodies.sh made (otherwise the stored first 1445 bytes,
// which is all sniffing reads, but not a record of realistic size).
func corpusCases(t *testing.T) []Case {
	t.Helper()
	cases, err := LoadCorpus("../../testdata/browsers/navigation")
	if err != nil {
		t.Fatal(err)
	}
	cases = append(cases, Coded(Distinct(cases), 100)...)
	if dir := os.Getenv("MIMESNIFF_BODIES"); dir != "" {
		if cases, err = WholeBodies(cases, dir); err != nil {
			t.Fatal(err)
		}
		t.Logf("whole bodies from %s", dir)
	} else {
		t.Log("MIMESNIFF_BODIES is not set: bodies are the corpus's first 1445 bytes (bash warcs/bodies.sh DIR makes the whole ones)")
	}
	return cases
}

// TestAnswers records every case of the navigation corpus with wget
// --warc-file (and writes them with gowarc's writer), reads the archives
// with internal/archive, the per-record code of the command's -warc mode
// and of the Beam pipeline, and checks that every response record's
// answer is the library's for the response the server sent, read
// directly: status, declared type, each profile's computed type, the
// profiles that run script in the document, documentScript,
// crossOriginRead, and the error
// where there is one. There must be no difference. Every record's
// offsets, cut out of its archive, must give that record alone
// (checkOffsets).
func TestAnswers(t *testing.T) {
	if testing.Short() {
		t.Skip("records 15,315 responses with wget")
	}
	cases := corpusCases(t)
	want := make([]answer, len(cases))
	for i, c := range cases {
		want[i] = direct(c)
	}
	dir := t.TempDir()
	files := map[string]string{}
	name, err := Gowarc(dir, cases)
	if err != nil {
		t.Fatal(err)
	}
	files["gowarc"] = name
	if wget, err := exec.LookPath("wget"); err != nil {
		t.Log("wget is not installed: only gowarc's archive is read (apt-get install wget)")
	} else {
		s, err := Serve(cases)
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		for _, plain := range []bool{false, true} {
			prefix, ext := filepath.Join(dir, "wget"), ".warc.gz"
			if plain {
				prefix, ext = prefix+"-plain", ".warc"
			}
			start := time.Now()
			if err := Wget(context.Background(), wget, s, prefix, plain); err != nil {
				t.Fatal(err)
			}
			files[filepath.Base(prefix+ext)] = prefix + ext
			t.Logf("wget recorded %d responses into %s in %v", len(cases), filepath.Base(prefix+ext), time.Since(start).Round(time.Millisecond))
		}
	}
	for label, name := range files {
		t.Run(label, func(t *testing.T) {
			f, err := os.Open(name)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			seen := make([]int, len(cases))
			var records, responses, errs, diffs int
			var size int64
			_, err = archive.NewSniffer().Each(f, func(a *archive.Answer, err error) bool {
				records++
				if a == nil {
					t.Errorf("error outside a record: %v", err)
					return true
				}
				if a.Type != "response" {
					return true
				}
				responses++
				if err != nil {
					errs++
				}
				i, ok := caseIndex(a.TargetURI)
				if !ok || i >= len(cases) {
					t.Errorf("%s: no case", a.TargetURI)
					return true
				}
				seen[i]++
				size += int64(len(Response(cases[i])))
				if diff := cmp.Diff(want[i], fromArchive(a, err)); diff != "" {
					diffs++
					if diffs <= 20 {
						t.Errorf("%s (case %s, %s): answer mismatch (-direct +archive):\n%s", a.TargetURI, cases[i].ID, cases[i].Variant, diff)
					}
				}
				return true
			})
			if err != nil {
				t.Fatal(err)
			}
			for i, n := range seen {
				if n != 1 {
					t.Errorf("case %d (%s, %s) has %d response records", i, cases[i].ID, cases[i].Variant, n)
				}
			}
			data, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			cuts := checkOffsets(t, data)
			t.Logf("%s: %d records, %d responses (%d errors, mean response %d bytes), %d differences from the library read directly; %d records cut out by their offsets and read again",
				label, records, responses, errs, size/int64(max(responses, 1)), diffs, cuts)
		})
	}
}

// TestAnswersSeeDirect checks that the test can fail: an archive answer
// that differs from the library's in one field is a difference.
func TestAnswersSeeDirect(t *testing.T) {
	c := Case{ID: "t", Body: []byte("<html><script>1</script>"), Headers: [][2]string{{"Content-Type", "text/plain"}}, Variant: "identity"}
	d := direct(c)
	if d.Err != "" || d.Computed[1] != "text/plain" || d.Status != 200 || d.Declared != "text/plain" {
		t.Fatalf("direct = %+v", d)
	}
	a := d
	a.Computed[2] = "text/html"
	if cmp.Diff(d, a) == "" {
		t.Error("a changed answer is not a difference")
	}
	gz := c
	gz.Headers = [][2]string{{"Content-Type", "text/html"}, {"Content-Encoding", "br"}}
	if d := direct(gz); !strings.Contains(d.Err, "br") {
		t.Errorf("direct(br) = %+v, want a coding error", d)
	}
}
