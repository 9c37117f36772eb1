package dev.flowrun.cutout.classic;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SpanFillTest {

    @Test
    void fillsExactlyTheFourConnectedRegionOfAPixelByPixelSearch() {
        Random random = new Random(3);
        for (int round = 0; round < 40; round++) {
            int w = 1 + random.nextInt(60);
            int h = 1 + random.nextInt(60);
            byte[] distance = new byte[w * h];
            random.nextBytes(distance); // a maze of pixels under and over the limit
            byte[] state = new byte[w * h];
            int seed = random.nextInt(w * h);
            int limit = 128;
            byte[] expected = reference(w, h, distance, seed, limit);
            SpanFill fill = new SpanFill(w, h, state, distance);
            long size = fill.joins(seed, (byte) 0, limit) ? fill.fill(seed, (byte) 0, (byte) 1, limit, true) : 0;
            assertThat(state).as("round %d, %d×%d", round, w, h).isEqualTo(expected);
            long marked = 0;
            for (byte b : state) {
                marked += b;
            }
            assertThat(size).isEqualTo(marked);
            byte[] again = new byte[w * h];
            if (size > 0) {
                SpanFill replay = new SpanFill(w, h, again, distance);
                replay.spans.clear();
                for (int k = 0; k < fill.spans.size(); k++) {
                    replay.spans.add(fill.spans.get(k));
                }
                replay.paintSpans((byte) 1);
                assertThat(again).as("recorded spans cover the region").isEqualTo(expected);
            }
        }
    }

    private static byte[] reference(int w, int h, byte[] distance, int seed, int limit) {
        byte[] out = new byte[w * h];
        if ((distance[seed] & 0xFF) >= limit) {
            return out;
        }
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        out[seed] = 1;
        queue.add(seed);
        while (!queue.isEmpty()) {
            int i = queue.poll();
            int x = i % w;
            int y = i / w;
            int[][] next = {{x - 1, y}, {x + 1, y}, {x, y - 1}, {x, y + 1}};
            for (int[] n : next) {
                if (n[0] >= 0 && n[1] >= 0 && n[0] < w && n[1] < h) {
                    int j = n[1] * w + n[0];
                    if (out[j] == 0 && (distance[j] & 0xFF) < limit) {
                        out[j] = 1;
                        queue.add(j);
                    }
                }
            }
        }
        return out;
    }
}
