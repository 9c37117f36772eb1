package dev.flowrun.cutout;

/** Which algorithm made a cut-out: the learned segmentation model or the classic backdrop algorithm. */
public enum CutoutMethod {
    MODEL("model"),
    CLASSIC("classic");

    private final String json;

    CutoutMethod(String json) {
        this.json = json;
    }

    /** The name in node states and the API: {@code model} or {@code classic}. */
    public String json() {
        return json;
    }
}
