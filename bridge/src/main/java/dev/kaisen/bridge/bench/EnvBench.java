package dev.kaisen.bridge.bench;

import dev.kaisen.env.Game;
import dev.kaisen.env.GameState;
import dev.kaisen.observation.RewardMode;
import dev.kaisen.observation.SingleEnv;
import dev.kaisen.observation.BatchedEnv;
import dev.kaisen.observation.MultiAgentVectorEnv;
import dev.kaisen.observation.VectorEnv;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A warmed-up throughput harness for the env layers: each workload runs for a warm-up
 * period, then for several measured periods; the reported rate is the median period's.
 * All workloads pick uniformly random legal actions; opponents are {@code random}. Any game.
 */
public final class EnvBench {
    /** A workload runs for about {@code nanos} and returns the units of work it did. */
    public interface Workload {
        long runFor(long nanos);
    }

    private final double warmupSeconds;
    private final double periodSeconds;
    private final int periods;

    public EnvBench(double warmupSeconds, double periodSeconds, int periods) {
        this.warmupSeconds = warmupSeconds;
        this.periodSeconds = periodSeconds;
        this.periods = periods;
    }

    /** Units per second: the median over the measured periods. */
    public double measure(Workload w) {
        w.runFor((long) (warmupSeconds * 1e9));
        double[] rates = new double[periods];
        for (int i = 0; i < periods; i++) {
            long start = System.nanoTime();
            long units = w.runFor((long) (periodSeconds * 1e9));
            rates[i] = units / ((System.nanoTime() - start) / 1e9);
        }
        java.util.Arrays.sort(rates);
        return rates[periods / 2];
    }

    /**
     * Units per second of each workload, measured in turns: after each has warmed up for
     * {@code warmupSeconds}, they run one after the other for {@code sliceSeconds} each, round
     * after round, until {@code seconds} have passed. On a shared machine whose other work comes and
     * goes, every workload then sees the same background, which measuring one after the other
     * for seconds each does not give. Each round takes them in an order of its own, drawn with a
     * fixed seed ({@link #ORDER_SEED}), so that none always runs first, or right after the same one
     * (whose threads may still hold a core, or have left the caches to it).
     */
    public static double[] interleaved(List<Workload> workloads, double warmupSeconds, double seconds,
                                       double sliceSeconds) {
        for (Workload w : workloads) {
            w.runFor((long) (warmupSeconds * 1e9));
        }
        int k = workloads.size();
        long[] units = new long[k];
        long[] nanos = new long[k];
        long slice = Math.max(1, (long) (sliceSeconds * 1e9));
        long end = System.nanoTime() + (long) (seconds * 1e9);
        SplittableRandom orders = new SplittableRandom(ORDER_SEED);
        int[] order = new int[k];
        do {
            roundOrder(order, orders);
            for (int i : order) {
                long start = System.nanoTime();
                units[i] += workloads.get(i).runFor(slice);
                nanos[i] += System.nanoTime() - start;
            }
        } while (System.nanoTime() < end);
        double[] rates = new double[k];
        for (int i = 0; i < k; i++) {
            rates[i] = units[i] / (nanos[i] / 1e9);
        }
        return rates;
    }

    /** The seed of the rounds' orders in {@link #interleaved}. */
    static final long ORDER_SEED = 20261205L;

    /** A round's order: 0..k-1 shuffled (Fisher-Yates). */
    static void roundOrder(int[] order, SplittableRandom random) {
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        for (int i = order.length - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
    }

    /** (a) The raw engine: random-playout decisions, legal-action generation included. */
    public static <S extends GameState<S>> Workload engine(Game<S> game) {
        SplittableRandom random = new SplittableRandom(1);
        int[] legal = new int[game.numDistinctActions()];
        List<S> state = new java.util.ArrayList<>(List.of(game.newGame(random.nextLong())));
        return nanos -> {
            long end = System.nanoTime() + nanos;
            long units = 0;
            S s = state.get(0);
            do {
                for (int k = 0; k < 256; k++) {
                    if (s.isTerminal()) {
                        s = game.newGame(random.nextLong());
                    }
                    int count = s.legalActions(legal);
                    s.applyInPlace(legal[random.nextInt(count)]);
                }
                units += 256;
            } while (System.nanoTime() < end);
            state.set(0, s);
            return units;
        };
    }

    private static <S extends GameState<S>> SingleEnv.Config<S> config(Game<S> game) {
        return new SingleEnv.Config<>(game, -1, List.of("random"), RewardMode.TERMINAL);
    }

    /** (b) The single-learner env: step, then the learner's observation and mask encoded. */
    public static <S extends GameState<S>> Workload singleEnv(Game<S> game) {
        SingleEnv<S> env = new SingleEnv<>(config(game));
        SplittableRandom random = new SplittableRandom(2);
        float[] obs = new float[env.encoder().size()];
        byte[] mask = new byte[game.numDistinctActions()];
        long[] episode = {0};
        env.reset(episode[0]++);
        env.observe(obs, 0);
        env.mask(mask, 0);
        return nanos -> {
            long end = System.nanoTime() + nanos;
            long units = 0;
            do {
                for (int k = 0; k < 64; k++) {
                    env.step(pick(mask, 0, mask.length, random));
                    if (env.done()) {
                        env.reset(episode[0]++);
                    }
                    env.observe(obs, 0);
                    env.mask(mask, 0);
                }
                units += 64;
            } while (System.nanoTime() < end);
            return units;
        };
    }

    /**
     * (c) A vectorized env (single-learner, or multi-agent with every seat answered here): one step
     * call for N envs, actions drawn from the masks in its buffer and written to its actions region.
     * The draw is this harness's serial part (the caller's policy, between two steps), so it reads
     * the masks in place, 8 entries at a time ({@link #pick(ByteBuffer, int, int, SplittableRandom)}).
     */
    public static Workload vectorEnv(BatchedEnv<?> vec) {
        SplittableRandom random = new SplittableRandom(3);
        int n = vec.numEnvs();
        int a = vec.layout().region("masks").shape().get(1);
        int[] actions = new int[n];
        ByteBuffer maskRegion = vec.region("masks");
        java.nio.IntBuffer actionRegion = vec.region("actions").asIntBuffer();
        vec.reset();
        return nanos -> {
            long end = System.nanoTime() + nanos;
            long units = 0;
            do {
                for (int i = 0; i < n; i++) {
                    actions[i] = pick(maskRegion, i * a, a, random);
                }
                actionRegion.put(0, actions);
                vec.step();
                units += n;
            } while (System.nanoTime() < end);
            return units;
        };
    }

    /** A uniformly random action among the mask's ones. */
    static int pick(byte[] mask, int offset, int numActions, SplittableRandom random) {
        int count = 0;
        for (int a = 0; a < numActions; a++) {
            count += mask[offset + a];
        }
        int k = random.nextInt(count);
        for (int a = 0; ; a++) {
            if (mask[offset + a] != 0 && k-- == 0) {
                return a;
            }
        }
    }

    /** Sums the eight bytes of {@code x}, each 0 or 1. */
    private static int ones(long x) {
        return (int) ((x * 0x0101010101010101L) >>> 56);
    }

    /**
     * A uniformly random action among the ones of a mask of 0/1 bytes, read in place: the legal
     * actions counted, then the k-th found, 8 bytes at a time (a sum of bytes, whatever their order).
     */
    static int pick(ByteBuffer masks, int offset, int numActions, SplittableRandom random) {
        int whole = numActions & ~7;
        int count = 0;
        for (int a = 0; a < whole; a += 8) {
            count += ones(masks.getLong(offset + a));
        }
        for (int a = whole; a < numActions; a++) {
            count += masks.get(offset + a);
        }
        int k = random.nextInt(count);
        int a = 0;
        for (; a < whole; a += 8) {
            int c = ones(masks.getLong(offset + a));
            if (k < c) {
                break;
            }
            k -= c;
        }
        for (; ; a++) {
            if (masks.get(offset + a) != 0 && k-- == 0) {
                return a;
            }
        }
    }

    /** A multi-agent vector env of N games, every seat answered by the caller. */
    public static <S extends GameState<S>> MultiAgentVectorEnv<S> newMultiAgentVectorEnv(Game<S> game, int n,
                                                                                        int threads) {
        return new MultiAgentVectorEnv<>(n, new MultiAgentVectorEnv.Config<>(game,
                MultiAgentVectorEnv.Config.allExternal(game.numPlayers()), RewardMode.TERMINAL), 1, threads, null,
                true);
    }

    public static <S extends GameState<S>> VectorEnv<S> newVectorEnv(Game<S> game, int n, int threads) {
        return new VectorEnv<>(n, config(game), 4, threads);
    }
}
