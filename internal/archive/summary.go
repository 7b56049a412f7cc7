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
	"maps"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/mimesniff/mimesniff"
	"github.com/mimesniff/mimesniff/internal/warc"
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

// Totals count the outcomes of Each, for one archive or many: records
// read whole (answered or skipped, not those with an error), sniffed,
// reported without a type (revisit and continuation), skipped, and
// errors; and, appended since, those answered (sniffed and noted), the
// errors that are gaps (bytes that start no record, warc.ErrGarbage), the
// archives' bytes and those of them unaccounted for (Account), and the
// records skipped by their WARC-Type.
type Totals struct {
	Read, Sniffed, Noted, Skipped, Errors int64
	Answered, Gaps, Bytes, Unaccounted    int64
	SkippedTypes                          map[string]int64
}

// A Table is the summary of many records: their totals, those of each
// archive by its name, and the count of each row, for every profile. The
// zero Table is empty and ready to use.
type Table struct {
	Totals Totals
	Files  map[string]*Totals
	Rows   map[Row]Count
}

// Hidden returns the profiles, in order, in which a renders as a document that runs
// script while its declared type is not one the profile runs script in
// (mimesniff.Browser.Scriptable): no Content-Type, text/plain, an image,
// ... The declared type is the one Fetch extracts, as Chromium and Firefox
// read it.
func (a *Answer) Hidden() []mimesniff.Browser {
	if a.Script.IsEmpty() {
		return nil
	}
	return a.hidden(a.DeclaredType())
}

// hidden is Hidden, for declared, a's declared type.
func (a *Answer) hidden(declared mimesniff.MIMEType) []mimesniff.Browser {
	var s []mimesniff.Browser
	for _, b := range Browsers {
		if a.Script.Has(b) && !b.Scriptable(declared) {
			s = append(s, b)
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

// Add counts one outcome of Each in the archive name.
func (t *Table) Add(name string, a *Answer, err error) {
	t.file(name).add(a, err)
	t.Totals.add(a, err)
	if err != nil || a.Kind != Sniffed {
		return
	}
	if t.Rows == nil {
		t.Rows = map[Row]Count{}
	}
	dt := a.DeclaredType()
	declared := a.declaredColumn(dt)
	hidden := a.hidden(dt)
	for i, b := range Browsers {
		r := Row{b.String(), declared, a.Computed[i].Essence()}
		c := t.Rows[r]
		c.Records++
		if a.Script.Has(b) {
			c.Script++
		}
		if slices.Contains(hidden, b) {
			c.Hidden++
		}
		t.Rows[r] = c
	}
}

// AddAccount counts where the bytes of the archive name went.
func (t *Table) AddAccount(name string, acct Account) {
	f := t.file(name)
	f.Bytes += acct.Bytes
	f.Unaccounted += acct.Unaccounted
	t.Totals.Bytes += acct.Bytes
	t.Totals.Unaccounted += acct.Unaccounted
}

// file returns the totals of the archive name.
func (t *Table) file(name string) *Totals {
	if t.Files == nil {
		t.Files = map[string]*Totals{}
	}
	f := t.Files[name]
	if f == nil {
		f = &Totals{}
		t.Files[name] = f
	}
	return f
}

// add counts one outcome of Each.
func (c *Totals) add(a *Answer, err error) {
	switch {
	case err != nil:
		c.Errors++
		if errors.Is(err, warc.ErrGarbage) {
			c.Gaps++
		}
	case a.Kind == Skipped:
		c.Read++
		c.Skipped++
		if c.SkippedTypes == nil {
			c.SkippedTypes = map[string]int64{}
		}
		c.SkippedTypes[a.Type]++
	case a.Kind == Sniffed:
		c.Read++
		c.Answered++
		c.Sniffed++
	default:
		c.Read++
		c.Answered++
		c.Noted++
	}
}

// merge adds u's counts to c.
func (c *Totals) merge(u *Totals) {
	uf := u.fields()
	for i, f := range c.fields() {
		*f.n += *uf[i].n
	}
	for typ, n := range u.SkippedTypes {
		if c.SkippedTypes == nil {
			c.SkippedTypes = map[string]int64{}
		}
		c.SkippedTypes[typ] += n
	}
}

// A totalField names a field of Totals.
type totalField struct {
	name string
	n    *int64
}

// fields returns c's counts, in the order the summary prints them: the
// first five as the first versions printed them, the others after.
func (c *Totals) fields() []totalField {
	return []totalField{
		{"read", &c.Read},
		{"sniffed", &c.Sniffed},
		{"noted", &c.Noted},
		{"skipped", &c.Skipped},
		{"errors", &c.Errors},
		{"answered", &c.Answered},
		{"gaps", &c.Gaps},
		{"bytes", &c.Bytes},
		{"unaccounted", &c.Unaccounted},
	}
}

// skippedPrefix starts the cell, and the key, of a count of skipped
// records of one WARC-Type.
const skippedPrefix = "skipped:"

// Merge adds u's counts to t.
func (t *Table) Merge(u *Table) {
	t.Totals.merge(&u.Totals)
	for name, f := range u.Files {
		t.file(name).merge(f)
	}
	for r, c := range u.Rows {
		if t.Rows == nil {
			t.Rows = map[Row]Count{}
		}
		old := t.Rows[r]
		t.Rows[r] = Count{old.Records + c.Records, old.Script + c.Script, old.Hidden + c.Hidden}
	}
}

// Counts returns t as strings with counts, which a pipeline can add up
// (the sums of the counts of many tables' strings are the counts of their
// merged table), and TableOf turns back into a table: for each row, its
// records, script and hidden counts ("row", browser, declared, computed,
// and the count's name, tab-separated); each total ("total" and its
// name); each archive's totals ("file", its name quoted as
// strconv.Quote quotes it, and the total's name). Counts of 0 are left
// out.
func (t *Table) Counts() map[string]int64 {
	out := map[string]int64{}
	add := func(k string, n int64) {
		if n != 0 {
			out[k] += n
		}
	}
	for r, c := range t.Rows {
		k := "row\t" + r.Browser + "\t" + r.Declared + "\t" + r.Computed + "\t"
		add(k+"records", c.Records)
		add(k+"script", c.Script)
		add(k+"hidden", c.Hidden)
	}
	totals := func(prefix string, c *Totals) {
		for _, f := range c.fields() {
			add(prefix+f.name, *f.n)
		}
		for typ, n := range c.SkippedTypes {
			add(prefix+skippedPrefix+strconv.Quote(typ), n)
		}
	}
	totals("total\t", &t.Totals)
	for name, f := range t.Files {
		totals("file\t"+strconv.Quote(name)+"\t", f)
		// An archive with nothing counted has a line all the same.
		out["file\t"+strconv.Quote(name)+"\tread"] += 0
	}
	return out
}

// TableOf returns the table whose Counts, added up, counts are.
func TableOf(counts map[string]int64) (*Table, error) {
	t := &Table{}
	for k, n := range counts {
		p := strings.Split(k, "\t")
		var err error
		switch {
		case len(p) == 5 && p[0] == "row":
			if t.Rows == nil {
				t.Rows = map[Row]Count{}
			}
			r := Row{p[1], p[2], p[3]}
			c := t.Rows[r]
			switch p[4] {
			case "records":
				c.Records += n
			case "script":
				c.Script += n
			case "hidden":
				c.Hidden += n
			default:
				err = fmt.Errorf("unknown row count %q", p[4])
			}
			t.Rows[r] = c
		case len(p) == 2 && p[0] == "total":
			err = t.Totals.addCount(p[1], n)
		case len(p) == 3 && p[0] == "file":
			name, qerr := strconv.Unquote(p[1])
			if qerr != nil {
				return nil, fmt.Errorf("malformed archive name in summary key %q", k)
			}
			err = t.file(name).addCount(p[2], n)
		default:
			err = errors.New("malformed")
		}
		if err != nil {
			return nil, fmt.Errorf("summary key %q: %v", k, err)
		}
	}
	return t, nil
}

// addCount adds n to the count of c named name (see Counts).
func (c *Totals) addCount(name string, n int64) error {
	if q, ok := strings.CutPrefix(name, skippedPrefix); ok {
		typ, err := strconv.Unquote(q)
		if err != nil {
			return errors.New("malformed WARC-Type")
		}
		if c.SkippedTypes == nil {
			c.SkippedTypes = map[string]int64{}
		}
		c.SkippedTypes[typ] += n
		return nil
	}
	for _, f := range c.fields() {
		if f.name == name {
			*f.n += n
			return nil
		}
	}
	return fmt.Errorf("unknown total %q", name)
}

// WriteTo writes the table as tab-separated values: a header line, the
// rows sorted by profile (in the order of Browsers), declared type and
// computed type, a line of totals for each archive, sorted by name, then
// one for all of them:
//
//	browser	declared	computed	records	script	hidden
//	standard	text/plain	text/plain	12	0	0
//	chromium	text/plain	text/html	3	3	3
//	...
//	file	crawl.warc.gz	read 2816	sniffed 1406	noted 0	skipped 1410	errors 0	answered 1406	gaps 0	bytes 1617	unaccounted 0	skipped:request 1408	skipped:warcinfo 2
//	total	read 2816	sniffed 1406	noted 0	skipped 1410	errors 0	answered 1406	gaps 0	bytes 1617	unaccounted 0	skipped:request 1408	skipped:warcinfo 2
//
// script counts the records in which the profile runs script in the
// document, hidden those of them whose declared type is not one the
// profile runs script in. An archive name, or a WARC-Type, that could
// garble a line is quoted as strconv.Quote quotes it.
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
	for _, name := range slices.Sorted(maps.Keys(t.Files)) {
		fmt.Fprintf(cw, "file\t%s", quoteCell(name))
		t.Files[name].write(cw)
	}
	fmt.Fprintf(cw, "total")
	t.Totals.write(cw)
	err := cw.w.(*bufio.Writer).Flush()
	return cw.n, errors.Join(cw.err, err)
}

// write writes c's counts as cells, and a line end.
func (c *Totals) write(w io.Writer) {
	for _, f := range c.fields() {
		fmt.Fprintf(w, "\t%s %d", f.name, *f.n)
	}
	for _, typ := range slices.Sorted(maps.Keys(c.SkippedTypes)) {
		fmt.Fprintf(w, "\t%s%s %d", skippedPrefix, quoteType(typ), c.SkippedTypes[typ])
	}
	fmt.Fprintf(w, "\n")
}

// quoteCell returns s as strconv.Quote quotes it if it could garble a
// line of tab-separated cells: it holds a character that is not
// printable (a tab, a line end, a control, a byte that is not UTF-8), or
// starts with a double quote; otherwise as it is.
func quoteCell(s string) string {
	if !utf8.ValidString(s) || strings.HasPrefix(s, `"`) || strings.ContainsFunc(s, func(r rune) bool { return !strconv.IsPrint(r) }) {
		return strconv.Quote(s)
	}
	return s
}

// quoteType returns a WARC-Type as quoteCell does, and quoted too if it
// holds a space, which ends the name of a count in its cell.
func quoteType(s string) string {
	if strings.Contains(s, " ") {
		return strconv.Quote(s)
	}
	return quoteCell(s)
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
