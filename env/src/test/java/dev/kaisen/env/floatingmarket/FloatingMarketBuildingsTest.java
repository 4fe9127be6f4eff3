package dev.kaisen.env.floatingmarket;

import dev.kaisen.env.ChanceLog;
import dev.kaisen.env.GameConfig;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import static dev.kaisen.env.floatingmarket.FloatingMarketRulesTest.onBoat;
import static dev.kaisen.env.floatingmarket.FloatingMarketRulesTest.state;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Scenario tests of the roll, the end of the round, every building, the payouts, the variants
 * and the 2-player rules ({@code docs/rules/floating-market.md} and the [decision]s in
 * {@link FloatingMarketState}'s class comment). Rounds are driven through legal actions; the
 * roll's faces are read from the {@code roll} chance event.
 */
class FloatingMarketBuildingsTest {

    // ---------------------------------------------------------------- helpers

    /** Records the {@code roll} chance events. */
    static final class Rolls implements ChanceLog {
        final List<Map<String, Object>> rolls = new ArrayList<>();

        @Override
        public void chance(String event, Map<String, Object> data) {
            if (event.equals("roll")) {
                rolls.add(data);
            }
        }

        Map<String, Object> only() {
            assertEquals(1, rolls.size(), "exactly one roll");
            return rolls.get(0);
        }
    }

    /** Plays the named actions, each checked legal first, reporting chance to {@code log}. */
    static void play(FloatingMarketState s, ChanceLog log, String... names) {
        for (String name : names) {
            int a = FloatingMarketAction.id(name);
            assertTrue(a >= 0, "no action " + name);
            assertTrue(s.isLegal(a), name + " should be legal; legal: " + legalNames(s));
            s.applyInPlace(a, log);
        }
    }

    static void play(FloatingMarketState s, String... names) {
        play(s, ChanceLog.NONE, names);
    }

    static Set<String> legalNames(FloatingMarketState s) {
        return Arrays.stream(s.legalActions()).mapToObj(FloatingMarketAction::name)
                .collect(Collectors.toCollection(TreeSet::new));
    }

    static boolean legal(FloatingMarketState s, String name) {
        return legalNames(s).contains(name);
    }

    /** Seat k places after the start player's seat. */
    static int seat(FloatingMarketState s, int start, int k) {
        return (start + k) % s.numPlayers();
    }

    /** The location whose printed range holds the total (below the first: the first; above the last: the last). */
    static int rangeHolding(Board b, int total) {
        for (int i = 0; i < Board.LOCATIONS; i++) {
            if (b.min(i) <= total && total <= b.max(i)) {
                return i;
            }
        }
        return total < b.min(0) ? 0 : Board.LOCATIONS - 1;
    }

    /** The faces a die of that name may show (rules, "Components"; the Ama dice are d6). */
    static int[] faceRange(String die) {
        String kind = die.substring(die.indexOf(':') + 1);
        switch (kind) {
            case "d4":
                return new int[] {1, 4};
            case "d6":
                return new int[] {1, 6};
            case "d10":
                return new int[] {0, 9};
            case "d12":
                return new int[] {1, 12};
            case "neg-d6":
                return new int[] {-6, -1};
            default:
                throw new AssertionError("unknown die " + die);
        }
    }

    /**
     * Checks one logged roll against the rules: every face in its die's range, total = faces
     * (negative dice subtracting) + tiles, the activated location = the range holding the total,
     * and the state's lastTotal/lastActivated agree. Returns the dice names in roll order.
     */
    static List<String> checkRoll(FloatingMarketState s, Map<String, Object> roll) {
        List<String> names = new ArrayList<>();
        int sum = 0;
        for (Object o : (List<?>) roll.get("dice")) {
            List<?> entry = (List<?>) o;
            String name = (String) entry.get(0);
            int face = (Integer) entry.get(1);
            int[] r = faceRange(name);
            assertTrue(r[0] <= face && face <= r[1], name + " showed " + face);
            sum += face;
            names.add(name);
        }
        int tiles = 0;
        for (Object t : (List<?>) roll.get("tiles")) {
            tiles += (Integer) t;
        }
        int total = (Integer) roll.get("total");
        assertEquals(sum + tiles, total, "total = faces + tiles: " + roll);
        assertEquals(total, s.lastTotal());
        int loc = rangeHolding(s.board(), total);
        assertEquals(loc, s.lastActivated(), "activated the range holding " + total);
        assertEquals(s.board().locationName(loc), roll.get("location"));
        return names;
    }

    /** Plays the first legal action until the round's roll is behind us (the SWAP phase or the end). */
    static void playRoundFirstLegal(FloatingMarketState s, ChanceLog log) {
        while (s.phase() != Phase.SWAP && !s.isTerminal()) {
            s.applyInPlace(s.legalActions()[0], log);
        }
    }

    static int poolDice(FloatingMarketState s, int p) {
        int k = 0;
        for (int d = 0; d < Dice.PLAYER_DICE; d++) {
            k += s.dieLocation(p, d) == FloatingMarketState.POOL ? 1 : 0;
        }
        return k;
    }

    static void handToOut(FloatingMarketState s, int p, int... kinds) {
        for (int d : kinds) {
            assertEquals(FloatingMarketState.HAND, s.dieLocation(p, d));
            s.setDieLocation(p, d, FloatingMarketState.OUT);
        }
    }

    /**
     * A full 4-player round with the Temple (+4), the Carpenter (d12), the Artist hut (-d6) and
     * four player dice (d12, neg-d6, d10, d6 by seat from the start player), ending in the roll.
     */
    static void scriptedFourPlayerRound(FloatingMarketState s, ChanceLog log) {
        play(s, log, "place:boat0", "die:d12");
        play(s, log, "place:temple", "temple:+4", "die:neg-d6");
        play(s, log, "place:carpenter", "carpenter:add-d12", "die:d10");
        play(s, log, "place:artist", "artist:add-neg-d6", "die:d6");
        play(s, log, "place:boat2", "place:boat3", "place:dock-west", "place:dock-east");
        assertEquals(Phase.PLACE, s.phase());
        play(s, log, "place:boat5", "place:boat6", "place:boatman", "place:north-trader");
    }

    // ---------------------------------------------------------------- the roll

    @Test
    void theRollSumsEveryDieOfThePoolNegativeDiceSubtractingPlusTheTilesAndActivatesItsRange() {
        FloatingMarketState s = state(4);
        int st = s.startPlayer();
        Rolls log = new Rolls();
        scriptedFourPlayerRound(s, log);
        List<String> dice = checkRoll(s, log.only());
        assertEquals(Set.of("p" + st + ":d12", "p" + seat(s, st, 1) + ":neg-d6", "p" + seat(s, st, 2) + ":d10",
                "p" + seat(s, st, 3) + ":d6", "board:d12", "board:neg-d6"), Set.copyOf(dice));
        assertEquals(6, dice.size(), "each die of the pool rolled once: " + dice);
        assertEquals(List.of(4), log.only().get("tiles"));
    }

    @Test
    void withTwoPlayersBothAmaDiceAreRolled() {
        FloatingMarketState s = state(2);
        Rolls log = new Rolls();
        playRoundFirstLegal(s, log);
        List<String> dice = checkRoll(s, log.only());
        assertEquals(2, dice.stream().filter(d -> d.equals("ama:d6")).count(), dice.toString());
        assertEquals(4, dice.size(), "two player dice and two Ama dice: " + dice);
    }

    @Test
    void withThreePlayersOneAmaDieIsRolled() {
        FloatingMarketState s = state(3);
        Rolls log = new Rolls();
        playRoundFirstLegal(s, log);
        List<String> dice = checkRoll(s, log.only());
        assertEquals(1, dice.stream().filter(d -> d.equals("ama:d6")).count(), dice.toString());
    }

    @Test
    void aRollThatGivesAPlayerTheFifthFruitEndsTheGameAfterPayingTheRollInFull() {
        // 2 players: Ama 2d6 (2..12) + two negative d6 (-12..-2) + the -2 tile: every total is
        // at most 8, so the roll activates location 0 ("<=8", mango) whatever the faces.
        FloatingMarketState s = state(2);
        int st = s.startPlayer();
        int q = seat(s, st, 1);
        s.fruits[st] = 0b11110;
        Rolls log = new Rolls();
        play(s, log, "place:boat0", "die:neg-d6");
        play(s, log, "place:temple", "temple:-2", "die:neg-d6");
        play(s, log, "place:dock-west", "place:dock-east", "place:boatman");
        assertFalse(s.isTerminal());
        play(s, log, "place:boatman");
        checkRoll(s, log.only());
        assertTrue(s.lastTotal() <= 8, "total " + s.lastTotal());
        assertEquals(0, s.lastActivated());
        assertTrue(s.isTerminal());
        assertEquals(Phase.GAME_OVER, s.phase(), "no end-of-round swap");
        assertEquals("FRUIT", s.endReason());
        assertTrue(s.hasFruit(st, Fruit.MANGO.ordinal()));
        assertEquals(5, s.fruitCount(st));
        assertEquals(3, s.coins(st), "the west dock coin of the finishing roll is paid");
        assertEquals(2, s.coins(q));
        assertEquals(List.of(st), Arrays.stream(s.winners()).boxed().toList());
    }

    // ---------------------------------------------------------------- end of round

    @Test
    void atTheEndOfTheRoundRolledDiceGoOutTilesBoardDiceAndCustomersReturn() {
        FloatingMarketState s = state(4);
        int st = s.startPlayer();
        scriptedFourPlayerRound(s, ChanceLog.NONE);
        assertEquals(Phase.SWAP, s.phase());
        int[] rolled = {Dice.D12, Dice.NEG_D6, Dice.D10, Dice.D6};
        for (int k = 0; k < 4; k++) {
            int p = seat(s, st, k);
            for (int d = 0; d < Dice.PLAYER_DICE; d++) {
                int expected = d == rolled[k] ? FloatingMarketState.OUT : FloatingMarketState.HAND;
                assertEquals(expected, s.dieLocation(p, d), "player " + p + " die " + Dice.KEYS[d]);
            }
            assertEquals(4, s.hand(p), "the rolled die is not back in hand");
            assertEquals(FloatingMarketState.CUSTOMERS, s.customersLeft(p));
        }
        assertFalse(s.tilePlus4());
        assertFalse(s.tileMinus2());
        assertFalse(s.boardD12());
        assertFalse(s.boardNeg());
        assertFalse(s.d12Blocked());
        for (int l = 0; l < Board.LOCATIONS; l++) {
            assertEquals(-1, s.boatCustomer(l, 0));
            assertEquals(-1, s.boatCustomer(l, 1));
        }
        assertEquals(-1, s.dockCustomer(0));
        assertEquals(-1, s.dockCustomer(1));
        for (Building b : Building.values()) {
            assertEquals(0, s.buildingTotal(b), b.key);
        }
        assertEquals(-1, s.standSlot());
    }

    @Test
    void theSwapIsCompulsoryExchangesTwoBoatsAndThenTheStartMarkerPassesToTheNextSeat() {
        FloatingMarketState s = state(4);
        int st = s.startPlayer();
        scriptedFourPlayerRound(s, ChanceLog.NONE);
        assertEquals(Phase.SWAP, s.phase());
        assertEquals(st, s.currentPlayer(), "the start player swaps");
        Set<String> all = new TreeSet<>();
        for (int i = 0; i < Board.LOCATIONS; i++) {
            for (int j = i + 1; j < Board.LOCATIONS; j++) {
                all.add("swap:" + i + "," + j);
            }
        }
        assertEquals(all, legalNames(s), "only swaps: no pass");
        int[] before = new int[Board.LOCATIONS];
        for (int l = 0; l < Board.LOCATIONS; l++) {
            before[l] = s.fruitAt(l);
        }
        play(s, "swap:0,3");
        assertEquals(before[3], s.fruitAt(0));
        assertEquals(before[0], s.fruitAt(3));
        for (int l : new int[] {1, 2, 4, 5, 6}) {
            assertEquals(before[l], s.fruitAt(l), "location " + l);
        }
        assertEquals(seat(s, st, 1), s.startPlayer());
        assertEquals(seat(s, st, 1), s.currentPlayer());
        assertEquals(Phase.PLACE, s.phase());
        assertEquals(1, s.round());
    }

    // ---------------------------------------------------------------- Temple

    @Test
    void theTempleAddsThePlusFourOrTheMinusTwoTileAndTheTotalMovesWithIt() {
        String[][] firstTurn = {{"place:temple", "temple:+4", "die:d12"}, {"place:temple", "temple:-2", "die:d12"},
                {"place:boatman", "die:d12"}};
        int[] totals = new int[3];
        List<List<String>> dice = new ArrayList<>();
        for (int v = 0; v < 3; v++) {
            FloatingMarketState s = state(4);
            Rolls log = new Rolls();
            play(s, log, firstTurn[v]);
            assertEquals(v == 0, s.tilePlus4());
            assertEquals(v == 1, s.tileMinus2());
            play(s, log, "place:boat1", "die:d6", "place:boat2", "die:d6", "place:boat3", "die:d6");
            play(s, log, "place:boat4", "place:boat5", "place:boat6", "place:dock-west");
            play(s, log, "place:dock-east", "place:boatman", "place:north-trader", "place:south-trader");
            dice.add(checkRoll(s, log.only()));
            totals[v] = s.lastTotal();
            assertEquals(v == 0 ? List.of(4) : v == 1 ? List.of(-2) : List.of(), log.only().get("tiles"));
        }
        assertEquals(dice.get(2), dice.get(0));
        assertEquals(dice.get(2), dice.get(1));
        assertEquals(totals[2] + 4, totals[0], "same seed, same dice: +4 moves the total up by 4");
        assertEquals(totals[2] - 2, totals[1], "-2 moves it down by 2");
    }

    @Test
    void theTempleOffersBothTiles() {
        FloatingMarketState s = state(4);
        play(s, "place:temple");
        assertEquals(Phase.TEMPLE, s.phase());
        assertEquals(Set.of("temple:+4", "temple:-2"), legalNames(s));
    }

    // ---------------------------------------------------------------- Carpenter

    @Test
    void theCarpenterAddsTheBoardD12OrBlocksIt() {
        FloatingMarketState s = state(4);
        play(s, "place:carpenter");
        assertEquals(Set.of("carpenter:add-d12", "carpenter:block-d12"), legalNames(s));
        FloatingMarketState blocked = s.copy();
        play(s, "carpenter:add-d12");
        assertTrue(s.boardD12());
        assertFalse(s.boardNeg());
        play(blocked, "carpenter:block-d12");
        assertTrue(blocked.d12Blocked());
        assertFalse(blocked.boardD12());
        assertEquals(Phase.DIE, blocked.phase(), "then the first customer's die");
    }

    @Test
    void withTwoPlayersTheCarpenterOffersTheD12OrTheNegativeD6AndNoBlock() {
        FloatingMarketState s = state(2);
        play(s, "place:carpenter");
        assertEquals(Set.of("carpenter:add-d12", "carpenter:add-neg-d6"), legalNames(s));
        play(s, "carpenter:add-neg-d6");
        assertTrue(s.boardNeg());
        assertFalse(s.boardD12());
    }

    // ---------------------------------------------------------------- Artist hut

    @Test
    void theArtistHutAddsTheBoardNegativeD6() {
        FloatingMarketState s = state(4);
        int st = s.startPlayer();
        play(s, "place:artist");
        assertEquals(Set.of("artist:add-neg-d6", "artist:add-die"), legalNames(s));
        play(s, "artist:add-neg-d6");
        assertTrue(s.boardNeg());
        assertEquals(Phase.DIE, s.phase(), "then the first customer's die");
        play(s, "die:d4");
        assertEquals(1, poolDice(s, st));
    }

    @Test
    void theArtistHutAddsOneMoreOfYourDice() {
        FloatingMarketState s = state(4);
        int st = s.startPlayer();
        play(s, "place:boat0", "die:d4", "place:boat1", "die:d4", "place:boat2", "die:d4", "place:boat3", "die:d4");
        play(s, "place:artist", "artist:add-die");
        assertEquals(Phase.DIE, s.phase());
        assertEquals(st, s.currentPlayer());
        play(s, "die:d6");
        assertEquals(2, poolDice(s, st));
        assertEquals(3, s.hand(st));
        assertEquals(seat(s, st, 1), s.currentPlayer());
    }

    @Test
    void theArtistHutWithAnEmptyHandAddsNothing() {
        FloatingMarketState s = state(4);
        int st = s.startPlayer();
        play(s, "place:boat0", "die:d4", "place:boat1", "die:d4", "place:boat2", "die:d4", "place:boat3", "die:d4");
        handToOut(s, st, Dice.D6, Dice.D10, Dice.D12, Dice.NEG_D6);
        play(s, "place:artist", "artist:add-die");
        assertEquals(Phase.PLACE, s.phase(), "no die to choose");
        assertEquals(seat(s, st, 1), s.currentPlayer());
        assertEquals(1, poolDice(s, st));
    }

    @Test
    void theArtistHutIsUnusedWithTwoPlayers() {
        FloatingMarketState s = state(2);
        assertFalse(legal(s, "place:artist"));
        play(s, "place:boat0", "die:d4");
        assertFalse(legal(s, "place:artist"));
        assertTrue(legal(state(3), "place:artist"));
    }

    // ---------------------------------------------------------------- Market

    @Test
    void theMarketNeedsFourCoinsPaidOnPlacing() {
        FloatingMarketState s = state(4);
        int st = s.startPlayer();
        s.coins[st] = 3;
        assertFalse(legal(s, "place:market"));
        s.coins[st] = 4;
        play(s, "place:market");
        assertEquals(0, s.coins(st));
        assertEquals(Phase.MARKET, s.phase());
        play(s, "buy:guava");
        assertTrue(s.hasFruit(st, Fruit.GUAVA.ordinal()));
    }

    @Test
    void theMarketHasTwoSpotsWithThreeOrMorePlayers() {
        for (int players : new int[] {3, 4}) {
            FloatingMarketState s = state(players);
            Arrays.fill(s.coins, 4);
            play(s, "place:market", "buy:mango", "die:d4");
            play(s, "place:market", "buy:mango", "die:d4");
            assertEquals(2, s.buildingTotal(Building.MARKET));
            assertFalse(legal(s, "place:market"), players + " players: both spots taken");
        }
    }

    @Test
    void withTwoPlayersTheMarketHasOneSpot() {
        FloatingMarketState s = state(2);
        Arrays.fill(s.coins, 4);
        play(s, "place:market", "buy:mango", "die:d4");
        assertFalse(legal(s, "place:market"));
    }

    @Test
    void theMarketRefusesAFruitAlreadyHeld() {
        FloatingMarketState s = state(4);
        int st = s.startPlayer();
        s.coins[st] = 4;
        s.fruits[st] = 1 << Fruit.BANANA.ordinal() | 1 << Fruit.PAPAYA.ordinal();
        play(s, "place:market");
        assertEquals(Set.of("buy:mango", "buy:guava", "buy:pomelo", "buy:rambutan", "buy:starfruit"), legalNames(s));
    }

    @Test
    void withTwoPlayersTheMarketRefusesTheRemovedFruit() {
        FloatingMarketState s = state(2);
        int st = s.startPlayer();
        s.coins[st] = 4;
        play(s, "place:market");
        assertFalse(legal(s, "buy:starfruit"), "starfruit lies face down on the closed location");
        assertEquals(6, legalNames(s).size());

        FloatingMarketState t = state(2);
        t.fruitAt[0] = Fruit.STARFRUIT.ordinal();
        t.fruitAt[6] = Fruit.MANGO.ordinal();
        t.coins[t.startPlayer()] = 4;
        play(t, "place:market");
        assertFalse(legal(t, "buy:mango"), "the closed location's fruit, whichever it is");
        assertTrue(legal(t, "buy:starfruit"));
    }

    // ---------------------------------------------------------------- Boatman

    @Test
    void theBoatmanRecoversAllYourDiceForSeveralPlayersInOneRound() {
        FloatingMarketState s = state(4);
        int st = s.startPlayer();
        int q = seat(s, st, 1);
        handToOut(s, st, Dice.D4, Dice.D6, Dice.D12);
        handToOut(s, q, Dice.D10);
        play(s, "place:boatman");
        assertEquals(5, s.hand(st), "every out-of-play die is back");
        play(s, "die:d4");
        play(s, "place:boatman");
        assertEquals(5, s.hand(q));
        play(s, "die:d10");
        assertEquals(2, s.buildingTotal(Building.BOATMAN));
        assertEquals(1, s.buildingCustomers(Building.BOATMAN, st));
        assertEquals(1, s.buildingCustomers(Building.BOATMAN, q));
        assertTrue(legal(s, "place:boatman"), "any number of players");
    }

    // ---------------------------------------------------------------- Fruit stand

    @Test
    void theFruitStandNeedsOneOfYourCustomersOnABoat() {
        FloatingMarketState s = state(4);
        assertFalse(legal(s, "place:fruit-stand"));
        play(s, "place:boat3", "die:d4", "place:boat0", "die:d4", "place:boat1", "die:d4", "place:boat5", "die:d4");
        play(s, "place:fruit-stand");
        assertEquals(Set.of("stand:boat3"), legalNames(s));
    }

    @Test
    void theFruitStandOnTheActivatedBoatItselfTakesItsFruit() {
        FloatingMarketState s = state(4);
        int st = s.startPlayer();
        play(s, "place:boat2", "die:d4", "place:boat1", "die:d4", "place:boat3", "die:d4", "place:boat5", "die:d4");
        play(s, "place:fruit-stand", "stand:boat2");
        assertEquals(4, s.standSlot());
        FloatingMarketRules.payOut(s, 2);
        assertTrue(s.hasFruit(st, Fruit.PAPAYA.ordinal()));
        assertEquals(1, s.fruitCount(st));
        assertEquals(2, s.coins(st));
        assertEquals(4, s.coins(seat(s, st, 1)), "neighbours are paid as usual");
        assertEquals(4, s.coins(seat(s, st, 2)));
    }

    @Test
    void theFruitStandOnANeighbourTakesTheActivatedBoatsFruitAndNoCoins() {
        FloatingMarketState s = state(4);
        int st = s.startPlayer();
        play(s, "place:boat3", "die:d4", "place:boat0", "die:d4", "place:boat6", "die:d4", "place:boat5", "die:d4");
        play(s, "place:fruit-stand", "stand:boat3");
        FloatingMarketState east = s.copy();
        FloatingMarketState twoAway = s.copy();
        FloatingMarketRules.payOut(s, 2);
        assertTrue(s.hasFruit(st, Fruit.PAPAYA.ordinal()), "the activated boat's fruit, not its own boat's");
        assertEquals(1, s.fruitCount(st));
        assertEquals(2, s.coins(st), "no adjacency coins");
        FloatingMarketRules.payOut(east, 4);
        assertTrue(east.hasFruit(st, Fruit.POMELO.ordinal()), "the other neighbour");
        assertEquals(2, east.coins(st));
        FloatingMarketRules.payOut(twoAway, 1);
        assertEquals(0, twoAway.fruitCount(st), "two steps away: nothing");
        assertEquals(2, twoAway.coins(st));
    }

    @Test
    void withTwoPlayersTheFruitStandNextToTheClosedBoatGivesNoFruitWhenItActivates() {
        FloatingMarketState s = state(2);
        int st = s.startPlayer();
        int q = seat(s, st, 1);
        play(s, "place:boat5", "die:d4", "place:boat0", "die:d4");
        play(s, "place:fruit-stand", "stand:boat5");
        FloatingMarketRules.payOut(s, 6);
        assertEquals(0, s.fruitCount(st), "the closed boat's fruit is out of the game");
        assertEquals(2, s.coins(st), "and the stand's customer takes no coins");
        assertEquals(4, s.coins(q), "the other neighbour is paid: all normal rules apply");
    }

    @Test
    void withATraderTheFruitStandStillUsesOnlyTheDirectNeighbours() {
        FloatingMarketState s = state(4);
        int st = s.startPlayer();
        play(s, "place:boat4", "die:d4", "place:north-trader", "die:d4", "place:boat0", "die:d4",
                "place:boat6", "die:d4");
        FloatingMarketState noStand = s.copy();
        play(s, "place:fruit-stand", "stand:boat4");
        FloatingMarketRules.payOut(s, 2);
        assertEquals(0, s.fruitCount(st), "[decision] the stand's reach is the direct neighbours only");
        assertEquals(2, s.coins(st), "and the customer over the stand takes no adjacency coins");
        FloatingMarketRules.payOut(noStand, 2);
        assertEquals(4, noStand.coins(st), "without the stand the North trader pays two steps clockwise");
        assertEquals(0, noStand.fruitCount(st));
    }

    // ---------------------------------------------------------------- traders

    @Test
    void theSouthTraderPaysBoatsOneAndTwoStepsCounterClockwise() {
        FloatingMarketState s = state(4);
        int st = s.startPlayer();
        int a = seat(s, st, 1);
        int b = seat(s, st, 2);
        int c = seat(s, st, 3);
        play(s, "place:south-trader", "die:d4");
        onBoat(s, a, 0);
        onBoat(s, b, 6);
        onBoat(s, c, 3);
        onBoat(s, st, 2);
        FloatingMarketRules.payOut(s, 1);
        assertEquals(4, s.coins(a), "one step counter-clockwise");
        assertEquals(4, s.coins(b), "two steps counter-clockwise, around the loop");
        assertEquals(2, s.coins(c), "two steps clockwise is not the South trader's");
        assertEquals(4, s.coins(st), "the direct clockwise neighbour as always");
    }

    // ---------------------------------------------------------------- Tailor

    @Test
    void theTailorAddsTwoOfYourDice() {
        FloatingMarketState s = state(4);
        int st = s.startPlayer();
        play(s, "place:boat0", "die:d4", "place:boat1", "die:d4", "place:boat2", "die:d4", "place:boat3", "die:d4");
        play(s, "place:tailor");
        assertEquals(Phase.DIE, s.phase());
        play(s, "die:d6", "die:d10");
        assertEquals(3, poolDice(s, st));
        assertEquals(2, s.hand(st));
        assertEquals(seat(s, st, 1), s.currentPlayer());
    }

    @Test
    void theTailorAddsFewerDiceWithFewerInHand() {
        FloatingMarketState s = state(4);
        int st = s.startPlayer();
        play(s, "place:boat0", "die:d4", "place:boat1", "die:d4", "place:boat2", "die:d4", "place:boat3", "die:d4");
        FloatingMarketState empty = s.copy();
        handToOut(s, st, Dice.D6, Dice.D10, Dice.D12);
        play(s, "place:tailor");
        assertEquals(Set.of("die:neg-d6"), legalNames(s));
        play(s, "die:neg-d6");
        assertEquals(seat(s, st, 1), s.currentPlayer(), "one die was all there was");
        assertEquals(2, poolDice(s, st));

        handToOut(empty, st, Dice.D6, Dice.D10, Dice.D12, Dice.NEG_D6);
        play(empty, "place:tailor");
        assertEquals(Phase.PLACE, empty.phase());
        assertEquals(seat(empty, st, 1), empty.currentPlayer());
        assertEquals(1, poolDice(empty, st));
    }

    // ---------------------------------------------------------------- Office

    @Test
    void theOfficeCostsOneCoin() {
        FloatingMarketState s = state(4);
        int st = s.startPlayer();
        play(s, "place:office");
        assertEquals(1, s.coins(st));
        assertEquals(st, s.officePlayer());
        play(s, "die:d4");
        assertEquals(st, s.currentPlayer(), "the remaining customers at once");
    }

    @Test
    void theOfficeIsRefusedWithNoCoin() {
        FloatingMarketState s = state(4);
        int st = s.startPlayer();
        s.coins[st] = 0;
        assertFalse(legal(s, "place:office"));
        s.coins[st] = 1;
        play(s, "place:office");
        assertEquals(0, s.coins(st));
    }

    // ---------------------------------------------------------------- Fish market

    @Test
    void theFishMarketNeedsAnotherCustomerLeftToAssign() {
        FloatingMarketState s = state(4);
        int st = s.startPlayer();
        onBoat(s, seat(s, st, 1), 2);
        s.left[st] = 1;
        assertFalse(legal(s, "place:fish-market"), "its own customer is the last one");
        s.left[st] = 2;
        assertTrue(legal(s, "place:fish-market"));
    }

    @Test
    void theFishMarketMayTargetABoatYouAlreadyHoldWhichPaysYouOneFruit() {
        FloatingMarketState s = state(4);
        int st = s.startPlayer();
        play(s, "place:boat3", "die:d4", "place:boat0", "die:d4", "place:boat1", "die:d4", "place:boat5", "die:d4");
        play(s, "place:fish-market");
        assertEquals(Set.of("fish:boat0", "fish:boat1", "fish:boat3", "fish:boat5"), legalNames(s));
        play(s, "fish:boat3");
        assertEquals(st, s.boatCustomer(3, 0));
        assertEquals(st, s.boatCustomer(3, 1));
        assertEquals(0, s.customersLeft(st));
        FloatingMarketRules.payOut(s, 3);
        assertEquals(1, s.fruitCount(st), "one guava, never a fruit already held");
        assertEquals(2, s.coins(st));
    }

    @Test
    void twoCustomersOnOneBoatBothCollectButNeverAFruitAlreadyHeld() {
        FloatingMarketState s = state(4);
        int st = s.startPlayer();
        int q = seat(s, st, 1);
        play(s, "place:boat3", "die:d4");
        play(s, "place:fish-market", "fish:boat3", "die:d4");
        assertEquals(st, s.boatCustomer(3, 0));
        assertEquals(q, s.boatCustomer(3, 1));
        FloatingMarketState held = s.copy();
        FloatingMarketRules.payOut(s, 3);
        assertTrue(s.hasFruit(st, Fruit.GUAVA.ordinal()));
        assertTrue(s.hasFruit(q, Fruit.GUAVA.ordinal()));

        held.fruits[q] = 1 << Fruit.GUAVA.ordinal();
        FloatingMarketRules.payOut(held, 3);
        assertTrue(held.hasFruit(st, Fruit.GUAVA.ordinal()));
        assertEquals(1, held.fruitCount(q), "no second guava");
        assertEquals(2, held.coins(q), "and nothing instead");
    }

    @Test
    void anAmaBoatCountsAsOccupiedForTheFishMarket() {
        FloatingMarketState s = state(3);
        int st = s.startPlayer();
        play(s, "place:fish-market");
        assertEquals(Set.of("fish:boat1", "fish:boat4"), legalNames(s), "only the Ama customers' boats are occupied");
        play(s, "fish:boat4", "die:d4");
        assertEquals(st, s.boatCustomer(4, 1));
        FloatingMarketRules.payOut(s, 4);
        assertTrue(s.hasFruit(st, Fruit.POMELO.ordinal()), "the player's customer collects; the Ama takes nothing");
    }

    @Test
    void withTwoPlayersTheClosedLocationIsNeverAFishMarketTarget() {
        FloatingMarketState s = state(2);
        play(s, "place:boat5", "die:d4", "place:boat0", "die:d4");
        play(s, "place:fish-market");
        Set<String> targets = legalNames(s);
        assertEquals(Set.of("fish:boat0", "fish:boat1", "fish:boat4", "fish:boat5"), targets);
        assertFalse(targets.contains("fish:boat6"));
    }

    // ---------------------------------------------------------------- payouts

    @Test
    void onePlayerWithTwoAdjacentCustomersTakesFourCoins() {
        FloatingMarketState s = state(4);
        s.coins[0] = 0;
        onBoat(s, 0, 1);
        onBoat(s, 0, 3);
        FloatingMarketRules.payOut(s, 2);
        assertEquals(4, s.coins(0));
        assertEquals(0, s.fruitCount(0));
    }

    @Test
    void theActivatedCustomerAndAnAdjacentCustomerOfTheSamePlayerTakeFruitAndTwoCoins() {
        FloatingMarketState s = state(4);
        s.coins[0] = 0;
        onBoat(s, 0, 2);
        onBoat(s, 0, 3);
        FloatingMarketRules.payOut(s, 2);
        assertTrue(s.hasFruit(0, Fruit.PAPAYA.ordinal()));
        assertEquals(2, s.coins(0));
    }

    @Test
    void theEastDockPaysOneCoinExactlyWhenAnEastLocationActivates() {
        for (int l = 0; l < Board.LOCATIONS; l++) {
            FloatingMarketState s = state(4);
            s.dock[1] = 0;
            s.dock[0] = 1;
            FloatingMarketRules.payOut(s, l);
            boolean east = s.board().bank(l) == 1;
            assertEquals(l >= 4, east, "locations 4-6 are the east bank");
            assertEquals(east ? 3 : 2, s.coins(0), "east dock, location " + l);
            assertEquals(east ? 2 : 3, s.coins(1), "west dock, location " + l);
        }
    }

    // ---------------------------------------------------------------- variants

    static FloatingMarketState game(int players, boolean longGame) {
        FloatingMarketState s = new FloatingMarketGame(new GameConfig(players, Map.of("long", longGame)))
                .newGame(7, ChanceLog.NONE);
        for (int i = 0; i < Board.LOCATIONS; i++) {
            s.fruitAt[i] = i;
        }
        return s;
    }

    @Test
    void theLongVariantTargetsSevenFruitsAndSixWithTwoPlayers() {
        assertEquals(5, game(2, false).target());
        assertEquals(5, game(4, false).target());
        assertEquals(6, game(2, true).target());
        assertEquals(7, game(3, true).target());
        assertEquals(7, game(5, true).target());
        assertTrue(game(4, true).longGame());
    }

    @Test
    void theLongVariantEndsAtTheSeventhFruitNotBefore() {
        FloatingMarketState six = game(4, true);
        int p = six.currentPlayer();
        six.coins[p] = 4;
        six.fruits[p] = 0b0011111;
        play(six, "place:market", "buy:rambutan");
        assertFalse(six.isTerminal(), "six fruits are not enough");
        assertEquals(Phase.DIE, six.phase());

        FloatingMarketState seven = game(4, true);
        int q = seven.currentPlayer();
        seven.coins[q] = 4;
        seven.fruits[q] = 0b0111111;
        play(seven, "place:market", "buy:starfruit");
        assertTrue(seven.isTerminal());
        assertEquals(7, seven.fruitCount(q));
    }

    @Test
    void withTwoPlayersTheLongVariantEndsAtTheSixthFruit() {
        FloatingMarketState s = game(2, true);
        int p = s.currentPlayer();
        s.coins[p] = 4;
        s.fruits[p] = 0b0011111;
        play(s, "place:market");
        assertFalse(legal(s, "buy:starfruit"), "out of the game with 2 players");
        play(s, "buy:rambutan");
        assertTrue(s.isTerminal());
    }

    @Test
    void withFivePlayersThereIsNoAma() {
        FloatingMarketState s = game(5, false);
        assertEquals(-1, s.amaLocation(0));
        assertEquals(-1, s.amaLocation(1));
        assertEquals(0, s.amaDice());
        for (int l = 0; l < Board.LOCATIONS; l++) {
            assertTrue(legal(s, "place:boat" + l), "boat " + l + " is free");
        }
        Rolls log = new Rolls();
        playRoundFirstLegal(s, log);
        List<String> dice = checkRoll(s, log.only());
        assertFalse(dice.contains("ama:d6"), dice.toString());
    }

    // ---------------------------------------------------------------- 2 players

    @Test
    void withTwoPlayersTheSwapNeverInvolvesTheClosedLocation() {
        FloatingMarketState s = state(2);
        playRoundFirstLegal(s, ChanceLog.NONE);
        assertEquals(Phase.SWAP, s.phase());
        Set<String> expected = new TreeSet<>();
        for (int i = 0; i < 6; i++) {
            for (int j = i + 1; j < 6; j++) {
                expected.add("swap:" + i + "," + j);
            }
        }
        assertEquals(expected, legalNames(s));
    }
}
