package dev.flowrun.input.zip;

import java.io.BufferedInputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.CharBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Walks the central directory one record at a time through a small buffer, so memory does not depend on how
 * many entries an archive has or how long their names are. The number of records is counted, not taken from
 * the end record, and refused past the limit.
 */
final class CentralDirectory implements Closeable {
    private static final int SIGNATURE = 0x02014b50;
    private static final int FIXED_LENGTH = 46;
    private static final int UTF8_FLAG = 0x800;
    private static final int ZIP64_EXTRA = 0x0001;
    private static final long OVERFLOW = 0xFFFFFFFFL;
    /** Names without the UTF-8 flag that are not valid UTF-8 are from old DOS/Windows tools: code page 437. */
    private static final Charset LEGACY = Charset.isSupported("IBM437") ? Charset.forName("IBM437") : StandardCharsets.ISO_8859_1;
    private final InputStream in;
    private final EndOfDirectory end;
    private final int maxEntries;
    private final byte[] fixed = new byte[FIXED_LENGTH];
    private long consumed;
    private int count;

    CentralDirectory(FileChannel channel, EndOfDirectory end, int maxEntries) {
        this.in = new BufferedInputStream(new ChannelSlice(channel, end.directoryStart(), end.directorySize()), 64 * 1024);
        this.end = end;
        this.maxEntries = maxEntries;
    }

    /** The next record, or null after the last one. */
    CentralEntry next() throws IOException {
        if (end.directorySize() - consumed < 4 || !nextIsRecord()) {
            if (count < end.declaredEntries()) {
                throw new ArchiveProblem("it is corrupt (its directory lists " + count + " entries, its end record "
                        + end.declaredEntries() + ")");
            }
            return null;
        }
        if (++count > maxEntries) {
            throw new ArchiveProblem("it has more than " + maxEntries + " entries");
        }
        ByteBuffer record = ByteBuffer.wrap(fixed).order(ByteOrder.LITTLE_ENDIAN);
        readFully(fixed, 4, FIXED_LENGTH - 4);
        int nameLength = record.getShort(28) & 0xFFFF;
        int extraLength = record.getShort(30) & 0xFFFF;
        int commentLength = record.getShort(32) & 0xFFFF;
        byte[] name = new byte[nameLength];
        readFully(name, 0, nameLength);
        byte[] extra = new byte[extraLength];
        readFully(extra, 0, extraLength);
        skipFully(commentLength);
        int flags = record.getShort(8) & 0xFFFF;
        long[] sizes = {record.getInt(24) & OVERFLOW, record.getInt(20) & OVERFLOW, record.getInt(42) & OVERFLOW};
        applyZip64(extra, sizes);
        return new CentralEntry(decodeName(name, flags), record.getShort(4) & 0xFFFF, flags, record.getShort(10) & 0xFFFF,
                record.getInt(16) & OVERFLOW, sizes[1], sizes[0], sizes[2], record.getInt(38) & OVERFLOW);
    }

    private boolean nextIsRecord() throws IOException {
        in.mark(4);
        readFully(fixed, 0, 4);
        if (ByteBuffer.wrap(fixed, 0, 4).order(ByteOrder.LITTLE_ENDIAN).getInt() == SIGNATURE) {
            return true;
        }
        // Something else after the records (a digital signature record): the directory is over.
        in.reset();
        consumed -= 4;
        return false;
    }

    /** Replaces the overflowed fields (size, compressed size, local offset, in that order) with their 64-bit values. */
    private static void applyZip64(byte[] extra, long[] sizes) throws ArchiveProblem {
        ByteBuffer fields = ByteBuffer.wrap(extra).order(ByteOrder.LITTLE_ENDIAN);
        while (fields.remaining() >= 4) {
            int id = fields.getShort() & 0xFFFF;
            int length = fields.getShort() & 0xFFFF;
            if (length > fields.remaining()) {
                return;
            }
            if (id != ZIP64_EXTRA) {
                fields.position(fields.position() + length);
                continue;
            }
            ByteBuffer zip64 = fields.slice(fields.position(), length).order(ByteOrder.LITTLE_ENDIAN);
            for (int i = 0; i < sizes.length; i++) {
                if (sizes[i] == OVERFLOW) {
                    if (zip64.remaining() < 8) {
                        throw new ArchiveProblem("it is corrupt (short ZIP64 field)");
                    }
                    sizes[i] = zip64.getLong();
                    if (sizes[i] < 0) {
                        throw new ArchiveProblem("it is corrupt (negative ZIP64 size)");
                    }
                }
            }
            return;
        }
    }

    private static String decodeName(byte[] name, int flags) {
        if ((flags & UTF8_FLAG) != 0) {
            return new String(name, StandardCharsets.UTF_8);
        }
        try {
            CharBuffer decoded = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(name));
            return decoded.toString();
        } catch (CharacterCodingException e) {
            return new String(name, LEGACY);
        }
    }

    private void readFully(byte[] into, int offset, int length) throws IOException {
        int done = 0;
        while (done < length) {
            int n = in.read(into, offset + done, length - done);
            if (n < 0) {
                throw new ArchiveProblem("it is corrupt (its central directory is cut off)");
            }
            done += n;
        }
        consumed += length;
    }

    private void skipFully(int length) throws IOException {
        long left = length;
        while (left > 0) {
            long n = in.skip(left);
            if (n <= 0) {
                if (in.read() < 0) {
                    throw new ArchiveProblem("it is corrupt (its central directory is cut off)");
                }
                n = 1;
            }
            left -= n;
        }
        consumed += length;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
