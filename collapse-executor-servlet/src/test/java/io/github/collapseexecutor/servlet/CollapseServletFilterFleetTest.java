package io.github.collapseexecutor.servlet;

import static java.nio.charset.StandardCharsets.UTF_8;

import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.testing.http.LoopbackTomcat;
import io.github.collapseexecutor.testing.http.ServerAcrossInstancesCases;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/** The server cases across two instances, each a Tomcat behind the servlet filter. */
final class CollapseServletFilterFleetTest extends ServerAcrossInstancesCases {

  @Override
  protected Instance start(String name, String address, int port, HttpCollapseOptions options)
      throws Exception {
    CollapseServletFilter filter = new CollapseServletFilter(options);
    LoopbackTomcat server =
        new LoopbackTomcat(
                new HttpServlet() {
                  @Override
                  protected void doGet(HttpServletRequest request, HttpServletResponse response)
                      throws IOException {
                    byte[] body = answer(name).getBytes(UTF_8);
                    response.setContentType("text/plain");
                    response.setHeader(SOURCE, name);
                    response.setContentLength(body.length);
                    response.getOutputStream().write(body);
                  }
                },
                /* asyncSupported= */ true)
            .listenOn(address, port);
    server.filter("collapse", filter).start();
    return new Instance(server.port(), server, filter);
  }
}
