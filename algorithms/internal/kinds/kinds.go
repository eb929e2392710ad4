// Package kinds holds what the host and guest kind registries share: a
// list of kinds under unique names, the form of a spec string
// ("kind:args", kind case-insensitive) and the error for a kind that is
// missing or not registered.
package kinds

import (
	"fmt"
	"strings"
)

// Registry lists kinds of type K in registration order. Names gives a
// kind's name (the spec string's prefix) and its form for messages.
type Registry[K any] struct {
	Names func(K) (name, form string)
	kinds []K
}

// Add registers k; it panics on a name already registered (a programming
// error, as in image.RegisterFormat).
func (r *Registry[K]) Add(k K) {
	name, _ := r.Names(k)
	for _, o := range r.kinds {
		if n, _ := r.Names(o); n == name {
			panic("kind " + name + " registered twice")
		}
	}
	r.kinds = append(r.kinds, k)
}

// All returns the kinds in registration order.
func (r *Registry[K]) All() []K { return append([]K(nil), r.kinds...) }

// Find returns the kind that spec string s names and the rest of s after
// the first ':', or an error listing the registered forms that wraps
// sentinel.
func (r *Registry[K]) Find(s string, sentinel error) (K, string, error) {
	name, args, _ := strings.Cut(strings.ToLower(strings.TrimSpace(s)), ":")
	for _, k := range r.kinds {
		if n, _ := r.Names(k); n == name {
			return k, args, nil
		}
	}
	var zero K
	if name == "" {
		return zero, "", &unknown{"empty; want " + r.Forms(), sentinel}
	}
	return zero, "", &unknown{fmt.Sprintf("unknown kind %.20q; want %s", name, r.Forms()), sentinel}
}

// Forms lists the forms of the kinds for people: "a, b or c".
func (r *Registry[K]) Forms() string {
	forms := make([]string, len(r.kinds))
	for i, k := range r.kinds {
		_, forms[i] = r.Names(k)
	}
	if len(forms) < 2 {
		return strings.Join(forms, "")
	}
	return strings.Join(forms[:len(forms)-1], ", ") + " or " + forms[len(forms)-1]
}

type unknown struct {
	msg      string
	sentinel error
}

func (e *unknown) Error() string { return e.msg }
func (e *unknown) Unwrap() error { return e.sentinel }
