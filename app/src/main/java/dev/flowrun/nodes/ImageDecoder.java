package dev.flowrun.nodes;

import javax.imageio.ImageIO;
import javax.imageio.ImageReadParam;
import javax.imageio.ImageReader;
import javax.imageio.stream.FileImageInputStream;
import javax.imageio.stream.ImageInputStream;
import java.awt.image.BufferedImage;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;

/**
 * Turns an uploaded or fetched file into the image the nodes work on: TYPE_INT_ARGB if it has an alpha channel,
 * else TYPE_INT_RGB, upright according to its EXIF orientation (JPEG). The format is recognised from the file's
 * first bytes, and the pixel count is checked from the header before any pixels are decoded, so a small file
 * claiming a huge image ("decompression bomb") is refused without allocating it.
 */
public final class ImageDecoder {
    private static final String SUPPORTED = "JPEG, PNG, GIF, BMP, TIFF, WebP";

    /** Enough for the format's signature and, for BMP, the image size. */
    private static final int HEAD_BYTES = 26;

    private final long maxPixels;

    public ImageDecoder(long maxPixels) {
        this.maxPixels = maxPixels;
    }

    /**
     * @throws ImageRejected {@code unsupported_media} for unknown, undecodable or corrupt files,
     *                       {@code image_too_large} when width × height exceeds the limit
     * @throws IOException   when the file itself cannot be read
     */
    public BufferedImage decode(Path file) throws ImageRejected, IOException {
        return decode(file, 0);
    }

    /**
     * The same, reading only every n-th pixel of a large image so that its longer side stays at least
     * {@code 2 × box} (0: every pixel): a thumbnail of a 50-megapixel photo then never holds the full raster.
     */
    public BufferedImage decodeReduced(Path file, int box) throws ImageRejected, IOException {
        return decode(file, box);
    }

    private BufferedImage decode(Path file, int box) throws ImageRejected, IOException {
        byte[] head = new byte[HEAD_BYTES];
        int length;
        try (InputStream in = Files.newInputStream(file)) {
            length = in.readNBytes(head, 0, head.length);
        }
        ImageFormat format = ImageFormat.sniff(head, length);
        if (format == null) {
            throw new ImageRejected(ImageRejected.UNSUPPORTED_MEDIA,
                    "the file is not a supported image (" + SUPPORTED + ")");
        }
        Iterator<ImageReader> readers = ImageIO.getImageReadersByFormatName(format.readerName);
        if (!readers.hasNext()) {
            throw new ImageRejected(ImageRejected.UNSUPPORTED_MEDIA,
                    format.displayName + " images are not supported: no " + format.displayName
                            + " decoder is installed");
        }
        if (format == ImageFormat.BMP && length >= 26) {
            // The JDK's BMP reader refuses a header whose size does not match the file before telling its size,
            // which would report a bomb as a corrupt file rather than as too large.
            checkSize(bmpWidth(head), bmpHeight(head));
        }
        ImageReader reader = readers.next();
        BufferedImage image;
        try (ImageInputStream in = new FileImageInputStream(file.toFile())) {
            image = read(reader, in, format, box);
        } finally {
            reader.dispose();
        }
        if (format == ImageFormat.JPEG) {
            try (InputStream in = new BufferedInputStream(Files.newInputStream(file))) {
                image = orient(image, ExifOrientation.read(in));
            }
        }
        return image;
    }

    /** Checks the size, decodes the first image and normalises it (exotic colour models can fail there too). */
    private BufferedImage read(ImageReader reader, ImageInputStream in, ImageFormat format, int box)
            throws ImageRejected {
        List<String> warnings = new ArrayList<>();
        reader.addIIOReadWarningListener((source, warning) -> warnings.add(warning));
        try {
            reader.setInput(in, true, false);
            int width = reader.getWidth(0);
            int height = reader.getHeight(0);
            checkSize(width, height);
            ImageReadParam param = reader.getDefaultReadParam();
            int step = box <= 0 ? 1 : Math.max(1, Math.max(width, height) / (2 * box));
            if (step > 1) {
                param.setSourceSubsampling(step, step, 0, 0);
            }
            BufferedImage image = reader.read(0, param);
            // The JPEG reader only warns about a cut-off file and fills the missing part with gray.
            // Other warnings (e.g. stray bytes between markers) are common in camera files and harmless.
            for (String warning : warnings) {
                String text = warning == null ? "" : warning.toLowerCase(Locale.ROOT);
                if (text.contains("truncated") || text.contains("premature end")) {
                    throw undecodable(format, "the file is truncated");
                }
            }
            return Normalise.toIntRgbOrArgb(image);
        } catch (IOException | RuntimeException e) {
            // Readers report corrupt data as IIOException, EOFException or unchecked exceptions alike.
            throw undecodable(format, e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
        }
    }

    private void checkSize(long width, long height) throws ImageRejected {
        long pixels = width * height;
        if (pixels > maxPixels) {
            throw new ImageRejected(ImageRejected.IMAGE_TOO_LARGE, "image is " + width + "×" + height
                    + " (" + pixels + " pixels), over the limit of " + maxPixels + " pixels");
        }
    }

    /** Width from the DIB header: 16 bits in the old 12-byte OS/2 header, else 32 (little-endian). */
    private static long bmpWidth(byte[] head) {
        return littleEndian(head, 14, 4) == 12 ? littleEndian(head, 18, 2) : Math.abs((int) littleEndian(head, 18, 4));
    }

    /** Height, likewise; negative in the 32-bit form for top-down images. */
    private static long bmpHeight(byte[] head) {
        return littleEndian(head, 14, 4) == 12 ? littleEndian(head, 20, 2) : Math.abs((int) littleEndian(head, 22, 4));
    }

    private static long littleEndian(byte[] bytes, int at, int count) {
        long value = 0;
        for (int i = count - 1; i >= 0; i--) {
            value = value << 8 | (bytes[at + i] & 0xFF);
        }
        return value;
    }

    private static ImageRejected undecodable(ImageFormat format, String why) {
        return new ImageRejected(ImageRejected.UNSUPPORTED_MEDIA,
                "the " + format.displayName + " file could not be decoded: " + why);
    }

    /** Applies EXIF orientation 1–8: the transform that makes the stored pixels upright. */
    static BufferedImage orient(BufferedImage image, int orientation) {
        return switch (orientation) {
            case 2 -> Remap.flipHorizontal(image);
            case 3 -> Remap.rotateClockwise(image, 180);
            case 4 -> Remap.flipVertical(image);
            case 5 -> Remap.transpose(image);
            case 6 -> Remap.rotateClockwise(image, 90);
            case 7 -> Remap.transverse(image);
            case 8 -> Remap.rotateClockwise(image, 270);
            default -> image;
        };
    }
}
