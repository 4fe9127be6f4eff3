package dev.kaisen.env.tokaido;

import dev.kaisen.env.ChanceLog;
import dev.kaisen.env.tokaido.Decks.Deck;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Properties of random playouts for 2-5 players, with and without powers. */
class TokaidoProperties {
    static final int GAMES = 150;

    /**
     * Every point is accounted for by the collection: meals 6 each, panorama cards their values,
     * hot springs their values, a souvenir set of k cards k squared (1+3+5+7), one per coin
     * donated, Samurai 3, Umegae 1 per encounter, achievements 3 each, and at the end the temple
     * ranking and Mitsukuni's bonus.
     */
    static int audit(TokaidoState s, int p) {
        int points = Integer.bitCount(s.mealsEaten[p]) * Decks.MEAL_POINTS;
        for (int t = 0; t < Decks.PANORAMA_TYPES; t++) {
            int v = s.panorama(p, t);
            points += v * (v + 1) / 2;
        }
        for (int c = 0; c < Decks.HOT_SPRINGS; c++) {
            points += s.owns(p, TokaidoState.HOT_SPRING, c) ? Decks.hotSpringPoints(c) : 0;
        }
        for (int i = 0; i < s.setCount[p]; i++) {
            int k = Integer.bitCount(s.souvenirSet(p, i));
            points += k * k;
        }
        points += s.donated(p);
        for (int c = 0; c < Decks.ENCOUNTERS; c++) {
            if (s.owns(p, TokaidoState.ENCOUNTER, c) && Decks.encounterKind(c) == Decks.SAMURAI) {
                points += 3;
            }
        }
        if (s.has(p, Traveller.UMEGAE)) {
            points += s.encounters(p);
        }
        points += TokaidoState.ACHIEVEMENT_POINTS * Integer.bitCount(s.achievements[p]);
        if (s.isTerminal() && !s.isTruncated()) {
            points += s.templePoints(p);
            if (s.has(p, Traveller.MITSUKUNI)) {
                points += s.hotSprings(p) + Integer.bitCount(s.achievements[p]);
            }
        }
        return points;
    }

    @Test
    void everyPointIsAccountedForAndEveryTravellerStopsAtEachInn() {
        for (int n = 2; n <= 5; n++) {
            for (boolean powers : new boolean[] {true, false}) {
                TokaidoGame g = new TokaidoGame(n, powers);
                for (int k = 0; k < GAMES; k++) {
                    TokaidoState s = g.newGame(k * 7919L + n);
                    SplittableRandom r = new SplittableRandom(k);
                    int[] innsVisited = new int[n];
                    while (!s.isTerminal()) {
                        int[] legal = s.legalActions();
                        int mover = s.currentPlayer();
                        boolean moving = s.phase() == Phase.MOVE;
                        s.applyInPlace(legal[r.nextInt(legal.length)]);
                        if (moving && Board.isInn(s.position(mover))) {
                            innsVisited[mover]++;
                        }
                        for (int p = 0; p < n; p++) {
                            assertEquals(audit(s, p), s.points(p), () -> "points of a seat in\n" + s);
                        }
                    }
                    assertFalse(s.isTruncated());
                    for (int p = 0; p < n; p++) {
                        assertEquals(Board.EDO, s.position(p));
                        assertEquals(4, innsVisited[p], "stopped at the 4 inns after Kyoto");
                    }
                }
            }
        }
    }

    @Test
    void chanceIsReportedAsDealsShufflesTheStartLineDrawsAndReturns() {
        List<String> events = new ArrayList<>();
        List<Map<String, Object>> data = new ArrayList<>();
        ChanceLog log = (e, d) -> {
            events.add(e);
            data.add(d);
        };
        TokaidoGame g = new TokaidoGame(3);
        TokaidoState s = g.newGame(5, log);
        assertEquals(List.of("deal", "deal", "deal", "shuffle", "shuffle", "shuffle", "shuffle"), events);
        assertEquals("meal", data.get(3).get("deck"));
        assertEquals(25, ((List<?>) data.get(3).get("order")).size());
        assertEquals(Deck.MEAL.cardName(s.deckCard(Deck.MEAL, 0)), ((List<?>) data.get(3).get("order")).get(0));
        SplittableRandom r = new SplittableRandom(5);
        for (int p = 0; p < 3; p++) {
            s.applyInPlace(s.legalActions()[0], log);
        }
        assertEquals("start-line", events.get(7));
        assertEquals(3, ((List<?>) data.get(7).get("order")).size());
        assertEquals(((List<?>) data.get(7).get("order")).get(0), s.currentPlayer(), "the first of the line leaves first");
        while (!s.isTerminal()) {
            int[] legal = s.legalActions();
            s.applyInPlace(legal[r.nextInt(legal.length)], log);
        }
        assertTrue(events.contains("draw"));
        assertTrue(events.contains("bottom"), "the inns' leftovers at least");
        for (int i = 7; i < events.size(); i++) {
            assertTrue(List.of("start-line", "draw", "bottom").contains(events.get(i)), events.get(i));
        }
    }
}
