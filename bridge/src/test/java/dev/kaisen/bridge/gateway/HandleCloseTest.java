package dev.kaisen.bridge.gateway;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A handle closed while its step channel runs a long command: the command ends first, then the buffers go. */
class HandleCloseTest {
    private static final VarHandle LONGS = MethodHandles.byteBufferViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    @TempDir
    Path dir;

    @Test
    void closingAVectorHandleDuringASlowResetWaitsForItAndThenRefusesCalls() throws Exception {
        Path file = dir.resolve("env.buf");
        // the learner sits second: a reset plays the search opponent's first move, which takes a while
        VectorHandle handle = new KaisenGateway().newVectorEnv("osaka", "{\"players\": 2}", 1, 1, "ismcts:20000",
                "terminal", "information_state", "raise", 1, 1, false, file.toString());
        Path socket = dir.resolve("env.sock");
        handle.openChannel(socket.toString(), "token");
        MappedByteBuffer mapped;
        try (FileChannel f = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            mapped = f.map(FileChannel.MapMode.READ_WRITE, 0, f.size());
        }
        ByteBuffer control = mapped.slice(0, StepChannel.SLOTS * 8).order(ByteOrder.LITTLE_ENDIAN);
        try (SocketChannel client = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            client.connect(UnixDomainSocketAddress.of(socket));
            client.write(ByteBuffer.wrap("token".getBytes(StandardCharsets.UTF_8)));
            LONGS.setVolatile(control, StepChannel.COMMAND * 8, (long) VectorHandle.RESET_ONE);
            LONGS.setVolatile(control, StepChannel.ARG0 * 8, 0L);
            LONGS.setVolatile(control, StepChannel.ARG1 * 8, 5L);
            LONGS.setVolatile(control, StepChannel.REQUEST * 8, 1L);
            client.write(ByteBuffer.wrap(new byte[] {1})); // in case the channel already sleeps
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while ((long) LONGS.getVolatile(control, StepChannel.JAVA_SLEEPS * 8) != 0
                    || (long) LONGS.getVolatile(control, StepChannel.REQUEST * 8) != 1) {
                assertTrue(System.nanoTime() < deadline, "the channel took the request");
            }
            Thread.sleep(20); // the reset is running now (it takes far longer)
            assertEquals(0L, (long) LONGS.getVolatile(control, StepChannel.ANSWER * 8), "the slow reset is still running");
            handle.close();
            assertEquals(1L, (long) LONGS.getVolatile(control, StepChannel.ANSWER * 8),
                    "close returned only after the running reset was answered");
            IllegalStateException closed = assertThrows(IllegalStateException.class, () -> handle.resetOne(0, 1));
            assertTrue(closed.getMessage().contains("closed"), closed.getMessage());
        }
    }
}
