package dev.kaisen.observation;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The little-endian buffer behind a {@link BufferLayout}: a direct buffer, or a file mapped
 * read-write (e.g. under /dev/shm) so another process can map the same bytes.
 *
 * <p>A mapped file is written with zeros before it is mapped, so a full file system (a small
 * /dev/shm, such as Docker's 64 MB default) is a clear error at creation rather than a fault at
 * the first write; and {@link #close} unmaps it at once instead of leaving the memory to the
 * garbage collector. After {@code close}, nothing may touch the buffer or its regions (the
 * owners check that they are open first).
 */
public final class SharedBuffer implements AutoCloseable {
    private final BufferLayout layout;
    private final ByteBuffer buffer;
    private final FileChannel channel;
    private boolean closed;

    /** @param file the file to create and map, or null for a direct buffer */
    public SharedBuffer(BufferLayout layout, Path file) {
        this.layout = layout;
        if (file == null) {
            channel = null;
            buffer = ByteBuffer.allocateDirect(layout.size());
        } else {
            FileChannel opened = null;
            try {
                opened = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
                        StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING);
                fill(opened, layout.size(), file);
                buffer = opened.map(FileChannel.MapMode.READ_WRITE, 0, layout.size());
                channel = opened;
                // the other side unlinks the name once it has mapped the file; should it die before
                // that, the name goes when this JVM exits (it exits with its parent process)
                if (removableAtExit(file)) {
                    file.toFile().deleteOnExit();
                }
            } catch (IOException | RuntimeException e) {
                if (opened != null) {
                    try {
                        opened.close();
                    } catch (IOException ignored) {
                        // the first error is the one to report
                    }
                }
                if (e instanceof UncheckedIOException u) {
                    throw u;
                }
                throw new UncheckedIOException("cannot map shared buffers to " + file + ": " + e.getMessage(),
                        e instanceof IOException io ? io : new IOException(e));
            }
        }
        buffer.order(ByteOrder.LITTLE_ENDIAN);
    }

    /**
     * Whether {@code file} may be removed when this JVM exits: only a regular file (the buffers
     * this constructor filled), never a device or a link. A test maps {@code /dev/full}, and
     * scheduling that name for deletion deleted the device node when the test JVM (as root) exited.
     */
    static boolean removableAtExit(Path file) {
        return Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS);
    }

    public BufferLayout layout() {
        return layout;
    }

    public ByteBuffer buffer() {
        return buffer;
    }

    /** A little-endian view of one region. */
    public ByteBuffer region(String name) {
        BufferLayout.Region r = layout.region(name);
        return buffer.slice(r.offset(), r.bytes()).order(ByteOrder.LITTLE_ENDIAN);
    }

    /** Writes {@code size} zero bytes, so that the file system reserves them now; a full one is named. */
    private static void fill(FileChannel channel, long size, Path file) throws IOException {
        ByteBuffer zeros = ByteBuffer.allocate((int) Math.min(size, 1 << 16));
        long written = 0;
        try {
            while (written < size) {
                zeros.clear().limit((int) Math.min(zeros.capacity(), size - written));
                written += channel.write(zeros, written);
            }
        } catch (IOException e) {
            Path dir = file.toAbsolutePath().getParent();
            long free = -1;
            try {
                free = Files.getFileStore(dir).getUsableSpace();
            } catch (IOException ignored) {
                // the message says what is known
            }
            throw new UncheckedIOException("not enough room in " + dir + " for an env's shared buffers: "
                    + size / 1024 + " KiB needed" + (free >= 0 ? ", " + free / 1024 + " KiB free" : "")
                    + " (" + e.getMessage() + "); close other envs, use fewer envs, or give " + dir
                    + " more room (e.g. docker run --shm-size=1g)", e);
        }
    }

    /** Closes the file and unmaps it now (a direct buffer is left to the garbage collector). Idempotent. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } finally {
                unmap(buffer);
            }
        }
    }

    public boolean isClosed() {
        return closed;
    }

    /**
     * Unmaps a mapped buffer through {@code sun.misc.Unsafe.invokeCleaner} (module jdk.unsupported,
     * the JDK's supported way to release a mapping before collection); where it is missing, the
     * mapping goes with the garbage collector as before.
     */
    private static void unmap(ByteBuffer mapped) {
        try {
            Class<?> unsafeClass = Class.forName("sun.misc.Unsafe");
            Field field = unsafeClass.getDeclaredField("theUnsafe");
            field.setAccessible(true);
            unsafeClass.getMethod("invokeCleaner", ByteBuffer.class).invoke(field.get(null), mapped);
        } catch (ReflectiveOperationException | RuntimeException e) {
            // no unmapping here: the garbage collector releases it later
        }
    }
}
