package httpapi

import (
	"fmt"
	"net/http"
	"strconv"
	"time"

	"pelotao/internal/api"
	"pelotao/internal/document"
	"pelotao/internal/participant"
	"pelotao/internal/sheet"
)

// exportHeader is the export's header row: names an import reads back (docs/product.md §10's headers),
// then the kit pickup, a minor's guardian (REG-253) and the group (GRP-47), which an import ignores.
var exportHeader = []string{"Inscrição", "Nome", "Tipo de documento", "Documento", "Nascimento", "Sexo", "Modalidade",
	"Camiseta", "Equipe", "Nº de peito", "E-mail", "Telefone", "Pago", "Valor",
	"Kit retirado", "Retirado em", "Balcão", "Entregue por", "Retirado por (terceiro)", "Documento do terceiro", "Camiseta entregue",
	"Responsável (menor de idade)", "Documento do responsável", "Grupo"}

// exportDocumento is d as the export writes it: a CPF punctuated, a passport as kept.
func exportDocumento(d participant.Documento) string {
	if d.Tipo == participant.CPF {
		return participant.FormatCPF(d.Numero)
	}
	return d.Numero
}

// exportRow is p as the export writes it, dates and money as Brazilians read them; the kit's
// pickup time on the event's clock, loc (REG-225).
func exportRow(p participant.Participant, loc *time.Location) []string {
	doc := exportDocumento(p.Documento)
	tipo := "CPF"
	if p.Documento.Tipo == participant.Passaporte {
		tipo = "Passaporte"
	}
	var responsavel, docResponsavel string
	if r := p.Responsavel; r != nil {
		responsavel, docResponsavel = r.Nome, exportDocumento(r.Documento)
	}
	nasc, bib, valor := "", "", ""
	if p.Nascimento != nil && len(*p.Nascimento) == 10 {
		n := *p.Nascimento
		nasc = n[8:10] + "/" + n[5:7] + "/" + n[:4]
	}
	if p.NumeroPeito != nil {
		bib = strconv.Itoa(*p.NumeroPeito)
	}
	if p.Valor != nil {
		valor = sheet.Money(*p.Valor)
	}
	yes := map[bool]string{true: "Sim", false: "Não"}
	row := []string{p.Inscricao, p.Nome, tipo, doc, nasc, p.Sexo, p.Percurso, p.Camiseta, p.Equipe, bib, p.Email,
		p.Telefone, yes[p.Pago], valor, yes[p.KitRetirado != nil]}
	if k := p.KitRetirado; k != nil {
		var terceiro, docTerceiro string
		if k.RetiradoPor != nil {
			terceiro, docTerceiro = k.RetiradoPor.Nome, k.RetiradoPor.Documento
		}
		row = append(row, k.At.In(loc).Format("02/01/2006 15:04"), k.Balcao, k.Por, terceiro, docTerceiro, k.CamisetaEntregue)
	} else {
		row = append(row, "", "", "", "", "", "")
	}
	return append(row, responsavel, docResponsavel, p.Grupo)
}

// exportParticipantsCSV answers GET /api/events/{id}/participants.csv: every participant by
// name, in a CSV Excel in Brazil opens right (sheet.Writer: UTF-8 with BOM, ';', formula
// injection neutralised).
func (s *Server) exportParticipantsCSV(w http.ResponseWriter, r *http.Request) error {
	id := r.PathValue("id")
	e, err := s.store.GetEvent(r.Context(), id)
	if err != nil {
		return err
	}
	list, err := s.store.EventParticipants(r.Context(), id)
	if err != nil {
		return err
	}
	return api.WriteCSV(w, "inscritos-"+id+".csv", exportHeader, func(write func([]string) error) error {
		for _, p := range list {
			if err := write(exportRow(p, e.Zone())); err != nil {
				return err
			}
		}
		return nil
	})
}

// bibRange reads the printed list's range, de and ate (both optional, whole numbers).
func bibRange(r *http.Request) (int, int, error) {
	de, ate := 1, 999999
	for name, dst := range map[string]*int{"de": &de, "ate": &ate} {
		if raw := r.URL.Query().Get(name); raw != "" {
			n, err := strconv.Atoi(raw)
			if err != nil || n < 1 || n > 999999 {
				return 0, 0, api.InvalidArgument(fmt.Sprintf("O parâmetro %s deve ser um número de peito de 1 a 999999.", name))
			}
			*dst = n
		}
	}
	if ate < de {
		return 0, 0, api.InvalidArgument("O número de peito final (ate) deve ser maior ou igual ao inicial (de).")
	}
	return de, ate, nil
}

// printParticipants answers GET /api/events/{id}/participants.pdf?de=&ate=: the participants
// with bibs in the range, by bib, on A4 pages with a column to sign — for desks without phones.
func (s *Server) printParticipants(w http.ResponseWriter, r *http.Request) error {
	de, ate, err := bibRange(r)
	if err != nil {
		return err
	}
	id := r.PathValue("id")
	e, err := s.store.GetEvent(r.Context(), id)
	if err != nil {
		return err
	}
	list, err := s.store.ParticipantsByBib(r.Context(), id, de, ate)
	if err != nil {
		return err
	}
	if len(list) > maxPrintRows {
		return &api.Error{Status: http.StatusUnprocessableEntity, Code: "invalid-argument",
			Message: fmt.Sprintf("A faixa tem %d inscritos: escolha uma faixa menor de números de peito (até %d por lista).", len(list), maxPrintRows)}
	}
	pdf, err := document.ParticipantsList(e.Titulo, de, ate, list, time.Now().In(e.Zone()))
	if err != nil {
		return err
	}
	h := w.Header()
	h.Set("Content-Type", "application/pdf")
	h.Set("Content-Disposition", fmt.Sprintf(`attachment; filename="lista-retirada-%d-%d.pdf"`, de, ate))
	h.Set("Cache-Control", "no-store")
	_, _ = w.Write(pdf)
	return nil
}
