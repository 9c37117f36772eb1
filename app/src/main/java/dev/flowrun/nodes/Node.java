package dev.flowrun.nodes;

/** A compiled node: its data has been checked and parsed. See the three kinds below. */
public sealed interface Node permits InputNode, TransformNode, OutputNode {
    /** An image of int pixels: what a decoded photo and most results take, in bytes per pixel. */
    int IMAGE_BYTES_PER_PIXEL = 4;

    /**
     * What the node allocates while it runs, its result included, in bytes per pixel of the image it is given (its
     * given image not counted): an item reserves pixel memory for the most its walk holds at once, from these.
     */
    default int workingBytesPerPixel() {
        return IMAGE_BYTES_PER_PIXEL;
    }
}
