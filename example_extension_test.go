// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff_test

import (
	"archive/zip"
	"bytes"
	"fmt"
	"io"

	"github.com/mimesniff/mimesniff"
)

// A computed type is what a browser makes of the bytes, not their format:
// every ZIP-based upload computes as application/zip. A server that accepts
// Office documents, OpenDocument files, e-books and Android packages takes
// the type to declare, and the name to store, from a format detector (here
// detect, a small one that reads the ZIP directory; a real server may use a
// detector library), and uses Extension only where the detector has no
// answer. SafeHeaders then serves the upload inert.
func ExampleExtension_formatDetector() {
	uploads := []struct {
		name string
		data []byte
	}{
		{"report", zipOf("[Content_Types].xml", "word/document.xml")},
		{"sheet", zipOf("[Content_Types].xml", "xl/workbook.xml")},
		{"letter", zipOf("mimetype=application/vnd.oasis.opendocument.text", "content.xml")},
		{"book", zipOf("mimetype=application/epub+zip", "META-INF/container.xml")},
		{"app", zipOf("AndroidManifest.xml", "classes.dex")},
		{"archive", zipOf("notes.txt")},
		{"photo", []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")},
	}
	for _, u := range uploads {
		declared, ext := detect(u.data)
		hs := mimesniff.SafeHeaders(declared, u.data)
		if ext == "" {
			ext = mimesniff.Extension(hs.ContentType) // a type the package computed
		}
		computed := mimesniff.Resource{Header: u.data}.Sniff()
		fmt.Printf("%s: browsers compute %s; stored as %s%s\n", u.name, computed, u.name, ext)
	}
	// Output:
	// report: browsers compute application/zip; stored as report.docx
	// sheet: browsers compute application/zip; stored as sheet.xlsx
	// letter: browsers compute application/zip; stored as letter.odt
	// book: browsers compute application/zip; stored as book.epub
	// app: browsers compute application/zip; stored as app.apk
	// archive: browsers compute application/zip; stored as archive.zip
	// photo: browsers compute image/png; stored as photo.png
}

// detect stands in for a format detector: it tells ZIP-based formats apart
// by the entries of the archive, and returns their type and extension, or
// nothing for anything else.
func detect(data []byte) (mimesniff.MIMEType, string) {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return mimesniff.MIMEType{}, ""
	}
	has := func(name string) bool {
		for _, f := range zr.File {
			if f.Name == name {
				return true
			}
		}
		return false
	}
	// OpenDocument and EPUB name their type in a first entry, "mimetype".
	if len(zr.File) > 0 && zr.File[0].Name == "mimetype" {
		rc, err := zr.File[0].Open()
		if err != nil {
			return mimesniff.MIMEType{}, ""
		}
		b, _ := io.ReadAll(io.LimitReader(rc, 100))
		rc.Close()
		switch string(b) {
		case "application/vnd.oasis.opendocument.text":
			return mimesniff.MustParse(string(b)), ".odt"
		case "application/epub+zip":
			return mimesniff.MustParse(string(b)), ".epub"
		}
	}
	switch {
	case has("word/document.xml"):
		return mimesniff.MustParse("application/vnd.openxmlformats-officedocument.wordprocessingml.document"), ".docx"
	case has("xl/workbook.xml"):
		return mimesniff.MustParse("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"), ".xlsx"
	case has("AndroidManifest.xml") && has("classes.dex"):
		return mimesniff.MustParse("application/vnd.android.package-archive"), ".apk"
	}
	return mimesniff.MIMEType{}, ""
}

// zipOf returns a ZIP archive of empty entries with the given names; an
// entry "mimetype=TYPE" is a stored entry "mimetype" holding TYPE.
func zipOf(names ...string) []byte {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, name := range names {
		if t, ok := bytes.CutPrefix([]byte(name), []byte("mimetype=")); ok {
			w, _ := zw.CreateHeader(&zip.FileHeader{Name: "mimetype", Method: zip.Store})
			w.Write(t)
			continue
		}
		zw.Create(name)
	}
	zw.Close()
	return buf.Bytes()
}
