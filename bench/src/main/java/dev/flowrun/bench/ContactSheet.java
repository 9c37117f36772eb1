package dev.flowrun.bench;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.imageio.ImageIO;

/**
 * Rows of pictures side by side, each scaled into a square cell, cut-outs flattened on magenta: a colour no photo's
 * edge has, so a halo of the old backdrop or a see-through subject shows at once (a checkerboard hides both).
 */
final class ContactSheet {
    private final int cell;
    private final List<BufferedImage[]> rows = new ArrayList<>();

    ContactSheet(int cell) {
        this.cell = cell;
    }

    ContactSheet row(BufferedImage... pictures) {
        rows.add(pictures);
        return this;
    }

    void write(Path file) throws java.io.IOException {
        int columns = rows.stream().mapToInt(r -> r.length).max().orElse(1);
        BufferedImage sheet = new BufferedImage(columns * cell, rows.size() * cell, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = sheet.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BICUBIC);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, sheet.getWidth(), sheet.getHeight());
        for (int r = 0; r < rows.size(); r++) {
            for (int c = 0; c < rows.get(r).length; c++) {
                BufferedImage p = rows.get(r)[c];
                double s = Math.min((double) (cell - 4) / p.getWidth(), (double) (cell - 4) / p.getHeight());
                int w = (int) Math.round(p.getWidth() * s);
                int h = (int) Math.round(p.getHeight() * s);
                int x = c * cell + (cell - w) / 2;
                int y = r * cell + (cell - h) / 2;
                if (p.getColorModel().hasAlpha()) {
                    g.setColor(Color.MAGENTA);
                    g.fillRect(x, y, w, h);
                }
                g.drawImage(p, x, y, w, h, null);
            }
        }
        g.dispose();
        ImageIO.write(sheet, "png", file.toFile());
    }
}
