package io.github.collapseexecutor.spring.boot.autoconfigure;

import io.github.collapseexecutor.http.HttpCollapseStats;
import io.github.collapseexecutor.testing.http.Call;
import io.github.collapseexecutor.testing.http.ClientFixture;
import io.github.collapseexecutor.testing.http.DrivenClient;
import io.github.collapseexecutor.testing.http.Outcome;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import okhttp3.tls.HandshakeCertificates;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContext;

/**
 * Clients built from the builder beans of an auto-configured application context, as the
 * certificate contract drives them: the adapter is the one the auto-configuration put on the
 * builders, and each certificate's client is built from a builder given a request factory or
 * connector that presents it. The runner's properties set the collapse groups; the options the
 * contract passes are not used.
 *
 * @param <C> the client type
 */
public final class BuilderFixture<C> implements ClientFixture {

  /** Builds a client of {@code baseUrl} from the context's builder, presenting a certificate. */
  @FunctionalInterface
  public interface Builds<C> {
    C client(ApplicationContext context, String baseUrl, HandshakeCertificates certificate);
  }

  /** Makes a GET of {@code target} with {@code client} and returns what its caller observed. */
  @FunctionalInterface
  public interface Gets<C> {
    Outcome get(C client, String target) throws Exception;
  }

  private final ApplicationContextRunner runner;
  private final Builds<C> builds;
  private final Gets<C> gets;
  private final Function<ApplicationContext, HttpCollapseStats> stats;

  public BuilderFixture(
      ApplicationContextRunner runner,
      Builds<C> builds,
      Gets<C> gets,
      Function<ApplicationContext, HttpCollapseStats> stats) {
    this.runner = runner;
    this.builds = builds;
    this.gets = gets;
    this.stats = stats;
  }

  @Override
  public DrivenClient open(Setup setup) throws Exception {
    return new Context(setup.baseUrl());
  }

  /**
   * The running context. The runner hands its context to a callback only, so the callback is
   * held open, on a thread of its own, until the client closes.
   */
  private final class Context implements DrivenClient {

    private final String baseUrl;
    private final CompletableFuture<ApplicationContext> started = new CompletableFuture<>();
    private final CountDownLatch closed = new CountDownLatch(1);
    private final Thread holder;

    Context(String baseUrl) throws Exception {
      this.baseUrl = baseUrl;
      holder =
          new Thread(
              () -> {
                try {
                  runner.run(
                      context -> {
                        started.complete(context);
                        closed.await();
                      });
                } catch (RuntimeException | Error failure) {
                  started.completeExceptionally(failure);
                }
              },
              "held-context");
      holder.setDaemon(true);
      holder.start();
      started.get(60, TimeUnit.SECONDS);
    }

    private ApplicationContext context() {
      return started.join();
    }

    @Override
    public Outcome send(Call call) {
      throw new UnsupportedOperationException("only the certificates' clients call");
    }

    @Override
    public HttpCollapseStats stats() {
      return stats.apply(context());
    }

    @Override
    public DrivenClient withCertificate(HandshakeCertificates certificate) {
      C client = builds.client(context(), baseUrl, certificate);
      Context owner = this;
      return new DrivenClient() {
        @Override
        public Outcome send(Call call) throws Exception {
          return gets.get(client, call.target());
        }

        @Override
        public HttpCollapseStats stats() {
          return owner.stats();
        }

        @Override
        public void close() {}
      };
    }

    @Override
    public void close() {
      closed.countDown();
      try {
        holder.join(TimeUnit.SECONDS.toMillis(30));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
