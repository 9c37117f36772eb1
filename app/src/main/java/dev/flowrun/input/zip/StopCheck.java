package dev.flowrun.input.zip;

/** Asked now and then during long work (every few MiB, every batch): throws {@link ZipStopped} to stop it. */
@FunctionalInterface
public interface StopCheck {
    StopCheck NEVER = () -> { };

    void check() throws ZipStopped;
}
