package store

// EncodeGraphForTest exposes encodeGraph to the fuzz target's seeds.
func EncodeGraphForTest(r GraphRecord) []byte {
	b, err := encodeGraph(r)
	if err != nil {
		panic(err)
	}
	return b
}
