package dev.kaisen.bridge.gateway;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Steps an env for Python without a Py4J call: requests and answers go through a control
 * region of the env's shared buffers, and a thread of this JVM serves them.
 *
 * <p>The control region is 16 little-endian int64 slots, two cache lines:
 * <pre>
 * slot  written by  meaning
 * 0     Python      request number (Python writes the command and its arguments first)
 * 1     Python      command (the handle's own numbering)
 * 2, 3  Python      arguments
 * 4     Python      1 while Python sleeps on the socket waiting for an answer
 * 8     Java        number of the last request answered (the results are written first)
 * 9     Java        0: done; 1: failed (the handle's {@code raiseLastError} throws why)
 * 10    Java        1 while this thread sleeps on the socket waiting for a request
 * </pre>
 *
 * <p>Each side spins for a short while (a step of a fast game takes microseconds), then
 * announces that it sleeps and blocks on a Unix-domain socket; the other side, seeing the
 * flag after publishing, writes one byte to wake it. Announcing and re-checking are ordered by
 * full fences on both sides (volatile accesses here; a lock on the Python side), so no wake is
 * lost; a bounded sleep re-checks anyway. This relies on x86-64's ordering of Python's plain
 * stores and loads: elsewhere Python does not open a channel and sends each command through
 * the handle's {@code command} method over Py4J instead. The socket is also how each side learns that the other
 * is gone: Python sees end-of-file when this JVM dies, and this thread stops when Python closes
 * its end.
 *
 * <p>The socket is created next to the buffers, accepts one connection, which must send the
 * token given at creation, and is unlinked once connected. Commands run under the handle's
 * lock, so Py4J calls on the same handle (render, state JSON) never see a half-done step.
 */
public final class StepChannel {
    /** Runs one command; its results go into the shared buffers. */
    @FunctionalInterface
    public interface Handler {
        void handle(int command, long arg0, long arg1);
    }

    /** int64 slots of the control region (see the class comment). */
    static final int REQUEST = 0;
    static final int COMMAND = 1;
    static final int ARG0 = 2;
    static final int ARG1 = 3;
    static final int PYTHON_SLEEPS = 4;
    static final int ANSWER = 8;
    static final int FAILED = 9;
    static final int JAVA_SLEEPS = 10;
    /** Slots of the control region, for its {@link dev.kaisen.observation.BufferLayout} entry. */
    public static final int SLOTS = 16;

    /** The control region's slots by name, for Python's end (the gateway's {@code protocol()}). */
    static java.util.Map<String, Integer> slots() {
        return java.util.Map.of("request", REQUEST, "command", COMMAND, "arg0", ARG0, "arg1", ARG1,
                "pythonSleeps", PYTHON_SLEEPS, "answer", ANSWER, "failed", FAILED, "javaSleeps", JAVA_SLEEPS);
    }

    /**
     * The longest this thread spins for the next request before it sleeps on the socket: 1 ms,
     * or the system property {@code kaisen.stepChannel.spinMicros}. The spin adapts (see
     * {@link #awaitRequest}).
     */
    static final long SPIN_NANOS = TimeUnit.MICROSECONDS.toNanos(Long.getLong("kaisen.stepChannel.spinMicros", 1000));
    /**
     * The shortest spin: where requests never come within the spin (a caller that thinks long, or
     * a machine whose CPUs are shared so that spinning only delays the caller), this thread sleeps
     * almost at once.
     */
    static final long MIN_SPIN_NANOS = TimeUnit.MICROSECONDS.toNanos(2);
    /** The longest sleep between two looks at the control region, should a wake be missed. */
    static final long SLEEP_MILLIS = 50;
    /** How long a new channel waits for Python to connect. */
    static final long CONNECT_MILLIS = 30_000;

    private static final VarHandle LONGS = MethodHandles.byteBufferViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final AtomicInteger THREADS = new AtomicInteger();

    private final ByteBuffer control;
    private final Path socketPath;
    private final byte[] token;
    private final Object lock;
    private final Handler handler;
    private final ServerSocketChannel server;
    private final Thread thread;
    private volatile boolean closing;
    private long spinNanos = SPIN_NANOS;
    private long waits;
    private volatile Throwable lastError;
    private volatile Selector selector;
    private SocketChannel peer;

    /**
     * Binds the socket and starts serving.
     *
     * @param control    the control region (a view of a direct or mapped buffer, 128 bytes)
     * @param socketPath where to bind the socket (unlinked once Python connects)
     * @param token      what Python must send first
     * @param lock       held while a command runs
     */
    public StepChannel(ByteBuffer control, Path socketPath, String token, Object lock, Handler handler) {
        if (control.capacity() < SLOTS * Long.BYTES || !control.isDirect()) {
            throw new IllegalArgumentException("the control region must be a direct buffer of " + SLOTS + " int64");
        }
        this.control = control;
        this.socketPath = socketPath;
        this.token = token.getBytes(StandardCharsets.UTF_8);
        this.lock = lock;
        this.handler = handler;
        try {
            server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
            server.bind(UnixDomainSocketAddress.of(socketPath));
            socketPath.toFile().deleteOnExit();  // should the other side die before it connects
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open the step channel's socket " + socketPath + ": " + e.getMessage(), e);
        }
        thread = new Thread(this::serve, "kaisen-step-channel-" + THREADS.incrementAndGet());
        thread.setDaemon(true);
        thread.start();
    }

    /** Why the last failed command failed (null when none failed). */
    public Throwable lastError() {
        return lastError;
    }

    /** Throws why the last command of {@code channel} failed, as it was thrown (for Py4J to pass on). */
    static void rethrow(StepChannel channel) {
        Throwable t = channel == null ? null : channel.lastError();
        if (t instanceof RuntimeException r) {
            throw r;
        }
        if (t instanceof Error e) {
            throw e;
        }
        throw new IllegalStateException("no step-channel command has failed");
    }

    private long get(int slot) {
        return (long) LONGS.getVolatile(control, slot * Long.BYTES);
    }

    private void set(int slot, long value) {
        LONGS.setVolatile(control, slot * Long.BYTES, value);
    }

    private void serve() {
        try {
            if (!connect()) {
                return;
            }
            long answered = get(ANSWER);
            while (!closing) {
                long request = awaitRequest(answered);
                if (request == answered) {
                    return; // closing, or Python went away
                }
                boolean pythonSleeps;
                synchronized (lock) {
                    if (closing) {
                        return; // the buffers may be unmapped as soon as the lock is released
                    }
                    long failed = 0;
                    try {
                        handler.handle((int) get(COMMAND), get(ARG0), get(ARG1));
                    } catch (RuntimeException | Error e) {
                        lastError = e;
                        failed = 1;
                    }
                    set(FAILED, failed);
                    set(ANSWER, request);
                    pythonSleeps = get(PYTHON_SLEEPS) != 0;
                }
                answered = request;
                if (pythonSleeps) {
                    wake();
                }
            }
        } catch (IOException e) {
            // the socket broke: Python is gone or closed the env; nothing is waiting for an answer
        } finally {
            closeQuietly();
        }
    }

    /** Accepts Python's connection and checks its token; false when closed first, too late, or the token is wrong. */
    private boolean connect() throws IOException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(CONNECT_MILLIS);
        server.configureBlocking(false);
        selector = Selector.open();
        server.register(selector, SelectionKey.OP_ACCEPT);
        SocketChannel accepted = null;
        while (accepted == null) {
            if (closing || System.nanoTime() > deadline) {
                return false;
            }
            selector.select(SLEEP_MILLIS);
            selector.selectedKeys().clear();
            accepted = server.accept();
        }
        peer = accepted; // closed with the rest whatever happens next
        server.close();
        Files.deleteIfExists(socketPath);
        accepted.configureBlocking(false);
        selector.close();
        selector = Selector.open();
        accepted.register(selector, SelectionKey.OP_READ);
        ByteBuffer sent = ByteBuffer.allocate(token.length);
        while (sent.hasRemaining()) {
            if (closing || System.nanoTime() > deadline) {
                return false;
            }
            selector.select(SLEEP_MILLIS);
            selector.selectedKeys().clear();
            if (accepted.read(sent) < 0) {
                return false;
            }
        }
        return java.security.MessageDigest.isEqual(sent.array(), token);
    }

    /**
     * The next request number: spins first, then sleeps on the socket; {@code answered} when
     * closing or Python left. The spin adapts: a request seen while spinning after t ns sets it
     * to at least 4t (at most {@link #SPIN_NANOS}), a spin that ran out halves it (at least
     * {@link #MIN_SPIN_NANOS}); one wait in 64 spins the longest, to find out whether spinning
     * pays again. Each turn of the spin yields the core to any other runnable thread (on a busy
     * machine, the Python side that is to send the request may be waiting for it). (No
     * {@code Thread.onSpinWait()}: under a hypervisor, PAUSE in a loop makes it deschedule this
     * virtual CPU.)
     */
    private long awaitRequest(long answered) throws IOException {
        long start = System.nanoTime();
        long spinUntil = start + (++waits % 64 == 0 ? SPIN_NANOS : spinNanos);
        long request;
        while ((request = get(REQUEST)) == answered && System.nanoTime() <= spinUntil && !closing) {
            Thread.yield(); // the core to any other runnable thread: Python's, which is to send the request
        }
        if (request != answered) {
            spinNanos = Math.min(SPIN_NANOS, Math.max(spinNanos, 4 * (System.nanoTime() - start)));
            return request;
        }
        spinNanos = Math.max(MIN_SPIN_NANOS, spinNanos / 2);
        ByteBuffer sink = ByteBuffer.allocate(64);
        while (request == answered && !closing) {
            set(JAVA_SLEEPS, 1);
            request = get(REQUEST);
            if (request != answered) {
                break;
            }
            selector.select(SLEEP_MILLIS);
            selector.selectedKeys().clear();
            sink.clear();
            if (peer.read(sink) < 0) {
                set(JAVA_SLEEPS, 0);
                return answered; // Python closed its end
            }
            request = get(REQUEST);
        }
        set(JAVA_SLEEPS, 0);
        return request;
    }

    private void wake() throws IOException {
        ByteBuffer one = ByteBuffer.wrap(new byte[] {1});
        while (one.hasRemaining()) {
            if (peer.write(one) == 0) {
                return; // its buffer is full of unread wakes: Python is awake already
            }
        }
    }

    private void closeQuietly() {
        for (AutoCloseable c : new AutoCloseable[] {peer, selector, server}) {
            if (c != null) {
                try {
                    c.close();
                } catch (Exception ignored) {
                    // closing what may be closed already
                }
            }
        }
        try {
            Files.deleteIfExists(socketPath);
        } catch (IOException ignored) {
            // a leftover socket file is harmless; its name is never reused
        }
    }

    /**
     * Stops serving and waits for the thread to end. Call it without holding the handle's lock,
     * then unmap the buffers under that lock, and only when this returns true: a command still
     * running finishes first (the thread touches the buffers no more after it, as it sees
     * {@code closing} under the lock), but a thread that has not ended within the wait may still
     * be between two looks at the control region.
     *
     * @return whether the serving thread has ended
     */
    public boolean close() {
        closing = true;
        Selector s = selector;
        if (s != null) {
            s.wakeup();
        }
        try {
            thread.join(TimeUnit.SECONDS.toMillis(10));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return !thread.isAlive();
    }

    /**
     * How a handle closes: {@code channel} first (null when none was opened), without holding
     * {@code lock}; then {@code release} (unmapping the buffers) under {@code lock}, unless the
     * channel's thread is still running and may look at the control region, which must then stay
     * mapped.
     */
    static void closeThen(StepChannel channel, Object lock, Runnable release) {
        if (channel != null && !channel.close()) {
            System.err.println("kaisen: an env's step channel did not stop within 10 s; its buffers stay mapped");
            return;
        }
        synchronized (lock) {
            release.run();
        }
    }

    /** The serving thread (for tests). */
    Thread thread() {
        return thread;
    }
}
