package dev.kaisen.bridge.gateway;

import dev.kaisen.env.ChanceLog;
import dev.kaisen.env.ChanceMode;
import dev.kaisen.env.Game;
import dev.kaisen.env.GameFormatException;
import dev.kaisen.env.GameRecord;
import dev.kaisen.env.GameState;
import dev.kaisen.env.Json;
import dev.kaisen.env.StateFormat;
import dev.kaisen.observation.Encoder;
import dev.kaisen.observation.Encoders;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One game state of any registered game, for search and analysis from Python (OpenSpiel's
 * {@code state.clone()} / {@code deserialize_state}, Pgx's pure {@code step}): load it from
 * its JSON or deal it from a seed, clone it, list the legal actions, apply an action in place
 * or get the successor as a new handle, read the returns and any seat's observation.
 *
 * <p><b>Chance.</b> The game contract has no chance nodes: chance (shuffles, draws, dice) happens
 * inside {@code apply} from the random stream the state carries (its JSON holds it), so a state
 * and an action determine the successor. {@link #currentPlayer()} is therefore always a seat
 * (or -1 at the end), and the contract cannot enumerate the possible chance outcomes. What it
 * offers honestly: every apply reports the chance outcomes it drew (as game records write them);
 * {@link #applyExpecting} applies an action only if it draws the given outcomes (as a record's
 * replay checks them) and otherwise changes nothing; and {@link #determinize} resamples what a
 * seat cannot know and restarts the random stream from a seed, which is how a search samples
 * other outcomes.
 *
 * <p>Bad input (an action id out of range or illegal, a seat out of range, malformed JSON, a
 * state of another game or player count) is an exception with a clear message, and changes
 * nothing. A handle is not thread-safe; Python uses it from one thread.
 */
public final class StateHandle {
    private final Impl<?> impl;

    private StateHandle(Impl<?> impl) {
        this.impl = impl;
    }

    /** The state {@code json} (as {@link #toJson} writes it) of {@code game} for {@code configJson}. */
    public static StateHandle fromJson(Game<?> game, String json) {
        return new StateHandle(Impl.load(game, json));
    }

    /** A new game of {@code game} dealt from {@code seed}. */
    public static StateHandle deal(Game<?> game, long seed) {
        return new StateHandle(Impl.deal(game, seed));
    }

    /** A new game of {@code game} dealt from {@code seed} in chance mode {@code mode}. */
    public static StateHandle deal(Game<?> game, long seed, ChanceMode mode) {
        return new StateHandle(Impl.deal(game, seed, mode));
    }

    /**
     * A new game of {@code game} dealt from {@code seed}, only if the setup draws exactly the chance
     * outcomes {@code chanceJson} (a JSON list of {@code {event, data}}, as the opening chance steps of
     * a game record); otherwise an {@link IllegalArgumentException} naming both.
     */
    public static StateHandle dealExpecting(Game<?> game, long seed, String chanceJson) {
        return new StateHandle(Impl.deal(game, seed, chanceList(chanceJson)));
    }

    /**
     * A new deal and its setup's chance steps.
     *
     * @param state     the dealt game
     * @param setupJson the chance outcomes of the setup as a JSON list of game record steps
     *                  ({@code {"type": "chance", "event", "data"}}), exactly the opening steps a record
     *                  of a game dealt from the same seed holds ({@code selfplay --records}, the envs)
     */
    public record Dealt(StateHandle state, String setupJson) {
    }

    /**
     * A new game of {@code game} dealt from {@code seed}, with the chance steps of its setup recorded
     * by {@link GameRecord.Recorder} (the recorder every game record is written with), so a record of a
     * game played on from this state starts with them.
     */
    public static Dealt dealRecorded(Game<?> game, long seed) {
        return Impl.dealRecorded(game, seed);
    }

    /** A state of {@code game} read from its JSON and checked (player count, invariants); for the envs' resets. */
    static <S extends GameState<S>> S load(Game<S> game, String json) {
        return Impl.load(game, json).state;
    }

    public String gameId() {
        return impl.game.id();
    }

    /** The game's config as JSON (every option filled in). */
    public String configJson() {
        return Json.write(impl.game.config().toMap(), false);
    }

    public int numPlayers() {
        return impl.game.numPlayers();
    }

    public int numDistinctActions() {
        return impl.game.numDistinctActions();
    }

    /** The seat to decide; -1 at a chance node (explicit mode) and once the game is over. */
    public int currentPlayer() {
        return impl.state.currentPlayer();
    }

    public boolean isTerminal() {
        return impl.state.isTerminal();
    }

    public int[] legalActions() {
        return impl.state.legalActions();
    }

    public String actionName(int action) {
        impl.checkAction(action);
        return impl.game.actionName(action);
    }

    /** The name of a chance outcome id (the game's chance outcome table), e.g. {@code d6:5}. */
    public String chanceOutcomeName(int outcome) {
        impl.checkOutcome(outcome);
        return impl.game.chanceOutcomeName(outcome);
    }

    /** Whether an outcome of a random event is to be applied next (explicit mode). */
    public boolean isChanceNode() {
        return impl.state.isChanceNode();
    }

    /**
     * The chance node's outcomes and their exact probabilities as JSON {@code {"outcomes": [...],
     * "probabilities": [...]}}; not at a chance node (a decision node, a terminal state, a sampled
     * state) an {@link IllegalStateException} saying which.
     */
    public String chanceOutcomesJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("outcomes", impl.state.chanceOutcomes());
        m.put("probabilities", impl.state.chanceProbabilities());
        return Json.write(m, false);
    }

    /** The state's chance mode: {@code sampled} or {@code explicit}. */
    public String chanceMode() {
        return impl.state.chanceMode().key();
    }

    /**
     * What seat {@code observer} learns, in words, when the current player takes {@code action}
     * here ({@link GameState#actionNameFor}): the full name for the acting seat and for public
     * actions, only what is seen (e.g. {@code "commits a sealed bid"}) for a choice hidden from
     * the observer. Ask before applying the action.
     */
    public String actionNameFor(int observer, int action) {
        impl.checkSeat(observer);
        impl.checkAction(action);
        return impl.state.actionNameFor(observer, action);
    }

    /** The handle's game (its id, config and player count), for the agents' checks. */
    Game<?> game() {
        return impl.game;
    }

    /** The state in the sampled mode ({@link GameState#sampledCopy}), for an agent to decide on. */
    GameState<?> sampledCopy(long seed) {
        return impl.state.sampledCopy(seed);
    }


    /** Terminal zero-sum returns (all 0 before the end). */
    public double[] returns() {
        double[] out = new double[numPlayers()];
        impl.state.returns(out);
        return out;
    }

    /**
     * Everything Python caches after a change, as one JSON object (one Py4J call): {@code player},
     * {@code terminal}, {@code truncated}, {@code decisions}, {@code legal}, {@code returns},
     * {@code scores}, {@code tiebreaks}, {@code winners}, {@code endReason}.
     */
    public String statusJson() {
        return Json.write(impl.status(), false);
    }

    /**
     * Applies {@code action} in place; returns JSON {@code {"chance": [...], "status": {...}}}: the
     * chance outcomes it drew (a list of {@code {event, data}}) and the new {@link #statusJson status}
     * (one Py4J call per step for a search).
     */
    public String apply(int action) {
        return applied(impl.apply(action, null));
    }

    private String applied(List<Map<String, Object>> chance) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("chance", chance);
        out.put("status", impl.status());
        return Json.write(out, false);
    }

    /**
     * Applies {@code action} in place only if the chance outcomes it draws are exactly
     * {@code chanceJson} (a JSON list of {@code {event, data}}, as {@link #apply} returns and game
     * records hold); otherwise throws, naming both, and changes nothing. Returns as {@link #apply}.
     */
    public String applyExpecting(int action, String chanceJson) {
        return applied(impl.apply(action, chanceList(chanceJson)));
    }

    private static List<Map<String, Object>> chanceList(String chanceJson) {
        try {
            return Json.mapper().readValue(chanceJson,
                    Json.mapper().getTypeFactory().constructCollectionType(List.class, Map.class));
        } catch (Exception e) {
            throw new IllegalArgumentException("chance outcomes must be a JSON list of {event, data} objects: "
                    + e.getMessage());
        }
    }

    /** A chance log that collects each outcome as {@code {event, data}}. */
    private static ChanceLog collect(List<Map<String, Object>> into) {
        return (event, data) -> {
            Map<String, Object> step = new LinkedHashMap<>();
            step.put("event", event);
            step.put("data", data);
            into.add(step);
        };
    }

    /**
     * Throws unless {@code drawn} equals {@code expected} as JSON values (objects compared as maps, key
     * order aside, as a record's replay compares chance steps).
     */
    private static void requireSame(List<Map<String, Object>> drawn, List<Map<String, Object>> expected, String what,
                                    String after) {
        String got = Json.write(drawn, false);
        String want = Json.write(expected, false);
        if (!got.equals(want) && !tree(got).equals(tree(want))) {
            throw new IllegalArgumentException(what + " draws the chance outcomes " + got + ", not " + want + after);
        }
    }

    /** JSON text read back as a tree (numbers typed by their text, so a long and an int of one value are equal). */
    private static com.fasterxml.jackson.databind.JsonNode tree(String json) {
        try {
            return Json.mapper().readTree(json);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The successor after {@code action} as a new handle; this one is unchanged. */
    public StateHandle child(int action) {
        Impl<?> copy = impl.copy();
        copy.apply(action, null);
        return new StateHandle(copy);
    }

    /**
     * An independent copy. It carries the same random stream and the same pile order, so its chance
     * outcomes are this state's until {@link #reseed} or {@link #determinize} gives it another future.
     */
    public StateHandle copy() {
        return new StateHandle(impl.copy());
    }

    /**
     * A state {@code observer} cannot tell apart from this one, with all they cannot know resampled
     * from {@code seed} and the random stream restarted from it ({@link GameState#determinize}).
     */
    public StateHandle determinize(int observer, long seed) {
        impl.checkSeat(observer);
        return new StateHandle(impl.determinize(observer, seed));
    }

    /**
     * Gives this state a future of its own, in place ({@link GameState#reseed}): the random stream
     * restarts from {@code seed} and every pile no seat has seen is reshuffled from it; nothing any
     * seat has seen changes. A {@link #copy} shares this state's future until reseeded.
     */
    public void reseed(long seed) {
        if (impl.state.isChanceNode()) {
            // [decision] a chance node's step is replayed from its state before; a new stream there would change it
            throw new IllegalStateException("a chance node of the explicit mode: apply its outcome first (there the"
                    + " chance player chooses the future; reseed a decision node)");
        }
        impl.state.reseed(seed);
    }

    /** The state in the game's own JSON format (hidden parts included). */
    public String toJson(boolean pretty) {
        return impl.json(pretty);
    }

    /**
     * What {@code observer} (a seat, or -1: a spectator) may see of the state, as JSON
     * ({@link Game#viewJson}): what the renderers draw.
     */
    public String viewJson(int observer) {
        return impl.view(observer);
    }

    /** The state as text (spectator view). */
    public String render() {
        return impl.render(-1);
    }

    /** The game's text board as {@code observer} (a seat, or -1: a spectator) sees it ({@link Game#render(dev.kaisen.env.GameState, int)}). */
    public String render(int observer) {
        return impl.render(observer);
    }

    /** Size of {@code view}'s observation (null or blank: the default view). */
    public int observationSize(String view) {
        return impl.encoder(view).size();
    }

    /** {@code seat}'s observation in {@code view} (null or blank: the default) as little-endian float32 bytes. */
    public byte[] observation(int seat, String view) {
        float[] buf = observationFloats(seat, view);
        ByteBuffer out = ByteBuffer.allocate(buf.length * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        out.asFloatBuffer().put(buf);
        return out.array();
    }

    /** {@code seat}'s observation in {@code view} as floats (for Java callers). */
    public float[] observationFloats(int seat, String view) {
        impl.checkSeat(seat);
        Encoder<?> e = impl.encoder(view);
        float[] buf = new float[e.size()];
        impl.encode(seat, view, buf);
        return buf;
    }

    @Override
    public String toString() {
        return impl.game.id() + " state (" + impl.state.decisions() + " decisions, "
                + (impl.state.isTerminal() ? "over" : "player " + impl.state.currentPlayer() + " to act") + ")";
    }

    /** The handle's game and state with their type. */
    private static final class Impl<S extends GameState<S>> {
        final Game<S> game;
        S state;
        private final Map<String, Encoder<S>> encoders;

        Impl(Game<S> game, S state, Map<String, Encoder<S>> encoders) {
            this.game = game;
            this.state = state;
            this.encoders = encoders;
        }

        static <S extends GameState<S>> Impl<S> deal(Game<S> game, long seed) {
            return new Impl<>(game, game.newGame(seed), new HashMap<>());
        }

        static <S extends GameState<S>> Impl<S> deal(Game<S> game, long seed, ChanceMode mode) {
            return new Impl<>(game, game.newGame(seed, mode), new HashMap<>());
        }

        static <S extends GameState<S>> Dealt dealRecorded(Game<S> game, long seed) {
            GameRecord.Recorder<S> recorder = new GameRecord.Recorder<>(game, seed);
            S s = recorder.newGame();
            String setup = Json.write(recorder.finish(s).steps(), false);
            return new Dealt(new StateHandle(new Impl<>(game, s, new HashMap<>())), setup);
        }

        static <S extends GameState<S>> Impl<S> deal(Game<S> game, long seed, List<Map<String, Object>> expected) {
            List<Map<String, Object>> drawn = new ArrayList<>();
            S s = game.newGame(seed, collect(drawn));
            requireSame(drawn, expected, "the deal of " + game.id() + " from seed " + seed, "");
            return new Impl<>(game, s, new HashMap<>());
        }

        static <S extends GameState<S>> Impl<S> load(Game<S> game, String json) {
            if (json == null || json.isBlank()) {
                throw new GameFormatException("a " + game.id() + " state needs its JSON, got nothing");
            }
            StateFormat.check(game, json);
            S s = game.fromJson(json);
            if (s.numPlayers() != game.numPlayers()) {
                throw new GameFormatException("this " + game.id() + " state has " + s.numPlayers()
                        + " players, the game was configured for " + game.numPlayers());
            }
            List<String> bad = game.invariantViolations(s);
            if (!bad.isEmpty()) {
                throw new GameFormatException("not a valid " + game.id() + " state: " + String.join("; ", bad));
            }
            return new Impl<>(game, s, new HashMap<>());
        }

        String view(int observer) {
            return game.viewJson(state, observer);
        }

        Impl<S> copy() {
            // encoders keep scratch arrays: one set per handle
            return new Impl<>(game, state.copy(), new HashMap<>());
        }

        Impl<S> determinize(int observer, long seed) {
            return new Impl<>(game, state.determinize(observer, seed), new HashMap<>());
        }

        void checkAction(int action) {
            if (action < 0 || action >= game.numDistinctActions()) {
                throw new IllegalArgumentException("action " + action + " is out of range 0.."
                        + (game.numDistinctActions() - 1) + " for " + game.id());
            }
        }

        void checkOutcome(int outcome) {
            if (game.maxChanceOutcomes() == 0) {
                throw new IllegalArgumentException(game.id() + " has no chance outcome table (no explicit-chance mode)");
            }
            if (outcome < 0 || outcome >= game.maxChanceOutcomes()) {
                throw new IllegalArgumentException("chance outcome " + outcome + " is out of range 0.."
                        + (game.maxChanceOutcomes() - 1) + " for " + game.id());
            }
        }

        void checkSeat(int seat) {
            if (seat < 0 || seat >= game.numPlayers()) {
                throw new IllegalArgumentException("seat " + seat + " is out of range 0.." + (game.numPlayers() - 1));
            }
        }

        List<Map<String, Object>> apply(int action, List<Map<String, Object>> expected) {
            if (state.isTerminal()) {
                throw new IllegalStateException("the game is over; no action applies");
            }
            if (state.isChanceNode()) {
                checkOutcome(action);
            } else {
                checkAction(action);
            }
            if (!state.isLegal(action)) {
                throw state.illegal(action);
            }
            List<Map<String, Object>> drawn = new ArrayList<>();
            S next = state.copy();
            next.applyInPlace(action, collect(drawn));
            if (expected != null) {
                requireSame(drawn, expected, "action " + action + " (" + game.actionName(action) + ")",
                        "; the state is unchanged");
            }
            state = next;
            return drawn;
        }

        Encoder<S> encoder(String view) {
            String key = view == null ? "" : view.trim();
            Encoder<S> e = encoders.get(key);
            if (e == null) {
                e = Encoders.create(game, view);
                encoders.put(key, e);
            }
            return e;
        }

        void encode(int seat, String view, float[] buf) {
            encoder(view).encode(state, seat, buf, 0);
        }

        String json(boolean pretty) {
            return game.toJson(state, pretty);
        }

        String render(int observer) {
            return game.render(state, observer);
        }

        Map<String, Object> status() {
            int n = game.numPlayers();
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("player", state.currentPlayer());
            m.put("chance", state.isChanceNode());
            m.put("terminal", state.isTerminal());
            m.put("truncated", state.isTruncated());
            m.put("decisions", state.decisions());
            m.put("legal", state.isTerminal() ? new int[0] : state.legalActions());
            double[] r = new double[n];
            state.returns(r);
            m.put("returns", r);
            int[] scores = new int[n];
            int[] tiebreaks = new int[n];
            for (int p = 0; p < n; p++) {
                scores[p] = state.score(p);
                tiebreaks[p] = state.tiebreak(p);
            }
            m.put("scores", scores);
            m.put("tiebreaks", tiebreaks);
            m.put("winners", state.winners());
            m.put("endReason", state.endReason());
            return m;
        }
    }
}
