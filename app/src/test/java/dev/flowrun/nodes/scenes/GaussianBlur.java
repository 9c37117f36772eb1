package dev.flowrun.nodes.scenes;

/** Separable Gaussian blur of a float map, edges clamped: lens blur of an outline, softness of a shadow. */
final class GaussianBlur {
    private GaussianBlur() {
    }

    static float[] of(float[] map, int w, int h, double sigma) {
        int radius = (int) Math.ceil(3 * sigma);
        float[] kernel = new float[2 * radius + 1];
        double sum = 0;
        for (int k = -radius; k <= radius; k++) {
            kernel[k + radius] = (float) Math.exp(-k * k / (2 * sigma * sigma));
            sum += kernel[k + radius];
        }
        for (int k = 0; k < kernel.length; k++) {
            kernel[k] /= (float) sum;
        }
        float[] across = new float[map.length];
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                float v = 0;
                for (int k = -radius; k <= radius; k++) {
                    v += kernel[k + radius] * map[y * w + clamp(x + k, w)];
                }
                across[y * w + x] = v;
            }
        }
        float[] out = new float[map.length];
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                float v = 0;
                for (int k = -radius; k <= radius; k++) {
                    v += kernel[k + radius] * across[clamp(y + k, h) * w + x];
                }
                out[y * w + x] = v;
            }
        }
        return out;
    }

    private static int clamp(int i, int size) {
        return i < 0 ? 0 : Math.min(size - 1, i);
    }
}
