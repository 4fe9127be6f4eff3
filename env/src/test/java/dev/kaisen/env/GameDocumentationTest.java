package dev.kaisen.env;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the documentation's game pages read from each descriptor: a summary, what each bot does, and
 * the chance events, which must be exactly the events the game reports to its {@link ChanceLog}.
 */
class GameDocumentationTest {
    /** Enough random games at every player count that every kind of chance outcome happens. */
    private static final int GAMES_PER_COUNT = 12;

    @Test
    void everyGameSaysWhatItIsAndWhatEachOfItsBotsDoes() {
        for (GameProvider p : Games.all()) {
            GameDescriptor<?> d = p.descriptor();
            assertTrue(d.summary().length() > 200, p.id() + ": a paragraph saying what the game is");
            for (String bot : d.botNames()) {
                assertFalse(d.botMeaning(bot).isBlank(), p.id() + ": what bot " + bot + " does");
            }
            assertFalse(d.chanceEvents().isEmpty(), p.id() + ": its chance events");
        }
    }

    @Test
    void theDeclaredChanceEventsAreExactlyThoseRandomGamesReport() {
        for (GameProvider p : Games.all()) {
            Set<String> declared = p.descriptor().chanceEvents().stream().map(GameDescriptor.ChanceEvent::name)
                    .collect(Collectors.toCollection(TreeSet::new));
            Set<String> seen = new TreeSet<>();
            for (int n = p.minPlayers(); n <= p.maxPlayers(); n++) {
                Game<?> game = Games.create(p.id(), "{\"players\":" + n + "}");
                for (long seed = 0; seed < GAMES_PER_COUNT; seed++) {
                    seen.addAll(eventsOf(game, seed));
                }
            }
            assertEquals(declared, seen, p.id() + ": the chance events it declares and those its games report");
        }
    }

    private static <S extends GameState<S>> Set<String> eventsOf(Game<S> game, long seed) {
        Set<String> events = new TreeSet<>();
        ChanceLog log = (event, data) -> events.add(event);
        S s = game.newGame(seed, log);
        SplittableRandom r = new SplittableRandom(seed);
        while (!s.isTerminal()) {
            s.applyInPlace(RandomPlay.action(s, r), log);
        }
        return events;
    }

    @Test
    void aChanceEventOrABotMeaningIsCheckedWhereItIsDeclared() {
        assertThrows(IllegalArgumentException.class, () -> GameDescriptorTest.example().chance("roll", " ").build());
        assertThrows(IllegalArgumentException.class,
                () -> GameDescriptorTest.example().chance("roll", "a die").chance("roll", "again").build());
        GameDescriptor<?> d = GameDescriptorTest.example().summary("  A game.  ").chance("roll", "a die").build();
        assertEquals("A game.", d.summary());
        assertEquals(List.of(new GameDescriptor.ChanceEvent("roll", "a die")), d.chanceEvents());
        assertEquals(Map.of(), d.botMeanings());
    }
}
