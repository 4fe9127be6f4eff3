package dev.kaisen.env.floatingmarket;

import dev.kaisen.env.GameDescriptor;
import dev.kaisen.env.GameOption;
import dev.kaisen.env.GameProvider;

/** Registers Floating Market as game {@code floating-market} (2-5 players, default 2; options {@code board}, {@code long}). */
public final class FloatingMarketGameProvider implements GameProvider {
    static final FloatingMarketGameProvider INSTANCE = new FloatingMarketGameProvider();

    /** A board file (format {@value Board#FORMAT}); empty: the default board of the rules file. */
    public static final GameOption BOARD = GameOption.file("board",
            "path of a board JSON file (format " + Board.FORMAT + "); empty: the rules file's default board");

    /** The longer variant ("Tazón más grande"): 7 different fruits, 6 with 2 players. */
    public static final GameOption LONG = new GameOption("long", Boolean.FALSE,
            "the longer game: 7 different fruits win (6 with 2 players) instead of 5");

    /** Floating Market as the registry and the generic code know it. */
    public static final GameDescriptor<FloatingMarketState> DESCRIPTOR =
            GameDescriptor.<FloatingMarketState>builder("floating-market", "Floating Market")
                    .players(FloatingMarketState.MIN_PLAYERS, FloatingMarketState.MAX_PLAYERS).defaultPlayers(2)
                    .summary("Shoppers at a floating market send customers to boats, docks and buildings,"
                            + " and each player adds a die to a shared pool. The pool is rolled: its total"
                            + " picks the boat location that sells, and the customers waiting there or next to"
                            + " it buy that boat's fruit with coins. Buildings change the roll, the dice or"
                            + " the customers. The first player to hold 5 different fruits (7 in the long"
                            + " game) ends the game; most different fruits wins, then most coins.")
                    .options(BOARD, LONG)
                    .score("fruits", "coins")
                    .bot("greedy", "places customers where the expected fruit is largest under the pool's"
                            + " dice, and adds the die that best steers the total onto its boats",
                            FloatingMarketGreedyAgent::new)
                    .chance("boats", "the fruits dealt to the boat locations at setup")
                    .chance("start", "the start player")
                    .chance("roll", "the pool's dice are rolled: each die's face, the total and the"
                            + " location it activates")
                    .invariants(FloatingMarketInvariants::check, FloatingMarketInvariants::checkStep)
                    .create(FloatingMarketGame::new)
                    .build();

    @Override
    public GameDescriptor<FloatingMarketState> descriptor() {
        return DESCRIPTOR;
    }
}
