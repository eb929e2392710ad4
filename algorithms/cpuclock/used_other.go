//go:build !unix

package cpuclock

import "time"

// origin is when the process started using this package.
var origin = time.Now()

// Used returns the time since the package was initialised: where the
// system has no per-process CPU clock (js/wasm, which runs on one thread),
// the wall clock stands in for it.
func Used() time.Duration { return time.Since(origin) }
