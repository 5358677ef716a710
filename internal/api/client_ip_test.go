package api

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

// TestClientIP pins the address the per-client limits count by: without a trusted proxy the
// connection's, whatever X-Forwarded-For claims; behind one, the last entry of the last header
// (what our proxy appended), never an earlier one a client wrote itself.
func TestClientIP(t *testing.T) {
	cases := []struct {
		name       string
		remote     string
		forwarded  []string // X-Forwarded-For headers, in order
		trustProxy bool
		want       string
	}{
		{"a direct client", "198.51.100.7:5123", nil, false, "198.51.100.7"},
		{"a claimed address not trusted", "198.51.100.7:5123", []string{"1.2.3.4"}, false, "198.51.100.7"},
		{"behind the proxy", "10.0.0.5:41234", []string{"203.0.113.9"}, true, "203.0.113.9"},
		{"the client's own claim before the proxy's", "10.0.0.5:41234", []string{"1.2.3.4, 203.0.113.9"}, true, "203.0.113.9"},
		{"a claimed header before the proxy's", "10.0.0.5:41234", []string{"1.2.3.4", "203.0.113.9"}, true, "203.0.113.9"},
		{"spaces around the entry", "10.0.0.5:41234", []string{"1.2.3.4 ,  203.0.113.9 "}, true, "203.0.113.9"},
		{"an empty last entry: the connection's", "10.0.0.5:41234", []string{"203.0.113.9, "}, true, "10.0.0.5"},
		{"trusted but no header: the connection's", "10.0.0.5:41234", nil, true, "10.0.0.5"},
		{"IPv6", "[2001:db8::1]:443", nil, false, "2001:db8::1"},
		{"an address without a port, as is", "198.51.100.7", nil, false, "198.51.100.7"},
	}
	for _, c := range cases {
		r := httptest.NewRequest(http.MethodPost, "/api/auth/login", nil)
		r.RemoteAddr = c.remote
		for _, f := range c.forwarded {
			r.Header.Add("X-Forwarded-For", f)
		}
		if got := ClientIP(r, c.trustProxy); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}
