// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff_test

import (
	"bufio"
	"flag"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The API check, as Go checks its own (cmd/api): api/v1.txt lists every
// exported feature of the released API, one a line, and api/next.txt the
// features added since, until they are released. TestAPI fails when a
// feature of either file is gone or changed (a removed name, a changed
// signature, a struct field removed, a constant's value changed) and when
// the package has a feature neither file lists (an addition must be listed
// in api/next.txt on purpose). At a release, next.txt's lines move into the
// release's own file.
//
// The lines are in the form of Go's api files:
//
//	pkg github.com/mimesniff/mimesniff, func Parse(string) (MIMEType, error)
//	pkg github.com/mimesniff/mimesniff, method (MIMEType) String() string
//	pkg github.com/mimesniff/mimesniff, type Resource struct, NoSniff bool
//	pkg github.com/mimesniff/mimesniff, const HeaderSize = 1445

var apiUpdate = flag.Bool("api.update", false, "list in api/next.txt the features of the package that no api/ file lists, and drop those that are gone")

// apiFiles are the api/ files, released first; next.txt last.
var apiFiles = []string{"api/v1.txt", "api/next.txt"}

func TestAPI(t *testing.T) {
	features, err := apiFeatures(".")
	if err != nil {
		t.Fatal(err)
	}
	have := map[string]bool{}
	for _, f := range features {
		have[f] = true
	}
	listed := map[string]string{} // feature -> the file that lists it
	for _, name := range apiFiles {
		lines, err := readAPIFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range lines {
			if other, ok := listed[f]; ok {
				t.Errorf("%s and %s both list %q", other, name, f)
			}
			listed[f] = name
		}
	}
	if *apiUpdate {
		writeNext(t, features, listed)
		return
	}
	for _, name := range apiFiles {
		lines, _ := readAPIFile(name)
		for _, f := range lines {
			if !have[f] {
				t.Errorf("%s: %s: gone or changed (removing or changing a listed feature breaks its callers)", name, f)
			}
		}
	}
	for _, f := range features {
		if listed[f] == "" {
			t.Errorf("%s: not listed: an addition to the API goes in api/next.txt (go test -run TestAPI -api.update)", f)
		}
	}
}

// writeNext rewrites api/next.txt with the features no released file
// lists.
func writeNext(t *testing.T, features []string, listed map[string]string) {
	var next []string
	for _, f := range features {
		if file := listed[f]; file == "" || file == "api/next.txt" {
			next = append(next, f)
		}
	}
	text := nextHeader
	for _, f := range next {
		text += f + "\n"
	}
	if err := os.WriteFile("api/next.txt", []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// nextHeader opens api/next.txt.
const nextHeader = `# The exported features added since the last release, one a line, as
# TestAPI (api_test.go) lists them. go test -run TestAPI -api.update rewrites
# this file; at a release its lines move into the release's file.
`

// readAPIFile returns the features a file of api/ lists, skipping blank
// lines and # comments; a file that is not there lists none.
func readAPIFile(name string) ([]string, error) {
	f, err := os.Open(name)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line != "" && !strings.HasPrefix(line, "#") {
			lines = append(lines, line)
		}
	}
	return lines, sc.Err()
}

// apiFeatures returns the exported features of the package in dir, sorted,
// as lines of an api/ file. It reads the package's non-test files and
// type-checks them, so that a signature is written as its types, without
// parameter names, and a constant as its value.
func apiFeatures(dir string) ([]string, error) {
	fset := token.NewFileSet()
	pkg, err := checkDir(fset, dir, "github.com/mimesniff/mimesniff", sourceImporter{fset, dir, importer.Default()})
	if err != nil {
		return nil, err
	}
	return apiOf(pkg), nil
}

// checkDir type-checks the package of import path path from the non-test
// Go files of dir.
func checkDir(fset *token.FileSet, dir, path string, imp types.Importer) (*types.Package, error) {
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, err
	}
	var files []*ast.File
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	conf := types.Config{Importer: imp}
	return conf.Check(path, fset, files, nil)
}

// A sourceImporter imports the module's own packages (internal/jsscan)
// from their source below root, which the default importer cannot find in
// module mode, and every other package with std.
type sourceImporter struct {
	fset *token.FileSet
	root string
	std  types.Importer
}

func (s sourceImporter) Import(path string) (*types.Package, error) {
	rel, ok := strings.CutPrefix(path, modulePath+"/")
	if !ok {
		return s.std.Import(path)
	}
	return checkDir(s.fset, filepath.Join(s.root, filepath.FromSlash(rel)), path, s)
}

// apiOf returns the exported features of pkg, sorted.
func apiOf(pkg *types.Package) []string {
	prefix := "pkg " + pkg.Path() + ", "
	qualify := func(p *types.Package) string {
		if p == pkg {
			return ""
		}
		return p.Name()
	}
	var typ func(t types.Type) string
	typ = func(t types.Type) string {
		if sig, ok := t.(*types.Signature); ok {
			return "func" + signature(sig, typ) // no parameter names
		}
		return types.TypeString(t, qualify)
	}
	var out []string
	add := func(format string, a ...any) { out = append(out, prefix+fmt.Sprintf(format, a...)) }
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		obj := scope.Lookup(name)
		if !obj.Exported() {
			continue
		}
		switch obj := obj.(type) {
		case *types.Const:
			if b, ok := obj.Type().(*types.Basic); ok && b.Info()&types.IsUntyped != 0 {
				add("const %s %s", name, untypedKind(b))
			} else {
				add("const %s %s", name, typ(obj.Type()))
			}
			add("const %s = %s", name, obj.Val().ExactString())
		case *types.Var:
			add("var %s %s", name, typ(obj.Type()))
		case *types.Func:
			add("func %s%s", name, signature(obj.Type().(*types.Signature), typ))
		case *types.TypeName:
			out = append(out, typeFeatures(prefix, obj, typ)...)
		}
	}
	slices.Sort(out)
	return out
}

// typeFeatures returns the features of the exported type obj: the type
// itself, its exported fields or interface methods, and its exported
// methods.
func typeFeatures(prefix string, obj *types.TypeName, typ func(types.Type) string) []string {
	name := obj.Name()
	under := obj.Type().Underlying()
	var out []string
	switch u := under.(type) {
	case *types.Struct:
		out = append(out, prefix+"type "+name+" struct")
		for i := range u.NumFields() {
			f := u.Field(i)
			switch {
			case f.Embedded():
				out = append(out, prefix+"type "+name+" struct, embedded "+typ(f.Type()))
			case f.Exported():
				out = append(out, prefix+"type "+name+" struct, "+f.Name()+" "+typ(f.Type()))
			}
		}
	case *types.Interface:
		out = append(out, prefix+"type "+name+" interface { "+interfaceMethods(u)+" }")
		for i := range u.NumMethods() {
			m := u.Method(i)
			if m.Exported() {
				out = append(out, prefix+"type "+name+" interface, "+m.Name()+signature(m.Type().(*types.Signature), typ))
			}
		}
	default:
		out = append(out, prefix+"type "+name+" "+typ(under))
	}
	if obj.IsAlias() {
		out[0] = prefix + "type " + name + " = " + typ(obj.Type())
	}
	named, ok := obj.Type().(*types.Named)
	if !ok {
		return out
	}
	for i := range named.NumMethods() {
		m := named.Method(i)
		if !m.Exported() {
			continue
		}
		sig := m.Type().(*types.Signature)
		recv := name
		if _, ptr := sig.Recv().Type().(*types.Pointer); ptr {
			recv = "*" + name
		}
		out = append(out, prefix+"method ("+recv+") "+m.Name()+signature(sig, typ))
	}
	return out
}

// signature writes sig's parameters and results by their types alone, as
// a name is no part of the API: "(string, ...int) (T, error)".
func signature(sig *types.Signature, typ func(types.Type) string) string {
	list := func(t *types.Tuple, variadic bool) []string {
		var s []string
		for i := range t.Len() {
			p := t.At(i).Type()
			if variadic && i == t.Len()-1 {
				s = append(s, "..."+typ(p.(*types.Slice).Elem()))
				continue
			}
			s = append(s, typ(p))
		}
		return s
	}
	out := "(" + strings.Join(list(sig.Params(), sig.Variadic()), ", ") + ")"
	switch results := list(sig.Results(), false); len(results) {
	case 0:
	case 1:
		out += " " + results[0]
	default:
		out += " (" + strings.Join(results, ", ") + ")"
	}
	return out
}

// interfaceMethods lists an interface's method names, unexported ones
// included (they decide who can implement it), sorted.
func interfaceMethods(u *types.Interface) string {
	var names []string
	for i := range u.NumMethods() {
		names = append(names, u.Method(i).Name())
	}
	slices.Sort(names)
	return strings.Join(names, ", ")
}

// untypedKind names the kind of an untyped constant as Go's api files do.
func untypedKind(b *types.Basic) string {
	switch b.Kind() {
	case types.UntypedInt, types.UntypedRune:
		return "ideal-int"
	case types.UntypedFloat:
		return "ideal-float"
	case types.UntypedComplex:
		return "ideal-complex"
	case types.UntypedString:
		return "ideal-string"
	case types.UntypedBool:
		return "ideal-bool"
	}
	return b.String()
}

// TestAPIFeaturesCatch checks that the API check tells each kind of change
// its bad input lists: a removed method, a changed parameter type, a struct
// field removed, a constant's value changed, and an exported function
// added, each against the same small package as it was.
func TestAPIFeaturesCatch(t *testing.T) {
	const base = `package p
type T struct{ A int; b int }
func (T) M(x int) string { return "" }
const C = 1
type E uint8
const (
	E0 E = iota
	E1
)
func F(s string, b []byte) (int, error) { return 0, nil }
`
	for _, tc := range []struct {
		name       string
		from, to   string // replaced in base; to "" deletes
		gone, more []string
	}{
		{name: "unchanged", from: "", to: ""},
		{name: "method removed", from: `func (T) M(x int) string { return "" }`, to: "",
			gone: []string{"pkg p, method (T) M(int) string"}},
		{name: "parameter type changed", from: "func F(s string, b []byte)", to: "func F(s string, b string)",
			gone: []string{"pkg p, func F(string, []byte) (int, error)"},
			more: []string{"pkg p, func F(string, string) (int, error)"}},
		{name: "parameter renamed is no change", from: "func F(s string, b []byte)", to: "func F(name string, data []byte)"},
		{name: "struct field removed", from: "A int; b int", to: "b int",
			gone: []string{"pkg p, type T struct, A int"}},
		{name: "unexported field removed is no change", from: "A int; b int", to: "A int"},
		{name: "constant value changed", from: "const C = 1", to: "const C = 2",
			gone: []string{"pkg p, const C = 1"},
			more: []string{"pkg p, const C = 2"}},
		{name: "enumeration reordered", from: "E0 E = iota\n\tE1", to: "E1 E = iota\n\tE0",
			gone: []string{"pkg p, const E0 = 0", "pkg p, const E1 = 1"},
			more: []string{"pkg p, const E0 = 1", "pkg p, const E1 = 0"}},
		{name: "function added", from: "const C = 1", to: "const C = 1\nfunc G() {}",
			more: []string{"pkg p, func G()"}},
		{name: "a func parameter's parameter renamed is no change", from: "const C = 1", to: "const C = 1\nfunc H(f func(x int) bool) {}",
			more: []string{"pkg p, func H(func(int) bool)"}},
		{name: "receiver made a pointer", from: "func (T) M(", to: "func (*T) M(",
			gone: []string{"pkg p, method (T) M(int) string"},
			more: []string{"pkg p, method (*T) M(int) string"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := base
			if tc.from != "" {
				if !strings.Contains(src, tc.from) {
					t.Fatalf("%q is not in the base package", tc.from)
				}
				src = strings.Replace(src, tc.from, tc.to, 1)
			}
			was, now := apiOfSource(t, base), apiOfSource(t, src)
			var gone, more []string
			for _, f := range was {
				if !slices.Contains(now, f) {
					gone = append(gone, f)
				}
			}
			for _, f := range now {
				if !slices.Contains(was, f) {
					more = append(more, f)
				}
			}
			if diff := cmp.Diff(tc.gone, gone); diff != "" {
				t.Errorf("gone (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tc.more, more); diff != "" {
				t.Errorf("added (-want +got):\n%s", diff)
			}
		})
	}
}

// apiOfSource returns the features of a one-file package.
func apiOfSource(t *testing.T, src string) []string {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := (&types.Config{}).Check("p", fset, []*ast.File{f}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return apiOf(pkg)
}
