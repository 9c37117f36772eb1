package dev.flowrun.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The status types are the one statement of the machines: openapi.json's enums, the dashboard's one list
 * ({@code dashboard/js/statuses.js}, the only script of it that spells a status) and the
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
        String statuses = resource("dashboard/js/statuses.js");
        assertThat(quoted(statuses, "const RUN = Object.freeze\\(\\{([^}]*)}"))
                .containsExactlyInAnyOrderElementsOf(texts(RunStatus.values()));
        assertThat(named(statuses, "RUN_TERMINAL = new Set\\(\\[([^]]*)]", "RUN"))
                .containsExactlyInAnyOrderElementsOf(StatusBinds.texts(RunStatus.TERMINAL));
        assertThat(quoted(statuses, "const ITEM = Object.freeze\\(\\{([^}]*)}"))
                .containsExactlyInAnyOrderElementsOf(texts(ItemStatus.values()));
        assertThat(named(statuses, "ITEM_TERMINAL = new Set\\(\\[([^]]*)]", "ITEM"))
                .containsExactlyInAnyOrderElementsOf(StatusBinds.texts(ItemStatus.TERMINAL));
        assertThat(quoted(statuses, "const DELIVERY = Object.freeze\\(\\{([^}]*)}"))
                .containsExactlyInAnyOrderElementsOf(texts(DeliveryStatus.values()));
        assertThat(quoted(statuses, "const PRIORITY = Object.freeze\\(\\{([^}]*)}"))
                .as("highest first").isEqualTo(texts(Priority.values()));
    }

    /**
     * The dashboard compares statuses and priorities only through statuses.js: no other script spells one (a status
     * renamed in the service would otherwise leave a comparison that is silently never true), and every status its
     * style sheet colours is one.
     */
    @Test
    void noOtherDashboardScriptSpellsAStatusAndTheStylesColourOnlyStatuses() throws IOException, URISyntaxException {
        Set<String> words = new TreeSet<>();
        for (Enum<?>[] values : List.<Enum<?>[]>of(RunStatus.values(), ItemStatus.values(), NodeStatus.values(),
                DeliveryStatus.values(), Priority.values())) {
            words.addAll(texts(values));
        }
        Path scripts = Path.of(StatusTypesTest.class.getClassLoader().getResource("dashboard/js").toURI());
        List<String> spelled = new ArrayList<>();
        try (Stream<Path> files = Files.walk(scripts)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".js")).sorted().toList()) {
                if (file.getFileName().toString().equals("statuses.js")) {
                    continue;
                }
                Matcher literal = Pattern.compile("['\"`]([a-z]+)['\"`]").matcher(Files.readString(file));
                while (literal.find()) {
                    if (words.contains(literal.group(1))) {
                        spelled.add(scripts.relativize(file) + ": '" + literal.group(1) + "'");
                    }
                }
            }
        }
        assertThat(spelled).as("status literals outside dashboard/js/statuses.js").isEmpty();
        assertThat(files(scripts)).as("the scripts were read").isGreaterThan(10);

        Matcher coloured = Pattern.compile("\\.status-([a-z]+)").matcher(resource("dashboard/app.css"));
        Set<String> styled = new TreeSet<>();
        while (coloured.find()) {
            styled.add(coloured.group(1));
        }
        Set<String> shown = new TreeSet<>(words);
        shown.add("paused");
        assertThat(styled).isNotEmpty();
        assertThat(shown).as("every .status-* of app.css is a status (or the pause's badge)").containsAll(styled);
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

    /** The constants {@code pattern}'s first group names as {@code object.NAME}, as the statuses they stand for. */
    private static List<String> named(String text, String pattern, String object) {
        Matcher found = Pattern.compile(pattern).matcher(text);
        assertThat(found.find()).as(pattern).isTrue();
        Matcher names = Pattern.compile(object + "\\.([A-Z]+)").matcher(found.group(1));
        List<String> values = new ArrayList<>();
        while (names.find()) {
            values.add(names.group(1).toLowerCase(java.util.Locale.ROOT));
        }
        return values;
    }

    private static long files(Path folder) throws IOException {
        try (Stream<Path> files = Files.walk(folder)) {
            return files.filter(f -> f.toString().endsWith(".js")).count();
        }
    }

    private static String resource(String path) throws IOException {
        try (InputStream in = StatusTypesTest.class.getClassLoader().getResourceAsStream(path)) {
            assertThat(in).as(path).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
