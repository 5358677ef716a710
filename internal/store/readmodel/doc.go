// Package readmodel holds the read models the store feeds: an event's participants (rosters.go)
// and orders (orders.go), and a results table (results.go), kept in memory with their search
// indexes so that a searched page of 30,000 is answered in well under a millisecond. Each is
// checked against the database on every read (a rev, an import's time); only a result set's row
// is kept for a bounded time (NewResults). Both drivers answer their participants' and orders'
// lists from it, and httpapi holds the results. Like the drivers, it imports store for its
// types; store imports none of them.
package readmodel
