package dev.flowrun.imaging;

import com.twelvemonkeys.imageio.metadata.CompoundDirectory;
import com.twelvemonkeys.imageio.metadata.Directory;
import com.twelvemonkeys.imageio.metadata.Entry;
import com.twelvemonkeys.imageio.metadata.tiff.TIFF;
import com.twelvemonkeys.imageio.metadata.tiff.TIFFReader;
import java.io.IOException;
import java.lang.reflect.Array;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import javax.imageio.stream.FileImageInputStream;
import javax.imageio.stream.ImageInputStream;

/**
 * The JPEG streams inside a JPEG-compressed TIFF (one per strip or tile of the first image, or one old-style
 * interchange stream): the TIFF reader decodes each through a JPEG reader of its own, out of reach of the
 * decoder's checks while it runs, so a progressive bomb in a tile is refused from its scan count beforehand,
 * like a JPEG file ({@link JpegScans}).
 */
final class TiffJpegScans {
    /** No real file comes near it (a 50 MP image in 8-row strips has under 7,000); walking more would cost seconds. */
    static final int MAX_STREAMS = 65_536;
    private static final int OLD_JPEG = 6;
    private static final int JPEG = 7;

    private TiffJpegScans() {
    }

    /** The most scans of any JPEG stream of the first image, up to {@code limit} + 1; 0 when it is not JPEG-compressed. */
    static int most(Path file, int limit) throws IOException, ImageRejected {
        Directory ifd = firstDirectory(file);
        if (ifd == null) {
            return 0;
        }
        long compression = first(ifd, TIFF.TAG_COMPRESSION);
        if (compression != OLD_JPEG && compression != JPEG) {
            return 0;
        }
        long[] offsets = values(ifd, TIFF.TAG_TILE_OFFSETS);
        long[] counts = values(ifd, TIFF.TAG_TILE_BYTE_COUNTS);
        if (offsets.length == 0) {
            offsets = values(ifd, TIFF.TAG_STRIP_OFFSETS);
            counts = values(ifd, TIFF.TAG_STRIP_BYTE_COUNTS);
        }
        if (offsets.length > MAX_STREAMS) {
            throw new ImageRejected(ImageRejected.UNSUPPORTED_MEDIA, "the TIFF file has " + offsets.length
                    + " JPEG-compressed strips or tiles; at most " + MAX_STREAMS + " are supported");
        }
        int most = 0;
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            long interchange = first(ifd, TIFF.TAG_JPEG_INTERCHANGE_FORMAT);
            if (interchange > 0) {
                long length = first(ifd, TIFF.TAG_JPEG_INTERCHANGE_FORMAT_LENGTH);
                most = JpegScans.inStream(channel, interchange, length > 0 ? length : channel.size(), limit);
            }
            for (int i = 0; i < offsets.length && most <= limit; i++) {
                long length = i < counts.length ? counts[i] : channel.size() - offsets[i];
                most = Math.max(most, JpegScans.inStream(channel, offsets[i], length, limit));
            }
        }
        return most;
    }

    /** The first image's directory; null if it cannot be read, which the TIFF reader then reports its own way. */
    private static Directory firstDirectory(Path file) throws IOException {
        try (ImageInputStream in = new FileImageInputStream(file.toFile())) {
            Directory all = new TIFFReader().read(in);
            return all instanceof CompoundDirectory pages && pages.directoryCount() > 0 ? pages.getDirectory(0) : all;
        } catch (javax.imageio.IIOException | RuntimeException e) {
            return null;
        }
    }

    private static long first(Directory ifd, int tag) {
        long[] values = values(ifd, tag);
        return values.length == 0 ? -1 : values[0];
    }

    /** A tag's value as unsigned numbers, whatever integer type or array the file stored it as. */
    private static long[] values(Directory ifd, int tag) {
        Entry entry = ifd.getEntryById(tag);
        Object value = entry == null ? null : entry.getValue();
        if (value instanceof Number number) {
            return new long[] {unsigned(number)};
        }
        if (value == null || !value.getClass().isArray()) {
            return new long[0];
        }
        long[] longs = new long[Array.getLength(value)];
        for (int i = 0; i < longs.length; i++) {
            longs[i] = Array.get(value, i) instanceof Number n ? unsigned(n) : -1;
        }
        return longs;
    }

    private static long unsigned(Number n) {
        return n instanceof Byte b ? b & 0xFF : n instanceof Short s ? s & 0xFFFF : n instanceof Integer i ? i & 0xFFFFFFFFL
                : n.longValue();
    }
}
