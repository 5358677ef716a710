package httpgzip

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestAcceptsReadsAcceptEncodingAndItsQ(t *testing.T) {
	for header, want := range map[string]bool{
		"gzip": true, "br, gzip;q=0.5": true, " deflate , GZIP ": false, "gzip;q=0": false, "gzip; q = 0": false,
		"": false, "identity": false,
	} {
		r := httptest.NewRequest("GET", "/", nil)
		r.Header.Set("Accept-Encoding", header)
		if got := Accepts(r); got != want {
			t.Errorf("Accept-Encoding %q: %v, want %v", header, got, want)
		}
	}
}

func TestCompressOnlyWhatGainsForClientsThatAccept(t *testing.T) {
	large := []byte(strings.Repeat("<p>Corrida de rua</p>", 200))
	small := []byte("<p>oi</p>")
	for _, c := range []struct {
		name    string
		accepts bool
		body    []byte
		gzipped bool
	}{
		{"large, accepted", true, large, true},
		{"large, not accepted", false, large, false},
		{"small, accepted", true, small, false},
	} {
		r := httptest.NewRequest("GET", "/", nil)
		if c.accepts {
			r.Header.Set("Accept-Encoding", "gzip")
		}
		h := http.Header{}
		out := Compress(r, h, c.body)
		if h.Get("Vary") != "Accept-Encoding" {
			t.Errorf("%s: Vary %q", c.name, h.Get("Vary"))
		}
		if got := h.Get("Content-Encoding") == "gzip"; got != c.gzipped {
			t.Fatalf("%s: gzipped %v, want %v", c.name, got, c.gzipped)
		}
		if !c.gzipped {
			if !bytes.Equal(out, c.body) {
				t.Errorf("%s: the body changed", c.name)
			}
			continue
		}
		zr, err := gzip.NewReader(bytes.NewReader(out))
		if err != nil {
			t.Fatal(err)
		}
		back, err := io.ReadAll(zr)
		if err != nil || !bytes.Equal(back, c.body) || len(out) >= len(c.body) {
			t.Errorf("%s: %d bytes inflate to %d (%v), want %d", c.name, len(out), len(back), err, len(c.body))
		}
	}
}
