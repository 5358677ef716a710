// Package pdfinfotest reads a PDF's document information as a viewer does, for the tests of the
// packages that make PDFs: a parser of its own (rsc.io/pdf), not the writer's idea of the format.
package pdfinfotest

import (
	"bytes"
	"testing"

	"rsc.io/pdf"
)

// Keys are the entries of the Info dictionary the product writes.
var Keys = []string{"Title", "Subject", "Author", "Creator"}

// Read parses doc and returns its Info dictionary's texts by key ("" where absent), decoded from
// UTF-16 or PDFDocEncoding as the file says.
func Read(t testing.TB, doc []byte) map[string]string {
	t.Helper()
	r, err := pdf.NewReader(bytes.NewReader(doc), int64(len(doc)))
	if err != nil {
		t.Fatalf("not a PDF a viewer can read: %v", err)
	}
	info := r.Trailer().Key("Info")
	out := map[string]string{}
	for _, k := range Keys {
		out[k] = info.Key(k).Text()
	}
	return out
}
