package store

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
)

// SenderHash is the keyed hash kept instead of a sender's IP address. A plain hash of an IPv4
// address is reversed by trying all four billion of them; with a secret key it is not.
func SenderHash(key []byte, ip string) string {
	m := hmac.New(sha256.New, key)
	m.Write([]byte(ip))
	return hex.EncodeToString(m.Sum(nil))
}
