package io.github.collapseexecutor.testing.redis;

import io.github.collapseexecutor.testing.Services;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocketFactory;
import javax.net.ssl.TrustManagerFactory;

/**
 * A private CA and the certificates it signs, made with {@code openssl} and {@code keytool} when
 * the test starts and deleted on close: a server certificate for 127.0.0.1 and localhost, and a
 * client certificate for mutual TLS. Each is there as PEM (for redis-server and PEM-based client
 * settings) and in PKCS#12 stores (for Java key and trust stores). No key material outlives the
 * test. Skipped where openssl or keytool is missing.
 */
public final class TestCertificates implements AutoCloseable {

  /** The password of {@link #trustStore()} and {@link #clientKeyStore()}. */
  public static final String STORE_PASSWORD = "changeit";

  private final Path dir;

  private TestCertificates(Path dir) {
    this.dir = dir;
  }

  /** Makes a CA, a server and a client certificate in a new temporary folder. */
  public static TestCertificates create() throws IOException {
    Services.assume(
        RedisProcess.onPath("openssl") && RedisProcess.onPath("keytool"),
        "no openssl or keytool on the PATH");
    TestCertificates made = new TestCertificates(Files.createTempDirectory("redis-test-tls"));
    try {
      made.make();
      return made;
    } catch (IOException | RuntimeException e) {
      made.close();
      throw e;
    }
  }

  private void make() throws IOException {
    Files.writeString(
        dir.resolve("server.ext"),
        """
        subjectAltName=IP:127.0.0.1,DNS:localhost
        extendedKeyUsage=serverAuth
        """,
        StandardCharsets.US_ASCII);
    Files.writeString(
        dir.resolve("client.ext"), "extendedKeyUsage=clientAuth\n", StandardCharsets.US_ASCII);
    run(
        "openssl",
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:prime256v1",
        "-nodes",
        "-days",
        "2",
        "-subj",
        "/CN=collapse test CA",
        "-keyout",
        "ca.key",
        "-out",
        "ca.crt");
    for (String name : List.of("server", "client")) {
      run(
          "openssl",
          "req",
          "-newkey",
          "ec",
          "-pkeyopt",
          "ec_paramgen_curve:prime256v1",
          "-nodes",
          "-subj",
          "/CN=collapse test " + name,
          "-keyout",
          name + ".key",
          "-out",
          name + ".csr");
      run(
          "openssl",
          "x509",
          "-req",
          "-in",
          name + ".csr",
          "-CA",
          "ca.crt",
          "-CAkey",
          "ca.key",
          "-CAcreateserial",
          "-days",
          "2",
          "-extfile",
          name + ".ext",
          "-out",
          name + ".crt");
    }
    run(
        "openssl",
        "pkcs12",
        "-export",
        "-in",
        "client.crt",
        "-inkey",
        "client.key",
        "-certfile",
        "ca.crt",
        "-name",
        "client",
        "-out",
        "client.p12",
        "-passout",
        "pass:" + STORE_PASSWORD);
    run(
        "keytool",
        "-importcert",
        "-noprompt",
        "-alias",
        "ca",
        "-file",
        "ca.crt",
        "-keystore",
        "truststore.p12",
        "-storetype",
        "PKCS12",
        "-storepass",
        STORE_PASSWORD);
  }

  /** Returns the CA's certificate, PEM. */
  public Path caCertificate() {
    return dir.resolve("ca.crt");
  }

  /** Returns the server's certificate, PEM, signed by the CA, for 127.0.0.1 and localhost. */
  public Path serverCertificate() {
    return dir.resolve("server.crt");
  }

  /** Returns the server's private key, PEM (PKCS#8, unencrypted). */
  public Path serverKey() {
    return dir.resolve("server.key");
  }

  /** Returns the client's certificate, PEM, signed by the CA. */
  public Path clientCertificate() {
    return dir.resolve("client.crt");
  }

  /** Returns the client's private key, PEM (PKCS#8, unencrypted). */
  public Path clientKey() {
    return dir.resolve("client.key");
  }

  /** Returns a PKCS#12 trust store holding the CA, password {@link #STORE_PASSWORD}. */
  public Path trustStore() {
    return dir.resolve("truststore.p12");
  }

  /** Returns a PKCS#12 key store of the client's key and certificate, same password. */
  public Path clientKeyStore() {
    return dir.resolve("client.p12");
  }

  /** Returns sockets that trust the CA and present the client's certificate. */
  public SSLSocketFactory clientSockets() throws IOException {
    try {
      KeyStore trust = load(trustStore());
      KeyStore keys = load(clientKeyStore());
      TrustManagerFactory trusting =
          TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      trusting.init(trust);
      KeyManagerFactory keying =
          KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
      keying.init(keys, STORE_PASSWORD.toCharArray());
      SSLContext context = SSLContext.getInstance("TLS");
      context.init(keying.getKeyManagers(), trusting.getTrustManagers(), null);
      return context.getSocketFactory();
    } catch (GeneralSecurityException e) {
      throw new IOException("cannot read the test's own key stores", e);
    }
  }

  private static KeyStore load(Path store) throws IOException, GeneralSecurityException {
    KeyStore keyStore = KeyStore.getInstance("PKCS12");
    try (InputStream in = Files.newInputStream(store)) {
      keyStore.load(in, STORE_PASSWORD.toCharArray());
    }
    return keyStore;
  }

  private void run(String... command) throws IOException {
    Process process =
        new ProcessBuilder(new ArrayList<>(List.of(command)))
            .directory(dir.toFile())
            .redirectErrorStream(true)
            .start();
    try {
      if (!process.waitFor(60, TimeUnit.SECONDS)) {
        throw new IOException(command[0] + " took over 60 s");
      }
      if (process.exitValue() != 0) {
        throw new IOException(
            String.join(" ", command)
                + " failed: "
                + new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while making certificates", e);
    } finally {
      process.destroyForcibly();
    }
  }

  /** Deletes every file, keys included. */
  @Override
  public void close() {
    RedisProcess.deleteTree(dir);
  }
}
