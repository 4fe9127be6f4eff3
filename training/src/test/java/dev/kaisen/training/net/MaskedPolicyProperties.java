package dev.kaisen.training.net;

import dev.kaisen.env.SplitMix64;
import dev.kaisen.env.osaka.OsakaAction;
import dev.kaisen.env.osaka.OsakaGame;
import dev.kaisen.env.osaka.OsakaState;
import dev.kaisen.observation.Encoder;
import dev.kaisen.observation.Encoders;
import dev.kaisen.observation.Masks;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The masked policy never puts probability on an illegal action. */
class MaskedPolicyProperties {
    private static final int N = OsakaAction.COUNT;

    @Provide
    Arbitrary<float[]> logits() {
        // ordinary values, huge ones and ties: the illegal ones are often the largest
        return Arbitraries.oneOf(Arbitraries.floats().between(-10, 10), Arbitraries.floats().between(-1e4f, 1e4f),
                Arbitraries.just(0f)).array(float[].class).ofSize(N);
    }

    @Property(tries = 500)
    void illegalActionsGetZeroProbability(@ForAll("logits") float[] logits, @ForAll long maskBits,
                                          @ForAll @IntRange(min = 0, max = N - 1) int forcedLegal,
                                          @ForAll @LongRange(min = 0, max = Long.MAX_VALUE) long seed) {
        byte[] mask = new byte[N];
        for (int a = 0; a < N; a++) {
            mask[a] = (byte) ((maskBits >>> a) & 1);
        }
        mask[forcedLegal] = 1;
        checkPolicy(logits, mask, seed);
    }

    /** The same with real inputs: observations and masks of random game positions through a random network. */
    @Property(tries = 100)
    void networkPolicyOnGamePositions(@ForAll @IntRange(min = 2, max = 4) int players,
                                      @ForAll @LongRange(min = 0, max = 1_000_000) long seed,
                                      @ForAll @IntRange(min = 0, max = 300) int moves) {
        OsakaGame g = new OsakaGame(players);
        OsakaState s = g.newGame(seed);
        long r = seed;
        for (int i = 0; i < moves && !s.isTerminal(); i++) {
            int[] legal = s.legalActions();
            r = SplitMix64.advance(r);
            s.applyInPlace(legal[SplitMix64.below(SplitMix64.mix(r), legal.length)]);
        }
        if (s.isTerminal()) {
            return;
        }
        Encoder<OsakaState> encoder = Encoders.create(g);
        float[] obs = new float[encoder.size()];
        byte[] mask = new byte[N];
        encoder.encode(s, s.currentPlayer(), obs, 0);
        Masks.write(s, s.currentPlayer(), mask, 0, N, new int[N]);
        MlpWeights net = RandomNets.weights(encoder.size(), new int[]{32, 16}, N, seed, 3.0f);
        float[] logits = new float[N];
        net.forward(obs, net.scratch(), logits);
        checkPolicy(logits, mask, seed);
        int action = new NeuralAgent<>(g, null, net, "n", NeuralAgent.Mode.SAMPLE, seed).chooseAction(s);
        assertTrue(s.isLegal(action));
        assertTrue(s.isLegal(new NeuralAgent<>(g, null, net, "n", NeuralAgent.Mode.GREEDY, seed).chooseAction(s)));
    }

    private static void checkPolicy(float[] logits, byte[] mask, long seed) {
        double[] logp = new double[N];
        MaskedPolicy.logSoftmax(logits, 0, mask, 0, N, logp);
        double sum = 0;
        for (int a = 0; a < N; a++) {
            double p = Math.exp(logp[a]);
            if (mask[a] == 0) {
                assertEquals(0.0, p, 0.0, "illegal action " + a + " has probability");
            }
            sum += p;
        }
        assertEquals(1.0, sum, 1e-9);
        for (int k = 0; k < 20; k++) {
            double u = SplitMix64.unit(SplitMix64.mix(seed + k));
            assertEquals(1, mask[MaskedPolicy.sample(logp, N, u)]);
        }
        assertEquals(1, mask[MaskedPolicy.sample(logp, N, Math.nextDown(1.0))]);
        assertEquals(1, mask[MaskedPolicy.argmax(logits, 0, mask, 0, N)]);
        // no gradient reaches an illegal logit either
        int legal = MaskedPolicy.argmax(logits, 0, mask, 0, N);
        float[] grad = new float[N];
        PpoMath.policyLoss(logits, 0, mask, 0, N, legal, Math.max(logp[legal], -50), 1.0, 0.2, 0.01, 1.0, grad, 0,
                new double[N], new PpoMath.Stats());
        for (int a = 0; a < N; a++) {
            if (mask[a] == 0) {
                assertEquals(0f, grad[a]);
            }
        }
    }
}
