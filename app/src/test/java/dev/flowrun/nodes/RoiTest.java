package dev.flowrun.nodes;

import static dev.flowrun.nodes.TestSupport.transform;
import static dev.flowrun.support.Argb.alpha;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flowrun.cutout.model.CachingModelRemover;
import dev.flowrun.cutout.model.Photos;
import dev.flowrun.cutout.model.Photos.Source;
import dev.flowrun.imaging.ImageDecoder;
import java.awt.image.BufferedImage;
import org.junit.jupiter.api.Test;

/** {@code removeBackground}'s {@code roi}: only what lies inside can be subject. */
class RoiTest {
    private final ImageDecoder decoder = new ImageDecoder(50_000_000);

    @Test
    void withTheClassicMethodEverythingOutsideTheRegionIsBackground() throws Exception {
        // Sweets scattered on a white table: without a region each one is subject.
        BufferedImage photo = decoder.decode(Photos.get(Source.OPENCV, "data/smarties.png"));
        int w = photo.getWidth();
        int h = photo.getHeight();
        BufferedImage whole = transform("removeBackground", "{'method': 'classic'}").apply(photo);
        BufferedImage left = transform("removeBackground",
                "{'method': 'classic', 'roi': {'x': 0, 'y': '0%', 'width': '50%', 'height': '100%'}}").apply(photo);
        assertThat(left.getWidth()).isEqualTo(w);
        long opaqueRightBefore = 0;
        long opaqueRight = 0;
        long opaqueLeft = 0;
        long opaqueLeftBefore = 0;
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                boolean inside = x < Math.round(w * 0.5);
                int a = alpha(left.getRGB(x, y));
                int before = alpha(whole.getRGB(x, y));
                if (inside) {
                    opaqueLeft += a >= 128 ? 1 : 0;
                    opaqueLeftBefore += before >= 128 ? 1 : 0;
                } else {
                    opaqueRight += a > 0 ? 1 : 0;
                    opaqueRightBefore += before >= 128 ? 1 : 0;
                }
            }
        }
        assertThat(opaqueRightBefore).as("sweets on the right without a region").isGreaterThan(w * h / 50);
        assertThat(opaqueRight).as("any pixel outside the region").isZero();
        assertThat(opaqueLeft).as("the sweets on the left, %d without a region", opaqueLeftBefore)
                .isBetween(opaqueLeftBefore * 8 / 10, opaqueLeftBefore * 12 / 10);
    }

    @Test
    void withTheModelOnlyTheSubjectInsideTheRegionIsCutOut() throws Exception {
        // Two spoonbills side by side: without a region the model keeps both; a box around the left one keeps it.
        BufferedImage photo = decoder.decode(Photos.get(Source.GCOMPRIS, "erase.rcc!/gcompris/src/activities/erase/"
                + "resource/spoonbills.webp"));
        NodeCatalogue withModel = NodeCatalogue.standard(new CachingModelRemover().withoutSecondLook());
        TransformNode node = (TransformNode) withModel.find("removeBackground").orElseThrow().compile(TestSupport.json(
                "{'method': 'model', 'roi': {'x': 0, 'y': 0, 'width': '36%', 'height': '100%'}}"));
        BufferedImage cut = node.apply(photo);
        int w = photo.getWidth();
        int h = photo.getHeight();
        int edge = (int) Math.round(w * 0.36);
        long inside = 0;
        long outside = 0;
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                int a = alpha(cut.getRGB(x, y));
                if (x < edge) {
                    inside += a >= 128 ? 1 : 0;
                } else {
                    outside += a > 0 ? 1 : 0;
                }
            }
        }
        assertThat(outside).as("any pixel outside the region").isZero();
        assertThat((double) inside / ((long) edge * h)).as("the left bird's share of the region").isBetween(0.05, 0.5);
    }

    @Test
    void aRegionOutsideThePhotoFailsTheItemSayingSo() throws Exception {
        BufferedImage photo = decoder.decode(Photos.get(Source.OPENCV, "data/smarties.png"));
        assertThatThrownBy(() -> transform("removeBackground",
                "{'method': 'classic', 'roi': {'x': 5000, 'y': 0, 'width': 100, 'height': 100}}").apply(photo))
                .isInstanceOf(NodeFailure.class).hasMessageContaining("roi lies outside the");
    }

    @Test
    void aRegionPartlyOutsideThePhotoIsClipped() throws Exception {
        BufferedImage photo = decoder.decode(Photos.get(Source.OPENCV, "data/smarties.png"));
        BufferedImage cut = transform("removeBackground",
                "{'method': 'classic', 'roi': {'x': '50%', 'y': -40, 'width': 5000, 'height': 1000}}")
                .apply(photo);
        assertThat(cut.getWidth()).isEqualTo(photo.getWidth());
        assertThat(alpha(cut.getRGB(photo.getWidth() / 4, photo.getHeight() / 2))).isZero();
    }
}
