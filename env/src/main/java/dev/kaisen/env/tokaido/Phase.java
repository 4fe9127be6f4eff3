package dev.kaisen.env.tokaido;

/** What kind of decision the current player faces (one small legal/apply pair each in {@link TokaidoRules}). */
public enum Phase {
    /** Setup: each seat in order keeps one of its two dealt traveller tiles. */
    CHOOSE_TRAVELLER,
    /** The rearmost traveller moves forward. */
    MOVE,
    /** Village: buy revealed souvenirs one at a time, or pass. */
    VILLAGE,
    /** Temple: donate 1-3 coins. */
    TEMPLE,
    /** Annaibito on a completed panorama, or Hiroshige at a middle inn: choose the panorama. */
    CHOOSE_PANORAMA,
    /** Yoshiyasu: keep one of the two encounters drawn. */
    CHOOSE_ENCOUNTER,
    /** Satsuki at an inn: eat the drawn meal free, or pass and buy normally. */
    SATSUKI,
    /** Inn: buy one offered meal, or pass. */
    MEAL,
    GAME_OVER
}
