// Package document draws the files the site hands out: what an athlete takes away from a result
// — the certificate (a PDF, A4 landscape) and the share card (a PNG 1200×630, the og:image of the
// athlete's page) — and the kit desk's printed participants list (a PDF, A4).
package document

import (
	"bytes"
	"fmt"
	"strings"
	"time"

	"github.com/go-pdf/fpdf"

	"pelotao/internal/event"
	"pelotao/internal/pdfinfo"
	"pelotao/internal/results"
)

// Athlete is what a certificate and a card say, already in words (AthleteOf): the same texts
// the athlete's page shows.
type Athlete struct {
	Evento     string // the event's titulo
	Data       string // "15 de março de 2026"
	Local      string // "Recife – PE"
	Percurso   string // the modality, "10 km"
	Nome       string
	Peito      string // "" for a line of a file without bibs
	Tempo      string // the ranking time as the file had it, "0:42:13.47"
	TempoNome  string // "tempo líquido" or "tempo bruto"
	Pace       string // "4:13"; "" without a distance
	Geral      string // "12º de 3.456 no geral"
	Sexo       string // "5º de 1.200 no feminino"; "" without one
	Categoria  string // "2º de 140 na categoria F3034"; "" without one
	Preliminar bool
	// At dates the file (the set's import time), so the same result always gives the same bytes.
	At time.Time
}

// AthleteOf is what the certificate, the card and the page's preview say of a result.
func AthleteOf(e *event.Event, a results.AthleteResult) Athlete {
	tempo, nome := results.RankingTime(a.Result, e.TempoClassificacao)
	places := results.PlaceWords(a.Athlete)
	return Athlete{Evento: strings.TrimSpace(e.Titulo), Data: event.LongDate(e.DataEvento), Local: e.Local.CityUF(),
		Percurso: a.ResultSet.Percurso, Nome: a.Nome, Peito: a.NumeroPeito, Tempo: tempo, TempoNome: nome,
		// The pace of the time printed, even if the event's tempoClassificacao changed since the import.
		Pace:  results.PaceOver(tempo, a.ResultSet.Percurso, e.Modalidades),
		Geral: places.Geral, Sexo: places.Sexo, Categoria: places.Categoria,
		Preliminar: a.ResultSet.Status != results.Oficial, At: a.ResultSet.ImportedAt}
}

// Certificate writes the certificate: A4 landscape, Helvetica (every viewer has it; fpdf's cp1252
// translator covers Portuguese), a frame, the athlete's name and time large, and "RESULTADO
// PRELIMINAR" across it until the results are official.
func Certificate(a Athlete) ([]byte, error) {
	pdf := fpdf.New("L", "mm", "A4", "")
	tr := pdf.UnicodeTranslatorFromDescriptor("")
	pdfinfo.Set(pdf, pdfinfo.Info{Title: "Certificado — " + a.Nome, Subject: a.Evento + " · " + a.Percurso})
	pdf.SetCreationDate(a.At)
	pdf.SetModificationDate(a.At)
	pdf.SetAutoPageBreak(false, 0)
	pdf.SetCatalogSort(true) // fonts in a fixed order: the same document, the same bytes
	pdf.AddPage()
	w, h := pdf.GetPageSize()

	// Frame: a dark band at the top and two thin borders.
	pdf.SetFillColor(29, 43, 100)
	pdf.Rect(0, 0, w, 34, "F")
	pdf.SetFillColor(255, 179, 71)
	pdf.Rect(0, 34, w, 2.2, "F")
	pdf.SetDrawColor(29, 43, 100)
	pdf.SetLineWidth(0.8)
	pdf.Rect(8, 44, w-16, h-52, "D")
	pdf.SetLineWidth(0.3)
	pdf.Rect(11, 47, w-22, h-58, "D")

	centre := func(y float64, style string, size float64, r, g, b int, text string) {
		pdf.SetFont("Helvetica", style, size)
		pdf.SetTextColor(r, g, b)
		pdf.SetXY(20, y)
		pdf.CellFormat(w-40, size*0.45, tr(text), "", 0, "C", false, 0, "")
	}
	centre(9, "B", 26, 255, 255, 255, "CERTIFICADO")
	centre(22, "", 13, 255, 231, 168, a.Evento)

	if a.Preliminar {
		// Across the page, light enough to read the certificate through it.
		pdf.SetAlpha(0.18, "Normal")
		pdf.TransformBegin()
		pdf.TransformRotate(18, w/2, h/2+10)
		centre(h/2+2, "B", 64, 200, 30, 30, "RESULTADO PRELIMINAR")
		pdf.TransformEnd()
		pdf.SetAlpha(1, "Normal")
		centre(52, "B", 12, 200, 30, 30, "RESULTADO PRELIMINAR — sujeito a alteração até a publicação oficial")
	}

	centre(64, "", 15, 60, 60, 70, "Certificamos que")
	name := a.Nome
	size := 34.0
	pdf.SetFont("Helvetica", "B", size)
	for size > 18 && pdf.GetStringWidth(tr(name)) > w-50 {
		size -= 2
		pdf.SetFont("Helvetica", "B", size)
	}
	centre(76, "B", size, 20, 24, 40, name)
	when := "realizada em " + a.Data
	if a.Data == "" {
		when = "realizada"
	}
	if a.Local != "" {
		when += ", em " + a.Local
	}
	finished := fmt.Sprintf("concluiu o percurso de %s da prova %s,", a.Percurso, a.Evento)
	if a.Peito != "" {
		finished = "peito nº " + a.Peito + ", " + finished
	}
	centre(96, "", 14, 60, 60, 70, finished)
	centre(104, "", 14, 60, 60, 70, when+", com o "+a.TempoNome+" de")
	centre(116, "B", 40, 29, 43, 100, a.Tempo)
	y := 138.0
	if a.Pace != "" {
		centre(y, "", 13, 60, 60, 70, "pace médio de "+a.Pace+" por km")
		y += 10
	}
	for _, line := range []string{a.Geral, a.Sexo, a.Categoria} {
		if line != "" {
			centre(y, "B", 14, 20, 24, 40, line)
			y += 8
		}
	}
	centre(h-22, "", 9, 110, 110, 120, "Emitido pelo Pelotão a partir dos resultados publicados pelo organizador.")

	var out bytes.Buffer
	if err := pdf.Output(&out); err != nil {
		return nil, fmt.Errorf("certificate: %w", err)
	}
	return out.Bytes(), nil
}
