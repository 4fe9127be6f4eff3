package dev.kaisen.observation;

import dev.kaisen.env.Game;
import dev.kaisen.env.GameConfig;
import dev.kaisen.env.GameState;
import dev.kaisen.env.Games;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Shared buffers are released at close, refused clearly when their file system is full, and never touched once closed. */
class SharedBufferTest {

    /** Lines of this process's memory map that map {@code file}. */
    private static long mappings(Path file) throws IOException {
        String name = file.toAbsolutePath().toString();
        return Files.readAllLines(Path.of("/proc/self/maps")).stream().filter(l -> l.contains(name)).count();
    }

    @Test
    void closeUnmapsTheFileAtOnce(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("buffers");
        BufferLayout layout = new BufferLayout().add("data", "float32", 1 << 16);
        SharedBuffer shared = new SharedBuffer(layout, file);
        shared.region("data").putFloat(0, 1.5f);
        assertEquals(1, mappings(file), "mapped while open");
        shared.close();
        assertEquals(0, mappings(file), "unmapped at close, not when the garbage collector runs");
        assertTrue(shared.isClosed());
        assertDoesNotThrow(shared::close, "close is idempotent");
    }

    @Test
    void aFullFileSystemIsAClearErrorAtCreation() {
        // /dev/full accepts the open and refuses every write with "no space left on device", as a full /dev/shm does
        BufferLayout layout = new BufferLayout().add("data", "float32", 1 << 16);
        UncheckedIOException e = assertThrows(UncheckedIOException.class,
                () -> new SharedBuffer(layout, Path.of("/dev/full")));
        assertTrue(e.getMessage().startsWith("not enough room in /dev for an env's shared buffers: 256 KiB needed"),
                e.getMessage());
        assertTrue(e.getMessage().contains("--shm-size"), e.getMessage());
    }

    @Test
    void onlyARegularFileIsRemovedWhenTheJvmExits(@TempDir Path dir) throws IOException {
        // the test above maps /dev/full: were its name scheduled for deletion, the JVM (as root)
        // would delete the device node when it exits, and the test would pass only once per machine
        assertFalse(SharedBuffer.removableAtExit(Path.of("/dev/full")), "a device");
        Path file = dir.resolve("buffers");
        new SharedBuffer(new BufferLayout().add("data", "float32", 4), file).close();
        assertTrue(SharedBuffer.removableAtExit(file), "the buffers' own file");
        Path link = Files.createSymbolicLink(dir.resolve("link"), file);
        assertFalse(SharedBuffer.removableAtExit(link), "a link");
    }

    @Test
    <S extends GameState<S>> void aClosedVectorEnvSaysSoInsteadOfTouchingItsBuffers(@TempDir Path dir) throws IOException {
        @SuppressWarnings("unchecked")
        Game<S> g = (Game<S>) Games.create("osaka", GameConfig.of(2));
        SingleEnv.Config<S> config = new SingleEnv.Config<>(g, 0, List.of("random"), RewardMode.TERMINAL);
        Path file = dir.resolve("vector");
        VectorEnv<S> vec = new VectorEnv<>(4, config, 1, 2, file);
        vec.reset();
        assertEquals(1, mappings(file));
        vec.close();
        assertEquals(0, mappings(file));
        for (Runnable call : List.<Runnable>of(vec::step, vec::reset, () -> vec.resetOne(0, 1), vec::buffer,
                () -> vec.region("rewards"), () -> vec.step(new int[4]))) {
            IllegalStateException e = assertThrows(IllegalStateException.class, call::run);
            assertEquals("this vector env is closed; create a new one", e.getMessage());
        }
        assertDoesNotThrow(vec::close);
        assertFalse(Files.size(file) == 0, "the file was written in full before it was mapped");
    }
}
