package salesapi

import (
	"cmp"
	"errors"
	"net/http"
	"slices"
	"strings"
	"time"

	"pelotao/internal/account"
	"pelotao/internal/api"
	"pelotao/internal/event"
	"pelotao/internal/groups"
	"pelotao/internal/participant"
	"pelotao/internal/registration"
	"pelotao/internal/store"
)

// maxGroupBody bounds a group's body: a name, an e-mail or another group's id.
const maxGroupBody = 4 << 10

// groupRoutes are the routes of assessorias and groups (docs/http-api.md, "Groups"). Who may
// use the /api/grupos/{id} routes depends on the group (its coaches, its event's managers):
// groupFor reads it, groups.AccessOf says.
func (s *Server) groupRoutes() []api.Route {
	return []api.Route{
		{Pattern: "POST /api/events/{id}/grupos", Handler: api.Func(s.createGroup), Access: api.SignedIn, MaxBody: maxGroupBody},
		{Pattern: "GET /api/events/{id}/grupos", Handler: api.Func(s.listGroups), Access: api.EventManagers},
		{Pattern: "GET /api/events/{id}/grupos/{codigo}", Handler: api.Func(s.groupByCode), Access: api.Public},
		{Pattern: "POST /api/events/{id}/grupos/{gid}/mesclar", Handler: api.Func(s.mergeGroup), Access: api.EventManagers, MaxBody: maxGroupBody},
		{Pattern: "GET /api/grupos/{id}", Handler: api.Func(s.getGroup), Access: api.SignedIn},
		{Pattern: "GET /api/grupos/{id}/qrcode.png", Handler: api.Func(s.groupQRCode), Access: api.SignedIn},
		{Pattern: "PATCH /api/grupos/{id}", Handler: api.Func(s.patchGroup), Access: api.SignedIn, MaxBody: maxGroupBody},
		{Pattern: "DELETE /api/grupos/{id}", Handler: api.Func(s.deleteGroup), Access: api.SignedIn},
		{Pattern: "GET /api/me/grupos", Handler: api.Func(s.myGroups), Access: api.SignedIn},
		{Pattern: "POST /api/grupos/{id}/planilha", Handler: api.Func(s.checkGroupSheet), Access: api.SignedIn, MaxBody: api.MaxSheetRequest},
	}
}

var (
	errGroupNotFound   = &api.Error{Status: http.StatusNotFound, Code: "not-found", Message: "Grupo não encontrado."}
	errGroupUnverified = &api.Error{Status: http.StatusForbidden, Code: "email-nao-confirmado",
		Message: "Confirme seu e-mail para criar um grupo: enviamos o link quando você criou a conta."}
	errGroupHasMembers = &api.Error{Status: http.StatusConflict, Code: "grupo-com-inscritos",
		Message: "Este grupo tem inscrições pendentes ou confirmadas e não pode ser excluído. Mescle-o com outro grupo."}
)

// groupTaken is the 409 of a name whose folded form another group of the event has: it names
// that group, so that the coach can ask its coach for the link instead (GRP-2).
func groupTaken(taken store.Group) *api.Error {
	msg := "Já existe o grupo “" + taken.Nome + "” neste evento. Peça o link a quem o criou ou escolha outro nome."
	return &api.Error{Status: http.StatusConflict, Code: "grupo-existe", Message: msg, Fields: map[string]string{"nome": msg}}
}

// groupAnswer is a group as the API answers it (docs/http-api.md, "A group").
type groupAnswer struct {
	ID          string        `json:"id"`
	EventID     string        `json:"eventId"`
	Nome        string        `json:"nome"`
	Codigo      string        `json:"codigo"`
	Link        string        `json:"link"`
	Coaches     []coachAnswer `json:"coaches"`
	Inscritos   int           `json:"inscritos"`
	Confirmados int           `json:"confirmados"`
}

type coachAnswer struct {
	UserID string `json:"userId"`
	Nome   string `json:"nome"`
}

type memberAnswer struct {
	InscricaoID string `json:"inscricaoId"`
	Nome        string `json:"nome"`
	Percurso    string `json:"percurso"`
	Camiseta    string `json:"camiseta"`
	Status      string `json:"status"`
	PedidoID    string `json:"pedidoId"`
	Pago        bool   `json:"pago"`
}

func groupOf(g store.Group) groupAnswer {
	a := groupAnswer{ID: g.ID, EventID: g.EventID, Nome: g.Nome, Codigo: g.Codigo, Link: groups.Link(g.EventID, g.Codigo),
		Coaches: make([]coachAnswer, len(g.Coaches)), Inscritos: g.Inscritos, Confirmados: g.Confirmados}
	for i, c := range g.Coaches {
		a.Coaches[i] = coachAnswer{UserID: c.UserID, Nome: c.Nome}
	}
	return a
}

func groupsOf(list []store.Group) []groupAnswer {
	out := make([]groupAnswer, len(list))
	for i, g := range list {
		out[i] = groupOf(g)
	}
	return out
}

// groupName reads a name sent for a group: its pt-BR problem at the field nome.
func groupName(typed string) (string, error) {
	nome, problem := groups.Nome(typed)
	if problem != "" {
		return nome, api.FieldError{"nome": problem}
	}
	return nome, nil
}

// createGroup answers POST /api/events/{id}/grupos {nome}: an account with a verified e-mail
// creates a group of an event sold by Pelotão and is its first coach (GRP-1).
func (s *Server) createGroup(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Nome string `json:"nome"`
	}
	if err := api.ReadJSON(r, &in); err != nil {
		return err
	}
	u, _ := api.CurrentUser(r)
	if email, err := s.verifiedEmail(r.Context(), u.ID); err != nil || email == "" {
		return cmp.Or(err, error(errGroupUnverified))
	}
	nome, err := groupName(in.Nome)
	if err != nil {
		return err
	}
	e, err := s.store.GetEvent(r.Context(), r.PathValue("id"))
	if err != nil {
		return api.NotFoundAs(err, api.ErrEventNotFound)
	}
	if !e.Inscricoes.ModoPelotao() { // its athletes register elsewhere: no link of ours would bring them
		c := registration.Const
		return &api.Error{Status: http.StatusConflict, Code: c.Codes.Encerradas, Message: c.Motivos.Externo}
	}
	g := store.NewGroup{ID: store.NewParticipantID(), EventID: e.ID, Nome: nome, Chave: groups.Chave(nome),
		CoachID: u.ID, Now: time.Now().UTC().Truncate(time.Millisecond)}
	for range 3 { // a code another group drew already (one in 32⁸) is drawn again
		g.Codigo = groups.NewCodigo()
		made, err := s.store.CreateGroup(r.Context(), g)
		switch {
		case errors.Is(err, store.ErrConflict) && made.ID != "":
			return groupTaken(made)
		case errors.Is(err, store.ErrConflict):
			continue
		case err != nil:
			return api.NotFoundAs(err, api.ErrEventNotFound)
		}
		api.WriteJSON(w, http.StatusCreated, groupOf(made))
		return nil
	}
	return errors.New("salesapi: three group codes taken in a row")
}

// listGroups answers GET /api/events/{id}/grupos: the event's groups with their counts, for its
// managers (GRP-7).
func (s *Server) listGroups(w http.ResponseWriter, r *http.Request) error {
	list, err := s.store.EventGroups(r.Context(), r.PathValue("id"), time.Now())
	if err != nil {
		return err
	}
	api.WriteJSON(w, http.StatusOK, map[string]any{"grupos": groupsOf(list)})
	return nil
}

// groupByCode answers GET /api/events/{id}/grupos/{codigo}: the name the registration form
// shows, for anyone; another event's code is not found (GRP-11).
func (s *Server) groupByCode(w http.ResponseWriter, r *http.Request) error {
	codigo := strings.ToUpper(strings.TrimSpace(r.PathValue("codigo")))
	if !groups.ValidCodigo(codigo) {
		return errGroupNotFound
	}
	g, err := s.store.GroupByCode(r.Context(), r.PathValue("id"), codigo, time.Now())
	if err != nil {
		return api.NotFoundAs(err, errGroupNotFound)
	}
	api.WriteJSON(w, http.StatusOK, map[string]string{"nome": g.Nome, "codigo": g.Codigo})
	return nil
}

// groupFor reads the group {id} and what the signed-in user may do with it; a group they may
// not see is not found, so that its existence says nothing (GRP-10).
func (s *Server) groupFor(r *http.Request) (store.Group, groups.Access, error) {
	g, err := s.store.Group(r.Context(), r.PathValue("id"), time.Now())
	if err != nil {
		return g, groups.Access{}, api.NotFoundAs(err, errGroupNotFound)
	}
	u, _ := api.CurrentUser(r)
	role, err := s.store.EventRole(r.Context(), g.EventID, u.ID)
	if err != nil {
		return g, groups.Access{}, err
	}
	coach := slices.ContainsFunc(g.Coaches, func(c store.GroupCoach) bool { return c.UserID == u.ID })
	access := groups.AccessOf(role, coach)
	if !access.See {
		return g, access, errGroupNotFound
	}
	return g, access, nil
}

// getGroup answers GET /api/grupos/{id}: the group and its members, for its coaches and its
// event's managers (GRP-12).
func (s *Server) getGroup(w http.ResponseWriter, r *http.Request) error {
	g, _, err := s.groupFor(r)
	if err != nil {
		return err
	}
	members, err := s.store.GroupMembers(r.Context(), g.ID, time.Now())
	if err != nil {
		return err
	}
	out := struct {
		groupAnswer
		Membros []memberAnswer `json:"membros"`
	}{groupOf(g), make([]memberAnswer, len(members))}
	for i, m := range members {
		out.Membros[i] = memberAnswer{InscricaoID: m.RegistrationID, Nome: m.Nome, Percurso: m.Percurso, Camiseta: m.Camiseta,
			Status: m.Status, PedidoID: m.OrderID, Pago: m.Pago}
	}
	api.WriteJSON(w, http.StatusOK, out)
	return nil
}

// groupQRCode answers GET /api/grupos/{id}/qrcode.png: the QR code of {base}/i/{codigo} that the
// coach shows at the kit desk to take the group's kits ("Retirar kits do grupo"), for those who
// see the group (GRP-59).
func (s *Server) groupQRCode(w http.ResponseWriter, r *http.Request) error {
	g, _, err := s.groupFor(r)
	if err != nil {
		return err
	}
	return writeQRCode(w, s.baseURL()+"/i/"+g.Codigo, "private, max-age=86400")
}

// patchGroup answers PATCH /api/grupos/{id} {nome?, coachEmail?}: its coaches and its event's
// managers rename it (GRP-5) and add its second coach, an account with a verified e-mail
// (GRP-6). Every field is checked before anything is written.
func (s *Server) patchGroup(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Nome       *string `json:"nome"`
		CoachEmail *string `json:"coachEmail"`
	}
	if err := api.ReadJSON(r, &in); err != nil {
		return err
	}
	g, access, err := s.groupFor(r)
	if err != nil {
		return err
	}
	if !access.Change {
		return api.ErrForbidden
	}
	if in.Nome == nil && in.CoachEmail == nil {
		return api.FieldError{"nome": "Informe o novo nome do grupo ou o e-mail de quem vai ser treinador."}
	}
	fields := api.FieldError{}
	var nome string
	if in.Nome != nil {
		var problem string
		if nome, problem = groups.Nome(*in.Nome); problem != "" {
			fields["nome"] = problem
		}
	}
	var coach store.User
	if in.CoachEmail != nil {
		coach, err = s.newCoach(r, g, *in.CoachEmail)
		var fe api.FieldError
		if errors.As(err, &fe) {
			fields["coachEmail"] = fe["coachEmail"]
		} else if err != nil {
			return err
		}
	}
	if len(fields) > 0 {
		return fields
	}
	if in.Nome != nil && nome != g.Nome {
		taken, err := s.store.RenameGroup(r.Context(), g.ID, nome, groups.Chave(nome))
		if errors.Is(err, store.ErrConflict) && taken.ID != "" {
			return groupTaken(taken)
		}
		if err != nil {
			return api.NotFoundAs(err, errGroupNotFound)
		}
	}
	if in.CoachEmail != nil {
		err := s.store.AddGroupCoach(r.Context(), g.ID, coach.ID, groups.MaxCoaches, time.Now().UTC().Truncate(time.Millisecond))
		switch {
		case errors.Is(err, store.ErrGroupCoaches): // another request added one meanwhile
			return api.FieldError{"coachEmail": errTwoCoaches}
		case errors.Is(err, store.ErrConflict):
			return api.FieldError{"coachEmail": errAlreadyCoach}
		case err != nil:
			return api.NotFoundAs(err, errGroupNotFound)
		}
	}
	g, err = s.store.Group(r.Context(), g.ID, time.Now())
	if err != nil {
		return api.NotFoundAs(err, errGroupNotFound)
	}
	api.WriteJSON(w, http.StatusOK, groupOf(g))
	return nil
}

const (
	errTwoCoaches   = "O grupo já tem dois treinadores."
	errAlreadyCoach = "Esta pessoa já é treinadora do grupo."
)

// newCoach is the account of the e-mail typed for the group's second coach: one that has
// verified it, not coaching the group yet, while the group has room (GRP-6); a FieldError at
// coachEmail otherwise.
func (s *Server) newCoach(r *http.Request, g store.Group, typed string) (store.User, error) {
	email := account.NormalizeEmail(typed)
	switch {
	case email == "":
		return store.User{}, api.FieldError{"coachEmail": "Informe o e-mail de quem vai ser treinador."}
	case !account.ValidEmail(email):
		return store.User{}, api.FieldError{"coachEmail": "Informe um e-mail válido."}
	case len(g.Coaches) >= groups.MaxCoaches:
		return store.User{}, api.FieldError{"coachEmail": errTwoCoaches}
	}
	u, err := s.store.UserByEmail(r.Context(), email)
	if errors.Is(err, store.ErrNotFound) || (err == nil && u.EmailVerifiedAt.IsZero()) {
		return u, api.FieldError{"coachEmail": "Não há conta com este e-mail confirmado. Peça que a pessoa crie a conta e confirme o e-mail."}
	}
	if err == nil && slices.ContainsFunc(g.Coaches, func(c store.GroupCoach) bool { return c.UserID == u.ID }) {
		return u, api.FieldError{"coachEmail": errAlreadyCoach}
	}
	return u, err
}

// deleteGroup answers DELETE /api/grupos/{id}: its event's managers remove a group with no
// registration held or confirmed (GRP-8); its coaches may not.
func (s *Server) deleteGroup(w http.ResponseWriter, r *http.Request) error {
	g, access, err := s.groupFor(r)
	if err != nil {
		return err
	}
	if !access.Remove {
		return api.ErrForbidden
	}
	err = s.store.DeleteGroup(r.Context(), g.ID, time.Now())
	if errors.Is(err, store.ErrGroupHasMembers) {
		return errGroupHasMembers
	}
	return api.NoContent(w, err, errGroupNotFound)
}

// mergeGroup answers POST /api/events/{id}/grupos/{gid}/mesclar {em}: its event's managers move
// every registration of the group into another group of the event and remove it (GRP-9); the
// answer is the group merged into.
func (s *Server) mergeGroup(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Em string `json:"em"`
	}
	if err := api.ReadJSON(r, &in); err != nil {
		return err
	}
	eventID, from := r.PathValue("id"), r.PathValue("gid")
	if g, err := s.store.Group(r.Context(), from, time.Now()); err != nil || g.EventID != eventID {
		return api.NotFoundAs(cmp.Or(err, store.ErrNotFound), errGroupNotFound)
	}
	switch into, err := s.store.Group(r.Context(), in.Em, time.Now()); {
	case in.Em == "":
		return api.FieldError{"em": "Escolha o grupo que vai receber as inscrições."}
	case in.Em == from:
		return api.FieldError{"em": "Escolha outro grupo: um grupo não se mescla com ele mesmo."}
	case errors.Is(err, store.ErrNotFound) || (err == nil && into.EventID != eventID):
		return api.FieldError{"em": "Este grupo não existe neste evento."}
	case err != nil:
		return err
	}
	if err := s.store.MergeGroups(r.Context(), eventID, from, in.Em); err != nil {
		return api.NotFoundAs(err, errGroupNotFound)
	}
	into, err := s.store.Group(r.Context(), in.Em, time.Now())
	if err != nil {
		return api.NotFoundAs(err, errGroupNotFound)
	}
	api.WriteJSON(w, http.StatusOK, groupOf(into))
	return nil
}

// myGroups answers GET /api/me/grupos: the groups the signed-in user coaches, each with its
// event's summary, for the athlete's dashboard (GRP-13).
func (s *Server) myGroups(w http.ResponseWriter, r *http.Request) error {
	u, _ := api.CurrentUser(r)
	list, err := s.store.CoachGroups(r.Context(), u.ID, time.Now())
	if err != nil {
		return err
	}
	type mine struct {
		groupAnswer
		Evento event.Summary `json:"evento"`
	}
	out := make([]mine, 0, len(list))
	events := map[string]event.Summary{}
	for _, g := range list {
		sum, ok := events[g.EventID]
		if !ok {
			e, err := s.store.GetEvent(r.Context(), g.EventID)
			if err != nil {
				return err
			}
			sets, err := s.store.ListResultSets(r.Context(), g.EventID)
			if err != nil {
				return err
			}
			statuses := make([]string, len(sets))
			for i, set := range sets {
				statuses[i] = set.Status
			}
			sum = e.Summary(statuses)
			events[g.EventID] = sum
		}
		out = append(out, mine{groupOf(g), sum})
	}
	api.WriteJSON(w, http.StatusOK, map[string]any{"grupos": out})
	return nil
}

// groupSheetForm is the coach's spreadsheet form: the file in "arquivo", and "confirmar".
var groupSheetForm = api.SheetForm("arquivo")

// errSheetNotCoach refuses the spreadsheet to an event's manager who does not coach the group:
// the athletes it registers are the coach's to pay (GRP-57).
var errSheetNotCoach = &api.Error{Status: http.StatusForbidden, Code: "forbidden",
	Message: "Só os treinadores do grupo enviam a planilha de atletas."}

// errSheetConfirm refuses confirmar other than 0 (check) or 1 (hold) (GRP-56).
var errSheetConfirm = &api.Error{Status: http.StatusBadRequest, Code: "invalid-argument",
	Message: msgSheetConfirm, Fields: map[string]string{"confirmar": msgSheetConfirm}}

const msgSheetConfirm = "Envie confirmar=0 para conferir a planilha ou confirmar=1 para inscrever os atletas."

// sheetRowError is a row's problem as this route answers it (GROUPS.md: linha, campo, mensagem).
type sheetRowError struct {
	Linha    int    `json:"linha"`
	Campo    string `json:"campo"`
	Mensagem string `json:"mensagem"`
}

// checkGroupSheet answers POST /api/grupos/{id}/planilha (multipart: arquivo, confirmar): the
// group's coaches send a spreadsheet of athletes, read by the participants import's header
// engine and checked row by row as an order's athletes (registration.CheckPlanilha).
// confirmar=0 answers {linhas, erros} and holds nothing (GRP-53 … GRP-57); confirmar=1 holds a
// spreadsheet without errors as the coach's orders (holdGroupSheet, GRP-71 … GRP-74).
func (s *Server) checkGroupSheet(w http.ResponseWriter, r *http.Request) error {
	g, _, err := s.groupFor(r)
	if err != nil {
		return err
	}
	u, _ := api.CurrentUser(r)
	if !slices.ContainsFunc(g.Coaches, func(c store.GroupCoach) bool { return c.UserID == u.ID }) {
		return errSheetNotCoach
	}
	up, err := api.ReadSheetUpload(r, groupSheetForm)
	if err != nil {
		return err
	}
	confirmar := up.Fields["confirmar"]
	if confirmar != "0" && confirmar != "1" {
		return errSheetConfirm
	}
	if confirmar == "1" && up.Fields["aceiteRegulamento"] != "1" {
		return api.FieldError{"aceiteRegulamento": msgSheetAceite}
	}
	table, err := up.Table(registration.PlanilhaVocabulary)
	if err != nil {
		return err
	}
	e, err := s.store.GetEvent(r.Context(), g.EventID)
	if err != nil {
		return err
	}
	registered, err := s.eventDocuments(r, g.EventID)
	if err != nil {
		return err
	}
	checked, err := registration.CheckPlanilha(&e, table, e.Today(s.now()), registered)
	if errors.Is(err, registration.ErrPlanilhaGrande) {
		return &api.Error{Status: http.StatusUnprocessableEntity, Code: "planilha-grande", Message: registration.ErrPlanilhaGrande.Message,
			Fields: map[string]string{groupSheetForm.Field: registration.ErrPlanilhaGrande.Message}}
	}
	if err != nil {
		return err
	}
	erros := make([]sheetRowError, len(checked.Errors))
	for i, re := range checked.Errors {
		erros[i] = sheetRowError{Linha: re.Row, Campo: re.Column, Mensagem: re.Message}
	}
	switch {
	case confirmar == "0":
		api.WriteJSON(w, http.StatusOK, map[string]any{"linhas": checked.Linhas, "erros": erros})
		return nil
	case len(erros) > 0:
		sheetRefused(w, checked.Linhas, erros)
		return nil
	case len(checked.Rows) == 0:
		return api.FieldError{groupSheetForm.Field: msgSheetVazia}
	}
	return s.holdGroupSheet(w, r, &e, &g, checked)
}

// eventDocuments are the documents registered in the event: its participants (imported, or
// sold and confirmed) and the registrations held by an order awaiting payment, as the order's
// one-document-per-event rule counts them.
func (s *Server) eventDocuments(r *http.Request, eventID string) (map[participant.Documento]bool, error) {
	ps, err := s.store.EventParticipants(r.Context(), eventID)
	if err != nil {
		return nil, err
	}
	held, err := s.store.HeldDocuments(r.Context(), eventID, s.now())
	if err != nil {
		return nil, err
	}
	docs := make(map[participant.Documento]bool, len(ps)+len(held))
	for _, p := range ps {
		docs[p.Documento] = true
	}
	for _, h := range held {
		docs[h.Documento] = true
	}
	return docs, nil
}
