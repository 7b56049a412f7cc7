// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff

import "encoding/binary"

// imageRows is the table of the image type pattern matching algorithm.
// See https://mimesniff.spec.whatwg.org/#matching-an-image-type-pattern.
var imageRows = []sigRow{
	// A Windows Icon signature.
	{"00 00 01 00", "FF FF FF FF", noBytes, imageXIcon},
	// A Windows Cursor signature.
	{"00 00 02 00", "FF FF FF FF", noBytes, imageXIcon},
	// The string "BM", a BMP signature.
	{"42 4D", "FF FF", noBytes, imageBMP},
	// The string "GIF87a", a GIF signature.
	{"47 49 46 38 37 61", "FF FF FF FF FF FF", noBytes, imageGIF},
	// The string "GIF89a", a GIF signature.
	{"47 49 46 38 39 61", "FF FF FF FF FF FF", noBytes, imageGIF},
	// The string "RIFF" followed by four bytes followed by the string
	// "WEBPVP".
	{"52 49 46 46 00 00 00 00 57 45 42 50 56 50", "FF FF FF FF 00 00 00 00 FF FF FF FF FF FF", noBytes, imageWebP},
	// An error-checking byte followed by the string "PNG" followed by
	// CR LF SUB LF, the PNG signature.
	{"89 50 4E 47 0D 0A 1A 0A", "FF FF FF FF FF FF FF FF", noBytes, imagePNG},
	// The JPEG Start of Image marker followed by the indicator byte of
	// another marker.
	{"FF D8 FF", "FF FF FF", noBytes, imageJPEG},
}

// audioVideoRows is the table of the audio or video type pattern matching
// algorithm.
//
// The .snd row (audio/basic) was removed from the standard in 2021
// (https://github.com/whatwg/mimesniff/issues/151).
// See https://mimesniff.spec.whatwg.org/#matching-an-audio-or-video-type-pattern.
var audioVideoRows = []sigRow{
	// The string "FORM" followed by four bytes followed by the string
	// "AIFF", the AIFF signature.
	{"46 4F 52 4D 00 00 00 00 41 49 46 46", "FF FF FF FF 00 00 00 00 FF FF FF FF", noBytes, audioAIFF},
	// The string "ID3", the ID3v2-tagged MP3 signature.
	{"49 44 33", "FF FF FF", noBytes, audioMPEG},
	// The string "OggS" followed by NUL, the Ogg container signature.
	{"4F 67 67 53 00", "FF FF FF FF FF", noBytes, applicationOgg},
	// The string "MThd" followed by four bytes representing the number 6
	// in 32 bits (big-endian), the MIDI signature.
	{"4D 54 68 64 00 00 00 06", "FF FF FF FF FF FF FF FF", noBytes, audioMIDI},
	// The string "RIFF" followed by four bytes followed by the string
	// "AVI ", the AVI signature.
	{"52 49 46 46 00 00 00 00 41 56 49 20", "FF FF FF FF 00 00 00 00 FF FF FF FF", noBytes, videoAVI},
	// The string "RIFF" followed by four bytes followed by the string
	// "WAVE", the WAVE signature.
	{"52 49 46 46 00 00 00 00 57 41 56 45", "FF FF FF FF 00 00 00 00 FF FF FF FF", noBytes, audioWave},
}

// fontRows is the table of the font type pattern matching algorithm.
// See https://mimesniff.spec.whatwg.org/#matching-a-font-type-pattern.
var fontRows = []sigRow{
	// 34 bytes followed by the string "LP", the Embedded OpenType
	// signature.
	{"00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 4C 50",
		"00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 FF FF", noBytes, fontEOT},
	// 4 bytes representing the version number 1.0, a TrueType signature.
	{"00 01 00 00", "FF FF FF FF", noBytes, fontTTF},
	// The string "OTTO", the OpenType signature.
	{"4F 54 54 4F", "FF FF FF FF", noBytes, fontOTF},
	// The string "ttcf", the TrueType Collection signature.
	{"74 74 63 66", "FF FF FF FF", noBytes, fontCollection},
	// The string "wOFF", the Web Open Font Format 1.0 signature.
	{"77 4F 46 46", "FF FF FF FF", noBytes, fontWOFF},
	// The string "wOF2", the Web Open Font Format 2.0 signature.
	{"77 4F 46 32", "FF FF FF FF", noBytes, fontWOFF2},
}

// archiveRows is the table of the archive type pattern matching algorithm.
//
// The RAR row is "Rar!" 1A 07 00, as corrected in July 2025
// (https://github.com/whatwg/mimesniff/issues/63); it used to read "Rar ".
// See https://mimesniff.spec.whatwg.org/#matching-an-archive-type-pattern.
var archiveRows = []sigRow{
	// The GZIP archive signature.
	{"1F 8B 08", "FF FF FF", noBytes, applicationGzip},
	// The string "PK" followed by ETX EOT, the ZIP archive signature.
	{"50 4B 03 04", "FF FF FF FF", noBytes, applicationZIP},
	// The string "Rar!" followed by SUB BEL NUL, the RAR archive signature
	// (RAR 1.5 to 4.x).
	{"52 61 72 21 1A 07 00", "FF FF FF FF FF FF FF", noBytes, applicationRAR},
}

var (
	imageTable      = compileTable(imageRows)
	audioVideoTable = compileTable(audioVideoRows)
	fontTable       = compileTable(fontRows)
	archiveTable    = compileTable(archiveRows)
)

// MatchImageTypePattern implements the image type pattern matching
// algorithm.
//
// It returns the MIME type of the first row of the standard's image table
// (Windows icon and cursor, BMP, GIF, WebP, PNG, JPEG) that input matches,
// and false if none does.
// See https://mimesniff.spec.whatwg.org/#image-type-pattern-matching-algorithm.
func MatchImageTypePattern(input []byte) (MIMEType, bool) {
	return imageTable.match(input)
}

// MatchAudioOrVideoTypePattern implements the audio or video type pattern
// matching algorithm.
//
// It tries the rows of the standard's table (AIFF, ID3-tagged MP3, Ogg,
// MIDI, AVI, WAVE) in order, then the MP4, WebM and MP3-without-ID3
// signatures. It returns false if none matches.
// See https://mimesniff.spec.whatwg.org/#audio-or-video-type-pattern-matching-algorithm.
func MatchAudioOrVideoTypePattern(input []byte) (MIMEType, bool) {
	if t, ok := audioVideoTable.match(input); ok {
		return t, true
	}
	return matchAudioOrVideoSignatures(input)
}

// matchAudioOrVideoSignatures implements the end of the audio or video type
// pattern matching algorithm, after its table: the MP4, WebM and
// MP3-without-ID3 signatures, in that order.
func matchAudioOrVideoSignatures(input []byte) (MIMEType, bool) {
	switch {
	case MatchesMP4Signature(input):
		return videoMP4, true
	case MatchesWebMSignature(input):
		return videoWebM, true
	case MatchesMP3WithoutID3Signature(input):
		return audioMPEG, true
	}
	return MIMEType{}, false
}

// MatchFontTypePattern implements the font type pattern matching algorithm.
//
// It tries the rows of the standard's font table (Embedded OpenType,
// TrueType, OpenType, TrueType Collection, WOFF, WOFF2). It returns false if
// none matches. Browsers only sniff fonts in a font context
// ([Resource.SniffFont]): the unknown-type rules do not use this table.
// See https://mimesniff.spec.whatwg.org/#font-type-pattern-matching-algorithm.
func MatchFontTypePattern(input []byte) (MIMEType, bool) {
	return fontTable.match(input)
}

// MatchArchiveTypePattern implements the archive type pattern matching
// algorithm.
//
// It tries the rows of the standard's archive table (gzip, ZIP, RAR). It
// returns false if none matches.
// See https://mimesniff.spec.whatwg.org/#archive-type-pattern-matching-algorithm.
func MatchArchiveTypePattern(input []byte) (MIMEType, bool) {
	return archiveTable.match(input)
}

// MatchesMP4Signature reports whether input matches the signature for MP4.
//
// That is, input starts with an ISO BMFF "ftyp" box whose size is a multiple
// of 4 and fits in input, and whose major brand, or one of whose compatible
// brands, starts with "mp4" (mp41, mp42, ...). Other brands, such as isom,
// avc1, M4A or 3gp5, do not count. The box size is read as an unsigned
// 32-bit number.
// See https://mimesniff.spec.whatwg.org/#signature-for-mp4.
func MatchesMP4Signature(input []byte) bool {
	// 2. Let length be the number of bytes in sequence.
	// 3. If length is less than 12, return false.
	length := uint64(len(input))
	if length < 12 {
		return false
	}
	// 4. Let box-size be the four bytes from sequence[0] to sequence[3],
	// interpreted as a 32-bit unsigned big-endian integer.
	boxSize := uint64(binary.BigEndian.Uint32(input))
	// 5. If length is less than box-size or if box-size modulo 4 is not
	// equal to 0, return false.
	if length < boxSize || boxSize%4 != 0 {
		return false
	}
	// 6. If the four bytes from sequence[4] to sequence[7] are not equal to
	// 0x66 0x74 0x79 0x70 ("ftyp"), return false.
	if string(input[4:8]) != "ftyp" {
		return false
	}
	// 7. If the three bytes from sequence[8] to sequence[10] are equal to
	// 0x6D 0x70 0x34 ("mp4"), return true.
	if string(input[8:11]) == "mp4" {
		return true
	}
	// 8. Let bytes-read be 16. (This skips the minor version.)
	// 9. While bytes-read is less than box-size: if the three bytes from
	// sequence[bytes-read] are "mp4", return true; add 4 to bytes-read.
	// (bytes-read and box-size are multiples of 4 and box-size <= length,
	// so bytes-read+3 <= length.)
	for bytesRead := uint64(16); bytesRead < boxSize; bytesRead += 4 {
		if string(input[bytesRead:bytesRead+3]) == "mp4" {
			return true
		}
	}
	// 10. Return false.
	return false
}

// MatchesWebMSignature reports whether input starts with the EBML magic
// 1A 45 DF A3 and a DocType element (ID 42 82), starting before offset 38,
// that holds "webm", possibly after NUL bytes.
//
// The algorithm as written cannot match a real WebM file and may read past
// the input (https://github.com/whatwg/mimesniff/issues/167, #93, #146,
// #185); this follows its intent, the nestegg code it came from, and
// web-platform-tests, with each fix said where it is made (docs/standard.md, B4).
// See https://mimesniff.spec.whatwg.org/#signature-for-webm.
func MatchesWebMSignature(input []byte) bool {
	// Where this departs from the standard's text:
	//   - The DocType size is a vint read at the byte after the element ID;
	//     the standard reads it at sequence[0], so the size is always 4
	//     (#167, #93). Only the vint's length is used (#146).
	//   - The value must fit: iter+4 <= length. The standard's "iter >=
	//     length-4 aborts" rejects a "webm" that ends the input, as the WPT
	//     vector 1A 45 DF A3 81 42 82 84 77 65 62 6D does (#185).
	//   - Every read is bounds-checked: the element ID's second byte
	//     (WebKit's fix for 1A 45 DF A3 42) and "matching a padded
	//     sequence", whose end the standard never gives.
	// 2. Let length be the number of bytes in sequence.
	// 3. If length is less than 4, return false.
	length := len(input)
	if length < 4 {
		return false
	}
	// 4. If the four bytes from sequence[0] to sequence[3] are not equal to
	// 0x1A 0x45 0xDF 0xA3, return false.
	if string(input[:4]) != "\x1A\x45\xDF\xA3" {
		return false
	}
	// 5. Let iter be 4.
	// 6. While iter is less than length and iter is less than 38:
	for iter := 4; iter < length && iter < 38; iter++ {
		// 6.1. If the two bytes from sequence[iter] to sequence[iter + 1]
		// are equal to 0x42 0x82: (both in bounds)
		if iter+1 >= length || input[iter] != 0x42 || input[iter+1] != 0x82 {
			continue // 6.2. Increment iter by 1.
		}
		// 6.1.1. Increment iter by 2.
		iter += 2
		// 6.1.2. If iter is greater or equal than length, abort these
		// steps.
		if iter >= length {
			return false
		}
		// 6.1.3. Let number size be the result of parsing a vint
		// starting at sequence[iter].
		// 6.1.4. Increment iter by number size.
		iter += vintSize(input, iter)
		// 6.1.5. If iter is greater than length - 4, abort these steps.
		// (The standard says "greater than or equal to"; see above.)
		if iter+4 > length {
			return false
		}
		// 6.1.6. Let matched be the result of matching a padded sequence
		// 0x77 0x65 0x62 0x6D ("webm") on sequence at offset iter.
		// 6.1.7. If matched is true, abort these steps and return true.
		if matchPaddedWebM(input, iter) {
			return true
		}
		// 6.2. Increment iter by 1.
	}
	// 7. Return false.
	return false
}

// vintSize implements the part of "parse a vint" that is used: the length in
// bytes of the EBML variable-length integer starting at input[iter].
//
// The length is one more than the number of leading zero bits of that byte,
// at most 8, and (as the standard's loop has it) less than len(input) unless
// that is 1. It reads input[iter] only.
// See https://mimesniff.spec.whatwg.org/#parse-a-vint.
func vintSize(input []byte, iter int) int {
	// 1. Let mask be 128. 2. Let max vint length be 8.
	// 3. Let number size be 1.
	mask, size := byte(128), 1
	// 5. While number size is less than max vint length, and less than
	// length: if sequence[index] & mask is not zero, abort these steps;
	// let mask be mask >> 1; increment number size by one.
	for size < 8 && size < len(input) && input[iter]&mask == 0 {
		mask >>= 1
		size++
	}
	return size
}

// matchPaddedWebM implements "matching a padded sequence" of "webm" on input
// at offset.
//
// The padded sequence is NUL bytes, then the four bytes 77 65 62 6D, all
// within input.
// See https://mimesniff.spec.whatwg.org/#matching-a-padded-sequence.
func matchPaddedWebM(input []byte, offset int) bool {
	for offset < len(input) && input[offset] == 0x00 {
		offset++
	}
	return len(input)-offset >= 4 && string(input[offset:offset+4]) == "webm"
}

// mp3Rates and mp25Rates are the bit rates in bit/s of MPEG-1 Layer III and
// MPEG-2 and 2.5 Layer III, by bit rate index.
//
// Index 15 is invalid and rejected before the tables are read.
// See https://mimesniff.spec.whatwg.org/#signature-for-mp3-without-id3.
var (
	mp3Rates  = [15]int{0, 32000, 40000, 48000, 56000, 64000, 80000, 96000, 112000, 128000, 160000, 192000, 224000, 256000, 320000}
	mp25Rates = [15]int{0, 8000, 16000, 24000, 32000, 40000, 48000, 56000, 64000, 80000, 96000, 112000, 128000, 144000, 160000}
)

// mp3SampleRates are the MPEG-1 sample rates in Hz by sample rate index.
//
// Index 3 is invalid and rejected before the table is read.
var mp3SampleRates = [3]int{44100, 48000, 32000}

// MatchesMP3WithoutID3Signature reports whether input starts with an MPEG
// audio Layer III frame header that another follows exactly one frame later.
//
// As written, the standard's algorithm never matches a real MP3 stream
// (https://github.com/whatwg/mimesniff/issues/70, #208). This implements what
// it was transcribed from, Gecko's mp3sniff.c, as one function without the
// standard's shared variables (#81), with each fix (docs/standard.md, B5) said where it
// is made. Only a frame at offset 0 is looked for: an ID3-tagged file is the
// audio or video table's "ID3" row.
// See https://mimesniff.spec.whatwg.org/#signature-for-mp3-without-id3.
func MatchesMP3WithoutID3Signature(input []byte) bool {
	// Where this departs from the standard's text:
	//   - A header is FF followed by a byte whose top three bits are set:
	//     the standard's "and" means "or" in "if sequence[s] is not 0xFF
	//     and ... return false" (B5.c), and its bounds check ignores s
	//     (B5.b).
	//   - Bit fields are (byte & mask) >> shift, not byte & (mask >> shift)
	//     (B5.d), and a Layer III header has layer bits 01, so 4 - layer is
	//     3; the standard subtracts the whole byte from 4 (B5.e).
	//   - An odd version (MPEG-1) uses the MPEG-1 bit rates and a scale of
	//     144, an even one (MPEG-2, 2.5) the MPEG-2 rates and 72; the
	//     standard has the tables inverted and tests version 1, which is
	//     reserved (B5.f, B5.h). The sample rate is halved for MPEG-2 and
	//     quartered for MPEG-2.5 (B5.g).
	//   - The frame size must be at least 4 and the second header must fit
	//     in input: size+4 <= length. The standard compares with s - length,
	//     which is never positive (B5.a). Gecko requires one byte more,
	//     which would reject the largest frame, 1441 bytes, in a 1445-byte
	//     resource header: the very case the header size was chosen for.
	// 3. Initialize s to 0.
	// 4. If the result of match mp3 header is false, return false.
	if !matchMP3Header(input, 0) {
		return false
	}
	// 5. Parse an mp3 frame on sequence at offset s:
	// version, bitrate-index, bitrate, samplerate, pad.
	version := (input[1] & 0x18) >> 3
	bitrateIndex := (input[2] & 0xF0) >> 4
	bitrate, scale := mp25Rates[bitrateIndex], 72
	if version&1 != 0 {
		bitrate, scale = mp3Rates[bitrateIndex], 144
	}
	freq := mp3SampleRates[(input[2]&0x0C)>>2]
	switch version {
	case 2: // MPEG-2
		freq /= 2
	case 0: // MPEG-2.5
		freq /= 4
	}
	pad := int((input[2] & 0x02) >> 1)
	// 6. Let skipped-bytes be the result of compute an mp3 frame size:
	// bitrate * scale / freq, plus 1 if pad is not zero.
	skippedBytes := bitrate*scale/freq + pad
	// 7. If skipped-bytes is less than 4, or the second header does not
	// fit in sequence, return false.
	if skippedBytes < 4 || skippedBytes+4 > len(input) {
		return false
	}
	// 8. Increment s by skipped-bytes.
	// 9. Return the result of match mp3 header at s.
	return matchMP3Header(input, skippedBytes)
}

// matchMP3Header implements "match an mp3 header" at input[s:], with the
// corrections listed on MatchesMP3WithoutID3Signature.
//
// It looks for a frame sync (FF, then three set bits), a layer that is
// Layer III, a bit rate index that is not 15 and a sample rate index that is
// not 3.
// See https://mimesniff.spec.whatwg.org/#match-an-mp3-header.
func matchMP3Header(input []byte, s int) bool {
	// 1. If length is less than 4, return false. (Counted from s.)
	if len(input)-s < 4 {
		return false
	}
	// 2. If sequence[s] is not 0xFF or sequence[s + 1] & 0xE0 is not 0xE0,
	// return false.
	if input[s] != 0xFF || input[s+1]&0xE0 != 0xE0 {
		return false
	}
	// 3. Let layer be (sequence[s + 1] & 0x06) >> 1.
	// 4. If layer is 0, return false.
	layer := (input[s+1] & 0x06) >> 1
	if layer == 0 {
		return false
	}
	// 5. Let bit-rate be (sequence[s + 2] & 0xF0) >> 4.
	// 6. If bit-rate is 15, return false.
	if (input[s+2]&0xF0)>>4 == 15 {
		return false
	}
	// 7. Let sample-rate be (sequence[s + 2] & 0x0C) >> 2.
	// 8. If sample-rate is 3, return false.
	if (input[s+2]&0x0C)>>2 == 3 {
		return false
	}
	// 10. Let final-layer be 4 - layer.
	// 11. If final-layer is not 3, return false.
	// 12. Return true.
	return 4-layer == 3
}
