package dev.flowrun.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The status types are the one statement of the machines: openapi.json's enums, the dashboard's lists and the
 * schema's CHECK constraints (V32.sql) say the same sets, and each machine's table of allowed changes covers every
 * status and lets nothing out of a terminal one.
 */
class StatusTypesTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void openapiEnumsAreTheStatusTypes() throws IOException {
        JsonNode schemas = JSON.readTree(resource("openapi.json")).path("components").path("schemas");
        assertThat(strings(schemas.path("RunStatus").path("enum"))).isEqualTo(texts(RunStatus.values()));
        assertThat(strings(schemas.path("ItemStatus").path("enum"))).isEqualTo(texts(ItemStatus.values()));
        assertThat(strings(schemas.path("NodeStatus").path("enum"))).isEqualTo(texts(NodeStatus.values()));
        assertThat(strings(schemas.path("Priority").path("enum"))).isEqualTo(texts(Priority.values()));
        assertThat(strings(schemas.path("WebhookStatus").path("properties").path("status").path("enum")))
                .isEqualTo(texts(DeliveryStatus.values()));
        assertThat(strings(schemas.path("RunFinishedEvent").path("properties").path("status").path("enum")))
                .containsExactlyInAnyOrderElementsOf(StatusBinds.texts(RunStatus.TERMINAL));
        assertThat(strings(schemas.path("RunItemEvent").path("properties").path("status").path("enum")))
                .containsExactlyInAnyOrderElementsOf(StatusBinds.texts(ItemStatus.TERMINAL));
    }

    @Test
    void theDashboardsListsAreTheStatusTypes() throws IOException {
        String progress = resource("dashboard/js/progress.js");
        assertThat(quoted(progress, "TERMINAL = new Set\\(\\[([^]]*)]"))
                .containsExactlyInAnyOrderElementsOf(StatusBinds.texts(RunStatus.TERMINAL));
        assertThat(quoted(progress, "PRIORITIES = \\[([^]]*)]")).isEqualTo(texts(Priority.values()));
        assertThat(quoted(resource("dashboard/js/pages/runs.js"), "STATUSES = \\[([^]]*)]"))
                .containsExactlyInAnyOrderElementsOf(texts(RunStatus.values()));
    }

    @Test
    void theSchemasChecksAreTheStatusTypes() throws IOException {
        String v32 = resource("db/migration/V32.sql");
        assertThat(quoted(v32, "runs_status_known\\s+CHECK \\(status IN \\(([^)]*)\\)"))
                .containsExactlyInAnyOrderElementsOf(texts(RunStatus.values()));
        assertThat(quoted(v32, "run_items_status_known\\s+CHECK \\(status IN \\(([^)]*)\\)"))
                .isEqualTo(texts(ItemStatus.values()));
        assertThat(quoted(v32, "node_states_status_known\\s+CHECK \\(status IN \\(([^)]*)\\)"))
                .isEqualTo(texts(NodeStatus.values()));
        assertThat(quoted(v32, "webhook_deliveries_status_known\\s+CHECK \\(status IN \\(([^)]*)\\)"))
                .isEqualTo(texts(DeliveryStatus.values()));
        assertThat(quoted(v32, "runs_finished_when_terminal\\s+CHECK \\(\\(status IN \\(([^)]*)\\)"))
                .containsExactlyInAnyOrderElementsOf(StatusBinds.texts(RunStatus.ACTIVE));
        assertThat(quoted(v32, "AND finished_at IS NULL\\)\\s+OR \\(status IN \\(([^)]*)\\) AND finished_at IS NOT"))
                .containsExactlyInAnyOrderElementsOf(StatusBinds.texts(RunStatus.TERMINAL));
        assertThat(quoted(v32, "run_items_finished_when_terminal[^;]*OR \\(status IN \\(([^)]*)\\)"))
                .containsExactlyInAnyOrderElementsOf(StatusBinds.texts(ItemStatus.TERMINAL));
    }

    @Test
    void eachMachineCoversEveryStatusAndNothingLeavesATerminalOne() {
        assertThat(RunStatus.ALLOWED).containsOnlyKeys(RunStatus.values());
        assertThat(ItemStatus.ALLOWED).containsOnlyKeys(ItemStatus.values());
        assertThat(NodeStatus.ALLOWED).containsOnlyKeys(NodeStatus.values());
        assertThat(DeliveryStatus.ALLOWED).containsOnlyKeys(DeliveryStatus.values());
        for (RunStatus status : RunStatus.TERMINAL) {
            assertThat(RunStatus.ALLOWED.get(status)).as(status.json()).isEmpty();
        }
        for (ItemStatus status : ItemStatus.TERMINAL) {
            assertThat(ItemStatus.ALLOWED.get(status)).as(status.json()).isEmpty();
        }
        assertThat(RunStatus.QUEUED.mayBecome(RunStatus.RUNNING)).isTrue();
        assertThat(RunStatus.RUNNING.mayBecome(RunStatus.QUEUED)).as("a run never goes back to queued").isFalse();
        assertThat(reachable(RunStatus.ALLOWED, RunStatus.QUEUED)).containsExactlyInAnyOrder(RunStatus.values());
        assertThat(reachable(ItemStatus.ALLOWED, ItemStatus.QUEUED)).containsExactlyInAnyOrder(ItemStatus.values());
    }

    private static <E> Set<E> reachable(Map<E, Set<E>> machine, E start) {
        Set<E> seen = new HashSet<>(List.of(start));
        List<E> todo = new ArrayList<>(seen);
        while (!todo.isEmpty()) {
            for (E next : machine.get(todo.remove(0))) {
                if (seen.add(next)) {
                    todo.add(next);
                }
            }
        }
        return seen;
    }

    private static List<String> texts(Enum<?>[] values) {
        return StatusBinds.texts(Arrays.asList(values));
    }

    private static List<String> strings(JsonNode array) {
        List<String> values = new ArrayList<>();
        array.forEach(value -> values.add(value.asText()));
        assertThat(values).as("an enum in openapi.json").isNotEmpty();
        return values;
    }

    /** The quoted words of the first group {@code pattern} finds, in order. */
    private static List<String> quoted(String text, String pattern) {
        Matcher found = Pattern.compile(pattern).matcher(text);
        assertThat(found.find()).as(pattern).isTrue();
        Matcher words = Pattern.compile("'([a-z]+)'").matcher(found.group(1));
        List<String> values = new ArrayList<>();
        while (words.find()) {
            values.add(words.group(1));
        }
        return values;
    }

    private static String resource(String path) throws IOException {
        try (InputStream in = StatusTypesTest.class.getClassLoader().getResourceAsStream(path)) {
            assertThat(in).as(path).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
