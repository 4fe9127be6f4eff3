package dev.kaisen.env.osaka;

import dev.kaisen.env.RandomStream;

import java.util.Arrays;

/**
 * The rules of Traders of Osaka as one legal/apply pair per phase (section references are to
 * {@code docs/rules/osaka.md}): {@link #legalActionMask} and {@link #apply} dispatch on the
 * phase, every other method is a step of the rulebook. The cards move through
 * {@link CardMoves}; the payout after a Buy is in {@link OsakaPayout}.
 */
final class OsakaRules {
    private OsakaRules() {
    }

    // ------------------------------------------------------------------ setup

    /** Setup (rules section "Setup"), with chance outcomes reported to {@code events}. */
    static OsakaState setUp(OsakaConfig config, long seed, OsakaEvents events) {
        OsakaState s = new OsakaState(config.players());
        s.rng.setState(seed);
        s.events = events;
        deal(s);
        s.events = OsakaEvents.NONE;
        return s;
    }

    /**
     * The setup's steps on a state just made (its random stream at the seed), in either chance
     * mode. The explicit mode ({@link OsakaExplicit}) lays the deck out with a copy of the stream,
     * so that the table keeps its stream until the deal completes (the deal's chance nodes are
     * read back from it), and then takes the copy's state: the same stream the sampled mode has
     * after its setup.
     */
    static void deal(OsakaState s) {
        RandomStream layout = s.explicit == null ? s.rng : s.rng.copy();
        // 1. Shuffle the 108 cards into the draw pile.
        int[] deck = new int[Cards.COUNT];
        for (int c = 0; c < Cards.COUNT; c++) {
            deck[c] = c;
        }
        layout.shuffle(deck, 0, Cards.COUNT);
        CardMoves.setDrawPile(s, deck, Cards.COUNT);
        s.events.shuffled(false, s.drawPileTopFirst());
        // 2. Market 5 face up, then Farm 3.
        for (int i = 0; i < OsakaState.MARKET_DEAL; i++) {
            CardMoves.drawToMarket(s);
        }
        for (int i = 0; i < OsakaState.FARM_DEAL; i++) {
            CardMoves.drawToFarm(s);
        }
        // 3. Ships start in Osaka (all zero). 4. Starting hands, in seat order.
        for (int p = 0; p < s.n; p++) {
            while (s.handValue[p] < OsakaState.STARTING_HAND_VALUE && CardMoves.drawToHand(s, p) >= 0) {
                // keep drawing
            }
        }
        s.startPlayer = chooseStartPlayer(s, layout);
        // 6. Starting achievement tokens, from the start player clockwise.
        s.phase = Phase.CHOOSE_TOKEN;
        s.current = s.startPlayer;
        s.active = s.startPlayer;
        s.tokenPicks = new TokenPicks(s.n);
        if (layout != s.rng) {
            s.rng.setState(layout.state());
        }
    }

    /** Setup step 5: smallest starting total; tie, fewest cards; tie, seeded random among the tied. */
    private static int chooseStartPlayer(OsakaState s, RandomStream layout) {
        int[] tied = new int[s.n];
        int count = 0;
        for (int p = 0; p < s.n; p++) {
            int first = tied[0];
            if (count == 0 || s.handValue[p] < s.handValue[first]
                    || (s.handValue[p] == s.handValue[first] && s.handSize[p] < s.handSize[first])) {
                count = 0;
                tied[count++] = p;
            } else if (s.handValue[p] == s.handValue[first] && s.handSize[p] == s.handSize[first]) {
                tied[count++] = p;
            }
        }
        int chosen = count == 1 ? tied[0] : OsakaExplicit.startPlayer(s, tied, count, layout);
        s.events.startPlayer(Arrays.copyOf(tied, count), chosen);
        return chosen;
    }

    // ------------------------------------------------------------------ dispatch

    /** The legal actions of the phase, as a bit per action id. */
    static long legalActionMask(OsakaState s) {
        switch (s.phase) {
            case CHOOSE_TOKEN:
                return legalTokens();
            case ACTION:
                return legalTurnActions(s);
            case PAYMENT:
                return legalPayments(s);
            case INSURANCE:
                return OsakaPayout.legalInsurance(s);
            default:
                return 0L;
        }
    }

    /** Applies a legal action: the phase's rule, then the [decision] safety cap. */
    static void apply(OsakaState s, int action) {
        s.decisions++;
        switch (s.phase) {
            case CHOOSE_TOKEN:
                chooseToken(s, action - OsakaAction.TOKEN);
                break;
            case ACTION:
                takeTurnAction(s, action);
                break;
            case PAYMENT:
                pay(s, action - OsakaAction.PAY);
                break;
            case INSURANCE:
                OsakaPayout.insure(s, action);
                break;
            default:
                throw new IllegalStateException("unreachable: no action is legal in " + s.phase);
        }
        if (s.phase != Phase.GAME_OVER && s.decisions >= OsakaState.DECISION_CAP) {
            endGame(s, EndReason.DECISION_CAP);
        }
    }

    // ------------------------------------------------------------------ CHOOSE_TOKEN

    /** Setup step 6: any of the four colours (colours may repeat). */
    private static long legalTokens() {
        return 0xFL << OsakaAction.TOKEN;
    }

    /** Setup step 6: one token of any colour; then the start player's first turn. */
    private static void chooseToken(OsakaState s, int colour) {
        s.addTokens(s.current, colour, 1);
        s.tokenPicks = s.tokenPicks.picked();
        if (s.tokenPicks.left() == 0) {
            beginTurn(s, s.startPlayer);
        } else {
            s.current = (s.current + 1) % s.n;
        }
    }

    // ------------------------------------------------------------------ ACTION

    /** Section "A turn": buy, take coins, reserve; [decision] pass only when none is possible. */
    private static long legalTurnActions(OsakaState s) {
        int p = s.active;
        int cost = 0;
        int buyable = 0;
        long takeTypes = 0;
        boolean ownInMarket = false;
        for (int i = 0; i < s.marketSize; i++) {
            int card = s.market[i];
            int owner = s.reservedBy[card];
            if (owner == 0) {
                takeTypes |= 1L << Cards.type(card);
            } else if (owner != p + 1) {
                continue;
            } else {
                ownInMarket = true;
            }
            cost += Cards.value(card);
            buyable++;
        }
        long mask = takeTypes << OsakaAction.TAKE;
        if (buyable > 0 && s.handValue[p] >= cost) {
            mask |= 1L << OsakaAction.BUY;
        }
        if (ownInMarket) {
            mask |= 1L << OsakaAction.TAKE_RESERVED;
        }
        if (s.reservedCard[p] < 0) {
            long farmTypes = 0;
            for (int i = 0; i < s.farmSize; i++) {
                if (s.reservedBy[s.farm[i]] == 0) {
                    farmTypes |= 1L << Cards.type(s.farm[i]);
                }
            }
            mask |= takeTypes << OsakaAction.RESERVE_MARKET | farmTypes << OsakaAction.RESERVE_FARM;
        }
        return mask == 0 ? 1L << OsakaAction.PASS : mask;
    }

    /** One turn action: A (Buy opens the payment), B (take a card), C (reserve), or a pass. */
    private static void takeTurnAction(OsakaState s, int action) {
        int p = s.active;
        if (action == OsakaAction.PASS) {
            if (++s.passStreak >= s.n) {
                endGame(s, EndReason.STALEMATE);
            } else {
                endTurn(s);
            }
            return;
        }
        s.passStreak = 0;
        if (action == OsakaAction.BUY) {
            s.phase = Phase.PAYMENT;
            s.payment = new Payment(s.buyCost());
            return;
        }
        if (action == OsakaAction.TAKE_RESERVED) {
            int card = s.reservedCard[p];
            CardMoves.removeFromMarket(s, card);
            CardMoves.releaseReservation(s, card);
            CardMoves.addToHand(s, p, card);
        } else if (action < OsakaAction.TAKE_RESERVED) {
            int card = firstUnreserved(s, s.market, s.marketSize, action - OsakaAction.TAKE);
            CardMoves.removeFromMarket(s, card);
            CardMoves.addToHand(s, p, card);
        } else if (action < OsakaAction.RESERVE_FARM) {
            CardMoves.reserve(s, p, firstUnreserved(s, s.market, s.marketSize, action - OsakaAction.RESERVE_MARKET));
        } else {
            CardMoves.reserve(s, p, firstUnreserved(s, s.farm, s.farmSize, action - OsakaAction.RESERVE_FARM));
        }
        endTurn(s);
    }

    private static int firstUnreserved(OsakaState s, int[] place, int size, int type) {
        for (int i = 0; i < size; i++) {
            if (s.reservedBy[place[i]] == 0 && Cards.type(place[i]) == type) {
                return place[i];
            }
        }
        throw new IllegalStateException("unreachable: legal action named a missing card type " + Cards.typeName(type));
    }

    // ------------------------------------------------------------------ PAYMENT

    /** [decision] Payment as a sequence: any card type in hand may be paid next. */
    private static long legalPayments(OsakaState s) {
        long mask = 0;
        for (int t = 0; t < Cards.TYPES; t++) {
            if (s.handCount(s.current, t) > 0) {
                mask |= 1L << (OsakaAction.PAY + t);
            }
        }
        return mask;
    }

    /** One payment decision: the card goes face up to the discard pile. */
    private static void pay(OsakaState s, int type) {
        int p = s.current;
        int card = CardMoves.removeFromHand(s, p, type);
        CardMoves.discard(s, card);
        s.payment = s.payment.paid(Cards.value(card));
        if (s.payment.settled()) {
            OsakaPayout.completeBuy(s, p);
        }
    }

    // ------------------------------------------------------------------ turn flow

    /** Start of a turn: refresh first if the Market holds nothing this player may take or buy. */
    private static void beginTurn(OsakaState s, int p) {
        s.active = p;
        s.current = p;
        s.phase = Phase.ACTION;
        if (!marketOffersAnythingTo(s, p)) {
            refresh(s);
        }
    }

    private static boolean marketOffersAnythingTo(OsakaState s, int p) {
        for (int i = 0; i < s.marketSize; i++) {
            if (s.offeredTo(s.market[i], p)) {
                return true;
            }
        }
        return false;
    }

    /** The next player clockwise begins a turn. */
    static void endTurn(OsakaState s) {
        beginTurn(s, (s.active + 1) % s.n);
    }

    /**
     * Section "Refresh": Farm cards move to the Market (reserve pieces stay on them), then 2
     * cards are drawn to the Market and 3 to the Farm.
     */
    static void refresh(OsakaState s) {
        for (int i = 0; i < s.farmSize; i++) {
            s.loc[s.farm[i]] = Loc.MARKET;
            s.market[s.marketSize++] = s.farm[i];
        }
        s.farmSize = 0;
        for (int i = 0; i < OsakaState.REFRESH_MARKET; i++) {
            CardMoves.drawToMarket(s);
        }
        for (int i = 0; i < OsakaState.FARM_DEAL; i++) {
            CardMoves.drawToFarm(s);
        }
    }

    /** Ends the game; a payment or insurance round under way (possible only at the decision cap) is dropped. */
    static void endGame(OsakaState s, EndReason reason) {
        s.phase = Phase.GAME_OVER;
        s.endReason = reason;
        s.current = -1;
        s.payment = Payment.NONE;
        s.insurance = Insurance.NONE;
    }
}
