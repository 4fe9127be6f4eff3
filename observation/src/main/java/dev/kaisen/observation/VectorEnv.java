package dev.kaisen.observation;

import dev.kaisen.env.GameState;
import dev.kaisen.env.IllegalActionException;
import dev.kaisen.env.SplitMix64;

import java.nio.ByteBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.file.Path;

/**
 * N independent single-learner envs of any registered game stepped by one call, writing everything into the flat
 * buffers of a {@link BufferLayout#forVectorEnv} (a direct buffer, or a memory-mapped file that Python
 * maps too).
 *
 * <p>Auto-reset, same step: when an env's episode ends at a step, its final observation and
 * results go to the {@code final_*} regions, {@code terminated}/{@code truncated} are set, the
 * env is reset at once, and {@code observations}/{@code masks}/{@code learner_seat} hold the new
 * episode's first decision. The reward is that of the final step.
 *
 * <p>Seeds: env i's episode k (counted from construction or {@link #reseed}) is reset with
 * {@code derive(derive(baseSeed, i), k)}
 * ({@link SplitMix64#derive}), so each env has its own stream and results do not depend on
 * the thread count.
 *
 * <p>Skipping: the action {@link #SKIP} (-1) leaves that env as it is for this step (no move; its
 * reward and flags read 0; its observation, mask and learner seat stay), so that a caller may hold
 * an env back for one step (e.g. to hand out an auto-reset's first observation one step later, as
 * Gymnasium's {@code NEXT_STEP} mode does).
 *
 * <p>Bad input changes nothing: all actions are checked before any env steps (under
 * {@link IllegalActionMode#LOSE} an illegal action is accepted and ends that env's episode as a loss).
 */
public final class VectorEnv<S extends GameState<S>> extends AbstractBatchedEnv<S> {
    /** The action that leaves an env as it is for one step. */
    public static final int SKIP = -1;

    private final int numEnvs;
    private final SingleEnv<S>[] envs;
    private final boolean autoReset;
    private final IntBuffer actions;
    private final FloatBuffer observations;
    private final ByteBuffer masks;
    private final FloatBuffer rewards;
    private final ByteBuffer terminated;
    private final ByteBuffer truncated;
    private final IntBuffer learnerSeat;
    private final FloatBuffer finalObservations;
    private final IntBuffer finalScores;
    private final IntBuffer finalWinners;
    private final IntBuffer finalLearnerSeat;
    private final ByteBuffer finalForfeited;
    private final FloatBuffer episodeReturn;
    private final IntBuffer episodeLength;
    /** Each worker's observation and mask scratch: a slice of one array (see {@link #scratchLength}). */
    private final float[] obsScratch;
    private final byte[] maskScratch;
    private final int[] actionScratch;

    private final int seats;
    private final int obsSize;
    private final int numActions;

    public VectorEnv(int numEnvs, SingleEnv.Config<S> config, long baseSeed, int threads) {
        this(numEnvs, config, baseSeed, threads, null);
    }

    public VectorEnv(int numEnvs, SingleEnv.Config<S> config, long baseSeed, int threads, Path file) {
        this(numEnvs, config, baseSeed, threads, file, true);
    }

    /**
     * @param file      where to memory-map the buffers (e.g. under /dev/shm), or null for a direct buffer
     * @param autoReset whether a finished env starts its next episode in the same step; when
     *                  false it stays finished (its observation is the final one) until
     *                  {@link #resetOne} or {@link #reset}, and stepping it is an error
     */
    public VectorEnv(int numEnvs, SingleEnv.Config<S> config, long baseSeed, int threads, Path file,
                     boolean autoReset) {
        this(java.util.Collections.nCopies(numEnvs, config), baseSeed, threads, file, autoReset);
    }

    /**
     * One config per env (e.g. a trainer giving each env its own opponent from a pool); all
     * must be of the same game, config and observation view.
     */
    @SuppressWarnings("unchecked")
    public VectorEnv(java.util.List<SingleEnv.Config<S>> configs, long baseSeed, int threads, Path file,
                     boolean autoReset) {
        super(layoutFor(configs), configs.size(), baseSeed, threads, file, "kaisen-vector-env");
        int numEnvs = configs.size();
        SingleEnv.Config<S> first = configs.get(0);
        this.autoReset = autoReset;
        this.numEnvs = numEnvs;
        this.envs = new SingleEnv[numEnvs];
        for (int i = 0; i < numEnvs; i++) {
            envs[i] = new SingleEnv<>(configs.get(i));
        }
        this.seats = first.game().numPlayers();
        this.obsSize = envs[0].encoder().size();
        this.numActions = first.game().numDistinctActions();
        actions = bytes("actions").asIntBuffer();
        observations = bytes("observations").asFloatBuffer();
        masks = bytes("masks");
        rewards = bytes("rewards").asFloatBuffer();
        terminated = bytes("terminated");
        truncated = bytes("truncated");
        learnerSeat = bytes("learner_seat").asIntBuffer();
        finalObservations = bytes("final_observations").asFloatBuffer();
        finalScores = bytes("final_scores").asIntBuffer();
        finalWinners = bytes("final_winners").asIntBuffer();
        finalLearnerSeat = bytes("final_learner_seat").asIntBuffer();
        finalForfeited = bytes("final_forfeited");
        episodeReturn = bytes("episode_return").asFloatBuffer();
        episodeLength = bytes("episode_length").asIntBuffer();
        obsScratch = new float[scratchLength(obsSize, Float.BYTES)];
        maskScratch = new byte[scratchLength(numActions, 1)];
        actionScratch = new int[numEnvs];
    }

    /** The layout of these configs' envs, after checking they are one game, config and view. */
    private static <S extends GameState<S>> BufferLayout layoutFor(java.util.List<SingleEnv.Config<S>> configs) {
        if (configs.isEmpty()) {
            throw new IllegalArgumentException("a vector env needs at least one env");
        }
        SingleEnv.Config<S> first = configs.get(0);
        for (SingleEnv.Config<S> c : configs) {
            if (!c.game().equals(first.game()) || !java.util.Objects.equals(c.view(), first.view())) {
                throw new IllegalArgumentException("every env of a vector env must have the same game, config and view");
            }
        }
        Encoder<S> encoder = Encoders.create(first.game(), first.view());
        return BufferLayout.forVectorEnv(configs.size(), encoder.size(), first.game().numDistinctActions(),
                first.game().numPlayers()).fact("game", first.game().id()).fact("view", encoder.view());
    }

    private ByteBuffer bytes(String region) {
        return region(region);
    }

    /** A dry run of {@link #resetOne(int, GameState, long)} on a fresh env of env i's config: nothing changes. */
    @Override
    public void checkStart(int i, S from, long seed) {
        checkIndex(i);
        new SingleEnv<>(envs[i].config()).reset(from, seed);
    }

    @Override
    public SingleEnv<S> env(int i) {
        return envs[i];
    }

    @Override
    public dev.kaisen.env.GameRecord finishedRecord(int i) {
        checkIndex(i);
        return envs[i].finishedRecord();
    }

    /**
     * Starts the next episode of every env: env i's episode k (k counts the episodes it has
     * started since construction or {@link #reseed}) is seeded with {@code derive(derive(baseSeed, i), k)}.
     */
    public synchronized void reset() {
        ensureOpen();
        run((from, to, worker) -> {
            for (int i = from; i < to; i++) {
                envs[i].reset(nextSeed(i));
                started(i, worker);
            }
        });
    }

    /** Resets env i to a new episode from an explicit {@code seed} (its seed stream is not used), clearing its flags. */
    public synchronized void resetOne(int i, long seed) {
        ensureOpen();
        checkIndex(i);
        forgetMask(i);
        envs[i].reset(seed);
        started(i, 0);
    }

    /**
     * Resets env i to a new episode from a copy of the state {@code from}, its opponents seeded
     * from {@code seed} ({@link SingleEnv#reset(GameState, long)}: they play until the learner's
     * turn); a state that cannot start an episode is an error and changes nothing.
     */
    public synchronized void resetOne(int i, S from, long seed) {
        ensureOpen();
        checkIndex(i);
        forgetMask(i);
        envs[i].reset(from, seed);
        started(i, 0);
    }

    /** After env i was reset: its flags cleared, its first observation, mask and learner seat written. */
    private void started(int i, int worker) {
        rewards.put(i, 0f);
        terminated.put(i, (byte) 0);
        truncated.put(i, (byte) 0);
        writeCurrent(i, worker);
    }

    /** Steps every env with the action in the actions region ({@link #SKIP}: that env is left as it is). */
    public synchronized void step() {
        ensureOpen();
        actions.get(0, actionScratch);
        checkAll(i -> actionScratch[i] == SKIP || allowed(i, actionScratch[i])
                        || !envs[i].done() && envs[i].accepts(actionScratch[i]),
                this::refusal);
        run((from, to, worker) -> {
            for (int i = from; i < to; i++) {
                stepOne(i, worker);
            }
        });
    }

    /** Why env i cannot take its action (an env that finished its episode, or an illegal action). */
    private RuntimeException refusal(int i) {
        int a = actionScratch[i];
        if (envs[i].done()) {
            return new IllegalStateException("env " + i + " has finished its episode; reset it first; no env was stepped");
        }
        return new IllegalActionException(a, "env " + i + ": " + envs[i].stateView().illegal(a).getMessage()
                + "; no env was stepped");
    }

    private void stepOne(int i, int worker) {
        if (actionScratch[i] == SKIP) {
            rewards.put(i, 0f);
            terminated.put(i, (byte) 0);
            truncated.put(i, (byte) 0);
            return;
        }
        SingleEnv<S> env = envs[i];
        env.step(actionScratch[i]);
        rewards.put(i, (float) env.reward());
        boolean done = env.done();
        terminated.put(i, (byte) (env.terminated() ? 1 : 0));
        truncated.put(i, (byte) (env.truncated() ? 1 : 0));
        if (done) {
            int o = scratchAt(worker, obsSize, Float.BYTES);
            env.observe(obsScratch, o);
            finalObservations.put(i * obsSize, obsScratch, o, obsSize);
            EnvInfo info = env.info();
            int winners = 0;
            for (int w : info.winners()) {
                winners |= 1 << w;
            }
            for (int p = 0; p < seats; p++) {
                finalScores.put(i * seats + p, info.scores()[p]);
            }
            finalWinners.put(i, winners);
            finalLearnerSeat.put(i, env.learnerSeat());
            finalForfeited.put(i, (byte) (info.forfeitedBy() >= 0 ? 1 : 0));
            episodeReturn.put(i, (float) env.episodeReturn());
            episodeLength.put(i, env.episodeLength());
            if (autoReset) {
                env.reset(nextSeed(i));
            }
        }
        writeCurrent(i, worker);
    }

    private void writeCurrent(int i, int worker) {
        SingleEnv<S> env = envs[i];
        int o = scratchAt(worker, obsSize, Float.BYTES);
        int m = scratchAt(worker, numActions, 1);
        env.observe(obsScratch, o);
        env.mask(maskScratch, m);
        observations.put(i * obsSize, obsScratch, o, obsSize);
        masks.put(i * numActions, maskScratch, m, numActions);
        keepMask(i, maskScratch, m);
        learnerSeat.put(i, env.learnerSeat());
    }
}
