package site

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// Every page's module is a file of the web app that exports the page's component, so that the
// server preloads what the app loads.
func TestRegistryModulesExist(t *testing.T) {
	for _, p := range sitePages {
		src, err := os.ReadFile(filepath.Join("..", "..", "web", p.Module))
		if err != nil {
			t.Errorf("%s: %v", p.name, err)
			continue
		}
		if !strings.Contains(string(src), "export function "+p.Component+"(") {
			t.Errorf("%s: %s does not export function %s", p.name, p.Module, p.Component)
		}
	}
}

func TestRegistryEntriesAreChecked(t *testing.T) {
	valid := pageByName("event")
	for name, change := range map[string]func(p *pageInfo){
		"no paths":                 func(p *pageInfo) { p.Paths = nil },
		"unknown access":           func(p *pageInfo) { p.Access = "admin" },
		"prerendered private page": func(p *pageInfo) { p.Access = accessSignedIn },
		"event page without id":    func(p *pageInfo) { p.Paths = []string{"/evento"} },
		"relative path":            func(p *pageInfo) { p.Paths = []string{"event/{eventId}"} },
	} {
		p := valid
		p.Paths = slices.Clone(valid.Paths)
		change(&p)
		if p.check() == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	if err := valid.check(); err != nil {
		t.Errorf("the event page: %v", err)
	}
}

func TestRobotsDisallowsThePagesNotIndexed(t *testing.T) {
	var disallowed []string
	for _, m := range regexp.MustCompile(`(?m)^Disallow: (.+)$`).FindAllStringSubmatch(robotsTxt, -1) {
		disallowed = append(disallowed, m[1])
	}
	for _, p := range sitePages {
		for _, path := range p.Paths {
			prefix := strings.SplitN(path, "{", 2)[0]
			blocked := slices.ContainsFunc(disallowed, func(d string) bool { return strings.HasPrefix(prefix, d) })
			if blocked == p.Indexed {
				t.Errorf("%s (indexed %v): robots.txt disallows %v", path, p.Indexed, disallowed)
			}
		}
	}
}
