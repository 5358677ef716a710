package document

import (
	"bytes"
	"compress/zlib"
	"image/png"
	"io"
	"regexp"
	"strings"
	"testing"
	"time"

	"pelotao/internal/pdfinfo/pdfinfotest"
)

var ana = Athlete{Evento: "Corrida São João da Várzea", Data: "15 de março de 2026", Local: "Recife – PE",
	Percurso: "10 km", Nome: "Ângela Conceição Gonçalves", Peito: "1023", Tempo: "0:42:13.47", TempoNome: "tempo líquido",
	Pace: "4:13", Geral: "12º de 3.456 no geral", Sexo: "3º de 1.200 no feminino", Categoria: "1º de 140 na categoria F3034",
	At: time.Date(2026, 3, 15, 12, 0, 0, 0, time.UTC)}

// pdfText is the text shown by the PDF's content streams, in the order drawn (fpdf writes each
// cell as one (…) Tj, cp1252-encoded).
func pdfText(t *testing.T, doc []byte) string {
	t.Helper()
	var all strings.Builder
	for _, m := range regexp.MustCompile(`(?s)stream\r?\n(.*?)\r?\nendstream`).FindAllSubmatch(doc, -1) {
		r, err := zlib.NewReader(bytes.NewReader(m[1]))
		if err != nil {
			continue // an uncompressed or non-content stream
		}
		b, _ := io.ReadAll(r)
		for _, s := range regexp.MustCompile(`\(((?:[^()\\]|\\.)*)\) ?Tj`).FindAllSubmatch(b, -1) {
			all.WriteString(decode1252(s[1]))
			all.WriteByte('\n')
		}
	}
	return all.String()
}

// decode1252 reads a PDF literal string of Latin-1/cp1252 bytes, with its escapes.
func decode1252(b []byte) string {
	var out []rune
	for i := 0; i < len(b); i++ {
		c := b[i]
		if c == '\\' && i+1 < len(b) {
			i++
			c = b[i]
			if c >= '0' && c <= '7' && i+2 < len(b) {
				c = (b[i]-'0')<<6 | (b[i+1]-'0')<<3 | (b[i+2] - '0')
				i += 2
			}
		}
		switch c {
		case 0x96:
			out = append(out, '–')
		case 0xba:
			out = append(out, 'º')
		default:
			out = append(out, rune(c))
		}
	}
	return string(out)
}

func TestCertificateIsAnA4LandscapePDFWithTheAthletesPlaces(t *testing.T) {
	doc, err := Certificate(ana)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(doc, []byte("%PDF-")) || !bytes.Contains(doc, []byte("/MediaBox [0 0 841.89 595.28]")) {
		t.Fatalf("not an A4 landscape PDF: %.200s", doc)
	}
	text := pdfText(t, doc)
	for _, want := range []string{"CERTIFICADO", "Ângela Conceição Gonçalves", "0:42:13.47", "12º de 3.456 no geral",
		"3º de 1.200 no feminino", "1º de 140 na categoria F3034", "15 de março de 2026, em Recife – PE", "Corrida São João da Várzea"} {
		if !strings.Contains(text, want) {
			t.Errorf("the certificate lacks %q:\n%s", want, text)
		}
	}
	// A viewer's title bar and properties read the names as written (RESULT-11).
	info := pdfinfotest.Read(t, doc)
	for k, want := range map[string]string{"Title": "Certificado — Ângela Conceição Gonçalves",
		"Subject": "Corrida São João da Várzea · 10 km", "Author": "Pelotão", "Creator": "Pelotão"} {
		if info[k] != want {
			t.Errorf("%s = %q, want %q", k, info[k], want)
		}
	}
	if strings.Contains(text, "PRELIMINAR") {
		t.Error("an official result says PRELIMINAR")
	}
	again, _ := Certificate(ana)
	if !bytes.Equal(doc, again) {
		t.Error("the same result gives different bytes (its ETag would lie)")
	}
	pre := ana
	pre.Preliminar = true
	doc, _ = Certificate(pre)
	if !strings.Contains(pdfText(t, doc), "RESULTADO PRELIMINAR") {
		t.Error("a preliminary result's certificate does not say so")
	}
	// A file without bibs (RESULT-17): the sentence names no bib rather than an empty one.
	noBib := ana
	noBib.Peito = ""
	doc, _ = Certificate(noBib)
	if text := pdfText(t, doc); !strings.Contains(text, "concluiu o percurso de 10 km") || strings.Contains(text, "peito nº") {
		t.Errorf("a result without a bib:\n%s", text)
	}
	if !strings.Contains(pdfText(t, again), "peito nº 1023, concluiu o percurso de 10 km") {
		t.Error("a result with a bib does not name it")
	}
}

func TestCardKeepsItsSizeAndShowsTheRibbonOnlyWhenPreliminary(t *testing.T) {
	for _, pre := range []bool{false, true} {
		a := ana
		a.Preliminar = pre
		a.Nome = strings.Repeat("Maria ", 20) // too long: cut, never outside the card
		b, err := Card(a)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		if got := img.Bounds().Size(); got.X != CardW || got.Y != CardH {
			t.Fatalf("card is %v", got)
		}
		// The ribbon's yellow is there only for a preliminary result.
		r, g, _, _ := img.At(CardW-70, 50).RGBA()
		if yellow := r>>8 == 0xff && g>>8 == 0xd1; yellow != pre {
			t.Errorf("preliminar %v: pixel under the ribbon is %v", pre, img.At(CardW-70, 50))
		}
		if len(b) > 300<<10 {
			t.Errorf("card weighs %d KB", len(b)>>10)
		}
	}
}
