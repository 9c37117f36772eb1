package dev.flowrun.nodes;

/** What a transform node gave: the picture for the nodes below, and a cut-out's grade (null for other nodes). */
public record Transformed(Picture picture, CutoutGrade grade) {

    public static Transformed of(Picture picture) {
        return new Transformed(picture, null);
    }
}
