package io.github.collapseexecutor.benchmarks.load;

import java.awt.Color;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Draws the PNG charts of a run: sweeps against concurrency, batch sizes under load, and the
 * adaptive limit over time.
 */
final class Charts {

  private static final int WIDTH = 800;
  private static final int HEIGHT = 480;
  private static final Color WITH = new Color(0x1f77b4);
  private static final Color WITHOUT = new Color(0xd62728);
  private static final Color LIMIT = Color.GRAY;
  private static final double MAX_LATENCY_MILLIS = 4.0;

  private final Path out;

  Charts(Path out) {
    this.out = out;
  }

  /**
   * Draws throughput against users, with and without collapse, with {@code limit} (TPS at each
   * concurrency) as a dashed line when it is not null.
   */
  void throughput(
      String file, String title, List<Comparison> sweep, ToDoubleFunction<Integer> limit)
      throws IOException {
    XYChart chart = sweepChart(title, "requests per second", sweep, Measurement::tps);
    if (limit != null) {
      double[] users = users(sweep);
      double[] tps = new double[users.length];
      for (int i = 0; i < users.length; i++) {
        tps[i] = limit.applyAsDouble((int) users[i]);
      }
      XYSeries series = chart.addSeries("closed-loop limit (users / 100 ms)", users, tps);
      series.setLineColor(LIMIT);
      series.setLineStyle(SeriesLines.DASH_DASH);
      series.setMarker(SeriesMarkers.NONE);
    }
    save(chart, file);
  }

  /** Draws the 99th percentile latency against users, with and without collapse. */
  void p99(String file, String title, List<Comparison> sweep) throws IOException {
    save(sweepChart(title, "p99 latency (ms)", sweep, Measurement::p99Millis), file);
  }

  /** Draws the share of requests served by shared calls of each size, one bar per adapter. */
  void batchSizes(String file, String title, Map<String, BatchSizes> sizes) throws IOException {
    CategoryChart chart =
        new CategoryChartBuilder()
            .width(WIDTH)
            .height(HEIGHT)
            .title(title)
            .xAxisTitle("requests sharing one backend call")
            .yAxisTitle("% of requests")
            .build();
    chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideNW);
    chart.getStyler().setYAxisDecimalPattern("0");
    chart.getStyler().setChartBackgroundColor(Color.WHITE);
    sizes.forEach(
        (name, batchSizes) ->
            chart.addSeries(
                String.format("%s (mean %.1f)", name, batchSizes.meanSize()),
                BatchSizes.labels(),
                batchSizes.requestShares()));
    save(chart, file);
  }

  /**
   * Draws backend calls per 1000 requests against the number of instances, one line per
   * series.
   */
  void scaleOut(String file, String title, Map<String, List<ScaleOutPoint>> series)
      throws IOException {
    XYChart chart =
        new XYChartBuilder()
            .width(WIDTH)
            .height(HEIGHT)
            .title(title)
            .xAxisTitle("instances, each collapsing on its own")
            .yAxisTitle("backend calls per 1000 requests")
            .build();
    // below the plot: inside, it hides the steepest line, which starts at the top left
    chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
    chart.getStyler().setChartBackgroundColor(Color.WHITE);
    chart.getStyler().setYAxisMin(0.0);
    chart.getStyler().setYAxisDecimalPattern("#,##0");
    chart.getStyler().setXAxisDecimalPattern("0");
    series.forEach(
        (name, points) ->
            chart.addSeries(
                name,
                points.stream().mapToDouble(ScaleOutPoint::instances).toArray(),
                points.stream()
                    .mapToDouble(point -> point.measured().callsPerThousand())
                    .toArray()));
    save(chart, file);
  }

  /**
   * Draws an executor's adaptive limit, its batches in flight and its backend's capacity over
   * time, with the backend's mean call latency on a second axis, cut at
   * {@value #MAX_LATENCY_MILLIS} ms.
   */
  void limitOverTime(String file, String title, List<LimitOverTime.Sample> samples)
      throws IOException {
    XYChart chart =
        new XYChartBuilder()
            .width(WIDTH)
            .height(HEIGHT)
            .title(title)
            .xAxisTitle("seconds")
            .yAxisTitle("batches")
            .build();
    chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
    chart.getStyler().setChartBackgroundColor(Color.WHITE);
    chart.getStyler().setMarkerSize(0);
    chart.getStyler().setYAxisMin(0, 0.0);
    chart.getStyler().setYAxisMin(1, 0.0);
    // a machine stall stretches a sample to tens of milliseconds and would flatten the rest
    chart.getStyler().setYAxisMax(1, MAX_LATENCY_MILLIS);
    chart.getStyler().setYAxisGroupPosition(1, Styler.YAxisPosition.Right);
    chart.setYAxisGroupTitle(1, "backend call latency (ms, cut at 4)");
    double[] seconds = samples.stream().mapToDouble(LimitOverTime.Sample::seconds).toArray();
    XYSeries capacity =
        chart.addSeries(
            "backend capacity (calls at once)",
            seconds,
            samples.stream().mapToDouble(LimitOverTime.Sample::capacity).toArray());
    capacity.setLineColor(LIMIT);
    capacity.setLineStyle(SeriesLines.DASH_DASH);
    color(
        chart.addSeries(
            "batches in flight",
            seconds,
            samples.stream().mapToDouble(LimitOverTime.Sample::inFlight).toArray()),
        new Color(0x2ca02c));
    color(
        chart.addSeries(
            "limit", seconds, samples.stream().mapToDouble(LimitOverTime.Sample::limit).toArray()),
        WITH);
    XYSeries latency =
        chart.addSeries(
            "backend call latency (ms)",
            seconds,
            samples.stream().mapToDouble(LimitOverTime.Sample::latencyMillis).toArray());
    latency.setYAxisGroup(1);
    color(latency, WITHOUT);
    for (XYSeries series : chart.getSeriesMap().values()) {
      series.setMarker(SeriesMarkers.NONE);
    }
    save(chart, file);
  }

  private static XYChart sweepChart(
      String title, String yTitle, List<Comparison> sweep, ToDoubleFunction<Measurement> value) {
    XYChart chart =
        new XYChartBuilder()
            .width(WIDTH)
            .height(HEIGHT)
            .title(title)
            .xAxisTitle("concurrent users (log scale)")
            .yAxisTitle(yTitle)
            .build();
    chart.getStyler().setXAxisLogarithmic(true);
    chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideNW);
    chart.getStyler().setChartBackgroundColor(Color.WHITE);
    chart.getStyler().setYAxisDecimalPattern("#,##0");
    double[] users = users(sweep);
    double[] with = new double[users.length];
    double[] without = new double[users.length];
    for (int i = 0; i < users.length; i++) {
      with[i] = value.applyAsDouble(sweep.get(i).with());
      without[i] = value.applyAsDouble(sweep.get(i).without());
    }
    color(chart.addSeries("with collapse", users, with), WITH);
    color(chart.addSeries("without collapse", users, without), WITHOUT);
    return chart;
  }

  private static void color(XYSeries series, Color color) {
    series.setLineColor(color);
    series.setMarkerColor(color);
  }

  private static double[] users(List<Comparison> sweep) {
    return sweep.stream().mapToDouble(comparison -> comparison.with().users()).toArray();
  }

  private void save(Chart<?, ?> chart, String file) throws IOException {
    Files.createDirectories(out);
    try (OutputStream png = Files.newOutputStream(out.resolve(file))) {
      BitmapEncoder.saveBitmap(chart, png, BitmapEncoder.BitmapFormat.PNG);
    }
  }
}
