// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"fmt"

	"github.com/mimesniff/mimesniff"
)

// A sniffingContext is a context in which a browser sniffs a resource, as
// -context names it: a document (the browsing context), or one of the
// contexts whose rules the standard gives apart
// (https://mimesniff.spec.whatwg.org/#context-specific-sniffing).
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

// contexts are each context's name and rules.
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

// MarshalText returns the context's name, for the JSON output.
func (c sniffingContext) MarshalText() ([]byte, error) { return []byte(contexts[c].name), nil }

// UnmarshalText sets c to the context named text, for -context.
func (c *sniffingContext) UnmarshalText(text []byte) error {
	for i, ctx := range contexts {
		if ctx.name == string(text) {
			*c = sniffingContext(i)
			return nil
		}
	}
	return fmt.Errorf("unknown sniffing context %q (want one of browsing, image, audio-video, font, plugin, style, script, text-track, cache-manifest)", text)
}

// sniffIn returns the computed MIME type of r in context c.
func sniffIn(r mimesniff.Resource, c sniffingContext) mimesniff.MIMEType { return contexts[c].rules(r) }
