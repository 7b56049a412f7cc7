// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
)

// engines are the browsers recorded, in the order of the tables' columns.
var engines = []string{"chromium", "firefox", "webkit"}

// engineTitle is an engine's column heading.
var engineTitle = map[string]string{"chromium": "Chromium", "firefox": "Firefox", "webkit": "WebKit"}

// readLines calls f with each line of the JSON Lines file name (gzip when
// it ends in .gz).
func readLines(name string, f func(line []byte) error) error {
	file, err := os.Open(name)
	if err != nil {
		return err
	}
	defer file.Close()
	var r io.Reader = file
	if strings.HasSuffix(name, ".gz") {
		z, err := gzip.NewReader(file)
		if err != nil {
			return fmt.Errorf("%s: %v", name, err)
		}
		defer z.Close()
		r = z
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		if len(bytes.TrimSpace(sc.Bytes())) == 0 {
			continue
		}
		if err := f(sc.Bytes()); err != nil {
			return fmt.Errorf("%s: %v", name, err)
		}
	}
	return sc.Err()
}

// readAll decodes every line of name into a new T.
func readAll[T any](name string) ([]T, error) {
	var out []T
	err := readLines(name, func(line []byte) error {
		var v T
		if err := json.Unmarshal(line, &v); err != nil {
			return err
		}
		out = append(out, v)
		return nil
	})
	return out, err
}

// A headerSet is a line of a corpus' headers.jsonl.
type headerSet struct {
	Name    string      `json:"name"`
	Split   string      `json:"split"`
	Headers [][2]string `json:"headers"`
}

// header returns the set's lines as an http.Header, in their order.
func (s headerSet) header() http.Header {
	h := http.Header{}
	for _, l := range s.Headers {
		h.Add(l[0], l[1])
	}
	return h
}

// A body is a line of a corpus' bodies.jsonl.gz: Head is its first bytes,
// in base64.
type body struct {
	Name string `json:"name"`
	Head string `json:"head"`
}

// A caseLine is a line of a corpus' cases.jsonl.gz.
type caseLine struct {
	ID       string `json:"id"`
	Body     string `json:"body"`
	Headers  string `json:"headers"`
	Status   string `json:"status"`
	Redirect string `json:"redirect"`
	Range    []int  `json:"range"`
	// ContentRange is a status case's Content-Range value.
	ContentRange string `json:"contentRange"`
	Kind         string `json:"kind"`
	Split        string `json:"split"`
}

// A corpus is one folder of testdata/browsers: its header sets, bodies and
// cases, and its recordings.json.
type corpus struct {
	dir    string
	sets   []headerSet
	set    map[string]headerSet
	bodies map[string][]byte
	cases  []caseLine
	meta   map[string]any
}

func loadCorpus(dir string) (*corpus, error) {
	c := &corpus{dir: dir, set: map[string]headerSet{}, bodies: map[string][]byte{}}
	var err error
	if c.sets, err = readAll[headerSet](filepath.Join(dir, "headers.jsonl")); err != nil {
		return nil, err
	}
	for _, s := range c.sets {
		c.set[s.Name] = s
	}
	bs, err := readAll[body](filepath.Join(dir, "bodies.jsonl.gz"))
	if err != nil {
		return nil, err
	}
	for _, b := range bs {
		head, err := base64.StdEncoding.DecodeString(b.Head)
		if err != nil {
			return nil, fmt.Errorf("%s: body %s: %v", dir, b.Name, err)
		}
		c.bodies[b.Name] = head
	}
	if c.cases, err = readAll[caseLine](filepath.Join(dir, "cases.jsonl.gz")); err != nil {
		return nil, err
	}
	meta, err := os.ReadFile(filepath.Join(dir, "recordings.json"))
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal(meta, &c.meta); err != nil {
		return nil, fmt.Errorf("%s/recordings.json: %v", dir, err)
	}
	return c, nil
}

// entry returns the engine's object in recordings.json (the navigation
// corpus keeps the engines at the top, the others under "browsers").
func (c *corpus) entry(engine string) map[string]any {
	m := c.meta
	if b, ok := m["browsers"].(map[string]any); ok {
		m = b
	}
	e, _ := m[engine].(map[string]any)
	return e
}

// version returns the engine's version in recordings.json.
func (c *corpus) version(engine string) string {
	v, _ := c.entry(engine)["version"].(string)
	return v
}

// recorded returns the date (or the first date) recordings.json gives for
// the engine.
func (c *corpus) recorded(engine string) string {
	e := c.entry(engine)
	s, _ := e["recorded"].(string)
	if s == "" {
		if d, ok := e["destinations"].(map[string]any); ok {
			s, _ = d["recorded"].(string)
		}
	}
	return s[:min(len(s), 10)]
}

// A navRow is a line of navigation/results-<engine>.jsonl.gz.
type navRow struct {
	ID          string `json:"id"`
	Outcome     string `json:"outcome"`
	ContentType string `json:"contentType"`
	Script      bool   `json:"script"`
	Note        string `json:"note"`
}

// A destRow is a line of destinations/results*.jsonl.gz, or a
// "destinations" line of status/results-<engine>.jsonl.gz (which has id
// for case).
type destRow struct {
	Case    string `json:"case"`
	ID      string `json:"id"`
	Kind    string `json:"kind"`
	Browser string `json:"browser"`
	Origin  string `json:"origin"`
	Dest    string `json:"dest"`
	Outcome string `json:"outcome"`
	Probe   string `json:"probe"`
	Rules   *int   `json:"rules"`
	Error   string `json:"error"`
	Note    string `json:"note"`
	Way     string `json:"way"`
	Verdict string `json:"verdict"`
	By      string `json:"by"`
}
