package store

import (
	"encoding/binary"
	"fmt"
	"math"
)

// EncodePlacement packs a placement as little-endian int32s. O(n).
func EncodePlacement(place []int) ([]byte, error) {
	b := make([]byte, 0, 4*len(place))
	for v, h := range place {
		if h < 0 || h > math.MaxInt32 {
			return nil, fmt.Errorf("vertex %d on node %d, outside [0, 2^31)", v, h)
		}
		b = binary.LittleEndian.AppendUint32(b, uint32(h))
	}
	return b, nil
}

// DecodePlacement unpacks EncodePlacement's form. O(n).
func DecodePlacement(b []byte) ([]int, error) {
	if len(b)%4 != 0 {
		return nil, fmt.Errorf("placement of %d bytes, not a multiple of 4", len(b))
	}
	place := make([]int, len(b)/4)
	for i := range place {
		v := binary.LittleEndian.Uint32(b[4*i:])
		if v > math.MaxInt32 {
			return nil, fmt.Errorf("vertex %d on node %d, outside [0, 2^31)", i, v)
		}
		place[i] = int(v)
	}
	return place, nil
}
