package dev.kaisen.observation;

import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * A team of worker threads that run one job split into small contiguous chunks, the calling
 * thread included. Built for the vectorized env's step, which is short and frequent, on machines
 * whose cores are shared with other work (the Python trainer, a learner's threads, other
 * programs), so that a busy machine costs speed but never collapses it:
 *
 * <ul>
 * <li>Chunks are claimed, not assigned: the caller and whichever workers are running take
 * unclaimed chunks until none is left. A worker the scheduler has not run yet claims nothing,
 * so the caller never waits for work nobody has started; it waits only for chunks a running worker
 * holds (a few microseconds, unless that worker is descheduled in the middle of one).</li>
 * <li>Each team member claims from its own block of chunks first (member w of k: the w-th k-th of
 * the items), then from the others' blocks, so that from one job to the next the same items
 * stay with the same thread, and their memory in that core's cache, unless a member came late.
 * A block's chunks shrink towards its end ({@link Split}), so that the chunks still running when
 * all are claimed, which the others wait for, are short.</li>
 * <li>Every wait is bounded: an idle worker spins for the next job at most {@link #SPIN_NANOS}
 * (adapted to how soon jobs come), yielding its core to any other runnable thread on each turn,
 * then parks; the caller waiting for chunks that workers hold spins at most
 * {@link #CALLER_SPIN_NANOS}, then parks until the last one is done. What the waits cost is
 * counted ({@link #stats()}).</li>
 * <li>The team sizes itself to what it measures ({@link TeamSizer}): the time per item of a step and
 * the gap after it at the current size is compared now and then with a neighbouring size's, and a
 * worker is kept only where it makes steps 10% faster. On a quiet machine that is the whole team;
 * where the workers cannot get a core in time it is fewer, down to the caller alone.</li>
 * </ul>
 */
public final class Workers implements AutoCloseable {
    /** Work on items {@code [from, to)}; {@code worker} is 0 for the caller, 1.. for the team. */
    public interface Chunk {
        void run(int from, int to, int worker);
    }

    /**
     * The longest an idle worker spins for the next job before parking (system property
     * {@code kaisen.spinMicros}, default 500): long enough to bridge the gap between two steps
     * driven from Python, so that the next step does not pay a wake-up. The spin adapts: a job
     * that comes while spinning after t ns makes it at least 4t, a spin that runs out halves it
     * (down to {@link #MIN_SPIN_NANOS}); one wait in 64 spins the longest, to find out whether
     * spinning pays again. Each turn of the spin yields the core to any other runnable thread.
     */
    static final long SPIN_NANOS = 1000L * Long.getLong("kaisen.spinMicros", 500L);
    /**
     * A yield that returns after this long gave the core to another runnable thread for a time
     * slice: counted apart ({@link Stats.Snapshot#workerLongYields}). Under load that thread is other
     * work; on a quiet machine it is the caller itself, when the scheduler has put the caller and a
     * worker on one core (after a sleeping thread is woken, it may be placed on its waker's core
     * while another core idles) and the worker's yields hand it the core until they are moved apart.
     */
    static final long LONG_YIELD_NANOS = 1_000_000;
    /** The shortest idle spin (where jobs never come within the spin, workers park almost at once). */
    static final long MIN_SPIN_NANOS = 2_000;
    /**
     * How long the caller spins for chunks that workers hold before it parks: about two chunks'
     * work. It does not yield: on a busy core a yield may hand the core away for a whole time
     * slice, and the chunks it waits for are nearly done unless their worker was descheduled, in
     * which case parking gives that worker the core soonest.
     */
    static final long CALLER_SPIN_NANOS = 20_000;
    /** The caller's longest park between two looks at held chunks (the last worker to finish unparks it). */
    static final long PARK_NANOS = 1_000_000;
    /** An idle worker's longest park between two looks (each job unparks the workers it wants). */
    static final long IDLE_PARK_NANOS = 50_000_000;
    /** Ints per job counter: 64 bytes, a cache line. */
    private static final int PAD = 16;
    /**
     * Sets the largest chunk: a member's block cut in this many equal chunks. With the smaller ones at
     * the block's end ({@link #TAIL_SHARE}) a member has about twice as many (17 of 256 items on two
     * members, 21 of 1,024); each claim is one atomic add on a line the member mostly has to itself.
     */
    static final int CHUNKS_PER_WORKER = 8;
    /**
     * A block's chunks shrink: none is larger than this share of what is left of it, rounded up. The
     * last chunks are what other members wait for; with equal chunks of 16 envs the caller waited
     * about 6 us in most steps of 256 multi-agent envs, a twentieth of the step.
     */
    static final int TAIL_SHARE = 4;

    /**
     * How a job of {@code items} items is split among {@code team} members: member w's block is
     * {@code [w * items / team, (w + 1) * items / team)}, cut into chunks of at most {@code per}
     * items, each at most a {@link #TAIL_SHARE}th of what is left of the block (rounded up).
     */
    static final class Split {
        final int items;
        final int team;
        /** Chunk c is items {@code [start[c], start[c + 1])}. */
        final int[] start;
        /** Member w's chunks are {@code [blockStart[w], blockStart[w + 1])}. */
        final int[] blockStart;

        Split(int items, int team) {
            if (items < 0 || team < 1) {
                throw new IllegalArgumentException("cannot split " + items + " items among " + team);
            }
            this.items = items;
            this.team = team;
            int per = Math.max(1, ceil(items, (long) team * CHUNKS_PER_WORKER));
            // two passes: count the chunks, then cut them
            blockStart = new int[team + 1];
            for (int w = 0; w < team; w++) {
                blockStart[w + 1] = blockStart[w] + cut(blockFrom(w), blockFrom(w + 1), per, null, 0);
            }
            start = new int[blockStart[team] + 1];
            for (int w = 0; w < team; w++) {
                cut(blockFrom(w), blockFrom(w + 1), per, start, blockStart[w]);
            }
            start[blockStart[team]] = items;
        }

        private int blockFrom(int w) { // where member w's block starts (w = team: the end)
            return (int) ((long) items * w / team);
        }

        /** Cuts {@code [from, to)} into chunks, their starts written from {@code out[at]} (if not null); how many. */
        private static int cut(int from, int to, int per, int[] out, int at) {
            int n = 0;
            for (int x = from; x < to; n++) {
                if (out != null) {
                    out[at + n] = x;
                }
                x += Math.min(per, ceil(to - x, TAIL_SHARE));
            }
            return n;
        }

        /** {@code x / d} rounded up, for x >= 0 and d >= 1, without overflow. */
        private static int ceil(long x, long d) {
            return (int) ((x + d - 1) / d);
        }

        int chunks() {
            return start.length - 1;
        }
    }

    /** One job: what to run, how it is split, and how far it has got. */
    private static final class Job {
        final Chunk chunk;
        final Split split;
        final int chunks;
        final int team;
        /**
         * Per team member w: the next unclaimed chunk of its block at {@code w * PAD} (each counter on
         * a cache line of its own, as members claim at the same time); at {@code team * PAD} the
         * chunks done, counted by each member when it has no more to claim.
         */
        final AtomicIntegerArray counters;
        final AtomicReference<Throwable> failure = new AtomicReference<>();

        Job(Chunk chunk, Split split) {
            this.chunk = chunk;
            this.split = split;
            this.team = split.team;
            this.chunks = split.chunks();
            this.counters = new AtomicIntegerArray((team + 1) * PAD);
            for (int w = 0; w < team; w++) {
                counters.set(w * PAD, split.blockStart[w]);
            }
        }

        int done() {
            return counters.get(team * PAD);
        }
    }

    private final int size;
    private final Thread[] team;
    private final TeamSizer sizer;
    private final Stats stats = new Stats();
    private volatile Job current;
    /** The last job's split (steps of one env come with the same count, mostly at the same team size). */
    private Split lastSplit;
    private volatile Thread waiter;
    private volatile boolean closed;

    /**
     * @param size workers including the caller (1 = run everything on the caller); the team sizes
     *             itself unless the system property {@code kaisen.teamSizing} is false (read here)
     */
    public Workers(int size, String name) {
        this(size, name, Boolean.parseBoolean(System.getProperty("kaisen.teamSizing", "true")));
    }

    /**
     * @param size     workers including the caller (1 = run everything on the caller)
     * @param adaptive whether the team sizes itself ({@link TeamSizer}); false: every job uses all {@code size}
     */
    public Workers(int size, String name, boolean adaptive) {
        if (size < 1) {
            throw new IllegalArgumentException("need at least one worker, not " + size);
        }
        this.size = size;
        this.sizer = new TeamSizer(size, adaptive);
        this.team = new Thread[size - 1];
        for (int w = 1; w < size; w++) {
            int worker = w;
            Thread t = new Thread(() -> loop(worker), name + "-" + w);
            t.setDaemon(true);
            team[w - 1] = t;
            t.start();
        }
    }

    /** The most workers a job may use, the caller included. */
    public int size() {
        return size;
    }

    /** Workers the next job will use, the caller included (what the team has measured fastest so far). */
    public int active() {
        return sizer.active();
    }

    /** What the waits have cost so far (a snapshot). */
    public Stats.Snapshot stats() {
        return stats.snapshot(sizer);
    }

    /**
     * Runs {@code chunk} over {@code [0, count)} split among the team; returns when all is done. Calls
     * are not to overlap: one at a time, each after the last has returned (the envs call it under
     * their monitor).
     */
    public void run(int count, Chunk chunk) {
        if (closed) {
            throw new IllegalStateException("workers are closed");
        }
        if (count <= 0) {
            return;
        }
        long start = System.nanoTime();
        int k = Math.min(sizer.begin(start), count);
        if (k == 1) {
            chunk.run(0, count, 0);
            sizer.end(1, start, System.nanoTime(), count);
            return;
        }
        Split split = lastSplit;
        if (split == null || split.items != count || split.team != k) {
            split = new Split(count, k);
            lastSplit = split;
        }
        Job job = new Job(chunk, split);
        current = job;
        for (int w = 1; w < k; w++) {
            LockSupport.unpark(team[w - 1]);
        }
        work(job, 0);
        if (job.done() < job.chunks) {
            awaitDone(job);
        }
        sizer.end(k, start, System.nanoTime(), count);
        Throwable f = job.failure.get();
        if (f instanceof RuntimeException) {
            throw (RuntimeException) f;
        }
        if (f instanceof Error) {
            throw (Error) f;
        }
        if (f != null) {
            throw new IllegalStateException("a chunk failed", f); // a checked exception thrown where none is declared
        }
    }

    /**
     * Claims and runs chunks of {@code job} until none is left unclaimed, its own block's first, then
     * the next members' in turn; then counts the chunks it ran as done, all at once (a count per
     * chunk, on a line every member writes, took that line from core to core for each chunk), and
     * wakes the caller if they were the last; how many it ran.
     */
    private int work(Job job, int worker) {
        int ran = 0;
        for (int b = 0; b < job.team; b++) {
            int block = (worker + b) % job.team;
            int at = block * PAD;
            int end = job.split.blockStart[block + 1];
            int c;
            while (job.counters.get(at) < end && (c = job.counters.getAndIncrement(at)) < end) {
                runChunk(job, c, worker);
                ran++;
            }
        }
        if (ran > 0 && job.counters.addAndGet(job.team * PAD, ran) == job.chunks && worker != 0) {
            Thread w = waiter;
            if (w != null) {
                LockSupport.unpark(w);
            }
        }
        return ran;
    }

    /** Runs chunk {@code c} of {@code job} (a failure is kept for the caller). */
    private void runChunk(Job job, int c, int worker) {
        try {
            job.chunk.run(job.split.start[c], job.split.start[c + 1], worker);
        } catch (Throwable e) {
            job.failure.compareAndSet(null, e); // whatever it is: the member goes on and counts the chunk as done
        }
    }

    /** The caller's wait for chunks that workers hold: a short spin, then parks until the last is done. */
    private void awaitDone(Job job) {
        long start = System.nanoTime();
        long spinUntil = start + CALLER_SPIN_NANOS;
        long parks = 0;
        while (job.done() < job.chunks) {
            // spinning first; no Thread.onSpinWait(): under a hypervisor, PAUSE in a loop may deschedule the virtual CPU
            if (System.nanoTime() >= spinUntil) {
                waiter = Thread.currentThread();
                if (job.done() < job.chunks) {
                    LockSupport.parkNanos(this, PARK_NANOS);
                    parks++;
                }
                waiter = null;
            }
        }
        stats.callerWaited(System.nanoTime() - start, parks);
    }

    private void loop(int worker) {
        Job seen = null;
        long spinNanos = SPIN_NANOS;
        long waits = 0;
        while (true) {
            // wait for a job this worker is part of: a yielding spin, then parks
            long start = System.nanoTime();
            long spinUntil = start + (++waits % 64 == 0 ? SPIN_NANOS : spinNanos);
            long yields = 0;
            long longYields = 0;
            long longYieldNanos = 0;
            long parks = 0;
            Job job;
            while (true) {
                if (closed) {
                    return;
                }
                job = current;
                if (job != seen && worker < job.team) {
                    break;
                }
                if (job != seen) {
                    seen = job; // a job without this worker: it keeps waiting, it will be unparked when wanted
                }
                long now = System.nanoTime();
                if (now < spinUntil) {
                    Thread.yield();
                    yields++;
                    long back = System.nanoTime() - now;
                    if (back >= LONG_YIELD_NANOS) {
                        longYields++;
                        longYieldNanos += back;
                    }
                } else {
                    LockSupport.parkNanos(this, IDLE_PARK_NANOS);
                    parks++;
                }
            }
            long waited = System.nanoTime() - start;
            if (parks == 0) {
                spinNanos = Math.min(SPIN_NANOS, Math.max(spinNanos, 4 * waited));
            } else {
                spinNanos = Math.max(MIN_SPIN_NANOS, spinNanos / 2);
            }
            seen = job;
            int ran = work(job, worker);
            stats.workerWaited(waited, yields, longYields, longYieldNanos, parks, ran > 0);
        }
    }

    @Override
    public void close() {
        closed = true;
        for (Thread t : team) {
            LockSupport.unpark(t);
        }
    }

    /** What waiting has cost, summed over the team (the caller's waits for held chunks, the workers' for jobs). */
    public static final class Stats {
        private long jobs;
        private long callerWaitNanos;
        private long callerWaits;
        private long callerParks;
        private long workerWaitNanos;
        private long workerYields;
        private long workerLongYields;
        private long workerLongYieldNanos;
        private long workerParks;
        private long workerJobs;
        private long workerLate;

        synchronized void callerWaited(long nanos, long parks) {
            callerWaitNanos += nanos;
            callerWaits++;
            callerParks += parks;
        }

        synchronized void workerWaited(long nanos, long yields, long longYields, long longYieldNanos, long parks,
                                       boolean gotWork) {
            workerWaitNanos += nanos;
            workerYields += yields;
            workerLongYields += longYields;
            workerLongYieldNanos += longYieldNanos;
            workerParks += parks;
            workerJobs++;
            if (!gotWork) {
                workerLate++;
            }
        }

        synchronized Snapshot snapshot(TeamSizer sizer) {
            return new Snapshot(sizer.jobsBySize(), sizer.nanosPerItem(), sizer.active(), callerWaitNanos,
                    callerWaits, callerParks, workerWaitNanos, workerYields, workerLongYields, workerLongYieldNanos,
                    workerParks, workerJobs, workerLate);
        }

        /**
         * @param jobsBySize       jobs run with each team size (index: workers, the caller included)
         * @param nanosPerItem     the last measured wall time per item of each team size (NaN: never measured)
         * @param active           the team size now used
         * @param callerWaitNanos  time the caller waited for chunks that workers held
         * @param callerWaits      jobs in which it waited
         * @param callerParks      parks in those waits
         * @param workerWaitNanos  time the workers waited for jobs (spinning or parked)
         * @param workerYields     turns of the workers' spins (each yields the core)
         * @param workerLongYields of those, yields that returned after {@link #LONG_YIELD_NANOS} or more
         *                         (the core went to another thread for a time slice)
         * @param workerLongYieldNanos the time those took
         * @param workerParks      parks of the workers
         * @param workerJobs       jobs the workers joined
         * @param workerLate       of those, jobs whose chunks were all claimed before the worker came
         */
        public record Snapshot(long[] jobsBySize, double[] nanosPerItem, int active, long callerWaitNanos,
                               long callerWaits, long callerParks, long workerWaitNanos, long workerYields,
                               long workerLongYields, long workerLongYieldNanos, long workerParks, long workerJobs,
                               long workerLate) {
            /** As a map for JSON: the team size now, the share of jobs by team size, the waits in ms and counts. */
            public java.util.Map<String, Object> toMap() {
                java.util.Map<String, Object> m = new java.util.LinkedHashMap<>();
                m.put("active", active);
                java.util.Map<String, Long> jobs = new java.util.LinkedHashMap<>();
                for (int k = 1; k < jobsBySize.length; k++) {
                    jobs.put(Integer.toString(k), jobsBySize[k]);
                }
                m.put("jobsByTeamSize", jobs);
                m.put("callerWaitMillis", Math.round(callerWaitNanos / 1e6));
                m.put("callerWaits", callerWaits);
                m.put("callerParks", callerParks);
                m.put("workerWaitMillis", Math.round(workerWaitNanos / 1e6));
                m.put("workerYields", workerYields);
                m.put("workerLongYields", workerLongYields);
                m.put("workerLongYieldMillis", Math.round(workerLongYieldNanos / 1e6));
                m.put("workerParks", workerParks);
                m.put("workerJobs", workerJobs);
                m.put("workerJobsLate", workerLate);
                return m;
            }

            /** One line: the team size now, the share of jobs by team size, what the waits cost. */
            @Override
            public String toString() {
                long total = java.util.Arrays.stream(jobsBySize).sum();
                StringBuilder jobs = new StringBuilder();
                for (int k = 1; k < jobsBySize.length; k++) {
                    jobs.append(k == 1 ? "" : ", ").append(k).append(": ")
                            .append(Math.round(100.0 * jobsBySize[k] / Math.max(1, total))).append('%');
                }
                return String.format("team of %d now; jobs by team size %s; the caller waited %.0f ms for chunks "
                                + "workers held (%d waits, %d parks); workers waited %.0f ms for jobs (%d yields, %d of "
                                + "them over 1 ms: %.0f ms; %d parks), too late for %d of %d jobs", active, jobs,
                        callerWaitNanos / 1e6, callerWaits, callerParks, workerWaitNanos / 1e6, workerYields,
                        workerLongYields, workerLongYieldNanos / 1e6, workerParks, workerLate, workerJobs);
            }
        }
    }
}
