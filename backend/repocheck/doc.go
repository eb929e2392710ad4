// Package repocheck holds the checks of the repository as a whole, run by
// make test like any other test: it stands alone (no file cites a design
// note users do not have), its tests are named by the behaviour they
// check, and the Makefile gives every go test run an explicit timeout.
// It has no code of its own.
package repocheck
