/**
 * A {@code java.net.http.HttpClient} that collapses concurrent identical calls into one. Needs the
 * JDK and the HTTP module of collapse-executor, nothing else.
 */
module io.github.collapseexecutor.jdk.httpclient {
  requires transitive io.github.collapseexecutor.http;
  requires transitive java.net.http;
  requires static transitive org.jspecify;

  exports io.github.collapseexecutor.jdk.httpclient;
}
