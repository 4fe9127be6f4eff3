package dev.kaisen.training.ppo;

import dev.kaisen.env.Agent;
import dev.kaisen.env.SplitMix64;
import dev.kaisen.env.osaka.OsakaAction;
import dev.kaisen.env.osaka.OsakaState;
import dev.kaisen.observation.osaka.OsakaObservation;

/**
 * A trained policy as an {@link Agent}: it encodes the current player's observation (the
 * same leak-free tensor the learner saw), masks the illegal actions and plays the most likely
 * legal action ({@link Mode#GREEDY}) or samples from the masked policy ({@link Mode#SAMPLE},
 * seeded). One instance serves one game at a time.
 */
public final class NeuralAgent implements Agent<OsakaState> {
    public enum Mode { GREEDY, SAMPLE }

    private final MlpWeights weights;
    private final String name;
    private final Mode mode;
    private final OsakaObservation encoder = new OsakaObservation();
    private final MlpWeights.Scratch scratch;
    private final float[] obs = new float[OsakaObservation.SIZE];
    private final byte[] mask = new byte[OsakaAction.COUNT];
    private final float[] logits = new float[OsakaAction.COUNT];
    private final double[] logp = new double[OsakaAction.COUNT];
    private long rng;

    public NeuralAgent(MlpWeights weights, String name, Mode mode, long seed) {
        if (weights.inputSize() != OsakaObservation.SIZE || weights.actions() != OsakaAction.COUNT) {
            throw new IllegalArgumentException("network for " + weights.inputSize() + " inputs and " + weights.actions()
                    + " actions cannot play Traders of Osaka (" + OsakaObservation.SIZE + ", " + OsakaAction.COUNT + ")");
        }
        this.weights = weights;
        this.name = name;
        this.mode = mode;
        this.scratch = weights.scratch();
        this.rng = seed;
    }

    @Override
    public int chooseAction(OsakaState state) {
        int p = state.currentPlayer();
        encoder.encode(state, p, obs, 0);
        OsakaObservation.mask(state, p, mask, 0);
        weights.forward(obs, scratch, logits);
        if (mode == Mode.GREEDY) {
            return MaskedPolicy.argmax(logits, 0, mask, 0, OsakaAction.COUNT);
        }
        MaskedPolicy.logSoftmax(logits, 0, mask, 0, OsakaAction.COUNT, logp);
        rng = SplitMix64.advance(rng);
        double u = SplitMix64.unit(SplitMix64.mix(rng));
        return MaskedPolicy.sample(logp, OsakaAction.COUNT, u);
    }

    @Override
    public String name() {
        return name;
    }
}
