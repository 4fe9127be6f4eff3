package dev.kaisen.observation;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The little-endian buffer behind a {@link BufferLayout}: a direct buffer, or a file mapped
 * read-write (e.g. under /dev/shm) so another process can map the same bytes.
 */
public final class SharedBuffer implements AutoCloseable {
    private final BufferLayout layout;
    private final ByteBuffer buffer;
    private final FileChannel channel;

    /** @param file the file to create and map, or null for a direct buffer */
    public SharedBuffer(BufferLayout layout, Path file) {
        this.layout = layout;
        if (file == null) {
            channel = null;
            buffer = ByteBuffer.allocateDirect(layout.size());
        } else {
            try {
                channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
                        StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING);
                buffer = channel.map(FileChannel.MapMode.READ_WRITE, 0, layout.size());
            } catch (IOException e) {
                throw new UncheckedIOException("cannot map shared buffers to " + file + ": " + e.getMessage(), e);
            }
        }
        buffer.order(ByteOrder.LITTLE_ENDIAN);
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

    @Override
    public void close() {
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
