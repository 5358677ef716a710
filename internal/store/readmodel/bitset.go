package readmodel

import "math/bits"

// bitSet holds a bit for each of a list of things: a result set's lines, a roster's people.
type bitSet []uint64

func newBitSet(lines int) bitSet { return make(bitSet, (lines+63)/64) }

func (s bitSet) add(i int32) { s[i/64] |= 1 << (i % 64) }

// and keeps in s the members of o.
func (s bitSet) and(o bitSet) {
	for i := range s {
		s[i] &= o[i]
	}
}

// or adds to s the members of o.
func (s bitSet) or(o bitSet) {
	for i := range s {
		s[i] |= o[i]
	}
}

func (s bitSet) count() int {
	n := 0
	for _, w := range s {
		n += bits.OnesCount64(w)
	}
	return n
}

// each calls fn with every member of s from start on, in order, until fn returns false.
func (s bitSet) each(start int, fn func(i int) bool) {
	for w := start / 64; w < len(s); w++ {
		word := s[w]
		if w == start/64 {
			word &^= 1<<(start%64) - 1
		}
		for ; word != 0; word &= word - 1 {
			if !fn(w*64 + bits.TrailingZeros64(word)) {
				return
			}
		}
	}
}
