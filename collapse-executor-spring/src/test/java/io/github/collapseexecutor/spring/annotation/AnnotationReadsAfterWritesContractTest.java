package io.github.collapseexecutor.spring.annotation;

import io.github.collapseexecutor.testing.Parking;
import io.github.collapseexecutor.testing.identity.HeldState;
import io.github.collapseexecutor.testing.identity.ReadsAfterWritesContract;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The annotations keep reads from going back in time as the HTTP adapters do: reads are calls of
 * a {@code @Collapsible} method, each on a thread of its own, and writes the return of a
 * {@link CollapseBarrier} method, on a plain Spring context with {@link EnableCollapsing}.
 * (Committed transactions count as writes too: {@link ReadsAfterWritesTest}.)
 */
final class AnnotationReadsAfterWritesContractTest implements ReadsAfterWritesContract {

  @Override
  public Subject createSubject(HeldState state) {
    AnnotationConfigApplicationContext context = new AnnotationConfigApplicationContext();
    context.registerBean(HeldState.class, () -> state);
    context.register(Application.class);
    context.refresh();
    StateService service = context.getBean(StateService.class);
    List<Thread> readers = new CopyOnWriteArrayList<>();
    return new Subject() {
      @Override
      public CompletableFuture<String> read() {
        CompletableFuture<String> answer = new CompletableFuture<>();
        Thread reader =
            new Thread(
                () -> {
                  try {
                    answer.complete(service.read());
                  } catch (RuntimeException | Error failure) {
                    answer.completeExceptionally(failure);
                  }
                },
                "reader-" + readers.size());
        reader.setDaemon(true);
        readers.add(reader);
        reader.start();
        return answer;
      }

      @Override
      public void awaitPlaced(int reads) {
        // each reader waits in the run it leads (held by the state) or for the run it joined
        Parking.awaitParked(readers.subList(0, reads));
      }

      @Override
      public void write() {
        service.write();
      }

      @Override
      public void close() {
        context.close();
      }
    };
  }

  @Configuration(proxyBeanMethods = false)
  @EnableCollapsing
  static class Application {

    @Bean
    StateService stateService(HeldState state) {
      return new StateService(state);
    }
  }

  /** Reads and writes the state as an application's service would. */
  static class StateService {

    private final HeldState state;

    StateService(HeldState state) {
      this.state = state;
    }

    @Collapsible
    public String read() {
      return state.read();
    }

    @CollapseBarrier
    public void write() {
      state.write();
    }
  }
}
