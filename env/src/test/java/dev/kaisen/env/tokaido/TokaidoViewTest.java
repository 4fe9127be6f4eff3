package dev.kaisen.env.tokaido;

import com.fasterxml.jackson.databind.JsonNode;
import dev.kaisen.env.GameView;
import dev.kaisen.env.HiddenEdits;
import dev.kaisen.env.RandomPlay;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the renderers show of a Tokaido state: the view ({@link TokaidoView}) and the text board
 * ({@link TokaidoText}) hide from a seat what it cannot see and give the facts of the rules the
 * pictures draw (the road, spots, the offer's inn and prices, points of sets and hot springs).
 */
class TokaidoViewTest {
    /** Every state of a random game of {@code players} (powers on), from the deal to the end. */
    static List<TokaidoState> game(int players, long seed) {
        return RandomPlay.states(new TokaidoGame(players), seed);
    }

    static int count(String text, String part) {
        return text.split(java.util.regex.Pattern.quote(part), -1).length - 1;
    }

    @Test
    void aSeatsTextBoardHidesTheOtherSeatsDealtTilesAndTheUnseenOfferASpectatorsShowsThem() {
        TokaidoGame g = new TokaidoGame(4);
        List<TokaidoState> states = game(4, 7);
        TokaidoState deal = states.get(0);
        assertEquals(Phase.CHOOSE_TRAVELLER, deal.phase());
        String spectator = g.render(deal, GameView.SPECTATOR);
        String seat1 = g.render(deal, 1);
        assertEquals(spectator, g.render(deal));
        assertTrue(seat1.contains("seen by P1") && !spectator.contains("seen by"));
        for (int p = 0; p < 4; p++) {
            String pair = "dealt " + Traveller.of(deal.dealt(p, 0)).key() + " / " + Traveller.of(deal.dealt(p, 1)).key();
            assertTrue(spectator.contains(pair), pair);
            assertEquals(p == 1, seat1.contains(pair), pair);
        }
        assertEquals(3, count(seat1, "dealt 2 tiles (hidden)"));
        assertEquals(0, count(spectator, "(hidden)"));

        TokaidoState inn = states.stream().filter(s -> s.offerSize() > s.offerKnown() && !s.seesOffer(0)).findFirst()
                .orElseThrow();
        int there = 1;
        while (!inn.seesOffer(there)) {
            there++;
        }
        List<String> meals = new ArrayList<>();
        for (int i = 0; i < inn.offerSize(); i++) {
            int kind = Decks.mealKind(inn.offer(i));
            meals.add(Decks.MEAL_NAMES[kind] + " (" + Decks.mealKindCost(kind) + ")");
        }
        String all = "meals on offer at " + TokaidoText.innName(inn.offerInn()) + ": " + String.join(", ", meals);
        assertTrue(g.render(inn, GameView.SPECTATOR).contains(all), all);
        assertTrue(g.render(inn, there).contains(all), all);
        String away = g.render(inn, 0);
        assertFalse(away.contains(all));
        assertEquals(inn.offerSize() - inn.offerKnown(), count(away, "? (hidden)"));
        for (int i = inn.offerSize() - inn.offerKnown(); i < inn.offerSize(); i++) {
            assertTrue(away.contains(meals.get(i)), "a meal from the deck's known bottom is known to all");
        }
    }

    @Test
    void aSeatsTextBoardIsTheSameForEveryStateThatDiffersOnlyInWhatItCannotKnow() {
        HiddenEdits edits = HiddenEdits.forGame("tokaido").orElseThrow();
        SplittableRandom r = new SplittableRandom(5);
        int varied = 0;
        for (int players = 2; players <= 5; players++) {
            TokaidoGame g = new TokaidoGame(players);
            List<TokaidoState> states = game(players, 40 + players);
            for (int k = 0; k < states.size(); k += 5) {
                TokaidoState s = states.get(k);
                int observer = r.nextInt(players);
                String mine = g.render(s, observer);
                for (String json : edits.variations(g.toJson(s, false), observer, r.nextLong(), 2)) {
                    assertEquals(mine, g.render(json, observer), "the text board leaks to seat " + observer);
                    varied++;
                }
            }
        }
        assertTrue(varied > 0);
    }

    @Test
    void theTextOfTheJsonIsTheTextOfTheStateAndAnObserverOutsideTheGameIsRefused() {
        TokaidoGame g = new TokaidoGame(3);
        for (TokaidoState s : game(3, 11)) {
            if (s.decisions() % 9 == 0 || s.isTerminal()) {
                for (int observer = GameView.SPECTATOR; observer < 3; observer++) {
                    assertEquals(g.render(s, observer), g.render(g.toJson(s, false), observer));
                }
            }
        }
        TokaidoState s = g.newGame(1);
        assertThrows(IllegalArgumentException.class, () -> g.render(s, 3));
        assertThrows(IllegalArgumentException.class, () -> g.render(s, -2));
    }

    @Test
    void theViewGivesTheRoadTheSpotsAndTheOffersInnAsTheRulesDo() {
        boolean sharedDouble = false;
        for (int players = 2; players <= 5; players++) {
            TokaidoGame g = new TokaidoGame(players);
            TokaidoState first = g.newGame(1);
            JsonNode road = GameView.tree(g.viewJson(first, GameView.SPECTATOR)).get("road");
            assertEquals(Board.POSITIONS, road.size());
            for (int pos = 0; pos < Board.POSITIONS; pos++) {
                JsonNode space = road.get(pos);
                assertEquals(Board.key(pos), space.get("letter").asText() + (space.get("double").asBoolean() ? "*" : ""));
            }
            for (TokaidoState s : game(players, 100 + players)) {
                JsonNode v = GameView.tree(g.viewJson(s, GameView.SPECTATOR));
                assertEquals(players >= 4, v.get("secondSpots").asBoolean());
                for (int p = 0; p < players; p++) {
                    int spot = v.get("spots").get(p).asInt();
                    int earlier = 0;
                    for (int q = 0; q < players; q++) {
                        earlier += q != p && s.position(q) == s.position(p) && s.arrival(q) < s.arrival(p) ? 1 : 0;
                    }
                    assertEquals(earlier, spot);
                    if (!Board.isInn(s.position(p)) && spot == 1) {
                        assertTrue(Board.isDouble(s.position(p)) && players >= 4, "a second spot is a double space's");
                        if (!sharedDouble) {
                            String seat = "P" + p;
                            String line = g.render(s, GameView.SPECTATOR).lines()
                                    .filter(l -> l.startsWith(seat)).findFirst().orElseThrow();
                            assertTrue(line.contains(" at " + s.position(p) + " "), line);
                            assertTrue(line.contains(", second spot: "), line);
                        }
                        sharedDouble = true;
                    }
                }
                int furthest = 0;
                for (int p = 0; p < players; p++) {
                    furthest = Math.max(furthest, s.position(p));
                }
                if (s.offerSize() > 0) {
                    assertEquals(furthest, v.get("offerInn").asInt());
                    assertTrue(Board.isInn(furthest), "the offer is at the inn the furthest traveller stands at");
                } else {
                    assertTrue(v.get("offerInn").isNull());
                }
            }
        }
        assertTrue(sharedDouble, "some game put two travellers on a double space");
    }

    @Test
    void theViewGivesThePricesAndPointsAsTheRulesDo() {
        TokaidoGame g = new TokaidoGame(5);
        for (TokaidoState s : game(5, 23)) {
            for (int observer = GameView.SPECTATOR; observer < 5; observer++) {
                JsonNode v = GameView.tree(g.viewJson(s, observer));
                JsonNode offer = v.get("state").get("offer");
                for (int i = 0; i < offer.size(); i++) {
                    JsonNode price = v.get("offerPrices").get(i);
                    assertEquals(offer.get(i).isNull(), price.isNull(), "a price is shown with its meal only");
                    if (!price.isNull()) {
                        assertEquals(Decks.mealKindCost(Decks.mealKind(s.offer(i))), price.asInt());
                    }
                }
            }
            JsonNode v = GameView.tree(g.viewJson(s, GameView.SPECTATOR));
            for (int slot = 0; slot < 3; slot++) {
                int card = s.revealed(slot);
                assertEquals(card < 0 ? "null" : String.valueOf(Decks.souvenirPrice(card)),
                        v.get("villagePrices").get(slot).toString());
            }
            for (int p = 0; p < 5; p++) {
                checkSeatPoints(v, p);
            }
        }
    }

    /** Seat p's sets hold each of its souvenirs once, as the state's set types say; the points add up. */
    private static void checkSeatPoints(JsonNode v, int p) {
        JsonNode seat = v.get("state").get("seats").get(p);
        JsonNode sets = v.get("souvenirsBySet").get(p);
        assertEquals(seat.get("souvenirSets").size(), sets.size());
        List<String> placed = new ArrayList<>();
        int sum = 0;
        for (int i = 0; i < sets.size(); i++) {
            JsonNode types = seat.get("souvenirSets").get(i);
            assertEquals(types.size(), sets.get(i).size());
            for (int j = 0; j < types.size(); j++) {
                int card = Decks.Deck.SOUVENIR.parse(sets.get(i).get(j).asText());
                assertEquals(types.get(j).asText(), Decks.SOUVENIR_TYPE_NAMES[Decks.souvenirType(card)]);
                placed.add(sets.get(i).get(j).asText());
            }
            int size = types.size();
            assertEquals(size * size, v.get("setPoints").get(p).get(i).asInt(), "1, 3, 5, 7 for the 1st..4th");
            sum += size * size;
        }
        List<String> owned = new ArrayList<>();
        seat.get("souvenirs").forEach(c -> owned.add(c.asText()));
        assertEquals(owned.stream().sorted().toList(), placed.stream().sorted().toList());
        assertEquals(sum, v.get("souvenirPoints").get(p).asInt());
        int springs = 0;
        for (JsonNode c : seat.get("hotSprings")) {
            springs += c.asText().startsWith("spring3") ? 3 : 2;
        }
        assertEquals(springs, v.get("hotSpringPoints").get(p).asInt());
    }
}
