package document

import (
	"bytes"
	"fmt"
	"strconv"
	"time"

	"github.com/go-pdf/fpdf"

	"pelotao/internal/participant"
	"pelotao/internal/pdfinfo"
)

// ParticipantsList draws the kit desk's printed list: a title with the event and the range on every page, then one row
// per participant (bib, name, modality, shirt, a space to sign).
func ParticipantsList(titulo string, de, ate int, list []participant.Participant, now time.Time) ([]byte, error) {
	pdf := fpdf.New("P", "mm", "A4", "")
	tr := pdf.UnicodeTranslatorFromDescriptor("") // the core fonts' Windows-1252: accents of pt-BR
	pdf.SetMargins(12, 12, 12)
	pdf.SetAutoPageBreak(true, 14)
	widths := []float64{18, 74, 30, 18, 46}
	heads := []string{"Peito", "Nome", "Modalidade", "Camiseta", "Assinatura"}
	rangeText := fmt.Sprintf("Nº de peito de %d a %d", de, ate)
	if de == 1 && ate == 999999 {
		rangeText = "Todos os números de peito"
	}
	pdfinfo.Set(pdf, pdfinfo.Info{Title: "Lista de retirada de kits — " + titulo, Subject: rangeText})
	pdf.SetHeaderFunc(func() {
		pdf.SetFont("Helvetica", "B", 13)
		pdf.CellFormat(0, 7, tr("Retirada de kits — "+titulo), "", 1, "L", false, 0, "")
		pdf.SetFont("Helvetica", "", 9)
		pdf.CellFormat(0, 5, tr(fmt.Sprintf("%s · %d inscritos · impresso em %s", rangeText, len(list), now.Format("02/01/2006 15:04"))), "", 1, "L", false, 0, "")
		pdf.Ln(2)
		pdf.SetFont("Helvetica", "B", 9)
		pdf.SetFillColor(230, 230, 230)
		for i, h := range heads {
			pdf.CellFormat(widths[i], 7, tr(h), "1", 0, "L", true, 0, "")
		}
		pdf.Ln(-1)
	})
	pdf.SetFooterFunc(func() {
		pdf.SetY(-10)
		pdf.SetFont("Helvetica", "", 8)
		pdf.CellFormat(0, 5, tr(fmt.Sprintf("Página %d", pdf.PageNo())), "", 0, "R", false, 0, "")
	})
	pdf.AddPage()
	pdf.SetFont("Helvetica", "", 9)
	fit := func(s string, w float64) string {
		s = tr(s)
		for pdf.GetStringWidth(s) > w-2 && len(s) > 1 {
			s = s[:len(s)-1]
		}
		return s
	}
	if len(list) == 0 {
		pdf.CellFormat(0, 8, tr("Nenhum inscrito com número de peito nesta faixa."), "", 1, "L", false, 0, "")
	}
	for _, p := range list {
		cells := []string{strconv.Itoa(*p.NumeroPeito), p.Nome, p.Percurso, p.Camiseta, ""}
		for i, c := range cells {
			pdf.CellFormat(widths[i], 8, fit(c, widths[i]), "1", 0, "L", false, 0, "")
		}
		pdf.Ln(-1)
	}
	var buf bytes.Buffer
	if err := pdf.Output(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
