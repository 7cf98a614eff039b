package io.github.collapseexecutor.samples.clinic;

/** A line of the vets page: a projection, which the cache and the callers that joined share. */
public record VetRow(String name, String specialty) {}
