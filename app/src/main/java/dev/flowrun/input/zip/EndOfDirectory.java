package dev.flowrun.input.zip;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;

/**
 * Where an archive's central directory is, from its end record (and the ZIP64 one when the classic fields
 * overflow). {@code base} is the number of bytes before the archive proper (a self-extractor's stub), which
 * every offset in the archive is shifted by, as {@code unzip} and the JDK also allow.
 */
record EndOfDirectory(long declaredEntries, long directoryStart, long directorySize, long base) {
    private static final int END_SIGNATURE = 0x06054b50;
    private static final int ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
    private static final int ZIP64_END_SIGNATURE = 0x06064b50;
    private static final int END_LENGTH = 22;
    private static final int MAX_COMMENT = 0xFFFF;

    static EndOfDirectory read(FileChannel channel) throws IOException, ZipFailure {
        long size = channel.size();
        if (size < END_LENGTH) {
            throw ZipFailure.invalid("it is not a zip archive");
        }
        int tailLength = (int) Math.min(size, END_LENGTH + MAX_COMMENT);
        long tailStart = size - tailLength;
        ByteBuffer tail = ChannelSlice.readAt(channel, tailStart, tailLength, "the archive");
        // Scanning backwards finds the last record; one whose comment would run past the file is a false match.
        for (int at = tailLength - END_LENGTH; at >= 0; at--) {
            if (tail.getInt(at) == END_SIGNATURE && at + END_LENGTH + (tail.getShort(at + 20) & 0xFFFF) <= tailLength) {
                return parse(channel, tail, at, tailStart + at);
            }
        }
        throw ZipFailure.invalid("it is not a zip archive (no end of central directory record)");
    }

    private static EndOfDirectory parse(FileChannel channel, ByteBuffer end, int at, long endPosition)
            throws IOException, ZipFailure {
        int disk = end.getShort(at + 4) & 0xFFFF;
        int directoryDisk = end.getShort(at + 6) & 0xFFFF;
        long entries = end.getShort(at + 10) & 0xFFFF;
        long directorySize = end.getInt(at + 12) & 0xFFFFFFFFL;
        long directoryOffset = end.getInt(at + 16) & 0xFFFFFFFFL;
        long directoryEnd = endPosition;
        if (entries == 0xFFFF || directorySize == 0xFFFFFFFFL || directoryOffset == 0xFFFFFFFFL) {
            long zip64End = zip64EndPosition(channel, endPosition);
            if (zip64End >= 0) {
                ByteBuffer record = ChannelSlice.readAt(channel, zip64End, 56, "the ZIP64 end record");
                if (record.getInt(0) != ZIP64_END_SIGNATURE) {
                    throw ZipFailure.invalid("it is corrupt (bad ZIP64 end record)");
                }
                disk = record.getInt(16);
                directoryDisk = record.getInt(20);
                entries = record.getLong(32);
                directorySize = record.getLong(40);
                directoryOffset = record.getLong(48);
                directoryEnd = zip64End;
            }
        }
        if (disk != 0 || directoryDisk != 0) {
            throw ZipFailure.invalid("it is one part of a split (multi-volume) archive");
        }
        long base = directoryEnd - directorySize - directoryOffset;
        if (directorySize < 0 || directoryOffset < 0 || base < 0 || entries < 0) {
            throw ZipFailure.invalid("it is corrupt (its central directory lies outside the file)");
        }
        return new EndOfDirectory(entries, base + directoryOffset, directorySize, base);
    }

    /** The ZIP64 end record's position from the locator just before the classic end record; -1 without one. */
    private static long zip64EndPosition(FileChannel channel, long endPosition) throws IOException, ZipFailure {
        if (endPosition < 20) {
            return -1;
        }
        ByteBuffer locator = ChannelSlice.readAt(channel, endPosition - 20, 20, "the ZIP64 locator");
        if (locator.order(ByteOrder.LITTLE_ENDIAN).getInt(0) != ZIP64_LOCATOR_SIGNATURE) {
            return -1;
        }
        long position = locator.getLong(8);
        if (position < 0 || position > endPosition - 20 - 56) {
            throw ZipFailure.invalid("it is corrupt (bad ZIP64 locator)");
        }
        return position;
    }
}
