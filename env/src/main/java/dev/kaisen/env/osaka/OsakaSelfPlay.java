package dev.kaisen.env.osaka;

import dev.kaisen.env.Agent;
import dev.kaisen.env.ParallelGames;
import dev.kaisen.env.SplitMix64;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntConsumer;

/**
 * Plays many games between named agents, optionally checking the invariants after every
 * decision and writing a game record per game. Game {@code i} is dealt from seed
 * {@code SplitMix64.derive(seed, i)} and seat {@code p}'s agent from
 * {@code SplitMix64.derive(gameSeed, p)}, so the summary does not depend on the thread count.
 */
public final class OsakaSelfPlay {

    /** What to play. {@code agents} holds one name per seat. */
    public record Options(int players, List<String> agents, int games, long seed, boolean check, Path recordsDir,
                          int threads) {
        public Options {
            new OsakaConfig(players);
            if (agents.size() != players) {
                throw new IllegalArgumentException("need one agent per seat: " + players + " seats, " + agents.size() + " agents");
            }
            if (games < 1) {
                throw new IllegalArgumentException("games must be at least 1, not " + games);
            }
            if (threads < 1) {
                throw new IllegalArgumentException("threads must be at least 1, not " + threads);
            }
            agents = OsakaAgents.validate(agents);
        }
    }

    /** The summary of a run. {@code winsPerSeat} counts a shared win for every winner. */
    public record Summary(String game, int players, List<String> agents, int games, long seed, boolean checked,
                          double meanDecisions, int maxDecisions, long maxDecisionsGame, long totalDecisions,
                          int[] winsPerSeat, int sharedWins, int endedByTokens, int endedByStalemate,
                          int endedByCap, long invariantViolations, String firstViolation, double seconds,
                          double decisionsPerSecond, int threads) {
    }

    /** Result of one game. */
    private record GameResult(int decisions, int[] winners, EndReason reason, long violations, String firstViolation) {
    }

    private OsakaSelfPlay() {
    }

    public static Summary run(Options o) {
        return run(o, i -> { });
    }

    /** Runs the games; {@code progress} is told the index of each finished game (from any thread). */
    public static Summary run(Options o, IntConsumer progress) {
        if (o.recordsDir() != null) {
            try {
                Files.createDirectories(o.recordsDir());
            } catch (IOException e) {
                throw new UncheckedIOException("cannot create records folder " + o.recordsDir(), e);
            }
        }
        GameResult[] results = new GameResult[o.games()];
        long start = System.nanoTime();
        ParallelGames.run(o.games(), o.threads(), i -> {
            results[i] = playOne(o, i);
            progress.accept(i);
        });
        double seconds = (System.nanoTime() - start) / 1e9;
        long total = 0;
        int max = 0;
        long maxGame = 0;
        int[] wins = new int[o.players()];
        int shared = 0;
        int[] reasons = new int[EndReason.values().length];
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
            reasons[r.reason().ordinal()]++;
            violations += r.violations();
            if (first == null && r.firstViolation() != null) {
                first = "game " + i + ": " + r.firstViolation();
            }
        }
        return new Summary(OsakaRecord.GAME, o.players(), o.agents(), o.games(), o.seed(), o.check(),
                (double) total / o.games(), max, maxGame, total, wins, shared,
                reasons[EndReason.TOKENS.ordinal()], reasons[EndReason.STALEMATE.ordinal()],
                reasons[EndReason.DECISION_CAP.ordinal()], violations, first, seconds, total / seconds, o.threads());
    }

    private static GameResult playOne(Options o, int index) {
        long gameSeed = SplitMix64.derive(o.seed(), index);
        OsakaConfig config = new OsakaConfig(o.players());
        List<Agent<OsakaState>> agents = new ArrayList<>();
        for (int p = 0; p < o.players(); p++) {
            agents.add(OsakaAgents.create(o.agents().get(p), SplitMix64.derive(gameSeed, p)));
        }
        OsakaRecord.Recorder recorder = o.recordsDir() == null ? null : new OsakaRecord.Recorder(config, gameSeed);
        OsakaState state = recorder == null ? OsakaState.newGame(config, gameSeed) : recorder.newGame();
        long violations = 0;
        String first = null;
        if (o.check()) {
            List<String> v = OsakaInvariants.check(state);
            violations += v.size();
            first = v.isEmpty() ? null : "after setup: " + v.get(0);
        }
        while (!state.isTerminal()) {
            int action = agents.get(state.currentPlayer()).chooseAction(state);
            OsakaState before = o.check() ? state.copy() : null;
            if (recorder != null) {
                recorder.applyInPlace(state, action);
            } else {
                state.applyInPlace(action);
            }
            if (before != null) {
                List<String> v = OsakaInvariants.checkStep(before, state);
                violations += v.size();
                if (first == null && !v.isEmpty()) {
                    first = "decision " + state.decisions() + " (" + OsakaAction.name(action) + "): " + v.get(0);
                }
            }
        }
        if (recorder != null) {
            Path file = o.recordsDir().resolve(String.format("game-%06d.json", index));
            try {
                Files.writeString(file, recorder.finish(state).toJson(true));
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write " + file, e);
            }
        }
        return new GameResult(state.decisions(), state.winners(), state.endReason(), violations, first);
    }
}
