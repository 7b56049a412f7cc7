// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Rules from older documents, never used by Sniff: the feed-or-HTML rules the
// standard dropped in 2024 (Sniff runs them only when Resource.SniffFeeds is
// set), and Internet Explorer's FindMimeFromData.

package mimesniff

// SniffFeedOrHTML implements the rules for distinguishing if a resource is a
// feed or HTML, as last published (July 2024): it looks past a UTF-8 byte
// order mark, whitespace, comments, "<!...>" declarations and "<?...?>"
// processing instructions for the first element, and returns
// application/rss+xml for "<rss", application/atom+xml for "<feed", and
// application/rss+xml for "<rdf:RDF" when both the RSS 1.0 namespace
// (http://purl.org/rss/1.0/) and the RDF one
// (http://www.w3.org/1999/02/22-rdf-syntax-ns#) follow it in either order.
// Otherwise, and when the header ends first, it returns r.Supplied.
//
// These rules are no longer part of the standard. They were removed in July
// 2024 (https://github.com/whatwg/mimesniff/pull/192, issue #173) because no
// browser still identified a text/html resource starting with "<rss" as a
// feed. A crawler may still want them: many servers label RSS and Atom feeds
// text/html, and a feed reader or search engine that wants to find feeds
// should look at the bytes, as browsers once did. [Resource.Sniff] runs them
// only when r.SniffFeeds is set, r.NoSniff is not, and the supplied MIME type
// is text/html.
//
// Two fixes to the text: in the branch that finds the RDF namespace first,
// the text compares 24 bytes with the 43-byte namespace and then 43 bytes
// with the 24-byte one; the lengths are swapped back
// (https://github.com/whatwg/mimesniff/issues/65). And no byte past the
// header is read: where the text reads "sequence[s] is undefined", the
// header has ended. Like the text, the rules are fragile
// (https://github.com/whatwg/mimesniff/issues/67): "<rss" also matches
// "<rssfoo>", and "<feed" also matches "<feedback>".
func (r Resource) SniffFeedOrHTML() MIMEType {
	t, ok := sniffFeed(resourceHeader(r.Header))
	if !ok {
		return r.Supplied
	}
	return t
}

// The byte strings of the feed-or-HTML rules.
const (
	rdfNamespace = "http://www.w3.org/1999/02/22-rdf-syntax-ns#" // 43 bytes
	rssNamespace = "http://purl.org/rss/1.0/"                    // 24 bytes
)

// sniffFeed runs the feed-or-HTML rules on h, and returns false where they
// say "the computed MIME type is the supplied MIME type".
func sniffFeed(h []byte) (MIMEType, bool) {
	// 1. Let sequence be the resource header. 2. Let length be its length.
	// 3. Initialize s to 0.
	// 4. If length >= 3 and sequence[0..2] are 0xEF 0xBB 0xBF (UTF-8 BOM),
	// increment s by 3.
	s := 0
	if hasPrefixAt(h, 0, "\xEF\xBB\xBF") {
		s = 3
	}
	// 5. While s is less than length:
	for s < len(h) {
		// 5.1. Loop L: skip whitespace bytes up to a "<", past which s
		// moves; at anything else, or at the end, it is the supplied
		// type.
		for {
			if s >= len(h) {
				return MIMEType{}, false
			}
			if h[s] == '<' {
				s++
				break
			}
			if !isWhitespaceByte(h[s]) {
				return MIMEType{}, false
			}
			s++
		}
		// 5.2. Loop L, which always either exits to step 5 or ends the
		// algorithm:
		// 5.2.1. If sequence[s] is undefined, the supplied type.
		if s >= len(h) {
			return MIMEType{}, false
		}
		switch {
		// 5.2.2. "!--": skip to after the next "-->".
		case hasPrefixAt(h, s, "!--"):
			var ok bool
			if s, ok = skipPast(h, s+3, "-->"); !ok {
				return MIMEType{}, false
			}
		// 5.2.3. "!": skip to after the next ">".
		case h[s] == '!':
			var ok bool
			if s, ok = skipPast(h, s+1, ">"); !ok {
				return MIMEType{}, false
			}
		// 5.2.4. "?": skip to after the next "?>".
		case h[s] == '?':
			var ok bool
			if s, ok = skipPast(h, s+1, "?>"); !ok {
				return MIMEType{}, false
			}
		// 5.2.5. "rss": application/rss+xml.
		case hasPrefixAt(h, s, "rss"):
			return applicationRSS, true
		// 5.2.6. "feed": application/atom+xml.
		case hasPrefixAt(h, s, "feed"):
			return applicationAtom, true
		// 5.2.7. "rdf:RDF": look for both namespaces, in either order.
		// (Loop M only ends the algorithm.)
		case hasPrefixAt(h, s, "rdf:RDF"):
			for s += 7; s < len(h); s++ {
				if hasPrefixAt(h, s, rssNamespace) {
					if containsFrom(h, s+len(rssNamespace), rdfNamespace) {
						return applicationRSS, true
					}
					return MIMEType{}, false
				}
				if hasPrefixAt(h, s, rdfNamespace) {
					// The text advances 24 bytes and looks for 43
					// (issue #65); the lengths are swapped back.
					if containsFrom(h, s+len(rdfNamespace), rssNamespace) {
						return applicationRSS, true
					}
					return MIMEType{}, false
				}
			}
			return MIMEType{}, false
		// 5.2.8. Otherwise, the supplied type.
		default:
			return MIMEType{}, false
		}
	}
	// 6. The computed MIME type is the supplied MIME type.
	return MIMEType{}, false
}

// hasPrefixAt reports whether h[s:] starts with prefix, without reading past
// h.
func hasPrefixAt(h []byte, s int, prefix string) bool {
	return s <= len(h) && len(h)-s >= len(prefix) && string(h[s:s+len(prefix)]) == prefix
}

// skipPast implements the feed rules' loop M for a terminator: it returns
// the position just past the first end at or after s, and false if the
// header ends first.
func skipPast(h []byte, s int, end string) (int, bool) {
	for ; s < len(h); s++ {
		if hasPrefixAt(h, s, end) {
			return s + len(end), true
		}
	}
	return s, false
}

// containsFrom implements the feed rules' loop N: it reports whether s
// occurs in h at or after position from.
func containsFrom(h []byte, from int, s string) bool {
	_, ok := skipPast(h, from, s)
	return ok
}
