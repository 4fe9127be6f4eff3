package dev.kaisen.bridge;

import dev.kaisen.bridge.gateway.KaisenGateway;
import dev.kaisen.env.Json;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import py4j.GatewayServer;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

/**
 * Serves the Py4J gateway on 127.0.0.1 only, on a free port, protected by an auth token.
 * The token comes from the environment variable {@code KAISEN_GATEWAY_TOKEN} (how the Python
 * package passes it, out of sight of other users' process lists) or is generated and printed.
 * The first stdout line is one JSON object: {@code {"port": N}} (plus {@code "token"} when generated).
 * With {@code --exit-on-stdin-close} the server exits when its standard input closes, so it
 * never outlives the Python process that started it.
 */
@Command(name = "serve", mixinStandardHelpOptions = true,
        description = "Serve the Py4J gateway on 127.0.0.1 (free port, auth token).")
final class ServeCommand implements Callable<Integer> {
    static final String TOKEN_VARIABLE = "KAISEN_GATEWAY_TOKEN";

    @Option(names = "--port", defaultValue = "0", description = "Port (default 0: a free port).")
    int port;

    @Option(names = "--exit-on-stdin-close", description = "Exit when standard input reaches its end.")
    boolean exitOnStdinClose;

    @Override
    public Integer call() throws Exception {
        String token = System.getenv(TOKEN_VARIABLE);
        boolean generated = token == null || token.isEmpty();
        if (generated) {
            byte[] bytes = new byte[32];
            new SecureRandom().nextBytes(bytes);
            token = HexFormat.of().formatHex(bytes);
        }
        GatewayServer server = new GatewayServer.GatewayServerBuilder()
                .entryPoint(new KaisenGateway())
                .javaAddress(InetAddress.getLoopbackAddress())
                .javaPort(port)
                .authToken(token)
                .build();
        server.start();
        Map<String, Object> hello = new LinkedHashMap<>();
        hello.put("port", server.getListeningPort());
        hello.put("address", "127.0.0.1");
        if (generated) {
            hello.put("token", token);
        }
        System.out.println(Json.write(hello, false));
        System.out.flush();
        CountDownLatch stop = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.shutdown();
            stop.countDown();
        }));
        if (exitOnStdinClose) {
            Thread watcher = new Thread(() -> {
                try (InputStream in = System.in) {
                    while (in.read() >= 0) {
                        // ignore input; only its end matters
                    }
                } catch (IOException ignored) {
                    // a broken pipe means the parent is gone, too
                }
                System.exit(0);
            }, "kaisen-stdin-watch");
            watcher.setDaemon(true);
            watcher.start();
        }
        stop.await();
        return 0;
    }
}
