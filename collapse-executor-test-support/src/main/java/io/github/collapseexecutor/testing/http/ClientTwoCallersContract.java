package io.github.collapseexecutor.testing.http;

import io.github.collapseexecutor.testing.identity.TwoCallersContract;

/**
 * The identity rule ({@link TwoCallersContract}) through the client the fixture opens, against an
 * {@link IdentityEchoBackend}: every way a caller's identity reaches the server keeps callers
 * apart, and callers of one identity still share.
 */
public interface ClientTwoCallersContract extends ClientContract, TwoCallersContract {

  @Override
  default Subject createSubject() throws Exception {
    return new HttpSubject(fixture());
  }
}
