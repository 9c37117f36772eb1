package dev.flowrun.cutout.model;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Real photographs from Debian packages, never generated: scikit-image's sample data, OpenCV's documentation
 * examples, matplotlib's sample data, for the cut-out calibration GCompris's, KPhotoAlbum's and Palapeli's, for
 * its fresh held-back set those of eight packages more, and for its unseen held-back set those of fourteen more. Each package is unpacked (not installed: they would bring SciPy and the
 * like along) into {@code <cache>/photos/<package>}, by {@code .ci/run} or, on first use, here with the same two
 * commands ({@code apt-get download}, {@code dpkg-deb -x}); an installed package is used where it is.
 */
public final class Photos {
    public enum Source {
        SKIMAGE("python3-skimage", "usr/lib/python3/dist-packages/skimage/data"),
        OPENCV("opencv-doc", "usr/share/doc/opencv-doc/examples"),
        MATPLOTLIB("python-matplotlib-data", "usr/share/matplotlib/mpl-data/sample_data"),
        /** GCompris's photographs (animals, tools, household things, musicians), lossy WebP in Qt bundles. */
        GCOMPRIS("gcompris-qt-data", "usr/share/gcompris-qt/rcc"),
        /** KPhotoAlbum's demo album: people, pets, holidays. */
        KPHOTOALBUM("kphotoalbum", "usr/share/kphotoalbum/demo"),
        /** Palapeli's jigsaw puzzles: a bee on a flower, a chameleon, fruit. */
        PALAPELI("palapeli-data", "usr/share/palapeli/collection"),
        /*
         * The fresh held-back set's packages (cutout-fresh.tsv), used by no tuning: the GIMP manual's example photographs,
         * scikit-learn's two sample photographs, wxWidgets', libvips', PyQt's and Tux Typing's sample pictures,
         * Scribus's template photographs and Fotoxx's manual pictures.
         */
        GIMP_HELP("gimp-help-en", "usr/share/gimp/2.0/help/en/images"),
        SKLEARN("python3-sklearn", "usr/lib/python3/dist-packages/sklearn/datasets/images"),
        WX_EXAMPLES("wx3.2-examples", "usr/share/doc/wx3.2-examples/examples/samples"),
        LIBVIPS_DOC("libvips-doc", "usr/share/gtk-doc/html/libvips"),
        PYQT5_EXAMPLES("pyqt5-examples", "usr/share/doc/pyqt5-examples/examples"),
        TUXTYPE("tuxtype-data", "usr/share/tuxtype"),
        SCRIBUS("scribus-template", "usr/share/scribus/templates"),
        FOTOXX("fotoxx-common", "usr/share/fotoxx/images"),
        /*
         * The unseen held-back set's packages (cutout-unseen.tsv), used by no tuning and by no other test: GNOME's account
         * pictures, photographs in TeX Live's documentation, Scribus's and libjxl's sample pictures, Qt's examples,
         * OpenCV's documentation pages, MATE's and Lomiri's wallpapers.
         */
        GNOME_FACES("gnome-control-center-data", "usr/share/pixmaps/faces"),
        TEX_EXTRA_DOC("texlive-latex-extra-doc", "usr/share/doc/texlive-doc"),
        TEX_PUBLISHERS_DOC("texlive-publishers-doc", "usr/share/doc/texlive-doc"),
        TEX_SCIENCE_DOC("texlive-science-doc", "usr/share/doc/texlive-doc"),
        TEX_PICTURES_DOC("texlive-pictures-doc", "usr/share/doc/texlive-doc"),
        TEX_ARABIC("texlive-lang-arabic", "usr/share/doc/texlive-doc"),
        TEX_FRENCH("texlive-lang-french", "usr/share/doc/texlive-doc"),
        TEX_CHINESE("texlive-lang-chinese", "usr/share/doc/texlive-doc"),
        TEX_OTHER("texlive-lang-other", "usr/share/doc/texlive-doc"),
        SCRIBUS_DATA("scribus-data", "usr/share/scribus/templates"),
        JXL_TESTDATA("libjxl-testdata", "usr/share/libjxl-testdata"),
        QT5_EXAMPLES("qtbase5-examples", "usr/lib/x86_64-linux-gnu/qt5/examples"),
        OPENCV_HTML("opencv-doc", "usr/share/doc/opencv-doc/opencv4/html"),
        MATE_BACKGROUNDS("mate-backgrounds", "usr/share/backgrounds/mate"),
        LOMIRI_WALLPAPERS("lomiri-wallpapers-20.04", "usr/share/backgrounds");

        final String debian;
        final String root;

        Source(String debian, String root) {
            this.debian = debian;
            this.root = root;
        }
    }

    private Photos() {
    }

    /**
     * The photo {@code name} (a path under the package's root folder), unpacking its package if needed. A name
     * {@code bundle.rcc!/path} is a file inside a Qt resource bundle, read out once into the cache.
     */
    public static synchronized Path get(Source source, String name) {
        int bang = name.indexOf("!/");
        if (bang >= 0) {
            Path bundle = get(source, name.substring(0, bang));
            Path file = TestCache.folder().resolve("photos").resolve(source.debian + "-rcc")
                    .resolve(name.replace("!/", "/"));
            if (!Files.isRegularFile(file)) {
                try {
                    Files.createDirectories(file.getParent());
                    Path partial = Files.createTempFile(file.getParent(), ".read-", ".partial");
                    Files.write(partial, QtResources.read(bundle, name.substring(bang + 2)));
                    Files.move(partial, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                } catch (IOException e) {
                    throw new AssertionError("cannot read " + name + " of " + source.debian + ": " + e.getMessage());
                }
            }
            return file;
        }
        Path installed = Path.of("/").resolve(source.root).resolve(name);
        if (Files.isRegularFile(installed)) {
            return installed;
        }
        Path unpacked = TestCache.folder().resolve("photos").resolve(source.debian);
        Path file = unpacked.resolve(source.root).resolve(name);
        if (!Files.isRegularFile(file)) {
            unpack(source.debian, unpacked);
        }
        if (!Files.isRegularFile(file)) {
            throw new AssertionError("the Debian package " + source.debian + " has no " + source.root + "/" + name
                    + " (if " + unpacked + " was left half unpacked, delete it)");
        }
        return file;
    }

    /**
     * Unpacks beside {@code into}, then renames the folder into place: the build's other test JVM may want the same
     * photos at the same time and must never read one half written. If that JVM was first, its folder stays.
     */
    private static void unpack(String debian, Path into) {
        try {
            Path work = Files.createTempDirectory("flowrun-deb");
            run(work, "apt-get", "download", debian);
            Path staged = Files.createTempDirectory(Files.createDirectories(into.getParent()), ".unpack-");
            try (var debs = Files.list(work)) {
                for (Path deb : debs.filter(p -> p.toString().endsWith(".deb")).toList()) {
                    run(work, "dpkg-deb", "-x", deb.toString(), staged.toString());
                }
            }
            try {
                Files.move(staged, into, StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException e) {
                if (!Files.isDirectory(into)) {
                    throw e;
                }
                run(work, "rm", "-rf", staged.toString());
            }
        } catch (IOException | InterruptedException e) {
            throw new AssertionError("no photos for the model tests: could not unpack the Debian package " + debian
                    + " into " + into + " (" + e.getMessage() + "); on Debian run .ci/run once, or: apt-get update && "
                    + "apt-get download " + debian + " && dpkg-deb -x " + debian + "_*.deb " + into);
        }
    }

    private static void run(Path dir, String... command) throws IOException, InterruptedException {
        List<String> args = new ArrayList<>(List.of(command));
        Process p = new ProcessBuilder(args).directory(dir.toFile()).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes());
        if (!p.waitFor(10, TimeUnit.MINUTES) || p.exitValue() != 0) {
            throw new IOException(String.join(" ", command) + " failed: " + output.strip());
        }
    }
}
