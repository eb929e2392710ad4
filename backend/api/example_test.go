package api_test

import (
	"encoding/json"
	"fmt"

	"topomap/algorithms/spec"
	"topomap/backend/api"
)

// ExampleRequestOf shows the JSON body the browser and the CLI post for an
// instance: normalised spec strings, zero optional fields left out.
func ExampleRequestOf() {
	in, err := spec.ParseQuery(map[string][]string{"guest": {"GRID:4x4"}, "host": {"mesh:4x4:wrap=11"}, "algo": {"pairs"}, "budget": {"1500ms"}})
	if err != nil {
		panic(err)
	}
	b, _ := json.Marshal(api.RequestOf(in))
	fmt.Println(string(b))
	back, _ := api.RequestOf(in).Instance()
	fmt.Println(back.Query().Encode())
	// Output:
	// {"guest":"grid:4x4","host":"torus:4x4","algo":"pairs","budget":"1.5s"}
	// algo=pairs&budget=1.5s&guest=grid%3A4x4&host=torus%3A4x4
}
