package pdfinfo

import (
	"bytes"
	"pelotao/internal/pdfinfo/pdfinfotest"
	"testing"

	"github.com/go-pdf/fpdf"
)

func TestSetIsReadBackAsWritten(t *testing.T) {
	pdf := fpdf.New("P", "mm", "A4", "")
	info := Info{Title: "Certificado — Ângela Conceição (Gonçalves) 🏃 \\ 10 km", Subject: "Corrida São João · 10 km"}
	Set(pdf, info)
	pdf.AddPage()
	var out bytes.Buffer
	if err := pdf.Output(&out); err != nil {
		t.Fatal(err)
	}
	got := pdfinfotest.Read(t, out.Bytes())
	want := map[string]string{"Title": info.Title, "Subject": info.Subject, "Author": "Pelotão", "Creator": "Pelotão"}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s = %q, want %q", k, got[k], v)
		}
	}
}
