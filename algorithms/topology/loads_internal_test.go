package topology

import (
	"math/rand/v2"
	"testing"
)

// TestDivisor compares the multiply-and-shift division with / and % on
// every size's extreme numerators and random ones below 2^26.
func TestDivisor(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	ks := []int{1, 2, 3, 5, 7, 32, 63, 64, 65, 1000, 4095, 1 << 13, 1<<20 + 1, 1<<26 - 1, 1 << 26}
	for range 200 {
		ks = append(ks, 1+r.IntN(MaxNodes))
	}
	for _, k := range ks {
		d := newDivisor(k)
		as := []int{0, 1, k - 1, k, min(k+1, MaxNodes-1), MaxNodes - 1, MaxNodes - 1 - MaxNodes%k}
		for range 1000 {
			as = append(as, r.IntN(MaxNodes))
		}
		for _, a := range as {
			if q, rem := d.divmod(a); q != a/k || rem != a%k {
				t.Fatalf("%d/%d: %d rem %d, want %d rem %d", a, k, q, rem, a/k, a%k)
			}
		}
	}
}
