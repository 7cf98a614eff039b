/**
 * Collapse for OkHttp 5: an application interceptor. Needs OkHttp and the HTTP module of
 * collapse-executor, nothing of Spring.
 *
 * <p>The adapter reads the client that runs a call from OkHttp's own call class, in a package
 * OkHttp does not export (OkHttp has no public way yet: its issues 9531 and 9741). On the class
 * path, where applications run, nothing is needed. On the module path, the application adds
 * {@code --add-exports okhttp3/okhttp3.internal.connection=io.github.collapseexecutor.okhttp};
 * without it, every call passes through uncollapsed, and the adapter says so once.
 */
module io.github.collapseexecutor.okhttp {
  requires transitive io.github.collapseexecutor.http;
  requires transitive okhttp3;
  requires static transitive org.jspecify;

  exports io.github.collapseexecutor.okhttp;
}
