package sim_test

import (
	"fmt"

	"topomap/algorithms/embedding"
	"topomap/algorithms/guest"
	"topomap/algorithms/mapping"
	"topomap/algorithms/sim"
	"topomap/algorithms/topology"
)

// The CC 3-cube on an 8-node line (González & Valero-García, Fig. 4): the
// standard embedding communicates for 7·t_c, byweight for 9·t_c although no
// process sends over more than 8 links, because processes wait for their
// partners.
func ExampleRun() {
	line, _ := topology.NewLine(8)
	cube, _ := guest.NewHypercube(3)
	for _, e := range []struct {
		name string
		f    func(int, topology.Grid) ([]int, error)
	}{{"standard", embedding.Standard}, {"byweight", embedding.ByWeight}} {
		place, _ := e.f(3, line)
		s, err := sim.Run(&mapping.Mapping{Guest: cube, Host: line, Place: place}, 1, 1)
		if err != nil {
			fmt.Println(err)
			return
		}
		sum := s.Summary()
		fmt.Printf("%s: T = %v, C = %v, waiting %v\n", e.name, sum.Total, sum.Communication, sum.WaitTotal)
	}
	// Output:
	// standard: T = 10, C = 7, waiting 0
	// byweight: T = 12, C = 9, waiting 8
}

// The timeline of process 0 of the byweight 3-cube on a line: it waits
// before stages 1 and 2.
func ExampleSchedule_Phases() {
	line, _ := topology.NewLine(8)
	cube, _ := guest.NewHypercube(3)
	place, _ := embedding.ByWeight(3, line)
	s, _ := sim.Run(&mapping.Mapping{Guest: cube, Host: line, Place: place}, 1, 1)
	for _, p := range s.Phases(0, nil) {
		fmt.Printf("stage %d %-11s %2v..%v\n", p.Stage, p.Kind, p.Start, p.End)
	}
	// Output:
	// stage 0 compute      0..1
	// stage 0 communicate  1..4
	// stage 1 compute      4..5
	// stage 1 wait         5..6
	// stage 1 communicate  6..8
	// stage 2 compute      8..9
	// stage 2 wait         9..10
	// stage 2 communicate 10..11
}
