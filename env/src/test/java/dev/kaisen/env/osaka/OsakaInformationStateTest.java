package dev.kaisen.env.osaka;

import dev.kaisen.env.HiddenEdits;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.ServiceLoader;
import java.util.Set;

import static dev.kaisen.env.osaka.Colour.BLUE;
import static dev.kaisen.env.osaka.Colour.YELLOW;
import static dev.kaisen.env.osaka.Space.ENSHUNADA_2;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Section "Hidden and public information" of the rules: what a player with perfect recall
 * knows, the face-down marks of VP cards drawn from the pile, pile generations, the unknown
 * composition, and determinizations that resample only what stays unknown.
 */
class OsakaInformationStateTest {

    static int card(String name) {
        return Cards.parse(name);
    }

    static int type(String name) {
        return Cards.parseType(name);
    }

    /** Face-down VP cards of seat p as type names, in card-id order. */
    static List<String> faceDownTypes(OsakaState s, int p, int generation) {
        List<String> out = new ArrayList<>();
        for (int c = 0; c < Cards.COUNT; c++) {
            if (s.placeOf(c) == CardPlace.VP_PILE && s.ownerOf(c) == p && s.faceDownFrom[c] == generation) {
                out.add(Cards.typeName(Cards.type(c)));
            }
        }
        return out;
    }

    /**
     * A Buy that sends blue and yellow to Edo at once (P0 to act, 2 players):
     * <ul>
     *   <li>blue sale: P0's B2 + B5 with 1 blue token, 6 x 2 = 12 -> 15 -> 3 VP: both cards and
     *       the R5 on top of the setup pile (generation 0); P1's B5 with 1 blue token, 6 -> 10 ->
     *       2 VP: the B5 and the G5 below it, which empties the pile;</li>
     *   <li>yellow sale: P0's Y2 -> 1 VP, kept; P1's Y5 with 1 yellow token -> 2 VP: the Y5
     *       and one card from the empty pile, so the discard pile (R2 R2 R3 G2 G3 Y3 B3 and the
     *       Y5 just paid) is shuffled into pile generation 1 and one of its cards goes face down;</li>
     *   <li>the refresh then draws 2 Market and 3 Farm cards from generation 1, leaving 2 in the pile.</li>
     * </ul>
     * Every other card is in a hand.
     */
    static OsakaState twoPilesOfFaceDownDraws() {
        OsakaState s = Table.players(2).market("B2", "Y2").ship(BLUE, ENSHUNADA_2).ship(YELLOW, ENSHUNADA_2)
                .goods(0, "B5").tokens(0, BLUE, 1).hand(0, "Y5")
                .goods(1, "B5", "Y5").tokens(1, BLUE, 1).tokens(1, YELLOW, 1)
                .drawPileTop("R5", "G5").discardPile("R2", "R2", "R3", "G2", "G3", "Y3", "B3")
                .restInHands().toAct(0).build();
        return OsakaRulesTest.play(s, "buy", "pay:Y5");
    }

    /** The generation-1 pile's composition, as everyone saw it: the discard pile when it was shuffled. */
    static final List<String> GENERATION_1 = List.of("R2", "R2", "R3", "G2", "G3", "Y3", "B3", "Y5");

    @Test
    void aSaleShortOfCardsDrawsItsExtraVpFaceDownMarkedWithTheCurrentPileGeneration() {
        // Rules example: (5 + 2) x 3 = 21 -> 25 -> 5 VP: the 3 cards and 2 from the draw pile.
        OsakaState s = Table.players(2).market("B3").ship(BLUE, ENSHUNADA_2).hand(0, "Y5").goods(0, "B5", "B2")
                .tokens(0, BLUE, 2).drawPileTop("R5", "G5").toAct(0).build();
        int drawBefore = s.drawPileSize();
        assertEquals(0, s.pileGeneration(), "the setup pile is generation 0");
        assertEquals(drawBefore, s.unknownTotal());
        s = OsakaRulesTest.play(s, "buy", "pay:Y5");
        assertEquals(5, s.victoryPoints(0));
        assertEquals(0, s.pileGeneration(), "no reshuffle");
        for (String c : List.of("R5.0", "G5.0")) {
            assertEquals(0, s.faceDownFrom[card(c)], c + " was drawn face down from pile generation 0");
        }
        for (String c : List.of("B2.0", "B3.0", "B5.0")) {
            assertEquals(OsakaState.NOT_FACE_DOWN, s.faceDownFrom[card(c)], c + " was a public good: known");
        }
        assertEquals(2, s.faceDownVpCount(0));
        assertEquals(2, s.faceDownVpFromCurrentPile(0));
        assertEquals(0, s.faceDownVpCount(1));
        assertEquals(s.drawPileSize() + 2, s.unknownTotal(), "the face-down cards join the unknown cards of the pile");
        assertEquals(drawBefore - 7, s.drawPileSize(), "2 face down, then 2 to the Market and 3 to the Farm");
        assertEquals(List.of(), OsakaInvariants.check(s));
    }

    @Test
    void aReshuffleOfTheDiscardPileStartsTheNextPileGeneration() {
        OsakaState s = twoPilesOfFaceDownDraws();
        assertEquals(1, s.pileGeneration());
        assertEquals(List.of("R5"), faceDownTypes(s, 0, 0), "drawn from the setup pile for P0");
        assertEquals(List.of("G5"), faceDownTypes(s, 1, 0), "drawn from the setup pile for P1");
        assertEquals(1, faceDownTypes(s, 1, 1).size(), "drawn from the reshuffled pile for P1");
        assertTrue(GENERATION_1.contains(faceDownTypes(s, 1, 1).get(0)));
        assertEquals(OsakaState.NOT_FACE_DOWN, s.faceDownFrom[card("Y5.1")], "P1's sold Y5 is known");
        assertEquals(1, s.faceDownVpCount(0));
        assertEquals(0, s.faceDownVpFromCurrentPile(0), "P0's face-down card comes from an earlier pile");
        assertEquals(2, s.faceDownVpCount(1));
        assertEquals(1, s.faceDownVpFromCurrentPile(1));
        assertEquals(2, s.drawPileSize());
        assertEquals(List.of(), OsakaInvariants.check(s));
    }

    @Test
    void unknownCountIsTheReshuffledPileLessWhatWasDrawnFaceUpFromIt() {
        OsakaState s = twoPilesOfFaceDownDraws();
        // By hand: generation 1 was the discard pile (seen), less the 2 Market and 3 Farm cards drawn
        // from it face up; what remains is in the pile (2) or face down with P1 (1), nobody knows which.
        int[] expected = new int[Cards.TYPES];
        for (String t : GENERATION_1) {
            expected[type(t)]++;
        }
        assertEquals(2, s.marketSize());
        assertEquals(3, s.farmSize());
        for (int c : s.marketCards()) {
            expected[Cards.type(c)]--;
        }
        for (int c : s.farmCards()) {
            expected[Cards.type(c)]--;
        }
        int total = 0;
        for (int t = 0; t < Cards.TYPES; t++) {
            assertEquals(expected[t], s.unknownCount(t), Cards.typeName(t));
            total += expected[t];
        }
        assertEquals(3, total);
        assertEquals(total, s.unknownTotal());
        assertEquals(0, s.unknownCount(type("R5")) + s.unknownCount(type("G5")),
                "the face-down cards of the setup pile never come back: they are not among the unknown cards of the pile");
    }

    @Test
    void unknownCountBeforeAnyReshuffleIsTheWholeDeckLessEveryCardSeen() {
        OsakaState s = OsakaState.newGame(new OsakaConfig(3), 12);
        for (int t = 0; t < Cards.TYPES; t++) {
            int seen = 0;
            for (int p = 0; p < 3; p++) {
                seen += s.handCount(p, t); // starting hands are drawn face up, card by card
            }
            for (int c : s.marketCards()) {
                seen += Cards.type(c) == t ? 1 : 0;
            }
            for (int c : s.farmCards()) {
                seen += Cards.type(c) == t ? 1 : 0;
            }
            assertEquals(Cards.copiesOfType(t) - seen, s.unknownCount(t), Cards.typeName(t));
        }
        assertEquals(s.drawPileSize(), s.unknownTotal());
    }

    @Test
    void aDeterminizationKeepsTheHandsAndExchangesFaceDownCardsOnlyWithinTheirPileGeneration() {
        OsakaState s = twoPilesOfFaceDownDraws();
        Set<String> p0Generation0 = new HashSet<>();
        Set<String> p1Generation1 = new HashSet<>();
        Set<List<String>> drawPiles = new HashSet<>();
        for (long seed = 0; seed < 60; seed++) {
            OsakaState d = s.determinize(0, seed);
            assertEquals(List.of(), OsakaInvariants.check(d));
            for (int p = 0; p < 2; p++) {
                for (int t = 0; t < Cards.TYPES; t++) {
                    assertEquals(s.handCount(p, t), d.handCount(p, t), "hands are known");
                }
            }
            List<String> gen0 = new ArrayList<>(faceDownTypes(d, 0, 0));
            gen0.addAll(faceDownTypes(d, 1, 0));
            assertEquals(Set.of("R5", "G5"), new HashSet<>(gen0), "generation 0 keeps its cards");
            p0Generation0.add(faceDownTypes(d, 0, 0).get(0));
            assertEquals(List.of(), faceDownTypes(d, 0, 1));
            p1Generation1.add(faceDownTypes(d, 1, 1).get(0));
            List<String> pile = new ArrayList<>();
            for (int c : d.drawPileTopFirst()) {
                pile.add(Cards.name(c));
            }
            drawPiles.add(pile);
            assertEquals(d, s.determinize(1, seed), "the same for every observer");
        }
        assertEquals(Set.of("R5", "G5"), p0Generation0, "face-down cards of an earlier pile move between seats");
        assertTrue(p1Generation1.size() > 1, "the face-down card of the current pile is exchanged with the pile");
        assertTrue(drawPiles.size() > 1);
    }

    /** [decision] VP cards drawn from the pile go face down unseen: their owner does not know them either. */
    @Test
    void theOwnerOfAFaceDownVpCardDoesNotKnowItEither() {
        OsakaState s = twoPilesOfFaceDownDraws();
        Set<Integer> ownView = new HashSet<>();
        for (long seed = 0; seed < 40; seed++) {
            OsakaState forOwner = s.determinize(1, seed);
            assertEquals(forOwner, s.determinize(0, seed));
            for (int c = 0; c < Cards.COUNT; c++) {
                if (forOwner.faceDownFrom[c] == 1) {
                    ownView.add(c);
                }
            }
        }
        assertTrue(ownView.size() > 1, "the owner's own determinizations vary that card: " + ownView);
    }

    @Test
    void aDeterminizationRestartsTheRandomStreamFromTheSeedAndDependsOnNothingElse() {
        OsakaState s = twoPilesOfFaceDownDraws();
        OsakaState d = s.determinize(0, 7);
        assertEquals(d, s.determinize(0, 7));
        assertEquals(d, d.determinize(0, 7), "a determinization has the same information state");
        assertNotEquals(d, s.determinize(0, 8));
        OsakaState other = s.copy();
        other.rng.setState(12345);
        assertEquals(d, other.determinize(0, 7), "the true random stream is unknown too");
    }

    @Test
    void hiddenEditsAreRegisteredAndExchangeOnlyCardsOfOnePileGeneration() {
        HiddenEdits edits = null;
        for (HiddenEdits e : ServiceLoader.load(HiddenEdits.class)) {
            if (e.game().equals("osaka")) {
                edits = e;
            }
        }
        assertTrue(edits instanceof OsakaHiddenEdits, "found by the ServiceLoader for game osaka");
        OsakaState s = twoPilesOfFaceDownDraws();
        List<String> variations = edits.variations(OsakaJson.toJson(s, false), 0, 3, 30);
        assertEquals(30, variations.size());
        boolean pileFaceDownSwap = false;
        boolean earlierSwap = false;
        for (String v : variations) {
            OsakaState x = OsakaJson.fromJson(v);
            assertNotEquals(s, x);
            assertEquals(List.of(), OsakaInvariants.check(x));
            assertEquals(OsakaJson.toJson(x, false), v, "written in the state writer's canonical form");
            assertEquals(Set.of("R5", "G5"), Set.of(faceDownTypes(x, 0, 0).get(0), faceDownTypes(x, 1, 0).get(0)),
                    "generation 0 keeps its cards, one per seat");
            pileFaceDownSwap |= !faceDownTypes(x, 1, 1).equals(faceDownTypes(s, 1, 1))
                    || x.faceDownFrom[faceDownCard(s, 1, 1)] != 1;
            earlierSwap |= faceDownTypes(x, 0, 0).equals(List.of("G5"));
            for (int p = 0; p < 2; p++) {
                for (int t = 0; t < Cards.TYPES; t++) {
                    assertEquals(s.handCount(p, t), x.handCount(p, t));
                }
            }
        }
        assertTrue(pileFaceDownSwap, "some variation swaps the current face-down card with a draw pile card");
        assertTrue(earlierSwap, "some variation swaps the generation-0 cards between the seats");
        OsakaState allKnown = Table.players(2).market("B2").restInHands().toAct(0).build();
        for (String v : edits.variations(OsakaJson.toJson(allKnown, false), 0, 3, 5)) {
            OsakaState x = OsakaJson.fromJson(v);
            assertNotEquals(allKnown.rng, x.rng, "only the random stream is unknown");
            x.rng.setState(allKnown.rng.state());
            assertEquals(allKnown, x);
        }
    }

    private static int faceDownCard(OsakaState s, int p, int generation) {
        for (int c = 0; c < Cards.COUNT; c++) {
            if (s.ownerOf(c) == p && s.placeOf(c) == CardPlace.VP_PILE && s.faceDownFrom[c] == generation) {
                return c;
            }
        }
        throw new AssertionError("no face-down card");
    }

    @Test
    void everyFaceDownMarkLiesOnAVpCardFromAnExistingPileGeneration() {
        OsakaState s = twoPilesOfFaceDownDraws();
        OsakaState bad = s.copy();
        bad.faceDownFrom[bad.marketCard(0)] = 0;
        assertTrue(OsakaInvariants.check(bad).stream().anyMatch(v -> v.contains("not in a VP pile")), OsakaInvariants.check(bad).toString());
        bad = s.copy();
        bad.faceDownFrom[faceDownCard(s, 1, 1)] = 2;
        assertTrue(OsakaInvariants.check(bad).stream().anyMatch(v -> v.contains("outside 0..1")));
        OsakaState later = s.copy();
        later.pileGeneration = 0;
        later.faceDownFrom[faceDownCard(s, 1, 1)] = 0;
        assertTrue(OsakaInvariants.checkStep(s, later).stream().anyMatch(v -> v.contains("pile generation went down")));
        assertTrue(OsakaInvariants.checkStep(s, later).stream().anyMatch(v -> v.contains("face-down mark went from 1 to 0")));
        assertFalse(OsakaInvariants.check(s).stream().findAny().isPresent());
    }
}
