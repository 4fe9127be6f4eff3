package dev.kaisen.env.tokaido;

import dev.kaisen.env.IllegalActionException;
import dev.kaisen.env.tokaido.Decks.Deck;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static dev.kaisen.env.tokaido.TokaidoAction.DONATE;
import static dev.kaisen.env.tokaido.TokaidoAction.DONATE_SUPPLY;
import static dev.kaisen.env.tokaido.TokaidoAction.PASS;
import static dev.kaisen.env.tokaido.TokaidoAction.SATSUKI_EAT;
import static dev.kaisen.env.tokaido.TokaidoAction.SOUVENIR;
import static dev.kaisen.env.tokaido.TokaidoAction.SOUVENIR_ZEN;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Scenario tests, one per rule of {@code docs/rules/tokaido.md} (and each [decision]). */
class TokaidoRulesTest {
    static final int PADDY = 0;
    static final int MOUNTAIN = 1;
    static final int SEA = 2;

    static void move(TokaidoState s, int to) {
        s.applyInPlace(TokaidoAction.move(to));
    }

    static void act(TokaidoState s, int action) {
        s.applyInPlace(action);
    }

    static int meal(String kind) {
        return TokaidoAction.MEAL + List.of(Decks.MEAL_NAMES).indexOf(kind);
    }

    static int panorama(int type) {
        return TokaidoAction.PANORAMA + type;
    }

    static int encounter(int kind) {
        return TokaidoAction.ENCOUNTER + kind;
    }

    static List<Integer> destinations(TokaidoState s) {
        List<Integer> out = new ArrayList<>();
        for (int a : s.legalActions()) {
            out.add(a - TokaidoAction.MOVE + 1);
        }
        return out;
    }

    static List<String> names(TokaidoState s) {
        List<String> out = new ArrayList<>();
        for (int a : s.legalActions()) {
            out.add(TokaidoAction.name(a));
        }
        return out;
    }

    // ------------------------------------------------------------------ turn order and the road

    @Test
    void theRearmostTravellerMovesAndMovesAgainWhileStillRearmost() {
        TokaidoState s = Table.of(2).start();
        assertEquals(0, s.currentPlayer(), "the first of the starting line leaves first");
        move(s, 7); // farm
        assertEquals(8, s.coins(0));
        assertEquals(1, s.currentPlayer());
        move(s, 2); // temple
        act(s, DONATE);
        assertEquals(1, s.currentPlayer(), "still rearmost: moves again");
        assertEquals(Phase.MOVE, s.phase());
    }

    @Test
    void atAnInnTheLastArrivalLeavesFirst() {
        TokaidoState s = Table.of(3).at(0, 14).at(1, 14).at(2, 12).start();
        assertEquals(2, s.currentPlayer());
        move(s, 14);
        assertEquals(Phase.MEAL, s.phase());
        assertEquals(2, s.queueIndex(2));
        act(s, PASS);
        assertEquals(2, s.currentPlayer(), "the last arrival, furthest from the road, leaves first");
        move(s, 15);
        assertEquals(1, s.currentPlayer(), "then the one before it in the queue");
        move(s, 16);
        act(s, DONATE);
        assertEquals(0, s.currentPlayer());
    }

    @Test
    void everyTravellerStopsAtEachInn() {
        TokaidoState s = Table.of(2).at(0, 10).at(1, 11).start();
        assertEquals(List.of(12, 13, 14), destinations(s));
    }

    @Test
    void aDoubleSpacesSecondSpotIsNotUsedWithThreePlayers() {
        TokaidoState s = Table.of(3).at(0, 1).start();
        assertEquals(1, s.currentPlayer());
        assertFalse(destinations(s).contains(1), "position 1 is taken and its second spot is closed with 3 players");
        assertTrue(destinations(s).contains(2));
    }

    @Test
    void aDoubleSpacesSecondSpotIsUsedWithFourPlayersAndItsTravellerMovesFirst() {
        TokaidoState s = Table.of(4).at(0, 1).start();
        assertEquals(1, s.currentPlayer());
        assertTrue(destinations(s).contains(1));
        move(s, 1); // village, second spot
        act(s, PASS);
        assertEquals(2, s.currentPlayer());
        assertFalse(destinations(s).contains(1), "both spots taken");
        move(s, 5);
        assertEquals(3, s.currentPlayer(), "seat 3 is still at Kyoto");
        move(s, 7);
        assertEquals(1, s.currentPlayer(), "on a double space the traveller on the second spot is behind");
        assertEquals(1, s.queueIndex(1));
    }

    @Test
    void aVillageOrATempleNeedsACoinAndACompletedPanoramaCannotBeChosen() {
        TokaidoState s = Table.of(2).coins(0, 0).panorama(0, PADDY, 3).start();
        List<Integer> to = destinations(s);
        assertFalse(to.contains(1), "village needs a coin");
        assertFalse(to.contains(2), "temple needs a coin");
        assertFalse(to.contains(4), "paddy completed");
        assertTrue(to.containsAll(List.of(3, 5, 6, 7, 14)));
    }

    // ------------------------------------------------------------------ spaces

    @Test
    void aFarmGivesThreeCoinsAndAHotSpringItsCard() {
        TokaidoState s = Table.of(2).onTop(Deck.HOT_SPRING, "spring3.1").start();
        move(s, 5);
        assertEquals(3, s.points(0));
        assertEquals(1, s.hotSprings(0));
        move(s, 7);
        assertEquals(8, s.coins(1));
    }

    @Test
    void aPanoramaGivesTheNextCardAndTheFirstToCompleteItTakesTheAchievement() {
        TokaidoState s = Table.of(2).panorama(0, PADDY, 2).points(0, 3).panorama(1, PADDY, 2).points(1, 3)
                .at(1, 3).start();
        move(s, 4);
        assertEquals(3 + 3 + 3, s.points(0), "third card scores 3, first completion +3");
        assertTrue(s.hasAchievement(0, TokaidoState.FIRST_PADDY));
        assertTrue(s.panoramaComplete(0, PADDY));
        // seat 1 completes the paddy later through Annaibito: no second achievement
        TokaidoState t = Table.of(2).panorama(0, PADDY, 3).panorama(1, PADDY, 2).at(0, 5).at(1, 2)
                .onTop(Deck.ENCOUNTER, "annaibito-paddy.1").start();
        t.achievements[0] = 1 << TokaidoState.FIRST_PADDY;
        assertEquals(1, t.currentPlayer());
        move(t, 3);
        assertEquals(3, t.points(1));
        assertTrue(t.panoramaComplete(1, PADDY));
        assertFalse(t.hasAchievement(1, TokaidoState.FIRST_PADDY));
    }

    @Test
    void aTempleTakesOneToThreeCoinsAtOnePointEach() {
        TokaidoState s = Table.of(2).coins(0, 2).start();
        move(s, 2);
        assertEquals(List.of("donate:1", "donate:2"), names(s), "at most the coins held");
        act(s, DONATE + 1);
        assertEquals(0, s.coins(0));
        assertEquals(2, s.points(0));
        assertEquals(2, s.donated(0));
    }

    @Test
    void aVillageRevealsThreeSouvenirsBoughtOneAtATimeScoringOneThreeFive() {
        TokaidoState s = Table.of(2).coins(0, 10).onTop(Deck.SOUVENIR, "koma", "manju", "haori").start();
        move(s, 1);
        assertEquals(Phase.VILLAGE, s.phase());
        assertEquals(List.of("souvenir:0", "souvenir:1", "souvenir:2", "pass"), names(s));
        act(s, SOUVENIR);
        assertEquals(1, s.points(0));
        act(s, SOUVENIR + 1);
        assertEquals(1 + 3, s.points(0));
        act(s, SOUVENIR + 2);
        assertEquals(1 + 3 + 5, s.points(0));
        assertEquals(10 - 4, s.coins(0));
        assertEquals(Phase.MOVE, s.phase(), "everything bought: the visit ends by itself");
        assertEquals(1, s.setsOfSize(0, 3));
    }

    @Test
    void theFourthSouvenirOfASetScoresSevenAndTheLeftoversGoUnderTheDeck() {
        TokaidoState s = Table.of(2).coins(0, 10).owns(0, Deck.SOUVENIR, "koma", "manju", "haori")
                .onTop(Deck.SOUVENIR, "gofu", "ukiyoe", "geta").start();
        move(s, 1);
        act(s, SOUVENIR + 1);
        assertEquals(7, s.points(0));
        act(s, PASS);
        assertEquals(2, s.knownBottom(Deck.SOUVENIR));
        int size = s.deckSize(Deck.SOUVENIR);
        assertEquals(Deck.SOUVENIR.parse("gofu"), s.deckCard(Deck.SOUVENIR, size - 2));
        assertEquals(Deck.SOUVENIR.parse("geta"), s.deckCard(Deck.SOUVENIR, size - 1));
    }

    @Test
    void aNewSouvenirJoinsTheSetWhereItScoresMost() {
        // sets: {small, food} and {small}; a clothing souvenir joins the pair: 5 points, not 3
        TokaidoState s = Table.of(2).coins(0, 10).owns(0, Deck.SOUVENIR, "koma", "gofu", "manju")
                .onTop(Deck.SOUVENIR, "haori").start();
        assertEquals(1, s.setsOfSize(0, 2));
        assertEquals(1, s.setsOfSize(0, 1));
        move(s, 1);
        act(s, SOUVENIR);
        assertEquals(5, s.points(0));
        assertEquals(1, s.setsOfSize(0, 3));
    }

    // ------------------------------------------------------------------ encounters

    @Test
    void eachEncounterResolves() {
        assertEncounter("shokunin.1", s -> assertEquals(1, s.souvenirCount(0)), 1);
        assertEncounter("samurai.1", s -> assertEquals(5, s.coins(0)), 3);
        assertEncounter("kuge.1", s -> assertEquals(8, s.coins(0)), 0);
        assertEncounter("miko.1", s -> assertEquals(1, s.donated(0)), 1);
        assertEncounter("annaibito-mountain.1", s -> assertEquals(1, s.panorama(0, MOUNTAIN)), 1);
    }

    private static void assertEncounter(String card, java.util.function.Consumer<TokaidoState> check, int points) {
        TokaidoState s = Table.of(2).onTop(Deck.ENCOUNTER, card).onTop(Deck.SOUVENIR, "koma").start();
        move(s, 3);
        assertEquals(points, s.points(0), card);
        assertEquals(1, s.encounters(0));
        check.accept(s);
        assertEquals(Phase.MOVE, s.phase());
    }

    @Test
    void annaibitoOnACompletedPanoramaLetsThePlayerChooseAnother() {
        TokaidoState s = Table.of(2).panorama(0, SEA, 5).panorama(0, MOUNTAIN, 1)
                .onTop(Deck.ENCOUNTER, "annaibito-sea.1").start();
        move(s, 3);
        assertEquals(Phase.CHOOSE_PANORAMA, s.phase());
        assertEquals(List.of("panorama:paddy", "panorama:mountain"), names(s));
        act(s, panorama(MOUNTAIN));
        assertEquals(2, s.panorama(0, MOUNTAIN));
        assertEquals(2, s.points(0));
        assertEquals(Phase.MOVE, s.phase());
    }

    @Test
    void annaibitoGivesNothingWhenEveryPanoramaIsComplete() {
        TokaidoState s = Table.of(2).panorama(0, PADDY, 3).panorama(0, MOUNTAIN, 4).panorama(0, SEA, 5)
                .onTop(Deck.ENCOUNTER, "annaibito-paddy.1").start();
        move(s, 3);
        assertEquals(Phase.MOVE, s.phase());
        assertEquals(0, s.points(0));
    }

    @Test
    void anEmptyDeckGivesNothing() {
        TokaidoState s = Table.of(2).emptyDeck(Deck.HOT_SPRING).start();
        int before = s.points(0);
        move(s, 5);
        assertEquals(before, s.points(0));
        assertEquals(Phase.MOVE, s.phase());
    }

    // ------------------------------------------------------------------ inns and meals

    @Test
    void theFirstArrivalDrawsPlayersPlusOneMealsEachBuysAtMostOneNeverTwiceAndLeftoversGoUnder() {
        TokaidoState s = Table.of(3).at(2, 11).at(1, 12).at(0, 13).coins(1, 1)
                .owns(1, Deck.MEAL, "tofu.2").onTop(Deck.MEAL, "dango.1", "dango.2", "tofu.1", "unagi.1").start();
        assertEquals(2, s.currentPlayer());
        move(s, 14);
        assertEquals(4, s.offerSize(), "players + 1 meals");
        assertEquals(List.of("meal:dango", "meal:tofu", "meal:unagi", "pass"), names(s));
        act(s, meal("dango"));
        assertEquals(6, s.points(2));
        assertEquals(4, s.coins(2));
        assertEquals(Phase.MOVE, s.phase(), "one meal per traveller");
        assertEquals(1, s.currentPlayer());
        move(s, 14);
        assertEquals(3, s.offerSize(), "only the first arrival draws");
        assertEquals(List.of("meal:dango", "pass"), names(s), "Kinko with 1 coin: dango free, tofu eaten, unagi costs 2");
        act(s, meal("dango"));
        assertEquals(1, s.coins(1));
        assertEquals(0, s.mealSpent(1));
        move(s, 14);
        assertEquals(List.of("meal:tofu", "meal:unagi", "pass"), names(s));
        act(s, PASS);
        assertEquals(0, s.offerSize());
        assertEquals(2, s.knownBottom(Deck.MEAL), "leftovers under the deck once all have arrived");
        assertEquals(0, s.currentPlayer(), "the last arrival leaves first");
    }

    @Test
    void theGameEndsAfterTheLastMealChoiceAtEdo() {
        TokaidoState s = Table.of(2).at(0, 54).at(1, 53).start();
        move(s, 54);
        assertEquals(Phase.MEAL, s.phase());
        act(s, PASS);
        assertTrue(s.isTerminal());
        assertEquals("EDO", s.endReason());
        assertEquals(-1, s.currentPlayer());
    }

    // ------------------------------------------------------------------ the end

    @Test
    void theTempleRankingScoresTenSevenFourTwoWithTiesSharingTheRank() {
        TokaidoState s = Table.of(5).donated(0, 5).donated(1, 5).donated(2, 3).donated(3, 1).start();
        assertEquals(10, s.templePoints(0));
        assertEquals(10, s.templePoints(1));
        assertEquals(4, s.templePoints(2), "competition ranking: third");
        assertEquals(2, s.templePoints(3));
        assertEquals(0, s.templePoints(4), "non-donors score nothing");
        TokaidoState t = Table.of(5).donated(0, 4).donated(1, 3).donated(2, 2).donated(3, 1).donated(4, 1).start();
        assertArrayEquals(new int[] {10, 7, 4, 2, 2}, new int[] {t.templePoints(0), t.templePoints(1),
            t.templePoints(2), t.templePoints(3), t.templePoints(4)});
    }

    @Test
    void endAchievementsGoToEveryTiedPlayerAndNeedACountOfOne() {
        TokaidoState s = Table.of(3).traveller(0, Traveller.KINKO).traveller(1, Traveller.HIROTADA)
                .traveller(2, Traveller.UMEGAE).at(0, 54).at(1, 54).at(2, 53)
                .owns(0, Deck.HOT_SPRING, "spring2.1").owns(1, Deck.HOT_SPRING, "spring3.1")
                .owns(0, Deck.SOUVENIR, "koma", "gofu").owns(2, Deck.SOUVENIR, "manju")
                .owns(2, Deck.ENCOUNTER, "samurai.1").donated(0, 2).start();
        move(s, 54);
        act(s, PASS);
        assertTrue(s.isTerminal());
        assertTrue(s.hasAchievement(0, TokaidoState.BATHER) && s.hasAchievement(1, TokaidoState.BATHER), "tied");
        assertTrue(s.hasAchievement(0, TokaidoState.COLLECTOR));
        assertFalse(s.hasAchievement(2, TokaidoState.COLLECTOR));
        assertTrue(s.hasAchievement(2, TokaidoState.CHATTERBOX));
        for (int p = 0; p < 3; p++) {
            assertFalse(s.hasAchievement(p, TokaidoState.GOURMET), "nobody paid for a meal");
        }
        assertEquals(3 + 3 + 10, s.points(0), "bather, collector, temple first");
        assertEquals(3, s.points(1));
        assertEquals(3, s.points(2));
        assertArrayEquals(new int[] {0}, s.winners());
    }

    @Test
    void aTieOnPointsGoesToTheMostAchievementsThenIsShared() {
        TokaidoState s = Table.of(3).points(0, 10).points(1, 10).points(2, 10).start();
        s.achievements[1] = 1 << TokaidoState.FIRST_PADDY;
        s.setPanorama(1, PADDY, 3);
        assertArrayEquals(new int[] {1}, s.winners());
        s.achievements[2] = 1 << TokaidoState.FIRST_PADDY + 1;
        s.setPanorama(2, MOUNTAIN, 4);
        assertArrayEquals(new int[] {1, 2}, s.winners());
    }

    // ------------------------------------------------------------------ the travellers' powers

    @Test
    void satsukiMayEatTheTopMealFreeAtAnInn() {
        TokaidoState t = Table.of(2).traveller(0, Traveller.SATSUKI).coins(0, 0).at(1, 13).at(0, 12)
                .onTop(Deck.MEAL, "misoshiru.1", "misoshiru.2", "dango.1", "sushi.1").start();
        move(t, 14); // seat 0 is rearmost: arrives first at the inn, draws 3 meals, then Satsuki draws sushi
        assertEquals(Phase.SATSUKI, t.phase());
        assertEquals(List.of("satsuki-eat", "pass"), names(t));
        act(t, SATSUKI_EAT);
        assertEquals(6, t.points(0));
        assertEquals(0, t.coins(0));
        assertEquals(0, t.mealSpent(0), "Gourmet counts coins paid");
        assertTrue(t.hasEaten(0, List.of(Decks.MEAL_NAMES).indexOf("sushi")));
        assertEquals(Phase.MOVE, t.phase());
    }

    @Test
    void satsukisDrawnMealAlreadyEatenGoesUnderAndSheBuysAsUsual() {
        TokaidoState s = Table.of(2).traveller(0, Traveller.SATSUKI).at(1, 13).at(0, 12)
                .owns(0, Deck.MEAL, "sushi.2").onTop(Deck.MEAL, "misoshiru.1", "misoshiru.2", "dango.1", "sushi.1")
                .start();
        move(s, 14);
        assertEquals(Phase.MEAL, s.phase());
        assertEquals(1, s.knownBottom(Deck.MEAL));
        assertEquals(List.of("meal:misoshiru", "meal:dango", "pass"), names(s));
        TokaidoState declined = Table.of(2).traveller(0, Traveller.SATSUKI).at(1, 13).at(0, 12)
                .onTop(Deck.MEAL, "misoshiru.1", "misoshiru.2", "dango.1", "sushi.1").start();
        move(declined, 14);
        act(declined, PASS);
        assertEquals(Phase.MEAL, declined.phase(), "declined: she buys as usual");
        assertEquals(1, declined.knownBottom(Deck.MEAL));
    }

    @Test
    void hiroshigeTakesAPanoramaOfHisChoiceBeforeTheMealAtMiddleInnsOnly() {
        TokaidoState s = Table.of(2).traveller(0, Traveller.HIROSHIGE).at(1, 13).at(0, 12).start();
        move(s, 14);
        assertEquals(Phase.CHOOSE_PANORAMA, s.phase());
        act(s, panorama(SEA));
        assertEquals(1, s.panorama(0, SEA));
        assertEquals(Phase.MEAL, s.phase());
        assertEquals(3, s.offerSize(), "the meals come after the power");
        TokaidoState edo = Table.of(2).traveller(0, Traveller.HIROSHIGE).at(1, 53).at(0, 52).start();
        move(edo, 54);
        assertEquals(Phase.MEAL, edo.phase(), "not at Edo");
    }

    @Test
    void chuubeiDrawsAnEncounterBeforeTheMealAtMiddleInns() {
        TokaidoState s = Table.of(2).traveller(0, Traveller.CHUUBEI).at(1, 13).at(0, 12)
                .onTop(Deck.ENCOUNTER, "samurai.1").start();
        move(s, 14);
        assertEquals(3, s.points(0));
        assertEquals(1, s.encounters(0));
        assertEquals(Phase.MEAL, s.phase());
    }

    @Test
    void sasayakkoGetsTheCheapestOfTwoOrMoreSouvenirsFree() {
        TokaidoState s = Table.of(2).traveller(0, Traveller.SASAYAKKO).coins(0, 10)
                .onTop(Deck.SOUVENIR, "haori", "koma", "ukiyoe").start();
        move(s, 1);
        act(s, SOUVENIR); // haori 2
        assertEquals(8, s.coins(0));
        act(s, SOUVENIR + 1); // koma 1: now the cheapest, free
        assertEquals(8, s.coins(0));
        act(s, SOUVENIR + 2); // ukiyoe 3: total 6 minus cheapest 1 = 5 paid in all
        assertEquals(5, s.coins(0));
    }

    @Test
    void umegaeGainsACoinAndAPointAtEachEncounter() {
        TokaidoState s = Table.of(2).traveller(0, Traveller.UMEGAE).onTop(Deck.ENCOUNTER, "samurai.1").start();
        move(s, 3);
        assertEquals(4, s.points(0));
        assertEquals(6, s.coins(0));
    }

    @Test
    void mitsukuniScoresOnePerHotSpringAndAchievementAtTheEnd() {
        TokaidoState s = Table.of(2).traveller(0, Traveller.MITSUKUNI).at(1, 54).at(0, 53)
                .owns(0, Deck.HOT_SPRING, "spring2.1", "spring2.2").start();
        move(s, 54);
        act(s, PASS);
        assertEquals(3 + 2 + 1, s.points(0), "bather 3, two springs +2, one achievement +1");
    }

    @Test
    void zenEmonBuysOneSouvenirPerVillageForOneCoin() {
        TokaidoState s = Table.of(2).traveller(0, Traveller.ZEN_EMON).coins(0, 4)
                .onTop(Deck.SOUVENIR, "ukiyoe", "shamisen", "koma").start();
        move(s, 1);
        assertTrue(names(s).contains("souvenir-zen:0"));
        act(s, SOUVENIR_ZEN);
        assertEquals(3, s.coins(0));
        assertFalse(names(s).contains("souvenir-zen:1"), "once per village");
        assertTrue(names(s).contains("souvenir:1"));
    }

    @Test
    void kinkoPaysOneLessForMeals() {
        TokaidoState s = Table.of(2).traveller(0, Traveller.KINKO).coins(0, 2).at(1, 13).at(0, 12)
                .onTop(Deck.MEAL, "unagi.1", "tofu.1", "dango.1").start();
        move(s, 14);
        assertTrue(names(s).contains("meal:unagi"));
        act(s, meal("unagi"));
        assertEquals(0, s.coins(0));
        assertEquals(2, s.mealSpent(0));
    }

    @Test
    void hirotadaMayAddACoinFromTheSupplyAtATemple() {
        TokaidoState s = Table.of(2).traveller(0, Traveller.HIROTADA).coins(0, 1).start();
        move(s, 2);
        assertEquals(List.of("donate:1", "donate-supply:1"), names(s));
        act(s, DONATE_SUPPLY);
        assertEquals(0, s.coins(0));
        assertEquals(2, s.donated(0));
        assertEquals(2, s.points(0));
    }

    @Test
    void yoshiyasuDrawsTwoEncountersAndKeepsOneTheOtherGoesUnder() {
        TokaidoState s = Table.of(2).traveller(0, Traveller.YOSHIYASU)
                .onTop(Deck.ENCOUNTER, "samurai.1", "kuge.1").start();
        move(s, 3);
        assertEquals(Phase.CHOOSE_ENCOUNTER, s.phase());
        assertEquals(List.of("encounter:samurai", "encounter:kuge"), names(s));
        act(s, encounter(Decks.KUGE));
        assertEquals(8, s.coins(0));
        assertEquals(1, s.knownBottom(Deck.ENCOUNTER));
        assertEquals(Deck.ENCOUNTER.parse("samurai.1"),
                s.deckCard(Deck.ENCOUNTER, s.deckSize(Deck.ENCOUNTER) - 1));
    }

    @Test
    void withoutPowersTheTilesGiveOnlyTheirCoins() {
        TokaidoState s = Table.withoutPowers(2).traveller(0, Traveller.YOSHIYASU).onTop(Deck.ENCOUNTER, "samurai.1")
                .start();
        move(s, 3);
        assertEquals(Phase.MOVE, s.phase(), "one encounter, no choice");
        TokaidoState k = Table.withoutPowers(2).traveller(0, Traveller.KINKO).coins(0, 2).at(1, 13).at(0, 12)
                .onTop(Deck.MEAL, "unagi.1", "tofu.1", "dango.1").start();
        move(k, 14);
        assertFalse(names(k).contains("meal:unagi"), "full price");
        TokaidoState g = new TokaidoGame(3, false).newGame(5);
        int tile = g.dealt(0, 0);
        act(g, TokaidoAction.KEEP);
        assertEquals(Traveller.of(tile).coins, g.coins(0), "starting coins with powers off too");
    }

    // ------------------------------------------------------------------ setup and the contract

    @Test
    void theOthersReadATravellerChoiceByTheTravellerKeptNotByItsPlaceInTheHiddenPair() {
        TokaidoState s = new TokaidoGame(3).newGame(4);
        for (int i = 0; i < 2; i++) {
            int action = TokaidoAction.KEEP + i;
            String kept = "keeps " + Traveller.of(s.dealt(0, i)).key();
            assertEquals(s.actionName(action), s.actionNameFor(0, action), "the chooser reads keep:first|second");
            assertEquals(kept, s.actionNameFor(1, action));
            assertEquals(kept, s.actionNameFor(2, action));
        }
        act(s, TokaidoAction.KEEP);
        act(s, TokaidoAction.KEEP);
        act(s, TokaidoAction.KEEP);
        int move = s.legalActions()[0];
        assertEquals(s.actionName(move), s.actionNameFor((s.currentPlayer() + 1) % 3, move),
                "a move is public");
    }

    @Test
    void setupDealsTwoTilesPerSeatKeptInSeatOrderThenTheLineIsDrawn() {
        TokaidoState s = new TokaidoGame(4).newGame(11);
        for (int p = 0; p < 4; p++) {
            assertEquals(Phase.CHOOSE_TRAVELLER, s.phase());
            assertEquals(p, s.currentPlayer());
            assertEquals(2, s.legalActions().length);
            act(s, s.legalActions()[1]);
        }
        assertEquals(Phase.MOVE, s.phase());
        for (int p = 0; p < 4; p++) {
            assertEquals(0, s.position(p));
            assertEquals(Traveller.of(s.traveller(p)).coins, s.coins(p));
        }
        IllegalActionException e = assertThrows(IllegalActionException.class, () -> s.applyInPlace(PASS));
        assertTrue(e.getMessage().contains("legal actions"), e.getMessage());
    }

    @Test
    void determinizeReshufflesOnlyTheUnseenTopOfEachDeck() {
        TokaidoState s = Table.of(2).coins(0, 10).onTop(Deck.SOUVENIR, "gofu", "ukiyoe", "geta").start();
        move(s, 1);
        act(s, PASS);
        TokaidoState d = s.determinize(1, 99);
        int size = s.deckSize(Deck.SOUVENIR);
        for (int i = size - 3; i < size; i++) {
            assertEquals(s.deckCard(Deck.SOUVENIR, i), d.deckCard(Deck.SOUVENIR, i), "the known bottom is kept");
        }
        int[] a = new int[size - 3];
        int[] b = new int[size - 3];
        for (int i = 0; i < size - 3; i++) {
            a[i] = s.deckCard(Deck.SOUVENIR, i);
            b[i] = d.deckCard(Deck.SOUVENIR, i);
        }
        assertFalse(Arrays.equals(a, b), "the unseen top is reshuffled");
        Arrays.sort(a);
        Arrays.sort(b);
        assertArrayEquals(a, b, "from the same cards");
        assertEquals(s.points(0), d.points(0));
    }

    @Test
    void chuubeisAnnaibitoOnACompletedPanoramaIsChosenBeforeTheMeal() {
        TokaidoState s = Table.of(2).traveller(0, Traveller.CHUUBEI).panorama(0, SEA, 5).at(1, 13).at(0, 12)
                .onTop(Deck.ENCOUNTER, "annaibito-sea.1").start();
        move(s, 14);
        assertEquals(Phase.CHOOSE_PANORAMA, s.phase());
        act(s, panorama(PADDY));
        assertEquals(1, s.panorama(0, PADDY));
        assertEquals(Phase.MEAL, s.phase());
        assertEquals(3, s.offerSize());
    }

    @Test
    void yoshiyasuStillDecidesWhenBothEncountersAreOfOneKind() {
        TokaidoState s = Table.of(2).traveller(0, Traveller.YOSHIYASU).onTop(Deck.ENCOUNTER, "miko.1", "miko.2").start();
        move(s, 3);
        assertEquals(List.of("encounter:miko"), names(s), "every choice is a decision, even with one option");
        act(s, encounter(Decks.MIKO));
        assertEquals(1, s.donated(0));
    }

    @Test
    void theSafetyCapEndsTheGameAsTruncatedScoredAsItStands() {
        TokaidoState s = Table.of(2).donated(0, 3).points(0, 3).start();
        s.decisions = TokaidoState.DECISION_CAP - 1;
        move(s, 7);
        assertTrue(s.isTerminal() && s.isTruncated());
        assertEquals("CAP", s.endReason());
        assertEquals(3, s.points(0), "no end awards");
    }

    // ------------------------------------------------------------------ hidden information

    /** The offer and the meal deck's unseen top, as sorted card ids (what a determinization may deal again). */
    static int[] offerAndUnseenTop(TokaidoState s) {
        int unknown = s.deckSize(Deck.MEAL) - s.knownBottom(Deck.MEAL);
        int[] out = new int[s.offerSize() + unknown];
        for (int i = 0; i < s.offerSize(); i++) {
            out[i] = s.offer(i);
        }
        for (int i = 0; i < unknown; i++) {
            out[s.offerSize() + i] = s.deckCard(Deck.MEAL, i);
        }
        Arrays.sort(out);
        return out;
    }

    static int[] offer(TokaidoState s) {
        int[] out = new int[s.offerSize()];
        for (int i = 0; i < out.length; i++) {
            out[i] = s.offer(i);
        }
        return out;
    }

    @Test
    void aSeatKeepsTheFirstOrTheSecondOfItsDealtPairInTileOrder() {
        TokaidoState s = new TokaidoGame(3).newGame(12);
        for (int p = 0; p < 3; p++) {
            assertTrue(s.dealt(p, 0) < s.dealt(p, 1), "the dealt pair is listed in tile order");
        }
        assertEquals(List.of("keep:first", "keep:second"), names(s), "no action names a hidden tile");
        int second = s.dealt(0, 1);
        act(s, TokaidoAction.KEEP_SECOND);
        assertEquals(second, s.traveller(0));
        int first = s.dealt(1, 0);
        act(s, TokaidoAction.KEEP);
        assertEquals(first, s.traveller(1));
        assertEquals(Traveller.of(first).coins, s.coins(1));
    }

    @Test
    void determinizeDealsTheOthersHiddenTilesAgainFromTheTilesTheObserverHasNotSeen() {
        TokaidoState s = new TokaidoGame(3).newGame(12);
        act(s, TokaidoAction.KEEP);
        int kept = s.traveller(0);
        int rejected = s.dealt(0, 1);
        boolean resampled = false;
        for (long seed = 0; seed < 20; seed++) {
            TokaidoState d = s.determinize(1, seed);
            assertEquals(List.of(), TokaidoInvariants.check(d));
            assertEquals(s.dealt(1, 0), d.dealt(1, 0), "the observer's own pair is kept");
            assertEquals(s.dealt(1, 1), d.dealt(1, 1));
            assertEquals(kept, d.traveller(0), "a kept traveller is public");
            assertTrue(d.dealt(0, 0) == kept || d.dealt(0, 1) == kept);
            for (int q : new int[] {0, 2}) {
                for (int i = 0; i < 2; i++) {
                    assertTrue(d.dealt(q, i) != s.dealt(1, 0) && d.dealt(q, i) != s.dealt(1, 1),
                            "nobody else holds a tile the observer was dealt");
                }
            }
            resampled |= d.dealt(0, 0) + d.dealt(0, 1) - kept != rejected || d.dealt(2, 0) != s.dealt(2, 0)
                    || d.dealt(2, 1) != s.dealt(2, 1);
            assertArrayEquals(s.legalActions(), d.legalActions());
        }
        assertTrue(resampled, "the rejected tile and the undecided pair are resampled");
        TokaidoState own = s.determinize(0, 3);
        assertEquals(rejected, own.dealt(0, 1), "a seat remembers the tile it rejected");
    }

    @Test
    void theMealsOnOfferAreSeenByTheTravellersAtTheInnNotByThoseOnTheRoad() {
        TokaidoState s = Table.of(3).at(2, 11).at(1, 12).at(0, 13).coins(2, 5)
                .onTop(Deck.MEAL, "dango.1", "dango.2", "tofu.1", "unagi.1").start();
        move(s, 14);
        assertTrue(s.seesOffer(2), "the first arrival looks at the meals");
        assertFalse(s.seesOffer(0), "'sin mostrárselas a otros jugadores'");
        assertFalse(s.seesOffer(1));
        for (long seed = 0; seed < 5; seed++) {
            assertArrayEquals(offer(s), offer(s.determinize(2, seed)), "the first arrival's offer is kept");
        }
        boolean resampled = false;
        for (long seed = 0; seed < 20; seed++) {
            TokaidoState d = s.determinize(0, seed);
            assertEquals(List.of(), TokaidoInvariants.check(d));
            assertEquals(4, d.offerSize(), "how many meals are on offer is public");
            assertArrayEquals(offerAndUnseenTop(s), offerAndUnseenTop(d), "dealt again from the same cards");
            resampled |= !Arrays.equals(offer(s), offer(d));
        }
        assertTrue(resampled, "a traveller on the road has not seen the offer");
        act(s, meal("unagi"));
        move(s, 14);
        assertTrue(s.seesOffer(1), "each arrival sees the meals left");
        assertFalse(s.seesOffer(0));
        for (long seed = 0; seed < 5; seed++) {
            assertArrayEquals(offer(s), offer(s.determinize(1, seed)));
        }
    }

    @Test
    void mealsDrawnFromTheKnownBottomStayKnownToTheTravellersOnTheRoad() {
        TokaidoState s = Table.of(3).at(2, 11).at(1, 12).at(0, 13).coins(2, 5)
                .onTop(Deck.MEAL, "dango.1", "dango.2", "tofu.1", "unagi.1").start();
        s.known[TokaidoState.MEAL] = s.deckSize(Deck.MEAL) - 3;
        move(s, 14);
        assertEquals(1, s.offerKnown(), "unagi.1 lay in the known bottom");
        for (long seed = 0; seed < 10; seed++) {
            TokaidoState d = s.determinize(0, seed);
            assertEquals(Deck.MEAL.parse("unagi.1"), d.offer(3), "a known meal stays where it is");
            assertArrayEquals(offerAndUnseenTop(s), offerAndUnseenTop(d));
        }
        act(s, meal("dango"));
        assertEquals(1, s.offerKnown(), "buying a hidden meal leaves the known one known");
        move(s, 14);
        act(s, meal("unagi"));
        assertEquals(0, s.offerKnown());
        assertEquals(2, s.offerSize());
    }
}
