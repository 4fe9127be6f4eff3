package dev.kaisen.observation.osaka;

import dev.kaisen.env.osaka.OsakaState;

/** What an env reports besides rewards: scores by absolute seat, winners, why the game ended. */
public record EnvInfo(int[] vp, int[] tokens, int[] winners, String endReason, int decisions) {
    static EnvInfo of(OsakaState s) {
        int n = s.numPlayers();
        int[] vp = new int[n];
        int[] tokens = new int[n];
        for (int p = 0; p < n; p++) {
            vp[p] = s.victoryPoints(p);
            tokens[p] = s.totalTokens(p);
        }
        return new EnvInfo(vp, tokens, s.isTerminal() ? s.winners() : new int[0], s.endReason().name(), s.decisions());
    }
}
