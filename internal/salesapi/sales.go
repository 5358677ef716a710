// Package salesapi is the sales API: an event's registration offer and quotes, the orders that
// buy registrations and their payments, by Pix or by card (docs/http-api.md, "Registration"), and what follows
// the sale — the organizer's orders, export, figures, coupons and refunds, the buyer's
// cancellation and edits ("After the sale"), whose rules are internal/orders'. Its handlers are
// made of internal/api like internal/httpapi's; Routes gives them to httpapi's one route table,
// which puts the guards of each route's access in front of them.
//
// A new handler is a method of Server wrapped in api.Func, listed in its file's routes with its
// access and body limit and joined in Routes; the authorization matrix (internal/httpapi's
// routes_test.go) fails until its pattern has a row there, and newTestSite serves it to tests.
package salesapi

import (
	"log/slog"
	"net/http"
	"sync"
	"time"

	"pelotao/internal/answercache"
	"pelotao/internal/api"
	"pelotao/internal/config"
	"pelotao/internal/event"
	"pelotao/internal/mail"
	"pelotao/internal/mercadopago"
	mpsandbox "pelotao/internal/mercadopago/sandbox"
	"pelotao/internal/orders"
	"pelotao/internal/pix"
	"pelotao/internal/pix/sandbox"
	"pelotao/internal/store"
)

// Deps is what the sales API needs.
type Deps struct {
	Config config.Config
	Store  store.Store
	Log    *slog.Logger
	// PSP charges orders through the API Pix; nil builds the configured client (or the sandbox).
	PSP pix.PSP
	// Cards is the card payment provider; nil builds the configured Mercado Pago client (or the
	// sandbox's), or none without PELOTAO_MP_ACCESS_TOKEN.
	Cards mercadopago.Provider
	// Site serves every route of the site: the sandbox's webhook reaches it in-process.
	Site http.Handler
	// Mailer sends the confirmation e-mails of paid orders and tells buyers of their refunds.
	Mailer mail.Mailer
	// Calendar is an event as the iCalendar file the confirmation e-mail attaches.
	Calendar func(*event.Event) []byte
}

// Server answers the sales routes.
type Server struct {
	cfg   config.Config
	store store.Store
	log   *slog.Logger
	// psp charges orders; sandbox is the in-memory PSP it talks to under PELOTAO_PIX_SANDBOX.
	psp     pix.PSP
	sandbox *sandbox.Sandbox
	// mpSandbox is the in-memory Mercado Pago served under PELOTAO_MP_SANDBOX.
	mpSandbox *mpsandbox.Sandbox
	// cards is the card payment provider (Mercado Pago), nil when none is configured.
	cards mercadopago.Provider
	// orders settles payments, refunds, cancels and edits orders (internal/orders).
	orders *orders.Service
	// mailer and calendar make the confirmation e-mails; receipts are those being sent.
	mailer   mail.Mailer
	calendar func(*event.Event) []byte
	receipts sync.WaitGroup
	// ordersJSON keeps the orders list's answers encoded, by order and rev.
	ordersJSON answercache.OrdersJSON
	// now is the clock of the rules that read an event's calendar day (lots, period, coupons,
	// edits, the buyer's window): time.Now, set by tests to an instant of their own.
	now func() time.Time
}

// New builds the sales API and its PSP client.
func New(d Deps) (*Server, error) {
	s := &Server{cfg: d.Config, store: d.Store, log: d.Log, mailer: d.Mailer, calendar: d.Calendar, now: time.Now}
	if s.log == nil {
		s.log = slog.Default()
	}
	if err := s.setUpPix(d.PSP, d.Site); err != nil {
		return nil, err
	}
	s.setUpCardSandbox(d.Site)
	if err := s.setUpCards(d.Cards); err != nil {
		return nil, err
	}
	s.orders = &orders.Service{Store: d.Store, PSP: s.psp, Cards: s.cards, Mailer: d.Mailer, Log: s.log, Location: d.Config.Location,
		BaseURL: d.Config.BaseURL.String(), Now: func() time.Time { return s.now() }, Paid: s.sendReceipt}
	return s, nil
}

// Routes are the sales routes, for the site's route table.
func (s *Server) Routes() []api.Route {
	rs := append(s.registrationRoutes(), s.orderRoutes()...)
	rs = append(rs, s.moneyRoutes()...)
	rs = append(rs, s.registrationCodeRoutes()...)
	rs = append(rs, s.pixRoutes()...)
	rs = append(rs, s.paymentRoutes()...)
	rs = append(rs, s.groupRoutes()...)
	rs = append(rs, s.sandboxRoutes()...)
	return append(rs, s.cardSandboxRoutes()...)
}
