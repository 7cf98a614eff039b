package io.github.collapseexecutor.spring.annotation;

import java.lang.ref.WeakReference;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * What the callers of one annotated method get of a result they did not compute themselves: the
 * copies of the copier the method names, which are trusted as they come, or else what
 * {@link SharedResults} decides. Where nothing faithful can be handed over, or a copy fails, the
 * caller gets an {@link OwnCall} and makes its own call, never an exception it would not have had
 * without collapse; the method is then remembered for {@link #PASS_FOR}, during which its calls go
 * straight to it without waiting for a run (as the HTTP adapters' hit-for-pass does), and
 * collapses again after. Each reason is logged once per method, as a warning that names the type
 * and the fix. Each copy handed out is reported with what it took.
 */
final class JoinerResults {

  /** How long a method whose result could not be handed over is called directly. */
  static final Duration PASS_FOR = Duration.ofMinutes(2);

  private static final System.Logger LOG = System.getLogger(JoinerResults.class.getName());

  private final String method;
  private final ResultCopies copies;
  private final MethodReports reports;
  private final Supplier<SharedResults> shared;
  private final LongSupplier clock;
  private final long passNanos;
  private final Set<OwnCall> warned = ConcurrentHashMap.newKeySet();
  private volatile long passUntil;
  private volatile @Nullable OwnCall passing;

  /** The last look, held weakly: each caller of one run asks about the same result. */
  private volatile WeakReference<@Nullable Memo> last = new WeakReference<>(null);

  /** One result and the look at it. */
  private record Memo(Object result, SharedResults.Look look) {}

  /**
   * @param method the method, as messages name it
   * @param copies the copies of the copier the method names, or {@link ResultCopies#NONE}
   * @param shared the application's decision, asked for when a caller first needs it
   * @param reports where the copies handed out are reported
   */
  JoinerResults(
      String method, ResultCopies copies, Supplier<SharedResults> shared, MethodReports reports) {
    this(method, copies, shared, reports, System::nanoTime, PASS_FOR);
  }

  JoinerResults(
      String method,
      ResultCopies copies,
      Supplier<SharedResults> shared,
      MethodReports reports,
      LongSupplier clock,
      Duration passFor) {
    this.method = method;
    this.copies = copies;
    this.reports = reports;
    this.shared = shared;
    this.clock = clock;
    this.passNanos = passFor.toNanos();
  }

  /**
   * Returns why calls go straight to the method now, without collapse, or {@code null} when
   * they collapse.
   */
  @Nullable OwnCall passing() {
    OwnCall reason = passing;
    if (reason == null || clock.getAsLong() - passUntil < 0) {
      return reason;
    }
    // time to try again; a call that read the old state passes once more, which is harmless
    passing = null;
    return null;
  }

  /**
   * Returns what a caller that joined another caller's run gets of {@code result}: the result
   * itself, a copy of its own, or an {@link OwnCall}, also where the copy failed.
   */
  @Nullable Object forJoiner(@Nullable Object result) {
    if (result == null) {
      return null;
    }
    if (copies.isOn()) {
      return named(result);
    }
    SharedResults.Look look = look(result);
    return switch (look.verdict()) {
      case SHARE -> result;
      case COPY -> copy(result, look);
      case MANAGED -> own(OwnCall.MANAGED, look.culprit());
      case UNSHAREABLE -> own(OwnCall.MUTABLE, look.culprit());
    };
  }

  /**
   * Observing only: returns why a caller that joined a run would not have taken {@code result},
   * as {@link #forJoiner} would judge it, or {@code null} if it would have. Makes the copy a
   * joiner would get, to see that it can be made, and hands it to no one; reports, remembers and
   * logs nothing.
   */
  @Nullable OwnCall refusal(@Nullable Object result) {
    if (result == null) {
      return null;
    }
    try {
      if (copies.isOn()) {
        copies.forJoiner(result);
        return null;
      }
      SharedResults.Look look = look(result);
      return switch (look.verdict()) {
        case SHARE -> null;
        case COPY -> {
          shared.get().copy(result, look);
          yield null;
        }
        case MANAGED -> OwnCall.MANAGED;
        case UNSHAREABLE -> OwnCall.MUTABLE;
      };
    } catch (RuntimeException e) {
      return OwnCall.COPY_FAILED;
    }
  }

  /**
   * Returns what the one caller of a batch's part gets of it: the part, unless it holds a
   * managed object, computed on another caller's thread; then a copy of the method's own copier,
   * or an {@link OwnCall}.
   */
  @Nullable Object forOwner(@Nullable Object part) {
    if (part == null || look(part).verdict() != SharedResults.Verdict.MANAGED) {
      return part;
    }
    return copies.isOn() ? named(part) : own(OwnCall.MANAGED, look(part).culprit());
  }

  /** A copy of the copier the method names, trusted as it comes, unless it fails. */
  private @Nullable Object named(Object result) {
    long start = System.nanoTime();
    Object copy;
    try {
      copy = copies.forJoiner(result);
    } catch (RuntimeException e) {
      return own(OwnCall.COPY_FAILED, result.getClass().getName() + " (" + e + ")");
    }
    reports.copied(System.nanoTime() - start);
    return copy;
  }

  private @Nullable Object copy(Object result, SharedResults.Look look) {
    long start = System.nanoTime();
    Object copy;
    try {
      copy = shared.get().copy(result, look);
    } catch (RuntimeException e) {
      return own(OwnCall.COPY_FAILED, result.getClass().getName() + " (" + e + ")");
    }
    reports.copied(System.nanoTime() - start);
    return copy;
  }

  private SharedResults.Look look(Object result) {
    Memo memo = last.get();
    if (memo != null && memo.result() == result) {
      return memo.look();
    }
    SharedResults.Look look = shared.get().look(result);
    last = new WeakReference<>(new Memo(result, look));
    return look;
  }

  private OwnCall own(OwnCall reason, @Nullable String culprit) {
    passUntil = clock.getAsLong() + passNanos;
    passing = reason;
    if (warned.add(reason)) {
      LOG.log(System.Logger.Level.WARNING, warning(reason, culprit));
    }
    return reason;
  }

  private String warning(OwnCall reason, @Nullable String culprit) {
    String passes =
        " The callers that joined its run made calls of their own, and its calls go"
            + " straight to the method for "
            + Duration.ofNanos(passNanos).toSeconds()
            + " s before"
            + " it collapses again.";
    if (reason == OwnCall.COPY_FAILED) {
      return method
          + " returned a result whose copy failed for a caller that joined its run: "
          + culprit
          + "."
          + passes
          + " Return a type its copier copies, or name a resultCopier that copies this one.";
    }
    if (reason == OwnCall.MANAGED) {
      return method
          + " returned a result holding "
          + culprit
          + ", a JPA entity managed by the"
          + " persistence context of the call that ran it, which no other caller may use."
          + passes
          + " Return a DTO, a record or a projection to share its results, or name a"
          + " resultCopier that makes detached copies on purpose.";
    }
    return method
        + " returned a result holding "
        + culprit
        + ", which a caller can change and"
        + " nothing copies faithfully for the others."
        + passes
        + " Make it a record or"
        + " otherwise immutable, or name a resultCopier.";
  }
}
