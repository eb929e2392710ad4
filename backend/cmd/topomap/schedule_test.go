package main

import (
	"strings"
	"testing"
)

// TestScheduleTextEchoesTimes: T_a and t_c read as given, with thousands
// separators and every decimal, and the times made of them exactly, so
// that the products shown agree (t_c = 123456.5 read "123,456" beside
// C = 617,282 = 5 links × t_c). Xor puts a 3-cube on an 8-ring with
// C = 5 links (D_i = 1 2 2).
func TestScheduleTextEchoesTimes(t *testing.T) {
	for _, tt := range []struct {
		name string
		args []string
		want []string
	}{
		{"fraction", []string{"--tc", "123456.5"}, []string{
			"(t_c = 123,456.5 per link)",
			"total T           617,285.5 = d·T_a + C = 3 + 617,282.5",
			"communication C   617,282.5 (5 links × t_c",
		}},
		{"seven digits each", []string{"--ta", "1234567", "--tc", "1.2345678"}, []string{
			"(T_a = 1,234,567)", "(t_c = 1.2345678 per link)",
			"total T           3,703,707.172839 = d·T_a + C = 3,703,701 + 6.172839",
		}},
		{"the range's ends", []string{"--ta", "1000000000", "--tc", "0.000000001"}, []string{
			"(T_a = 1,000,000,000)", "(t_c = 0.000000001 per link)",
			"communication C   0.000000005 (5 links",
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			args := append([]string{"schedule", "--guest", "hypercube:3", "--host", "ring:8", "--algo", "xor"}, tt.args...)
			out, err := runCLI(t, args...)
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range tt.want {
				if !strings.Contains(out, w) {
					t.Errorf("output lacks %q:\n%s", w, out)
				}
			}
		})
	}
}
