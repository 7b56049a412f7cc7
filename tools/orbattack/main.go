// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Command orbattack serves an application's private responses to a page of
// another site, for tools/browsers/orbattack.js to attack in real browsers,
// and checks each browser's verdict against mimesniff.ReportFor.
//
// The application (http://127.0.0.1:<port>) serves each secret of
// targets.go (an API's JSON, JSONP, an account page, XML, a CSV export, a
// PDF statement, a text file, an uploaded image, a script) under each
// header set of targets.go, some through mimesniff.Handler, at
//
//	/r/<run>.<i>.<way><path>
//
// (crossorigin.js's URL form: i is the target, way the load's), to a
// request that carries the session cookie /login sets; without it, with
// -auth require, it answers 401. Every target response carries
// Connection: close, and the bytes the server wrote on the connection
// are kept and appended to -wire, one JSON line per response. The
// attacker's site (http://127.0.0.2:<port>) serves /__page/... and
// /__cross.js (crossharness.js), the page that loads a batch of targets in
// seven no-cors ways.
//
//	go run . [-auth require|any] [-wire FILE] [-harness ../browsers/crossharness.js]
//	go run . -compare -wire FILE RESULTS.jsonl...
//
// The first line the server prints is a JSON object with the two origins;
// /__targets lists the targets and /__log?from=N the requests logged from
// the N-th on. -compare reads orbattack.js's verdicts and the wire
// captures and prints, per browser and way, how each verdict compares with
// ReportFor's CrossOrigin for that destination and browser (compare.go).
package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"regexp"
	"strconv"
	"strings"
	"sync"
)

var (
	harnessFile = flag.String("harness", "../browsers/crossharness.js", "the attacker page's script")
	root        = flag.String("root", "../..", "the repository, for testdata/files")
	wireFile    = flag.String("wire", "", "append each target response's wire bytes to this file, one JSON line each")
	auth        = flag.String("auth", "require", `"require": a target needs the session cookie (else 401); "any": serve every request`)
	compare     = flag.Bool("compare", false, "compare the verdicts in the files named by the arguments with ReportFor over -wire, and exit")
)

// tokenRE is crossorigin.js's TOKEN_RE: the run, the target and the way
// of a load.
var tokenRE = regexp.MustCompile(`^/r/([0-9a-z]+)\.(\d+)\.([a-z]+)(/.*)?$`)

// sessionCookies are the cookies /login sets, one per SameSite choice, so
// that the log tells which of them a browser sends with a load of another
// site: no attribute (Lax by default in Chromium), Lax, None without Secure
// (which Chromium refuses to store), and None with Secure (stored where
// http://127.0.0.1 counts as secure).
var sessionCookies = []struct{ name, attrs string }{
	{"sid", ""},
	{"sid_lax", "; SameSite=Lax"},
	{"sid_none", "; SameSite=None"},
	{"sid_none_secure", "; SameSite=None; Secure"},
}

// sessionValue is the signed-in user's session.
const sessionValue = "alice-7d1e"

// A logEntry is one request for a target.
type logEntry struct {
	Seq     int      `json:"seq"`
	Run     string   `json:"run"`
	Key     string   `json:"key"` // <i>.<way>
	Target  string   `json:"target"`
	Dest    string   `json:"dest,omitempty"`
	Mode    string   `json:"mode,omitempty"`
	Site    string   `json:"site,omitempty"`
	Range   string   `json:"range,omitempty"`
	Cookies []string `json:"cookies"` // the session cookies it carried
	Status  int      `json:"status"`  // 200, or 401 without a session
	SHA256  string   `json:"sha256,omitempty"`
	Wire    []byte   `json:"wire,omitempty"` // only in -wire
}

// A server is the application and the attacker's site.
type server struct {
	targets []target
	harness []byte
	auth    string

	mu      sync.Mutex
	entries []*logEntry
	wire    *os.File          // where wired writes each response, if not nil
	onWire  func(wire []byte) // called by wired, if not nil
}

// session returns the session cookies r carries.
func session(r *http.Request) []string {
	names := []string{}
	for _, c := range sessionCookies {
		if v, err := r.Cookie(c.name); err == nil && v.Value == sessionValue {
			names = append(names, c.name)
		}
	}
	return names
}

// app serves the application: /login, the targets, /__targets and
// /__log.
func (s *server) app(w http.ResponseWriter, r *http.Request) {
	switch {
	case r.URL.Path == "/login":
		for _, c := range sessionCookies {
			w.Header().Add("Set-Cookie", c.name+"="+sessionValue+"; Path=/; HttpOnly"+c.attrs)
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, "<!DOCTYPE html><title>signed in</title><p>Signed in as alice.\n")
	case r.URL.Path == "/__targets":
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(s.targets)
	case r.URL.Path == "/__log":
		from, _ := strconv.Atoi(r.URL.Query().Get("from"))
		s.mu.Lock()
		var out []logEntry
		for _, e := range s.entries[min(from, len(s.entries)):] {
			out = append(out, *e)
		}
		s.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(out)
	default:
		m := tokenRE.FindStringSubmatch(r.URL.Path)
		if m == nil {
			http.NotFound(w, r)
			return
		}
		i, err := strconv.Atoi(m[2])
		if err != nil || i >= len(s.targets) {
			http.NotFound(w, r)
			return
		}
		s.serveTarget(w, r, m[1], i, m[3])
	}
}

// serveTarget serves target i and logs the request and, when the
// connection closes, the bytes that went out.
func (s *server) serveTarget(w http.ResponseWriter, r *http.Request, run string, i int, way string) {
	t := &s.targets[i]
	e := &logEntry{Run: run, Key: fmt.Sprintf("%d.%s", i, way), Target: t.ID, Cookies: session(r),
		Dest: r.Header.Get("Sec-Fetch-Dest"), Mode: r.Header.Get("Sec-Fetch-Mode"), Site: r.Header.Get("Sec-Fetch-Site"), Range: r.Header.Get("Range")}
	e.Status = http.StatusOK
	if s.auth == "require" && len(e.Cookies) == 0 {
		e.Status = http.StatusUnauthorized
	}
	s.mu.Lock()
	e.Seq = len(s.entries)
	s.entries = append(s.entries, e)
	s.mu.Unlock()
	if c := captured(r); c != nil {
		c.mark(func(wire []byte) { s.wired(e, wire) })
	}
	w.Header().Set("Connection", "close")
	w.Header().Set("Timing-Allow-Origin", "*") // as crossorigin.js sends it, for WebKit's verdicts
	if e.Status != http.StatusOK {
		h := w.Header()
		h["Date"] = nil
		h.Set("Content-Type", "application/json")
		h.Set("Cache-Control", "no-store")
		w.WriteHeader(e.Status)
		fmt.Fprint(w, `{"error":"sign in"}`+"\n")
		return
	}
	t.handler().ServeHTTP(w, r)
}

// wired records the bytes the server wrote for e.
func (s *server) wired(e *logEntry, wire []byte) {
	sum := sha256.Sum256(wire)
	s.mu.Lock()
	defer s.mu.Unlock()
	e.SHA256 = hex.EncodeToString(sum[:])
	if s.onWire != nil {
		s.onWire(wire)
	}
	if s.wire == nil {
		return
	}
	line := *e
	line.Wire = wire
	b, _ := json.Marshal(line)
	s.wire.Write(append(b, '\n'))
}

// pageHTML is the attacker's page: crossharness.js does the loading.
const pageHTML = `<!DOCTYPE html><meta charset="utf-8"><title>another site</title><body><script src="/__cross.js"></script>`

// attacker serves the attacker's site.
func (s *server) attacker(w http.ResponseWriter, r *http.Request) {
	switch {
	case strings.HasPrefix(r.URL.Path, "/__page/"):
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, pageHTML)
	case r.URL.Path == "/__cross.js":
		w.Header().Set("Content-Type", "text/javascript")
		w.Write(s.harness)
	default:
		http.NotFound(w, r)
	}
}

// listen starts the application on 127.0.0.1 and the attacker's site on
// 127.0.0.2, each on a free port, and returns their origins.
func (s *server) listen() (app, attacker string, err error) {
	la, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", "", err
	}
	lb, err := net.Listen("tcp", "127.0.0.2:0")
	if err != nil {
		return "", "", err
	}
	go (&http.Server{Handler: http.HandlerFunc(s.app), ConnContext: withConn}).Serve(captureListener{la})
	go (&http.Server{Handler: http.HandlerFunc(s.attacker)}).Serve(lb)
	return "http://" + la.Addr().String(), "http://" + lb.Addr().String(), nil
}

func main() {
	log.SetFlags(0)
	log.SetPrefix("orbattack: ")
	flag.Parse()
	if *compare {
		if err := compareFiles(os.Stdout, *wireFile, flag.Args()); err != nil {
			log.Fatal(err)
		}
		return
	}
	ts, err := targets(*root)
	if err != nil {
		log.Fatal(err)
	}
	s := &server{targets: ts, auth: *auth}
	if *auth != "require" && *auth != "any" {
		log.Fatalf("-auth %q: want require or any", *auth)
	}
	if s.harness, err = os.ReadFile(*harnessFile); err != nil {
		log.Fatal(err)
	}
	if *wireFile != "" {
		if s.wire, err = os.OpenFile(*wireFile, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644); err != nil {
			log.Fatal(err)
		}
	}
	app, attacker, err := s.listen()
	if err != nil {
		log.Fatal(err)
	}
	b, _ := json.Marshal(map[string]any{"app": app, "attacker": attacker, "targets": len(ts), "auth": *auth})
	fmt.Println(string(b))
	select {}
}
