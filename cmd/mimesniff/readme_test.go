// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// readmeSkip are the README's command examples that TestREADME does not
// run, with the reason.
var readmeSkip = map[string]string{
	"mimesniff -r .": "an attacker's tree, which TestHostileNames builds",
}

// goRunLine is a "Try it" line of the README: a command and, after "#", the
// type it prints for its last argument.
var goRunLine = regexp.MustCompile(`(?m)^    go run \./cmd/mimesniff ([^|#\n]+?)[ \t]+# (\S+)$`)

// TestREADME runs the command examples of the README and of
// docs/command.md, in a directory where
// testdata is the repository's, and checks that they print what the README
// shows: the "$ " examples with the lines that follow them, the "go run"
// lines with the type in their comment, and the lines shown from the run
// over testdata/files.
func TestREADME(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command")
	}
	bin := binary(t)
	// The README's examples and the command's reference page's.
	readme := string(readFile(t, "../../README.md")) + "\n" + string(readFile(t, "../../docs/command.md"))
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.Symlink(filepath.Join(root, "testdata"), filepath.Join(dir, "testdata")); err != nil {
		t.Fatal(err)
	}
	sh := func(command string) (string, error) {
		cmd := exec.Command("sh", "-c", command)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "PATH="+filepath.Dir(bin)+":"+os.Getenv("PATH"))
		out, err := cmd.CombinedOutput()
		return string(out), err
	}

	// "$ command", then the lines it prints, indented, up to a blank line.
	var command string
	var want []string
	ran := 0
	check := func() {
		if command == "" {
			return
		}
		defer func() { command, want = "", nil }()
		if reason, ok := readmeSkip[command]; ok {
			t.Logf("not run: %s: %s", command, reason)
			return
		}
		if !strings.HasPrefix(command, "printf ") && len(want) == 0 {
			return // no output shown
		}
		got, _ := sh(command)
		if w := strings.Join(want, ""); got != w {
			t.Errorf("README: $ %s\nprints %q\nREADME shows %q", command, got, w)
		}
		ran++
	}
	for line := range strings.Lines(readme) {
		switch {
		case strings.HasPrefix(line, "    $ "):
			check()
			command = strings.TrimSuffix(strings.TrimPrefix(line, "    $ "), "\n")
		case command != "" && strings.HasPrefix(line, "    "):
			want = append(want, strings.TrimPrefix(line, "    "))
		default:
			check()
		}
	}
	check()
	if ran < 4 {
		t.Errorf("ran %d README examples, want the IE, -browser all and -http ones at least", ran)
	}

	for _, m := range goRunLine.FindAllStringSubmatch(readme, -1) {
		args := strings.Fields(m[1])
		got, err := sh("mimesniff " + m[1])
		if want := args[len(args)-1] + ": " + m[2] + "\n"; got != want || err != nil {
			t.Errorf("README: go run ./cmd/mimesniff %s prints %q, %v; README says %q", m[1], got, err, want)
		}
	}

	// The lines shown from "go run ./cmd/mimesniff testdata/files/*".
	all, err := sh("mimesniff testdata/files/*")
	if err != nil {
		t.Fatalf("mimesniff testdata/files/*: %v\n%s", err, all)
	}
	_, shown, ok := strings.Cut(readme, "among its 52 lines:\n\n")
	if !ok {
		t.Fatal(`README: no "among its 52 lines:" before the lines of mimesniff testdata/files/*`)
	}
	shown, _, _ = strings.Cut(shown, "\n\n")
	if n := strings.Count(all, "\n"); n != 52 {
		t.Errorf("mimesniff testdata/files/* prints %d lines, README says 52", n)
	}
	for line := range strings.Lines(shown + "\n") {
		if line = strings.TrimPrefix(line, "    "); !strings.Contains(all, line) {
			t.Errorf("README shows %q, which mimesniff testdata/files/* does not print", line)
		}
	}
}
