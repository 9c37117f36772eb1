package dev.flowrun.nodes;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.OutputStream;

/** Where a result file leaves: encodes the image in the node's format. */
public non-sealed interface OutputNode extends Node {
    /** File extension without the dot: {@code png} or {@code jpeg} gives {@code jpg}. */
    String extension();

    String contentType();

    void write(BufferedImage image, OutputStream out) throws IOException;
}
