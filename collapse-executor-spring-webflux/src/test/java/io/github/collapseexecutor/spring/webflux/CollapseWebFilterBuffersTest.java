package io.github.collapseexecutor.spring.webflux;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.testing.http.Concurrently;
import io.github.collapseexecutor.testing.http.WebFilterArrivals;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.UnpooledByteBufAllocator;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.NettyDataBuffer;
import org.springframework.core.io.buffer.NettyDataBufferFactory;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Flux;

/**
 * Every buffer the handler writes is released, whether its response was recorded and replayed or
 * went through over the limit. The handler's buffers are unpooled, whose reference count stays at
 * zero once they are released (a pooled allocator recycles the buffer objects).
 */
@Timeout(60)
final class CollapseWebFilterBuffersTest {

  private static final int N = 20;
  private static final int LIMIT = 1024;

  private final NettyDataBufferFactory unpooled =
      new NettyDataBufferFactory(new UnpooledByteBufAllocator(/* preferDirect= */ true));
  private final Queue<ByteBuf> written = new ConcurrentLinkedQueue<>();
  private final WebFilterArrivals arrivals = new WebFilterArrivals();
  private final CollapseWebFilter filter =
      new CollapseWebFilter(
          HttpCollapseOptions.builder()
              .group(CollapseGroup.ofUris("/chunks/*"))
              .maxBodyBytes(LIMIT)
              .build());
  private LoopbackWebFlux server;

  @BeforeEach
  void start() {
    server =
        LoopbackWebFlux.start(
            RouterFunctions.route()
                .GET(
                    "/chunks/{count}",
                    request -> {
                      int count = Integer.parseInt(request.pathVariable("count"));
                      return arrivals
                          .all()
                          .then(
                              ServerResponse.ok()
                                  .body(
                                      (message, context) ->
                                          message.writeWith(
                                              Flux.range(0, count).map(i -> chunk()))));
                    })
                .build(),
            arrivals.filter(),
            filter);
  }

  @AfterEach
  void stop() {
    server.close();
    filter.close();
  }

  private DataBuffer chunk() {
    DataBuffer buffer = unpooled.allocateBuffer(256);
    buffer.write("y".repeat(256), StandardCharsets.US_ASCII);
    written.add(((NettyDataBuffer) buffer).getNativeBuffer());
    return buffer;
  }

  private List<HttpResponse<String>> round(String path) throws Exception {
    arrivals.expect(N);
    return Concurrently.run(N, () -> server.get(path));
  }

  @Test
  void theBuffersOfARecordedResponseAreReleased() throws Exception {
    List<HttpResponse<String>> responses = round("/chunks/3");

    assertThat(responses).allSatisfy(response -> assertThat(response.body()).hasSize(3 * 256));
    assertThat(filter.stats().replayed()).isPositive();
    assertEveryBufferReleased();
  }

  @Test
  void theBuffersOfABodyOverTheLimitAreReleased() throws Exception {
    List<HttpResponse<String>> responses = round("/chunks/12");

    assertThat(responses).allSatisfy(response -> assertThat(response.body()).hasSize(12 * 256));
    assertEveryBufferReleased();
  }

  /** Waits, at most 10 s, for the server to release what it wrote after the last response. */
  private void assertEveryBufferReleased() {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (written.stream().anyMatch(buffer -> buffer.refCnt() > 0)
        && System.nanoTime() < deadline) {
      LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(5));
    }
    assertThat(written).isNotEmpty().allSatisfy(buffer -> assertThat(buffer.refCnt()).isZero());
  }
}
