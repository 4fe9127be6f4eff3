package dev.kaisen.observation;

import dev.kaisen.env.GameState;
import dev.kaisen.env.SplitMix64;

import java.nio.ByteBuffer;
import java.nio.file.Path;

/**
 * What {@link VectorEnv} and {@link MultiAgentVectorEnv} share: the shared buffer of a layout,
 * the worker team that splits a step across cores, and the per-env seed streams (env i's
 * episode k is dealt from {@code derive(derive(baseSeed, i), k)}, so results do not depend on
 * the thread count). Every buffer access after {@link #close} says the env is closed.
 *
 * @param <S> the game's state type
 */
public abstract class AbstractBatchedEnv<S extends GameState<S>> implements BatchedEnv<S> {
    /** Below this many envs per worker, splitting across threads costs more than it saves. */
    private static final int MIN_ENVS_PER_THREAD = 32;
    /**
     * Bytes kept unused between two workers' slices of a scratch array, and at its ends: two cache
     * lines (what a core's adjacent-line prefetcher fetches together).
     */
    private static final int SCRATCH_GAP_BYTES = 128;

    private final int numEnvs;
    private final BufferLayout layout;
    private final SharedBuffer shared;
    private final long[] envSeeds;
    private final long[] episodes;
    private long baseSeed;
    private final int threads;
    private final Workers workers;
    /** Actions per env: the masks region's second dimension. */
    private final int numActions;
    /** Longs per env in {@link #legal}. */
    private final int legalWords;
    /** Each env's last mask as bits ({@link #keepMask}): env i's at {@code [i * legalWords, (i + 1) * legalWords)}. */
    private final long[] legal;
    private static final java.lang.invoke.VarHandle LONGS =
            java.lang.invoke.MethodHandles.byteArrayViewVarHandle(long[].class, java.nio.ByteOrder.LITTLE_ENDIAN);

    /**
     * @param file    where to memory-map the buffers (e.g. under /dev/shm), or null for a direct buffer
     * @param threads worker threads wanted (fewer are used when the envs are too few to split)
     * @param name    the worker threads' name
     */
    protected AbstractBatchedEnv(BufferLayout layout, int numEnvs, long baseSeed, int threads, Path file,
                                 String name) {
        if (numEnvs < 1) {
            throw new IllegalArgumentException("a vector env needs at least one env");
        }
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, not " + threads);
        }
        this.numEnvs = numEnvs;
        this.layout = layout;
        this.envSeeds = new long[numEnvs];
        this.episodes = new long[numEnvs];
        reseed(baseSeed);
        this.shared = new SharedBuffer(layout, file);
        this.threads = Math.max(1, Math.min(threads, numEnvs / MIN_ENVS_PER_THREAD));
        this.workers = new Workers(this.threads, name);
        this.numActions = layout.region("masks").shape().get(1);
        this.legalWords = (numActions + 63) / 64;
        this.legal = new long[numEnvs * legalWords];
    }

    @Override
    public BufferLayout layout() {
        return layout;
    }

    public synchronized ByteBuffer buffer() {
        ensureOpen();
        return shared.buffer();
    }

    /** A little-endian view of one region of the buffer (names: the subclass's layout). */
    @Override
    public synchronized ByteBuffer region(String name) {
        ensureOpen();
        return shared.region(name);
    }

    /** After {@link #close} the buffers are unmapped: every call that would touch them says so instead. */
    protected final void ensureOpen() {
        if (shared.isClosed()) {
            throw new IllegalStateException("this vector env is closed; create a new one");
        }
    }

    @Override
    public int numEnvs() {
        return numEnvs;
    }

    /** Worker threads actually used (1 when the envs are too few to split). */
    @Override
    public int threads() {
        return threads;
    }

    @Override
    public Workers.Stats.Snapshot workerStats() {
        return workers.stats();
    }

    /** Sets a new base seed and restarts the episode counts: the next {@link #reset} starts episode 0 of each env. */
    @Override
    public synchronized void reseed(long baseSeed) {
        this.baseSeed = baseSeed;
        for (int i = 0; i < numEnvs; i++) {
            envSeeds[i] = SplitMix64.derive(baseSeed, i);
        }
        java.util.Arrays.fill(episodes, 0);
    }

    public long baseSeed() {
        return baseSeed;
    }

    /** The seed of env i's next episode from its stream (and counts that episode). */
    protected final long nextSeed(int i) {
        return SplitMix64.derive(envSeeds[i], episodes[i]++);
    }

    protected final void checkIndex(int i) {
        if (i < 0 || i >= numEnvs) {
            throw new IllegalArgumentException("env index " + i + " out of range 0.." + (numEnvs - 1));
        }
    }

    /** Copies {@code actionIds} into the actions region, then steps. */
    public synchronized void step(int[] actionIds) {
        ensureOpen();
        if (actionIds.length != numEnvs) {
            throw new IllegalArgumentException("need one action per env: " + numEnvs + " envs, " + actionIds.length
                    + " actions");
        }
        shared.region("actions").asIntBuffer().put(0, actionIds);
        step();
    }

    /** Env i itself (for reading; stepping it directly bypasses the buffers and the masks kept for the step's check). */
    public abstract RecordedEnv<S> env(int i);

    @Override
    public synchronized S state(int i) {
        checkIndex(i);
        return env(i).state();
    }

    @Override
    public synchronized EnvInfo info(int i) {
        checkIndex(i);
        return env(i).info();
    }

    @Override
    public synchronized void recording(boolean on) {
        for (int i = 0; i < numEnvs; i++) {
            env(i).recording(on);
        }
    }

    @Override
    public synchronized dev.kaisen.env.GameRecord record(int i) {
        checkIndex(i);
        return env(i).record();
    }

    /**
     * Checks every env before a step, on the caller's thread: throws {@code problem} of the lowest
     * env {@code ok} refuses. Callers ask {@link #allowed} first, which reads only the kept masks
     * (a few bytes per env), and the env itself only where that says no (an action its mask does
     * not allow, which may still be taken, e.g. under {@link IllegalActionMode#LOSE}; or no mask yet).
     * A check split across the workers, as the step is, was a second job per step, and took the
     * state of the envs a late worker had not checked to the caller's core, and back for the step.
     */
    protected final void checkAll(java.util.function.IntPredicate ok,
                                  java.util.function.IntFunction<RuntimeException> problem) {
        for (int i = 0; i < numEnvs; i++) {
            if (!ok.test(i)) {
                throw problem.apply(i);
            }
        }
    }

    /**
     * Keeps env i's mask, just written ({@link #numActions} bytes of 0 and 1 from {@code offset}), as
     * bits for {@link #allowed}. Subclasses keep every mask they write: an action the kept bits
     * allow is stepped without asking the env (before an env's first mask its bits are zero, and the
     * env is asked).
     */
    protected final void keepMask(int i, byte[] mask, int offset) {
        int base = i * legalWords;
        int a = 0;
        for (int w = 0; w < legalWords; w++) {
            int end = Math.min(numActions, a + 64);
            long bits = 0;
            for (; a + 8 <= end; a += 8) {
                // eight bytes of 0 or 1 to eight bits, byte k to bit k
                long x = (long) LONGS.get(mask, offset + a);
                bits |= ((x * 0x0102040810204080L) >>> 56) << (a & 63);
            }
            for (; a < end; a++) {
                if (mask[offset + a] != 0) {
                    bits |= 1L << (a & 63);
                }
            }
            legal[base + w] = bits;
        }
    }

    /** Whether env i's last kept mask ({@link #keepMask}) allows {@code action}. */
    protected final boolean allowed(int i, int action) {
        return action >= 0 && action < numActions && (legal[i * legalWords + (action >>> 6)] & (1L << action)) != 0;
    }

    /**
     * The length of a scratch array with one slice of {@code length} elements per worker, each slice
     * at {@link #scratchAt}. Workers write their slices on every env they step; had each its own small
     * array, allocated one after another, the arrays would share cache lines (a reward array of two
     * seats is 24 bytes), and every write by one core would take the line from the others. On the
     * 2-core machine the difference was within the noise; the more workers, the more of them would share.
     */
    protected final int scratchLength(int length, int elementBytes) {
        return scratchAt(threads, length, elementBytes);
    }

    /** Where worker {@code worker}'s slice of {@code length} elements starts in a {@link #scratchLength} array. */
    protected static int scratchAt(int worker, int length, int elementBytes) {
        int gap = SCRATCH_GAP_BYTES / elementBytes;
        return gap + worker * (length + gap);
    }

    /**
     * Runs {@code chunk} over every env, split across the workers. A chunk that fails may have
     * changed an env without writing its mask, so every kept mask is forgotten then (until each env
     * writes its next one, its actions are checked on its state).
     */
    protected final void run(Workers.Chunk chunk) {
        try {
            workers.run(numEnvs, chunk);
        } catch (RuntimeException | Error e) {
            java.util.Arrays.fill(legal, 0L);
            throw e;
        }
    }

    /** Forgets env i's kept mask, before a change of env i that may fail before it writes the next one. */
    protected final void forgetMask(int i) {
        java.util.Arrays.fill(legal, i * legalWords, (i + 1) * legalWords, 0L);
    }

    /** Stops the workers and unmaps the buffers (after a call in progress has ended). Idempotent. */
    @Override
    public synchronized void close() {
        workers.close();
        shared.close();
    }
}
