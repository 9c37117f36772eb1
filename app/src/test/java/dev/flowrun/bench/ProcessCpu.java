package dev.flowrun.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * CPU time a process has used (user + system, from {@code /proc/<pid>/stat}). Divided by the requests served, it
 * is a cost per request that other load on the machine does not inflate, unlike latency and throughput.
 */
final class ProcessCpu {
    private static final double TICKS_PER_SECOND = ticksPerSecond();

    private ProcessCpu() {
    }

    static double seconds(long pid) throws IOException {
        String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
        // Fields after the command name, which is in parentheses and may hold spaces: utime and stime are 14 and 15.
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return (Long.parseLong(fields[11]) + Long.parseLong(fields[12])) / TICKS_PER_SECOND;
    }

    private static double ticksPerSecond() {
        try {
            Process getconf = new ProcessBuilder("getconf", "CLK_TCK").start();
            String out = new String(getconf.getInputStream().readAllBytes()).trim();
            getconf.waitFor();
            return Double.parseDouble(out);
        } catch (IOException | InterruptedException | NumberFormatException e) {
            return 100;
        }
    }
}
