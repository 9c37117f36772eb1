package dev.flowrun.imaging;

import java.awt.image.BufferedImage;
import java.awt.image.DataBuffer;
import java.awt.image.DataBufferInt;
import java.awt.image.SinglePixelPackedSampleModel;
import java.awt.image.WritableRaster;

/**
 * Moves pixels between {@link BufferedImage}s and packed ARGB {@code int[]}s. Nodes work on whole arrays because
 * per-pixel {@code getRGB}/{@code setRGB} goes through the colour model for every call and is many times slower.
 */
public final class Pixels {
    /**
     * Largest image a node will create (400 MB as ARGB). The catalogue allows 20000×20000 boxes; refusing early
     * fails one item instead of the whole process running out of memory.
     */
    static final long MAX_RESULT_PIXELS = 100_000_000L;
    /** Alpha at or below this is treated as empty: soft shadows and resampling leave faint noise. */
    public static final int EMPTY_ALPHA = 8;

    private Pixels() {
    }

    public static boolean hasAlpha(BufferedImage image) {
        return image.getColorModel().hasAlpha();
    }

    /** A fresh ARGB copy of the image's pixels, row-major; opaque images get alpha 255. */
    static int[] argb(BufferedImage image) {
        int w = image.getWidth();
        int h = image.getHeight();
        int type = image.getType();
        if (type == BufferedImage.TYPE_INT_ARGB || type == BufferedImage.TYPE_INT_RGB) {
            // For int-packed rasters the data elements are the pixels themselves, copied row by row.
            int[] copy = (int[]) image.getRaster().getDataElements(0, 0, w, h, null);
            if (type == BufferedImage.TYPE_INT_RGB) {
                for (int i = 0; i < copy.length; i++) {
                    copy[i] |= 0xFF000000;
                }
            }
            return copy;
        }
        return image.getRGB(0, 0, w, h, null, 0, w);
    }

    /**
     * The image's pixels as packed ints, row-major, for reading only: the backing array itself when the image is a
     * whole TYPE_INT_ARGB or TYPE_INT_RGB image (no copy, which matters at 50 megapixels), else a fresh ARGB copy.
     * For an image without alpha the top byte means nothing: callers check {@link #hasAlpha} first.
     */
    public static int[] readOnly(BufferedImage image) {
        return isWholeIntImage(image) ? data(image) : argb(image);
    }

    /**
     * Whether the image is TYPE_INT_ARGB or TYPE_INT_RGB and its raster is the whole of its buffer (as for any
     * image not made by {@code getSubimage}), so its backing array holds exactly its pixels, row-major.
     */
    static boolean isWholeIntImage(BufferedImage image) {
        int type = image.getType();
        if (type != BufferedImage.TYPE_INT_ARGB && type != BufferedImage.TYPE_INT_RGB) {
            return false;
        }
        WritableRaster raster = image.getRaster();
        DataBuffer buffer = raster.getDataBuffer();
        return raster.getSampleModelTranslateX() == 0 && raster.getSampleModelTranslateY() == 0
                && raster.getSampleModel() instanceof SinglePixelPackedSampleModel packed
                && packed.getScanlineStride() == image.getWidth()
                && buffer.getNumBanks() == 1 && buffer.getOffset() == 0
                && buffer.getSize() == image.getWidth() * image.getHeight();
    }

    /** A new TYPE_INT_ARGB or TYPE_INT_RGB image. */
    public static BufferedImage create(int width, int height, boolean alpha) {
        return new BufferedImage(width, height, alpha ? BufferedImage.TYPE_INT_ARGB : BufferedImage.TYPE_INT_RGB);
    }

    /**
     * A TYPE_INT_ARGB image whose pixels are {@code argb} itself ({@code width} × {@code height}, row-major, not
     * premultiplied): an array filled by a copy is used as it is, without the zeroing and second pass that
     * {@link #create} and a copy into it cost.
     */
    public static BufferedImage wrap(int[] argb, int width, int height) {
        var raster = java.awt.image.Raster.createPackedRaster(new DataBufferInt(argb, argb.length), width, height,
                width, new int[] {0xFF0000, 0xFF00, 0xFF, 0xFF000000}, null);
        return new BufferedImage(java.awt.image.ColorModel.getRGBdefault(), raster, false, null);
    }

    /** The backing array of an image made by {@link #create(int, int, boolean)}: writes go straight to it. */
    public static int[] data(BufferedImage image) {
        return ((DataBufferInt) image.getRaster().getDataBuffer()).getData();
    }

    /** A copy as TYPE_INT_ARGB when the image has an alpha channel, else TYPE_INT_RGB. */
    public static BufferedImage copy(BufferedImage image) {
        return Remap.crop(image, 0, 0, image.getWidth(), image.getHeight());
    }

    public static void checkResultSize(long width, long height) throws ResultTooLarge {
        if (width * height > MAX_RESULT_PIXELS) {
            throw new ResultTooLarge("the result would be " + width + "×" + height + " pixels, over the limit of "
                    + MAX_RESULT_PIXELS + " pixels");
        }
    }
}
