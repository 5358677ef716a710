package salesapi

import (
	"net/http"

	"pelotao/internal/api"
	"pelotao/internal/config"
	mpsandbox "pelotao/internal/mercadopago/sandbox"
)

// setUpCardSandbox makes the in-memory Mercado Pago under PELOTAO_MP_SANDBOX (CARD-14): its
// checkout page notifies the site in-process, whatever the base URL, as the Pix sandbox's
// webhook does. The card client and its webhook come with card orders.
func (s *Server) setUpCardSandbox(site http.Handler) {
	if !s.cfg.MPSandbox {
		return
	}
	mp := s.cfg.MercadoPago
	s.mpSandbox = mpsandbox.New(mpsandbox.Options{AccessToken: mp.AccessToken, WebhookSecret: mp.WebhookSecret,
		Origin: s.cfg.BaseURL.String(), Client: &http.Client{Transport: inProcess{site}}})
}

// cardSandboxRoutes serve the Mercado Pago sandbox — its API and its checkout page — only with
// PELOTAO_MP_SANDBOX.
func (s *Server) cardSandboxRoutes() []api.Route {
	if s.mpSandbox == nil {
		return nil
	}
	return []api.Route{{Pattern: config.MPSandboxPath, Handler: s.mpSandbox, Access: api.Public, MaxBody: 64 << 10}}
}
