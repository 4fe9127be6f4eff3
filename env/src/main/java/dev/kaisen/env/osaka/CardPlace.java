package dev.kaisen.env.osaka;

/** The kinds of place a card can be in; the last four belong to a player. */
public enum CardPlace {
    DRAW_PILE, DISCARD_PILE, MARKET, FARM, OUT_OF_GAME, HAND, GOODS, INSURED_GOODS, VP_PILE;

    static CardPlace of(byte loc) {
        switch (loc) {
            case OsakaState.DRAW: return DRAW_PILE;
            case OsakaState.DISCARD: return DISCARD_PILE;
            case OsakaState.MARKET: return MARKET;
            case OsakaState.FARM: return FARM;
            case OsakaState.OUT: return OUT_OF_GAME;
            default:
                switch ((loc - OsakaState.SEAT_BASE) % 4) {
                    case OsakaState.HAND: return HAND;
                    case OsakaState.GOODS: return GOODS;
                    case OsakaState.INSURED: return INSURED_GOODS;
                    default: return VP_PILE;
                }
        }
    }
}
