package io.github.collapseexecutor.http.adapter;

import io.github.collapseexecutor.http.CallObserver.Caller;
import io.github.collapseexecutor.http.RequestHeaders;

/**
 * A request as it joins shared calls, the same through every turn it takes: it leads or waits,
 * and may then take a call over or regroup on {@code Vary}.
 *
 * @param request the headers the request's key was built of
 * @param caller the request's own observation
 * @param limits the request's own limits, fixed as it first joins
 */
record Joiner(RequestHeaders request, Caller caller, OwnLimits limits) {}
