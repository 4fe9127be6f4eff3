package dev.kaisen.env.merchants;

import java.util.Locale;

/**
 * The seven kinds of influence card, three copies each (seed: "7 cartas de influencia diferentes y
 * 3 copias de cada una"; the seed's list is cut off, so every kind and effect is [reconstructed],
 * each reusing a mechanism of the seed). A card is drawn face down from the shuffled pile when the
 * courier ends its move on a wagon's space, held hidden from the others, and played openly, once,
 * in its owner's turn of the phase named here; then it is discarded face up.
 */
public enum Influence {
    /** Buy phase: up to {@code marketRightBuys} (2) more goods this turn. */
    MARKET_RIGHT(Phase.BUY),
    /** Buy phase: this turn's purchases cost {@code reducedCost} (100) in all, as Reduced Cost. */
    BARGAIN(Phase.BUY),
    /** Movement phase: {@code wheelwrightPoints} (1) extra movement point this turn, as Driver. */
    WHEELWRIGHT(Phase.MOVE),
    /** Movement phase: the courier moves up to {@code messengerPoints} (2) more spaces this turn. */
    MESSENGER(Phase.MOVE),
    /** Price phase (after the wheels): shift one good one level, as Office. */
    GUILD(Phase.SHIFT),
    /** Status phase: take {@code patronFlorins} (500) from the bank. */
    PATRON(Phase.STATUS),
    /** Status phase: pay no upkeep this round. */
    EXEMPTION(Phase.STATUS);

    public static final int COUNT = values().length;

    /** The phase in which the card is played. */
    public final Phase phase;

    Influence(Phase phase) {
        this.phase = phase;
    }

    public String id() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
