package dev.flowrun.cutout.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flowrun.cutout.CutoutFailed;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Loading, family detection and the whole remover path on a hand-written stand-in for a U²-Net export. */
class TinyModelTest {
    @TempDir
    Path dir;

    private Path tiny(int n) throws IOException {
        return Files.write(dir.resolve("tiny-" + n + ".onnx"), TinyOnnx.channelMean(n));
    }

    @Test
    void aModelTaking320SquareInputIsReadAsU2Net() throws Exception {
        try (SegmentationModel model = SegmentationModel.load(tiny(320), null, ModelThreads.of(2))) {
            assertThat(model.family()).isEqualTo(ModelFamily.U2NET);
        }
    }

    @Test
    void brightSubjectOnDarkBackdropComesOutOpaqueWithTheBackdropTransparent() throws Exception {
        // The stand-in's mask is the picture's brightness, min-max stretched as U²-Net's output is.
        BufferedImage image = new BufferedImage(300, 200, BufferedImage.TYPE_INT_RGB);
        for (int y = 0; y < 200; y++) {
            for (int x = 0; x < 300; x++) {
                boolean subject = x >= 100 && x < 200 && y >= 50 && y < 150;
                image.setRGB(x, y, subject ? 0xF0E0D0 : 0x101820);
            }
        }
        try (SegmentationModel model = SegmentationModel.load(tiny(320), null, ModelThreads.of(2))) {
            BufferedImage cut = new ModelBackgroundRemover(model).remove(image, OptionalInt.empty(), 1).image();
            assertThat(cut.getType()).isEqualTo(BufferedImage.TYPE_INT_ARGB);
            assertThat(cut.getRGB(150, 100) >>> 24).isEqualTo(255);
            assertThat(cut.getRGB(150, 100) & 0xFFFFFF).isEqualTo(0xF0E0D0);
            assertThat(cut.getRGB(20, 20) >>> 24).isZero();
            assertThat(cut.getRGB(280, 180) >>> 24).isZero();
        }
    }

    @Test
    void tinyPicturesAreCutOutAtTheirOwnSize() throws Exception {
        try (SegmentationModel model = SegmentationModel.load(tiny(320), null, ModelThreads.of(2))) {
            ModelBackgroundRemover remover = new ModelBackgroundRemover(model);
            for (int[] size : new int[][] {{1, 1}, {3, 2}, {1, 40}}) {
                BufferedImage image = new BufferedImage(size[0], size[1], BufferedImage.TYPE_INT_RGB);
                BufferedImage cut = remover.remove(image, OptionalInt.empty(), 3).image();
                assertThat(cut.getWidth()).isEqualTo(size[0]);
                assertThat(cut.getHeight()).isEqualTo(size[1]);
            }
        }
    }

    @Test
    void existingTransparencyStaysTransparent() throws Exception {
        BufferedImage image = new BufferedImage(64, 64, BufferedImage.TYPE_INT_ARGB);
        for (int y = 0; y < 64; y++) {
            for (int x = 0; x < 64; x++) {
                image.setRGB(x, y, x < 32 ? 0xFFF0F0F0 : 0x00F0F0F0); // right half: white, but transparent
            }
        }
        try (SegmentationModel model = SegmentationModel.load(tiny(320), null, ModelThreads.of(2))) {
            BufferedImage cut = new ModelBackgroundRemover(model).remove(image, OptionalInt.empty(), 1).image();
            for (int y = 0; y < 64; y += 7) {
                assertThat(cut.getRGB(50, y) >>> 24).isZero();
            }
        }
    }

    @Test
    void threadsThatWaitWithoutSpinningGiveTheSameAnswer() throws Exception {
        float[] input = new float[3 * 320 * 320];
        for (int i = 0; i < input.length; i++) {
            input[i] = (i * 7919 % 1000) / 1000f - 0.5f;
        }
        float[] spinning;
        try (SegmentationModel model = SegmentationModel.load(tiny(320), null, new ModelThreads(2, 1, true))) {
            spinning = model.predict(input);
        }
        try (SegmentationModel model = SegmentationModel.load(tiny(320), null, new ModelThreads(2, 1, false))) {
            assertThat(model.toString()).contains("not spinning");
            assertThat(model.predict(input)).containsExactly(spinning);
        }
    }

    @Test
    void aModelOfAnotherInputSizeNeedsTheFamilySetting() throws Exception {
        Path model = tiny(256);
        assertThatThrownBy(() -> SegmentationModel.load(model, null, ModelThreads.of(2)))
                .isInstanceOf(ModelUnavailable.class)
                .hasMessageContaining(model.toString())
                .hasMessageContaining("FLOWRUN_BG_MODEL_FAMILY");
        ModelFamily spec = ModelFamily.parse("size=256 mean=0.5,0.5,0.5 std=1,1,1 output=minmax");
        try (SegmentationModel loaded = SegmentationModel.load(model, spec, ModelThreads.of(2))) {
            assertThat(loaded.family().size()).isEqualTo(256);
            assertThat(loaded.predict(new float[3 * 256 * 256])).hasSize(256 * 256);
        }
    }

    @Test
    void aFileThatIsNoModelOrIsMissingIsRefusedWithItsName() throws Exception {
        Path garbage = Files.writeString(dir.resolve("garbage.onnx"), "not a model");
        assertThatThrownBy(() -> SegmentationModel.load(garbage, null, ModelThreads.of(2)))
                .isInstanceOf(ModelUnavailable.class).hasMessageContaining(garbage.toString())
                .hasMessageNotContaining("\n");
        Path missing = dir.resolve("missing.onnx");
        assertThatThrownBy(() -> SegmentationModel.load(missing, null, ModelThreads.of(2)))
                .isInstanceOf(ModelUnavailable.class).hasMessageContaining(missing.toString());
    }

    @Test
    void aModelFailureFailsTheItemNotTheProcess() throws Exception {
        // A 256² model forced to read as ISNet gets a 1024² input it cannot take: the node fails cleanly.
        try (SegmentationModel model = SegmentationModel.load(tiny(256), ModelFamily.ISNET, ModelThreads.of(2))) {
            BufferedImage image = new BufferedImage(10, 10, BufferedImage.TYPE_INT_RGB);
            assertThatThrownBy(() -> new ModelBackgroundRemover(model).remove(image, OptionalInt.empty(), 1))
                    .isInstanceOf(CutoutFailed.class).hasMessageContaining("segmentation model");
        }
    }
}
