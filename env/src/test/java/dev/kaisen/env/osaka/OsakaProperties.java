package dev.kaisen.env.osaka;

import dev.kaisen.env.Agents;

import dev.kaisen.env.GameRecord;

import dev.kaisen.env.IllegalActionException;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

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

    @Property(tries = 40)
    void aDeterminizationChangesOnlyWhatTheObserverCannotSee(@ForAll @IntRange(min = 2, max = 4) int players,
                                                            @ForAll long seed,
                                                            @ForAll @IntRange(min = 0, max = 300) int stopAt) {
        OsakaState s = OsakaState.newGame(new OsakaConfig(players), seed);
        Playout playout = new Playout(seed);
        while (!s.isTerminal() && s.decisions() < stopAt) {
            s.applyInPlace(playout.next(s));
        }
        int observer = Math.floorMod((int) seed, players);
        OsakaState d = s.determinize(observer, seed * 17);
        assertEquals(List.of(), OsakaInvariants.check(d));
        OsakaJson.StateJson a = OsakaJson.toDto(s);
        OsakaJson.StateJson b = OsakaJson.toDto(d);
        assertEquals(a.market(), b.market());
        assertEquals(a.farm(), b.farm());
        assertEquals(a.discardPile(), b.discardPile());
        assertEquals(a.outOfGame(), b.outOfGame());
        assertEquals(a.ships(), b.ships());
        assertEquals(a.phase(), b.phase());
        assertEquals(a.currentPlayer(), b.currentPlayer());
        assertEquals(a.drawPile().size(), b.drawPile().size());
        for (int p = 0; p < players; p++) {
            OsakaJson.SeatJson x = a.seats().get(p);
            OsakaJson.SeatJson y = b.seats().get(p);
            assertEquals(x.hand().size(), y.hand().size());
            assertEquals(x.goods(), y.goods());
            assertEquals(x.insuredGoods(), y.insuredGoods());
            assertEquals(x.vp(), y.vp());
            assertEquals(x.tokens(), y.tokens());
            assertEquals(x.reservedCard(), y.reservedCard());
            if (p == observer) {
                assertEquals(x.hand(), y.hand(), "the observer's own hand is known");
            }
        }
        if (d.phase() == Phase.PAYMENT) {
            assertTrue(d.handValue(d.currentPlayer()) >= d.paymentDue(), "the payer can still complete the payment");
        }
        // Only the observer's information set matters: a state differing in hidden parts alone
        // determinizes to the very same state.
        assertEquals(d, d.determinize(observer, seed * 17).determinize(observer, seed * 17));
        assertEquals(d, s.determinize(observer, 99).determinize(observer, seed * 17));
        // The determinized game plays on to a legal end.
        while (!d.isTerminal()) {
            d.applyInPlace(playout.next(d));
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
