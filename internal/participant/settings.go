package participant

import (
	"fmt"
	"sort"
	"strings"
)

// SettingsError is a pt-BR message per field path of Settings (faixasPeito.0.fim…).
type SettingsError map[string]string

func (e SettingsError) Error() string                  { return "participant: invalid settings" }
func (e SettingsError) FieldErrors() map[string]string { return e }

// MaxFaixas bounds the bib ranges of an event (one per modality, with room to spare).
const MaxFaixas = 50

// Clean trims the settings and checks them: each range names a modality once, runs from 1 to
// 999999 with its start not after its end, and does not overlap another modality's range.
func (s Settings) Clean() (Settings, error) {
	errs := SettingsError{}
	if len(s.FaixasPeito) > MaxFaixas {
		errs["faixasPeito"] = fmt.Sprintf("Use no máximo %d faixas.", MaxFaixas)
		return s, errs
	}
	out := Settings{FaixasPeito: []FaixaPeito{}, BloquearKitSemPagamento: s.BloquearKitSemPagamento}
	seen := map[string]bool{}
	for i, f := range s.FaixasPeito {
		f.Percurso = strings.Join(strings.Fields(f.Percurso), " ")
		path := fmt.Sprintf("faixasPeito.%d.", i)
		switch {
		case f.Percurso == "":
			errs[path+"percurso"] = "Informe a modalidade."
		case seen[Key(f.Percurso)]:
			errs[path+"percurso"] = "Esta modalidade já tem uma faixa."
		}
		seen[Key(f.Percurso)] = true
		if f.Inicio < 1 || f.Inicio > maxBib {
			errs[path+"inicio"] = fmt.Sprintf("Use um número de 1 a %d.", maxBib)
		}
		if f.Fim < 1 || f.Fim > maxBib {
			errs[path+"fim"] = fmt.Sprintf("Use um número de 1 a %d.", maxBib)
		} else if f.Fim < f.Inicio {
			errs[path+"fim"] = "O fim da faixa deve ser maior ou igual ao início."
		}
		out.FaixasPeito = append(out.FaixasPeito, f)
	}
	if len(errs) == 0 {
		idx := make([]int, len(out.FaixasPeito))
		for i := range idx {
			idx[i] = i
		}
		sort.Slice(idx, func(a, b int) bool { return out.FaixasPeito[idx[a]].Inicio < out.FaixasPeito[idx[b]].Inicio })
		for k := 1; k < len(idx); k++ {
			prev, cur := out.FaixasPeito[idx[k-1]], out.FaixasPeito[idx[k]]
			if cur.Inicio <= prev.Fim {
				errs[fmt.Sprintf("faixasPeito.%d.inicio", idx[k])] = fmt.Sprintf("Esta faixa se sobrepõe à da modalidade %q (%d a %d).", prev.Percurso, prev.Inicio, prev.Fim)
			}
		}
	}
	if len(errs) > 0 {
		return s, errs
	}
	return out, nil
}
