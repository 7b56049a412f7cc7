// Command mutants runs the mutation audit of the library: it applies each
// mutant of its table (mutants.go, mutants_orb.go, mutants_status.go,
// mutants_archive.go), one
// exact textual replacement in one file of the repository, runs the tests of
// the packages that judge it (its pkgs, the root package by default) on the
// mutated code, and prints a Markdown table saying, for each, the first test
// that failed or SURVIVED.
//
// The repository's files are never written: each mutant's file is written
// to a temporary directory and given to go test with -overlay, so an
// interrupted run leaves the tree as it was (on SIGINT or SIGTERM the runner
// kills go test's process group and removes its directory). The overlay
// replaces the file wherever it is compiled, so a mutant of the root package
// is judged by the tests of another package or module that imports it too.
// A package pattern under a directory with a go.mod of its own
// (./archive/beam/...) is run in that module. A mutant whose old text does
// not occur exactly once in its file, or that does not build, is an error of
// the table, not a result.
//
// A run is a check: it exits with status 1 when a mutant survives that has
// no equivalent reason (a test is missing), when a mutant with one is killed
// (the reason is wrong), when a mutant does not build, or when the
// unmutated code does not pass its tests; with status 2 when the table or
// the flags are wrong; and with status 0 when every mutant was killed or
// survived as its reason says. An interrupted run exits with status 1.
//
// From the tools module:
//
//	go run ./mutants                   # every mutant, against ..
//	go run ./mutants -run 'cspSandbox' # the mutants whose name matches
//	go run ./mutants -list             # the table, without running it
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
	"slices"
	"strings"
	"syscall"
	"time"
)

var (
	root     = flag.String("root", "..", "the repository's directory, the root of the library's module")
	run      = flag.String("run", "", "run only the mutants whose name matches this regular expression")
	timeout  = flag.Duration("timeout", 5*time.Minute, "the longest one go test may take")
	list     = flag.Bool("list", false, "print the mutants without running them")
	baseline = flag.Bool("baseline", true, "run the tests on the unmutated code first, which must pass")
)

func usage() {
	fmt.Fprintf(os.Stderr, "usage: go run ./mutants [flags]\n")
	fmt.Fprintf(os.Stderr, "exit status 1: a mutant survived without an equivalent reason, was killed despite one, or did not build, or the unmutated code fails its tests\n")
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
	abs, err := filepath.Abs(*root)
	if err != nil {
		fatalf("%v", err)
	}
	if err := check(abs, chosen); err != nil {
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

	if *baseline {
		// Every package that judges a chosen mutant, each module's once.
		var all []string
		for _, m := range chosen {
			all = append(all, m.packages()...)
		}
		start := time.Now()
		r := goTests(ctx, abs, "", all)
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
		}
		results = append(results, r)
	}
	if ctx.Err() != nil {
		fmt.Fprintln(os.Stderr, "interrupted: the tree was never written")
		exit = 1
	}
	printTable(os.Stdout, chosen[:len(results)], results)
	t := tally(chosen, results)
	fmt.Printf("\n%d mutants, %d killed, %d equivalent (survived as argued), %d survived, %d broken\n",
		len(results), t.killed, t.equivalent, t.survived, t.broken)
	if t.wrongEquivalent > 0 {
		fmt.Printf("%d mutants with an equivalent reason were killed: the reason is wrong\n", t.wrongEquivalent)
	}
	if !t.ok() {
		exit = 1
	}
}

// counts are the outcomes of a run, as the table's verdicts count them.
type counts struct {
	killed, equivalent, survived, broken int
	// wrongEquivalent counts the mutants killed although their
	// equivalent reason says no test can tell them from the code.
	wrongEquivalent int
}

// ok reports whether the run passes: every mutant killed, or surviving as
// its equivalent reason says.
func (c counts) ok() bool {
	return c.survived == 0 && c.broken == 0 && c.wrongEquivalent == 0
}

// tally counts the results of the mutants ms.
func tally(ms []mutant, results []result) counts {
	var c counts
	for i, r := range results {
		switch {
		case r.kind == broken:
			c.broken++
		case r.kind == killed:
			c.killed++
			if ms[i].equivalent != "" {
				c.wrongEquivalent++
			}
		case ms[i].equivalent != "":
			c.equivalent++
		default:
			c.survived++
		}
	}
	return c
}

func fatalf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "mutants: "+format+"\n", args...)
	os.Exit(2)
}

// packages returns the go test patterns of the packages whose tests judge
// m, relative to the repository's root.
func (m mutant) packages() []string {
	if len(m.pkgs) == 0 {
		return []string{"."}
	}
	return m.pkgs
}

// check reports an error for a mutant whose old text is not in its file
// exactly once, whose name is not unique, or one of whose packages is not
// below root.
func check(root string, ms []mutant) error {
	var errs []error
	names := map[string]bool{}
	for _, m := range ms {
		if names[m.name] {
			errs = append(errs, fmt.Errorf("%s: two mutants of this name", m.name))
		}
		names[m.name] = true
		src, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(m.file)))
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
		if _, err := testRuns(root, m.packages()); err != nil {
			errs = append(errs, fmt.Errorf("%s: %v", m.name, err))
		}
	}
	return errors.Join(errs...)
}

// A testRun is one go test: the patterns to run in the module at dir.
type testRun struct {
	dir      string   // the module's directory
	patterns []string // relative to dir: "./internal/warc", "./..."
}

// testRuns groups the patterns pkgs, relative to the repository's root, by
// the module each is in: the nearest directory at or above the pattern's
// (its "..." dropped) that has a go.mod, up to root. Runs are in the order
// of their first pattern, and a pattern given twice is run once.
func testRuns(root string, pkgs []string) ([]testRun, error) {
	var runs []testRun
	seen := map[string]bool{}
	for _, p := range pkgs {
		rel := filepath.FromSlash(strings.TrimSuffix(strings.TrimSuffix(p, "..."), "/"))
		if rel == "" {
			rel = "."
		}
		dir := filepath.Join(root, rel)
		if r, err := filepath.Rel(root, dir); err != nil || r == ".." || strings.HasPrefix(r, ".."+string(filepath.Separator)) {
			return nil, fmt.Errorf("package %q is not below the repository's root", p)
		}
		if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
			return nil, fmt.Errorf("package %q: no directory %s", p, dir)
		}
		mod := dir
		for {
			if _, err := os.Stat(filepath.Join(mod, "go.mod")); err == nil {
				break
			}
			if mod == root {
				return nil, fmt.Errorf("package %q: no go.mod at or above %s", p, dir)
			}
			mod = filepath.Dir(mod)
		}
		inMod, err := filepath.Rel(mod, dir)
		if err != nil {
			return nil, err
		}
		pattern := "."
		if inMod != "." {
			pattern = "./" + filepath.ToSlash(inMod)
		}
		if strings.HasSuffix(p, "...") {
			pattern += "/..."
		}
		if seen[mod+" "+pattern] {
			continue
		}
		seen[mod+" "+pattern] = true
		i := slices.IndexFunc(runs, func(r testRun) bool { return r.dir == mod })
		if i < 0 {
			runs = append(runs, testRun{dir: mod})
			i = len(runs) - 1
		}
		runs[i].patterns = append(runs[i].patterns, pattern)
	}
	return runs, nil
}

// The outcomes of one go test.
const (
	passed = iota // every test passed: the mutant survived
	killed        // a test failed
	broken        // a package did not build, or go test failed outside any test
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

// runMutant writes m's file, mutated, to dir and runs the tests of m's
// packages with it in place of the repository's.
func runMutant(ctx context.Context, root, dir string, m mutant) (result, error) {
	file := filepath.Join(root, filepath.FromSlash(m.file))
	src, err := os.ReadFile(file)
	if err != nil {
		return result{}, err
	}
	mutated := filepath.Join(dir, m.name+".go")
	if err := os.WriteFile(mutated, bytes.Replace(src, []byte(m.old), []byte(m.new), 1), 0o644); err != nil {
		return result{}, err
	}
	overlay, err := json.Marshal(map[string]map[string]string{
		"Replace": {file: mutated},
	})
	if err != nil {
		return result{}, err
	}
	overlayFile := filepath.Join(dir, "overlay.json")
	if err := os.WriteFile(overlayFile, overlay, 0o644); err != nil {
		return result{}, err
	}
	return goTests(ctx, root, overlayFile, m.packages()), nil
}

// goTests runs the tests of the packages pkgs, relative to root, one go test
// per module, with the overlay file if not empty: the first that does not
// pass gives the result.
func goTests(ctx context.Context, root, overlay string, pkgs []string) result {
	runs, err := testRuns(root, pkgs)
	if err != nil {
		return result{kind: broken, output: []byte(err.Error() + "\n")}
	}
	for _, r := range runs {
		if res := goTest(ctx, r.dir, overlay, r.patterns); res.kind != passed {
			return res
		}
	}
	return result{kind: passed}
}

// goTest runs the tests of the packages patterns in the module at dir, with
// the overlay file if not empty, and reads the first failing test from its
// JSON events.
func goTest(ctx context.Context, dir, overlay string, patterns []string) result {
	args := []string{"test", "-count=1", "-failfast", "-json", "-timeout", timeout.String()}
	if overlay != "" {
		args = append(args, "-overlay", overlay)
	}
	args = append(args, patterns...)
	// go test stops itself at -timeout; this is a second bound, for a
	// build or a test binary that does not stop.
	ctx, cancel := context.WithTimeout(ctx, *timeout+2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = dir
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error {
		// The whole group: go test's test binaries too.
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
			case results[i].kind == killed && m.equivalent != "":
				verdict = "`" + verdict + "` (KILLED, but its equivalent reason says no test can: " + m.equivalent + ")"
			case results[i].kind == killed:
				verdict = "`" + verdict + "`"
			case results[i].kind == passed && m.equivalent != "":
				verdict += " (equivalent: " + m.equivalent + ")"
			}
		}
		fmt.Fprintf(w, "| %s | %s | %s | %s |\n", m.name, m.file, m.rule, verdict)
	}
}
