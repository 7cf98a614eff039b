package io.github.collapseexecutor.spring.boot.autoconfigure.okhttp;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.okhttp.CollapseInterceptor;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutors;
import io.github.collapseexecutor.spring.boot.autoconfigure.StartupFailures;
import java.util.ArrayList;
import java.util.List;
import okhttp3.Interceptor;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Protocol;
import okhttp3.Request;
import okhttp3.Response;
import okhttp3.ResponseBody;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

final class CollapseOkHttpAutoConfigurationTest {

  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(
              AutoConfigurations.of(
                  CollapseExecutorAutoConfiguration.class, CollapseOkHttpAutoConfiguration.class));

  @Test
  void providesInterceptorForManualWiring() {
    runner
        .withPropertyValues("collapse.executor.okhttp.collapse-groups[0].uris=/user/*")
        .run(
            context -> {
              CollapseInterceptor interceptor = context.getBean(CollapseInterceptor.class);
              OkHttpClient client = new OkHttpClient.Builder().addInterceptor(interceptor).build();
              assertThat(client.interceptors()).containsExactly(interceptor);
              assertThat(context.getBean(CollapseExecutors.class).list())
                  .singleElement()
                  .satisfies(executor -> assertThat(executor.options().groups()).hasSize(1));
            });
  }

  @Test
  void addsInterceptorLastToChosenBeansOnlySharingTheirPools() {
    Interceptor earlier = chain -> chain.proceed(chain.request());
    OkHttpClient original = new OkHttpClient.Builder().addInterceptor(earlier).build();
    runner
        .withPropertyValues("collapse.executor.okhttp.apply-to-beans=users")
        .withBean("users", OkHttpClient.class, () -> original)
        .withBean("orders", OkHttpClient.class, OkHttpClient::new)
        .run(
            context -> {
              CollapseInterceptor interceptor = context.getBean(CollapseInterceptor.class);
              OkHttpClient users = context.getBean("users", OkHttpClient.class);
              assertThat(users.interceptors()).hasSize(2).first().isSameAs(earlier);
              assertThat(users.interceptors().get(1))
                  .isInstanceOfSatisfying(
                      CollapseInterceptor.class,
                      partition -> assertThat(partition.stats()).isSameAs(interceptor.stats()));
              assertThat(users.connectionPool()).isSameAs(original.connectionPool());
              assertThat(users.dispatcher()).isSameAs(original.dispatcher());
              assertThat(context.getBean("orders", OkHttpClient.class).interceptors()).isEmpty();
            });
  }

  @Test
  void failsOnAChosenNameThatIsNoBean() {
    runner
        .withPropertyValues("collapse.executor.okhttp.apply-to-beans=okHttp")
        .withBean("okHttpClient", OkHttpClient.class, OkHttpClient::new)
        .run(
            context ->
                assertThat(StartupFailures.messages(context))
                    .contains(
                        "collapse.executor.okhttp.apply-to-beans[0]='okHttp' names no bean; beans of a type "
                            + "this section serves ([OkHttpClient]): [okHttpClient]"));
  }

  @Test
  void closesInterceptorWithTheContextAndPassesThroughAfterwards() throws Exception {
    List<CollapseInterceptor> seen = new ArrayList<>();
    runner
        .withPropertyValues("collapse.executor.okhttp.collapse-groups[0].uris=/**")
        .run(context -> seen.add(context.getBean(CollapseInterceptor.class)));
    CollapseInterceptor closed = seen.get(0);
    OkHttpClient client =
        new OkHttpClient.Builder()
            .addInterceptor(closed)
            .addInterceptor(
                chain ->
                    new Response.Builder()
                        .request(chain.request())
                        .protocol(Protocol.HTTP_1_1)
                        .code(200)
                        .message("OK")
                        .body(ResponseBody.create("answer", MediaType.get("text/plain")))
                        .build())
            .build();

    try (Response response =
        client.newCall(new Request.Builder().url("http://localhost/user/1").build()).execute()) {
      assertThat(response.body().string()).isEqualTo("answer");
    }
    assertThat(closed.stats().passedThrough()).isEqualTo(1);
  }

  @Test
  void backsOffWhenUserDefinesInterceptor() {
    CollapseInterceptor mine = new CollapseInterceptor(HttpCollapseOptions.builder().build());
    runner
        .withBean(CollapseInterceptor.class, () -> mine)
        .run(context -> assertThat(context).getBean(CollapseInterceptor.class).isSameAs(mine));
  }

  @Test
  void noInterceptorWhenOkHttpDisabled() {
    runner
        .withPropertyValues("collapse.executor.okhttp.enabled=false")
        .run(context -> assertThat(context).doesNotHaveBean(CollapseInterceptor.class));
  }

  @Test
  void noInterceptorWhenMasterSwitchOff() {
    runner
        .withPropertyValues("collapse.executor.enabled=false")
        .run(context -> assertThat(context).doesNotHaveBean(CollapseInterceptor.class));
  }

  @Test
  void noInterceptorWithoutTheOkHttpArtifact() {
    runner
        .withClassLoader(new FilteredClassLoader(CollapseInterceptor.class))
        .run(
            context ->
                assertThat(context).hasNotFailed().doesNotHaveBean(CollapseInterceptor.class));
  }

  @Test
  void noInterceptorWithoutOkHttp() {
    runner
        .withClassLoader(new FilteredClassLoader(OkHttpClient.class))
        .run(
            context ->
                assertThat(context).hasNotFailed().doesNotHaveBean(CollapseInterceptor.class));
  }

  @Test
  void fleetTrueWithoutAFleetTierStopsStartupNamingWhatIsMissing() {
    runner
        .withPropertyValues(
            "collapse.executor.okhttp.collapse-groups[0].uris=/user/*",
            "collapse.executor.okhttp.fleet=true")
        .run(
            context ->
                assertThat(StartupFailures.messages(context))
                    .contains(
                        "collapse.executor.okhttp.fleet='true': asks for the fleet tier, and"
                            + " collapse.executor.fleet.secret is not set"));
  }
}
