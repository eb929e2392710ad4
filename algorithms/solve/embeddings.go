package solve

import (
	"context"
	"fmt"

	"topomap/algorithms/embedding"
	"topomap/algorithms/guest"
	"topomap/algorithms/metric"
	"topomap/algorithms/reason"
	"topomap/algorithms/spec"
	"topomap/algorithms/topology"
)

// The hypercube embeddings of González & Valero-García (ASAP 1993).
func init() {
	register(
		cubeEmbedding("standard", embedding.Standard, embedding.CheckStandard, "line, ring, mesh or torus of 2^d nodes",
			Notes{
				Title:      "Standard embedding",
				Confidence: "R",
			}),
		cubeEmbedding("byweight", embedding.ByWeight, embedding.CheckByWeight, "line or ring of 2^d nodes",
			Notes{
				Title:      "Byweight embedding (Harper; Lai & Sprague)",
				Confidence: "V",
			}),
		cubeEmbedding("gray", embedding.Gray, embedding.CheckGray, "line, ring, mesh or torus of 2^d nodes",
			Notes{
				Title:      "Reflected Gray code per coordinate (stand-in for Ma & Tao)",
				Confidence: "P",
			}),
		cubeEmbedding("xor", embedding.Xor, embedding.CheckXor, "ring of 2^d nodes or torus with sides 2^(d_j)",
			Notes{
				Title:      "Xor embedding",
				Confidence: "R",
			}),
	)
}

// cubeEmbedding wraps an embedding of package embedding as an Algorithm
// for hypercube guests.
func cubeEmbedding(name string, embed func(int, topology.Grid) ([]int, error),
	check func(int, topology.Grid) error, hosts string, notes Notes) Algorithm {
	return Algorithm{
		Name:   name,
		Notes:  notes,
		Guests: "hypercube:D",
		Hosts:  hosts,
		Applies: func(g spec.Guest, h topology.Host) error {
			d, host, err := cubeOnto(name, g, h)
			if err != nil {
				return err
			}
			return reason.Plain(check(d, host))
		},
		Map: func(ctx context.Context, p *Problem) ([]int, error) {
			if p.Guest.Kind != guest.Hypercube {
				return nil, fmt.Errorf("solve: %s needs a hypercube guest, not %s", name, p.Guest)
			}
			d, host, err := cubeOnto(name, p.Instance.Guest, p.Host)
			if err != nil {
				return nil, fmt.Errorf("solve: %w", err)
			}
			return embed(d, host)
		},
	}
}

// cubeOnto checks that the guest is a d-cube and the host a grid (the
// embeddings are defined on lines, rings, meshes, toruses and hypercubes).
func cubeOnto(name string, g spec.Guest, h topology.Host) (int, topology.Grid, error) {
	if g.Kind != guest.Hypercube {
		return 0, nil, fmt.Errorf("%s needs a hypercube guest, not %s", name, g)
	}
	host, ok := h.(topology.Grid)
	if _, c := topology.SplitCores(h); c > 1 {
		return 0, nil, fmt.Errorf("%s places one process per node; %s has %s cores per node (rb and greedy map onto its slots)", name, h, metric.Count(c))
	}
	if !ok {
		return 0, nil, fmt.Errorf("%s needs a line, ring, mesh, torus or hypercube host, not %s", name, h)
	}
	return g.Dims[0], host, nil
}
