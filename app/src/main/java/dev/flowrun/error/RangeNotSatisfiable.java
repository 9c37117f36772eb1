package dev.flowrun.error;

/** A {@code Range} header none of whose bytes exist in the file (RFC 9110 §15.5.17); answered 416. */
public final class RangeNotSatisfiable extends ApiException {
    private final long size;

    public RangeNotSatisfiable(long size) {
        super("range_not_satisfiable", "the requested range is not within the file's " + size + " bytes");
        this.size = size;
    }

    /** The file's size, for the {@code Content-Range: bytes *}{@code /size} header the answer must carry. */
    public long size() {
        return size;
    }
}
