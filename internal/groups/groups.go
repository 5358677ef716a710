// Package groups is the rules of assessorias and groups (docs/requirements.md GRP-1 … GRP-16): a
// group of an event, its name and the folding that makes it unique in the event, its code and
// link, its coaches, and who may see, change and remove it. The store keeps groups
// (store.GroupStore); internal/salesapi answers their routes with these rules.
package groups

import (
	"crypto/rand"
	"fmt"
	"net/url"
	"strings"
	"unicode/utf8"

	"pelotao/internal/team"
	"pelotao/internal/textfold"
)

const (
	// MinNome and MaxNome bound a group's name, in characters (GRP-2).
	MinNome, MaxNome = 3, 80
	// MaxCoaches is how many coaches a group has at most: its creator and one more (GRP-6).
	MaxCoaches = 2
	// CodigoLen is the length of a group's code (GRP-4).
	CodigoLen = 8
)

// codigoLetters are the code's letters and digits, upper case, without those read alike
// (0 and O, 1 and I), since a coach may read the code aloud.
const codigoLetters = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"

// Nome is a group's name as typed, trimmed with its runs of spaces made one; a message for the
// field when it is empty, too short or too long, or has no letter or digit (GRP-2).
func Nome(typed string) (nome, problem string) {
	nome = strings.Join(strings.Fields(typed), " ")
	switch n := utf8.RuneCountInString(nome); {
	case n == 0:
		return nome, "Informe o nome do grupo."
	case n < MinNome || n > MaxNome:
		return nome, "O nome do grupo deve ter de 3 a 80 caracteres."
	case Chave(nome) == "":
		return nome, "O nome do grupo precisa ter letras ou números."
	}
	return nome, ""
}

// Chave is the name as compared in its event: folded as the search folds text, so that
// "Assessoria Corre Curitiba" and "assessoria  corre-curitiba" are the same group (GRP-2).
func Chave(nome string) string { return textfold.Fold(nome) }

// NewCodigo returns a fresh random code (GRP-4).
func NewCodigo() string {
	b := make([]byte, CodigoLen)
	_, _ = rand.Read(b)
	for i, x := range b {
		b[i] = codigoLetters[int(x)%len(codigoLetters)] // 256 is a multiple of 32: no letter is likelier
	}
	return string(b)
}

// ValidCodigo reports whether s has the shape of a code: CodigoLen letters or digits, upper case.
func ValidCodigo(s string) bool {
	if len(s) != CodigoLen {
		return false
	}
	for _, c := range []byte(s) {
		if !('A' <= c && c <= 'Z' || '0' <= c && c <= '9') {
			return false
		}
	}
	return true
}

// Link is the group's registration link: the event's form with the group's code (GRP-4).
func Link(eventID, codigo string) string {
	return "/inscricao/" + url.PathEscape(eventID) + "?grupo=" + url.QueryEscape(codigo)
}

// Access is what someone may do with a group, from their role on its event and whether they
// coach it (GRP-10): its coaches and the event's managers (owner, gestao) see and change it
// (rename, add a coach); only the managers remove or merge it.
type Access struct{ See, Change, Remove bool }

// AccessOf is the access of someone with role on the group's event ("" for none) who coaches
// the group or not.
func AccessOf(role team.Role, coach bool) Access {
	manager := role != "" && team.Can(role, team.Manage)
	return Access{See: coach || manager, Change: coach || manager, Remove: manager}
}

// MsgCodigoDesconhecido refuses an order whose group code is of no group of its event (GRP-17).
const MsgCodigoDesconhecido = "Não encontramos este grupo neste evento. Confira o link que a assessoria enviou ou faça a inscrição sem grupo."

// CodigoOf is a code as typed (any case, spaces around), as codes are stored: upper case.
func CodigoOf(typed string) string { return strings.ToUpper(strings.TrimSpace(typed)) }

// FullMessage says why an order of n athletes does not fit a group named nome holding held of
// its max registrations (GRP-18).
func FullMessage(nome string, held, max int) string {
	if held >= max {
		return fmt.Sprintf("O grupo “%s” já tem as %d inscrições que aceita neste evento. Fale com a organização do evento.", nome, max)
	}
	return fmt.Sprintf("O grupo “%s” aceita até %d inscrições neste evento e já tem %d: cabem mais %d. Retire atletas deste pedido ou fale com a organização do evento.",
		nome, max, held, max-held)
}
