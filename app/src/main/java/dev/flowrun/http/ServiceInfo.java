package dev.flowrun.http;

/**
 * {@code GET /service}: what a client should know about this service's settings, read once by the dashboard (it
 * warns that photos get the classic method while no segmentation model is loaded, and says how to get one).
 */
public record ServiceInfo(String version, Cutout cutout) {

    /**
     * {@code model}: whether a segmentation model is loaded; {@code autoMethod}: what {@code method: auto} runs;
     * {@code modelFetch}: the command that fetches the model, when there is none; {@code reviewBelow}:
     * FLOWRUN_REVIEW_BELOW.
     */
    public record Cutout(boolean model, String autoMethod, String modelFetch, double reviewBelow) {
    }

    public static ServiceInfo of(String version, boolean model, String modelFetch, double reviewBelow) {
        return new ServiceInfo(version, new Cutout(model, model ? "model" : "classic", model ? null : modelFetch,
                reviewBelow));
    }
}
