package dev.flowrun.imaging;

import com.luciad.imageio.webp.WebPReadParam;
import dev.flowrun.work.DurationText;
import dev.flowrun.work.PixelMemory;
import dev.flowrun.work.WorkBudget;
import dev.flowrun.work.WorkStopped;
import java.awt.image.BufferedImage;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import javax.imageio.ImageIO;
import javax.imageio.ImageReadParam;
import javax.imageio.ImageReader;
import javax.imageio.stream.FileImageInputStream;
import javax.imageio.stream.ImageInputStream;

/**
 * Turns an uploaded or fetched file into the image the nodes work on: TYPE_INT_ARGB if it has an alpha channel,
 * else TYPE_INT_RGB, upright according to its EXIF orientation (JPEG), in sRGB. The format is recognised from the
 * file's first bytes, and everything that could make decoding cost far more than the file's size is refused or
 * bounded before a pixel is decoded: the pixel count from the header ("decompression bombs"), the scans of a JPEG
 * stream ({@link JpegScans}), BMPs wrapping other formats. Metadata is not read at all (PNG text and profile chunks
 * would be inflated whole: 60 zTXt chunks of 100 MB took the heap to 6 GB); the EXIF orientation comes from a reader
 * of its own that reads one segment of at most 64 KB, and the ICC profile of a PNG or WebP file from another that
 * reads at most 4 MB ({@link EmbeddedProfile}; the JPEG and TIFF readers convert to sRGB by themselves). WebP is
 * decoded by libwebp itself (docs/decisions/0029). While decoding, the item's {@link WorkBudget} is checked at
 * every row ({@link ReadGuard}), and the image's pixels are reserved from the shared {@link PixelMemory} first.
 */
public final class ImageDecoder {
    private static final String SUPPORTED = "JPEG, PNG, GIF, BMP, TIFF, WebP";

    /** Enough for the format's signature and, for BMP, the image size and compression. */
    private static final int HEAD_BYTES = BmpHeader.BYTES;

    private final long maxPixels;
    private final PixelMemory memory;
    private final int maxScans;

    /** A decoder that reserves no pixel memory: for tools and tests outside the service. */
    public ImageDecoder(long maxPixels) {
        this(maxPixels, null, JpegScans.LIMIT);
    }

    public ImageDecoder(long maxPixels, PixelMemory memory) {
        this(maxPixels, memory, JpegScans.LIMIT);
    }

    /** {@code maxScans} other than {@link JpegScans#LIMIT} only lets tests reach the decoding of a scan bomb. */
    ImageDecoder(long maxPixels, PixelMemory memory, int maxScans) {
        this.maxPixels = maxPixels;
        this.memory = memory;
        this.maxScans = maxScans;
    }

    /**
     * @throws ImageRejected  {@code unsupported_media} for unknown, undecodable or corrupt files, and for files
     *                        whose decoding would cost too much or did not finish in the item's time;
     *                        {@code image_too_large} when width × height exceeds the limit
     * @throws WorkStopped    when the item's run was cancelled meanwhile
     * @throws Error          as thrown while decoding (out of memory): the item fails as a node would
     * @throws IOException    when the file itself cannot be read
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
        if (format == ImageFormat.BMP && length >= BmpHeader.BYTES) {
            checkBmp(head);
        }
        checkScans(file, format);
        WorkBudget budget = WorkBudget.current();
        ImageReader reader = readers.next();
        BufferedImage image;
        try (ImageInputStream in = new FileImageInputStream(file.toFile())) {
            image = read(reader, in, format, budget, box);
        } finally {
            reader.dispose();
        }
        if (format == ImageFormat.JPEG) {
            try (InputStream in = new BufferedInputStream(Files.newInputStream(file))) {
                image = orient(image, ExifOrientation.read(in));
            }
        }
        if (format == ImageFormat.PNG || format == ImageFormat.WEBP) {
            byte[] profile = EmbeddedProfile.read(file, format);
            if (profile != null) {
                image = ToSrgb.convert(image, profile);
            }
        }
        return image;
    }

    /** Checks the size, decodes the first image and normalises it (exotic colour models can fail there too). */
    private BufferedImage read(ImageReader reader, ImageInputStream in, ImageFormat format, WorkBudget budget,
                               int box) throws ImageRejected, InterruptedIOException {
        List<String> warnings = new ArrayList<>();
        reader.addIIOReadWarningListener((source, warning) -> warnings.add(warning));
        try {
            reader.setInput(in, true, true);
            long width = reader.getWidth(0);
            long height = reader.getHeight(0);
            checkSize(width, height);
            ImageReadParam param = reader.getDefaultReadParam();
            long step = box <= 0 ? 1 : Math.max(1, Math.max(width, height) / (2L * box));
            if (step > 1 && param instanceof WebPReadParam webp) {
                // libwebp scales while decoding; the WebP reader ignores subsampling
                webp.setUseScaling(true);
                webp.setScaledWidth((int) ceilDiv(width, step));
                webp.setScaledHeight((int) ceilDiv(height, step));
            } else if (step > 1) {
                param.setSourceSubsampling((int) step, (int) step, 0, 0);
            }
            if (memory != null) {
                memory.reserve(ceilDiv(width, step), ceilDiv(height, step), budget);
            }
            budget.startClock();
            ReadGuard.install(reader, budget);
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
        } catch (InterruptedIOException e) {
            throw e; // the service is stopping: the item runs again at next start
        } catch (IOException | RuntimeException | Error e) {
            // Readers report corrupt data as IIOException, EOFException or unchecked exceptions alike, and wrap
            // what a listener threw (the budget's stop) or an Error (PNG: "Caught exception during read: ").
            throw failure(format, e, budget);
        }
    }

    private ImageRejected failure(ImageFormat format, Throwable e, WorkBudget budget) {
        if (budget.stopped()) {
            if (budget.cancelled()) {
                budget.checkNow(); // throws WorkStopped: the run does not want the item any more
            }
            return new ImageRejected(ImageRejected.UNSUPPORTED_MEDIA, "the " + format.displayName
                    + " file could not be decoded within the time limit of " + DurationText.format(budget.limit())
                    + " an item's processing may take");
        }
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof Error error) {
                throw error;
            }
        }
        return undecodable(format, reason(e));
    }

    /** The reader's message, with what it wrapped when it says nothing itself (PNG's "Caught exception during read: "). */
    static String reason(Throwable e) {
        String text = e.getMessage() == null ? "" : e.getMessage().strip();
        if (text.endsWith(":")) {
            text = text.substring(0, text.length() - 1);
        }
        Throwable cause = e.getCause();
        if (cause != null && cause != e && (text.isEmpty() || cause.getMessage() == null
                || !text.contains(cause.getMessage()))) {
            String inner = reason(cause);
            String named = cause.getClass().getSimpleName() + (inner.isEmpty() ? "" : ": " + inner);
            return text.isEmpty() ? named : text + " (" + named + ")";
        }
        return text.isEmpty() ? e.getClass().getSimpleName() : text;
    }

    private static long ceilDiv(long size, long step) {
        return (size + step - 1) / step;
    }

    private void checkSize(long width, long height) throws ImageRejected {
        long pixels = width * height;
        if (pixels > maxPixels) {
            throw new ImageRejected(ImageRejected.IMAGE_TOO_LARGE, "image is " + width + "×" + height
                    + " (" + pixels + " pixels), over the limit of " + maxPixels + " pixels");
        }
    }

    private void checkBmp(byte[] head) throws ImageRejected {
        // The JDK's BMP reader refuses a header whose size does not match the file before telling its size,
        // which would report a bomb as a corrupt file rather than as too large.
        checkSize(BmpHeader.width(head), BmpHeader.height(head));
        if (BmpHeader.wrapsAnotherFormat(head)) {
            throw new ImageRejected(ImageRejected.UNSUPPORTED_MEDIA, "BMP files that wrap JPEG or PNG data (a printer"
                    + " format) are not supported; send the JPEG or PNG itself");
        }
    }

    private void checkScans(Path file, ImageFormat format) throws IOException, ImageRejected {
        int scans = switch (format) {
            case JPEG -> JpegScans.inFile(file, maxScans);
            case TIFF -> TiffJpegScans.most(file, maxScans);
            default -> 0;
        };
        if (scans > maxScans) {
            throw new ImageRejected(ImageRejected.UNSUPPORTED_MEDIA, "the " + format.displayName + " file has a"
                    + " progressive JPEG stream of more than " + maxScans + " scans; such files are refused because"
                    + " every scan costs a pass over the whole image (ordinary ones have about 10)");
        }
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
