// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff_test

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
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
