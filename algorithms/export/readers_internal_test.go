package export

import "testing"

// TestReadableFormatsHaveReaders: a format is Readable exactly when a
// reader is registered under its name, so the names the browser offers
// (ReadableNames, from the table alone) are the ones the server reads.
func TestReadableFormatsHaveReaders(t *testing.T) {
	for _, f := range Formats {
		if _, ok := readers[f.Name]; ok != f.Readable {
			t.Errorf("format %s: Readable %v, reader registered %v", f.Name, f.Readable, ok)
		}
	}
	for name := range readers {
		if _, err := Lookup(name); err != nil {
			t.Errorf("reader %s names no format: %v", name, err)
		}
	}
}
