// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestIEFilterTables checks the FindMimeFromData tables: the rows in the order
// of shared/spec/ie-findmimefromdata.md (Wine's), and each row well formed: a
// mask as long as each pattern, patterns already masked, no pattern longer
// than the smallest buffer the size condition lets through, and only the last
// two rows with no pattern.
func TestIEFilterTables(t *testing.T) {
	names := func(fs []ieFilter) []string {
		var out []string
		for _, f := range fs {
			out = append(out, f.mime)
		}
		return out
	}
	wantAnyPos := []string{"text/html", "text/xml"}
	want := []string{
		"text/richtext", "audio/basic", "audio/wav", "image/gif", "image/pjpeg", "image/tiff",
		"image/x-png", "image/bmp", "video/avi", "video/mpeg", "application/postscript",
		"application/pdf", "application/x-zip-compressed", "application/x-gzip-compressed",
		"application/java", "application/x-msdownload", "text/plain", "application/octet-stream",
	}
	if diff := cmp.Diff(wantAnyPos, names(ieAnyPosFilters)); diff != "" {
		t.Errorf("ieAnyPosFilters (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(want, names(ieFilters)); diff != "" {
		t.Errorf("ieFilters (-want +got):\n%s", diff)
	}

	// ieScan stops only at a "<".
	for _, f := range ieAnyPosFilters {
		for _, s := range f.sigs {
			if s[0] != '<' || (f.mask != "" && f.mask[0] != 0xFF) {
				t.Errorf("%s: pattern %q does not start with \"<\"", f.mime, s)
			}
		}
	}

	all := append(append([]ieFilter{}, ieAnyPosFilters...), ieFilters...)
	for i, f := range all {
		smallest := f.n
		if f.cond == ieMoreThan {
			smallest++
		}
		last := i >= len(all)-2
		if (len(f.sigs) == 0) != last {
			t.Errorf("%s: %d patterns", f.mime, len(f.sigs))
		}
		if f.text != (f.mime == "text/plain") {
			t.Errorf("%s: text = %v", f.mime, f.text)
		}
		for _, s := range f.sigs {
			if s == "" || len(s) > smallest {
				t.Errorf("%s: pattern %q for buffers of %d bytes or more", f.mime, s, smallest)
			}
			if f.mask == "" {
				continue
			}
			if len(f.mask) != len(s) {
				t.Errorf("%s: pattern %q and mask %q differ in length", f.mime, s, f.mask)
				continue
			}
			for j := range len(s) {
				if s[j]&f.mask[j] != s[j] {
					t.Errorf("%s: pattern %q byte %d not masked by %#x", f.mime, s, j, f.mask[j])
				}
			}
		}
	}
}
