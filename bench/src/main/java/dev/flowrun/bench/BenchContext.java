package dev.flowrun.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

/** What every phase of the benchmark shares: the jar to start, a scratch folder, and the table to fill. */
record BenchContext(Path jar, Path workDir, ResultTable table) {

    /** A fresh, empty data directory for one server. */
    Path freshDataDir(String name) throws IOException {
        Path dir = workDir.resolve("data-" + name);
        ShotImages.deleteTree(dir);
        return dir;
    }

    ServerProcess startServer(Path dataDir, Map<String, String> env) throws IOException, InterruptedException {
        return ServerProcess.start(jar, dataDir, env);
    }

    static void log(String format, Object... args) {
        System.err.printf("[bench] " + format + "%n", args);
    }
}
