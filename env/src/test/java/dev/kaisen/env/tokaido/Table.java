package dev.kaisen.env.tokaido;

import dev.kaisen.env.tokaido.Decks.Deck;

import java.util.List;

/**
 * A readable scenario builder for Tokaido rules tests: a game after setup with chosen
 * travellers, positions (in arrival order), coins, collections and the cards on top of each
 * deck, then {@link #start()} hands the turn to the rearmost traveller by the rules.
 */
final class Table {
    final TokaidoState s;

    private Table(int players, boolean powers) {
        s = new TokaidoState(players, powers);
        for (Deck d : Deck.values()) {
            for (int c = 0; c < d.size; c++) {
                s.deck[d.ordinal()][c] = c;
            }
            s.deckSize[d.ordinal()] = d.size;
        }
        s.phase = Phase.MOVE;
        // Default travellers: seats keep Mitsukuni, Kinko, Hirotada, Yoshiyasu, Chuubei in turn
        // (tiles chosen so that a test can give any seat any traveller).
        Traveller[] defaults = {Traveller.MITSUKUNI, Traveller.KINKO, Traveller.HIROTADA, Traveller.YOSHIYASU,
            Traveller.CHUUBEI};
        Traveller[] chosen = new Traveller[players];
        System.arraycopy(defaults, 0, chosen, 0, players);
        travellers(chosen);
        for (int p = 0; p < players; p++) {
            s.arrival[p] = players - p; // the starting line: seat 0 leaves first
            s.coins[p] = 5;
        }
        s.arrivals = players;
    }

    /** A table of {@code players} with the travellers' powers on. */
    static Table of(int players) {
        return new Table(players, true);
    }

    /** The seed-only game: powers off. */
    static Table withoutPowers(int players) {
        return new Table(players, false);
    }

    /** Seat p keeps {@code t[p]}; each seat's dealt pair is its traveller and a tile nobody keeps. */
    Table travellers(Traveller... t) {
        int used = 0;
        for (Traveller x : t) {
            used |= 1 << x.ordinal();
        }
        int spare = 0;
        for (int p = 0; p < t.length; p++) {
            while ((used & (1 << spare)) != 0) {
                spare++;
            }
            used |= 1 << spare;
            s.traveller[p] = t[p].ordinal();
            s.dealPair(p, t[p].ordinal(), spare);
        }
        return this;
    }

    Table traveller(int seat, Traveller t) {
        Traveller[] all = new Traveller[s.n];
        for (int p = 0; p < s.n; p++) {
            all[p] = Traveller.of(s.traveller[p]);
        }
        // a seat already keeping t takes this seat's old traveller instead
        for (int p = 0; p < s.n; p++) {
            if (all[p] == t) {
                all[p] = all[seat];
            }
        }
        all[seat] = t;
        return travellers(all);
    }

    /** Puts seat p at a position as the latest arrival there. */
    Table at(int seat, int position) {
        s.position[seat] = position;
        s.arrival[seat] = ++s.arrivals;
        return this;
    }

    Table coins(int seat, int coins) {
        s.coins[seat] = coins;
        return this;
    }

    Table points(int seat, int points) {
        s.points[seat] = points;
        return this;
    }

    Table donated(int seat, int coins) {
        s.donated[seat] = coins;
        return this;
    }

    Table panorama(int seat, int type, int cards) {
        s.setPanorama(seat, type, cards);
        return this;
    }

    /** Puts the named cards on top of a deck, in this order (the first named on top). */
    Table onTop(Deck d, String... names) {
        int k = d.ordinal();
        for (int i = names.length - 1; i >= 0; i--) {
            int card = d.parse(names[i]);
            if (card < 0) {
                throw new IllegalArgumentException("no " + d.key() + " card " + names[i]);
            }
            int at = indexOf(k, card);
            System.arraycopy(s.deck[k], 0, s.deck[k], 1, at);
            s.deck[k][0] = card;
        }
        return this;
    }

    /** Gives seat p the named cards from a deck (as if gained earlier; counters follow, points do not). */
    Table owns(int seat, Deck d, String... names) {
        int k = d.ordinal();
        for (String name : names) {
            int card = d.parse(name);
            int at = indexOf(k, card);
            System.arraycopy(s.deck[k], at + 1, s.deck[k], at, s.deckSize[k] - at - 1);
            s.deckSize[k]--;
            s.known[k] = Math.min(s.known[k], s.deckSize[k]);
            int pointsBefore = s.points[seat];
            switch (d) {
                case MEAL:
                    s.giveTo(seat, k, card);
                    s.mealsEaten[seat] |= 1 << Decks.mealKind(card);
                    break;
                case SOUVENIR:
                    VillageRules.gainSouvenir(s, seat, card);
                    break;
                case ENCOUNTER:
                    s.giveTo(seat, k, card);
                    s.encounters[seat]++;
                    break;
                default:
                    s.giveTo(seat, k, card);
                    s.hotSprings[seat]++;
            }
            s.points[seat] = pointsBefore;
        }
        return this;
    }

    /** Empties a deck by handing its cards out (meals to the first seat that has not eaten that kind: needs 3+ seats). */
    Table emptyDeck(Deck d) {
        int k = d.ordinal();
        List<String> names = new java.util.ArrayList<>();
        for (int i = 0; i < s.deckSize[k]; i++) {
            names.add(d.cardName(s.deck[k][i]));
        }
        int seat = 0;
        for (String name : names) {
            if (d == Deck.MEAL) {
                int kind = Decks.mealKind(d.parse(name));
                seat = 0;
                while ((s.mealsEaten[seat] & (1 << kind)) != 0) {
                    seat++;
                }
            }
            owns(seat, d, name);
        }
        return this;
    }

    private int indexOf(int k, int card) {
        for (int i = 0; i < s.deckSize[k]; i++) {
            if (s.deck[k][i] == card) {
                return i;
            }
        }
        throw new IllegalArgumentException("card " + card + " is not in the deck");
    }

    /** The state with the rearmost traveller to move. */
    TokaidoState start() {
        TokaidoRules.nextTurn(s);
        List<String> bad = TokaidoInvariants.check(s);
        if (!bad.isEmpty()) {
            throw new IllegalStateException("the scenario is not a valid state: " + bad);
        }
        return s;
    }
}
