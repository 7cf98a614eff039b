package io.github.collapseexecutor.samples.web;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestMethod;
import org.springframework.web.bind.annotation.RestController;

/**
 * Endpoints for load tests. {@code /test/collapseN} and {@code /test/noopN} (N = 0, 1 or 100) each
 * take N ms (0: no sleep) and count how often their handler ran. The servlet filter's collapse
 * groups cover {@code /test/collapse*} only, so under load the collapse endpoints run fewer times
 * than they are requested and the noop endpoints once per request.
 *
 * <p>{@code GET /test/counter} returns the counts per endpoint and their total;
 * {@code POST /test/reset} (or {@code GET}) sets them to zero and returns them.
 */
@RestController
@RequestMapping("/test")
final class StressTestController {

  static final List<String> ENDPOINTS =
      List.of("collapse0", "collapse1", "collapse100", "noop0", "noop1", "noop100");

  private final Map<String, AtomicLong> executions = new LinkedHashMap<>();

  StressTestController() {
    ENDPOINTS.forEach(endpoint -> executions.put(endpoint, new AtomicLong()));
  }

  @GetMapping("/collapse{millis:0|1|100}")
  String collapse(@PathVariable("millis") int millis) throws InterruptedException {
    return execute("collapse" + millis, millis);
  }

  @GetMapping("/noop{millis:0|1|100}")
  String noop(@PathVariable("millis") int millis) throws InterruptedException {
    return execute("noop" + millis, millis);
  }

  @GetMapping("/counter")
  Map<String, Long> counter() {
    Map<String, Long> counts = new LinkedHashMap<>();
    executions.forEach((endpoint, count) -> counts.put(endpoint, count.get()));
    counts.put("total", counts.values().stream().mapToLong(Long::longValue).sum());
    return counts;
  }

  @RequestMapping(
      path = "/reset",
      method = {RequestMethod.POST, RequestMethod.GET})
  Map<String, Long> reset() {
    executions.values().forEach(count -> count.set(0));
    return counter();
  }

  private String execute(String endpoint, int millis) throws InterruptedException {
    executions.get(endpoint).incrementAndGet();
    if (millis > 0) {
      Thread.sleep(millis);
    }
    return endpoint;
  }
}
