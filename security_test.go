// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff_test

import (
	"bytes"
	"encoding/hex"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/mimesniff/mimesniff"
)

// The security promises of the standard, as properties.
//
// The standard exists because sniffing can turn a harmless upload into a
// page that runs script: a browser that takes an "image" for HTML runs the
// attacker's script with the site's privileges. Its security considerations
// come down to these rules, each checked below over generated resources and
// every testdata file, under every supplied type and flag:
//
//  1. The text-or-binary rules never produce a scriptable MIME type.
//  2. No-sniff never changes a defined, known supplied type.
//  3. An undefined (or unknown) type under no-sniff never becomes scriptable.
//  4. A supplied XML or HTML type is never changed.
//  5. A scriptable type comes only from the supplied type, from the
//     unknown-type rules without no-sniff, or (opt-in, legacy) from the feed
//     rules on a supplied text/html.
//  6. The image, audio or video and font contexts only ever return the
//     supplied type or a type of their own group.
//  7. Bytes beyond the 1445-byte resource header never matter.
//  8. Sniffing always gives an answer, the same one every time, from any
//     goroutine.

// suppliedTypes covers every branch of the sniffing algorithm and every
// group.
var suppliedTypes = []string{
	"", // undefined
	"unknown/unknown", "application/unknown", "*/*", "Unknown/Unknown;x=y",
	"text/plain", "text/plain; charset=UTF-8", "text/html", "text/html;charset=utf-8",
	"text/xml", "application/xml", "image/svg+xml", "application/rss+xml", "application/xhtml+xml",
	"application/pdf", "image/png", "image/gif", "image/x-unknown", "audio/mpeg", "video/mp4",
	"application/ogg", "font/woff", "application/font-woff", "application/octet-stream",
	"application/zip", "application/json", "text/css", "text/javascript", "text/vtt",
}

// resources returns every combination of supplied type and flags for
// header.
func resources(header []byte) []mimesniff.Resource {
	var out []mimesniff.Resource
	unsupported := func(mimesniff.MIMEType) bool { return false }
	for _, s := range suppliedTypes {
		supplied := mt(s)
		for flags := range 16 {
			r := mimesniff.Resource{
				Supplied:          supplied,
				NoSniff:           flags&1 != 0,
				CheckForApacheBug: flags&2 != 0,
				SniffFeeds:        flags&4 != 0,
				Header:            header,
			}
			if flags&8 != 0 {
				r.Supported = unsupported
			}
			out = append(out, r)
		}
	}
	return out
}

// isUnknown reports whether the sniffing algorithm treats t as unknown.
func isUnknown(t mimesniff.MIMEType) bool {
	switch t.Essence() {
	case "", "unknown/unknown", "application/unknown", "*/*":
		return true
	}
	return false
}

// checkSecurity checks every promise for r, failing t with what was broken.
func checkSecurity(t testing.TB, r mimesniff.Resource) {
	t.Helper()
	supplied := r.Supplied
	got := r.Sniff()
	describe := func() string {
		return "Resource{Supplied: " + strings.TrimSpace(supplied.String()+" ") +
			", NoSniff: " + boolString(r.NoSniff) + ", CheckForApacheBug: " + boolString(r.CheckForApacheBug) +
			", SniffFeeds: " + boolString(r.SniffFeeds) + ", Supported: " + boolString(r.Supported != nil) +
			", Header: " + hex.EncodeToString(r.Header[:min(len(r.Header), 32)]) + "...}"
	}

	// 1. The text-or-binary rules never produce a scriptable type.
	if tb := r.SniffTextOrBinary(); tb.String() != "text/plain" && tb.String() != "application/octet-stream" {
		t.Fatalf("%s.SniffTextOrBinary() = %q", describe(), tb)
	}
	// 2. No-sniff never changes a defined, known supplied type.
	if r.NoSniff && !isUnknown(supplied) && got != supplied {
		t.Fatalf("%s.Sniff() = %q, want the supplied type under no-sniff", describe(), got)
	}
	// 3. An undefined or unknown type under no-sniff never becomes
	// scriptable.
	if r.NoSniff && isUnknown(supplied) && got.IsScriptable() {
		t.Fatalf("%s.Sniff() = %q, scriptable under no-sniff", describe(), got)
	}
	if u := r.SniffUnknown(false); u.IsScriptable() {
		t.Fatalf("%s.SniffUnknown(false) = %q, scriptable", describe(), u)
	}
	// 4. A supplied XML or HTML type is never changed (but by the opt-in
	// feed rules, which only turn text/html into a feed type).
	if supplied.IsXML() && got != supplied {
		t.Fatalf("%s.Sniff() = %q, changed a supplied XML type", describe(), got)
	}
	if supplied.IsHTML() && got != supplied {
		feed := got.Essence() == "application/rss+xml" || got.Essence() == "application/atom+xml"
		if !r.SniffFeeds || r.NoSniff || !feed {
			t.Fatalf("%s.Sniff() = %q, changed a supplied HTML type", describe(), got)
		}
	}
	// 5. A scriptable type comes from the supplied type, the unknown-type
	// rules without no-sniff, or the feed rules.
	if got.IsScriptable() && got != supplied {
		fromUnknown := isUnknown(supplied) && !r.NoSniff
		fromFeeds := supplied.IsHTML() && r.SniffFeeds && !r.NoSniff
		if !fromUnknown && !fromFeeds {
			t.Fatalf("%s.Sniff() = %q, a scriptable type from nowhere", describe(), got)
		}
	}
	// The apache-bug flag only tells text from binary.
	if r.CheckForApacheBug && !r.NoSniff && !isUnknown(supplied) && !supplied.IsXML() && !supplied.IsHTML() {
		if got.String() != "text/plain" && got.String() != "application/octet-stream" {
			t.Fatalf("%s.Sniff() = %q under the apache-bug flag", describe(), got)
		}
	}
	// 6. The image, audio or video and font contexts return the supplied
	// type or one of their own group.
	for _, c := range []struct {
		name  string
		got   mimesniff.MIMEType
		group func(mimesniff.MIMEType) bool
	}{
		{"SniffImage", r.SniffImage(), mimesniff.MIMEType.IsImage},
		{"SniffAudioOrVideo", r.SniffAudioOrVideo(), mimesniff.MIMEType.IsAudioOrVideo},
		{"SniffFont", r.SniffFont(), mimesniff.MIMEType.IsFont},
	} {
		if c.got != supplied && !c.group(c.got) {
			t.Fatalf("%s.%s() = %q, neither supplied nor of its group", describe(), c.name, c.got)
		}
	}
	// 8. An answer, always a valid MIME type in a browsing context.
	if !got.IsValid() {
		t.Fatalf("%s.Sniff() is the undefined type", describe())
	}
	if !r.SniffUnknown(true).IsValid() {
		t.Fatalf("%s.SniffUnknown(true) is the undefined type", describe())
	}
	// 7. Bytes beyond the resource header never matter.
	if len(r.Header) >= mimesniff.HeaderSize {
		cut := r
		cut.Header = r.Header[:mimesniff.HeaderSize]
		if a, b := allResults(r), allResults(cut); a != b {
			t.Fatalf("%s: results %v, but %v for the first %d bytes", describe(), a, b, mimesniff.HeaderSize)
		}
	}
}

func boolString(b bool) string {
	if b {
		return "true"
	}
	return "false"
}

// results holds the answer of every sniffing method for one resource.
type results [12]mimesniff.MIMEType

func allResults(r mimesniff.Resource) results {
	return results{
		r.Sniff(), r.SniffUnknown(true), r.SniffUnknown(false), r.SniffTextOrBinary(), r.SniffFeedOrHTML(),
		r.SniffImage(), r.SniffAudioOrVideo(), r.SniffFont(), r.SniffPlugin(), r.SniffStyle(),
		r.SniffScript(), r.SniffTextTrack(),
	}
}

// securityHeaders returns resource headers for the property tests: every
// testdata file, each cut at a few lengths, signatures of every table with
// whitespace before and junk after, and random bytes; and, for property 7,
// each of them extended past HeaderSize with bytes that would match
// something if they counted.
func securityHeaders(t testing.TB) [][]byte {
	var headers [][]byte
	files, _ := filepath.Glob(filepath.Join("testdata", "files", "*"))
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range []int{0, 1, 3, 4, 12, 40, len(data)} {
			headers = append(headers, data[:min(n, len(data))])
		}
	}
	seeds := []string{
		"<!DOCTYPE HTML>", "<html>", "<script>", "<p>", "<!-- -->", "<?xml", "%PDF-", "%!PS-Adobe-",
		"\xfe\xff\x00\x00", "\xef\xbb\xbf<html>", "\x89PNG\r\n\x1a\n", "GIF89a", "\xff\xd8\xff",
		"RIFF\x00\x00\x00\x00WEBPVP", "RIFF\x00\x00\x00\x00WAVE", "OggS\x00", "ID3", "MThd\x00\x00\x00\x06",
		"\x1A\x45\xDF\xA3\x81\x42\x82\x84webm", "\x00\x00\x00\x10ftypmp42\x00\x00\x00\x00",
		"wOFF", "OTTO", "\x1f\x8b\x08", "PK\x03\x04", "Rar!\x1a\x07\x00", "<rss>", "<feed>",
		"<?xml version='1.0'?><rdf:RDF xmlns='http://purl.org/rss/1.0/' xmlns:rdf='http://www.w3.org/1999/02/22-rdf-syntax-ns#'>",
	}
	for _, s := range seeds {
		for _, pre := range []string{"", "  ", "\x00"} {
			for _, post := range []string{"", " ", ">", "\x00\x01"} {
				headers = append(headers, []byte(pre+s+post))
			}
		}
	}
	headers = append(headers, mp3("\xff\xfb\x90\x00", 417, 421), mp3("\xff\xfb\xea\x00", 1441, 1445))
	rng := rand.New(rand.NewPCG(5, 6))
	for range 200 {
		b := make([]byte, rng.IntN(64))
		for i := range b {
			b[i] = byte(rng.UintN(256))
		}
		headers = append(headers, b)
	}
	var long [][]byte
	for _, h := range headers {
		if len(h) > 64 {
			continue
		}
		padded := append(bytes.Clone(h), bytes.Repeat([]byte(" "), mimesniff.HeaderSize-len(h))...)
		long = append(long, append(padded, "\x00<html>\x89PNG\r\n\x1a\n"...))
	}
	return append(headers, long...)
}

func TestSecurityProperties(t *testing.T) {
	n := 0
	for _, h := range securityHeaders(t) {
		for _, r := range resources(h) {
			checkSecurity(t, r)
			n++
		}
	}
	t.Logf("%d resources", n)
}

// TestConcurrentSniffing sniffs shared resources from many goroutines and
// compares with the answers of one: the package has no shared mutable state
// (run it with -race, as .ci/run does).
func TestConcurrentSniffing(t *testing.T) {
	var rs []mimesniff.Resource
	for _, h := range securityHeaders(t)[:80] {
		rs = append(rs, resources(h)...)
	}
	want := make([]results, len(rs))
	for i, r := range rs {
		want[i] = allResults(r)
	}
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range rs {
				j := (i + g*len(rs)/8) % len(rs)
				if got := allResults(rs[j]); got != want[j] {
					t.Errorf("resource %d: concurrent results %v, want %v", j, got, want[j])
					return
				}
				_, _ = mimesniff.Parse(rs[j].Supplied.String())
			}
		}()
	}
	wg.Wait()
}

func FuzzSniff(f *testing.F) {
	for _, h := range securityHeaders(f) {
		if len(h) <= 1500 {
			f.Add(h, uint8(0), uint8(0))
		}
	}
	f.Add([]byte("<html>"), uint8(6), uint8(1))
	f.Add([]byte("\x89PNG\r\n\x1a\n"), uint8(16), uint8(2))
	f.Fuzz(func(t *testing.T, header []byte, supplied, flags uint8) {
		r := mimesniff.Resource{
			Supplied:          mt(suppliedTypes[int(supplied)%len(suppliedTypes)]),
			NoSniff:           flags&1 != 0,
			CheckForApacheBug: flags&2 != 0,
			SniffFeeds:        flags&4 != 0,
			Header:            header,
		}
		if flags&8 != 0 {
			r.Supported = func(mimesniff.MIMEType) bool { return false }
		}
		checkSecurity(t, r)
		// Determinism, and the same answers from a copy of the bytes.
		copied := r
		copied.Header = bytes.Clone(header)
		if a, b := allResults(r), allResults(copied); a != b {
			t.Fatalf("results %v, then %v for the same bytes", a, b)
		}
		// Bytes past the header never matter.
		if len(header) < mimesniff.HeaderSize {
			padded := r
			padded.Header = append(bytes.Clone(header), make([]byte, mimesniff.HeaderSize-len(header))...)
			extended := padded
			extended.Header = append(bytes.Clone(padded.Header), header...)
			if a, b := allResults(padded), allResults(extended); a != b {
				t.Fatalf("results %v, but %v with bytes past the header", a, b)
			}
		}
	})
}
