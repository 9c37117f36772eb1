package dev.flowrun.input;

import okhttp3.HttpUrl;

/** A URL as error messages show it: without its query, where pre-signed storage URLs carry their credential. */
public final class ShownUrl {
    private ShownUrl() {
    }

    public static String of(HttpUrl url) {
        return url.newBuilder().query(null).fragment(null).build().toString();
    }
}
