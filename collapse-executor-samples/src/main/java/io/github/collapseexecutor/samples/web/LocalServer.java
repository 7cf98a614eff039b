package io.github.collapseexecutor.samples.web;

import org.springframework.boot.web.server.context.WebServerInitializedEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.stereotype.Component;
import org.springframework.web.util.DefaultUriBuilderFactory;
import org.springframework.web.util.UriBuilderFactory;

/**
 * The address of this application's own web server, known once it has started: the clients call
 * the user API over loopback, on whatever port the server got.
 */
@Component
final class LocalServer implements ApplicationListener<WebServerInitializedEvent> {

  private volatile int port = -1;

  @Override
  public void onApplicationEvent(WebServerInitializedEvent event) {
    port = event.getWebServer().getPort();
  }

  /** Returns the URL of {@code path} on this server, for example {@code /user/{id}}. */
  String url(String path) {
    if (port < 0) {
      throw new IllegalStateException("the web server has not started, no URL for " + path);
    }
    return "http://127.0.0.1:" + port + path;
  }

  /** Returns a builder of URIs on this server, for HTTP interfaces such as {@link UserApi}. */
  UriBuilderFactory uris() {
    return new DefaultUriBuilderFactory(url(""));
  }
}
