package httpapi

import (
	"bytes"
	"encoding/json"
	"fmt"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"pelotao/internal/api"
	"pelotao/internal/api/apitest"
	"pelotao/internal/results"
	"pelotao/internal/store"
	"pelotao/internal/store/storetest"
	"pelotao/internal/team"
	"pelotao/internal/upload/uploadtest"
)

// The roles of the authorization matrix. The event's team (gestao, retirada) and a manager of
// another event's team are signed-in users who are not the owner of the world's event, with
// verified e-mails. unverifiedInvitee signed up with an address invited to the event as gestao
// and never verified it: it must get what any other user gets (TEAM-6).
const (
	visitor = iota
	nonOwner
	resourceOwner
	gestaoMember
	retiradaMember
	otherTeamMember
	unverifiedInvitee
)

var roleNames = [...]string{"visitante", "outro usuário", "dono", "gestão do evento", "retirada do evento",
	"equipe de outro evento", "convidada sem e-mail confirmado"}

// matrixOrder is the order in which the roles call each route: the owner last, so that a
// deletion does not change what the others get.
var matrixOrder = [...]int{visitor, nonOwner, unverifiedInvitee, otherTeamMember, retiradaMember, gestaoMember, resourceOwner}

// routeExpectation is what each role gets from one route of the table. The path and body are
// derived from the pattern when empty; {role} in a body becomes a word unique to the role.
type routeExpectation struct {
	path string
	body string
	want [3]int // by role: visitor, nonOwner, resourceOwner
	// team is what gestaoMember, retiradaMember and otherTeamMember get. Routes outside an
	// event's team leave it zero: those three are then just other users (want[nonOwner]).
	team [3]int
}

// answer is the status role is expected to get.
func (e routeExpectation) answer(role int) int {
	if role < gestaoMember {
		return e.want[role]
	}
	if e.team == [3]int{} || role == unverifiedInvitee {
		return e.want[nonOwner]
	}
	return e.team[role-gestaoMember]
}

// salesOrder is the order the sales API's tests buy (one athlete of the 60 km): here it meets
// an event not sold by Pelotão.
var salesOrder = func() string {
	b, err := os.ReadFile("../salesapi/testdata/order.json")
	if err != nil {
		panic(err)
	}
	return string(b)
}()

// routeExpectations must name every pattern of Server.routeTable: a new route without an
// expected answer per role fails TestAuthorizationMatrix.
var routeExpectations = map[string]routeExpectation{
	"GET /healthz": {want: [3]int{200, 200, 200}},

	"GET /api/auth/session": {want: [3]int{200, 200, 200}},
	"POST /api/auth/signup": {body: `{"email":"novo-{role}@exemplo.com.br","password":"pedal-de-domingo","displayName":"Nova"}`,
		want: [3]int{201, 201, 201}},
	"POST /api/auth/login": {body: `{"email":"dona@exemplo.com.br","password":"largada-as-seis"}`,
		want: [3]int{200, 200, 200}},
	"POST /api/auth/logout":                     {want: [3]int{204, 204, 204}},
	"POST /api/auth/password-reset":             {body: `{"email":"dona@exemplo.com.br"}`, want: [3]int{202, 202, 202}},
	"POST /api/auth/password-reset/verify":      {body: `{"token":"nao-existe"}`, want: [3]int{400, 400, 400}},
	"POST /api/auth/password-reset/confirm":     {body: `{"token":"nao-existe","password":"nova-senha-longa"}`, want: [3]int{400, 400, 400}},
	"GET /api/auth/password-policy":             {want: [3]int{200, 200, 200}},
	"POST /api/auth/email-verification":         {want: [3]int{401, 202, 202}},
	"POST /api/auth/email-verification/confirm": {body: `{"token":"nao-existe"}`, want: [3]int{400, 400, 400}},

	"GET /api/events":         {want: [3]int{200, 200, 200}},
	"GET /api/events/{id}":    {want: [3]int{200, 200, 200}},
	"POST /api/events":        {body: validEventJSON("Pedal {role}", "2031-03-01"), want: [3]int{401, 201, 201}},
	"PUT /api/events/{id}":    {body: validEventJSON("Pedal {role}", "2031-03-01"), want: [3]int{401, 403, 200}},
	"DELETE /api/events/{id}": {want: [3]int{401, 403, 204}},

	"POST /api/uploads": {want: [3]int{401, 201, 201}}, // the body is a JPEG in a multipart form
	"GET /files/{id}":   {want: [3]int{200, 200, 200}},

	"POST /api/plan-interest": {body: `{"nome":"Ana","email":"ana-{role}@exemplo.com.br","plano":"Iniciante"}`, want: [3]int{201, 201, 201}},

	"GET /api/events/{id}/staff": {want: [3]int{401, 403, 200}, team: [3]int{200, 403, 403}},
	"POST /api/events/{id}/staff": {body: `{"email":"convidada-{role}@exemplo.com.br","role":"retirada"}`,
		want: [3]int{401, 403, 201}, team: [3]int{201, 403, 403}},
	// {staffId} is a fresh kit desk invitation for each call.
	"DELETE /api/events/{id}/staff/{staffId}": {want: [3]int{401, 403, 204}, team: [3]int{204, 403, 403}},
	"GET /api/me/events-staff":                {want: [3]int{401, 200, 200}},
	"GET /api/me/painel":                      {want: [3]int{401, 200, 200}},

	// The matrix's event is sold elsewhere: a quote is then 409 for everyone signed in.
	"GET /api/events/{id}/inscricao":          {want: [3]int{200, 200, 200}},
	"POST /api/events/{id}/inscricao/cotacao": {body: salesOrder, want: [3]int{401, 409, 409}},
	"POST /api/events/{id}/pedidos":           {body: salesOrder, want: [3]int{401, 409, 409}},
	// Who sees an existing order is TestOrderRefusals's; here no order exists.
	"GET /api/pedidos/{orderId}":            {path: "/api/pedidos/nao-existe", want: [3]int{401, 404, 404}},
	"GET /api/me/inscricoes":                {want: [3]int{401, 200, 200}},
	"GET /api/pedidos/{orderId}/qrcode.png": {path: "/api/pedidos/nao-existe/qrcode.png", want: [3]int{401, 404, 404}},
	// Who a code leads to is TestRegistrationCodeByRole's; here no code exists.
	"GET /api/i/{codigo}":            {path: "/api/i/NAOEXISTE1", want: [3]int{401, 404, 404}},
	"GET /api/i/{codigo}/qrcode.png": {path: "/api/i/NAOEXISTE1/qrcode.png", want: [3]int{401, 404, 404}},
	// Anyone may post here; a secret that is not the server's is a 404 (TestForgedWebhookConfirmsNothing).
	// Mounted only with a PSP configured, as the matrix's world has one (TestWebhookOnlyWithAPSP).
	"POST /api/pix/webhook/{secret}/pix": {path: "/api/pix/webhook/errado/pix", body: `{"pix":[]}`, want: [3]int{404, 404, 404}},
	// Mercado Pago's notifications (CARD-22), mounted only with a card provider, as the matrix's
	// world has one: a secret that is not the server's is a 404 (TestCardWebhookRefusals).
	"POST /api/mp/webhook/{secret}": {path: "/api/mp/webhook/errado", body: `{}`, want: [3]int{404, 404, 404}},
	// Only the buyer switches an order's method (TestSwitchPaymentOnlyTheBuyer); here no order exists.
	"POST /api/pedidos/{orderId}/pagamento": {path: "/api/pedidos/nao-existe/pagamento", body: `{"pagamento":"pix"}`, want: [3]int{401, 404, 404}},
	// Groups (GRP-10): creating needs a verified e-mail, so the matrix's unverified owner and
	// other user are refused; the verified team and other team then meet an event sold elsewhere
	// (409). Who sees, changes or removes an existing group is salesapi's TestGroupWhoMay; here
	// no group exists.
	"POST /api/events/{id}/grupos":         {body: `{"nome":"Grupo {role}"}`, want: [3]int{401, 403, 403}, team: [3]int{409, 409, 409}},
	"GET /api/events/{id}/grupos":          {want: [3]int{401, 403, 200}, team: [3]int{200, 403, 403}},
	"GET /api/events/{id}/grupos/{codigo}": {path: "/api/events/{id}/grupos/NAOEXIST", want: [3]int{404, 404, 404}},
	"POST /api/events/{id}/grupos/{gid}/mesclar": {path: "/api/events/{id}/grupos/nao-existe/mesclar", body: `{"em":"outro"}`,
		want: [3]int{401, 403, 404}, team: [3]int{404, 403, 403}},
	"GET /api/grupos/{id}":            {path: "/api/grupos/nao-existe", want: [3]int{401, 404, 404}},
	"GET /api/grupos/{id}/qrcode.png": {path: "/api/grupos/nao-existe/qrcode.png", want: [3]int{401, 404, 404}},
	"PATCH /api/grupos/{id}":          {path: "/api/grupos/nao-existe", body: `{"nome":"Grupo Novo"}`, want: [3]int{401, 404, 404}},
	"DELETE /api/grupos/{id}":         {path: "/api/grupos/nao-existe", want: [3]int{401, 404, 404}},
	"GET /api/me/grupos":              {want: [3]int{401, 200, 200}},
	// The coach's spreadsheet, a multipart form read once the group's access is known (salesapi's TestGroupSheetWhoMay).
	"POST /api/grupos/{id}/planilha": {path: "/api/grupos/nao-existe/planilha", want: [3]int{401, 404, 404}},
	// The money of an event (REG-116): its owner and gestao only; retirada never. No order or
	// coupon exists here but those each role creates; who may cancel or edit an existing order is
	// salesapi's TestOrderChangesByWho.
	"GET /api/events/{id}/pedidos":     {want: [3]int{401, 403, 200}, team: [3]int{200, 403, 403}},
	"GET /api/events/{id}/pedidos.csv": {want: [3]int{401, 403, 200}, team: [3]int{200, 403, 403}},
	"GET /api/events/{id}/financeiro":  {want: [3]int{401, 403, 200}, team: [3]int{200, 403, 403}},
	"POST /api/events/{id}/pedidos/{orderId}/reembolso": {path: "/api/events/{id}/pedidos/nao-existe/reembolso", body: `{}`,
		want: [3]int{401, 403, 404}, team: [3]int{404, 403, 403}},
	"GET /api/events/{id}/cupons": {want: [3]int{401, 403, 200}, team: [3]int{200, 403, 403}},
	"POST /api/events/{id}/cupons": {body: `{"codigo":"CUPOM{role}","tipo":"percentual","valor":10,"maxUsos":null}`,
		want: [3]int{401, 403, 201}, team: [3]int{201, 403, 403}},
	"PATCH /api/events/{id}/cupons/{codigo}": {path: "/api/events/{id}/cupons/nao-existe", body: `{"ativo":false}`,
		want: [3]int{401, 403, 404}, team: [3]int{404, 403, 403}},
	"DELETE /api/events/{id}/cupons/{codigo}": {path: "/api/events/{id}/cupons/nao-existe",
		want: [3]int{401, 403, 404}, team: [3]int{404, 403, 403}},
	"POST /api/pedidos/{orderId}/cancelar":           {path: "/api/pedidos/nao-existe/cancelar", want: [3]int{401, 404, 404}},
	"POST /api/inscricoes/{registrationId}/cancelar": {path: "/api/inscricoes/nao-existe/cancelar", want: [3]int{401, 404, 404}},
	"PATCH /api/inscricoes/{registrationId}": {path: "/api/inscricoes/nao-existe", body: `{"camiseta":"G"}`,
		want: [3]int{401, 404, 404}},

	// The body is a results spreadsheet in a multipart form; {setId} is a fresh set of the event.
	"POST /api/events/{id}/results":                                       {want: [3]int{401, 403, 201}, team: [3]int{201, 403, 403}},
	"GET /api/events/{id}/results":                                        {want: [3]int{200, 200, 200}},
	"GET /api/events/{id}/results/{setId}":                                {want: [3]int{200, 200, 200}},
	"GET /api/events/{id}/results/{setId}/athletes/{bib}":                 {want: [3]int{200, 200, 200}},
	"GET /api/events/{id}/results/{setId}/grupos":                         {want: [3]int{200, 200, 200}},
	"DELETE /api/events/{id}/results/{setId}":                             {want: [3]int{401, 403, 204}, team: [3]int{204, 403, 403}},
	"GET /api/events/{id}/results/{setId}/athletes/{bib}/certificado.pdf": {want: [3]int{200, 200, 200}},
	"GET /api/events/{id}/results/{setId}/athletes/{bib}/card.png":        {want: [3]int{200, 200, 200}},
	// The body is a CSV of one participant in a multipart form (participantsForm).
	"POST /api/events/{id}/participants":                {want: [3]int{401, 403, 200}, team: [3]int{200, 403, 403}},
	"GET /api/events/{id}/participants":                 {want: [3]int{401, 403, 200}, team: [3]int{200, 200, 403}},
	"GET /api/events/{id}/participants/{participantId}": {want: [3]int{401, 403, 200}, team: [3]int{200, 200, 403}},
	"GET /api/events/{id}/participants/summary":         {want: [3]int{401, 403, 200}, team: [3]int{200, 403, 403}},
	"GET /api/events/{id}/participants/settings":        {want: [3]int{401, 403, 200}, team: [3]int{200, 403, 403}},
	"PUT /api/events/{id}/participants/settings": {body: `{"faixasPeito":[{"percurso":"5 km","inicio":1,"fim":500}]}`,
		want: [3]int{401, 403, 200}, team: [3]int{200, 403, 403}},
	"GET /api/events/{id}/participants.csv": {want: [3]int{401, 403, 200}, team: [3]int{200, 403, 403}},
	"GET /api/events/{id}/participants.pdf": {want: [3]int{401, 403, 200}, team: [3]int{200, 403, 403}},

	// The kit desk. The matrix's event has no participants: a pickup is refused (422) and an undo
	// finds no pickup (404), after the role check.
	"GET /api/events/{id}/checkin/roster": {want: [3]int{401, 403, 200}, team: [3]int{200, 200, 403}},
	"POST /api/events/{id}/checkin": {body: `{"checkins":[{"id":"m-{role}","participantId":"nao-existe","at":"2026-05-10T12:00:00Z","retiradoPor":null,"camisetaEntregue":"M","balcao":"Balcão 1"}]}`,
		want: [3]int{401, 403, 422}, team: [3]int{422, 422, 403}},
	"DELETE /api/events/{id}/checkin/{participantId}": {path: "/api/events/{id}/checkin/nao-existe",
		want: [3]int{401, 403, 404}, team: [3]int{404, 403, 403}},
	"GET /api/events/{id}/checkin/stats":   {want: [3]int{401, 403, 200}, team: [3]int{200, 200, 403}},
	"GET /api/events/{id}/checkin/history": {want: [3]int{401, 403, 200}, team: [3]int{200, 403, 403}},

	"GET /robots.txt":  {want: [3]int{200, 200, 200}},
	"GET /sitemap.xml": {want: [3]int{200, 200, 200}},

	"GET /assets/{path...}": {path: "/assets/index-abc.js", want: [3]int{200, 200, 200}},

	"GET /{$}":                 {want: [3]int{200, 200, 200}},
	"GET /about":               {want: [3]int{200, 200, 200}},
	"GET /services":            {want: [3]int{200, 200, 200}},
	"GET /impact":              {want: [3]int{200, 200, 200}},
	"GET /training":            {want: [3]int{200, 200, 200}},
	"GET /event/{eventId}":     {want: [3]int{200, 200, 200}},
	"GET /resultado/{eventId}": {want: [3]int{200, 200, 200}},
	"GET /resultado/{eventId}/atleta/{setId}/{bib}": {want: [3]int{200, 200, 200}},
	"GET /login":              {want: [3]int{200, 200, 200}},
	"GET /redefinir-senha":    {want: [3]int{200, 200, 200}},
	"GET /verificar-email":    {want: [3]int{200, 200, 200}},
	"GET /dashboard":          {want: [3]int{200, 200, 200}},
	"GET /cadastro":           {want: [3]int{200, 200, 200}},
	"GET /cadastro/{eventId}": {want: [3]int{200, 200, 200}},
	"/":                       {path: "/qualquer-coisa", want: [3]int{302, 302, 302}},

	// The organizer's page of an event; its data comes from the staff-only API routes.
	"GET /dashboard/eventos/{eventId}": {want: [3]int{200, 200, 200}},
	// The kit desk app: its data comes from the checkin routes above, which check the role.
	"GET /retirada/{eventId}": {want: [3]int{200, 200, 200}},
	// The registration form: public (a visitor signs in on it); the sales API checks who orders.
	"GET /inscricao/{eventId}": {want: [3]int{200, 200, 200}},
	// The order page and a registration code's page: their data comes from the sales API, which
	// checks who asks.
	"GET /inscricao/{eventId}/pedido/{orderId}": {want: [3]int{200, 200, 200}},
	"GET /i/{codigo}": {want: [3]int{200, 200, 200}},
	// A group's page: its data comes from GET /api/grupos/{id}, which checks who asks.
	"GET /dashboard/grupos/{groupId}": {want: [3]int{200, 200, 200}},
}

// withPSP is env with a PSP configured (one no test reaches: the matrix's event is sold
// elsewhere), so that the route table holds the routes only a PSP mounts: the webhook.
func withPSP(env map[string]string) map[string]string {
	all := map[string]string{"PELOTAO_PIX_API_URL": "https://psp.invalid/v2", "PELOTAO_PIX_CLIENT_ID": "pelotao",
		"PELOTAO_PIX_CLIENT_SECRET": "segredo-do-psp", "PELOTAO_PIX_CHAVE": "pix@pelotao.example",
		"PELOTAO_MP_ACCESS_TOKEN": "TEST-matriz", "PELOTAO_MP_WEBHOOK_SECRET": "segredo-do-mp"}
	for k, v := range env {
		all[k] = v
	}
	return all
}

// matrixWorld is a fresh site with an event of the owner with its team (a manager and a kit desk
// member), another user who owns another event whose manager is otherTeamMember, and a file of
// the owner.
type matrixWorld struct {
	app                            *authApp
	cookies                        [len(roleNames)]*http.Cookie // by role; the visitor has none
	eventID, fileID, participantID string
}

func newMatrixWorld(t *testing.T, env map[string]string) *matrixWorld {
	t.Helper()
	w := &matrixWorld{app: newAuthApp(t, filepath.Join(t.TempDir(), "m.db"), withPSP(env))}
	t.Cleanup(w.app.accounts.Wait) // reset e-mails still being sent, before the database closes
	signUp := func(role int, email string) {
		res := w.app.Call("POST", "/api/auth/signup", `{"email":"`+email+`","password":"largada-as-seis","displayName":"Pessoa"}`)
		if res.Code != http.StatusCreated {
			t.Fatalf("signup %s: %d %s", email, res.Code, res.Body)
		}
		w.cookies[role] = sessionCookie(t, res)
	}
	newEvent := func(role int, titulo string) string {
		res := w.app.Call("POST", "/api/events", validEventJSON(titulo, "2031-01-01"), apitest.Cookies(w.cookies[role]))
		if res.Code != http.StatusCreated {
			t.Fatalf("%s's event: %d %s", roleNames[role], res.Code, res.Body)
		}
		var created struct{ ID string }
		json.Unmarshal(res.Body.Bytes(), &created)
		return created.ID
	}
	invite := func(owner int, eventID, email, role string) {
		res := w.app.Call("POST", "/api/events/"+eventID+"/staff", `{"email":"`+email+`","role":"`+role+`"}`, apitest.Cookies(w.cookies[owner]))
		if res.Code != http.StatusCreated {
			t.Fatalf("inviting %s: %d %s", email, res.Code, res.Body)
		}
	}
	signUp(resourceOwner, "dona@exemplo.com.br")
	signUp(nonOwner, "outro@exemplo.com.br")
	w.eventID = newEvent(resourceOwner, "Corrida da Dona")
	otherEvent := newEvent(nonOwner, "Corrida do Outro")
	// Invited before they have accounts: signing up and verifying the address makes them members.
	invite(resourceOwner, w.eventID, "Gestora@Exemplo.com.br", "gestao")
	invite(resourceOwner, w.eventID, "retirada@exemplo.com.br", "retirada")
	invite(nonOwner, otherEvent, "equipe-outra@exemplo.com.br", "gestao")
	invite(resourceOwner, w.eventID, "sem-confirmar@exemplo.com.br", "gestao")
	signUp(gestaoMember, "gestora@exemplo.com.br")
	signUp(retiradaMember, "retirada@exemplo.com.br")
	signUp(otherTeamMember, "equipe-outra@exemplo.com.br")
	signUp(unverifiedInvitee, "sem-confirmar@exemplo.com.br")
	w.app.confirmEmail(t, "gestora@exemplo.com.br", w.cookies[gestaoMember])
	w.app.confirmEmail(t, "retirada@exemplo.com.br", w.cookies[retiradaMember])
	w.app.confirmEmail(t, "equipe-outra@exemplo.com.br", w.cookies[otherTeamMember])
	w.participantID = w.importOne(t, "Bia Lima", "111.444.777-35")
	var res *httptest.ResponseRecorder
	res = w.do(uploadForm(t, "POST", "/api/uploads"), resourceOwner)
	if res.Code != http.StatusCreated {
		t.Fatalf("owner's file: %d %s", res.Code, res.Body)
	}
	var up struct{ URL string }
	json.Unmarshal(res.Body.Bytes(), &up)
	w.fileID = strings.TrimPrefix(up.URL, "/files/")
	return w
}

func uploadForm(t *testing.T, method, path string) *http.Request {
	t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	fw, _ := mw.CreateFormFile("file", "largada.jpg")
	fw.Write(uploadtest.JPEG(64, 48))
	mw.Close()
	r := httptest.NewRequest(method, path, &body)
	r.Header.Set("Content-Type", mw.FormDataContentType())
	return r
}

// do sends r as role, from the site's own pages and from the role's own address (so that the
// per-address limits of sign-ups and plan interests count each role apart).
func (w *matrixWorld) do(r *http.Request, role int) *httptest.ResponseRecorder {
	return w.app.Serve(r, apitest.SameOrigin, apitest.From(fmt.Sprintf("198.51.100.%d:4321", role+1)), apitest.Cookies(w.cookies[role]))
}

// request builds the request of pattern for role.
func (w *matrixWorld) request(t *testing.T, pattern string, exp routeExpectation, role int) *http.Request {
	method, path, ok := strings.Cut(pattern, " ")
	if !ok {
		method, path = "GET", pattern
	}
	if exp.path != "" {
		path = exp.path
	}
	id := w.eventID
	if strings.HasPrefix(path, "/files/") {
		id = w.fileID
	}
	if pattern == "POST /api/events/{id}/participants" {
		return participantsForm(t, strings.ReplaceAll(path, "{id}", id), "Nome;CPF;Modalidade\nAna Souza;529.982.247-25;5 km\n", nil)
	}
	path = strings.ReplaceAll(path, "{participantId}", w.participantID)
	if strings.Contains(path, "{staffId}") {
		m, err := w.app.srv.store.AddStaff(t.Context(), store.StaffMember{EventID: w.eventID,
			Email: fmt.Sprintf("removivel-%d-%d@exemplo.com.br", role, time.Now().UnixNano()),
			Role:  team.Retirada, InvitedBy: "teste", InvitedAt: time.Now()})
		if err != nil {
			t.Fatal(err)
		}
		path = strings.ReplaceAll(path, "{staffId}", m.ID)
	}
	if strings.Contains(path, "{setId}") {
		set, err := w.app.srv.store.ReplaceResultSet(t.Context(), results.Set{EventID: w.eventID,
			Percurso: fmt.Sprintf("60 km %d-%d", role, time.Now().UnixNano()), Status: results.Preliminar},
			storetest.SampleResults(3, "Atleta"))
		if err != nil {
			t.Fatal(err)
		}
		path = strings.NewReplacer("{setId}", set.ID, "{bib}", "1001").Replace(path)
	}
	path = strings.NewReplacer("{id}", id, "{eventId}", w.eventID, "{$}", "").Replace(path)
	switch pattern {
	case "POST /api/uploads":
		return uploadForm(t, method, path)
	case "POST /api/events/{id}/results":
		return resultsForm(t, path, resultsCSV(3), map[string]string{"percurso": "60 km"})
	}
	body := strings.ReplaceAll(exp.body, "{role}", fmt.Sprint(role))
	return apitest.NewRequest(method, path, body)
}

// Every route of the table answers each role as expected, and what the table declares about a
// route's access is what the route does.
func TestAuthorizationMatrix(t *testing.T) {
	probe := newAuthApp(t, filepath.Join(t.TempDir(), "probe.db"), withPSP(nil))
	table := probe.srv.routeTable()
	seen := map[string]bool{}
	for _, rt := range table {
		seen[rt.Pattern] = true
		exp, ok := routeExpectations[rt.Pattern]
		if !ok {
			t.Errorf("route %q has no expectation in routeExpectations: say what a visitor, another user and the owner get", rt.Pattern)
			continue
		}
		switch rt.Access {
		case api.SignedIn:
			if exp.want[visitor] != 401 {
				t.Errorf("%s is declared signed-in only but visitors are expected to get %d", rt.Pattern, exp.want[visitor])
			}
		case api.Owner:
			if exp.want[visitor] != 401 || exp.want[nonOwner] != 403 || exp.answer(gestaoMember) != 403 {
				t.Errorf("%s is declared owner only but expects %v", rt.Pattern, exp.want)
			}
		case api.EventManagers, api.EventTeam:
			// What the table declares is what the expectations say, role by role.
			for role := nonOwner; role < len(roleNames); role++ {
				admitted := role != nonOwner && role != otherTeamMember && role != unverifiedInvitee &&
					(role != retiradaMember || rt.Access == api.EventTeam)
				if got := exp.answer(role); admitted != (got != 401 && got != 403) || exp.want[visitor] != 401 {
					t.Errorf("%s admits %v but %s is expected to get %d", rt.Pattern, rt.Access.EventRoles(), roleNames[role], got)
				}
			}
		}
		t.Run(rt.Pattern, func(t *testing.T) {
			// A fresh world per route: logins, logouts and deletions must not leak into the next.
			w := newMatrixWorld(t, nil)
			for _, role := range matrixOrder {
				res := w.do(w.request(t, rt.Pattern, exp, role), role)
				if want := exp.answer(role); res.Code != want {
					t.Errorf("%s: %d, want %d (%s)", roleNames[role], res.Code, want, res.Body)
				}
			}
		})
	}
	for pattern := range routeExpectations {
		if !seen[pattern] {
			t.Errorf("routeExpectations names %q, which is not in the route table", pattern)
		}
	}
}

// hostileJSON are bodies no JSON route may answer with a 500.
var hostileJSON = map[string]string{
	"empty":            ``,
	"blank":            "  \n ",
	"null":             `null`,
	"array":            `[1,2,3]`,
	"string":           `"olá"`,
	"unknown field":    `{"campoQueNaoExiste": true}`,
	"wrong types":      `{"email": ["x"], "password": {}, "token": 7, "titulo": 5, "displayName": false}`,
	"huge number":      `{"email": 1e999999, "titulo": 1e999999}`,
	"long number":      `{"token": ` + strings.Repeat("9", 100000) + `}`,
	"deep nesting":     `{"email": ` + strings.Repeat("[", 100000) + strings.Repeat("]", 100000) + `}`,
	"deep objects":     strings.Repeat(`{"a":`, 20000) + `1` + strings.Repeat(`}`, 20000),
	"trailing garbage": `{"email": "a@exemplo.com.br"} lixo`,
	"two objects":      `{"email": "a@exemplo.com.br"}{"email": "b@exemplo.com.br"}`,
	"truncated":        `{"email": "a@exem`,
	"invalid utf-8":    "{\"email\": \"\xff\xfe\"}",
	"nul bytes":        "{\"email\": \"a\x00b\"}\x00",
	"oversized":        `{"email": "` + strings.Repeat("a", 2<<20) + `"}`,
}

// webhookPattern is the route the PSP posts payments to.
const webhookPattern = "POST /api/pix/webhook/{secret}/pix"

// cardWebhookPattern is the route Mercado Pago posts notifications to.
const cardWebhookPattern = "POST /api/mp/webhook/{secret}"

// Every route that reads a JSON body but the PSP's webhook refuses hostile bodies with 400, 413 or 422 (401 from the
// login when the body reads but names no account) and a message in Portuguese — never a 500.
func TestJSONRoutesRefuseHostileBodies(t *testing.T) {
	w := newMatrixWorld(t, nil)
	routes := 0
	for _, rt := range w.app.srv.routeTable() {
		if rt.MaxBody == 0 || rt.Pattern == "POST /api/uploads" || rt.Pattern == "POST /api/grupos/{id}/planilha" {
			continue // reads no body, or a multipart one (TestUploadMalformedRequests; salesapi's TestGroupSheetCheck)
		}
		routes++
		for name, body := range hostileJSON {
			method, path, _ := strings.Cut(rt.Pattern, " ")
			secret := w.app.srv.sales.WebhookSecret()
			if rt.Pattern == cardWebhookPattern {
				secret = w.app.srv.sales.CardWebhookSecret()
			}
			path = strings.NewReplacer("{id}", w.eventID, "{secret}", secret).Replace(path)
			r := httptest.NewRequest(method, path, strings.NewReader(body))
			r.Header.Set("Content-Type", "application/json")
			res := w.do(r, resourceOwner)
			if rt.Pattern == webhookPattern {
				// The PSP's route answers its secret 200 whatever the body (REG-200): an error
				// would only have the PSP post the same body again.
				if res.Code != http.StatusOK {
					t.Errorf("%s, %s: %d %s, want 200", rt.Pattern, name, res.Code, res.Body)
				}
				continue
			}
			var answer api.ErrorBody
			if err := json.Unmarshal(res.Body.Bytes(), &answer); err != nil {
				t.Errorf("%s, %s: not a JSON error: %d %q", rt.Pattern, name, res.Code, res.Body)
				continue
			}
			msg := answer.Error.Message
			switch {
			case res.Code == 401 && rt.Pattern == "POST /api/auth/login":
				// A readable body with an odd e-mail: the credentials are refused, as they must be.
			case res.Code == 401 && rt.Pattern == cardWebhookPattern:
				// Unsigned: refused before its body is read, changing nothing (CARD-22).
			case res.Code != 400 && res.Code != 413 && res.Code != 422:
				t.Errorf("%s, %s: %d %s", rt.Pattern, name, res.Code, res.Body)
			case msg == "" || strings.Contains(msg, "json") || strings.Contains(msg, "invalid character"):
				t.Errorf("%s, %s: message %q is not for people", rt.Pattern, name, msg)
			}
		}
	}
	if routes < 8 {
		t.Fatalf("only %d JSON routes found in the route table", routes)
	}
}

// Every route, answered over https, carries the CSP without inline scripts, nosniff and HSTS;
// a file also carries its sandbox. Every route that changes something refuses a cross-site request.
func TestEveryRouteCarriesSecurityHeaders(t *testing.T) {
	w := newMatrixWorld(t, map[string]string{"PELOTAO_BASE_URL": "https://pelotao.example"})
	for _, rt := range w.app.srv.routeTable() {
		exp := routeExpectations[rt.Pattern]
		h := w.do(w.request(t, rt.Pattern, exp, resourceOwner), resourceOwner).Header()
		csp := h.Get("Content-Security-Policy")
		if rt.Pattern == "GET /files/{id}" {
			if csp != fileCSP {
				t.Errorf("%s: CSP %q, want the sandbox %q", rt.Pattern, csp, fileCSP)
			}
		} else if !strings.Contains(csp, "script-src 'self';") || strings.Contains(csp, "unsafe-inline") || strings.Contains(csp, "unsafe-eval") {
			t.Errorf("%s: CSP %q", rt.Pattern, csp)
		}
		if h.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("%s: no nosniff", rt.Pattern)
		}
		if !strings.HasPrefix(h.Get("Strict-Transport-Security"), "max-age=63072000") {
			t.Errorf("%s: HSTS %q over https", rt.Pattern, h.Get("Strict-Transport-Security"))
		}

		method, _, _ := strings.Cut(rt.Pattern, " ")
		if method == "GET" || method == "/" {
			continue
		}
		for name, set := range map[string]func(*http.Request){
			"Sec-Fetch-Site: cross-site": func(r *http.Request) { r.Header.Set("Sec-Fetch-Site", "cross-site") },
			"foreign Origin": func(r *http.Request) {
				r.Header.Del("Sec-Fetch-Site")
				r.Header.Set("Origin", "https://malicioso.example")
			},
		} {
			r := w.request(t, rt.Pattern, exp, resourceOwner)
			r.Host = "pelotao.example"
			r.AddCookie(w.cookies[resourceOwner])
			set(r)
			rec := httptest.NewRecorder()
			w.app.srv.ServeHTTP(rec, r)
			if rec.Code != http.StatusForbidden || !strings.Contains(rec.Body.String(), "Requisição de outro site recusada.") {
				t.Errorf("%s, %s: %d %s", rt.Pattern, name, rec.Code, rec.Body)
			}
		}
	}
}
