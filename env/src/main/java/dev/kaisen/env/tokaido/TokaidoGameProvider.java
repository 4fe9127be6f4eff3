package dev.kaisen.env.tokaido;

import dev.kaisen.env.GameDescriptor;
import dev.kaisen.env.GameOption;
import dev.kaisen.env.GameProvider;

/** Registers Tokaido as game {@code tokaido} (2-5 players, default 2; option {@code travellers}). */
public final class TokaidoGameProvider implements GameProvider {
    static final TokaidoGameProvider INSTANCE = new TokaidoGameProvider();

    /** [decision] The travellers' powers are a variant flag, on by default; off is the seed-only game. */
    public static final GameOption TRAVELLERS = new GameOption("travellers", Boolean.TRUE,
            "the ten travellers' powers act (false: the seed-only game, tiles give only their starting coins)");

    /** Tokaido as the registry and the generic code know it. */
    public static final GameDescriptor<TokaidoState> DESCRIPTOR = GameDescriptor.<TokaidoState>builder("tokaido", "Tokaido")
            .players(TokaidoState.MIN_PLAYERS, TokaidoState.MAX_PLAYERS).defaultPlayers(2)
            .summary("Travellers walk the East Sea Road from Kyoto to Edo. The traveller furthest behind"
                    + " always moves next, as far ahead as they like, and takes what the space offers:"
                    + " souvenirs in villages, coins on farms, panorama cards, hot springs, temple"
                    + " donations and encounters. Every traveller stops at each inn to buy a meal. Going"
                    + " fast gives up stops; going slow gives up the choice of spaces. Most points at Edo"
                    + " wins, then most achievements.")
            .options(TRAVELLERS)
            .score("points", "achievements")
            .bot("greedy", "moves to the space worth most minus a cost per space skipped, buys the"
                    + " souvenir that scores most per coin, eats the cheapest meal", TokaidoGreedyAgent::new)
            .chance("deal", "each seat is dealt two traveller tiles, of which it keeps one")
            .chance("shuffle", "a deck (meals, souvenirs, encounters, hot springs) is shuffled: its order,"
                    + " top first")
            .chance("start-line", "the order of the travellers on the starting line at Kyoto")
            .chance("draw", "the top card of a deck goes to a player or to the table")
            .chance("bottom", "a card goes under its deck, seen by all (no randomness: recorded so that a"
                    + " replay follows the deck)")
            .invariants(TokaidoInvariants::check, TokaidoInvariants::checkStep)
            .create(TokaidoGame::new)
            .build();

    @Override
    public GameDescriptor<TokaidoState> descriptor() {
        return DESCRIPTOR;
    }
}
