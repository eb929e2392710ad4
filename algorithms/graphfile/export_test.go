package graphfile

// SetLexBuffer sets the size of the lexers' buffer until restore is called.
func SetLexBuffer(n int) (restore func()) {
	old := lexBuffer
	lexBuffer = n
	return func() { lexBuffer = old }
}
