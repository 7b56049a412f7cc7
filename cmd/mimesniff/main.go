// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/mimesniff/mimesniff"
)

func main() { os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) }

// Exit statuses, in every mode, as curl's (0 for a transfer done, whatever
// the response says; not 0 for one that could not be done; doc.go says
// more).
const (
	exitOK    = 0 // every input read, each answered (with an error line, perhaps)
	exitError = 1 // some input could not be read (failed)
	exitUsage = 2
)

// An answerError is an input that was read, of the kind its mode reads,
// whose answer is an error: a saved response whose HTTP head is malformed,
// whose body's coding is refused or breaks. It is printed as an error,
// and is not a failure.
type answerError struct{ err error }

func (e *answerError) Error() string { return e.err.Error() }
func (e *answerError) Unwrap() error { return e.err }

// failed reports whether err, the error of an input, is a failure: the
// input could not be read (it is missing, a special file, a directory
// without -r, its reads failed), or it is not of the kind its mode reads
// (-http: not an HTTP response). An answerError is not one.
func failed(err error) bool {
	var ae *answerError
	return !errors.As(err, &ae)
}

// options are the command-line flags, and what the command reads files
// with.
type options struct {
	contentType string // -type, as given
	typeSet     bool   // -type was given
	noSniff     bool
	noSniffSet  bool // -nosniff was given, true or false
	ext         bool
	context     sniffingContext
	feeds       bool
	http        bool
	json        bool
	recursive   bool
	report      bool            // -report
	url         string          // -url
	browser     string          // -browser, as given
	browserSet  bool            // -browser was given
	answers     []string        // -browser's names, "all" expanded; nil for worst
	warc        bool            // -warc
	summary     bool            // -summary
	named       map[string]bool // the names given on the command line (-warc)

	// open opens a file named on the command line or met in a walk; it
	// is openFile, but for tests.
	open func(name string) (fs.File, error)
}

// newFlagSet returns the command's flags, set into o. Each flag has a
// one-line help string; the package documentation explains them (doc.go).
func newFlagSet(o *options) *flag.FlagSet {
	flags := flag.NewFlagSet("mimesniff", flag.ContinueOnError)
	// Messages and usage are printed by run, where they belong: the usage
	// on standard output when asked for with -h, on standard error
	// otherwise.
	flags.SetOutput(io.Discard)
	flags.Usage = func() {}
	flags.StringVar(&o.contentType, "type", "", "the supplied Content-Type header `value`")
	flags.BoolVar(&o.noSniff, "nosniff", false, "set the no-sniff flag (X-Content-Type-Options: nosniff)")
	flags.BoolVar(&o.ext, "ext", false, "take the supplied type from the file name's extension")
	flags.TextVar(&o.context, "context", browsingContext, "sniff in the context `name` (browsing, image, audio-video, font, plugin, style, script, text-track, cache-manifest)")
	flags.BoolVar(&o.feeds, "feeds", false, "apply the legacy feed-or-HTML rules to a supplied text/html")
	flags.BoolVar(&o.http, "http", false, "each file is an HTTP response as curl -si prints it")
	flags.BoolVar(&o.json, "json", false, "print one JSON object per file")
	flags.BoolVar(&o.recursive, "r", false, "walk directories, sniffing every regular file in them")
	flags.BoolVar(&o.report, "report", false, "print what a browser can do with each file for every Fetch destination")
	flags.StringVar(&o.browser, "browser", "worst", "print the answer of `names`: worst, all, or a comma-separated list of standard, chromium, firefox, webkit, ie")
	flags.StringVar(&o.url, "url", "", "with -browser ie, the `URL` whose extension IE looks up")
	flags.BoolVar(&o.warc, "warc", false, "each file is a web archive (WARC): sniff its response and resource records")
	flags.BoolVar(&o.summary, "summary", false, "with -warc, print a table of declared and computed types instead of a line per record")
	return flags
}

const usageLine = "usage: mimesniff [flags] [file ...]\n"

// run runs the command with the given arguments (without the program name)
// and returns its exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	o := options{open: openFile}
	flags := newFlagSet(&o)
	usage := func(w io.Writer) {
		fmt.Fprint(w, usageLine)
		flags.SetOutput(w)
		flags.PrintDefaults()
		flags.SetOutput(io.Discard)
	}
	names, err := parseArgs(flags, args)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			// As flag.ExitOnError does, -h and -help exit with 0.
			usage(stdout)
			return exitOK
		}
		fmt.Fprintf(stderr, "mimesniff: %s\n", withoutPrefix(err.Error()))
		usage(stderr)
		return exitUsage
	}
	flags.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "type":
			o.typeSet = true
		case "nosniff":
			o.noSniffSet = true
		case "browser":
			o.browserSet = true
		}
	})
	if msg := o.check(names); msg != "" {
		fmt.Fprintf(stderr, "mimesniff: %s\n", msg)
		usage(stderr)
		return exitUsage
	}
	if o.warc {
		o.named = map[string]bool{}
		for _, name := range names {
			o.named[name] = true
		}
		return o.sniffArchives(names, stdin, stdout, stderr)
	}
	return o.sniffAll(names, stdin, stdout, stderr)
}

// parseArgs parses the flags in args and returns the file names. Flags may
// come after file names too, as long as no "--" ended them: they apply to
// every file. A flag is never taken for a file name.
func parseArgs(flags *flag.FlagSet, args []string) ([]string, error) {
	var names []string
	for {
		if err := flags.Parse(args); err != nil {
			return nil, removedFlag(err)
		}
		rest := flags.Args()
		if len(rest) == 0 {
			return names, nil
		}
		if n := len(args) - len(rest); n > 0 && args[n-1] == "--" {
			// "--" ends the flags: the rest are file names.
			return append(names, rest...), nil
		}
		names = append(names, rest[0])
		args = rest[1:]
	}
}

// removedFlags are the flags that earlier versions had, with what replaces
// each.
var removedFlags = map[string]string{
	"legacy":  "-browser ie",
	"compare": "-browser ie,standard",
}

// removedFlag returns err, a flag parsing error, or for a flag that was
// removed an error that names its replacement. It reads the flag package's
// message for a flag that is not defined.
func removedFlag(err error) error {
	name, ok := strings.CutPrefix(err.Error(), "flag provided but not defined: -")
	if repl, removed := removedFlags[name]; ok && removed {
		return fmt.Errorf("-%s has been removed: use %s", name, repl)
	}
	return err
}

// A flagRule is a combination of flags that is a usage error. Every other
// combination runs: the package documentation lists these rules, and a test
// runs every combination of the flags against them.
type flagRule struct {
	flag, other string // the flags, without "-"
	needs       bool   // flag needs other, rather than excluding it
	// broken reports whether the flags and values in o break the rule.
	broken func(o *options) bool
	msg    string // the usage error
}

// flagRules are the command's rules, the first broken one reported.
var flagRules = []flagRule{
	// One input mode: a dump's headers, or the file name's extension.
	{"http", "ext", false, func(o *options) bool { return o.http && o.ext },
		"-http and -ext cannot be used together"},
	// The report is every profile's, for every destination.
	{"report", "browser", false, func(o *options) bool { return o.report && o.browserSet },
		"-report and -browser cannot be used together"},
	{"report", "context", false, func(o *options) bool { return o.report && o.context != browsingContext },
		"-report and -context cannot be used together"},
	// The profiles are for documents: another context is the standard's.
	{"context", "browser", false, func(o *options) bool {
		return o.context != browsingContext && o.browserSet && !o.standardOnly()
	}, "-context other than browsing and -browser other than standard cannot be used together"},
	// The URL is IE's.
	{"url", "browser", true, func(o *options) bool { return o.url != "" && !slices.Contains(o.answers, ie) },
		"-url needs ie in -browser"},
	// An archive's records carry their own headers, and its lines the
	// answers of every profile for a document.
	{"warc", "http", false, func(o *options) bool { return o.warc && o.http },
		"-warc and -http cannot be used together"},
	{"warc", "ext", false, func(o *options) bool { return o.warc && o.ext },
		"-warc and -ext cannot be used together"},
	{"warc", "type", false, func(o *options) bool { return o.warc && o.typeSet },
		"-warc and -type cannot be used together"},
	{"warc", "nosniff", false, func(o *options) bool { return o.warc && o.noSniffSet },
		"-warc and -nosniff cannot be used together"},
	{"warc", "feeds", false, func(o *options) bool { return o.warc && o.feeds },
		"-warc and -feeds cannot be used together"},
	{"warc", "report", false, func(o *options) bool { return o.warc && o.report },
		"-warc and -report cannot be used together"},
	{"warc", "context", false, func(o *options) bool { return o.warc && o.context != browsingContext },
		"-warc and -context other than browsing cannot be used together"},
	{"warc", "browser", false, func(o *options) bool { return o.warc && slices.Contains(o.answers, ie) },
		"-warc and -browser ie cannot be used together"},
	{"summary", "warc", true, func(o *options) bool { return o.summary && !o.warc },
		"-summary needs -warc"},
	{"summary", "json", false, func(o *options) bool { return o.summary && o.json },
		"-summary and -json cannot be used together"},
}

// check returns the usage error in the flags and file names, if any.
func (o *options) check(names []string) string {
	if len(names) == 0 {
		return "no input files"
	}
	answers, err := parseAnswers(o.browser)
	if err != nil {
		return fmt.Sprintf("-browser %q: %v", o.browser, err)
	}
	o.answers = answers
	for _, rule := range flagRules {
		if rule.broken(o) {
			return rule.msg
		}
	}
	stdin := 0
	for _, name := range names {
		if name == "-" {
			stdin++
		}
	}
	if stdin > 1 {
		return `standard input ("-") given more than once`
	}
	return ""
}

// ie is the name -browser gives Internet Explorer's FindMimeFromData.
const ie = "ie"

// parseAnswers returns the names in the value of -browser, in order: nil for
// worst, the profiles of browsers for all (in a list too), otherwise the
// names of the comma-separated list, each a profile of browsers or ie, once.
func parseAnswers(value string) ([]string, error) {
	if value == "worst" {
		return nil, nil
	}
	var all []string
	for _, b := range browsers {
		all = append(all, b.String())
	}
	var names []string
	for name := range strings.SplitSeq(value, ",") {
		switch {
		case name == "all":
			names = append(names, all...)
		case slices.Contains(all, name), name == ie:
			names = append(names, name)
		default:
			return nil, fmt.Errorf("want worst, all, or a comma-separated list of %s, %s", strings.Join(all, ", "), ie)
		}
	}
	for i, name := range names {
		if slices.Contains(names[:i], name) {
			return nil, fmt.Errorf("%s named twice", name)
		}
	}
	return names, nil
}

// standardOnly reports whether -browser asks for the standard's answer alone.
func (o *options) standardOnly() bool {
	return len(o.answers) == 1 && o.answers[0] == mimesniff.Standard.String()
}

// A view turns the resource of a file into what the command prints for it.
// worstView, the most dangerous type of the browser profiles, is the
// default; sniffView, the standard's computed MIME type in the -context
// context, serves -browser standard and every context but browsing; ieView
// serves -browser ie, answersView any other -browser, and reportView -report.
type view func(o *options, in input) output

// input is one file as the command read it: its resource, and the response
// headers it was read with (from the dump with -http, otherwise made of
// -type and -nosniff).
type input struct {
	name string
	r    mimesniff.Resource
	h    http.Header

	// status is the response's status code: the final one of a dump
	// with -http, the record's with -warc, 200 for a file.
	status int
}

// output is what the command prints for one file.
type output struct {
	text string // printed after "NAME: " as a line
	json any    // printed with -json: marshals to a JSON object, to which "name" is prepended

	// status is the status code read with -http, prepended after "name"
	// as "status"; nil for a file.
	status *int
}

// view returns the view the flags ask for.
func (o *options) view() view {
	switch {
	case o.report:
		return reportView
	case o.context != browsingContext || o.standardOnly():
		return sniffView
	case o.answers == nil:
		return worstView
	case slices.Equal(o.answers, []string{ie}):
		return ieView
	}
	return answersView
}

// sniffJSON is the JSON form of a file's computed MIME type: the resource's
// metadata, the context and the type computed in it, and for the default
// answer the profile that computed it.
type sniffJSON struct {
	Supplied  jsonType        `json:"supplied"`
	NoSniff   bool            `json:"nosniff"`
	ApacheBug bool            `json:"apacheBug"`
	Feeds     bool            `json:"feeds"`
	Context   sniffingContext `json:"context"`
	Computed  jsonType        `json:"computed"`
	Browser   string          `json:"browser,omitempty"`
}

// sniffView prints the computed MIME type of r in the context o.context, or
// "undefined" (null in JSON) for the undefined MIME type.
func sniffView(o *options, in input) output {
	r := in.r
	computed := sniffIn(r, o.context)
	text := computed.String()
	if !computed.IsValid() {
		text = "undefined"
	}
	return output{text: text, json: sniffJSON{
		Supplied:  jsonType(r.Supplied),
		NoSniff:   r.NoSniff,
		ApacheBug: r.CheckForApacheBug,
		Feeds:     r.SniffFeeds,
		Context:   o.context,
		Computed:  jsonType(computed),
	}}
}

// format returns the line printed for the file name whose output is out.
func (o *options) format(name string, out output) ([]byte, error) {
	name = printedName(name)
	if !o.json {
		return []byte(quoteName(name) + ": " + out.text + "\n"), nil
	}
	obj, err := json.Marshal(out.json)
	if err != nil {
		return nil, err
	}
	if len(obj) < 2 || obj[0] != '{' {
		return nil, fmt.Errorf("JSON output of %s is not an object: %s", name, obj)
	}
	line, _ := json.Marshal(map[string]string{"name": name}) // {"name":"..."}
	if out.status != nil {
		line = fmt.Appendf(line[:len(line)-1], `,"status":%d}`, *out.status)
	}
	if len(obj) > 2 {
		line[len(line)-1] = ','
		line = append(line, obj[1:]...)
	}
	return append(line, '\n'), nil
}

// errorJSON is the JSON record of an input that could not be sniffed.
type errorJSON struct {
	Name  string `json:"name"`
	Error string `json:"error"`
}

// printedName returns the name printed for the input name: "./" before a
// name that starts with "-" but standard input's, so that no name printed
// reads as a flag (or as standard input) to a command it is passed to.
func printedName(name string) string {
	if name != "-" && strings.HasPrefix(name, "-") {
		return "./" + name
	}
	return name
}

// quoteName returns name as text output prints it: as it is, or as a Go
// string literal (strconv.Quote) when it could forge or garble a line: when
// it holds a byte that is not printable UTF-8 (a control byte such as a
// newline, a tab or an escape, a format character such as a bidirectional
// override, invalid UTF-8), holds ": " (which ends the name in a line), or
// starts with a double quote (which starts a quoted name).
func quoteName(name string) string {
	if !utf8.ValidString(name) || strings.Contains(name, ": ") || strings.HasPrefix(name, `"`) ||
		strings.ContainsFunc(name, func(r rune) bool { return !strconv.IsPrint(r) }) {
		return strconv.Quote(name)
	}
	return name
}

// describe returns what the command prints for the file name (or standard
// input, for "-").
func (o *options) describe(name string, stdin io.Reader) (output, error) {
	in, err := o.resource(name, stdin)
	if err != nil {
		return output{}, err
	}
	out := o.view()(o, in)
	if o.http {
		out.status = &in.status
	}
	return out, nil
}

// resource returns the input named name: stdin for "-", otherwise the
// file, as a raw HTTP response with -http, with the flags applied.
func (o *options) resource(name string, stdin io.Reader) (input, error) {
	in := stdin
	if name != "-" {
		f, err := o.open(name)
		if err != nil {
			return input{}, err
		}
		defer f.Close()
		fi, err := f.Stat()
		if err != nil {
			return input{}, err
		}
		if err := checkRegular(fi.Mode()); err != nil {
			return input{}, err
		}
		in = f
	}

	var r mimesniff.Resource
	h := http.Header{}
	status := http.StatusOK
	if o.http {
		var err error
		in := &readErrors{r: in}
		if r, h, status, err = readHTTP(in); err != nil {
			if in.err == nil && !errors.Is(err, errNotHTTP) {
				// Read, and an HTTP response: its answer is the
				// error.
				err = &answerError{err}
			}
			return input{}, err
		}
	} else {
		header, _, err := mimesniff.ReadHeader(in)
		if err != nil {
			return input{}, err
		}
		if o.ext && name != "-" {
			r = mimesniff.ResourceFromFile(name, header)
		} else {
			r.Header = header
		}
	}
	if !o.http || o.noSniffSet {
		r.NoSniff = o.noSniff
		h.Del("X-Content-Type-Options")
		if o.noSniff {
			h.Set("X-Content-Type-Options", "nosniff")
		}
	}
	if o.typeSet || o.http && o.noSniffSet {
		// The value is read as a header value from the wire: as bytes,
		// with the apache-bug check on the value as given, and as the
		// only Content-Type for the browser profiles too. The resource
		// is made again from the header list, as every profile reads
		// it; its bytes are already decoded.
		if o.typeSet {
			h.Set("Content-Type", o.contentType)
		}
		hh := h.Clone()
		hh.Del("Content-Encoding")
		header := r.Header
		r, _, _ = resourceOf(hh, bytes.NewReader(header))
		r.Header = header
	}
	r.SniffFeeds = o.feeds
	return input{name, r, h, status}, nil
}

// errorText returns the message for err, an error reading an input whose
// name is printed before it: without the "open NAME: " of an *fs.PathError,
// and without the library's "mimesniff: " prefix.
func errorText(err error) string {
	msg := err.Error()
	var pe *fs.PathError
	if errors.As(err, &pe) {
		msg = strings.Replace(msg, pe.Error(), pe.Err.Error(), 1)
	}
	return withoutPrefix(msg)
}

// withoutPrefix returns msg without the "mimesniff: " that starts the
// library's error messages, at its start or after a wrapping message's
// colon, since the command prints its own.
func withoutPrefix(msg string) string {
	msg = strings.TrimPrefix(msg, "mimesniff: ")
	return strings.Replace(msg, ": mimesniff: ", ": ", 1)
}

// A jsonType is a MIME type in the command's JSON: its serialization, or null
// for the undefined type.
type jsonType mimesniff.MIMEType

func (t jsonType) MarshalJSON() ([]byte, error) {
	m := mimesniff.MIMEType(t)
	if !m.IsValid() {
		return []byte("null"), nil
	}
	return json.Marshal(m.String())
}

// readErrors reads r and keeps the first error of r other than io.EOF:
// what tells an input that could not be read from one read whole whose
// bytes are the error.
type readErrors struct {
	r   io.Reader
	err error
}

func (e *readErrors) Read(p []byte) (int, error) {
	n, err := e.r.Read(p)
	if err != nil && err != io.EOF && e.err == nil {
		e.err = err
	}
	return n, err
}
