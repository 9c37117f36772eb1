package dev.flowrun.imaging;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flowrun.cutout.model.Photos;
import dev.flowrun.support.ReferenceTools;
import dev.flowrun.support.ReferenceTools.Means;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Contract §4: every input format decodes to its reference decoder's colours, within one level on each channel's
 * mean. A corpus of real photographs, written at test time by the formats' own tools and other encoders (cwebp at
 * several settings and ImageMagick for WebP, cjpeg for JPEG, ImageMagick with libpng and libtiff for the rest, ICC
 * profiles from Ghostscript's set), each decoded by flowrun and by the reference (dwebp, djpeg, libpng, libtiff;
 * LittleCMS to sRGB where the file carries a profile). The table is in the test log.
 */
class ReferenceDecodersTest {
    private static final String ICC = "/usr/share/color/icc/ghostscript/";
    private static final ImageDecoder DECODER = new ImageDecoder(50_000_000L);

    @TempDir
    static Path dir;

    /** One file of the corpus: how it is made from a source in {@code dir}, and how the reference decodes it. */
    record Case(String file, String format, String encoder, List<String> make, List<String> reference) {
    }

    @BeforeAll
    static void sources() {
        Path skimage = Photos.get(Photos.Source.SKIMAGE, "chelsea.png").getParent();
        String convert = ReferenceTools.convert();
        for (String photo : List.of("chelsea", "coffee", "astronaut", "motorcycle_left")) {
            ReferenceTools.run(dir, convert, skimage.resolve(photo + ".png").toString(), photo + ".ppm");
        }
        Path building = Photos.get(Photos.Source.OPENCV, "data/building.jpg");
        ReferenceTools.run(dir, convert, building.toString(), "building.ppm");
        ReferenceTools.run(dir, convert, skimage.resolve("astronaut.png").toString(), "(", "-size", "512x512",
                "radial-gradient:white-black", ")", "-alpha", "off", "-compose", "CopyOpacity", "-composite",
                "astronaut-alpha.png");
        ReferenceTools.run(dir, "cp", Photos.get(Photos.Source.MATPLOTLIB, "grace_hopper.jpg").toString(),
                "grace_hopper.jpg");
    }

    static List<Case> corpus() {
        String im = ReferenceTools.convert();
        List<Case> cases = new ArrayList<>();
        // WebP: libwebp's cwebp at several settings, ImageMagick's own settings; reference dwebp
        webp(cases, "chelsea-q75.webp", "cwebp -q 75 (default)", "cwebp", "-quiet", "chelsea.ppm");
        webp(cases, "building-q90-sharp.webp", "cwebp -q 90 -sharp_yuv -m 6", "cwebp", "-quiet", "-q", "90",
                "-sharp_yuv", "-m", "6", "building.ppm");
        webp(cases, "coffee-q30-f0.webp", "cwebp -q 30 -f 0 -segments 1", "cwebp", "-quiet", "-q", "30", "-f", "0",
                "-segments", "1", "coffee.ppm");
        webp(cases, "astronaut-alpha-q80.webp", "cwebp -q 80 -alpha_q 50 (lossy with alpha)", "cwebp", "-quiet", "-q",
                "80", "-alpha_q", "50", "astronaut-alpha.png");
        webp(cases, "chelsea-lossless.webp", "cwebp -lossless -z 9", "cwebp", "-quiet", "-lossless", "-z", "9",
                "chelsea.ppm");
        webp(cases, "astronaut-alpha-lossless.webp", "cwebp -lossless -exact", "cwebp", "-quiet", "-lossless",
                "-exact", "astronaut-alpha.png");
        webp(cases, "building-im.webp", "ImageMagick -quality 80", im, "building.ppm", "-quality", "80");
        webp(cases, "motorcycle-im-fast.webp", "ImageMagick method 0, 3 partitions", im, "motorcycle_left.ppm",
                "-quality", "85", "-define", "webp:method=0", "-define", "webp:partitions=3");
        webp(cases, "coffee-im-lossless.webp", "ImageMagick lossless", im, "coffee.ppm", "-define",
                "webp:lossless=true");
        managed(cases, "coffee-adobergb.webp", "WebP", "ImageMagick, Adobe RGB profile", "a98.icc", "-quality", "90");
        // JPEG: libjpeg-turbo's cjpeg and a camera file; reference djpeg
        jpeg(cases, "chelsea-q85.jpg", "cjpeg -quality 85 (4:2:0)", "-quality", "85");
        jpeg(cases, "building-progressive.jpg", "cjpeg -progressive -quality 80", "-progressive", "-quality", "80");
        jpeg(cases, "astronaut-444.jpg", "cjpeg -sample 1x1 -quality 95", "-sample", "1x1", "-quality", "95");
        jpeg(cases, "coffee-gray.jpg", "cjpeg -grayscale", "-grayscale", "-quality", "90");
        cases.add(new Case("grace_hopper.jpg", "JPEG", "matplotlib's sample (as shipped)", List.of(),
                List.of("djpeg", "-pnm", "-outfile", "grace_hopper.jpg.pnm", "grace_hopper.jpg")));
        managed(cases, "coffee-cmyk.jpg", "JPEG", "ImageMagick, CMYK (SWOP profile)", "default_cmyk.icc",
                "-quality", "92");
        managed(cases, "coffee-adobergb.jpg", "JPEG", "ImageMagick, Adobe RGB profile", "a98.icc", "-quality", "92");
        managed(cases, "coffee-prophoto.jpg", "JPEG", "ImageMagick, ROMM (ProPhoto) profile", "rommrgb.icc",
                "-quality", "92");
        // PNG (libpng), TIFF (libtiff), BMP and GIF through ImageMagick
        other(cases, "motorcycle-16bit.png", "PNG", "ImageMagick, 16 bits a sample (resized)", "motorcycle_left.ppm",
                "-resize", "61%", "-depth", "16", "png48:motorcycle-16bit.png");
        other(cases, "chelsea-palette.png", "PNG", "ImageMagick, 200-colour palette", "chelsea.ppm", "-colors",
                "200", "png8:chelsea-palette.png");
        other(cases, "astronaut-alpha.png", "PNG", "ImageMagick, RGBA", "astronaut-alpha.png",
                "png32:astronaut-alpha.png");
        managed(cases, "coffee-adobergb.png", "PNG", "ImageMagick, Adobe RGB profile (iCCP)", "a98.icc");
        other(cases, "building-lzw.tif", "TIFF", "ImageMagick, LZW", "building.ppm", "-compress", "lzw",
                "building-lzw.tif");
        other(cases, "coffee-16bit.tif", "TIFF", "ImageMagick, 16 bits, deflate", "coffee.ppm", "-resize", "83%",
                "-depth", "16", "-compress", "zip", "coffee-16bit.tif");
        other(cases, "chelsea-jpeg.tif", "TIFF", "ImageMagick, JPEG-compressed", "chelsea.ppm", "-compress", "jpeg",
                "chelsea-jpeg.tif");
        managed(cases, "coffee-cmyk.tif", "TIFF", "ImageMagick, CMYK (SWOP profile)", "default_cmyk.icc",
                "-compress", "lzw");
        other(cases, "chelsea.bmp", "BMP", "ImageMagick, 24-bit", "chelsea.ppm", "bmp3:chelsea.bmp");
        other(cases, "coffee-palette.bmp", "BMP", "ImageMagick, 8-bit palette", "coffee.ppm", "-colors", "256",
                "-type", "palette", "bmp3:coffee-palette.bmp");
        other(cases, "coffee.gif", "GIF", "ImageMagick, 256 colours dithered", "coffee.ppm", "coffee.gif");
        other(cases, "astronaut-alpha.gif", "GIF", "ImageMagick, transparency", "astronaut-alpha.png",
                "-channel", "A", "-threshold", "50%", "+channel", "astronaut-alpha.gif");
        return cases;
    }

    @Test
    void everyFormatDecodesToItsReferenceDecodersColoursWithinOneLevel() throws Exception {
        SoftAssertions softly = new SoftAssertions();
        StringBuilder table = new StringBuilder(String.format("%-30s %-5s %-44s %-30s %s%n", "file", "format",
                "encoder", "channel means, flowrun − reference", "worst"));
        for (Case c : corpus()) {
            if (!c.make().isEmpty()) {
                ReferenceTools.run(dir, c.make().toArray(String[]::new));
            }
            ReferenceTools.run(dir, c.reference().toArray(String[]::new));
            Means reference = Means.ofNetpbm(dir.resolve(c.file() + ".pnm"));
            Means flowrun = Means.of(DECODER.decode(dir.resolve(c.file())));
            double worst = flowrun.worst(reference);
            table.append(String.format("%-30s %-5s %-44s R %+5.2f G %+5.2f B %+5.2f A %+5.2f  %.2f%n", c.file(),
                    c.format(), c.encoder(), flowrun.red() - reference.red(), flowrun.green() - reference.green(),
                    flowrun.blue() - reference.blue(), flowrun.alpha() - reference.alpha(), worst));
            softly.assertThat(worst).as("%s (%s): flowrun %s, reference %s", c.file(), c.encoder(), flowrun,
                    reference).isLessThanOrEqualTo(1.0);
        }
        System.out.print(table);
        softly.assertAll();
    }

    @Test
    void aThumbnailOfAWebpIsDecodedSmallByLibwebp() throws Exception {
        ReferenceTools.run(dir, "cwebp", "-quiet", "building.ppm", "-o", "small.webp");
        var thumbnail = DECODER.decodeReduced(dir.resolve("small.webp"), 100);
        assertThat(thumbnail.getWidth()).isEqualTo(217); // 868 px read at every 4th: at least 2 × 100
        assertThat(thumbnail.getHeight()).isEqualTo(150);
    }

    private static void webp(List<Case> cases, String file, String encoder, String tool, String... args) {
        List<String> make = new ArrayList<>(List.of(tool));
        if (tool.equals("cwebp")) {
            make.addAll(List.of(args));
            make.addAll(List.of("-o", file));
        } else {
            make.addAll(List.of(args));
            make.add(file);
        }
        cases.add(new Case(file, "WebP", encoder, make, List.of("dwebp", "-quiet", "-pam", file, "-o", file + ".pnm")));
    }

    private static void jpeg(List<Case> cases, String file, String encoder, String... args) {
        String source = file.substring(0, file.indexOf('-')) + ".ppm";
        List<String> make = new ArrayList<>(List.of("cjpeg"));
        make.addAll(List.of(args));
        make.addAll(List.of("-outfile", file, source));
        cases.add(new Case(file, "JPEG", encoder, make, List.of("djpeg", "-pnm", "-outfile", file + ".pnm", file)));
    }

    /** Converted to the profile's space and tagged with it; the reference converts back to sRGB with LittleCMS. */
    private static void managed(List<Case> cases, String file, String format, String encoder, String profile,
                                String... args) {
        String im = ReferenceTools.convert();
        List<String> make = new ArrayList<>(List.of(im, "coffee.ppm", "-profile", ICC + "srgb.icc", "-profile",
                ICC + profile));
        make.addAll(List.of(args));
        make.add(file);
        cases.add(new Case(file, format, encoder, make,
                List.of(im, file, "-profile", ICC + "srgb.icc", "pam:" + file + ".pnm")));
    }

    private static void other(List<Case> cases, String file, String format, String encoder, String source,
                              String... args) {
        String im = ReferenceTools.convert();
        List<String> make = new ArrayList<>(List.of(im, source));
        make.addAll(List.of(args));
        cases.add(new Case(file, format, encoder, make, List.of(im, file + (format.equals("GIF") ? "[0]" : ""),
                "pam:" + file + ".pnm")));
    }
}
