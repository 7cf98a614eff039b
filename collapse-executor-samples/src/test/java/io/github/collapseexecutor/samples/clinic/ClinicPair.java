package io.github.collapseexecutor.samples.clinic;

import java.util.ArrayList;
import java.util.List;

/**
 * Two clinics on one kind of database, each with the test's {@link ClinicHooks} and a database
 * of its own: one that collapses as configured, one with the library switched off, as the
 * application was before it. A test runs the same requests against both and compares.
 */
final class ClinicPair implements AutoCloseable {

  private final List<ClinicDatabase.Place> places = new ArrayList<>();
  private final List<ClinicServer> servers = new ArrayList<>();

  private ClinicPair() {}

  /** Starts both clinics on {@code database}; skips the test when it does not answer. */
  static ClinicPair start(ClinicDatabase database) {
    ClinicPair pair = new ClinicPair();
    try {
      for (boolean collapsing : new boolean[] {true, false}) {
        ClinicDatabase.Place place = database.place();
        pair.places.add(place);
        List<String> arguments = new ArrayList<>(place.arguments());
        arguments.add("--sample.clinic.statement-latency=0ms");
        pair.servers.add(
            ClinicServer.start(
                collapsing, List.of(ClinicHooks.class), arguments.toArray(String[]::new)));
      }
      return pair;
    } catch (RuntimeException | Error e) {
      pair.close();
      throw e;
    }
  }

  /** Returns the clinic that collapses. */
  ClinicServer on() {
    return servers.get(0);
  }

  /** Returns the clinic without collapse. */
  ClinicServer off() {
    return servers.get(1);
  }

  /** Returns both clinics, the one that collapses first. */
  List<ClinicServer> both() {
    return List.copyOf(servers);
  }

  @Override
  public void close() {
    servers.forEach(ClinicServer::close);
    places.forEach(ClinicDatabase.Place::close);
  }
}
