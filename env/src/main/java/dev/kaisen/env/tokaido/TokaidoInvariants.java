package dev.kaisen.env.tokaido;

import dev.kaisen.env.tokaido.Decks.Deck;

import java.util.ArrayList;
import java.util.List;

/**
 * What must hold in every Tokaido state: every card of every deck in exactly one place (its
 * deck, the table, or one seat's collection, matching the counters), coins and points never
 * negative, positions on the road with no space over its capacity, panoramas within their
 * length, the phase's own fields set exactly when the phase needs them.
 */
final class TokaidoInvariants {
    private TokaidoInvariants() {
    }

    static List<String> check(TokaidoState s) {
        List<String> out = new ArrayList<>();
        int n = s.n;
        if (s.phase != Phase.GAME_OVER && (s.current < 0 || s.current >= n)) {
            out.add("current player " + s.current + " is not a seat");
            return out;
        }
        if (s.decisions < 0 || s.decisions > TokaidoState.DECISION_CAP) {
            out.add("decisions out of range: " + s.decisions);
        }
        if (s.truncated && s.phase != Phase.GAME_OVER) {
            out.add("a truncated game must be over");
        }
        for (int p = 0; p < n; p++) {
            if (s.position[p] < 0 || s.position[p] >= Board.POSITIONS) {
                out.add("seat " + p + " is off the road at " + s.position[p]);
                return out;
            }
        }
        checkTravellers(s, out);
        checkRoad(s, out);
        checkCards(s, out);
        for (int p = 0; p < n; p++) {
            if (s.coins[p] < 0 || s.points[p] < 0 || s.donated[p] < 0 || s.mealSpent[p] < 0) {
                out.add("seat " + p + " has negative coins, points, donations or meal spending");
            }
            for (int t = 0; t < Decks.PANORAMA_TYPES; t++) {
                int v = s.panorama(p, t);
                if (v < 0 || v > Decks.PANORAMA_LENGTH[t]) {
                    out.add("seat " + p + " holds " + v + " " + Decks.PANORAMA_NAMES[t] + " panorama cards");
                }
            }
            if (s.achievements[p] >>> TokaidoState.ACHIEVEMENTS != 0) {
                out.add("seat " + p + " has unknown achievement bits");
            }
        }
        for (int t = 0; t < Decks.PANORAMA_TYPES; t++) {
            int holders = 0;
            for (int p = 0; p < n; p++) {
                if (s.hasAchievement(p, TokaidoState.FIRST_PADDY + t)) {
                    holders++;
                    if (!s.panoramaComplete(p, t)) {
                        out.add("seat " + p + " holds first-" + Decks.PANORAMA_NAMES[t] + " without completing it");
                    }
                }
            }
            if (holders > 1) {
                out.add(holders + " seats hold first-" + Decks.PANORAMA_NAMES[t]);
            }
        }
        checkPhase(s, out);
        return out;
    }

    private static void checkTravellers(TokaidoState s, List<String> out) {
        int seen = 0;
        for (int i = 0; i < 2 * s.n; i++) {
            int t = s.dealt(i / 2, i % 2);
            if (t < 0 || t >= Traveller.COUNT || (seen & (1 << t)) != 0) {
                out.add("dealt traveller tiles must be distinct tiles: " + t);
                return;
            }
            seen |= 1 << t;
        }
        for (int p = 0; p < s.n; p++) {
            if (s.dealt(p, 0) > s.dealt(p, 1)) {
                out.add("seat " + p + "'s dealt tiles must be listed in tile order (the actions keep the first or the second)");
            }
        }
        for (int p = 0; p < s.n; p++) {
            boolean chosen = s.traveller[p] >= 0;
            boolean shouldBe = s.phase != Phase.CHOOSE_TRAVELLER || p < s.current;
            if (chosen != shouldBe) {
                out.add("seat " + p + (chosen ? " kept a tile before its turn" : " has no traveller after setup"));
            } else if (chosen && s.traveller[p] != s.dealt(p, 0) && s.traveller[p] != s.dealt(p, 1)) {
                out.add("seat " + p + " kept a tile it was not dealt");
            }
        }
    }

    private static void checkRoad(TokaidoState s, List<String> out) {
        int n = s.n;
        for (int p = 0; p < n; p++) {
            int pos = s.position[p];
            if (pos < 0 || pos >= Board.POSITIONS) {
                out.add("seat " + p + " is off the road at " + pos);
                return;
            }
            if (s.phase == Phase.CHOOSE_TRAVELLER && pos != Board.KYOTO) {
                out.add("seat " + p + " left Kyoto during setup");
            }
            if (s.arrival[p] < 0 || s.arrival[p] > s.arrivals) {
                out.add("seat " + p + " has arrival number " + s.arrival[p] + " beyond " + s.arrivals);
            }
            for (int q = 0; q < p; q++) {
                if (s.phase != Phase.CHOOSE_TRAVELLER && s.arrival[p] == s.arrival[q]) {
                    out.add("seats " + q + " and " + p + " share an arrival number");
                }
            }
            if (!Board.isInn(pos)) {
                int occupied = TokaidoQueries.occupants(s, pos);
                int capacity = Board.isDouble(pos) && Board.secondSpots(n) ? 2 : 1;
                if (occupied > capacity) {
                    out.add(occupied + " travellers on position " + pos + " (capacity " + capacity + ")");
                }
            }
        }
        int min = Board.EDO;
        int max = 0;
        for (int p = 0; p < n; p++) {
            min = Math.min(min, s.position[p]);
            max = Math.max(max, s.position[p]);
        }
        if (min < Board.EDO && max > Board.nextInn(min)) {
            out.add("a traveller passed inn " + Board.nextInn(min) + " before everyone reached it");
        }
    }

    private static void checkCards(TokaidoState s, List<String> out) {
        for (Deck d : Deck.values()) {
            int k = d.ordinal();
            if (s.deckSize[k] < 0 || s.deckSize[k] > d.size || s.known[k] < 0 || s.known[k] > s.deckSize[k]) {
                out.add(d.key() + " deck: size " + s.deckSize[k] + ", known bottom " + s.known[k]);
                return;
            }
            checkDeck(s, d, out);
        }
        for (int p = 0; p < s.n; p++) {
            checkCollection(s, p, out);
        }
    }

    /** Every card of a deck in exactly one place: listed where its location says, each seat's count matching. */
    private static void checkDeck(TokaidoState s, Deck d, List<String> out) {
        int k = d.ordinal();
        int[] where = new int[d.size];
        java.util.Arrays.fill(where, -9);
        for (int i = 0; i < s.deckSize[k]; i++) {
            mark(where, s.deck[k][i], -1, d, out);
        }
        for (int card : onTable(s, d)) {
            if (card >= 0) {
                mark(where, card, -2, d, out);
            }
        }
        int[] owned = owners(s, d, where, out);
        for (int p = 0; p < s.n; p++) {
            int expected = switch (d) {
                case MEAL -> Integer.bitCount(s.mealsEaten[p]);
                case SOUVENIR -> s.souvenirCount[p];
                case ENCOUNTER -> s.encounters[p];
                default -> s.hotSprings[p];
            };
            if (owned[p] != expected) {
                out.add("seat " + p + " holds " + owned[p] + " " + d.key() + " cards but counts " + expected);
            }
        }
    }

    /** The cards of a deck on the table (-1 for an empty place): the offer and Satsuki's meal, the revealed souvenirs, Yoshiyasu's draw. */
    private static int[] onTable(TokaidoState s, Deck d) {
        return switch (d) {
            case MEAL -> {
                int[] meals = java.util.Arrays.copyOf(s.inn.offer, s.inn.offerSize + 1);
                meals[s.inn.offerSize] = s.inn.satsukiMeal;
                yield meals;
            }
            case SOUVENIR -> s.village.revealed;
            case ENCOUNTER -> s.drawnEncounters;
            default -> new int[0];
        };
    }

    /** The cards of a deck each seat holds, checking that each card listed nowhere is some seat's. */
    private static int[] owners(TokaidoState s, Deck d, int[] where, List<String> out) {
        int[] owned = new int[s.n];
        for (int c = 0; c < d.size; c++) {
            byte l = s.location(d.ordinal(), c);
            if (where[c] == -1 && l != TokaidoState.IN_DECK || where[c] == -2 && l != TokaidoState.ON_TABLE) {
                out.add(d.key() + " card " + d.cardName(c) + " is listed in one place and located in another");
            } else if (where[c] == -9) {
                int p = l - TokaidoState.SEAT;
                if (p < 0 || p >= s.n) {
                    out.add(d.key() + " card " + d.cardName(c) + " is nowhere");
                } else {
                    owned[p]++;
                }
            }
        }
        return owned;
    }

    /** A seat's meals (one per kind) and souvenir sets match its cards. */
    private static void checkCollection(TokaidoState s, int p, List<String> out) {
        int eaten = 0;
        int[] types = new int[Decks.SOUVENIR_TYPES];
        for (int c = 0; c < Decks.MEALS; c++) {
            if (s.owns(p, TokaidoState.MEAL, c)) {
                int bit = 1 << Decks.mealKind(c);
                if ((eaten & bit) != 0) {
                    out.add("seat " + p + " ate " + Decks.MEAL_NAMES[Decks.mealKind(c)] + " twice");
                }
                eaten |= bit;
            }
        }
        if (eaten != s.mealsEaten[p]) {
            out.add("seat " + p + "'s meals eaten do not match its meal cards");
        }
        for (int c = 0; c < Decks.SOUVENIRS; c++) {
            if (s.owns(p, TokaidoState.SOUVENIR, c)) {
                types[Decks.souvenirType(c)]++;
            }
        }
        if (s.setCount[p] < 0 || s.setCount[p] > TokaidoState.MAX_SETS) {
            out.add("seat " + p + " has " + s.setCount[p] + " souvenir sets");
            return;
        }
        for (int t = 0; t < Decks.SOUVENIR_TYPES; t++) {
            if (s.souvenirsOfType(p, t) != types[t]) {
                out.add("seat " + p + "'s souvenir sets do not match its souvenirs of type "
                        + Decks.SOUVENIR_TYPE_NAMES[t]);
            }
        }
        for (int i = 0; i < s.setCount[p]; i++) {
            int mask = s.souvenirSet(p, i);
            if (mask == 0 || mask >>> Decks.SOUVENIR_TYPES != 0) {
                out.add("seat " + p + " has an empty or invalid souvenir set");
            }
        }
    }

    private static void mark(int[] where, int card, int place, Deck d, List<String> out) {
        if (card < 0 || card >= d.size) {
            out.add(d.key() + " card id out of range: " + card);
        } else if (where[card] != -9) {
            out.add(d.key() + " card " + d.cardName(card) + " is in two places");
        } else {
            where[card] = place;
        }
    }

    private static void checkPhase(TokaidoState s, List<String> out) {
        if (s.inn.offerSize < 0 || s.inn.offerSize > s.n + 1) {
            out.add("the inn offers " + s.inn.offerSize + " meals");
        }
        if (s.inn.offerKnown < 0 || s.inn.offerKnown > s.inn.offerSize) {
            out.add("offerKnown must be 0 to the offer's size, not " + s.inn.offerKnown);
        }
        // at a chance node of the explicit mode a step is under way: it has moved the traveller and
        // laid cards (souvenirs revealed, Yoshiyasu's first encounter), the phase is still the one before
        if (s.isChanceNode()) {
            return;
        }
        boolean village = s.phase == Phase.VILLAGE;
        boolean anyRevealed = s.village.anyRevealed();
        if (village != anyRevealed) {
            out.add(village ? "a village visit with nothing revealed" : "souvenirs revealed outside a village visit");
        }
        if (!village && (s.village.boughtCount != 0 || s.village.boughtSum != 0 || s.village.zenUsed)) {
            out.add("village purchases recorded outside a village visit");
        }
        if ((s.phase == Phase.CHOOSE_ENCOUNTER) != (s.drawnEncounters[0] >= 0 && s.drawnEncounters[1] >= 0)
                || (s.drawnEncounters[0] < 0) != (s.drawnEncounters[1] < 0)) {
            out.add("Yoshiyasu's two drawn encounters must be set exactly while he chooses");
        }
        if ((s.phase == Phase.SATSUKI) != (s.inn.satsukiMeal >= 0)) {
            out.add("Satsuki's drawn meal must be set exactly while she chooses");
        }
        if (s.phase == Phase.GAME_OVER || s.phase == Phase.CHOOSE_TRAVELLER) {
            return;
        }
        int p = s.current;
        boolean atInn = Board.isInn(s.position[p]) && s.position[p] != Board.KYOTO;
        if ((s.phase == Phase.MEAL || s.phase == Phase.SATSUKI) && !atInn) {
            out.add("a meal choice away from an inn");
        }
        if (s.inn.powerPending && !Board.isMiddleInn(s.position[p])) {
            out.add("an inn power pending away from a middle inn");
        }
        if (s.phase == Phase.VILLAGE && Board.kind(s.position[p]) != Space.VILLAGE
                || s.phase == Phase.TEMPLE && Board.kind(s.position[p]) != Space.TEMPLE) {
            out.add("phase " + s.phase + " at position " + s.position[p]);
        }
        if (s.phase == Phase.MOVE) {
            for (int q = 0; q < s.n; q++) {
                if (s.position[q] < s.position[p] || s.position[q] == s.position[p] && s.arrival[q] > s.arrival[p]) {
                    out.add("seat " + p + " moves but seat " + q + " is further behind");
                }
            }
        }
    }

    /** One transition: the invariants after it, and what only grows (points, positions, donations, decisions). */
    static List<String> checkStep(TokaidoState before, TokaidoState after) {
        List<String> out = check(after);
        for (int p = 0; p < before.n; p++) {
            if (after.points[p] < before.points[p]) {
                out.add("seat " + p + " lost points");
            }
            if (after.position[p] < before.position[p]) {
                out.add("seat " + p + " moved backwards");
            }
            if (after.donated[p] < before.donated[p]) {
                out.add("seat " + p + "'s donations shrank");
            }
        }
        if (after.decisions != before.decisions + 1) {
            out.add("a decision must count once");
        }
        return out;
    }
}
