package io.github.collapseexecutor.http.adapter;

/**
 * Fail with {@code failure}, the shared call's, as the client would have thrown it: the call
 * ended at the leading request's own limit, and this request's own call would have failed by now
 * too. Already counted.
 */
record Failed(Throwable failure) implements Turn {}
