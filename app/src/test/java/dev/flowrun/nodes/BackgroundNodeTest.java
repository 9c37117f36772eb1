package dev.flowrun.nodes;

import static dev.flowrun.nodes.TestSupport.compile;
import static dev.flowrun.nodes.TestSupport.transform;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flowrun.files.StorageUnavailable;
import dev.flowrun.support.Argb;
import java.awt.image.BufferedImage;
import org.junit.jupiter.api.Test;

/** {@code background}: an opaque backdrop behind a cut-out, its colours laid over unchanged. */
class BackgroundNodeTest {

    /** A half-transparent edge pixel and an opaque subject over a transparent ground. */
    private static BufferedImage cutout() {
        BufferedImage image = new BufferedImage(40, 30, BufferedImage.TYPE_INT_ARGB);
        Argb.paint(image, 10, 5, 30, 25, (x, y) -> 0xFF20A040);
        image.setRGB(9, 10, 0x8020A040);
        return image;
    }

    /** A photo whose left half is red and right half blue. */
    private static BufferedImage photo(int w, int h) {
        return Argb.paint(Argb.filled(w, h, 0xFF0000FF, false), 0, 0, w / 2, h, (x, y) -> 0xFFFF0000);
    }

    private static BufferedImage apply(String data, Picture picture) throws NodeFailure {
        return ((PictureTransform) transform("background", data)).transform(picture).picture().image();
    }

    @Test
    void aColourGoesBehindAndTheEdgeMixesWithItAlone() throws NodeFailure {
        BufferedImage out = apply("{'color': '#FFFFFF'}", Picture.photo(cutout()));
        assertThat(out.getColorModel().hasAlpha()).isFalse();
        assertThat(out.getRGB(0, 0)).isEqualTo(0xFFFFFFFF);
        assertThat(out.getRGB(15, 15)).isEqualTo(0xFF20A040);
        assertThat(Argb.colourDistance(out.getRGB(9, 10), 0xFF8FCF9F)).as("half green, half white").isLessThanOrEqualTo(1);
    }

    @Test
    void blurShowsTheBlurredPhotoTheCutOutCameFromBehindTheSharpSubject() throws NodeFailure {
        BufferedImage photo = photo(40, 30);
        Picture cut = Picture.photo(photo).cutOut(cutout());
        BufferedImage out = apply("{'blur': 8}", cut);
        assertThat(out.getRGB(15, 15)).as("the subject stays sharp").isEqualTo(0xFF20A040);
        assertThat(Argb.colourDistance(out.getRGB(1, 1), 0xFFFF0000)).as("far from the split: red").isLessThan(40);
        int atSplit = out.getRGB(20, 27);
        assertThat(Argb.red(atSplit)).as("at the split the halves mix").isBetween(60, 200);
        assertThat(Argb.blue(atSplit)).isBetween(60, 200);
    }

    @Test
    void blurFollowsTheCutOutThroughTrimAndCoversOtherwise() throws NodeFailure {
        BufferedImage photo = photo(40, 30);
        Picture cut = Picture.photo(photo).cutOut(cutout());
        Picture trimmed = ((PictureTransform) transform("trim", "{}")).transform(cut).picture();
        assertThat(trimmed.photo().getWidth()).as("the photo cut as the cut-out was").isEqualTo(trimmed.image().getWidth());
        assertThat(apply("{'blur': 2}", trimmed).getRGB(5, 10)).isEqualTo(0xFF20A040);
        Picture padded = ((PictureTransform) transform("pad", "{'width': 80, 'height': 80}")).transform(trimmed)
                .picture();
        assertThat(apply("{'blur': 2}", padded).getWidth()).as("scaled to cover the pad's canvas").isEqualTo(80);
    }

    @Test
    void blurWithoutACutOutAboveFailsTheNodeSayingWhy() {
        assertThatThrownBy(() -> apply("{'blur': 5}", Picture.photo(cutout())))
                .isInstanceOf(NodeFailure.class).hasMessageContaining("removeBackground");
    }

    @Test
    void anOpaqueImagePassesUnchanged() throws NodeFailure {
        BufferedImage opaque = Argb.filled(5, 5, 0xFF102030, false);
        assertThat(apply("{'color': '#FFFFFF'}", Picture.photo(opaque))).isSameAs(opaque);
    }

    @Test
    void exactlyOneKindOfBackgroundIsTaken() {
        for (String data : new String[] {"{}", "{'color': '#FFFFFF', 'blur': 3}",
                "{'imageUrl': 'https://example.com/a.jpg', 'blur': 3}"}) {
            assertThatThrownBy(() -> compile("background", data)).as(data).isInstanceOf(InvalidNodeData.class)
                    .hasMessageContaining("exactly one of color, imageUrl and blur");
        }
        assertThatThrownBy(() -> compile("background", "{'imageUrl': 'file:///etc/passwd'}"))
                .isInstanceOf(InvalidNodeData.class).hasMessageContaining("http");
        assertThatThrownBy(() -> compile("background", "{'blur': 0}")).isInstanceOf(InvalidNodeData.class);
    }

    @Test
    void anImageUrlMissedBecauseTheStoreWasAwayIsAskedForAgainWhileAFailedDownloadIsNot() throws NodeFailure {
        BufferedImage backdrop = Argb.filled(4, 4, 0xFF2060C0, false);
        int[] asked = {0};
        RemoteImages storeAwayOnce = url -> {
            if (asked[0]++ == 0) {
                throw new NodeFailure("GET " + url + " could not be read",
                        new StorageUnavailable("the file store cannot be reached", null));
            }
            return backdrop;
        };
        BackgroundNodeType.Fetched fetched = new BackgroundNodeType.Fetched();
        assertThatThrownBy(() -> fetched.get("https://example.com/b.png", storeAwayOnce))
                .isInstanceOf(NodeFailure.class);
        assertThat(fetched.get("https://example.com/b.png", storeAwayOnce)).isSameAs(backdrop);
        assertThat(asked[0]).isEqualTo(2);

        int[] refused = {0};
        RemoteImages notFound = url -> {
            refused[0]++;
            throw new NodeFailure("GET " + url + ": 404");
        };
        BackgroundNodeType.Fetched failedOnce = new BackgroundNodeType.Fetched();
        assertThatThrownBy(() -> failedOnce.get("https://example.com/b.png", notFound)).hasMessageContaining("404");
        assertThatThrownBy(() -> failedOnce.get("https://example.com/b.png", notFound)).hasMessageContaining("404");
        assertThat(refused[0]).as("a download that failed is the run's answer on this node: asked once").isEqualTo(1);
    }
}
