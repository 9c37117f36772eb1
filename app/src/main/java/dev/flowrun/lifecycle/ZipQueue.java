package dev.flowrun.lifecycle;

import org.jdbi.v3.core.Handle;

/** Where a zip run goes to have its archive read once it is created; the database says which instance reads it. */
public interface ZipQueue {
    /** Marks the new run's reading as this instance's, in the create transaction; it starts once that commits. */
    void claim(Handle handle, long runId);
}
