package dev.flowrun.input;

import okhttp3.HttpUrl;

/** A URL as error messages show it: without its query, where pre-signed storage URLs carry their credential. */
public final class ShownUrl {
    private ShownUrl() {
    }

    /** The URL as the caller wrote it (host spelling included), cut before its query or fragment. */
    public static String of(String url) {
        int cut = url.length();
        for (char mark : new char[] {'?', '#'}) {
            int at = url.indexOf(mark);
            if (at >= 0 && at < cut) {
                cut = at;
            }
        }
        return url.substring(0, cut);
    }

    public static String of(HttpUrl url) {
        return url.newBuilder().query(null).fragment(null).build().toString();
    }
}
