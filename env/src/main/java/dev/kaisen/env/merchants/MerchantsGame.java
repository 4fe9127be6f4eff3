package dev.kaisen.env.merchants;

import dev.kaisen.env.AbstractGame;
import dev.kaisen.env.ChanceLog;
import dev.kaisen.env.ChanceMode;
import dev.kaisen.env.GameConfig;
import dev.kaisen.env.GameFormatException;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Merchants of the Middle Ages for one config (players, {@code data}): sizes before any state
 * exists, new games, and the game's own parts (action table, JSON, text); its bots, invariants and names
 * are in {@link MerchantsGameProvider#DESCRIPTOR}. A data file that is malformed makes the config invalid (an
 * {@link IllegalArgumentException} saying what is wrong).
 */
public final class MerchantsGame extends AbstractGame<MerchantsState> {
    private final MerchantsData data;
    private final List<ActionEntry> table;
    private final List<ActionEntry> chanceTable;

    public MerchantsGame(GameConfig config) {
        super(MerchantsGameProvider.INSTANCE, config);
        if (config.players() < MerchantsState.MIN_PLAYERS || config.players() > MerchantsState.MAX_PLAYERS) {
            throw new IllegalArgumentException("Merchants of the Middle Ages is for 2 to 4 players, not " + config.players());
        }
        String file = (String) config.option(MerchantsGameProvider.DATA);
        try {
            this.data = file.isEmpty() ? MerchantsData.standard() : MerchantsData.load(Path.of(file));
        } catch (GameFormatException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
        this.table = MerchantsAction.table(data);
        this.chanceTable = MerchantsChance.table(data);
    }

    public MerchantsGame(int players) {
        this(GameConfig.of(players));
    }

    /** A game on data already loaded (tests). */
    public MerchantsGame(int players, MerchantsData data) {
        super(MerchantsGameProvider.INSTANCE, GameConfig.of(players));
        this.data = data;
        this.table = MerchantsAction.table(data);
        this.chanceTable = MerchantsChance.table(data);
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
        return MerchantsState.newGame(data, numPlayers(), seed, chance);
    }

    @Override
    public MerchantsState newGame(long seed, ChanceMode mode) {
        return MerchantsState.newGame(data, numPlayers(), seed, mode);
    }

    @Override
    public boolean hasExplicitChance() {
        return true;
    }

    /** See {@link MerchantsChance}: the investment and influence kinds drawn, the first player, the setups. */
    @Override
    public List<ActionEntry> chanceOutcomeTable() {
        return chanceTable;
    }

    @Override
    public int[] chanceOutcomesOf(String event, Map<String, Object> data) {
        return MerchantsChance.outcomesOf(this.data, event, data);
    }

    /** The face-down piles in order and same-kind investment cards numbered as the explicit mode draws them. */
    @Override
    public String chanceCanonicalJson(MerchantsState state) {
        return MerchantsChance.canonicalJson(state);
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
        if (s.numPlayers() != numPlayers()) {
            throw new GameFormatException("the state has " + s.numPlayers() + " players; this game has " + numPlayers());
        }
        if (!s.d.equals(data)) {
            throw new GameFormatException("the state uses other game data than this game: the state's '" + s.d.name()
                    + "'" + (s.d.isStandard() ? " (the default)" : "") + ", this game's '" + data.name() + "'"
                    + (data.isStandard() ? " (the default)" : "") + "; read it with a game configured with its data (option data)");
        }
        return s;
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
    public String render(String stateJson, int observer) {
        return render(fromJson(MerchantsView.readable(stateJson, observer)), observer);
    }

    @Override
    public String render(MerchantsState state, int observer) {
        return MerchantsText.render(state, observer);
    }

    /** The same config and the same data (data loaded by a test is not in the config). */
    @Override
    public boolean equals(Object o) {
        return super.equals(o) && ((MerchantsGame) o).data.equals(data);
    }

    @Override
    public int hashCode() {
        return super.hashCode();
    }

}
