/**
 * Background removal, behind {@link dev.flowrun.cutout.BackgroundRemover}, which returns a
 * {@link dev.flowrun.cutout.Cutout}: the image, the method that made it and its confidence. {@code cutout.classic}
 * is the algorithm for studio backdrops (no model needed), {@code cutout.model} the learned segmentation model run
 * through ONNX Runtime, with how a model is fetched and stored. The {@code removeBackground} node type chooses
 * between them by its {@code method}.
 */
package dev.flowrun.cutout;
