package io.github.collapseexecutor.core.classic;

/** The user the classic README's batch examples load. */
public record UserEntity(Long id, String username) {}
