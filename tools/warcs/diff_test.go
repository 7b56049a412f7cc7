// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package warcs

import (
	"bytes"
	"context"
	"crypto/sha256"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mimesniff/mimesniff/internal/warc"
	"github.com/mimesniff/mimesniff/internal/warc/warctest"
	gowarc "github.com/nlnwa/gowarc/v3"
)

// A rec is what the differential compares of a record: type, ID, target
// URI, date and Content-Length as written, and the SHA-256 of the block.
type rec struct {
	Type, ID, URI, Date string
	Length              int64
	Block               string
}

func (r rec) String() string {
	return fmt.Sprintf("%s %s %s %s %d %.12s", r.Type, r.ID, r.URI, r.Date, r.Length, r.Block)
}

// readOurs returns the records internal/warc reads whole from data, and
// its errors.
func readOurs(data io.Reader) (recs []rec, errs []string) {
	r := warc.NewReader(data)
	var last *rec
	for {
		wr, err := r.Next()
		if err == io.EOF {
			return recs, errs
		}
		if err != nil {
			errs = append(errs, err.Error())
			// An error about the record before (its end) makes it
			// a record not read whole.
			if e := err.(*warc.Error); last != nil && e.ID == last.ID && e.ID != "" {
				recs = recs[:len(recs)-1]
			}
			last = nil
			continue
		}
		h := sha256.New()
		if _, err := io.Copy(h, wr.Block); err != nil {
			// reported again by the next Next
			h.Write([]byte(err.Error()))
		}
		uri, _ := wr.Get("WARC-Target-URI")
		recs = append(recs, rec{wr.Type(), wr.ID(), uri, wr.Date(), wr.ContentLength, fmt.Sprintf("%x", h.Sum(nil))})
		last = &recs[len(recs)-1]
	}
}

// readTheirs returns the records github.com/nlnwa/gowarc reads from data
// with no error and no finding about the record's framing (its
// Content-Length, its end), and its errors and findings. Its default
// policy warns of what breaks the standard and goes on; the block is not
// parsed, so that it is compared byte for byte.
func readTheirs(data io.Reader) (recs []rec, errs []string) {
	wf, err := gowarc.NewWarcFileReaderFromStream(data, 0, gowarc.WithSkipParseBlock())
	if err != nil {
		return nil, []string{err.Error()}
	}
	stuck := 0
	lastEnd := int64(-1)
	for range 100000 {
		r, err := wf.Next()
		if err == io.EOF {
			break
		}
		if end := r.Offset + r.Size; end <= lastEnd {
			if stuck++; stuck > 3 {
				errs = append(errs, "no progress: stopped")
				break
			}
		} else {
			lastEnd, stuck = end, 0
		}
		framing := false
		for _, v := range r.Validation {
			errs = append(errs, fmt.Sprintf("offset %d: finding: %v", r.Offset, v))
			s := v.Error()
			framing = framing || strings.Contains(s, "end of record") || strings.Contains(s, "content length") || strings.Contains(s, "ontent-Length")
		}
		if err != nil {
			errs = append(errs, fmt.Sprintf("offset %d: %v", r.Offset, err))
			r.Close()
			continue
		}
		wr := r.WarcRecord
		h := sha256.New()
		if b, err := wr.Block().RawBytes(); err == nil {
			io.Copy(h, b)
		}
		length, _ := wr.WarcHeader().GetInt64(gowarc.ContentLength)
		x := rec{wr.WarcHeader().Get(gowarc.WarcType), wr.WarcHeader().Get(gowarc.WarcRecordID), wr.WarcHeader().Get(gowarc.WarcTargetURI), wr.WarcHeader().Get(gowarc.WarcDate), length, fmt.Sprintf("%x", h.Sum(nil))}
		r.Close()
		if !framing {
			recs = append(recs, x)
		}
	}
	return recs, errs
}

// known are the differences between the two readers on the test
// archives, each explained with the reader that the standard (WARC 1.1,
// https://iipc.github.io/warc-specifications/specifications/warc-format/warc-1.1/)
// says is right. "ours r" is a record that only internal/warc reads whole,
// "theirs r" one that only gowarc does (r: type and warctest record
// number). The gowarc code cited is v3.1.0's.
var known = map[string][]struct{ diff, why string }{
	"members.warc.gz": {
		{"ours response 2", lostAfterMember},
		{"ours response 5", lostAfterMember},
		{"ours response 6", lostAfterMember},
		{"ours response 7", lostAfterMember},
		{"ours response 9", lostAfterMember},
	},
	"fields.warc": append([]struct{ diff, why string }{
		{"ours response 6", negativeLength}, {"ours response 8", negativeLength}, {"ours response 10", negativeLength},
		{"ours response 12", negativeLength}, {"ours response 14", negativeLength}, {"ours response 16", negativeLength},
		{"ours response 17", negativeLength}, {"ours response 19", negativeLength}, {"ours response 20", negativeLength},
		{"ours response 21", negativeLength}, {"ours response 22", negativeLength}, {"ours resource 23", negativeLength},
	}, missingAndRepeated...),
	"fields.warc.gz": append([]struct{ diff, why string }{
		{"ours resource 23", "Content-Length 0000000004 is 1*DIGIT (#content-length-mandatory) and the block is 4 bytes; " +
			"gowarc compares the block's size with the field as strings (ValidateDigest: size != headers.Get(ContentLength)) and reports a mismatch: ours is right"},
	}, append(missingAndRepeated,
		struct{ diff, why string }{"theirs response 9", "an ESC byte in WARC-Target-URI: a field value is TEXT, \"any OCTET except CTLs\" (#file-and-record-model); gowarc's URL parser keeps it: ours is right"},
		struct{ diff, why string }{"theirs response 11", "the Latin-1 byte E9 in WARC-Target-URI: field values are UTF-8 (#file-and-record-model); gowarc accepts it: ours is right"},
		struct{ diff, why string }{"theirs response 15", "a line \"Bad Name: x\": a field name is a token, which excludes SP (#file-and-record-model); gowarc takes it as a field: ours is right"},
		struct{ diff, why string }{"theirs response 18", "the version line \"WARC/1.1 extra\": version = \"WARC/1.1\" CRLF (#file-and-record-model); gowarc checks only the prefix (bytes.HasPrefix): ours is right"},
	)...),
	// "warc-record = header CRLF block CRLF CRLF": a block not followed by
	// CRLF CRLF means the Content-Length is wrong. gowarc's end-of-record
	// check has no branch for four bytes that are not CRLF CRLF
	// (unmarshaler.go), so it returns the record with a wrong block and
	// only notes, on the next record, that it "was found N bytes after
	// expected offset". We report the record as an error: ours is right.
	"length-short.warc":    {{"theirs response 2", wrongEnd}},
	"length-short.warc.gz": {{"theirs response 2", wrongEnd}},
	"length-long.warc": {{"ours response 3", "record 2's block runs 10 bytes into record 3, its version line: internal/warc, finding no CRLF CRLF after the block, reads again from the \"WARC/\" in it (#file-and-record-model); gowarc's next record starts after the wrong block, so it loses record 3: ours is right"},
		{"theirs response 2", wrongEnd}},
	// The standard bounds no header; internal/warc bounds one to
	// MaxHeaderBytes (256 KiB) so that its memory is bounded whatever the
	// input, and reports a longer one as an error. gowarc reads the 1 MiB
	// line. Both follow their design; the standard allows either.
	"long-header.warc":    {{"theirs response 2", longHeader}},
	"long-header.warc.gz": {{"theirs response 2", longHeader}},
}

const (
	lostAfterMember = "after the member that holds no record (\"<html>...</html>\", no line end), gowarc's Next returns io.EOF (unmarshaler.go: ReadBytes('\\n') " +
		"meets the end of the member and returns its io.EOF), so it silently stops reading the file; ours reports the member as bytes between records and reads on"
	negativeLength = "record 5 has Content-Length -5, which is not 1*DIGIT (#content-length-mandatory); gowarc reads it as a block without bound " +
		"(\"content length mismatch: header -5, actual 6601\") that swallows the rest of the file; ours reports the record and reads on at the next \"WARC/\" line"
	wrongEnd   = "the block is not followed by CRLF CRLF (#file-and-record-model); gowarc does not check four wrong bytes: ours is right"
	longHeader = "a 1 MiB header line: ours bounds headers to MaxHeaderBytes by design; the standard sets no bound"
)

// wholeMemberDiffs: gowarc reads one record per gzip member and skips
// the rest of the member (unmarshaler.go drains it); a gzip WARC file is
// any number of members whose decoded bytes are a WARC file (Annex D,
// #record-at-time-compression: "no change to the uncompressed contents";
// one member per record is a recommendation), and gzip(1) of a .warc
// makes one member: ours is right.
func init() {
	why := "one gzip member holds the whole file: gowarc reads only the first record of a member"
	known["capture-1.1-whole.warc.gz"] = []struct{ diff, why string }{
		{"ours request 2", why}, {"ours response 3", why}, {"ours response 4", why},
		{"ours metadata 5", why}, {"ours resource 6", why}, {"ours response 7", why},
	}
}

// missingAndRepeated: the four mandatory fields appear once each
// (#named-fields: "shall not be repeated"; #warc-record-id-mandatory and
// the others: "All records shall have"). gowarc warns and returns the
// record; ours reports it as an error and skips its block. Ours follows
// the text; a caller that wants such records can read them with gowarc.
var missingAndRepeated = []struct{ diff, why string }{
	{"theirs response ", "record 1 has no WARC-Record-ID and no WARC-Date"},
	{"theirs response 3", "record 3 has WARC-Date twice"},
}

// archives returns the test archives: the committed hand-made ones, the
// large hand-made ones, one written by gowarc's writer from the navigation
// corpus, and (when wget is installed) two recorded with wget from it.
func archives(t *testing.T) map[string][]byte {
	t.Helper()
	out, err := warctest.All("../../internal/warc/testdata")
	if err != nil {
		t.Fatal(err)
	}
	cases, err := LoadCorpus("../../testdata/browsers/navigation")
	if err != nil {
		t.Fatal(err)
	}
	name, err := Gowarc(t.TempDir(), Subset(cases, 100))
	if err != nil {
		t.Fatal(err)
	}
	if out["gowarc.warc.gz"], err = os.ReadFile(name); err != nil {
		t.Fatal(err)
	}
	wget, err := exec.LookPath("wget")
	if err != nil {
		t.Log("wget is not installed: the archives written by wget are not compared (apt-get install wget)")
		return out
	}
	s, err := Serve(Subset(cases, 100))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	dir := t.TempDir()
	for _, plain := range []bool{false, true} {
		prefix, name := filepath.Join(dir, "wget"), "wget.warc.gz"
		if plain {
			prefix, name = filepath.Join(dir, "wget-plain"), "wget-plain.warc"
		}
		if err := Wget(context.Background(), wget, s, prefix, plain); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		out[name] = b
	}
	return out
}

// TestDifferential reads every test archive with internal/warc and with
// github.com/nlnwa/gowarc and compares the records each reads whole:
// type, ID, target URI, date, Content-Length and the block's SHA-256.
// Every difference must be one of known, explained.
func TestDifferential(t *testing.T) {
	all := archives(t)
	names := slices.Sorted(func(yield func(string) bool) {
		for n := range all {
			if !yield(n) {
				return
			}
		}
	})
	var table strings.Builder
	fmt.Fprintf(&table, "%-28s %6s %6s %6s %5s %5s %6s %6s %6s %6s\n", "archive", "ours", "theirs", "same", "+ours", "+thrs", "errs", "thrErr", "<uri>", "cut")
	cuts := 0
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			ours, ourErrs := readOurs(bytes.NewReader(all[name]))
			theirs, theirErrs := readTheirs(bytes.NewReader(all[name]))
			var got []string
			bracketed := 0
			for i := range theirs {
				// gowarc empties a field that fails its validation
				// (validateHeader stores the failed parse's ""), and its
				// URL parser fails on WARC 1.0's "<" uri ">": compare
				// such a record's other fields, and count it.
				if theirs[i].URI == "" {
					for _, o := range ours {
						if o.ID == theirs[i].ID && o.Block == theirs[i].Block && len(o.URI) > 2 && o.URI[0] == '<' && o.URI[len(o.URI)-1] == '>' {
							theirs[i].URI = o.URI
							bracketed++
							break
						}
					}
				}
			}
			onlyOurs, onlyTheirs := minus(ours, theirs), minus(theirs, ours)
			for _, r := range onlyOurs {
				got = append(got, "ours "+r.Type+" "+number(r.ID))
			}
			for _, r := range onlyTheirs {
				got = append(got, "theirs "+r.Type+" "+number(r.ID))
			}
			var want []string
			for _, k := range known[name] {
				want = append(want, k.diff)
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("differences mismatch (-known +got):\n%s\nonly ours:\n%v\nonly theirs:\n%v\nour errors:\n%s\ntheir errors and findings:\n%s",
					diff, onlyOurs, onlyTheirs, strings.Join(ourErrs, "\n"), strings.Join(theirErrs, "\n"))
			}
			cut := checkOffsets(t, all[name])
			cuts += cut
			fmt.Fprintf(&table, "%-28s %6d %6d %6d %5d %5d %6d %6d %6d %6d\n", name, len(ours), len(theirs), len(ours)-len(onlyOurs), len(onlyOurs), len(onlyTheirs), len(ourErrs), len(theirErrs), bracketed, cut)
		})
	}
	t.Logf("records read whole by internal/warc (ours) and nlnwa/gowarc (theirs), and records cut out by their offsets and read again (cut, %d in all):\n%s", cuts, table.String())
}

// minus returns the records of a that are not in b, in order.
func minus(a, b []rec) []rec {
	in := map[rec]int{}
	for _, r := range b {
		in[r]++
	}
	var out []rec
	for _, r := range a {
		if in[r] > 0 {
			in[r]--
			continue
		}
		out = append(out, r)
	}
	return out
}

// number returns the record number of a warctest ID, or the ID.
func number(id string) string {
	const p = "<urn:uuid:00000000-0000-4000-8000-"
	if s, ok := strings.CutPrefix(id, p); ok {
		return strings.TrimLeft(strings.TrimSuffix(s, ">"), "0")
	}
	return id
}

// TestHostileDifferential reads every hostile archive
// (warctest.HostileArchives) with internal/warc and with
// github.com/nlnwa/gowarc, and checks that every record gowarc reads
// whole we read too, but for records that are not in the archive as
// written: the broken records the archives were made with
// (http://bad.example/...), which WARC 1.1 says are broken (each
// archive's About says why) and which we report as errors; and records
// gowarc pieces together from a broken record's header and the next
// record's fields, which have a good record's target URI but not its
// WARC-Record-ID. It logs how many of the good records each reads.
func TestHostileDifferential(t *testing.T) {
	var archives, theirsAll, theirsGood, oursGood, good, acceptedBad, pieced, lostGood int
	var lost []string
	for _, h := range warctest.HostileArchives() {
		archives++
		ours, _ := readOurs(bytes.NewReader(h.Data))
		theirs, theirErrs := readTheirs(bytes.NewReader(h.Data))
		ourIDs := map[string]string{} // target URI: record ID
		for _, r := range ours {
			ourIDs[r.URI] = r.ID
		}
		for _, r := range minus(theirs, ours) {
			switch id, ok := ourIDs[r.URI]; {
			case strings.HasPrefix(r.URI, "http://bad.example/"):
				acceptedBad++
			case ok && id != r.ID:
				pieced++
			default:
				t.Errorf("%s: gowarc reads %v, internal/warc does not; gowarc's errors:\n%s", h.Name, r, strings.Join(theirErrs, "\n"))
			}
		}
		isGood := map[string]bool{}
		for _, g := range h.Good {
			isGood[g.URI] = true
			good++
		}
		theirsAll += len(theirs)
		for _, r := range theirs {
			if isGood[r.URI] {
				theirsGood++
			}
		}
		for _, r := range ours {
			if isGood[r.URI] {
				oursGood++
			}
		}
		for _, r := range minus(ours, theirs) {
			if isGood[r.URI] {
				lostGood++
				lost = append(lost, h.Name)
			}
		}
	}
	slices.Sort(lost)
	t.Logf("%d hostile archives, %d good records: internal/warc reads %d of them, gowarc %d (%d records in all: %d broken records that we report as errors, %d pieced together from a broken record and the next); gowarc loses %d good records, in %d archives: %v",
		archives, good, oursGood, theirsGood, theirsAll, acceptedBad, pieced, lostGood, len(slices.Compact(lost)), slices.Compact(lost))
}

// checkOffsets reads every record of data with internal/warc, as
// archive.Each does (a record's MemberLength is set by the next call of
// Next, and an error about it at its offset replaces it), and checks that
// the bytes each record's offsets name, cut out of data, are an archive
// of exactly that record, read again without an error nor a byte
// unaccounted for: offset and length in a plain archive, memberOffset and
// memberLength in a gzip one (where the record has its members alone). It
// returns how many records it cut out.
func checkOffsets(t *testing.T, data []byte) int {
	t.Helper()
	type read struct {
		off, length, moff, mlen int64
		id, block               string
	}
	all := func(data []byte) ([]read, int, int64) {
		r := warc.NewReader(bytes.NewReader(data))
		var recs []read
		var held *warc.Record
		errs := 0
		for {
			rec, err := r.Next()
			if held != nil {
				if e, ok := err.(*warc.Error); ok && e.Offset == held.Offset {
					recs = recs[:len(recs)-1]
				} else {
					recs[len(recs)-1].mlen = held.MemberLength
				}
				held = nil
			}
			if err == io.EOF {
				return recs, errs, r.Unaccounted()
			}
			if err != nil {
				errs++
				continue
			}
			h := sha256.New()
			io.Copy(h, rec.Block)
			recs = append(recs, read{rec.Offset, rec.Length, rec.MemberOffset, 0, rec.ID(), fmt.Sprintf("%x", h.Sum(nil))})
			held = rec
		}
	}
	recs, _, _ := all(data)
	n := 0
	for _, rec := range recs {
		cut := warctest.Cut(data, rec.off, rec.length, rec.moff, rec.mlen)
		if cut == nil {
			continue
		}
		n++
		got, errs, unaccounted := all(cut)
		if len(got) != 1 || errs != 0 || unaccounted != 0 || got[0].id != rec.id || got[0].block != rec.block || got[0].length != rec.length {
			t.Errorf("the record %s at %d (member %d+%d), cut out, reads as %d records (%v), %d errors, %d bytes unaccounted", rec.id, rec.off, rec.moff, rec.mlen, len(got), got, errs, unaccounted)
		}
	}
	return n
}
