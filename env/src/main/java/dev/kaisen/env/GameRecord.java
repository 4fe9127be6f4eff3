package dev.kaisen.env;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A game record (format {@value #FORMAT}, documented in {@code docs/game-records.md}), the
 * same envelope for every game: the game id, its config, the seed, and every step in order,
 * each a player decision or a chance outcome with the game's own payload, then the result.
 * Built by {@link Recorder}; checked and replayed by {@link #replay}.
 */
@JsonPropertyOrder({"format", "game", "config", "seed", "steps", "result"})
public record GameRecord(String format, String game, Map<String, Object> config, long seed, List<Step> steps,
                         Result result) {
    public static final String FORMAT = "kaisen.record/1";
    public static final String DECISION = "decision";
    public static final String CHANCE = "chance";
    /** The largest record file {@link #read} accepts: 256 MiB (a long game's record is under 1 MiB). */
    public static final long MAX_BYTES = 256L << 20;

    /**
     * One step: a {@code decision} (player, action id, action name) or a {@code chance}
     * outcome ({@code event} in the game's words, {@code data} its payload).
     */
    @JsonPropertyOrder({"type", "player", "action", "name", "event", "data"})
    public record Step(String type, Integer player, Integer action, String name, String event,
                       Map<String, Object> data) {
        static Step decision(int player, int action, String name) {
            return new Step(DECISION, player, action, name, null, null);
        }

        static Step chance(String event, Map<String, Object> data) {
            // normalized through JSON, so a recorded step read back compares equal
            @SuppressWarnings("unchecked")
            Map<String, Object> plain = Json.mapper().convertValue(data, LinkedHashMap.class);
            return new Step(CHANCE, null, null, null, event, plain);
        }

        boolean isDecision() {
            return DECISION.equals(type);
        }

        String describe() {
            return Json.write(this, false);
        }
    }

    /** The end: decisions made, why it ended, scores and first tie-breaks by seat, the winners. */
    @JsonPropertyOrder({"decisions", "endReason", "scores", "tiebreaks", "winners"})
    public record Result(int decisions, String endReason, List<Integer> scores, List<Integer> tiebreaks,
                         List<Integer> winners) {
        public static Result of(GameState<?> s) {
            List<Integer> scores = new ArrayList<>();
            List<Integer> tiebreaks = new ArrayList<>();
            for (int p = 0; p < s.numPlayers(); p++) {
                scores.add(s.score(p));
                tiebreaks.add(s.tiebreak(p));
            }
            List<Integer> winners = new ArrayList<>();
            if (s.isTerminal()) {
                for (int p : s.winners()) {
                    winners.add(p);
                }
            }
            return new Result(s.decisions(), s.endReason(), scores, tiebreaks, winners);
        }
    }

    public String toJson(boolean pretty) {
        return Json.write(this, pretty);
    }

    public static GameRecord fromJson(String json) {
        if (json == null || json.isBlank()) {
            throw new GameFormatException(EMPTY);
        }
        return nonNull(Json.read(json, GameRecord.class));
    }

    /**
     * Reads a record file: UTF-8 JSON of at most {@link #MAX_BYTES}; a missing, binary or too
     * large file is a {@link UserFiles.FileException}, malformed JSON a {@link GameFormatException}.
     */
    public static GameRecord read(java.nio.file.Path file) {
        return nonNull(UserFiles.readJson(file, MAX_BYTES, "a game record (JSON)", GameRecord.class));
    }

    private static final String EMPTY = "the record is empty (no JSON object, or null); give a game record as written "
            + "by selfplay --records";

    private static GameRecord nonNull(GameRecord record) {
        if (record == null) {
            throw new GameFormatException(EMPTY);
        }
        return record;
    }

    /** Collects the steps of one game as it is played. */
    public static final class Recorder<S extends GameState<S>> implements ChanceLog {
        private final Game<S> game;
        private final long seed;
        private final List<Step> steps = new ArrayList<>();

        public Recorder(Game<S> game, long seed) {
            this.game = game;
            this.seed = seed;
        }

        /** Deals the game, recording the setup's chance outcomes. */
        public S newGame() {
            return game.newGame(seed, this);
        }

        /** Applies a decision in place, recording it and then the chance outcomes it causes; an illegal one records nothing. */
        public void applyInPlace(S state, int action) {
            int at = steps.size();
            steps.add(Step.decision(state.currentPlayer(), action, game.actionName(action)));
            try {
                state.applyInPlace(action, this);
            } catch (RuntimeException e) {
                steps.subList(at, steps.size()).clear();
                throw e;
            }
        }

        @Override
        public void chance(String event, Map<String, Object> data) {
            steps.add(Step.chance(event, data));
        }

        List<Step> steps() {
            return steps;
        }

        /** The record so far, with the result of {@code finalState}. */
        public GameRecord finish(S finalState) {
            return new GameRecord(FORMAT, game.id(), game.config().toMap(), seed, List.copyOf(steps),
                    Result.of(finalState));
        }
    }

    /** The game this record was played with (registry id and config), checked. */
    public Game<?> openGame() {
        if (!FORMAT.equals(format)) {
            throw new GameFormatException("format must be '" + FORMAT + "', not '" + format + "'");
        }
        Json.require(game, "game");
        Json.require(config, "config");
        try {
            GameProvider p = Games.provider(game);
            return Games.create(game, GameConfig.parse(Json.write(config, false), p.defaultPlayers()));
        } catch (IllegalArgumentException e) {
            throw new GameFormatException("game/config: " + e.getMessage(), e);
        }
    }

    /**
     * Replays this record from its game, config and seed, checking every step against the
     * rules: each decision must be made by the player to act and be legal, and each chance
     * outcome must be the one the rules produce at that point; the result must match the
     * final state.
     *
     * @return the final state
     * @throws GameFormatException naming the first step that does not check
     */
    public GameState<?> replay() {
        return replay(openGame());
    }

    private <S extends GameState<S>> S replay(Game<S> g) {
        List<Step> recorded = Json.require(steps, "steps");
        for (int i = 0; i < recorded.size(); i++) {
            Step step = recorded.get(i);
            String where = "steps[" + i + "]";
            Json.require(step.type(), where + ".type");
            if (!step.type().equals(DECISION) && !step.type().equals(CHANCE)) {
                throw new GameFormatException(where + ".type: unknown step type '" + step.type()
                        + "' (expected decision or chance)");
            }
            if (step.action() != null && (step.action() < 0 || step.action() >= g.numDistinctActions())) {
                throw new GameFormatException(where + ".action " + step.action() + " is not an action id (0.."
                        + (g.numDistinctActions() - 1) + ")");
            }
        }
        Recorder<S> expected = new Recorder<>(g, seed);
        S state = expected.newGame();
        int checked = compare(recorded, expected.steps(), 0);
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
            if (step.name() != null && !step.name().equals(g.actionName(action))) {
                throw new GameFormatException("step " + checked + ": action " + action + " is named '" + step.name()
                        + "' but its name is '" + g.actionName(action) + "'");
            }
            try {
                expected.applyInPlace(state, action);
            } catch (IllegalActionException e) {
                throw new GameFormatException("step " + checked + ": " + e.getMessage(), e);
            }
            checked = compare(recorded, expected.steps(), checked);
        }
        if (result != null && !result.equals(Result.of(state))) {
            throw new GameFormatException("the record's result " + Json.write(result, false)
                    + " differs from the replayed one " + Json.write(Result.of(state), false));
        }
        return state;
    }

    /**
     * Replays this record of the sampled mode in the explicit-chance mode ({@link ChanceMode#EXPLICIT}):
     * each decision is applied as recorded, and each chance step becomes the chance outcomes it
     * names ({@link Game#chanceOutcomesOf}), applied at the chance nodes in order. The seed is not
     * used: the outcomes come from the record. The result must match the final state.
     *
     * @return the final state, in the explicit mode
     * @throws GameFormatException naming the first step that does not fit (an outcome that is not
     *                             one of its node's, a decision at a chance node, a chance node left open)
     * @throws UnsupportedOperationException for a game without the explicit mode
     */
    public GameState<?> replayExplicit() {
        return replayExplicit(openGame());
    }

    private <S extends GameState<S>> S replayExplicit(Game<S> g) {
        List<Step> recorded = Json.require(steps, "steps");
        S state = g.newGame(seed, ChanceMode.EXPLICIT);
        for (int i = 0; i < recorded.size(); i++) {
            Step step = recorded.get(i);
            String where = "step " + i;
            try {
                if (step.isDecision()) {
                    if (state.isChanceNode()) {
                        throw new GameFormatException(where + ": a decision, but a chance node is open (outcomes "
                                + Arrays.toString(state.chanceOutcomes()) + ")");
                    }
                    int action = Json.require(step.action(), "steps[" + i + "].action");
                    int player = Json.require(step.player(), "steps[" + i + "].player");
                    if (player != state.currentPlayer()) {
                        throw new GameFormatException(where + ": player " + player + " decides, but player "
                                + state.currentPlayer() + " is to act");
                    }
                    state.applyInPlace(action);
                } else {
                    for (int outcome : g.chanceOutcomesOf(Json.require(step.event(), "steps[" + i + "].event"),
                            Json.require(step.data(), "steps[" + i + "].data"))) {
                        if (!state.isChanceNode()) {
                            throw new GameFormatException(where + ": chance outcome " + g.chanceOutcomeName(outcome)
                                    + ", but no chance node is open");
                        }
                        state.applyInPlace(outcome);
                    }
                }
            } catch (IllegalArgumentException e) { // an illegal action or outcome, or chance data the game cannot read
                if (e instanceof GameFormatException) {
                    throw e;
                }
                throw new GameFormatException(where + ": " + e.getMessage(), e);
            }
        }
        if (state.isChanceNode()) {
            throw new GameFormatException("the record ends at a chance node (outcomes "
                    + Arrays.toString(state.chanceOutcomes()) + ")");
        }
        if (result != null && !result.equals(Result.of(state))) {
            throw new GameFormatException("the record's result " + Json.write(result, false)
                    + " differs from the explicit replay's " + Json.write(Result.of(state), false));
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
}
