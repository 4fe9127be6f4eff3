package dev.kaisen.env.osaka;

/** The kinds of place a card can be in; the last four belong to a player. */
public enum CardPlace {
    DRAW_PILE, DISCARD_PILE, MARKET, FARM, OUT_OF_GAME, HAND, GOODS, INSURED_GOODS, VP_PILE;

    static CardPlace of(byte loc) {
        switch (loc) {
            case Loc.DRAW: return DRAW_PILE;
            case Loc.DISCARD: return DISCARD_PILE;
            case Loc.MARKET: return MARKET;
            case Loc.FARM: return FARM;
            case Loc.OUT: return OUT_OF_GAME;
            default:
                switch ((loc - Loc.SEAT_BASE) % 4) {
                    case Loc.HAND: return HAND;
                    case Loc.GOODS: return GOODS;
                    case Loc.INSURED: return INSURED_GOODS;
                    default: return VP_PILE;
                }
        }
    }
}
