package httpapi

import (
	"encoding/json"
	"path/filepath"
	"pelotao/internal/api"
	"strings"
	"testing"
)

// FuzzAuthPayloads sends arbitrary bodies to every JSON route of the accounts (sign-up, login,
// reset request, verify, confirm) through the whole server. Whatever arrives, the answer is a
// JSON success or a JSON client error with a message — never a 500, never a panic.
// Seeds live in testdata/fuzz/FuzzAuthPayloads.
func FuzzAuthPayloads(f *testing.F) {
	for _, seed := range []struct {
		route uint8
		body  string
	}{
		{0, `{"email":"ana@exemplo.com.br","password":"largada-as-seis","displayName":"Ana"}`},
		{1, `{"email":"ana@exemplo.com.br","password":"largada-as-seis"}`},
		{2, `{"email":"ana@exemplo.com.br"}`},
		{3, `{"token":"abc"}`},
		{4, `{"token":"abc","password":"nova-senha-longa"}`},
	} {
		f.Add(seed.route, []byte(seed.body))
	}
	app := newAuthApp(f, filepath.Join(f.TempDir(), "fuzz.db"), nil)
	var routes []string
	for _, rt := range app.srv.routeTable() {
		if strings.HasPrefix(rt.Pattern, "POST /api/auth/") && rt.MaxBody > 0 {
			routes = append(routes, strings.TrimPrefix(rt.Pattern, "POST "))
		}
	}
	f.Fuzz(func(t *testing.T, route uint8, body []byte) {
		path := routes[int(route)%len(routes)]
		w := app.Call("POST", path, string(body))
		switch w.Code {
		case 200, 201, 202:
			if !json.Valid(w.Body.Bytes()) {
				t.Fatalf("%s: %d with a body that is not JSON: %q", path, w.Code, w.Body)
			}
		case 400, 401, 403, 409, 413, 422, 429:
			var answer api.ErrorBody
			if err := json.Unmarshal(w.Body.Bytes(), &answer); err != nil || answer.Error.Message == "" {
				t.Fatalf("%s: %d without a message: %q", path, w.Code, w.Body)
			}
		default:
			t.Fatalf("%s: %d %s\nbody sent: %q", path, w.Code, w.Body, body)
		}
	})
}
