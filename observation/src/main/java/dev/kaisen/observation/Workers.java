package dev.kaisen.observation;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * A fixed team of worker threads that run one job split into contiguous chunks, with the
 * calling thread taking the first chunk. Built for the vectorized env's step, which is short
 * and frequent: workers spin briefly for the next job before parking, because waking a
 * parked thread costs tens of microseconds on small virtual machines.
 */
public final class Workers implements AutoCloseable {
    /** Work on items {@code [from, to)}; {@code worker} is 0 for the caller, 1.. for the team. */
    public interface Chunk {
        void run(int from, int to, int worker);
    }

    /**
     * How long an idle worker spins before parking (system property {@code kaisen.spinMicros},
     * default 500). Long enough to bridge the gap between two steps driven from Python, so the
     * next step does not pay a wake-up; at most this much CPU is spent per step when the caller
     * is slow.
     */
    private static final long SPIN_NANOS = 1000L * Long.getLong("kaisen.spinMicros", 500L);

    private final int size;
    private final Thread[] team;
    private final AtomicInteger pending = new AtomicInteger();
    private final AtomicReference<Throwable> failure = new AtomicReference<>();
    private volatile long generation;
    private volatile Chunk job;
    private volatile int items;
    private volatile boolean closed;

    /** @param size workers including the caller (1 = run everything on the caller) */
    public Workers(int size, String name) {
        if (size < 1) {
            throw new IllegalArgumentException("need at least one worker, not " + size);
        }
        this.size = size;
        this.team = new Thread[size - 1];
        for (int w = 1; w < size; w++) {
            int worker = w;
            Thread t = new Thread(() -> loop(worker), name + "-" + w);
            t.setDaemon(true);
            team[w - 1] = t;
            t.start();
        }
    }

    public int size() {
        return size;
    }

    /** Runs {@code chunk} over {@code [0, count)} split into {@link #size()} contiguous parts; returns when all are done. */
    public void run(int count, Chunk chunk) {
        if (closed) {
            throw new IllegalStateException("workers are closed");
        }
        if (size == 1) {
            chunk.run(0, count, 0);
            return;
        }
        job = chunk;
        items = count;
        failure.set(null);
        pending.set(size - 1);
        generation++;
        for (Thread t : team) {
            LockSupport.unpark(t);
        }
        try {
            runPart(0, chunk, count);
        } catch (RuntimeException | Error e) {
            failure.compareAndSet(null, e);
        }
        while (pending.get() != 0) {
            Thread.onSpinWait();
        }
        Throwable f = failure.get();
        if (f instanceof RuntimeException) {
            throw (RuntimeException) f;
        }
        if (f instanceof Error) {
            throw (Error) f;
        }
    }

    private void runPart(int worker, Chunk chunk, int count) {
        int per = (count + size - 1) / size;
        int from = Math.min(count, worker * per);
        int to = Math.min(count, from + per);
        if (from < to) {
            chunk.run(from, to, worker);
        }
    }

    private void loop(int worker) {
        long seen = 0;
        while (!closed) {
            long spinUntil = System.nanoTime() + SPIN_NANOS;
            while (generation == seen && !closed) {
                if (System.nanoTime() < spinUntil) {
                    Thread.onSpinWait();
                } else {
                    LockSupport.parkNanos(this, 1_000_000);
                }
            }
            if (closed) {
                return;
            }
            seen = generation;
            try {
                runPart(worker, job, items);
            } catch (RuntimeException | Error e) {
                failure.compareAndSet(null, e);
            } finally {
                pending.decrementAndGet();
            }
        }
    }

    @Override
    public void close() {
        closed = true;
        for (Thread t : team) {
            LockSupport.unpark(t);
        }
    }
}
