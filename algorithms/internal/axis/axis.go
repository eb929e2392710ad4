// Package axis has the one-axis hop distance of meshes and tori in the
// form the hot loops of metric, graphmap and pairs use: on coordinates
// already differenced, without a branch on whether the axis wraps
// (topology.AxisHops is the same distance on two coordinates and a wrap
// flag).
package axis

// Hops returns the hops along an axis of the given span for a coordinate
// difference d: min(|d|, span−|d|). The span is the axis's size if it
// wraps, else any number at least twice the largest difference (2k on
// an axis of k nodes, or NoWrap), so that the second term never wins.
// Branch-free: on random placements a branch on the sign or the wrap
// mispredicts. O(1).
func Hops(d, span int32) int32 {
	d = max(d, -d)
	return min(d, span-d)
}

// NoWrap is a span longer than twice any axis: the span of an axis that
// does not wrap.
const NoWrap = 1 << 30
