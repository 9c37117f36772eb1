package dev.flowrun.cutout.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class ModelFamilyTest {

    @Test
    void familyIsRecognisedFromTheInputShape() {
        assertThat(ModelFamily.fromInputShape(new long[] {1, 3, 1024, 1024})).isEqualTo(ModelFamily.ISNET);
        assertThat(ModelFamily.fromInputShape(new long[] {1, 3, 320, 320})).isEqualTo(ModelFamily.U2NET);
        assertThat(ModelFamily.fromInputShape(new long[] {1, 3, 512, 512})).isNull();
        assertThat(ModelFamily.fromInputShape(new long[] {-1, 3, -1, -1})).isNull();
        assertThat(ModelFamily.fromInputShape(new long[] {1, 1, 320, 320})).isNull();
    }

    @Test
    void isnetIsFedAsImglyFeedsIt() {
        // IMG.LY's tensorHWCtoBCHW: (v − 128) / 256 for each of R, G, B.
        for (int v : new int[] {0, 1, 128, 200, 255}) {
            for (int c = 0; c < 3; c++) {
                assertThat(ModelFamily.ISNET.normalise(v, c)).isCloseTo((v - 128) / 256f, within(1e-6f));
            }
        }
    }

    @Test
    void u2netIsFedImageNetMeanAndStandardDeviation() {
        assertThat(ModelFamily.U2NET.normalise(255, 0)).isCloseTo((1 - 0.485f) / 0.229f, within(1e-5f));
        assertThat(ModelFamily.U2NET.normalise(0, 1)).isCloseTo(-0.456f / 0.224f, within(1e-5f));
        assertThat(ModelFamily.U2NET.normalise(51, 2)).isCloseTo((0.2f - 0.406f) / 0.225f, within(1e-5f));
        assertThat(ModelFamily.U2NET.output()).isEqualTo(ModelFamily.Output.MINMAX);
    }

    @Test
    void theSettingNamesAFamilyOrSpellsOneOut() {
        assertThat(ModelFamily.parse("ISNet")).isEqualTo(ModelFamily.ISNET);
        assertThat(ModelFamily.parse("u2netp")).isEqualTo(ModelFamily.U2NET);
        ModelFamily custom = ModelFamily.parse("size=512 mean=0.5,0.5,0.5 std=0.5,0.5,0.5 output=probability");
        assertThat(custom.size()).isEqualTo(512);
        assertThat(custom.normalise(255, 0)).isCloseTo(1f, within(1e-6f));
        assertThat(custom.output()).isEqualTo(ModelFamily.Output.PROBABILITY);
        for (String bad : new String[] {"resnet", "size=512", "size=10 mean=0,0,0 std=1,1,1 output=minmax",
                "size=512 mean=0,0 std=1,1,1 output=minmax", "size=512 mean=0,0,0 std=0,1,1 output=minmax",
                "size=512 mean=0,0,0 std=1,1,1 output=logits"}) {
            assertThatThrownBy(() -> ModelFamily.parse(bad)).as(bad).isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void outputsAreBroughtToZeroToOne() {
        float[] probability = {-0.2f, 0.3f, 1.4f};
        SegmentationModel.scale(probability, ModelFamily.Output.PROBABILITY);
        assertThat(probability).containsExactly(0f, 0.3f, 1f);
        float[] minmax = {2f, 4f, 6f};
        SegmentationModel.scale(minmax, ModelFamily.Output.MINMAX);
        assertThat(minmax).containsExactly(0f, 0.5f, 1f);
        float[] flat = {3f, 3f};
        SegmentationModel.scale(flat, ModelFamily.Output.MINMAX);
        assertThat(flat).containsExactly(0f, 0f);
    }

    @Test
    void everyCoreIsInThePoolAndOneRunGoesAtATime() {
        assertThat(ModelThreads.of(2)).isEqualTo(new ModelThreads(2, 1));
        assertThat(ModelThreads.of(8)).isEqualTo(new ModelThreads(8, 1));
        assertThat(ModelThreads.of(1)).isEqualTo(new ModelThreads(1, 1));
    }

    @Test
    void theThreadsSpinUnlessTheSettingSaysNot() {
        assertThat(ModelThreads.of(2).spinning()).isTrue();
        assertThat(ModelThreads.of(2, true)).isEqualTo(new ModelThreads(2, 1, true));
        assertThat(ModelThreads.of(2, false)).isEqualTo(new ModelThreads(2, 1, false));
    }
}
