// Package brcode writes the Pix BR Code: the EMV® QR Code Merchant-Presented Mode payload that a
// payer's bank app reads from a QR code or a pasted "Pix copia e cola" text. Pelotão needs only
// the dynamic form, which points at a charge's location on the PSP; most PSPs send it ready
// (pixCopiaECola) and this builds it for those that send the location alone.
//
// Each field is an ID of two digits, a length of two digits and the value; the last field (63)
// is a CRC16-CCITT-FALSE of everything before it, its own "6304" included. See
// docs/architecture.md ("Pix") for the fields and the Banco Central's example the test checks.
package brcode

import (
	"errors"
	"fmt"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// field is one EMV data object; a template's value is its sub-fields, written in order.
type field struct {
	id    string
	value string
	sub   []field
}

// Dynamic is the BR Code of the charge whose payload is at location (host and path, no scheme,
// as the API Pix answers it). name and city are the receiver's, folded to ASCII and cut to the
// 25 and 15 characters the standard allows.
func Dynamic(location, name, city string) (string, error) {
	location = strings.TrimPrefix(location, "https://")
	if location == "" || len(location) > 77 || !printableASCII(location) {
		return "", fmt.Errorf("brcode: a location must be 1 to 77 printable ASCII characters, got %q", location)
	}
	name, city = fold(name, 25), fold(city, 15)
	if name == "" || city == "" {
		return "", errors.New("brcode: the receiver's name and city must not be empty")
	}
	return encode([]field{
		{id: "00", value: "01"}, // payload format indicator
		{id: "01", value: "12"}, // point of initiation: 12, the code is for one payment
		{id: "26", sub: []field{ // merchant account information: Pix
			{id: "00", value: "br.gov.bcb.pix"},
			{id: "25", value: location},
		}},
		{id: "52", value: "0000"}, // merchant category code: none
		{id: "53", value: "986"},  // currency: BRL
		{id: "58", value: "BR"},
		{id: "59", value: name},
		{id: "60", value: city},
		{id: "62", sub: []field{{id: "05", value: "***"}}}, // reference label: the txid is in the payload
	}), nil
}

// encode writes the fields and appends field 63, the CRC.
func encode(fields []field) string {
	var b strings.Builder
	for _, f := range fields {
		write(&b, f)
	}
	b.WriteString("6304")
	return b.String() + fmt.Sprintf("%04X", CRC16(b.String()))
}

func write(b *strings.Builder, f field) {
	value := f.value
	if f.sub != nil {
		var inner strings.Builder
		for _, s := range f.sub {
			write(&inner, s)
		}
		value = inner.String()
	}
	fmt.Fprintf(b, "%s%02d%s", f.id, len(value), value)
}

// CRC16 is CRC-16/CCITT-FALSE (polynomial 0x1021, initial value 0xFFFF, no reflection, no final
// XOR), the checksum of a BR Code's field 63.
func CRC16(s string) uint16 {
	crc := uint16(0xFFFF)
	for i := 0; i < len(s); i++ {
		crc ^= uint16(s[i]) << 8
		for range 8 {
			if crc&0x8000 != 0 {
				crc = crc<<1 ^ 0x1021
			} else {
				crc <<= 1
			}
		}
	}
	return crc
}

// fold writes s in the ASCII the standard requires for names: accents dropped ("São Paulo" →
// "Sao Paulo"), other characters outside printable ASCII left out, spaces collapsed, at most n.
func fold(s string, n int) string {
	var b strings.Builder
	space := false
	for _, r := range norm.NFD.String(s) {
		switch {
		case unicode.Is(unicode.Mn, r):
		case unicode.IsSpace(r):
			space = b.Len() > 0
		case r >= 0x20 && r <= 0x7e:
			if space {
				b.WriteByte(' ')
				space = false
			}
			b.WriteRune(r)
		}
	}
	out := b.String()
	if len(out) > n {
		out = strings.TrimRight(out[:n], " ")
	}
	return out
}

func printableASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] > 0x7e {
			return false
		}
	}
	return true
}
