package dev.flowrun.cutout.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.flowrun.cutout.Cutout;
import dev.flowrun.imaging.ImageDecoder;
import java.awt.image.BufferedImage;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The looks on photographs of the calibration set ({@code cutout-calibration.tsv}, judged by eye): a reject whose
 * first look was sure of itself is flagged by the mirrored look's disagreement; a reject the old one-look confidence
 * passed is flagged by its haze with no second look; a plainly sure first look takes no second, unless its outline
 * runs where the picture shows no edge. The signals the
 * model gives match those the fixture records ({@link CalibrationRatesTest} computes the rates from them).
 */
class SecondLookTest {
    private static final double REVIEW_BELOW = 0.5;
    private final ImageDecoder decoder = new ImageDecoder(50_000_000);
    private final ModelBackgroundRemover remover = new CachingModelRemover().remover();

    @Test
    void aRejectTheFirstLookWasSureOfIsFlaggedByTheMirroredLook() throws Exception {
        CalibrationPhoto photo = photo("squirrel"); // the bushy tail left out, the ear tufts a see-through haze
        assertThat(photo.accepted()).isFalse();
        BufferedImage image = image(photo);
        Looks looks = remover.looks(image);
        assertThat(looks.second()).as("a second look taken").isTrue();
        assertMeasuredAsRecorded(photo, looks);
        assertThat(LookConfidence.firstLook(looks.own())).as("the first look alone")
                .isGreaterThanOrEqualTo(REVIEW_BELOW);
        assertThat(remover.fromLooks(image, looks, 1).confidence()).as("with the mirrored look").isLessThan(REVIEW_BELOW);
    }

    @Test
    void aRejectTheOldConfidencePassedIsFlaggedByItsHazeWithOneLook() throws Exception {
        CalibrationPhoto photo = photo("new_wave_1"); // the seat under him kept as a dark patch
        assertThat(photo.accepted()).isFalse();
        BufferedImage image = image(photo);
        Looks looks = remover.looks(image);
        assertMeasuredAsRecorded(photo, looks);
        assertThat(looks.own().confidence()).as("the first look's confidence without its haze")
                .isGreaterThanOrEqualTo(REVIEW_BELOW);
        assertThat(looks.second()).as("flagged already: no second look").isFalse();
        Cutout oneLook = CachingModelRemover.oneLook().remove(image, OptionalInt.empty(), 1);
        assertThat(oneLook.confidence()).as("secondLook false").isLessThan(REVIEW_BELOW);
    }

    @Test
    void aPlainlySureFirstLookWhoseOutlineThePictureDoesNotShowTakesASecond() throws Exception {
        CalibrationPhoto photo = photo("bar55"); // a bystander behind the couple kept as subject
        assertThat(photo.accepted()).isFalse();
        BufferedImage image = image(photo);
        Looks looks = remover.looks(image);
        assertThat(looks.own().unsure()).as("unsure").isLessThanOrEqualTo(LookConfidence.PLAINLY_SURE_UNSURE);
        assertThat(looks.own().haze()).as("haze").isLessThanOrEqualTo(LookConfidence.PLAINLY_SURE_HAZE);
        assertThat(looks.own().edgeless()).as("edgeless outline").isGreaterThan(LookConfidence.EDGELESS_SUSPECT);
        assertThat(looks.second()).as("a second look taken").isTrue();
        assertMeasuredAsRecorded(photo, looks);
        assertThat(remover.fromLooks(image, looks, 1).confidence()).as("with the mirrored look").isLessThan(REVIEW_BELOW);
    }

    @Test
    void aPlainlySureFirstLookTakesNoSecond() throws Exception {
        CalibrationPhoto photo = photo("hammer2"); // clean
        assertThat(photo.accepted()).isTrue();
        BufferedImage image = image(photo);
        Looks looks = remover.looks(image);
        assertMeasuredAsRecorded(photo, looks);
        assertThat(looks.second()).isFalse();
        assertThat(remover.fromLooks(image, looks, 1).confidence()).isGreaterThanOrEqualTo(REVIEW_BELOW);
    }

    private static void assertMeasuredAsRecorded(CalibrationPhoto photo, Looks looks) {
        CalibrationPhoto.Measured m = photo.measured();
        assertThat(looks.own().confidence()).as("first").isCloseTo(m.first(), within(1e-3));
        assertThat(looks.own().unsure()).as("unsure").isCloseTo(m.unsure(), within(1e-3));
        assertThat(looks.own().haze()).as("haze").isCloseTo(m.haze(), within(1e-3));
        assertThat(looks.own().edgeless()).as("edgeless").isCloseTo(m.edgeless(), within(1e-3));
        if (looks.second()) {
            assertThat(LookSignals.of(looks).mirror()).as("mirror").isCloseTo(m.mirror(), within(1e-3));
            assertThat(LookSignals.of(looks).crop()).as("crop").isCloseTo(m.crop(), within(1e-3));
        }
    }

    private BufferedImage image(CalibrationPhoto photo) throws Exception {
        return decoder.decode(Photos.get(photo.source(), photo.path()));
    }

    @Test
    void theCalibrationSetIsJudgedAndSplitByNameBeforehand() throws Exception {
        List<CalibrationPhoto> all = CalibrationPhoto.all();
        assertThat(all).hasSizeGreaterThanOrEqualTo(60).allSatisfy(p -> assertThat(p.reason()).isNotBlank());
        Map<String, Long> perCategory = all.stream()
                .collect(Collectors.groupingBy(CalibrationPhoto::category, Collectors.counting()));
        assertThat(perCategory.keySet()).containsExactlyInAnyOrder("product", "animal", "person", "hard");
        assertThat(perCategory.values()).allSatisfy(n -> assertThat(n).isGreaterThanOrEqualTo(15));
        java.security.MessageDigest sha = java.security.MessageDigest.getInstance("SHA-256");
        for (CalibrationPhoto p : all) {
            String file = p.path().substring(p.path().lastIndexOf('/') + 1);
            byte first = sha.digest(file.getBytes(java.nio.charset.StandardCharsets.UTF_8))[0];
            assertThat(p.seen()).as(file + " " + HexFormat.of().toHexDigits(first)).isEqualTo(first % 2 != 0);
        }
    }

    private static CalibrationPhoto photo(String name) {
        return CalibrationPhoto.all().stream().filter(p -> p.name().equals(name)).findFirst().orElseThrow();
    }
}
