package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// repoRoot is the repository's root, from the tools module's mutants
// directory.
const repoRoot = "../.."

// TestMutantsApply checks the table against the repository as it is: each
// mutant's old text is in its file once, its packages are below the root,
// and the package of its file, with the file mutated, still type-checks (an
// unused variable is a build error), whichever package and module it is in,
// so that a change to the code that makes a mutant stale or broken fails
// here rather than in a run of an hour.
func TestMutantsApply(t *testing.T) {
	root, err := filepath.Abs(repoRoot)
	if err != nil {
		t.Fatal(err)
	}
	if err := check(root, mutants); err != nil {
		t.Fatal(err)
	}
	byDir := map[string][]mutant{}
	for _, m := range mutants {
		if m.rule == "" || !strings.HasSuffix(m.rule, ".") {
			t.Errorf("%s: its rule is not a sentence: %q", m.name, m.rule)
		}
		if strings.HasSuffix(m.file, "_test.go") || path.Ext(m.file) != ".go" {
			t.Errorf("%s: %s is not a non-test Go file", m.name, m.file)
			continue
		}
		byDir[path.Dir(m.file)] = append(byDir[path.Dir(m.file)], m)
	}
	dirs := make([]string, 0, len(byDir))
	for dir := range byDir {
		dirs = append(dirs, dir)
	}
	slices.Sort(dirs)
	for _, dir := range dirs {
		t.Run(dir, func(t *testing.T) {
			typeCheckMutants(t, root, dir, byDir[dir])
		})
	}
}

// typeCheckMutants type-checks the package in dir, relative to root, once
// with each mutant's file mutated, its imports read from the export data go
// list builds in the package's module.
func typeCheckMutants(t *testing.T, root, dir string, ms []mutant) {
	runs, err := testRuns(root, []string{"./" + dir})
	if err != nil {
		t.Fatal(err)
	}
	pkg, exports := listExports(t, runs[0].dir, runs[0].patterns[0])
	fset := token.NewFileSet()
	files := map[string]*ast.File{}
	for _, name := range pkg.GoFiles {
		f, err := parser.ParseFile(fset, filepath.Join(pkg.Dir, name), nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		files[name] = f
	}
	imp := importer.ForCompiler(fset, "gc", func(p string) (io.ReadCloser, error) {
		if mapped, ok := pkg.ImportMap[p]; ok {
			p = mapped
		}
		file, ok := exports[p]
		if !ok {
			return nil, fmt.Errorf("no export data for %s", p)
		}
		return os.Open(file)
	})
	conf := types.Config{Importer: imp}
	if _, err := conf.Check(pkg.ImportPath, fset, mapValues(files, "", nil), nil); err != nil {
		t.Fatalf("the package %s does not type-check unmutated: %v", pkg.ImportPath, err)
	}
	for _, m := range ms {
		name := path.Base(m.file)
		if files[name] == nil {
			t.Errorf("%s: %s is not among the files go list builds for %s", m.name, m.file, pkg.ImportPath)
			continue
		}
		src, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(m.file)))
		if err != nil {
			t.Fatal(err)
		}
		mutated, err := parser.ParseFile(fset, m.file, strings.Replace(string(src), m.old, m.new, 1), 0)
		if err != nil {
			t.Errorf("%s: the mutated file does not parse: %v", m.name, err)
			continue
		}
		if _, err := conf.Check(pkg.ImportPath, fset, mapValues(files, name, mutated), nil); err != nil {
			t.Errorf("%s: the mutated package does not build: %v", m.name, err)
		}
	}
}

// mapValues returns the files of files, with the one named name replaced by
// f when name is not "".
func mapValues(files map[string]*ast.File, name string, f *ast.File) []*ast.File {
	var out []*ast.File
	for n, file := range files {
		if n == name {
			file = f
		}
		out = append(out, file)
	}
	return out
}

// listedPackage is what go list -json says of a package.
type listedPackage struct {
	Dir, ImportPath, Export string
	GoFiles                 []string
	ImportMap               map[string]string
	DepOnly                 bool
	Error                   *struct{ Err string }
}

// listExports runs go list -export -deps on pattern in the module at dir,
// and returns the package pattern names and the export data file of it
// and every package it depends on, by import path.
func listExports(t *testing.T, dir, pattern string) (listedPackage, map[string]string) {
	t.Helper()
	cmd := exec.Command("go", "list", "-export", "-deps", "-json=Dir,ImportPath,Export,GoFiles,ImportMap,DepOnly,Error", pattern)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list -export %s in %s: %v\n%s", pattern, dir, err, stderr.Bytes())
	}
	exports := map[string]string{}
	var target []listedPackage
	dec := json.NewDecoder(bytes.NewReader(out))
	for dec.More() {
		var p listedPackage
		if err := dec.Decode(&p); err != nil {
			t.Fatalf("go list -export %s: %v", pattern, err)
		}
		if p.Error != nil {
			t.Fatalf("go list -export %s: %s: %s", pattern, p.ImportPath, p.Error.Err)
		}
		exports[p.ImportPath] = p.Export
		if !p.DepOnly {
			target = append(target, p)
		}
	}
	if len(target) != 1 {
		t.Fatalf("go list %s in %s: %d packages, want 1", pattern, dir, len(target))
	}
	return target[0], exports
}

// TestTestRuns checks that the packages of a mutant are run in the module
// each is in: the root's for a package below it, a nested module's (one with
// a go.mod of its own) for a package in or below that module.
func TestTestRuns(t *testing.T) {
	root := t.TempDir()
	for _, dir := range []string{"internal/warc", "internal/archive", "archive/beam/sub", "cmd/x"} {
		if err := os.MkdirAll(filepath.Join(root, dir), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, mod := range []string{".", "archive/beam"} {
		if err := os.WriteFile(filepath.Join(root, mod, "go.mod"), []byte("module m\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	beam := filepath.Join(root, "archive", "beam")
	for _, tc := range []struct {
		name    string
		pkgs    []string
		want    []testRun
		wantErr string
	}{
		{"the root", []string{"."}, []testRun{{root, []string{"."}}}, ""},
		{"the root's tree", []string{"./..."}, []testRun{{root, []string{"./..."}}}, ""},
		{"packages of the root module", []string{"./internal/warc", "./internal/archive", "."},
			[]testRun{{root, []string{"./internal/warc", "./internal/archive", "."}}}, ""},
		{"a pattern given twice runs once", []string{"./internal/warc", "./internal/warc/"},
			[]testRun{{root, []string{"./internal/warc"}}}, ""},
		{"a nested module", []string{"./archive/beam/..."}, []testRun{{beam, []string{"./..."}}}, ""},
		{"a package of a nested module", []string{"./archive/beam/sub"}, []testRun{{beam, []string{"./sub"}}}, ""},
		{"the nested module's root", []string{"./archive/beam"}, []testRun{{beam, []string{"."}}}, ""},
		{"two modules, in the order given", []string{"./archive/beam/...", ".", "./internal/warc"},
			[]testRun{{beam, []string{"./..."}}, {root, []string{".", "./internal/warc"}}}, ""},
		{"a directory between them is the root's", []string{"./archive"}, []testRun{{root, []string{"./archive"}}}, ""},
		{"outside the root", []string{"../x"}, nil, "not below the repository's root"},
		{"no such directory", []string{"./nowhere"}, nil, "no directory"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := testRuns(root, tc.pkgs)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("testRuns(%q) = %v, %v; want an error saying %q", tc.pkgs, got, err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, got, cmp.AllowUnexported(testRun{})); diff != "" {
				t.Errorf("testRuns(%q) mismatch (-want +got):\n%s", tc.pkgs, diff)
			}
		})
	}
}

// TestTally checks what fails a run: a mutant that survives without an
// equivalent reason, one with a reason that a test killed, and one that
// does not build; and what does not: killed mutants, and equivalent ones
// that survive.
func TestTally(t *testing.T) {
	plain := mutant{name: "plain"}
	equiv := mutant{name: "equiv", equivalent: "no test can tell."}
	for _, tc := range []struct {
		name    string
		ms      []mutant
		results []result
		want    counts
		ok      bool
	}{
		{"nothing run", nil, nil, counts{}, true},
		{"killed", []mutant{plain}, []result{{kind: killed, test: "TestX"}}, counts{killed: 1}, true},
		{"equivalent and surviving", []mutant{equiv}, []result{{kind: passed}}, counts{equivalent: 1}, true},
		{"surviving", []mutant{plain, equiv}, []result{{kind: passed}, {kind: passed}}, counts{survived: 1, equivalent: 1}, false},
		{"equivalent but killed", []mutant{equiv}, []result{{kind: killed, test: "TestX"}}, counts{killed: 1, wrongEquivalent: 1}, false},
		{"broken", []mutant{plain}, []result{{kind: broken}}, counts{broken: 1}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := tally(tc.ms, tc.results)
			if diff := cmp.Diff(tc.want, got, cmp.AllowUnexported(counts{})); diff != "" {
				t.Errorf("tally mismatch (-want +got):\n%s", diff)
			}
			if got.ok() != tc.ok {
				t.Errorf("tally(...).ok() = %v, want %v", got.ok(), tc.ok)
			}
		})
	}
}
