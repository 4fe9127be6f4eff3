package dev.kaisen.env.merchants;

import dev.kaisen.env.ValueGreedyAgent;

/** TEMPORARY (replaced before commit). */
public final class MerchantsGreedyAgent extends ValueGreedyAgent<MerchantsState> {
    public MerchantsGreedyAgent(long seed) {
        super(seed, MerchantsAction.COUNT);
    }

    @Override
    protected double value(MerchantsState s, int action) {
        return 0;
    }
}
