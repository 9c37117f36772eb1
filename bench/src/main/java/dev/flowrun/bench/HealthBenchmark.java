package dev.flowrun.bench;

import dev.flowrun.support.TestApp;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

/**
 * Smoke benchmark proving the on-demand setup: sequential GET /health latency. Classes named *Benchmark are
 * never run by {@code mvn verify}; run one with
 * {@code mvn -q -pl bench -am test-compile exec:java -Dexec.mainClass=dev.flowrun.bench.HealthBenchmark}.
 */
public final class HealthBenchmark {
    public static void main(String[] args) throws Exception {
        try (TestApp app = TestApp.start()) {
            HttpClient client = HttpClient.newHttpClient();
            HttpRequest request = HttpRequest.newBuilder(URI.create(app.baseUrl() + "/health")).build();
            for (int i = 0; i < 2_000; i++) {
                client.send(request, HttpResponse.BodyHandlers.discarding());
            }
            int n = 10_000;
            long start = System.nanoTime();
            for (int i = 0; i < n; i++) {
                client.send(request, HttpResponse.BodyHandlers.discarding());
            }
            double micros = (System.nanoTime() - start) / 1_000.0 / n;
            System.out.printf("| GET /health, 1 connection, sequential | %.0f µs/request |%n", micros);
        }
    }
}
