package dev.kaisen.env.tokaido;

import dev.kaisen.env.ValueGreedyAgent;


/**
 * A simple heuristic player for Tokaido. It reads only public information (never a deck's
 * unseen order). In plain words:
 * <ul>
 *   <li><b>Traveller:</b> the tile with more starting coins.</li>
 *   <li><b>Move:</b> the destination with the best value of its space minus 0.7 per space
 *       skipped (every skipped space is a stop given up). Values: a panorama its next card's
 *       points; a hot spring 2.5; an encounter 3; a farm 2, or 4 when short of coins (under 3);
 *       a village 3 with at least 3 coins, else 0.5; a temple 1.5 with at least 3 coins, else 0.3;
 *       the next inn 1 (it is also where the stretch ends).</li>
 *   <li><b>Village:</b> the souvenir that scores most points per coin paid (free ones first),
 *       while it keeps 2 coins for the next meal; Zen-emon's price when it saves a coin; else pass.</li>
 *   <li><b>Temple:</b> 1 coin (Hirotada adds the supply's coin).</li>
 *   <li><b>Meal:</b> the cheapest meal it may buy; Satsuki always eats her free meal.</li>
 *   <li><b>Panorama choice:</b> the panorama whose next card scores most.</li>
 *   <li><b>Encounter choice (Yoshiyasu):</b> Samurai, then a useful Annaibito, Shokunin, Kuge, Miko.</li>
 * </ul>
 * Ties between equally good actions are broken by its seeded random stream.
 */
public final class TokaidoGreedyAgent extends ValueGreedyAgent<TokaidoState> {
    private static final int[] ENCOUNTER_PREFERENCE = {3, 4, 4, 4, 6, 2, 1};

    public TokaidoGreedyAgent(long seed) {
        super(seed, TokaidoAction.COUNT);
    }

    @Override
    protected double value(TokaidoState s, int a) {
        int p = s.currentPlayer();
        switch (s.phase()) {
            case CHOOSE_TRAVELLER:
                return Traveller.of(s.dealt(p, a - TokaidoAction.KEEP)).coins;
            case MOVE:
                return moveValue(s, p, a - TokaidoAction.MOVE + 1);
            case VILLAGE:
                return villageValue(s, p, a);
            case TEMPLE:
                return a == TokaidoAction.DONATE ? 1 : a == TokaidoAction.DONATE_SUPPLY ? 2 : 0;
            case MEAL:
                return a == TokaidoAction.PASS ? 0 : 10 - TokaidoQueries.mealCost(s, p, a - TokaidoAction.MEAL);
            case SATSUKI:
                return a == TokaidoAction.SATSUKI_EAT ? 1 : 0;
            case CHOOSE_PANORAMA:
                return s.panorama(p, a - TokaidoAction.PANORAMA) + 1;
            case CHOOSE_ENCOUNTER: {
                int kind = a - TokaidoAction.ENCOUNTER;
                if (kind >= 1 && kind <= 3 && s.panoramaComplete(p, kind - 1)) {
                    return 2;
                }
                return ENCOUNTER_PREFERENCE[kind];
            }
            default:
                return 0;
        }
    }

    private static double moveValue(TokaidoState s, int p, int to) {
        double skipped = to - s.position(p) - 1;
        double v;
        int coins = s.coins(p);
        switch (Board.kind(to)) {
            case PADDY:
            case MOUNTAIN:
            case SEA:
                v = s.panorama(p, Board.kind(to).panorama()) + 1;
                break;
            case HOT_SPRING:
                v = 2.5;
                break;
            case ENCOUNTER:
                v = 3;
                break;
            case FARM:
                v = coins < 3 ? 4 : 2;
                break;
            case VILLAGE:
                v = coins >= 3 ? 3 : 0.5;
                break;
            case TEMPLE:
                v = coins >= 3 ? 1.5 : 0.3;
                break;
            default:
                v = 1;
        }
        return v - 0.7 * skipped;
    }

    private static double villageValue(TokaidoState s, int p, int a) {
        if (a == TokaidoAction.PASS) {
            return 0;
        }
        boolean zen = a >= TokaidoAction.SOUVENIR_ZEN;
        int card = s.revealed(a - (zen ? TokaidoAction.SOUVENIR_ZEN : TokaidoAction.SOUVENIR));
        int cost = zen ? 1 : TokaidoQueries.souvenirCost(s, p, card);
        if (s.coins(p) - cost < 2 && cost > 0) {
            return -1;
        }
        if (zen && cost >= Decks.souvenirPrice(card)) {
            return -0.5;
        }
        double gain = gainOf(s, p, card);
        return gain / (cost + 0.5) + (zen ? 0.1 : 0);
    }

    /** The points a souvenir would score now (it joins the largest set lacking its type). */
    private static int gainOf(TokaidoState s, int p, int card) {
        int bit = 1 << Decks.souvenirType(card);
        int best = 0;
        for (int i = 0; i < s.setCount[p]; i++) {
            int mask = s.souvenirSet(p, i);
            if ((mask & bit) == 0) {
                best = Math.max(best, Integer.bitCount(mask));
            }
        }
        return Decks.setPoints(best + 1);
    }
}
