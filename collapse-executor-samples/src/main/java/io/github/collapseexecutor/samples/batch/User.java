package io.github.collapseexecutor.samples.batch;

/** A user, as the user service returns it. */
public record User(long id, String name) {}
