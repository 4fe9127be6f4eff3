package dev.kaisen.env.osaka;

import dev.kaisen.env.Game;
import dev.kaisen.env.GameConfig;
import dev.kaisen.env.GameOption;
import dev.kaisen.env.GameProvider;

import java.util.List;

/** Registers Traders of Osaka as game {@code osaka} (2-4 players, no options). */
public final class OsakaGameProvider implements GameProvider {
    static final OsakaGameProvider INSTANCE = new OsakaGameProvider();

    @Override
    public String id() {
        return "osaka";
    }

    @Override
    public String title() {
        return "Traders of Osaka";
    }

    @Override
    public int minPlayers() {
        return OsakaConfig.MIN_PLAYERS;
    }

    @Override
    public int maxPlayers() {
        return OsakaConfig.MAX_PLAYERS;
    }

    @Override
    public int defaultPlayers() {
        return 2;
    }

    /** 2: observations became perfect-recall information states (470 floats; the memoryless 427 as a view). */
    @Override
    public int version() {
        return 2;
    }

    @Override
    public List<GameOption> options() {
        return List.of();
    }

    @Override
    public Game<?> create(GameConfig config) {
        return new OsakaGame(config.players());
    }
}
