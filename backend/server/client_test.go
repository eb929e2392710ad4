package server_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"topomap/backend/jobs"
	"topomap/backend/server"
)

// TestFollowEarlyEnd: a stream that closes before the end event is an
// error, and the last state seen is returned.
func TestFollowEarlyEnd(t *testing.T) {
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		w.Write([]byte("event: job\ndata: {\"id\":\"x\",\"status\":\"running\"}\n\n"))
	}))
	defer ts.Close()
	c := &server.Client{Base: ts.URL}
	last, err := c.Follow(context.Background(), "x", nil)
	if err == nil || !strings.Contains(err.Error(), "ended before the job finished") || last.Status != jobs.Running {
		t.Fatalf("Follow = %+v, %v", last, err)
	}
}

// TestAPIError: non-JSON and JSON error answers both become *APIError
// with the status, the message and Retry-After.
func TestAPIError(t *testing.T) {
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost {
			w.Header().Set("Retry-After", "3")
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusServiceUnavailable)
			w.Write([]byte(`{"error":"the job queue is full, try again later","field":""}`))
			return
		}
		http.Error(w, "bad gateway", http.StatusBadGateway)
	}))
	defer ts.Close()
	c := &server.Client{Base: ts.URL}
	_, err := c.Submit(context.Background(), jobs.Request{Guest: "hypercube:4", Host: "ring:16", Algo: "xor"})
	var ae *server.APIError
	if !errors.As(err, &ae) || ae.Status != 503 || ae.RetryAfter.Seconds() != 3 || !strings.Contains(ae.Error(), "queue is full") {
		t.Fatalf("Submit error %#v", err)
	}
	_, err = c.Job(context.Background(), "x")
	if !errors.As(err, &ae) || ae.Status != 502 || ae.ErrorBody.Error != "bad gateway" {
		t.Fatalf("Job error %#v", err)
	}
}
