/**
 * Reading and writing images: decoding with its guards (pixel limit, JPEG scan limit, time budget, EXIF
 * orientation, normalisation to 8-bit ARGB), PNG and JPEG encoding, scaling, rotating and flipping, thumbnails.
 * Node types ({@code nodes}) and background removal ({@code cutout}) build on it.
 */
package dev.flowrun.imaging;
