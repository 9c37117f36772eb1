package dev.flowrun.run;

import dev.flowrun.error.InvalidRequest;
import dev.flowrun.files.FileStore;
import dev.flowrun.files.UrlSigner;
import java.util.HashMap;
import java.util.Map;

/**
 * File URLs flowrun itself handed out (an upload's from {@code POST /uploads}, a form's parts, another run's
 * outputs): create reads them from the store, with no network call, so they work whatever
 * {@code FLOWRUN_ALLOW_PRIVATE_NETWORKS} says and wherever {@code FLOWRUN_PUBLIC_URL} points. Checked when the run
 * is created, since the file is then linked into the run and the URL is not needed again.
 */
final class OwnFiles {
    private final UrlSigner signer;
    private final FileStore store;

    OwnFiles(UrlSigner signer, FileStore store) {
        this.signer = signer;
        this.store = store;
    }

    /** The store key of each URL of the request that is one of ours: by URL. */
    Map<String, String> resolve(RunRequest request) {
        Map<String, String> keys = new HashMap<>();
        if (request.zipUrl() != null) {
            add(keys, request.zipUrl(), "zipUrl");
        }
        request.items().forEachFile((nodeId, index, file) ->
                add(keys, file.url(), "inputs." + nodeId + ".files[" + index + "].url"));
        return keys;
    }

    private void add(Map<String, String> keys, String url, String field) {
        if (keys.containsKey(url)) {
            return;
        }
        String key = signer.ownKey(url);
        if (key == null) {
            return;
        }
        if (key.equals(UrlSigner.INVALID)) {
            throw new InvalidRequest(field, field + " is a file URL of this service whose signature is wrong or"
                    + " whose time is past; upload the file again (POST /uploads) for a fresh URL");
        }
        if (!store.exists(key)) {
            throw new InvalidRequest(field, field + " is a file URL of this service whose file no longer exists"
                    + " (files are deleted after FLOWRUN_OUTPUT_RETENTION); upload the file again");
        }
        keys.put(url, key);
    }
}
