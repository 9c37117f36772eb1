package dev.flowrun.upload;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.flowrun.error.InvalidRequest;
import dev.flowrun.files.FileLayout;
import dev.flowrun.files.FileStore;
import dev.flowrun.files.UrlSigner;
import dev.flowrun.run.CreateBody;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import org.jdbi.v3.core.Jdbi;

/**
 * Local files (README, Walk-through with curl): a multipart create, and {@code POST /uploads}, which keeps files under
 * {@code uploads/<id>/} and answers signed URLs that create then reads from the store, never over the network.
 */
public final class Uploads {
    private final Jdbi jdbi;
    private final FileStore store;
    private final UrlSigner signer;
    private final ObjectMapper mapper;
    private final FormReceiver receiver;
    private final Clock clock;

    public Uploads(Jdbi jdbi, FileStore store, UrlSigner signer, ObjectMapper mapper, UploadLimits limits,
                   Clock clock) {
        this.jdbi = jdbi;
        this.store = store;
        this.signer = signer;
        this.mapper = mapper;
        this.receiver = new FormReceiver(store, limits);
        this.clock = clock;
    }

    /** A multipart create's body, received; with {@code digest}, ready for an Idempotency-Key's comparison. */
    public CreateBody createBody(InputStream body, String contentType, boolean digest) {
        return new FormCreateBody(receiver.receive(body, contentType, FormRules.CREATE, digest), signer, mapper);
    }

    /** {@code POST /uploads}: every {@code file} part kept, all or none. */
    public UploadList upload(long workspaceId, InputStream body, String contentType) {
        try (ReceivedForm form = receiver.receive(body, contentType, FormRules.UPLOADS, false)) {
            if (form.files().isEmpty()) {
                throw new InvalidRequest("file", "no file was sent; send files as curl does with -F file=@photo.jpg");
            }
            Instant now = clock.instant().truncatedTo(ChronoUnit.MILLIS);
            List<String> linked = new ArrayList<>();
            try {
                return jdbi.inTransaction(handle -> {
                    UploadDao dao = handle.attach(UploadDao.class);
                    String expires = signer.expiresNow();
                    List<UploadList.Upload> uploads = new ArrayList<>(form.files().size());
                    for (ReceivedForm.File file : form.files()) {
                        long id = dao.insert(workspaceId, file.name(), file.size(), now);
                        String key = FileLayout.upload(id, baseName(file.name()));
                        dao.setKey(id, key);
                        link(file.key(), key);
                        linked.add(key);
                        uploads.add(new UploadList.Upload(id, file.name(), file.size(), signer.url(key, expires)));
                    }
                    return new UploadList(uploads);
                });
            } catch (RuntimeException e) {
                linked.forEach(this::deleteQuietly);
                throw e;
            }
        }
    }

    private void link(String from, String to) {
        try {
            store.link(from, to);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot keep an uploaded file", e);
        }
    }

    private void deleteQuietly(String key) {
        try {
            store.deleteTree(key.substring(0, key.lastIndexOf('/')));
        } catch (IOException ignored) {
            // The upload failed anyway; a stray folder without a row is only disk space.
        }
    }

    private static String baseName(String name) {
        String base = name.replace('\\', '/');
        return base.substring(base.lastIndexOf('/') + 1);
    }
}
