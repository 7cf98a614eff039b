package io.github.collapseexecutor.core;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks an API whose shape is still being settled with the people who use it: the adapter SPI,
 * which a new kind of client or server may need to grow, and the tier that coordinates the
 * instances of an application, whose stores and deployments are still being added.
 *
 * <p>What it promises: an incubating type or member may change in any minor release (0.1 to 0.2,
 * or 1.1 to 1.2), never in a patch release, and each change is listed under its own heading in
 * the changelog with what to do instead. Its behaviour is held to the same tests as the rest of
 * the library: incubating says the shape may move, not that it is less correct. Types and members
 * without it follow semantic versioning from 1.0; before 1.0, a minor release may change them too,
 * again with a changelog entry.
 *
 * <p>On a type, it covers the type's members and nested types. Applications that only configure
 * an adapter, annotate a method or set YAML keys use no incubating type; those that implement an
 * adapter or a store for that tier, or call the tier directly, do.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD, ElementType.CONSTRUCTOR, ElementType.FIELD})
public @interface Incubating {}
