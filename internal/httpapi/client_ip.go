package httpapi

import (
	"net/http"

	"pelotao/internal/api"
)

// clientIP is the address that login throttling, the sign-up limit and the plan-interest limit
// count by (api.ClientIP, which the sales API's order limits use too).
func (s *Server) clientIP(r *http.Request) string { return api.ClientIP(r, s.cfg.TrustProxy) }
