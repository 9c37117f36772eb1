package dev.flowrun.upload;

import java.util.List;

/** The answer of {@code POST /uploads}: each file kept, with the signed URL that create accepts. */
public record UploadList(List<Upload> files) {

    public record Upload(long id, String name, long size, String url) {
    }
}
