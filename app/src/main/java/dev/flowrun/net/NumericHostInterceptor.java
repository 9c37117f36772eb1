package dev.flowrun.net;

import java.io.IOException;
import okhttp3.Interceptor;
import okhttp3.Response;

/**
 * Refuses a call whose URL host is a non-canonical numeric host ({@link NumericHosts}) before anything is
 * resolved or connected. OkHttp hands hosts made only of digits and dots ({@code 2130706433}, {@code 127.1}) to
 * {@code InetAddress} instead of its {@code Dns}, so the resolver alone would never see them.
 */
final class NumericHostInterceptor implements Interceptor {
    @Override
    public Response intercept(Chain chain) throws IOException {
        String host = chain.request().url().host();
        if (NumericHosts.isNonCanonical(host)) {
            throw BlockedAddress.nonCanonical(host);
        }
        return chain.proceed(chain.request());
    }
}
