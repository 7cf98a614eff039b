package io.github.collapseexecutor.spring.boot.autoconfigure.support;

import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * A tier behind the executors that an auto-configuration of this module adds, as the others
 * show it without knowing it: the DEBUG startup report says what it is ({@code NAME tier: ...}),
 * and the {@code collapse} endpoint shows its state under its name.
 *
 * <p>Public for the auto-configurations in this module's other packages; not for applications.
 *
 * @param name the name it goes by, and the endpoint's property of its state
 * @param wired what the report says of it: the tier the application has, or {@code none}
 * @param state its state now, or {@code null} where the application has no such tier
 */
public record Tier(String name, Supplier<String> wired, Supplier<@Nullable Object> state) {}
