// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"net/http"
	"strings"

	"github.com/mimesniff/mimesniff"
	"github.com/mimesniff/mimesniff/internal/warc"
)

// This file is the per-record function, a stub: the command's shared
// per-record code replaces it. The pipeline calls only answer and
// summaryKeys.

// browsers are the answers a line gives, in order.
var browsers = []mimesniff.Browser{mimesniff.Standard, mimesniff.Chromium, mimesniff.Firefox, mimesniff.WebKit}

// A line is what answer reports of a record.
type line struct {
	URI          string            `json:"uri,omitempty"`
	ID           string            `json:"id"`
	Type         string            `json:"type"`
	Offset       int64             `json:"offset"`
	MemberOffset int64             `json:"memberOffset"`
	Status       int               `json:"status,omitempty"`
	Declared     string            `json:"declared"`           // the Content-Type values as written
	Supplied     string            `json:"supplied,omitempty"` // the standard's supplied MIME type's essence
	NoSniff      bool              `json:"nosniff,omitempty"`
	Computed     map[string]string `json:"computed,omitempty"`
	Note         string            `json:"note,omitempty"`
}

// answer returns the JSON line for rec, or nil for a record that has no
// payload to sniff and is not reported (request, metadata, warcinfo, and
// types the standard does not define, which "WARC processing software
// shall skip", #warc-type-mandatory).
//
// A response record's block is an HTTP response (when its Content-Type is
// application/http); its payload is the response's body, decoded as a
// browser would. A resource or conversion record's block is the payload,
// its Content-Type the declared type (#resource). A revisit record has
// no payload of its own (#revisit) and a continuation record only a
// segment of another's (#continuation): both are reported with a note and
// no computed types.
func answer(rec *warc.Record) ([]byte, error) {
	l := line{URI: rec.TargetURI(), ID: rec.ID(), Type: rec.Type(), Offset: rec.Offset, MemberOffset: rec.MemberOffset}
	ct, _ := rec.Get("Content-Type")
	var r mimesniff.Resource
	switch l.Type {
	case "response":
		if ct != "" && !strings.HasPrefix(strings.ToLower(ct), "application/http") {
			l.Declared, l.Note = ct, "not an HTTP response: not sniffed"
			return json.Marshal(l)
		}
		resp, err := http.ReadResponse(bufio.NewReader(rec.Block), nil)
		if err != nil {
			return nil, errors.New("reading the HTTP response: " + err.Error())
		}
		defer resp.Body.Close()
		l.Status = resp.StatusCode
		l.Declared = strings.Join(resp.Header.Values("Content-Type"), ", ")
		r, err = mimesniff.ResourceFromResponse(resp)
		if err != nil {
			return nil, errors.New("reading the body: " + err.Error())
		}
	case "resource", "conversion":
		l.Declared = ct
		r.Supplied, _ = mimesniff.Parse(ct)
		header, _, err := mimesniff.ReadHeader(rec.Block)
		if err != nil {
			return nil, errors.New("reading the block: " + err.Error())
		}
		r.Header = header
	case "revisit":
		profile, _ := rec.Get("WARC-Profile")
		l.Note = "revisit (" + profile + "): no payload of its own; the record it refers to is sniffed"
		return json.Marshal(l)
	case "continuation":
		l.Note = "continuation: a segment of another record's payload, which is sniffed with its first segment"
		return json.Marshal(l)
	default:
		return nil, nil
	}
	l.NoSniff = r.NoSniff
	l.Supplied = r.Supplied.Essence()
	l.Computed = map[string]string{}
	for _, b := range browsers {
		l.Computed[b.String()] = r.SniffAs(b).String()
	}
	return json.Marshal(l)
}

// summaryKeys returns the summary table's keys for a line of answer:
// "browser\tsupplied\tcomputed" for each browser it computed, the supplied
// type's essence standing for the declared type.
func summaryKeys(b []byte) []string {
	var l line
	if json.Unmarshal(b, &l) != nil || l.Computed == nil {
		return nil
	}
	declared := l.Supplied
	if declared == "" {
		declared = "(undefined)"
	}
	var keys []string
	for _, br := range browsers {
		keys = append(keys, br.String()+"\t"+declared+"\t"+l.Computed[br.String()])
	}
	return keys
}
