package dev.kaisen.env.osaka;

import dev.kaisen.env.GameRecord;

import dev.kaisen.env.IllegalActionException;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static dev.kaisen.env.osaka.Colour.BLUE;
import static dev.kaisen.env.osaka.Colour.GREEN;
import static dev.kaisen.env.osaka.Colour.RED;
import static dev.kaisen.env.osaka.Colour.YELLOW;
import static dev.kaisen.env.osaka.Space.ANORI;
import static dev.kaisen.env.osaka.Space.EDO;
import static dev.kaisen.env.osaka.Space.ENSHUNADA_1;
import static dev.kaisen.env.osaka.Space.ENSHUNADA_2;
import static dev.kaisen.env.osaka.Space.OSAKA;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Scenario tests, one per rule of {@code docs/rules/osaka.md}. */
class OsakaRulesTest {

    static int action(String name) {
        return OsakaAction.parse(name);
    }

    static OsakaState play(OsakaState s, String... actions) {
        for (String a : actions) {
            s = s.apply(action(a));
        }
        return s;
    }

    static int[] actions(String... names) {
        return Arrays.stream(names).mapToInt(OsakaAction::parse).toArray();
    }

    static int card(String name) {
        return Cards.parse(name);
    }

    static int goods(OsakaState s, int p, String type) {
        return s.goodsCount(p, Table.type(type));
    }

    static int insured(OsakaState s, int p, String type) {
        return s.insuredCount(p, Table.type(type));
    }

    static List<String> marketTypes(OsakaState s) {
        List<String> out = new ArrayList<>();
        for (int c : s.marketCards()) {
            out.add(Cards.typeName(Cards.type(c)) + (s.reservedBy(c) >= 0 ? "(P" + s.reservedBy(c) + ")" : ""));
        }
        return out;
    }

    static List<String> farmTypes(OsakaState s) {
        List<String> out = new ArrayList<>();
        for (int c : s.farmCards()) {
            out.add(Cards.typeName(Cards.type(c)));
        }
        return out;
    }

    @Nested
    class Setup {
        @Test
        void dealsFiveMarketCardsThreeFarmCardsAndHandsWorthEightOrMore() {
            for (int players = 2; players <= 4; players++) {
                GameRecord.Recorder<OsakaState> rec = new GameRecord.Recorder<>(new OsakaGame(players), 7);
                OsakaState s = rec.newGame();
                GameRecord record = rec.finish(s);
                assertEquals(5, s.marketCards().length);
                assertEquals(3, s.farmCards().length);
                for (Colour c : Colour.values()) {
                    assertEquals(OSAKA, s.ship(c));
                }
                int[] sums = new int[players];
                for (GameRecord.Step step : record.steps()) {
                    if ("draw".equals(step.event()) && "hand".equals(step.data().get("to"))) {
                        int p = (Integer) step.data().get("player");
                        assertTrue(sums[p] < 8, "a player draws only while their hand is worth less than 8");
                        sums[p] += Cards.value(card((String) step.data().get("card")));
                    }
                }
                for (int p = 0; p < players; p++) {
                    assertTrue(sums[p] >= 8);
                    assertEquals(sums[p], s.handValue(p));
                }
            }
        }

        @Test
        void startPlayerHasTheSmallestTotalThenFewestCardsThenASeededDraw() {
            boolean sawUnique = false;
            boolean sawFewestCards = false;
            Set<Integer> randomPicks = new HashSet<>();
            for (long seed = 0; seed < 3000; seed++) {
                OsakaState s = OsakaState.newGame(new OsakaConfig(4), seed);
                int best = Integer.MAX_VALUE;
                for (int p = 0; p < 4; p++) {
                    best = Math.min(best, s.handValue(p));
                }
                int fewest = Integer.MAX_VALUE;
                for (int p = 0; p < 4; p++) {
                    if (s.handValue(p) == best) {
                        fewest = Math.min(fewest, s.handSize(p));
                    }
                }
                List<Integer> lowestTotal = new ArrayList<>();
                List<Integer> tied = new ArrayList<>();
                for (int p = 0; p < 4; p++) {
                    if (s.handValue(p) == best) {
                        lowestTotal.add(p);
                        if (s.handSize(p) == fewest) {
                            tied.add(p);
                        }
                    }
                }
                assertTrue(tied.contains(s.startPlayer()), "seed " + seed);
                assertEquals(s.startPlayer(), OsakaState.newGame(new OsakaConfig(4), seed).startPlayer(),
                        "the draw among tied players is seeded");
                sawUnique |= lowestTotal.size() == 1;
                sawFewestCards |= lowestTotal.size() > 1 && tied.size() == 1;
                if (tied.size() > 1 && tied.contains(0) && tied.contains(1)) {
                    randomPicks.add(s.startPlayer());
                }
            }
            assertTrue(sawUnique, "some deal has a unique smallest total");
            assertTrue(sawFewestCards, "some deal breaks a tie on total by fewest cards");
            assertTrue(randomPicks.size() > 1, "ties on total and size are drawn at random, not always the lower seat");
        }

        @Test
        void eachPlayerChoosesAStartingTokenFromTheStartPlayerClockwiseColoursMayRepeat() {
            OsakaState s = OsakaState.newGame(new OsakaConfig(3), 11);
            int start = s.startPlayer();
            assertEquals(Phase.CHOOSE_TOKEN, s.phase());
            assertEquals(start, s.currentPlayer());
            assertArrayEquals(actions("token:B", "token:Y", "token:R", "token:G"), s.legalActions());
            s = play(s, "token:R");
            assertEquals((start + 1) % 3, s.currentPlayer());
            s = play(s, "token:R", "token:G");
            assertEquals(1, s.tokens(start, RED));
            assertEquals(1, s.tokens((start + 1) % 3, RED));
            assertEquals(1, s.tokens((start + 2) % 3, GREEN));
            assertEquals(Phase.ACTION, s.phase());
            assertEquals(start, s.currentPlayer(), "the start player takes the first turn");
        }
    }

    @Nested
    class Buying {
        @Test
        void paymentIsASequenceOfCardChoicesAndNoChangeIsGiven() {
            OsakaState s = Table.players(2).market("B2", "Y3").hand(0, "R2", "R2", "G5").toAct(0).build();
            assertEquals(5, s.buyCost());
            s = play(s, "buy");
            assertEquals(Phase.PAYMENT, s.phase());
            assertEquals(5, s.paymentDue());
            assertArrayEquals(actions("pay:R2", "pay:G5"), s.legalActions());
            s = play(s, "pay:R2", "pay:R2");
            assertEquals(1, s.paymentDue());
            s = play(s, "pay:G5");
            assertEquals(0, s.handSize(0), "all three cards were paid; the overpayment of 4 is lost");
            assertEquals(3, s.discardPileSize());
            assertEquals(1, goods(s, 0, "B2"));
            assertEquals(1, goods(s, 0, "Y3"));
            assertEquals(1, s.currentPlayer());
        }

        @Test
        void buyIsIllegalWhenTheWholeHandDoesNotCoverTheCost() {
            OsakaState s = Table.players(2).market("B5", "Y3").hand(0, "R2", "R3").toAct(0).build();
            assertFalse(s.isLegal(action("buy")));
            IllegalActionException e = assertThrows(IllegalActionException.class, () -> s.apply(action("buy")));
            assertTrue(e.getMessage().contains("illegal action 4 (buy)"), e.getMessage());
            assertTrue(e.getMessage().contains("take:B5"), "the message names the legal actions: " + e.getMessage());
        }

        @Test
        void buyingMovesShipOneStepForOneCardAndTwoStepsForTwoOrMoreOfAColour() {
            OsakaState s = Table.players(2).market("B2", "Y2", "Y3", "R2", "R3", "R5").hand(0, "G5", "G5", "G5", "G5")
                    .toAct(0).build();
            s = play(s, "buy", "pay:G5", "pay:G5", "pay:G5", "pay:G5");
            assertEquals(Space.OSHIMA, s.ship(BLUE));
            assertEquals(Space.ANORI, s.ship(YELLOW));
            assertEquals(Space.ANORI, s.ship(RED), "three cards still move the ship two steps");
            assertEquals(OSAKA, s.ship(GREEN));
        }

        @Test
        void aShipNeverGoesPastEdo() {
            // Two blue cards from Enshunada 2 would move blue two steps; it stops in Edo. A red ship
            // on Enshunada and a player who can insure keep the payout open, so Edo can be seen.
            OsakaState s = Table.players(2).market("B2", "B3").ship(BLUE, ENSHUNADA_2).ship(RED, ENSHUNADA_1)
                    .hand(0, "Y5").goods(1, "R2").hand(1, "R3").toAct(0).build();
            s = play(s, "buy", "pay:Y5");
            assertEquals(Phase.INSURANCE, s.phase());
            assertEquals(EDO, s.ship(BLUE));
            assertEquals(2, s.victoryPoints(0), "blue was sold: 3 x 2 = 6 -> 10 -> 2 VP");
        }
    }

    @Nested
    class Payout {
        @Test
        void threeYellowHighestThreeNoTokensScoreTwoVpAndTheRestLeavesTheGame() {
            // Rules example: 3 x 3 = 9 -> 10 -> 2 VP, the two lowest cards kept as VP.
            OsakaState s = Table.players(2).market("Y2").ship(YELLOW, ENSHUNADA_2).hand(0, "B5")
                    .goods(1, "Y3", "Y3", "Y2").toAct(0).build();
            s = play(s, "buy", "pay:B5");
            assertEquals(2, s.victoryPoints(1));
            assertEquals(CardPlace.VP_PILE, s.placeOf(card("Y2.1")));
            assertEquals(CardPlace.VP_PILE, s.placeOf(card("Y3.0")));
            assertEquals(CardPlace.OUT_OF_GAME, s.placeOf(card("Y3.1")), "goods not kept as VP leave the game");
            assertEquals(0, goods(s, 1, "Y3") + goods(s, 1, "Y2"));
            assertEquals(1, s.tokens(1, YELLOW), "a token of the colour for a sale that scored");
            assertEquals(1, s.victoryPoints(0), "the buyer's own single Y2: 2 -> 5 -> 1 VP");
            assertEquals(OSAKA, s.ship(YELLOW), "a ship in Edo returns to Osaka");
            assertEquals(1, s.currentPlayer());
        }

        @Test
        void threeBlueHighestFiveWithTwoTokensScoreFiveVpTwoDrawnFromThePile() {
            // Rules example: (5 + 2) x 3 = 21 -> 25 -> 5 VP: the 3 cards and 2 from the draw pile.
            OsakaState s = Table.players(2).market("B3").ship(BLUE, ENSHUNADA_2).hand(0, "Y5").goods(0, "B5", "B2")
                    .tokens(0, BLUE, 2).drawPileTop("R5", "G5").toAct(0).build();
            s = play(s, "buy", "pay:Y5");
            assertEquals(5, s.victoryPoints(0));
            for (String c : List.of("B2.0", "B3.0", "B5.0", "R5.0", "G5.0")) {
                assertEquals(CardPlace.VP_PILE, s.placeOf(card(c)), c);
                assertEquals(0, s.ownerOf(card(c)), c);
            }
            assertEquals(3, s.tokens(0, BLUE));
        }

        @Test
        void twoShipsReachingEdoAtOnceAreSoldSeparatelyInColourOrder() {
            // Blue sale first: P1's 2 VP need one card from the pile (R5). Yellow sale next: P0's
            // 3 VP need one card from the pile (G5).
            OsakaState s = Table.players(2).market("B2", "Y2", "Y3").ship(BLUE, ENSHUNADA_2).ship(YELLOW, ENSHUNADA_1)
                    .hand(0, "R5", "R5").tokens(0, YELLOW, 3).goods(1, "B5", "Y5").tokens(1, BLUE, 2)
                    .drawPileTop("R5", "G5").toAct(0).build();
            s = play(s, "buy", "pay:R5", "pay:R5");
            assertEquals(CardPlace.VP_PILE, s.placeOf(card("R5.2")));
            assertEquals(1, s.ownerOf(card("R5.2")), "drawn in the blue sale, for P1");
            assertEquals(CardPlace.VP_PILE, s.placeOf(card("G5.0")));
            assertEquals(0, s.ownerOf(card("G5.0")), "drawn in the yellow sale, for P0");
            assertEquals(1 + 3, s.victoryPoints(0), "P0: B2 -> 1 VP; Y2+Y3 with 3 tokens: 6 x 2 = 12 -> 15 -> 3 VP");
            assertEquals(2 + 1, s.victoryPoints(1), "P1: B5 with 2 tokens -> 7 -> 10 -> 2 VP; Y5 -> 1 VP");
            assertEquals(1, s.tokens(0, BLUE));
            assertEquals(4, s.tokens(0, YELLOW));
            assertEquals(3, s.tokens(1, BLUE));
            assertEquals(1, s.tokens(1, YELLOW));
            assertEquals(OSAKA, s.ship(BLUE));
            assertEquals(OSAKA, s.ship(YELLOW));
        }

        @Test
        void vpBeyondTheSetReshuffleTheDiscardPileAndStillCountWhenNoCardExists() {
            // B5 with 6 blue tokens: 11 -> 15 -> 3 VP: the B5, then Y5 (the payment card, reshuffled
            // from the discard pile), then no card at all.
            OsakaState s = Table.players(2).market("B5").ship(BLUE, ENSHUNADA_2).tokens(0, BLUE, 6).hand(0, "Y5")
                    .restInHands().toAct(0).build();
            GameRecord.Recorder<OsakaState> rec = new GameRecord.Recorder<>(new OsakaGame(2), 0);
            rec.applyInPlace(s, action("buy"));
            rec.applyInPlace(s, action("pay:Y5"));
            assertEquals(3, s.victoryPoints(0));
            assertEquals(CardPlace.VP_PILE, s.placeOf(card("Y5.0")));
            assertEquals(1, OsakaJson.toDto(s).seats().get(0).vpWithoutCard());
            assertTrue(rec.finish(s).steps().stream().anyMatch(st -> "shuffle".equals(st.event()) && "discard".equals(st.data().get("pile"))),
                    "the discard pile was shuffled into a new draw pile");
        }

        @Test
        void everyShipOnEnshunadaSinksAndUninsuredGoodsAreDiscardedWhenNobodyCanInsure() {
            OsakaState s = Table.players(2).market("B2").ship(BLUE, ENSHUNADA_2).ship(RED, ENSHUNADA_1)
                    .ship(GREEN, ENSHUNADA_2).hand(0, "Y5").goods(0, "G3").goods(1, "R5", "R2").hand(1, "Y2")
                    .toAct(0).build();
            int discardBefore = s.discardPileSize();
            s = play(s, "buy", "pay:Y5");
            assertEquals(Phase.ACTION, s.phase(), "nobody holds a 2 or 3 of a sunk colour: nobody is asked");
            assertEquals(0, goods(s, 1, "R5") + goods(s, 1, "R2") + goods(s, 0, "G3"));
            assertEquals(CardPlace.DISCARD_PILE, s.placeOf(card("R5.0")));
            assertEquals(discardBefore + 1 + 3, s.discardPileSize(), "the payment card and three sunk goods");
            assertEquals(OSAKA, s.ship(BLUE));
            assertEquals(ANORI, s.ship(RED));
            assertEquals(ANORI, s.ship(GREEN));
        }

        @Test
        void insuranceIsDecidedByEveryPlayerInTurnOrderFromTheActivePlayerWithCardsOfTheSunkColourOnly() {
            // P1 buys B2 and R2: blue reaches Edo, red moves from Anori onto Enshunada and sinks with green.
            OsakaState s = Table.players(3).market("B2", "R2").ship(BLUE, ENSHUNADA_2).ship(RED, ANORI)
                    .ship(GREEN, ENSHUNADA_2).hand(1, "Y5", "G3").goods(1, "G5", "G2")
                    .goods(2, "R5", "R3").hand(2, "R2", "B3").goods(0, "R2").hand(0, "R3").toAct(1).build();
            s = play(s, "buy", "pay:Y5");
            assertEquals(Phase.INSURANCE, s.phase());
            assertTrue(s.isSunk(RED) && s.isSunk(GREEN) && !s.isSunk(BLUE));
            assertEquals(1, s.currentPlayer(), "the active player insures first");
            assertArrayEquals(actions("insure:G3", "stop-insuring"), s.legalActions());

            s = play(s, "insure:G3");
            assertEquals(1, insured(s, 1, "G5"), "one icon insures the highest good first");
            assertEquals(2, s.currentPlayer(), "P1 has no matching card left, so P2 is next");
            assertArrayEquals(actions("insure:R2", "stop-insuring"), s.legalActions(), "a blue card cannot insure red goods");

            s = play(s, "insure:R2");
            assertEquals(1, insured(s, 2, "R5"));
            assertEquals(1, insured(s, 2, "R3"));
            assertEquals(0, s.currentPlayer());
            assertArrayEquals(actions("insure:R3", "stop-insuring"), s.legalActions());

            s = play(s, "stop-insuring");
            assertEquals(Phase.ACTION, s.phase());
            assertEquals(2, s.currentPlayer(), "then the turn passes to the player after the buyer");
            assertEquals(1, insured(s, 1, "G5"), "insured goods stay");
            assertEquals(0, goods(s, 1, "G2"), "uninsured goods of a sunk colour are discarded");
            assertEquals(0, goods(s, 1, "R2"), "including a good bought in this very turn");
            assertEquals(0, goods(s, 0, "R2"), "P0 chose not to insure");
            assertEquals(2, goods(s, 2, "R5") + goods(s, 2, "R3"));
            assertEquals(ANORI, s.ship(RED));
            assertEquals(ANORI, s.ship(GREEN));
            assertEquals(OSAKA, s.ship(BLUE));
        }

        @Test
        void iconsBeyondTheUninsuredGoodsAreLost() {
            OsakaState s = Table.players(2).market("B2").ship(BLUE, ENSHUNADA_2).ship(RED, ENSHUNADA_1)
                    .hand(0, "Y5").goods(1, "R5").hand(1, "R2", "R2").toAct(0).build();
            s = play(s, "buy", "pay:Y5", "insure:R2");
            assertEquals(1, insured(s, 1, "R5"));
            assertEquals(1, s.handCount(1, Table.type("R2")), "the second R2 stays in hand: nothing is left to insure");
            assertEquals(Phase.ACTION, s.phase());
        }

        @Test
        void insuredGoodsSurviveASinkingAndAreSoldNormallyLater() {
            OsakaState s = Table.players(2).market("R2").ship(RED, ENSHUNADA_2).hand(0, "Y5")
                    .insuredGoods(1, "R5").toAct(0).build();
            s = play(s, "buy", "pay:Y5");
            assertEquals(1, s.victoryPoints(1), "R5 insured is sold like any good");
            assertEquals(0, insured(s, 1, "R5"));
        }

        @Test
        void theGameEndsRightAfterTheTokenStepWithoutSinking() {
            OsakaState s = Table.players(2).market("B2").ship(BLUE, ENSHUNADA_2).ship(RED, ENSHUNADA_1)
                    .tokens(0, BLUE, 7).hand(0, "Y5").goods(1, "R5").hand(1, "R2").toAct(0).build();
            s = play(s, "buy", "pay:Y5");
            assertTrue(s.isTerminal());
            assertEquals(EndReason.TOKENS, s.ending());
            assertEquals(8, s.totalTokens(0));
            assertEquals(ENSHUNADA_1, s.ship(RED), "no sinking step");
            assertEquals(1, goods(s, 1, "R5"), "P1's uninsured red good was not discarded");
            assertArrayEquals(new int[] {0}, s.winners());
            assertEquals(0, s.legalActions().length);
        }
    }

    @Nested
    class ReservePiece {
        @Test
        void returnsWhenItsOwnerTakesTheCardAndOnlyTheOwnerMayTakeIt() {
            OsakaState s = Table.players(2).market("B2", "Y3").toAct(0).build();
            s = play(s, "reserve-market:Y3");
            assertEquals(card("Y3.0"), s.reservedCard(0));
            assertFalse(s.isLegal(action("take:Y3")), "P1 may not take P0's reserved card");
            assertFalse(s.isLegal(action("reserve-market:Y3")), "a reserved card cannot be reserved again");
            s = play(s, "take:B2");
            assertEquals(List.of("Y3(P0)"), marketTypes(s), "P0's own reserved card remains: no refresh");
            assertArrayEquals(actions("take-reserved"), s.legalActions(),
                    "P0 may take it; with the piece in use P0 may not reserve");
            s = play(s, "take-reserved");
            assertEquals(-1, s.reservedCard(0), "the piece returns");
            assertEquals(1, s.handCount(0, Table.type("Y3")));
            assertEquals(-1, s.reservedBy(card("Y3.0")));
        }

        @Test
        void returnsOnBuyAndTheOwnReservedCardIsIncludedInTheBuyWhileOthersStay() {
            OsakaState s = Table.players(3).marketReservedBy(0, "B5").marketReservedBy(1, "Y5").market("R2")
                    .hand(0, "G5", "G3").toAct(0).build();
            assertEquals(7, s.buyCost(), "own reserved B5 + R2; P1's reserved Y5 is not for sale to P0");
            s = play(s, "buy", "pay:G5", "pay:G3");
            assertEquals(1, goods(s, 0, "B5"));
            assertEquals(1, goods(s, 0, "R2"));
            assertEquals(-1, s.reservedCard(0), "the piece returns");
            assertEquals(card("Y5.0"), s.reservedCard(1));
            assertEquals("Y5(P1)", marketTypes(s).get(0), "others' reserved cards stay in the Market");
        }

        @Test
        void aReservedFarmCardMovesToTheMarketWithItsPieceAtTheNextRefresh() {
            OsakaState s = Table.players(2).market("B2").farm("Y3", "R3", "G3").hand(1, "B5").toAct(0).build();
            s = play(s, "reserve-farm:R3");
            assertEquals(card("R3.0"), s.reservedCard(0));
            s = play(s, "buy", "pay:B5");
            assertEquals(List.of("Y3", "R3(P0)", "G3"), marketTypes(s).subList(0, 3));
            assertEquals(card("R3.0"), s.reservedCard(0), "the piece stays on its card");
            assertTrue(s.isLegal(action("take-reserved")));
        }
    }

    @Nested
    class Refresh {
        @Test
        void atTheStartOfATurnWhenTheMarketHoldsOnlyOtherPlayersReservedCards() {
            OsakaState s = Table.players(2).marketReservedBy(1, "B2").market("R3").farm("Y2", "Y3", "Y5")
                    .drawPileTop("G2", "G3", "G5", "B3", "B5").toAct(1).build();
            s = play(s, "take:R3");
            assertEquals(0, s.currentPlayer());
            assertEquals(List.of("B2(P1)", "Y2", "Y3", "Y5", "G2", "G3"), marketTypes(s));
            assertEquals(List.of("G5", "B3", "B5"), farmTypes(s));
        }

        @Test
        void afterEveryBuyFarmToMarketThenTwoToMarketThenThreeToFarm() {
            OsakaState s = Table.players(2).market("B2").farm("Y2", "Y3", "Y5").hand(0, "R5")
                    .drawPileTop("G2", "G3", "G5", "B3", "B5").toAct(0).build();
            s = play(s, "buy", "pay:R5");
            assertEquals(List.of("Y2", "Y3", "Y5", "G2", "G3"), marketTypes(s));
            assertEquals(List.of("G5", "B3", "B5"), farmTypes(s));
        }
    }

    @Nested
    class StalemateGuard {
        @Test
        void aPlayerWithNoLegalActionPassesAndTheGameEndsWhenEveryonePassedInARow() {
            OsakaState s = Table.players(2).market("R2").restInHands().toAct(1).build();
            s = play(s, "take:R2");
            assertArrayEquals(actions("pass"), s.legalActions(), "nothing to take, buy or reserve");
            s = play(s, "pass");
            assertFalse(s.isTerminal());
            assertArrayEquals(actions("pass"), s.legalActions());
            s = play(s, "pass");
            assertTrue(s.isTerminal());
            assertEquals(EndReason.STALEMATE, s.ending());
            assertEquals(s, OsakaJson.fromJson(OsakaJson.toJson(s, false)), "a stalemate-ended state round-trips");
        }
    }

    @Test
    void theDecisionCapEndsAGameEvenInTheMiddleOfAnInsuranceRoundAndTheStateStaysValid() {
        // P1 must decide twice (red, then green); the cap falls between the two decisions.
        OsakaState s = Table.players(2).market("B2").ship(BLUE, ENSHUNADA_2).ship(RED, ENSHUNADA_1)
                .ship(GREEN, ENSHUNADA_2).hand(0, "Y5").goods(1, "R5", "G5").hand(1, "R3", "G3").toAct(0).build();
        s.decisions = OsakaState.DECISION_CAP - 3;
        s = play(s, "buy", "pay:Y5");
        assertEquals(Phase.INSURANCE, s.phase());
        assertEquals(OsakaState.DECISION_CAP - 1, s.decisions());
        assertTrue(s.isLegal(action("insure:G3")), "green is still to be decided after red");
        s = play(s, "insure:R3");
        assertEquals(EndReason.DECISION_CAP, s.ending());
        assertTrue(s.isTerminal());
        assertEquals(List.of(), OsakaInvariants.check(s));
        assertEquals(s, OsakaJson.fromJson(OsakaJson.toJson(s, false)));
    }

    @Nested
    class Scoring {
        @Test
        void mostVpWinsThenMostTokensThenAllTiedPlayersWin() {
            OsakaState s = Table.players(3).market("R2").restInHands().toAct(0).build();
            s.vp[0] = 5;
            s.vp[1] = 5;
            s.vp[2] = 4;
            s.vpWithoutCard[0] = 5;
            s.vpWithoutCard[1] = 5;
            s.vpWithoutCard[2] = 4;
            assertArrayEquals(new int[] {0, 1}, s.winners(), "tied on VP and tokens: shared win");
            s.addTokens(1, BLUE.ordinal(), 1);
            assertArrayEquals(new int[] {1}, s.winners(), "tie on VP broken by tokens");
        }
    }

    @Test
    void anIllegalActionNamesTheActionAndTheLegalOnesAndChangesNothing() {
        OsakaState s = Table.players(2).market("B2").toAct(0).build();
        OsakaState before = s.copy();
        IllegalActionException e = assertThrows(IllegalActionException.class, () -> s.applyInPlace(action("take:Y5")));
        assertEquals(action("take:Y5"), e.action());
        assertTrue(e.getMessage().contains("take:Y5"), e.getMessage());
        assertTrue(e.getMessage().contains("legal actions: [5 take:B2, 18 reserve-market:B2]"), e.getMessage());
        assertEquals(before, s);
        assertThrows(IllegalActionException.class, () -> s.applyInPlace(-1));
        assertThrows(IllegalActionException.class, () -> s.applyInPlace(OsakaAction.COUNT));
        assertEquals(before, s);
    }
}
