package store

// AccountStore stores users, sessions, password-reset tokens and login throttling.
type AccountStore interface{}
