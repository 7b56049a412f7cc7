// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package warcs

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"time"

	gowarc "github.com/nlnwa/gowarc/v3"
)

// Gowarc writes the cases with github.com/nlnwa/gowarc's writer, a second
// WARC writer beside wget: for each case a request and a response record
// (the response's block is the bytes the server sends, Response), WARC/1.1,
// one gzip member per record, with the digests and IDs gowarc adds, into
// one file in dir, whose name it returns. The date is fixed; the record
// IDs are gowarc's random UUIDs.
func Gowarc(dir string, cases []Case) (string, error) {
	date := time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)
	opts := []gowarc.WarcRecordOption{gowarc.WithAddMissingRecordId(true), gowarc.WithAddMissingContentLength(true), gowarc.WithAddMissingDigest(true)}
	w := gowarc.NewWarcFileWriter(
		gowarc.WithCompression(true),
		gowarc.WithMaxFileSize(1<<40),
		gowarc.WithMaxConcurrentWriters(1),
		gowarc.WithFileNameGenerator(&gowarc.PatternNameGenerator{Directory: dir, Pattern: "gowarc.%{ext}s"}),
		gowarc.WithRecordOptions(opts...),
	)
	var errs []error
	name := ""
	for i, c := range cases {
		uri := "http://127.0.0.1/" + c.Variant + "/" + strconv.Itoa(i)
		req := gowarc.NewRecordBuilder(gowarc.Request, opts...)
		req.WriteString("GET /" + c.Variant + "/" + strconv.Itoa(i) + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
		resp := gowarc.NewRecordBuilder(gowarc.Response, opts...)
		resp.Write(Response(c))
		var recs []gowarc.WarcRecord
		for _, b := range []gowarc.WarcRecordBuilder{req, resp} {
			b.AddWarcHeader(gowarc.WarcTargetURI, uri)
			b.AddWarcHeaderTime(gowarc.WarcDate, date)
			b.AddWarcHeader(gowarc.ContentType, "application/http;msgtype="+map[bool]string{true: "request", false: "response"}[b == req])
			rec, _, err := b.Build()
			if err != nil {
				errs = append(errs, fmt.Errorf("case %s: %v", c.ID, err))
				continue
			}
			recs = append(recs, rec)
		}
		for _, r := range w.Write(recs...) {
			if r.Err != nil {
				errs = append(errs, r.Err)
			}
			name = r.FileName
		}
	}
	errs = append(errs, w.Close())
	if err := errors.Join(errs...); err != nil {
		return "", err
	}
	if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
		return "", err
	}
	return filepath.Join(dir, name), nil
}
