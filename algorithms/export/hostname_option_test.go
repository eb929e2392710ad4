package export_test

import (
	"bytes"
	"strings"
	"testing"

	"topomap/algorithms/export"
	"topomap/algorithms/spec"
)

// TestHostnameLikeOption: "-x" was taken as a host name and written as
// "rank 0=-x slot=0", which a launcher reads as an option. A name that
// starts with '-' is now refused, in a file (by its line), in a list (by
// its position) and from a hostlist expression.
func TestHostnameLikeOption(t *testing.T) {
	for _, tt := range []struct {
		name string
		err  func() error
		want string
	}{
		{"file", func() error { _, err := export.ParseHostnames(strings.NewReader("a\n-x\n"), 2); return err }, `line 2: "-x" starts with '-'`},
		{"list", func() error { return export.CheckHostnames([]string{"a", "-x"}, 2) }, `name 2: "-x" starts with '-'`},
		{"expression", func() error { _, err := export.ExpandHostnames([]string{"-n[1-2]"}, 2); return err }, `"-n1" starts with '-'`},
		{"rankfile", func() error {
			r := result(t, "grid:2x1", "mesh:2x1", "hand", []int{0, 1})
			return export.WriteWith(&bytes.Buffer{}, "rankfile", r, export.Options{Hostnames: export.Hostnames{"-x", "b"}})
		}, `name 1: "-x" starts with '-'`},
	} {
		err := tt.err()
		if err == nil || !strings.Contains(err.Error(), tt.want) || spec.FieldOf(err) != "hostnames" {
			t.Errorf("%s: %v, want an error on hostnames saying %q", tt.name, err, tt.want)
		}
	}
}
