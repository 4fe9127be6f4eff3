package dev.kaisen.env.osaka;

import dev.kaisen.env.Agent;

import java.util.SplittableRandom;

/**
 * A simple heuristic player for Traders of Osaka. It reads only public information and its
 * own hand. In plain words:
 * <ul>
 *   <li><b>Starting token:</b> the colour most common among the Market and Farm cards (the
 *       goods it is likely to buy first), ties to the lower colour.</li>
 *   <li><b>Turn:</b> it buys when the Market is worth it: three or more cards, or a purchase
 *       that brings a ship to Edo while it would sell goods of that colour, or two or more
 *       cards with at least 5 coins to spare. Otherwise it takes the most valuable card it
 *       may take (its own reserved card counts). If it can take nothing, it reserves the
 *       most valuable Farm card, then Market card. It passes only when nothing else is legal.</li>
 *   <li><b>Payment:</b> the smallest card that covers what is due; when none does, the
 *       largest card. Among cards of one value it pays a colour it holds no uninsured goods
 *       of, keeping the 2s and 3s that could insure its goods.</li>
 *   <li><b>Insurance:</b> it always insures when it can, with a 2 (two icons) when two or
 *       more goods of that colour are at risk, otherwise with a 3 if it has one.</li>
 * </ul>
 * Ties between equally good actions are broken by its seeded random stream.
 */
public final class GreedyAgent implements Agent<OsakaState> {
    private final SplittableRandom random;

    public GreedyAgent(long seed) {
        this.random = new SplittableRandom(seed);
    }

    @Override
    public String name() {
        return "greedy";
    }

    @Override
    public int chooseAction(OsakaState s) {
        long legal = s.legalActionMask();
        if (legal == 0) {
            throw new IllegalStateException(s.isTerminal() ? "no legal action: the game is over"
                    : "no legal action in a game that is not over (a rules bug)");
        }
        switch (s.phase()) {
            case CHOOSE_TOKEN:
                return chooseToken(s);
            case PAYMENT:
                return choosePayment(s, legal);
            case INSURANCE:
                return chooseInsurance(s, legal);
            default:
                return chooseTurn(s, legal);
        }
    }

    private int chooseToken(OsakaState s) {
        int[] perColour = new int[Colour.COUNT];
        for (int i = 0; i < s.marketSize; i++) {
            perColour[Cards.colour(s.market[i])]++;
        }
        for (int i = 0; i < s.farmSize; i++) {
            perColour[Cards.colour(s.farm[i])]++;
        }
        int best = 0;
        for (int c = 1; c < Colour.COUNT; c++) {
            if (perColour[c] > perColour[best]) {
                best = c;
            }
        }
        return OsakaAction.TOKEN + best;
    }

    private int chooseTurn(OsakaState s, long legal) {
        int p = s.currentPlayer();
        if ((legal & (1L << OsakaAction.BUY)) != 0 && buyIsWorthIt(s, p)) {
            return OsakaAction.BUY;
        }
        int bestTake = -1;
        int bestValue = -1;
        for (int a = OsakaAction.TAKE; a <= OsakaAction.TAKE_RESERVED; a++) {
            if ((legal & (1L << a)) == 0) {
                continue;
            }
            int value = a == OsakaAction.TAKE_RESERVED ? Cards.value(s.reservedCard(p))
                    : Cards.typeValue(a - OsakaAction.TAKE);
            if (value > bestValue || (value == bestValue && random.nextBoolean())) {
                bestValue = value;
                bestTake = a;
            }
        }
        if (bestTake >= 0) {
            return bestTake;
        }
        int reserve = mostValuable(legal, OsakaAction.RESERVE_FARM);
        if (reserve < 0) {
            reserve = mostValuable(legal, OsakaAction.RESERVE_MARKET);
        }
        if (reserve >= 0) {
            return reserve;
        }
        return Long.numberOfTrailingZeros(legal); // only pass is left
    }

    private static int mostValuable(long legal, int base) {
        int best = -1;
        int bestValue = -1;
        for (int t = 0; t < Cards.TYPES; t++) {
            if ((legal & (1L << (base + t))) != 0 && Cards.typeValue(t) > bestValue) {
                bestValue = Cards.typeValue(t);
                best = base + t;
            }
        }
        return best;
    }

    private boolean buyIsWorthIt(OsakaState s, int p) {
        int[] bought = new int[Colour.COUNT];
        int count = 0;
        int cost = 0;
        for (int i = 0; i < s.marketSize; i++) {
            int card = s.market[i];
            int owner = s.reservedBy(card);
            if (owner < 0 || owner == p) {
                bought[Cards.colour(card)]++;
                count++;
                cost += Cards.value(card);
            }
        }
        if (count >= 3) {
            return true;
        }
        for (int c = 0; c < Colour.COUNT; c++) {
            if (bought[c] > 0 && s.ship[c] + Math.min(2, bought[c]) >= OsakaState.EDO) {
                return true; // the bought goods themselves are sold at once
            }
        }
        return count >= 2 && s.handValue(p) - cost >= 5;
    }

    private int choosePayment(OsakaState s, long legal) {
        int p = s.currentPlayer();
        int due = s.paymentDue();
        int best = -1;
        for (int t = 0; t < Cards.TYPES; t++) {
            if ((legal & (1L << (OsakaAction.PAY + t))) == 0) {
                continue;
            }
            if (best < 0 || paymentIsBetter(s, p, due, t, best)) {
                best = t;
            }
        }
        return OsakaAction.PAY + best;
    }

    /** Whether paying with type a is better than with type b. */
    private static boolean paymentIsBetter(OsakaState s, int p, int due, int a, int b) {
        int va = Cards.typeValue(a);
        int vb = Cards.typeValue(b);
        boolean coversA = va >= due;
        boolean coversB = vb >= due;
        if (coversA != coversB) {
            return coversA;
        }
        if (va != vb) {
            return coversA ? va < vb : va > vb;
        }
        return !protectsGoods(s, p, a) && protectsGoods(s, p, b);
    }

    private static boolean protectsGoods(OsakaState s, int p, int type) {
        if (Cards.typeIcons(type) == 0) {
            return false;
        }
        return s.uninsuredOfColour(p, Cards.typeColour(type)) > 0;
    }

    private static int chooseInsurance(OsakaState s, long legal) {
        int p = s.currentPlayer();
        for (int c = 0; c < Colour.COUNT; c++) {
            int two = OsakaAction.INSURE + 2 * c;
            int three = two + 1;
            int atRisk = s.uninsuredOfColour(p, c);
            boolean hasTwo = (legal & (1L << two)) != 0;
            boolean hasThree = (legal & (1L << three)) != 0;
            if (hasTwo && (atRisk >= 2 || !hasThree)) {
                return two;
            }
            if (hasThree) {
                return three;
            }
        }
        return OsakaAction.STOP_INSURING;
    }
}
