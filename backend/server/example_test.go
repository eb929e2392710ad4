package server_test

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os"

	"topomap/backend/jobs"
	"topomap/backend/server"
	"topomap/backend/store"
)

func ExampleClient() {
	runner, _ := jobs.New(store.NewMemory(), jobs.Options{})
	defer runner.Close(context.Background())
	ts := httptest.NewServer(server.New(server.Options{Jobs: runner}))
	defer ts.Close()

	c := &server.Client{Base: ts.URL}
	ctx := context.Background()
	j, err := c.Submit(ctx, jobs.Request{Guest: "hypercube:3", Host: "line:8", Algo: "standard"})
	if err != nil {
		fmt.Println(err)
		return
	}
	j, _ = c.Follow(ctx, j.ID, nil) // Server-Sent Events until the end
	fmt.Println(j.Status, j.Metrics.HopsPerByte)
	c.Placement(ctx, j.ID, "scotch", os.Stdout)

	_, err = c.Submit(ctx, jobs.Request{Guest: "hypercube:3", Host: "line:9", Algo: "standard"})
	fmt.Println(err)
	// Output:
	// done 2.3333333333333335
	// 8
	// 0	0
	// 1	1
	// 2	2
	// 3	3
	// 4	4
	// 5	5
	// 6	6
	// 7	7
	// the server answered 400: sizes differ: guest hypercube:3 has 8 vertices, host line:9 has 9 nodes (field host)
}
