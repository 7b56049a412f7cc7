// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff_test

import "os"

// long reports whether the long runs are on: with MIMESNIFF_LONG=1, the
// project's one switch for them, which .ci/run sets (README, "Testing").
// Without it, a test that has a long run runs a small, fixed part of it, so
// that go test ./... still checks every concern, in the time a contributor
// waits for; each such test's doc says what each run covers.
func long() bool { return os.Getenv("MIMESNIFF_LONG") == "1" }
