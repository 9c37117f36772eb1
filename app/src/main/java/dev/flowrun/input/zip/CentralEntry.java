package dev.flowrun.input.zip;

/**
 * One record of the central directory: the archive's own list of its entries, which (unlike the local
 * headers) also says what kind of file each entry is. Sizes are what the archive declares, used only to
 * refuse early; the bytes actually inflated are what is counted.
 */
record CentralEntry(String name, int madeBy, int flags, int method, long crc, long compressedSize, long size,
                    long localHeaderOffset, long externalAttributes) {
    static final int STORED = 0;
    static final int DEFLATED = 8;
    private static final long UNIX_SYMLINK = 0xA000;
    private static final long UNIX_DIRECTORY = 0x4000;

    boolean isDirectory() {
        if (name.endsWith("/") || name.endsWith("\\")) {
            return true;
        }
        return unixHost() ? unixType() == UNIX_DIRECTORY : msdosDirectory();
    }

    /** A symbolic link: its content is a path, which is never followed nor read as a file. */
    boolean isSymlink() {
        return unixHost() && unixType() == UNIX_SYMLINK;
    }

    boolean isEncrypted() {
        return (flags & 1) != 0;
    }

    boolean supportedMethod() {
        return method == STORED || method == DEFLATED;
    }

    /** The system whose attributes the entry carries: the upper byte of "version made by" (APPNOTE 4.4.2). */
    private int host() {
        return madeBy >>> 8;
    }

    /** Unix (3) or OS X (19): the upper half of the external attributes is the Unix mode. */
    private boolean unixHost() {
        return host() == 3 || host() == 19;
    }

    /** MS-DOS (host 0) and the directory attribute (0x10). */
    private boolean msdosDirectory() {
        return host() == 0 && (externalAttributes & 0x10) != 0;
    }

    /** The file type bits of the Unix mode (S_IFMT). */
    private long unixType() {
        return (externalAttributes >>> 16) & 0xF000;
    }
}
