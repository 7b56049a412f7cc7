package mimesniff

import (
	"errors"
	"strconv"
)

// Browser is a browser profile: the standard plus a browser's known
// departures from it.
//
// The departures are written from the behaviours listed in issue 14 and
// are still to be checked against the recordings in testdata/browsers
// (Chromium 156 and Firefox ESR 153, headless, no PDF viewer).
type Browser uint8

// The browser profiles.
const (
	Standard Browser = iota // what Resource.Sniff computes
	Chromium                // Chromium 156, headless
	Firefox                 // Firefox ESR 153, headless
)

var browserNames = [...]string{
	Standard: "standard",
	Chromium: "chromium",
	Firefox:  "firefox",
}

// String returns the browser's lower-case name, or "Invalid(n)" for a
// value that is none of the constants.
func (b Browser) String() string {
	if int(b) < len(browserNames) {
		return browserNames[b]
	}
	return "Invalid(" + strconv.Itoa(int(b)) + ")"
}

// MarshalText returns the browser's name; it fails for an invalid value.
func (b Browser) MarshalText() ([]byte, error) {
	if int(b) >= len(browserNames) {
		return nil, errors.New("mimesniff: invalid Browser " + b.String())
	}
	return []byte(browserNames[b]), nil
}

// UnmarshalText sets b to the browser named by text.
func (b *Browser) UnmarshalText(text []byte) error {
	for i, n := range browserNames {
		if string(text) == n {
			*b = Browser(i)
			return nil
		}
	}
	return errors.New("mimesniff: unknown browser " + strconv.Quote(string(text)))
}

// SniffAs returns the computed MIME type of r in b's browsing context.
//
// For Standard it is Resource.Sniff. The other profiles apply their
// departures first and otherwise fall back to the standard.
func (r Resource) SniffAs(b Browser) MIMEType {
	if b == Firefox {
		if t, ok := firefoxUnknownIsDownload(r); ok {
			return t
		}
	}
	return r.Sniff()
}

// firefoxUnknownIsDownload reports the type Firefox gives a response
// supplied as unknown/unknown or application/unknown: it does not sniff
// it, and downloads it as application/octet-stream (issue 14).
func firefoxUnknownIsDownload(r Resource) (MIMEType, bool) {
	switch r.Supplied.Essence() {
	case "unknown/unknown", "application/unknown":
		return applicationOctet, true
	}
	return MIMEType{}, false
}

// Displays reports whether b shows a resource of type t in a document
// rather than downloading it.
//
// HTML, XML, text, JSON, JavaScript, images, audio and video are shown;
// everything else (application/octet-stream, archives, fonts, PDF with
// the PDF viewer off as in the headless recordings) is downloaded.
func (b Browser) Displays(t MIMEType) bool {
	if !t.IsValid() {
		return false
	}
	switch {
	case t.IsHTML(), t.IsXML(), t.IsJSON(), t.IsJavaScript(), t.IsImage(), t.IsAudioOrVideo():
		return true
	}
	return t.Type() == "text"
}
