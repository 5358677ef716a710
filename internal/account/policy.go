package account

import (
	"bufio"
	_ "embed"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Policy is the password policy. Its values come from configuration and are served to the web
// app (GET /api/auth/password-policy), which shows them instead of hard-coding them.
type Policy struct {
	MinLength    int  `json:"minLength"`    // characters (Unicode code points)
	MaxBytes     int  `json:"maxBytes"`     // bytes of UTF-8: argon2 takes bytes, and this bounds its work
	RejectCommon bool `json:"rejectCommon"` // refuse the passwords in common_passwords.txt
}

// DefaultMaxBytes is the longest password accepted.
const DefaultMaxBytes = 128

// Rule names a requirement of the policy that a password fails.
type Rule string

const (
	RuleMinLength Rule = "minLength"
	RuleMaxBytes  Rule = "maxBytes"
	RuleCommon    Rule = "rejectCommon"
)

// PolicyError lists the requirements a password fails.
type PolicyError struct {
	Unmet  []Rule
	policy Policy
}

func (e *PolicyError) Error() string {
	var parts []string
	for _, r := range e.Unmet {
		parts = append(parts, e.policy.describe(r))
	}
	return "A senha não atende aos requisitos: " + strings.Join(parts, "; ") + "."
}

// describe is the pt-BR text of a rule, as the web app also words it.
func (p Policy) describe(r Rule) string {
	switch r {
	case RuleMinLength:
		if p.MinLength == 1 {
			return "ter pelo menos 1 caractere"
		}
		return "ter pelo menos " + strconv.Itoa(p.MinLength) + " caracteres"
	case RuleMaxBytes:
		return "ter no máximo " + strconv.Itoa(p.MaxBytes) + " caracteres"
	default:
		return "não ser uma senha comum"
	}
}

// Check returns nil when password meets the policy, or a *PolicyError.
func (p Policy) Check(password string) error {
	var unmet []Rule
	if utf8.RuneCountInString(password) < p.MinLength {
		unmet = append(unmet, RuleMinLength)
	}
	if len(password) > p.MaxBytes {
		unmet = append(unmet, RuleMaxBytes)
	}
	if p.RejectCommon && isCommonPassword(password) {
		unmet = append(unmet, RuleCommon)
	}
	if unmet != nil {
		return &PolicyError{Unmet: unmet, policy: p}
	}
	return nil
}

//go:embed common_passwords.txt
var commonPasswordsFile string

var commonPasswords = func() map[string]struct{} {
	m := make(map[string]struct{}, 2048)
	sc := bufio.NewScanner(strings.NewReader(commonPasswordsFile))
	for sc.Scan() {
		if line := strings.TrimSpace(sc.Text()); line != "" && !strings.HasPrefix(line, "#") {
			m[line] = struct{}{}
		}
	}
	return m
}()

func isCommonPassword(password string) bool {
	_, ok := commonPasswords[strings.ToLower(strings.TrimSpace(password))]
	return ok
}
