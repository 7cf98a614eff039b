package io.github.collapseexecutor.spring.boot.autoconfigure.support;

import io.github.collapseexecutor.grpc.CollapseClientInterceptor;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorProperties.ClientSection;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorProperties.CollapseGrpcClientProperties;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorProperties.HttpSection;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * A tier behind the executors that an auto-configuration of this module adds, as the others
 * show it without knowing it: the DEBUG startup report says what it is ({@code NAME tier: ...}),
 * and the {@code collapse} endpoint shows its state under its name. What else a tier brings the
 * adapters knows it only through the types nested here: the checks of its settings, what it adds
 * to the options of an adapter or the gRPC interceptor, and what it checks of a client's wiring.
 *
 * <p>Public for the auto-configurations in this module's other packages; not for applications.
 *
 * @param name the name it goes by, and the endpoint's property of its state
 * @param wired what the report says of it: the tier the application has, or {@code none}
 * @param state its state now, or {@code null} where the application has no such tier
 */
public record Tier(String name, Supplier<String> wired, Supplier<@Nullable Object> state) {

  /**
   * The checks of the configuration that a tier plugged in beside the adapters brings: they run with
   * the checks of every other {@code collapse.executor} value before any bean is made, and what they
   * reject stops startup in the same failure analysis.
   *
   * <p>Implementations are listed in {@code META-INF/spring.factories} under this type's name, not
   * defined as beans: the check runs in a bean factory post-processor, and must hold in every
   * context that has the core auto-configuration (a test slice, an explicit list of
   * auto-configurations), as must the unknown-key check that knows their keys. An implementation
   * has a constructor without parameters and loads no class of an optional library until it finds
   * the library present.
   *
   * <p>Public for the auto-configurations in this module's other packages; not for applications.
   */
  public interface SettingsCheck {

    /**
     * Returns the {@code @ConfigurationProperties} classes below {@code collapse.executor} that the
     * tier binds: bound for the check whether or not the tier is on, and their keys known to the
     * unknown-key check.
     */
    List<Class<?>> properties();

    /** Rejects into {@link CheckedSettings#rejections()} each mistake of the tier's settings. */
    void check(CheckedSettings settings);

    /**
     * What a {@link SettingsCheck} sees of the configuration, bound before any bean is made.
     *
     * <p>Public for the auto-configurations in this module's other packages; not for applications.
     */
    interface CheckedSettings {

      /**
       * Returns the bound {@code type}, one of the properties classes below
       * {@code collapse.executor}, the built-in ones or those of a {@link SettingsCheck}; each value
       * the binder could not read is left at its default, and reported as such.
       */
      <T> T bound(Class<T> type);

      /** Returns the HTTP sections not switched off by their own {@code enabled}. */
      List<HttpSection> enabledSections();

      /**
       * Returns whether the client library of the section {@code key} under
       * {@code collapse.executor} is on the class path, or it needs none.
       */
      boolean isLibraryPresent(String key);

      /** Returns whether annotated methods are set up ({@code annotations.enabled}). */
      boolean annotationsEnabled();

      /** Returns the application's class loader, which has the optional libraries or not. */
      @Nullable ClassLoader classLoader();

      /**
       * Returns whether the application defines a bean of the class named {@code type}, judged from
       * the bean definitions alone, as conditions judge them.
       */
      boolean hasBean(String type);

      /** Returns where the check keeps what it rejects. */
      PropertyRejections rejections();
    }

    /**
     * Where a {@link SettingsCheck} keeps the values it rejects, each under its key, with the value
     * as the configuration wrote it and where: they stop startup with every other mistake of the
     * configuration, in one failure analysis. A value handed to a builder through {@link #set} or
     * {@link #take} is rejected with what the builder throws ({@link IllegalArgumentException}, or
     * {@link NullPointerException} for a missing value), so that the rules stay in the builders.
     *
     * <p>Public for the auto-configurations in this module's other packages; not for applications.
     */
    interface PropertyRejections {

      /** Hands {@code value}, unless it is not set, to {@code setter}; keeps a rejection. */
      <T> void set(String key, @Nullable T value, Consumer<? super T> setter);

      /** Returns what {@code step} makes of {@code value}, or {@code null} if it rejects it. */
      <T> @Nullable T take(String key, Object value, Supplier<T> step);

      /** Shows the value of {@code key} masked in every rejection: a secret. */
      void hide(String key);

      /** Keeps a rejection of {@code value} under {@code key}. */
      void reject(String key, Object value, String reason);

      /** Returns how many rejections there were so far, of a repeated key too. */
      int count();
    }
  }

  /**
   * What a tier plugged in beside the client adapters checks of where a section's adapter went, such
   * as a tier that serves only the clients whose partition has a name. The client auto-configurations
   * tell every bean of this type, in order; they know the beans only by this type.
   *
   * <p>Public for the auto-configurations in this module's other packages; not for applications.
   */
  public interface ClientWiringCheck {

    /**
     * Called while the bean {@code beanName} of the {@code apply-to-beans} of {@code section} is
     * made, when it holds already the unnamed partition that {@code property} of the section gave
     * Spring Boot's {@code builder}, and so keeps that partition rather than get one named after it.
     *
     * @param builder Spring Boot's builder the bean was built from, such as
     *     {@code RestClient.Builder}
     * @param property the section's property that gave the builder the partition, such as
     *     {@code customize-rest-client-builder}
     * @throws RuntimeException to stop startup, where the section asks for what the bean then
     *     cannot do
     */
    default void keepsBuilderPartition(
        ClientSection section, String beanName, String builder, String property) {}

    /** Called once every bean is made, for a section whose collapse groups reach a client. */
    default void reached(ClientReach reach) {}

    /**
     * Where the adapter of one client section went, once every bean is made, told to each
     * {@link ClientWiringCheck}: the beans of {@code apply-to-beans} (the section's) and the beans
     * given the adapter by hand hold a partition named after them or the adapter itself; the clients
     * of the customized builders and of HTTP service groups hold an unnamed partition.
     *
     * @param configuration the section's auto-configuration, whose logger speaks of it
     * @param section the bound section
     * @param adapterType the type of the adapter bean
     * @param unnamed each kind of client that holds an unnamed partition, as a log line names it,
     *     such as {@code the RestClients of Spring Boot's builder
     *     (collapse.executor.rest-template.customize-rest-client-builder)}
     * @param takenByHand the beans the application gave the adapter bean itself, by name
     *
     * <p>Public for the auto-configurations in this module's other packages; not for applications.
     */
    record ClientReach(
        Class<?> configuration,
        ClientSection section,
        Class<?> adapterType,
        List<String> unnamed,
        List<String> takenByHand) {

      /** Copies the lists. */
      public ClientReach {
        unnamed = List.copyOf(unnamed);
        takenByHand = List.copyOf(takenByHand);
      }
    }
  }

  /**
   * Adds to the options of an HTTP adapter what a tier plugged in beside the adapters brings for the
   * section's own keys of that tier. Every bean of this type is applied, in order, to the options of
   * every client and server section the auto-configuration builds, after the section's own settings
   * and before what the adapter's own auto-configuration adds; the auto-configurations of the
   * adapters know the beans only by this type.
   *
   * <p>Public for the auto-configurations in this module's other packages; not for applications.
   */
  @FunctionalInterface
  public interface HttpOptionsCustomizer {

    /**
     * Customizes the options of the adapter of {@code section}.
     *
     * @throws RuntimeException to stop startup, when the section asks for what cannot be given
     */
    void customize(HttpSection section, HttpCollapseOptions.Builder options);
  }

  /**
   * Adds to the builder of the gRPC collapse interceptor what a tier plugged in beside the adapters
   * brings for the section's own keys of that tier. Every bean of this type is applied, in order,
   * after the section's own settings; the gRPC auto-configuration knows the beans only by this type.
   *
   * <p>Public for the auto-configurations in this module's other packages; not for applications.
   */
  @FunctionalInterface
  public interface GrpcInterceptorCustomizer {

    /**
     * Customizes the interceptor of the {@code grpc} section.
     *
     * @throws RuntimeException to stop startup, when the section asks for what cannot be given
     */
    void customize(CollapseGrpcClientProperties section, CollapseClientInterceptor.Builder builder);
  }
}
