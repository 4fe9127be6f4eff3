package dev.kaisen.env.osaka;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kaisen.env.Agents;
import dev.kaisen.env.Json;

import dev.kaisen.env.GameRecord;

import dev.kaisen.env.IllegalActionException;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Properties over random seeds and random legal playouts, for 2, 3 and 4 players. */
class OsakaProperties {

    /** A random legal playout: the deal from {@code seed}, decisions from {@code choices}. */
    private static final class Playout {
        final SplittableRandom choices;
        final int[] legal = new int[OsakaAction.COUNT];

        Playout(long choiceSeed) {
            choices = new SplittableRandom(choiceSeed);
        }

        int next(OsakaState s) {
            int k = s.legalActions(legal);
            return legal[choices.nextInt(k)];
        }
    }

    @Property(tries = 60)
    void everyDecisionConservesTheCardsAndKeepsTheInvariants(@ForAll @IntRange(min = 2, max = 4) int players,
                                                             @ForAll long seed) {
        OsakaState s = OsakaState.newGame(new OsakaConfig(players), seed);
        assertEquals(List.of(), OsakaInvariants.check(s));
        Playout playout = new Playout(seed * 31 + 7);
        while (!s.isTerminal()) {
            int action = playout.next(s);
            OsakaState next = s.apply(action);
            List<String> violations = OsakaInvariants.checkStep(s, next);
            assertEquals(List.of(), violations, "after " + OsakaAction.name(action) + " at decision " + s.decisions());
            s = next;
        }
    }

    @Property(tries = 40)
    void oneSeedAndOneSequenceOfActionsGiveOneTrajectory(@ForAll @IntRange(min = 2, max = 4) int players,
                                                         @ForAll long seed) {
        OsakaState a = OsakaState.newGame(new OsakaConfig(players), seed);
        OsakaState b = OsakaState.newGame(new OsakaConfig(players), seed);
        Playout pa = new Playout(seed);
        Playout pb = new Playout(seed);
        assertEquals(a, b);
        while (!a.isTerminal()) {
            a.applyInPlace(pa.next(a));
            b.applyInPlace(pb.next(b));
            assertEquals(a, b);
            assertEquals(a.hashCode(), b.hashCode());
        }
        assertTrue(b.isTerminal());
    }

    @Property(tries = 25)
    void everyLegalActionIsAcceptedAndEveryOtherIdRejectedWithoutChange(@ForAll @IntRange(min = 2, max = 4) int players,
                                                                        @ForAll long seed) {
        OsakaState s = OsakaState.newGame(new OsakaConfig(players), seed);
        Playout playout = new Playout(~seed);
        while (true) {
            long mask = s.legalActionMask();
            for (int id = -2; id <= OsakaAction.COUNT + 1; id++) {
                boolean legal = id >= 0 && id < OsakaAction.COUNT && (mask & (1L << id)) != 0;
                assertEquals(legal, s.isLegal(id));
                if (legal) {
                    OsakaState next = s.apply(id);
                    assertNotSame(s, next);
                } else {
                    OsakaState before = s.copy();
                    String json = OsakaJson.toJson(s, false);
                    int bad = id;
                    IllegalActionException e = assertThrows(IllegalActionException.class, () -> s.applyInPlace(bad));
                    assertEquals(bad, e.action());
                    assertEquals(before, s);
                    assertEquals(json, OsakaJson.toJson(s, false));
                }
            }
            if (s.isTerminal()) {
                assertEquals(0L, mask, "nothing is legal once the game is over");
                break;
            }
            s.applyInPlace(playout.next(s));
        }
    }

    @Property(tries = 25)
    void applyingAnActionNeverChangesAStateACallerStillHolds(@ForAll @IntRange(min = 2, max = 4) int players,
                                                             @ForAll long seed) {
        List<OsakaState> held = new ArrayList<>();
        List<String> snapshots = new ArrayList<>();
        OsakaState s = OsakaState.newGame(new OsakaConfig(players), seed);
        Playout playout = new Playout(seed + 1);
        while (!s.isTerminal()) {
            held.add(s);
            snapshots.add(OsakaJson.toJson(s, false));
            OsakaState copy = s.copy();
            int action = playout.next(s);
            s = s.apply(action);
            copy.applyInPlace(action);
            assertEquals(s, copy, "apply and copy-then-applyInPlace agree");
        }
        for (int i = 0; i < held.size(); i++) {
            assertEquals(snapshots.get(i), OsakaJson.toJson(held.get(i), false), "state " + i + " was changed later");
        }
    }

    @Property(tries = 60)
    void aStateRoundTripsThroughJsonToAnEqualStateAtRandomPoints(@ForAll @IntRange(min = 2, max = 4) int players,
                                                                 @ForAll long seed,
                                                                 @ForAll @IntRange(min = 0, max = 400) int stopAt) {
        OsakaState s = OsakaState.newGame(new OsakaConfig(players), seed);
        Playout playout = new Playout(seed ^ 0x5DEECE66DL);
        while (!s.isTerminal() && s.decisions() < stopAt) {
            s.applyInPlace(playout.next(s));
        }
        OsakaState restored = OsakaJson.fromJson(OsakaJson.toJson(s, false));
        assertEquals(s, restored);
        assertEquals(OsakaJson.toJson(s, true), OsakaJson.toJson(restored, true));
        // The restored state plays on identically, random stream included.
        Playout p1 = new Playout(seed);
        Playout p2 = new Playout(seed);
        while (!s.isTerminal()) {
            s.applyInPlace(p1.next(s));
            restored.applyInPlace(p2.next(restored));
            assertEquals(s, restored);
        }
    }

    @Property(tries = 200)
    void everyRandomGameEndsWellBelowTheSafetyCap(@ForAll @IntRange(min = 2, max = 4) int players, @ForAll long seed) {
        OsakaState s = OsakaState.newGame(new OsakaConfig(players), seed);
        Playout playout = new Playout(seed);
        while (!s.isTerminal()) {
            s.applyInPlace(playout.next(s));
        }
        assertNotEquals(EndReason.DECISION_CAP, s.ending());
        assertTrue(s.decisions() < OsakaState.DECISION_CAP / 4, "game of " + s.decisions() + " decisions");
    }

    @Property(tries = 30)
    void replayingAGameRecordReproducesTheIdenticalFinalState(@ForAll @IntRange(min = 2, max = 4) int players,
                                                               @ForAll long seed) {
        GameRecord.Recorder<OsakaState> recorder = new GameRecord.Recorder<>(new OsakaGame(players), seed);
        OsakaState s = recorder.newGame();
        Playout playout = new Playout(seed);
        while (!s.isTerminal()) {
            recorder.applyInPlace(s, playout.next(s));
        }
        GameRecord record = recorder.finish(s);
        GameRecord parsed = GameRecord.fromJson(record.toJson(false));
        assertEquals(record, parsed);
        OsakaState replayed = (OsakaState) parsed.replay();
        assertEquals(s, replayed);
        assertFalse(record.steps().isEmpty());
    }

    /** A state reached by a random playout of {@code stopAt} decisions (or to the end). */
    private static OsakaState playedTo(int players, long seed, int stopAt) {
        OsakaState s = OsakaState.newGame(new OsakaConfig(players), seed);
        Playout playout = new Playout(seed);
        while (!s.isTerminal() && s.decisions() < stopAt) {
            s.applyInPlace(playout.next(s));
        }
        return s;
    }

    /**
     * The JSON form of a state with its unknown parts left out (section "Hidden and public
     * information"): the draw pile reduced to its size, the random stream dropped, and each VP
     * pile split into its known cards and the pile generations of its face-down ones.
     */
    static JsonNode knownPart(OsakaState s) {
        ObjectNode root = Json.mapper().valueToTree(OsakaJson.toDto(s));
        root.remove("rng");
        root.put("drawPile", root.get("drawPile").size());
        for (JsonNode seat : root.get("seats")) {
            Set<String> faceDown = new HashSet<>();
            List<Integer> generations = new ArrayList<>();
            for (JsonNode f : seat.get("vpCardsFaceDown")) {
                faceDown.add(f.get("card").asText());
                generations.add(f.get("pileGeneration").asInt());
            }
            Collections.sort(generations);
            JsonNode vpCards = seat.get("vpCards");
            ArrayNode known = Json.mapper().createArrayNode();
            for (JsonNode c : vpCards) {
                if (!faceDown.contains(c.asText())) {
                    known.add(c.asText());
                }
            }
            ((ObjectNode) seat).set("vpCards", known);
            ArrayNode gens = ((ObjectNode) seat).putArray("vpCardsFaceDown");
            generations.forEach(gens::add);
        }
        return root;
    }

    /** The unknown cards, grouped: key -1 for the current pile (draw pile + its face-down VP cards), g for earlier pile g. */
    static Map<Integer, Set<Integer>> unknownGroups(OsakaState s) {
        Map<Integer, Set<Integer>> groups = new TreeMap<>();
        for (int c = 0; c < Cards.COUNT; c++) {
            int g = s.faceDownFrom[c];
            if (s.placeOf(c) == CardPlace.DRAW_PILE || g == s.pileGeneration()) {
                groups.computeIfAbsent(-1, k -> new TreeSet<>()).add(c);
            } else if (g != OsakaState.NOT_FACE_DOWN) {
                groups.computeIfAbsent(g, k -> new TreeSet<>()).add(c);
            }
        }
        return groups;
    }

    @Property(tries = 40)
    void aDeterminizationResamplesOnlyTheUnknownCardsAndIsAValidState(@ForAll @IntRange(min = 2, max = 4) int players,
                                                                      @ForAll long seed,
                                                                      @ForAll @IntRange(min = 0, max = 400) int stopAt) {
        OsakaState s = playedTo(players, seed, stopAt);
        int observer = Math.floorMod((int) seed, players);
        OsakaState d = s.determinize(observer, seed * 17);
        assertEquals(List.of(), OsakaInvariants.check(d));
        assertEquals(knownPart(s), knownPart(d), "every hand, goods, Market, Farm, discard, VP count, phase... is kept");
        assertEquals(unknownGroups(s), unknownGroups(d), "the unknown cards stay within their pile generation");
        for (int t = 0; t < Cards.TYPES; t++) {
            assertEquals(s.unknownCount(t), d.unknownCount(t));
        }
        assertEquals(s.unknownTotal(), d.unknownTotal());
        for (int p = 0; p < players; p++) {
            assertEquals(s.faceDownVpCount(p), d.faceDownVpCount(p));
            assertEquals(s.faceDownVpFromCurrentPile(p), d.faceDownVpFromCurrentPile(p));
            assertEquals(d, s.determinize(p, seed * 17), "[decision] the unknowns are the same for every player");
        }
        // It depends only on the information state: a determinization determinizes to itself.
        assertEquals(d, d.determinize(observer, seed * 17));
        assertEquals(d, s.determinize(observer, 99).determinize(observer, seed * 17));
        // The determinized game plays on to a legal end.
        Playout playout = new Playout(~seed);
        while (!d.isTerminal()) {
            OsakaState next = d.apply(playout.next(d));
            assertEquals(List.of(), OsakaInvariants.checkStep(d, next));
            d = next;
        }
    }

    @Property(tries = 40)
    void determinizationsOfHiddenEditVariationsEqualTheOriginalsDeterminization(
            @ForAll @IntRange(min = 2, max = 4) int players, @ForAll long seed,
            @ForAll @IntRange(min = 0, max = 400) int stopAt) {
        OsakaState s = playedTo(players, seed, stopAt);
        int observer = Math.floorMod((int) (seed >>> 7), players);
        OsakaState d = s.determinize(observer, seed);
        JsonNode known = knownPart(s);
        for (String v : new OsakaHiddenEdits().variations(OsakaJson.toJson(s, false), observer, seed, 4)) {
            OsakaState x = OsakaJson.fromJson(v);
            assertEquals(List.of(), OsakaInvariants.check(x));
            assertEquals(known, knownPart(x), "a variation differs only in unknown parts");
            assertEquals(d, x.determinize(observer, seed), "no leak: determinize cannot tell the variation apart");
        }
    }

    /** What a player with perfect recall counts from the public events alone. */
    private static final class PerfectRecall implements OsakaEvents {
        final int[] unknown = new int[Cards.TYPES];
        final int[] faceDown;
        final int[] faceDownCurrent;

        PerfectRecall(int players) {
            faceDown = new int[players];
            faceDownCurrent = new int[players];
        }

        @Override
        public void shuffled(boolean fromDiscard, int[] topFirst) {
            // A new pile is made of known cards (all 108, or the face-up discard pile): only its order is new.
            Arrays.fill(unknown, 0);
            for (int c : topFirst) {
                unknown[Cards.type(c)]++;
            }
            Arrays.fill(faceDownCurrent, 0);
        }

        @Override
        public void drew(int card, Place place, int player) {
            if (place == Place.VP) {
                faceDown[player]++;
                faceDownCurrent[player]++;
            } else {
                unknown[Cards.type(card)]--; // drawn face up (starting hands too: dealt card by card, face up)
            }
        }
    }

    @Property(tries = 30)
    void theUnknownCountsAreWhatAPlayerWithPerfectRecallCountsFromPublicEvents(
            @ForAll @IntRange(min = 2, max = 4) int players, @ForAll long seed) {
        PerfectRecall memory = new PerfectRecall(players);
        OsakaState s = OsakaState.newGame(new OsakaConfig(players), seed, memory);
        Playout playout = new Playout(seed + 3);
        while (true) {
            int total = 0;
            for (int t = 0; t < Cards.TYPES; t++) {
                assertEquals(memory.unknown[t], s.unknownCount(t), Cards.typeName(t) + " at decision " + s.decisions());
                total += memory.unknown[t];
            }
            assertEquals(total, s.unknownTotal());
            for (int p = 0; p < players; p++) {
                assertEquals(memory.faceDown[p], s.faceDownVpCount(p));
                assertEquals(memory.faceDownCurrent[p], s.faceDownVpFromCurrentPile(p));
            }
            if (s.isTerminal()) {
                break;
            }
            s.applyInPlace(playout.next(s), memory);
        }
    }

    @Property(tries = 40)
    void everyAgentOnlyEverChoosesLegalActionsAndIsDeterministicUnderItsSeed(
            @ForAll @IntRange(min = 2, max = 4) int players, @ForAll long seed) {
        for (int run = 0; run < 2; run++) {
            List<dev.kaisen.env.Agent<OsakaState>> agents = new ArrayList<>();
            for (int p = 0; p < players; p++) {
                agents.add(Agents.create(new OsakaGame(players), List.of("random", "greedy").get((p + (int) (seed & 1)) % 2), seed + p));
            }
            OsakaState s = OsakaState.newGame(new OsakaConfig(players), seed);
            List<Integer> trajectory = new ArrayList<>();
            while (!s.isTerminal()) {
                int action = agents.get(s.currentPlayer()).chooseAction(s);
                assertTrue(s.isLegal(action), OsakaAction.name(action) + " is not legal in " + s);
                s.applyInPlace(action);
                trajectory.add(action);
            }
            if (run == 0) {
                firstTrajectory = trajectory;
            } else {
                assertEquals(firstTrajectory, trajectory);
            }
        }
    }

    private List<Integer> firstTrajectory;
}
