package pgstore_test

import (
	"context"
	"net"
	"net/url"
	"strings"
	"testing"

	"topomap/backend/jobs"
	"topomap/backend/pgstore"
	"topomap/backend/pgstore/pgtest"
)

// TestOpenSaysWhatToDoAboutADatabaseItCannotUse: an operator's mistakes
// in --database-url (a database not created, a user refused, a port
// nobody listens on) are Postgres's errors with what to do about them.
// Before, Postgres's error alone.
func TestOpenSaysWhatToDoAboutADatabaseItCannotUse(t *testing.T) {
	good, err := url.Parse(pgtest.Database(t))
	if err != nil {
		t.Fatal(err)
	}
	noDB, noUser, noServer := *good, *good, *good
	noDB.Path = "/nosuch"
	noUser.User = url.User("nobody")
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	noServer.Host = ln.Addr().String()
	ln.Close() // nobody listens there now
	for _, c := range []struct {
		url  url.URL
		hint string
	}{{noDB, "createdb --owner"}, {noUser, "check the user and password"}, {noServer, "is Postgres running"}} {
		db, err := pgstore.Open(context.Background(), c.url.String())
		if err == nil {
			db.Close()
			t.Fatalf("Open(%s) succeeded", c.url.String())
		}
		if !strings.Contains(err.Error(), c.hint) {
			t.Errorf("Open(%s): %v; want it to say %q", c.url.String(), err, c.hint)
		}
	}
}

// TestAReplicaStartsOnAURLWithThePoolsSettings: pgx's pool settings in
// the URL (pool_max_conns, as the README offers) size the pool and are
// not sent to Postgres by the connection that listens for job states.
// Before, that connection sent them and Postgres refused it: serve did
// not start ("unrecognized configuration parameter").
func TestAReplicaStartsOnAURLWithThePoolsSettings(t *testing.T) {
	db := openDBAt(t, pgtest.Database(t)+"&pool_max_conns=3")
	openService(t, db, jobs.Options{Workers: 1})
	if st := db.Stats(); st.Problems != 0 {
		t.Fatalf("the database's numbers: %+v", st)
	}
}
