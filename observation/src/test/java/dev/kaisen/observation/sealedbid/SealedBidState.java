package dev.kaisen.observation.sealedbid;

import dev.kaisen.env.ChanceLog;
import dev.kaisen.env.GameState;
import dev.kaisen.env.IllegalActionException;
import dev.kaisen.env.SealedChoices;
import dev.kaisen.env.SplitMix64;

import java.util.Arrays;
import java.util.Map;
import java.util.StringJoiner;

/**
 * A small sealed-bid auction, registered only in the tests: the conformance suite's check
 * that the platform carries a game with simultaneous choices, more than 64 actions and up to
 * 5 players. Each round a prize of 1-10 points is drawn (a chance step, seen by all); the
 * players then commit bids in turn from the round's start player ({@link SealedChoices}: each
 * bid hidden from the others until all have bid); the reveal is the step that resolves the
 * round: the highest bid held by exactly one player wins the prize and pays the bid; tied
 * highest bids win nothing. After the last round: most points wins, then most coins.
 */
final class SealedBidState implements GameState<SealedBidState> {
    static final int MAX_PLAYERS = 5;
    static final int MAX_ROUNDS = 10;
    static final int START_COINS = 99;
    /** Action id = bid, 0..99. */
    static final int ACTIONS = START_COINS + 1;
    static final int MAX_PRIZE = 10;

    final int n;
    final int rounds;
    int round;
    int prize;
    final int[] coins;
    final int[] points;
    final SealedChoices bids;
    /** Revealed bids of past rounds, index {@code round * n + seat}; -1 for rounds not played. */
    final int[] history;
    int current;
    int decisions;
    long rng;

    SealedBidState(int players, int rounds) {
        this.n = players;
        this.rounds = rounds;
        this.coins = new int[n];
        Arrays.fill(coins, START_COINS);
        this.points = new int[n];
        this.bids = new SealedChoices(n);
        this.history = new int[MAX_ROUNDS * n];
        Arrays.fill(history, -1);
    }

    private SealedBidState(SealedBidState o) {
        n = o.n;
        rounds = o.rounds;
        round = o.round;
        prize = o.prize;
        coins = o.coins.clone();
        points = o.points.clone();
        bids = o.bids.copy();
        history = o.history.clone();
        current = o.current;
        decisions = o.decisions;
        rng = o.rng;
    }

    static SealedBidState newGame(int players, int rounds, long seed, ChanceLog chance) {
        SealedBidState s = new SealedBidState(players, rounds);
        s.rng = seed;
        s.drawPrize(chance);
        return s;
    }

    private void drawPrize(ChanceLog chance) {
        rng = SplitMix64.advance(rng);
        prize = 1 + SplitMix64.below(SplitMix64.mix(rng), MAX_PRIZE);
        chance.chance("prize", Map.of("round", round, "points", prize));
    }

    @Override
    public int numPlayers() {
        return n;
    }

    @Override
    public int currentPlayer() {
        return isTerminal() ? -1 : current;
    }

    @Override
    public boolean isTerminal() {
        return round >= rounds;
    }

    @Override
    public boolean isTruncated() {
        return false;
    }

    @Override
    public String endReason() {
        return isTerminal() ? "ROUNDS" : "NONE";
    }

    @Override
    public int decisions() {
        return decisions;
    }

    @Override
    public int legalActions(int[] out) {
        if (isTerminal()) {
            return 0;
        }
        for (int b = 0; b <= coins[current]; b++) {
            out[b] = b;
        }
        return coins[current] + 1;
    }

    @Override
    public int[] legalActions() {
        int[] out = new int[ACTIONS];
        return Arrays.copyOf(out, legalActions(out));
    }

    @Override
    public boolean isLegal(int action) {
        return !isTerminal() && action >= 0 && action <= coins[current];
    }

    @Override
    public void applyInPlace(int action, ChanceLog chance) {
        if (!isLegal(action)) {
            throw illegal(action);
        }
        decisions++;
        bids.commit(current, action);
        if (!bids.allCommitted()) {
            current = (current + 1) % n;
            return;
        }
        bids.reveal();
        int best = -1;
        int winner = -1;
        for (int p = 0; p < n; p++) {
            int b = bids.choice(p);
            history[round * n + p] = b;
            if (b > best) {
                best = b;
                winner = p;
            } else if (b == best) {
                winner = -1;
            }
        }
        if (winner >= 0) {
            points[winner] += prize;
            coins[winner] -= best;
        }
        bids.clear();
        round++;
        current = round % n;
        if (!isTerminal()) {
            drawPrize(chance);
        }
    }

    @Override
    public IllegalActionException illegal(int action) {
        StringJoiner legal = new StringJoiner(", ", "[", "]");
        if (!isTerminal()) {
            legal.add("0 bid:0 .. " + coins[current] + " bid:" + coins[current]);
        }
        return new IllegalActionException(action, "illegal action " + action + " (" + actionName(action) + "): "
                + (isTerminal() ? "the game is over" : "player " + current + " is to act") + "; legal actions: " + legal);
    }

    @Override
    public SealedBidState copy() {
        return new SealedBidState(this);
    }

    @Override
    public String actionName(int action) {
        return action >= 0 && action < ACTIONS ? "bid:" + action : "invalid:" + action;
    }

    /** Every bid is sealed: the other seats read only that one was committed (the reveal shows in the state). */
    @Override
    public String actionNameFor(int observer, int action) {
        GameState.checkObserver(this, observer);
        return observer != current && isLegal(action) ? "commits a sealed bid" : actionName(action);
    }

    @Override
    public int score(int player) {
        return points[player];
    }

    @Override
    public int tiebreak(int player) {
        return coins[player];
    }

    /**
     * Resamples the unrevealed bids of the other players (uniform over what each could have
     * bid) and restarts the random stream (future prizes are unknown).
     */
    @Override
    public SealedBidState determinize(int observer, long seed) {
        SealedBidState d = copy();
        d.rng = seed;
        d.bids.resampleHidden(observer, (p, value) -> {
            d.rng = SplitMix64.advance(d.rng);
            return SplitMix64.below(SplitMix64.mix(d.rng), d.coins[p] + 1);
        });
        return d;
    }

    /** Nothing is face down: only the random stream (future prizes) restarts; bids stay sealed. */
    @Override
    public void reseed(long seed) {
        rng = seed;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SealedBidState s && n == s.n && rounds == s.rounds && round == s.round && prize == s.prize
                && current == s.current && decisions == s.decisions && rng == s.rng && Arrays.equals(coins, s.coins)
                && Arrays.equals(points, s.points) && bids.equals(s.bids) && Arrays.equals(history, s.history);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(new long[] {n, round, prize, current, decisions, rng, Arrays.hashCode(coins),
                Arrays.hashCode(points), bids.hashCode()});
    }
}
