package dev.flowrun.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * The server process's memory while something happens: resident set from {@code /proc/<pid>/status} every 50 ms
 * (and its kernel-kept peak, VmHWM, reset at each {@link #reset} where the kernel allows), Java heap in use from a
 * {@code jstat -gc <pid> 100} stream.
 */
final class MemorySampler implements AutoCloseable {
    private final long pid;
    private final Process jstat;
    private final Thread rssReader;
    private volatile long peakRssKb;
    private volatile long peakHeapKb;
    private volatile long lastHeapKb;
    private volatile long peakOldKb;
    private volatile boolean hwmResettable = true;

    /** Old generation: what survived collections, so what the process held on to, unlike young garbage. */
    record Peak(double rssMb, double heapMb, double oldMb) {
    }

    MemorySampler(long pid) throws IOException {
        this.pid = pid;
        this.jstat = new ProcessBuilder("jstat", "-gc", Long.toString(pid), "100").redirectErrorStream(true).start();
        Thread heapReader = new Thread(this::readJstat, "jstat-reader");
        heapReader.setDaemon(true);
        heapReader.start();
        rssReader = new Thread(this::pollRss, "rss-reader");
        rssReader.setDaemon(true);
        rssReader.start();
    }

    /** Starts a new peak: from now on, the highest values seen. */
    void reset() {
        try {
            // "5" resets the peak resident set size (VmHWM) to the current one (Linux 4.0+).
            Files.writeString(Path.of("/proc/" + pid + "/clear_refs"), "5");
        } catch (IOException notAllowed) {
            hwmResettable = false;
        }
        peakRssKb = statusKb("VmRSS");
        peakHeapKb = lastHeapKb;
        peakOldKb = 0;
    }

    Peak peak() {
        long rss = peakRssKb;
        if (hwmResettable) {
            rss = Math.max(rss, statusKb("VmHWM"));
        }
        return new Peak(rss / 1024.0, peakHeapKb / 1024.0, peakOldKb / 1024.0);
    }

    /** Heap in use right after a full collection: what the process holds on to. */
    double liveHeapMb() throws IOException, InterruptedException {
        Process gc = new ProcessBuilder("jcmd", Long.toString(pid), "GC.run").redirectErrorStream(true).start();
        gc.getInputStream().readAllBytes();
        gc.waitFor();
        Thread.sleep(400);
        return lastHeapKb / 1024.0;
    }

    private void pollRss() {
        while (!Thread.currentThread().isInterrupted()) {
            long rss = statusKb("VmRSS");
            if (rss > peakRssKb) {
                peakRssKb = rss;
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private long statusKb(String field) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
                if (line.startsWith(field + ":")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", ""));
                }
            }
        } catch (IOException | NumberFormatException gone) {
            // the process has ended
        }
        return 0;
    }

    /** Heap used = S0U + S1U + EU + OU, in KB, from each jstat line. */
    private void readJstat() {
        try (var in = new BufferedReader(new InputStreamReader(jstat.getInputStream()))) {
            List<String> header = null;
            for (String line; (line = in.readLine()) != null; ) {
                String[] fields = line.trim().split("\\s+");
                if (fields[0].equals("S0C")) {
                    header = Arrays.asList(fields);
                    continue;
                }
                if (header == null || fields.length != header.size()) {
                    continue;
                }
                double used = 0;
                for (String column : List.of("S0U", "S1U", "EU", "OU")) {
                    used += Double.parseDouble(fields[header.indexOf(column)]);
                }
                lastHeapKb = (long) used;
                long old = (long) Double.parseDouble(fields[header.indexOf("OU")]);
                if (old > peakOldKb) {
                    peakOldKb = old;
                }
                if (lastHeapKb > peakHeapKb) {
                    peakHeapKb = lastHeapKb;
                }
            }
        } catch (IOException | NumberFormatException e) {
            // jstat ended with the process
        }
    }

    @Override
    public void close() {
        rssReader.interrupt();
        jstat.destroy();
    }
}
