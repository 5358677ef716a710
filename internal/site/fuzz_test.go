package site

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/net/html"
)

// FuzzRenderPage renders index.html with any title and description (the page metadata that
// event pages take from what organizers type). The output must parse as the same document as
// with a plain title: one <title> holding the text as given, the description in its attribute,
// and not one element more — nothing the text carries becomes markup.
// Seeds live in testdata/fuzz/FuzzRenderPage.
func FuzzRenderPage(f *testing.F) {
	f.Add("Maratona do Rio", "Corrida de rua no Rio de Janeiro")
	f.Add("</title><script>alert(1)</script>", `"><img src=x onerror=alert(1)>`)
	f.Add("<!--", "-->")
	f.Add("Pedal & Trilha <b>", "a\"b'c<d>e&f")
	f.Add("</TITLE ><svg onload=alert(1)>", "</head><body>")
	srv, err := New(Deps{})
	if err != nil {
		f.Fatal(err)
	}
	plain := pageShape(f, render(f, srv, pageInfo{Title: "T", Description: "D"}))
	f.Fuzz(func(t *testing.T, title, description string) {
		out := render(t, srv, pageInfo{Title: title, Description: description})
		shape := pageShape(t, out)
		if strings.Join(shape.tags, " ") != strings.Join(plain.tags, " ") {
			t.Fatalf("the document changed shape:\n got %v\nwant %v\n%s", shape.tags, plain.tags, out)
		}
		if readsBackUnchanged(title) && shape.title != title {
			t.Fatalf("title %q reads back as %q\n%s", title, shape.title, out)
		}
		if readsBackUnchanged(description) && shape.description != description {
			t.Fatalf("description %q reads back as %q\n%s", description, shape.description, out)
		}
	})
}

func render(t testing.TB, srv *Server, meta pageInfo) string {
	t.Helper()
	w := httptest.NewRecorder()
	// The title also travels in the page's JSON blocks, as an event's does (head.go).
	h := head{Title: meta.Title, Description: meta.Description, OGType: "website",
		JSONLD: map[string]any{"name": meta.Title}, Data: map[string]any{"/api/x": meta.Title}}
	srv.renderPage(w, httptest.NewRequest("GET", "/", nil), http.StatusOK, h, pageAssets{}, srv.contentOf(h))
	if w.Code != http.StatusOK {
		t.Fatalf("renderPage: %d %s", w.Code, w.Body)
	}
	return w.Body.String()
}

// readsBackUnchanged reports whether s reads back unchanged from HTML: parsers rewrite carriage
// returns, NUL and invalid UTF-8 by design, so only the document's shape is compared for those.
func readsBackUnchanged(s string) bool {
	return utf8.ValidString(s) && !strings.ContainsAny(s, "\r\x00")
}

type shape struct {
	tags               []string // every start tag, in order
	title, description string
}

// pageShape parses a page as a browser would and lists its elements, the title's text and the
// description meta's content.
func pageShape(t testing.TB, page string) shape {
	t.Helper()
	doc, err := html.Parse(strings.NewReader(page))
	if err != nil {
		t.Fatalf("not HTML: %v", err)
	}
	var s shape
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			s.tags = append(s.tags, n.Data)
			switch n.Data {
			case "title":
				for c := n.FirstChild; c != nil; c = c.NextSibling {
					s.title += c.Data
				}
			case "meta":
				if attr(n, "name") == "description" {
					s.description = attr(n, "content")
				}
			}
		}
		if n.Type == html.CommentNode {
			s.tags = append(s.tags, "<!-- -->")
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	return s
}

func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}
