package dev.kaisen.observation.osaka;

import dev.kaisen.env.osaka.OsakaState;

/** Reward arithmetic shared by the envs (see {@link dev.kaisen.observation.RewardMode}). */
final class Rewards {
    private Rewards() {
    }

    /** Terminal zero-sum outcome: winners share +1, the others share -1; all 0 when everyone wins. */
    static void outcome(OsakaState s, double[] out) {
        int n = s.numPlayers();
        int[] winners = s.winners();
        int k = winners.length;
        if (k == n) {
            java.util.Arrays.fill(out, 0, n, 0.0);
            return;
        }
        java.util.Arrays.fill(out, 0, n, -1.0 / (n - k));
        for (int w : winners) {
            out[w] = 1.0 / k;
        }
    }

    /** Shaping potential of player p: own VP minus the mean VP of the others. */
    static double potential(OsakaState s, int p) {
        int n = s.numPlayers();
        double others = 0;
        for (int q = 0; q < n; q++) {
            if (q != p) {
                others += s.victoryPoints(q);
            }
        }
        return s.victoryPoints(p) - others / (n - 1);
    }
}
