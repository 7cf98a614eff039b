package io.github.collapseexecutor.samples.clinic;

/**
 * A line of the owners list: a projection, no entity, so concurrent readers share one query.
 *
 * @param pets how many pets the owner has
 */
public record OwnerRow(Long id, String firstName, String lastName, String city, int pets) {}
