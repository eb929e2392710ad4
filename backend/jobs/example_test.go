package jobs_test

import (
	"context"
	"fmt"

	"topomap/backend/jobs"
	"topomap/backend/store"
)

func ExampleRunner() {
	r, err := jobs.New(store.NewMemory(), jobs.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer r.Close(context.Background())
	in, _ := jobs.Request{Guest: "hypercube:4", Host: "ring:16", Algo: "xor"}.Instance()
	j, started, _ := r.Submit(in)
	fmt.Println(j.Status, started)
	j, updates, unsubscribe, _ := r.Subscribe(j.ID)
	defer unsubscribe()
	for next := range updates { // closed after the final state
		j = next
	}
	// Xor of a 4-cube on a 16-ring: D_i = 1, 2, 4, 4 (package embedding's
	// doc: D_i = 2^i for i ≤ d-2, D_{d-1} = 2^{d-2}), so 2.75 hops per byte.
	fmt.Printf("%s: %.4f hops/byte\n", j.Status, j.Metrics.HopsPerByte)
	_, started, _ = r.Submit(in)
	fmt.Println("identical request started a new run:", started)
	// Output:
	// queued true
	// done: 2.7500 hops/byte
	// identical request started a new run: false
}
