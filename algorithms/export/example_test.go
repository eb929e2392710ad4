package export_test

import (
	"fmt"
	"os"

	"topomap/algorithms/export"
	"topomap/algorithms/guest"
	"topomap/algorithms/mapping"
	"topomap/algorithms/metric"
	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
	"topomap/algorithms/topology"
)

// standard returns the standard embedding of the 2-cube on the 4-ring, as
// solve.Map would (built by hand here).
func standard() *solve.Result {
	g, _ := guest.NewHypercube(2)
	h, _ := topology.NewRing(4)
	gs, _ := spec.ParseGuest("hypercube:2")
	hs, _ := spec.ParseHost("ring:4")
	m := &mapping.Mapping{Guest: g, Host: h, Place: []int{0, 1, 2, 3}}
	return &solve.Result{
		Instance:  spec.Instance{Guest: gs, Host: hs, Algo: "standard"},
		Algorithm: solve.Algorithm{Name: "standard", Notes: solve.Notes{Title: "Standard embedding", Confidence: "V"}},
		Mapping:   m,
		Metrics:   metric.Evaluate(m),
	}
}

func ExampleWrite() {
	for _, format := range []string{"csv", "pdf"} {
		if err := export.Write(os.Stdout, format, standard()); err != nil {
			fmt.Println(err)
		}
	}
	// Output:
	// vertex,node,x1,g1,g2
	// 0,0,0,0,0
	// 1,1,1,1,0
	// 2,2,2,0,1
	// 3,3,3,1,1
	// unknown format "pdf" (want one of json, csv, text, rankorder, scotch, mapfile, rankfile, slurm)
}

func ExampleJSON() {
	export.JSON(os.Stdout, standard())
	// Output:
	// {"guest":"hypercube:2","host":"ring:4","algo":"standard","seed":0,"placement":[[0],[1],[2],[3]],"metrics":{"hopBytes":12,"hopsPerByte":1.5,"maxDilation":2,"avgDilation":1.5,"arcs":8,"hopHistogram":[0,4,4],"dilationBound":1,"dimDistances":[1,2],"dimMeans":[1,2],"constantDistance":true,"avgDistance":1.5,"intraNodeVolume":0,"interNodeVolume":8,"lowerBound":1,"bounds":[{"name":"neighbourhood","value":1,"scope":"all mappings","source":"ours: each vertex's neighbours occupy distinct nodes, so their hops are at least the host's smallest distances"},{"name":"xor-ring","value":1,"scope":"constant-distance embeddings","source":"González \u0026 Valero-García 1993, theorem (rings): D_a \u003e= (3·2^(d-2)-1)/d; the Xor embedding attains it"}],"routing":"dimension-order","maxLinkLoad":3,"avgLinkLoad":1.5,"squaredLinkLoads":28,"linksUsed":6,"links":8,"linkLoadBound":1},"notes":{"title":"Standard embedding","source":"","confidence":"V","complexity":"","measured":"","summary":""}}
}

func ExampleCSV() {
	export.CSV(os.Stdout, standard().Mapping)
	// Output:
	// vertex,node,x1,g1,g2
	// 0,0,0,0,0
	// 1,1,1,1,0
	// 2,2,2,0,1
	// 3,3,3,1,1
}

func ExampleRankOrder() {
	export.RankOrder(os.Stdout, standard().Mapping)
	// Output:
	// # MPICH_RANK_ORDER for hypercube:2 on ring:4: ranks in host node order
	// 0,1,2,3
}

func ExampleScotch() {
	export.Scotch(os.Stdout, standard().Mapping)
	// Output:
	// 4
	// 0	0
	// 1	1
	// 2	2
	// 3	3
}

func ExampleText() {
	export.Text(os.Stdout, standard())
	// Output:
	// hypercube:2 on ring:4 by standard (Standard embedding, confidence V)
	// hop-bytes         12
	// hops per byte     1.5000
	// dilation          max 2, average 1.5000, lower bound 1
	// distances D_i     1 2 (constant, D_a = 1.5000)
	// lower bound       1.0000
	//   neighbourhood   1.0000  (all mappings)
	//   xor-ring        1.0000  (constant-distance embeddings)
	// link loads        max 3, average 1.5, Σ squares 28, 6 of 8 links used, lower bound 1 (dimension-order routing)
	// placement (host nodes left to right):
	//  0 1 2 3
}

// Dimension 0's edges all cross one link; dimension 1's cross 1 or 3;
// dimension 3's one in 63 crosses a link, the others stay on a node.
func ExampleDimDistances() {
	one, mean1, mean2, mean3 := 1, 1.0, 2.5, 1.0/63
	fmt.Println(export.DimDistances(metric.Metrics{DimDistances: []*int{&one, nil, nil, nil}, DimMeans: []*float64{&mean1, &mean2, nil, &mean3}}))
	// Output: 1 ~2.50 — ~0.016
}

func ExampleFileName() {
	fmt.Println(export.FileName("", "grid:9x8", "mesh:6x12", "affn", "csv"))
	fmt.Println(export.FileName("", "hypercube:4", "mesh:8x2:wrap=10", "xor", "scotch"))
	fmt.Println(export.FileName("compare", "grid:9x8", "mesh:6x12", "", "svg"))
	// Output:
	// grid-9x8_mesh-6x12_affn.csv
	// hypercube-4_mesh-8x2-wrap-10_xor.map
	// compare_grid-9x8_mesh-6x12.svg
}
