// Command mutants runs the mutation audit of the library's serving code: it
// applies each mutant of its table (mutants.go), one exact textual
// replacement in one file of the library, runs the root package's tests on
// the mutated code, and prints a Markdown table saying, for each, the first
// test that failed or SURVIVED.
//
// The library's files are never written: each mutant's file is written to a
// temporary directory and given to go test with -overlay, so an interrupted
// run leaves the tree as it was (on SIGINT or SIGTERM the runner kills go
// test's process group and removes its directory). A mutant whose old text
// does not occur exactly once in its file, or that does not build, is an
// error of the table, not a result.
//
// From the tools module:
//
//	go run ./mutants                  # every mutant, against ..
//	go run ./mutants -run 'cspSandbox' # the mutants whose name matches
//	go run ./mutants -list            # the table, without running it
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"time"
)

var (
	root     = flag.String("root", "..", "the library's directory, the root of its module")
	run      = flag.String("run", "", "run only the mutants whose name matches this regular expression")
	timeout  = flag.Duration("timeout", 5*time.Minute, "the longest one go test may take")
	list     = flag.Bool("list", false, "print the mutants without running them")
	baseline = flag.Bool("baseline", true, "run the tests on the unmutated code first, which must pass")
)

func usage() {
	fmt.Fprintf(os.Stderr, "usage: go run ./mutants [flags]\n")
	flag.PrintDefaults()
}

func main() {
	flag.Usage = usage
	flag.Parse()
	match, err := regexp.Compile(*run)
	if err != nil {
		fatalf("-run: %v", err)
	}
	var chosen []mutant
	for _, m := range mutants {
		if match.MatchString(m.name) {
			chosen = append(chosen, m)
		}
	}
	if err := check(*root, chosen); err != nil {
		fatalf("%v", err)
	}
	if *list {
		printTable(os.Stdout, chosen, nil)
		return
	}

	tmp, err := os.MkdirTemp("", "mutants-")
	if err != nil {
		fatalf("%v", err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	exit := 0
	defer func() {
		stop()
		os.RemoveAll(tmp)
		os.Exit(exit)
	}()

	abs, err := filepath.Abs(*root)
	if err != nil {
		fatalf("%v", err)
	}
	if *baseline {
		start := time.Now()
		r := goTest(ctx, abs, "")
		if r.kind == passed {
			fmt.Fprintf(os.Stderr, "baseline (no mutant): ok (%s)\n", time.Since(start).Round(time.Second))
		} else {
			fmt.Fprintf(os.Stderr, "the unmutated code does not pass its tests:\n%s", r.output)
			exit = 1
			return
		}
	}
	results := make([]result, 0, len(chosen))
	for i, m := range chosen {
		if ctx.Err() != nil {
			break
		}
		start := time.Now()
		r, err := runMutant(ctx, abs, tmp, m)
		if err != nil {
			fmt.Fprintf(os.Stderr, "%s: %v\n", m.name, err)
			exit = 1
			return
		}
		if ctx.Err() != nil {
			break // interrupted: no result
		}
		fmt.Fprintf(os.Stderr, "[%d/%d] %s: %s (%s)\n", i+1, len(chosen), m.name, r, time.Since(start).Round(time.Second))
		if r.kind == broken {
			fmt.Fprintf(os.Stderr, "%s", r.output)
			exit = 1
		}
		results = append(results, r)
	}
	if ctx.Err() != nil {
		fmt.Fprintln(os.Stderr, "interrupted: the tree was never written")
		exit = 1
	}
	printTable(os.Stdout, chosen[:len(results)], results)
	var counts [3]int
	equivalent := 0
	for i, r := range results {
		counts[r.kind]++
		if r.kind == passed && chosen[i].equivalent != "" {
			equivalent++
		}
	}
	fmt.Printf("\n%d mutants, %d killed, %d survived (%d of them equivalent), %d broken\n", len(results), counts[killed], counts[passed], equivalent, counts[broken])
}

func fatalf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "mutants: "+format+"\n", args...)
	os.Exit(2)
}

// check reports an error for a mutant whose old text is not in its file
// exactly once, or whose name is not unique.
func check(root string, ms []mutant) error {
	var errs []error
	names := map[string]bool{}
	for _, m := range ms {
		if names[m.name] {
			errs = append(errs, fmt.Errorf("%s: two mutants of this name", m.name))
		}
		names[m.name] = true
		src, err := os.ReadFile(filepath.Join(root, m.file))
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if n := strings.Count(string(src), m.old); n != 1 {
			errs = append(errs, fmt.Errorf("%s: its old text occurs %d times in %s, not once", m.name, n, m.file))
		}
		if m.old == m.new {
			errs = append(errs, fmt.Errorf("%s: old and new are the same", m.name))
		}
	}
	return errors.Join(errs...)
}

// The outcomes of one go test.
const (
	passed = iota // every test passed: the mutant survived
	killed        // a test failed
	broken        // the package did not build, or go test failed outside any test
)

// A result is the outcome of go test on one mutant.
type result struct {
	kind   int
	test   string // the first test that failed, for killed
	output []byte // go test's output, for broken
}

func (r result) String() string {
	switch r.kind {
	case passed:
		return "SURVIVED"
	case killed:
		return r.test
	}
	return "BROKEN"
}

// runMutant writes m's file, mutated, to dir and runs go test with it in
// place of the library's.
func runMutant(ctx context.Context, root, dir string, m mutant) (result, error) {
	src, err := os.ReadFile(filepath.Join(root, m.file))
	if err != nil {
		return result{}, err
	}
	mutated := filepath.Join(dir, m.name+".go")
	if err := os.WriteFile(mutated, bytes.Replace(src, []byte(m.old), []byte(m.new), 1), 0o644); err != nil {
		return result{}, err
	}
	overlay, err := json.Marshal(map[string]map[string]string{
		"Replace": {filepath.Join(root, m.file): mutated},
	})
	if err != nil {
		return result{}, err
	}
	overlayFile := filepath.Join(dir, "overlay.json")
	if err := os.WriteFile(overlayFile, overlay, 0o644); err != nil {
		return result{}, err
	}
	return goTest(ctx, root, overlayFile), nil
}

// goTest runs the tests of the package in root, with the overlay file if
// not empty, and reads the first failing test from its JSON events.
func goTest(ctx context.Context, root, overlay string) result {
	args := []string{"test", "-count=1", "-failfast", "-json", "-timeout", timeout.String()}
	if overlay != "" {
		args = append(args, "-overlay", overlay)
	}
	args = append(args, ".")
	// go test stops itself at -timeout; this is a second bound, for a
	// build or a test binary that does not stop.
	ctx, cancel := context.WithTimeout(ctx, *timeout+2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = root
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error {
		// The whole group: go test's test binary too.
		return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
	var out bytes.Buffer
	cmd.Stdout = &out
	cmd.Stderr = &out
	err := cmd.Run()
	r := result{output: out.Bytes()}
	if err == nil {
		r.kind = passed
		return r
	}
	r.kind = broken
	sc := bufio.NewScanner(bytes.NewReader(out.Bytes()))
	sc.Buffer(nil, 1<<20)
	timedOut := false
	for sc.Scan() {
		var ev struct{ Action, Test, Output string }
		if json.Unmarshal(sc.Bytes(), &ev) != nil {
			continue
		}
		switch {
		case ev.Action == "fail" && ev.Test != "" && !timedOut:
			r.kind, r.test = killed, ev.Test
			return r
		case ev.Action == "output" && strings.HasPrefix(ev.Output, "panic: test timed out"):
			r.kind, r.test, timedOut = killed, "timeout", true
		case timedOut && ev.Action == "output" && strings.HasPrefix(ev.Output, "\t"):
			// The tests running at the timeout, one a line: "\tTestX (5m0s)".
			name, _, _ := strings.Cut(strings.TrimSpace(ev.Output), " ")
			r.test = "timeout in " + name
			return r
		}
	}
	return r
}

// printTable prints the mutants, with their results if not nil, as a
// Markdown table.
func printTable(w io.Writer, ms []mutant, results []result) {
	fmt.Fprintln(w, "| mutant | file | rule it breaks | killed by |")
	fmt.Fprintln(w, "| --- | --- | --- | --- |")
	for i, m := range ms {
		verdict := ""
		if results != nil {
			verdict = results[i].String()
			switch {
			case results[i].kind == killed:
				verdict = "`" + verdict + "`"
			case results[i].kind == passed && m.equivalent != "":
				verdict += " (equivalent: " + m.equivalent + ")"
			}
		}
		fmt.Fprintf(w, "| %s | %s | %s | %s |\n", m.name, m.file, m.rule, verdict)
	}
}
