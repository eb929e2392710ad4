package spec

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"iter"
	"slices"
	"strconv"
	"strings"
)

// ErrInvalidRequest is wrapped by every error about a JSON request that is
// not a well-formed request object (the instance's own errors are those of
// its fields' parsers).
var ErrInvalidRequest = errors.New("invalid request")

// Request is a JSON request object as DecodeJSON read it: the text of each
// field of the table (as a query would hold it) and the raw values of the
// extra keys its caller allowed.
type Request struct {
	text  map[string]string
	Extra map[string]json.RawMessage
}

// Instance parses the request's fields with the table's parsers, in table
// order. Errors are *FieldError.
func (r Request) Instance() (Instance, error) {
	return ParseFields(func(name string) string { return r.text[name] })
}

// DecodeJSON reads one JSON request object: the keys of Fields, spelled
// exactly, each a value of its field's Kind (null: not given), and the
// keys in extra, kept raw. Malformed JSON, other values than an object,
// wrong types, trailing data and unknown keys are errors, in that order;
// every error is a *FieldError naming the key ("" for the body as a whole)
// and wrapping ErrInvalidRequest. O(len(body)).
func DecodeJSON(body []byte, extra ...string) (Request, error) {
	r := Request{text: map[string]string{}, Extra: map[string]json.RawMessage{}}
	dec := json.NewDecoder(bytes.NewReader(body))
	var whole json.RawMessage
	if err := dec.Decode(&whole); err != nil {
		return r, jsonError(err)
	}
	keys, err := r.read(whole)
	if err != nil {
		return r, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return r, invalid("", "data after the JSON object")
	}
	for _, k := range keys {
		if _, ok := LookupField(k); !ok && !slices.Contains(extra, k) {
			want := strings.Join(append(FieldNames(), extra...), ", ")
			return r, invalid(k, fmt.Sprintf("unknown field %q (want %s)", k, want))
		}
	}
	return r, nil
}

// DecodeObject reads one JSON object whose keys are among keys, spelled
// exactly and each given once, into their raw values, with DecodeJSON's
// rules for a request: malformed JSON, another value than an object,
// trailing data, an unknown key and a key given twice are errors, each a
// *FieldError naming the key ("" for the body as a whole) and wrapping
// ErrInvalidRequest. O(len(body)).
func DecodeObject(body []byte, keys ...string) (map[string]json.RawMessage, error) {
	dec := json.NewDecoder(bytes.NewReader(body))
	var whole json.RawMessage
	if err := dec.Decode(&whole); err != nil {
		return nil, jsonError(err)
	}
	if whole[0] != '{' {
		return nil, invalid("", "want a JSON object, got "+jsonKind(whole, false))
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, invalid("", "data after the JSON object")
	}
	m := map[string]json.RawMessage{}
	for k, v := range members(whole) {
		if !slices.Contains(keys, k) {
			return nil, invalid(k, fmt.Sprintf("unknown field %q (want %s)", k, strings.Join(keys, ", ")))
		}
		if _, twice := m[k]; twice {
			return nil, invalid(k, fmt.Sprintf("field %q given twice", k))
		}
		m[k] = v
	}
	return m, nil
}

// members yields the keys and raw values of the members of a well-formed
// JSON object, in order.
func members(object json.RawMessage) iter.Seq2[string, json.RawMessage] {
	return func(yield func(string, json.RawMessage) bool) {
		dec := json.NewDecoder(bytes.NewReader(object))
		dec.Token() // {
		for dec.More() {
			tok, _ := dec.Token()
			var v json.RawMessage
			dec.Decode(&v)
			if !yield(tok.(string), v) {
				return
			}
		}
	}
}

// read reads the members of a well-formed JSON value (null counts as an
// empty object) into r and returns its keys in order. Type errors name
// the first member in error.
func (r *Request) read(whole json.RawMessage) (keys []string, err error) {
	switch whole[0] {
	case 'n':
		return nil, nil
	case '{':
	default: // as encoding/json said it when it decoded into a struct
		return nil, invalid("", fmt.Sprintf("field %q: want a struct, got %s", "", jsonKind(whole, false)))
	}
	for k, v := range members(whole) {
		_, known := r.text[k]
		_, extra := r.Extra[k]
		if (known || extra) && err == nil { // encoding/json would keep the last silently
			err = invalid(k, fmt.Sprintf("field %q given twice", k))
		}
		keys = append(keys, k)
		if f, ok := LookupField(k); ok {
			s, ok := valueText(f.Kind, v)
			if !ok && err == nil {
				err = invalid(k, fmt.Sprintf("field %q: want a %s, got %s", k, kindName[f.Kind], jsonKind(v, f.Kind != Text)))
			}
			r.text[k] = s
		} else {
			r.Extra[k] = v
		}
	}
	return keys, err
}

// kindName is what a field of each Kind wants, in the words of the
// errors.
var kindName = map[Kind]string{Text: "string", Unsigned: "non-negative integer", Integer: "whole number", Number: "number"}

// valueText returns the text of a JSON value of kind k ("" for null), as
// a query would hold it, or false if the value is not of that kind.
func valueText(k Kind, v json.RawMessage) (string, bool) {
	if v[0] == 'n' {
		return "", true
	}
	if k == Text {
		var s string
		err := json.Unmarshal(v, &s)
		return s, err == nil
	}
	lit := string(v)
	if v[0] != '-' && (v[0] < '0' || v[0] > '9') {
		return "", false
	}
	switch k {
	case Unsigned:
		n, err := strconv.ParseUint(lit, 10, 64)
		return strconv.FormatUint(n, 10), err == nil
	case Integer:
		n, err := strconv.ParseInt(lit, 10, 64)
		return strconv.FormatInt(n, 10), err == nil
	}
	x, err := strconv.ParseFloat(lit, 64)
	return strconv.FormatFloat(x, 'g', -1, 64), err == nil
}

// jsonKind names a JSON value's type as encoding/json's type errors do: a
// number with its literal where a number was wanted (it is out of range).
func jsonKind(v json.RawMessage, literal bool) string {
	switch v[0] {
	case '{':
		return "object"
	case '[':
		return "array"
	case '"':
		return "string"
	case 't', 'f':
		return "bool"
	case 'n':
		return "null"
	}
	if literal {
		return "number " + string(v)
	}
	return "number"
}

// DecodeExtra decodes the raw value of an extra key of r into dst (left
// as it is when the key is absent or null). A value of the wrong type is
// a *FieldError naming the key, saying what it wants in the caller's
// words (want: "an array of host names (strings)") and what it got, and
// wrapping ErrInvalidRequest.
func (r Request) DecodeExtra(key, want string, dst any) error {
	v, ok := r.Extra[key]
	if !ok {
		return nil
	}
	err := json.Unmarshal(v, dst)
	if te, ok := errors.AsType[*json.UnmarshalTypeError](err); ok {
		got := te.Value
		if v[0] == '[' && te.Type.Kind().String() != "slice" {
			got += " in the array" // an element's type
		}
		return invalid(key, fmt.Sprintf("field %q: want %s, got %s", key, want, got))
	} else if err != nil {
		return jsonError(err)
	}
	return nil
}

// jsonError turns a json decoding error into a one-line FieldError.
func jsonError(err error) error {
	se, syntax := errors.AsType[*json.SyntaxError](err)
	switch {
	case syntax:
		return invalid("", fmt.Sprintf("malformed JSON at byte %d", se.Offset))
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return invalid("", "empty or truncated body; want a JSON object")
	}
	return invalid("", "malformed JSON")
}

// invalid is a FieldError about field wrapping ErrInvalidRequest.
func invalid(field, msg string) error {
	return &FieldError{Field: field, Err: fmt.Errorf("%w: %s", ErrInvalidRequest, msg)}
}
