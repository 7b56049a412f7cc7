// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff_test

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/build"
	"go/doc/comment"
	"go/format"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// snippetGivens declare what the Go snippets of the README and docs/ take
// as given: the names a reader's own code provides.
const snippetGivens = `
var (
	claim         string
	data          []byte
	images        map[string]bool
	errRefused    error
	store         func([]byte, mimesniff.Headers)
	w             http.ResponseWriter
	mux           *http.ServeMux
	uploads       http.FileSystem
	header        http.Header
	url           string
	client        *http.Client
	maxBody       int64
	avatarHandler func(http.ResponseWriter, *http.Request)
)
`

// TestDocSnippets compiles every Go snippet of README.md and docs/*.md, so
// that a snippet that no longer builds (a removed name, a changed
// signature, a shadowed builtin) fails here. A snippet that starts with
// "func" is a declaration; any other is the body of a function returning an
// error, and each variable it declares is marked used, as a reader's code
// would use it.
func TestDocSnippets(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	files, _ := filepath.Glob("docs/*.md")
	files = append([]string{"README.md"}, files...)
	block := regexp.MustCompile("(?s)\n```go\n(.*?)\n```")
	var src strings.Builder
	n := 0
	for _, name := range files {
		text, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range block.FindAllSubmatch(text, -1) {
			n++
			fmt.Fprintf(&src, "\n// %s, snippet %d\n", name, n)
			code := string(m[1])
			if strings.HasPrefix(code, "package ") {
				continue // a whole program: tools/readme-setup.sh builds and runs it
			}
			if strings.HasPrefix(code, "func ") {
				src.WriteString(code + "\n")
				continue
			}
			body, err := markUsed(code)
			if err != nil {
				t.Errorf("%s: snippet %d does not parse: %v\n%s", name, n, err, code)
				continue
			}
			fmt.Fprintf(&src, "func snippet%d() error {\n%s\nreturn nil\n}\n", n, body)
		}
	}
	if n == 0 {
		t.Fatal("no Go snippets found")
	}
	file := "package snippets\n\n" + `import (
	"errors"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/mimesniff/mimesniff"
)

var (
	_ = errors.New
	_ = fmt.Errorf
	_ = io.ReadAll
	_ = log.Printf
	_ = httptest.NewServer
	_ testing.T
)
` + snippetGivens + src.String()
	formatted, err := format.Source([]byte(file))
	if err != nil {
		t.Fatalf("the snippets do not parse together: %v\n%s", err, file)
	}
	dir, err := os.MkdirTemp("testdata", "snippets-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(dir)
	if err := os.WriteFile(filepath.Join(dir, "snippets.go"), formatted, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "build", "-o", os.DevNull, "./"+filepath.ToSlash(dir))
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		t.Errorf("the %d snippets do not build: %v\n%s\n%s", n, err, out.String(), formatted)
	}
}

// markUsed returns the statements code with `_ = v` after each statement
// that declares variables v with :=, so that the snippet builds as the
// fragment of a program it is.
func markUsed(code string) (string, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "", "package p\nfunc _() error {\n"+code+"\n}", 0)
	if err != nil {
		return "", err
	}
	fn := f.Decls[0].(*ast.FuncDecl)
	var b strings.Builder
	for _, stmt := range fn.Body.List {
		var s bytes.Buffer
		format.Node(&s, fset, stmt)
		b.Write(s.Bytes())
		b.WriteByte('\n')
		if as, ok := stmt.(*ast.AssignStmt); ok && as.Tok == token.DEFINE {
			for _, lhs := range as.Lhs {
				if id, ok := lhs.(*ast.Ident); ok && id.Name != "_" {
					fmt.Fprintf(&b, "_ = %s\n", id.Name)
				}
			}
		}
		if ds, ok := stmt.(*ast.DeclStmt); ok {
			for _, spec := range ds.Decl.(*ast.GenDecl).Specs {
				if vs, ok := spec.(*ast.ValueSpec); ok {
					for _, id := range vs.Names {
						fmt.Fprintf(&b, "_ = %s\n", id.Name)
					}
				}
			}
		}
	}
	return b.String(), nil
}

// The names the documentation cites: every doc link of a Go comment ([Name],
// [Type.Method], [http.Header]), every Go name a Markdown file of the README
// and docs/ writes in backticks (`ReportFor`, `Report.Verdict`,
// `mimesniff.Handler`, `http.DetectContentType`) and every Go file it names
// (`browser.go`) must exist, so that a rename or a removal leaves no stale
// name behind (TestDocNames).

// modulePath is the import path of the repository's root; every package of
// the repository, in any of its modules, is modulePath + "/" + its folder.
const modulePath = "github.com/mimesniff/mimesniff"

// repoNames holds what the repository's Go files declare.
type repoNames struct {
	// byPath holds, by import path, each package's top-level names,
	// "Type.Member" for the methods and fields of its types, and "" for
	// the package itself.
	byPath map[string]map[string]bool
	// any holds the same names over every package, test files included.
	any map[string]bool
	// files are the Go files' paths from the root, and their base names.
	files map[string]bool
	// docs are the comment groups of each package's non-test files, with
	// the imports of their file.
	docs []docComment
	fset *token.FileSet
}

type docComment struct {
	path    string            // the package's import path
	imports map[string]string // the file's imports by name
	group   *ast.CommentGroup
}

// readRepoNames parses every Go file of the repository under root.
func readRepoNames(t *testing.T, root string) *repoNames {
	t.Helper()
	r := &repoNames{byPath: map[string]map[string]bool{}, any: map[string]bool{}, files: map[string]bool{}, fset: token.NewFileSet()}
	err := filepath.WalkDir(root, func(name string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == "node_modules" || strings.HasPrefix(d.Name(), "snippets-")) {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(name, ".go") {
			return nil
		}
		rel, _ := filepath.Rel(root, name)
		rel = filepath.ToSlash(rel)
		r.files[rel], r.files[filepath.Base(rel)] = true, true
		f, err := parser.ParseFile(r.fset, name, nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		path := modulePath
		if dir := filepath.ToSlash(filepath.Dir(rel)); dir != "." {
			path += "/" + dir
		}
		names := r.byPath[path]
		if names == nil {
			names = map[string]bool{"": true}
			r.byPath[path] = names
		}
		for _, n := range declaredNames(f) {
			// A member counts under its name alone too, as go doc
			// finds one: "go doc SniffAs".
			_, member, _ := strings.Cut(n, ".")
			r.any[n], r.any[member] = true, true
			if !strings.HasSuffix(name, "_test.go") {
				names[n] = true
			}
		}
		if strings.HasSuffix(name, "_test.go") {
			return nil
		}
		imports := map[string]string{}
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			n := p[strings.LastIndex(p, "/")+1:]
			if imp.Name != nil {
				n = imp.Name.Name
			}
			imports[n] = p
		}
		for _, g := range f.Comments {
			r.docs = append(r.docs, docComment{path, imports, g})
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// declaredNames returns the top-level names f declares, and "Type.Member"
// for the methods and the fields of its types.
func declaredNames(f *ast.File) []string {
	var out []string
	for _, decl := range f.Decls {
		switch d := decl.(type) {
		case *ast.FuncDecl:
			if d.Recv == nil {
				out = append(out, d.Name.Name)
				continue
			}
			recv := d.Recv.List[0].Type
			for {
				switch e := recv.(type) {
				case *ast.StarExpr:
					recv = e.X
					continue
				case *ast.IndexExpr:
					recv = e.X
					continue
				case *ast.IndexListExpr:
					recv = e.X
					continue
				}
				break
			}
			if id, ok := recv.(*ast.Ident); ok {
				out = append(out, id.Name+"."+d.Name.Name)
			}
		case *ast.GenDecl:
			for _, spec := range d.Specs {
				switch s := spec.(type) {
				case *ast.ValueSpec:
					for _, n := range s.Names {
						out = append(out, n.Name)
					}
				case *ast.TypeSpec:
					out = append(out, s.Name.Name)
					switch u := s.Type.(type) {
					case *ast.StructType:
						for _, fl := range u.Fields.List {
							for _, n := range fl.Names {
								out = append(out, s.Name.Name+"."+n.Name)
							}
						}
					case *ast.InterfaceType:
						for _, m := range u.Methods.List {
							for _, n := range m.Names {
								out = append(out, s.Name.Name+"."+n.Name)
							}
						}
					}
				}
			}
		}
	}
	return out
}

// resolve reports whether recv.name (name alone if recv is "") is declared
// in the package of import path path: one of the repository's, or one of
// Go's own.
func (r *repoNames) resolve(path, recv, name string) bool {
	sym := name
	if recv != "" {
		sym = recv + "." + name
	}
	if names, ok := r.byPath[path]; ok {
		return names[sym]
	}
	pkg, err := importer.Default().Import(path)
	if err != nil {
		return false
	}
	if name == "" {
		return true
	}
	if recv == "" {
		return pkg.Scope().Lookup(name) != nil
	}
	tn, ok := pkg.Scope().Lookup(recv).(*types.TypeName)
	if !ok {
		return false
	}
	obj, _, _ := types.LookupFieldOrMethod(tn.Type(), true, pkg, name)
	return obj != nil
}

// TestDocNames checks that every name the documentation cites exists: the
// doc links of every Go comment of the repository (the package docs
// included), and the Go names and Go files that README.md and docs/*.md
// write in backticks.
func TestDocNames(t *testing.T) {
	r := readRepoNames(t, ".")
	for _, d := range r.docs {
		for _, link := range r.staleLinks(d) {
			t.Errorf("%s: the doc link %s names nothing", r.fset.Position(d.group.Pos()), link)
		}
	}
	files, _ := filepath.Glob("docs/*.md")
	files = append([]string{"README.md"}, files...)
	for _, name := range files {
		text, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range backticked.FindAllSubmatchIndex(text, -1) {
			span := string(text[m[2]:m[3]])
			line := 1 + bytes.Count(text[:m[0]], []byte("\n"))
			if why := r.markdownName(span); why != "" {
				t.Errorf("%s:%d: `%s`: %s", name, line, span, why)
			}
		}
	}
}

// staleLinks returns the doc links of d's comment that name nothing.
func (r *repoNames) staleLinks(d docComment) []string {
	var stale []string
	for _, link := range docLinks(d) {
		if !r.resolve(link.ImportPath, link.Recv, link.Name) {
			stale = append(stale, linkText(link))
		}
	}
	return stale
}

// TestDocNamesCatch checks that TestDocNames fails on a stale name in each
// place it reads, and on nothing else: a package doc, a declaration's doc,
// and a Markdown code span, each with the names that exist beside them.
func TestDocNamesCatch(t *testing.T) {
	r := readRepoNames(t, ".")
	const src = `// Package p cites [Missing], [mimesniff.ReportFor] and [http.Header].
package p

import (
	"net/http"

	"github.com/mimesniff/mimesniff"
)

// F cites [mimesniff.Report.Verdict], [mimesniff.Report.Destinations],
// [http.NoSuchName], [io.Reader], [F], b[i] and [0, n).
func F(http.Header, mimesniff.Report) {}
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	const path = modulePath + "/p"
	r.byPath[path] = map[string]bool{"": true, "F": true}
	imports := map[string]string{"http": "net/http", "mimesniff": modulePath}
	var stale []string
	for _, g := range f.Comments {
		stale = append(stale, r.staleLinks(docComment{path, imports, g})...)
	}
	want := []string{"[Missing]", "[mimesniff.Report.Destinations]", "[http.NoSuchName]"}
	if diff := cmp.Diff(want, stale); diff != "" {
		t.Errorf("stale doc links (-want +got):\n%s", diff)
	}
	for _, tc := range []struct {
		span  string
		stale bool
	}{
		{"ReportFor", false},
		{"mimesniff.ReportFor", false},
		{"mimesniff.Report.Verdict", false},
		{"Report.Verdict", false},
		{"Verdict", false}, // a method under its name alone, as go doc finds it
		{"*Resource", false},
		{"SafeHeaders()", false},
		{"http.Header", false},
		{"http.ResponseWriter.WriteHeader", false},
		{"GET", false},           // no Go name
		{"Content-Type", false},  // no Go name
		{"gowarc.Reader", false}, // another module's: not resolved
		{"browser.go", false},    // the repository's
		{"net/http/server.go", false},
		{"ReportForAll", true},
		{"mimesniff.Missing", true},
		{"Report.Destinations", true},
		{"http.NoSuchName", true},
		{"browsers.go", true},
		{"TestNoSuchTest", true},
	} {
		if got := r.markdownName(tc.span) != ""; got != tc.stale {
			t.Errorf("markdownName(%q) stale = %v, want %v", tc.span, got, tc.stale)
		}
	}
}

// backticked finds the code spans of a Markdown text that are one word:
// no space, no backtick.
var backticked = regexp.MustCompile("`([^`\\s]+)`")

// goName matches a Go name as go doc writes one: Name, Type.Member,
// pkg.Name, pkg.Type.Member, with an optional * or a call's ().
var goName = regexp.MustCompile(`^\*?([a-z][a-z0-9]*\.)?([A-Z][A-Za-z0-9_]*)(\.[A-Z][A-Za-z0-9_]*)?(\(\))?$`)

// markdownName returns why span, a code span of Markdown, names nothing, or
// "" if it names something or is no Go name.
func (r *repoNames) markdownName(span string) string {
	if strings.HasSuffix(span, ".go") && !strings.ContainsAny(span, "*?") {
		if r.files[strings.TrimPrefix(span, "./")] {
			return ""
		}
		if _, err := os.Stat(filepath.Join(build.Default.GOROOT, "src", span)); err == nil {
			return "" // one of Go's own, as net/http/server.go
		}
		return "no such Go file in the repository, nor in Go's source"
	}
	m := goName.FindStringSubmatch(span)
	if m == nil {
		return ""
	}
	pkg, name, member := strings.TrimSuffix(m[1], "."), m[2], strings.TrimPrefix(m[3], ".")
	switch {
	case pkg == "mimesniff":
		if member == "" {
			if !r.resolve(modulePath, "", name) {
				return "the package declares no " + name
			}
		} else if !r.resolve(modulePath, name, member) {
			return "the package's " + name + " has no " + member
		}
		return ""
	case pkg != "":
		path, ok := stdPackages[pkg]
		if !ok {
			return "" // another package's name, not resolved here
		}
		recv := ""
		if member != "" {
			recv, name = name, member
		}
		if !r.resolve(path, recv, name) {
			return path + " declares no " + span
		}
		return ""
	case member != "":
		if r.any[name+"."+member] || r.resolve(modulePath, name, member) {
			return ""
		}
		return "no type " + name + " of the repository has a member " + member
	}
	if r.any[name] || notGoNames[name] || allCaps.MatchString(name) {
		return ""
	}
	if stdNames()[name] {
		return "" // such as DetectContentType, or Flush, of net/http
	}
	return "names nothing the repository or the packages it documents declare (a stale name? if it is no Go name, add it to notGoNames)"
}

// stdPackages are the packages of Go's own that the documentation names, by
// the name it writes them with.
var stdPackages = map[string]string{
	"http": "net/http", "httptest": "net/http/httptest", "httputil": "net/http/httputil",
	"textproto": "net/textproto", "io": "io", "bufio": "bufio", "mime": "mime",
	"gzip": "compress/gzip", "flate": "compress/flate", "zlib": "compress/zlib",
	"strings": "strings", "bytes": "bytes", "errors": "errors", "os": "os",
	"utf8": "unicode/utf8", "json": "encoding/json", "netip": "net/netip", "testing": "testing",
}

// allCaps matches the words of upper-case letters, digits and underscores
// that name HTTP methods (GET), environment variables (MIMESNIFF_WPT_DIR)
// and browsers' error codes (NS_BINDING_ABORTED), which Go's names are not
// spelled as.
var allCaps = regexp.MustCompile(`^[A-Z][A-Z0-9_]*$`)

// stdNames returns the exported names the packages of stdPackages declare,
// and the names of the methods and fields of their types.
var stdNames = sync.OnceValue(func() map[string]bool {
	names := map[string]bool{}
	for _, path := range stdPackages {
		pkg, err := importer.Default().Import(path)
		if err != nil {
			continue
		}
		for _, name := range pkg.Scope().Names() {
			names[name] = true
			tn, ok := pkg.Scope().Lookup(name).(*types.TypeName)
			if !ok {
				continue
			}
			for _, t := range []types.Type{tn.Type(), types.NewPointer(tn.Type())} {
				ms := types.NewMethodSet(t)
				for i := range ms.Len() {
					names[ms.At(i).Obj().Name()] = true
				}
			}
			if st, ok := tn.Type().Underlying().(*types.Struct); ok {
				for i := range st.NumFields() {
					names[st.Field(i).Name()] = true
				}
			}
			if it, ok := tn.Type().Underlying().(*types.Interface); ok {
				for i := range it.NumMethods() {
					names[it.Method(i).Name()] = true
				}
			}
		}
	}
	return names
})

// notGoNames are the words the documentation writes in backticks that look
// like Go names and are none, each with what it is.
var notGoNames = map[string]bool{
	"Lax":      true, // a cookie's SameSite value (docs/crossorigin.md)
	"None":     true, // a cookie's SameSite value
	"Filtered": true, // Firefox's ORB log's word for a response it empties
	"GIF89a":   true, // the GIF signature's bytes

	// Functions of the engines' C++ (docs/crossorigin.md).
	"MaybeSkipHtmlComment": true, // Chromium's orb_sniffers.cc
	"ParseMimeType":        true, // Chromium's net/http/http_util.cc
}

// docLinks returns the doc links of d's comment.
func docLinks(d docComment) []*comment.DocLink {
	p := comment.Parser{
		LookupPackage: func(name string) (string, bool) {
			path, ok := d.imports[name]
			return path, ok
		},
		LookupSym: func(recv, name string) bool { return true },
	}
	var links []*comment.DocLink
	var walk func([]comment.Text)
	walk = func(text []comment.Text) {
		for _, t := range text {
			switch t := t.(type) {
			case *comment.DocLink:
				if t.ImportPath == "" {
					t.ImportPath = d.path
				}
				links = append(links, t)
			case *comment.Link:
				walk(t.Text)
			case *comment.Italic, comment.Plain:
			}
		}
	}
	for _, b := range p.Parse(d.group.Text()).Content {
		switch b := b.(type) {
		case *comment.Paragraph:
			walk(b.Text)
		case *comment.Heading:
			walk(b.Text)
		case *comment.List:
			for _, item := range b.Items {
				for _, c := range item.Content {
					if para, ok := c.(*comment.Paragraph); ok {
						walk(para.Text)
					}
				}
			}
		}
	}
	return links
}

// linkText returns a doc link as its comment writes it.
func linkText(l *comment.DocLink) string {
	var b strings.Builder
	for _, t := range l.Text {
		if p, ok := t.(comment.Plain); ok {
			b.WriteString(string(p))
		}
	}
	return "[" + b.String() + "]"
}
