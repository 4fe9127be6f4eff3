package dev.kaisen.env;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.IntConsumer;

/**
 * Plays many games of any registered game between named agents, optionally checking the
 * game's invariants ({@link Game#invariantViolations}, {@link Game#stepViolations}) after
 * every decision and writing a {@link GameRecord} per game into a {@link RecordFolder}. Game
 * {@code i} is dealt from seed {@code SplitMix64.derive(seed, i)} and seat {@code p}'s agent
 * from {@code SplitMix64.derive(gameSeed, p)}, so the summary does not depend on the thread count.
 */
public final class SelfPlay {
    /**
     * The most games one run plays (self-play, a tournament, a head-to-head evaluation): every
     * game keeps a result in memory until the summary, so the count is bounded; play more as
     * several runs with different seeds.
     */
    public static final int MAX_GAMES = 1_000_000;

    /** Throws unless {@code 1 <= games <= MAX_GAMES}; {@code what} names the setting in the message. */
    public static void checkGames(String what, long games) {
        if (games < 1 || games > MAX_GAMES) {
            throw new IllegalArgumentException(String.format(java.util.Locale.ROOT,
                    "%s must be from 1 to %,d, not %,d; play more as several runs with different seeds", what, MAX_GAMES,
                    games));
        }
    }

    /** What to play. {@code agents} holds one name per seat. */
    public record Options(int games, List<String> agents, long seed, boolean check, Path recordsDir, int threads) {
        public Options {
            checkGames("games", games);
            if (threads < 1) {
                throw new IllegalArgumentException("threads must be at least 1, not " + threads);
            }
            agents = List.copyOf(agents);
        }
    }

    /**
     * The summary of a run. {@code winsPerSeat} counts a shared win for every winner;
     * {@code endReasons} counts games by how they ended ({@code truncated} of them by the cap).
     */
    public record Summary(String game, Map<String, Object> config, List<String> agents, int games, long seed,
                          boolean checked, double meanDecisions, int maxDecisions, long maxDecisionsGame,
                          long totalDecisions, int[] winsPerSeat, int sharedWins, Map<String, Integer> endReasons,
                          int truncated, long invariantViolations, String firstViolation, double seconds,
                          double decisionsPerSecond, int threads) {
    }

    /** Result of one game. */
    private record GameResult(int decisions, int[] winners, String reason, boolean truncated, long violations,
                              String firstViolation) {
    }

    private SelfPlay() {
    }

    public static <S extends GameState<S>> Summary run(Game<S> game, Options o) {
        return run(game, o, i -> { });
    }

    /**
     * Checks that {@code agents} names one known agent per seat of {@code game} (so a caller can fail
     * before touching any file); returns the names trimmed.
     */
    public static List<String> checkAgents(Game<?> game, List<String> agents) {
        if (agents.size() != game.numPlayers()) {
            throw new IllegalArgumentException("need one agent per seat: " + game.numPlayers() + " seats, "
                    + agents.size() + " agents");
        }
        return Agents.validate(game, agents);
    }

    /** Runs the games; {@code progress} is told the index of each finished game (from any thread). */
    public static <S extends GameState<S>> Summary run(Game<S> game, Options o, IntConsumer progress) {
        List<String> agents = checkAgents(game, o.agents());
        if (o.recordsDir() != null) {
            RecordFolder.create(o.recordsDir());
        }
        GameResult[] results = new GameResult[o.games()];
        long start = System.nanoTime();
        ParallelGames.run(o.games(), o.threads(), i -> {
            results[i] = playOne(game, agents, o, i);
            progress.accept(i);
        });
        double seconds = (System.nanoTime() - start) / 1e9;
        long total = 0;
        int max = 0;
        long maxGame = 0;
        int[] wins = new int[game.numPlayers()];
        int shared = 0;
        int truncated = 0;
        Map<String, Integer> reasons = new TreeMap<>();
        long violations = 0;
        String first = null;
        for (int i = 0; i < results.length; i++) {
            GameResult r = results[i];
            total += r.decisions();
            if (r.decisions() > max) {
                max = r.decisions();
                maxGame = i;
            }
            for (int w : r.winners()) {
                wins[w]++;
            }
            if (r.winners().length > 1) {
                shared++;
            }
            reasons.merge(r.reason(), 1, Integer::sum);
            truncated += r.truncated() ? 1 : 0;
            violations += r.violations();
            if (first == null && r.firstViolation() != null) {
                first = "game " + i + ": " + r.firstViolation();
            }
        }
        return new Summary(game.id(), game.config().toMap(), agents, o.games(), o.seed(), o.check(),
                (double) total / o.games(), max, maxGame, total, wins, shared, reasons, truncated, violations, first,
                seconds, total / seconds, o.threads());
    }

    private static <S extends GameState<S>> GameResult playOne(Game<S> game, List<String> names, Options o, int index) {
        long gameSeed = SplitMix64.derive(o.seed(), index);
        List<Agent<S>> agents = new ArrayList<>();
        for (int p = 0; p < game.numPlayers(); p++) {
            agents.add(Agents.create(game, names.get(p), SplitMix64.derive(gameSeed, p)));
        }
        GameRecord.Recorder<S> recorder = o.recordsDir() == null ? null : new GameRecord.Recorder<>(game, gameSeed);
        S state = recorder == null ? game.newGame(gameSeed) : recorder.newGame();
        long violations = 0;
        String first = null;
        if (o.check()) {
            List<String> v = game.invariantViolations(state);
            violations += v.size();
            first = v.isEmpty() ? null : "after setup: " + v.get(0);
        }
        while (!state.isTerminal()) {
            if (o.check() && state.legalActions().length == 0) {
                violations++;
                if (first == null) {
                    first = "decision " + state.decisions() + ": the game is not over, yet nobody has a legal action";
                }
                break;
            }
            int action = agents.get(state.currentPlayer()).chooseAction(state);
            S before = o.check() ? state.copy() : null;
            if (recorder != null) {
                recorder.applyInPlace(state, action);
            } else {
                state.applyInPlace(action);
            }
            if (before != null) {
                List<String> v = game.stepViolations(before, action, state);
                violations += v.size();
                if (first == null && !v.isEmpty()) {
                    first = "decision " + state.decisions() + " (" + game.actionName(action) + "): " + v.get(0);
                }
            }
        }
        if (recorder != null) {
            RecordFolder.write(o.recordsDir(), index, recorder.finish(state));
        }
        return new GameResult(state.decisions(), state.winners(), state.endReason(), state.isTruncated(), violations,
                first);
    }
}
