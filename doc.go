// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package mimesniff tells what a browser will do with a response: the type
// it computes from the headers and the first bytes, whether it renders or
// downloads it, and whether script from it can run.
//
// Browsers do not trust Content-Type. They read the first 1445 bytes of a
// resource ([HeaderSize]) and compute the type they will use, by the WHATWG
// MIME Sniffing Standard (https://mimesniff.spec.whatwg.org/) and by rules
// of their own. The package answers four questions, each at its entry
// points.
//
// # What the standard computes
//
// A [Resource] holds what the standard sniffs: the supplied MIME type, the
// no-sniff and check-for-apache-bug flags, and the resource header.
// [Resource.Sniff] computes the type a document gets ([example]), and a
// method per context the type in another, such as [Resource.SniffImage]
// for an img element ([example-image]). [ResourceFromResponse] builds a
// Resource from an HTTP response without losing a byte of its body, and
// decodes a gzip or deflate content coding first, as a browser does
// ([example-response]). [Parse] reads a MIME type as the standard does
// ([example-parse]); a [MIMEType] is an immutable, comparable value whose
// zero value is the standard's "undefined". The Fetch Standard's pieces
// around sniffing are here too: [ExtractMIMEType], [DetermineNoSniff],
// [LegacyExtractEncoding]. Every function that takes an [http.Header] reads
// a name under any spelling, as browsers compare names without case; where
// a map holds one name under several spellings, whose order on the wire it
// cannot tell, the answers about script are those of the reading worst for
// it.
//
// # What browsers do
//
// No browser runs the standard as written. A [Browser] profile is one
// browser's own rules, fitted to recordings of it, each a named rule with
// the recorded case that shows it: [Chromium], [Firefox] and [WebKit]
// (WebKitGTK's sniffer, not Safari's). [Resource.SniffAs] gives the type a
// browser navigated to the response renders ([example-browsers]), and
// [Browser.Displays] whether it shows that type or downloads it;
// [Browser.Scriptable] whether a document of a type can run script.
// [Resource.SniffWorst] gives in one call what any of them could make of a
// resource: the most dangerous of their types.
//
// # Whether serving it is safe
//
// [ReportFor] answers, for a response's headers and first bytes, what every
// profile does with it in every Fetch [Destination] ([example-report]). It
// tells three threats apart: DocumentScript (the response renders as a
// document that runs script with the server's origin: stored cross-site
// scripting), ScriptInclusion (a page can run it as a script) and
// CrossOriginRead (a page of another site that loads it without CORS gets
// its bytes: Opaque Response Blocking, per engine), and it reads the
// mitigations, Content-Disposition: attachment, a Content-Security-Policy
// sandbox and Cross-Origin-Resource-Policy. [SafeHeaders] chooses the headers that
// serve bytes as inert content ([example-uploads]), and [Handler] applies
// them to every response of a handler that serves uploads
// ([example-handler]).
//
// # What older rules did
//
// [FindMimeFromData] is Internet Explorer's algorithm, as Wine implements
// it, for auditing uploads and reading old crawls ([example-ie]), and
// [Resource.SniffFeedOrHTML] the feed rules the standard removed in 2024.
// [Resource.Sniff] uses neither.
//
// # Faithfulness
//
// Every algorithm follows the standard's steps, and each function's
// documentation links the one it implements. Tables are the standard's rows,
// in its order. Where the standard is wrong, the package does what it is
// meant to do and says so where it does it: the pattern matcher never reads
// past its input; the WebM and MP3-without-ID3 signatures follow the code
// they were taken from ([MatchesWebMSignature],
// [MatchesMP3WithoutID3Signature]). Sniffing depends only on the bytes it is
// given, never reads beyond them, never allocates, never fails and is safe
// for concurrent use.
//
// [example]: https://pkg.go.dev/github.com/mimesniff/mimesniff#example-Resource.Sniff
// [example-image]: https://pkg.go.dev/github.com/mimesniff/mimesniff#example-Resource.SniffImage
// [example-response]: https://pkg.go.dev/github.com/mimesniff/mimesniff#example-ResourceFromResponse
// [example-parse]: https://pkg.go.dev/github.com/mimesniff/mimesniff#example-Parse
// [example-browsers]: https://pkg.go.dev/github.com/mimesniff/mimesniff#example-Resource.SniffAs
// [example-report]: https://pkg.go.dev/github.com/mimesniff/mimesniff#example-ReportFor
// [example-uploads]: https://pkg.go.dev/github.com/mimesniff/mimesniff#example-SafeHeaders-Uploads
// [example-handler]: https://pkg.go.dev/github.com/mimesniff/mimesniff#example-Handler
// [example-ie]: https://pkg.go.dev/github.com/mimesniff/mimesniff#example-FindMimeFromData
package mimesniff
