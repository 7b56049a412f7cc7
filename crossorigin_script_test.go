// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff

import (
	"net/http"
	"testing"
)

// TestScriptCheckBoundary checks where the report judges a body whole and
// where only its start: a body shorter than HeaderSize is the whole body,
// and one of HeaderSize bytes or more may go on past what the report was
// given. A JSON array is JSON only whole (Firefox's last step blocks it);
// its start may go on as a script ("[1,1]" of "[1,1].forEach(f)"), so
// Firefox's profile lets it through.
func TestScriptCheckBoundary(t *testing.T) {
	array := func(n int) []byte { // a JSON array of n bytes, n odd
		b := []byte("[1")
		for len(b) < n-1 {
			b = append(b, ",1"...)
		}
		return append(b, ']')
	}
	h := http.Header{"Content-Type": {"text/plain"}}
	tests := []struct {
		name    string
		body    []byte
		firefox bool // Firefox's profile hands it to another site's image
	}{
		{"a JSON array two bytes shorter than HeaderSize, whole", array(HeaderSize - 2), false},
		{"a JSON array of HeaderSize bytes", array(HeaderSize), true},
		{"a JSON array longer than HeaderSize", array(HeaderSize + 2), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, _ := ReportFor(h, tt.body).Verdict(DestinationImage)
			if got := v.CrossOrigin.Has(Firefox); got != tt.firefox {
				t.Errorf("%d bytes: Firefox's profile delivers it: %v, want %v", len(tt.body), got, tt.firefox)
			}
		})
	}
}
