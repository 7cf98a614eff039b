package io.github.collapseexecutor.spring.boot.autoconfigure.core;

import io.github.collapseexecutor.core.Bundle;
import io.github.collapseexecutor.core.CollapseExecutorBlockingSupport;
import io.github.collapseexecutor.core.CollapseExecutorOptions;
import io.github.collapseexecutor.core.Input;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A batch executor an application builds itself from the {@code CollapseExecutorOptions} bean:
 * each batch makes one "backend" call, observed as {@value #BACKEND} when a registry is given, and
 * may be held until the test releases it.
 */
final class UserLoader extends CollapseExecutorBlockingSupport<Long, String, Map<Long, String>> {

  static final String BACKEND = "users.backend";

  final List<List<Long>> batches = Collections.synchronizedList(new ArrayList<>());
  private final ObservationRegistry registry;
  private volatile CountDownLatch release = new CountDownLatch(0);
  private volatile RuntimeException failure;

  UserLoader(CollapseExecutorOptions options, ObservationRegistry registry) {
    super(options.toBuilder().name("users").build());
    this.registry = registry;
  }

  /** Holds every batch until {@link #release()}. */
  void hold() {
    release = new CountDownLatch(1);
  }

  void release() {
    release.countDown();
  }

  /** Fails every batch from now on with {@code failure}. */
  void failWith(RuntimeException failure) {
    this.failure = failure;
  }

  @Override
  protected Map<Long, String> doExecute(Collection<Input<Long>> inputs) throws Exception {
    List<Long> ids = inputs.stream().map(Input::value).toList();
    batches.add(ids);
    if (!release.await(10, TimeUnit.SECONDS)) {
      throw new IllegalStateException("the test never released the batch");
    }
    if (failure != null) {
      throw failure;
    }
    return Observation.createNotStarted(BACKEND, registry)
        .observe(
            () -> {
              Map<Long, String> users = new LinkedHashMap<>();
              ids.forEach(id -> users.put(id, "user " + id));
              return users;
            });
  }

  @Override
  protected void bindingOutput(Map<Long, String> users, List<Bundle<Long, String>> bundles) {
    bundles.forEach(bundle -> bundle.bindOutput(users.get(bundle.value())));
  }

  /** Returns the batches so far. */
  List<List<Long>> batches() {
    synchronized (batches) {
      return List.copyOf(batches);
    }
  }
}
