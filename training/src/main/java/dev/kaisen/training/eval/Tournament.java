package dev.kaisen.training.eval;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.kaisen.env.Agent;
import dev.kaisen.env.Agents;
import dev.kaisen.env.Game;
import dev.kaisen.env.GameRecord;
import dev.kaisen.env.GameState;
import dev.kaisen.env.ParallelGames;
import dev.kaisen.env.RecordFolder;
import dev.kaisen.env.SelfPlay;
import dev.kaisen.env.SplitMix64;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntConsumer;

/**
 * Plays named agents against each other in any game and says how sure the result is: the
 * layer above the head-to-head protocol ({@link SeatEvaluation}) for several agents at once.
 *
 * <p>Seat assignments: every sequence of agents over the seats that uses at least two
 * different agents, in lexicographic order (for two agents and two seats: AB, BA); game
 * {@code i} uses assignment {@code i mod count}, so over whole cycles every agent plays every
 * seat equally often against every mix of opponents. Game {@code i} is dealt from
 * {@code SplitMix64.derive(seed, i)} and seat {@code s}'s agent is seeded with
 * {@code SplitMix64.derive(gameSeed, s)}: results do not depend on the thread count.
 *
 * <p>Per agent: win rate (a shared win among k winners counts 1/k) with a 95% Wilson
 * interval, mean score (the game's own, e.g. VP), mean game length and its own decisions per second. Ratings: Elo from a
 * Bradley-Terry fit over every pair of seats held by different agents in every game, ranked
 * by score then the first tie-break (equal ranks are draws); {@code eloError} is the half-width
 * of its 95% interval (1.96 standard errors), wherever it is shown.
 *
 * <p>Who beats whom: for every pair of agents, the encounters between them (each pair of seats
 * they held in one game; in two-player games, their games) and the first agent's points (1 for
 * ranking ahead, 0.5 for an equal rank), with a 95% Wilson interval. Every game's seats, scores
 * and win shares are kept too ({@link Result#games()}), for a file of one JSON line per game.
 */
public final class Tournament {

    /** @param factory turns agent names into agents ({@link Agents#factory} unless a caller adds names) */
    public record Config<S extends GameState<S>>(@JsonIgnore Game<S> game, List<String> agents, int games, long seed,
                                                 int threads, @JsonIgnore Agents.Factory<S> factory) {
        public Config(Game<S> game, List<String> agents, int games, long seed, int threads) {
            this(game, agents, games, seed, threads, Agents.factory(game));
        }

        public Config {
            agents = Agents.validate(agents, factory);
            if (agents.size() < 2) {
                throw new IllegalArgumentException("a tournament needs at least two agents, got " + agents);
            }
            SelfPlay.checkGames("games", games);
            if (threads < 1) {
                throw new IllegalArgumentException("threads must be positive");
            }
        }

        /** The game's id, for JSON reports. */
        @JsonProperty("gameId")
        public String gameId() {
            return game.id();
        }

        /** The game's config ({@code players} and options), for JSON reports. */
        @JsonProperty("gameConfig")
        public java.util.Map<String, Object> gameConfig() {
            return game.config().toMap();
        }
    }

    /** @param eloError the half-width of the rating's 95% interval (1.96 × {@code eloStandardError}) */
    public record AgentResult(String agent, int seatsPlayed, double wins, double winRate, double winRateLow,
                              double winRateHigh, double meanScore, double meanGameLength, long decisions,
                              double decisionsPerSecond, double elo, double eloError, double eloStandardError) {
    }

    /**
     * {@code agent} against {@code opponent}: their encounters and {@code agent}'s points (1 a win,
     * 0.5 an equal rank), its rate and 95% Wilson interval ({@code opponent}'s are the complement).
     */
    public record PairResult(String agent, String opponent, int encounters, double points, double rate,
                             double rateLow, double rateHigh) {
    }

    /** One game: its index and seed, the agent in each seat, and the outcome by seat. */
    public record GameResult(int game, long seed, List<String> seats, int[] scores, int[] tiebreaks,
                             double[] winShares, int decisions) {
    }

    /** @param games every game, in order (not in the JSON report: written as JSON lines on request) */
    public record Result(Config<?> config, int assignmentCycle, List<AgentResult> agents, List<PairResult> pairs,
                         long totalDecisions, double meanGameLength, double seconds, double decisionsPerSecond,
                         @JsonIgnore List<GameResult> games) {
    }

    /** One finished game: who sat where and how they did. */
    private record Played(int[] seatAgent, int[] score, int[] tiebreak, double[] share, int decisions, long[] nanos,
                          int[] moves) {
    }

    /** Standard errors in a 95% interval's half-width. */
    public static final double Z95 = 1.96;

    private Tournament() {
    }

    /** All seat assignments using at least two distinct agents, in lexicographic order. */
    public static List<int[]> assignments(int agents, int players) {
        List<int[]> out = new ArrayList<>();
        int total = (int) Math.pow(agents, players);
        for (int code = 0; code < total; code++) {
            int[] seats = new int[players];
            int c = code;
            for (int s = players - 1; s >= 0; s--) {
                seats[s] = c % agents;
                c /= agents;
            }
            boolean mixed = false;
            for (int s = 1; s < players; s++) {
                mixed |= seats[s] != seats[0];
            }
            if (mixed) {
                out.add(seats);
            }
        }
        return out;
    }

    public static <S extends GameState<S>> Result run(Config<S> config, IntConsumer progress) {
        return run(config, progress, null);
    }

    /**
     * Plays the tournament; {@code progress} is told the index of each finished game (from any
     * thread). With {@code recordsDir} (null: none), each game's {@link GameRecord} is written
     * there as {@link RecordFolder#file}{@code (recordsDir, i)}, the same format and names as
     * self-play's records (the index is the game's in {@link Result#games()}).
     */
    public static <S extends GameState<S>> Result run(Config<S> config, IntConsumer progress, Path recordsDir) {
        List<int[]> assignments = assignments(config.agents().size(), config.game().numPlayers());
        if (recordsDir != null) {
            RecordFolder.create(recordsDir);
        }
        Played[] games = new Played[config.games()];
        long start = System.nanoTime();
        ParallelGames.run(config.games(), config.threads(), i -> {
            games[i] = play(config, assignments.get(i % assignments.size()), i, recordsDir);
            progress.accept(i);
        });
        double seconds = (System.nanoTime() - start) / 1e9;
        return summarize(config, assignments.size(), games, seconds);
    }

    private static <S extends GameState<S>> Played play(Config<S> config, int[] seatAgent, int index, Path recordsDir) {
        long gameSeed = SplitMix64.derive(config.seed(), index);
        int n = config.game().numPlayers();
        List<Agent<S>> seats = new ArrayList<>();
        for (int s = 0; s < n; s++) {
            seats.add(config.factory().create(config.agents().get(seatAgent[s]), SplitMix64.derive(gameSeed, s)));
        }
        GameRecord.Recorder<S> recorder = recordsDir == null ? null : new GameRecord.Recorder<>(config.game(), gameSeed);
        S state = recorder == null ? config.game().newGame(gameSeed) : recorder.newGame();
        long[] nanos = new long[n];
        int[] moves = new int[n];
        while (!state.isTerminal()) {
            int p = state.currentPlayer();
            long t0 = System.nanoTime();
            int action = seats.get(p).chooseAction(state);
            nanos[p] += System.nanoTime() - t0;
            moves[p]++;
            if (recorder != null) {
                recorder.applyInPlace(state, action);
            } else {
                state.applyInPlace(action);
            }
        }
        if (recorder != null) {
            RecordFolder.write(recordsDir, index, recorder.finish(state));
        }
        int[] score = new int[n];
        int[] tiebreak = new int[n];
        double[] share = new double[n];
        state.winShares(share);
        for (int s = 0; s < n; s++) {
            score[s] = state.score(s);
            tiebreak[s] = state.tiebreak(s);
        }
        return new Played(seatAgent, score, tiebreak, share, state.decisions(), nanos, moves);
    }

    private static Result summarize(Config<?> config, int cycle, Played[] games, double seconds) {
        Tally tally = new Tally(config.agents().size());
        List<GameResult> perGame = new ArrayList<>(games.length);
        for (int index = 0; index < games.length; index++) {
            Played g = games[index];
            List<String> seats = new ArrayList<>();
            for (int agent : g.seatAgent()) {
                seats.add(config.agents().get(agent));
            }
            perGame.add(new GameResult(index, SplitMix64.derive(config.seed(), index), seats, g.score(), g.tiebreak(),
                    g.share(), g.decisions()));
            tally.add(g);
        }
        long total = tally.total;
        return new Result(config, cycle, tally.agentResults(config.agents()), tally.pairResults(config.agents()), total,
                (double) total / games.length, seconds, total / seconds, List.copyOf(perGame));
    }

    /** The sums over the games, per agent and per pair of agents, and the pairwise outcomes the ratings fit. */
    private static final class Tally {
        final int[] seatsPlayed;
        final double[] wins;
        final double[] score;
        final double[] length;
        final long[] nanos;
        final long[] decisions;
        final BradleyTerry ratings;
        final double[][] points;
        final int[][] encounters;
        long total;

        Tally(int a) {
            seatsPlayed = new int[a];
            wins = new double[a];
            score = new double[a];
            length = new double[a];
            nanos = new long[a];
            decisions = new long[a];
            ratings = new BradleyTerry(a);
            points = new double[a][a];
            encounters = new int[a][a];
        }

        void add(Played g) {
            total += g.decisions();
            for (int s = 0; s < g.seatAgent().length; s++) {
                int agent = g.seatAgent()[s];
                seatsPlayed[agent]++;
                wins[agent] += g.share()[s];
                score[agent] += g.score()[s];
                length[agent] += g.decisions();
                nanos[agent] += g.nanos()[s];
                decisions[agent] += g.moves()[s];
                for (int t = s + 1; t < g.seatAgent().length; t++) {
                    if (g.seatAgent()[t] != agent) {
                        encounter(g, s, t);
                    }
                }
            }
        }

        /** Seats {@code s} and {@code t} of one game, played by different agents: a pairwise outcome. */
        private void encounter(Played g, int s, int t) {
            int agent = g.seatAgent()[s];
            int cmp = g.score()[s] != g.score()[t] ? Integer.compare(g.score()[s], g.score()[t])
                    : Integer.compare(g.tiebreak()[s], g.tiebreak()[t]);
            double outcome = cmp > 0 ? 1 : cmp == 0 ? 0.5 : 0;
            int other = g.seatAgent()[t];
            ratings.add(agent, other, outcome);
            points[agent][other] += outcome;
            points[other][agent] += 1 - outcome;
            encounters[agent][other]++;
            encounters[other][agent]++;
        }

        List<AgentResult> agentResults(List<String> agents) {
            BradleyTerry.Ratings elo = ratings.fit();
            List<AgentResult> out = new ArrayList<>();
            for (int i = 0; i < agents.size(); i++) {
                double[] ci = Wilson.interval95(wins[i], seatsPlayed[i]);
                out.add(new AgentResult(agents.get(i), seatsPlayed[i], wins[i],
                        seatsPlayed[i] == 0 ? 0 : wins[i] / seatsPlayed[i], ci[0], ci[1],
                        seatsPlayed[i] == 0 ? 0 : score[i] / seatsPlayed[i],
                        seatsPlayed[i] == 0 ? 0 : length[i] / seatsPlayed[i],
                        decisions[i], nanos[i] == 0 ? 0 : decisions[i] / (nanos[i] / 1e9), elo.elo()[i],
                        Z95 * elo.standardError()[i], elo.standardError()[i]));
            }
            return out;
        }

        List<PairResult> pairResults(List<String> agents) {
            List<PairResult> pairs = new ArrayList<>();
            for (int i = 0; i < agents.size(); i++) {
                for (int j = i + 1; j < agents.size(); j++) {
                    int n = encounters[i][j];
                    double[] ci = Wilson.interval95(points[i][j], n);
                    pairs.add(new PairResult(agents.get(i), agents.get(j), n, points[i][j],
                            n == 0 ? 0 : points[i][j] / n, ci[0], ci[1]));
                }
            }
            return pairs;
        }
    }
}
