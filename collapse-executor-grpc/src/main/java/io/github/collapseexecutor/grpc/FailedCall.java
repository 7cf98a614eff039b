package io.github.collapseexecutor.grpc;

import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.StatusException;
import org.jspecify.annotations.Nullable;

/**
 * A shared call that ended with a status other than {@code OK}: its status and trailers, and the
 * headers that came before them, which each caller receives copies of; or, as a {@link Takeover},
 * one that ended at its own deadline, which its callers do not take as their outcome.
 */
class FailedCall extends StatusException {

  private final transient @Nullable Metadata headers;

  FailedCall(Status status, @Nullable Metadata headers, Metadata trailers) {
    super(status, trailers);
    this.headers = headers;
  }

  @Nullable Metadata headers() {
    return headers;
  }
}
