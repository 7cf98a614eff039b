package io.github.collapseexecutor.samples.clinic;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.testing.annotation.Crowd;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.net.URI;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntFunction;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.cache.CacheManager;

/**
 * What a team adding collapse to an application like the clinic must be able to count on, row by
 * row, against the real application on a random port of loopback, on H2 and on PostgreSQL: each
 * row runs the same requests against a clinic that collapses and one without the library, and
 * compares. The first run of each round is held (its first SQL statement, or its rendered page)
 * until every other caller of the round has its place, so that they meet however slowly a busy
 * machine starts them.
 */
@Timeout(300)
final class ClinicEveryRowTest {

  private static final int CALLERS = 24;
  private static final int FIFTY = 50;
  private static final Map<ClinicDatabase, ClinicPair> PAIRS = new EnumMap<>(ClinicDatabase.class);

  @AfterAll
  static void stopClinics() {
    PAIRS.values().forEach(ClinicPair::close);
    PAIRS.clear();
  }

  private static synchronized ClinicPair clinics(ClinicDatabase database) {
    return PAIRS.computeIfAbsent(database, ClinicPair::start);
  }

  /** (a) The clinic starts with both on one repository method, and the cache's misses collapse. */
  @ParameterizedTest
  @EnumSource(ClinicDatabase.class)
  void aCachedRepositoryReadStartsAndItsMissesCollapse(ClinicDatabase database) throws Exception {
    ClinicPair clinics = clinics(database);
    List<Long> statements = new ArrayList<>();
    for (ClinicServer clinic : clinics.both()) {
      Objects.requireNonNull(clinic.bean(CacheManager.class).getCache("vets")).clear();
      long before = clinic.statements();

      List<Object> vets =
          heldStatements(clinic, CALLERS, caller -> clinic.bean(VetRepository.class).findRows());

      assertThat(vets)
          .as("every caller's vets")
          .allSatisfy(
              rows -> assertThat(rows).isEqualTo(clinic.bean(VetRepository.class).findRows()));
      statements.add(clinic.statements() - before);
    }
    assertThat(statements.get(0)).as("with collapse: one query fills the cache").isEqualTo(1);
    assertThat(statements.get(1))
        .as("without: callers that found it empty query it too")
        .isGreaterThan(1);
  }

  /** Harmless reads still collapse: 50 identical calls of a repository read. */
  @ParameterizedTest
  @EnumSource(ClinicDatabase.class)
  void identicalRepositoryReadsShareTheirStatement(ClinicDatabase database) throws Exception {
    ClinicPair clinics = clinics(database);
    List<Long> statements = new ArrayList<>();
    for (ClinicServer clinic : clinics.both()) {
      long before = clinic.statements();
      long owners = clinic.bean(OwnerRepository.class).findAll().size();

      List<Object> counts =
          heldStatements(clinic, FIFTY, caller -> clinic.bean(OwnerRepository.class).count());

      assertThat(counts).containsOnly(owners);
      statements.add(clinic.statements() - before - 1);
    }
    assertThat(statements.get(0)).isBetween(1L, 5L);
    assertThat(statements.get(1)).isEqualTo(FIFTY);
  }

  /**
   * (b) An owner's page reads its entity and renders its pets lazily (open-in-view), while others
   * submit the owner form with values that do not validate, bound onto their own entity: no
   * request fails, and no page shows what another request typed.
   */
  @ParameterizedTest
  @EnumSource(ClinicDatabase.class)
  void entityPagesNeitherFailNorShowAnotherRequestsChange(ClinicDatabase database)
      throws Exception {
    ClinicPair clinics = clinics(database);
    for (ClinicServer clinic : clinics.both()) {
      long id = owner(clinic, "Quinn", "Olive", "Mango");
      ClinicClient client = clinic.client();
      Crowd crowd = new Crowd();

      List<Object> pages =
          clinic
              .bean(Holds.class)
              .holdingStatements(
                  crowd,
                  () ->
                      crowd.runThrough(
                          CALLERS,
                          caller ->
                              unchecked(
                                  () ->
                                      caller % 2 == 0
                                          ? client.get("/owners/" + id + "?caller=" + caller)
                                          : client.post(
                                              "/owners/" + id + "/edit",
                                              Map.of(
                                                  "firstName",
                                                  "Iris",
                                                  "lastName",
                                                  "Caller " + caller,
                                                  "city",
                                                  "Cork",
                                                  "telephone",
                                                  "not digits")))));

      assertThat(pages)
          .as("collapsing: %s", clinic.collapsing())
          .allSatisfy(
              answer -> {
                Page page = (Page) answer;
                assertThat(page.status()).as(page.body()).isEqualTo(200);
              });
      for (int caller = 0; caller < CALLERS; caller++) {
        Page page = (Page) pages.get(caller);
        if (caller % 2 == 0) {
          assertThat(page.byId("owner")).as("the committed owner").hasValue("Iris Quinn");
          assertThat(page.byId("pets")).hasValue("2");
          assertThat(page.body()).doesNotContain("Caller");
        } else {
          assertThat(page.body()).contains("value=\"Caller " + caller + "\"");
          assertThat(page.body().split("value=\"Caller ", -1)).as("one typed name").hasSize(2);
        }
      }
    }
  }

  /** (c) A form's one-time message reaches as many requests of its session with collapse as without. */
  @ParameterizedTest
  @EnumSource(ClinicDatabase.class)
  void aFlashMessageAfterARedirectReachesOneRequestOfTheSession(ClinicDatabase database)
      throws Exception {
    ClinicPair clinics = clinics(database);
    List<Long> saw = new ArrayList<>();
    for (ClinicServer clinic : clinics.both()) {
      long id = owner(clinic, "Moreau");
      ClinicClient client = clinic.client();
      Page added = client.post("/owners/" + id + "/pets", Map.of("name", "Rex", "kind", "dog"));
      String cookie = added.sessionCookie().orElseThrow();
      String next = URI.create(added.header("Location").orElseThrow()).getPath();
      Callable<Page> follow = () -> client.get(next, "Cookie", cookie);

      List<Page> pages = heldPages(clinic, follow, () -> null, CALLERS - 1, caller -> follow);

      assertThat(pages).extracting(Page::status).containsOnly(200);
      saw.add(pages.stream().filter(page -> page.byId("message").isPresent()).count());
    }
    assertThat(saw).containsExactly(1L, 1L);
  }

  /**
   * (d) Readers after a form committed a pet see it: each round holds a reader's page run, adds
   * a pet, then sends the other readers; 40 rounds of 20 readers.
   */
  @ParameterizedTest
  @EnumSource(ClinicDatabase.class)
  void readersAfterACommittedPostNeverSeeAPageFromBeforeIt(ClinicDatabase database)
      throws Exception {
    ClinicPair clinics = clinics(database);
    for (ClinicServer clinic : clinics.both()) {
      long id = owner(clinic, "Sato");
      ClinicClient client = clinic.client();
      Callable<Page> read = () -> client.get("/owners/" + id);
      int stale = 0;
      int reads = 0;
      for (int round = 0; round < 40; round++) {
        int before = round;
        List<Page> pages =
            heldPages(
                clinic,
                read,
                () -> {
                  Page added =
                      client.post(
                          "/owners/" + id + "/pets",
                          Map.of("name", "Pet " + before, "kind", "cat"));
                  assertThat(added.status()).isEqualTo(302);
                  return added;
                },
                19,
                caller -> read);
        reads += pages.size();
        assertThat(pages).extracting(Page::status).containsOnly(200);
        assertThat(pets(pages.get(0))).isGreaterThanOrEqualTo(before);
        stale +=
            (int)
                pages.subList(1, pages.size()).stream()
                    .filter(page -> pets(page) < before + 1)
                    .count();
      }
      assertThat(reads).isEqualTo(800);
      assertThat(stale).as("stale pages, collapsing: %s", clinic.collapsing()).isZero();
    }
  }

  /** (e) A page shared with others carries the Content-Language the page has without collapse. */
  @ParameterizedTest
  @EnumSource(ClinicDatabase.class)
  void sharedPagesCarryTheContentLanguageOfTheUnsharedPage(ClinicDatabase database)
      throws Exception {
    ClinicPair clinics = clinics(database);
    List<List<String>> languages = new ArrayList<>();
    for (ClinicServer clinic : clinics.both()) {
      Callable<Page> welcome = () -> clinic.client().get("/", "Accept-Language", "fr");

      List<Page> pages = heldPages(clinic, welcome, () -> null, CALLERS - 1, caller -> welcome);

      assertThat(pages)
          .allSatisfy(page -> assertThat(page.byId("title")).hasValue("Bienvenue à la clinique"));
      languages.add(
          pages.stream().map(page -> page.header("Content-Language").orElse("none")).toList());
    }
    assertThat(languages.get(1)).containsOnly("fr");
    assertThat(languages.get(0)).as("with collapse").containsOnly("fr");
  }

  /** (f) Each request of a route that fails is counted under its own route, 50 of 50. */
  @ParameterizedTest
  @EnumSource(ClinicDatabase.class)
  void everyRequestOfAFailingRouteIsCountedUnderItsRoute(ClinicDatabase database) throws Exception {
    ClinicPair clinics = clinics(database);
    List<Long> counted = new ArrayList<>();
    for (ClinicServer clinic : clinics.both()) {
      MeterRegistry registry = clinic.bean(MeterRegistry.class);
      long before = requests(registry, null);
      long beforeRoute = requests(registry, "/records");
      Callable<Page> fail = () -> clinic.client().get("/records");

      List<Page> pages = heldPages(clinic, fail, () -> null, FIFTY - 1, caller -> fail);

      assertThat(pages).extracting(Page::status).containsOnly(500);
      // the server records a request once its response is written, maybe after its client read it
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      while (requests(registry, null) - before < FIFTY && System.nanoTime() < deadline) {
        LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
      }
      counted.add(requests(registry, "/records") - beforeRoute);
    }
    assertThat(counted)
        .as("under uri=/records, with collapse and without")
        .containsExactly((long) FIFTY, (long) FIFTY);
  }

  /** Harmless pages still collapse: 50 identical requests for the owners list. */
  @ParameterizedTest
  @EnumSource(ClinicDatabase.class)
  void identicalPageRequestsShareHandlerRuns(ClinicDatabase database) throws Exception {
    ClinicPair clinics = clinics(database);
    List<Integer> runs = new ArrayList<>();
    for (ClinicServer clinic : clinics.both()) {
      Holds holds = clinic.bean(Holds.class);
      int before = holds.handlerRuns("/owners");
      Callable<Page> list = () -> clinic.client().get("/owners");

      List<Page> pages = heldPages(clinic, list, () -> null, FIFTY - 1, caller -> list);

      assertThat(pages).extracting(Page::status).containsOnly(200);
      assertThat(pages).extracting(Page::body).containsOnly(pages.get(0).body());
      runs.add(holds.handlerRuns("/owners") - before);
    }
    assertThat(runs.get(0)).isBetween(1, 5);
    assertThat(runs.get(1)).isEqualTo(FIFTY);
  }

  /** A call of a repository by a caller of a round. */
  @FunctionalInterface
  private interface RepositoryCall {
    Object run(int caller) throws Exception;
  }

  private static List<Object> heldStatements(ClinicServer clinic, int callers, RepositoryCall call)
      throws Exception {
    Crowd crowd = new Crowd();
    return clinic
        .bean(Holds.class)
        .holdingStatements(
            crowd, () -> crowd.run(callers, caller -> unchecked(() -> call.run(caller))));
  }

  private static List<Page> heldPages(
      ClinicServer clinic,
      Callable<Page> first,
      Callable<?> between,
      int others,
      IntFunction<Callable<Page>> other)
      throws Exception {
    PageRound round = new PageRound();
    return clinic
        .bean(Holds.class)
        .holdingPages(round, () -> round.run(first, between, others, other));
  }

  private static long owner(ClinicServer clinic, String lastName, String... pets) {
    Owner owner = new Owner("Iris", lastName, "Cork", "0210000000");
    for (String pet : pets) {
      owner.addPet(new Pet(pet, "cat"));
    }
    return clinic.bean(Clinic.class).save(owner).getId();
  }

  private static int pets(Page page) {
    return Integer.parseInt(page.byId("pets").orElseThrow(() -> new AssertionError(page.body())));
  }

  private static long requests(MeterRegistry registry, String uri) {
    return registry
        .find("http.server.requests")
        .tags(uri == null ? new String[0] : new String[] {"uri", uri})
        .timers()
        .stream()
        .mapToLong(Timer::count)
        .sum();
  }

  private static Object unchecked(Callable<?> call) {
    try {
      return call.call();
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }
}
