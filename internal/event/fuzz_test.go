package event

import (
	"encoding/json"
	"testing"
)

// FuzzDecodeEvent feeds arbitrary bytes to decode → normalise → validate. None of it may panic,
// and a document that passes validation must survive encode → decode unchanged and stay valid.
// Seeds live in testdata/fuzz/FuzzDecodeEvent.
func FuzzDecodeEvent(f *testing.F) {
	valid, _ := json.Marshal(validEvent())
	f.Add(valid)
	f.Fuzz(func(t *testing.T, data []byte) {
		e, err := Decode(data)
		if err != nil {
			return
		}
		e.Normalize()
		if e.Validate() != nil {
			return
		}
		_ = e.Summary(nil)
		_ = e.SearchText()
		first, err := json.Marshal(e)
		if err != nil {
			t.Fatalf("encoding a valid event: %v", err)
		}
		again, err := Decode(first)
		if err != nil {
			t.Fatalf("a valid event does not decode after encoding: %v\n%s", err, first)
		}
		again.Normalize()
		if err := again.Validate(); err != nil {
			t.Fatalf("a valid event is invalid after a round trip: %v\n%s", err, first)
		}
		if second, _ := json.Marshal(again); string(second) != string(first) {
			t.Fatalf("round trip changed the event:\n%s\n%s", first, second)
		}
	})
}
