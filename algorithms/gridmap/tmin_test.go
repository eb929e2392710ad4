package gridmap

import (
	"os"
	"slices"
	"testing"
	"time"
)

func TestMinTimes(t *testing.T) {
	if os.Getenv("TMIN") == "" {
		t.Skip()
	}
	ms := append(all2D, mapper{"STEP", Step})
	for _, m := range ms {
		for _, c := range bench2D[1:] {
			if _, err := m.f(c.obj, c.h); err != nil {
				continue
			}
			var ds []time.Duration
			for range 40 {
				st := time.Now()
				m.f(c.obj, c.h)
				ds = append(ds, time.Since(st))
			}
			slices.Sort(ds)
			t.Logf("%-8s %-28v min %8.3f ms  median %8.3f ms", m.name, c, ds[0].Seconds()*1e3, ds[len(ds)/2].Seconds()*1e3)
		}
	}
}

func TestMinTimes3(t *testing.T) {
	if os.Getenv("TMIN") == "" {
		t.Skip()
	}
	run := func(ms []mapper, cs []benchCase) {
		for _, m := range ms {
			for _, c := range cs {
				if _, err := m.f(c.obj, c.h); err != nil {
					continue
				}
				var ds []time.Duration
				for range 30 {
					st := time.Now()
					m.f(c.obj, c.h)
					ds = append(ds, time.Since(st))
				}
				slices.Sort(ds)
				t.Logf("%-8s %-28v min %8.3f ms  median %8.3f ms", m.name, c, ds[0].Seconds()*1e3, ds[len(ds)/2].Seconds()*1e3)
			}
		}
	}
	run([]mapper{{"snake", Snake}}, bench2D)
	run([]mapper{{"stack", Stack}, {"fold", Fold}, {"sfc", Curve}}, bench2Dto3D)
	run([]mapper{{"affn3d", Affine3D}}, bench3D)
}
