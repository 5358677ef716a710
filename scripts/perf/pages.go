package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"regexp"
)

// page is a page measured: label names it in the table, path is where it is; a signed-in page is
// fetched with the organizer's session and not audited by Lighthouse, which has none.
type page struct {
	label, path string
	signedIn    bool
}

type pageRow struct {
	page
	html, js, css int // bytes on the wire, gzip
	score         float64
	lcp           float64 // milliseconds
}

var (
	scriptSrc  = regexp.MustCompile(`<script type="module" src="([^"]+)"`)
	modulePre  = regexp.MustCompile(`<link rel="modulepreload" href="([^"]+)"`)
	stylesheet = regexp.MustCompile(`<link rel="stylesheet" href="([^"]+)"`)
	// A page drawn by the server lists the app's modules as JSON instead of preloading them
	// (web/src/boot.ts fetches them once the page is on screen).
	appModules = regexp.MustCompile(`<script type="application/json" id="app-modules">(.*?)</script>`)
	// The built scripts an entry names in its code: its chunks, and a worker's file.
	entryScripts = regexp.MustCompile(`\b(assets/[\w-]+\.js)\b`)
)

// pageBytes is what a browser downloads, compressed, to show the page at pageURL and run its app:
// the HTML, the entry and every module the HTML preloads or lists (the app, its static imports and
// the route's own chunk, which the server names), the scripts the entry itself names (the worker
// that starts Intl, web/src/boot.ts), and the stylesheets. cookie, when set, is sent with the
// page's request.
func pageBytes(pageURL, cookie string) (html, js, css int, err error) {
	body, n, err := gzipGet(pageURL, cookie)
	if err != nil {
		return 0, 0, 0, err
	}
	html = n
	base, _ := url.Parse(pageURL)
	// fetched is the compressed size of the files refs name, each counted once; named, when set,
	// is told each file's text.
	counted := map[string]bool{}
	fetched := func(refs []string, named func(text string)) (int, error) {
		total := 0
		for _, r := range refs {
			ref, _ := url.Parse(r)
			u := base.ResolveReference(ref).String()
			if counted[u] {
				continue
			}
			counted[u] = true
			text, n, err := gzipGet(u, "")
			if err != nil {
				return 0, err
			}
			total += n
			if named != nil {
				named(text)
			}
		}
		return total, nil
	}
	linked := func(re *regexp.Regexp) []string {
		var refs []string
		for _, m := range re.FindAllStringSubmatch(body, -1) {
			refs = append(refs, m[1])
		}
		return refs
	}
	scripts := linked(modulePre)
	if m := appModules.FindStringSubmatch(body); m != nil {
		var listed []string
		if err := json.Unmarshal([]byte(m[1]), &listed); err != nil {
			return 0, 0, 0, fmt.Errorf("%s: app modules: %w", pageURL, err)
		}
		scripts = append(scripts, listed...)
	}
	var entryNames []string
	entry, err := fetched(linked(scriptSrc), func(text string) {
		for _, m := range entryScripts.FindAllStringSubmatch(text, -1) {
			entryNames = append(entryNames, "/"+m[1])
		}
	})
	if err != nil {
		return 0, 0, 0, err
	}
	rest, err := fetched(append(scripts, entryNames...), nil)
	if err != nil {
		return 0, 0, 0, err
	}
	css, err = fetched(linked(stylesheet), nil)
	return html, entry + rest, css, err
}

// rawClient leaves answers compressed, so their length is what travelled.
var rawClient = &http.Client{Transport: &http.Transport{DisableCompression: true}}

// gzipGet fetches u asking for gzip, with cookie when set; it returns the body uncompressed and
// the bytes received.
func gzipGet(u, cookie string) (string, int, error) {
	req, _ := http.NewRequest("GET", u, nil)
	req.Header.Set("Accept-Encoding", "gzip")
	if cookie != "" {
		req.Header.Set("Cookie", cookie)
	}
	res, err := rawClient.Do(req)
	if err != nil {
		return "", 0, err
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	if err != nil {
		return "", 0, err
	}
	if res.StatusCode != http.StatusOK {
		return "", 0, fmt.Errorf("GET %s: %s", u, res.Status)
	}
	if res.Header.Get("Content-Encoding") != "gzip" {
		return string(raw), len(raw), nil
	}
	text, err := gunzip(raw)
	return text, len(raw), err
}
