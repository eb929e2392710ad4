package store

import bolt "go.etcd.io/bbolt"

// EncodeGraphForTest exposes EncodeGraph to the fuzz target's seeds.
func EncodeGraphForTest(r GraphRecord) []byte {
	b, err := EncodeGraph(r)
	if err != nil {
		panic(err)
	}
	return b
}

// PutRawGraphForTest writes a graph record as it is, unchecked, as a store
// written by former code may hold it.
func PutRawGraphForTest(s *Bolt, r GraphRecord) {
	if err := s.update(func(tx *bolt.Tx) error { return putGraph(tx, r) }); err != nil {
		panic(err)
	}
}

// PageWritesForTest counts the pages the store's transactions have
// written (each commit writes at least its meta page).
func PageWritesForTest(s *Bolt) int64 {
	st := s.db.Stats()
	return st.TxStats.GetWrite()
}

// GraphBytesForTest is what a graph record takes against its owner's
// quota.
func GraphBytesForTest(r GraphRecord) int64 {
	return graphSize([]byte(r.Graph.ID), EncodeGraphForTest(r))
}
