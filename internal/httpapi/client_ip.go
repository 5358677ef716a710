package httpapi

import (
	"net"
	"net/http"
	"strings"
)

// clientIP is the address that login throttling, the sign-up limit and the plan-interest limit count by. Behind a
// load balancer every request comes from the balancer, so with PELOTAO_TRUST_PROXY the last
// X-Forwarded-For entry (the one our own proxy appended; earlier ones are whatever the client
// claimed) is the client.
func (s *Server) clientIP(r *http.Request) string {
	if s.cfg.TrustProxy {
		if xff := r.Header.Values("X-Forwarded-For"); len(xff) > 0 {
			parts := strings.Split(xff[len(xff)-1], ",")
			if ip := strings.TrimSpace(parts[len(parts)-1]); ip != "" {
				return ip
			}
		}
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}
