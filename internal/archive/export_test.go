// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package archive

import (
	"bufio"
	"bytes"
	"net/http"
)

var AppendString = appendString

// FastHead reports whether the response at the start of b is read without
// http.ReadResponse.
func FastHead(b []byte) bool {
	var f fastHead
	_, ok := f.readHead(bufio.NewReaderSize(bytes.NewReader(b), 16<<10))
	return ok
}

// FastResponse returns the response at the start of b as the fast path
// reads it, and whether it does.
func FastResponse(b []byte) (*http.Response, bool) {
	var f fastHead
	return f.readHead(bufio.NewReaderSize(bytes.NewReader(b), 16<<10))
}
