package dev.kaisen.env.merchants;

import dev.kaisen.env.GameFormatException;

import java.util.Arrays;
import java.util.Locale;

/**
 * The kinds of investment card (seed: Reduced Cost, Driver, Coach Driver, Courier, Express
 * Courier; published: two Office cards and Low Upkeep). A card is kept for the rest of the game.
 * Effects: see {@code docs/rules/merchants.md}; Office and Low Upkeep are [reconstructed].
 */
public enum Investment {
    /** Seed: pays only {@code reducedCost} (100) in all for a turn's purchases. */
    REDUCED_COST,
    /** Seed: 1 extra movement point each movement turn, for any wagon. */
    DRIVER,
    /** Seed: 2 extra movement points, one wagon 2 spaces or two wagons 1 space. */
    COACH_DRIVER,
    /** Seed: moves the courier 1 space a turn. */
    COURIER,
    /** Seed: moves the courier up to 2 spaces a turn. */
    EXPRESS_COURIER,
    /** [reconstructed] (1999: shift one good's price): once a round, after the price wheels, one good one level up or down. */
    OFFICE,
    /** [reconstructed]: pays half the status upkeep, rounded down to the bid step (100). */
    LOW_UPKEEP;

    public static final int COUNT = values().length;

    /** The name in data files and action names: {@code reduced-cost}, {@code coach-driver}, ... */
    public String id() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    static Investment byName(String name) {
        for (Investment i : values()) {
            if (i.id().equals(name)) {
                return i;
            }
        }
        throw new GameFormatException("unknown investment card '" + name + "' (kinds: "
                + Arrays.stream(values()).map(Investment::id).toList() + ")");
    }
}
