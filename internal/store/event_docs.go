package store

import (
	"bytes"
	"reflect"
	"sync"

	"pelotao/internal/event"
)

// Every order, quote and offer of an event being sold reads the event, and decoding its stored
// document took a seventh of an order's time at a registration opening. So the events decoded
// last are kept with the document they came from: a document read again byte for byte is the
// same event, handed out as a copy that shares nothing with what is kept.

// decodedMax bounds the events kept; when full, they are all forgotten.
const decodedMax = 64

type decodedEvent struct {
	doc []byte
	e   event.Event
}

var decoded = struct {
	sync.Mutex
	byID map[string]decodedEvent
}{byID: map[string]decodedEvent{}}

// keptEvent is a copy of the event kept for id when it was decoded from doc.
func keptEvent(id string, doc []byte) (event.Event, bool) {
	decoded.Lock()
	d, ok := decoded.byID[id]
	decoded.Unlock()
	if !ok || !bytes.Equal(d.doc, doc) {
		return event.Event{}, false
	}
	return deepCopy(d.e), true
}

// keepEvent keeps a copy of e, decoded from doc.
func keepEvent(id string, doc []byte, e event.Event) {
	d := decodedEvent{doc: bytes.Clone(doc), e: deepCopy(e)}
	decoded.Lock()
	defer decoded.Unlock()
	if len(decoded.byID) >= decodedMax {
		clear(decoded.byID)
	}
	decoded.byID[id] = d
}

// deepCopy is v with every slice, map and pointer it holds copied as well. Unexported fields are
// copied as they are (time.Time's, which nothing changes in place).
func deepCopy[T any](v T) T {
	var c T
	copyValue(reflect.ValueOf(&c).Elem(), reflect.ValueOf(v))
	return c
}

func copyValue(dst, src reflect.Value) {
	switch src.Kind() {
	case reflect.Struct:
		dst.Set(src)
		for i := range src.NumField() {
			if dst.Field(i).CanSet() {
				copyValue(dst.Field(i), src.Field(i))
			}
		}
	case reflect.Slice:
		if src.IsNil() {
			dst.Set(src)
			return
		}
		s := reflect.MakeSlice(src.Type(), src.Len(), src.Len())
		for i := range src.Len() {
			copyValue(s.Index(i), src.Index(i))
		}
		dst.Set(s)
	case reflect.Array:
		for i := range src.Len() {
			copyValue(dst.Index(i), src.Index(i))
		}
	case reflect.Map:
		if src.IsNil() {
			dst.Set(src)
			return
		}
		m := reflect.MakeMapWithSize(src.Type(), src.Len())
		for it := src.MapRange(); it.Next(); {
			v := reflect.New(src.Type().Elem()).Elem()
			copyValue(v, it.Value())
			m.SetMapIndex(it.Key(), v)
		}
		dst.Set(m)
	case reflect.Pointer:
		if src.IsNil() {
			dst.Set(src)
			return
		}
		p := reflect.New(src.Type().Elem())
		copyValue(p.Elem(), src.Elem())
		dst.Set(p)
	default: // numbers, strings, booleans; interfaces and functions, which events do not hold
		dst.Set(src)
	}
}
