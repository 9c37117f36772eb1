package dev.flowrun.support;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;

/** What every answer of the API must look like. */
public final class ApiAssertions {
    /** Timestamps: UTC, exactly three fraction digits, {@code Z}. */
    public static final String TIMESTAMP = "\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z";

    private ApiAssertions() {
    }

    /** The API's error JSON ({@code Error} in openapi.json): status, code, a message, and {@code field} only for invalid_request. */
    public static JsonNode assertError(Reply reply, int status, String code) {
        assertThat(reply.status()).as(reply.toString()).isEqualTo(status);
        assertThat(reply.header("Content-Type")).as("error Content-Type of " + reply).startsWith("application/json");
        assertThat(reply.json()).as(reply.toString()).isNotNull();
        JsonNode error = reply.json().path("error");
        assertThat(error.isObject()).as(reply.toString()).isTrue();
        assertThat(error.path("code").asText()).as(reply.toString()).isEqualTo(code);
        assertThat(error.path("message").isTextual()).as(reply.toString()).isTrue();
        assertThat(error.path("message").asText()).as(reply.toString()).isNotBlank();
        if (code.equals("invalid_request")) {
            assertThat(error.path("field").isTextual()).as(reply.toString()).isTrue();
        } else {
            assertThat(error.has("field")).as("field only for invalid_request: " + reply).isFalse();
        }
        assertThat(new String(reply.bytes())).as("no stack trace").doesNotContain("Exception").doesNotContain("\tat ");
        return error;
    }

    /** A page for the browser: 200 and HTML. Answers the reply, to look further into. */
    public static Reply assertHtmlPage(Reply reply) {
        assertThat(reply.status()).as(reply.toString()).isEqualTo(200);
        assertThat(reply.header("Content-Type")).as(reply.toString()).startsWith("text/html");
        return reply;
    }
}
