package dev.flowrun.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flowrun.support.FormBody;
import dev.flowrun.support.Images;
import dev.flowrun.support.RawHttp;
import dev.flowrun.support.Reply;
import dev.flowrun.support.TestApp;
import dev.flowrun.support.TestWorkflow;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import org.junit.jupiter.api.Test;

/**
 * Clients that send their request body slowly hold no thread of the service (contract §6): hundreds of uploads and
 * JSON bodies, each with its headers and one byte sent, leave {@code /health} and the API answering, and each body
 * finished later is taken as if it had come at once. The senders are raw sockets.
 */
class SlowBodiesTest {
    /** More than the server's threads (Jetty's pool of 250): a thread held per body would leave none. */
    static final int SENDERS = 300;

    @Test
    void hundredsOfBodiesArrivingSlowlyLeaveHealthAndTheApiAnsweringAndAreTakenOnceSent() throws IOException {
        try (TestApp app = TestApp.start()) {
            int port = URI.create(app.baseUrl()).getPort();
            FormBody form = new FormBody().file("file", "slow.png", Images.pngDisc());
            byte[] upload;
            try (InputStream in = form.stream()) {
                upload = in.readAllBytes();
            }
            byte[] json = TestWorkflow.passThrough().json().getBytes(StandardCharsets.UTF_8);
            List<Socket> senders = new ArrayList<>();
            OkHttpClient impatient = new OkHttpClient.Builder().callTimeout(Duration.ofSeconds(5)).build();
            try {
                for (int i = 0; i < SENDERS; i++) {
                    senders.add(i % 2 == 0
                            ? start(port, "/uploads", form.contentType(), upload)
                            : start(port, "/workflows", "application/json", json));
                }
                // Each has sent its headers and one byte of its body, and waits to send the next.
                assertThat(status(impatient, app.baseUrl() + "/health")).as("/health within 5 s").isEqualTo(200);
                assertThat(status(impatient, app.baseUrl() + "/workflows")).as("the API within 5 s").isEqualTo(200);

                Reply uploaded = finish(senders.get(0), upload);
                assertThat(uploaded.status()).as(uploaded.toString()).isEqualTo(201);
                assertThat(uploaded.json().path("files")).hasSize(1);
                Reply created = finish(senders.get(1), json);
                assertThat(created.status()).as(created.toString()).isEqualTo(201);
            } finally {
                for (Socket sender : senders) {
                    sender.close();
                }
                impatient.dispatcher().executorService().shutdown();
                impatient.connectionPool().evictAll();
            }
        }
    }

    /** A POST whose headers and first body byte are sent; the rest is the caller's to send. */
    private static Socket start(int port, String path, String type, byte[] body) throws IOException {
        Socket socket = new Socket();
        socket.connect(new InetSocketAddress("127.0.0.1", port), 5000);
        socket.setSoTimeout(30_000);
        OutputStream out = socket.getOutputStream();
        out.write(("POST " + path + " HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer " + TestApp.API_KEY
                + "\r\nContent-Type: " + type + "\r\nContent-Length: " + body.length + "\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII));
        out.write(body, 0, 1);
        out.flush();
        return socket;
    }

    /** Sends the rest of the body, a few bytes at a time, and reads the answer. */
    private static Reply finish(Socket socket, byte[] body) throws IOException {
        OutputStream out = socket.getOutputStream();
        for (int i = 1; i < body.length; i += 4096) {
            out.write(body, i, Math.min(4096, body.length - i));
            out.flush();
        }
        return RawHttp.read(socket.getInputStream());
    }

    private static int status(OkHttpClient client, String url) throws IOException {
        try (Response response = client.newCall(new Request.Builder().url(url)
                .header("Authorization", "Bearer " + TestApp.API_KEY).build()).execute()) {
            return response.code();
        }
    }
}
