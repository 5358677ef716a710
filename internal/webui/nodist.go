//go:build !webdist

package webui

import "io/fs"

// FS returns nil without the webdist tag: the server then renders pages with no scripts.
func FS() fs.FS { return nil }

// Renderer returns nil without the webdist tag: pages are then served without markup.
func Renderer() []byte { return nil }
