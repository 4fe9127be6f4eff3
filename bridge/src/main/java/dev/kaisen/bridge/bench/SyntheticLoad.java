package dev.kaisen.bridge.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Background load for benchmarks: a number of busy processes (each one thread that computes
 * and nothing else), as other programs on a shared machine would be. Where {@code setsid} is
 * found, each runs in a session of its own, as a program started elsewhere does: Linux's
 * autogroup scheduling shares the cores between sessions first, so that a load in the
 * benchmark's own session would only compete with the benchmark's share. Bounded three ways: each
 * process ends by itself after its time, when its parent closes its input (the parent ended,
 * however it ended), and on {@link #close()}, which also waits for them to be gone.
 */
public final class SyntheticLoad implements AutoCloseable {
    /** Where {@code setsid} (util-linux) may be. */
    static final List<String> SETSID = List.of("/usr/bin/setsid", "/bin/setsid");

    private final List<Process> processes;

    private SyntheticLoad(List<Process> processes) {
        this.processes = processes;
    }

    /**
     * Starts {@code count} busy processes and returns once each is computing.
     *
     * @param seconds the longest each runs (it ends by itself then, should nobody stop it)
     */
    public static SyntheticLoad start(int count, double seconds) {
        if (count < 0) {
            throw new IllegalArgumentException("load processes must be 0 or more, not " + count);
        }
        if (!(seconds > 0) || seconds > 86_400) {
            throw new IllegalArgumentException("a load's time must be between 0 and 86400 s, not " + seconds);
        }
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String setsid = SETSID.stream().filter(p -> Files.isExecutable(Path.of(p))).findFirst()
                .orElse(null);
        List<Process> started = new ArrayList<>();
        SyntheticLoad load = new SyntheticLoad(started);
        try {
            for (int i = 0; i < count; i++) {
                List<String> command = new ArrayList<>();
                if (setsid != null) {
                    command.add(setsid); // execs java in a new session: the same process, so destroy() reaches it
                }
                command.addAll(List.of(java, "-Xmx16m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
                        "-cp", System.getProperty("java.class.path"), SyntheticLoad.class.getName(),
                        Double.toString(seconds)));
                ProcessBuilder pb = new ProcessBuilder(command);
                pb.redirectError(ProcessBuilder.Redirect.INHERIT);
                started.add(pb.start());
            }
            for (Process p : started) {
                BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
                String line = out.readLine(); // blocks until the child computes (or ends)
                if (!"busy".equals(line)) {
                    throw new IllegalStateException("a load process did not start (exit " + exitOf(p) + ")");
                }
            }
            return load;
        } catch (IOException e) {
            load.close();
            throw new UncheckedIOException("cannot start a load process: " + e.getMessage(), e);
        } catch (RuntimeException e) {
            load.close();
            throw e;
        }
    }

    private static String exitOf(Process p) {
        try {
            return p.waitFor(5, TimeUnit.SECONDS) ? Integer.toString(p.exitValue()) : "none yet";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "unknown";
        }
    }

    /** The load's processes (for tests). */
    public List<ProcessHandle> processes() {
        return processes.stream().map(Process::toHandle).toList();
    }

    /** Stops every process and waits until they are gone. Idempotent. */
    @Override
    public void close() {
        for (Process p : processes) {
            try {
                p.getOutputStream().close(); // the child ends when its input closes
            } catch (IOException ignored) {
                // already gone
            }
            p.destroy();
        }
        for (Process p : processes) {
            try {
                if (!p.waitFor(10, TimeUnit.SECONDS)) {
                    p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                p.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
    }

    /** A load process: computes for {@code args[0]} seconds, or until its input closes. */
    public static void main(String[] args) {
        long end = System.nanoTime() + (long) (Double.parseDouble(args[0]) * 1e9);
        Thread watch = new Thread(() -> {
            try {
                while (System.in.read() >= 0) {
                    // nothing is sent; end of input means the parent is gone or done with us
                }
            } catch (IOException ignored) {
                // the same
            }
            Runtime.getRuntime().halt(0);
        }, "kaisen-load-input");
        watch.setDaemon(true);
        watch.start();
        System.out.println("busy");
        System.out.flush();
        long x = 1;
        while (System.nanoTime() < end) {
            for (int i = 0; i < 100_000; i++) {
                x = x * 6364136223846793005L + 1442695040888963407L;
            }
        }
        Runtime.getRuntime().halt(x == 42 ? 1 : 0);
    }
}
