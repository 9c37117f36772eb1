package dev.flowrun.bench;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * CPU time a process has used (user + system, from {@code /proc/<pid>/stat}). Divided by the requests served, it
 * is a cost per request that other load on the machine does not inflate, unlike latency and throughput. Linux only,
 * like the rest of the suite.
 */
final class ProcessCpu {
    private static final double TICKS_PER_SECOND = ticksPerSecond();

    private ProcessCpu() {
    }

    static double seconds(long pid) throws IOException {
        return cpuSeconds(Files.readString(Path.of("/proc/" + pid + "/stat")));
    }

    /** The part of {@link #seconds} spent in the kernel (system calls: sockets, files, syncs, page faults). */
    static double systemSeconds(long pid) throws IOException {
        return Long.parseLong(fieldsAfterName(Files.readString(Path.of("/proc/" + pid + "/stat")))[12])
                / TICKS_PER_SECOND;
    }

    /** Summed over several processes. */
    static double seconds(List<Long> pids) throws IOException {
        double total = 0;
        for (long pid : pids) {
            total += seconds(pid);
        }
        return total;
    }

    static double compilerSeconds(List<Long> pids) throws IOException {
        double total = 0;
        for (long pid : pids) {
            total += compilerSeconds(pid);
        }
        return total;
    }

    /**
     * CPU time of the process's JIT compiler threads ("C1 CompilerThre…", "C2 CompilerThre…"). While they are busy
     * the process is still warming up: their time competes with the work being measured for the cores.
     */
    static double compilerSeconds(long pid) throws IOException {
        return secondsByThreadKind(pid).entrySet().stream()
                .filter(kind -> kind.getKey().startsWith("C1 Compiler") || kind.getKey().startsWith("C2 Compiler"))
                .mapToDouble(Map.Entry::getValue).sum();
    }

    /**
     * CPU time by kind of thread: thread names without their numbers ("flowrun-worker-1" and "-2" are one
     * "flowrun-worker"), for what a process spends besides its work. Threads that ended are not in it.
     */
    static Map<String, Double> secondsByThreadKind(long pid) throws IOException {
        Map<String, Double> byKind = new TreeMap<>();
        threads(pid).values().forEach(thread -> byKind.merge(thread.kind(), thread.seconds(), Double::sum));
        return byKind;
    }

    /** One thread's kind (its name without its number) and the CPU time it has used since it began. */
    record ThreadSeconds(String kind, double seconds) {
    }

    /**
     * Every thread of the process by its id. Kept by id, not by name, because a thread may rename itself (OkHttp's
     * task runners take the name of the queue they run): summed by name, such a thread's whole lifetime would be
     * counted as the CPU of a round in which it was renamed.
     */
    static Map<String, ThreadSeconds> threads(long pid) throws IOException {
        Map<String, ThreadSeconds> byId = new HashMap<>();
        try (DirectoryStream<Path> threads = Files.newDirectoryStream(Path.of("/proc/" + pid + "/task"))) {
            for (Path thread : threads) {
                String stat;
                try {
                    stat = Files.readString(thread.resolve("stat"));
                } catch (IOException ended) {
                    // A thread that ends between the listing and the read (compiler threads come and go): ENOENT
                    // or ESRCH, depending on how far the kernel got.
                    continue;
                }
                String name = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
                byId.put(thread.getFileName().toString(),
                        new ThreadSeconds(name.replaceAll("[-#]?\\d+$", ""), cpuSeconds(stat)));
            }
        }
        return byId;
    }

    /**
     * Where a process's CPU went between two readings of {@link #threads}, in ms per item by kind of thread, the
     * largest first: each thread's own difference, under the kind it has at the second reading (a thread born in
     * between counts from zero; one that ended in between is not in it).
     */
    static String msPerItemByThreadKind(Map<String, ThreadSeconds> before, Map<String, ThreadSeconds> after,
                                        int items) {
        Map<String, Double> byKind = new TreeMap<>();
        after.forEach((id, thread) -> {
            ThreadSeconds earlier = before.get(id);
            byKind.merge(thread.kind(), thread.seconds() - (earlier == null ? 0 : earlier.seconds()), Double::sum);
        });
        return byKind.entrySet().stream()
                .map(e -> Map.entry(e.getKey(), e.getValue() * 1000 / items))
                .filter(e -> e.getValue() >= 0.1)
                .sorted(Map.Entry.<String, Double>comparingByValue().reversed())
                .map(e -> String.format("%s %.1f", e.getKey(), e.getValue()))
                .collect(Collectors.joining(", "));
    }

    private static double cpuSeconds(String stat) {
        // utime and stime are fields 14 and 15 of the line.
        String[] fields = fieldsAfterName(stat);
        return (Long.parseLong(fields[11]) + Long.parseLong(fields[12])) / TICKS_PER_SECOND;
    }

    /** The fields after the command name, which is in parentheses and may hold spaces: field 3 of the line first. */
    private static String[] fieldsAfterName(String stat) {
        return stat.substring(stat.lastIndexOf(')') + 2).split(" ");
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
