package dev.flowrun.cutout.model;

/**
 * What the model's first look says of itself, before any other look: its confidence ({@link ModelConfidence}: the
 * unsure share off the outline and the subject's share of the picture), that unsure share, and how much of it lies
 * in hazes ({@link Haze}: pixels whose neighbourhood is mostly unsure, per pixel of subject). A broad haze is where
 * ISNet guessed: a see-through ghost of a body, a kept patch of sand or grass. And how much of its outline runs
 * where the picture shows no edge ({@link EdgelessOutline}): where the model drew a border the photograph lacks.
 *
 * @param confidence the first look's own confidence, 0..1
 * @param unsure     unsure pixels (probability 0.1–0.9) away from the outline, per subject pixel
 * @param haze       pixels in a haze, per subject pixel
 * @param edgeless   share of the outline along which the picture has no edge
 */
record FirstLook(double confidence, double unsure, double haze, double edgeless) {

    /** {@code guide}: the picture on the same grid, packed RGB ({@link ModelInput#guide}). */
    static FirstLook of(float[] probability, int[] guide, int w, int h) {
        float[] trimap = Trimap.of(probability, w, h).values();
        double subject = Math.max(1, ModelConfidence.subjectPixels(probability));
        return new FirstLook(ModelConfidence.of(probability, trimap), ModelConfidence.unsureShare(probability, trimap),
                Haze.pixels(probability, w, h) / subject, EdgelessOutline.share(probability, guide, w, h));
    }
}
