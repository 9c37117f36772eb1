package dev.flowrun.files;

import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where everything is in the store, the one place that builds a key. A run's files are all under
 * {@code runs/<id>/}, so removing a run's files is removing that folder:
 * <pre>
 * runs/&lt;run&gt;/in/&lt;position&gt;/&lt;input node&gt;/&lt;name&gt;      an item's input (fixed at create)
 * runs/&lt;run&gt;/out/&lt;item&gt;/&lt;output node&gt;/&lt;name&gt;      an item's output
 * runs/&lt;run&gt;/outputs.zip                               the run's archive of outputs, built on demand
 * runs/&lt;run&gt;/zip/archive.zip                           a zip run's downloaded archive, while it is read
 * runs/&lt;run&gt;/source/archive.zip                        a zip run's uploaded archive, until it is read
 * uploads/&lt;upload&gt;/&lt;name&gt;                               a file of {@code POST /uploads}
 * </pre>
 * Every segment taken from a name someone gave goes through {@link FileStore#safeSegment}, so no name can place a
 * file elsewhere.
 */
public final class FileLayout {
    private static final Pattern RUN_FILE = Pattern.compile("runs/(\\d{1,18})/.+");
    private static final Pattern UPLOAD_FILE = Pattern.compile("uploads/(\\d{1,18})/.+");
    private static final Pattern OUTPUT_ARCHIVE = Pattern.compile("runs/(\\d{1,18})/outputs\\.zip");

    private FileLayout() {
    }

    /** Everything of a run. */
    public static String runFolder(long runId) {
        return "runs/" + runId;
    }

    /** The inputs of every item of a run (a zip run's extracted images among them). */
    public static String inputsFolder(long runId) {
        return runFolder(runId) + "/in";
    }

    /**
     * An item's input; fixed at creation so the item can point at it at once. Only the base of the file's name is
     * kept, made safe.
     */
    public static String input(long runId, int position, String nodeId, String fileName) {
        String base = fileName.contains("/") ? fileName.substring(fileName.lastIndexOf('/') + 1) : fileName;
        return inputsFolder(runId) + "/" + position + "/" + FileStore.safeSegment(nodeId) + "/"
                + FileStore.safeSegment(base);
    }

    /** The outputs of one item, removed whole when its result is discarded. */
    public static String outputsFolder(long runId, long itemId) {
        return runFolder(runId) + "/out/" + itemId;
    }

    /** {@code baseName}: the output's file name without its folder (the node's label may prefix the shown name). */
    public static String output(long runId, long itemId, String nodeId, String baseName) {
        return outputsFolder(runId, itemId) + "/" + FileStore.safeSegment(nodeId) + "/"
                + FileStore.safeSegment(baseName);
    }

    public static String outputArchive(long runId) {
        return runFolder(runId) + "/outputs.zip";
    }

    /** Where a zip run's archive is downloaded to, and removed from once read. */
    public static String downloadFolder(long runId) {
        return runFolder(runId) + "/zip";
    }

    public static String downloadedArchive(long runId) {
        return downloadFolder(runId) + "/archive.zip";
    }

    /** Where an uploaded archive of a zip run is linked at create and kept until its reading is over. */
    public static String uploadedArchiveFolder(long runId) {
        return runFolder(runId) + "/source";
    }

    public static String uploadedArchive(long runId) {
        return uploadedArchiveFolder(runId) + "/archive.zip";
    }

    public static String uploadFolder(long uploadId) {
        return "uploads/" + uploadId;
    }

    public static String upload(long uploadId, String fileName) {
        return uploadFolder(uploadId) + "/" + FileStore.safeSegment(fileName);
    }

    /** The run a key is a file of, if it is one. */
    public static OptionalLong runOf(String key) {
        return id(RUN_FILE, key);
    }

    /** The upload a key is the file of, if it is one. */
    public static OptionalLong uploadOf(String key) {
        return id(UPLOAD_FILE, key);
    }

    /** The run whose output archive a key names, if it names one. */
    public static OptionalLong archiveOf(String key) {
        return id(OUTPUT_ARCHIVE, key);
    }

    private static OptionalLong id(Pattern pattern, String key) {
        Matcher matcher = pattern.matcher(key);
        return matcher.matches() ? OptionalLong.of(Long.parseLong(matcher.group(1))) : OptionalLong.empty();
    }
}
