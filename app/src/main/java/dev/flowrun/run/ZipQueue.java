package dev.flowrun.run;

/** Where a zip run goes to have its archive read once it is created; the database says which runs still need it. */
public interface ZipQueue {
    void submit(long runId);
}
