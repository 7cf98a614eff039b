package io.github.collapseexecutor.http.adapter;

/**
 * What the executor keys a call in progress by, and the protocol its leader's limits: the call's
 * flight, or, once writes concern the flight, the flight with their count as the call started, so
 * that a request that arrives after a write never joins a call from before it ({@link WriteClock}).
 */
sealed interface CallKey permits FlightKey, WriteClock.Stamped {

  /** Returns the flight the call is made for. */
  FlightKey flight();
}
