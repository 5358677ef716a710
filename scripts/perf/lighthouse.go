package main

import (
	"bytes"
	"cmp"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
)

// chromeFlags run the system Chromium headless in a container.
const chromeFlags = "--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run --disable-background-networking"

// lighthouseRun is how pages are audited: command runs Lighthouse, runs times per page; reports,
// when set, is a folder that keeps each report.
type lighthouseRun struct {
	command string
	runs    int
	reports string
}

// audit runs Lighthouse's mobile performance audit (its default: a mid-range phone on a throttled
// 4G network, simulated) lh.runs times on each of paths and returns each page's median score
// (0–100) and LCP (ms). The runs go round the pages (the first run of each, then the second…),
// so that a minute in which the shared machine is slow costs every page one run, not one page
// several.
func (lh lighthouseRun) audit(base string, paths []string) (map[string]audited, error) {
	scores := map[string][]float64{}
	lcps := map[string][]float64{}
	for i := range lh.runs {
		for _, path := range paths {
			name := cmp.Or(strings.Trim(strings.ReplaceAll(path, "/", "_"), "_"), "home")
			s, l, err := lh.once(base+path, fmt.Sprintf("%s-%d.json", name, i+1))
			if err != nil {
				return nil, err
			}
			scores[path], lcps[path] = append(scores[path], s), append(lcps[path], l)
		}
	}
	out := map[string]audited{}
	for _, path := range paths {
		out[path] = audited{score: median(scores[path]), lcp: median(lcps[path])}
	}
	return out, nil
}

// audited is a page's median Lighthouse score (0–100) and LCP (ms).
type audited struct{ score, lcp float64 }

func (lh lighthouseRun) once(pageURL, reportName string) (score, lcp float64, err error) {
	command := strings.Fields(lh.command)
	args := append(command[1:], pageURL,
		"--only-categories=performance", "--output=json", "--output-path=stdout", "--quiet",
		"--chrome-flags="+chromeFlags)
	cmd := exec.Command(command[0], args...)
	cmd.Env = append(os.Environ(), "CHROME_PATH="+chromePath())
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return 0, 0, fmt.Errorf("lighthouse %s: %v\n%s", pageURL, err, stderr.String())
	}
	if lh.reports != "" {
		if err := os.MkdirAll(lh.reports, 0o755); err != nil {
			return 0, 0, err
		}
		if err := os.WriteFile(filepath.Join(lh.reports, reportName), out, 0o644); err != nil {
			return 0, 0, err
		}
	}
	var report struct {
		Categories struct {
			Performance struct {
				Score *float64 `json:"score"`
			} `json:"performance"`
		} `json:"categories"`
		Audits map[string]struct {
			NumericValue float64 `json:"numericValue"`
		} `json:"audits"`
		RuntimeError *struct{ Code, Message string } `json:"runtimeError"`
	}
	if err := json.Unmarshal(out, &report); err != nil {
		return 0, 0, fmt.Errorf("lighthouse %s: %v", pageURL, err)
	}
	if report.RuntimeError != nil || report.Categories.Performance.Score == nil {
		return 0, 0, fmt.Errorf("lighthouse %s: no score (%+v)", pageURL, report.RuntimeError)
	}
	return *report.Categories.Performance.Score * 100, report.Audits["largest-contentful-paint"].NumericValue, nil
}

func chromePath() string {
	if p := os.Getenv("CHROME_PATH"); p != "" {
		return p
	}
	return "/usr/bin/chromium"
}

func median(v []float64) float64 {
	s := slices.Sorted(slices.Values(v))
	return s[len(s)/2]
}

func gunzip(b []byte) (string, error) {
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		return "", err
	}
	text, err := io.ReadAll(zr)
	return string(text), err
}
