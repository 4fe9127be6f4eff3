package dev.kaisen.env;

/**
 * The part of a {@link Game} that is the same in every game: its registry entry and config,
 * and equality by config (two games are equal when they are the same game for the same
 * config). A game adds its sizes, dealing, action table, JSON and text.
 *
 * @param <S> the game's state type
 */
public abstract class AbstractGame<S extends GameState<S>> implements Game<S> {
    private final GameProvider provider;
    private final GameConfig config;

    protected AbstractGame(GameProvider provider, GameConfig config) {
        this.provider = provider;
        this.config = config;
    }

    @Override
    public final GameProvider provider() {
        return provider;
    }

    @Override
    public final GameConfig config() {
        return config;
    }

    /** Equal when the same game for the same config (a game with more to it than its config adds that). */
    @Override
    public boolean equals(Object o) {
        return o != null && o.getClass() == getClass() && ((AbstractGame<?>) o).config.equals(config);
    }

    @Override
    public int hashCode() {
        return 31 * getClass().getName().hashCode() + config.hashCode();
    }

    @Override
    public String toString() {
        return id() + config.toJson();
    }
}
