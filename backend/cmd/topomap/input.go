package main

import (
	"fmt"
	"io"
	"os"
	"sync"
)

// stdinClaim is the flag that took standard input, and the reader it took:
// standard input is read once (a process runs one command; tests give each
// run a reader of its own).
var stdinClaim struct {
	sync.Mutex
	reader io.Reader
	flag   string
}

// openInput opens the file a flag names, or standard input for the path
// "-", so that a command reads a pipe (topomap map --guest file:- <
// mesh.graph); one flag of a run may name it, since it is read once.
func openInput(flag, path string) (io.ReadCloser, error) {
	if path != "-" {
		return os.Open(path)
	}
	stdinClaim.Lock()
	defer stdinClaim.Unlock()
	if stdinClaim.reader == stdin {
		return nil, fmt.Errorf("standard input (-) is read once, and %s reads it already", stdinClaim.flag)
	}
	stdinClaim.reader, stdinClaim.flag = stdin, flag
	return io.NopCloser(stdin), nil
}
