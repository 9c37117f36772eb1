package dev.flowrun.cutout.model;

import java.util.Arrays;
import java.util.Locale;

/**
 * How a salient-object segmentation model wants its input and how its first output reads. Two families are known
 * and recognised from the model's input shape (NCHW, 3 channels, square):
 * <ul>
 * <li>{@link #ISNET}, 1024×1024: ISNet (DIS) as IMG.LY exports it, fed (v − 128) / 256 per RGB channel, its
 *     output already a probability (the export ends in a sigmoid), read as it is;</li>
 * <li>{@link #U2NET}, 320×320: U²-Net and U²-Netp exports, fed ImageNet's (v / 255 − mean) / std, the first of
 *     their outputs min-max stretched to 0..1 as rembg does.</li>
 * </ul>
 * Any other model needs {@code FLOWRUN_BG_MODEL_FAMILY}: {@code isnet} or {@code u2net} to force one of these,
 * or a spec {@code size=512 mean=0.5,0.5,0.5 std=1,1,1 output=probability|minmax} (mean and std on the 0..1
 * scale of v / 255).
 */
public record ModelFamily(String name, int size, float[] mean, float[] std, Output output) {

    /** How the first output becomes a 0..1 foreground probability. */
    public enum Output {
        /** Already a probability: clamped to 0..1. */
        PROBABILITY,
        /** Stretched so its smallest value is 0 and its largest 1. */
        MINMAX
    }

    public static final ModelFamily ISNET = new ModelFamily("isnet", 1024,
            new float[] {128 / 255f, 128 / 255f, 128 / 255f}, new float[] {256 / 255f, 256 / 255f, 256 / 255f},
            Output.PROBABILITY);
    public static final ModelFamily U2NET = new ModelFamily("u2net", 320,
            new float[] {0.485f, 0.456f, 0.406f}, new float[] {0.229f, 0.224f, 0.225f}, Output.MINMAX);

    private static final String SPEC_FORM =
            "isnet, u2net, or a spec such as 'size=512 mean=0.5,0.5,0.5 std=1,1,1 output=probability' "
                    + "(output probability or minmax)";

    /** The family whose input shape this is ([1, 3, n, n] with n 1024 or 320), or null. */
    public static ModelFamily fromInputShape(long[] shape) {
        if (shape.length != 4 || shape[1] != 3 || shape[2] != shape[3]) {
            return null;
        }
        if (shape[2] == ISNET.size) {
            return ISNET;
        }
        return shape[2] == U2NET.size ? U2NET : null;
    }

    /** Reads {@code FLOWRUN_BG_MODEL_FAMILY}'s value. */
    public static ModelFamily parse(String text) {
        String spec = text.trim().toLowerCase(Locale.ROOT);
        if (spec.equals(ISNET.name)) {
            return ISNET;
        }
        if (spec.equals(U2NET.name) || spec.equals("u2netp")) {
            return U2NET;
        }
        int size = 0;
        float[] mean = null;
        float[] std = null;
        Output output = null;
        for (String part : spec.split("[\\s;]+")) {
            String[] kv = part.split("=", 2);
            if (kv.length != 2) {
                throw new IllegalArgumentException(SPEC_FORM);
            }
            switch (kv[0]) {
                case "size" -> size = parseSize(kv[1]);
                case "mean" -> mean = triple(kv[1], false);
                case "std" -> std = triple(kv[1], true);
                case "output" -> output = switch (kv[1]) {
                    case "probability" -> Output.PROBABILITY;
                    case "minmax" -> Output.MINMAX;
                    default -> throw new IllegalArgumentException(SPEC_FORM);
                };
                default -> throw new IllegalArgumentException(SPEC_FORM);
            }
        }
        if (size == 0 || mean == null || std == null || output == null) {
            throw new IllegalArgumentException(SPEC_FORM);
        }
        return new ModelFamily("custom", size, mean, std, output);
    }

    private static int parseSize(String text) {
        try {
            int size = Integer.parseInt(text);
            if (size >= 32 && size <= 4096) {
                return size;
            }
        } catch (NumberFormatException e) {
            // falls through to the message below
        }
        throw new IllegalArgumentException("size must be a whole number from 32 to 4096; " + SPEC_FORM);
    }

    private static float[] triple(String text, boolean positive) {
        String[] parts = text.split(",");
        if (parts.length != 3) {
            throw new IllegalArgumentException(SPEC_FORM);
        }
        float[] values = new float[3];
        for (int i = 0; i < 3; i++) {
            try {
                values[i] = Float.parseFloat(parts[i]);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(SPEC_FORM);
            }
            if (!Float.isFinite(values[i]) || positive && values[i] <= 0) {
                throw new IllegalArgumentException(SPEC_FORM);
            }
        }
        return values;
    }

    /** The model input value of an 8-bit sample of channel {@code c} (0 red, 1 green, 2 blue). */
    public float normalise(int sample, int c) {
        return (sample / 255f - mean[c]) / std[c];
    }

    @Override
    public String toString() {
        return name + " " + size + "×" + size + " mean " + Arrays.toString(mean) + " std " + Arrays.toString(std)
                + " output " + output.name().toLowerCase(Locale.ROOT);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ModelFamily f && f.name.equals(name) && f.size == size && Arrays.equals(f.mean, mean)
                && Arrays.equals(f.std, std) && f.output == output;
    }

    @Override
    public int hashCode() {
        return 31 * (31 * name.hashCode() + size) + Arrays.hashCode(mean);
    }
}
