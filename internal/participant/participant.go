// Package participant is an event's registrations as Pelotão keeps them (docs/product.md §10,
// "Participants"): the participant record, CPF and passport documents, reading a ticketing
// spreadsheet (header matching, values as Brazilian exports write them, row errors) and the
// re-import that updates what is already there without losing a recorded kit pickup.
//
// The spreadsheet's bytes (CSV in any of its encodings, XLSX) are read by internal/sheet; this
// package starts from its rows of cells.
package participant

import (
	"encoding/json"
	"slices"
	"time"

	"pelotao/internal/money"
	"pelotao/internal/team"
)

// Document types.
const (
	CPF        = "cpf"
	Passaporte = "passaporte"
)

// Documento identifies the athlete: a CPF as 11 digits, or a passport for foreign athletes.
type Documento struct {
	Tipo   string `json:"tipo"`
	Numero string `json:"numero"`
}

// Responsavel is the legal guardian of an athlete under age on the event's day, who signs the
// authorization the kit desk checks (docs/requirements.md REG-252).
type Responsavel struct {
	Nome      string    `json:"nome"`
	Documento Documento `json:"documento"`
}

// Masked is the document as the kit desk sees it (LGPD).
func (d Documento) Masked() Documento {
	if d.Tipo == CPF {
		return Documento{Tipo: CPF, Numero: MaskCPF(d.Numero)}
	}
	return Documento{Tipo: d.Tipo, Numero: MaskPassport(d.Numero)}
}

// ForRole is p as role may see it: the kit desk sees documents (the athlete's and a minor's
// guardian's) masked (LGPD) and no amount
// paid (which tells who had the 60+ price or a coupon, REG-211).
func ForRole(p Participant, role team.Role) Participant {
	if !team.SeesFullDocument(role) {
		p.Documento = p.Documento.Masked()
		if p.Responsavel != nil {
			r := *p.Responsavel
			r.Documento = r.Documento.Masked()
			p.Responsavel = &r
		}
	}
	if !team.SeesPayments(role) {
		p.Valor = nil
	}
	return p
}

// HistoryForRole is h as role may see it: an update's changes without the amount paid for a
// role that does not see payments, and with documents masked for one that sees them masked.
func HistoryForRole(h []HistoryEntry, role team.Role) ([]HistoryEntry, error) {
	full, payments := team.SeesFullDocument(role), team.SeesPayments(role)
	if full && payments {
		return h, nil
	}
	out := slices.Clone(h)
	for i, e := range out {
		if e.Tipo != HistoryUpdated || len(e.Detalhe) == 0 {
			continue
		}
		var changes map[string][2]json.RawMessage
		if err := json.Unmarshal(e.Detalhe, &changes); err != nil {
			return nil, err
		}
		if !payments {
			delete(changes, FieldValor)
		}
		if d, ok := changes[FieldDocumento]; ok && !full {
			for j, raw := range d {
				var doc *Documento
				if err := json.Unmarshal(raw, &doc); err != nil {
					return nil, err
				}
				if doc != nil {
					masked := doc.Masked()
					doc = &masked
				}
				b, err := json.Marshal(doc)
				if err != nil {
					return nil, err
				}
				d[j] = b
			}
			changes[FieldDocumento] = d
		}
		b, err := json.Marshal(changes)
		if err != nil {
			return nil, err
		}
		out[i].Detalhe = b
	}
	return out, nil
}

// Terceiro is who picked up a kit for the athlete (name and document, as regulations ask).
type Terceiro struct {
	Nome      string `json:"nome"`
	Documento string `json:"documento"`
}

// Kit is a recorded kit pickup. Only the kit desk writes it; an import never changes it.
type Kit struct {
	At               time.Time `json:"at"`
	Balcao           string    `json:"balcao"`
	Por              string    `json:"por"`         // the staff member who handed the kit
	RetiradoPor      *Terceiro `json:"retiradoPor"` // nil: the athlete in person
	CamisetaEntregue string    `json:"camisetaEntregue"`
}

// Participant is one registration of an event. Field names follow the prototype (docs/product.md §10).
type Participant struct {
	ID string `json:"id"`
	// Inscricao is the ticketing system's registration id, when the file has one: re-imports
	// match on it first.
	Inscricao   string          `json:"inscricao"`
	Nome        string          `json:"nome"`
	Email       string          `json:"email"`
	Telefone    string          `json:"telefone"`
	Documento   Documento       `json:"documento"`
	Nascimento  *string         `json:"nascimento"` // YYYY-MM-DD
	Sexo        string          `json:"sexo"`       // F, M, X or "" when the file does not say
	Percurso    string          `json:"percurso"`   // the modality, as the file names it
	Camiseta    string          `json:"camiseta"`
	Equipe      string          `json:"equipe"`
	NumeroPeito *int            `json:"numeroPeito"`
	Pago        bool            `json:"pago"`
	Valor       *money.Centavos `json:"valor"`
	KitRetirado *Kit            `json:"kitRetirado"`
	// Origem is where the participant came from: OrigemImportacao or OrigemPelotao; a registration
	// sold here also keeps its Codigo and Categoria, and InscricaoID is the registration's id (as
	// Inscricao is). MeiaEntrada: the registration had the 60+ half price, so the kit desk asks
	// for a document showing the age.
	Origem      string `json:"origem"`
	Codigo      string `json:"codigo,omitempty"`
	Categoria   string `json:"categoria,omitempty"`
	InscricaoID string `json:"inscricaoId,omitempty"`
	MeiaEntrada bool   `json:"meiaEntrada,omitempty"`
	// Responsavel is the guardian of an athlete sold here who is under age on the event's day
	// (REG-252); nil otherwise.
	Responsavel *Responsavel `json:"responsavel,omitempty"`
	// Grupo is the name of the group (assessoria) a registration sold here joined, "" when none;
	// GrupoID is its id, which the list's grupo filter matches (docs/requirements.md GRP-47), and
	// GrupoCodigo its code, by which the kit desk finds a group's members offline (GRP-61).
	Grupo       string `json:"grupo"`
	GrupoCodigo string `json:"grupoCodigo,omitempty"`
	GrupoID     string `json:"-"`
	// Rev orders changes: every insert or update takes a higher one (the kit desk's roster
	// answers "what changed since" with it).
	Rev int64 `json:"-"`
	// Removido marks, in a list of changes, a participant that left the event (only its ID and
	// Rev are set): a registration refunded in full.
	Removido bool `json:"-"`
}

// Where a participant came from.
const (
	OrigemImportacao = "importacao"
	OrigemPelotao    = "pelotao"
)

// History kinds: what happened to a participant.
const (
	HistoryImported = "importado"
	// HistoryRegistered: the participant came from a registration paid in Pelotão.
	HistoryRegistered = "inscrito"
	HistoryUpdated    = "atualizado"
	HistoryPickedUp   = "retirado"
	HistoryUndone     = "desfeito"
)

// HistoryEntry is one thing that happened to a participant, by whom and when. Detalhe says
// what changed (for an update, the fields before and after), as JSON.
type HistoryEntry struct {
	Tipo    string          `json:"tipo"`
	Em      time.Time       `json:"em"`
	Por     string          `json:"por"` // the name of who did it
	Detalhe json.RawMessage `json:"detalhe,omitempty"`
}

// Summary is what the organizer needs for purchasing (docs/product.md §10): totals by modality, sex,
// and T-shirt size within modality; paid and picked-up counts; the money paid and still owed.
type Summary struct {
	Total       int `json:"total"`
	Pagos       int `json:"pagos"`
	KitRetirado int `json:"kitRetirado"`
	// The registrations' values (valor) of the paid participants and of the unpaid ones, for the
	// organizer panel's Financeiro; a participant without a value counts nothing.
	ValorPago     money.Centavos            `json:"valorPago"`
	ValorPendente money.Centavos            `json:"valorPendente"`
	PorPercurso   map[string]int            `json:"porPercurso"`
	PorSexo       map[string]int            `json:"porSexo"`
	PorCamiseta   map[string]map[string]int `json:"porCamiseta"`
	// PorGrupo: the groups (assessorias) having participants, by name, for the tent plan (GRP-49).
	PorGrupo []GrupoTotais `json:"porGrupo"`
}

// GrupoTotais are one group's participants and their shirts by size.
type GrupoTotais struct {
	Nome      string         `json:"nome"`
	Inscritos int            `json:"inscritos"`
	Camisetas map[string]int `json:"camisetas"`
}

// FaixaPeito is the range of bib numbers of one modality, for participants the file gives no bib.
type FaixaPeito struct {
	Percurso string `json:"percurso"`
	Inicio   int    `json:"inicio"`
	Fim      int    `json:"fim"`
}

// Settings are an event's participant settings.
type Settings struct {
	FaixasPeito []FaixaPeito `json:"faixasPeito"`
	// BloquearKitSemPagamento: the kit desks may not hand the kit of a registration not paid
	// (the server refuses such a pickup, also one queued offline). Off, a desk may, after a
	// deliberate confirmation.
	BloquearKitSemPagamento bool `json:"bloquearKitSemPagamento"`
}

// Why a pickup of an unpaid registration was refused, as the desk shows it: the organizer forbids
// such kits, or the desk sent it without the volunteer's confirmation (its roster said paid).
const (
	UnpaidKitRefusal      = "Inscrição não paga: o organizador não permite entregar o kit sem pagamento neste evento. Encaminhe o atleta à organização."
	UnconfirmedKitRefusal = "Inscrição não paga: a entrega sem pagamento não foi confirmada neste balcão. Se o kit foi entregue, registre a retirada de novo confirmando a entrega sem pagamento."
)

// KitRefusal says why a desk may not hand the kit of a participant paid or not, or "" when it
// may. semPagamento is the desk's word: true, the volunteer confirmed handing it unpaid; false,
// the desk took it for paid; nil, a client that does not say (the contract before the field),
// which the organizer's block alone decides.
func (s Settings) KitRefusal(pago bool, semPagamento *bool) string {
	switch {
	case pago:
		return ""
	case s.BloquearKitSemPagamento:
		return UnpaidKitRefusal
	case semPagamento != nil && !*semPagamento:
		return UnconfirmedKitRefusal
	}
	return ""
}
