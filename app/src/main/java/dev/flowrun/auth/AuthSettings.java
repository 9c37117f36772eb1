package dev.flowrun.auth;

import dev.flowrun.work.Env;
import java.util.List;

/** {@code FLOWRUN_API_KEY} (the default workspace's key, if chosen) and {@code FLOWRUN_ADMIN_TOKEN} (null: no admin). */
public record AuthSettings(String apiKey, String adminToken) {
    public static final List<String> VARIABLES = List.of("FLOWRUN_API_KEY", "FLOWRUN_ADMIN_TOKEN");

    /** Shorter admin tokens are refused at start-up: the admin token is guessed against over the network. */
    public static final int MIN_ADMIN_TOKEN = 16;

    public static AuthSettings fromEnv(Env env) {
        String token = env.raw("FLOWRUN_ADMIN_TOKEN");
        if (token != null && token.length() < MIN_ADMIN_TOKEN) {
            // The token itself is never echoed: the line goes to logs.
            throw new Env.Invalid("FLOWRUN_ADMIN_TOKEN: the admin token is " + token.length()
                    + (token.length() == 1 ? " character" : " characters") + " long; it must be"
                    + " at least " + MIN_ADMIN_TOKEN + " (openssl rand -hex 24 makes one)");
        }
        return new AuthSettings(env.string("FLOWRUN_API_KEY", null), token);
    }
}
