package pix_test

import (
	"context"
	"testing"

	"pelotao/internal/pix"
	"pelotao/internal/pix/sandbox"
)

// BenchmarkCreateCharge is one charge made through the client against the sandbox over loopback
// HTTP, many at once: what each order creation adds when the sandbox stands in for the PSP.
func BenchmarkCreateCharge(b *testing.B) {
	p := newPSP(b, sandbox.Options{}, pix.Config{})
	b.SetParallelism(100) // 200 in flight on the machine's 2 cores
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if _, err := p.client.CreateCharge(context.Background(), pix.NewTxID(), charge); err != nil {
				b.Error(err)
				return
			}
		}
	})
}
