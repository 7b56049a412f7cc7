// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mimesniff_test

import "github.com/mimesniff/mimesniff"

// A sniffingContext is one of the standard's contexts, by which the test
// vectors (testdata/files.txt) name the rules they check.
type sniffingContext uint8

// The contexts of the standard, in its order.
const (
	browsingContext sniffingContext = iota
	imageContext
	audioOrVideoContext
	fontContext
	pluginContext
	styleContext
	scriptContext
	textTrackContext
	cacheManifestContext
	numContexts
)

// contexts are each context's name, as the vectors write it, and its rules.
var contexts = [numContexts]struct {
	name  string
	rules func(mimesniff.Resource) mimesniff.MIMEType
}{
	browsingContext:      {"browsing", mimesniff.Resource.Sniff},
	imageContext:         {"image", mimesniff.Resource.SniffImage},
	audioOrVideoContext:  {"audio-video", mimesniff.Resource.SniffAudioOrVideo},
	fontContext:          {"font", mimesniff.Resource.SniffFont},
	pluginContext:        {"plugin", mimesniff.Resource.SniffPlugin},
	styleContext:         {"style", mimesniff.Resource.SniffStyle},
	scriptContext:        {"script", mimesniff.Resource.SniffScript},
	textTrackContext:     {"text-track", mimesniff.Resource.SniffTextTrack},
	cacheManifestContext: {"cache-manifest", mimesniff.Resource.SniffCacheManifest},
}

func (c sniffingContext) String() string { return contexts[c].name }

// sniffIn returns the computed MIME type of r in context c.
func sniffIn(r mimesniff.Resource, c sniffingContext) mimesniff.MIMEType { return contexts[c].rules(r) }
