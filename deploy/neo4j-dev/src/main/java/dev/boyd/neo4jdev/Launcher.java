package dev.boyd.neo4jdev;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import java.time.Duration;
import org.neo4j.configuration.GraphDatabaseInternalSettings;
import org.neo4j.configuration.GraphDatabaseSettings;
import org.neo4j.configuration.connectors.BoltConnector;
import org.neo4j.configuration.connectors.ConnectorPortRegister;
import org.neo4j.configuration.connectors.ConnectorType;
import org.neo4j.configuration.connectors.HttpConnector;
import org.neo4j.configuration.connectors.HttpsConnector;
import org.neo4j.configuration.helpers.SocketAddress;
import org.neo4j.dbms.api.DatabaseManagementService;
import org.neo4j.dbms.api.DatabaseManagementServiceBuilder;
import org.neo4j.internal.helpers.HostnamePort;
import org.neo4j.io.ByteUnit;
import org.neo4j.kernel.internal.GraphDatabaseAPI;

/**
 * Embedded Neo4j Community with Bolt on one loopback port, for tests and local
 * development.
 *
 * <pre>
 * java -cp 'target/neo4j-dev.jar:target/lib/*' dev.boyd.neo4jdev.Launcher \
 *     --port 0 --data /tmp/neo4j [--host 127.0.0.1] [--stop-on-stdin-eof]
 * </pre>
 *
 * <p>Stdout carries exactly two lines over the process's life: {@code NEO4J READY
 * bolt://HOST:PORT} once Bolt accepts connections, and {@code NEO4J STOPPED}
 * after a clean shutdown (SIGTERM, or stdin EOF with --stop-on-stdin-eof).
 * Anything else a library prints goes to stderr; Neo4j's own logs go to
 * DATA/logs. Exit code 1 means the server could not start, 2 a bad argument.
 */
public final class Launcher {
    private static final String USAGE =
            "usage: Launcher --data DIR [--port N (0 = any free port)] [--host 127.0.0.1] [--stop-on-stdin-eof]";

    private Launcher() {}

    record Options(String host, int port, Path data, boolean stopOnStdinEof) {}

    static Options parse(String[] args) {
        String host = "127.0.0.1";
        int port = 0;
        Path data = null;
        boolean stopOnStdinEof = false;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            switch (arg) {
                case "--host" -> host = value(args, ++i, arg);
                case "--port" -> {
                    String v = value(args, ++i, arg);
                    try {
                        port = Integer.parseInt(v);
                    } catch (NumberFormatException e) {
                        throw new IllegalArgumentException("--port must be a number, got " + v);
                    }
                    if (port < 0 || port > 65535) throw new IllegalArgumentException("--port out of range: " + v);
                }
                case "--data" -> data = Path.of(value(args, ++i, arg)).toAbsolutePath();
                case "--stop-on-stdin-eof" -> stopOnStdinEof = true;
                default -> throw new IllegalArgumentException("unknown argument " + arg);
            }
        }
        if (data == null) throw new IllegalArgumentException("--data is required");
        // Bolt without auth must never be reachable from outside this machine.
        if (!host.equals("127.0.0.1") && !host.equals("localhost") && !host.equals("::1")) {
            throw new IllegalArgumentException("--host must be a loopback address, got " + host);
        }
        return new Options(host, port, data, stopOnStdinEof);
    }

    private static String value(String[] args, int i, String flag) {
        if (i >= args.length) throw new IllegalArgumentException(flag + " needs a value");
        return args[i];
    }

    public static void main(String[] args) throws Exception {
        // Keep stdout for our two protocol lines; whatever else gets printed
        // (library warnings) goes to stderr, so callers can parse stdout.
        PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
        System.setOut(System.err);

        Options options;
        try {
            options = parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("neo4j-dev: " + e.getMessage());
            System.err.println(USAGE);
            System.exit(2);
            return;
        }

        AtomicReference<DatabaseManagementService> dbms = new AtomicReference<>();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            DatabaseManagementService service = dbms.getAndSet(null);
            if (service == null) return;
            service.shutdown();
            out.println("NEO4J STOPPED");
        }, "neo4j-dev-shutdown"));

        String uri;
        try {
            DatabaseManagementService service = build(options);
            dbms.set(service);
            int port = boltPort(service);
            awaitAccepting(options.host(), port);
            uri = "bolt://" + (options.host().contains(":") ? "[" + options.host() + "]" : options.host()) + ":" + port;
        } catch (Throwable e) {
            Throwable root = e;
            while (root.getCause() != null && root.getCause() != root) root = root.getCause();
            // The root cause ("Address already in use"...) first: it is what a caller needs.
            System.err.println("neo4j-dev: failed to start: " + root);
            e.printStackTrace(System.err);
            // halt, not exit: the shutdown hook would block on a half-started service.
            Runtime.getRuntime().halt(1);
            return;
        }
        out.println("NEO4J READY " + uri);

        if (options.stopOnStdinEof()) {
            // The parent holds our stdin; EOF means it is gone, so we go too
            // rather than outlive a killed test runner.
            Thread watcher = new Thread(() -> {
                try {
                    while (System.in.read() != -1) {
                        // ignore input
                    }
                } catch (IOException ignored) {
                    // treat as EOF
                }
                System.exit(0);
            }, "neo4j-dev-stdin");
            watcher.setDaemon(true);
            watcher.start();
        }
        new CountDownLatch(1).await();
    }

    private static DatabaseManagementService build(Options o) throws IOException {
        Files.createDirectories(o.data());
        return new DatabaseManagementServiceBuilder(o.data())
                .setConfig(BoltConnector.enabled, true)
                .setConfig(BoltConnector.listen_address, new SocketAddress(o.host(), o.port()))
                .setConfig(BoltConnector.encryption_level, BoltConnector.EncryptionLevel.DISABLED)
                .setConfig(HttpConnector.enabled, false)
                .setConfig(HttpsConnector.enabled, false)
                .setConfig(GraphDatabaseSettings.auth_enabled, false)
                .setConfig(GraphDatabaseSettings.udc_enabled, false)
                .setConfig(GraphDatabaseSettings.logs_directory, o.data().resolve("logs"))
                // Modest memory: tests hold small graphs, and the box is shared.
                .setConfig(GraphDatabaseSettings.pagecache_memory, ByteUnit.mebiBytes(256))
                .setConfig(GraphDatabaseSettings.tx_state_max_off_heap_memory, ByteUnit.mebiBytes(128))
                // Small transaction logs: rotate at 1 MiB, keep one file, no preallocation.
                .setConfig(GraphDatabaseSettings.logical_log_rotation_threshold, ByteUnit.mebiBytes(1))
                .setConfig(GraphDatabaseSettings.keep_logical_logs, "1 files")
                .setConfig(GraphDatabaseSettings.preallocate_logical_logs, false)
                // Bolt's event loops otherwise wait a 5 s quiet period each on
                // shutdown, so SIGTERM took ~10 s; nobody else talks to a dev server.
                .setConfig(GraphDatabaseInternalSettings.netty_server_shutdown_quiet_period, 0)
                .setConfig(GraphDatabaseInternalSettings.netty_server_shutdown_timeout, Duration.ofSeconds(2))
                .build();
    }

    /** The port Bolt actually bound (differs from the requested one when that was 0). */
    private static int boltPort(DatabaseManagementService service) {
        var db = (GraphDatabaseAPI) service.database(GraphDatabaseSettings.DEFAULT_DATABASE_NAME);
        if (!db.isAvailable(60_000)) throw new IllegalStateException("default database not available after 60 s");
        HostnamePort address = db.getDependencyResolver()
                .resolveDependency(ConnectorPortRegister.class)
                .getLocalAddress(ConnectorType.BOLT);
        if (address == null) throw new IllegalStateException("Bolt connector did not register a port");
        return address.getPort();
    }

    private static void awaitAccepting(String host, int port) throws InterruptedException {
        long until = System.nanoTime() + 30_000_000_000L;
        while (true) {
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress(host, port), 1_000);
                return;
            } catch (IOException e) {
                if (System.nanoTime() > until) throw new IllegalStateException("Bolt not accepting on " + host + ":" + port, e);
                Thread.sleep(20);
            }
        }
    }
}
