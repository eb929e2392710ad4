package jobs_test

import (
	"context"
	"fmt"
	"strings"

	"topomap/backend/jobs"
	"topomap/backend/store"
)

func ExampleDecodeRequest() {
	body := `{"guest":"GRID:9x8","host":"mesh:6x12:wrap=00","algo":"affn","seed":0}`
	_, in, err := jobs.DecodeRequest(strings.NewReader(body))
	if err != nil {
		fmt.Println(err)
		return
	}
	// The canonical request: normalised spec strings, zero fields left out.
	fmt.Printf("%+v\n", jobs.RequestOf(in))
	fmt.Println(jobs.ID(in))

	_, _, err = jobs.DecodeRequest(strings.NewReader(`{"guest":"grid:9x8","host":"mesh:6x12","algo":"affn","seeds":1}`))
	fmt.Println(err)
	// Output:
	// {Guest:grid:9x8 Host:mesh:6x12 Algo:affn Seed:0 Budget: Moves:0 Start: Ta:0 Tc:0 Objective:}
	// 8d0e01cf03db9fea0afc
	// invalid request: unknown field "seeds" (want guest, host, algo, seed, budget, moves, start, ta, tc, objective)
}

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
