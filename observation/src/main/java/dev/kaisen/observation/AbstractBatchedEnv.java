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

    private final int numEnvs;
    private final BufferLayout layout;
    private final SharedBuffer shared;
    private final long[] envSeeds;
    private final long[] episodes;
    private long baseSeed;
    private final int threads;
    private final Workers workers;

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

    /** Env i itself (for reading; stepping it directly bypasses the buffers). */
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
     * Checks every env before a step, split across the workers as the step is (so an env's state
     * is read where it will be stepped, and the check is not a serial part of the step): throws
     * {@code problem} of the lowest env {@code ok} refuses, the same one whatever the thread count.
     */
    protected final void checkAll(java.util.function.IntPredicate ok,
                                  java.util.function.IntFunction<RuntimeException> problem) {
        java.util.concurrent.atomic.AtomicInteger first = new java.util.concurrent.atomic.AtomicInteger(numEnvs);
        workers.run(numEnvs, (from, to, worker) -> {
            for (int i = from; i < to; i++) {
                if (!ok.test(i)) {
                    first.accumulateAndGet(i, Math::min);
                    return;
                }
            }
        });
        if (first.get() < numEnvs) {
            throw problem.apply(first.get());
        }
    }

    /** Runs {@code chunk} over every env, split across the workers. */
    protected final void run(Workers.Chunk chunk) {
        workers.run(numEnvs, chunk);
    }

    /** Stops the workers and unmaps the buffers (after a call in progress has ended). Idempotent. */
    @Override
    public synchronized void close() {
        workers.close();
        shared.close();
    }
}
