package spec

import (
	"strconv"
)

// Kind is how a field's value is written in JSON (in a query string and on
// the command line, every value is text).
type Kind int

// The kinds of field values.
const (
	Text     Kind = iota // a JSON string
	Unsigned             // a JSON integer ≥ 0 (uint64)
	Integer              // a JSON integer (int64)
	Number               // a JSON number (float64)
)

// Field is one key of an instance: its name, which is the same in a
// permalink's query, in the JSON API and as a CLI flag, its JSON kind, and
// how it is read into an Instance from text and written back.
type Field struct {
	Name     string
	Kind     Kind
	Required bool
	// Parse reads the text s (of an optional field: not empty) into in;
	// errors are *FieldError naming the field.
	Parse func(in *Instance, s string) error
	// Format writes the field of in as text; "" for an optional field at
	// its zero value, which is left out.
	Format func(in Instance) string
}

// Fields are the keys of an instance, in the order the API documents them
// and checks them (the first bad one is reported). ParseQuery, Instance.Query, the API's
// request decoder and its OpenAPI test all read this table: a new key is
// one line here.
var Fields = []Field{
	{"guest", Text, true, func(in *Instance, s string) (err error) {
		if in.Guest, err = ParseGuest(s); err != nil {
			return &FieldError{"guest", err}
		}
		return nil
	}, func(in Instance) string { return in.Guest.String() }},
	{"host", Text, true, func(in *Instance, s string) (err error) {
		if in.Host, err = ParseHost(s); err != nil {
			return &FieldError{"host", err}
		}
		return nil
	}, func(in Instance) string { return in.Host.String() }},
	{"algo", Text, true, func(in *Instance, s string) (err error) {
		in.Algo, err = ParseAlgo(s)
		return err
	}, func(in Instance) string { return in.Algo }},
	{"seed", Unsigned, false, func(in *Instance, s string) (err error) {
		if in.Seed, err = strconv.ParseUint(s, 10, 64); err != nil {
			return &FieldError{"seed", syntaxf("seed %.64q: want a non-negative integer", s)}
		}
		return nil
	}, func(in Instance) string { return formatNonZero(in.Seed != 0, strconv.FormatUint(in.Seed, 10)) }},
	{"budget", Text, false, func(in *Instance, s string) (err error) {
		in.Budget, err = ParseBudget(s)
		return err
	}, func(in Instance) string { return formatNonZero(in.Budget != 0, in.Budget.String()) }},
	{"moves", Integer, false, func(in *Instance, s string) (err error) {
		in.Moves, err = ParseMoves(s)
		return err
	}, func(in Instance) string { return formatNonZero(in.Moves != 0, strconv.FormatInt(in.Moves, 10)) }},
	{"start", Text, false, func(in *Instance, s string) error {
		if _, err := ParseAlgo(s); err != nil {
			return &FieldError{"start", err}
		}
		in.Start = s
		return nil
	}, func(in Instance) string { return in.Start }},
	{"ta", Number, false, func(in *Instance, s string) (err error) {
		in.Ta, err = ParseTime("ta", s)
		return err
	}, func(in Instance) string { return formatTime(in.Ta) }},
	{"tc", Number, false, func(in *Instance, s string) (err error) {
		in.Tc, err = ParseTime("tc", s)
		return err
	}, func(in Instance) string { return formatTime(in.Tc) }},
	{"objective", Text, false, func(in *Instance, s string) (err error) {
		in.Objective, err = ParseObjective(s)
		return err
	}, func(in Instance) string { return in.Objective }},
	{"nodes", Text, false, func(in *Instance, s string) (err error) {
		in.Nodes, err = ParseNodes(s)
		return err
	}, func(in Instance) string { return in.Nodes }},
	{"ranksPerNode", Unsigned, false, func(in *Instance, s string) (err error) {
		in.RanksPerNode, err = ParseRanksPerNode(s)
		return err
	}, func(in Instance) string { return formatNonZero(in.RanksPerNode != 0, strconv.Itoa(in.RanksPerNode)) }},
}

// FieldNames lists the names of Fields, in order.
func FieldNames() []string {
	names := make([]string, len(Fields))
	for i, f := range Fields {
		names[i] = f.Name
	}
	return names
}

// LookupField returns the field of that name (exactly as spelled).
func LookupField(name string) (Field, bool) {
	for _, f := range Fields {
		if f.Name == name {
			return f, true
		}
	}
	return Field{}, false
}

// ParseFields reads an instance from the text of its fields, which get
// returns ("" for a field not given), field by field in table order.
// Errors are *FieldError.
func ParseFields(get func(name string) string) (Instance, error) {
	var in Instance
	for _, f := range Fields {
		s := get(f.Name)
		if s == "" && !f.Required {
			continue
		}
		if err := f.Parse(&in, s); err != nil {
			return in, err
		}
	}
	return in, nil
}

func formatNonZero(nonZero bool, s string) string {
	if !nonZero {
		return ""
	}
	return s
}

func formatTime(v float64) string {
	return formatNonZero(v != 0, strconv.FormatFloat(v, 'g', -1, 64))
}
