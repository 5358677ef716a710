package pix

import "crypto/rand"

// NewTxID makes a charge's txid: crypto/rand's 26 base32 characters (A–Z, 2–7), 130 random bits,
// so it can be neither guessed nor repeated, and within the 26–35 letters and digits the API
// admits for a txid chosen by the receiver.
func NewTxID() string { return rand.Text() }

// ValidTxID reports whether s is a txid the receiver may choose: 26 to 35 letters and digits.
func ValidTxID(s string) bool {
	return len(s) >= 26 && len(s) <= 35 && alphanumeric(s, 35)
}

// ValidRefundID reports whether s is a refund id the receiver may choose: 1 to 35 letters and
// digits.
func ValidRefundID(s string) bool { return alphanumeric(s, 35) }

// alphanumeric reports whether s is 1 to max characters of [a-zA-Z0-9], the API's pattern for
// txids, refund ids and end-to-end ids.
func alphanumeric(s string, max int) bool {
	if len(s) == 0 || len(s) > max {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9') {
			return false
		}
	}
	return true
}
