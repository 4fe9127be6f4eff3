package dev.kaisen.training.ismcts;

import dev.kaisen.env.Agent;
import dev.kaisen.env.Agents;
import dev.kaisen.env.Game;
import dev.kaisen.env.GameConfig;
import dev.kaisen.env.GameState;
import dev.kaisen.env.Games;
import dev.kaisen.env.SplitMix64;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The search itself, against exact values: in short two-player endgames, the game value of
 * every root action is computed here by brute-force minimax (each player maximizes their own
 * win share; two players, so the game is zero-sum), and ISMCTS must choose an action of the
 * best value wherever the actions differ. Only endgames whose values are the same at every state
 * for the player to act there, in the true state and in determinizations for that player,
 * count: then minimax is the true value (no sealed choice, hidden card or later chance changes
 * a best reply). Checked with an even prior and random rollouts (the tree alone must find it) and
 * with the default bot prior (the search must overrule its prior when the prior is wrong).
 */
class IsmctsSearchTest {
    /** Brute force looks this many decisions ahead at most. */
    private static final int HORIZON = 5;

    /** Brute force gives up on a position beyond this many states. */
    private static final int BUDGET = 20_000;

    /**
     * Over every registered game; a game whose endgames all depend on hidden parts or chance
     * (e.g. sealed bids) has none to check, so the count is over all games together.
     */
    @Test
    void searchFindsTheBestActionOfShortEndgames() {
        int checked = 0;
        StringBuilder perGame = new StringBuilder();
        for (String id : Games.ids()) {
            int n = check(Games.create(id, GameConfig.of(2)));
            perGame.append(' ').append(id).append('=').append(n);
            checked += n;
        }
        assertTrue(checked >= 8, "too few endgames with actions of different values:" + perGame);
    }

    private static <S extends GameState<S>> int check(Game<S> g) {
        String id = g.id();
        List<S> endgames = endgames(g, 150);
        int checked = 0;
        for (S s : endgames) {
            int me = s.currentPlayer();
            int[] legal = s.legalActions();
            double[] value = values(s, legal, me);
            boolean settled = settled(s);
            for (long k = 0; k < 4 && settled; k++) {
                settled = Arrays.equals(value, values(s.determinize(me, k), legal, me));
            }
            double best = Arrays.stream(value).max().orElseThrow();
            double worst = Arrays.stream(value).min().orElseThrow();
            if (!settled || best == worst || Double.isNaN(best)) {
                continue;
            }
            for (String name : List.of("ismcts:400:random", "ismcts:400")) {
                Agent<S> agent = Agents.create(g, name, SplitMix64.derive(id.hashCode(), s.decisions()));
                int choice = agent.chooseAction(s);
                for (int k = 0; k < legal.length; k++) {
                    if (legal[k] == choice) {
                        assertTrue(value[k] == best, name + " chose " + g.actionName(choice) + " (value " + value[k]
                                + ") where the best is " + best + " at decision " + s.decisions() + " of " + id);
                    }
                }
                checked++;
            }
        }
        return checked;
    }

    private static <S extends GameState<S>> double[] values(S s, int[] legal, int me) {
        double[] value = new double[legal.length];
        for (int k = 0; k < legal.length; k++) {
            value[k] = minimax(s.apply(legal[k]), me);
        }
        return value;
    }

    /**
     * Whether minimax is the true value here: at every state of the endgame, the value is the
     * same in two determinizations for the player to act there, so no player's best reply
     * depends on something hidden from them (a sealed bid, a hidden card, later chance).
     */
    private static <S extends GameState<S>> boolean settled(S s) {
        if (s.isTerminal()) {
            return true;
        }
        int mover = s.currentPlayer();
        double v = minimax(s, 0);
        for (long k = 0; k < 2; k++) {
            if (minimax(s.determinize(mover, k), 0) != v) {
                return false;
            }
        }
        for (int a : s.legalActions()) {
            if (!settled(s.apply(a))) {
                return false;
            }
        }
        return true;
    }

    /** The win share of {@code me} under perfect play of both players. */
    private static <S extends GameState<S>> double minimax(S s, int me) {
        return minimax(s, me, 2 * HORIZON, new int[]{BUDGET});
    }

    /**
     * As {@link #minimax(GameState, int)}, or NaN when a line runs past {@code depth} decisions or
     * the search past {@code budget} states: a determinization redraws later chance (dice), so an
     * endgame short in the true state may not be short there, and such a position does not count.
     */
    private static <S extends GameState<S>> double minimax(S s, int me, int depth, int[] budget) {
        if (s.isTerminal()) {
            double[] shares = new double[s.numPlayers()];
            s.winShares(shares);
            return shares[me];
        }
        if (depth == 0 || --budget[0] < 0) {
            return Double.NaN;
        }
        boolean mine = s.currentPlayer() == me;
        double best = mine ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
        for (int a : s.legalActions()) {
            double v = minimax(s.apply(a), me, depth - 1, budget);
            best = mine ? Math.max(best, v) : Math.min(best, v); // NaN wins both
        }
        return best;
    }

    /**
     * States of random two-player games, with a choice, whose every line to the end is at most
     * {@link #HORIZON} decisions long (and not more than {@link #BUDGET} states in all).
     */
    private static <S extends GameState<S>> List<S> endgames(Game<S> g, int wanted) {
        List<S> out = new ArrayList<>();
        for (int seed = 0; seed < 3000 && out.size() < wanted; seed++) {
            SplittableRandom r = new SplittableRandom(seed);
            List<S> line = new ArrayList<>();
            S s = g.newGame(seed);
            while (!s.isTerminal()) {
                line.add(s.copy());
                int[] legal = s.legalActions();
                s.applyInPlace(legal[r.nextInt(legal.length)]);
            }
            for (int back = Math.min(HORIZON, line.size()); back >= 2; back--) {
                S candidate = line.get(line.size() - back);
                if (candidate.legalActions().length > 1 && isShort(candidate, HORIZON, new int[]{BUDGET})) {
                    out.add(candidate);
                }
            }
        }
        return out;
    }

    private static <S extends GameState<S>> boolean isShort(S s, int depth, int[] budget) {
        if (s.isTerminal()) {
            return true;
        }
        if (depth == 0 || --budget[0] < 0) {
            return false;
        }
        for (int a : s.legalActions()) {
            if (!isShort(s.apply(a), depth - 1, budget)) {
                return false;
            }
        }
        return true;
    }
}
