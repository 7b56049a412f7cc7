// Command layers checks the order of the files of the package in a
// directory: it lists each reference from a file to a name declared in a
// file of a higher layer, by the layer order given on the command line
// (files of one argument, joined by commas, share a layer), counts the
// pairs of files, and exits with status 1 if there is any, or if a file of
// the package is in no layer. .ci/run runs it on the library, whose order,
// from the bottom, is:
//
//	go run ./layers .. mimetype.go headers.go parse.go serialize.go groups.go \
//		pattern.go sniff_media.go sniff_unknown.go legacy.go,sniff.go context.go \
//		fetch.go crossorigin.go browser.go,chromium.go,firefox.go,webkit.go \
//		http.go serve.go handler.go doc.go
//
// legacy.go shares sniff.go's layer: the opt-in feed rules are methods of
// Resource that Sniff calls. The profiles share one: browser.go dispatches
// to each engine's file, which uses browser.go's helpers.
package main

import (
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

func main() {
	dir := os.Args[1]
	layer := map[string]int{}
	for i, group := range os.Args[2:] {
		for _, f := range strings.Split(group, ",") {
			layer[f] = i
		}
	}
	fset := token.NewFileSet()
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		panic(err)
	}
	var files []*ast.File
	unplaced := 0
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		if _, ok := layer[filepath.Base(name)]; !ok {
			fmt.Printf("%s is in no layer\n", filepath.Base(name))
			unplaced++
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			panic(err)
		}
		files = append(files, f)
	}
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}}
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	pkg, err := conf.Check("x", fset, files, info)
	if err != nil {
		panic(err)
	}
	pairs := map[string]bool{}
	for id, obj := range info.Uses {
		if obj.Pkg() != pkg {
			continue
		}
		// package-level objects, and methods and fields declared at package level
		from := filepath.Base(fset.Position(id.Pos()).Filename)
		to := filepath.Base(fset.Position(obj.Pos()).Filename)
		if from == to {
			continue
		}
		if _, ok := obj.(*types.Var); ok && obj.Parent() != pkg.Scope() {
			if v := obj.(*types.Var); !v.IsField() {
				continue
			}
		}
		if fn, ok := obj.(*types.Func); ok && fn.Parent() != nil && fn.Parent() != pkg.Scope() {
			continue
		}
		lf, ok1 := layer[from]
		lt, ok2 := layer[to]
		if !ok1 || !ok2 {
			continue
		}
		if lt > lf {
			pairs[fmt.Sprintf("%s -> %s (%s)", from, to, obj.Name())] = true
		}
	}
	filePairs := map[string]bool{}
	var out []string
	for p := range pairs {
		out = append(out, p)
		filePairs[p[:strings.Index(p, " (")]] = true
	}
	sort.Strings(out)
	for _, p := range out {
		fmt.Println(p)
	}
	fmt.Printf("%d file-to-file references up, %d names\n", len(filePairs), len(out))
	if len(out) > 0 || unplaced > 0 {
		os.Exit(1)
	}
}
