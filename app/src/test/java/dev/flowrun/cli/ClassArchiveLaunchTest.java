package dev.flowrun.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flowrun.Main;
import dev.flowrun.cutout.model.Photos;
import dev.flowrun.cutout.model.Photos.Source;
import dev.flowrun.support.Await;
import dev.flowrun.support.TestApp;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code java -jar flowrun.jar run …} as a user starts it: the run goes to a second JVM, whose classes make the class
 * archive in the background, and the next run's second JVM maps it; exit statuses and Ctrl-C as in one JVM, and a broken archive dropped, the run done in one JVM. The jar is made here from the build's
 * classes, its dependencies named by its manifest (the tests run before the build's own jar exists).
 */
class ClassArchiveLaunchTest {
    private static final Duration LONG = Duration.ofMinutes(3);
    @TempDir
    Path dir;
    Path jar;
    Path photos;
    Path data;

    @BeforeEach
    void jarAndPhotos() throws IOException {
        jar = launcherJar(dir.resolve("app").resolve("flowrun.jar"));
        photos = Files.createDirectories(dir.resolve("photos"));
        Files.copy(Photos.get(Source.OPENCV, "data/fruits.jpg"), photos.resolve("fruits.jpg"));
        Files.copy(Photos.get(Source.OPENCV, "data/squirrel_cls.jpg"), photos.resolve("squirrel.jpg"));
        data = dir.resolve("data");
    }

    @Test
    void aRunMakesTheArchiveInASecondJvmTheNextMapsItAndABrokenOneIsDroppedWithTheStatusesPassedOn() throws Exception {
        Command usage = command(List.of(), "run", "No such workflow", photos.toString());
        assertThat(usage.awaitExit()).isEqualTo(2);
        assertThat(usage.stderr().lines().toList()).as("one line, as in one JVM").singleElement()
                .satisfies(line -> assertThat(line).startsWith("flowrun: no workflow 'No such workflow'; there are: "));
        assertThat(cacheFiles()).as("a command that did not run leaves no archive and no list").isEmpty();
        Command nothing = command(List.of(), "run", "Remove background", Files.createDirectories(dir.resolve("empty"))
                .toString());
        assertThat(nothing.awaitExit()).as(nothing.output()).isZero();
        assertThat(nothing.stdout()).startsWith("flowrun: nothing to run");
        assertThat(cacheFiles()).as("a run that ran no item lists too little to make an archive of").isEmpty();

        Command off = command(List.of("FLOWRUN_CLASS_ARCHIVE=off"), "run", "Remove background", photos.toString(),
                "--out", dir.resolve("out-off").toString(), "--quiet");
        assertThat(off.awaitExit()).as(off.output()).isZero();
        assertThat(dir.resolve("out-off").resolve("fruits.png")).isRegularFile();
        assertThat(off.classLoads()).as("one JVM").hasSize(1);
        assertThat(cacheFiles()).isEmpty();

        writeBrokenJpeg(photos.resolve("broken.jpg"));
        Command first = command(List.of(), "run", "Remove background", photos.toString(), "--out",
                dir.resolve("out-1").toString());
        assertThat(first.awaitExit()).as(first.output()).isEqualTo(1);
        assertThat(first.stdout()).contains("completed  squirrel.jpg", "completed  fruits.jpg")
                .contains("2 completed, 1 failed").doesNotContain("[warning]");
        assertThat(dir.resolve("out-1").resolve("squirrel.png")).isRegularFile();
        assertThat(first.classLoads()).as("the run in a second JVM").hasSize(2);
        Await.until("the archive made in the background, whole: no list, draft or start marker left", LONG,
                this::cacheFiles, files -> files.size() == 1 && files.get(0).matches("classes-[0-9a-f]+\\.jsa"));

        Files.delete(photos.resolve("broken.jpg"));
        Command second = command(List.of(), "run", "Remove background", photos.toString(), "--out",
                dir.resolve("out-2").toString(), "--quiet");
        assertThat(second.awaitExit()).as(second.output()).isZero();
        assertThat(dir.resolve("out-2").resolve("fruits.png")).isRegularFile();
        assertThat(second.stdout()).contains("flowrun: run 3 completed: 2 completed, 0 failed");
        assertThat(second.classLoads()).as("the engine's classes mapped from the archive")
                .anyMatch(log -> log.contains("dev.flowrun.App source: shared objects file"));

        Path archive = data.resolve("cache").resolve(cacheFiles().get(0));
        byte[] whole = Files.readAllBytes(archive);
        // Cut short, as a full disk could leave it: the JVM runs without it (or dies before the command's main).
        Files.write(archive, Arrays.copyOf(whole, whole.length / 3));
        Command broken = command(List.of(), "run", "Remove background", photos.toString(), "--out",
                dir.resolve("out-3").toString(), "--quiet");
        assertThat(broken.awaitExit()).as(broken.output()).isZero();
        assertThat(broken.stdout()).contains("flowrun: run 4 completed: 2 completed, 0 failed");
        assertThat(dir.resolve("out-3").resolve("squirrel.png")).isRegularFile();
        assertThat(cacheFiles()).as("the broken archive removed; the next run makes a new one").isEmpty();
    }

    @Test
    void ctrlCInTheTerminalCancelsTheSecondJvmsRunAndBothExitWith130() throws Exception {
        for (String name : List.of("baboon.jpg", "leuvenA.jpg", "fruits.jpg")) {
            for (int i = 0; i < 3; i++) {
                Files.copy(Photos.get(Source.OPENCV, "data/" + name), photos.resolve(i + "-" + name));
            }
        }
        Command run = command(List.of(), "run", "Remove background", photos.toString(), "--out",
                dir.resolve("out").toString(), "--workers", "1");
        Await.until("the first item to end", LONG, () -> run.stdout().contains("completed  "));
        run.interruptGroup();
        assertThat(run.awaitExit()).isEqualTo(130);
        assertThat(run.stderr().lines().filter(line -> !line.isBlank()))
                .containsExactly("flowrun: interrupted; run 1 cancelled");
        List<String> lines = run.stdout().lines().toList();
        long completed = lines.stream().filter(line -> line.startsWith("completed  ")).count();
        assertThat(lines.get(lines.size() - 1)).startsWith("flowrun: run 1 interrupted: " + completed + " completed");
        try (Stream<Path> written = Files.walk(dir.resolve("out"))) {
            assertThat(written.filter(Files::isRegularFile).filter(path -> !path.endsWith(ReviewList.FILE)))
                    .hasSize((int) completed).noneMatch(path -> path.toString().endsWith(".part"));
        }
        assertThat(cacheFiles()).as("an interrupted run makes no archive, and leaves no list").isEmpty();
    }

    private List<String> cacheFiles() {
        Path cache = data.resolve("cache");
        if (!Files.isDirectory(cache)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(cache)) {
            return files.map(path -> path.getFileName().toString()).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void writeBrokenJpeg(Path to) throws IOException {
        try (OutputStream broken = Files.newOutputStream(to)) {
            broken.write(new byte[] {(byte) 0xFF, (byte) 0xD8, (byte) 0xFF, (byte) 0xE0, 0, 16, 'J', 'F', 'I', 'F'});
        }
    }

    /**
     * {@code java -jar <jar> args} in a process group of its own (as a terminal starts a command), in its own working
     * folder, each JVM's class loading logged to a file of its own.
     */
    private Command command(List<String> variables, String... args) throws IOException {
        Path logs = Files.createTempDirectory(dir, "command");
        // The same options every time (the archive is made for them): each JVM's log is found by its pid.
        Path classLogs = Files.createDirectories(dir.resolve("class-loads"));
        List<String> before;
        try (Stream<Path> files = Files.list(classLogs)) {
            before = files.map(Path::toString).toList();
        }
        List<String> command = new ArrayList<>(List.of("setsid",
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xlog:class+load:file=" + classLogs + "/%p.log",
                "-jar", jar.toString()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).directory(logs.toFile())
                .redirectOutput(logs.resolve("stdout").toFile()).redirectError(logs.resolve("stderr").toFile());
        builder.environment().keySet().removeIf(name -> name.startsWith("FLOWRUN_") || name.endsWith("JAVA_OPTIONS")
                || name.equals("JAVA_TOOL_OPTIONS"));
        builder.environment().put("FLOWRUN_DATA_DIR", data.toString());
        builder.environment().put("FLOWRUN_WORKERS", "1");
        builder.environment().put("FLOWRUN_API_KEY", TestApp.API_KEY);
        for (String variable : variables) {
            String[] pair = variable.split("=", 2);
            builder.environment().put(pair[0], pair[1]);
        }
        return new Command(builder.start(), logs, classLogs, before);
    }

    private record Command(Process process, Path logs, Path classLogs, List<String> before) {
        int awaitExit() throws InterruptedException {
            if (!process.waitFor(LONG.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                throw new AssertionError("still running after " + LONG + ":\n" + output());
            }
            return process.exitValue();
        }

        /** Ctrl-C: SIGINT to the whole process group, as a terminal sends it. */
        void interruptGroup() throws IOException, InterruptedException {
            new ProcessBuilder("kill", "-INT", "--", "-" + process.pid()).inheritIO().start().waitFor();
        }

        String stdout() {
            return read("stdout");
        }

        String stderr() {
            return read("stderr");
        }

        String output() {
            return stdout() + stderr();
        }

        /** The class-load log of each JVM this command started. */
        List<String> classLoads() throws IOException {
            try (Stream<Path> files = Files.list(classLogs)) {
                return files.filter(path -> !before.contains(path.toString())).map(path -> {
                    try {
                        return Files.readString(path);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                }).toList();
            }
        }

        private String read(String name) {
            try {
                return Files.readString(logs.resolve(name), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /**
     * A jar as the build makes it, thin: the main classes inside, every dependency named by the manifest's
     * {@code Class-Path} relative to the jar (what class-data sharing reads too).
     */
    private static Path launcherJar(Path to) throws IOException {
        Path classes;
        try {
            classes = Path.of(Main.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
        Files.createDirectories(to.getParent());
        String dependencies = Stream.of(System.getProperty("java.class.path").split(java.io.File.pathSeparator))
                .map(Path::of).filter(path -> path.toString().endsWith(".jar") && Files.isRegularFile(path))
                .map(path -> to.getParent().relativize(path.toAbsolutePath()).toString())
                .collect(Collectors.joining(" "));
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, Main.class.getName());
        manifest.getMainAttributes().put(Attributes.Name.CLASS_PATH, dependencies);
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(to), manifest);
             Stream<Path> files = Files.walk(classes)) {
            for (Path file : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
                out.putNextEntry(new JarEntry(classes.relativize(file).toString().replace('\\', '/')));
                Files.copy(file, out);
                out.closeEntry();
            }
        }
        return to;
    }
}
