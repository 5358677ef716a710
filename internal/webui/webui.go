//go:build webdist

// Package webui holds the web app built by Vite (web/ → internal/webui/dist). It is embedded only
// with the webdist build tag, which the Makefile sets after building the app, so that a fresh
// clone builds, vets and tests without Node.
package webui

import (
	"embed"
	"io/fs"
)

//go:embed all:dist
var dist embed.FS

// FS returns the built app, rooted at dist.
func FS() fs.FS {
	sub, err := fs.Sub(dist, "dist")
	if err != nil {
		panic(err)
	}
	return sub
}

//go:embed ssr/render.js
var renderer []byte

// Renderer returns the server's renderer script (web/vite.ssr.config.ts, run by internal/prerender).
func Renderer() []byte { return renderer }
