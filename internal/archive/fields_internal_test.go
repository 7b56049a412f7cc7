// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package archive

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mimesniff/mimesniff/internal/warc"
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

// TestFieldsFirstOfName checks that an Answer holds the first field of each
// name, whichever way each is spelled: a name the standard defines
// spelled as it spells it goes by wantIndex, another spelling of it by
// wantIndexFold, and the two must not let a later field of the same
// name win.
func TestFieldsFirstOfName(t *testing.T) {
	rec := &warc.Record{Fields: []warc.Field{
		{Name: "WARC-Type", Value: "response"},
		{Name: "WARC-Target-URI", Value: "http://first.test/"},
		{Name: "WARC-Target-URI", Value: "http://second.test/"},
		{Name: "warc-identified-payload-type", Value: "text/html"},
		{Name: "WARC-Identified-Payload-Type", Value: "image/png"},
		{Name: "WARC-Date", Value: "2026-11-27T00:00:00Z"},
		{Name: "WARC-DATE", Value: "1999-01-01T00:00:00Z"},
		{Name: "content-type", Value: "application/http;msgtype=response"},
		{Name: "Content-Type", Value: "text/plain"},
		{Name: "Content-Length", Value: "0"},
	}}
	var a Answer
	ct, hasCT := a.fields(rec)
	got := []string{a.Type, a.TargetURI, a.IdentifiedPayloadType, a.Date, ct}
	want := []string{"response", "http://first.test/", "text/html", "2026-11-27T00:00:00Z", "application/http;msgtype=response"}
	if diff := cmp.Diff(want, got); diff != "" || !hasCT {
		t.Errorf("fields (-want +got):\n%s (Content-Type found: %v)", diff, hasCT)
	}
}
