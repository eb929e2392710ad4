package server_test

import (
	"context"
	"errors"
	"net/http"
	"testing"

	"topomap/backend/jobs"
	"topomap/backend/server"
)

// TestJobListPagesNewestFirst: GET /api/v1/jobs lists the server's jobs
// newest first, page by page through next, filtered by ?status=.
func TestJobListPagesNewestFirst(t *testing.T) {
	f := newFixture(t, jobs.Options{}, server.Options{})
	_, c := f.loopback(t)
	var ids []string // in submission order
	for _, body := range []string{
		`{"guest":"hypercube:4","host":"ring:16","algo":"xor"}`,
		`{"guest":"hypercube:3","host":"ring:8","algo":"xor"}`,
		`{"guest":"grid:4x4","host":"mesh:4x4","algo":"block"}`,
	} {
		rec := f.do(t, "POST", "/api/v1/jobs", body)
		if rec.Code != http.StatusAccepted && rec.Code != http.StatusOK {
			t.Fatalf("submit %s: %d %s", body, rec.Code, rec.Body)
		}
		ids = append(ids, decode[jobs.Job](t, rec).ID)
		if len(ids) < 3 {
			if j, err := c.Follow(context.Background(), ids[len(ids)-1], nil); err != nil || j.Status != jobs.Done {
				t.Fatalf("job %+v, %v", j, err)
			}
		}
	}
	defer close(f.release)
	for _, tc := range []struct {
		target string
		pages  [][]string
	}{
		{"/api/v1/jobs", [][]string{{ids[2], ids[1], ids[0]}}},
		{"/api/v1/jobs?limit=2", [][]string{{ids[2], ids[1]}, {ids[0]}}},
		{"/api/v1/jobs?status=done&limit=1", [][]string{{ids[1]}, {ids[0]}}},
		{"/api/v1/jobs?status=failed", [][]string{{}}},
	} {
		target := tc.target
		for n, want := range tc.pages {
			rec := f.do(t, "GET", target, "")
			if rec.Code != http.StatusOK {
				t.Fatalf("%s: %d %s", target, rec.Code, rec.Body)
			}
			list := decode[jobs.JobList](t, rec)
			var got []string
			for _, j := range list.Jobs {
				got = append(got, j.ID)
			}
			if len(got) != len(want) || len(got) > 0 && (got[0] != want[0] || got[len(got)-1] != want[len(want)-1]) {
				t.Fatalf("%s, page %d: %v, want %v", target, n, got, want)
			}
			if last := n == len(tc.pages)-1; last != (list.Next == "") {
				t.Fatalf("%s, page %d of %d: next %q", target, n, len(tc.pages), list.Next)
			}
			sep := "?"
			if tc.target != "/api/v1/jobs" {
				sep = "&"
			}
			target = tc.target + sep + "after=" + list.Next
		}
	}
}

// TestClientListsJobsWithTheToken: the Go client's List pages the server's
// jobs; on a server with API tokens it wants one (an *APIError 401
// without).
func TestClientListsJobsWithTheToken(t *testing.T) {
	const token = "0123456789abcdef-token"
	f := newFixture(t, jobs.Options{}, server.Options{Tokens: []string{token}})
	_, c := f.loopback(t)
	ctx := context.Background()
	var ae *server.APIError
	if _, err := c.List(ctx, jobs.ListQuery{}); !errors.As(err, &ae) || ae.Status != http.StatusUnauthorized {
		t.Fatalf("List without a token: %v, want 401", err)
	}
	c.Token = token
	var ids []string
	for _, r := range []jobs.Request{{Guest: "hypercube:4", Host: "ring:16", Algo: "xor"}, {Guest: "hypercube:3", Host: "ring:8", Algo: "xor"}} {
		j, err := c.Submit(ctx, r)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := c.Follow(ctx, j.ID, nil); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, j.ID)
	}
	first, err := c.List(ctx, jobs.ListQuery{Limit: 1, Status: jobs.Done})
	if err != nil || len(first.Jobs) != 1 || first.Jobs[0].ID != ids[1] || first.Next == "" {
		t.Fatalf("first page %+v, %v", first, err)
	}
	second, err := c.List(ctx, jobs.ListQuery{Limit: 1, Status: jobs.Done, After: first.Next})
	if err != nil || len(second.Jobs) != 1 || second.Jobs[0].ID != ids[0] || second.Next != "" {
		t.Fatalf("second page %+v, %v", second, err)
	}
}
