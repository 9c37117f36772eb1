package dev.flowrun.upload;

/** What a named part of a form may hold, and so how big it may be. */
enum PartKind {
    /** An input image: at most {@link UploadLimits#maxImageBytes}. */
    IMAGE,
    /** An archive to run: at most {@link UploadLimits#maxZipBytes}. */
    ZIP,
    /** Either, told by its first bytes: a zip's signature allows an archive's size, anything else an image's. */
    IMAGE_OR_ZIP,
    /** A short text field. */
    TEXT
}
