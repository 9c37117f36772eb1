package dev.flowrun.cutout.model;

import ai.onnxruntime.OrtException;
import dev.flowrun.cutout.BackgroundRemover;
import dev.flowrun.cutout.Cutout;
import dev.flowrun.cutout.CutoutFailed;
import dev.flowrun.cutout.CutoutMethod;
import dev.flowrun.imaging.Pixels;
import java.awt.image.BufferedImage;
import java.util.OptionalInt;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;

/**
 * Background removal by a learned salient-object segmentation model ({@link SegmentationModel}), for photographs
 * whatever their backdrop. Stages, each in its own step so a cancellation or budget check can go between them:
 * <ol>
 * <li>{@link ModelInput}: the picture squeezed to the model's square and normalised;</li>
 * <li>inference: the foreground probability at the model's size;</li>
 * <li>edges on a working grid of at most 1024 px: the mask refined by a {@link GuidedFilter} on the picture, and
 *     the subject and backdrop colours beside the outline ({@link NearestColours});</li>
 * <li>{@link FullSizeCutout}: alpha and decontaminated colours at full size, row by row, then {@code feather}.</li>
 * </ol>
 * {@code tolerance} is the classic algorithm's and is ignored here.
 */
public final class ModelBackgroundRemover implements BackgroundRemover {
    /** How the mask reaches full size: guided by the picture, or plain bilinear (kept for the benchmark). */
    public enum Edges { GUIDED, PLAIN }

    /** Guided filter window radius on the working grid: a quarter of a percent of its long side, 2 px at 1024. */
    private static final int RADIUS_DIVISOR = 512;
    /** Regularisation: colour variations below about 0.03 (8 of 255 levels) do not move the edge. */
    private static final float EPS = 1e-3f;

    private final ModelLoad model;
    private final Edges edges;
    private final Looks.Scheme scheme;
    private final Looks.Inference inference;

    public ModelBackgroundRemover(SegmentationModel model) {
        this(ModelLoad.of(model), Edges.GUIDED);
    }

    public ModelBackgroundRemover(SegmentationModel model, Edges edges) {
        this(ModelLoad.of(model), edges);
    }

    /** With a model still loading: the first cut-out waits for it. */
    public ModelBackgroundRemover(ModelLoad model) {
        this(model, Edges.GUIDED);
    }

    private ModelBackgroundRemover(ModelLoad model, Edges edges) {
        this(model, edges, Looks.Scheme.MIRRORED_AND_CROP, null);
    }

    /** {@code inference}: how the model is asked (null: directly; the tests keep its answers). */
    ModelBackgroundRemover(ModelLoad model, Edges edges, Looks.Scheme scheme, Looks.Inference inference) {
        this.model = model;
        this.edges = edges;
        this.scheme = scheme;
        this.inference = inference != null ? inference : this::infer;
    }

    /** This remover with one look only: faster, its confidence from that look alone. */
    @Override
    public ModelBackgroundRemover withoutSecondLook() {
        return scheme == Looks.Scheme.ONE ? this : withLooks(Looks.Scheme.ONE);
    }

    /** This remover taking the looks of {@code other}. */
    ModelBackgroundRemover withLooks(Looks.Scheme other) {
        return new ModelBackgroundRemover(model, edges, other, inference);
    }

    @Override
    public Cutout remove(BufferedImage image, OptionalInt tolerance, int feather) throws CutoutFailed {
        return fromLooks(image, looks(image), feather);
    }

    /** The looks this remover takes at {@code image}: the first, and the second where it is wanted. */
    Looks looks(BufferedImage image) throws CutoutFailed {
        ModelFamily family = model.get().family();
        Looks looks = Looks.first(image, family, inference);
        return scheme == Looks.Scheme.ONE || !LookConfidence.secondLookTellsMore(looks.own()) ? looks
                : looks.withSecond(image, family, inference, scheme == Looks.Scheme.MIRRORED_AND_CROP);
    }

    /** The first and mirrored looks, and the crop look where the subject's box covers at most {@code cropAtMost}. */
    Looks looks(BufferedImage image, double cropAtMost) throws CutoutFailed {
        ModelFamily family = model.get().family();
        return Looks.first(image, family, inference).withSecond(image, family, inference, cropAtMost);
    }

    /**
     * The cut-out of {@code image} from the model's looks at it: the first look's mask, the others' agreement with it
     * in the confidence. Their mean made no cut-out better on the held-back calibration photographs and three worse
     * (where the looks disagree it is a haze of one half), so the second look only tells how far to trust the first.
     */
    Cutout fromLooks(BufferedImage image, Looks looks, int feather) {
        return fromMask(image, looks.first().clone(), feather, LookConfidence.of(looks), true, looks.guide());
    }

    /** The cut-out of {@code image} from one look's answer, {@code size}² pixels (the post-processing alone). */
    Cutout fromProbability(BufferedImage image, float[] probability, int size, int feather) {
        int[] grid = ModelInput.workSize(image.getWidth(), image.getHeight());
        return fromMask(image, PlaneRows.resample(probability, size, size, grid[0], grid[1]), feather,
                LookConfidence.oneLook(), true);
    }

    /**
     * The cut-out of {@code image} from a probability on its working grid, with the confidence of the looks;
     * {@code settleHaze} false leaves the model's hazes as they are (the calibration's picture of the cut-out before
     * {@link Haze}).
     */
    Cutout fromMask(BufferedImage image, float[] workMask, int feather, LookConfidence lookConfidence,
                    boolean settleHaze) {
        return fromMask(image, workMask, feather, lookConfidence, settleHaze, null);
    }

    /** {@code given}: the picture on the working grid ({@link ModelInput#guide}), or null to make it here. */
    private Cutout fromMask(BufferedImage image, float[] workMask, int feather, LookConfidence lookConfidence,
                            boolean settleHaze, int[] given) {
        int w = image.getWidth();
        int h = image.getHeight();
        boolean alpha = Pixels.hasAlpha(image);
        int[] src = Pixels.readOnly(image); // no copy: at 50 MP every full-size array is 200 MB
        int[] grid = ModelInput.workSize(w, h);
        int gw = grid[0];
        int gh = grid[1];
        int[] guide = given != null ? given : ModelInput.guide(src, w, h, alpha, gw, gh);
        FirstLook own = lookConfidence.own() != null ? lookConfidence.own() : FirstLook.of(workMask, guide, gw, gh);
        float[] haze = settleHaze ? Haze.settle(workMask, gw, gh) : null;
        Trimap.Planes planes = Trimap.of(workMask, gw, gh);
        float[] trimap = planes.values();
        double confidence = lookConfidence.confidence(own);
        for (int i = 0; i < workMask.length; i++) { // the matte's input: decided pixels at their decision
            workMask[i] = trimap[i] == Trimap.UNKNOWN ? workMask[i] : trimap[i];
        }
        // The edge colours need only the trimap: made on another core meanwhile, when one is free (a lone cut-out's
        // post-processing would otherwise leave the cores its inference used idle), else by this thread at join.
        // Without a feather's blur the compose reads them only near the outline; the blur spreads subject colours
        // outward from anywhere.
        ForkJoinTask<NearestColours> nearest = ForkJoinPool.commonPool().submit(() -> feather > 1
                ? NearestColours.of(guide, trimap, gw, gh) : NearestColours.nearOutline(guide, planes, gw, gh));
        GuidedFilter.Coefficients c = edges == Edges.GUIDED
                ? GuidedFilter.nearOutline(guide, workMask, trimap, gw, gh,
                Math.max(1, Math.max(gw, gh) / RADIUS_DIVISOR), EPS)
                : GuidedFilter.Coefficients.plain(workMask);
        if (haze != null) {
            Haze.calm(c, haze, workMask);
        }
        NearestColours colours = nearest.join();
        BufferedImage cut = FullSizeCutout.compose(src, w, h, alpha, c, planes, colours, gw, gh, feather);
        return new Cutout(cut, CutoutMethod.MODEL, confidence);
    }

    /** The model's answer: the subject's probability per pixel of the model's square. */
    float[] infer(float[] input) throws CutoutFailed {
        try {
            return model.get().predict(input);
        } catch (OrtException e) {
            throw new CutoutFailed("the segmentation model failed: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CutoutFailed("interrupted while waiting for the segmentation model", e);
        }
    }
}
