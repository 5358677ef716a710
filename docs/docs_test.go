// Package docs holds no code: its test keeps the documentation the one place the repository cites.
package docs

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"unicode"
)

// sourceRoots are the folders (relative to the repository root) whose files cite the docs.
var sourceRoots = []string{"cmd", "internal", "scripts", "web"}

// sourceExts are the kinds of file read; Makefile is read too.
var sourceExts = map[string]bool{
	".go": true, ".ts": true, ".tsx": true, ".js": true, ".sh": true, ".sql": true, ".css": true, ".html": true,
}

// skippedDirs hold data, installed packages or build and test output, not comments.
var skippedDirs = map[string]bool{"testdata": true, "node_modules": true, "dist": true, "test-results": true,
	"playwright-report": true}

var (
	// definedID is how requirements.md defines an ID: "- **HOME-6** — …".
	definedID = regexp.MustCompile(`(?m)^- \*\*([A-Z]{2,6})-([0-9]+)\*\*`)
	// citedID is an ID cited in source, with an optional range end ("ATH-2..5", "FORM-33/34").
	citedID = regexp.MustCompile(`\b([A-Z]{2,6})-([0-9]+)\b(?:(?:\.\.|/)([0-9]+)\b)?`)
	// outsideCitation is a citation of the specification files that are not in the repository.
	outsideCitation = regexp.MustCompile(`\b(?:SPEC|REQUIREMENTS|DESIGN|RACEDAY|STYLE|PEERS)\.md\b|\bSPEC\s*§|\bREQUIREMENTS\b|\bRACEDAY\b`)
	// mdLink is a relative link in a docs page: [text](file.md#anchor) or [text](#anchor).
	mdLink = regexp.MustCompile(`\]\(([^)\s:]*?)(?:#([^)\s]+))?\)`)
	// repoPath is a path of the repository named in a page: it starts at one of the top folders
	// (not inside a URL or another path) and runs to a space, a quote or a closing bracket.
	repoPath = regexp.MustCompile("(?:^|[\\s(`'\"])((?:cmd|internal|scripts|web|docs)/[^\\s`'\"()\\[\\],;:]*)")
	// namedIn is "`name` in `path`": an identifier the page says a file holds.
	namedIn = regexp.MustCompile("`([A-Za-z_][A-Za-z0-9_]*)` in `((?:cmd|internal|scripts|web)/[^`]+)`")
)

// TestSourcesCiteOnlyTheDocs fails when a source file (or a page of docs/) cites a requirement ID
// of a known area that requirements.md does not define, or cites the specification files instead
// of docs/.
func TestSourcesCiteOnlyTheDocs(t *testing.T) {
	defined, areas := requirementIDs(t)
	files := sourceFiles(t)
	if len(files) < 100 {
		t.Fatalf("found only %d source files under %v: is the test running from docs/?", len(files), sourceRoots)
	}
	for _, name := range files {
		text, err := os.ReadFile(filepath.Join("..", name))
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(text), "\n") {
			if m := outsideCitation.FindString(line); m != "" {
				t.Errorf("%s:%d cites %q, which is not in the repository: cite docs/ instead (docs/README.md)", name, i+1, m)
			}
			for _, m := range citedID.FindAllStringSubmatch(line, -1) {
				if !areas[m[1]] {
					continue // not a requirement (UTF-8, SHA-256, PDF-1…)
				}
				for _, n := range []string{m[2], m[3]} {
					if id := m[1] + "-" + n; n != "" && !defined[id] {
						t.Errorf("%s:%d cites %s, which docs/requirements.md does not define", name, i+1, id)
					}
				}
			}
		}
	}
}

// requirementIDs reads the IDs requirements.md defines, and their areas (NAV, HOME, …).
func requirementIDs(t *testing.T) (ids, areas map[string]bool) {
	t.Helper()
	text, err := os.ReadFile("requirements.md")
	if err != nil {
		t.Fatal(err)
	}
	ids, areas = map[string]bool{}, map[string]bool{}
	for _, m := range definedID.FindAllStringSubmatch(string(text), -1) {
		id := m[1] + "-" + m[2]
		if ids[id] {
			t.Errorf("requirements.md defines %s twice", id)
		}
		ids[id], areas[m[1]] = true, true
	}
	if len(ids) < 256 {
		t.Fatalf("requirements.md defines %d IDs; the 256 of the original checklist must all be there", len(ids))
	}
	return ids, areas
}

// sourceFiles lists the files whose comments cite the docs, and the docs' own pages, relative to
// the repository root.
func sourceFiles(t *testing.T) []string {
	t.Helper()
	files := []string{"Makefile"}
	pages, err := filepath.Glob("*.md") // the docs cite each other's IDs too
	if err != nil {
		t.Fatal(err)
	}
	for _, page := range pages {
		files = append(files, "docs/"+page)
	}
	for _, root := range sourceRoots {
		err := filepath.WalkDir(filepath.Join("..", root), func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && skippedDirs[d.Name()] {
				return filepath.SkipDir
			}
			if !d.IsDir() && sourceExts[filepath.Ext(p)] {
				rel, _ := filepath.Rel("..", p)
				files = append(files, filepath.ToSlash(rel))
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	sort.Strings(files)
	return files
}

// TestDocsLinksResolve fails when a page of docs/ links a file that does not exist or a heading
// that the linked page does not have (anchors as GitHub makes them).
func TestDocsLinksResolve(t *testing.T) {
	pages, err := filepath.Glob("*.md")
	if err != nil || len(pages) == 0 {
		t.Fatalf("no pages in docs/ (%v)", err)
	}
	anchors := map[string]map[string]bool{}
	anchorsOf := func(page string) map[string]bool {
		if a, ok := anchors[page]; ok {
			return a
		}
		a := map[string]bool{}
		if text, err := os.ReadFile(page); err == nil {
			for _, line := range strings.Split(string(text), "\n") {
				if strings.HasPrefix(line, "#") {
					a[slug(strings.TrimLeft(line, "#"))] = true
				}
			}
		}
		anchors[page] = a
		return a
	}
	for _, page := range pages {
		text, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range mdLink.FindAllStringSubmatch(string(text), -1) {
			target, anchor := m[1], m[2]
			if target == "" {
				target = page
			}
			if _, err := os.Stat(target); err != nil {
				t.Errorf("%s links %s, which does not exist", page, target)
				continue
			}
			if anchor != "" && strings.HasSuffix(target, ".md") && !anchorsOf(target)[anchor] {
				t.Errorf("%s links %s#%s, a heading %s does not have", page, target, anchor, target)
			}
		}
	}
}

// slug is GitHub's anchor of a heading: lower case, punctuation dropped, spaces made hyphens.
func slug(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(heading)) {
		switch {
		case r == ' ':
			b.WriteRune('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// pagesNamingPaths are the pages, relative to the repository root, whose paths must exist.
func pagesNamingPaths(t *testing.T) []string {
	t.Helper()
	pages, err := filepath.Glob("*.md")
	if err != nil || len(pages) == 0 {
		t.Fatalf("no pages in docs/ (%v)", err)
	}
	names := []string{"README.md", "SECURITY.md"}
	for _, page := range pages {
		names = append(names, "docs/"+page)
	}
	return names
}

// TestDocsNamePathsThatExist fails when a page (docs/, README.md, SECURITY.md) names a file or
// folder of the repository that is not there, or says a file holds an identifier ("`name` in
// `path`") it does not: a pointer that leads nowhere is worse than none. A placeholder
// (<area>, {eventId}) ends the part checked; a * is a glob.
func TestDocsNamePathsThatExist(t *testing.T) {
	checked := 0
	for _, page := range pagesNamingPaths(t) {
		text, err := os.ReadFile(filepath.Join("..", page))
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(text), "\n") {
			for _, at := range repoPath.FindAllStringSubmatchIndex(line, -1) {
				name, _, _ := strings.Cut(strings.TrimRight(line[at[2]:at[3]], ".…"), "#")
				if cut := strings.IndexAny(name, "<{"); cut >= 0 {
					name = name[:strings.LastIndex(name[:cut], "/")+1]
				}
				root := ".."
				if strings.Contains(line[:at[2]], "cd web &&") {
					root = filepath.Join("..", "web") // a command run from web/ names paths from there
				}
				matches, err := filepath.Glob(filepath.Join(root, filepath.FromSlash(name)))
				if err != nil || len(matches) == 0 {
					t.Errorf("%s:%d names %s, which is not in the repository", page, i+1, name)
				}
				checked++
			}
			for _, m := range namedIn.FindAllStringSubmatch(line, -1) {
				src, err := os.ReadFile(filepath.Join("..", filepath.FromSlash(m[2])))
				if err != nil {
					continue // reported above
				}
				if !regexp.MustCompile(`\b` + m[1] + `\b`).Match(src) {
					t.Errorf("%s:%d says %s holds %s, which it does not", page, i+1, m[2], m[1])
				}
			}
		}
	}
	if checked < 50 {
		t.Fatalf("only %d paths found in the pages: is the pattern still right?", checked)
	}
}

// goPackageRoots and webFolderRoots are where every folder must be named in architecture.md: each Go package
// under cmd/ and internal/ (test helpers included), and each folder directly under the web
// app's features/ and lib/.
var (
	goPackageRoots = []string{"cmd", "internal"}
	webFolderRoots = []string{"web/src/features", "web/src/lib"}
)

// TestArchitectureNamesEveryFolder fails when a Go package directory under cmd/ or internal/,
// or a folder directly under web/src/features/ or web/src/lib/, is not named in
// architecture.md as a path in backticks (`internal/orders/` or `internal/orders`): a
// newcomer reads where each job lives there, so a new package or feature comes with its line.
func TestArchitectureNamesEveryFolder(t *testing.T) {
	text, err := os.ReadFile("architecture.md")
	if err != nil {
		t.Fatal(err)
	}
	named := map[string]bool{}
	for _, m := range regexp.MustCompile("`([^`\\s]+)`").FindAllStringSubmatch(string(text), -1) {
		named[strings.TrimSuffix(m[1], "/")] = true
	}
	folders := folderLines(t)
	if len(folders) < 40 {
		t.Fatalf("found only %d folders under %v and %v: is the test running from docs/?", len(folders), goPackageRoots, webFolderRoots)
	}
	for _, f := range folders {
		if !named[f] {
			t.Errorf("docs/architecture.md does not name `%s/`: give it its line in \"Packages and folders\"", f)
		}
	}
}

// folderLines lists, relative to the repository root, the Go package directories (any folder
// holding a .go file, outside testdata) under goPackageRoots and the folders directly under
// webFolderRoots.
func folderLines(t *testing.T) []string {
	t.Helper()
	seen := map[string]bool{}
	for _, root := range goPackageRoots {
		err := filepath.WalkDir(filepath.Join("..", root), func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && skippedDirs[d.Name()] {
				return filepath.SkipDir
			}
			if !d.IsDir() && filepath.Ext(p) == ".go" {
				rel, _ := filepath.Rel("..", filepath.Dir(p))
				seen[filepath.ToSlash(rel)] = true
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	for _, root := range webFolderRoots {
		entries, err := os.ReadDir(filepath.Join("..", filepath.FromSlash(root)))
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			if e.IsDir() {
				seen[root+"/"+e.Name()] = true
			}
		}
	}
	folders := make([]string, 0, len(seen))
	for f := range seen {
		folders = append(folders, f)
	}
	sort.Strings(folders)
	return folders
}
