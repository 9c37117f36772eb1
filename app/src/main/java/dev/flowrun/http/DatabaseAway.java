package dev.flowrun.http;

/** The database is known to be away (an outage under way): the request is answered 503 without trying it. */
final class DatabaseAway extends RuntimeException {
    DatabaseAway() {
        super("the database is away", null, false, false);
    }
}
