package dev.flowrun.cli;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * An input the command could not read: a failed item of its own ({@code unreadable}) with its path and why, while
 * the other inputs run.
 */
record Unreadable(String name, Path path, String why) {

    static Unreadable of(String name, Path path, IOException e) {
        return new Unreadable(name, path.toAbsolutePath(), why(e));
    }

    /** The failed item's message: the path and the reason the system gave, without Java's exception names. */
    String message() {
        return path + ": " + why;
    }

    private static String why(IOException e) {
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof NoSuchFileException) {
            return "it vanished before it could be read";
        }
        if (e instanceof FileSystemException system && system.getReason() != null) {
            return system.getReason();
        }
        String message = e.getMessage();
        return message == null || message.isBlank() ? e.getClass().getSimpleName() : message;
    }
}
