package dev.kaisen.env.merchants;

/** Where a round stands: whose kind of decision is next. */
public enum Phase {
    /** Action 1: the player to act buys goods into warehouses. */
    BUY,
    /** A sealed bid: for a wagon's loading master (action 2) or for an investment card (action 6). */
    BID,
    /** Action 2: the loading master loads up to 3 goods of one type, free. */
    MASTER_LOAD,
    /** Action 2: another player chooses up to 2 goods to load (the request the master prices). */
    REQUEST,
    /** Action 2: the master names the price of the request. */
    OFFER,
    /** Action 2: the requester accepts (pays, loads) or refuses. */
    ANSWER,
    /** Action 3: the player to act plays a movement tile, moves wagons and the courier. */
    MOVE,
    /** Action 5: the player to act sets the price wheel in secret. */
    WHEEL,
    /** Action 5: after the reveal, each player in turn may shift prices with Office or Guild. */
    SHIFT,
    /** Action 6: the first player chooses the face-up investment card to auction. */
    INVEST,
    /** Action 7: the player to act takes or repays credit, buys status, plays influence; upkeep at the end. */
    STATUS,
    GAME_OVER
}
