// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff_test

import (
	"bytes"
	"math/rand/v2"
	"mime"
	"net/http"
	"strings"
	"testing"

	"github.com/mimesniff/mimesniff"
)

// net/http.DetectContentType implements a variant of the standard's rules
// for identifying an unknown MIME type. Resource{Header: b}.Sniff() runs the
// same rules, so the two agree on the essence of every input, except where
// one of the differences below explains why not. Each is listed, with the
// same name, in the README's comparison with net/http.
var netHTTPDifferences = []struct {
	name string
	// explains reports whether the difference accounts for the two
	// answers on input b: ours from Sniff, theirs from DetectContentType,
	// both as essences.
	explains func(b []byte, ours, theirs string) bool
}{
	{
		// DetectContentType reads 512 bytes, Sniff the standard's 1445:
		// a binary byte, an MP3 frame or the end of an MP4 ftyp box
		// past byte 512 is seen by Sniff only.
		name: "512 bytes, not 1445",
		explains: func(b []byte, ours, theirs string) bool {
			return len(b) > 512 && mimesniff.Resource{Header: b[:512]}.Sniff().Essence() == theirs
		},
	},
	{
		// DetectContentType runs the font table in its unknown-type
		// rules; the standard leaves it out ("major browsers do not
		// implement font sniffing in the regular browsing context").
		name: "fonts sniffed by net/http",
		explains: func(b []byte, ours, theirs string) bool {
			font, ok := mimesniff.MatchFontTypePattern(b[:min(len(b), 512)])
			return ok && font.Essence() == theirs && (ours == "text/plain" || ours == "application/octet-stream")
		},
	},
	{
		// DetectContentType says video/webm for the EBML magic
		// 1A 45 DF A3 alone, so Matroska and any other EBML file too;
		// the standard looks for a "webm" DocType.
		name: "WebM by its EBML magic only",
		explains: func(b []byte, ours, theirs string) bool {
			return theirs == "video/webm" && bytes.HasPrefix(b, []byte("\x1A\x45\xDF\xA3")) &&
				!mimesniff.MatchesWebMSignature(b[:min(len(b), mimesniff.HeaderSize)])
		},
	},
	{
		// DetectContentType has no MP3-without-ID3 signature.
		name: "MP3 without ID3 not sniffed by net/http",
		explains: func(b []byte, ours, theirs string) bool {
			return ours == "audio/mpeg" && mimesniff.MatchesMP3WithoutID3Signature(b[:min(len(b), mimesniff.HeaderSize)])
		},
	},
	{
		// DetectContentType adds application/wasm for "\0asm", a type
		// the standard does not sniff.
		name: "application/wasm added by net/http",
		explains: func(b []byte, ours, theirs string) bool {
			return theirs == "application/wasm" && bytes.HasPrefix(b, []byte("\x00asm"))
		},
	},
	{
		// DetectContentType also takes the RAR 5 signature
		// "Rar!" 1A 07 01 00 for application/x-rar-compressed; the
		// standard has only the RAR 4 one, "Rar!" 1A 07 00.
		name: "RAR 5 added by net/http",
		explains: func(b []byte, ours, theirs string) bool {
			return theirs == "application/x-rar-compressed" && bytes.HasPrefix(b, []byte("Rar!\x1A\x07\x01\x00"))
		},
	},
}

// The full types differ more often than the essences: DetectContentType
// appends "; charset=utf-8" to text/html, text/xml and text/plain, and
// "; charset=utf-16be" or "utf-16le" after a UTF-16 byte order mark, while
// the standard's computed types have no parameters. TestDifferential
// compares essences, and checks this too.

// essenceOf returns the essence of a DetectContentType result.
func essenceOf(ct string) string {
	e, _, err := mime.ParseMediaType(ct)
	if err != nil {
		panic(err)
	}
	return e
}

// checkDifferential compares Sniff with DetectContentType on b, and returns
// the name of the difference that explains a disagreement ("" if they
// agree).
func checkDifferential(t testing.TB, b []byte) string {
	t.Helper()
	got := mimesniff.Resource{Header: b}.Sniff()
	ct := http.DetectContentType(b)
	ours, theirs := got.Essence(), essenceOf(ct)
	// Parameters: only DetectContentType's charset.
	if got.String() != got.Essence() {
		t.Fatalf("Sniff(%q) = %q: a sniffed type with parameters", b[:min(len(b), 32)], got)
	}
	if ct != theirs && !strings.HasPrefix(ct, theirs+"; charset=") {
		t.Fatalf("DetectContentType(%q) = %q: parameters other than charset", b[:min(len(b), 32)], ct)
	}
	if ours == theirs {
		return ""
	}
	for _, d := range netHTTPDifferences {
		if d.explains(b, ours, theirs) {
			return d.name
		}
	}
	t.Fatalf("on %q, Sniff says %q and DetectContentType %q, and no documented difference explains it", b[:min(len(b), 64)], ours, theirs)
	return ""
}

// differentialInputs returns the security tests' headers, a case for every
// documented difference, and random and mutated bytes.
func differentialInputs(t testing.TB) [][]byte {
	inputs := securityHeaders(t)
	mp3Frame := mp3("\xff\xfb\x90\x00", 417, 500)
	text600 := bytes.Repeat([]byte("a"), 600)
	inputs = append(inputs,
		append(bytes.Clone(text600), 0),                        // binary byte at 600
		mp3Frame,                                               // MP3 frames 417 bytes apart
		ftyp(600, "isom", 600, "isom", "mp41"),                 // ftyp box past 512
		[]byte("wOFF\x00\x01\x00\x00\x00\x00"),                 // fonts
		[]byte("wOF2abcd"), []byte("OTTOabcd"), []byte("ttcf"), // text fonts
		[]byte("\x00\x01\x00\x00\x00\x0c"),
		append(bytes.Repeat([]byte{0}, 34), "LP\x01\x02"...),
		ebml("\x9f\x42\x86\x81\x01\x42\x82\x88matroska"), // Matroska
		ebml(""), // the magic alone
		[]byte("\x00asm\x01\x00\x00\x00"),
		[]byte("Rar!\x1a\x07\x01\x00\x33\x92"),
	)
	rng := rand.New(rand.NewPCG(7, 8))
	for range 3000 {
		base := inputs[rng.IntN(len(inputs))]
		b := bytes.Clone(base)
		for range rng.IntN(4) {
			if len(b) > 0 {
				b[rng.IntN(len(b))] = byte(rng.UintN(256))
			}
		}
		inputs = append(inputs, b)
	}
	return inputs
}

func TestDifferential(t *testing.T) {
	counts := map[string]int{}
	for _, b := range differentialInputs(t) {
		counts[checkDifferential(t, b)]++
	}
	for _, d := range netHTTPDifferences {
		if counts[d.name] == 0 {
			t.Errorf("no input shows the difference %q: the list must only hold real differences", d.name)
		}
	}
	t.Logf("agreements and explained differences: %v", counts)
}

func FuzzDifferential(f *testing.F) {
	for _, b := range differentialInputs(f)[:200] {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		checkDifferential(t, b)
	})
}
