package dev.kaisen.observation;

import dev.kaisen.env.GameState;

/**
 * What an env reports besides rewards: scores and first tie-breaks by absolute seat, the
 * winners (empty until the end), why the game ended, the decisions made, and for an episode
 * ended by an illegal action under {@link IllegalActionMode#LOSE}, the offender and why
 * ({@code forfeitedBy} -1 and {@code illegal} null otherwise).
 */
public record EnvInfo(int[] scores, int[] tiebreaks, int[] winners, String endReason, int decisions, int forfeitedBy,
                      String illegal) {
    public static final String FORFEIT = "ILLEGAL_ACTION";

    public static EnvInfo of(GameState<?> s) {
        int n = s.numPlayers();
        int[] scores = new int[n];
        int[] tiebreaks = new int[n];
        for (int p = 0; p < n; p++) {
            scores[p] = s.score(p);
            tiebreaks[p] = s.tiebreak(p);
        }
        return new EnvInfo(scores, tiebreaks, s.isTerminal() ? s.winners() : new int[0], s.endReason(), s.decisions(),
                -1, null);
    }

    /** The info of an episode that {@code offender} lost by an illegal action (everyone else wins). */
    public static EnvInfo forfeit(GameState<?> s, int offender, String why) {
        EnvInfo i = of(s);
        int[] winners = new int[s.numPlayers() - 1];
        for (int p = 0, k = 0; p < s.numPlayers(); p++) {
            if (p != offender) {
                winners[k++] = p;
            }
        }
        return new EnvInfo(i.scores, i.tiebreaks, winners, FORFEIT, i.decisions, offender, why);
    }
}
