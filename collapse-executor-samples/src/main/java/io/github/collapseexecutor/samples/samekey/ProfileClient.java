package io.github.collapseexecutor.samples.samekey;

import java.util.concurrent.CompletableFuture;

/** A client of a remote profile service: every call is a round trip to the service. */
public interface ProfileClient {

  /** Loads a profile, blocking the calling thread for the round trip. */
  Profile load(long userId) throws InterruptedException;

  /** Starts loading a profile and returns at once; the future completes with the response. */
  CompletableFuture<Profile> loadAsync(long userId);
}
