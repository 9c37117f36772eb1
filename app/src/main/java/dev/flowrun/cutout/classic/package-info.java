/**
 * The classic cut-out: a smooth background model fitted to the image's border, a segmentation grown from it
 * (backdrop distances, span fills, shadows, enclosed holes), and an edge matte that decontaminates the colours of
 * the subject's edge. Made for studio backdrops; real photographs are the model's job ({@code cutout.model}).
 */
package dev.flowrun.cutout.classic;
