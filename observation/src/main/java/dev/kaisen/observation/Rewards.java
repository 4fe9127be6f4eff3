package dev.kaisen.observation;

import dev.kaisen.env.GameState;

import java.util.Arrays;

/** Reward arithmetic shared by the envs (see {@link RewardMode}). */
final class Rewards {
    private Rewards() {
    }

    /** Shaping potential of player p: own score minus the mean score of the others. */
    static double potential(GameState<?> s, int p) {
        int n = s.numPlayers();
        double others = 0;
        for (int q = 0; q < n; q++) {
            if (q != p) {
                others += s.score(q);
            }
        }
        return s.score(p) - others / (n - 1);
    }

    /** The rewards of a forfeit: the offender -1, the others share +1. */
    static void forfeit(int n, int offender, double[] out) {
        Arrays.fill(out, 0, n, 1.0 / (n - 1));
        out[offender] = -1.0;
    }
}
