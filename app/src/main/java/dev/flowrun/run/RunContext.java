package dev.flowrun.run;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.flowrun.files.FileStore;
import dev.flowrun.files.UrlSigner;
import java.time.Clock;
import org.jdbi.v3.core.Jdbi;

/** What the run feature's services share: the database, JSON, the clock, and where runs' files are kept and shown. */
public record RunContext(Jdbi jdbi, ObjectMapper mapper, Clock clock, FileStore store, UrlSigner signer,
                         RunViews views) {
}
