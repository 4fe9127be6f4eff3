package dev.kaisen.bridge.gateway;

import dev.kaisen.bridge.SpecCommand;
import dev.kaisen.bridge.bench.EnvBench;
import dev.kaisen.env.Game;
import dev.kaisen.env.GameFormatException;
import dev.kaisen.env.GameRecord;
import dev.kaisen.env.GameState;
import dev.kaisen.env.Games;
import dev.kaisen.env.Json;
import dev.kaisen.env.StateFormat;
import dev.kaisen.observation.IllegalActionMode;
import dev.kaisen.observation.MultiAgentVectorEnv;
import dev.kaisen.observation.RewardMode;
import dev.kaisen.observation.SingleEnv;
import dev.kaisen.observation.VectorEnv;
import dev.kaisen.training.eval.SeatEvaluation;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Py4J entry point: what Python may create and ask, for any registered game. A game is
 * named by its id and its config as JSON ({@code {"players": 3, ...options}}), checked by the
 * registry (a bad option is an error naming the valid ones).
 */
public final class KaisenGateway {
    public String version() {
        return "0.5.0";
    }

    /**
     * What Python's end of the envs must agree with, written here once: the step channel's control
     * slots and each handle's commands, the vector envs' skip action, the reward modes and their
     * aliases, and the default game. JSON, read once per JVM.
     */
    public String protocol() {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("control", StepChannel.slots());
        out.put("commands", Map.of("vector", VectorHandle.commands(), "aec", AecHandle.commands()));
        out.put("skip", VectorEnv.SKIP);
        out.put("rewardModes", RewardMode.ids());
        Map<String, String> aliases = new java.util.TreeMap<>();
        RewardMode.ALIASES.forEach((name, mode) -> aliases.put(name, mode.id()));
        out.put("rewardAliases", aliases);
        out.put("defaultGame", Games.DEFAULT_GAME);
        return Json.write(out, false);
    }

    /** The registered games (id, title, players, options, views) as a JSON array. */
    public String games() {
        return Json.write(dev.kaisen.bridge.GamesCommand.list(), false);
    }

    /** The zoo models (name, game, players, metadata, size, location) as a JSON array (see {@code ./kaisen zoo list}). */
    public String zooModels() {
        return Json.write(dev.kaisen.training.zoo.Zoo.models().stream().map(dev.kaisen.training.zoo.Zoo.Model::toMap)
                .toList(), false);
    }

    static Game<?> game(String game, String configJson) {
        return Games.create(game, configJson);
    }

    /** Sizes, segments and action table of a game and view, as JSON (see {@code ./kaisen spec --json}). */
    public String spec(String game, String configJson, String view) {
        return Json.write(SpecCommand.spec(game(game, configJson), view), false);
    }

    private static Path path(String file) {
        return file == null || file.isEmpty() ? null : Path.of(file);
    }

    /**
     * The Java-side rate of the vectorized env (env-steps per second, random legal actions,
     * random opponents) measured in this JVM, for comparison with the same env driven from Python.
     */
    public double benchVectorEnv(String game, String configJson, int numEnvs, double seconds) {
        try (VectorEnv<?> vec = EnvBench.newVectorEnv(game(game, configJson), numEnvs,
                Runtime.getRuntime().availableProcessors())) {
            return new EnvBench(seconds, seconds, 3).measure(EnvBench.vectorEnv(vec));
        }
    }

    /**
     * The Java-side rate of the multi-agent vectorized env (env-steps per second, every seat's random
     * legal action chosen in Java), for comparison with the same env driven from Python.
     */
    public double benchMultiAgentVectorEnv(String game, String configJson, int numEnvs, int threads, double seconds) {
        try (MultiAgentVectorEnv<?> vec = EnvBench.newMultiAgentVectorEnv(game(game, configJson), numEnvs,
                threads > 0 ? threads : Runtime.getRuntime().availableProcessors())) {
            return new EnvBench(seconds, seconds, 3).measure(EnvBench.vectorEnv(vec));
        }
    }

    /**
     * A named agent (e.g. {@code dl4j:runs/osaka-ppo/best.zip}) against copies of {@code opponent},
     * seat rotated (the head-to-head protocol); the same games {@code kaisen.evaluate} plays for
     * a Python policy. JSON of {@link SeatEvaluation.Result}.
     */
    public String evaluateAgent(String game, String configJson, String agent, String opponent, int games, long seed,
                                int threads) {
        int workers = threads > 0 ? threads : Runtime.getRuntime().availableProcessors();
        return Json.write(SeatEvaluation.run(game(game, configJson), agent, opponent, games, seed, workers), false);
    }

    /**
     * A game state for search and analysis ({@link StateHandle}): {@code stateJson} in the game's
     * own format (as {@code toJson} and the envs' {@code state_json} write it), or, when it is null
     * or empty, a new game dealt from {@code seed}.
     */
    public StateHandle newState(String game, String configJson, String stateJson, long seed) {
        Game<?> g = game(game, configJson);
        return stateJson == null || stateJson.isEmpty() ? StateHandle.deal(g, seed) : StateHandle.fromJson(g, stateJson);
    }

    /**
     * A new game of {@code game} dealt from {@code seed} in chance mode {@code mode} ({@code sampled},
     * the default, or {@code explicit}: every random event a chance node, see
     * {@link dev.kaisen.env.ExplicitChance}); a game without the explicit mode says so.
     */
    public StateHandle newStateInMode(String game, String configJson, long seed, String mode) {
        return StateHandle.deal(game(game, configJson), seed, dev.kaisen.env.ChanceMode.parse(mode));
    }

    /** The games {@link #viewJson} read states with, by id and config: a board drawn per call makes no game each time. */
    private final Map<String, Game<?>> viewGames = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Game<?>> eldest) {
            return size() > 16;
        }
    };

    /**
     * What {@code observer} (a seat, or -1: a spectator) may see of the state {@code stateJson} of
     * {@code game} for {@code configJson} ({@link Game#viewJson}), for the renderers drawing a state
     * they hold as JSON; null when the game cannot read the state (malformed, inconsistent, of a
     * config the game does not have), so a renderer can still draw what it finds. A bad observer is an error.
     */
    public String viewJson(String game, String configJson, String stateJson, int observer) {
        return drawn(game, configJson, stateJson, observer, Game::viewJson);
    }

    /**
     * The game's one text board ({@link Game#render(String, int)}) of the state {@code stateJson} of
     * {@code game} for {@code configJson}, as {@code observer} (a seat, or -1: a spectator) sees it:
     * the text Python's {@code board()} and {@code ansi} render mode show. Null when the game cannot
     * read the state, as for {@link #viewJson}; a bad observer is an error.
     */
    public String boardText(String game, String configJson, String stateJson, int observer) {
        return drawn(game, configJson, stateJson, observer, Game::render);
    }

    /** What one of the renderers' calls draws: a view or a text board of a state given as JSON. */
    private interface Drawing {
        String draw(Game<?> game, String stateJson, int observer);
    }

    private String drawn(String game, String configJson, String stateJson, int observer, Drawing drawing) {
        Game<?> g;
        try {
            synchronized (viewGames) {
                g = viewGames.get(game + " " + configJson);
                if (g == null) {
                    g = game(game, configJson);
                    viewGames.put(game + " " + configJson, g);
                }
            }
        } catch (IllegalArgumentException e) {
            return null; // the config the state names (its players) is not one of the game's
        }
        if (observer < -1 || observer >= g.numPlayers()) {
            throw new IllegalArgumentException("observer " + observer + " is neither a seat of this " + g.numPlayers()
                    + "-player game (0.." + (g.numPlayers() - 1) + ") nor -1 (a spectator)");
        }
        if (stateJson == null || stateJson.isBlank()) {
            return null;
        }
        try {
            StateFormat.check(g, stateJson);
            return drawing.draw(g, stateJson, observer);
        } catch (GameFormatException e) {
            return null;
        }
    }

    /**
     * A new game dealt from {@code seed} and the chance steps of its setup (JSON, as a game record's
     * opening steps), for a record of a game played from here ({@link StateHandle#dealRecorded}).
     */
    public StateHandle.Dealt dealRecorded(String game, String configJson, long seed) {
        return StateHandle.dealRecorded(game(game, configJson), seed);
    }

    /**
     * A named agent ({@code random}, the game's bots, {@code ismcts:N}, {@code dl4j:PATH},
     * {@code zoo:NAME}: the names {@code eval} and the envs take) for {@code game} and its config,
     * seeded with {@code seed}, asked for one move at a time ({@link AgentHandle#act}). An unknown
     * name is an error listing the names that exist.
     */
    public AgentHandle newAgent(String game, String configJson, String agent, long seed) {
        return AgentHandle.create(game(game, configJson), agent, seed);
    }

    /**
     * A new game dealt from {@code seed}, only if its setup draws exactly the chance outcomes
     * {@code chanceJson} (a JSON list of {@code {event, data}}, as a game record's opening chance
     * steps); otherwise an error naming both.
     */
    public StateHandle newStateExpecting(String game, String configJson, long seed, String chanceJson) {
        return StateHandle.dealExpecting(game(game, configJson), seed, chanceJson);
    }

    /**
     * Checks a game record (JSON text, format {@code kaisen.record/1}) as {@code kaisen replay FILE}
     * does: replays it from its game, config and seed, checking every step and the result against the
     * rules. Returns {@code {"game", "config", "state"}}: the game id, its config and the final state in
     * the game's JSON format. A record that does not check is a {@link dev.kaisen.env.GameFormatException}
     * naming the first step that does not.
     */
    public String replayRecord(String recordJson) {
        GameRecord record = GameRecord.fromJson(recordJson);
        return replayed(record.openGame(), record);
    }

    @SuppressWarnings("unchecked")
    private static <S extends GameState<S>> String replayed(Game<S> g, GameRecord record) {
        S end = (S) record.replay();
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("game", g.id());
        out.put("config", g.config().toMap());
        out.put("state", g.toJson(end, false));
        return Json.write(out, false);
    }

    /** A turn-based env whose outcome is written to {@code file} (memory-mapped; null for none). */
    public AecHandle newAecEnv(String game, String configJson, String rewardMode, String view, String illegalAction,
                               String file) {
        return new AecHandle(game(game, configJson), RewardMode.parse(rewardMode), view,
                IllegalActionMode.parse(illegalAction), path(file));
    }

    /**
     * A vectorized single-learner env.
     *
     * @param opponents comma-separated agent names (players - 1 of them, or one for all)
     * @param threads   JVM worker threads (0: all cores but one, which the Python caller needs)
     * @param autoReset whether finished envs start their next episode in the same step
     */
    public VectorHandle newVectorEnv(String game, String configJson, int numEnvs, int learnerSeat, String opponents,
                                     String rewardMode, String view, String illegalAction, long seed, int threads,
                                     boolean autoReset, String file) {
        return vector(game(game, configJson), numEnvs, learnerSeat, Arrays.asList(opponents.split(",")),
                RewardMode.parse(rewardMode), view, IllegalActionMode.parse(illegalAction), seed, threads, autoReset,
                path(file));
    }

    /**
     * A multi-agent vectorized env ({@link MultiAgentVectorEnv}): N games where the caller answers
     * every seat not given to a JVM agent.
     *
     * @param patternsJson seat patterns as JSON, e.g. {@code [[null, "greedy"], [null, null]]}: env i
     *                     uses pattern {@code i % k}; null for a seat the caller answers, else an agent name
     * @param threads      JVM worker threads (0: all cores but one, which the Python caller needs)
     * @param autoReset    whether finished games start their next one in the same step
     */
    public VectorHandle newMultiAgentVectorEnv(String game, String configJson, int numEnvs, String patternsJson,
                                               String rewardMode, String view, String illegalAction, long seed,
                                               int threads, boolean autoReset, String file) {
        return multi(game(game, configJson), numEnvs, patterns(patternsJson), RewardMode.parse(rewardMode), view,
                IllegalActionMode.parse(illegalAction), seed, threads, autoReset, path(file));
    }

    static List<List<String>> patterns(String json) {
        List<List<String>> out;
        try {
            out = Json.mapper().readValue(json, new com.fasterxml.jackson.core.type.TypeReference<List<List<String>>>() {
            });
        } catch (java.io.IOException | RuntimeException e) {
            throw new IllegalArgumentException("seat patterns must be a JSON list of lists of agent names or nulls, got "
                    + json + ": " + e.getMessage());
        }
        if (out == null) {
            throw new IllegalArgumentException("seat patterns must be a JSON list, got " + json);
        }
        return out;
    }

    private static <S extends GameState<S>> VectorHandle multi(Game<S> g, int numEnvs, List<List<String>> patterns,
                                                               RewardMode mode, String view, IllegalActionMode illegal,
                                                               long seed, int threads, boolean autoReset, Path file) {
        MultiAgentVectorEnv.Config<S> config = new MultiAgentVectorEnv.Config<>(g, patterns, mode, view, illegal,
                dev.kaisen.env.Agents.factory(g));
        return new VectorHandle(g, new MultiAgentVectorEnv<>(numEnvs, config, seed, workers(threads), file, autoReset));
    }

    /**
     * 0: every core but the one the Python caller works on between steps (measured on 2 cores: one
     * JVM worker steps 256 envs from Python over twice as fast as two).
     */
    private static int workers(int threads) {
        return threads > 0 ? threads : Math.max(1, Runtime.getRuntime().availableProcessors() - 1);
    }

    private static <S extends GameState<S>> VectorHandle vector(Game<S> g, int numEnvs, int learnerSeat,
                                                                List<String> names, RewardMode mode, String view,
                                                                IllegalActionMode illegal, long seed, int threads,
                                                                boolean autoReset, Path file) {
        SingleEnv.Config<S> config = new SingleEnv.Config<>(g, learnerSeat, names, mode, view, illegal,
                dev.kaisen.env.Agents.factory(g));
        return new VectorHandle(g, new VectorEnv<>(numEnvs, config, seed, workers(threads), file, autoReset));
    }
}
