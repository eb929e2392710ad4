package server_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"topomap/backend/server"
	"topomap/backend/store"
)

// TestUploadRefusesMostlyIsolatedGraph: a tiny file must not buy a huge
// record. A graph of which more than half the processes, and more than
// 1024, exchange nothing is a 400 naming the rule and the counts (a
// 12-byte CSV line 0,1048575,1 was stored as 1,048,576 processes, 4 MB);
// graphs within the rule are stored.
func TestUploadRefusesMostlyIsolatedGraph(t *testing.T) {
	chain := func(n, m int) string { // n processes, a chain through the first m
		var b strings.Builder
		fmt.Fprintf(&b, "%%%%MatrixMarket matrix coordinate integer general\n%d %d %d\n", n, n, m-1)
		for v := 1; v < m; v++ {
			fmt.Fprintf(&b, "%d %d 1\n", v, v+1)
		}
		return b.String()
	}
	f := graphFixture(t, store.NewMemory(), server.Options{})
	for _, tt := range []struct {
		name, format, body string
		code               int
		want               string
	}{
		{"12-byte csv", "csv", "0,1048575,1\n", 400, "1,048,574 of the 1,048,576 processes exchange nothing"},
		{"matrix market header", "matrixmarket", chain(100000, 2), 400, "99,998 of the 100,000 processes"},
		{"more than half, 1025", "matrixmarket", chain(2048, 1023), 400, "more than half of them and more than 1,024"},
		{"1024 isolated", "csv", "0,1025,1\n", 201, ""},
		{"half isolated", "matrixmarket", chain(4000, 2000), 201, ""},
	} {
		rec := f.upload(t, "/api/v1/graphs?format="+tt.format, "text/plain", tt.body)
		e := decode[server.ErrorBody](t, rec)
		if rec.Code != tt.code || !strings.Contains(e.Error, tt.want) || tt.code == 400 && e.Field != "body" {
			t.Errorf("%s: %d %+v, want %d containing %q", tt.name, rec.Code, e, tt.code, tt.want)
		}
	}
}

// TestUploadQuotaPerClient: the graphs one client (its API token, else
// its IP address, an IPv6 one by /64) stores are bounded by GraphQuota:
// past it its uploads are a 413 naming the quota, while other clients'
// uploads and graphs are untouched, and a graph already stored costs
// nobody anything.
func TestUploadQuotaPerClient(t *testing.T) {
	const tokA, tokB = "token-of-client-a-0123", "token-of-client-b-0123"
	// A graph of 100 processes is a record of about 2 KB: room for two.
	ring := func(n, w int) string {
		var b strings.Builder
		for v := range n {
			fmt.Fprintf(&b, "%d,%d,%d\n", v, (v+1)%n, w)
		}
		return b.String()
	}
	for _, tt := range []struct {
		name   string
		tokens []string
		a, a2  client // two requests of one client
		b      client // another client
	}{
		{"IPv4", nil, client{addr: "192.0.2.1:5000"}, client{addr: "192.0.2.1:6000"}, client{addr: "192.0.2.2:5000"}},
		{"IPv6 /64", nil, client{addr: "[2001:db8::1]:5000"}, client{addr: "[2001:db8::2]:5000"}, client{addr: "[2001:db8:0:1::1]:5000"}},
		{"tokens", []string{tokA, tokB}, client{addr: "192.0.2.1:5000", token: tokA}, client{addr: "192.0.2.9:5000", token: tokA}, client{addr: "192.0.2.1:5000", token: tokB}},
		// the scheme's name is case-insensitive: one token, one quota
		{"tokens, Bearer in any case", []string{tokA, tokB}, client{addr: "192.0.2.1:5000", token: tokA}, client{addr: "192.0.2.9:5000", token: tokA, scheme: "bearer"},
			client{addr: "192.0.2.1:5000", token: tokB, scheme: "BEARER"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			f := graphFixture(t, store.NewMemory(), server.Options{GraphQuota: 5000, Tokens: tt.tokens})
			for i, c := range []client{tt.a, tt.a2} {
				if rec := c.upload(f, ring(100, i+1)); rec.Code != http.StatusCreated {
					t.Fatalf("upload %d within the quota: %d %s", i, rec.Code, rec.Body)
				}
			}
			rec := tt.a.upload(f, ring(100, 3))
			if e := decode[server.ErrorBody](t, rec); rec.Code != http.StatusRequestEntityTooLarge || !strings.Contains(e.Error, "quota of 5000 bytes") {
				t.Errorf("upload past the quota: %d %+v, want 413 naming the quota", rec.Code, e)
			}
			for _, body := range []string{ring(100, 1), ring(100, 3)} { // another client: a duplicate, a new graph
				if rec := tt.b.upload(f, body); rec.Code != http.StatusCreated {
					t.Errorf("another client's upload: %d %s", rec.Code, rec.Body)
				}
			}
			if rec := tt.a2.upload(f, ring(100, 3)); rec.Code != http.StatusCreated {
				t.Errorf("a graph stored by another client, uploaded again: %d %s", rec.Code, rec.Body)
			}
		})
	}
}

// client is where an upload comes from: its address and API token, sent
// with the scheme name (Bearer if "").
type client struct{ addr, token, scheme string }

func (c client) upload(f *fixture, body string) *httptest.ResponseRecorder {
	req := httptest.NewRequest("POST", "/api/v1/graphs?format=csv", strings.NewReader(body))
	req.RemoteAddr = c.addr
	if c.token != "" {
		scheme := c.scheme
		if scheme == "" {
			scheme = "Bearer"
		}
		req.Header.Set("Authorization", scheme+" "+c.token)
	}
	rec := httptest.NewRecorder()
	f.srv.ServeHTTP(rec, req)
	return rec
}
