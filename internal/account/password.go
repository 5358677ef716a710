package account

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"runtime"
	"strings"

	"golang.org/x/crypto/argon2"
)

// Params are the argon2id cost parameters. They are written into every hash (PHC string format),
// so they can be raised later: a hash made with weaker parameters is replaced at the next sign-in.
type Params struct {
	Memory  uint32 // KiB
	Time    uint32 // passes
	Threads uint8
}

// DefaultParams are OWASP's minimum for argon2id (m=19 MiB, t=2, p=1).
var DefaultParams = Params{Memory: 19 * 1024, Time: 2, Threads: 1}

const (
	saltLen = 16
	keyLen  = 32
)

var b64 = base64.RawStdEncoding

// hashSlots bounds how many argon2 computations run at once. Each holds Params.Memory (19 MiB)
// while it runs: unbounded, a burst of concurrent sign-ins — an attacker's as well — allocates
// that much per request and can exhaust the server's memory. Bounded, extra sign-ins wait their
// turn, and the CPU they would have split goes to finishing the ones running.
var hashSlots = make(chan struct{}, max(2, runtime.GOMAXPROCS(0)))

func idKey(password string, salt []byte, p Params, keyLen uint32) []byte {
	hashSlots <- struct{}{}
	defer func() { <-hashSlots }()
	return argon2.IDKey([]byte(password), salt, p.Time, p.Memory, p.Threads, keyLen)
}

// hashPassword returns the PHC-encoded argon2id hash of password with a fresh random salt:
// $argon2id$v=19$m=19456,t=2,p=1$<salt>$<key>
func hashPassword(p Params, password string) (string, error) {
	salt := make([]byte, saltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", err
	}
	key := idKey(password, salt, p, keyLen)
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s",
		argon2.Version, p.Memory, p.Time, p.Threads, b64.EncodeToString(salt), b64.EncodeToString(key)), nil
}

var errBadHash = errors.New("account: malformed password hash")

// verifyPassword reports whether password matches the encoded hash, and the parameters the hash
// was made with. The comparison takes the same time wherever the keys differ.
func verifyPassword(encoded, password string) (bool, Params, error) {
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 || parts[0] != "" || parts[1] != "argon2id" {
		return false, Params{}, errBadHash
	}
	var version int
	if _, err := fmt.Sscanf(parts[2], "v=%d", &version); err != nil || version != argon2.Version {
		return false, Params{}, errBadHash
	}
	var p Params
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &p.Memory, &p.Time, &p.Threads); err != nil || p.Time == 0 || p.Threads == 0 {
		return false, Params{}, errBadHash
	}
	salt, err := b64.DecodeString(parts[4])
	if err != nil {
		return false, Params{}, errBadHash
	}
	want, err := b64.DecodeString(parts[5])
	if err != nil || len(want) == 0 {
		return false, Params{}, errBadHash
	}
	got := idKey(password, salt, p, uint32(len(want)))
	return subtle.ConstantTimeCompare(got, want) == 1, p, nil
}

// weakerThan reports whether a hash made with p should be redone with q.
func (p Params) weakerThan(q Params) bool {
	return p.Memory < q.Memory || p.Time < q.Time || p.Threads < q.Threads
}
