// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

/*
Mimesniff prints the MIME type a browser computes for each file it is given,
following the WHATWG MIME Sniffing Standard (https://mimesniff.spec.whatwg.org/):
what a browser would make of these bytes, served with this Content-Type, in
this context.

Usage:

	mimesniff [flags] [file ...]

For each file it prints a line "FILE: TYPE". By default TYPE is what a
browser does with the file when it is navigated to, not what the standard
alone says, since no browser runs the standard as written: it is the most
dangerous type that the standard and the browser profiles (Chromium,
Firefox and WebKit, see -browser) compute, ranking a type that renders as an
active document (HTML, XML including SVG, PDF: a page that can run script)
above a type the profile displays (text, images, media it plays) above a
download; among profiles that rank the same, the first of standard,
chromium, firefox and webkit. So a file that any of them renders as a page is reported as one.
-browser standard gives the standard's computed MIME type instead, as
earlier versions did. Types are serialized as the standard does
(text/html;charset=utf-8), or "undefined" for the standard's undefined MIME
type, which only some contexts give. A file of "-" is standard input,
printed as "-"; it may be given once. Only the first 1445 bytes of each
file, the resource header, are read.

FILE is printed as it was given or found, except that a name that could
forge or garble a line is printed as a Go string literal, as
strconv.Quote writes it ("new\nline.html", "caf\xe9.txt"): a name that
holds a control byte (a newline, a tab, an escape), another character that
is not printable (such as a bidirectional override), a byte that is not
UTF-8, or ": ", or that starts with a double quote. So every line is one
name, a colon, a space and a type, and a name that starts with a double
quote is a quoted one. A name that starts with "-" (but standard input's)
is printed with "./" before it, so that it is not taken for a flag by a
command it is passed to. Error messages on standard error print names the
same way.

Flags may come before or after the files and apply to all of them; "--"
ends the flags. By default the supplied MIME type, what the server says, is
undefined: the file is sniffed as a browser sniffs a response without a
Content-Type. It is not guessed from the file name unless -ext is given.

The flags are:

	-type value
		The supplied Content-Type header value, read as the bytes of a
		header. A value that does not parse as a MIME type makes the
		supplied type undefined, as for HTTP. The check-for-apache-bug
		flag is set when the value is exactly "text/plain",
		"text/plain; charset=ISO-8859-1", "text/plain; charset=iso-8859-1"
		or "text/plain; charset=UTF-8". With -http or -ext, -type wins
		over the headers or the extension.
	-nosniff
		Set the no-sniff flag, as X-Content-Type-Options: nosniff does.
		With -http, -nosniff or -nosniff=false wins over the header.
	-ext
		Take the supplied type from the file name's extension, as a file
		system provides it (Go's mime.TypeByExtension, which reads the
		system's mime.types files too).
	-context name
		Sniff for the context name: browsing (the default: a document),
		image, audio-video, font, plugin, style, script, text-track or
		cache-manifest.
	-feeds
		Apply the legacy feed-or-HTML rules, removed from the standard in
		2024, to a supplied text/html: an RSS or Atom feed served as
		text/html is application/rss+xml or application/atom+xml.
	-http
		Each file is an HTTP response as curl prints it with -si (see
		below). The supplied type is the last Content-Type value, the
		apache-bug flag is set from it, and the no-sniff flag from
		X-Content-Type-Options.
	-json
		Print one JSON object a line instead of text, one for every
		input: {"name":"FILE","supplied":"text/plain","nosniff":false,
		"apacheBug":true,"feeds":false,"context":"browsing",
		"computed":"image/png","browser":"chromium"}, where browser is
		the profile that gave the default answer. supplied and computed
		are null for the undefined MIME type. With -browser standard
		there is no browser member; other values of -browser, and
		-report, print the objects they describe. An input that could
		not be read or sniffed is {"name":"FILE","error":"message"}, as
		well as the line on standard error. encoding/json writes each byte of a name that is
		not UTF-8 as U+FFFD: the text output keeps such names exact.
	-r
		Walk the directories among the files, and sniff every regular
		file in them, in lexical order as filepath.WalkDir gives them, so
		that the output of two runs can be compared with diff. Symbolic
		links in a tree are neither followed nor listed (as with
		find -type f); a directory named on the command line is followed
		if it is a link. Without -r, a directory is an error.
	-report
		Instead of one type, print what a browser can do with each file
		for every Fetch request destination (mimesniff.ReportFor): whether
		Fetch blocks it, the type the browser works with there, and whether
		script can run from it, then a summary line. The headers are those
		of the -http dump, or -type and -nosniff. With -json, one object
		per file: {"name":"FILE","script":true,"destinations":[{
		"destination":"document","blocked":false,"type":"text/html",
		"script":true,"scriptType":"text/html"},...]}, type null where
		undefined.
	-browser names
		Whose answer to print for a document the browser is navigated
		to: worst, the default, is the most dangerous type of the
		profiles (see above). Otherwise names is one name, or a
		comma-separated list, of standard (the standard's computed MIME
		type), chromium, firefox, webkit (that browser's,
		mimesniff.Resource.SniffAs) and ie (Internet Explorer's, below),
		where all stands for the four profiles; no name may come twice.
		One name prints its answer alone, a list each answer after its
		name, in the order given ("ie text/html, standard image/gif"). A
		profile's type that the browser downloads rather than displays is
		followed by "(download)", except with -browser standard, which
		prints the computed type as earlier versions did. The profiles
		are fitted to recordings of Chromium 156, Firefox ESR 153 and
		WebKitGTK 2.50 (see the package's README).

		ie is what IE's FindMimeFromData (mimesniff.FindMimeFromData)
		answers, given the file's first bytes, the proposed type (-type,
		or the last Content-Type of an -http dump) and the URL (-url, or
		the file name with -ext): IE's name for a type, or "error" where
		IE fails. The registry IE consults for the URL's extension is
		that of a typical Windows machine for .htm, .html, .css, .txt,
		.jpg, .png, .gif and .xml; other extensions are not found.

		With -json, -browser standard prints the record shown under
		-json, without browser; -browser ie prints {"name":"FILE",
		"proposed":"","url":"","ie":"text/html"}, ie null where IE
		fails; any other value an object keyed by its names, a profile's
		{"computed":"text/html","displayed":true} and ie's
		{"computed":"text/html","proposed":"","url":""}, computed null
		where IE fails.
	-url URL
		With -browser ie, the URL of the resource, whose extension IE
		looks up in the registry when the bytes alone say only text or
		binary.
	-warc
		Each file is a web archive, a WARC file (see Web archives
		below): instead of a line for the file, print one for each
		response and resource record in it.
	-summary
		With -warc, print instead of a line per record the records in
		which a browser runs script that their declared type hides, and
		then a table of the declared and computed types of every record,
		for every profile (see Web archives below).
	-h, -help
		Print a usage message on standard output, and exit with status 0.

# Flags together

Every flag can be used with every other, and with any value, but for these
combinations, which are usage errors with the message shown:

	-http and -ext cannot be used together
		The supplied type comes from the dump's headers or from the
		file name, not both.
	-report and -browser cannot be used together
	-report and -context cannot be used together
		The report is every profile's, for every destination's context.
		(-context browsing is allowed.)
	-context other than browsing and -browser other than standard cannot be used together
		The profiles are for documents: another context is the
		standard's.
	-url needs ie in -browser
		The URL is what IE is given.
	-warc and -http cannot be used together
	-warc and -ext cannot be used together
	-warc and -type cannot be used together
	-warc and -nosniff cannot be used together
	-warc and -feeds cannot be used together
		An archive's records carry their own headers, and its lines
		answer for them as they are.
	-warc and -report cannot be used together
	-warc and -context other than browsing cannot be used together
	-warc and -browser ie cannot be used together
		A record's line holds the answers for a document of every
		profile, and documentScript from the report; IE reads no
		archive.
	-summary needs -warc
	-summary and -json cannot be used together
		The summary is of an archive's records, and is text; the JSON
		lines are the records' own.

A flag that does not change an answer is still allowed with it: -feeds
changes the standard's answer (so the default too), -report reads only the
headers (those of the dump with -http, or -type and -nosniff), and IE reads
neither -nosniff nor -feeds.

# HTTP responses

With -http, each file holds a response as "curl -si URL" prints it: status
line, headers, a blank line, the body. The last final response of the file
counts: interim responses (100 Continue, as "curl -si -X POST" with a body
prints it, 103 Early Hints) are skipped, and so are the responses of a
redirect chain that "curl -siL" followed, printed without their bodies (a
response whose headers are directly followed by a status line). HTTP/2 and
HTTP/3 status lines as curl prints them ("HTTP/2 200") are accepted. A 204
or 304 response has no body.

curl prints the body with or without its chunked framing (--raw keeps it)
and with or without its content codings (--compressed removes them), but
keeps the Transfer-Encoding and Content-Encoding headers either way. So
mimesniff looks at the bytes: a body whose first line is a chunk-size line
must be a whole chunked body, which is unchunked. Then, for the coding
applied last: a body that starts with the gzip magic bytes is gzip; for
deflate, a body that starts with a zlib header is zlib, and any other is
decoded as raw deflate, which browsers also accept, unless its first bytes
are not a deflate stream at all. Any other body was already decoded by curl
and is sniffed as it is. What is still coded is decoded by the library
(mimesniff.ResourceFromResponse), every coding listed, as a browser does: gzip,
x-gzip and deflate, up to five stacked ("gzip, gzip"); identity is no
coding. The body is then read to its end, so that the chunked framing and
each coding's end and checksum (CRC-32 and length, Adler-32) are checked.
So the answer is the same for -si, -si --raw, -si --compressed and -siL
captures of one response. A body that starts like a coding but is not a
whole, valid stream of it (cut short, a checksum that does not match, a
chunk size that overflows), an empty body with a Content-Encoding (as in a
saved response to HEAD, which nothing tells from an empty body), more than
five codings, or a coding the library does not decode (br, zstd, compress,
any other) is an error naming the coding: mimesniff never prints a type
computed from coded bytes. Two cases cannot be told apart from the bytes: a
body whose content is itself a complete gzip stream, sent with
Content-Encoding: gzip and saved with --compressed, looks like its own
encoded form and is decoded once more; and a very short body sent as
deflate and saved with --compressed can read as a raw deflate stream cut
short, an error. Save such responses without --compressed.

Limits keep a file that is not an HTTP response, or a compression bomb,
from being read or decoded whole: the status lines and headers of a file
may take 1 MiB at most, in 100 responses at most; a body to unchunk or
decode may be 64 MiB at most ("body longer than 67108864 bytes: too long to
check its coding"), and its decoding 256 MiB ("gzip body decodes to more
than 268435456 bytes: too long to check its coding"), so that a 10 GiB
bomb is refused in a tenth of a second; and the library reads at most 1 MiB
of coded bytes for the first 1445 decoded ones. A body without a chunked
framing or a coding left, such as one curl has decoded, is read no further
than what its first 1445 bytes need.

# Web archives

With -warc, each file is a web archive: a WARC file (ISO 28500, WARC/1.0
or WARC/1.1), plain or gzip-compressed (one gzip member per record, as
crawlers write ".warc.gz", the whole file in one, or members that split
records as split and gzip make them). It is told by its first bytes,
"WARC/" or a gzip member whose decoded bytes start so, never by its name,
so standard input is read as a file is. A file named on the command line
that is not a WARC file is an error; one met in a walk with -r is skipped,
so that a crawl's directory can be walked whatever else it holds.

Each response record is read as the HTTP response the crawler received:
its status line and header fields as stored, its body with the chunked
framing and the content codings as sent. The body is read as net/http
reads a saved response (interim 1xx responses skipped, the chunked framing
undone, a Content-Length obeyed, "HTTP/2 200" read as HTTP/2.0), and the
content codings are undone or refused exactly as the library does
(mimesniff.ResourceFromResponse): only as far as the first 1445 decoded
bytes, so a record of any size costs the same memory. A resource or
conversion record's block is the payload, with the record's Content-Type
as its only header, as a replay serves it. revisit records (whose payload
is in the record they refer to) and continuation records (a later segment
of another record's payload) get a line saying so, "not sniffed (revisit
record)", and no type. request, metadata and warcinfo records, responses
of another protocol (a Content-Type other than application/http, such as
dns:) and record types the standard does not define are skipped.

The line of a record is "URI: TYPE", URI its WARC-Target-URI, quoted as
file names are, and TYPE what -browser asks for, as for a file. With
-json, it is the record's JSON line, the same that the Beam pipeline
(archive/beam) writes, whatever -browser says:

	{"name":"crawl.warc.gz","offset":1204,"length":1406,"memberOffset":731,
	 "memberLength":702,"WARC-Type":"response","WARC-Record-ID":"<urn:uuid:...>",
	 "WARC-Date":"2026-11-26T12:00:00Z","WARC-Target-URI":"http://example.test/",
	 "WARC-Identified-Payload-Type":"text/html","status":200,
	 "declared":"text/plain","computed":{"standard":"text/plain",
	 "chromium":"text/html","firefox":"text/html","webkit":"text/plain"},
	 "script":["chromium","firefox"],"documentScript":true,
	 "crossOriginRead":true}

offset and length are where the record is in the decoded archive,
memberOffset (a gzip archive only) the offset of the gzip member that
holds it, as a CDX index gives it, and memberLength, where the record has
its members alone, their length: those bytes, cut out of the archive, are
a .warc.gz of that record alone. WARC-Target-URI, WARC-Truncated and WARC-Identified-Payload-Type
are there when the record has them. declared is the Content-Type values
as stored, joined with ", " (a byte above 0x7F read as the character of
that code point), or null; computed the type each profile computes for a
document (mimesniff.Resource.SniffAs); script the profiles in which the
response, navigated to, renders as a document that runs script, and
documentScript whether script runs in a document, frame, iframe, object
or embed in some profile (mimesniff.ReportFor), crossOriginRead whether
in some profile a page of another site that loads the response without
CORS gets its bytes (true for every response without a
Cross-Origin-Resource-Policy of same-origin or same-site, as WebKitGTK
has no Opaque Response Blocking). "cutShort":true marks a
body that ends before its Content-Length or chunked framing says: the
types are those of the bytes stored. A revisit or continuation line has
WARC-Profile, WARC-Refers-To, WARC-Refers-To-Target-URI,
WARC-Refers-To-Date or WARC-Segment-Origin-ID, WARC-Segment-Number, and a
note.

A record that cannot be read or answered is an error, one line on
standard error ("mimesniff: FILE: offset N (ID) URI: message") and with
-json a line {"name":...,"offset":...,"length":...,...,"error":"message"}
in its place; the records after it are still read. It is an error when
its header is not a WARC header, its HTTP head does not parse (or is
longer than 256 KiB), its block holds no HTTP response (an HTTP/0.9
response or a payload stored without its head: nothing tells where its
body starts), its body's chunked framing breaks before the first 1445
bytes, or its content coding is one the library refuses (br, zstd, a
broken stream). The reader finds a record's end broken (a wrong
Content-Length, an archive cut short, a gzip member with a bad checksum)
only when it moves on to the next record, so each record's line waits
until then, and such a record gets the error instead of its answer: one
line per record, never a type computed from bytes that may not be the
record's. After any fault the reader finds the next record and goes on
(docs/archives.md says how), and every byte of an archive is in a record,
a record's error or a gap, an error line of its own ("bytes between
records: bytes 1234-5678 skipped: ...").

With -summary, the output is the records in which some profile renders
script in a document while the declared type (the one Fetch extracts) is
not one the profile runs script in, one a line, "URI: script hidden by
Content-Type "text/plain": chromium text/html firefox text/html", then a
tab-separated table with a row for each profile, declared type and
computed type (essences; "(none)" for no Content-Type, "(unparsable)" for
values that give no type): the records, those that run script in a
document, and those of them the declared type hides; a row for each
archive, by name, and a last row of totals: records read, sniffed, noted
(revisit and continuation), skipped, errors, answered (sniffed and
noted), gaps (errors about bytes that start no record), the archives'
bytes, those of them unaccounted for (in no record nor error line: 0, or
mimesniff has a bug), and the records skipped by WARC-Type
("skipped:request 1408").

Archives are read by as many workers as there are CPUs, each one as a
stream, and the output is in the order of the archives and their records.
When standard error is a terminal, a line on it shows the records and
bytes read so far and their rates, redrawn every second.

# Special files

Only regular files are read. A FIFO, socket or device, named on the command
line or met in a walk, is an error ("not a regular file (named pipe
(FIFO)): not read") and is never opened, since opening a FIFO blocks until
something writes to it: to sniff a pipe, give it as standard input, as in
"curl -si URL | mimesniff -http -". With -warc, whose archives are read
as streams, a FIFO or character device named on the command line is read
("mimesniff -warc <(zcat crawl.warc.gz)"); one met in a walk is not.

# Examples

	mimesniff testdata/files/*
	mimesniff -r -json ~/uploads > before.json
	curl -si https://example.com/ | mimesniff -http -
	curl -siL --compressed https://example.com/feed | mimesniff -http -feeds -
	mimesniff -type 'image/gif' upload.bin
	mimesniff -type 'text/plain' -nosniff notes.txt
	mimesniff -context image -json photo
	mimesniff -ext download.html
	mimesniff -report -type image/png upload.bin
	mimesniff -browser ie,standard -type text/plain page.html
	mimesniff -browser all -http dump
	mimesniff -browser standard -r ~/uploads
	mimesniff -warc -json crawl.warc.gz > answers.jsonl
	mimesniff -warc -summary -r crawl/

# Exit status

The exit status says whether every input was read, not what the answers
are, as curl's says whether a transfer was done, not what the response
says (curl exits 0 on an HTTP 404 unless --fail): 0 when every input was
read and answered, an answer that is an error included; 1 when some input
could not be read; 2 for bad usage. In each mode:

	mode          0: every input read                   1: some input could not be read
	files, -r     each file's first bytes sniffed       a file missing, unreadable or failing to read, a
	                                                    special file, a directory without -r or one that
	                                                    cannot be walked
	-http         each response answered, or answered   as for files; an input that is no HTTP response
	              with an error: a head that does not   (empty, or no status line first)
	              parse, a coding refused or broken,
	              a body too long to check
	-warc         every byte of each archive in a       as for files; a file named that is not a WARC
	              record answered, a record's error     file; an archive whose reads fail; bytes of an
	              line or a gap's (a record that        archive in no record nor error line (a bug)
	              breaks, bytes between records); a
	              file met in a walk that is not WARC,
	              skipped

Each input that could not be read is a line on standard error
("mimesniff: FILE: message", and with -json an object with "error"), and
the other inputs are still read; so is each answer that is an error. A
failure to write the output is 1 too. Status 2 is for bad usage: an
unknown flag, a bad -context or -browser value, flags that cannot be used
together, no file at all, or "-" twice; the flags -legacy and -compare of
earlier versions are usage errors that name their replacements, -browser
ie and -browser ie,standard.
*/
package main
