package dev.kaisen.training.net;

import dev.kaisen.env.Agent;
import dev.kaisen.env.Game;
import dev.kaisen.env.GameState;
import dev.kaisen.env.SplitMix64;
import dev.kaisen.observation.Encoder;
import dev.kaisen.observation.Encoders;
import dev.kaisen.observation.Masks;

/**
 * A trained policy as an {@link Agent}: it encodes the current player's observation (the
 * same leak-free tensor the learner saw), masks the illegal actions and plays the most likely
 * legal action ({@link Mode#GREEDY}) or samples from the masked policy ({@link Mode#SAMPLE},
 * seeded). One instance serves one game at a time.
 */
public final class NeuralAgent<S extends GameState<S>> implements Agent<S> {
    public enum Mode { GREEDY, SAMPLE }

    /**
     * What an agent name names after its prefix: {@code TARGET[:greedy|sample]} (greedy when no
     * mode is given), e.g. a checkpoint path for {@code dl4j:} or a model name for {@code zoo:}.
     */
    public record Named(String target, Mode mode) {
        public static Named parse(String rest) {
            if (rest.endsWith(":sample")) {
                return new Named(rest.substring(0, rest.length() - ":sample".length()), Mode.SAMPLE);
            }
            if (rest.endsWith(":greedy")) {
                return new Named(rest.substring(0, rest.length() - ":greedy".length()), Mode.GREEDY);
            }
            return new Named(rest, Mode.GREEDY);
        }
    }

    private final MlpWeights weights;
    private final String name;
    private final Mode mode;
    private final Encoder<S> encoder;
    private final int actions;
    private final MlpWeights.Scratch scratch;
    private final float[] obs;
    private final byte[] mask;
    private final int[] legal;
    private final float[] logits;
    private final double[] logp;
    private long rng;

    /** @param view the observation view the network was trained on */
    public NeuralAgent(Game<S> game, String view, MlpWeights weights, String name, Mode mode, long seed) {
        this.encoder = Encoders.create(game, view);
        this.actions = game.numDistinctActions();
        if (weights.inputSize() != encoder.size() || weights.actions() != actions) {
            throw new IllegalArgumentException("network for " + weights.inputSize() + " inputs and " + weights.actions()
                    + " actions cannot play " + game.id() + " (" + encoder.size() + ", " + actions + ")");
        }
        this.obs = new float[encoder.size()];
        this.mask = new byte[actions];
        this.legal = new int[actions];
        this.logits = new float[actions];
        this.logp = new double[actions];
        this.weights = weights;
        this.name = name;
        this.mode = mode;
        this.scratch = weights.scratch();
        this.rng = seed;
    }

    @Override
    public int chooseAction(S state) {
        int p = state.currentPlayer();
        encoder.encode(state, p, obs, 0);
        Masks.write(state, p, mask, 0, actions, legal);
        weights.forward(obs, scratch, logits);
        if (mode == Mode.GREEDY) {
            return MaskedPolicy.argmax(logits, 0, mask, 0, actions);
        }
        MaskedPolicy.logSoftmax(logits, 0, mask, 0, actions, logp);
        rng = SplitMix64.advance(rng);
        double u = SplitMix64.unit(SplitMix64.mix(rng));
        return MaskedPolicy.sample(logp, actions, u);
    }

    @Override
    public String name() {
        return name;
    }
}
