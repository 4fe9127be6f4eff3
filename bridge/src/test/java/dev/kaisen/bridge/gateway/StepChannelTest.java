package dev.kaisen.bridge.gateway;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The step channel's protocol, driven by a client written here from its documented slots (as
 * Python's end is): answers, failures, sleeping on both sides, the token, and stopping.
 */
class StepChannelTest {
    private static final VarHandle LONGS = MethodHandles.byteBufferViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final String TOKEN = "0123456789abcdef";

    @TempDir
    Path dir;

    private final List<AutoCloseable> open = new ArrayList<>();

    @AfterEach
    void closeAll() throws Exception {
        for (AutoCloseable c : open) {
            c.close();
        }
    }

    /** A client that follows the slot protocol of the class comment; it sleeps on the socket when asked to. */
    private static final class Client {
        final ByteBuffer control;
        final SocketChannel socket;
        long seq;

        Client(ByteBuffer control, SocketChannel socket) {
            this.control = control;
            this.socket = socket;
        }

        long get(int slot) {
            return (long) LONGS.getVolatile(control, slot * 8);
        }

        void set(int slot, long value) {
            LONGS.setVolatile(control, slot * 8, value);
        }

        /** Sends a request; returns whether it failed. With {@code sleep}, waits on the socket rather than spinning. */
        boolean request(int command, long arg0, long arg1, boolean sleep) throws IOException {
            set(StepChannel.COMMAND, command);
            set(StepChannel.ARG0, arg0);
            set(StepChannel.ARG1, arg1);
            set(StepChannel.REQUEST, ++seq);
            if (get(StepChannel.JAVA_SLEEPS) != 0) {
                socket.write(ByteBuffer.wrap(new byte[] {1}));
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            if (sleep) {
                set(StepChannel.PYTHON_SLEEPS, 1);
                try (Selector selector = Selector.open()) {
                    socket.configureBlocking(false);
                    socket.register(selector, SelectionKey.OP_READ);
                    while (get(StepChannel.ANSWER) != seq) {
                        if (System.nanoTime() > deadline) {
                            throw new AssertionError("no wake for request " + seq);
                        }
                        selector.select(100); // the wake (a lost one fails the test at the deadline)
                        socket.read(ByteBuffer.allocate(16));
                    }
                }
                socket.configureBlocking(true); // the closed selector released it
                set(StepChannel.PYTHON_SLEEPS, 0);
            }
            while (get(StepChannel.ANSWER) != seq) {
                if (System.nanoTime() > deadline) {
                    throw new AssertionError("no answer to request " + seq);
                }
            }
            return get(StepChannel.FAILED) != 0;
        }
    }

    private ByteBuffer control() {
        return ByteBuffer.allocateDirect(StepChannel.SLOTS * 8).order(ByteOrder.LITTLE_ENDIAN);
    }

    private SocketChannel connect(Path socket, String token) throws IOException {
        SocketChannel s = SocketChannel.open(StandardProtocolFamily.UNIX);
        s.connect(UnixDomainSocketAddress.of(socket));
        s.write(ByteBuffer.wrap(token.getBytes(StandardCharsets.UTF_8)));
        open.add(s);
        return s;
    }

    @Test
    void requestsAreAnsweredInOrderWithTheirArgumentsAndFailuresAreKept() throws Exception {
        ByteBuffer control = control();
        List<long[]> seen = new ArrayList<>();
        Object lock = new Object();
        Path socket = dir.resolve("c.sock");
        StepChannel channel = new StepChannel(control, socket, TOKEN, lock, (command, a0, a1) -> {
            if (command == 9) {
                throw new IllegalArgumentException("command 9 is refused");
            }
            seen.add(new long[] {command, a0, a1});
        });
        open.add(channel::close);
        Client client = new Client(control, connect(socket, TOKEN));
        for (int i = 0; i < 1000; i++) {
            assertFalse(client.request(1 + i % 3, i, -i, false));
        }
        assertEquals(1000, seen.size());
        assertEquals(List.of(3L, 998L, -998L), List.of(seen.get(998)[0], seen.get(998)[1], seen.get(998)[2]));
        assertNull(channel.lastError());
        assertTrue(client.request(9, 0, 0, false), "a failed command is flagged");
        assertInstanceOf(IllegalArgumentException.class, channel.lastError());
        IllegalArgumentException thrown = assertThrows(IllegalArgumentException.class, () -> StepChannel.rethrow(channel));
        assertEquals("command 9 is refused", thrown.getMessage());
        assertFalse(client.request(1, 5, 6, false), "the channel serves on after a failure");
        assertFalse(Files.exists(socket), "the socket's name is unlinked once connected");
    }

    @Test
    void bothSidesMaySleepAndAreWoken() throws Exception {
        ByteBuffer control = control();
        Path socket = dir.resolve("s.sock");
        int[] handled = {0};
        StepChannel channel = new StepChannel(control, socket, TOKEN, new Object(), (command, a0, a1) -> {
            try {
                Thread.sleep(a0); // a slow command: the client sleeps on the socket meanwhile
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            handled[0]++;
        });
        open.add(channel::close);
        Client client = new Client(control, connect(socket, TOKEN));
        for (int i = 0; i < 20; i++) {
            // pause well past the channel's spin, so that it sleeps and must be woken
            Thread.sleep(TimeUnit.NANOSECONDS.toMillis(StepChannel.SPIN_NANOS) + 5);
            // on a loaded machine the serving thread may be scheduled late: wait (bounded) for its sleep
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (client.get(StepChannel.JAVA_SLEEPS) != 1 && System.nanoTime() < deadline) {
                Thread.sleep(1);
            }
            assertEquals(1, client.get(StepChannel.JAVA_SLEEPS), "the idle channel sleeps");
            assertFalse(client.request(1, i % 2 == 0 ? 0 : 20, 0, true));
        }
        assertEquals(20, handled[0]);
    }

    @Test
    void aWrongTokenIsRefusedAndNothingIsServed() throws Exception {
        ByteBuffer control = control();
        Path socket = dir.resolve("t.sock");
        int[] handled = {0};
        StepChannel channel = new StepChannel(control, socket, TOKEN, new Object(), (c, a0, a1) -> handled[0]++);
        open.add(channel::close);
        SocketChannel intruder = connect(socket, "fedcba9876543210");
        LONGS.setVolatile(control, StepChannel.REQUEST * 8, 1L);
        assertEquals(-1, intruder.read(ByteBuffer.allocate(1)), "the channel hangs up on a wrong token");
        Thread.sleep(100);
        assertEquals(0, handled[0]);
        assertEquals(0L, (long) LONGS.getVolatile(control, StepChannel.ANSWER * 8));
    }

    @Test
    void theServingThreadStopsWhenTheClientLeavesAndWhenTheChannelCloses() throws Exception {
        ByteBuffer control = control();
        Path socket = dir.resolve("x.sock");
        StepChannel left = new StepChannel(control, socket, TOKEN, new Object(), (c, a0, a1) -> { });
        SocketChannel s = connect(socket, TOKEN);
        assertFalse(new Client(control, s).request(1, 0, 0, false));
        s.close(); // the client leaves: end of file alone stops the thread
        left.thread().join(5000);
        assertFalse(left.thread().isAlive(), "the thread ended when the client left");
        assertTrue(left.close());

        ByteBuffer control2 = control();
        Path socket2 = dir.resolve("y.sock");
        StepChannel closed = new StepChannel(control2, socket2, TOKEN, new Object(), (c, a0, a1) -> { });
        Client client = new Client(control2, connect(socket2, TOKEN));
        assertFalse(client.request(1, 0, 0, false));
        long start = System.nanoTime();
        assertTrue(closed.close(), "the thread ended");
        assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(5), "close returns promptly");

        StepChannel unused = new StepChannel(control(), dir.resolve("never.sock"), TOKEN, new Object(), (c, a0, a1) -> { });
        assertTrue(unused.close(), "nobody ever connected: closing still ends its thread");
        assertFalse(Files.exists(dir.resolve("never.sock")));
    }

    @Test
    void closingWhileACommandRunsWaitsForItAndNothingIsAnsweredAfter() throws Exception {
        ByteBuffer control = control();
        Path socket = dir.resolve("r.sock");
        Object lock = new Object();
        java.util.concurrent.CountDownLatch running = new java.util.concurrent.CountDownLatch(1);
        StepChannel channel = new StepChannel(control, socket, TOKEN, lock, (c, a0, a1) -> {
            running.countDown();
            try {
                Thread.sleep(300);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        Client client = new Client(control, connect(socket, TOKEN));
        client.set(StepChannel.REQUEST, 1);
        running.await();
        // as a handle closes: the channel first (no lock held), then its own close under the lock
        assertTrue(channel.close(), "close waited for the command and the thread ended");
        synchronized (lock) {
            assertEquals(1L, client.get(StepChannel.ANSWER), "the running command was answered");
        }
        client.set(StepChannel.REQUEST, 2);
        Thread.sleep(50);
        assertEquals(1L, client.get(StepChannel.ANSWER), "nothing is served after close");
    }
}
