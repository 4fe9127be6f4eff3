package dev.kaisen.training.exit;

import dev.kaisen.env.UserFiles;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;

/**
 * Expert iteration's replay buffer: a ring of the last {@code capacity} decisions, each the
 * acting player's observation, the legal mask, the search's visit distribution and the player's
 * win share.
 *
 * <p>The file ({@link #write}, {@link #read}) holds the ring as it is (slots in storage order,
 * the next write's slot and the fill), so a resumed run samples exactly what the uninterrupted
 * one would: a header ({@value #MAGIC}, then obsSize, actions, capacity, head and size as
 * little-endian ints), then the first {@code size} slots' observations, masks, targets and values
 * (floats little-endian, masks as bytes). It is written to a temporary file and renamed.
 */
final class ReplayBuffer {
    static final String MAGIC = "KAISEN-REPLAY-1\n";
    private static final int HEADER_BYTES = MAGIC.length() + 5 * Integer.BYTES;
    /** Values per write: the file is written and read in slices of this many values, not one array of the whole. */
    private static final int SLICE = 1 << 18;

    private final int obsSize;
    private final int actions;
    private final int capacity;
    private final float[] obs;
    private final byte[] mask;
    private final float[] target;
    private final float[] value;
    private int head;
    private int size;

    ReplayBuffer(int obsSize, int actions, int capacity) {
        if (obsSize < 1 || actions < 1 || capacity < 1) {
            throw new IllegalArgumentException("a replay buffer needs positive sizes, not " + obsSize + " inputs, "
                    + actions + " actions, " + capacity + " decisions");
        }
        this.obsSize = obsSize;
        this.actions = actions;
        this.capacity = capacity;
        this.obs = new float[Math.multiplyExact(capacity, obsSize)];
        this.mask = new byte[Math.multiplyExact(capacity, actions)];
        this.target = new float[Math.multiplyExact(capacity, actions)];
        this.value = new float[capacity];
    }

    int size() {
        return size;
    }

    /** Stores a decision in the next slot, over the oldest once full. */
    void add(float[] observation, byte[] legal, float[] visits, float winShare) {
        System.arraycopy(observation, 0, obs, head * obsSize, obsSize);
        System.arraycopy(legal, 0, mask, head * actions, actions);
        System.arraycopy(visits, 0, target, head * actions, actions);
        value[head] = winShare;
        head = (head + 1) % capacity;
        size = Math.min(size + 1, capacity);
    }

    /** Copies slot {@code k} (below {@link #size}) into row {@code j} of a minibatch's arrays; returns its value. */
    float copy(int k, float[] obsOut, byte[] maskOut, float[] targetOut, int j) {
        System.arraycopy(obs, k * obsSize, obsOut, j * obsSize, obsSize);
        System.arraycopy(mask, k * actions, maskOut, j * actions, actions);
        System.arraycopy(target, k * actions, targetOut, j * actions, actions);
        return value[k];
    }

    /** Writes the buffer to {@code file} atomically (a temporary file beside it, then a rename). */
    void write(Path file) {
        try {
            UserFiles.writeAtomically(file, tmp -> {
                try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
                    ByteBuffer header = ByteBuffer.allocate(HEADER_BYTES).order(ByteOrder.LITTLE_ENDIAN);
                    header.put(MAGIC.getBytes(StandardCharsets.US_ASCII));
                    header.putInt(obsSize).putInt(actions).putInt(capacity).putInt(head).putInt(size).flip();
                    writeFully(ch, header);
                    ByteBuffer slice = ByteBuffer.allocate(SLICE * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
                    writeFloats(ch, slice, obs, size * obsSize);
                    for (int at = 0; at < size * actions; at += SLICE) {
                        writeFully(ch, ByteBuffer.wrap(mask, at, Math.min(SLICE, size * actions - at)));
                    }
                    writeFloats(ch, slice, target, size * actions);
                    writeFloats(ch, slice, value, size);
                    // on disk before the rename: the checkpoint that follows deletes the previous buffer
                    ch.force(true);
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write replay buffer " + file + ": " + UserFiles.why(e), e);
        }
    }

    /**
     * The buffer {@link #write} wrote to {@code file}, which must be of these sizes; a file of
     * other sizes, another format or a length that is not its header's is refused naming why.
     */
    static ReplayBuffer read(Path file, int obsSize, int actions, int capacity) {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            ByteBuffer header = ByteBuffer.allocate(HEADER_BYTES).order(ByteOrder.LITTLE_ENDIAN);
            readFully(ch, header, file);
            byte[] magic = new byte[MAGIC.length()];
            header.get(magic);
            if (!Arrays.equals(magic, MAGIC.getBytes(StandardCharsets.US_ASCII))) {
                throw new IllegalArgumentException(file + " is not a replay buffer written by this trainer");
            }
            int[] got = {header.getInt(), header.getInt(), header.getInt()};
            int head = header.getInt();
            int size = header.getInt();
            if (got[0] != obsSize || got[1] != actions || got[2] != capacity) {
                throw new IllegalArgumentException(file + " holds a buffer of " + got[2] + " decisions of " + got[0]
                        + " inputs and " + got[1] + " actions; the run's is " + capacity + " of " + obsSize + " and "
                        + actions);
            }
            if (size < 0 || size > capacity || head < 0 || head >= capacity || (size < capacity && head != size)) {
                throw new IllegalArgumentException(file + " has an impossible fill (" + size + " decisions, next slot "
                        + head + ", capacity " + capacity + ")");
            }
            long expected = HEADER_BYTES + (long) size * ((long) obsSize * Float.BYTES + actions
                    + (long) actions * Float.BYTES + Float.BYTES);
            if (ch.size() != expected) {
                throw new IllegalArgumentException(file + " is " + ch.size() + " bytes; its header says " + expected);
            }
            ReplayBuffer b = new ReplayBuffer(obsSize, actions, capacity);
            b.head = head;
            b.size = size;
            ByteBuffer slice = ByteBuffer.allocate(SLICE * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
            readFloats(ch, slice, b.obs, size * obsSize, file);
            for (int at = 0; at < size * actions; at += SLICE) {
                readFully(ch, ByteBuffer.wrap(b.mask, at, Math.min(SLICE, size * actions - at)), file);
            }
            readFloats(ch, slice, b.target, size * actions, file);
            readFloats(ch, slice, b.value, size, file);
            return b;
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read replay buffer " + file + ": " + UserFiles.why(e), e);
        }
    }

    private static void writeFloats(FileChannel ch, ByteBuffer slice, float[] values, int count) throws IOException {
        for (int at = 0; at < count; at += SLICE) {
            int n = Math.min(SLICE, count - at);
            slice.clear();
            slice.asFloatBuffer().put(values, at, n);
            slice.limit(n * Float.BYTES);
            writeFully(ch, slice);
        }
    }

    private static void readFloats(FileChannel ch, ByteBuffer slice, float[] values, int count, Path file)
            throws IOException {
        for (int at = 0; at < count; at += SLICE) {
            int n = Math.min(SLICE, count - at);
            slice.clear().limit(n * Float.BYTES);
            readFully(ch, slice, file);
            slice.asFloatBuffer().get(values, at, n);
        }
    }

    private static void writeFully(FileChannel ch, ByteBuffer b) throws IOException {
        while (b.hasRemaining()) {
            ch.write(b);
        }
    }

    /** Fills {@code b} from the channel and flips it for reading; a file that ends first is refused. */
    private static void readFully(FileChannel ch, ByteBuffer b, Path file) throws IOException {
        while (b.hasRemaining()) {
            if (ch.read(b) < 0) {
                throw new IllegalArgumentException(file + " ends before its replay buffer does");
            }
        }
        b.flip();
    }
}
