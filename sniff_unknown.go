// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff

import (
	"encoding/binary"
	"math/bits"
)

// scriptableRows is the table of the rules for identifying an unknown MIME
// type used only when the sniff-scriptable flag is set.
//
// Its rows are for HTML, XML and PDF.
// See https://mimesniff.spec.whatwg.org/#rules-for-identifying-an-unknown-mime-type.
var scriptableRows = []sigRow{
	// The case-insensitive string "<!DOCTYPE HTML" followed by a
	// tag-terminating byte.
	{"3C 21 44 4F 43 54 59 50 45 20 48 54 4D 4C TT", "FF FF DF DF DF DF DF DF DF FF DF DF DF DF FF", whitespaceBytes, textHTML},
	// The case-insensitive string "<HTML" followed by a tag-terminating
	// byte.
	{"3C 48 54 4D 4C TT", "FF DF DF DF DF FF", whitespaceBytes, textHTML},
	// The case-insensitive string "<HEAD" followed by a tag-terminating
	// byte.
	{"3C 48 45 41 44 TT", "FF DF DF DF DF FF", whitespaceBytes, textHTML},
	// The case-insensitive string "<SCRIPT" followed by a tag-terminating
	// byte.
	{"3C 53 43 52 49 50 54 TT", "FF DF DF DF DF DF DF FF", whitespaceBytes, textHTML},
	// The case-insensitive string "<IFRAME" followed by a tag-terminating
	// byte.
	{"3C 49 46 52 41 4D 45 TT", "FF DF DF DF DF DF DF FF", whitespaceBytes, textHTML},
	// The case-insensitive string "<H1" followed by a tag-terminating byte.
	{"3C 48 31 TT", "FF DF FF FF", whitespaceBytes, textHTML},
	// The case-insensitive string "<DIV" followed by a tag-terminating
	// byte.
	{"3C 44 49 56 TT", "FF DF DF DF FF", whitespaceBytes, textHTML},
	// The case-insensitive string "<FONT" followed by a tag-terminating
	// byte.
	{"3C 46 4F 4E 54 TT", "FF DF DF DF DF FF", whitespaceBytes, textHTML},
	// The case-insensitive string "<TABLE" followed by a tag-terminating
	// byte.
	{"3C 54 41 42 4C 45 TT", "FF DF DF DF DF DF FF", whitespaceBytes, textHTML},
	// The case-insensitive string "<A" followed by a tag-terminating byte.
	{"3C 41 TT", "FF DF FF", whitespaceBytes, textHTML},
	// The case-insensitive string "<STYLE" followed by a tag-terminating
	// byte.
	{"3C 53 54 59 4C 45 TT", "FF DF DF DF DF DF FF", whitespaceBytes, textHTML},
	// The case-insensitive string "<TITLE" followed by a tag-terminating
	// byte.
	{"3C 54 49 54 4C 45 TT", "FF DF DF DF DF DF FF", whitespaceBytes, textHTML},
	// The case-insensitive string "<B" followed by a tag-terminating byte.
	{"3C 42 TT", "FF DF FF", whitespaceBytes, textHTML},
	// The case-insensitive string "<BODY" followed by a tag-terminating
	// byte.
	{"3C 42 4F 44 59 TT", "FF DF DF DF DF FF", whitespaceBytes, textHTML},
	// The case-insensitive string "<BR" followed by a tag-terminating byte.
	{"3C 42 52 TT", "FF DF DF FF", whitespaceBytes, textHTML},
	// The case-insensitive string "<P" followed by a tag-terminating byte.
	{"3C 50 TT", "FF DF FF", whitespaceBytes, textHTML},
	// The string "<!--" followed by a tag-terminating byte.
	{"3C 21 2D 2D TT", "FF FF FF FF FF", whitespaceBytes, textHTML},
	// The string "<?xml".
	{"3C 3F 78 6D 6C", "FF FF FF FF FF", whitespaceBytes, textXML},
	// The string "%PDF-", the PDF signature.
	{"25 50 44 46 2D", "FF FF FF FF FF", noBytes, applicationPDF},
}

// unknownRows is the table of the rules for identifying an unknown MIME type
// used whatever the sniff-scriptable flag.
//
// Its rows are for PostScript and the byte order marks. A user agent may add
// rows, but never for a type of the table above.
// See https://mimesniff.spec.whatwg.org/#rules-for-identifying-an-unknown-mime-type.
var unknownRows = []sigRow{
	// The string "%!PS-Adobe-", the PostScript signature.
	{"25 21 50 53 2D 41 64 6F 62 65 2D", "FF FF FF FF FF FF FF FF FF FF FF", noBytes, applicationPS},
	// UTF-16BE BOM.
	{"FE FF 00 00", "FF FF 00 00", noBytes, textPlain},
	// UTF-16LE BOM.
	{"FF FE 00 00", "FF FF 00 00", noBytes, textPlain},
	// UTF-8 BOM.
	{"EF BB BF 00", "FF FF FF 00", noBytes, textPlain},
}

// unknownTables are the tables that the rules for identifying an unknown
// MIME type try in steps 1 to 6, compiled as one: with the scriptable table,
// for the sniff-scriptable flag set, and without.
//
// They are, in order, the scriptable table, the table that follows it, the
// image table and the audio or video table; matching them as one gives the
// first row that matches in the first table that has one, as trying them in
// turn does (TestSniffUnknownAgainstSlow), but looks up the index once, not
// four times (docs/speed.md, "What each trick saves").
var (
	unknownTablesScriptable = compileTable(scriptableRows, unknownRows, imageRows, audioVideoRows)
	unknownTables           = compileTable(unknownRows, imageRows, audioVideoRows)
)

func sniffUnknown(h []byte, sniffScriptable bool) MIMEType {
	if t, ok := matchUnknown(h, sniffScriptable); ok {
		return t
	}
	// 9. If the resource header contains no binary data bytes, return
	// "text/plain".
	if !hasBinaryData(h) {
		return textPlain
	}
	// 10. Return "application/octet-stream".
	return applicationOctet
}

// matchUnknown is steps 1 to 8 of sniffUnknown, the patterns: the type of
// the first that matches h, or false when none does. (Firefox's profile
// runs its own text-or-binary check after them.)
func matchUnknown(h []byte, sniffScriptable bool) (MIMEType, bool) {
	// Steps 1 to 6 match their tables as one (see unknownTables):
	// 1. If the sniff-scriptable flag is set, return the type of the
	// first row of the scriptable table (HTML, XML, PDF) that matches.
	// 2. Return the type of the first row of the table that follows
	// (PostScript, the byte order marks) that matches.
	// 3. Let matchedType be the result of the image type pattern matching
	// algorithm. 4. If it is not undefined, return it.
	// 5. Set matchedType to the result of the audio or video type pattern
	// matching algorithm. 6. If it is not undefined, return it.
	tables := unknownTables
	if sniffScriptable {
		tables = unknownTablesScriptable
	}
	if t, ok := tables.match(h); ok {
		return t, true
	}
	// (Steps 5 and 6, continued: after its table, the audio or video type
	// pattern matching algorithm tries the MP4, WebM and MP3 signatures.)
	if t, ok := matchAudioOrVideoSignatures(h); ok {
		return t, true
	}
	// (Font type pattern matching is commented out of the standard:
	// browsers do not sniff fonts here.)
	// 7. Set matchedType to the result of the archive type pattern
	// matching algorithm. 8. If it is not undefined, return it.
	return MatchArchiveTypePattern(h)
}

func sniffTextOrBinary(h []byte) MIMEType {
	// 1. Let length be the number of bytes in the resource header.
	// 2. If length is greater than or equal to 2 and the first 2 bytes are
	// equal to 0xFE 0xFF (UTF-16BE BOM) or 0xFF 0xFE (UTF-16LE BOM),
	// return "text/plain".
	if len(h) >= 2 && (h[0] == 0xFE && h[1] == 0xFF || h[0] == 0xFF && h[1] == 0xFE) {
		return textPlain
	}
	// 3. If length is greater than or equal to 3 and the first 3 bytes are
	// equal to 0xEF 0xBB 0xBF (UTF-8 BOM), return "text/plain".
	if len(h) >= 3 && h[0] == 0xEF && h[1] == 0xBB && h[2] == 0xBF {
		return textPlain
	}
	// 4. If the resource header contains no binary data bytes, return
	// "text/plain".
	if !hasBinaryData(h) {
		return textPlain
	}
	// 5. Return "application/octet-stream".
	return applicationOctet
}

// binaryControls has bit b set for every binary data byte b.
//
// Those are 0x00 to 0x08, 0x0B, 0x0E to 0x1A and 0x1C to 0x1F. The other
// bytes below 0x20 (TAB, LF, FF, CR and ESC) and all bytes from 0x20 up are
// not binary data bytes.
// See https://mimesniff.spec.whatwg.org/#binary-data-byte.
const binaryControls uint32 = 0xFFFFFFFF &^ (1<<0x09 | 1<<0x0A | 1<<0x0C | 1<<0x0D | 1<<0x1B)

// hasBinaryData reports whether b holds a binary data byte.
//
// It reads b 32 bytes at a time, as four eight-byte words: in a block with
// no byte below 0x20, the common case for text, each word costs a few
// instructions; the words of another block are looked at closer
// (hasControlIn). TestBinaryDataAgainstSlow checks the words against a
// byte-at-a-time loop. That is most of what sniffing text costs, and why
// text reads faster than DetectContentType does, though it reads 1445 bytes
// where DetectContentType reads 512 (docs/speed.md).
func hasBinaryData(b []byte) bool { return hasControlIn(b, binaryControls) }

// hasControlIn reports whether b holds a byte below 0x20 whose bit is set
// in set: hasBinaryData for a set of control bytes, as the browser profiles
// have their own.
func hasControlIn(b []byte, set uint32) bool {
	for len(b) >= 32 {
		w := (*[32]byte)(b)
		x0, x1 := binary.LittleEndian.Uint64(w[0:]), binary.LittleEndian.Uint64(w[8:])
		x2, x3 := binary.LittleEndian.Uint64(w[16:]), binary.LittleEndian.Uint64(w[24:])
		if controls(x0)|controls(x1)|controls(x2)|controls(x3) != 0 &&
			(hasControl(x0, set) || hasControl(x1, set) || hasControl(x2, set) || hasControl(x3, set)) {
			return true
		}
		b = b[32:]
	}
	for len(b) >= 8 {
		if hasControl(binary.LittleEndian.Uint64(b), set) {
			return true
		}
		b = b[8:]
	}
	for _, c := range b {
		if c < 0x20 && set&(1<<c) != 0 {
			return true
		}
	}
	return false
}

// controls returns the bytes of x below 0x20: the high bit of each byte of
// the result is set exactly when that byte of x is below 0x20.
//
// Adding 0x60 to the low seven bits of a byte does not carry out of it, and
// sets its high bit when they are 0x20 or more; a byte with its high bit set
// is not below 0x20 either.
func controls(x uint64) uint64 {
	const (
		lo7 = 0x7F7F7F7F7F7F7F7F
		hi  = 0x8080808080808080
		add = 0x6060606060606060 // 0x80 - 0x20 in every byte
	)
	return ^((x & lo7) + add | x) & hi
}

// newlines returns the LF bytes of x, as controls does the bytes below 0x20.
//
// y has a zero byte where x has 0x0A; adding 0x7F to the low seven bits of a
// byte of y sets its high bit unless they are all zero.
func newlines(x uint64) uint64 {
	const (
		lf  = 0x0A0A0A0A0A0A0A0A
		lo7 = 0x7F7F7F7F7F7F7F7F
		hi  = 0x8080808080808080
	)
	y := x ^ lf
	return ^((y & lo7) + lo7 | y) & hi
}

// hasControl reports whether one of the eight bytes of x is below 0x20 with
// its bit set in set (binaryControls for binary data bytes).
//
// LF, the control byte of most text, is ruled out for the whole word at once
// rather than looked up alone: text of short lines costs a third less
// (docs/speed.md, "What each trick saves").
func hasControl(x uint64, set uint32) bool {
	ctl := controls(x)
	if ctl == 0 {
		return false
	}
	for ctl &^= newlines(x); ctl != 0; ctl &= ctl - 1 {
		// The byte whose high bit is the lowest set bit of ctl.
		if set&(1<<(x>>(bits.TrailingZeros64(ctl)&^7)&0x1F)) != 0 {
			return true
		}
	}
	return false
}
