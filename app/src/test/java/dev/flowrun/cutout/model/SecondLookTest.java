package dev.flowrun.cutout.model;

import static org.assertj.core.api.Assertions.assertThat;

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
 * The second look (the model's look at the mirrored photo) on photographs of the held-back half of the calibration
 * set ({@code cutout-calibration.tsv}, judged by eye): where the looks disagree a cut-out the first look was sure of
 * is flagged; where they agree it is not; {@code secondLook: false} gives the first look's own confidence.
 */
class SecondLookTest {
    private static final double REVIEW_BELOW = 0.5;
    private final ImageDecoder decoder = new ImageDecoder(50_000_000);

    @Test
    void aRejectTheFirstLookWasSureOfIsFlaggedByTheSecond() throws Exception {
        CalibrationPhoto photo = photo("new_wave_1"); // a blocky haze of the seat kept under him
        assertThat(photo.accepted()).isFalse();
        BufferedImage image = decoder.decode(Photos.get(photo.source(), photo.path()));
        Cutout oneLook = new CachingModelRemover().withoutSecondLook().remove(image, OptionalInt.empty(), 1);
        Cutout twoLooks = new CachingModelRemover().remove(image, OptionalInt.empty(), 1);
        assertThat(oneLook.confidence()).as("one look").isGreaterThanOrEqualTo(REVIEW_BELOW);
        assertThat(twoLooks.confidence()).as("two looks").isLessThan(REVIEW_BELOW);
    }

    @Test
    void anAcceptTheLooksAgreeOnStaysUnflagged() throws Exception {
        CalibrationPhoto photo = photo("hammer2");
        assertThat(photo.accepted()).isTrue();
        BufferedImage image = decoder.decode(Photos.get(photo.source(), photo.path()));
        assertThat(new CachingModelRemover().remove(image, OptionalInt.empty(), 1).confidence())
                .isGreaterThanOrEqualTo(REVIEW_BELOW);
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
            assertThat(p.heldBack()).as(file + " " + HexFormat.of().toHexDigits(first)).isEqualTo(first % 2 != 0);
        }
    }

    private static CalibrationPhoto photo(String name) {
        return CalibrationPhoto.all().stream().filter(p -> p.name().equals(name)).findFirst().orElseThrow();
    }
}
