//go:build unix

package cpuclock

import (
	"syscall"
	"time"
)

// Used returns the CPU time (user and system) the process has spent so
// far.
func Used() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		panic("cpuclock: getrusage: " + err.Error())
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
