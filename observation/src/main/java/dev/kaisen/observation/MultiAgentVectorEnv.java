package dev.kaisen.observation;

import dev.kaisen.env.Agent;
import dev.kaisen.env.Agents;
import dev.kaisen.env.Game;
import dev.kaisen.env.GameRecord;
import dev.kaisen.env.GameState;
import dev.kaisen.env.IllegalActionException;
import dev.kaisen.env.SplitMix64;

import java.nio.ByteBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * N turn-based games of any registered game stepped by one call, where the caller answers for
 * every seat it has not handed to a JVM agent: self-play, policy A against policy B, or a mix of
 * callers' seats and named agents, across all envs in one step.
 *
 * <p>Seats: env i uses the seat pattern {@code patterns[i % k]}, one entry per seat: null for a
 * seat the caller answers ("external"), or an agent name ({@link Agents}) for a seat played inside
 * the JVM. Each step applies, in every env, the caller's action for the seat now to act, then the
 * JVM agents' moves until an external seat must act again or the game ends. So after every reset
 * and step each running env waits on an external seat ({@code seat}), whose observation and mask
 * are written. Every pattern needs at least one external seat.
 *
 * <p>Rewards: {@code rewards[i, p]} is seat p's reward over the last step of env i (the caller's
 * action and the agents' moves after it), as {@link AecEnv} gives it per decision, summed:
 * {@link RewardMode#TERMINAL} pays every seat its zero-sum return at the step that ends the game;
 * {@link RewardMode#SCORE_DIFFERENCE} pays each seat the change of its own score minus the
 * others' mean. The agents' opening moves, before the first external decision, pay nothing (a
 * reset has no reward).
 *
 * <p>Auto-reset, same step (as {@link VectorEnv}): when a game ends at a step, each seat's final
 * observation and the game's results go to the {@code final_*} regions, {@code terminated} or
 * {@code truncated} is set, and the env starts its next episode at once (without auto-reset it
 * stays finished: its seat is -1, its mask empty, later actions for it are ignored and its flags
 * read 0 after the step that ended it). Seeds: env i's episode k is dealt from
 * {@code derive(derive(baseSeed, i), k)}, and the agent at seat p from {@code derive(episodeSeed, p + 1)}.
 *
 * <p>Skipping: the action {@link #SKIP} (-1) leaves that env as it is for this step (no move; its
 * rewards and flags read 0; its observation, mask and seat stay), so a caller may step only the
 * envs where a given policy is to act.
 *
 * <p>Bad input changes nothing: every action of a running env is checked before any env steps
 * ({@link IllegalActionMode#LOSE}: an illegal action is accepted and ends that game as a loss of the
 * seat that made it).
 *
 * <p>Layout ({@link #layout(int, int, int, int)}):
 * <pre>
 * region             dtype    shape          meaning
 * control            int64    [16]           the bridge's step protocol (unused by the env)
 * actions            int32    [N]            written by the caller before each step (-1: skip that env)
 * observations       float32  [N, obs]       the acting seat's observation
 * masks              int8     [N, A]         the acting seat's legal actions
 * seat               int32    [N]            the seat to act (-1: finished, without auto-reset)
 * rewards            float32  [N, P]         every seat's reward over the last step
 * terminated         uint8    [N]            the game ended by its rules (or a forfeit) at the last step
 * truncated          uint8    [N]            the game hit its cap on decisions at the last step
 * final_observations float32  [N, P, obs]    valid where done: every seat's last observation
 * final_scores       int32    [N, P]         final scores by seat (valid where done)
 * final_winners      int32    [N]            bit p set when seat p won (valid where done)
 * final_returns      float32  [N, P]         each seat's return over the episode that ended
 * final_forfeited    int32    [N]            the seat that lost by an illegal action, or -1
 * episode_length     int32    [N]            decisions (all seats) in the episode that ended
 * </pre>
 */
public final class MultiAgentVectorEnv<S extends GameState<S>> extends AbstractBatchedEnv<S> {
    /** The action that leaves an env as it is for one step. */
    public static final int SKIP = -1;

    /**
     * @param patterns      seat patterns (env i uses {@code patterns.get(i % k)}): one entry per seat,
     *                      null for a seat the caller answers, or an agent name
     * @param view          the observation view ({@link Encoders}; null for the default)
     * @param agents        turns agent names into agents ({@link Agents#factory} by default)
     */
    public record Config<S extends GameState<S>>(Game<S> game, List<List<String>> patterns, RewardMode rewardMode,
                                                 String view, IllegalActionMode illegalAction,
                                                 Agents.Factory<S> agents) {
        public Config {
            int players = game.numPlayers();
            if (patterns.isEmpty()) {
                throw new IllegalArgumentException("need at least one seat pattern");
            }
            List<List<String>> checked = new ArrayList<>();
            for (int k = 0; k < patterns.size(); k++) {
                List<String> pattern = patterns.get(k);
                if (pattern == null || pattern.size() != players) {
                    throw new IllegalArgumentException("seat pattern " + k + " must name " + players
                            + " seats (null for a seat the caller answers, or an agent name), got " + pattern);
                }
                List<String> names = new ArrayList<>();
                for (String name : pattern) {
                    if (name != null) {
                        names.add(name);
                    }
                }
                if (names.size() == players) {
                    throw new IllegalArgumentException("seat pattern " + k + " " + pattern
                            + " gives every seat to a JVM agent: leave at least one seat (null) to the caller");
                }
                Agents.validate(names, agents);
                checked.add(Collections.unmodifiableList(new ArrayList<>(pattern)));
            }
            patterns = List.copyOf(checked);
            Encoders.create(game, view); // an unknown view fails here, before any env exists
        }

        public Config(Game<S> game, List<List<String>> patterns, RewardMode rewardMode) {
            this(game, patterns, rewardMode, null, IllegalActionMode.RAISE, Agents.factory(game));
        }

        /** Every seat answered by the caller. */
        public static <S extends GameState<S>> List<List<String>> allExternal(int players) {
            return List.of(Collections.nCopies(players, null));
        }
    }

    private final Config<S> config;
    private final Game<S> game;
    private final int numEnvs;
    private final int seats;
    private final int obsSize;
    private final int numActions;
    private final boolean autoReset;
    private final AecEnv<S>[] envs;
    private final Agent<S>[][] agents;
    private final double[][] returns;
    private final int[] lengths;
    private final boolean[] finished;
    /** Each env's last finished game's record (while recording), kept across the auto-reset. */
    private final GameRecord[] finishedRecords;
    private final IntBuffer actions;
    private final FloatBuffer observations;
    private final ByteBuffer masks;
    private final IntBuffer seat;
    private final FloatBuffer rewards;
    private final ByteBuffer terminated;
    private final ByteBuffer truncated;
    private final FloatBuffer finalObservations;
    private final IntBuffer finalScores;
    private final IntBuffer finalWinners;
    private final FloatBuffer finalReturns;
    private final IntBuffer finalForfeited;
    private final IntBuffer episodeLength;
    /** Each worker's observation, mask and reward scratch: a slice of one array (see {@link #scratchLength}). */
    private final float[] obsScratch;
    private final byte[] maskScratch;
    private final float[] rewardScratch;
    private final int[] actionScratch;

    /**
     * @param file      where to memory-map the buffers (e.g. under /dev/shm), or null for a direct buffer
     * @param autoReset whether a finished game starts the next one in the same step
     */
    @SuppressWarnings("unchecked")
    public MultiAgentVectorEnv(int numEnvs, Config<S> config, long baseSeed, int threads, Path file,
                               boolean autoReset) {
        super(layoutFor(numEnvs, config), numEnvs, baseSeed, threads, file, "kaisen-multi-agent-env");
        this.config = config;
        this.game = config.game();
        this.numEnvs = numEnvs;
        this.seats = game.numPlayers();
        this.autoReset = autoReset;
        this.envs = new AecEnv[numEnvs];
        this.agents = new Agent[numEnvs][seats];
        this.returns = new double[numEnvs][seats];
        this.lengths = new int[numEnvs];
        this.finished = new boolean[numEnvs];
        this.finishedRecords = new GameRecord[numEnvs];
        for (int i = 0; i < numEnvs; i++) {
            envs[i] = new AecEnv<>(game, config.rewardMode(), config.illegalAction(), config.view());
        }
        this.obsSize = envs[0].encoder().size();
        this.numActions = game.numDistinctActions();
        actions = region("actions").asIntBuffer();
        observations = region("observations").asFloatBuffer();
        masks = region("masks");
        seat = region("seat").asIntBuffer();
        rewards = region("rewards").asFloatBuffer();
        terminated = region("terminated");
        truncated = region("truncated");
        finalObservations = region("final_observations").asFloatBuffer();
        finalScores = region("final_scores").asIntBuffer();
        finalWinners = region("final_winners").asIntBuffer();
        finalReturns = region("final_returns").asFloatBuffer();
        finalForfeited = region("final_forfeited").asIntBuffer();
        episodeLength = region("episode_length").asIntBuffer();
        obsScratch = new float[scratchLength(obsSize, Float.BYTES)];
        maskScratch = new byte[scratchLength(numActions, 1)];
        rewardScratch = new float[scratchLength(seats, Float.BYTES)];
        actionScratch = new int[numEnvs];
    }

    private static <S extends GameState<S>> BufferLayout layoutFor(int numEnvs, Config<S> config) {
        Encoder<S> encoder = Encoders.create(config.game(), config.view());
        return layout(numEnvs, encoder.size(), config.game().numDistinctActions(), config.game().numPlayers())
                .fact("game", config.game().id()).fact("view", encoder.view());
    }

    /** The layout of a multi-agent vector env of {@code numEnvs} games (see the class comment). */
    public static BufferLayout layout(int numEnvs, int obsSize, int numActions, int seats) {
        if (numEnvs < 1) {
            throw new IllegalArgumentException("need at least one env, not " + numEnvs);
        }
        BufferLayout l = new BufferLayout();
        l.fact("numEnvs", numEnvs).fact("observationSize", obsSize).fact("numActions", numActions).fact("seats", seats);
        l.add("control", "int64", BufferLayout.CONTROL_SLOTS);
        l.add("actions", "int32", numEnvs);
        l.add("observations", "float32", numEnvs, obsSize);
        l.add("masks", "int8", numEnvs, numActions);
        l.add("seat", "int32", numEnvs);
        l.add("rewards", "float32", numEnvs, seats);
        l.add("terminated", "uint8", numEnvs);
        l.add("truncated", "uint8", numEnvs);
        l.add("final_observations", "float32", numEnvs, seats, obsSize);
        l.add("final_scores", "int32", numEnvs, seats);
        l.add("final_winners", "int32", numEnvs);
        l.add("final_returns", "float32", numEnvs, seats);
        l.add("final_forfeited", "int32", numEnvs);
        l.add("episode_length", "int32", numEnvs);
        return l;
    }

    public Config<S> config() {
        return config;
    }

    @Override
    public AecEnv<S> env(int i) {
        checkIndex(i);
        return envs[i];
    }

    /** The seat pattern env i plays: null where the caller answers, else the agent's name. */
    public List<String> pattern(int i) {
        checkIndex(i);
        return config.patterns().get(i % config.patterns().size());
    }

    @Override
    public synchronized void reset() {
        ensureOpen();
        run((from, to, worker) -> {
            for (int i = from; i < to; i++) {
                long seed = nextSeed(i);
                envs[i].reset(seed);
                begin(i, seed);
                started(i, worker);
            }
        });
    }

    @Override
    public synchronized void resetOne(int i, long seed) {
        ensureOpen();
        checkIndex(i);
        forgetMask(i);
        envs[i].reset(seed);
        begin(i, seed);
        started(i, 0);
    }

    /**
     * Starts env i from a copy of {@code from}, its JVM agents seeded from {@code seed}; they play
     * until an external seat is to act. A finished state, or one where the game ends before an
     * external seat decides, is an {@link IllegalArgumentException} and leaves the env as it was.
     */
    @Override
    public synchronized void resetOne(int i, S from, long seed) {
        checkStart(i, from, seed);
        forgetMask(i);
        envs[i].reset(from);
        begin(i, seed);
        started(i, 0);
    }

    /**
     * A dry run of {@link #resetOne(int, GameState, long)} on a copy, with agents seeded as the env's
     * would be: agents are deterministic under their seed ({@link Agent}), so what passes here
     * passes there. The agents' opening moves are played twice (here, then for real).
     */
    @Override
    public synchronized void checkStart(int i, S from, long seed) {
        ensureOpen();
        checkIndex(i);
        if (from.isTerminal()) {
            throw new IllegalArgumentException("the state is a finished game; an episode needs one still running");
        }
        S probe = from.copy();
        Agent<S>[] probeAgents = newAgents(i, seed);
        while (!probe.isTerminal() && probeAgents[probe.currentPlayer()] != null) {
            probe.applyInPlace(probeAgents[probe.currentPlayer()].chooseAction(probe));
        }
        if (probe.isTerminal()) {
            throw new IllegalArgumentException("the game ends before a seat the caller answers has a decision "
                    + "(from the given state)");
        }
    }

    /** The agents of env i's seats for an episode dealt from {@code seed} (null: the caller's seats). */
    @SuppressWarnings("unchecked")
    private Agent<S>[] newAgents(int i, long seed) {
        List<String> pattern = pattern(i);
        Agent<S>[] out = new Agent[seats];
        for (int p = 0; p < seats; p++) {
            String name = pattern.get(p);
            out[p] = name == null ? null : config.agents().create(name, SplitMix64.derive(seed, p + 1));
        }
        return out;
    }

    /** A new episode of env i (its AecEnv just reset): agents, counters, and the agents' opening moves. */
    private void begin(int i, long seed) {
        agents[i] = newAgents(i, seed);
        java.util.Arrays.fill(returns[i], 0);
        lengths[i] = 0;
        finished[i] = false;
        AecEnv<S> env = envs[i];
        while (!env.done() && agents[i][env.currentPlayer()] != null) {
            env.step(agents[i][env.currentPlayer()].chooseAction(env.stateView()));
            lengths[i]++;
        }
        if (env.done()) {
            throw new IllegalStateException("the game ended before a seat the caller answers had a decision");
        }
    }

    /** After env i started an episode: flags and rewards cleared, the acting seat's observation and mask written. */
    private void started(int i, int worker) {
        for (int p = 0; p < seats; p++) {
            rewards.put(i * seats + p, 0f);
        }
        terminated.put(i, (byte) 0);
        truncated.put(i, (byte) 0);
        writeCurrent(i, worker);
    }

    @Override
    public synchronized void step() {
        ensureOpen();
        actions.get(0, actionScratch);
        checkAll(i -> finished[i] || actionScratch[i] == SKIP || allowed(i, actionScratch[i])
                || envs[i].accepts(actionScratch[i]), i -> {
            int a = actionScratch[i];
            return new IllegalActionException(a, "env " + i + ": " + envs[i].stateView().illegal(a).getMessage()
                    + "; no env was stepped");
        });
        run((from, to, worker) -> {
            for (int i = from; i < to; i++) {
                stepOne(i, worker);
            }
        });
    }

    private void stepOne(int i, int worker) {
        if (finished[i] || actionScratch[i] == SKIP) {
            terminated.put(i, (byte) 0);
            truncated.put(i, (byte) 0);
            for (int p = 0; p < seats; p++) {
                rewards.put(i * seats + p, 0f);
            }
            return;
        }
        AecEnv<S> env = envs[i];
        Agent<S>[] seatAgents = agents[i];
        float[] reward = rewardScratch;
        int r = scratchAt(worker, seats, Float.BYTES);
        java.util.Arrays.fill(reward, r, r + seats, 0f);
        env.step(actionScratch[i]);
        lengths[i]++;
        collect(env, reward, r);
        while (!env.done() && seatAgents[env.currentPlayer()] != null) {
            env.step(seatAgents[env.currentPlayer()].chooseAction(env.stateView()));
            lengths[i]++;
            collect(env, reward, r);
        }
        double[] ret = returns[i];
        for (int p = 0; p < seats; p++) {
            rewards.put(i * seats + p, reward[r + p]);
            ret[p] += reward[r + p];
        }
        boolean done = env.done();
        terminated.put(i, (byte) (done && env.terminated() ? 1 : 0));
        truncated.put(i, (byte) (done && env.truncated() ? 1 : 0));
        if (done) {
            finish(i, worker);
            if (autoReset) {
                long seed = nextSeed(i);
                env.reset(seed);
                begin(i, seed);
            } else {
                finished[i] = true;
            }
        }
        writeCurrent(i, worker);
    }

    private void collect(AecEnv<S> env, float[] reward, int offset) {
        for (int p = 0; p < seats; p++) {
            reward[offset + p] += (float) env.reward(p);
        }
    }

    /** Env i's game just ended: every seat's final observation and the results. */
    private void finish(int i, int worker) {
        AecEnv<S> env = envs[i];
        float[] obs = obsScratch;
        int o = scratchAt(worker, obsSize, Float.BYTES);
        for (int p = 0; p < seats; p++) {
            env.observe(p, obs, o);
            finalObservations.put((i * seats + p) * obsSize, obs, o, obsSize);
            finalScores.put(i * seats + p, env.stateView().score(p));
            finalReturns.put(i * seats + p, (float) returns[i][p]);
        }
        EnvInfo info = env.info();
        int winners = 0;
        for (int w : info.winners()) {
            winners |= 1 << w;
        }
        finalWinners.put(i, winners);
        finalForfeited.put(i, info.forfeitedBy());
        episodeLength.put(i, lengths[i]);
        finishedRecords[i] = null;
        if (env.recording()) {
            try {
                finishedRecords[i] = env.record();
            } catch (IllegalStateException e) {
                // a game started from a given state has no record
            }
        }
    }

    private void writeCurrent(int i, int worker) {
        AecEnv<S> env = envs[i];
        byte[] mask = maskScratch;
        int m = scratchAt(worker, numActions, 1);
        if (finished[i]) {
            seat.put(i, -1);
            java.util.Arrays.fill(mask, m, m + numActions, (byte) 0);
            masks.put(i * numActions, mask, m, numActions);
            keepMask(i, mask, m);
            return;
        }
        int p = env.currentPlayer();
        float[] obs = obsScratch;
        int o = scratchAt(worker, obsSize, Float.BYTES);
        env.observe(p, obs, o);
        env.mask(p, mask, m);
        observations.put(i * obsSize, obs, o, obsSize);
        masks.put(i * numActions, mask, m, numActions);
        keepMask(i, mask, m);
        seat.put(i, p);
    }

    @Override
    public synchronized GameRecord finishedRecord(int i) {
        checkIndex(i);
        GameRecord r = finishedRecords[i];
        if (r == null) {
            throw new IllegalStateException("env " + i + " has no finished game recorded (recording was off, it "
                    + "started from a given state, or no game has ended)");
        }
        return r;
    }
}
