package dev.flowrun.cutout.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class ModelInputTest {

    @Test
    void thePictureIsSqueezedToTheSquareInChannelPlanes() {
        // 4×2: left half red, right half blue. Squeezed to 320² the left half stays red, the right blue.
        int[] argb = new int[8];
        for (int i = 0; i < 8; i++) {
            argb[i] = i % 4 < 2 ? 0xFFFF0000 : 0xFF0000FF;
        }
        float[] t = ModelInput.tensor(argb, 4, 2, false, ModelFamily.U2NET);
        int plane = 320 * 320;
        assertThat(t).hasSize(3 * plane);
        int left = 100 * 320 + 10;
        int right = 100 * 320 + 310;
        assertThat(t[left]).isCloseTo(ModelFamily.U2NET.normalise(255, 0), within(1e-4f));
        assertThat(t[2 * plane + left]).isCloseTo(ModelFamily.U2NET.normalise(0, 2), within(1e-4f));
        assertThat(t[right]).isCloseTo(ModelFamily.U2NET.normalise(0, 0), within(1e-4f));
        assertThat(t[2 * plane + right]).isCloseTo(ModelFamily.U2NET.normalise(255, 2), within(1e-4f));
    }

    @Test
    void transparentPixelsAreSeenAsWhite() {
        assertThat(ModelInput.overWhite(0x00123456)).isEqualTo(0xFFFFFFFF);
        assertThat(ModelInput.overWhite(0xFF123456)).isEqualTo(0xFF123456);
        assertThat(ModelInput.overWhite(0x80FF0000)).isEqualTo(0xFFFF7F7F);
        float[] t = ModelInput.tensor(new int[] {0x00000000}, 1, 1, true, ModelFamily.ISNET);
        assertThat(t[0]).isCloseTo(ModelFamily.ISNET.normalise(255, 0), within(1e-6f));
    }

    @Test
    void theWorkingGridIsThePictureUpTo1024OnItsLongSide() {
        assertThat(ModelInput.workSize(8000, 6000)).containsExactly(1024, 768);
        assertThat(ModelInput.workSize(600, 4000)).containsExactly(154, 1024);
        assertThat(ModelInput.workSize(640, 480)).containsExactly(640, 480);
        assertThat(ModelInput.workSize(1, 1)).containsExactly(1, 1);
        assertThat(ModelInput.workSize(20000, 2)).containsExactly(1024, 1);
    }

    @Test
    void planesAreInterpolatedBilinearlyWithCentresAligned() {
        float[] plane = {0, 1, 2, 3};
        assertThat(PlaneRows.resample(plane, 2, 2, 2, 2)).containsExactly(0, 1, 2, 3);
        float[] up = PlaneRows.resample(new float[] {0, 4}, 2, 1, 4, 1);
        assertThat(up).containsExactly(0f, 1f, 3f, 4f); // centres at 0.25 and 0.75 of the way
    }

    @Test
    void boxMeanAveragesTheWindowClippedAtTheBorder() {
        float[] in = {0, 3, 6, 9};
        assertThat(BoxMean.of(in, 4, 1, 1)).containsExactly(1.5f, 3f, 6f, 7.5f);
        float[] square = {1, 2, 3, 4};
        assertThat(BoxMean.of(square, 2, 2, 5)).containsExactly(2.5f, 2.5f, 2.5f, 2.5f);
    }
}
