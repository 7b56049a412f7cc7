// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff_test

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mimesniff/mimesniff"
)

// TestMIMETypeJSONErrors checks what UnmarshalJSON refuses and the one
// input besides null that gives the undefined type (TestMarshalText checks
// the round trips).
func TestMIMETypeJSONErrors(t *testing.T) {
	var m mimesniff.MIMEType
	for _, bad := range []string{`"text"`, `3`, `"text/html`} {
		if err := m.UnmarshalJSON([]byte(bad)); err == nil {
			t.Errorf("UnmarshalJSON(%s): no error", bad)
		}
	}
	m = mimesniff.MustParse("text/html")
	if err := json.Unmarshal([]byte(`""`), &m); err != nil || m.IsValid() {
		t.Errorf(`json.Unmarshal("") = %q, %v; want the undefined type`, m, err)
	}
}

// TestResourceJSON checks the JSON and slog forms of a Resource, which
// json.Marshal could not make before (the Supported field is a func).
func TestResourceJSON(t *testing.T) {
	png := []byte("\x89PNG\r\n\x1a\n")
	for _, tt := range []struct {
		name     string
		r        mimesniff.Resource
		wantJSON string
		wantText string // slog.TextHandler, after "msg=m r."
	}{
		{"zero", mimesniff.Resource{},
			// An empty header is text (the text-or-binary rules).
			`{"supplied":null,"nosniff":false,"apacheBug":false,"feeds":false,"context":"browsing","computed":"text/plain"}`,
			`supplied=undefined r.nosniff=false r.apacheBug=false r.feeds=false r.context=browsing r.computed=text/plain`},
		{"apache bug on a PNG", mimesniff.Resource{Supplied: mimesniff.MustParse("text/plain"), CheckForApacheBug: true, Header: png},
			`{"supplied":"text/plain","nosniff":false,"apacheBug":true,"feeds":false,"context":"browsing","computed":"application/octet-stream"}`,
			`supplied=text/plain r.nosniff=false r.apacheBug=true r.feeds=false r.context=browsing r.computed=application/octet-stream`},
		{"supported func and parameters", mimesniff.Resource{
			Supplied: mimesniff.MustParse(`image/gif;q="a b"`), NoSniff: false, SniffFeeds: true, Header: png,
			Supported: func(mimesniff.MIMEType) bool { return false },
		},
			// An unsupported image type is not sniffed: the supplied type stays.
			`{"supplied":"image/gif;q=\"a b\"","nosniff":false,"apacheBug":false,"feeds":true,"context":"browsing","computed":"image/gif;q=\"a b\""}`,
			`supplied="image/gif;q=\"a b\"" r.nosniff=false r.apacheBug=false r.feeds=true r.context=browsing r.computed="image/gif;q=\"a b\""`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			b, err := json.Marshal(tt.r)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.wantJSON, string(b)); diff != "" {
				t.Errorf("json.Marshal mismatch (-want +got):\n%s", diff)
			}

			var text, js bytes.Buffer
			noTime := &slog.HandlerOptions{ReplaceAttr: func(_ []string, a slog.Attr) slog.Attr {
				if a.Key == slog.TimeKey || a.Key == slog.LevelKey {
					return slog.Attr{}
				}
				return a
			}}
			slog.New(slog.NewTextHandler(&text, noTime)).Info("m", "r", tt.r)
			slog.New(slog.NewJSONHandler(&js, noTime)).Info("m", "r", tt.r)
			if diff := cmp.Diff("msg=m r."+tt.wantText+"\n", text.String()); diff != "" {
				t.Errorf("slog.TextHandler mismatch (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(`{"msg":"m","r":`+tt.wantJSON+"}\n", js.String()); diff != "" {
				t.Errorf("slog.JSONHandler mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func ExampleResource_MarshalJSON() {
	r := mimesniff.Resource{
		Supplied:          mimesniff.MustParse("text/plain"),
		CheckForApacheBug: true,
		Header:            []byte("GIF89a\x01\x00\x01\x00"),
	}
	enc := json.NewEncoder(os.Stdout)
	enc.Encode(r)
	enc.Encode(mimesniff.Resource{Header: []byte("<!DOCTYPE html>")}.SniffStyle()) // undefined
	// Output:
	// {"supplied":"text/plain","nosniff":false,"apacheBug":true,"feeds":false,"context":"browsing","computed":"application/octet-stream"}
	// null
}
