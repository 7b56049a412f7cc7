// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package warc

import (
	"strings"
	"testing"
)

// TestLedger checks the ledger's arithmetic on spans given to it by hand:
// a byte in no span, or in two, is unaccounted for, in the decoded stream
// and, for a gzip input, in the input (members whose decoded bytes are
// all in spans, and bytes that are no member), and so are bytes read
// after the last span. The reader's own spans never leave one
// (TestHostile, FuzzReader); this is what makes that check able to fail.
func TestLedger(t *testing.T) {
	for _, tt := range []struct {
		name    string
		gzipped bool
		members []memberSpan
		spans   [][2]int64 // decoded
		gaps    [][2]int64 // input bytes that are no member, after the spans
		read    int64      // the input's bytes read
		want    int64
	}{
		{"one after another", false, nil, [][2]int64{{0, 10}, {10, 25}}, nil, 25, 0},
		{"a hole", false, nil, [][2]int64{{0, 10}, {15, 25}}, nil, 25, 5},
		{"twice", false, nil, [][2]int64{{0, 10}, {7, 25}}, nil, 25, 3},
		{"bytes after the last", false, nil, [][2]int64{{0, 10}}, nil, 25, 15},
		{"members", true, []memberSpan{{0, 20, 0, 100, false}, {20, 50, 100, 180, false}}, [][2]int64{{0, 100}, {100, 180}}, nil, 50, 0},
		{"a member not covered", true, []memberSpan{{0, 20, 0, 100, false}, {20, 50, 100, 180, false}}, [][2]int64{{0, 100}}, nil, 50, 30},
		{"bytes between members", true, []memberSpan{{0, 20, 0, 100, false}}, [][2]int64{{0, 100}}, [][2]int64{{20, 30}}, 30, 0},
		{"bytes between members not told", true, []memberSpan{{0, 20, 0, 100, false}, {30, 40, 100, 110, false}}, [][2]int64{{0, 100}, {100, 110}}, nil, 40, 10},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := NewReader(strings.NewReader(strings.Repeat("x", int(tt.read))))
			r.in.ensure(int(tt.read))
			r.gzipped, r.members = tt.gzipped, tt.members
			for _, s := range tt.spans {
				r.account(s[0], s[1])
			}
			for _, g := range tt.gaps {
				r.accountGap(g[0], g[1])
			}
			r.atEnd()
			if got := r.Unaccounted(); got != tt.want {
				t.Errorf("Unaccounted() = %d, want %d", got, tt.want)
			}
		})
	}
}
