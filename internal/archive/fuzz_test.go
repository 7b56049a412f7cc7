// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package archive_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"testing"

	"github.com/mimesniff/mimesniff"
	"github.com/mimesniff/mimesniff/internal/archive"
	"github.com/mimesniff/mimesniff/internal/warc"
	"github.com/mimesniff/mimesniff/internal/warc/warctest"
)

// FuzzAnswer gives a response record any block, and checks that the
// answer is what the library gives for the block read directly as a saved
// response (http.ReadResponse, then mimesniff.ResourceFromResponse): the
// same status and computed types, an error exactly where the direct read
// fails (the head, the framing before the first HeaderSize bytes, a
// content coding), the bytes cut short exactly where they are; and that
// its line is valid JSON.
func FuzzAnswer(f *testing.F) {
	for _, s := range []string{
		"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\n<html>",
		"HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\n\r\n" + gzipped(html),
		"HTTP/1.1 200 OK\r\nContent-Encoding: deflate\r\nContent-Type: text/html\r\n\r\n" + zlibbed(html),
		"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n6\r\n<html>\r\n0\r\n\r\n",
		"HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\n<html>",
		"HTTP/1.0 404 Not Found\r\nContent-Type: image/png\r\nX-Content-Type-Options: nosniff\r\n\r\n" + pngStart,
		"HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\n\r\n" + html,
		"HTTP/2 200\r\ncontent-type: text/html\r\n\r\n" + html,
		"HTTP/1.1 204 No Content\r\nContent-Encoding: br\r\n\r\n",
		html,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, block []byte) {
		rec := warctest.Rec{Version: "1.1", Fields: warctest.Fields("1.1", "response", 1, "http://example.test/", httpType), Block: block}
		a, err := answerOf(t, warctest.Plain(rec))
		var line []byte
		if err != nil {
			line = archive.AppendError(nil, "f", &a, err)
		} else {
			line = a.AppendJSON(nil, "f")
			for i, c := range a.Computed {
				if !c.IsValid() {
					t.Fatalf("%s: computed type %d is undefined", block, i)
				}
			}
		}
		if !json.Valid(line) {
			t.Fatalf("not JSON: %s", line)
		}

		// The direct read, where it reads the same response.
		if len(block) > 6 && string(block[:5]) == "HTTP/" && block[5] >= '2' && block[6] == ' ' {
			return // "HTTP/2 200", which http.ReadResponse does not read
		}
		resp, derr := http.ReadResponse(bufio.NewReader(bytes.NewReader(block)), nil)
		if derr == nil && resp.StatusCode/100 == 1 && resp.StatusCode != http.StatusSwitchingProtocols {
			return // an interim response, after which the archive reads on
		}
		if derr != nil {
			if err == nil {
				t.Fatalf("%q: http.ReadResponse fails (%v), the archive answers %s", block, derr, line)
			}
			return
		}
		r, derr := mimesniff.ResourceFromResponse(resp)
		cutShort := derr == io.ErrUnexpectedEOF
		if derr != nil && !cutShort {
			if err == nil {
				t.Fatalf("%q: ResourceFromResponse fails (%v), the archive answers %s", block, derr, line)
			}
			return
		}
		if err != nil {
			t.Fatalf("%q: the library reads it directly, the archive fails: %v", block, err)
		}
		var want, got string
		for i, b := range archive.Browsers {
			want += r.SniffAs(b).String() + " "
			got += a.Computed[i].String() + " "
		}
		want += fmt.Sprint(resp.StatusCode, cutShort)
		got += fmt.Sprint(a.Status, a.CutShort)
		if want != got {
			t.Fatalf("%q: the archive answers %s, the library %s", block, got, want)
		}
	})
}

// FuzzEach reads any bytes as an archive, seeded with the test archives,
// and checks that reading ends, that every line is valid JSON, that a
// record has one outcome, that a sniffed record's types are defined, and
// that the outcomes cover the decoded archive, each byte once, in order,
// and account for every byte of the input.
func FuzzEach(f *testing.F) {
	names, _ := filepath.Glob("../warc/testdata/*.warc*")
	for _, name := range names {
		if b, err := os.ReadFile(name); err == nil && len(b) < 16<<10 {
			f.Add(b)
		}
	}
	for _, h := range warctest.HostileArchives() {
		if len(h.Data) < 8<<10 {
			f.Add(h.Data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		n := 0
		seen := map[[2]int64]bool{}
		var next int64
		acct, err := archive.NewSniffer().Each(bytes.NewReader(data), func(a *archive.Answer, err error) bool {
			off, length := int64(0), int64(0)
			switch we := (*warc.Error)(nil); {
			case a != nil:
				off, length = a.Offset, a.Length
			case errors.As(err, &we):
				off, length = we.Offset, we.Length
			}
			if off != next && !errors.Is(err, warc.ErrNotWARC) {
				t.Fatalf("an outcome at %d, where the one before ends at %d: %v", off, next, err)
			}
			next = off + length
			if n++; n > 2*len(data)+10 {
				t.Fatalf("more than %d outcomes for %d bytes", n, len(data))
			}
			var line []byte
			switch {
			case err != nil:
				var ae *archive.Error
				if a == nil && errors.As(err, &ae) {
					t.Fatalf("an answer's error without its record: %v", err)
				}
				line = archive.AppendError(nil, "f", a, err)
			case a.Kind == archive.Sniffed:
				for i, c := range a.Computed {
					if !c.IsValid() {
						t.Fatalf("record at %d: computed type %d is undefined", a.Offset, i)
					}
				}
				fallthrough
			default:
				line = a.AppendJSON(nil, "f")
			}
			if !json.Valid(line) {
				t.Fatalf("not JSON: %s", line)
			}
			if a != nil {
				k := [2]int64{a.Offset, a.MemberOffset}
				if seen[k] {
					t.Fatalf("two outcomes for the record at %v", k)
				}
				seen[k] = true
			}
			return true
		})
		if err != nil {
			t.Fatalf("Each: %v", err)
		}
		if acct.Complete && acct.Unaccounted != 0 || acct.Bytes != int64(len(data)) && acct.Complete {
			t.Fatalf("Each's account: %+v, for %d bytes", acct, len(data))
		}
	})
}
