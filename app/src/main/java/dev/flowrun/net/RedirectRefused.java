package dev.flowrun.net;

import java.io.IOException;

/** A redirect {@link RedirectFollower} will not follow; the message says why, e.g. "too many redirects (more than 5)". */
public final class RedirectRefused extends IOException {
    RedirectRefused(String message) {
        super(message);
    }
}
