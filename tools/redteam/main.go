// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Command redteam serves a hostile upload corpus through the mimesniff
// serving code, for tools/browsers/redteam.js to attack in real browsers.
//
// It listens on two loopback ports. Port A is the server under attack: it
// serves every upload several ways (serving modes), and the same-origin
// attacker page; port B serves the cross-origin attacker page. Both serve
// /__attack/ (the attacker page), /__harness.js, /__xml/ and /__xsl (for the
// xslt destination and the xml-stylesheet payload) and /__probe, whose
// queries it prints on standard output as "PROBE <origin> <query>" lines.
// The first line it prints is a JSON object with the two origins; the
// targets are at A's /__targets.
//
// Serving modes (the URL is /<mode>/<token>/<rest>, where the token is the
// harness's and is ignored):
//
//	handler    mimesniff.Handler(http.FileServer(dir))
//	plain      http.FileServer(dir), the baseline
//	typed      mimesniff.Handler of a handler that sets Content-Type from a
//	           fixed extension table (.xsl is text/xsl) and calls
//	           http.ServeContent
//	safe       SafeHeaders(declared, data).Set(w.Header()) for
//	           every declared type an uploader can send (rest is
//	           <declared index>/<file>)
//	lower      Handler of a handler that sets w.Header()["content-type"]
//	dupkey     Handler of a handler that sets both "Content-Type" (text/plain)
//	           and "content-type" (text/html)
//	twotypes   Handler of a handler that sets Content-Type: text/html, */*
//	late       Handler of a handler that sets Content-Type: text/html after
//	           its first Write
//	lowerdisp  Handler of a handler that sets text/html and
//	           w.Header()["content-disposition"] = inline
//	range      Handler(FileServer) answering as if asked for two ranges
//	           (a 206 multipart/byteranges)
//	rangeplain FileServer answering as if asked for two ranges
//
// The modes below attack the moment Handler decides against the moment
// net/http takes its copy of the header map, and the spellings of a name
// (issue 32). Each serves one upload of every payload (wireUploads); the
// handler sets the type itself, so the upload's name is not read.
//
//	emptycopy     Handler of a handler that sets text/plain, copies an empty
//	              strings.Reader and an empty *os.File into w (the second
//	              reaches ReadFrom), then sets text/html and writes: the
//	              attacker hopes Handler decides at the empty copy, where
//	              net/http begins nothing, and the wire carries text/html
//	emptywrite    the same with w.Write(nil) for the copy: net/http begins
//	              the response at an empty Write, so the wire carries
//	              text/plain; the attacker hopes Handler decides later, on
//	              text/html, or that some browser reads the page anyway
//	spellings     Handler of a handler that sets, by map assignment,
//	              Content-Type: text/plain, content-type: text/html and
//	              CONTENT-TYPE: image/svg+xml, and a lower-case
//	              x-content-type-options key with no value (absent on the
//	              wire): net/http sends all three types, sorted; the
//	              attacker hopes Handler reads one and a browser another
//	safedirty     no Handler: a map that already holds content-type:
//	              text/html and content-disposition: inline (lower-case
//	              keys), then SafeHeaders(declared, data).Set for every
//	              declared type as in safe: the attacker hopes Set leaves
//	              a spelling beside its own
//	flushfirst    Handler of a handler that sets text/plain, flushes with
//	              nothing written (net/http begins the response), then sets
//	              text/html and writes
//	trailer       Handler of a handler that declares Trailer: Content-Type,
//	              sets text/plain, writes, then sets text/html: the attacker
//	              hopes the type goes out as a trailer a browser applies
//	              (net/http refuses Content-Type as a trailer name)
//	trailerprefix the same with http.TrailerPrefix+"Content-Type" set to
//	              text/html after the write and a Flush, which net/http
//	              does send in the chunked body's trailer section
//	mixedreplace  Handler of a handler that sets Content-Type:
//	              multipart/x-mixed-replace; boundary=x: the attacker hopes
//	              a browser renders the parts (the mixedx payload is such
//	              a body), or that an attachment of it stalls WebKitGTK
//	mixedsafe     SafeHeaders(multipart/x-mixed-replace; boundary=x, data)
//	mixedplain    mixedreplace without Handler, the baseline
//
// Their controls are baselines too, so that a browser shows the attack
// working where nothing stops it:
//
//	<mode>plain     the behaviour of emptycopy, emptywrite, spellings,
//	                flushfirst, trailer or trailerprefix without Handler
//	safedirtyplain  safedirty's map without SafeHeaders: content-type:
//	                text/html and content-disposition: inline
//	emptycopyearly  emptycopy behind a middleware that decides at the
//	                first write call, the empty copy included, as Handler
//	                did before issue 32
//
//	go run . [-probe ../browsers/probe.js] [-harness ../browsers/harness.js]
//
// With -answers it prints instead every target's answers to GET and HEAD,
// one line each, and exits (printAnswers): two builds that print the same
// lines serve the same bytes, so an attack on one holds for the other.
package main

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log"
	"math/big"
	"net"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/mimesniff/mimesniff"
)

var (
	probeFile   = flag.String("probe", "../browsers/probe.js", "the probe script (its last line)")
	harnessFile = flag.String("harness", "../browsers/harness.js", "the attacker page's script")
	answers     = flag.Bool("answers", false, "print every target's answers to GET and HEAD, one line each, and exit")
)

// A target is one upload served one way.
type target struct {
	Mode     string `json:"mode"`
	Upload   string `json:"upload"`   // the file name
	Payload  string `json:"payload"`  // the payload it holds
	Declared string `json:"declared"` // safe mode: the type the uploader declared
	Path     string `json:"path"`     // with "{token}" for the harness's token
	Baseline bool   `json:"baseline"` // served bare, for comparison: its loads are counted, not listed
	Proto    string `json:"proto"`    // "h2": served by C, over HTTP/2 with TLS; "": by A, over HTTP/1.1
}

// typedOnly are the extensions the typed mode serves: those whose type in
// typedExt a system's table may not give (Debian's maps .xsl to
// application/xslt+xml and knows no .mht).
var typedOnly = map[string]bool{".xsl": true, ".xslt": true, ".xml": true, ".rdf": true, ".mht": true, ".mhtml": true, ".eml": true}

// typedExt is the extension table of the typed mode: what a server with
// its own table sends.
var typedExt = map[string]string{
	".html": "text/html; charset=utf-8", ".htm": "text/html", ".xhtml": "application/xhtml+xml", ".xht": "application/xhtml+xml",
	".svg": "image/svg+xml", ".svgz": "image/svg+xml", ".xml": "text/xml", ".xsl": "text/xsl", ".xslt": "application/xslt+xml",
	".rdf": "application/rdf+xml", ".mht": "message/rfc822", ".mhtml": "message/rfc822", ".eml": "message/rfc822",
	".pdf": "application/pdf", ".js": "text/javascript", ".mjs": "text/javascript", ".json": "application/json",
	".css": "text/css", ".txt": "text/plain", ".png": "image/png", ".gif": "image/gif", ".bin": "application/octet-stream",
}

func main() {
	flag.Parse()
	log.SetFlags(0)
	probe := lastLine(mustRead(*probeFile))
	harness := mustRead(*harnessFile)

	dir, err := os.MkdirTemp("", "redteam-uploads-")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	files, targets, err := uploads(probe, dir)
	if err != nil {
		log.Fatal(err)
	}

	xsl := []byte(`<?xml version="1.0"?>` + "\n" + `<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform" xmlns="http://www.w3.org/1999/xhtml"><xsl:output method="html"/><xsl:template match="/"><html><body><script>` + probe + "</script></body></html></xsl:template></xsl:stylesheet>\n")
	var outMu sync.Mutex
	common := func(origin *string) *http.ServeMux {
		mux := http.NewServeMux()
		mux.HandleFunc("/__attack/", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			io.WriteString(w, `<!DOCTYPE html><meta charset="utf-8"><title>attacker</title><body><script src="/__harness.js"></script>`)
		})
		mux.HandleFunc("/__harness.js", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/javascript")
			w.Write(harness)
		})
		mux.HandleFunc("/__xml/", func(w http.ResponseWriter, r *http.Request) {
			href := strings.NewReplacer("&", "&amp;", `"`, "&quot;", "<", "&lt;").Replace(r.URL.Query().Get("href"))
			w.Header().Set("Content-Type", "application/xml")
			io.WriteString(w, `<?xml version="1.0"?>`+"\n"+`<?xml-stylesheet type="text/xsl" href="`+href+`"?>`+"\n"+`<source xmlns="urn:mimesniff:source"><item>mimesniff</item></source>`+"\n")
		})
		mux.HandleFunc("/__xsl", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/xsl")
			w.Write(xsl)
		})
		mux.HandleFunc("/__probe", func(w http.ResponseWriter, r *http.Request) {
			outMu.Lock()
			fmt.Printf("PROBE %s %s\n", *origin, r.URL.RawQuery)
			outMu.Unlock()
			w.WriteHeader(http.StatusNoContent)
		})
		return mux
	}

	var originA, originB, originC string
	muxA := common(&originA)
	muxA.HandleFunc("/__targets", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(targets)
	})
	modes := modeHandlers(dir, files)
	muxA.Handle("/", routeModes(modes))
	// C serves the h2- modes, over HTTP/2 where the client offers it,
	// and counts the requests for them by protocol.
	modesC := map[string]http.Handler{}
	for _, m := range h2Modes {
		modesC["h2-"+m] = modes[m]
	}
	var protoMu sync.Mutex
	protos := map[string]int{}
	muxC := common(&originC)
	routeC := routeModes(modesC)
	muxC.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		protoMu.Lock()
		protos[r.Proto]++
		protoMu.Unlock()
		routeC.ServeHTTP(w, r)
	})
	muxA.HandleFunc("/__protos", func(w http.ResponseWriter, r *http.Request) {
		protoMu.Lock()
		defer protoMu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(protos)
	})

	la, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		log.Fatal(err)
	}
	lb, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		log.Fatal(err)
	}
	lc, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		log.Fatal(err)
	}
	cert, err := selfSigned()
	if err != nil {
		log.Fatal(err)
	}
	originA = "http://" + la.Addr().String()
	originB = "http://" + lb.Addr().String()
	originC = "https://" + lc.Addr().String()
	go http.Serve(la, muxA)
	go http.Serve(lb, common(&originB))
	srvC := &http.Server{Handler: muxC, TLSConfig: &tls.Config{Certificates: []tls.Certificate{cert}}, ErrorLog: log.New(io.Discard, "", 0)}
	go srvC.ServeTLS(lc, "", "")
	if *answers {
		printAnswers(originA, originC, targets)
		return
	}

	heads := headChecks(originA, targets)
	muxA.HandleFunc("/__headcheck", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(heads)
	})
	outMu.Lock()
	json.NewEncoder(os.Stdout).Encode(map[string]any{"a": originA, "b": originB, "c": originC, "targets": len(targets)})
	outMu.Unlock()
	// Serve until standard input closes (the driver exits).
	io.Copy(io.Discard, os.Stdin)
}

// uploads writes the upload corpus, with probe in every payload, into dir
// and returns the bytes of each file by name and the targets.
func uploads(probe, dir string) (map[string][]byte, []target, error) {
	files := map[string][]byte{}
	var targets []target
	for _, p := range payloads {
		body := []byte(p.body(probe))
		for _, ext := range p.exts {
			name := p.name + ext
			if ext == "" {
				name = p.name + "-noext"
			}
			files[name] = body
			if err := os.WriteFile(filepath.Join(dir, name), body, 0o644); err != nil {
				return nil, nil, err
			}
			for _, m := range []string{"handler", "plain", "typed"} {
				if m == "typed" && (!typedOnly[ext] || !documentPayload[p.name]) {
					continue
				}
				targets = append(targets, target{Mode: m, Upload: name, Payload: p.name, Path: "/" + m + "/{token}/" + name, Baseline: m == "plain"})
			}
		}
	}
	for _, pn := range safePayloads {
		name := pn + ".upload"
		for _, p := range payloads {
			if p.name == pn {
				files[name] = []byte(p.body(probe))
			}
		}
		for i, d := range declaredTypes {
			targets = append(targets, target{Mode: "safe", Upload: name, Payload: pn, Declared: d, Path: "/safe/{token}/" + strconv.Itoa(i) + "/" + name})
		}
	}
	for _, m := range []string{"lower", "dupkey", "twotypes", "late", "lowerdisp"} {
		for _, pn := range []string{"html", "xhtml", "svg", "polyglot"} {
			targets = append(targets, target{Mode: m, Upload: pn + ".html", Payload: pn, Path: "/" + m + "/{token}/" + pn + ".html"})
		}
	}
	for _, m := range []string{"range", "rangeplain"} {
		for _, name := range []string{"html.html", "html.txt", "svg.svg", "xhtml.xhtml", "polyglot.html", "html-noext"} {
			targets = append(targets, target{Mode: m, Upload: name, Payload: strings.SplitN(strings.TrimSuffix(name, "-noext"), ".", 2)[0], Path: "/" + m + "/{token}/" + name, Baseline: m == "rangeplain"})
		}
	}

	// The modes of issue 32, after the others, so that the targets of
	// the others keep their order.
	if err := os.WriteFile(filepath.Join(dir, emptyFile), nil, 0o644); err != nil {
		return nil, nil, err
	}
	wire := wireUploads()
	for _, u := range wire {
		if _, ok := files[u.name]; !ok {
			files[u.name] = []byte(u.payload.body(probe))
		}
	}
	for _, m := range wireModes {
		for _, u := range wire {
			targets = append(targets, target{Mode: m, Upload: u.name, Payload: u.payload.name, Path: "/" + m + "/{token}/" + u.name, Baseline: m == "mixedplain"})
		}
	}
	for _, pn := range safePayloads {
		for i, d := range declaredTypes {
			targets = append(targets, target{Mode: "safedirty", Upload: pn + ".upload", Payload: pn, Declared: d, Path: "/safedirty/{token}/" + strconv.Itoa(i) + "/" + pn + ".upload"})
		}
	}
	for _, m := range wireControls {
		for _, u := range wire {
			targets = append(targets, target{Mode: m, Upload: u.name, Payload: u.payload.name, Path: "/" + m + "/{token}/" + u.name, Baseline: true})
		}
	}
	// The same over HTTP/2, last.
	for _, t := range targets {
		if slices.Contains(h2Modes, t.Mode) {
			t.Path = "/h2-" + strings.TrimPrefix(t.Path, "/")
			t.Mode = "h2-" + t.Mode
			t.Proto = "h2"
			targets = append(targets, t)
		}
	}
	return files, targets, nil
}

// h2Modes are the modes served over HTTP/2 too, as mode "h2-<mode>": those
// behind Handler whose handler shapes the response itself, the plain
// baseline and Handler(FileServer), mixedsafe, and the controls of the
// modes whose wire HTTP/2 writes otherwise (the spellings of a name, and
// the moment the response begins).
var h2Modes = []string{"handler", "plain", "lower", "dupkey", "twotypes", "late", "lowerdisp", "range",
	"emptycopy", "emptywrite", "spellings", "flushfirst", "trailer", "trailerprefix", "mixedreplace", "mixedsafe",
	"emptycopyplain", "spellingsplain", "emptycopyearly"}

// selfSigned returns a certificate for 127.0.0.1 that signs itself, made
// anew for each run; the browsers are told to accept it.
func selfSigned() (tls.Certificate, error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return tls.Certificate{}, err
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1),
		Subject:      pkix.Name{CommonName: "127.0.0.1"},
		IPAddresses:  []net.IP{net.IPv4(127, 0, 0, 1)},
		NotBefore:    time.Now().Add(-time.Hour),
		NotAfter:     time.Now().Add(7 * 24 * time.Hour),
		KeyUsage:     x509.KeyUsageDigitalSignature,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		return tls.Certificate{}, err
	}
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key}, nil
}

// routeModes serves /<mode>/<token>/<rest> with the handler of mode in
// modes, with /<rest> for the request's path.
func routeModes(modes map[string]http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		parts := strings.SplitN(strings.TrimPrefix(r.URL.Path, "/"), "/", 3)
		if len(parts) < 3 || modes[parts[0]] == nil {
			http.NotFound(w, r)
			return
		}
		r2 := r.Clone(r.Context())
		r2.URL.Path = "/" + parts[2]
		r2.URL.RawPath = ""
		modes[parts[0]].ServeHTTP(w, r2)
	})
}

// A behaviour is how a handler of a serving mode writes the upload data.
type behaviour func(w http.ResponseWriter, data []byte)

// serveUpload returns the handler that serves the upload named by the
// request's path with b, or answers 404.
func serveUpload(files map[string][]byte, b behaviour) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		data, ok := files[path.Base(r.URL.Path)]
		if !ok {
			http.NotFound(w, r)
			return
		}
		b(w, data)
	})
}

// emptyFile is the name of an empty file in the uploads' folder, which the
// emptycopy mode copies.
const emptyFile = "empty"

// wireModes are the modes of issue 32 that serve wireUploads, in the order
// of their targets. (safedirty serves the safe mode's targets.)
var wireModes = []string{"emptycopy", "emptywrite", "spellings", "flushfirst", "trailer", "trailerprefix", "mixedreplace", "mixedsafe", "mixedplain"}

// wireControls are the baselines of the wireModes behind Handler, served
// after safedirty: each behaviour bare, the dirty map of safedirty bare,
// and emptycopy behind earlyMiddleware.
var wireControls = []string{"emptycopyplain", "emptywriteplain", "spellingsplain", "flushfirstplain", "trailerplain", "trailerprefixplain", "safedirtyplain", "emptycopyearly"}

// dirtyMap fills h as safedirty's handler does before SafeHeaders' Set:
// the type and disposition of an HTML page, under lower-case keys.
func dirtyMap(h http.Header) {
	h["content-type"] = []string{"text/html"}
	h["content-disposition"] = []string{"inline"}
}

// wireBehaviours returns the behaviours of the wireModes: each is served
// behind Handler but mixedsafe (SafeHeaders) and mixedplain (bare, the
// baseline). dir is the uploads' folder, which holds emptyFile.
func wireBehaviours(dir string) map[string]behaviour {
	retype := func(begin func(w http.ResponseWriter)) behaviour {
		return func(w http.ResponseWriter, data []byte) {
			w.Header().Set("Content-Type", "text/plain")
			begin(w)
			w.Header().Set("Content-Type", "text/html")
			w.Write(data)
		}
	}
	mixed := func(w http.ResponseWriter, data []byte) {
		w.Header().Set("Content-Type", mixedReplaceType)
		w.Write(data)
	}
	return map[string]behaviour{
		"emptycopy": retype(func(w http.ResponseWriter) {
			io.Copy(w, strings.NewReader("")) // strings.Reader's WriteTo: w sees nothing
			f, err := os.Open(filepath.Join(dir, emptyFile))
			if err != nil {
				panic(err)
			}
			defer f.Close()
			io.Copy(w, f) // *os.File's WriteTo falls back to w's ReadFrom
		}),
		"emptywrite": retype(func(w http.ResponseWriter) { w.Write(nil) }),
		"flushfirst": retype(func(w http.ResponseWriter) { w.(http.Flusher).Flush() }),
		"spellings": func(w http.ResponseWriter, data []byte) {
			h := w.Header()
			h["Content-Type"] = []string{"text/plain"}
			h["content-type"] = []string{"text/html"}
			h["CONTENT-TYPE"] = []string{"image/svg+xml"}
			h["x-content-type-options"] = nil
			w.Write(data)
		},
		"trailer": func(w http.ResponseWriter, data []byte) {
			w.Header().Set("Trailer", "Content-Type")
			w.Header().Set("Content-Type", "text/plain")
			w.Write(data)
			w.Header().Set("Content-Type", "text/html")
		},
		"trailerprefix": func(w http.ResponseWriter, data []byte) {
			w.Header().Set("Content-Type", "text/plain")
			w.Write(data)
			w.(http.Flusher).Flush() // chunked: the trailer section is sent
			w.Header()[http.TrailerPrefix+"Content-Type"] = []string{"text/html"}
		},
		"mixedreplace": mixed,
		"mixedsafe": func(w http.ResponseWriter, data []byte) {
			mimesniff.SafeHeaders(mimesniff.MustParse(mixedReplaceType), data).Set(w.Header())
			w.Write(data)
		},
		"mixedplain": mixed,
	}
}

// modeHandlers returns the handler of each serving mode.
func modeHandlers(dir string, files map[string][]byte) map[string]http.Handler {
	fs := http.FileServer(http.Dir(dir))
	file := func(r *http.Request) ([]byte, bool) {
		b, ok := files[path.Base(r.URL.Path)]
		return b, ok
	}
	quirk := func(f behaviour) http.Handler {
		return mimesniff.Handler(serveUpload(files, f))
	}
	// safeServer serves /<declared index>/<file> with SafeHeaders for
	// the declared type, set in a map that dirty filled first.
	safeServer := func(dirty func(h http.Header)) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			parts := strings.SplitN(strings.TrimPrefix(r.URL.Path, "/"), "/", 2)
			i, err := strconv.Atoi(parts[0])
			data, ok := files[parts[len(parts)-1]]
			if err != nil || i < 0 || i >= len(declaredTypes) || !ok {
				http.NotFound(w, r)
				return
			}
			dirty(w.Header())
			declared, _ := mimesniff.Parse(declaredTypes[i]) // the zero MIMEType when invalid or empty
			hs := mimesniff.SafeHeaders(declared, data)
			hs.Set(w.Header())
			w.Write(data)
		})
	}
	twoRanges := func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			r.Header.Set("Range", "bytes=0-40,41-")
			h.ServeHTTP(w, r)
		})
	}
	modes := map[string]http.Handler{
		"handler": mimesniff.Handler(fs),
		"plain":   fs,
		"typed": mimesniff.Handler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			data, ok := file(r)
			if !ok {
				http.NotFound(w, r)
				return
			}
			if t := typedExt[path.Ext(r.URL.Path)]; t != "" {
				w.Header().Set("Content-Type", t)
			}
			http.ServeContent(w, r, path.Base(r.URL.Path), time.Time{}, bytes.NewReader(data))
		})),
		"safe":      safeServer(func(http.Header) {}),
		"safedirty": safeServer(dirtyMap),
		"safedirtyplain": serveUpload(files, func(w http.ResponseWriter, data []byte) {
			dirtyMap(w.Header())
			w.Write(data)
		}),
		"lower": quirk(func(w http.ResponseWriter, data []byte) {
			w.Header()["content-type"] = []string{"text/html"}
			w.Write(data)
		}),
		"dupkey": quirk(func(w http.ResponseWriter, data []byte) {
			w.Header()["Content-Type"] = []string{"text/plain"}
			w.Header()["content-type"] = []string{"text/html"}
			w.Write(data)
		}),
		"twotypes": quirk(func(w http.ResponseWriter, data []byte) {
			w.Header()["Content-Type"] = []string{"text/html", "*/*"}
			w.Write(data)
		}),
		"late": quirk(func(w http.ResponseWriter, data []byte) {
			w.Write(data[:10])
			w.Header().Set("Content-Type", "text/html")
			w.Write(data[10:])
		}),
		"lowerdisp": quirk(func(w http.ResponseWriter, data []byte) {
			w.Header().Set("Content-Type", "text/html")
			w.Header()["content-disposition"] = []string{"inline"}
			w.Write(data)
		}),
		"range":      mimesniff.Handler(twoRanges(fs)),
		"rangeplain": twoRanges(fs),
	}
	bare := wireBehaviours(dir)
	for m, b := range bare {
		if m == "mixedsafe" || m == "mixedplain" {
			modes[m] = serveUpload(files, b)
			continue
		}
		modes[m] = quirk(b)
		if m != "mixedreplace" { // whose bare form is mixedplain
			modes[m+"plain"] = serveUpload(files, b)
		}
	}
	modes["emptycopyearly"] = earlyMiddleware(serveUpload(files, bare["emptycopy"]))
	return modes
}

// earlyMiddleware decides as Handler did before issue 32: at the wrapped
// handler's first Write or ReadFrom, an empty copy included, it sets
// mimesniff.SafeHeaders for the Content-Type of that moment in the map,
// which net/http copies only when the response begins.
func earlyMiddleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		next.ServeHTTP(&earlyWriter{ResponseWriter: w}, r)
	})
}

type earlyWriter struct {
	http.ResponseWriter
	decided bool
}

func (e *earlyWriter) decide() {
	if !e.decided {
		e.decided = true
		t, _ := mimesniff.Parse(e.Header().Get("Content-Type"))
		mimesniff.SafeHeaders(t, nil).Set(e.Header())
	}
}

func (e *earlyWriter) Write(p []byte) (int, error) {
	e.decide()
	return e.ResponseWriter.Write(p)
}

func (e *earlyWriter) ReadFrom(src io.Reader) (int64, error) {
	e.decide()
	return io.Copy(e.ResponseWriter, src)
}

// A headCheck compares a HEAD response with the GET response of one target.
type headCheck struct {
	Path string              `json:"path"`
	Get  map[string][]string `json:"get"`
	Head map[string][]string `json:"head,omitempty"`
}

// headChecks requests every target with GET and HEAD and returns those whose
// headers differ (Date and Content-Length aside, which a HEAD may leave
// out).
func headChecks(origin string, targets []target) map[string]any {
	diffs := []headCheck{}
	n, looser := 0, 0
	for _, t := range targets {
		if t.Baseline || t.Proto != "" {
			continue
		}
		u := origin + strings.Replace(t.Path, "{token}", "head", 1)
		get, err1 := fetchHeaders("GET", u)
		head, err2 := fetchHeaders("HEAD", u)
		if err1 != nil || err2 != nil {
			diffs = append(diffs, headCheck{Path: t.Path, Get: map[string][]string{"error": {fmt.Sprint(err1, err2)}}})
			continue
		}
		n++
		if !sameHeaders(get, head) {
			diffs = append(diffs, headCheck{Path: t.Path, Get: get, Head: head})
			if lacksPolicy(head, get) {
				looser++
			}
		}
	}
	return map[string]any{"checked": n, "differ": len(diffs), "looser": looser, "diffs": diffs}
}

// lacksPolicy reports whether head lacks a header of the serving policy
// that get has: a HEAD answer less cautious than GET's. (HEAD may be more
// cautious: a multipart/byteranges answer to HEAD shows no part, and fails
// closed.)
func lacksPolicy(head, get map[string][]string) bool {
	for _, k := range []string{"X-Content-Type-Options", "Content-Disposition", "Content-Security-Policy"} {
		if len(get[k]) > 0 && len(head[k]) == 0 {
			return true
		}
	}
	return false
}

// printAnswers prints, for every target, its answer to GET and to HEAD, one
// line each: the method, the path, the status line, the header lines as
// sent but Date and Last-Modified (the time the server wrote the uploads),
// and a SHA-256 of the body. A multipart/byteranges boundary,
// which http.ServeContent draws anew for each response, is printed as B.
// The lines of two builds of the server are the same exactly when they
// serve the same bytes, so that a browser's attack on one holds for the
// other:
//
//	diff <(old/redteam -answers) <(new/redteam -answers)
func printAnswers(origin, originH2 string, targets []target) {
	boundary := regexp.MustCompile(`[0-9a-f]{60}`)
	for _, t := range targets {
		for _, method := range []string{"GET", "HEAD"} {
			var raw []byte
			var err error
			if t.Proto == "h2" {
				raw, err = fetchH2(method, originH2+strings.Replace(t.Path, "{token}", "answers", 1))
			} else {
				raw, err = fetchRaw(method, origin+strings.Replace(t.Path, "{token}", "answers", 1))
			}
			if err != nil {
				log.Fatal(err)
			}
			raw = boundary.ReplaceAll(raw, []byte("B"))
			head, body, _ := bytes.Cut(raw, []byte("\r\n\r\n"))
			var lines []string
			for _, l := range strings.Split(string(head), "\r\n") {
				if !strings.HasPrefix(l, "Date:") && !strings.HasPrefix(l, "Last-Modified:") {
					lines = append(lines, l)
				}
			}
			fmt.Printf("%s %s %q %x\n", method, t.Path, lines, sha256.Sum256(body))
		}
	}
}

// fetchRaw sends one request for u over a new connection and returns the
// raw response.
func fetchRaw(method, u string) ([]byte, error) {
	req, err := http.NewRequest(method, u, nil)
	if err != nil {
		return nil, err
	}
	c, err := net.Dial("tcp", req.URL.Host)
	if err != nil {
		return nil, err
	}
	defer c.Close()
	fmt.Fprintf(c, "%s %s HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n\r\n", method, req.URL.RequestURI(), req.URL.Host)
	return io.ReadAll(c)
}

// h2Client speaks HTTP/2 to C, whose certificate it does not check.
var h2Client = &http.Client{Transport: &http.Transport{
	TLSClientConfig:   &tls.Config{InsecureSkipVerify: true},
	ForceAttemptHTTP2: true,
	DisableKeepAlives: true,
}}

// fetchH2 sends one request for u over HTTP/2 and returns the response as
// fetchRaw's lines would show it: the status line, then the header fields
// in the order of their names (HTTP/2 carries no order between names, and
// the client's map keeps none), each name's values in wire order, and the
// body.
func fetchH2(method, u string) ([]byte, error) {
	req, err := http.NewRequest(method, u, nil)
	if err != nil {
		return nil, err
	}
	resp, err := h2Client.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.ProtoMajor != 2 {
		return nil, fmt.Errorf("%s %s: answered over %s, not HTTP/2", method, u, resp.Proto)
	}
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s %s\r\n", resp.Proto, resp.Status)
	resp.Header.Write(&b) // sorted by name
	for k, vs := range resp.Trailer {
		for _, v := range vs {
			fmt.Fprintf(&b, "Trailer %s: %s\r\n", k, v)
		}
	}
	b.WriteString("\r\n")
	b.Write(body)
	return b.Bytes(), nil
}

func fetchHeaders(method, u string) (map[string][]string, error) {
	raw, err := fetchRaw(method, u)
	if err != nil {
		return nil, err
	}
	// Raw header lines, names as sent.
	h := map[string][]string{}
	end := bytes.Index(raw, []byte("\r\n\r\n"))
	if end < 0 {
		return nil, fmt.Errorf("no header end")
	}
	lines := strings.Split(string(raw[:end]), "\r\n")
	h[":status"] = []string{lines[0]}
	for _, l := range lines[1:] {
		k, v, _ := strings.Cut(l, ":")
		h[k] = append(h[k], strings.TrimSpace(v))
	}
	return h, nil
}

// sameHeaders reports whether a and b have the same header lines, aside from
// Date, Content-Length and Transfer-Encoding, and a multipart/byteranges
// boundary (http.ServeContent draws a new one for each response).
func sameHeaders(a, b map[string][]string) bool {
	keys := func(m map[string][]string) []string {
		var ks []string
		for k := range m {
			if k != "Date" && k != "Content-Length" && k != "Transfer-Encoding" {
				v := strings.Join(m[k], "\x00")
				if strings.HasPrefix(v, "multipart/byteranges; boundary=") {
					v = "multipart/byteranges"
				}
				ks = append(ks, k+"="+v)
			}
		}
		sort.Strings(ks)
		return ks
	}
	return strings.Join(keys(a), "\n") == strings.Join(keys(b), "\n")
}

func mustRead(name string) []byte {
	b, err := os.ReadFile(name)
	if err != nil {
		log.Fatal(err)
	}
	return b
}

func lastLine(b []byte) string {
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	return lines[len(lines)-1]
}
