package io.github.collapseexecutor.benchmarks.load;

import java.util.List;

/**
 * How the proxy in front of the instances picks one for a request, as the lines of an HAProxy
 * {@code backend} section and of an nginx {@code upstream} block.
 */
enum Balancing {

  /** Each request to the next instance in turn: a hot key reaches every instance. */
  ROUND_ROBIN("round-robin", List.of("balance roundrobin"), List.of()),

  /**
   * Requests with equal collapse keys to the same instance: a consistent hash of the parts of the
   * default policy's key that vary between callers, the path and query as sent and the
   * credential. The rest of the key (method, host, port, validators, {@code Accept-Encoding}) is
   * left out: a hash of part of the key still sends equal keys to one instance, it only puts
   * more keys together.
   */
  CONSISTENT_HASH(
      "consistent hash on the collapse key",
      List.of(
          "http-request set-var(txn.credential) req.hdr(authorization)",
          "balance hash pathq,concat(|,txn.credential)",
          "hash-type consistent"),
      List.of("hash \"$request_uri|$http_authorization\" consistent;"));

  private final String title;
  private final List<String> haproxyLines;
  private final List<String> nginxLines;

  Balancing(String title, List<String> haproxyLines, List<String> nginxLines) {
    this.title = title;
    this.haproxyLines = haproxyLines;
    this.nginxLines = nginxLines;
  }

  /** Returns the name the tables and charts show. */
  String title() {
    return title;
  }

  /** Returns the lines of HAProxy's {@code backend} section that choose the instance. */
  List<String> haproxyLines() {
    return haproxyLines;
  }

  /** Returns the lines of nginx's {@code upstream} block that choose the instance. */
  List<String> nginxLines() {
    return nginxLines;
  }
}
