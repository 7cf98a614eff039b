package io.github.collapseexecutor.http.adapter;

/** Answer with a response of its own built from {@code response}; already counted. */
record Replay(SharedResponse response) implements Turn {}
