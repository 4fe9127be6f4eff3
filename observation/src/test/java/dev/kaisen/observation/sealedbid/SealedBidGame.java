package dev.kaisen.observation.sealedbid;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.kaisen.env.Agent;
import dev.kaisen.env.ChanceLog;
import dev.kaisen.env.Game;
import dev.kaisen.env.GameConfig;
import dev.kaisen.env.GameDescriptor;
import dev.kaisen.env.GameFormatException;
import dev.kaisen.env.GameOption;
import dev.kaisen.env.GameProvider;
import dev.kaisen.env.Json;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** The test game's contract: sizes, JSON, invariants; no bots (ISMCTS falls back to random rollouts). */
public final class SealedBidGame implements Game<SealedBidState> {
    static final GameOption ROUNDS = new GameOption("rounds", 3, "rounds to play (1-10)");

    /** Registers the test game as {@code sealedbid}, 2-5 players, option {@code rounds}. */
    public static final class Provider implements GameProvider {
        static final GameDescriptor<SealedBidState> DESCRIPTOR =
                GameDescriptor.<SealedBidState>builder("sealedbid", "Sealed-bid auction (test game)")
                        .players(2, SealedBidState.MAX_PLAYERS)
                        .options(ROUNDS)
                        .score("points", "coins")
                        .invariants(SealedBidGame::violations)
                        .create(Provider::game)
                        .build();

        @Override
        public GameDescriptor<SealedBidState> descriptor() {
            return DESCRIPTOR;
        }

        private static SealedBidGame game(GameConfig config) {
            int rounds = (Integer) config.option(ROUNDS);
            if (rounds < 1 || rounds > SealedBidState.MAX_ROUNDS) {
                throw new IllegalArgumentException("option 'rounds' must be 1 to " + SealedBidState.MAX_ROUNDS
                        + ", not " + rounds);
            }
            return new SealedBidGame(new Provider(), config, rounds);
        }
    }

    /** The JSON form: bids as committed (-1 none), whether revealed, and the revealed history. */
    record StateJson(String format, int players, int rounds, int round, int prize, int[] coins, int[] points,
                     int[] bids, boolean revealed, int[] history, int current, int decisions, long rng) {
    }

    private final GameProvider provider;
    private final GameConfig config;
    private final int rounds;

    SealedBidGame(GameProvider provider, GameConfig config, int rounds) {
        this.provider = provider;
        this.config = config;
        this.rounds = rounds;
    }

    @Override
    public GameProvider provider() {
        return provider;
    }

    @Override
    public GameConfig config() {
        return config;
    }

    @Override
    public int numDistinctActions() {
        return SealedBidState.ACTIONS;
    }

    @Override
    public int maxGameLength() {
        return SealedBidState.MAX_ROUNDS * SealedBidState.MAX_PLAYERS;
    }

    @Override
    public SealedBidState newGame(long seed, ChanceLog chance) {
        return SealedBidState.newGame(config.players(), rounds, seed, chance);
    }

    @Override
    public String actionName(int action) {
        return action >= 0 && action < SealedBidState.ACTIONS ? "bid:" + action : "invalid:" + action;
    }

    @Override
    public List<ActionEntry> actionTable() {
        List<ActionEntry> out = new ArrayList<>();
        for (int a = 0; a < SealedBidState.ACTIONS; a++) {
            out.add(new ActionEntry(a, actionName(a), "commit a sealed bid of " + a + " coins"));
        }
        return out;
    }

    @Override
    public String toJson(SealedBidState s, boolean pretty) {
        int[] bids = new int[s.n];
        for (int p = 0; p < s.n; p++) {
            bids[p] = s.bids.choice(p);
        }
        return Json.write(new StateJson("test.sealedbid/1", s.n, s.rounds, s.round, s.prize, s.coins, s.points, bids,
                s.bids.isRevealed(), Arrays.copyOf(s.history, s.rounds * s.n), s.current, s.decisions, s.rng), pretty);
    }

    @Override
    public SealedBidState fromJson(String json) {
        StateJson j = Json.read(json, StateJson.class);
        if (j.players() != config.players() || j.rounds() != rounds) {
            throw new GameFormatException("players/rounds differ from this game's");
        }
        SealedBidState s = new SealedBidState(j.players(), j.rounds());
        s.round = j.round();
        s.prize = j.prize();
        System.arraycopy(j.coins(), 0, s.coins, 0, s.n);
        System.arraycopy(j.points(), 0, s.points, 0, s.n);
        for (int p = 0; p < s.n; p++) {
            if (j.bids()[p] >= 0) {
                s.bids.commit(p, j.bids()[p]);
            }
        }
        if (j.revealed()) {
            s.bids.reveal();
        }
        System.arraycopy(j.history(), 0, s.history, 0, j.history().length);
        s.current = j.current();
        s.decisions = j.decisions();
        s.rng = j.rng();
        List<String> bad = invariantViolations(s);
        if (!bad.isEmpty()) {
            throw new GameFormatException(bad.get(0));
        }
        return s;
    }

    static List<String> violations(SealedBidState s) {
        List<String> out = new ArrayList<>();
        int spent = 0;
        for (int p = 0; p < s.n; p++) {
            if (s.coins[p] < 0 || s.coins[p] > SealedBidState.START_COINS) {
                out.add("coins of seat " + p + " out of range: " + s.coins[p]);
            }
            if (s.bids.choice(p) > s.coins[p]) {
                out.add("seat " + p + " bid more than its coins");
            }
            spent += SealedBidState.START_COINS - s.coins[p];
        }
        if (s.bids.isRevealed()) {
            out.add("a revealed round must have been resolved");
        }
        if (s.prize < 1 || s.prize > SealedBidState.MAX_PRIZE) {
            out.add("prize out of range: " + s.prize);
        }
        int committed = 0;
        for (int p = 0; p < s.n; p++) {
            committed += s.bids.hasCommitted(p) ? 1 : 0;
        }
        if (!s.isTerminal() && s.current != Math.floorMod(s.round + committed, s.n)) {
            out.add("seat " + s.current + " is to act but " + committed + " seats have bid in round " + s.round);
        }
        if (spent < 0) {
            out.add("coins were created");
        }
        return out;
    }

    @Override
    public String render(SealedBidState s, int observer) {
        // public facts only: the same text for every observer
        return "round " + s.round + "/" + s.rounds + ", prize " + s.prize + ", coins " + Arrays.toString(s.coins)
                + ", points " + Arrays.toString(s.points) + "\n";
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SealedBidGame g && g.config.equals(config);
    }

    @Override
    public int hashCode() {
        return config.hashCode();
    }

    static String write(Object tree) {
        try {
            return Json.mapper().writeValueAsString(tree);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
