// Package reason owns the errors that people read. An Error has a kind
// (a package's sentinel, which errors.Is matches and whose text prefixes
// Error for developers and logs) and a reason: the sentence, without any
// Go package prefix, that a user sees. Callers find the reason with
// errors.As (or Of), never by cutting a prefix off the message.
package reason

import (
	"errors"
	"fmt"
)

// Error is an error with a user-facing reason.
type Error struct {
	// Kind is the sentinel of the package that refuses, e.g.
	// embedding.ErrNotApplicable; Error() starts with its text.
	Kind error
	// Text is the reason people read, without a package prefix.
	Text string
	// Cause is the error this one explains, if any (kept in the chain).
	Cause error
}

// New returns an Error of kind with the reason fmt.Sprintf(format, args).
// An argument that is an error contributes its reason (Of), so that a
// reason built on another one has no prefix in its middle; the last such
// error is kept as the Cause. format takes no %w.
func New(kind error, format string, args ...any) *Error {
	e := &Error{Kind: kind}
	args = append([]any(nil), args...)
	for i, a := range args {
		if err, ok := a.(error); ok {
			args[i], e.Cause = Of(err), err
		}
	}
	e.Text = fmt.Sprintf(format, args...)
	return e
}

// Error returns the kind's text, ": " and the reason.
func (e *Error) Error() string { return e.Kind.Error() + ": " + e.Text }

// Reason returns the sentence people read.
func (e *Error) Reason() string { return e.Text }

// Unwrap returns the kind and the cause.
func (e *Error) Unwrap() []error {
	if e.Cause == nil {
		return []error{e.Kind}
	}
	return []error{e.Kind, e.Cause}
}

// Of returns the reason of the first Error in err's chain, or err's
// message if it has none ("" for nil).
func Of(err error) string {
	if err == nil {
		return ""
	}
	if e, ok := errors.AsType[*Error](err); ok {
		return e.Text
	}
	return err.Error()
}

// Plain returns err with its message cut to its reason, keeping err in
// the chain (nil for nil): for a caller that puts the reason in a sentence
// of its own.
func Plain(err error) error {
	if err == nil {
		return nil
	}
	return plain{err}
}

type plain struct{ err error }

func (p plain) Error() string { return Of(p.err) }
func (p plain) Unwrap() error { return p.err }
