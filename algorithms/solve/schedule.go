package solve

import (
	"context"
	"fmt"

	"topomap/algorithms/sim"
	"topomap/algorithms/spec"
)

// Schedule is the schedule use case, as the CLI, the server and the pages
// run it: it maps in (whose guest must be a d-cube) and runs the
// compute-and-communicate model on the mapping with in's Ta and Tc (taken
// as given: 0 is a valid time). Time: Map's plus O(d·2^d).
func Schedule(ctx context.Context, in spec.Instance) (*Result, *sim.Schedule, error) {
	if !sim.Models(in.Guest.Kind) {
		return nil, nil, &spec.FieldError{Field: "guest", Err: fmt.Errorf("the execution model is that of d-cube algorithms: schedule needs a hypercube guest (hypercube:D), not %s", in.Guest)}
	}
	r, err := Map(ctx, in, nil)
	if err != nil {
		return nil, nil, err
	}
	s, err := ScheduleOf(r)
	if err != nil {
		return nil, nil, err
	}
	return r, s, nil
}

// ScheduleOf runs the execution model on a result already mapped, with
// its instance's Ta and Tc, and names the schedule after its algorithm.
func ScheduleOf(r *Result) (*sim.Schedule, error) {
	s, err := sim.Run(r.Mapping, r.Instance.Ta, r.Instance.Tc)
	if err != nil {
		return nil, err
	}
	s.Algo = r.Instance.Algo
	return s, nil
}
