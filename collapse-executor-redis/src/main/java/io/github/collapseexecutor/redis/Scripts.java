package io.github.collapseexecutor.redis;

import io.lettuce.core.RedisNoScriptException;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * The Lua scripts of the tier, sent by their SHA-1 ({@code EVALSHA}) once {@link #load} loaded
 * them: on a cluster on every node, replicas too, so that a replica that takes over has them. A
 * server that lacks one all the same (a replica added later, a {@code SCRIPT FLUSH}, a restart)
 * answers {@code NOSCRIPT}; then the script goes whole ({@code EVAL}), which loads it there.
 */
final class Scripts {

  /**
   * Takes the lease of a key ({@code KEYS[1]}) for a token, noting the fleet's count of writes
   * beside it ({@code KEYS[2]}), or else returns who holds it, for how long, and whether a write
   * completed since it was taken: {@code {1}} or {@code {0, holder, pttl, overtaken}}. The count
   * is {@code KEYS[3]}'s where the script may read it (one Redis), else the one the caller read
   * just before ({@code ARGV[3]}, on a cluster, where it lives in a slot of its own); a lease
   * with no count beside it (taken by an earlier version) counts as taken before any write.
   * Atomic, so that a lease seen is one still held, and a write counted before the claim is seen
   * by it.
   */
  static final Script CLAIM =
      new Script(
          "the script that claims a key (GET, SET, PTTL)",
          """
      local writes = ARGV[3]
      if KEYS[3] then
        writes = redis.call('get', KEYS[3]) or '0'
      end
      if redis.call('set', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then
        redis.call('set', KEYS[2], writes, 'PX', ARGV[2])
        return {1}
      end
      local overtaken = (redis.call('get', KEYS[2]) or '0') ~= writes and 1 or 0
      return {0, redis.call('get', KEYS[1]), redis.call('pttl', KEYS[1]), overtaken}
      """);

  /** What {@link #FINISH} returns if it stored the result. */
  static final long STORED = 1;

  /** What {@link #FINISH} adds to what it returns if the lease was still the ending call's. */
  static final long HELD = 2;

  /**
   * Ends the call of a lease: stores its result unless there is none (an empty value) or Redis
   * refuses it (full), tells the waiting instances on the key's channel ({@code KEYS[3]}) whether
   * it did, and frees the key if the lease is still this token's. Atomic, so that no instance
   * takes the key between the three. Returns {@link #STORED} if it stored the result, plus
   * {@link #HELD} if the lease was still this token's. {@code %s} is the command that publishes.
   */
  private static final String FINISH =
      """
      local stored = 0
      if string.len(ARGV[2]) > 0 then
        local reply = redis.pcall('set', KEYS[2], ARGV[2], 'PX', ARGV[3])
        if type(reply) == 'table' and reply.ok then
          stored = 1
        end
      end
      redis.call('%s', KEYS[3], ARGV[1] .. (stored == 1 and ':1' or ':0'))
      if redis.call('get', KEYS[1]) == ARGV[1] then
        redis.call('del', KEYS[1])
        return stored + 2
      end
      return stored
      """;

  /** {@link #FINISH} on a shard channel, which lives in the key's slot: Redis 7 and later. */
  static final Script FINISH_SHARDED =
      new Script(
          "the script that ends a call (SET, SPUBLISH, GET, DEL)", FINISH.formatted("spublish"));

  /** {@link #FINISH} on a classic channel, which every subscriber of its pattern hears. */
  static final Script FINISH_CLASSIC =
      new Script(
          "the script that ends a call (SET, PUBLISH, GET, DEL)", FINISH.formatted("publish"));

  /**
   * Returns a stored result if it is no longer than {@code ARGV[1]} bytes, or nothing: what the
   * tier stores is never longer, so a longer value, or one of another type, was written by someone
   * else, and is not read into this instance's memory.
   */
  static final Script RESULT =
      new Script(
          "the script that reads a result (STRLEN, GET)",
          """
      local length = redis.pcall('strlen', KEYS[1])
      if type(length) ~= 'number' or length > tonumber(ARGV[1]) then
        return false
      end
      return redis.call('get', KEYS[1])
      """);

  /**
   * Stores what an instance ({@code ARGV[1]}) tells the fleet about itself ({@code ARGV[2]}) under
   * its key ({@code KEYS[2]}) for {@code ARGV[3]} ms, adds it to the list of instances
   * ({@code KEYS[1]}, which lives as long), drops from the list those whose keys ran out, and
   * returns the id and text of each one listed (64 at most): {@code {id, text, id, text, ...}}.
   * The keys of the instances are the list's key, a colon and the id, all in one slot.
   */
  static final Script INSTANCES =
      new Script(
          "the script that lists the instances (GET, SET)",
          """
      redis.call('set', KEYS[2], ARGV[2], 'PX', ARGV[3])
      local ids = {ARGV[1]}
      local seen = {ARGV[1], ARGV[2]}
      for id in string.gmatch(redis.call('get', KEYS[1]) or '', '[%w_-]+') do
        if #ids >= 64 then
          break
        end
        local text = id ~= ARGV[1] and redis.call('get', KEYS[1] .. ':' .. id)
        if text then
          table.insert(ids, id)
          table.insert(seen, id)
          table.insert(seen, text)
        end
      end
      redis.call('set', KEYS[1], table.concat(ids, ' '), 'PX', ARGV[3])
      return seen
      """);

  private static final List<Script> ALL =
      List.of(CLAIM, FINISH_SHARDED, FINISH_CLASSIC, RESULT, INSTANCES);

  private Scripts() {}

  /**
   * Loads every script: on one server there, on a cluster on every node Lettuce knows, since
   * its {@code SCRIPT LOAD} goes to them all.
   */
  static CompletableFuture<Void> load(RedisClusterAsyncCommands<String, byte[]> redis) {
    return CompletableFuture.allOf(
        ALL.stream()
            .map(script -> redis.scriptLoad(script.text()).toCompletableFuture())
            .toArray(CompletableFuture[]::new));
  }

  /** Runs {@code script} by its SHA-1, and whole where the server answers that it lacks it. */
  static <T> CompletableFuture<T> run(
      RedisClusterAsyncCommands<String, byte[]> redis,
      Script script,
      ScriptOutputType type,
      String[] keys,
      byte[]... args) {
    return redis
        .<T>evalsha(script.sha(), type, keys, args)
        .toCompletableFuture()
        .exceptionallyCompose(
            failure ->
                lacksScript(failure)
                    ? redis.<T>eval(script.text(), type, keys, args).toCompletableFuture()
                    : CompletableFuture.failedFuture(failure));
  }

  private static boolean lacksScript(Throwable failure) {
    Throwable cause =
        failure instanceof CompletionException && failure.getCause() != null
            ? failure.getCause()
            : failure;
    return cause instanceof RedisNoScriptException
        || String.valueOf(cause.getMessage()).startsWith("NOSCRIPT");
  }

  /**
   * Returns which of the scripts an error of Redis names by its SHA-1, and the commands it runs:
   * Redis 7.0 says that a script ran a command its user may not, but not which.
   */
  static String describe(String error) {
    return ALL.stream()
        .filter(script -> error.contains(script.sha()))
        .findFirst()
        .map(Script::purpose)
        .orElse("a script of the tier");
  }

  /** One script, what it does and which commands it runs, and the SHA-1 Redis knows it by. */
  record Script(String purpose, String text, String sha) {

    Script(String purpose, String text) {
      this(purpose, text, sha1(text));
    }

    private static String sha1(String text) {
      try {
        return HexFormat.of()
            .formatHex(
                MessageDigest.getInstance("SHA-1").digest(text.getBytes(StandardCharsets.UTF_8)));
      } catch (NoSuchAlgorithmException e) {
        // every Java platform has SHA-1
        throw new IllegalStateException(e);
      }
    }
  }
}
