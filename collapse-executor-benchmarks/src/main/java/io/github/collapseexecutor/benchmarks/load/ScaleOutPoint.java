package io.github.collapseexecutor.benchmarks.load;

/**
 * One point of a scale-out case.
 *
 * @param instances how many instances of the service collapsed the requests on their own
 * @param measured the load as a whole, with the calls the one shared backend counted
 * @param busiestShare the share of the requests that the busiest instance got, NaN where the
 *     case does not route requests to instances
 */
record ScaleOutPoint(int instances, Measurement measured, double busiestShare) {}
