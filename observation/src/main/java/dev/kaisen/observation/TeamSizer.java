package dev.kaisen.observation;

/**
 * Chooses how many workers each job uses from what jobs took: the current size is kept unless
 * a neighbouring size (one fewer or one more, in turn) is measured faster. What a job took is
 * its cycle: its own wall time and the gap until the next job starts, which workers spinning for
 * that job may have slowed (they share the cores with the caller and the program driving it);
 * a gap longer than {@link #MAX_GAP_NANOS} is the caller's pause (a learner's update), and
 * that job is not counted (shorter gaps count whatever made them: the caller descheduled for a
 * time slice may be the cost of its own workers' spinning). Durations below are the sum of the
 * counted cycles.
 *
 * <p>A neighbour is tried for {@link #TRIAL_NANOS} ({@link #UNSTEADY_TRIAL_NANOS} where it lost a
 * time slice, unless it had lost by {@link #UNSTEADY_CLEAR_LOSS} then; at least {@link #MIN_JOBS}
 * jobs), its
 * first {@link #TRIAL_WARMUP_NANOS} not counted (the scheduler takes tens of milliseconds to
 * weigh a team that changed size; workers had to be woken), and compared with the current size's
 * time per item since the last trial (a trial clearly lost, by {@link #CLEAR_LOSS}, ends sooner):
 * the larger of the two sizes must be faster by
 * {@link #MARGIN} to be preferred ({@link #better}), so that workers that do not pay for
 * themselves are not kept. A preferred neighbour is taken on probation: if over its next
 * {@link #PROBATION_NANOS} it is no longer preferred to the size it replaced, that size comes
 * back (a trial on a busy machine can be lucky: a descheduled worker stalls a job now and then).
 * Trials come {@code interval} apart, from {@link #MIN_INTERVAL_NANOS}; one lost or reverted
 * doubles it (up to {@link #MAX_INTERVAL_NANOS}), so that trying what is worse costs little
 * (steady trials about 1% of the time, unsteady ones, which run longer, up to 5% where the sizes
 * are close) while a change of the machine's load is found within seconds. Used by
 * the caller (jobs never overlap).
 */
final class TeamSizer {
    static final long TRIAL_NANOS = 100_000_000;
    static final long TRIAL_WARMUP_NANOS = 20_000_000;
    /**
     * A trial slower per item than the current size by this much has lost (either way): from
     * {@link #CLEAR_LOSS_NANOS} after its warm-up on, with {@link #MIN_JOBS} jobs, it ends as soon as
     * it is, if steady ({@link #STEADY_FACTOR}), not at {@link #TRIAL_NANOS}. On a quiet machine
     * each trial of the caller alone (1.6 times as long per item as two) costs 40 ms, not 100.
     */
    static final double CLEAR_LOSS = 0.25;
    static final long CLEAR_LOSS_NANOS = 20_000_000;
    /**
     * A trial ends early only if none of its counted cycles took over this many times their mean:
     * a longer one lost a time slice to another thread (under two busy processes, a job of about
     * 8 ms among jobs of 0.3–0.8 ms), and 20 ms hold too few slices to judge.
     */
    static final int STEADY_FACTOR = 4;
    /**
     * How long a trial that is not steady runs ({@link #STEADY_FACTOR}): on a busy machine a trial of
     * 100 ms held a dozen time slices lost and came just after the team changed size, which the
     * scheduler takes more than the warm-up to weigh. Under two busy processes, trials of the caller
     * alone after a spell at two measured it at 924 to 1,612 ns per item where two took 1,132 to
     * 1,439, and the team stayed at two for anywhere from 8% to 97% of the jobs of a run (over
     * seconds two was 12% to 20% slower than the caller alone); with 400 ms all 18 trials of two in
     * three runs lost, by 2% to 56%, and the team ran 82% to 85% of the jobs alone. A worse size
     * tried this long costs a few percent: on a busy machine sizes are close, and trials grow rare.
     */
    static final long UNSTEADY_TRIAL_NANOS = 400_000_000;
    /**
     * An unsteady trial slower per item than the current size by this much at {@link #TRIAL_NANOS}
     * has lost and ends then: a quiet machine's trial of the caller alone (1.5 to 1.8 times as long
     * per item as two) with one hiccup in it (a pause of the collector, of the program driving the
     * env, of the host) costs 100 ms, not 400. Under two busy processes, trials of 100 ms of the
     * faster size measured it up to 1.38 times as long per item as the other.
     */
    static final double UNSTEADY_CLEAR_LOSS = 0.5;
    static final long PROBATION_NANOS = 200_000_000;
    static final int MIN_JOBS = 16;
    static final long MIN_INTERVAL_NANOS = 500_000_000;
    static final long MAX_INTERVAL_NANOS = 8_000_000_000L;
    static final double MARGIN = 0.1;
    static final long MAX_GAP_NANOS = 50_000_000;

    private final int max;
    private final boolean adaptive;
    private final long[] jobsBySize;
    /** The last measured wall time per item of each size (NaN: never measured). */
    private final double[] nanosPerItem;
    private int active;
    /** The active size's counted cycles since the last trial (or since it began its probation). */
    private long activeJobs;
    private long activeNanos;
    private long activeItems;
    /** While the active size is on probation: the size it replaced (else 0), and that size's time per item. */
    private int previous;
    private double previousNanosPerItem;
    private long interval = MIN_INTERVAL_NANOS;
    private long untilTrial = MIN_INTERVAL_NANOS;
    private long trials;
    private int trial;
    private long trialElapsed;
    private long trialJobs;
    private long trialNanos;
    private long trialItems;
    private long trialLongest;
    private int pendingSize;
    private long pendingNanos;
    private long pendingEnd;
    private int pendingItems;

    TeamSizer(int max, boolean adaptive) {
        this.max = max;
        this.adaptive = adaptive && max > 1;
        this.jobsBySize = new long[max + 1];
        this.nanosPerItem = new double[max + 1];
        java.util.Arrays.fill(nanosPerItem, Double.NaN);
        this.active = max;
    }

    synchronized int active() {
        return active;
    }

    /** A job starts at {@code now}: the last job's cycle is recorded, and the size of this one chosen. */
    synchronized int begin(long now) {
        if (pendingItems > 0) {
            long gap = Math.max(0, now - pendingEnd);
            if (gap <= MAX_GAP_NANOS) {
                record(pendingSize, pendingNanos + gap, pendingItems);
            }
            pendingItems = 0;
        }
        return choose();
    }

    /** The job begun last used {@code k} workers (fewer than chosen when it had fewer items) from {@code start} to {@code end}. */
    synchronized void end(int k, long start, long end, int items) {
        jobsBySize[k]++;
        pendingSize = k;
        pendingNanos = end - start;
        pendingEnd = end;
        pendingItems = items;
    }

    /** The team size for the next job. */
    synchronized int choose() {
        if (!adaptive) {
            return max;
        }
        if (trial == 0 && previous == 0 && untilTrial <= 0 && activeJobs >= MIN_JOBS) {
            trials++;
            int down = active - 1;
            int up = active + 1;
            trial = (trials & 1) == 1 ? (down >= 1 ? down : up) : (up <= max ? up : down);
            trialElapsed = 0;
            trialJobs = 0;
            trialNanos = 0;
            trialItems = 0;
            trialLongest = 0;
        }
        return trial != 0 ? trial : active;
    }

    /** The cycle of the job chosen before the one now chosen: {@code nanos} for {@code items} items with {@code k} workers. */
    synchronized void record(int k, long nanos, int items) {
        if (!adaptive || items <= 0) {
            return;
        }
        if (trial == 0) {
            activeJobs++;
            activeNanos += nanos;
            activeItems += items;
            if (previous != 0) {
                if (activeNanos >= PROBATION_NANOS && activeJobs >= MIN_JOBS) {
                    endProbation();
                }
            } else {
                untilTrial -= nanos;
            }
            return;
        }
        trialElapsed += nanos;
        if (trialElapsed > TRIAL_WARMUP_NANOS) {
            trialJobs++;
            trialNanos += nanos;
            trialItems += items;
            trialLongest = Math.max(trialLongest, nanos);
        }
        if (trialJobs < MIN_JOBS) {
            return;
        }
        double tried = (double) trialNanos / trialItems;
        double now = (double) activeNanos / activeItems;
        boolean steady = trialLongest <= STEADY_FACTOR * (trialNanos / trialJobs);
        if (trialElapsed < TRIAL_NANOS && !(trialElapsed >= TRIAL_WARMUP_NANOS + CLEAR_LOSS_NANOS
                && tried > now * (1 + CLEAR_LOSS) && steady)) {
            return;
        }
        if (!steady && trialElapsed < UNSTEADY_TRIAL_NANOS && !(tried > now * (1 + UNSTEADY_CLEAR_LOSS))) {
            return;
        }
        nanosPerItem[trial] = tried;
        nanosPerItem[active] = now;
        if (better(trial, tried, active, now)) {
            previous = active;
            previousNanosPerItem = now;
            active = trial;
        } else {
            interval = Math.min(MAX_INTERVAL_NANOS, interval * 2);
        }
        untilTrial = interval;
        resetActive();
        trial = 0;
    }

    /**
     * Whether size {@code a} (taking {@code aNanos} per item) is to be preferred to size {@code b}:
     * a larger team must be faster by {@link #MARGIN} (its workers take cores from everything else
     * on the machine); a smaller one need only not be slower by as much.
     */
    static boolean better(int a, double aNanos, int b, double bNanos) {
        return a > b ? aNanos < bNanos * (1 - MARGIN) : !(bNanos < aNanos * (1 - MARGIN));
    }

    /** The size on probation has run its time: it stays if it is still preferred to the one it replaced. */
    private void endProbation() {
        double now = (double) activeNanos / activeItems;
        nanosPerItem[active] = now;
        if (!better(active, now, previous, previousNanosPerItem)) {
            active = previous;
            interval = Math.min(MAX_INTERVAL_NANOS, interval * 2);
        }
        untilTrial = interval;
        previous = 0;
        resetActive();
    }

    private void resetActive() {
        activeJobs = 0;
        activeNanos = 0;
        activeItems = 0;
    }

    synchronized long[] jobsBySize() {
        return jobsBySize.clone();
    }

    synchronized double[] nanosPerItem() {
        return nanosPerItem.clone();
    }
}
