package io.github.collapseexecutor.samples.samekey;

/** A user's profile, as a remote profile service returns it. */
public record Profile(long userId, String displayName) {}
