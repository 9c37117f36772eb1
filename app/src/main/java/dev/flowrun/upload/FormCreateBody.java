package dev.flowrun.upload;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.flowrun.error.InvalidRequest;
import dev.flowrun.files.UrlSigner;
import dev.flowrun.run.CreateBody;
import dev.flowrun.workflow.Graph;
import dev.flowrun.workflow.GraphNode;
import java.util.HashMap;
import java.util.Map;

/**
 * A multipart create as the JSON create it amounts to: each received file becomes
 * {@code {url, name}} with the signed URL of its place in the store (which create then reads from the store, as
 * any file URL of this service), a {@code zip} part the {@code zipUrl}, and {@code webhookUrl} and {@code zipLayout}
 * stay what they are. So both kinds of create meet one set of rules in one order; only the names of the fields in a
 * refusal are turned back into the parts the caller sent.
 */
final class FormCreateBody implements CreateBody {
    private static final String ALIAS = "imageInput";
    private final ReceivedForm form;
    private final UrlSigner signer;
    private final ObjectMapper mapper;
    /** The part each key of {@code inputs} came from, to name it in a refusal. */
    private final Map<String, String> partOfKey = new HashMap<>();

    FormCreateBody(ReceivedForm form, UrlSigner signer, ObjectMapper mapper) {
        this.form = form;
        this.signer = signer;
        this.mapper = mapper;
    }

    @Override
    public String digest() {
        return form.digest();
    }

    @Override
    public JsonNode json(Graph graph) {
        ObjectNode body = mapper.createObjectNode();
        String expires = signer.expiresNow();
        for (ReceivedForm.File file : form.files()) {
            String url = signer.url(file.key(), expires);
            if (file.part().equals("zip")) {
                body.put("zipUrl", url);
                continue;
            }
            String key = file.part().equals("file") ? ALIAS : file.part().substring("file:".length());
            if (file.part().equals("file") && graph.inputNodes().size() > 1) {
                throw new InvalidRequest("file", "this workflow has " + graph.inputNodes().size() + " input nodes "
                        + graph.inputNodes().stream().map(GraphNode::id).toList() + ": send each one's files in parts"
                        + " named file:<node id>, e.g. -F 'file:" + graph.inputNodes().get(0).id() + "=@photo.jpg'");
            }
            String earlier = partOfKey.putIfAbsent(key, file.part());
            if (earlier != null && !earlier.equals(file.part())) {
                throw new InvalidRequest(file.part(), "parts '" + earlier + "' and '" + file.part() + "' both give"
                        + " files of input node '" + key + "'; use one of them");
            }
            body.with("inputs").with(key).withArray("files").addObject().put("url", url).put("name", file.name());
        }
        form.texts().forEach(body::put);
        return body;
    }

    @Override
    public InvalidRequest explain(InvalidRequest refusal) {
        String field = refusal.field();
        if (field.equals("inputs") || field.equals("zipUrl")) {
            if (refusal.getMessage().contains("exactly one of inputs and zipUrl")) {
                return new InvalidRequest(field.equals("inputs") ? "file" : "zip", "give either file parts"
                        + " (curl -F file=@photo.jpg) or one zip part (-F zip=@photos.zip)");
            }
            return new InvalidRequest(field.equals("inputs") ? "file" : "zip", refusal.getMessage());
        }
        if (field.startsWith("inputs.")) {
            // Node ids may hold dots themselves: the key is the one of ours the field starts with.
            String rest = field.substring("inputs.".length());
            String part = partOfKey.entrySet().stream()
                    .filter(entry -> rest.equals(entry.getKey()) || rest.startsWith(entry.getKey() + "."))
                    .map(Map.Entry::getValue).findFirst().orElse("file:" + rest);
            return new InvalidRequest(part, refusal.getMessage());
        }
        return refusal;
    }

    @Override
    public void close() {
        form.close();
    }
}
