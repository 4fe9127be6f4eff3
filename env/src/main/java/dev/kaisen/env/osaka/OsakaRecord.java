package dev.kaisen.env.osaka;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.kaisen.env.GameFormatException;
import dev.kaisen.env.IllegalActionException;
import dev.kaisen.env.Json;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * A game record (format {@value #FORMAT}, documented in {@code docs/game-records.md}): the
 * config, the seed and every step in order, each player decision and each chance outcome
 * (the setup shuffle, every card drawn and where it went, the start-player draw,
 * reshuffles of the discard pile), then the result. Built by {@link Recorder}; checked and
 * replayed by {@link #replay}.
 */
@JsonPropertyOrder({"format", "game", "config", "seed", "steps", "result"})
public record OsakaRecord(String format, String game, Config config, long seed, List<Step> steps, Result result) {
    public static final String FORMAT = "kaisen.osaka.record/1";
    public static final String GAME = "osaka";

    public record Config(int players) {
    }

    /**
     * One step. {@code type} is one of {@code shuffle} (pile {@code all} at setup or
     * {@code discard}; order top first), {@code draw} (card, to market/farm/hand/vp, player
     * for hand and vp), {@code start-player} (tied seats, chosen seat) and {@code decision}
     * (player, action id, action name).
     */
    @JsonPropertyOrder({"type", "player", "action", "name", "pile", "order", "card", "to", "tied", "chosen"})
    public record Step(String type, Integer player, Integer action, String name, String pile, List<String> order,
                       String card, String to, List<Integer> tied, Integer chosen) {
        static Step decision(int player, int action) {
            return new Step("decision", player, action, OsakaAction.name(action), null, null, null, null, null, null);
        }

        static Step shuffle(boolean fromDiscard, int[] topFirst) {
            List<String> order = new ArrayList<>(topFirst.length);
            for (int card : topFirst) {
                order.add(Cards.name(card));
            }
            return new Step("shuffle", null, null, null, fromDiscard ? "discard" : "all", order, null, null, null, null);
        }

        static Step draw(int card, OsakaEvents.Place place, int player) {
            return new Step("draw", player < 0 ? null : player, null, null, null, null, Cards.name(card),
                    place.name().toLowerCase(Locale.ROOT), null, null);
        }

        static Step startPlayer(int[] tied, int chosen) {
            List<Integer> seats = new ArrayList<>();
            for (int p : tied) {
                seats.add(p);
            }
            return new Step("start-player", null, null, null, null, null, null, null, seats, chosen);
        }

        boolean isDecision() {
            return "decision".equals(type);
        }

        String describe() {
            return Json.write(this, false);
        }
    }

    @JsonPropertyOrder({"decisions", "endReason", "vp", "tokens", "winners"})
    public record Result(int decisions, String endReason, List<Integer> vp, List<Integer> tokens, List<Integer> winners) {
        static Result of(OsakaState s) {
            List<Integer> vp = new ArrayList<>();
            List<Integer> tokens = new ArrayList<>();
            for (int p = 0; p < s.n; p++) {
                vp.add(s.victoryPoints(p));
                tokens.add(s.totalTokens(p));
            }
            List<Integer> winners = new ArrayList<>();
            if (s.isTerminal()) {
                for (int p : s.winners()) {
                    winners.add(p);
                }
            }
            return new Result(s.decisions(), s.endReason().name(), vp, tokens, winners);
        }
    }

    public String toJson(boolean pretty) {
        return Json.write(this, pretty);
    }

    public static OsakaRecord fromJson(String json) {
        return Json.read(json, OsakaRecord.class);
    }

    /** Collects the steps of one game as it is played. */
    public static final class Recorder implements OsakaEvents {
        private final OsakaConfig config;
        private final long seed;
        private final List<Step> steps = new ArrayList<>();

        public Recorder(OsakaConfig config, long seed) {
            this.config = config;
            this.seed = seed;
        }

        /** Deals the game, recording the setup's chance outcomes. */
        public OsakaState newGame() {
            return OsakaState.newGame(config, seed, this);
        }

        /** Applies a decision in place, recording it and then the chance outcomes it causes. */
        public void applyInPlace(OsakaState state, int action) {
            int at = steps.size();
            steps.add(Step.decision(state.currentPlayer(), action));
            try {
                state.applyInPlace(action, this);
            } catch (RuntimeException e) {
                steps.remove(at);
                throw e;
            }
        }

        private void chance(Step step) {
            steps.add(step);
        }

        @Override
        public void shuffled(boolean fromDiscard, int[] topFirst) {
            chance(Step.shuffle(fromDiscard, topFirst));
        }

        @Override
        public void drew(int card, Place place, int player) {
            chance(Step.draw(card, place, player));
        }

        @Override
        public void startPlayer(int[] tied, int chosen) {
            chance(Step.startPlayer(tied, chosen));
        }

        /** The record so far, with the result of {@code finalState}. */
        public OsakaRecord finish(OsakaState finalState) {
            return new OsakaRecord(FORMAT, GAME, new Config(config.players()), seed, List.copyOf(steps),
                    Result.of(finalState));
        }
    }

    /**
     * Replays this record from its config and seed, checking every step against the rules:
     * each decision must be made by the player to act and be legal, and each chance outcome
     * must be the one the rules produce at that point; the result must match the final state.
     *
     * @return the final state
     * @throws GameFormatException naming the first step that does not check
     */
    public OsakaState replay() {
        if (!FORMAT.equals(format)) {
            throw new GameFormatException("format must be '" + FORMAT + "', not '" + format + "'");
        }
        if (!GAME.equals(game)) {
            throw new GameFormatException("game must be '" + GAME + "', not '" + game + "'");
        }
        Json.require(config, "config");
        List<Step> recorded = Json.require(steps, "steps");
        OsakaConfig cfg;
        try {
            cfg = new OsakaConfig(config.players());
        } catch (IllegalArgumentException e) {
            throw new GameFormatException("config.players: " + e.getMessage());
        }
        for (int i = 0; i < recorded.size(); i++) {
            validateNames(recorded.get(i), i);
        }
        Recorder expected = new Recorder(cfg, seed);
        OsakaState state = expected.newGame();
        int checked = compare(recorded, expected.steps, 0);
        while (checked < recorded.size()) {
            Step step = recorded.get(checked);
            if (!step.isDecision()) {
                throw new GameFormatException("step " + checked + ": the rules produce no chance outcome here, but the record has "
                        + step.describe());
            }
            if (state.isTerminal()) {
                throw new GameFormatException("step " + checked + ": the game is already over, but the record goes on");
            }
            int action = Json.require(step.action(), "steps[" + checked + "].action");
            int player = Json.require(step.player(), "steps[" + checked + "].player");
            if (player != state.currentPlayer()) {
                throw new GameFormatException("step " + checked + ": player " + player + " decides, but player "
                        + state.currentPlayer() + " is to act");
            }
            if (step.name() != null && !step.name().equals(OsakaAction.name(action))) {
                throw new GameFormatException("step " + checked + ": action " + action + " is named '" + step.name()
                        + "' but its name is '" + OsakaAction.name(action) + "'");
            }
            try {
                expected.applyInPlace(state, action);
            } catch (IllegalActionException e) {
                throw new GameFormatException("step " + checked + ": " + e.getMessage(), e);
            }
            checked = compare(recorded, expected.steps, checked);
        }
        if (result != null && !result.equals(Result.of(state))) {
            throw new GameFormatException("the record's result " + Json.write(result, false)
                    + " differs from the replayed one " + Json.write(Result.of(state), false));
        }
        return state;
    }

    /** Compares recorded steps from {@code from} with the expected ones; returns the index after them. */
    private static int compare(List<Step> recorded, List<Step> expected, int from) {
        for (int i = from; i < expected.size(); i++) {
            if (i >= recorded.size()) {
                throw new GameFormatException("the record ends at step " + i + " but the rules go on with "
                        + expected.get(i).describe());
            }
            Step want = expected.get(i);
            Step got = recorded.get(i);
            boolean same = want.isDecision()
                    ? got.isDecision() && Objects.equals(want.action(), got.action()) && Objects.equals(want.player(), got.player())
                    : want.equals(got);
            if (!same) {
                throw new GameFormatException("step " + i + ": the record has " + got.describe() + " but the rules give "
                        + want.describe());
            }
        }
        return expected.size();
    }

    private static void validateNames(Step step, int i) {
        String where = "steps[" + i + "]";
        Json.require(step.type(), where + ".type");
        if (!Arrays.asList("decision", "shuffle", "draw", "start-player").contains(step.type())) {
            throw new GameFormatException(where + ".type: unknown step type '" + step.type()
                    + "' (expected decision, shuffle, draw or start-player)");
        }
        if (step.card() != null) {
            OsakaJson.parseCard(step.card(), where + ".card");
        }
        if (step.order() != null) {
            if (step.order().size() > Cards.COUNT) {
                throw new GameFormatException(where + ".order lists " + step.order().size() + " cards; there are 108");
            }
            for (String card : step.order()) {
                OsakaJson.parseCard(card, where + ".order");
            }
        }
        if (step.action() != null && !OsakaAction.isValidId(step.action())) {
            throw new GameFormatException(where + ".action " + step.action() + " is not an action id (0.."
                    + (OsakaAction.COUNT - 1) + ")");
        }
    }
}
