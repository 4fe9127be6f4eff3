package dev.kaisen.env.merchants;

import dev.kaisen.env.Agent;
import dev.kaisen.env.ChanceLog;
import dev.kaisen.env.Game;
import dev.kaisen.env.GameConfig;
import dev.kaisen.env.GameFormatException;
import dev.kaisen.env.GameProvider;

import java.nio.file.Path;
import java.util.List;

/**
 * Merchants of the Middle Ages for one config (players, {@code data}): sizes before any state
 * exists, new games, and the game's own parts (action table, JSON, invariants, the greedy bot,
 * text). A data file that is malformed makes the config invalid (an
 * {@link IllegalArgumentException} saying what is wrong).
 */
public final class MerchantsGame implements Game<MerchantsState> {
    private final GameConfig config;
    private final MerchantsData data;
    private final List<ActionEntry> table;

    public MerchantsGame(GameConfig config) {
        if (config.players() < MerchantsState.MIN_PLAYERS || config.players() > MerchantsState.MAX_PLAYERS) {
            throw new IllegalArgumentException("Merchants of the Middle Ages is for 2 to 4 players, not " + config.players());
        }
        this.config = config;
        String file = (String) config.option(MerchantsGameProvider.DATA);
        try {
            this.data = file.isEmpty() ? MerchantsData.standard() : MerchantsData.load(Path.of(file));
        } catch (GameFormatException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
        this.table = MerchantsAction.table(data);
    }

    public MerchantsGame(int players) {
        this(GameConfig.of(players));
    }

    /** A game on data already loaded (tests). */
    public MerchantsGame(int players, MerchantsData data) {
        this.config = GameConfig.of(players);
        this.data = data;
        this.table = MerchantsAction.table(data);
    }

    @Override
    public GameProvider provider() {
        return MerchantsGameProvider.INSTANCE;
    }

    @Override
    public GameConfig config() {
        return config;
    }

    public MerchantsData data() {
        return data;
    }

    @Override
    public int numDistinctActions() {
        return MerchantsAction.COUNT;
    }

    @Override
    public int maxGameLength() {
        return MerchantsState.DECISION_CAP;
    }

    @Override
    public MerchantsState newGame(long seed, ChanceLog chance) {
        return MerchantsState.newGame(data, config.players(), seed, chance);
    }

    @Override
    public String actionName(int action) {
        return MerchantsAction.name(data, action);
    }

    @Override
    public List<ActionEntry> actionTable() {
        return table;
    }

    @Override
    public String toJson(MerchantsState state, boolean pretty) {
        return MerchantsJson.toJson(state, pretty);
    }

    /** A state of this game: its players and data (the JSON carries data that is not the default) must be this game's. */
    @Override
    public MerchantsState fromJson(String json) {
        MerchantsState s = MerchantsJson.fromJson(json);
        if (s.numPlayers() != config.players()) {
            throw new GameFormatException("the state has " + s.numPlayers() + " players; this game has " + config.players());
        }
        if (!s.d.equals(data)) {
            throw new GameFormatException("the state uses other game data than this game: the state's '" + s.d.name()
                    + "'" + (s.d.isStandard() ? " (the default)" : "") + ", this game's '" + data.name() + "'"
                    + (data.isStandard() ? " (the default)" : "") + "; read it with a game configured with its data (option data)");
        }
        return s;
    }

    @Override
    public List<String> invariantViolations(MerchantsState state) {
        return MerchantsInvariants.check(state);
    }

    @Override
    public List<String> stepViolations(MerchantsState before, int action, MerchantsState after) {
        return MerchantsInvariants.checkStep(before, after);
    }

    @Override
    public List<String> botNames() {
        return List.of("greedy");
    }

    @Override
    public Agent<MerchantsState> bot(String name, long seed) {
        if (!name.equals("greedy")) {
            throw new IllegalArgumentException("Merchants of the Middle Ages has no bot '" + name + "' (bots: greedy)");
        }
        return new MerchantsGreedyAgent(seed);
    }

    @Override
    public String viewJson(MerchantsState state, int observer) {
        return MerchantsView.of(state, observer);
    }

    @Override
    public String viewJson(String stateJson, int observer) {
        return MerchantsView.of(fromJson(MerchantsView.readable(stateJson, observer)), observer);
    }

    @Override
    public String render(MerchantsState state) {
        return MerchantsText.render(state);
    }

    @Override
    public String scoreName() {
        return "status";
    }

    @Override
    public String tiebreakName() {
        return "florins";
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof MerchantsGame g && g.config.equals(config) && g.data.equals(data);
    }

    @Override
    public int hashCode() {
        return config.hashCode();
    }
}
