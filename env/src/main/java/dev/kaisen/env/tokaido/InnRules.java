package dev.kaisen.env.tokaido;

import dev.kaisen.env.ChanceLog;

import static dev.kaisen.env.tokaido.TokaidoState.MEAL;

/**
 * Rules, "Inn": the inn powers at a middle inn (Hiroshige, Chuubei), the meals on offer,
 * Satsuki's free meal, the meal choice, and leaving once everyone has arrived (at Edo, the end).
 */
final class InnRules {
    private InnRules() {
    }

    /**
     * Rules, "Inn" and the [decision] on the arrival order: at a middle inn Hiroshige first takes
     * a panorama card of his choice, or Chuubei draws and resolves an encounter; then the meals.
     */
    static void arrive(TokaidoState s, int p, ChanceLog chance) {
        if (Board.isMiddleInn(s.position[p])) {
            if (s.has(p, Traveller.HIROSHIGE)) {
                s.inn.powerPending = true;
                if (TokaidoRules.choosePanoramaIfAny(s, p)) {
                    return;
                }
                s.inn.powerPending = false;
            } else if (s.has(p, Traveller.CHUUBEI)) {
                s.inn.powerPending = true;
                if (EncounterRules.encounter(s, p, chance)) {
                    return;
                }
                s.inn.powerPending = false;
            }
        }
        serveMeals(s, p, chance);
    }

    /**
     * Rules, "Inn": the first arrival draws players + 1 meals (fewer if the deck is short), seen
     * by the travellers at the inn only ({@link TokaidoState#seesOffer}); then Satsuki draws the top
     * meal of the deck ([decision]: she may eat it free unless she has eaten that meal, else it
     * goes under the deck at once and she buys as usual); then the meal choice.
     */
    static void serveMeals(TokaidoState s, int p, ChanceLog chance) {
        InnVisit inn = s.inn;
        if (TokaidoQueries.occupants(s, s.position[p]) == 1) {
            inn.clearOffer();
            while (inn.offerSize < s.n + 1 && s.deckSize[MEAL] > 0) {
                boolean fromKnownBottom = s.known[MEAL] == s.deckSize[MEAL];
                inn.add(TokaidoRules.draw(s, MEAL, "offer", p, chance), fromKnownBottom);
            }
        }
        if (s.has(p, Traveller.SATSUKI) && s.deckSize[MEAL] > 0) {
            int card = TokaidoRules.draw(s, MEAL, "satsuki", p, chance);
            if (!s.hasEaten(p, Decks.mealKind(card))) {
                inn.satsukiMeal = card;
                s.phase = Phase.SATSUKI;
                return;
            }
            TokaidoRules.toBottom(s, MEAL, card, chance);
        }
        s.phase = Phase.MEAL;
    }

    /** Satsuki: eat the drawn meal free, or pass and buy as usual. */
    static int legalSatsuki(int[] out) {
        out[0] = TokaidoAction.SATSUKI_EAT;
        out[1] = TokaidoAction.PASS;
        return 2;
    }

    static void satsuki(TokaidoState s, int action, ChanceLog chance) {
        int card = s.inn.satsukiMeal;
        s.inn.satsukiMeal = -1;
        if (action == TokaidoAction.SATSUKI_EAT) {
            eat(s, s.current, card, 0);
            leave(s, chance);
        } else {
            TokaidoRules.toBottom(s, MEAL, card, chance);
            s.phase = Phase.MEAL;
        }
    }

    /** Rules, "Inn": one offered meal the traveller can afford and has not eaten before, or none. */
    static int legalMeal(TokaidoState s, int[] out) {
        int p = s.current;
        int k = 0;
        int seen = 0;
        for (int i = 0; i < s.inn.offerSize; i++) {
            seen |= 1 << Decks.mealKind(s.inn.offer[i]);
        }
        for (int kind = 0; kind < Decks.MEAL_KINDS; kind++) {
            if ((seen & (1 << kind)) != 0 && !s.hasEaten(p, kind)
                    && s.coins[p] >= TokaidoQueries.mealCost(s, p, kind)) {
                out[k++] = TokaidoAction.MEAL + kind;
            }
        }
        out[k++] = TokaidoAction.PASS;
        return k;
    }

    /** The first offered meal of the chosen kind is eaten at the traveller's price; then it leaves the queue. */
    static void eatMeal(TokaidoState s, int action, ChanceLog chance) {
        int p = s.current;
        InnVisit inn = s.inn;
        if (action != TokaidoAction.PASS) {
            int kind = action - TokaidoAction.MEAL;
            for (int i = 0; i < inn.offerSize; i++) {
                if (Decks.mealKind(inn.offer[i]) == kind) {
                    eat(s, p, inn.take(i), TokaidoQueries.mealCost(s, p, kind));
                    break;
                }
            }
        }
        leave(s, chance);
    }

    /** A meal eaten: 6 points; [decision] Gourmet counts the coins actually paid. */
    private static void eat(TokaidoState s, int p, int card, int paid) {
        s.giveTo(p, MEAL, card);
        s.coins[p] -= paid;
        s.mealSpent[p] += paid;
        s.mealsEaten[p] |= 1 << Decks.mealKind(card);
        s.points[p] += Decks.MEAL_POINTS;
    }

    /**
     * After an arrival's meal choice: once everyone has arrived, the leftovers go under the meal
     * deck (in offer order, seen by all); at Edo that ends the game ([decision] after the last
     * traveller's meal choice). Otherwise the rearmost traveller moves.
     */
    private static void leave(TokaidoState s, ChanceLog chance) {
        int here = s.position[s.current];
        if (TokaidoQueries.occupants(s, here) == s.n) {
            for (int i = 0; i < s.inn.offerSize; i++) {
                TokaidoRules.toBottom(s, MEAL, s.inn.offer[i], chance);
            }
            s.inn.clearOffer();
            if (here == Board.EDO) {
                TokaidoRules.endGame(s);
                return;
            }
        }
        TokaidoRules.nextTurn(s);
    }
}
