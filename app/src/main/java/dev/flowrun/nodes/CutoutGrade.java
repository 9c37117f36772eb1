package dev.flowrun.nodes;

/**
 * What a cut-out says about itself, shown on its node state: the {@code method} that ran ({@code model} or
 * {@code classic}) and its {@code confidence}, from 0 to 1, that the cut-out is right.
 */
public record CutoutGrade(String method, double confidence) {
}
