package site

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"slices"
	"strings"
	"sync"
	"time"

	"pelotao/internal/httpgzip"
)

// ui serves the files Vite built: hashed assets forever-cached, a few root files, and the
// entry points listed in Vite's manifest for the page template.
type ui struct {
	fsys    fs.FS
	entry   string   // the entry module, e.g. /assets/index-abc123.js
	early   string   // the classic script a drawn page runs before it is painted (web/src/early.ts)
	css     []string // stylesheets the entry needs
	preload []string // the app's modules, fetched in parallel with the entry
	gzipped sync.Map // asset path → []byte, compressed once on first request

	manifest map[string]manifestChunk
	loaded   map[string]bool // manifest keys that the entry loads by itself
}

type manifestChunk struct {
	File           string   `json:"file"`
	IsEntry        bool     `json:"isEntry"`
	Imports        []string `json:"imports"`
	DynamicImports []string `json:"dynamicImports"`
	CSS            []string `json:"css"`
}

func loadUI(fsys fs.FS) (*ui, error) {
	u := &ui{fsys: fsys}
	if fsys == nil {
		u.fsys = emptyFS{}
		return u, nil
	}
	raw, err := fs.ReadFile(fsys, ".vite/manifest.json")
	if errors.Is(err, fs.ErrNotExist) {
		return u, nil // the web app was not built: pages render without scripts
	}
	if err != nil {
		return nil, err
	}
	var m map[string]manifestChunk
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, fmt.Errorf("web manifest: %w", err)
	}
	entry, ok := m["index.html"]
	if !ok {
		return nil, errors.New("web manifest: no index.html entry")
	}
	u.entry = "/" + entry.File
	if early, ok := m["src/early.ts"]; ok {
		u.early = "/" + early.File
	}
	for _, c := range entry.CSS {
		u.css = append(u.css, "/"+c)
	}
	u.manifest = m
	u.loaded = map[string]bool{"index.html": true}
	// The entry (web/src/boot.ts) imports the app when the page allows: React's DOM renderer
	// (src/reactDom.ts), then src/main.tsx. Every page needs them.
	u.preload, u.css = u.walk(append(slices.Clip(entry.Imports), entry.DynamicImports...), u.loaded, u.preload, u.css)
	return u, nil
}

// walk adds the files of the chunks keys and of their static imports, skipping the chunks in seen
// and marking the others.
func (u *ui) walk(keys []string, seen map[string]bool, js, css []string) ([]string, []string) {
	for _, k := range keys {
		c, ok := u.manifest[k]
		if !ok || seen[k] {
			continue
		}
		seen[k] = true
		js = append(js, "/"+c.File)
		for _, f := range c.CSS {
			css = append(css, "/"+f)
		}
		js, css = u.walk(c.Imports, seen, js, css)
	}
	return js, css
}

// pageAssets lists what one lazily loaded page (its source module, a manifest key) needs beyond
// the entry, so that the page's code downloads in parallel with the entry instead of after it.
func (u *ui) pageAssets(module string) (js, css []string) {
	if module == "" || u.manifest == nil {
		return nil, nil
	}
	seen := make(map[string]bool, len(u.loaded))
	for k := range u.loaded {
		seen[k] = true
	}
	return u.walk([]string{module}, seen, nil, nil)
}

type emptyFS struct{}

func (emptyFS) Open(string) (fs.File, error) { return nil, fs.ErrNotExist }

var compressible = map[string]bool{".js": true, ".css": true, ".svg": true, ".json": true, ".txt": true, ".map": true}

// serveAsset serves /assets/…: names carry a content hash, so they are cached for a year.
func (u *ui) serveAsset(w http.ResponseWriter, r *http.Request) {
	name := path.Clean("assets/" + r.PathValue("path"))
	if !strings.HasPrefix(name, "assets/") {
		http.NotFound(w, r)
		return
	}
	u.serveFile(w, r, name, "public, max-age=31536000, immutable")
}

func (u *ui) serveFile(w http.ResponseWriter, r *http.Request, name, cacheControl string) {
	body, err := fs.ReadFile(u.fsys, name)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	ext := path.Ext(name)
	h := w.Header()
	if ct := mime.TypeByExtension(ext); ct != "" {
		h.Set("Content-Type", ct)
	}
	h.Set("Cache-Control", cacheControl)
	if compressible[ext] {
		h.Add("Vary", "Accept-Encoding")
		if httpgzip.Accepts(r) {
			h.Set("Content-Encoding", "gzip")
			body = u.gzip(name, body)
		}
	}
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(body))
}

func (u *ui) gzip(name string, body []byte) []byte {
	if v, ok := u.gzipped.Load(name); ok {
		return v.([]byte)
	}
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	_, _ = zw.Write(body)
	_ = zw.Close()
	v, _ := u.gzipped.LoadOrStore(name, buf.Bytes())
	return v.([]byte)
}

// rootFile reports whether name is a file at the root of the built app (favicon, icons…).
func (u *ui) rootFile(name string) bool {
	if name == "" || name == "index.html" || strings.Contains(name, "/") {
		return false
	}
	st, err := fs.Stat(u.fsys, name)
	return err == nil && !st.IsDir()
}
