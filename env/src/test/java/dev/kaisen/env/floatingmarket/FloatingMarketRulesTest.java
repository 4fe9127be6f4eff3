package dev.kaisen.env.floatingmarket;

import dev.kaisen.env.GameFormatException;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Scenario tests of the rules ({@code docs/rules/floating-market.md}), built with readable helpers. */
class FloatingMarketRulesTest {
    static final String DEFAULT_JSON = "{\"format\":\"kaisen.floating-market.board/1\",\"locations\":[LOCS],"
            + "\"amaStart\":[\"20-23\",\"9-13\"],\"twoPlayerClosed\":\"29-35\",\"docks\":[\"west\",\"east\"],"
            + "\"buildings\":[BUILDINGS]}";
    static final String LOCS = "{\"name\":\"<=8\",\"min\":0,\"max\":8,\"bank\":\"west\"},"
            + "{\"name\":\"9-13\",\"min\":9,\"max\":13,\"bank\":\"west\"},"
            + "{\"name\":\"14-16\",\"min\":14,\"max\":16,\"bank\":\"west\"},"
            + "{\"name\":\"17-19\",\"min\":17,\"max\":19,\"bank\":\"west\"},"
            + "{\"name\":\"20-23\",\"min\":20,\"max\":23,\"bank\":\"east\"},"
            + "{\"name\":\"24-28\",\"min\":24,\"max\":28,\"bank\":\"east\"},"
            + "{\"name\":\"29-35\",\"min\":29,\"max\":35,\"bank\":\"east\"}";
    static final String BOATMAN = "{\"name\":\"boatman\",\"spots\":[-1,-1,-1,-1]}";

    static String board(String locs, String buildings) {
        return DEFAULT_JSON.replace("LOCS", locs).replace("BUILDINGS", buildings);
    }

    /** A fresh 4-player state (no Ama) with every boat tile in fruit order (location i holds fruit i). */
    static FloatingMarketState state(int players) {
        FloatingMarketState s = FloatingMarketState.newGame(Board.standard(), players, false, 1, dev.kaisen.env.ChanceLog.NONE);
        for (int i = 0; i < Board.LOCATIONS; i++) {
            s.fruitAt[i] = i;
        }
        return s;
    }

    static void onBoat(FloatingMarketState s, int p, int loc) {
        s.setBoatCustomer(loc, s.boatCustomer(loc, 0) < 0 ? 0 : 1, p);
        s.left[p]--;
    }

    static void play(FloatingMarketState s, String... names) {
        for (String name : names) {
            int a = FloatingMarketAction.id(name);
            assertTrue(a >= 0, name);
            s.applyInPlace(a);
        }
    }

    // ---------------------------------------------------------------- board data

    @Test
    void theDefaultBoardIsTheRulesFiles() {
        Board b = Board.standard();
        assertEquals(0, b.activated(-5));
        assertEquals(0, b.activated(8));
        assertEquals(1, b.activated(9));
        assertEquals(3, b.activated(19));
        assertEquals(6, b.activated(29));
        assertEquals(6, b.activated(90), "totals above 35 activate 29-35");
        assertEquals(4, b.amaStart(0));
        assertEquals(1, b.amaStart(1));
        assertEquals(0, b.spots(Building.ARTIST, 2));
        assertEquals(1, b.spots(Building.MARKET, 2));
        assertEquals(2, b.spots(Building.MARKET, 3));
        assertEquals(-1, b.spots(Building.BOATMAN, 5));
    }

    @Test
    void malformedBoardsAreRejectedSayingWhatIsWrong() {
        Board.parse(board(LOCS, BOATMAN));
        GameFormatException overlap = assertThrows(GameFormatException.class,
                () -> Board.parse(board(LOCS.replace("\"min\":14", "\"min\":13"), BOATMAN)));
        assertTrue(overlap.getMessage().contains("overlaps"), overlap.getMessage());
        GameFormatException gap = assertThrows(GameFormatException.class,
                () -> Board.parse(board(LOCS.replace("\"min\":14", "\"min\":15"), BOATMAN)));
        assertTrue(gap.getMessage().contains("gap"), gap.getMessage());
        GameFormatException unknown = assertThrows(GameFormatException.class,
                () -> Board.parse(board(LOCS, BOATMAN + ",{\"name\":\"casino\",\"spots\":[1,1,1,1]}")));
        assertTrue(unknown.getMessage().contains("unknown building 'casino'"), unknown.getMessage());
        String six = LOCS.substring(0, LOCS.lastIndexOf(",{"));
        GameFormatException count = assertThrows(GameFormatException.class, () -> Board.parse(board(six, BOATMAN)));
        assertTrue(count.getMessage().contains("not 6"), count.getMessage());
    }

    // ---------------------------------------------------------------- collection

    @Test
    void theActivatedBoatPaysFruitNeighboursTwoCoinsAndTheDockOnItsBankOne() {
        FloatingMarketState s = state(4);
        onBoat(s, 0, 2);
        onBoat(s, 1, 1);
        onBoat(s, 2, 3);
        s.dock[0] = 3;
        s.dock[1] = 0;
        FloatingMarketRules.payOut(s, 2);
        assertTrue(s.hasFruit(0, 2));
        assertEquals(4, s.coins(1));
        assertEquals(4, s.coins(2));
        assertEquals(3, s.coins(3), "west dock on the activated bank");
        assertEquals(2, s.coins(0), "the east dock pays nothing");
    }

    @Test
    void adjacencyWrapsAroundTheLoopAndCoinsStopAtSix() {
        FloatingMarketState s = state(4);
        s.coins[1] = 5;
        onBoat(s, 1, 6);
        FloatingMarketRules.payOut(s, 0);
        assertEquals(6, s.coins(1), "capped at 6");
    }

    @Test
    void aTraderMakesBoatsTwoStepsAwayAdjacentOnceForAnyPlayer() {
        FloatingMarketState s = state(4);
        s.addBuildingCustomer(Building.NORTH_TRADER, 3);
        s.left[3]--;
        onBoat(s, 1, 4);
        onBoat(s, 2, 3);
        FloatingMarketRules.payOut(s, 2);
        assertEquals(4, s.coins(1), "two steps clockwise counts as adjacent, for any customer");
        assertEquals(4, s.coins(2), "a neighbour is paid once though two rules make it adjacent");
        assertEquals(2, s.coins(3));
    }

    @Test
    void theFruitStandCustomerTakesTheNeighbouringFruitAndNoCoins() {
        FloatingMarketState s = state(4);
        onBoat(s, 0, 3);
        s.standSlot = 6;
        s.addBuildingCustomer(Building.FRUIT_STAND, 0);
        s.left[0]--;
        FloatingMarketRules.payOut(s, 2);
        assertTrue(s.hasFruit(0, 2));
        assertEquals(2, s.coins(0));
    }

    @Test
    void neverAFruitAlreadyHeld() {
        FloatingMarketState s = state(4);
        s.fruits[0] = 1 << 2;
        onBoat(s, 0, 2);
        FloatingMarketRules.payOut(s, 2);
        assertEquals(1, s.fruitCount(0));
    }

    // ---------------------------------------------------------------- placement

    @Test
    void theFirstCustomerAddsADieAndAPlayerWithoutDiceMustGoToTheBoatman() {
        FloatingMarketState s = state(4);
        int p = s.currentPlayer();
        play(s, "place:boat0");
        assertEquals(Phase.DIE, s.phase());
        play(s, "die:d12");
        assertEquals(1, s.dieLocation(p, Dice.D12));
        assertEquals((p + 1) % 4, s.currentPlayer());
        int q = s.currentPlayer();
        for (int d = 0; d < Dice.PLAYER_DICE; d++) {
            s.setDieLocation(q, d, FloatingMarketState.OUT);
        }
        assertArrayEquals(new int[] {FloatingMarketAction.id("place:boatman")}, s.legalActions());
        play(s, "place:boatman");
        assertEquals(Phase.DIE, s.phase(), "the recovered dice: one is added");
        assertEquals(5, s.hand(q));
    }

    @Test
    void theMarketBuysAFruitAndCanEndTheGameAtOnce() {
        FloatingMarketState s = state(4);
        int p = s.currentPlayer();
        s.coins[p] = 5;
        s.fruits[p] = 0b1111;
        play(s, "place:market");
        assertEquals(1, s.coins(p));
        play(s, "buy:starfruit");
        assertTrue(s.isTerminal());
        assertArrayEquals(new int[] {p}, s.winners());
        assertEquals(0, s.toAdd(), "the first customer's die is never added: nothing is left to add");
        assertEquals(List.of(), FloatingMarketInvariants.check(s));
    }

    @Test
    void theMarketEndingTheGameDuringTheOfficesPlacementsEndsThemToo() {
        FloatingMarketState s = state(4);
        int p = s.currentPlayer();
        s.coins[p] = 6;
        s.fruits[p] = 0b1111;
        play(s, "place:office", "die:d4", "place:market");
        assertEquals(p, s.officePlayer());
        play(s, "buy:starfruit");
        assertTrue(s.isTerminal());
        assertEquals(-1, s.officePlayer());
        assertEquals(List.of(), FloatingMarketInvariants.check(s));
    }

    @Test
    void aGameOverWithDiceStillToAddIsInconsistent() {
        FloatingMarketState s = state(4);
        s.phase = Phase.GAME_OVER;
        s.turn = new Turn(1, FloatingMarketState.EMPTY);
        assertTrue(FloatingMarketInvariants.check(s).contains("the game is over with 1 dice still to add"),
                FloatingMarketInvariants.check(s).toString());
        String json = FloatingMarketJson.toJson(s, false);
        GameFormatException e = assertThrows(GameFormatException.class, () -> FloatingMarketJson.fromJson(json));
        assertTrue(e.getMessage().contains("dice still to add"), e.getMessage());
    }

    @Test
    void simultaneousFinishersAreRankedByCoinsAndStillTiedShare() {
        FloatingMarketState s = state(4);
        s.fruits[0] = 0b1111;
        s.fruits[1] = 0b1111 << 1;
        s.fruits[2] = 0b11111 << 1;
        s.coins[0] = 4;
        s.coins[1] = 4;
        s.coins[2] = 6;
        s.phase = Phase.GAME_OVER;
        assertArrayEquals(new int[] {2}, s.winners());
        s.coins[2] = 4;
        s.fruits[0] |= 1 << 6;
        s.fruits[1] |= 1 << 6;
        assertArrayEquals(new int[] {0, 1, 2}, s.winners());
    }

    @Test
    void theTailorAddsTwoDiceBesidesTheFirst() {
        FloatingMarketState s = state(4);
        int p = s.currentPlayer();
        play(s, "place:tailor", "die:d4", "die:d6", "die:d10");
        assertEquals(2, s.hand(p));
        assertEquals(Phase.PLACE, s.phase());
        assertEquals((p + 1) % 4, s.currentPlayer());
    }

    @Test
    void theOfficePlacesAllRemainingCustomersAtOnceButNotOnDocks() {
        FloatingMarketState s = state(4);
        int p = s.currentPlayer();
        play(s, "place:office", "die:d4");
        assertEquals(p, s.currentPlayer());
        assertFalse(Arrays.stream(s.legalActions()).anyMatch(a -> a == FloatingMarketAction.id("place:dock-west")));
        play(s, "place:boat0", "place:boat1");
        assertEquals(0, s.customersLeft(p));
        assertEquals((p + 1) % 4, s.currentPlayer());
    }

    @Test
    void theFishMarketPutsASecondCustomerOnAnOccupiedBoat() {
        FloatingMarketState s = state(4);
        int p = s.currentPlayer();
        play(s, "place:boat3", "die:d4");
        int q = s.currentPlayer();
        play(s, "place:fish-market");
        assertArrayEquals(new int[] {FloatingMarketAction.id("fish:boat3")}, s.legalActions());
        play(s, "fish:boat3", "die:d6");
        assertEquals(q, s.boatCustomer(3, 1));
        assertEquals(p, s.boatCustomer(3, 0));
        assertEquals(1, s.customersLeft(q));
    }

    // ---------------------------------------------------------------- Ama and 2 players

    @Test
    void amaCustomersBlockTheirBoatsRotateAndTakeNothing() {
        FloatingMarketState s = state(3);
        assertEquals(1, s.amaDice());
        assertTrue(s.hasAma(4) && s.hasAma(1));
        assertFalse(Arrays.stream(s.legalActions()).anyMatch(a -> a == FloatingMarketAction.id("place:boat4")));
        // a player's customer beside the Ama customer on boat 4 (as the Fish market puts it there)
        FloatingMarketState paid = s.copy();
        paid.setBoatCustomer(4, 1, 0);
        paid.left[0]--;
        int before = paid.coins(0) + paid.coins(1) + paid.coins(2);
        FloatingMarketRules.payOut(paid, 4);
        assertTrue(paid.hasFruit(0, 4), "the player's customer on the Ama boat takes its fruit");
        assertEquals(before, paid.coins(0) + paid.coins(1) + paid.coins(2));
        FloatingMarketRules.payOut(paid, 5);
        assertEquals(before + 2, paid.coins(0) + paid.coins(1) + paid.coins(2),
                "a neighbour of boat 5 pays 2 coins to the player's customer only, nothing for the Ama one");
        java.util.SplittableRandom rng = new java.util.SplittableRandom(2);
        while (s.phase() != Phase.SWAP) {
            assertFalse(s.isTerminal(), "the first round ends in its swap");
            int[] legal = s.legalActions();
            s.applyInPlace(legal[rng.nextInt(legal.length)]);
        }
        assertTrue(s.hasAma(5) && s.hasAma(2), "rotated one location clockwise before the swap");
    }

    @Test
    void withTwoPlayersTheClosedLocationTakesNobodyIsNeverSwappedYetPaysNeighbours() {
        FloatingMarketState s = state(2);
        assertEquals(2, s.amaDice());
        assertEquals(6, s.closedLocation());
        assertFalse(s.fruitInPlay(6));
        assertFalse(Arrays.stream(s.legalActions()).anyMatch(a -> a == FloatingMarketAction.id("place:boat6")));
        assertEquals(0, s.board().spots(Building.ARTIST, 2));
        onBoat(s, 0, 5);
        onBoat(s, 1, 0);
        FloatingMarketRules.payOut(s, 6);
        assertEquals(4, s.coins(0));
        assertEquals(4, s.coins(1), "neighbours across the loop are paid");
        assertEquals(0, s.fruitCount(0) + s.fruitCount(1));
    }

    @Test
    void withTwoPlayersTheAmaCustomersRotateAroundTheClosedLocation() {
        FloatingMarketState s = FloatingMarketState.newGame(Board.standard(), 2, false, 11, dev.kaisen.env.ChanceLog.NONE);
        int[] expected = {4, 1};
        java.util.SplittableRandom rng = new java.util.SplittableRandom(5);
        int rounds = 0;
        while (!s.isTerminal() && rounds < 12) {
            assertTrue(s.hasAma(expected[0]) && s.hasAma(expected[1]), "round " + rounds);
            assertFalse(s.hasAma(6), "never on the closed location");
            int round = s.round();
            while (!s.isTerminal() && s.round() == round) {
                int[] legal = s.legalActions();
                s.applyInPlace(legal[rng.nextInt(legal.length)]);
            }
            for (int k = 0; k < 2; k++) {
                expected[k] = (expected[k] + 1) % 7 == 6 ? 0 : (expected[k] + 1) % 7;
            }
            rounds++;
        }
        assertTrue(rounds >= 3, "the game lasted " + rounds + " rounds");
    }

    @Test
    void theOfficeNeedsACustomerLeftToAssignAndItsCoin() {
        FloatingMarketState s = state(4);
        int office = FloatingMarketAction.id("place:office");
        int p = s.currentPlayer();
        assertTrue(Arrays.stream(s.legalActions()).anyMatch(a -> a == office));
        s.left[p] = 1;
        assertFalse(Arrays.stream(s.legalActions()).anyMatch(a -> a == office), "nothing left to assign");
        s.left[p] = 2;
        s.coins[p] = 0;
        assertFalse(Arrays.stream(s.legalActions()).anyMatch(a -> a == office), "no coin to pay");
    }

    @Test
    void theClosedLocationCannotBeAnAmaStart() {
        GameFormatException e = assertThrows(GameFormatException.class, () -> Board.parse(board(LOCS, BOATMAN)
                .replace("\"twoPlayerClosed\":\"29-35\"", "\"twoPlayerClosed\":\"9-13\"")));
        assertTrue(e.getMessage().contains("also an Ama start"), e.getMessage());
    }
}
