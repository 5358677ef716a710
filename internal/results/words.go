package results

import "pelotao/internal/event"

// Words are an athlete's places as the certificate, the share card and the page's preview say
// them ("12º de 3.456 no geral"); "" where there is no place.
type Words struct {
	Geral, Sexo, Categoria string
}

// PlaceWords says a's places among the finishers.
func PlaceWords(a Athlete) Words {
	var w Words
	place := func(p *int, of int, where string) string {
		if p == nil || of == 0 {
			return ""
		}
		return event.Milhar(*p) + "º de " + event.Milhar(of) + " " + where
	}
	w.Geral = place(a.Posicao, a.Concluintes, "no geral")
	switch a.Sexo {
	case "F":
		w.Sexo = place(a.PosicaoSexo, a.TotalSexo, "no feminino")
	case "M":
		w.Sexo = place(a.PosicaoSexo, a.TotalSexo, "no masculino")
	}
	if a.Categoria != "" {
		w.Categoria = place(a.PosicaoCategoria, a.TotalCategoria, "na categoria "+a.Categoria)
	}
	return w
}

// RankingTime is the time a result is ranked by under the event's choice, and its name.
func RankingTime(r Result, rankBy string) (tempo, nome string) {
	if rankBy == event.TempoBruto && r.TempoBruto != "" || r.TempoLiquido == "" {
		return r.TempoBruto, "tempo bruto"
	}
	return r.TempoLiquido, "tempo líquido"
}

// PaceOf is the pace of a time as a result stores it ("0:42:13.47") over km: what a certificate
// prints beside that time, whichever time the set was ranked by. "" without a distance or a time.
func PaceOf(tempo string, km float64) string {
	t, msg := parseTime(tempo)
	if msg != "" {
		return ""
	}
	return pace(t.ms, km)
}

// PaceOver is PaceOf over the distance of the modality named percurso among modalidades (a set
// is published for a modality by its exact name); "" when none has that name and a distance.
func PaceOver(tempo, percurso string, modalidades []event.Modalidade) string {
	for _, m := range modalidades {
		if m.Nome == percurso && m.Km.Valid {
			return PaceOf(tempo, m.Km.Value)
		}
	}
	return ""
}
