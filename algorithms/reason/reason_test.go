package reason_test

import (
	"errors"
	"fmt"
	"testing"

	"topomap/algorithms/reason"
)

var (
	errShape = errors.New("gridmap: unsupported shapes")
	errSolve = errors.New("solve")
)

func TestReason(t *testing.T) {
	inner := reason.New(errShape, "%d objects on %d processors", 9, 8)
	outer := reason.New(errSolve, "affn does not apply: %v", inner)
	if inner.Error() != "gridmap: unsupported shapes: 9 objects on 8 processors" {
		t.Errorf("inner %q", inner)
	}
	if outer.Error() != "solve: affn does not apply: 9 objects on 8 processors" || reason.Of(outer) != "affn does not apply: 9 objects on 8 processors" {
		t.Errorf("outer %q, reason %q", outer, reason.Of(outer))
	}
	if !errors.Is(outer, errShape) || !errors.Is(outer, errSolve) {
		t.Error("the chain lost a kind")
	}
	wrapped := fmt.Errorf("context: %w", inner)
	if p := reason.Plain(wrapped); p.Error() != "9 objects on 8 processors" || !errors.Is(p, errShape) {
		t.Errorf("plain %q", p)
	}
	if reason.Of(errors.New("plain")) != "plain" || reason.Of(nil) != "" || reason.Plain(nil) != nil {
		t.Error("errors without a reason")
	}
}

func ExampleOf() {
	errNotApplicable := errors.New("embedding: not applicable")
	err := reason.New(errNotApplicable, "xor needs a ring or torus, not %s", "line:8")
	fmt.Println(err)
	fmt.Println(reason.Of(fmt.Errorf("mapping: %w", err)))
	// Output:
	// embedding: not applicable: xor needs a ring or torus, not line:8
	// xor needs a ring or torus, not line:8
}
