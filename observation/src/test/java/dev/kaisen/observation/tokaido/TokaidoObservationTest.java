package dev.kaisen.observation.tokaido;

import dev.kaisen.env.tokaido.Decks.Deck;
import dev.kaisen.env.tokaido.TokaidoGame;
import dev.kaisen.env.tokaido.TokaidoState;
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
}
