// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package warc_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/mimesniff/mimesniff/internal/warc/warctest"
)

// TestTestdata checks that the committed archives are what warctest
// writes: after a change to warctest, run
// go run internal/warc/testdata/gen.go from the module root.
func TestTestdata(t *testing.T) {
	for _, a := range warctest.Archives() {
		t.Run(a.Name, func(t *testing.T) {
			got, err := os.ReadFile(filepath.Join("testdata", a.Name))
			if a.Large {
				if err == nil {
					t.Errorf("testdata/%s is large and should not be committed", a.Name)
				}
				return
			}
			if err != nil {
				t.Fatalf("%v (run go run internal/warc/testdata/gen.go)", err)
			}
			if !bytes.Equal(got, a.Data) {
				t.Errorf("testdata/%s differs from what warctest writes (run go run internal/warc/testdata/gen.go)", a.Name)
			}
		})
	}
}
