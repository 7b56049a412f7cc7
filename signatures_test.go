// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff_test

import (
	"bytes"
	"testing"

	"github.com/mimesniff/mimesniff"
)

// Slow transcriptions of the signature algorithms, each written step by step
// from its source and independently of the package's code, as oracles for
// FuzzSignatures: MP4 and WebM from the standard (WebM with the fixes of
// B4), MP3 from Gecko's mp3sniff.c, which the standard's text was taken from
// and which B5 follows.

// slowMP4 transcribes https://mimesniff.spec.whatwg.org/#signature-for-mp4.
func slowMP4(sequence []byte) bool {
	// 2. Let length be the number of bytes in sequence.
	length := int64(len(sequence))
	// 3. If length is less than 12, return false.
	if length < 12 {
		return false
	}
	// 4. Let box-size be the four bytes from sequence[0] to sequence[3],
	// interpreted as a 32-bit unsigned big-endian integer.
	boxSize := int64(sequence[0])<<24 | int64(sequence[1])<<16 | int64(sequence[2])<<8 | int64(sequence[3])
	// 5. If length is less than box-size or if box-size modulo 4 is not
	// equal to 0, return false.
	if length < boxSize || boxSize%4 != 0 {
		return false
	}
	// 6. If the four bytes from sequence[4] to sequence[7] are not equal to
	// 0x66 0x74 0x79 0x70 ("ftyp"), return false.
	if !bytes.Equal(sequence[4:8], []byte{0x66, 0x74, 0x79, 0x70}) {
		return false
	}
	// 7. If the three bytes from sequence[8] to sequence[10] are equal to
	// 0x6D 0x70 0x34 ("mp4"), return true.
	if bytes.Equal(sequence[8:11], []byte{0x6D, 0x70, 0x34}) {
		return true
	}
	// 8. Let bytes-read be 16.
	bytesRead := int64(16)
	// 9. While bytes-read is less than box-size, continuously loop:
	for bytesRead < boxSize {
		// 9.1. If the three bytes from sequence[bytes-read] to
		// sequence[bytes-read + 2] are equal to 0x6D 0x70 0x34 ("mp4"),
		// return true.
		if bytes.Equal(sequence[bytesRead:bytesRead+3], []byte{0x6D, 0x70, 0x34}) {
			return true
		}
		// 9.2. Increment bytes-read by 4.
		bytesRead += 4
	}
	// 10. Return false.
	return false
}

// slowWebM transcribes https://mimesniff.spec.whatwg.org/#signature-for-webm
// with the fixes of B4: the vint is parsed at sequence[iter] (B4.b), every
// read is bounds-checked (B4.c, B4.e, B4.f), and the value may end the
// sequence (B4.a).
func slowWebM(sequence []byte) bool {
	// 2. Let length be the number of bytes in sequence.
	length := len(sequence)
	// 3. If length is less than 4, return false.
	if length < 4 {
		return false
	}
	// 4. If the four bytes from sequence[0] to sequence[3], are not equal
	// to 0x1A 0x45 0xDF 0xA3, return false.
	if !bytes.Equal(sequence[0:4], []byte{0x1A, 0x45, 0xDF, 0xA3}) {
		return false
	}
	// 5. Let iter be 4.
	iter := 4
	// 6. While iter is less than length and iter is less than 38:
	for iter < length && iter < 38 {
		// 6.1. If the two bytes from sequence[iter] to sequence[iter + 1]
		// are equal to 0x42 0x82, (B4.e: both must exist)
		if iter+1 < length && sequence[iter] == 0x42 && sequence[iter+1] == 0x82 {
			// 6.1.1. Increment iter by 2.
			iter += 2
			// 6.1.2. If iter is greater or equal than length, abort
			// these steps.
			if iter >= length {
				return false
			}
			// 6.1.3. Let number size be the result of parsing a vint
			// starting at sequence[iter].
			_, numberSize := slowParseVint(sequence, iter)
			// 6.1.4. Increment iter by number size.
			iter += numberSize
			// 6.1.5. If iter is greater than or equal to length - 4,
			// abort these steps. (B4.a: greater than.)
			if iter > length-4 {
				return false
			}
			// 6.1.6. Let matched be the result of matching a padded
			// sequence 0x77 0x65 0x62 0x6D ("webm") on sequence at
			// offset iter.
			// 6.1.7. If matched is true, abort these steps and return
			// true.
			if slowMatchPadded(sequence, iter, []byte("webm")) {
				return true
			}
		}
		// 6.2. Increment iter by 1.
		iter++
	}
	// 7. Return false.
	return false
}

// slowParseVint transcribes https://mimesniff.spec.whatwg.org/#parse-a-vint,
// starting at index iter (B4.b) and reading nothing past the sequence.
func slowParseVint(sequence []byte, iter int) (parsedNumber uint64, numberSize int) {
	length := len(sequence)
	// 1. Let mask be 128. 2. Let max vint length be 8.
	// 3. Let number size be 1. 4. Let index be 0 (B4.b: iter).
	mask := uint64(128)
	maxVintLength := 8
	numberSize = 1
	index := iter
	// 5. While number size is less than max vint length, and less than
	// length, continuously loop:
	for numberSize < maxVintLength && numberSize < length {
		// 5.1. If sequence[index] & mask is not zero, abort these steps.
		if uint64(sequence[index])&mask != 0 {
			break
		}
		// 5.2. Let mask be the value of mask >> 1.
		mask >>= 1
		// 5.3. Increment number size by one.
		numberSize++
	}
	// 6. Let parsed number be sequence[index] & ~mask.
	parsedNumber = uint64(sequence[index]) &^ mask
	// 7. Increment index by one.
	index++
	// 8. Let bytes remaining be the value of number size - 1.
	bytesRemaining := numberSize - 1
	// 9. While bytes remaining is not zero: (B4.c: within the sequence)
	for bytesRemaining != 0 && index < length {
		parsedNumber = parsedNumber<<8 | uint64(sequence[index])
		index++
		bytesRemaining--
	}
	// 10. Return parsed number and number size.
	return parsedNumber, numberSize
}

// slowMatchPadded transcribes "matching a padded sequence" as B4.f reads
// it: NUL bytes, then pattern, all within the sequence.
func slowMatchPadded(sequence []byte, offset int, pattern []byte) bool {
	for offset < len(sequence) && sequence[offset] == 0x00 {
		offset++
	}
	return offset+len(pattern) <= len(sequence) && bytes.Equal(sequence[offset:offset+len(pattern)], pattern)
}

// slowMP3 transcribes Gecko's toolkit/components/mediasniffer/mp3sniff.c
// (is_mp3, parse_frame_header, mp3_framesize and the frame-sync branch of
// mp3_sniff), which the standard's algorithm was written from, with this
// package's choice of bound for the second header (B5.a): skip + 4 > avail
// rather than Gecko's skip + 4 >= avail.
func slowMP3(buf []byte) bool {
	// static const int mp3_bitrate_table[2][16] (kbit/s), row 0 MPEG-1
	// Layer III, row 1 MPEG-2 and 2.5 Layer III.
	bitrates := [2][16]int{
		{0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 0},
		{0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160, 0},
	}
	samplerates := [4]int{44100, 48000, 32000, 0}
	isMP3 := func(p []byte) bool {
		if len(p) < 4 {
			return false
		}
		if p[0] == 0xff && (p[1]&0xe0) == 0xe0 {
			if (p[1]&0x06)>>1 == 0 { // no layer 4
				return false
			}
			if (p[2]&0xf0)>>4 == 15 { // bitrate can't be 1111
				return false
			}
			if (p[2]&0x0c)>>2 == 3 { // samplerate can't be 11
				return false
			}
			return 4-(p[1]&0x06)>>1 == 3 // only want level 3
		}
		return false
	}
	p := buf
	if !isMP3(p) {
		return false
	}
	// parse_frame_header
	version := int(p[1]&0x18) >> 3
	bitrate := bitrates[1][p[2]>>4] * 1000
	if version&1 != 0 {
		bitrate = bitrates[0][p[2]>>4] * 1000
	}
	freq := samplerates[(p[2]&0x0c)>>2]
	if version == 2 {
		freq >>= 1
	} else if version == 0 {
		freq >>= 2
	}
	pad := int(p[2]&0x02) >> 1
	// mp3_framesize
	scale := 144
	if version&1 == 0 {
		scale = 72
	}
	skip := bitrate * scale / freq
	if pad != 0 {
		skip++
	}
	// mp3_sniff
	avail := len(p)
	if skip < 4 || skip+4 > avail {
		return false
	}
	return isMP3(p[skip:])
}

// signatureInputs returns inputs around every signature: valid ones and
// every truncation of them.
func signatureInputs() [][]byte {
	var out [][]byte
	add := func(b []byte) {
		for n := 0; n <= len(b); n++ {
			out = append(out, b[:n])
		}
	}
	add([]byte("\x00\x00\x00\x18ftypisom\x00\x00\x00\x00isommp41"))
	add([]byte("\x00\x00\x00\x10ftypmp42\x00\x00\x00\x00"))
	add([]byte("\x1A\x45\xDF\xA3\x81\x42\x82\x84webm"))
	add([]byte("\x1A\x45\xDF\xA3\x9f\x42\x86\x81\x01\x42\x82\x40\x04\x00webm"))
	for _, h := range []string{"\xff\xfb\x90\x00", "\xff\xf3\x80\x00", "\xff\xe3\x80\x00", "\xff\xfb\xea\x00", "\xff\xfb\x14\x00"} {
		for _, next := range []int{96, 208, 417, 418, 1441} {
			b := make([]byte, next+4)
			copy(b, h)
			copy(b[next:], h)
			out = append(out, b, b[:len(b)-1])
		}
	}
	return out
}

func TestSignaturesAgainstSlow(t *testing.T) {
	for _, in := range signatureInputs() {
		checkSignatures(t, in)
	}
}

// checkSignatures compares every signature function with its slow
// transcription, and the audio or video type pattern matching algorithm with
// its definition: the table, then the three signatures, in order.
func checkSignatures(t *testing.T, in []byte) {
	t.Helper()
	for _, c := range []struct {
		name       string
		fast, slow func([]byte) bool
	}{
		{"MatchesMP4Signature", mimesniff.MatchesMP4Signature, slowMP4},
		{"MatchesWebMSignature", mimesniff.MatchesWebMSignature, slowWebM},
		{"MatchesMP3WithoutID3Signature", mimesniff.MatchesMP3WithoutID3Signature, slowMP3},
	} {
		if got, want := c.fast(in), c.slow(in); got != want {
			t.Fatalf("%s(% x) = %v, slow transcription %v", c.name, in, got, want)
		}
	}
	want, wantOK := slowMatchTable(in, slowTables[1])
	switch {
	case wantOK:
	case slowMP4(in):
		want, wantOK = mimesniff.MustParse("video/mp4"), true
	case slowWebM(in):
		want, wantOK = mimesniff.MustParse("video/webm"), true
	case slowMP3(in):
		want, wantOK = mimesniff.MustParse("audio/mpeg"), true
	}
	if got, ok := mimesniff.MatchAudioOrVideoTypePattern(in); got != want || ok != wantOK {
		t.Fatalf("MatchAudioOrVideoTypePattern(% x) = %q, %v; want %q, %v", in, got, ok, want, wantOK)
	}
	for i, match := range []func([]byte) (mimesniff.MIMEType, bool){mimesniff.MatchImageTypePattern, nil, mimesniff.MatchFontTypePattern, mimesniff.MatchArchiveTypePattern} {
		if match == nil {
			continue
		}
		want, wantOK := slowMatchTable(in, slowTables[i])
		if got, ok := match(in); got != want || ok != wantOK {
			t.Fatalf("%s table on % x = %q, %v; want %q, %v", mimesniff.SignatureTables[i].Name, in, got, ok, want, wantOK)
		}
	}
}

func FuzzSignatures(f *testing.F) {
	for _, in := range signatureInputs() {
		if len(in) < 64 {
			f.Add(in)
		}
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		checkSignatures(t, in)
	})
}
