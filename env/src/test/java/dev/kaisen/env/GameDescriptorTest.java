package dev.kaisen.env;

import dev.kaisen.env.osaka.OsakaState;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Game descriptors: what the builder checks, and that every game reads its own through the generic defaults. */
class GameDescriptorTest {
    static GameDescriptor.Builder<OsakaState> example() {
        return GameDescriptor.<OsakaState>builder("example", "Example")
                .players(2, 4)
                .score("points", "coins")
                .invariants(s -> List.of())
                .create(config -> {
                    throw new UnsupportedOperationException();
                });
    }

    @Test
    void theDefaultPlayerCountIsTheMinimumUnlessGivenAndMustBeInTheRange() {
        assertEquals(2, example().build().defaultPlayers());
        assertEquals(3, example().defaultPlayers(3).build().defaultPlayers());
        assertThrows(IllegalArgumentException.class, () -> example().defaultPlayers(5).build());
        assertThrows(IllegalArgumentException.class, () -> example().players(3, 2).build());
        assertThrows(IllegalArgumentException.class, () -> example().version(0).build());
    }

    @Test
    void namesAreRequiredAndBotsAreTheGamesOwn() {
        assertThrows(IllegalArgumentException.class, () -> example().score("", "coins").build());
        assertThrows(IllegalArgumentException.class, () -> GameDescriptor.<OsakaState>builder(" ", "Example").build());
        assertThrows(IllegalArgumentException.class,
                () -> example().bot(Agents.RANDOM, seed -> new RandomAgent<>(seed, 8)).build());
        assertThrows(IllegalArgumentException.class,
                () -> example().bot("a", seed -> null).bot("a", seed -> null));
    }

    @Test
    void botsKeepTheirDeclaredOrderAndAnUnknownNameListsThem() {
        GameDescriptor<OsakaState> d = example().bot("b", seed -> new RandomAgent<>(seed, 8)).bot("a", seed -> new RandomAgent<>(seed, 8)).build();
        assertEquals(List.of("b", "a"), d.botNames());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> d.bot("c", 1));
        assertEquals("Example has no bot 'c' (bots: b, a)", e.getMessage());
    }

    @Test
    void everyGameReadsItsOwnDescriptor() {
        for (GameProvider p : Games.all()) {
            Game<?> g = Games.create(p.id());
            GameDescriptor<?> d = p.descriptor();
            assertSame(d, g.descriptor());
            assertEquals(d.id(), g.id());
            assertEquals(d.botNames(), g.botNames());
            assertEquals(d.scoreName(), g.scoreName());
            assertEquals(d.tiebreakName(), g.tiebreakName());
            assertTrue(d.minPlayers() <= g.numPlayers() && g.numPlayers() <= d.maxPlayers(), p.id());
            assertEquals(d.defaultPlayers(), g.numPlayers(), p.id());
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> g.bot("nobody", 1));
            assertEquals(d.title() + " has no bot 'nobody' (bots: " + String.join(", ", d.botNames()) + ")",
                    e.getMessage());
            assertTrue(noViolations(g), p.id());
        }
    }

    @Test
    void gamesAreEqualByGameAndConfig() {
        for (GameProvider p : Games.all()) {
            assertEquals(Games.create(p.id()), Games.create(p.id()));
            assertEquals(Games.create(p.id()).hashCode(), Games.create(p.id()).hashCode());
            Game<?> two = Games.create(p.id(), GameConfig.of(2));
            Game<?> three = Games.create(p.id(), GameConfig.of(3));
            assertNotEquals(two, three, p.id());
        }
        assertNotEquals(Games.create("osaka", GameConfig.of(2)), Games.create("tokaido", GameConfig.of(2)));
    }

    private static <S extends GameState<S>> boolean noViolations(Game<S> g) {
        S s = g.newGame(7);
        return g.invariantViolations(s).isEmpty() && g.stepViolations(s, s.legalActions()[0], s.apply(s.legalActions()[0])).isEmpty();
    }
}
