package dev.flowrun.support;

import com.fasterxml.jackson.databind.JsonNode;
import okhttp3.Headers;

/** One HTTP answer: status, the body parsed when it is JSON, the raw bytes, headers. */
public record Reply(int status, JsonNode json, byte[] bytes, Headers headers) {

    public String errorCode() {
        return json == null ? null : json.path("error").path("code").asText(null);
    }

    public String errorField() {
        return json == null ? null : json.path("error").path("field").asText(null);
    }

    public String header(String name) {
        return headers.get(name);
    }

    @Override
    public String toString() {
        return status + " " + (json != null ? json.toString() : bytes.length + " bytes");
    }
}
