// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"

	"github.com/mimesniff/mimesniff"
)

// A secret is one private response of the application: what only its
// signed-in user may see, at the path the application serves it.
type secret struct {
	name string
	path string
	typ  string // the type the application means it to have
	body func(root string) ([]byte, error)
}

// text returns a body function for fixed bytes.
func text(s string) func(string) ([]byte, error) {
	return func(string) ([]byte, error) { return []byte(s), nil }
}

// file returns a body function that reads a file of the repository's
// testdata/files.
func file(name string) func(string) ([]byte, error) {
	return func(root string) ([]byte, error) {
		return os.ReadFile(filepath.Join(root, "testdata", "files", name))
	}
}

// ran is what a script body calls when it runs: crossharness.js counts
// the runs per script URL.
const ran = "self.mimesniffRan && mimesniffRan(document.currentScript && document.currentScript.src);\n"

// secrets are the application's private responses. Every body was written
// for this attack; the token sk_live_... is the secret a page of another
// site must not get.
var secrets = []secret{
	{"api-object", "/api/me", "application/json; charset=utf-8",
		text(`{"user":"alice","email":"alice@example.com","apiToken":"sk_live_4f9c2a7e1b"}` + "\n")},
	{"api-array", "/api/transactions", "application/json",
		text(`[{"id":1,"date":"2026-11-01","amount":-1200.00,"memo":"rent"},{"id":2,"date":"2026-11-03","amount":-42.50,"memo":"sk_live_4f9c2a7e1b"}]` + "\n")},
	{"json-xssi", "/api/contacts", "application/json",
		text(")]}'\n" + `{"contacts":[{"name":"Bob","phone":"+1 555 0100"}],"token":"sk_live_4f9c2a7e1b"}` + "\n")},
	{"json-forloop", "/api/inbox", "application/json",
		text(`for(;;);{"messages":[{"from":"bob","subject":"your code is sk_live_4f9c2a7e1b"}]}` + "\n")},
	{"jsonp", "/api/me.js?callback=mimesniffCallback", "text/javascript; charset=utf-8",
		text(`mimesniffCallback({"user":"alice","apiToken":"sk_live_4f9c2a7e1b"});` + "\n")},
	{"account-html", "/account", "text/html; charset=utf-8",
		text("<!DOCTYPE html>\n<html><head><title>Your account</title></head><body><h1>Alice</h1><p>API token: sk_live_4f9c2a7e1b</p></body></html>\n")},
	{"xml", "/api/me.xml", "application/xml",
		text(`<?xml version="1.0" encoding="UTF-8"?>` + "\n<account><user>alice</user><token>sk_live_4f9c2a7e1b</token></account>\n")},
	{"csv", "/export/transactions.csv", "text/csv; charset=utf-8",
		text("date,description,amount\n2026-11-01,rent,-1200.00\n2026-11-03,sk_live_4f9c2a7e1b,-42.50\n")},
	{"pdf", "/statements/2026-10.pdf", "application/pdf",
		text("%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n" +
			"3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 50] /Contents 4 0 R >> endobj\n" +
			"4 0 obj << /Length 44 >> stream\nBT /F1 12 Tf 10 20 Td (sk_live_4f9c2a7e1b) Tj ET\nendstream endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n")},
	{"text", "/files/recovery-codes.txt", "text/plain; charset=utf-8",
		text("Recovery codes for alice\n\n4f9c-2a7e\n1b0d-77c3\nsk_live_4f9c2a7e1b\n")},
	{"png", "/uploads/passport.png", "image/png", file("image.png")},
	{"js", "/static/config.js", "text/javascript; charset=utf-8",
		text(ran + `var appConfig = {"apiKey":"sk_live_4f9c2a7e1b"};` + "\n")},
}

// A headerSet is how the application serves a response: the
// Content-Type it sends (the secret's own, another, or none), nosniff,
// Cross-Origin-Resource-Policy, and whether mimesniff.Handler wraps it.
type headerSet struct {
	name    string
	typ     string // "typed": the secret's own type; "": none; else this type
	noSniff bool
	corp    string // Cross-Origin-Resource-Policy, "" for none
	handler bool   // served through mimesniff.Handler
}

// headerSets are the ways a real application serves its private
// responses. The Cross-Origin-Resource-Policy ones set it as
// docs/serving.md ("Private responses") says: one value, set by the
// handler for every private response.
var headerSets = []headerSet{
	{name: "typed", typ: "typed"},
	{name: "typed-ns", typ: "typed", noSniff: true},
	{name: "text-plain", typ: "text/plain; charset=utf-8"},
	{name: "text-plain-ns", typ: "text/plain; charset=utf-8", noSniff: true},
	{name: "text-html", typ: "text/html; charset=UTF-8"}, // a PHP application's default
	{name: "octet", typ: "application/octet-stream"},
	{name: "octet-ns", typ: "application/octet-stream", noSniff: true},
	{name: "none"},
	{name: "none-ns", noSniff: true},
	{name: "handler", typ: "typed", handler: true},
	{name: "handler-none", handler: true},
	{name: "typed-corp", typ: "typed", corp: "same-origin"},
	{name: "typed-ns-corp", typ: "typed", noSniff: true, corp: "same-origin"},
	{name: "none-corp", corp: "same-origin"},
	{name: "handler-corp", typ: "typed", handler: true, corp: "same-origin"},
	{name: "typed-corp-site", typ: "typed", corp: "same-site"},
}

// A target is one secret served with one header set.
type target struct {
	ID     string `json:"id"`   // <header set>/<secret>
	Path   string `json:"path"` // the secret's path in the application
	Body   []byte `json:"body"` // the secret's bytes
	CORP   string `json:"corp"` // the Cross-Origin-Resource-Policy sent
	secret secret
	set    headerSet
}

// targets returns every secret under every header set, in that order,
// reading file bodies under root.
func targets(root string) ([]target, error) {
	var ts []target
	for _, hs := range headerSets {
		for _, s := range secrets {
			b, err := s.body(root)
			if err != nil {
				return nil, fmt.Errorf("secret %s: %v", s.name, err)
			}
			ts = append(ts, target{ID: hs.name + "/" + s.name, Path: s.path, Body: b, CORP: hs.corp, secret: s, set: hs})
		}
	}
	return ts, nil
}

// handler returns the application's handler for t: it writes the header
// set's headers and the body, through mimesniff.Handler where the set says
// so. net/http adds neither a Date nor a Content-Type (the keys are set to
// nil), so that the bytes on the wire are the same on every run.
func (t *target) handler() http.Handler {
	app := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h["Date"] = nil
		switch t.set.typ {
		case "":
			if !t.set.handler {
				h["Content-Type"] = nil
			}
		case "typed":
			h.Set("Content-Type", t.secret.typ)
		default:
			h.Set("Content-Type", t.set.typ)
		}
		if t.set.noSniff {
			h.Set("X-Content-Type-Options", "nosniff")
		}
		if t.set.corp != "" {
			h.Set("Cross-Origin-Resource-Policy", t.set.corp)
		}
		h.Set("Cache-Control", "private, no-store")
		w.Write(t.Body)
	})
	if t.set.handler {
		return mimesniff.Handler(app)
	}
	return app
}
