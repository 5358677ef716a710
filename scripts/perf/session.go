package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"strings"

	"pelotao/internal/account"
)

// client calls the API as the site's pages do; cookie, once signed in, is the session as a Cookie
// header, which the page and load measurements send too.
type client struct {
	base, cookie string
}

// signIn signs the demo organizer in.
func signIn(base string) (client, error) {
	body, _ := json.Marshal(map[string]string{"email": account.DemoOrganizerEmail, "password": account.DemoOrganizerPassword})
	o := client{base: base}
	res, err := o.send(http.MethodPost, "/api/auth/login", "application/json", bytes.NewReader(body), nil)
	if err != nil {
		return o, err
	}
	var pairs []string
	for _, c := range res.Cookies() {
		pairs = append(pairs, c.Name+"="+c.Value)
	}
	if len(pairs) == 0 {
		return o, fmt.Errorf("POST /api/auth/login: no session cookie")
	}
	o.cookie = strings.Join(pairs, "; ")
	return o, nil
}

// getJSON decodes the answer to GET path into v.
func (o client) getJSON(path string, v any) error {
	_, err := o.send(http.MethodGet, path, "", nil, v)
	return err
}

// putJSON sends in as JSON to path.
func (o client) putJSON(path string, in any) error {
	body, err := json.Marshal(in)
	if err != nil {
		return err
	}
	_, err = o.send(http.MethodPut, path, "application/json", bytes.NewReader(body), nil)
	return err
}

// upload posts file as the multipart field "file", beside fields, as the organizer's browser
// does, and decodes the answer into v.
func (o client) upload(path, filename string, file []byte, fields map[string]string, v any) error {
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	for k, val := range fields {
		if err := mw.WriteField(k, val); err != nil {
			return err
		}
	}
	fw, err := mw.CreateFormFile("file", filename)
	if err != nil {
		return err
	}
	if _, err := fw.Write(file); err != nil {
		return err
	}
	if err := mw.Close(); err != nil {
		return err
	}
	_, err = o.send(http.MethodPost, path, mw.FormDataContentType(), &body, v)
	return err
}

// send makes a request with the session and, as a page of the site would, its own Origin (the
// server refuses state-changing requests from other sites); any answer but 2xx is an error.
func (o client) send(method, path, contentType string, body io.Reader, v any) (*http.Response, error) {
	req, err := http.NewRequest(method, o.base+path, body)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Origin", o.base)
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	if o.cookie != "" {
		req.Header.Set("Cookie", o.cookie)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	answer, err := io.ReadAll(res.Body)
	if err != nil {
		return nil, err
	}
	if res.StatusCode/100 != 2 {
		return nil, fmt.Errorf("%s %s: %s %.400s", method, path, res.Status, answer)
	}
	if v != nil {
		if err := json.Unmarshal(answer, v); err != nil {
			return nil, fmt.Errorf("%s %s: %w", method, path, err)
		}
	}
	return res, nil
}
