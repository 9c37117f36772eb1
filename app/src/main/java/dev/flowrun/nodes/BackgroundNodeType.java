package dev.flowrun.nodes;

import dev.flowrun.files.StorageUnavailable;
import dev.flowrun.imaging.BoxBlur;
import dev.flowrun.imaging.Colors;
import dev.flowrun.imaging.Pixels;
import dev.flowrun.imaging.Remap;
import dev.flowrun.imaging.ResultTooLarge;
import dev.flowrun.imaging.Scaler;
import java.awt.image.BufferedImage;
import java.net.URI;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * {@code background}: an opaque backdrop behind an image with transparency, from exactly one of {@code color},
 * {@code imageUrl} (fetched once per run as inputs are, scaled to cover and centred) or {@code blur} (the photo the
 * nearest cut-out above came from, blurred). The cut-out's own colours are laid over it: along its edge they are the
 * cleaned ones (without the old backdrop's share), so no halo of the old backdrop shows on the new one.
 */
public final class BackgroundNodeType extends NamedNodeType {
    private static final String ONE_OF = "exactly one of color, imageUrl and blur is required";
    static final DataField COLOR = DataField.color("color").example("#FFFFFF").help("A plain backdrop of this colour.");
    static final DataField IMAGE_URL = DataField.text("imageUrl", "an http or https URL",
                    "{\"type\": \"string\", \"pattern\": \"^[Hh][Tt][Tt][Pp][Ss]?://\"}")
            .help("A picture fetched once per run under the same rules and limits as inputs, scaled to cover the "
                    + "canvas and centred.");
    static final DataField BLUR = DataField.integer("blur", 1, 100)
            .help("The photo the cut-out came from (the input of the nearest removeBackground above), blurred by "
                    + "this radius in px, behind the sharp subject.");

    public BackgroundNodeType() {
        super("background", Role.TRANSFORM, "Puts an opaque background behind an image with transparency: a colour, "
                + "an image from a URL, or the blurred photo the cut-out came from. An opaque image passes unchanged.",
                COLOR, IMAGE_URL, BLUR);
    }

    @Override
    public List<List<DataField>> exactlyOneOf() {
        return List.of(List.of(COLOR, IMAGE_URL, BLUR));
    }

    @Override
    public Node compile(NodeData d) throws InvalidNodeData {
        OptionalInt color = d.color(COLOR);
        Optional<String> url = d.text(IMAGE_URL);
        OptionalInt blur = d.optionalInteger(BLUR);
        int given = (color.isPresent() ? 1 : 0) + (url.isPresent() ? 1 : 0) + (blur.isPresent() ? 1 : 0);
        if (given != 1) {
            throw new InvalidNodeData(color.isPresent() || given == 0 ? "color" : "imageUrl", ONE_OF);
        }
        if (url.isPresent() && !httpUrl(url.get())) {
            throw new InvalidNodeData("imageUrl", "imageUrl must be " + IMAGE_URL.ruleText());
        }
        return new Background(color.orElse(0), url.orElse(null), blur.orElse(0), new Fetched());
    }

    private static boolean httpUrl(String text) {
        try {
            URI uri = new URI(text);
            return uri.getScheme() != null && uri.getScheme().matches("(?i)https?") && uri.getHost() != null;
        } catch (Exception e) {
            return false;
        }
    }

    /** {@code color} is packed opaque ARGB when {@code url} is null and {@code blur} 0. */
    record Background(int color, String url, int blur, Fetched fetched) implements PictureTransform {
        @Override
        public Transformed transform(Picture picture) throws NodeFailure {
            BufferedImage image = picture.image();
            if (!Pixels.hasAlpha(image)) {
                return Transformed.of(picture);
            }
            int w = image.getWidth();
            int h = image.getHeight();
            int[] src = Pixels.readOnly(image);
            BufferedImage result = Pixels.create(w, h, false);
            int[] dst = Pixels.data(result);
            if (url == null && blur == 0) {
                Colors.flatten(src, true, color, dst);
                return Transformed.of(picture.with(result));
            }
            int[] back;
            try {
                back = Pixels.readOnly(backdrop(picture));
            } catch (ResultTooLarge e) {
                throw new NodeFailure(e.getMessage());
            }
            for (int i = 0; i < src.length; i++) {
                dst[i] = Colors.flatten(src[i], back[i] | 0xFF000000);
            }
            return Transformed.of(picture.with(result));
        }

        private BufferedImage backdrop(Picture picture) throws NodeFailure, ResultTooLarge {
            BufferedImage image = picture.image();
            if (url != null) {
                return cover(fetched.get(url, picture.remote()), image.getWidth(), image.getHeight());
            }
            BufferedImage photo = picture.photo();
            if (photo == null) {
                throw new NodeFailure("blur shows the photo a cut-out came from, and no removeBackground is above "
                        + "this node");
            }
            boolean aligned = photo.getWidth() == image.getWidth() && photo.getHeight() == image.getHeight();
            return BoxBlur.image(aligned ? photo : cover(photo, image.getWidth(), image.getHeight()), blur);
        }

        /** Scaled until it covers {@code w}×{@code h}, the overflow cut evenly from both sides. */
        private static BufferedImage cover(BufferedImage source, int w, int h) throws ResultTooLarge {
            double scale = Math.max((double) w / source.getWidth(), (double) h / source.getHeight());
            int tw = Math.max(w, (int) Math.ceil(source.getWidth() * scale));
            int th = Math.max(h, (int) Math.ceil(source.getHeight() * scale));
            BufferedImage scaled = Scaler.scale(source, tw, th);
            return tw == w && th == h ? scaled : Remap.crop(scaled, (tw - w) / 2, (th - h) / 2, w, h);
        }
    }

    /** What an {@code imageUrl} gave, kept by the run's compiled node: fetched once, by the first item to need it. */
    static final class Fetched {
        private BufferedImage image;
        private NodeFailure failure;

        synchronized BufferedImage get(String url, RemoteImages remote) throws NodeFailure {
            if (image == null && failure == null) {
                try {
                    image = remote.fetch(url);
                } catch (NodeFailure e) {
                    if (StorageUnavailable.in(e) != null) {
                        throw e; // the store is away, not the image: the item waits and a later one asks again
                    }
                    failure = e;
                }
            }
            if (failure != null) {
                throw new NodeFailure(failure.getMessage());
            }
            return image;
        }
    }
}
