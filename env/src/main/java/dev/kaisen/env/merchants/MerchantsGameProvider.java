package dev.kaisen.env.merchants;

import dev.kaisen.env.GameDescriptor;
import dev.kaisen.env.GameOption;
import dev.kaisen.env.GameProvider;

/** Registers Merchants of the Middle Ages as game {@code merchants} (2-4 players, default 2; option {@code data}). */
public final class MerchantsGameProvider implements GameProvider {
    static final MerchantsGameProvider INSTANCE = new MerchantsGameProvider();

    /** A data file (format {@value MerchantsData#FORMAT}); empty: the shipped default. */
    public static final GameOption DATA = GameOption.file("data",
            "path of a game data JSON file (format " + MerchantsData.FORMAT
                    + ": map, prices, ladder, cards, thresholds); empty: the shipped default");

    /** Merchants of the Middle Ages as the registry and the generic code know it. */
    public static final GameDescriptor<MerchantsState> DESCRIPTOR =
            GameDescriptor.<MerchantsState>builder("merchants", "Merchants of the Middle Ages")
                    .players(MerchantsState.MIN_PLAYERS, MerchantsState.MAX_PLAYERS).defaultPlayers(2)
                    .summary("Merchant families buy goods in the cities of a medieval trading map, load"
                            + " them onto shared wagons, steer the wagons along the roads, and sell where"
                            + " prices are best. Loading masters, investments and status titles are"
                            + " auctioned, influence cards bend the rules, and money buys status levels"
                            + " whose upkeep must be paid every round. When enough wagons have arrived the"
                            + " game ends: the highest status wins, then the most money; a player still"
                            + " holding credit ranks below every other.")
                    .options(DATA)
                    .score("status", "florins")
                    .bot("greedy", "buys and loads the goods that sell best along the wagons' roads, tries"
                            + " every move on a copy and keeps the best cargo value, bids a share of what a"
                            + " title or card is worth to it, buys status while a reserve remains",
                            MerchantsGreedyAgent::new)
                    .chance("setup", "the wagons' starting cities, the courier's place, the face-up"
                            + " investment cards and the first player")
                    .chance("influence", "the influence card a player draws when the courier stops on a"
                            + " wagon")
                    .chance("investment", "the investment card turned face up in the auction slot whose card was"
                            + " just auctioned")
                    .invariants(MerchantsInvariants::check, MerchantsInvariants::checkStep)
                    .create(MerchantsGame::new)
                    .build();

    @Override
    public GameDescriptor<MerchantsState> descriptor() {
        return DESCRIPTOR;
    }
}
