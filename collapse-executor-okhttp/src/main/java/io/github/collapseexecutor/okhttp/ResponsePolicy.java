package io.github.collapseexecutor.okhttp;

import okhttp3.Cache;
import okhttp3.CookieJar;
import okhttp3.OkHttpClient;
import org.jspecify.annotations.Nullable;

/**
 * What of an {@code OkHttpClient}, past the connection, decides which response a call ends with:
 * whether it follows redirects, and from http to https and back (a client that does not gets the
 * redirect itself, as a guard against server-side request forgery that checks each
 * {@code Location} may rely on); the cookie jar, when redirects are followed, since it adds
 * cookies to each hop whose URL the key cannot know beforehand; and the cache, which may answer
 * with a response it stored from an earlier call.
 *
 * <p>Compared as a record: the redirect policy by value; the cookie jar and the cache by their
 * own {@code equals}, which OkHttp's classes leave to identity, as the authenticators the key
 * holds beside this are. A client made with {@code newBuilder()} keeps them, and so shares,
 * unless one of them is changed.
 */
record ResponsePolicy(boolean followRedirects, boolean followSslRedirects,
    @Nullable CookieJar redirectCookieJar, @Nullable Cache cache) {

  /** Returns what decides the response of a call of {@code client}, past its connection. */
  static ResponsePolicy of(OkHttpClient client) {
    boolean follow = client.followRedirects();
    return new ResponsePolicy(follow, client.followSslRedirects(),
        follow ? client.cookieJar() : null, client.cache());
  }
}
