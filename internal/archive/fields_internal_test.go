// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package archive

import (
	"strings"
	"testing"
)

// TestWantIndex checks the switch of wantIndex against wantFields, which
// it must follow row for row, and against wantIndexFold, which other
// spellings of the same names take: every row's name and its lower-case
// and upper-case spellings give the row's index.
func TestWantIndex(t *testing.T) {
	for i, w := range wantFields {
		if got := wantIndex(w.name); got != i {
			t.Errorf("wantIndex(%q) = %d, want %d", w.name, got, i)
		}
		for _, spelling := range []string{w.name, strings.ToLower(w.name), strings.ToUpper(w.name)} {
			if got := wantIndexFold(spelling); got != i {
				t.Errorf("wantIndexFold(%q) = %d, want %d", spelling, got, i)
			}
		}
	}
	for _, tt := range []struct {
		name       string
		want, fold int
	}{
		{"Content-Type", isContentType, isContentType},
		{"content-type", -1, isContentType},
		{"Content-Length", otherStandard, -1},
		{"WARC-Block-Digest", otherStandard, -1},
		{"WARC-Date ", -1, -1},
		{"WARC-Typ", -1, -1},
		{"X-WARC-Type", -1, -1},
		{"", -1, -1},
	} {
		if got := wantIndex(tt.name); got != tt.want {
			t.Errorf("wantIndex(%q) = %d, want %d", tt.name, got, tt.want)
		}
		if got := wantIndexFold(tt.name); got != tt.fold {
			t.Errorf("wantIndexFold(%q) = %d, want %d", tt.name, got, tt.fold)
		}
	}
}
