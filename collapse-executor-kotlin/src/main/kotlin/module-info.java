/**
 * Coroutine functions over collapse-executor's core executors: a suspending collapse and batch
 * functions that suspend. The module exports its one package; its API names the core's and
 * kotlinx.coroutines' types.
 *
 * <p>Here, not in src/main/java, because the Kotlin compiler reads it from its own source folder
 * to check what the Kotlin reaches; javac compiles it afterwards, beside the Kotlin's classes.
 */
module io.github.collapseexecutor.kotlin {
  requires transitive io.github.collapseexecutor.core;
  requires transitive kotlin.stdlib;
  requires transitive kotlinx.coroutines.core;

  exports io.github.collapseexecutor.kotlin;
}
