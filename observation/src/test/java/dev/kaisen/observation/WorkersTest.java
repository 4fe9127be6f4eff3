package dev.kaisen.observation;

import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The worker team runs every item of a job exactly once whoever claims it, passes failures on,
 * waits boundedly (idle workers park), and sizes itself from the times it measures. No timings
 * are asserted: only what the team does.
 */
class WorkersTest {

    @Test
    void everyItemRunsExactlyOnceOnAValidWorker() {
        SplittableRandom random = new SplittableRandom(1);
        for (int size = 1; size <= 4; size++) {
            try (Workers workers = new Workers(size, "test")) {
                for (int job = 0; job < 300; job++) {
                    int count = random.nextInt(0, 400);
                    AtomicIntegerArray runs = new AtomicIntegerArray(count);
                    int team = size;
                    workers.run(count, (from, to, worker) -> {
                        assertTrue(worker >= 0 && worker < team, "worker " + worker);
                        assertTrue(0 <= from && from < to && to <= count, from + ".." + to);
                        for (int i = from; i < to; i++) {
                            runs.incrementAndGet(i);
                        }
                    });
                    for (int i = 0; i < count; i++) {
                        assertEquals(1, runs.get(i), "item " + i + " of " + count + ", team of " + size);
                    }
                }
            }
        }
    }

    @Test
    void eachMembersBlockIsCutIntoChunksThatShrinkTowardsItsEnd() {
        for (int team = 1; team <= 4; team++) {
            for (int items = 0; items <= 1100; items += items < 40 ? 1 : 37) {
                Workers.Split split = new Workers.Split(items, team);
                int per = Math.max(1, (items + team * Workers.CHUNKS_PER_WORKER - 1)
                        / (team * Workers.CHUNKS_PER_WORKER));
                assertEquals(0, split.start[0]);
                assertEquals(items, split.start[split.chunks()]);
                assertEquals(split.chunks(), split.blockStart[team]);
                for (int w = 0; w < team; w++) {
                    int blockEnd = (int) ((long) items * (w + 1) / team);
                    assertEquals((long) items * w / team, split.start[split.blockStart[w]], "block " + w + " starts");
                    assertEquals(blockEnd, split.start[split.blockStart[w + 1]], "block " + w + " ends");
                    int last = per;
                    for (int c = split.blockStart[w]; c < split.blockStart[w + 1]; c++) {
                        int size = split.start[c + 1] - split.start[c];
                        int left = blockEnd - split.start[c];
                        assertTrue(size >= 1 && size <= last, "chunk " + c + ": " + size + " items, at most " + last);
                        assertEquals(Math.min(per, (left + Workers.TAIL_SHARE - 1) / Workers.TAIL_SHARE), size,
                                "chunk " + c + " of " + items + " items, team " + team);
                        last = size;
                    }
                    if (split.blockStart[w + 1] > split.blockStart[w]) {
                        assertEquals(1, blockEnd - split.start[split.blockStart[w + 1] - 1], "a block's last chunk");
                    }
                }
            }
        }
        // 256 envs on two: each block of 128 in five chunks of 16, then 12, 9, 7, 5, 4, 3, 2, 2, 1, 1, 1, 1
        Workers.Split split = new Workers.Split(256, 2);
        int[] sizes = new int[split.blockStart[1]];
        for (int c = 0; c < sizes.length; c++) {
            sizes[c] = split.start[c + 1] - split.start[c];
        }
        org.junit.jupiter.api.Assertions.assertArrayEquals(
                new int[] {16, 16, 16, 16, 16, 12, 9, 7, 5, 4, 3, 2, 2, 1, 1, 1, 1}, sizes);
        // a large job: the chunks are few (not one entry per item), and no sum overflows
        Workers.Split large = new Workers.Split(Integer.MAX_VALUE, 2);
        assertTrue(large.chunks() < 200, large.chunks() + " chunks");
        assertEquals(Integer.MAX_VALUE, large.start[large.chunks()]);
        assertEquals(Integer.MAX_VALUE / 2, large.start[large.blockStart[1]]);
    }

    @Test
    void aFailureIsThrownToTheCallerAfterTheJobAndTheTeamGoesOn() {
        try (Workers workers = new Workers(3, "test")) {
            IllegalStateException boom = new IllegalStateException("boom");
            AtomicIntegerArray runs = new AtomicIntegerArray(300);
            IllegalStateException thrown = assertThrows(IllegalStateException.class, () -> workers.run(300,
                    (from, to, worker) -> {
                        for (int i = from; i < to; i++) {
                            runs.incrementAndGet(i);
                        }
                        if (from == 0) {
                            throw boom;
                        }
                    }));
            assertSame(boom, thrown);
            for (int i = 0; i < 300; i++) {
                assertEquals(1, runs.get(i), "every other chunk still ran: item " + i);
            }
            AssertionError error = new AssertionError("an error");
            assertSame(error, assertThrows(AssertionError.class, () -> workers.run(300, (from, to, worker) -> {
                if (to == 300) {
                    throw error;
                }
            })));
            // a checked exception thrown where none is declared: still the caller's, after the job
            Exception checked = new java.io.IOException("checked");
            IllegalStateException wrapped = assertThrows(IllegalStateException.class, () -> workers.run(300,
                    (from, to, worker) -> {
                        if (to == 300) {
                            WorkersTest.<RuntimeException>sneaky(checked);
                        }
                    }));
            assertSame(checked, wrapped.getCause());
            int[] sum = new int[1];
            workers.run(10, (from, to, worker) -> {
                synchronized (sum) {
                    sum[0] += to - from;
                }
            });
            assertEquals(10, sum[0]);
        }
    }

    @SuppressWarnings("unchecked")
    private static <T extends Throwable> void sneaky(Throwable t) throws T {
        throw (T) t;
    }

    @Test
    void aJobEndsOnlyWhenEveryChunkHasRun() {
        // the workers' chunks are slow (each member counts its chunks as done once, when none is left
        // to claim): whatever the caller finds when run returns must all have been written
        SplittableRandom random = new SplittableRandom(2);
        for (int size = 2; size <= 4; size++) {
            try (Workers workers = new Workers(size, "test", false)) {
                for (int job = 0; job < 20; job++) {
                    int count = random.nextInt(size, 200);
                    int[] done = new int[count]; // plain writes: the job's end must publish them
                    workers.run(count, (from, to, worker) -> {
                        if (worker != 0) {
                            try {
                                Thread.sleep(1 + (from % 3));
                            } catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                            }
                        }
                        for (int i = from; i < to; i++) {
                            done[i]++;
                        }
                    });
                    for (int i = 0; i < count; i++) {
                        assertEquals(1, done[i], "item " + i + " of " + count + ", team of " + size);
                    }
                }
            }
        }
    }

    @Test
    void aClosedTeamRefusesJobs() {
        Workers workers = new Workers(2, "test");
        workers.close();
        workers.close();
        assertThrows(IllegalStateException.class, () -> workers.run(1, (from, to, worker) -> { }));
        assertThrows(IllegalArgumentException.class, () -> new Workers(0, "test"));
    }

    @Test
    void idleWorkersStopSpinningAndPark() throws InterruptedException {
        try (Workers workers = new Workers(3, "test-idle")) {
            for (int job = 0; job < 50; job++) {
                workers.run(256, (from, to, worker) -> { });
            }
            // the longest spin is bounded (SPIN_NANOS): well after it, every worker is parked
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            boolean parked = false;
            while (!parked && System.nanoTime() < deadline) {
                Thread.sleep(20);
                parked = Thread.getAllStackTraces().keySet().stream()
                        .filter(t -> t.getName().startsWith("test-idle-"))
                        .allMatch(t -> t.getState() == Thread.State.TIMED_WAITING || t.getState() == Thread.State.WAITING);
            }
            assertTrue(parked, "idle workers park");
            // a wait is counted when it ends: the next job ends theirs (a worker may come too late for it)
            for (int job = 0; job < 50; job++) {
                workers.run(256, (from, to, worker) -> { });
            }
            Thread.sleep(100);
            Workers.Stats.Snapshot stats = workers.stats();
            assertTrue(stats.workerParks() > 0, stats.toString());
            assertEquals(100, java.util.Arrays.stream(stats.jobsBySize()).sum());
            assertTrue(stats.toMap().containsKey("jobsByTeamSize"));
            assertTrue(stats.workerLongYields() <= stats.workerYields(), stats.toString());
            assertTrue(stats.workerLongYieldNanos() <= stats.workerWaitNanos(), stats.toString());
            assertTrue(stats.workerLongYieldNanos() >= stats.workerLongYields() * Workers.LONG_YIELD_NANOS,
                    stats.toString());
            assertTrue(stats.toMap().containsKey("workerLongYieldMillis"));
        }
    }

    @Test
    void aFixedTeamAlwaysUsesEveryWorker() {
        TeamSizer sizer = new TeamSizer(4, false);
        for (int job = 0; job < 10_000; job++) {
            assertEquals(4, sizer.choose());
            sizer.record(4, job % 7 == 0 ? 10_000_000 : 1_000, 256);
        }
        assertEquals(1, new TeamSizer(1, true).choose());
    }

    /** Runs {@code jobs} jobs of 2,560 items on {@code sizer}, each taking {@code nanosPerItem[k]} per item at size k. */
    private static int[] drive(TeamSizer sizer, double[] nanosPerItem, int jobs) {
        int[] bySize = new int[nanosPerItem.length];
        for (int job = 0; job < jobs; job++) {
            int k = sizer.choose();
            bySize[k]++;
            sizer.record(k, Math.round(nanosPerItem[k] * 2560), 2560);
        }
        return bySize;
    }

    @Test
    void theTeamShrinksWhenFewerWorkersAreFasterAndGrowsBackWhenMoreAre() {
        TeamSizer sizer = new TeamSizer(3, true);
        assertEquals(3, sizer.active());
        // a busy machine: the caller alone is fastest, each worker more makes it slower
        int[] busy = drive(sizer, new double[] {0, 1000, 1500, 2500}, 20_000);
        assertEquals(1, sizer.active());
        assertTrue(busy[1] > 0.9 * 20_000, "mostly the caller alone: " + java.util.Arrays.toString(busy));
        // quiet again: each worker more is faster
        drive(sizer, new double[] {0, 1000, 550, 380}, 50_000);
        assertEquals(3, sizer.active());
    }

    @Test
    void triesOfAWorseSizeBecomeRare() {
        TeamSizer sizer = new TeamSizer(2, true);
        // two workers are much faster: the caller alone is tried ever more rarely
        int[] bySize = drive(sizer, new double[] {0, 1000, 500}, 100_000);
        assertEquals(2, sizer.active());
        int tried = bySize[1];
        assertTrue(tried > 0, "the other size is still tried");
        assertTrue(tried < 100_000 / 50, "tried rarely: " + tried + " of 100,000 jobs");
        double[] measured = sizer.nanosPerItem();
        assertEquals(1000, measured[1], 1);
        assertEquals(500, measured[2], 1);
    }

    /**
     * The jobs of the first trial of one worker fewer, of two, and that it lost: job j of the trial
     * (or any job at two, j = -1) takes {@code nanos.applyAsInt(k, j)} for 256 items at size k.
     */
    private static int firstTrialJobs(java.util.function.IntBinaryOperator nanos) {
        TeamSizer sizer = new TeamSizer(2, true);
        int trialJobs = 0;
        for (int job = 0; job < 100_000; job++) {
            int k = sizer.choose();
            if (k == 1) {
                trialJobs++;
            } else if (trialJobs > 0) {
                assertEquals(2, sizer.active(), "the trial lost");
                return trialJobs;
            }
            sizer.record(k, nanos.applyAsInt(k, k == 1 ? trialJobs : -1), 256);
        }
        throw new AssertionError("no trial ended");
    }

    /** As above, each size taking {@code nanosPerItem[k]} per item. */
    private static int firstTrialJobs(double[] nanosPerItem) {
        return firstTrialJobs((k, j) -> (int) Math.round(nanosPerItem[k] * 256));
    }

    @Test
    void aTrialClearlyLostEndsSoonerThanOneThatComesClose() {
        // the caller alone 60% slower (a quiet machine): the trial ends after its warm-up and 20 ms
        long jobNanos = 256 * 1000;
        int clear = firstTrialJobs(new double[] {0, 1000, 625});
        long clearEnds = TeamSizer.TRIAL_WARMUP_NANOS + TeamSizer.CLEAR_LOSS_NANOS;
        assertEquals((clearEnds + jobNanos - 1) / jobNanos, clear, "jobs of a clearly lost trial");
        // 20% slower: not clearly lost, the trial runs its whole length
        int close = firstTrialJobs(new double[] {0, 1000, 833});
        assertEquals((TeamSizer.TRIAL_NANOS + jobNanos - 1) / jobNanos, close, "jobs of a close trial");
    }

    /**
     * Jobs of the first trial of the caller alone: 0.4 ms per job with two, {@code alone} ns alone,
     * and job {@code stallAt} of the trial {@code stall} ns.
     */
    private static int trialJobsWithStall(int alone, int stallAt, int stall) {
        return firstTrialJobs((k, j) -> k == 2 ? 400_000 : j == stallAt ? stall : alone);
    }

    /** Jobs of {@code nanos} each (after one of {@code stall}) until a trial has run {@code length}. */
    private static long jobsToRun(long length, int nanos, int stall) {
        return 1 + (length - stall + nanos - 1) / nanos;
    }

    @Test
    void aTrialWithAStallRunsItsLengthThoughItLooksClearlyLost() {
        // steady: the caller alone, 30% slower, ends after its warm-up and 20 ms (77 jobs of 0.52 ms)
        assertEquals(77, trialJobsWithStall(520_000, -1, 0));
        // a busy machine: the caller alone loses its core for 8 ms in one job after the warm-up; 20 ms
        // hold too few time slices to judge, nor does 100 ms tell 30% (43% with the stall) from a
        // settling scheduler's doing, so the trial runs the length of an unsteady one
        assertEquals(jobsToRun(TeamSizer.UNSTEADY_TRIAL_NANOS, 520_000, 8_000_000),
                trialJobsWithStall(520_000, 40, 8_000_000));
        // a quiet machine's hiccup (3 ms) in a trial of the caller alone, 60% slower: lost by over
        // half at 100 ms, it ends then
        assertEquals(jobsToRun(TeamSizer.TRIAL_NANOS, 640_000, 3_000_000), trialJobsWithStall(640_000, 40, 3_000_000));
    }

    @Test
    void onABusyMachineTrialsOutlastTheSchedulersSettling() {
        // two busy processes: two take 17% longer per item than the caller alone; each job in 40 loses its
        // core for a time slice (8 ms); and after the team changes size its jobs take twice as long
        // for 80 ms, while the scheduler weighs the team anew. A trial of 100 ms, 80 counted, would
        // see mostly that (the team stayed at two); one of 400 ms sees mostly the size itself.
        TeamSizer sizer = new TeamSizer(2, true);
        long now = 0;
        long settledAt = 0;
        int last = 2;
        long[] nanosAt = new long[3];
        for (int job = 1; now < 30_000_000_000L; job++) {
            int k = sizer.begin(now);
            if (k != last) {
                settledAt = now + 80_000_000;
                last = k;
            }
            long took = (k == 1 ? 256_000 : 300_000) * (now < settledAt ? 2 : 1) + (job % 40 == 0 ? 8_000_000 : 0);
            sizer.end(k, now, now + took, 256);
            nanosAt[k] += took;
            now += took + 20_000;
        }
        assertEquals(1, sizer.active());
        // the rest is the trials of two, 400 ms each, ever rarer (about 10% of these 30 s)
        assertTrue(nanosAt[1] > 0.8 * (nanosAt[1] + nanosAt[2]), "time at each size: " + java.util.Arrays.toString(nanosAt));
    }

    @Test
    void theGapAfterAJobCountsAndACallersPauseDoesNot() {
        // two workers finish the job sooner, but the caller's work between jobs is slowed more (a
        // worker spinning for the next job shares its core): the caller alone is faster in all
        TeamSizer sizer = new TeamSizer(2, true);
        long now = 0;
        for (int job = 0; job < 20_000; job++) {
            int k = sizer.begin(now);
            long took = k == 1 ? 80_000 : 50_000;
            sizer.end(k, now, now + took, 256);
            long gap = job % 100 == 99 ? 1_000_000_000 : k == 1 ? 20_000 : 100_000; // now and then a long pause
            now += took + gap;
        }
        assertEquals(1, sizer.active());
        assertEquals(100, sizer.nanosPerItem()[1] * 256 / 1000, 1, "the pauses are not counted");
        assertEquals(20_000, java.util.Arrays.stream(sizer.jobsBySize()).sum());
    }

    @Test
    void aSizeThatWonALuckyTrialIsRevertedAfterItsProbation() {
        // two workers: fast, but one job in 100 stalls long (a worker descheduled while it held a
        // chunk), so that on average the caller alone is faster; a trial often sees no stall
        TeamSizer sizer = new TeamSizer(2, true);
        int[] bySize = new int[3];
        long twos = 0;
        for (int job = 0; job < 100_000; job++) {
            int k = sizer.choose();
            bySize[k]++;
            long nanos = k == 1 ? 1_000 : ++twos % 100 == 0 ? 100_000 : 500;
            sizer.record(k, nanos * 2560, 2560);
        }
        assertTrue(bySize[2] < 100_000 / 10, "two workers rarely: " + java.util.Arrays.toString(bySize));
    }

    @Test
    void aLargerTeamIsKeptOnlyWhenItIsFasterByTheMargin() {
        TeamSizer sizer = new TeamSizer(2, true);
        drive(sizer, new double[] {0, 1000, 850}, 20_000);
        assertEquals(2, sizer.active(), "15% faster: the worker pays for itself");
        sizer = new TeamSizer(2, true);
        drive(sizer, new double[] {0, 1000, 960}, 20_000);
        assertEquals(1, sizer.active(), "4% faster is within the margin: not worth a core taken from everything else");
        sizer = new TeamSizer(2, true);
        drive(sizer, new double[] {0, 960, 1000}, 20_000);
        assertEquals(1, sizer.active());
        assertTrue(TeamSizer.better(1, 1050, 2, 1000) && !TeamSizer.better(1, 1200, 2, 1000));
        assertTrue(TeamSizer.better(2, 850, 1, 1000) && !TeamSizer.better(2, 950, 1, 1000));
    }
}
