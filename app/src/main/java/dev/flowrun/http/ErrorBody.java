package dev.flowrun.http;

import com.fasterxml.jackson.annotation.JsonInclude;

/** The API's error JSON ({@code Error} in openapi.json): {@code {"error": {"code", "message", "field"?}}}. */
public record ErrorBody(Detail error) {

    public static ErrorBody of(String code, String message, String field) {
        return new ErrorBody(new Detail(code, message, field));
    }

    public record Detail(String code, String message, @JsonInclude(JsonInclude.Include.NON_NULL) String field) {
    }
}
