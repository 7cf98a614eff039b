package io.github.collapseexecutor.testing.http;

import io.github.collapseexecutor.http.HttpCollapseOptions;

/**
 * What every client contract drives: the {@link ClientFixture} of the client under test. Each
 * contract is an interface of its own that extends this one; an adapter's tests are one class
 * that implements them all and returns its fixture, plus the cases only that client has.
 *
 * <p>Each case opens its backend and its clients itself and closes them before it returns, so a
 * contract holds no state between cases.
 */
public interface ClientContract {

  /** Returns the fixture of the client under test. */
  ClientFixture fixture();

  /**
   * Returns a builder of the options a case collapses with, before the case adds its groups:
   * empty by default; the identity contracts run across instances add the fleet tier.
   */
  default HttpCollapseOptions.Builder options() {
    return HttpCollapseOptions.builder();
  }

  /** Opens a client of {@code baseUrl} through an adapter built of {@code options}. */
  default DrivenClient open(String baseUrl, HttpCollapseOptions options) throws Exception {
    return fixture().open(ClientFixture.Setup.collapsing(baseUrl, options));
  }
}
