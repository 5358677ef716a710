// Package api is what every JSON handler is made of, whichever package holds it (internal/httpapi,
// internal/salesapi): a handler is a Func that returns its error, and WriteError is the one place
// that turns an error into an answer; ReadJSON reads a body strictly within the route's limit;
// CurrentUser is who asks; a Route names its Access, and Mount puts the guards in front of it.
package api
