package dev.flowrun.input.zip;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.SequenceInputStream;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Reads a downloaded archive: first its directory as a whole (entry count, declared sizes, names), so most bad
 * archives are refused before a byte is extracted; then each entry in directory order, handing every image
 * (by content) to a sink. Folders, symbolic links, {@code __MACOSX/} and non-image entries are skipped; a
 * skipped entry costs the few bytes needed to recognise it. Memory stays the same whatever the archive holds.
 */
public final class ZipScanner {
    private final ZipLimits limits;

    public ZipScanner(ZipLimits limits) {
        this.limits = limits;
    }

    /** Returns the number of images handed to {@code sink}. */
    public int scan(Path archive, ImageEntrySink sink, StopCheck stop) throws ZipFailure, IOException {
        try (FileChannel channel = FileChannel.open(archive, StandardOpenOption.READ)) {
            EndOfDirectory end = EndOfDirectory.read(channel);
            if (end.declaredEntries() > limits.maxEntries()) {
                throw ZipFailure.invalid("it has " + end.declaredEntries() + " entries; at most " + limits.maxEntries()
                        + " are allowed");
            }
            checkDirectory(channel, end);
            return extract(channel, end, sink, stop);
        } catch (ArchiveProblem e) {
            throw ZipFailure.invalid(e.getMessage());
        }
    }

    private void checkDirectory(FileChannel channel, EndOfDirectory end) throws IOException {
        long declared = 0;
        EntrySpans spans = new EntrySpans();
        try (CentralDirectory directory = new CentralDirectory(channel, end, limits.maxEntries())) {
            for (CentralEntry entry; (entry = directory.next()) != null; ) {
                spans.add(channel, end, entry);
                declared += Math.min(entry.size(), limits.maxInflatedBytes() + 1);
                if (declared > limits.maxInflatedBytes()) {
                    throw new ArchiveProblem("it declares more than " + Sizes.text(limits.maxInflatedBytes()) + " uncompressed");
                }
                String name = EntryPaths.normalise(entry.name());
                if (name != null && name.length() > ZipLimits.MAX_NAME) {
                    throw new ArchiveProblem("an entry's path is longer than " + ZipLimits.MAX_NAME + " characters");
                }
            }
        }
        int[] overlap = spans.firstOverlap(end);
        if (overlap != null) {
            throw new ArchiveProblem(overlapMessage(channel, end, overlap));
        }
    }

    /** Names the two entries (the second may be the directory itself), reading the directory once more. */
    private String overlapMessage(FileChannel channel, EndOfDirectory end, int[] overlap) throws IOException {
        String[] names = new String[2];
        try (CentralDirectory directory = new CentralDirectory(channel, end, limits.maxEntries())) {
            int position = 0;
            for (CentralEntry entry; (entry = directory.next()) != null; position++) {
                if (position == overlap[0]) {
                    names[0] = entry.name();
                }
                if (position == overlap[1]) {
                    names[1] = entry.name();
                }
            }
        }
        String other = overlap[1] < 0 ? "the central directory" : "entry '" + names[1] + "'";
        return "its entries overlap: entry '" + names[0] + "' runs into " + other + " (entries that share data are"
                + " how a small archive unpacks into many large files; unzip refuses them too)";
    }

    private int extract(FileChannel channel, EndOfDirectory end, ImageEntrySink sink, StopCheck stop) throws IOException {
        InflationBudget budget = new InflationBudget(limits);
        int images = 0;
        try (CentralDirectory directory = new CentralDirectory(channel, end, limits.maxEntries())) {
            for (CentralEntry entry; (entry = directory.next()) != null; ) {
                stop.check();
                String name = EntryPaths.normalise(entry.name());
                if (name == null || entry.isDirectory() || entry.isSymlink() || EntryPaths.isMacMetadata(name)) {
                    continue;
                }
                requireReadable(entry);
                try (EntryStream content = EntryStream.open(channel, end, entry, budget)) {
                    byte[] head = content.readHead(ImageSignatures.HEAD_BYTES);
                    if (!ImageSignatures.isImage(head)) {
                        continue;
                    }
                    sink.accept(new ImageEntry(images, name), new SequenceInputStream(new ByteArrayInputStream(head), content));
                    images++;
                }
            }
        }
        return images;
    }

    /** An entry we cannot read might be an image: refusing the archive says so, skipping it would lose it silently. */
    private static void requireReadable(CentralEntry entry) throws ArchiveProblem {
        if (entry.isEncrypted()) {
            throw new ArchiveProblem("entry '" + entry.name() + "' is encrypted (password-protected archives are not supported)");
        }
        if (!entry.supportedMethod()) {
            throw new ArchiveProblem("entry '" + entry.name() + "' uses compression method " + entry.method()
                    + "; only stored and deflated entries are supported");
        }
    }
}
