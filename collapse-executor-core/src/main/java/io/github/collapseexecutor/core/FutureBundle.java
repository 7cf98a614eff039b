package io.github.collapseexecutor.core;

import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/** A bundle whose output is a future: its caller completes when the bound future does. */
final class FutureBundle<I, O> implements Bundle<I, CompletableFuture<O>> {

  private final Call<I, O> call;

  FutureBundle(Call<I, O> call) {
    this.call = call;
  }

  @Override
  public I value() {
    return call.value();
  }

  @Override
  // the callback settles the call whatever the output's outcome: the stage it returns adds nothing
  @SuppressWarnings("FutureReturnValueIgnored")
  public void bindOutput(CompletableFuture<O> output) {
    Objects.requireNonNull(output, "output future");
    if (!call.markBound()) {
      throw call.settledTwice();
    }
    output.whenComplete(
        (value, failure) -> call.settle(value, failure == null ? null : Failures.unwrap(failure)));
  }

  @Override
  public void fail(Throwable failure) {
    call.fail(failure);
  }

  @Override
  public String toString() {
    return "Bundle{" + call.value() + "}";
  }
}
