package api

import (
	"net"
	"net/http"
	"strings"
)

// ClientIP is the address that per-client limits count by: login throttling, sign-ups, plan
// interests, registration orders and quotes. Behind a load balancer every request comes from
// the balancer, so with trustProxy (PELOTAO_TRUST_PROXY) the last X-Forwarded-For entry (the one
// our own proxy appended; earlier ones are whatever the client claimed) is the client.
func ClientIP(r *http.Request, trustProxy bool) string {
	if trustProxy {
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
