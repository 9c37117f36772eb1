package dev.flowrun.http;

import dev.flowrun.auth.AuthService;
import dev.flowrun.auth.Caller;
import dev.flowrun.error.Unauthorized;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;

/**
 * Every credential check of the API, under the per-address limit: a blocked address is refused before its
 * credential is looked at, and a wrong credential (one given; a missing one is no guess) counts against it.
 */
record Credentials(AuthService auth, CredentialLimit limit) {
    /** Every request to {@code path} is refused without an API key; its handler finds the caller in the context. */
    void requireKey(RoutesConfig routes, String path) {
        routes.beforeMatched(path, ctx -> ctx.attribute(Requests.CALLER, caller(ctx)));
    }

    /** The caller of an API key, as {@link AuthService#authenticate}. */
    Caller caller(Context ctx) {
        return checked(ctx, () -> auth.authenticate(ctx.header("Authorization")));
    }

    /** Runs {@code check}, which throws {@link Unauthorized} for a wrong credential. */
    <T> T checked(Context ctx, java.util.function.Supplier<T> check) {
        String address = ctx.req().getRemoteAddr();
        limit.check(address);
        try {
            return check.get();
        } catch (Unauthorized e) {
            if (ctx.header("Authorization") != null && !ctx.header("Authorization").isBlank()) {
                limit.failed(address);
            }
            throw e;
        }
    }
}
