package dev.flowrun.cutout;

import java.util.Locale;

/** Which algorithm made a cut-out: the learned segmentation model or the classic backdrop algorithm. */
public enum CutoutMethod {
    MODEL,
    CLASSIC;

    /** The name in node states and the API: {@code model} or {@code classic}. */
    public String json() {
        return name().toLowerCase(Locale.ROOT);
    }
}
