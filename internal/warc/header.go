// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package warc

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// isBlank reports whether line is only a line end: the blank line that
// ends a header. A bare LF is accepted as a line end, as HTTP readers do.
func isBlank(line []byte) bool {
	return string(line) == "\r\n" || string(line) == "\n"
}

// cutLine returns the first line of s without its line end, and the rest.
func cutLine(s string) (line, rest string) {
	i := strings.IndexByte(s, '\n')
	if i < 0 {
		i = len(s)
	}
	line, rest = s[:i], s[min(i+1, len(s)):]
	if len(line) > 0 && line[len(line)-1] == '\r' {
		line = line[:len(line)-1]
	}
	return line, rest
}

// validVersion reports whether line, without its line end, is a version
// line: "WARC/", a major and a minor version (#file-and-record-model gives
// "WARC/1.1"; 1.0 and the drafts before it wrote their own numbers the
// same way), each of at most maxVersionDigits digits.
func validVersion(line string) bool {
	v, ok := cutPrefix(line, "WARC/")
	if !ok {
		return false
	}
	major, minor, ok := cut(v, '.')
	return ok && isDigits(major) && isDigits(minor) && len(major) <= maxVersionDigits && len(minor) <= maxVersionDigits
}

// maxVersionDigits bounds each number of a version line, so that telling
// one in a stream never needs more than maxVersionLine bytes.
const maxVersionDigits = 9

// maxVersionLine is the longest version line, its CRLF included.
const maxVersionLine = len("WARC/") + maxVersionDigits + len(".") + maxVersionDigits + len("\r\n")

// versionLen returns the length of the version line that starts b, its
// line end included (CRLF, or a bare LF as isBlank accepts), 0 if b does
// not start with one, and -1 if b is too short to tell: a version line
// begun but not ended. It is validVersion for bytes in a stream, where a
// record must start after a fault (Reader.Next).
func versionLen(b []byte) int {
	if len(b) >= len("WARC/1.1\r\n") && (string(b[:len("WARC/1.1\r\n")]) == "WARC/1.1\r\n" || string(b[:len("WARC/1.0\r\n")]) == "WARC/1.0\r\n") {
		return len("WARC/1.1\r\n") // as nearly every record starts
	}
	if len(b) < len("WARC/") {
		if string(b) == "WARC/"[:len(b)] {
			return -1
		}
		return 0
	}
	if string(b[:len("WARC/")]) != "WARC/" {
		return 0
	}
	i := len("WARC/")
	for part := 0; part < 2; part++ {
		j := i
		for j < len(b) && j-i <= maxVersionDigits && '0' <= b[j] && b[j] <= '9' {
			j++
		}
		switch {
		case j-i > maxVersionDigits:
			return 0
		case j == len(b):
			return -1
		case j == i:
			return 0
		}
		i = j
		if part == 0 {
			if b[i] != '.' {
				return 0
			}
			i++
		}
	}
	switch {
	case b[i] == '\n':
		return i + 1
	case b[i] != '\r':
		return 0
	case i+1 == len(b):
		return -1
	case b[i+1] == '\n':
		return i + 2
	}
	return 0
}

// cutField splits a named field: "named-field = field-name ":"
// [ field-value ]", the name a token (#file-and-record-model). It also
// returns the name's index in mandatory, or -1.
func cutField(line string) (name, value string, mandatoryIdx int, ok bool) {
	name, value, ok = cut(line, ':')
	if !ok || name == "" {
		return "", "", -1, false
	}
	if i, std := standardName(name); std {
		return name, trimLWS(value), i, true
	}
	for i := 0; i < len(name); i++ {
		if !tokenBytes[name[i]] {
			return "", "", -1, false
		}
	}
	return name, trimLWS(value), mandatoryIndex(name), true
}

// standardName reports whether name is spelled as the standard spells a
// field it defines (#named-fields; the spelling nearly every writer
// uses), and if so returns its index in mandatory, or -1. One switch
// tells these apart in fewer instructions than the byte by byte token
// check and the comparisons without regard to case that other spellings
// get (TestStandardName keeps the two in step).
func standardName(name string) (mandatoryIdx int, ok bool) {
	switch name {
	case "WARC-Record-ID":
		return 0, true
	case "Content-Length":
		return 1, true
	case "WARC-Date":
		return 2, true
	case "WARC-Type":
		return 3, true
	case "Content-Type", "WARC-Concurrent-To", "WARC-Block-Digest",
		"WARC-Payload-Digest", "WARC-IP-Address", "WARC-Refers-To",
		"WARC-Refers-To-Target-URI", "WARC-Refers-To-Date",
		"WARC-Target-URI", "WARC-Truncated", "WARC-Warcinfo-ID",
		"WARC-Filename", "WARC-Profile", "WARC-Identified-Payload-Type",
		"WARC-Segment-Number", "WARC-Segment-Origin-ID",
		"WARC-Segment-Total-Length":
		return -1, true
	}
	return -1, false
}

// tokenBytes and textBytes are isTokenByte and isTextByte as tables, for
// the loops over every header byte.
var tokenBytes, textBytes = func() (token, text [256]bool) {
	for c := range 256 {
		token[c], text[c] = isTokenByte(byte(c)), isTextByte(byte(c))
	}
	return token, text
}()

// isTextByte reports whether c may be in a field value: TEXT is "any
// OCTET except CTLs, but including LWS" (#file-and-record-model); the
// line ends of folded lines are gone from values.
func isTextByte(c byte) bool { return c >= ' ' && c != 0x7f || c == '\t' }

// isTokenByte reports whether c may be in a token: "any US-ASCII character
// except CTLs or separators" (#file-and-record-model).
func isTokenByte(c byte) bool {
	if c <= ' ' || c >= 0x7f {
		return false
	}
	switch c {
	case '(', ')', '<', '>', '@', ',', ';', ':', '\\', '"', '/', '[', ']', '?', '=', '{', '}':
		return false
	}
	return true
}

func trimLWS(s string) string {
	for len(s) > 0 && (s[0] == ' ' || s[0] == '\t') {
		s = s[1:]
	}
	for len(s) > 0 && (s[len(s)-1] == ' ' || s[len(s)-1] == '\t') {
		s = s[:len(s)-1]
	}
	return s
}

func cut(s string, sep byte) (before, after string, ok bool) {
	if i := strings.IndexByte(s, sep); i >= 0 {
		return s[:i], s[i+1:], true
	}
	return s, "", false
}

func cutPrefix(s, prefix string) (string, bool) {
	if len(s) >= len(prefix) && s[:len(prefix)] == prefix {
		return s[len(prefix):], true
	}
	return s, false
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// parseLength parses a Content-Length: "1*DIGIT"
// (#content-length-mandatory), so no sign, and at most the largest int64.
func parseLength(s string) (int64, error) {
	if !isDigits(s) {
		return 0, errors.New("not 1*DIGIT")
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return 0, errors.New("out of range")
	}
	return n, nil
}

func equalFold(a, b string) bool {
	for i := 0; i < len(a); i++ {
		x, y := a[i], b[i]
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		if 'A' <= y && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}

// mandatory are the fields every record has exactly once
// (#warc-record-id-mandatory, #content-length-mandatory,
// #warc-date-mandatory, #warc-type-mandatory; "WARC named fields of the
// same type shall not be repeated", #named-fields).
var mandatory = [...]string{"WARC-Record-ID", "Content-Length", "WARC-Date", "WARC-Type"}

const contentLength = 1 // mandatory[contentLength] is "Content-Length"

// mandatoryIndex returns the index in mandatory of the field named name,
// compared without regard to case, or -1 if it is none of them. Names
// spelled as the standard spells them are told by standardName first.
func mandatoryIndex(name string) int {
	for i, m := range mandatory {
		if len(name) == len(m) && equalFold(name, m) {
			return i
		}
	}
	return -1
}

// check reports a mandatory field missing or repeated, given how many
// times each is there, or a field value with a control character or bytes
// that are not UTF-8. Values are TEXT ("any OCTET except CTLs, but
// including LWS") of UTF-8 characters (#file-and-record-model); the check
// matters most for WARC-Target-URI, which callers print.
func (r *Record) check(count *[len(mandatory)]int) error {
	for i, name := range mandatory {
		if count[i] != 1 {
			return fmt.Errorf("%d %s fields", count[i], name)
		}
	}
	for _, f := range r.Fields {
		if printableASCII(f.Value) {
			continue
		}
		ascii := true
		for i := 0; i < len(f.Value); i++ {
			c := f.Value[i]
			if !textBytes[c] {
				return fmt.Errorf("%s value %q holds a control character", f.Name, f.Value)
			}
			ascii = ascii && c < utf8.RuneSelf
		}
		if !ascii && !utf8.ValidString(f.Value) {
			return fmt.Errorf("%s value %q is not UTF-8", f.Name, f.Value)
		}
	}
	return nil
}

// printableASCII reports whether s holds only the bytes from space to
// '~', the text of nearly every field value, which then needs no other
// check. It tests eight bytes at a time: a byte below 0x20 borrows into
// its high bit when 0x20 is subtracted from it, a byte above 0x7e has it
// set once 1 is added (Anderson's "Bit Twiddling Hacks", hasless and
// hasmore); the tests are exact for whether any byte is outside.
func printableASCII(s string) bool {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	for ; len(s) >= 8; s = s[8:] {
		x := uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
			uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
		if (x-0x20*ones)&^x&highs != 0 || ((x+ones)|x)&highs != 0 {
			return false
		}
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < ' ' || c > '~' {
			return false
		}
	}
	return true
}

// parse sets rec's version, fields and Content-Length from h, a whole
// header: the version line, the named fields and the blank line that ends
// them, lines lines in all ("header = version warc-fields",
// #file-and-record-model). It returns an error wrapping ErrHeader or
// ErrField for a header that breaks the format, and whether it read the
// Content-Length, without which the block cannot be found.
func (rec *Record) parse(h string, lines int) (hasLength bool, err error) {
	rec.Version, rec.ContentLength = "", 0
	// One field a line at most, less the version line and the blank one;
	// most headers fit in the record's own array.
	if n := lines - 2; n <= len(rec.fields) {
		rec.Fields = rec.fields[:0:max(n, 0)]
	} else {
		rec.Fields = make([]Field, 0, n)
	}
	version, h := cutLine(h)
	if !validVersion(version) {
		return false, fmt.Errorf("%w: version line %q", ErrHeader, version)
	}
	rec.Version = version
	// How many times each mandatory field is there, and where it first is.
	var count, first [len(mandatory)]int
	for {
		line, rest := cutLine(h)
		h = rest
		if line == "" {
			break
		}
		if line[0] == ' ' || line[0] == '\t' {
			// "Header fields can be extended over multiple lines by
			// preceding each extra line with at least one space or tab
			// character." (#file-and-record-model)
			if len(rec.Fields) == 0 {
				return false, fmt.Errorf("%w: continuation line %q before any field", ErrHeader, line)
			}
			f := &rec.Fields[len(rec.Fields)-1]
			if v := trimLWS(line); v != "" {
				if f.Value != "" {
					f.Value += " "
				}
				f.Value += v
			}
			continue
		}
		name, value, i, ok := cutField(line)
		if !ok {
			return false, fmt.Errorf("%w: line %q is no named field", ErrHeader, line)
		}
		if i >= 0 {
			if count[i] == 0 {
				first[i] = len(rec.Fields)
			}
			count[i]++
		}
		rec.Fields = append(rec.Fields, Field{name, value})
	}
	// The block can be found only if its length is known.
	if n := count[contentLength]; n != 1 {
		return false, fmt.Errorf("%w: %d Content-Length fields", ErrField, n)
	}
	cl := rec.Fields[first[contentLength]].Value
	length, err := parseLength(cl)
	if err != nil {
		return false, fmt.Errorf("%w: Content-Length %q: %v", ErrField, cl, err)
	}
	rec.ContentLength = length
	if err := rec.check(&count); err != nil {
		return true, fmt.Errorf("%w: %v", ErrField, err)
	}
	return true, nil
}
