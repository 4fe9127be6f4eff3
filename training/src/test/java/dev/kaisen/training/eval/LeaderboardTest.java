package dev.kaisen.training.eval;

import dev.kaisen.env.Agents;
import dev.kaisen.env.Game;
import dev.kaisen.env.GameConfig;
import dev.kaisen.env.Games;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The round-robin on tiny settings: its pairings, its ratings, resuming, and refusing a board of other settings. */
class LeaderboardTest {
    private static final List<String> FIELD = List.of("random", "greedy", "ismcts:8");

    private static Game<?> osaka(int players) {
        return Games.create("osaka", GameConfig.of(players));
    }

    /** A pairing without its wall time, which differs from run to run. */
    private static Leaderboard.Pairing timeless(Leaderboard.Pairing p) {
        return new Leaderboard.Pairing(p.agent(), p.opponent(), p.games(), p.seed(), p.encounters(), p.points(),
                p.rate(), p.rateLow(), p.rateHigh(), p.agentWinRate(), p.opponentWinRate(), 0);
    }

    private static List<Leaderboard.Pairing> timeless(Leaderboard.Board b) {
        return b.pairings().stream().map(LeaderboardTest::timeless).toList();
    }

    @Test
    void everyPairPlaysItsOwnTournamentAndOneFitRatesThemAll(@TempDir Path dir) throws Exception {
        Game<?> g = osaka(2);
        Path file = dir.resolve("board/leaderboard.json");
        Leaderboard.Board b = Leaderboard.run(g, FIELD, 4, 7, 2, file, i -> { });
        assertTrue(b.complete());
        assertEquals(3, b.pairings().size());
        assertEquals(List.of("greedy|random", "ismcts:8|random", "greedy|ismcts:8"), // each pair in sorted order
                b.pairings().stream().map(p -> p.agent() + "|" + p.opponent()).toList());
        for (Leaderboard.Pairing p : b.pairings()) {
            // the pairing is the two-agent tournament of its own seed
            Tournament.Result r = Tournament.run(new Tournament.Config<>((Game) g, List.of(p.agent(), p.opponent()), 4,
                    Leaderboard.pairingSeed(7, p.agent(), p.opponent()), 1), i -> { });
            assertEquals(r.pairs().get(0).points(), p.points(), 1e-12);
            assertEquals(4, p.encounters()); // two players: one encounter per game
        }
        assertEquals(3, b.ratings().size());
        double mean = b.ratings().stream().mapToDouble(Leaderboard.Rating::elo).average().orElseThrow();
        assertEquals(1500, mean, 1e-6);
        for (int k = 1; k < 3; k++) {
            assertTrue(b.ratings().get(k - 1).elo() >= b.ratings().get(k).elo());
            assertEquals(k, b.ratings().get(k - 1).rank());
        }
        double points = b.ratings().stream().mapToDouble(Leaderboard.Rating::points).sum();
        assertEquals(12, points, 1e-9); // every encounter's point goes to one side or is shared
        for (Leaderboard.Rating r : b.ratings()) {
            assertTrue(r.eloLow() < r.elo() && r.elo() < r.eloHigh(), r.toString());
        }
        // the file holds the same board, and the Markdown names every agent and pairing
        Leaderboard.Board read = dev.kaisen.env.Json.read(Files.readString(file), Leaderboard.Board.class);
        assertEquals(timeless(b), timeless(read));
        assertEquals(b.ratings(), read.ratings());
        String md = Leaderboard.markdown(b, "Traders of Osaka", "cmd");
        for (String a : FIELD) {
            assertTrue(md.contains("| `" + a + "` |"), md);
        }
        assertEquals(2 + 3 + 3, md.lines().filter(l -> l.startsWith("| ")).count()); // 2 headers, 3 ratings, 3 pairings
    }

    @Test
    void anInterruptedOrExtendedRunPlaysOnlyWhatItLacksAndEndsAsAnUninterruptedOne(@TempDir Path dir) {
        Game<?> g = osaka(2);
        Leaderboard.Board whole = Leaderboard.run(g, FIELD, 4, 3, 2, dir.resolve("a.json"), i -> { });
        // interrupted after its first pairing: the file then holds that pairing only
        Path resumed = dir.resolve("b.json");
        Leaderboard.write(resumed, Leaderboard.board(g, FIELD, 4, 3, whole.pairings().subList(0, 1)));
        int[] played = {0};
        Leaderboard.Board b = Leaderboard.run(g, FIELD, 4, 3, 1, resumed, i -> played[0]++);
        assertEquals(8, played[0]); // two pairings of four games
        assertEquals(timeless(whole), timeless(b));
        assertEquals(whole.ratings(), b.ratings());
        // an agent joins: only its pairings are played, in any order of the field
        Leaderboard.Board more = Leaderboard.run(g, List.of("ismcts:8", "first-legal-check", "random", "greedy")
                .stream().filter(a -> !a.startsWith("first")).toList(), 4, 3, 2, resumed, i -> played[0]++);
        assertEquals(8, played[0]);
        assertEquals(timeless(whole), timeless(more));
        Leaderboard.Board extended = Leaderboard.run(g, List.of("random", "greedy", "ismcts:8", "ismcts:2"), 4, 3, 2,
                resumed, i -> played[0]++);
        assertEquals(8 + 12, played[0]);
        assertEquals(6, extended.pairings().size());
        assertEquals(4, extended.ratings().size());
        assertTrue(extended.complete());
    }

    @Test
    void aBoardOfOtherSettingsOrABadFieldIsRefusedAndKept(@TempDir Path dir) throws Exception {
        Game<?> g = osaka(2);
        Path file = dir.resolve("leaderboard.json");
        Leaderboard.run(g, List.of("random", "greedy"), 2, 1, 1, file, i -> { });
        String before = Files.readString(file);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Leaderboard.run(g, List.of("random", "greedy"), 3, 1, 1, file, i -> { }));
        assertTrue(e.getMessage().contains("2 games per pairing") && e.getMessage().contains("3 games per pairing"),
                e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Leaderboard.run(osaka(3), List.of("random", "greedy"), 2, 1,
                1, file, i -> { }));
        assertThrows(IllegalArgumentException.class, () -> Leaderboard.run(g, List.of("random", "random"), 2, 1, 1,
                dir.resolve("x.json"), i -> { }));
        assertThrows(IllegalArgumentException.class, () -> Leaderboard.run(g, List.of("random", "no-such-bot"), 2, 1,
                1, dir.resolve("x.json"), i -> { }));
        assertEquals(before, Files.readString(file));
    }

    @Test
    void aPairingPlaysTheSameGamesWhicheverWayTheFieldIsListed(@TempDir Path dir) {
        Game<?> g = osaka(2);
        Leaderboard.Board one = Leaderboard.run(g, List.of("greedy", "ismcts:4"), 4, 9, 1, dir.resolve("1.json"),
                i -> { });
        Leaderboard.Board two = Leaderboard.run(g, List.of("ismcts:4", "greedy"), 4, 9, 2, dir.resolve("2.json"),
                i -> { });
        assertEquals(timeless(one), timeless(two));
        for (int k = 0; k < 2; k++) { // the fit's agent order is the field's: equal up to rounding
            Leaderboard.Rating a = one.ratings().get(k);
            Leaderboard.Rating b = two.ratings().get(k);
            assertEquals(a.agent(), b.agent());
            assertEquals(a.points(), b.points());
            assertEquals(a.elo(), b.elo(), 1e-9);
            assertEquals(a.eloStandardError(), b.eloStandardError(), 1e-9);
        }
    }

    @Test
    void agentsThatNoPairingConnectsAreListedUnratedAndNothingBreaks() {
        Leaderboard.Pairing ab = new Leaderboard.Pairing("a", "b", 10, 1, 10, 6, 0.6, 0.3, 0.8, 0.6, 0.4, 1);
        Leaderboard.Pairing cd = new Leaderboard.Pairing("c", "d", 10, 1, 10, 3, 0.3, 0.1, 0.6, 0.3, 0.7, 1);
        Leaderboard.Pairing de = new Leaderboard.Pairing("d", "e", 10, 1, 10, 5, 0.5, 0.2, 0.8, 0.5, 0.5, 1);
        Leaderboard.Board b = Leaderboard.board(osaka(2), List.of("a", "b", "c", "d", "e"), 10, 1,
                List.of(ab, cd, de));
        assertEquals(List.of("c", "d", "e"), b.ratings().stream().map(Leaderboard.Rating::agent).sorted().toList());
        assertEquals(List.of("a", "b"), b.unrated());
        assertEquals(10 - 3, b.missingPairings());
        String md = Leaderboard.markdown(b, "Traders of Osaka", "cmd");
        assertTrue(md.contains("Not rated (no pairing connects them to the agents above yet): `a`, `b`."), md);
        assertTrue(md.contains("unfinished: 7 pairing(s)"), md);
        assertEquals("`x\\|y`", Leaderboard.cell("x|y"));
    }

    @Test
    void fourPlayerPairingsCountEveryPairOfSeatsTheTwoHeld(@TempDir Path dir) {
        Leaderboard.Board b = Leaderboard.run(osaka(4), List.of("random", "greedy"), 14, 1, 2,
                dir.resolve("l.json"), i -> { });
        // 14 games cycle once through every mix of two agents over four seats (2^4 - 2); a game with
        // k seats of one agent has k(4 - k) encounters: 4 mixes of 1+3 and 3+1 each ... summed, 8*3 + 6*4
        assertEquals(8 * 3 + 6 * 4, b.pairings().get(0).encounters());
        assertEquals(2, b.ratings().size());
    }

    @Test
    void theFitOfSymmetricResultsRatesEquallyAndAFlippedPairingIsTheOtherSide() {
        Leaderboard.Pairing ab = new Leaderboard.Pairing("a", "b", 10, 1, 10, 5, 0.5, 0.2, 0.8, 0.5, 0.5, 1);
        Leaderboard.Pairing bc = new Leaderboard.Pairing("b", "c", 10, 1, 10, 8, 0.8, 0.5, 0.9, 0.8, 0.2, 1);
        Leaderboard.Pairing ac = new Leaderboard.Pairing("a", "c", 10, 1, 10, 8, 0.8, 0.5, 0.9, 0.8, 0.2, 1);
        List<Leaderboard.Rating> r = Leaderboard.ratings(List.of("a", "b", "c"), List.of(ab, bc, ac));
        assertEquals("c", r.get(2).agent());
        assertEquals(r.get(0).elo(), r.get(1).elo(), 1e-6);
        assertTrue(r.get(0).elo() - r.get(2).elo() > 100, r.toString());
        Leaderboard.Pairing cb = Leaderboard.find(List.of(ab, bc), "c", "b");
        assertEquals(2, cb.points(), 1e-12);
        assertEquals(0.1, cb.rateLow(), 1e-12);
        assertEquals(List.of(List.of("a", "c")), Leaderboard.missing(List.of("a", "b", "c"),
                Leaderboard.board(osaka(2), List.of("a", "b", "c"), 10, 1, List.of(ab, bc))));
    }

    @Test
    void theDefaultFieldIsRandomTheBotsTheSearchesAndEveryPlayableZooModelWithTheSearchItGuides() {
        Game<?> g = osaka(2);
        List<String> field = Leaderboard.defaultAgents(g, dev.kaisen.training.zoo.Zoo.agentsFor(g));
        List<String> head = new java.util.ArrayList<>(List.of("random"));
        head.addAll(g.descriptor().botNames());
        head.add("ismcts:200");
        head.add("ismcts:1000");
        assertEquals(head, field.subList(0, head.size()));
        List<String> rest = field.subList(head.size(), field.size());
        List<String> models = rest.stream().filter(a -> a.startsWith("zoo:")).toList();
        assertEquals(models.stream().map(m -> "ismcts:350:net=" + m).toList(), rest.subList(models.size(), rest.size()));
        Agents.validate(g, field);
    }
}
