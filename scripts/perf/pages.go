package main

import (
	"fmt"
	"io"
	"net/http"
	"net/url"
	"regexp"
)

type pageRow struct {
	path          string
	html, js, css int // bytes on the wire, gzip
	score         float64
	lcp           float64 // milliseconds
}

var (
	scriptSrc  = regexp.MustCompile(`<script type="module" src="([^"]+)"`)
	modulePre  = regexp.MustCompile(`<link rel="modulepreload" href="([^"]+)"`)
	stylesheet = regexp.MustCompile(`<link rel="stylesheet" href="([^"]+)"`)
)

// pageBytes is what a browser downloads, compressed, to show the page at pageURL: the HTML, the
// entry and every module the HTML preloads (its static imports and the route's own chunk, which
// the server lists), and the stylesheets.
func pageBytes(pageURL string) (html, js, css int, err error) {
	body, n, err := gzipGet(pageURL)
	if err != nil {
		return 0, 0, 0, err
	}
	html = n
	base, _ := url.Parse(pageURL)
	sum := func(re *regexp.Regexp) (int, error) {
		total := 0
		for _, m := range re.FindAllStringSubmatch(body, -1) {
			ref, _ := url.Parse(m[1])
			_, n, err := gzipGet(base.ResolveReference(ref).String())
			if err != nil {
				return 0, err
			}
			total += n
		}
		return total, nil
	}
	entry, err := sum(scriptSrc)
	if err != nil {
		return 0, 0, 0, err
	}
	pre, err := sum(modulePre)
	if err != nil {
		return 0, 0, 0, err
	}
	css, err = sum(stylesheet)
	return html, entry + pre, css, err
}

// rawClient leaves answers compressed, so their length is what travelled.
var rawClient = &http.Client{Transport: &http.Transport{DisableCompression: true}}

// gzipGet fetches u asking for gzip; it returns the body uncompressed and the bytes received.
func gzipGet(u string) (string, int, error) {
	req, _ := http.NewRequest("GET", u, nil)
	req.Header.Set("Accept-Encoding", "gzip")
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
