package dev.flowrun.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Runs {@code wrk} against one URL and reads its summary: requests per second and latency percentiles. */
final class Wrk {
    private static final Pattern RPS = Pattern.compile("Requests/sec:\\s+([0-9.]+)");
    private static final Pattern NON_2XX = Pattern.compile("Non-2xx or 3xx responses:\\s+(\\d+)");
    private static final Pattern ERRORS = Pattern.compile("Socket errors: connect (\\d+), read (\\d+), write (\\d+), timeout (\\d+)");

    record Result(double rps, double p50Millis, double p99Millis) {
    }

    private Wrk() {
    }

    /** {@code connections} connections for {@code seconds}, with the API key; {@code lua} sets method and body. */
    static Result run(String url, int connections, int seconds, Path lua) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("wrk", "--latency", "-t", Integer.toString(Math.min(2, connections)),
                "-c", Integer.toString(connections), "-d", seconds + "s", "--timeout", "10s",
                "-H", "Authorization: Bearer " + ServerProcess.API_KEY));
        if (lua != null) {
            command.addAll(List.of("-s", lua.toString()));
        }
        command.add(url);
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes());
        if (process.waitFor() != 0) {
            throw new IllegalStateException("wrk failed:\n" + out);
        }
        Matcher non2xx = NON_2XX.matcher(out);
        if (non2xx.find()) {
            throw new IllegalStateException(url + ": " + non2xx.group(1) + " answers were not 2xx:\n" + out);
        }
        Matcher errors = ERRORS.matcher(out);
        if (errors.find()) {
            throw new IllegalStateException(url + ": socket errors:\n" + out);
        }
        Matcher rps = RPS.matcher(out);
        if (!rps.find()) {
            throw new IllegalStateException("no Requests/sec in wrk's output:\n" + out);
        }
        return new Result(Double.parseDouble(rps.group(1)), percentile(out, "50"), percentile(out, "99"));
    }

    /** A Lua script that makes every request a POST of {@code json}. */
    static Path postScript(Path dir, String json) throws IOException {
        String escaped = json.replace("\\", "\\\\").replace("\"", "\\\"");
        return Files.writeString(dir.resolve("post.lua"), """
                wrk.method = "POST"
                wrk.body = "%s"
                wrk.headers["Content-Type"] = "application/json"
                """.formatted(escaped));
    }

    /** The latency distribution line {@code " 50%  1.23ms"}, in milliseconds. */
    private static double percentile(String out, String p) {
        Matcher m = Pattern.compile("\\s" + p + "%\\s+([0-9.]+)(us|ms|s)").matcher(out);
        if (!m.find()) {
            throw new IllegalStateException("no " + p + "% latency in wrk's output:\n" + out);
        }
        double value = Double.parseDouble(m.group(1));
        return switch (m.group(2)) {
            case "us" -> value / 1000;
            case "s" -> value * 1000;
            default -> value;
        };
    }
}
