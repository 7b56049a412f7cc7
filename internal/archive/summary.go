// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package archive

import (
	"bufio"
	"cmp"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/mimesniff/mimesniff"
)

// A Row is a row of the summary table: a profile, the declared type's
// essence and the computed type's essence. Declared is "(none)" for a
// response without Content-Type and "(unparsable)" for one whose values
// give no type (mimesniff.ExtractMIMEType).
type Row struct {
	Browser, Declared, Computed string
}

// A Count is what the table counts for a row: records, those in which the
// profile runs script in the document (Answer.Script), and those of them
// whose declared type hides it (Hidden).
type Count struct {
	Records, Script, Hidden int64
}

// Totals count the outcomes of Each: records read (answered or skipped,
// not those with an error), sniffed, reported without a type (revisit and
// continuation), skipped, and errors.
type Totals struct {
	Read, Sniffed, Noted, Skipped, Errors int64
}

// A Table is the summary of many records: their totals, and the count of
// each row, for every profile. The zero Table is empty and ready to use.
type Table struct {
	Totals Totals
	Rows   map[Row]Count
}

// Hidden returns the profiles in which a renders as a document that runs
// script while its declared type is not one the profile runs script in
// (mimesniff.Browser.Scriptable): no Content-Type, text/plain, an image,
// ... The declared type is the one Fetch extracts, as Chromium and Firefox
// read it.
func (a *Answer) Hidden() mimesniff.BrowserSet {
	if a.Script == 0 {
		return 0
	}
	return a.hidden(a.DeclaredType())
}

// hidden is Hidden, for declared, a's declared type.
func (a *Answer) hidden(declared mimesniff.MIMEType) mimesniff.BrowserSet {
	var s mimesniff.BrowserSet
	for _, b := range Browsers {
		if a.Script.Has(b) && !b.Scriptable(declared) {
			s |= 1 << b
		}
	}
	return s
}

// declaredColumn returns the Declared column of a, whose declared type is
// t.
func (a *Answer) declaredColumn(t mimesniff.MIMEType) string {
	switch {
	case !a.HasDeclared:
		return "(none)"
	case !t.IsValid():
		return "(unparsable)"
	}
	return t.Essence()
}

// Add counts one outcome of Each.
func (t *Table) Add(a *Answer, err error) {
	t.each(a, err, func(r Row, c Count) {
		if t.Rows == nil {
			t.Rows = map[Row]Count{}
		}
		old := t.Rows[r]
		t.Rows[r] = Count{old.Records + c.Records, old.Script + c.Script, old.Hidden + c.Hidden}
	})
}

// each calls add with the rows of one outcome, and counts its totals.
func (t *Table) each(a *Answer, err error, add func(Row, Count)) {
	switch {
	case err != nil:
		t.Totals.Errors++
		return
	case a.Kind == Skipped:
		t.Totals.Read++
		t.Totals.Skipped++
		return
	case a.Kind != Sniffed:
		t.Totals.Read++
		t.Totals.Noted++
		return
	}
	t.Totals.Read++
	t.Totals.Sniffed++
	dt := a.DeclaredType()
	declared := a.declaredColumn(dt)
	hidden := a.hidden(dt)
	for i, b := range Browsers {
		c := Count{Records: 1}
		if a.Script.Has(b) {
			c.Script = 1
		}
		if hidden.Has(b) {
			c.Hidden = 1
		}
		add(Row{b.String(), declared, a.Computed[i].Essence()}, c)
	}
}

// Keys returns the table's keys for one outcome of Each, as strings a
// pipeline can count: one per row ("row", browser, declared, computed,
// script, hidden, tab-separated), then the totals it adds to ("total" and
// a Totals field's name). Counting each key and giving the counts to
// TableOf gives the Table that Add makes.
func Keys(a *Answer, err error) []string {
	var t Table
	var keys []string
	t.each(a, err, func(r Row, c Count) {
		keys = append(keys, strings.Join([]string{"row", r.Browser, r.Declared, r.Computed, strconv.FormatInt(c.Script, 10), strconv.FormatInt(c.Hidden, 10)}, "\t"))
	})
	for _, f := range t.totals() {
		if *f.n > 0 {
			keys = append(keys, "total\t"+f.name)
		}
	}
	return keys
}

// TableOf returns the table of the keys of Keys, each with how many times
// it was given.
func TableOf(counts map[string]int64) (*Table, error) {
	t := &Table{Rows: map[Row]Count{}}
	fields := t.totals()
	for k, n := range counts {
		p := strings.Split(k, "\t")
		switch {
		case len(p) == 6 && p[0] == "row" && (p[4] == "0" || p[4] == "1") && (p[5] == "0" || p[5] == "1"):
			r := Row{p[1], p[2], p[3]}
			old := t.Rows[r]
			c := Count{old.Records + n, old.Script, old.Hidden}
			if p[4] == "1" {
				c.Script += n
			}
			if p[5] == "1" {
				c.Hidden += n
			}
			t.Rows[r] = c
		case len(p) == 2 && p[0] == "total":
			i := slices.IndexFunc(fields, func(f totalField) bool { return f.name == p[1] })
			if i < 0 {
				return nil, fmt.Errorf("unknown total %q", p[1])
			}
			*fields[i].n += n
		default:
			return nil, fmt.Errorf("malformed summary key %q", k)
		}
	}
	return t, nil
}

// A totalField names a field of Totals.
type totalField struct {
	name string
	n    *int64
}

// totals returns the fields of t's totals, in order.
func (t *Table) totals() []totalField {
	return []totalField{
		{"read", &t.Totals.Read},
		{"sniffed", &t.Totals.Sniffed},
		{"noted", &t.Totals.Noted},
		{"skipped", &t.Totals.Skipped},
		{"errors", &t.Totals.Errors},
	}
}

// Merge adds u's counts to t.
func (t *Table) Merge(u *Table) {
	ut := u.totals()
	for i, f := range t.totals() {
		*f.n += *ut[i].n
	}
	for r, c := range u.Rows {
		if t.Rows == nil {
			t.Rows = map[Row]Count{}
		}
		old := t.Rows[r]
		t.Rows[r] = Count{old.Records + c.Records, old.Script + c.Script, old.Hidden + c.Hidden}
	}
}

// WriteTo writes the table as tab-separated values: a header line, the
// rows sorted by profile (in the order of Browsers), declared type and
// computed type, then a line of totals:
//
//	browser	declared	computed	records	script	hidden
//	standard	text/plain	text/plain	12	0	0
//	chromium	text/plain	text/html	3	3	3
//	...
//	total	read 2816	sniffed 1406	noted 0	skipped 1410	errors 0
//
// script counts the records in which the profile runs script in the
// document, hidden those of them whose declared type is not one the
// profile runs script in.
func (t *Table) WriteTo(w io.Writer) (int64, error) {
	rank := map[string]int{}
	for i, b := range Browsers {
		rank[b.String()] = i
	}
	rows := make([]Row, 0, len(t.Rows))
	for r := range t.Rows {
		rows = append(rows, r)
	}
	slices.SortFunc(rows, func(a, b Row) int {
		return cmp.Or(cmp.Compare(rank[a.Browser], rank[b.Browser]), strings.Compare(a.Browser, b.Browser),
			strings.Compare(a.Declared, b.Declared), strings.Compare(a.Computed, b.Computed))
	})
	cw := &countWriter{w: bufio.NewWriter(w)}
	fmt.Fprintf(cw, "browser\tdeclared\tcomputed\trecords\tscript\thidden\n")
	for _, r := range rows {
		c := t.Rows[r]
		fmt.Fprintf(cw, "%s\t%s\t%s\t%d\t%d\t%d\n", r.Browser, r.Declared, r.Computed, c.Records, c.Script, c.Hidden)
	}
	fmt.Fprintf(cw, "total")
	for _, f := range t.totals() {
		fmt.Fprintf(cw, "\t%s %d", f.name, *f.n)
	}
	fmt.Fprintf(cw, "\n")
	err := cw.w.(*bufio.Writer).Flush()
	return cw.n, errors.Join(cw.err, err)
}

// countWriter counts what is written to w and keeps the first error.
type countWriter struct {
	w   io.Writer
	n   int64
	err error
}

func (c *countWriter) Write(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.w.Write(p)
	c.n += int64(n)
	c.err = err
	return n, err
}
