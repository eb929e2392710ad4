package server_test

import (
	"regexp"
	"strings"
	"testing"

	"topomap/backend/jobs"
	"topomap/backend/server"
)

// TestProjectedView: view=projected draws a mapping onto a 3-D torus as
// one dot per node and one line per link, turned by yaw and pitch (the
// browser's client no longer draws it: the server does, for an instance
// or a job); a host of other than 3 axes is a 400 naming the view.
func TestProjectedView(t *testing.T) {
	f := newFixture(t, jobs.Options{}, server.Options{})
	const q = "/api/v1/render.svg?view=projected&guest=hypercube:9&host=torus:8x8x8&algo=gray"
	node7 := regexp.MustCompile(`<circle[^>]*data-h="7"[^>]*>`)
	at := map[string]string{}
	for _, turn := range []string{"", "&yaw=15", "&yaw=0&pitch=0"} {
		rec := f.do(t, "GET", q+turn, "")
		body := rec.Body.String()
		if rec.Code != 200 || strings.Count(body, `class="n3"`) != 512 || strings.Count(body, `class="l3"`) != 3*7*64 {
			t.Fatalf("%s: %d, %d dots and %d lines, want 512 and %d", turn, rec.Code, strings.Count(body, `class="n3"`), strings.Count(body, `class="l3"`), 3*7*64)
		}
		at[turn] = node7.FindString(body)
	}
	if at[""] == at["&yaw=15"] || at[""] != at["&yaw=0&pitch=0"] {
		t.Errorf("node 7 drawn as %q, turned 15° as %q, reset as %q", at[""], at["&yaw=15"], at["&yaw=0&pitch=0"])
	}
	for _, bad := range []struct{ path, field string }{
		{"/api/v1/render.svg?view=projected&guest=hypercube:4&host=ring:16&algo=xor", "view"},
		{q + "&yaw=400", "yaw"},
	} {
		if rec := f.do(t, "GET", bad.path, ""); rec.Code != 400 || decode[server.ErrorBody](t, rec).Field != bad.field {
			t.Errorf("%s: %d %s, want a 400 naming %s", bad.path, rec.Code, rec.Body, bad.field)
		}
	}
}
