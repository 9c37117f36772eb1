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
    private static final int HOST_MSDOS = 0;
    private static final int HOST_UNIX = 3;
    private static final int HOST_OSX = 19;
    private static final long UNIX_TYPE_MASK = 0xF000;
    private static final long UNIX_SYMLINK = 0xA000;
    private static final long UNIX_DIRECTORY = 0x4000;
    private static final long MSDOS_DIRECTORY = 0x10;

    boolean isDirectory() {
        if (name.endsWith("/") || name.endsWith("\\")) {
            return true;
        }
        return unixHost() ? unixType() == UNIX_DIRECTORY : host() == HOST_MSDOS && (externalAttributes & MSDOS_DIRECTORY) != 0;
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

    private int host() {
        return madeBy >>> 8;
    }

    private boolean unixHost() {
        return host() == HOST_UNIX || host() == HOST_OSX;
    }

    private long unixType() {
        return (externalAttributes >>> 16) & UNIX_TYPE_MASK;
    }
}
