/**
 * The collapse engine. Internal: not exported by the module, not covered by compatibility
 * promises, and may change in any release. Use the types of {@code io.github.collapseexecutor.core}.
 */
package io.github.collapseexecutor.core.internal;
