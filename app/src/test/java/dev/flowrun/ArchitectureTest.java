package dev.flowrun;

import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.library.Architectures.LayeredArchitecture;
import java.net.URISyntaxException;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Imports point down (README, How it is built): a package may use the layers below its own, never one above, and no
 * two packages use each other. A new package must be given its layer here, or this test fails.
 *
 * <p>{@code workflow} sits below the engine although its service is one of the services: it holds the graph model
 * the engine walks, and it uses nothing above the nodes. The lifecycle (every state change, the run's row, the
 * queues' interfaces) and the live events sit below the engine, the webhook outbox and the archives, which are their
 * clients.
 */
class ArchitectureTest {
    private static JavaClasses classes;

    /**
     * The main classes from the folder {@code App} was loaded from: ArchUnit's own "no tests" option recognises test
     * classes by a {@code /target/test-classes/} path, which a build elsewhere ({@code -Dflowrun.buildDir}) lacks.
     */
    @BeforeAll
    static void importMainClasses() throws URISyntaxException {
        Path mainClasses = Path.of(App.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        classes = new ClassFileImporter().importPath(mainClasses);
        if (!classes.contain(App.class) || classes.contain(ArchitectureTest.class)) {
            throw new AssertionError("not the main classes: " + mainClasses);
        }
    }

    /** Top to bottom; each layer may use only the layers listed after it. */
    static LayeredArchitecture layers() {
        return layeredArchitecture().consideringOnlyDependenciesInLayers()
                .ensureAllClassesAreContainedInArchitecture()
                .layer("Composition").definedBy("dev.flowrun", "dev.flowrun.cli..")
                .layer("Http").definedBy("dev.flowrun.http..")
                .layer("Services").definedBy("dev.flowrun.auth..", "dev.flowrun.run..",
                        "dev.flowrun.upload..", "dev.flowrun.retention..", "dev.flowrun.health..")
                .layer("Engine").definedBy("dev.flowrun.engine..", "dev.flowrun.cluster..", "dev.flowrun.webhook..",
                        "dev.flowrun.archive..")
                .layer("Lifecycle").definedBy("dev.flowrun.lifecycle..", "dev.flowrun.events..")
                .layer("Workflow").definedBy("dev.flowrun.workflow..")
                .layer("Input").definedBy("dev.flowrun.input..", "dev.flowrun.net..")
                .layer("Nodes").definedBy("dev.flowrun.nodes..")
                .layer("Cutout").definedBy("dev.flowrun.cutout..")
                .layer("Imaging").definedBy("dev.flowrun.imaging..")
                .layer("Storage").definedBy("dev.flowrun.files..")
                .layer("Base").definedBy("dev.flowrun.db..", "dev.flowrun.error..", "dev.flowrun.metrics..",
                        "dev.flowrun.work..")
                .withOptionalLayers(true)
                .whereLayer("Composition").mayNotBeAccessedByAnyLayer()
                .whereLayer("Http").mayOnlyAccessLayers("Services", "Engine", "Lifecycle", "Workflow", "Input", "Nodes",
                        "Cutout", "Imaging", "Storage", "Base")
                .whereLayer("Services").mayOnlyAccessLayers("Engine", "Lifecycle", "Workflow", "Input", "Nodes", "Cutout",
                        "Imaging", "Storage", "Base")
                .whereLayer("Engine").mayOnlyAccessLayers("Lifecycle", "Workflow", "Input", "Nodes", "Cutout", "Imaging",
                        "Storage", "Base")
                .whereLayer("Lifecycle").mayOnlyAccessLayers("Base")
                .whereLayer("Workflow").mayOnlyAccessLayers("Nodes", "Cutout", "Imaging", "Storage", "Base")
                .whereLayer("Input").mayOnlyAccessLayers("Storage", "Base")
                .whereLayer("Nodes").mayOnlyAccessLayers("Cutout", "Imaging", "Storage", "Base")
                .whereLayer("Cutout").mayOnlyAccessLayers("Imaging", "Storage", "Base")
                .whereLayer("Imaging").mayOnlyAccessLayers("Storage", "Base")
                .whereLayer("Storage").mayOnlyAccessLayers("Base")
                .whereLayer("Base").mayNotAccessAnyLayer();
    }

    @Test
    void importsPointDown() {
        layers().check(classes);
    }

    @Test
    void noTwoPackagesUseEachOther() {
        slices().matching("dev.flowrun.(**)").should().beFreeOfCycles().check(classes);
    }
}
