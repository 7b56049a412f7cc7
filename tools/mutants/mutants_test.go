package main

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMutantsApply checks the table against the library as it is: each
// mutant's old text is in its file once, and the package with the file
// mutated still type-checks (an unused variable is a build error), so that
// a change to the library that makes a mutant stale or broken fails here
// rather than in a run of an hour.
func TestMutantsApply(t *testing.T) {
	const root = "../.."
	if err := check(root, mutants); err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	names, err := filepath.Glob(filepath.Join(root, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]*ast.File{}
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		files[filepath.Base(name)] = f
	}
	imp := importer.Default()
	for _, m := range mutants {
		if m.rule == "" || !strings.HasSuffix(m.rule, ".") {
			t.Errorf("%s: its rule is not a sentence: %q", m.name, m.rule)
		}
		src, err := os.ReadFile(filepath.Join(root, m.file))
		if err != nil {
			t.Fatal(err)
		}
		mutated, err := parser.ParseFile(fset, m.file, strings.Replace(string(src), m.old, m.new, 1), 0)
		if err != nil {
			t.Errorf("%s: the mutated file does not parse: %v", m.name, err)
			continue
		}
		var pkg []*ast.File
		for name, f := range files {
			if name == m.file {
				f = mutated
			}
			pkg = append(pkg, f)
		}
		conf := types.Config{Importer: imp}
		if _, err := conf.Check("github.com/mimesniff/mimesniff", fset, pkg, nil); err != nil {
			t.Errorf("%s: the mutated package does not build: %v", m.name, err)
		}
	}
}
