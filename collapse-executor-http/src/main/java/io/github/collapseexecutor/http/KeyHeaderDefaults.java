package io.github.collapseexecutor.http;

import java.util.Set;

/**
 * The header names, and parts of header names, that the key is built with unless configured
 * otherwise: the values of {@link HttpCollapseOptions}' public constants, which document what each
 * set is for. Kept apart so that the options read as settings, not as lists of names.
 */
final class KeyHeaderDefaults {

  /** Credentials and API keys by their usual names. */
  static final Set<String> SENSITIVE_NAMES =
      Set.of(
          "authorization",
          "cookie",
          "proxy-authorization",
          "x-api-key",
          "api-key",
          "x-auth-token",
          "x-access-token");

  /** Credentials, identities a gateway injects, and client addresses, by parts of their names. */
  static final Set<String> SENSITIVE_NAME_PARTS =
      Set.of(
          "token",
          "secret",
          "session",
          "api-key",
          "apikey",
          "-key",
          "signature",
          "credential",
          "password",
          "auth",
          "-user",
          "x-user",
          "userid",
          "user-id",
          "username",
          "email",
          "principal",
          "tenant",
          "identity",
          "client-cert",
          "ssl-client",
          "forwarded",
          "real-ip",
          "client-ip",
          "connecting-ip");

  /** Validators, ranges, accepted encodings and API versions. */
  static final Set<String> REPRESENTATION_NAMES =
      Set.of(
          "if-none-match",
          "if-modified-since",
          "if-match",
          "if-unmodified-since",
          "if-range",
          "range",
          "accept-encoding",
          "api-version",
          "x-api-version",
          "accept-version");

  private KeyHeaderDefaults() {}
}
