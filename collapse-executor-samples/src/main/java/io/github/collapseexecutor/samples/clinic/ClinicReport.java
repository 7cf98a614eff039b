package io.github.collapseexecutor.samples.clinic;

import io.github.collapseexecutor.samples.Callers;
import io.github.collapseexecutor.samples.clinic.ClinicMeasures.Bursts;
import io.github.collapseexecutor.samples.clinic.ClinicMeasures.Cost;
import io.github.collapseexecutor.samples.clinic.ClinicMeasures.Flash;
import java.util.ArrayList;
import java.util.List;

/**
 * What collapse changed for the clinic: the SQL statements of {@value ClinicMeasures#CALLERS}
 * concurrent identical page loads and repository calls, on a clinic without collapse and one with
 * it, and why some did not collapse; a form's one-time message; and the write rule, a pet added
 * between two bursts of page loads.
 *
 * @param rows the statements of each set of calls, without and with collapse
 */
public record ClinicReport(
    List<Row> rows, Flash flashWithout, Flash flashWith, Bursts together, Bursts apart) {

  /** A set of calls, what it cost without and with collapse, and why. */
  public record Row(String what, Cost without, Cost with, String why) {}

  private static final long OWNER = 1;

  /** Sends both clinics the same requests and calls, one clinic after the other. */
  public static ClinicReport measure(ClinicServer without, ClinicServer with) throws Exception {
    ClinicMeasures off = new ClinicMeasures(without);
    ClinicMeasures on = new ClinicMeasures(with);
    List<Row> rows = new ArrayList<>();
    Cost list = on.pages("/owners");
    rows.add(
        new Row(
            "GET /owners",
            off.pages("/owners"),
            list,
            runs(list) + ": the servlet filter shared the page"));
    Cost owner = on.pages("/owners/" + OWNER);
    rows.add(
        new Row(
            "GET /owners/" + OWNER,
            off.pages("/owners/" + OWNER),
            owner,
            runs(owner) + ": shared as HTML; the entity stayed in its request"));
    Callers.Call<Page> urls = caller -> with.client().get("/owners/" + OWNER + "?v=" + caller);
    Cost entity = on.cost(urls);
    rows.add(
        new Row(
            "GET /owners/" + OWNER + "?v=1..50",
            off.cost(caller -> without.client().get("/owners/" + OWNER + "?v=" + caller)),
            entity,
            runs(entity)
                + " (50 URLs); findById returns an entity: each request its own (managed-result)"));
    rows.add(
        repository(
            off,
            on,
            "owners.count()",
            without,
            with,
            "one query, its long shared",
            server -> server.bean(OwnerRepository.class).count()));
    rows.add(
        repository(
            off,
            on,
            "owners.findRows()",
            without,
            with,
            "one query, the records shared",
            server -> server.bean(OwnerRepository.class).findRows()));
    rows.add(
        repository(
            off,
            on,
            "owners.findById(" + OWNER + ")",
            without,
            with,
            "an entity: each caller its own query (managed-result)",
            server -> server.bean(OwnerRepository.class).findById(OWNER)));
    rows.add(
        new Row(
            "vets.findRows(), cache empty",
            off.vetsOnEmptyCache(),
            on.vetsOnEmptyCache(),
            "collapse sits before @Cacheable: one query fills the cache"));
    return new ClinicReport(
        rows, off.flash(2), on.flash(2), on.bursts(false, 3), on.bursts(true, 3));
  }

  private interface RepositoryCall {
    Object call(ClinicServer server) throws Exception;
  }

  private static Row repository(
      ClinicMeasures off,
      ClinicMeasures on,
      String what,
      ClinicServer without,
      ClinicServer with,
      String why,
      RepositoryCall call)
      throws Exception {
    return new Row(
        what, off.cost(caller -> call.call(without)), on.cost(caller -> call.call(with)), why);
  }

  private static String runs(Cost cost) {
    return cost.pageRuns() + (cost.pageRuns() == 1 ? " page run" : " page runs");
  }

  @Override
  public String toString() {
    StringBuilder out =
        new StringBuilder(
            String.format(
                "%nThe clinic, %d concurrent identical calls each: SQL statements without and with"
                    + " collapse%n%-30s %8s %6s  %s%n",
                ClinicMeasures.CALLERS, "", "without", "with", "why"));
    for (Row row : rows) {
      out.append(
          String.format(
              "%-30s %8d %6d  %s%n",
              row.what(), row.without().statements(), row.with().statements(), row.why()));
    }
    out.append(
        String.format(
            "%nA form adds a pet and redirects with a one-time message; %d"
                + " requests of its session follow the redirect at once.%n  saw the message: without"
                + " collapse %d, with collapse %d; with collapse, the request that took it changed its"
                + " session, so%n  the others ran their own page (collapse.http.unshared: session-changed"
                + " %d, then hit-for-pass %d)%n",
            ClinicMeasures.CALLERS,
            flashWithout.sawMessage(),
            flashWith.sawMessage(),
            flashWith.sessionChanged(),
            flashWith.hitForPass()));
    out.append(
        String.format(
            "%nTwo bursts of %d GET /owners with collapse, the second sent once"
                + " the first's page run had run a statement:%n",
            ClinicMeasures.CALLERS / 2));
    out.append(
        String.format(
            "  %-34s %s for %d requests%n",
            "nothing between them:",
            runs(new Cost(0, together.pageRuns())),
            ClinicMeasures.CALLERS));
    out.append(
        String.format(
            "  %-34s %s; %d of %d pages of the second burst show the pet%n",
            "a pet added (committed) between:",
            runs(new Cost(0, apart.pageRuns())),
            apart.fresh(),
            ClinicMeasures.CALLERS / 2));
    return out.toString();
  }
}
