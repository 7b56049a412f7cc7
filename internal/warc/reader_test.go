// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package warc_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mimesniff/mimesniff/internal/warc"
	"github.com/mimesniff/mimesniff/internal/warc/warctest"
)

// kinds names the kinds of error in events.
var kinds = []struct {
	err  error
	name string
}{
	{warc.ErrNotWARC, "not-warc"},
	{warc.ErrGarbage, "garbage"},
	{warc.ErrHeader, "header"},
	{warc.ErrField, "field"},
	{warc.ErrLength, "length"},
	{warc.ErrTruncated, "truncated"},
	{warc.ErrGzip, "gzip"},
}

// events reads every record of data and returns one line for each record
// ("response 3": its type and the number in its ID, see warctest.ID) and
// each error ("error field 3": its kind and the record's number, if its
// ID was read), draining every block.
func events(t testing.TB, data []byte) []string {
	t.Helper()
	var got []string
	for _, o := range outcomes(t, data, 0) {
		if o.Err != "" {
			got = append(got, "error "+o.Err+number(o.ID))
		} else {
			got = append(got, o.Type+number(o.ID))
		}
	}
	return got
}

func kind(err error) string {
	for _, k := range kinds {
		if errors.Is(err, k.err) {
			return k.name
		}
	}
	return "other: " + err.Error()
}

// number returns " n" for the ID of warctest.ID(n), "" for none.
func number(id string) string {
	if id == "" {
		return ""
	}
	id = strings.TrimSuffix(id, ">")
	n, err := strconv.Atoi(id[strings.LastIndexByte(id, '-')+1:])
	if err != nil {
		return " " + id
	}
	return " " + strconv.Itoa(n)
}

// The expected events of each test archive, worked out from what each
// holds (see warctest.Archives) and WARC 1.1's rules, not from the
// reader's output.
var archiveTests = []struct {
	name string
	want []string
}{
	{"capture-1.0.warc", []string{"warcinfo 1", "request 2", "response 3", "response 4", "metadata 5", "resource 6", "response 7"}},
	{"capture-1.0.warc.gz", []string{"warcinfo 1", "request 2", "response 3", "response 4", "metadata 5", "resource 6", "response 7"}},
	{"capture-1.1.warc", []string{"warcinfo 1", "request 2", "response 3", "response 4", "metadata 5", "resource 6", "response 7"}},
	{"capture-1.1.warc.gz", []string{"warcinfo 1", "request 2", "response 3", "response 4", "metadata 5", "resource 6", "response 7"}},
	{"capture-1.1-whole.warc.gz", []string{"warcinfo 1", "request 2", "response 3", "response 4", "metadata 5", "resource 6", "response 7"}},
	// Too small: record 2 is read, its end is not CRLF CRLF; the rest of
	// its block is skipped to record 3.
	{"length-short.warc", []string{"response 1", "response 2", "error length 2", "response 3", "response 4"}},
	{"length-short.warc.gz", []string{"response 1", "response 2", "error length 2", "response 3", "response 4"}},
	// Too large, plain: the block runs 10 bytes into record 3, its
	// version line, and is followed by no CRLF CRLF; reading goes back
	// to the "WARC/" in the block, and record 3 is read. In its own gzip
	// member, the block ends with the member, and record 3 is read from
	// the next.
	{"length-long.warc", []string{"response 1", "response 2", "error length 2", "response 3", "response 4"}},
	{"length-long.warc.gz", []string{"response 1", "response 2", "error truncated 2", "response 3", "response 4"}},
	{"truncated-block.warc", []string{"response 1", "response 2", "error truncated 2"}},
	{"truncated-header.warc", []string{"response 1", "error truncated"}},
	{"truncated.warc.gz", []string{"response 1", "response 2", "error truncated 2"}},
	{"revisit.warc", []string{"response 1", "revisit 2", "revisit 3", "revisit 4"}},
	// WARC-Truncated concerns the payload: the WARC record itself is whole.
	{"warc-truncated.warc", []string{"response 1", "response 2", "response 3"}},
	{"payloads.warc", []string{"response 1", "response 2", "response 3", "resource 4", "conversion 5", "continuation 6", "x-extension 7"}},
	{"fields.warc", fieldsWant},
	{"fields.warc.gz", fieldsWant},
	{"garbage.warc", []string{"response 1", "error garbage", "response 2", "error garbage", "response 3", "error garbage"}},
	{"members.warc.gz", []string{
		"response 1",
		"error garbage",   // a member holding HTML
		"response 2",      //
		"error garbage",   // bytes between members
		"error gzip 3",    // corrupt deflate data: the header is read garbled, then decoding fails
		"response 4",      // the record decodes whole...
		"error gzip 4",    // ...but the member's CRC-32 is wrong: an error about it
		"error garbage",   // an empty member: its bytes are in no record
		"response 5",      //
		"response 6",      // two records
		"response 7",      // in one member
		"error truncated", // a member that ends in its record's header
		"response 9",
	}},
	{"not-warc.html", []string{"error not-warc"}},
	{"not-warc.gz", []string{"error not-warc"}},
	{"empty.warc", []string{"error not-warc"}},
	// The header of record 2 is longer than DefaultMaxHeaderBytes: it
	// cannot be read, nor its Content-Length; reading goes on at the next
	// "WARC/" line (plain) or member (gzip).
	{"long-header.warc", []string{"response 1", "error header", "response 3"}},
	{"long-header.warc.gz", []string{"response 1", "error header", "response 3"}},
	// The reader does not decode HTTP content codings: the bomb is a
	// 4 MB block like any other.
	{"bomb.warc.gz", []string{"response 0", "response 1", "response 2"}},
}

var fieldsWant = []string{
	"error field",    // 1: no WARC-Record-ID nor WARC-Date; its block is skipped
	"response 2",     //
	"error field 3",  // WARC-Date twice
	"response 4",     //
	"error field 5",  // Content-Length -5: no block to skip, reading goes on at record 6
	"response 6",     //
	"error field 7",  // Content-Length past int64
	"response 8",     //
	"error field 9",  // an escape in WARC-Target-URI
	"response 10",    //
	"error field 11", // Latin-1 in WARC-Target-URI
	"response 12",    //
	"error field 13", // no Content-Length
	"response 14",    //
	"error header 15",
	"response 16",
	"response 17", // a folded field
	"error header",
	"response 19",
	"response 20",        // a UTF-8 target URI
	"response 21",        // names in other cases
	"response 22",        // WARC/1.0 among 1.1
	"resource 23",        // Content-Length 0000000004
	"resource 24",        // Content-Length 9223372036854775807...
	"error truncated 24", // ...and the input ends first
}

func TestArchives(t *testing.T) {
	archives := map[string]warctest.Archive{}
	for _, a := range warctest.Archives() {
		archives[a.Name] = a
	}
	for _, tt := range archiveTests {
		t.Run(tt.name, func(t *testing.T) {
			a, ok := archives[tt.name]
			if !ok {
				t.Fatalf("no archive %s", tt.name)
			}
			delete(archives, tt.name)
			if diff := cmp.Diff(tt.want, events(t, a.Data)); diff != "" {
				t.Errorf("events mismatch (-want +got):\n%s", diff)
			}
		})
	}
	for name := range archives {
		t.Errorf("archive %s has no test", name)
	}
}

// TestRecord checks what a record holds: version, fields as written (a
// folded one joined), lookups in any case, the target URI without WARC
// 1.0's brackets, the block, the offsets.
func TestRecord(t *testing.T) {
	folded := warctest.Rec{Version: "1.0", Fields: [][2]string{
		{"WARC-Type", "resource"},
		{"warc-record-id", warctest.ID(1)},
		{"WARC-Date", warctest.Date},
		{"WARC-Target-URI", "<http://example.test/a b>"},
		{"X-Folded", "one\r\n  two\r\n\tthree"},
		{"X-Empty", ""},
	}, Block: []byte("block")}
	plain := warctest.Plain(warctest.Capture("1.1", 1)[0], folded)
	wantFields := []warc.Field{
		{"WARC-Type", "resource"},
		{"warc-record-id", warctest.ID(1)},
		{"WARC-Date", warctest.Date},
		{"WARC-Target-URI", "<http://example.test/a b>"},
		{"X-Folded", "one two three"},
		{"X-Empty", ""},
		{"Content-Length", "5"},
	}
	for _, tt := range []struct {
		name      string
		data      []byte
		offset    int64
		memberOff int64
	}{
		{"plain", plain, int64(len(warctest.Capture("1.1", 1)[0].Bytes())), -1},
		{"per-record gzip", warctest.PerRecord(warctest.Capture("1.1", 1)[0], folded), int64(len(warctest.Capture("1.1", 1)[0].Bytes())), int64(len(warctest.Gzip(warctest.Capture("1.1", 1)[0].Bytes())))},
		{"whole gzip", warctest.Gzip(plain), int64(len(warctest.Capture("1.1", 1)[0].Bytes())), 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := warc.NewReader(bytes.NewReader(tt.data))
			if _, err := r.Next(); err != nil {
				t.Fatal(err)
			}
			rec, err := r.Next()
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(wantFields, rec.Fields); diff != "" {
				t.Errorf("Fields mismatch (-want +got):\n%s", diff)
			}
			block, err := io.ReadAll(rec.Block)
			got := fmt.Sprintf("%s|%s|%s|%s|%s|%d|%q|%v|%d|%d", rec.Version, rec.Type(), rec.ID(), rec.Date(), rec.TargetURI(), rec.ContentLength, block, err, rec.Offset, rec.MemberOffset)
			want := fmt.Sprintf("WARC/1.0|resource|%s|%s|http://example.test/a b|5|\"block\"|<nil>|%d|%d", warctest.ID(1), warctest.Date, tt.offset, tt.memberOff)
			if got != want {
				t.Errorf("record = %s, want %s", got, want)
			}
			if v, ok := rec.Get("x-FOLDED"); v != "one two three" || !ok {
				t.Errorf(`Get("x-FOLDED") = %q, %v, want "one two three", true`, v, ok)
			}
			if v, ok := rec.Get("X-Missing"); v != "" || ok {
				t.Errorf(`Get("X-Missing") = %q, %v, want "", false`, v, ok)
			}
			if _, err := r.Next(); err != io.EOF {
				t.Errorf("Next() at the end = %v, want io.EOF", err)
			}
			if n, err := rec.Block.Read(make([]byte, 1)); n != 0 || err == nil || err == io.EOF {
				t.Errorf("Block.Read after Next = %d, %v, want an error", n, err)
			}
		})
	}
}

// TestPartialBlock checks that Next skips what the caller left of a
// block, whatever that is.
func TestPartialBlock(t *testing.T) {
	recs := warctest.Capture("1.1", 1)
	for _, tt := range []struct {
		name string
		data []byte
	}{
		{"plain", warctest.Plain(recs...)},
		{"per-record gzip", warctest.PerRecord(recs...)},
		{"whole gzip", warctest.Gzip(warctest.Plain(recs...))},
	} {
		for _, n := range []int{0, 1, 10, 1 << 20} {
			t.Run(fmt.Sprintf("%s/%d", tt.name, n), func(t *testing.T) {
				var got []string
				readEach(warc.NewReader(bytes.NewReader(tt.data)), func(rec *warc.Record, err error) {
					if err != nil {
						t.Fatal(err)
					}
					io.CopyN(io.Discard, rec.Block, int64(n))
					got = append(got, rec.Type())
				})
				want := []string{"warcinfo", "request", "response", "response", "metadata", "resource", "response"}
				if diff := cmp.Diff(want, got); diff != "" {
					t.Errorf("types mismatch (-want +got):\n%s", diff)
				}
			})
		}
	}
}

// TestErrorText checks that errors say where, which record and what.
func TestErrorText(t *testing.T) {
	resource := warctest.Capture("1.1", 1)[5]
	for _, tt := range []struct {
		name string
		data []byte
		want string
	}{
		{"not WARC", []byte("GIF89a"), `warc: offset 0: not a WARC file: input starts with "GIF89", not "WARC/" or a gzip member`},
		{"short", warctest.Plain(func() warctest.Rec { r := warctest.Capture("1.1", 1)[5]; r.LengthDelta = -3; return r }()),
			`warc: offset 0 (` + warctest.ID(6) + `): record does not end where its Content-Length says: the block of Content-Length 24 is followed by "ML\n\r", not CRLF CRLF (bytes 0-250 skipped)`},
		{"gzip garbage", append(warctest.Gzip(resource.Bytes()), "xyz"...),
			fmt.Sprintf("warc: gzip member at %d, offset %d: bytes between records: bytes %d-%d of the file skipped: no gzip member starts there",
				len(warctest.Gzip(resource.Bytes())), len(resource.Bytes()), len(warctest.Gzip(resource.Bytes())), len(warctest.Gzip(resource.Bytes()))+2)},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := warc.NewReader(bytes.NewReader(tt.data))
			var got string
			for {
				_, err := r.Next()
				if err == io.EOF {
					break
				}
				if err != nil {
					got = err.Error()
				}
			}
			if got != tt.want {
				t.Errorf("error = %s\nwant      %s", got, tt.want)
			}
		})
	}
}

// failingReader returns n bytes of data, then err.
type failingReader struct {
	data []byte
	err  error
}

func (f *failingReader) Read(p []byte) (int, error) {
	if len(f.data) == 0 {
		return 0, f.err
	}
	n := copy(p, f.data)
	f.data = f.data[n:]
	return n, nil
}

// TestReadError checks that an error of the underlying reader is reported
// once and ends reading.
func TestReadError(t *testing.T) {
	boom := errors.New("boom")
	recs := warctest.Capture("1.1", 1)
	for _, tt := range []struct {
		name string
		data []byte
	}{
		{"plain", warctest.Plain(recs...)},
		{"per-record gzip", warctest.PerRecord(recs...)},
	} {
		for _, cut := range []int{3, 100, 400, len(tt.data) - 1} {
			t.Run(fmt.Sprintf("%s/%d", tt.name, cut), func(t *testing.T) {
				r := warc.NewReader(&failingReader{tt.data[:cut], boom})
				booms := 0
				for range 100 {
					rec, err := r.Next()
					if err == io.EOF {
						break
					}
					if errors.Is(err, boom) {
						booms++
					}
					if rec != nil {
						if _, err := io.Copy(io.Discard, rec.Block); errors.Is(err, boom) {
							booms++
						}
					}
				}
				if booms == 0 {
					t.Errorf("the reader's error was not reported")
				}
				if _, err := r.Next(); err != io.EOF {
					t.Errorf("Next() after the error = %v, want io.EOF", err)
				}
			})
		}
	}
}

// first returns what r's first call of Next gives: "type n" for a record
// (its type and the number in its ID) or "error kind".
func first(r *warc.Reader) string {
	rec, err := r.Next()
	if err != nil {
		return "error " + kind(err)
	}
	return rec.Type() + number(rec.ID())
}

// TestMaxHeaderBytes checks the bound on a header, at it and past it.
func TestMaxHeaderBytes(t *testing.T) {
	rec := warctest.Capture("1.1", 1)[5]
	header := len(rec.Bytes()) - len(rec.Block) - 4
	for _, tt := range []struct {
		name  string
		limit int
		want  string
	}{
		{"at the bound", header, "resource 6"},
		{"one byte short", header - 1, "error header"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := warc.NewReader(bytes.NewReader(rec.Bytes()))
			r.MaxHeaderBytes = tt.limit
			if got := first(r); got != tt.want {
				t.Errorf("with MaxHeaderBytes %d: %s, want %s", tt.limit, got, tt.want)
			}
		})
	}
}

// TestRecordReuse checks what Next keeps of the record before: its fields,
// until the call after, not its Block; and that reading a record costs
// one allocation, its header, the Record being reused.
func TestRecordReuse(t *testing.T) {
	data := warctest.Plain(warctest.Capture("1.1", 1)...)
	r := warc.NewReader(bytes.NewReader(data))
	first, err := r.Next()
	if err != nil {
		t.Fatal(err)
	}
	id, typ := first.ID(), first.Type()
	second, err := r.Next()
	if err != nil {
		t.Fatal(err)
	}
	if first == second {
		t.Fatal("Next returned the record before again")
	}
	if first.ID() != id || first.Type() != typ {
		t.Errorf("the record before is %s %s after Next, want %s %s", first.ID(), first.Type(), id, typ)
	}
	if n, err := first.Block.Read(make([]byte, 1)); n != 0 || err == nil {
		t.Errorf("the record before: Block.Read = %d, %v, want an error", n, err)
	}

	many := warctest.Plain(crawl(50)...)
	allocs := testing.AllocsPerRun(5, func() {
		r := warc.NewReader(bytes.NewReader(many))
		for {
			rec, err := r.Next()
			if err != nil {
				break
			}
			io.Copy(io.Discard, rec.Block)
		}
	})
	// NewReader's buffers, then one header string a record.
	if records := 7 * 50; allocs > float64(records)+10 {
		t.Errorf("%v allocations for %d records, want about one a record", allocs, records)
	}
}
