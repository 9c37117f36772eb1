package dev.flowrun.run;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The items of an {@code inputs} request: item i takes file i of each input node, or its only file. Kept as the
 * per-node lists, with each item's map made only when it is stored: a map per item held for the whole create was
 * 2.5 MB of a 10,000-file request (bench/run memory).
 */
public final class RequestedItems {
    static final RequestedItems NONE = new RequestedItems(Map.of(), 0);

    private final Map<String, List<FileRef>> filesByNode;
    private final int count;

    /** {@code filesByNode}: every list has {@code count} files, or exactly one, used for every item. */
    RequestedItems(Map<String, List<FileRef>> filesByNode, int count) {
        this.filesByNode = filesByNode;
        this.count = count;
    }

    public int count() {
        return count;
    }

    /** Every file named, node by node, with its index in that node's list. */
    public void forEachFile(FileVisitor visitor) {
        filesByNode.forEach((nodeId, files) -> {
            for (int i = 0; i < files.size(); i++) {
                visitor.visit(nodeId, i, files.get(i));
            }
        });
    }

    @FunctionalInterface
    public interface FileVisitor {
        void visit(String nodeId, int index, FileRef file);
    }

    /** Item {@code i}'s file of each input node, in the order the request gave the nodes. */
    public Map<String, FileRef> item(int i) {
        Map<String, FileRef> item = new LinkedHashMap<>();
        filesByNode.forEach((nodeId, files) -> item.put(nodeId, files.get(files.size() == 1 ? 0 : i)));
        return item;
    }
}
