package dev.kaisen.observation.tokaido;

import dev.kaisen.env.tokaido.Decks;
import dev.kaisen.env.tokaido.Decks.Deck;
import dev.kaisen.env.tokaido.TokaidoGame;
import dev.kaisen.env.tokaido.TokaidoState;
import dev.kaisen.env.tokaido.Traveller;
import dev.kaisen.observation.ObservationSpec;
import dev.kaisen.observation.Segment;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The Tokaido encoders: the issue's segments, egocentric seats, and the two views of the decks. */
class TokaidoObservationTest {
    static float at(ObservationSpec spec, float[] buf, String segment, int index) {
        Segment s = spec.segment(segment);
        assertTrue(index < s.length());
        return buf[s.offset() + index];
    }

    static TokaidoState played(int players, int decisions) {
        TokaidoState s = new TokaidoGame(players).newGame(8);
        SplittableRandom r = new SplittableRandom(8);
        while (s.decisions() < decisions && !s.isTerminal()) {
            int[] legal = s.legalActions();
            s.applyInPlace(legal[r.nextInt(legal.length)]);
        }
        return s;
    }

    @Test
    void theIssuesSegmentsAreDeclaredInBothViews() {
        for (ObservationSpec spec : List.of(TokaidoObservation.INFORMATION_STATE_SPEC, TokaidoObservation.OBSERVATION_SPEC)) {
            for (String name : List.of("positions", "coins", "points", "panoramas", "souvenir_sets", "meals_eaten",
                    "donations", "achievements", "traveller", "powers_on", "meals_on_offer", "deck_sizes")) {
                spec.segment(name);
            }
        }
        TokaidoObservation.INFORMATION_STATE_SPEC.segment("unseen");
        TokaidoObservation.INFORMATION_STATE_SPEC.segment("known_bottom");
        TokaidoObservation.OBSERVATION_SPEC.segment("in_decks");
    }

    @Test
    void seatsAreEgocentric() {
        TokaidoState s = played(4, 30);
        TokaidoObservation e = TokaidoObservation.informationState();
        float[] buf = new float[e.size()];
        for (int observer = 0; observer < 4; observer++) {
            e.encode(s, observer, buf, 0);
            for (int p = 0; p < 4; p++) {
                int r = TokaidoObservation.rel(p, observer, 4);
                assertEquals(s.coins(p), at(e.spec(), buf, "coins", r));
                assertEquals(s.points(p), at(e.spec(), buf, "points", r));
                assertEquals(1f, at(e.spec(), buf, "positions", r * 55 + s.position(p)));
            }
            assertEquals(0f, at(e.spec(), buf, "seats_present", 4), "a fifth seat is absent");
        }
    }

    @Test
    void theInformationStateSplitsEachDeckIntoItsUnseenTopAndKnownBottom() {
        TokaidoState s = played(3, 200);
        TokaidoObservation info = TokaidoObservation.informationState();
        TokaidoObservation now = TokaidoObservation.observation();
        float[] a = new float[info.size()];
        float[] b = new float[now.size()];
        info.encode(s, 0, a, 0);
        now.encode(s, 0, b, 0);
        Segment unseen = info.spec().segment("unseen");
        Segment known = info.spec().segment("known_bottom");
        Segment inDecks = now.spec().segment("in_decks");
        float knownTotal = 0;
        for (int i = 0; i < unseen.length(); i++) {
            assertEquals(b[inDecks.offset() + i], a[unseen.offset() + i] + a[known.offset() + i]);
            knownTotal += a[known.offset() + i];
        }
        int expected = 0;
        for (Deck d : Deck.values()) {
            expected += s.knownBottom(d);
        }
        assertEquals(expected, knownTotal);
        assertTrue(knownTotal > 0, "the inns' leftovers went under the meal deck");
    }

    static float sum(ObservationSpec spec, float[] buf, String segment, int from, int length) {
        Segment s = spec.segment(segment);
        float total = 0;
        for (int i = from; i < from + length; i++) {
            total += buf[s.offset() + i];
        }
        return total;
    }

    @Test
    void aTravellerOnTheRoadDoesNotSeeTheInnsMealsOneAtTheInnDoes() {
        TokaidoState s = new TokaidoGame(3).newGame(8);
        SplittableRandom r = new SplittableRandom(8);
        int road = -1;
        int inn = -1;
        while (road < 0 && !s.isTerminal()) {
            int[] legal = s.legalActions();
            s.applyInPlace(legal[r.nextInt(legal.length)]);
            if (s.offerSize() > 0 && s.offerKnown() == 0) {
                for (int p = 0; p < 3; p++) {
                    if (s.seesOffer(p)) {
                        inn = p;
                    } else {
                        road = p;
                    }
                }
            }
        }
        assertTrue(road >= 0 && inn >= 0, "an inn with travellers on the road");
        int unseenTop = s.deckSize(Deck.MEAL) - s.knownBottom(Deck.MEAL);
        for (TokaidoObservation e : List.of(TokaidoObservation.informationState(), TokaidoObservation.observation())) {
            String decks = e.view().equals("information_state") ? "unseen" : "in_decks";
            int inDeck = e.view().equals("information_state") ? unseenTop : s.deckSize(Deck.MEAL);
            float[] buf = new float[e.size()];
            e.encode(s, inn, buf, 0);
            assertEquals(s.offerSize(), sum(e.spec(), buf, "meals_on_offer", 0, Decks.MEAL_KINDS), e.view());
            assertEquals(s.offerSize(), at(e.spec(), buf, "meals_on_offer_count", 0));
            assertEquals(inDeck, sum(e.spec(), buf, decks, 0, Decks.MEAL_KINDS));
            e.encode(s, road, buf, 0);
            assertEquals(0f, sum(e.spec(), buf, "meals_on_offer", 0, Decks.MEAL_KINDS), e.view() + ": not seen");
            assertEquals(s.offerSize(), at(e.spec(), buf, "meals_on_offer_count", 0), "how many is public");
            assertEquals(inDeck + s.offerSize(), sum(e.spec(), buf, decks, 0, Decks.MEAL_KINDS),
                    "the offer counts among the meals the observer has not seen");
        }
    }

    @Test
    void anotherSeatsDealtPairIsNotVisible() {
        TokaidoState s = new TokaidoGame(3).newGame(8);
        TokaidoObservation info = TokaidoObservation.informationState();
        TokaidoObservation now = TokaidoObservation.observation();
        float[] a = new float[info.size()];
        float[] b = new float[now.size()];
        info.encode(s, 1, a, 0);
        assertEquals(Traveller.COUNT, info.spec().segment("dealt_tiles").length(), "the observer's own pair only");
        assertEquals(2f, sum(info.spec(), a, "dealt_tiles", 0, Traveller.COUNT));
        assertEquals(1f, at(info.spec(), a, "dealt_tiles", s.dealt(1, 0)));
        assertEquals(1f, at(info.spec(), a, "dealt_tiles", s.dealt(1, 1)));
        assertEquals(0f, at(info.spec(), a, "dealt_tiles", s.dealt(0, 0)), "seat 0's pair is hidden");
        assertEquals(0f, at(info.spec(), a, "dealt_tiles", s.dealt(0, 1)));
        int rejected = s.dealt(0, 1);
        s.applyInPlace(s.legalActions()[0]);
        info.encode(s, 1, a, 0);
        assertEquals(1f, at(info.spec(), a, "traveller", TokaidoObservation.rel(0, 1, 3) * Traveller.COUNT
                + s.traveller(0)), "the kept traveller is face up");
        assertEquals(1f, sum(info.spec(), a, "traveller", 0, TokaidoObservation.SEATS * Traveller.COUNT));
        assertEquals(0f, at(info.spec(), a, "dealt_tiles", rejected), "the rejected tile stays hidden");
        info.encode(s, 0, a, 0);
        now.encode(s, 0, b, 0);
        assertEquals(1f, at(info.spec(), a, "dealt_tiles", rejected), "with perfect recall a seat remembers it");
        assertEquals(0f, sum(now.spec(), b, "dealt_tiles", 0, Traveller.COUNT), "the memoryless view drops it");
    }
}
