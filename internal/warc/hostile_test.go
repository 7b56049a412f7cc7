// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package warc_test

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/mimesniff/mimesniff/internal/warc"
	"github.com/mimesniff/mimesniff/internal/warc/warctest"
)

// A span is one thing Next gave: a record read whole, or an error, and
// the bytes it covers.
type span struct {
	Record                     bool
	ID, URI                    string
	Offset, Length             int64
	MemberOffset, MemberLength int64
	Block                      string // a record's block: its SHA-256
	Err                        error
}

func (s span) String() string {
	what := "record " + s.URI
	if !s.Record {
		what = "error " + s.Err.Error()
	}
	return fmt.Sprintf("[%d+%d member %d+%d] %s", s.Offset, s.Length, s.MemberOffset, s.MemberLength, what)
}

// spans reads all of data as archive.Each reads it: a record is held
// until the next call of Next, whose error about it (at its offset)
// replaces it, and whose return sets its MemberLength. It returns what it
// read and what the reader left unaccounted.
func spans(t testing.TB, data []byte) ([]span, int64) {
	t.Helper()
	r := warc.NewReader(bytes.NewReader(data))
	var out []span
	var held *warc.Record
	for range 2*len(data) + 10 {
		rec, err := r.Next()
		if held != nil {
			if e, ok := err.(*warc.Error); ok && e.Offset == held.Offset {
				out[len(out)-1] = span{ID: e.ID, Offset: e.Offset, Length: e.Length, MemberOffset: e.MemberOffset, MemberLength: e.MemberLength, Err: e}
				held = nil
				continue
			}
			out[len(out)-1].MemberLength = held.MemberLength
			held = nil
		}
		if err == io.EOF {
			return out, r.Unaccounted()
		}
		if err != nil {
			var e *warc.Error
			if !errors.As(err, &e) {
				t.Fatalf("Next() = %v, not a *warc.Error", err)
			}
			out = append(out, span{ID: e.ID, Offset: e.Offset, Length: e.Length, MemberOffset: e.MemberOffset, MemberLength: e.MemberLength, Err: e})
			continue
		}
		h := sha256.New()
		if _, err := io.Copy(h, rec.Block); err != nil {
			fmt.Fprint(h, err)
		}
		out = append(out, span{Record: true, ID: rec.ID(), URI: rec.TargetURI(), Offset: rec.Offset, Length: rec.Length, MemberOffset: rec.MemberOffset, Block: fmt.Sprintf("%x", h.Sum(nil))})
		held = rec
	}
	t.Fatalf("more than %d records and errors from %d bytes", 2*len(data)+10, len(data))
	return nil, 0
}

// TestHostile reads every hostile archive (warctest.HostileArchives) and
// checks what they were made to hold: every good record is read whole,
// where it was written (its offsets in the decoded archive and, in a gzip
// archive, its member's); every fault is in an error; what Next gives
// covers the decoded archive, each byte once, in order; the reader
// accounts for every byte of the file; and, for every record read, the
// bytes its offsets name, cut out of the file, are an archive of exactly
// that record.
func TestHostile(t *testing.T) {
	var archives, good, faults, records, errs, cuts int
	for _, h := range warctest.HostileArchives() {
		archives++
		t.Run(h.Name, func(t *testing.T) {
			got, unaccounted := spans(t, h.Data)
			defer func() {
				if t.Failed() {
					t.Logf("%s: %s; read:\n%s", h.Name, h.About, join(got))
				}
			}()
			if unaccounted != 0 {
				t.Errorf("Unaccounted() = %d, want 0", unaccounted)
			}
			var next int64
			for _, s := range got {
				if s.Offset != next {
					t.Errorf("%v starts at %d, where the one before ends", s, next)
				}
				next = s.Offset + s.Length
				if s.Record {
					records++
				} else {
					errs++
				}
			}
			byURI := map[string][]span{}
			for _, s := range got {
				if s.Record {
					byURI[s.URI] = append(byURI[s.URI], s)
				}
			}
			for _, g := range h.Good {
				good++
				read := byURI[g.URI]
				if len(read) != 1 {
					t.Errorf("good record %s read %d times, want once", g.URI, len(read))
					continue
				}
				s := read[0]
				if g.Offset >= 0 && (s.Offset != g.Offset || s.Length != g.Length) {
					t.Errorf("good record %s at %d+%d, want %d+%d", g.URI, s.Offset, s.Length, g.Offset, g.Length)
				}
				if s.MemberOffset != g.MemberOffset || s.MemberLength != g.MemberLength {
					t.Errorf("good record %s in member %d+%d, want %d+%d", g.URI, s.MemberOffset, s.MemberLength, g.MemberOffset, g.MemberLength)
				}
			}
			for _, f := range h.Faults {
				faults++
				if f.Kind == "" {
					t.Errorf("fault %s: no kind (warctest.faultKinds)", f.What)
				}
				var kinds []string
				for _, s := range got {
					from, n := s.Offset, s.Length
					if f.Input {
						from, n = s.MemberOffset, max(s.MemberLength, 1)
					}
					if !s.Record && from < f.Offset+f.Length && f.Offset < from+n {
						kinds = append(kinds, kind(s.Err))
					}
				}
				if len(kinds) == 0 {
					t.Errorf("fault %s at %d+%d (input %v) is in no error", f.What, f.Offset, f.Length, f.Input)
				} else if !slices.ContainsFunc(kinds, func(k string) bool { return slices.Contains(strings.Split(f.Kind, "|"), k) }) {
					t.Errorf("fault %s at %d+%d (input %v) is in errors %v, none of them %s", f.What, f.Offset, f.Length, f.Input, kinds, f.Kind)
				}
			}
			for _, s := range got {
				if !s.Record && strings.Contains(s.Err.Error(), warctest.GoodURI) {
					t.Errorf("an error names a good record: %v", s)
				}
				if s.Record {
					cuts += checkCut(t, h.Data, s)
				}
			}
		})
	}
	t.Logf("%d hostile archives: %d good records, %d faults; read %d records and %d errors; %d records cut out by their offsets and read again",
		archives, good, faults, records, errs, cuts)
}

// checkCut checks that the bytes that a record's offsets name, cut out of
// data, are an archive of exactly that record, and returns how many cuts
// it checked: the decoded offsets of a plain archive, the member offsets
// of a gzip one where the record has its members alone.
func checkCut(t *testing.T, data []byte, s span) int {
	t.Helper()
	cut := warctest.Cut(data, s.Offset, s.Length, s.MemberOffset, s.MemberLength)
	if cut == nil {
		return 0
	}
	got, unaccounted := spans(t, cut)
	if len(got) != 1 || !got[0].Record || got[0].ID != s.ID || got[0].Block != s.Block || got[0].Offset != 0 || got[0].Length != s.Length || unaccounted != 0 {
		t.Errorf("the bytes of %v, cut out, read as %s (%d unaccounted), want that record alone", s, join(got), unaccounted)
	}
	return 1
}

func join(spans []span) string {
	var b strings.Builder
	for _, s := range spans {
		b.WriteString("\t" + s.String() + "\n")
	}
	return b.String()
}

// checkAccounting checks that what reading data gives covers its decoded
// bytes, each once and in order, and that the reader accounts for every
// byte of it: Unaccounted is 0, unless data is not a WARC file.
func checkAccounting(t *testing.T, data []byte) {
	t.Helper()
	got, unaccounted := spans(t, data)
	if len(got) == 1 && !got[0].Record && errors.Is(got[0].Err, warc.ErrNotWARC) {
		return
	}
	var next int64
	for _, s := range got {
		if s.Offset != next || s.Length < 0 {
			t.Fatalf("%v starts at %d, where the one before ends:\n%s", s, next, join(got))
		}
		next = s.Offset + s.Length
	}
	if unaccounted != 0 {
		t.Fatalf("Unaccounted() = %d, want 0:\n%s", unaccounted, join(got))
	}
}
