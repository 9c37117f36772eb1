package dev.flowrun.imaging;

import java.awt.color.ColorSpace;
import java.awt.color.ICC_ColorSpace;
import java.awt.color.ICC_Profile;
import java.awt.image.BufferedImage;
import java.awt.image.ColorConvertOp;
import java.awt.image.DataBuffer;
import java.awt.image.DirectColorModel;
import java.nio.charset.StandardCharsets;

/**
 * Converts an image whose numbers are in an embedded RGB profile's space (Adobe RGB, Display P3, ProPhoto …) to
 * sRGB with Java's colour management (LittleCMS), as the JPEG and TIFF readers do by themselves. Gray and CMYK
 * profiles, profiles that do not parse, and sRGB's own are left alone.
 */
final class ToSrgb {
    private ToSrgb() {
    }

    static BufferedImage convert(BufferedImage image, byte[] iccProfile) {
        ICC_Profile profile;
        try {
            profile = ICC_Profile.getInstance(iccProfile);
        } catch (IllegalArgumentException e) {
            return image; // not a profile LittleCMS can read: the numbers as stored are the best guess
        }
        if (profile.getColorSpaceType() != ColorSpace.TYPE_RGB || describesSrgb(profile)) {
            return image;
        }
        boolean alpha = image.getType() == BufferedImage.TYPE_INT_ARGB;
        DirectColorModel tagged;
        try {
            tagged = new DirectColorModel(new ICC_ColorSpace(profile), alpha ? 32 : 24, 0xFF0000, 0xFF00, 0xFF,
                    alpha ? 0xFF000000 : 0, false, DataBuffer.TYPE_INT);
        } catch (IllegalArgumentException e) {
            return image;
        }
        BufferedImage source = new BufferedImage(tagged, image.getRaster(), false, null);
        BufferedImage out = Pixels.create(image.getWidth(), image.getHeight(), alpha);
        new ColorConvertOp(null).filter(source, out);
        return out;
    }

    /** An sRGB profile under any of its names ("sRGB IEC61966-2.1", "sRGB built-in" …): converting changes nothing. */
    private static boolean describesSrgb(ICC_Profile profile) {
        byte[] description = profile.getData(ICC_Profile.icSigProfileDescriptionTag);
        if (description == null) {
            return false;
        }
        // 'desc' holds ASCII, 'mluc' UTF-16BE: look for the name in both spellings.
        String ascii = new String(description, StandardCharsets.ISO_8859_1);
        return ascii.contains("sRGB") || ascii.contains("\0s\0R\0G\0B");
    }
}
